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
        // The second game's scenarios say so (`game = "mazmorra"`).
        let text = dungeon_engine::catalog::read_regular_bytes(file, 1 << 20)
            .ok()
            .and_then(|b| String::from_utf8(b).ok());
        if let Some(text) = text.filter(|t| dungeon_mazmorra::scenario::is_mazmorra(t)) {
            let outcome = dungeon_mazmorra::scenario::run(&text);
            let path = escape_line(&file.to_string_lossy()).into_owned();
            let title = format!(" ({})", escape_line(&outcome.rule));
            if outcome.problems.is_empty() {
                passed += 1;
                println!("ok     {path}{title}");
            } else {
                failed += 1;
                println!("FAILED {path}{title}");
                for p in &outcome.problems {
                    println!("       - {}", escape_line(p));
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
