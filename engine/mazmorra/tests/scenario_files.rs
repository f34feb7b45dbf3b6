//! Every scenario file of `tests/scenarios/mazmorra/` passes, each citing its rule; and a
//! scenario that expects the wrong thing fails with a message saying what was found.

use dungeon_mazmorra::scenario::{is_mazmorra, run};
use std::path::Path;

#[test]
fn every_scenario_file_passes() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/scenarios/mazmorra");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    assert!(files.len() >= 15, "{files:?}");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(is_mazmorra(&text), "{file:?}");
        // In the format any worded game reads: run by `dungeon scenario` (the CLI's test).
        if dungeon_core::scenario::is_generic(&text) {
            continue;
        }
        let outcome = run(&text);
        assert!(outcome.rule.len() > 20, "{file:?} cites no rule");
        assert!(
            outcome.problems.is_empty(),
            "{file:?}: {:?}",
            outcome.problems
        );
    }
}

#[test]
fn a_wrong_expectation_fails_and_says_why() {
    let text = r#"
game = "mazmorra"
rule = "5.2: a collapse discards both cards (written wrong on purpose)"
[seat.0]
hand = "6d"
[seat.1]
dungeon = "10h 9h 8h 7h 6h"
[[step]]
do = "collapse 6d on 1"
standing.1 = "10 9 8 7 6"
"#;
    let outcome = run(text);
    assert_eq!(
        outcome.problems,
        ["step 1: seat 1 stands on `10 9 8 7`, not `10 9 8 7 6`"]
    );
    // Hostile input: a clear message, never a panic.
    for bad in [
        "game = 3",
        "game = \"mazmorra\"\nrule = \"x\"\n[[step]]\ndo = \"fly\"",
        "game = \"mazmorra\"\nrule = \"x\"\n[seat.9]\nhand = \"2s\"",
        "game = \"mazmorra\"\nrule = \"x\"\nplayers = 9",
    ] {
        assert!(!run(bad).problems.is_empty(), "{bad}");
    }
}
