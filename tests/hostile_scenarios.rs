//! A scenario file is hostile input too: crafted setups (seats out of range, too many
//! cards, unknown ids, huge numbers, answers that do not fit) get a clear error naming
//! what is wrong, never a panic or a hang. (`tests/fuzz_scenarios.rs` generates many
//! more; these are the cases worth naming.)

use dungeon_engine::scenario::{MAX_ANSWERS, ScenarioRunner, Status};

/// A scenario around a warrior with all his tiles facing one goblin, with `extra` lines.
fn scenario(extra: &str) -> String {
    format!(
        "adventurer = \"warrior\"\ndungeon = [\"goblin\"]\nexpect = {{ outcome = \"success\" }}\n{extra}\n"
    )
}

fn status(text: &str) -> Status {
    let library = dungeon_tests::library();
    let mut runner = ScenarioRunner::new(&library);
    runner.run_text("crafted.toml", text).status
}

#[test]
fn crafted_scenarios_get_a_clear_error() {
    let goblins = |n: usize| vec!["\"goblin\""; n].join(", ");
    let cases: Vec<(String, &str)> = vec![
        (
            scenario("players = 1"),
            "a game needs 2 to 4 players, not 1",
        ),
        (
            scenario("players = 300"),
            "crafted.toml:4:11: error: invalid value: integer `300`, expected u8",
        ),
        (scenario("players = -1"), "crafted.toml:4:11"),
        (scenario("successes = 2"), "the runner has 2 successes"),
        (scenario("failures = 255"), "and 255 failures"),
        (
            format!(
                "adventurer = \"warrior\"\ndungeon = [{}]\ndeck = [{}]\nexpect = {{ outcome = \"failure\" }}\n",
                goblins(200),
                goblins(100)
            ),
            "300 monster cards (dungeon and deck): at most 255 fit",
        ),
        (
            "adventurer = \"wizard\"\ndungeon = []\nexpect = { outcome = \"success\" }\n".into(),
            "unknown adventurer `wizard` (known: warrior, barbarian, mage, rogue)",
        ),
        (
            scenario("equipment = [\"torch\", \"laser\"]"),
            "unknown equipment `laser`",
        ),
        (
            "adventurer = \"warrior\"\ndungeon = [\"kraken\"]\nexpect = { outcome = \"success\" }\n"
                .into(),
            "unknown monster `kraken`",
        ),
        (
            scenario("equipment = [\"torch\", \"torch\"]"),
            "warrior carries torch twice",
        ),
        (scenario("seed = -1"), "crafted.toml:4:8"),
        (
            scenario("seed = 99999999999999999999999"),
            "crafted.toml:4:8",
        ),
        (
            "adventurer = \"warrior\"\ndungeon = [\"goblin\"]\nexpect = { outcome = \"success\", hp = 99999999999 }\n"
                .into(),
            "expected i32",
        ),
        (
            scenario("answers = [1.5]"),
            "crafted.toml:4:12: error: invalid type: floating point `1.5`, expected an answer",
        ),
        (
            scenario("answers = [\"yes\", { seat = 1 }]"),
            "invalid type: map, expected an answer",
        ),
        (
            scenario("answers = [99999999999999999999]"),
            "the answer 99999999999999999999 is too large for a seat number",
        ),
        (
            scenario(&format!(
                "answers = [{}]",
                vec!["\"yes\""; MAX_ANSWERS + 1].join(", ")
            )),
            "1001 answers: a scenario gives at most 1000",
        ),
        (scenario("packs = []"), "`packs` is empty"),
        (
            scenario("options = { damage_model = \"sudden\" }"),
            "unknown variant `sudden`",
        ),
        (scenario("expect = 3"), "duplicate key"),
        (
            scenario(&format!("answers = {}{}", "[".repeat(10_000), "]".repeat(10_000))),
            "crafted.toml:4:",
        ),
    ];
    for (text, says) in cases {
        match status(&text) {
            Status::Error(message) => assert!(
                message.contains(says),
                "`{says}` not in:\n{message}\nfor:\n{}",
                &text[..text.len().min(300)]
            ),
            other => panic!("{says}: {other:?}"),
        }
    }
}

#[test]
fn answers_that_do_not_fit_a_question_are_reported() {
    // The Vorpal Sword asks for a species before the first card.
    let text = "adventurer = \"warrior\"\nequipment = [\"vorpal_sword\"]\ndungeon = [\"goblin\"]\n\
                expect = { outcome = \"success\" }\n";
    for answer in ["-1", "7", "true", "\"kraken\"", "\"\""] {
        let status = status(&format!("{text}answers = [{answer}]\n"));
        let Status::Failed(problems) = status else {
            panic!("{answer}: {status:?}");
        };
        assert!(
            problems[0].contains("does not fit question `name_species` from `vorpal_sword`"),
            "{answer}: {problems:?}"
        );
    }
}

#[test]
fn the_largest_setups_run() {
    // 255 cards, every answer the format allows: a run, not a refusal or a hang.
    let text = format!(
        "adventurer = \"warrior\"\ndungeon = [{}]\ndeck = [{}]\nanswers = [{}]\nexpect = {{ outcome = \"failure\" }}\n",
        vec!["\"dragon\""; 200].join(", "),
        vec!["\"goblin\""; 55].join(", "),
        vec!["\"yes\""; MAX_ANSWERS].join(", ")
    );
    assert!(
        matches!(status(&text), Status::Passed | Status::Failed(_)),
        "{:?}",
        status(&text)
    );
}
