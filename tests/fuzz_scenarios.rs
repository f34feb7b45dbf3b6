//! Fuzzing scenario files (see `fuzz_support`): generated files around the real schema,
//! valid and invalid, with the repository's packs. Whatever the file, running it never
//! panics or hangs: it passes, fails its expectations, or is refused with a message
//! (for a file that does not parse, one that names the file and the place).

use dungeon_engine::scenario::{ScenarioRunner, Status};
use dungeon_tests::fuzz_support::{Ids, check, scenario_file};
use std::cell::RefCell;

/// Cases in the suite; `PROPTEST_CASES` sets more (README, Fuzzing).
const CASES: u32 = 3000;

#[test]
fn any_scenario_file_runs_or_gets_a_clear_error() {
    let library = dungeon_tests::library();
    let packs = ["base", "sequel", "mandom", "alchemy"];
    let (catalog, _) = library.catalog(&packs).unwrap_or_else(|d| panic!("{d}"));
    let ids = Ids::of(&catalog, &packs);
    let runner = RefCell::new(ScenarioRunner::new(&library));
    let outcomes = RefCell::new([0u32; 3]);
    check(CASES, scenario_file(&ids), |text| {
        let report = runner.borrow_mut().run_text("fuzz.toml", &text);
        let mut outcomes = outcomes.borrow_mut();
        match &report.status {
            Status::Passed => outcomes[0] += 1,
            Status::Failed(problems) => {
                outcomes[1] += 1;
                if problems.is_empty() || problems.iter().any(|p| p.trim().is_empty()) {
                    return Err(format!("a failure with no reason: {problems:?}"));
                }
            }
            Status::Error(message) => {
                outcomes[2] += 1;
                if message.trim().is_empty() {
                    return Err("an error with no message".into());
                }
                let parse_error = toml::from_str::<toml::Table>(&text).is_err();
                if parse_error && !message.starts_with("fuzz.toml:") {
                    return Err(format!("a parse error not placed in the file: {message}"));
                }
            }
        }
        Ok(())
    });
    // The generator reaches every outcome, so the property is not vacuous.
    let [passed, failed, errors] = *outcomes.borrow();
    eprintln!("scenario fuzz: {passed} passed, {failed} failed, {errors} refused");
    assert!(
        passed > 0 && failed > 0 && errors > 0,
        "{passed}, {failed}, {errors}"
    );
}
