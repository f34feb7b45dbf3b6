//! Every scenario file of `tests/scenarios/goofspiel/` passes through the runner any
//! worded game gets (`dungeon_core::scenario`), each citing its rule; a scenario expecting
//! the wrong thing fails and says what it found; hostile files get messages.

use dungeon_core::scenario::run;
use dungeon_goofspiel::Goofspiel;
use std::path::Path;

#[test]
fn every_scenario_file_passes() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/scenarios/goofspiel");
    let mut files: Vec<_> = (std::fs::read_dir(&dir).unwrap().flatten())
        .map(|e| e.path())
        .collect();
    files.sort();
    assert!(files.len() >= 7, "{files:?}");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let outcome = run(&Goofspiel, &text);
        assert!(outcome.rule.len() > 20, "{file:?} cites no rule");
        assert!(outcome.passed(), "{file:?}: {:?}", outcome.problems);
    }
}

const TABLE: &str = r#"
game = "goofspiel"
rule = "a tie takes nothing (written wrong on purpose)"
options = ["cards=3"]
seed = 1
[set]
"/prize" = 3
"/pot" = 3
"/prizes" = [1, 2]
"#;

#[test]
fn a_wrong_expectation_fails_and_says_why() {
    let text = format!(
        "{TABLE}[[step]]\ndo = \"bid 3\"\n[[step]]\ndo = \"bid 3\"\nstate.\"/scores\" = [3, 0]\n"
    );
    assert_eq!(
        run(&Goofspiel, &text).problems,
        ["step 2: state /scores: [0,0], expected [3,0]"]
    );
    let text = format!("{TABLE}[[step]]\ndo = \"bid 4\"\n");
    assert_eq!(
        run(&Goofspiel, &text).problems,
        ["step 1: do: `bid 4` is not offered; offered: bid 1 | bid 2 | bid 3"]
    );
    // The words are the file's language.
    let spanish = TABLE.replace("seed = 1", "seed = 1\nlang = \"es\"");
    let text = format!("{spanish}[[step]]\nonly = [\"pujar 1\", \"pujar 2\", \"pujar 3\"]\n");
    let outcome = run(&Goofspiel, &text);
    assert!(outcome.passed(), "{:?}", outcome.problems);
}

#[test]
fn hostile_files_get_messages() {
    for (bad, says) in [
        ("game = 3", "invalid type"),
        ("game = \"goofspiel\"\nrule = \"x\"", "missing field `seed`"),
        (
            "game = \"mazmorra\"\nrule = \"x\"\nseed = 1",
            "a scenario of mazmorra",
        ),
        (
            "game = \"goofspiel\"\nrule = \" \"\nseed = 1",
            "`rule` is empty",
        ),
        (
            "game = \"goofspiel\"\nrule = \"x\"\nseed = 1\nplayers = 9",
            "played by 2 to 4",
        ),
        (
            "game = \"goofspiel\"\nrule = \"x\"\nseed = 1\noptions = [\"cards=99\"]",
            "cards=3..13",
        ),
        (
            "game = \"goofspiel\"\nrule = \"x\"\nseed = 1\nlang = \"de\"",
            "en, es or fr",
        ),
        (
            "game = \"goofspiel\"\nrule = \"x\"\nseed = 1\n[set]\n\"/nope\" = 1",
            "has no /nope",
        ),
        (
            "game = \"goofspiel\"\nrule = \"x\"\nseed = 1\n[set]\n\"/pot\" = \"many\"",
            "not a state",
        ),
        (
            "game = \"goofspiel\"\nrule = \"x\"\nseed = 1\n[set]\n\"/hands/0\" = [1]",
            "own checks",
        ),
        (
            "game = \"goofspiel\"\nrule = \"x\"\nseed = 1\n[[step]]\nheard.7 = \"a\"",
            "a seat from 0 to 1",
        ),
        (
            "game = \"goofspiel\"\nrule = \"x\"\nseed = 1\n[[step]]\nfly = true",
            "unknown field",
        ),
        (
            "game = \"goofspiel\"\nrule = \"x\"\nseed = 1\n[[step]]\nending = \"x\"",
            "not over",
        ),
        (
            "game = \"goofspiel\"\nrule = \"x\"\nseed = 1\n[[step]]\nturn = 1",
            "seat 1 to act, found seat 0",
        ),
    ] {
        let problems = run(&Goofspiel, bad).problems;
        assert!(
            problems.len() == 1 && problems[0].contains(says),
            "{bad}: {problems:?}"
        );
    }
}
