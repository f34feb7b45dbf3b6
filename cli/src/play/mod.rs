//! `dungeon play`: a game in the terminal. Humans sit first, bots fill the other seats.
//! The game is a `dungeon_table::LocalTable` (the engine and the bots on a thread of their
//! own); a front end shows it: the full-screen table (`crate::tui`) at a terminal, the line
//! mode (`line.rs`) with `--plain` and for pipes, files of answers and screen readers.
//! Every game is saved after every decision in the user's data folder
//! (`crate::saves::kept`), so `--resume` continues it after anything, a kill included.
//!
//! What the front ends share (the session, the seats' names, the odds key's and a failed
//! move's lines) is `crate::front`; Ctrl-C and a closed terminal, `crate::signals`; game
//! files, `crate::saves`. `input.rs` is the line mode's input, `names.rs` the players'
//! names.

mod input;
pub mod line;
pub mod names;
/// The game as text: the `dungeon-text` crate's `render`, and its snapshot tests.
pub mod render {
    pub use dungeon_text::render::*;
    #[cfg(test)]
    mod tests;
}

use crate::front::{Session, failure};
use crate::packs;
use crate::saves::kept as games;
use crate::saves::{self as save, FileKind};
use crate::signals::Shutdown;
use crate::sim::parse_bots;
use crate::text::tr;
use clap::Args;
use dungeon_engine::GameOptions;
use dungeon_engine::catalog::{Catalog, PackLibrary};
use dungeon_engine::lang::Lang;
use dungeon_records::SeatRecord;
use dungeon_table::{LocalGame, LocalTable, Start, StartError, Table};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Args, Clone)]
pub struct PlayArgs {
    /// The game: dungeon (Welcome to the Dungeon), mazmorra or goofspiel (in lines; their
    /// rulings and variants as --ruling ID=CHOICE, see `dungeon cards --game ID`).
    #[arg(long, value_enum, default_value = "dungeon")]
    game: crate::games::GameChoice,
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
    /// Milliseconds a bot takes at least for each move, so that the table is easy to
    /// follow (0: as fast as it thinks).
    #[arg(long, value_name = "MS", default_value_t = 0)]
    bot_pace: u64,
    /// File the `s` command saves to (the game's record and the bots' state); by default
    /// the file the game came from (--load's), else its autosave. A file holding another
    /// game is replaced only if you say so.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Resume a saved game (its decisions are played again and checked first).
    #[arg(long, value_name = "FILE", conflicts_with = "resume")]
    load: Option<String>,
    /// Continue an unfinished game from the data folder: the one played last, or the one
    /// with this id (see --list). Every game is saved there after every decision.
    #[arg(long, value_name = "ID", num_args = 0..=1, default_missing_value = "")]
    resume: Option<String>,
    /// With --resume: list the unfinished games (id, date, packs, players, round, whose
    /// turn) and stop.
    #[arg(long, requires = "resume")]
    list: bool,
    /// With --resume ID: delete that game (unfinished or finished) from the data folder.
    #[arg(long, requires = "resume", conflicts_with = "list")]
    delete: bool,
    /// The line mode: the game as lines of text (for screen readers, pipes and files of
    /// answers). Also chosen when stdin or stdout is not a terminal.
    #[arg(long)]
    plain: bool,
    /// Keep the game's record in this file, written after every decision; watch it with
    /// `dungeon replay FILE`.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// The first round's adventurer (an id, see `dungeon cards`); by default the first
    /// player chooses.
    #[arg(long, value_name = "ID")]
    adventurer: Option<String>,
    /// The options that set up a new game given on the command line (`--seed`...): a
    /// saved game cannot take them.
    #[arg(skip)]
    new_game_options: Vec<&'static str>,
}

impl PlayArgs {
    /// Notes which options setting up a new game were typed (not left to their defaults).
    pub fn note_given(&mut self, matches: &clap::ArgMatches) {
        const NEW_GAME: [(&str, &str); 9] = [
            ("packs", "--packs"),
            ("players", "--players"),
            ("humans", "--humans"),
            ("bots", "--bots"),
            ("names", "--names"),
            ("seed", "--seed"),
            ("variant", "--variant"),
            ("rulings", "--ruling"),
            ("adventurer", "--adventurer"),
        ];
        self.new_game_options = NEW_GAME
            .iter()
            .filter(|(id, _)| {
                matches.value_source(id) == Some(clap::parser::ValueSource::CommandLine)
            })
            .map(|(_, flag)| *flag)
            .collect();
    }
}

