//! `dungeon scenario PATH...`: one line per scenario, then a summary line.

use clap::Args;
use dungeon_engine::catalog::PackLibrary;
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
    let mut runner = ScenarioRunner::new(library);
    let (mut passed, mut failed) = (0, 0);
    for file in &files {
        let report = runner.run_path(file);
        for w in &report.warnings {
            eprintln!("warning: {w}");
        }
        let title = report
            .name
            .as_deref()
            .map(|n| format!(" ({n})"))
            .unwrap_or_default();
        match &report.status {
            Status::Passed => {
                passed += 1;
                println!("ok     {}{title}", report.path);
            }
            Status::Failed(problems) => {
                failed += 1;
                println!("FAILED {}{title}", report.path);
                for p in problems {
                    println!("       - {p}");
                }
            }
            Status::Error(message) => {
                failed += 1;
                println!("ERROR  {}{title}", report.path);
                for line in message.lines() {
                    println!("       {line}");
                }
            }
        }
        if args.verbose && !report.passed() {
            for line in &report.trace {
                println!("         | {line}");
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
