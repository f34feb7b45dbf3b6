//! The third game, Goofspiel (`engine/goofspiel`), through every command a game on
//! `dungeon-core` gets with no code of its own in them: `play` (a whole game from a file
//! of answers, kept and taken up again, two people at one screen), `replay` as a seat and
//! as a spectator (who never sees a face-down bid), `sim` with its report and sanity
//! section, `soak` over its variants, `cards`, `scenario` (the format any worded game
//! reads), and its rulings refused by name.

#[path = "support/lines.rs"]
mod lines;

use lines::dungeon;

fn temp(name: &str) -> std::path::PathBuf {
    lines::temp("gs", name)
}

#[test]
fn a_whole_game_is_played_kept_taken_up_and_replayed() {
    let dir = temp("whole");
    let save = dir.join("game.json");
    let save_s = save.to_string_lossy().into_owned();
    let args = [
        "play",
        "--game",
        "goofspiel",
        "--seed",
        "3",
        "--bots",
        "random",
        "--save",
        &save_s,
        "--ruling",
        "cards=5",
    ];
    // Two bids, then leave: the game is kept.
    let (code, out, _) = dungeon(&dir, "en", &args, "1\n1\nq\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Round 1 of 5"), "{out}");
    assert!(out.contains("--load"), "{out}");
    let kept: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(kept["game"], "goofspiel");
    let moves = kept["actions"].as_array().unwrap().len();
    assert!(moves >= 3, "two bids of the person and the bot's: {kept}");

    // Taken up again, and played to the end (always the first option).
    let load = ["play", "--game", "goofspiel", "--load", &save_s];
    let (code, out, _) = dungeon(&dir, "es", &load, &"1\n".repeat(10));
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Fin. Gana:"), "{out}");
    let kept: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(
        kept["actions"].as_array().unwrap().len(),
        10,
        "5 rounds of 2 bids"
    );

    // Replayed as the bot's seat: its own bids named, the person's face down.
    let (code, as_bot, _) = dungeon(&dir, "en", &["replay", &save_s, "--seat", "2"], "");
    assert_eq!(code, 0, "{as_bot}");
    assert!(as_bot.contains("Player 1 bids face down."), "{as_bot}");
    assert!(!as_bot.contains("Bot 2 (easy) bids face down."), "{as_bot}");
    // As a spectator, every bid is face down until shown.
    let (_, watching, _) = dungeon(&dir, "fr", &["replay", &save_s], "");
    assert!(!watching.contains(" mise 1 face cachée"), "{watching}");
    assert!(watching.contains("Mises : "), "{watching}");
}

#[test]
fn two_people_share_a_screen_by_the_first_letter_of_a_name() {
    let dir = temp("shared");
    let args = [
        "play",
        "--game",
        "goofspiel",
        "--humans",
        "2",
        "--names",
        "Ana,Bea",
        "--seed",
        "1",
        "--ruling",
        "cards=3",
    ];
    // Enter does not pass the screen; the letter does.
    let (code, out, _) = dungeon(&dir, "en", &args, "a\n1\n\nb\n1\nq\n");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Pass the screen to Bea"), "{out}");
    assert!(out.contains("Bea, your move:"), "{out}");
}

#[test]
fn the_lab_studies_it_and_the_soak_audits_it() {
    let dir = temp("lab");
    let args = [
        "sim",
        "--game",
        "goofspiel",
        "-n",
        "60",
        "--players",
        "2,4",
        "--bots",
        "normal,random",
        "--json",
    ];
    let (code, out, err) = dungeon(&dir, "en", &args, "");
    assert_eq!(code, 0, "{err}");
    let reports: serde_json::Value = serde_json::from_str(&out).unwrap();
    let two = &reports[0];
    let searcher = (two["bots"].as_array().unwrap().iter())
        .find(|b| b["key"] == "ismcts:100")
        .unwrap();
    assert!(searcher["rate"].as_f64().unwrap() > 0.7, "{searcher}");
    assert_eq!(reports[1]["players"], 4);
    assert!(
        two["sanity"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["in_range"] == true)
    );

    let (code, _, err) = dungeon(
        &dir,
        "en",
        &["soak", "--over", "goofspiel", "-n", "120", "-q"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("0 failed"), "{err}");
}

#[test]
fn its_rules_are_shown_and_a_wrong_ruling_is_refused_by_name() {
    let dir = temp("rules");
    let (code, out, _) = dungeon(&dir, "es", &["cards", "--game", "goofspiel"], "");
    assert_eq!(code, 0);
    assert!(out.contains("ties=lost|carry"), "{out}");
    let (code, _, err) = dungeon(
        &dir,
        "en",
        &["sim", "--game", "goofspiel", "--ruling", "ties=maybe"],
        "",
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("not a Goofspiel ruling or variant: ties=maybe"),
        "{err}"
    );
    for option in [["--csv", ""], ["--shard", "1/2"], ["--record", "/tmp"]] {
        let mut args = vec!["sim", "--game", "goofspiel", option[0]];
        args.extend([option[1]].iter().filter(|a| !a.is_empty()));
        let (code, _, err) = dungeon(&dir, "en", &args, "");
        assert_eq!(code, 2, "{option:?}: {err}");
        assert!(err.contains(option[0]), "{err}");
    }
    let args = ["play", "--game", "goofspiel", "--variant"];
    let (code, _, err) = dungeon(&dir, "en", &args, "");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--variant is an option of Welcome to the Dungeon"),
        "{err}"
    );
}

#[test]
fn scenario_files_of_every_game_run_and_a_broken_table_is_a_message() {
    let dir = temp("scenario");
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/scenarios");
    // Goofspiel's files, and Mazmorra's in both formats, side by side.
    let goof = format!("{root}/goofspiel");
    let maz = format!("{root}/mazmorra");
    let (code, out, _) = dungeon(&dir, "en", &["scenario", &goof, &maz], "");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("ok     ") && out.contains("words_who_starts.toml"),
        "{out}"
    );
    assert!(out.contains(" passed, 0 failed"), "{out}");

    // A table set by hand that the game cannot play (seat 1's bid is missing: the game
    // panics on it): the file's failure, said plainly, and the run goes on to the next.
    let broken = dir.join("broken.toml");
    std::fs::write(
        &broken,
        "game = \"goofspiel\"\nrule = \"a table the game cannot play\"\nseed = 1\n[set]\n\"/bids\" = []\n",
    )
    .unwrap();
    let unknown = dir.join("unknown.toml");
    std::fs::write(&unknown, "game = \"chess\"\nrule = \"x\"\nseed = 1\n").unwrap();
    let good = format!("{goof}/tie_takes_nothing.toml");
    let (b, u) = (broken.to_string_lossy(), unknown.to_string_lossy());
    let (code, out, err) = dungeon(&dir, "en", &["scenario", &b, &u, &good], "");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("the game failed on this scenario's table"),
        "{out}"
    );
    assert!(
        out.contains("not a game of this program (dungeon, mazmorra, goofspiel)"),
        "{out}"
    );
    assert!(out.contains("1 passed, 2 failed"), "{out}");
    assert!(err.is_empty(), "{err}");
}