/// `dungeon play --game ID` for a worded game: full screen at a terminal, else in lines.
struct WordedTable {
    lang: Lang,
    setup: crate::games::table::Setup,
    full_screen: bool,
}

impl crate::games::WithWorded for WordedTable {
    type Out = Result<ExitCode, String>;

    fn with<G: dungeon_core::Worded + Default + Send + Sync + 'static>(
        self,
        game: &G,
    ) -> Self::Out {
        if self.full_screen {
            return full_screen(self.lang, game, self.setup);
        }
        let (stdin, stdout) = (std::io::stdin(), std::io::stdout());
        let mut lines = crate::games::table::Lines {
            lang: self.lang,
            help: game.rules_summary(self.lang.code()),
            input: stdin.lock(),
            out: stdout.lock(),
        };
        crate::games::table::play(self.lang, game, self.setup, &mut lines)
    }
}

/// A worded game full screen (`crate::games::screen`); the terminal is given back before
/// the lines that close the game (the end, or where it is kept) are written.
fn full_screen<G: dungeon_core::Worded>(
    lang: Lang,
    game: &G,
    setup: crate::games::table::Setup,
) -> Result<ExitCode, String> {
    use crate::games::screen::Screen;
    let shutdown = Shutdown::install();
    let mut guard = crate::tui::terminal::Guard::take().map_err(|e| e.to_string())?;
    let keys = crate::tui::keys::Terminal::start().map_err(|e| e.to_string())?;
    let (name, rules) = (game.name(lang.code()), game.rules_summary(lang.code()));
    let mut screen = Screen::new(
        &mut guard.terminal,
        keys,
        lang,
        name,
        rules,
        Some(shutdown.clone()),
    );
    let result = crate::games::table::play(lang, game, setup, &mut screen);
    let (kept, gone) = (screen.kept.take(), screen.gone);
    let closing = screen.closing(3).to_vec();
    drop(screen);
    drop(guard);
    let code = result?;
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    match kept {
        Some(line) => {
            let _ = writeln!(out, "{line}");
        }
        None if !gone => closing.iter().for_each(|l| {
            let _ = writeln!(out, "{l}");
        }),
        None => {}
    }
    Ok(match shutdown.signal() {
        Some(signal) => Shutdown::exit_code(signal),
        None => code,
    })
}

