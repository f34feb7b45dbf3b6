//! `dungeon scenario PATH...`: one line per scenario, then a summary line. Scenario files
//! are input from anyone: every text taken from them is printed escaped.

use clap::Args;
use dungeon_engine::catalog::PackLibrary;
use dungeon_engine::printable::escape_line;
use dungeon_engine::scenario::{ScenarioRunner, Status, collect_files};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct ScenarioArgs {
    /// Scenario files, or folders to search for *.toml files.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Show what happened in each failing dungeon.
    #[arg(long, short)]
    verbose: bool,
}

pub fn run(library: &PackLibrary, args: ScenarioArgs) -> Result<ExitCode, String> {
    let files = collect_files(&args.paths)?;
    // A folder with nothing to run (a wrong folder, a wrong extension) is not a pass.
    if files.is_empty() {
        let shown: Vec<_> = (args.paths.iter())
            .map(|p| escape_line(&p.to_string_lossy()).into_owned())
            .collect();
        return Err(format!(
            "no scenario files (*.toml) in {}: nothing to run",
            shown.join(", ")
        ));
    }
    let mut runner = ScenarioRunner::new(library);
    let (mut passed, mut failed) = (0, 0);
    for file in &files {
        // The other games' scenarios say which game they are (`game = "goofspiel"`).
        let text = dungeon_engine::catalog::read_regular_bytes(file, 1 << 20)
            .ok()
            .and_then(|b| String::from_utf8(b).ok());
        // The first game's in the format any worded game reads say `game = "dungeon"` and
        // give a `seed`.
        let head = text.as_deref().map(dungeon_core::scenario::head);
        let other = head.as_ref().filter(|h| {
            h.game
                .as_deref()
                .is_some_and(|g| g != "dungeon" || h.generic)
        });
        if let (Some(text), Some(head)) = (&text, other) {
            let outcome = match head.game.as_deref() {
                Some("dungeon") => run_dungeon(library, text, head),
                _ => run_other(head, text),
            };
            let path = escape_line(&file.to_string_lossy()).into_owned();
            let title = match outcome.rule.trim() {
                "" => String::new(),
                rule => format!(" ({})", escape_line(rule)),
            };
            if outcome.passed() {
                passed += 1;
                println!("ok     {path}{title}");
            } else {
                failed += 1;
                println!("FAILED {path}{title}");
                for p in &outcome.problems {
                    let mut lines = p.lines();
                    println!("       - {}", escape_line(lines.next().unwrap_or_default()));
                    for line in lines {
                        println!("         {}", escape_line(line));
                    }
                }
            }
            continue;
        }
        let report = runner.run_path(file);
        for w in &report.warnings {
            eprintln!("warning: {}", escape_line(&w.to_string()));
        }
        let title = report
            .name
            .as_deref()
            .map(|n| format!(" ({})", escape_line(n)))
            .unwrap_or_default();
        let path = escape_line(&report.path);
        match &report.status {
            Status::Passed => {
                passed += 1;
                println!("ok     {path}{title}");
            }
            Status::Failed(problems) => {
                failed += 1;
                println!("FAILED {path}{title}");
                for p in problems {
                    println!("       - {}", escape_line(&p.to_string()));
                }
            }
            Status::Error(message) => {
                failed += 1;
                println!("ERROR  {path}{title}");
                for line in message.lines() {
                    println!("       {}", escape_line(line));
                }
            }
        }
        if args.verbose && !report.passed() {
            for line in &report.trace {
                println!("         | {}", escape_line(&line.to_string()));
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// A scenario of Welcome to the Dungeon in the format any worded game reads: the game of
/// the file's packs (`packs = [...]`, the base box by default), worded as the line mode
/// words it (`crate::games::dungeon`).
fn run_dungeon(
    library: &PackLibrary,
    text: &str,
    head: &dungeon_core::scenario::Head,
) -> dungeon_core::scenario::Outcome {
    use dungeon_core::scenario::{Outcome, run};
    let packs = match &head.packs {
        p if p.is_empty() => crate::packs::DEFAULT_PACKS.to_string(),
        p => p.join(","),
    };
    let catalog = match crate::packs::catalog(dungeon_engine::Lang::En, library, &packs) {
        Ok(c) => c,
        Err(e) => return Outcome::unreadable(format!("packs: {e}")),
    };
    let game = crate::games::dungeon::DungeonWords {
        game: dungeon_engine::generic::Dungeon::of(catalog),
        words: crate::games::dungeon::DungeonText,
    };
    run(&game, text)
}

/// A scenario of another game: Mazmorra's own format (hands and passages by card), or the
/// format any worded game reads (`dungeon_core::scenario`: a seed, moves by their words).
/// A game that panics on a state the file set by hand is this file's error, not the run's.
fn run_other(head: &dungeon_core::scenario::Head, text: &str) -> dungeon_core::scenario::Outcome {
    use crate::games::{GameChoice, WithWorded};
    use clap::ValueEnum;
    use dungeon_core::scenario::Outcome;
    let id = head.game.as_deref().unwrap_or_default();
    struct Run<'t>(&'t str);
    impl WithWorded for Run<'_> {
        type Out = Outcome;
        fn with<G: dungeon_core::Worded + Default + Send + Sync + 'static>(
            self,
            game: &G,
        ) -> Outcome {
            dungeon_core::scenario::run(game, self.0)
        }
    }
    if id == "mazmorra" && !head.generic {
        return dungeon_mazmorra::scenario::run(text);
    }
    if !head.packs.is_empty() {
        return Outcome::unreadable(format!("packs: {id} is not a game of packs"));
    }
    let Some(choice) = GameChoice::by_id(id) else {
        let known: Vec<String> = (GameChoice::value_variants().iter())
            .filter_map(|g| g.to_possible_value().map(|v| v.get_name().to_owned()))
            .collect();
        return Outcome {
            rule: String::new(),
            problems: vec![format!(
                "game = {id:?}: not a game of this program ({})",
                known.join(", ")
            )],
        };
    };
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = std::panic::catch_unwind(|| choice.worded(Run(text)));
    std::panic::set_hook(hook);
    match result {
        Ok(Some(outcome)) => outcome,
        Ok(None) => Outcome {
            rule: String::new(),
            problems: vec![format!("{id} has no scenario format of this kind")],
        },
        Err(panic) => Outcome {
            rule: String::new(),
            problems: vec![format!(
                "the game failed on this scenario's table ({}): a state set by hand it cannot play",
                crate::sim::panic_message(panic.as_ref())
            )],
        },
    }
}
