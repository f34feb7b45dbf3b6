//! `dungeon play`: a game in the terminal. Humans sit first, bots fill the other seats.
//! With several humans at one screen, each decision starts with a "pass the screen"
//! prompt so nobody sees another's drawn card; events are then shown as public.

mod failure;
mod input;
mod names;
mod odds;
pub mod render;
pub mod save;

use crate::packs;
use crate::sim::parse_bots;
use crate::text::{Text, io_error, tr};
use clap::Args;
use dungeon_engine::GameOptions;
use dungeon_engine::bot::{Bot, seat_seed};
use dungeon_engine::catalog::PackLibrary;
use dungeon_engine::event::Event;
use dungeon_engine::ids::Seat;
use dungeon_engine::lang::Lang;
use dungeon_engine::printable::escape_line;
use dungeon_engine::record::{GameRecord, SeatBots, SeatRecord, action_label};
use input::{Input, Reply};
use render::Seats;
use save::Game;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

#[derive(Args, Clone)]
pub struct PlayArgs {
    /// Players at the table (2-4), humans and bots together.
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// How many of them are humans sharing this screen.
    #[arg(long, default_value_t = 1)]
    humans: u8,
    /// Bots for the other seats, comma-separated, by level: easy, normal, hard (or
    /// random, rules, ismcts); the last fills the rest.
    #[arg(long, default_value = "normal")]
    bots: String,
    /// Names of the humans, comma-separated.
    #[arg(long)]
    names: Option<String>,
    /// Seed of the game (a game can be replayed from its seed); random when omitted.
    #[arg(long)]
    seed: Option<u64>,
    /// Packs, comma-separated.
    #[arg(long, default_value = packs::DEFAULT_PACKS)]
    packs: String,
    /// The designer's variant: on the round's first bidding turn, a drawn card goes into
    /// the dungeon (`--ruling designer_variant=each_player`: on each player's first turn).
    #[arg(long)]
    variant: bool,
    /// A ruling the rulebooks leave open, as ID=CHOICE (repeatable; `dungeon cards` lists
    /// them, their choices and defaults).
    #[arg(long = "ruling", value_name = "ID=CHOICE")]
    rulings: Vec<String>,
    /// Milliseconds between two dungeon reveals (0 when output is not a terminal).
    #[arg(long)]
    delay: Option<u64>,
    /// File the `s` command saves to: the game's record and the bots' state.
    #[arg(long, default_value = "dungeon-save.json")]
    save: String,
    /// Resume a saved game (its decisions are played again and checked first).
    #[arg(long, value_name = "FILE")]
    load: Option<String>,
    /// Keep the game's record in this file, written after every decision; watch it with
    /// `dungeon replay FILE`.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// The first round's adventurer (an id, see `dungeon cards`); by default the first
    /// player chooses.
    #[arg(long, value_name = "ID")]
    adventurer: Option<String>,
}

