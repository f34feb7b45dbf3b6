//! `dungeon sim --shard K/N` and `dungeon sim merge`: a study cut into slices, each run
//! by its own process, merges into the same report, byte for byte, as one run of the
//! whole study; and parts that do not make one study are refused, saying why.

use std::path::Path;

#[path = "support/boom.rs"]
mod boom;
#[path = "support/sim.rs"]
mod sim;

use sim::{Run, dungeon_in, s};

fn dungeon(args: &[&str]) -> Run {
    dungeon_in("en", args, &[])
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    sim::temp_dir("shards", name)
}

/// Runs every slice of `study` cut `count` ways, each to its part file, and returns the
/// files in a shuffled order (merging must not depend on it).
fn run_slices(dir: &Path, study: &[&str], count: u64, code: i32) -> Vec<String> {
    let mut parts: Vec<String> = (0..count)
        .map(|k| {
            let part = s(&dir.join(format!("part-{k}-of-{count}.json")));
            let shard = format!("{k}/{count}");
            let args = [study, &["--shard", &shard, "--out", &part, "-q"]].concat();
            let run = dungeon(&args);
            assert!(run.stdout.is_empty(), "--out leaves stdout empty");
            // A slice's exit status says whether any of its games failed.
            assert!(run.code == 0 || run.code == code, "{}", run.stderr);
            part
        })
        .collect();
    parts.reverse();
    if parts.len() > 2 {
        parts.swap(0, 1);
    }
    parts
}

/// Whole run and merged slices, compared in every output form.
fn assert_merges_to_one_run(dir: &Path, study: &[&str], counts: &[u64], code: i32) {
    let plot_one = s(&dir.join("one.svg"));
    let forms: [&[&str]; 3] = [&[], &["--json"], &["--csv"]];
    for form in forms {
        let args = [study, form, &["--plot", &plot_one]].concat();
        let one = dungeon(&args);
        assert_eq!(one.code, code, "{}", one.stderr);
        if form == ["--json"] {
            // The sums of "Does this look like a game?" are in the parts too: rounds
            // played, tiles set aside, and the adventurers' shares.
            let report: serde_json::Value = serde_json::from_str(&one.stdout).unwrap();
            let checks = report["sanity"]["checks"].as_array().unwrap();
            let rounds = checks
                .iter()
                .find(|c| c["measure"] == "set_aside_per_round");
            let rounds = rounds.expect("a set-aside check");
            assert!(rounds["total"].as_u64() > Some(0) && rounds["count"].as_u64() > Some(0));
            assert!(
                !report["sanity"]["adventurers"]
                    .as_array()
                    .unwrap()
                    .is_empty()
            );
        }
        for &count in counts {
            let parts = run_slices(dir, study, count, code);
            let plot = s(&dir.join(format!("merged-{count}.svg")));
            // The global options (--pack) before `sim`, as the slices had them.
            let sim = study.iter().position(|a| *a == "sim").unwrap();
            let mut args: Vec<&str> = study[..=sim].to_vec();
            args.push("merge");
            args.extend(parts.iter().map(String::as_str));
            args.extend(form);
            args.extend(["--plot", &plot]);
            let merged = dungeon(&args);
            assert_eq!(merged.code, code, "{}", merged.stderr);
            assert!(
                merged.stdout == one.stdout,
                "{count} slices, {form:?}: merged\n{}\nwhole\n{}",
                merged.stdout,
                one.stdout
            );
            assert_eq!(
                std::fs::read(&plot).unwrap(),
                std::fs::read(&plot_one).unwrap(),
                "{count} slices: the charts differ"
            );
            // --out writes the same bytes as stdout.
            let out = s(&dir.join("merged.out"));
            args.extend(["--out", &out]);
            assert_eq!(dungeon(&args).stdout, "");
            assert_eq!(std::fs::read_to_string(&out).unwrap(), one.stdout);
        }
    }
}

#[test]
fn merged_slices_give_the_bytes_of_one_run() {
    let dir = temp_dir("merge");
    let study = [
        "sim",
        "-n",
        "5",
        "--players",
        "2,3,4",
        "--bots",
        "random",
        "--seed",
        "40",
    ];
    // 15 games: one slice, a few, more slices than some player count has games, and more
    // slices than games (the last ones are empty).
    assert_merges_to_one_run(&dir, &study, &[1, 2, 3, 7, 16], 0);
}

