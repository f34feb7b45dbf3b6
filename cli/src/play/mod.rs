//! `dungeon play`: a game in the terminal. Humans sit first, bots fill the other seats.
//! With several humans at one screen, each decision starts with a "pass the screen"
//! prompt so nobody sees another's drawn card; events are then shown as public.

mod input;
mod odds;
mod render;
mod save;

use crate::packs;
use crate::sim::parse_bots;
use crate::text::{Text, seat_name, tr};
use clap::Args;
use dungeon_engine::bot::{Bot, BotKind};
use dungeon_engine::catalog::PackLibrary;
use dungeon_engine::event::Event;
use dungeon_engine::ids::Seat;
use dungeon_engine::lang::Lang;
use dungeon_engine::{Engine, GameOptions};
use input::{Input, Reply};
use render::Seats;
use std::io::{IsTerminal, Write};
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
    /// Bots for the other seats, comma-separated (random, rules); the last fills the rest.
    #[arg(long, default_value = "rules")]
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
    /// The designer's variant: on each player's first bidding turn, a drawn card goes into the dungeon.
    #[arg(long)]
    variant: bool,
    /// Milliseconds between two dungeon reveals (0 when output is not a terminal).
    #[arg(long)]
    delay: Option<u64>,
    /// File the `s` command saves to.
    #[arg(long, default_value = "dungeon-save.json")]
    save: String,
    /// Resume a saved game.
    #[arg(long, value_name = "FILE")]
    load: Option<String>,
    /// The first round's adventurer (an id, see `dungeon cards`); by default the first
    /// player chooses.
    #[arg(long, value_name = "ID")]
    adventurer: Option<String>,
}

/// Who sits where.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct SeatConfig {
    /// Empty for the default name of the seat, shown in the player's language.
    pub name: String,
    /// `None` for a human.
    pub bot: Option<String>,
}