pub fn run(library: &PackLibrary, lang: Lang, args: PlayArgs) -> Result<ExitCode, String> {
    let (mut game, mut bots, events) = match &args.load {
        Some(path) => {
            let (game, bots) = save::load(library, lang, path)?;
            (game, bots, Vec::new())
        }
        None => start(library, lang, &args)?,
    };
    // The live bots hold their state; the record written with --record has none.
    game.record.bots = None;
    let seed = game.record.seed;
    let text = Text::new(lang, &game.catalog);
    let names = Seats::new(lang, &game.record.seats, true);
    let humans: Vec<Seat> = (0..bots.len() as Seat)
        .filter(|&s| bots[s as usize].is_none())
        .collect();
    let tty = std::io::stdout().is_terminal();
    let delay = Duration::from_millis(args.delay.unwrap_or(if tty { 600 } else { 0 }));
    // One human sees their own secrets in the log; several at one screen see only public events.
    let viewer = if humans.len() == 1 {
        Some(humans[0])
    } else {
        None
    };
    let mut out = Printer {
        text,
        seats: &names,
        viewer,
        delay,
    };
    let files = Files {
        save: Path::new(&args.save),
        record: args.record.as_deref(),
    };

    // A record that cannot be written is an error before anything is shown, not a
    // complaint after every move.
    if let Some(path) = files.record {
        if let Err(e) = save::write_atomic(path, &game.record.to_json()) {
            let path = escape_line(&path.to_string_lossy()).into_owned();
            let a = [("path", path.into()), ("error", io_error(lang, &e).into())];
            return Err(text.t("play-record-failed", &a));
        }
    }
    println!("{}", text.t("play-welcome", &[]));
    let packs = escape_line(&game.catalog.pack_list()).into_owned();
    println!("{}", text.t("play-packs", &[("packs", packs.into())]));
    println!(
        "{}",
        text.t("play-seed", &[("seed", seed.to_string().into())])
    );
    let rulings = crate::rulings::summary(&game.record.options);
    if !rulings.is_empty() {
        println!(
            "{}",
            text.t("play-rulings", &[("rulings", rulings.join(", ").into())])
        );
    }
    if let Some(path) = files.record {
        let path = escape_line(&path.to_string_lossy()).into_owned();
        println!("{}", text.t("play-recording", &[("path", path.into())]));
    }
    out.events(&events);
    let mut events = Vec::new();
    let mut input = Input::stdin();
    let mut last_human: Option<Seat> = None;
    loop {
        let Some(seat) = game.state.current_seat() else {
            if let Some(w) = game.state.winner {
                println!(
                    "\n{}",
                    text.about(
                        "play-game-over",
                        w,
                        viewer,
                        &[("name", names.name(w).into())]
                    )
                );
            }
            return Ok(ExitCode::SUCCESS);
        };
        let view = dungeon_engine::View::new(&game.state, seat);
        let action = match bots[seat as usize].as_mut() {
            Some(bot) => bot.decide(&mut game.engine, &view),
            None => {
                if humans.len() > 1 && last_human != Some(seat) {
                    if tty {
                        print!("\x1b[2J\x1b[H");
                    }
                    print!(
                        "{} ",
                        text.t("play-pass-to", &[("name", names.name(seat).into())])
                    );
                    let _ = std::io::stdout().flush();
                    if input.line().is_none() {
                        println!("\n{}", text.t("play-quit", &[]));
                        return Ok(ExitCode::SUCCESS);
                    }
                }
                last_human = Some(seat);
                println!();
                let view = view.snapshot();
                for line in render::status(&text, &names, &view) {
                    println!("{line}");
                }
                let (header, options) = render::options(&text, &names, &view, viewer);
                println!("{header}");
                for (i, (_, line)) in options.iter().enumerate() {
                    println!("  {}) {line}", i + 1);
                }
                // The odds key is listed where it means something (see `odds::available`).
                let (choose, bad_input) = if odds::available(&game.state, seat) {
                    ("odds-choose", "odds-bad-input")
                } else {
                    ("play-choose", "play-bad-input")
                };
                let max = [("max", options.len().into())];
                loop {
                    match input.choice(&text.t(choose, &max), options.len()) {
                        Reply::Choice(i) => break options[i].0,
                        Reply::Save => files.save(&text, &game.record, &bots),
                        Reply::Quit => {
                            println!("{}", text.t("play-quit", &[]));
                            return Ok(ExitCode::SUCCESS);
                        }
                        Reply::Odds => {
                            for line in
                                odds::lines(&mut game.engine, &game.state, seat, &text, |s| {
                                    names.name(s)
                                })
                            {
                                println!("{line}");
                            }
                        }
                        Reply::Invalid => println!("{}", text.t(bad_input, &max)),
                    }
                }
            }
        };
        events.clear();
        match game.engine.apply(&mut game.state, action, &mut events) {
            Ok(()) => {
                out.events(&events);
                game.record.push(&game.catalog, seat, action, &game.state);
                files.write_record(&text, &game.record);
            }
            Err(e) => {
                // The engine left the state as it was; what the failed attempt saw is
                // not shown (see `failure`). A human may choose again; a bot would only
                // repeat itself, so the game can only be saved or left.
                println!("{}", failure::notice(&text, &game.state, &e));
                let log = failure::log_path(files.record);
                let shown = escape_line(&log.to_string_lossy()).into_owned();
                let label = action_label(&game.catalog, action);
                let number = game.record.decisions.len() + 1;
                match failure::log(&log, seed, number, seat, &label, &e) {
                    Ok(()) => {
                        println!("{}", text.t("play-error-logged", &[("path", shown.into())]))
                    }
                    Err(err) => println!(
                        "{}",
                        text.t(
                            "play-error-not-logged",
                            &[
                                ("path", shown.into()),
                                ("error", io_error(text.lang, &err).into())
                            ]
                        )
                    ),
                }
                if bots[seat as usize].is_some() {
                    loop {
                        match input.choice(&text.t("play-stuck", &[]), 0) {
                            Reply::Save => files.save(&text, &game.record, &bots),
                            Reply::Quit => return Ok(ExitCode::FAILURE),
                            _ => {}
                        }
                    }
                }
            }
        }
    }
}

