//! The third game, Goofspiel (`engine/goofspiel`), through every command a game on
//! `dungeon-core` gets with no code of its own in them: `play` (a whole game from a file
//! of answers, kept and taken up again, two people at one screen), `replay` as a seat and
//! as a spectator (who never sees a face-down bid), `sim` with its report and sanity
//! section, its slices (`--shard`) merged and `--csv`, `soak` over its variants, `cards`,
//! `scenario` (the format any worded game
//! reads), and its rulings refused by name.

#[path = "support/lines.rs"]
mod lines;

use lines::dungeon;

fn temp(name: &str) -> std::path::PathBuf {
    lines::temp("gs", name)
}

/// `dungeon play` of Goofspiel against a random bot, kept in `save`, under `ruling`.
fn play_kept<'a>(seed: &'a str, save: &'a str, ruling: &'a str) -> [&'a str; 11] {
    [
        "play",
        "--game",
        "goofspiel",
        "--seed",
        seed,
        "--bots",
        "random",
        "--save",
        save,
        "--ruling",
        ruling,
    ]
}

#[test]
fn a_whole_game_is_played_kept_taken_up_and_replayed() {
    let dir = temp("whole");
    let save = dir.join("game.json");
    let save_s = save.to_string_lossy().into_owned();
    let args = play_kept("3", &save_s, "cards=5");
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
fn a_game_kept_by_rules_that_play_otherwise_is_refused_and_an_older_file_is_stamped() {
    let dir = temp("rules");
    let save = dir.join("game.json");
    let save_s = save.to_string_lossy().into_owned();
    let args = play_kept("4", &save_s, "cards=4");
    let (code, out, _) = dungeon(&dir, "en", &args, "1\nq\n");
    assert_eq!(code, 0, "{out}");
    let text = std::fs::read_to_string(&save).unwrap();
    let mut kept: serde_json::Value = serde_json::from_str(&text).unwrap();
    let ours = kept["rules"]
        .as_str()
        .expect("kept with its rules")
        .to_string();
    assert_eq!(ours.len(), 16, "{kept}");

    // Kept by a build whose Goofspiel plays otherwise: refused, by replay and by play,
    // naming both fingerprints.
    kept["rules"] = "0123456789abcdef".into();
    std::fs::write(&save, kept.to_string()).unwrap();
    for (cmd, lang, words) in [
        (vec!["replay", &save_s], "en", "plays otherwise"),
        (
            vec!["play", "--game", "goofspiel", "--load", &save_s],
            "es",
            "se juega de otro modo",
        ),
    ] {
        let (code, out, err) = dungeon(&dir, lang, &cmd, "1\n");
        assert_ne!(code, 0, "{out}");
        for needle in [words, "0123456789abcdef", &ours] {
            assert!(err.contains(needle), "{cmd:?}: {needle}: {err}");
        }
    }

    // Anything but 16 hex digits is no fingerprint: the file is refused as not a kept game.
    kept["rules"] = "x".repeat(100_000).into();
    std::fs::write(&save, kept.to_string()).unwrap();
    let (code, _, err) = dungeon(&dir, "en", &["replay", &save_s], "");
    assert_ne!(code, 0);
    assert!(
        err.contains("is not a kept game"),
        "{}",
        &err[..err.len().min(300)]
    );
    assert!(err.len() < 1_000, "the message stays short");

    // A file kept before fingerprints were written is taken up, and kept with one.
    kept.as_object_mut().unwrap().remove("rules");
    std::fs::write(&save, kept.to_string()).unwrap();
    let (code, out, _) = dungeon(&dir, "en", &["replay", &save_s], "");
    assert_eq!(code, 0, "{out}");
    let load = ["play", "--game", "goofspiel", "--load", &save_s];
    let (code, out, _) = dungeon(&dir, "en", &load, &"1\n".repeat(8));
    assert_eq!(code, 0, "{out}");
    let kept: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(kept["rules"].as_str(), Some(ours.as_str()), "{kept}");
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
    for option in [
        ["--plot", "/tmp/x.svg"],
        ["--packs", "sequel"],
        ["--record", "/tmp"],
    ] {
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
    // Goofspiel's files, Mazmorra's in both formats, and the first game's bidding rules in
    // words, side by side.
    let goof = format!("{root}/goofspiel");
    let maz = format!("{root}/mazmorra");
    let bidding = format!("{root}/bidding");
    let (code, out, _) = dungeon(&dir, "en", &["scenario", &goof, &maz, &bidding], "");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("ok     ") && out.contains("words_who_starts.toml"),
        "{out}"
    );
    assert!(
        out.contains("no_equipment_left_the_card_goes_in.toml"),
        "{out}"
    );
    assert!(out.contains(" passed, 0 failed"), "{out}");
    // Packs are for the first game only.
    let packs = dir.join("packs.toml");
    let text = "game = \"goofspiel\"\nrule = \"x\"\nseed = 1\npacks = [\"base\"]\n";
    std::fs::write(&packs, text).unwrap();
    let (code, out, _) = dungeon(&dir, "en", &["scenario", &packs.to_string_lossy()], "");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("packs: goofspiel is not a game of packs"),
        "{out}"
    );

    // A table set by hand that the game cannot play (seat 1's bid is missing): the game's
    // own checks refuse it, said plainly as the file's failure, and the run goes on to the
    // next. (A game whose checks let such a table through and that panics on it is caught
    // too: "the game failed on this scenario's table".)
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
        out.contains("set: the state breaks the game's own checks: 2 seats but 2 hands, 0 bids"),
        "{out}"
    );
    assert!(
        out.contains("not a game of this program (dungeon, mazmorra, goofspiel)"),
        "{out}"
    );
    assert!(out.contains("1 passed, 2 failed"), "{out}");
    assert!(err.is_empty(), "{err}");
}

