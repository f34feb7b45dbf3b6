//! Every scenario file under `tests/scenarios/` passes (the other games' files, which
//! say `game = "mazmorra"` or `game = "goofspiel"`, are run by those games' own tests and
//! by `cli/tests/third_game.rs`, as `dungeon scenario` runs them).

use dungeon_engine::scenario::{ScenarioRunner, Status, collect_files};

#[test]
fn every_scenario_passes() {
    let lib = dungeon_tests::library();
    let files =
        collect_files(&[dungeon_tests::root().join("tests/scenarios")]).expect("scenario folder");
    assert!(!files.is_empty(), "no scenario files found");
    let mut runner = ScenarioRunner::new(&lib);
    let mut failures = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        // Another game's file (`game = "mazmorra"`, `game = "goofspiel"`), or this game's
        // in the format any worded game reads (`tests/scenarios/bidding/`).
        if dungeon_core::scenario::game_of(&text).is_some_and(|g| g != "dungeon")
            || dungeon_core::scenario::is_generic(&text)
        {
            continue;
        }
        let report = runner.run_path(file);
        if report.status != Status::Passed {
            failures.push(format!(
                "{}: {:?}\n  {}",
                report.path,
                report.status,
                report.trace.join("\n  ")
            ));
        }
        assert!(
            report.warnings.is_empty(),
            "{}: {:?}",
            report.path,
            report.warnings
        );
    }
    assert!(
        failures.is_empty(),
        "{} of {} scenarios failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}