/// A new game from the command line: its seats, packs and options; the bots seeded from
/// the game's seed; the events of the setup.
fn start(
    library: &PackLibrary,
    lang: Lang,
    args: &PlayArgs,
) -> Result<(Game, SeatBots, Vec<Event>), String> {
    let seats = new_seats(lang, args)?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let bots = seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            s.bot_kind()
                .map(|k| k.map(|k| k.create(seat_seed(seed, i))))
                .transpose()
        })
        .collect::<Result<_, _>>()?;
    let catalog = packs::catalog(lang, library, &args.packs)?;
    let mut engine = packs::engine(lang, &catalog)?;
    let first_adventurer = match &args.adventurer {
        Some(id) if catalog.find_adventurer(id).is_none() => {
            return Err(packs::unknown_adventurer(lang, &catalog, id));
        }
        Some(id) => dungeon_engine::options::FirstAdventurer::Named(id.clone()),
        None => dungeon_engine::options::FirstAdventurer::Choose,
    };
    let mut options = GameOptions {
        players: seats.len() as u8,
        designer_variant: args.variant,
        first_adventurer,
        ..GameOptions::default()
    };
    crate::rulings::parse(lang, &catalog, &args.rulings)?.apply(&mut options);
    let mut events = Vec::new();
    let state = engine
        .new_game(options.clone(), seed, &mut events)
        .map_err(|e| tr(lang, "error-setup", &[("error", e.to_string().into())]))?;
    let record = GameRecord::new(&catalog, options, seats, seed, &state);
    let game = Game {
        record,
        catalog,
        engine,
        state,
    };
    Ok((game, bots, events))
}

/// The files a game writes: the save (`s`) and the record (`--record`).
struct Files<'a> {
    save: &'a Path,
    record: Option<&'a Path>,
}

impl Files<'_> {
    /// Saves the game (its record and the bots' state) and says where, or why it could not.
    fn save(&self, text: &Text, record: &GameRecord, bots: &[Option<Box<dyn Bot>>]) {
        let mut save = record.clone();
        save.bots = Some(bots.iter().map(|b| b.as_ref().map(|b| b.save())).collect());
        let path = escape_line(&self.save.to_string_lossy()).into_owned();
        let json = save.to_json();
        if json.len() > dungeon_engine::record::MAX_BYTES {
            // It could not be loaded: keep the save there was instead.
            let a = [("bytes", json.len().into())];
            println!("{}", text.t("play-save-too-big", &a));
            return;
        }
        match save::write_atomic(self.save, &json) {
            Ok(()) => println!("{}", text.t("play-saved", &[("path", path.into())])),
            Err(e) => println!(
                "{}",
                text.t(
                    "play-save-failed",
                    &[("error", io_error(text.lang, &e).into())]
                )
            ),
        }
    }

    /// Writes the record, if the game keeps one; says so if it cannot.
    fn write_record(&self, text: &Text, record: &GameRecord) {
        let Some(path) = self.record else { return };
        if let Err(e) = save::write_atomic(path, &record.to_json()) {
            let path = escape_line(&path.to_string_lossy()).into_owned();
            let a = [
                ("path", path.into()),
                ("error", io_error(text.lang, &e).into()),
            ];
            println!("{}", text.t("play-record-failed", &a));
        }
    }
}

struct Printer<'a> {
    text: Text<'a>,
    seats: &'a Seats,
    viewer: Option<Seat>,
    delay: Duration,
}

impl Printer<'_> {
    fn events(&mut self, events: &[Event]) {
        for e in events {
            let seen = e.seen_by(self.viewer.unwrap_or(Seat::MAX));
            if matches!(e, Event::Revealed { .. }) && !self.delay.is_zero() {
                let _ = std::io::stdout().flush();
                std::thread::sleep(self.delay);
            }
            if let Some(line) = render::event(&self.text, self.seats, self.viewer, &seen) {
                println!("{line}");
            }
        }
    }
}

/// The seats of a new game. Default names are left empty: they are shown in the
/// language of whoever plays (see [`seat_name`]), also after loading the game.
fn new_seats(lang: Lang, args: &PlayArgs) -> Result<Vec<SeatRecord>, String> {
    if !(2..=4).contains(&args.players) {
        return Err(tr(
            lang,
            "error-players",
            &[("players", args.players.into())],
        ));
    }
    if args.humans > args.players {
        return Err(tr(
            lang,
            "error-humans",
            &[
                ("humans", args.humans.into()),
                ("players", args.players.into()),
            ],
        ));
    }
    let kinds = parse_bots(lang, &args.bots, args.players)?;
    // A human may not take a bot's name, as shown now or in English (a saved game shows
    // its seats in whoever's language loads it).
    let humans = args.humans as usize;
    let taken: Vec<String> = (humans..args.players as usize)
        .flat_map(|i| {
            let bot = kinds[i - humans].id();
            [lang, Lang::En].map(|l| crate::text::seat_name(l, i, "", Some(&bot), humans))
        })
        .collect();
    let names = names::parse(lang, args.names.as_deref(), humans, &taken)?;
    Ok((0..args.players)
        .map(|i| {
            if i < args.humans {
                SeatRecord {
                    name: names.get(i as usize).cloned().unwrap_or_default(),
                    bot: None,
                }
            } else {
                let kind = kinds[(i - args.humans) as usize];
                SeatRecord {
                    name: String::new(),
                    bot: Some(kind.id().to_string()),
                }
            }
        })
        .collect())
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}
