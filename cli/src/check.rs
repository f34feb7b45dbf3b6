//! `dungeon check PATH...`: every problem of a pack at once, then its own scenarios.

use clap::Args;
use dungeon_engine::catalog::PackLibrary;
use dungeon_engine::check::check_pack;
use dungeon_engine::scenario::Status;
use std::process::ExitCode;

#[derive(Args)]
pub struct CheckArgs {
    /// Pack manifests (TOML files) to check.
    #[arg(required = true)]
    paths: Vec<String>,
}

pub fn run(library: &mut PackLibrary, args: CheckArgs) -> Result<ExitCode, String> {
    let mut failed = false;
    for path in &args.paths {
        let report = check_pack(library, path);
        let name = report.pack.clone().unwrap_or_else(|| path.clone());
        println!("== {name} ({path})");
        if !report.combinations.is_empty() {
            println!("loaded as: {}", report.combinations.join(", "));
        }
        for d in &report.diagnostics.0 {
            println!("{d}");
        }
        let (mut passed, mut scenario_failures) = (0, 0);
        for s in &report.scenarios {
            match &s.status {
                Status::Passed => passed += 1,
                Status::Failed(problems) => {
                    scenario_failures += 1;
                    println!("{}: error: scenario failed", s.path);
                    for p in problems {
                        println!("  - {p}");
                    }
                }
                Status::Error(message) => {
                    scenario_failures += 1;
                    println!("{}: error: scenario could not run: {message}", s.path);
                }
            }
        }
        if report.skipped_scenarios {
            println!("scenarios not run: fix the errors above first");
        }
        let errors = report.errors();
        println!(
            "{errors} errors, {} warnings; scenarios: {passed} passed, {scenario_failures} failed",
            report.warnings()
        );
        failed |= errors > 0;
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