pub fn run(library: &PackLibrary, lang: Lang, args: PlayArgs) -> Result<ExitCode, String> {
    let (packs, mut state, seats, seed) = match &args.load {
        Some(path) => {
            let saved = save::load(lang, path)?;
            (saved.packs, Some(saved.state), saved.seats, saved.seed)
        }
        None => (
            args.packs.clone(),
            None,
            new_seats(lang, &args)?,
            args.seed.unwrap_or_else(clock_seed),
        ),
    };
    let catalog = packs::catalog(library, &packs).map_err(|d| d.to_string())?;
    let mut engine = Engine::new(catalog.clone()).map_err(|d| d.to_string())?;
    let text = Text::new(lang, &catalog);
    let humans: Vec<Seat> = seats
        .iter()
        .enumerate()
        .filter(|(_, s)| s.bot.is_none())
        .map(|(i, _)| i as Seat)
        .collect();
    let mut bots: Vec<Option<Box<dyn Bot>>> = seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            s.bot
                .as_ref()
                .map(|k| {
                    k.parse::<BotKind>()
                        .map(|k| k.create(dungeon_engine::bot::seat_seed(seed, i)))
                })
                .transpose()
        })
        .collect::<Result<_, _>>()?;
    let names = Seats {
        names: seats
            .iter()
            .enumerate()
            .map(|(i, s)| seat_name(lang, i, &s.name, s.bot.as_deref(), humans.len()))
            .collect(),
        lang,
    };
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

    println!("{}", text.t("play.welcome", &[]));
    println!(
        "{}",
        text.t("play.packs", &[("packs", catalog.pack_list())])
    );
    println!("{}", text.t("play.seed", &[("seed", seed.to_string())]));
    let mut events = Vec::new();
    let mut state = match state.take() {
        Some(s) => {
            let path = args.load.clone().unwrap_or_default();
            if s.catalog_fingerprint != catalog.fingerprint {
                return Err(tr(
                    lang,
                    "error.other_packs",
                    &[("path", path), ("packs", packs.clone())],
                ));
            }
            dungeon_engine::invariants::check(&catalog, &s).map_err(|e| {
                tr(
                    lang,
                    "error.damaged",
                    &[("path", path.clone()), ("error", e.to_string())],
                )
            })?;
            s
        }
        None => {
            let first_adventurer = match &args.adventurer {
                Some(id) => dungeon_engine::options::FirstAdventurer::Named(id.clone()),
                None => dungeon_engine::options::FirstAdventurer::Choose,
            };
            let options = GameOptions {
                players: seats.len() as u8,
                designer_variant: args.variant,
                first_adventurer,
                ..GameOptions::default()
            };
            let s = engine
                .new_game(options, seed, &mut events)
                .map_err(|e| e.to_string())?;
            out.events(&events);
            s
        }
    };
    let mut input = Input::stdin();
    let mut last_human: Option<Seat> = None;
    loop {
        let Some(seat) = state.current_seat() else {
            if let Some(w) = state.winner {
                println!(
                    "\n{}",
                    text.about("play.game_over", w, viewer, &[("name", names.name(w))])
                );
            }
            return Ok(ExitCode::SUCCESS);
        };
        let view = dungeon_engine::View::new(&state, seat);
        let action = match bots[seat as usize].as_mut() {
            Some(bot) => bot.decide(&mut engine, &view),
            None => {
                if humans.len() > 1 && last_human != Some(seat) {
                    if tty {
                        print!("\x1b[2J\x1b[H");
                    }
                    print!("{} ", text.t("play.pass_to", &[("name", names.name(seat))]));
                    let _ = std::io::stdout().flush();
                    if input.line().is_none() {
                        println!("\n{}", text.t("play.quit", &[]));
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
                let (choose, bad_input) = if odds::available(&state, seat) {
                    ("odds.choose", "odds.bad_input")
                } else {
                    ("play.choose", "play.bad_input")
                };
                let max = [("max", options.len().to_string())];
                loop {
                    match input.choice(&text.t(choose, &max), options.len()) {
                        Reply::Choice(i) => break options[i].0,
                        Reply::Save => save_game(&text, &args.save, &packs, seed, &seats, &state),
                        Reply::Quit => {
                            println!("{}", text.t("play.quit", &[]));
                            return Ok(ExitCode::SUCCESS);
                        }
                        Reply::Odds => {
                            for line in
                                odds::lines(&mut engine, &state, seat, &text, |s| names.name(s))
                            {
                                println!("{line}");
                            }
                        }
                        Reply::Invalid => println!("{}", text.t(bad_input, &max)),
                    }
                }
            }
        };
        let mark = events.len();
        match engine.apply(&mut state, action, &mut events) {
            Ok(()) => out.events(&events[mark..]),
            Err(e) => {
                // The engine left the state as it was. A human may choose again; a bot
                // would only repeat itself, so the game can only be saved or left.
                println!(
                    "{}",
                    text.t("play.script_error", &[("error", e.to_string())])
                );
                if bots[seat as usize].is_some() {
                    loop {
                        match input.choice(&text.t("play.stuck", &[]), 0) {
                            Reply::Save => {
                                save_game(&text, &args.save, &packs, seed, &seats, &state)
                            }
                            Reply::Quit => return Ok(ExitCode::FAILURE),
                            _ => {}
                        }
                    }
                }
            }
        }
    }
}

/// Saves the game and says where, or why it could not.
fn save_game(
    text: &Text,
    path: &str,
    packs: &str,
    seed: u64,
    seats: &[SeatConfig],
    state: &dungeon_engine::GameState,
) {
    match save::store(path, packs, seed, seats, state) {
        Ok(()) => println!("{}", text.t("play.saved", &[("path", path.to_string())])),
        Err(e) => println!("{}", text.t("play.save_failed", &[("error", e)])),
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
fn new_seats(lang: Lang, args: &PlayArgs) -> Result<Vec<SeatConfig>, String> {
    if !(2..=4).contains(&args.players) {
        return Err(tr(
            lang,
            "error.players",
            &[("players", args.players.to_string())],
        ));
    }
    if args.humans > args.players {
        return Err(tr(
            lang,
            "error.humans",
            &[
                ("humans", args.humans.to_string()),
                ("players", args.players.to_string()),
            ],
        ));
    }
    let names: Vec<String> = args
        .names
        .as_deref()
        .map(|n| {
            n.split(',')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect()
        })
        .unwrap_or_default();
    let kinds = parse_bots(&args.bots, args.players)?;
    Ok((0..args.players)
        .map(|i| {
            if i < args.humans {
                SeatConfig {
                    name: names.get(i as usize).cloned().unwrap_or_default(),
                    bot: None,
                }
            } else {
                let kind = kinds[(i - args.humans) as usize];
                SeatConfig {
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