#[test]
fn merged_slices_keep_the_games_that_failed() {
    let dir = temp_dir("errors");
    let manifest = boom::write_pack(&dir);
    let manifest = s(&manifest);
    let study = [
        "--pack", &manifest, "sim", "--packs", "boom", "-n", "10", "--bots", "random",
    ];
    assert_merges_to_one_run(&dir, &study, &[3], 1);
}

#[test]
fn the_slice_can_come_from_the_schedulers_environment() {
    let dir = temp_dir("env");
    let study = ["sim", "-n", "4", "--bots", "random", "-q"];
    let given = dungeon(&[&study[..], &["--shard", "1/3"]].concat());
    let env = [("JOB_COMPLETION_INDEX", "1")];
    let from_env = dungeon_in(
        "en",
        &[&study[..], &["--shard", "JOB_COMPLETION_INDEX/3"]].concat(),
        &env,
    );
    assert_eq!(given.code, 0, "{}", given.stderr);
    assert_eq!(from_env.stdout, given.stdout);
    let part: serde_json::Value = serde_json::from_str(&given.stdout).unwrap();
    assert_eq!(part["shard"]["index"], 1);
    assert_eq!(
        part["tally"]["completed"], 1,
        "games 1 of 0..4 in slice 1/3"
    );

    let unset = dungeon(&[&study[..], &["--shard", "DUNGEON_NO_SUCH_VAR/3"]].concat());
    assert_eq!(unset.code, 2);
    assert!(
        unset.stderr.contains("DUNGEON_NO_SUCH_VAR is not set"),
        "{}",
        unset.stderr
    );
    for bad in ["3/3", "1/0", "x"] {
        let run = dungeon(&[&study[..], &["--shard", bad]].concat());
        assert_eq!(run.code, 2, "--shard {bad}");
        assert!(run.stderr.contains("--shard"), "{}", run.stderr);
    }
    let es = dungeon_in("es", &[&study[..], &["--shard", "3/3"]].concat(), &[]);
    assert!(
        es.stderr.contains("la porción debe ir de 0 a 3"),
        "{}",
        es.stderr
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn parts_that_do_not_make_one_study_are_refused() {
    let dir = temp_dir("refused");
    let study = ["sim", "-n", "3", "--bots", "random"];
    let parts = run_slices(&dir, &study, 3, 0);
    let mut parts: Vec<&str> = parts.iter().map(String::as_str).collect();
    parts.sort();
    let merge = |lang: &str, files: &[&str]| {
        let run = dungeon_in(lang, &[&["sim", "merge"][..], files].concat(), &[]);
        assert_eq!(run.code, 2, "{files:?} must be refused:\n{}", run.stdout);
        assert!(run.stdout.is_empty());
        run.stderr
    };
    assert_eq!(dungeon(&[&["sim", "merge"][..], &parts].concat()).code, 0);

    // A slice missing, or given twice.
    let e = merge("en", &parts[..2]);
    assert!(e.contains("a slice is missing (of 3): 2"), "{e}");
    let e = merge("en", &[parts[0], parts[1], parts[1], parts[2]]);
    assert!(e.contains("are both slice 1/3"), "{e}");

    // Another study: another seed, other packs, another split.
    let other = |extra: &[&str], shard: &str, name: &str| {
        let file = s(&dir.join(name));
        let args = [&study[..], extra, &["--shard", shard, "--out", &file, "-q"]].concat();
        assert_eq!(dungeon(&args).code, 0);
        file
    };
    let seed = other(&["--seed", "9"], "2/3", "seed.json");
    let e = merge("en", &[parts[0], parts[1], &seed]);
    assert!(e.contains("different studies: the seeds differ"), "{e}");
    assert!(e.contains("seed.json") && e.contains(parts[0]), "{e}");
    let e = merge("fr", &[parts[0], parts[1], &seed]);
    assert!(e.contains("les graines diffèrent"), "{e}");
    let packs = other(&["--packs", "base,sequel"], "2/3", "packs.json");
    let e = merge("en", &[parts[0], parts[1], &packs]);
    assert!(e.contains("the packs differ"), "{e}");
    let split = other(&[], "1/2", "split.json");
    let e = merge("en", &[parts[0], &split]);
    assert!(e.contains("is a slice of 2, but"), "{e}");

    // Damaged or edited parts, and files that are no part at all.
    let text = std::fs::read_to_string(parts[2]).unwrap();
    let edit = |name: &str, from: &str, to: &str| {
        assert!(text.contains(from), "{from}");
        let file = s(&dir.join(name));
        std::fs::write(&file, text.replacen(from, to, 1)).unwrap();
        file
    };
    let completed = edit("completed.json", "\"completed\": 1", "\"completed\": 5");
    let e = merge("en", &[parts[0], parts[1], &completed]);
    assert!(e.contains("do not fit the games of its slice"), "{e}");
    let bot = edit("bot.json", "\"bot\": \"random\"", "\"bot\": \"rules\"");
    let e = merge("en", &[parts[0], parts[1], &bot]);
    assert!(e.contains("names a bot, card or table"), "{e}");
    let huge = edit(
        "huge.json",
        "\"wins\": ",
        "\"wins\": 18446744073709551615, \"x\": ",
    );
    let e = merge("en", &[parts[0], parts[1], &huge]);
    assert!(e.contains("not a part file"), "{e}");
    let runs = edit(
        "runs.json",
        "\"games\": 1,",
        "\"games\": 18446744073709551615,",
    );
    let e = merge("en", &[parts[0], parts[1], &runs]);
    assert!(e.contains("do not fit the games of its slice"), "{e}");
    // The rounds, checked against the study and against the adventurers' runs.
    let json_edit = |name: &str, change: &dyn Fn(&mut serde_json::Value)| {
        let mut part: serde_json::Value = serde_json::from_str(&text).unwrap();
        change(&mut part["tally"]["rounds"][0]);
        let file = s(&dir.join(name));
        std::fs::write(&file, serde_json::to_string_pretty(&part).unwrap()).unwrap();
        file
    };
    let more = json_edit("more-rounds.json", &|r| {
        r["rounds"] = (r["rounds"].as_u64().unwrap() + 1).into()
    });
    let e = merge("en", &[parts[0], parts[1], &more]);
    assert!(e.contains("do not fit the games of its slice"), "{e}");
    let flipped = json_edit("flipped.json", &|r| {
        r["success"] = (!r["success"].as_bool().unwrap()).into()
    });
    let e = merge("en", &[parts[0], parts[1], &flipped]);
    assert!(e.contains("do not fit the games of its slice"), "{e}");
    let tiles = json_edit("tiles.json", &|r| r["set_aside"] = 7.into());
    let e = merge("en", &[parts[0], parts[1], &tiles]);
    assert!(e.contains("names a bot, card or table"), "{e}");
    let players = json_edit("players.json", &|r| r["players"] = 3.into());
    let e = merge("en", &[parts[0], parts[1], &players]);
    assert!(e.contains("names a bot, card or table"), "{e}");
    let stranger = json_edit("stranger.json", &|r| r["adventurer"] = "wizard".into());
    let e = merge("en", &[parts[0], parts[1], &stranger]);
    assert!(e.contains("names a bot, card or table"), "{e}");
    // A part of the format before the rounds were counted.
    let old = edit("old.json", "\"format\": 2", "\"format\": 1");
    let e = merge("en", &[parts[0], parts[1], &old]);
    assert!(
        e.contains("a part file in format 1, but this dungeon reads format 2"),
        "{e}"
    );
    let report = s(&dir.join("report.json"));
    std::fs::write(&report, dungeon(&[&study[..], &["--json"]].concat()).stdout).unwrap();
    let e = merge("es", &[parts[0], parts[1], &report]);
    assert!(e.contains("no es un archivo de parte"), "{e}");
    let e = merge("en", &[parts[0], parts[1], &s(&dir.join("nowhere.json"))]);
    assert!(e.contains("nowhere.json"), "{e}");
    let _ = std::fs::remove_dir_all(dir);
}