/// Plays. `lang_given`: the language was asked for (`--lang`); else a resumed game comes
/// back in the language it was last played in.
pub fn run(
    library: &PackLibrary,
    mut lang: Lang,
    lang_given: bool,
    args: PlayArgs,
) -> Result<ExitCode, String> {
    if args.game != crate::games::GameChoice::Dungeon {
        // The first game's options mean nothing here: say so rather than ignore them.
        let foreign = [
            ("--packs", args.new_game_options.contains(&"--packs")),
            ("--variant", args.variant),
            ("--adventurer", args.adventurer.is_some()),
            ("--resume", args.resume.is_some()),
            ("--record", args.record.is_some()),
        ];
        if let Some((option, _)) = foreign.iter().find(|(_, given)| *given) {
            let name = (clap::ValueEnum::to_possible_value(&args.game))
                .map_or(String::new(), |v| v.get_name().into());
            let a = [("option", (*option).into()), ("game", name.into())];
            return Err(tr(lang, "game-not-for", &a));
        }
        let setup = crate::games::table::Setup {
            players: args.players,
            humans: args.humans,
            names: args.names,
            bots: args.bots,
            seed: args.seed,
            rulings: args.rulings,
            load: args.load,
            save: args.save,
        };
        let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
        let full_screen = terminal && !args.plain;
        if args.game == crate::games::GameChoice::Mazmorra && !full_screen {
            return crate::games::mazmorra::run(lang, setup);
        }
        let table = WordedTable {
            lang,
            setup,
            full_screen,
        };
        return (args.game.worded(table))
            .expect("every game but the first is worded or has its own table");
    }
    if args.list {
        return games::list(lang);
    }
    if args.delete {
        return match args.resume.as_deref() {
            Some(id) if !id.is_empty() => games::delete(lang, id),
            _ => Err(tr(lang, "resume-delete-which", &[])),
        };
    }
    if (args.resume.is_some() || args.load.is_some()) && !args.new_game_options.is_empty() {
        let options = &args.new_game_options;
        return Err(tr(
            lang,
            "play-resume-fixed",
            &[
                ("options", options.join(", ").into()),
                ("count", options.len().into()),
            ],
        ));
    }
    let folder = games::folder();
    let mut session = Session {
        game_id: None,
        no_autosave: None,
        came_from: None,
        save: args.save.clone(),
        resumed: false,
        record: args.record.clone(),
        delay: args.delay,
        remote: None,
    };
    let mut autosave = None;
    // Held until the game is left: no other `dungeon play` resumes it meanwhile.
    let mut _lock = None;
    let (catalog, start) = match (&args.resume, &args.load) {
        (Some(id), _) => {
            let folder = folder.as_deref().ok_or_else(|| games::no_folder(lang))?;
            let game = games::find(lang, folder, id)?;
            if let (false, Some(saved)) = (lang_given, games::saved_lang(folder, &game.id)) {
                lang = saved;
            }
            _lock = Some(games::lock(lang, folder, &game.id)?);
            let path = game.path.to_string_lossy().into_owned();
            let (record, catalog) = save::read_game(library, lang, &path, FileKind::Save)?;
            autosave = Some(games::autosave(folder, &game.id));
            session.game_id = Some(game.id);
            session.came_from = Some(game.path);
            session.resumed = true;
            (catalog, Start::Resume(record))
        }
        (None, Some(path)) => {
            let (record, catalog) = save::read_game(library, lang, path, FileKind::Save)?;
            session.came_from = Some(PathBuf::from(path));
            session.resumed = true;
            (catalog, Start::Resume(record))
        }
        (None, None) => new_game(library, lang, &args)?,
    };
    // The autosave this run made for the game (not the one it resumed).
    let mut reserved = None;
    if autosave.is_none() {
        match folder.as_deref().map(games::new_autosave) {
            Some(Ok((id, file, lock))) => {
                _lock = Some(lock);
                session.game_id = Some(id);
                reserved = Some(file.clone());
                autosave = Some(file);
            }
            Some(Err(e)) => session.no_autosave = Some(crate::text::io_error(lang, &e)),
            None => session.no_autosave = Some(games::no_folder(lang)),
        }
    }
    if let (Some(folder), Some(id)) = (&folder, &session.game_id) {
        games::note_lang(folder, id, lang);
    }
    let game = LocalGame {
        catalog,
        start,
        autosave,
        record: args.record.clone(),
        error_log: Some(failure::log_path(args.record.as_deref())),
        bot_pace: std::time::Duration::from_millis(args.bot_pace),
    };
    let path = session.came_from.clone();
    let mut table = LocalTable::start(game).map_err(|e| {
        if let Some(file) = &reserved {
            games::forget_if_empty(file);
        }
        start_error(lang, path, e)
    })?;
    // A record that cannot be written is an error before anything is shown, not a
    // complaint after every move (the table wrote it as it started).
    if let Some((path, problem)) = table.saving().problem
        && args.record.as_deref() == Some(path.as_path())
    {
        table.close();
        // A game that never started for the player leaves no autosave of this run behind.
        if let Some(file) = &reserved {
            let _ = std::fs::remove_file(&file.path);
        }
        return Err(failure::save_problem(lang, Some(&path), &path, &problem));
    }
    let shutdown = Shutdown::install();
    let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let code = if !args.plain && terminal {
        crate::tui::play(&mut table, lang, &session, &shutdown)
    } else {
        line::run(&mut table, lang, &session, &shutdown)
    };
    if let Some(file) = &reserved {
        games::forget_if_empty(file);
    }
    Ok(code)
}

/// Why a game could not start, in the player's language.
fn start_error(lang: Lang, path: Option<PathBuf>, error: StartError) -> String {
    match (error, path) {
        (StartError::Record(e), Some(path)) => {
            save::describe(lang, &path.to_string_lossy(), FileKind::Save, &e)
        }
        (StartError::Packs(problems), _) => packs::unusable(lang, &problems),
        (StartError::Setup(e), _) => tr(lang, "error-setup", &[("error", e.to_string().into())]),
        (e, _) => e.to_string(),
    }
}

/// A new game from the command line: its packs, and its seats, options and seed.
fn new_game(
    library: &PackLibrary,
    lang: Lang,
    args: &PlayArgs,
) -> Result<(Arc<Catalog>, Start), String> {
    let seats = new_seats(lang, args)?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    let catalog = packs::catalog(lang, library, &args.packs)?;
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
    let start = Start::New {
        options,
        seats,
        seed,
    };
    Ok((catalog, start))
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