#[test]
fn a_study_in_slices_merges_into_the_whole_and_a_forged_part_is_refused() {
    let dir = temp("shards");
    let study = ["sim", "--game", "goofspiel", "-n", "30", "--players", "2,3"];
    let study: Vec<&str> = study
        .iter()
        .copied()
        .chain(["--bots", "hard:10,random", "--seed", "9"])
        .collect();
    let part = |k: usize| {
        dir.join(format!("part{k}.json"))
            .to_string_lossy()
            .into_owned()
    };
    for k in 0..3 {
        let shard = format!("{k}/3");
        let out = part(k);
        let mut args = study.clone();
        args.extend(["--shard", &shard, "--out", &out]);
        let (code, _, err) = dungeon(&dir, "en", &args, "");
        assert_eq!(code, 0, "{err}");
    }
    let (p0, p1, p2) = (part(0), part(1), part(2));
    for flag in [None, Some("--json"), Some("--csv")] {
        let mut whole = study.clone();
        let mut merge = vec!["sim", "merge", &p2, &p0, &p1];
        whole.extend(flag);
        merge.extend(flag);
        let (code, whole, _) = dungeon(&dir, "fr", &whole, "");
        assert_eq!(code, 0, "{whole}");
        let (code, merged, err) = dungeon(&dir, "fr", &merge, "");
        assert_eq!(code, 0, "{err}");
        assert_eq!(
            merged, whole,
            "{flag:?}: the parts add up to the whole study"
        );
    }
    let (_, csv, _) = dungeon(&dir, "en", &["sim", "merge", &p0, &p1, &p2, "--csv"], "");
    assert!(
        csv.starts_with("table,key,total,count,rate,ci_low,ci_high\nsanity_starter,2p,30,"),
        "{csv}"
    );
    assert!(csv.contains("\nbots,3p/random,60,"), "{csv}");

    // A slice missing, a slice twice, a part edited, a part of another study or game.
    let refused = |args: &[&str], says: &str| {
        let (code, _, err) = dungeon(&dir, "en", args, "");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    };
    refused(&["sim", "merge", &p0, &p2], "missing");
    refused(&["sim", "merge", &p0, &p1, &p1, &p2], "are both slice 1/3");
    let text = std::fs::read_to_string(&p1).unwrap();
    let edit = |from: &str, to: &str, name: &str| {
        assert!(text.contains(from), "{from}");
        let path = dir.join(name).to_string_lossy().into_owned();
        std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
        path
    };
    let forged = edit("\"starter_wins\": ", "\"starter_wins\": 9", "forged.json");
    refused(
        &["sim", "merge", &p0, &forged, &p2],
        "damaged or was edited",
    );
    let seeded = edit("\"seed\": 9", "\"seed\": 8", "seeded.json");
    refused(&["sim", "merge", &p0, &seeded, &p2], "different studies");
    let chess = edit(
        "\"game\": \"goofspiel\"",
        "\"game\": \"chess\"",
        "chess.json",
    );
    refused(
        &["sim", "merge", &chess],
        "a game this program does not have: chess",
    );
    let huge = edit("\"decisions\": ", "\"decisions\": 99999999999", "huge.json");
    refused(&["sim", "merge", &p0, &huge, &p2], "damaged or was edited");
}
