//! The `dungeon` command as a person (or a script) uses it: exit codes, what it prints,
//! and how it copes with wrong input, damaged files and broken packs.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

#[path = "support/boom.rs"]
mod boom;

/// The monsters of the base box, by id and English name.
const BASE_MONSTERS: [(&str, &str); 8] = [
    ("goblin", "Goblin"),
    ("skeleton", "Skeleton"),
    ("orc", "Orc"),
    ("vampire", "Vampire"),
    ("golem", "Golem"),
    ("lich", "Lich"),
    ("demon", "Demon"),
    ("dragon", "Dragon"),
];
const BASE_ADVENTURERS: [&str; 4] = ["warrior", "barbarian", "mage", "rogue"];

// --- Helpers -----------------------------------------------------------------------------

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("cli/ is in the repository")
        .to_path_buf()
}

/// A fresh, empty folder for one test.
fn temp_dir(name: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "dungeon-cli-{}-{}-{name}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    fn last_line(&self) -> &str {
        self.stdout.lines().last().unwrap_or("")
    }

    fn assert_no_panic(&self) {
        assert!(
            !self.stderr.contains("panicked") && self.code != 101,
            "the command panicked (exit {}):\n{}",
            self.code,
            self.stderr
        );
    }
}

/// Runs `dungeon --lang en ARGS` from the repository root, feeding `input` on stdin,
/// and kills it after a minute.
fn dungeon(args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dungeon"))
        .arg("--lang")
        .arg("en")
        .args(args)
        .current_dir(root())
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        // Games are saved there, not in the data folder of whoever runs the tests.
        .env(
            "DUNGEON_DATA_DIR",
            std::env::temp_dir().join("dungeon-cli-tests-data"),
        )
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the dungeon binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    // The program may stop reading early (a finished game, `q`): ignore the broken pipe.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    // Only a hang detector: a debug build asked for the odds at every prompt takes ~35 s
    // alone, and several times that beside the rest of the suite on two cores.
    let deadline = Instant::now() + Duration::from_secs(HANG);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "`dungeon {}` did not finish within {HANG} s",
                args.join(" ")
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let _ = writer.join();
    Run {
        code: status.code().unwrap_or(-1),
        stdout: out_reader.join().unwrap(),
        stderr: err_reader.join().unwrap(),
    }
}

/// Seconds after which a `dungeon` run is taken to hang.
const HANG: u64 = 300;

fn path_str(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

// --- dungeon scenario --------------------------------------------------------------------

#[test]
fn scenario_folder_of_the_repository_passes() {
    let run = dungeon(&["scenario", "tests/scenarios"], "");
    run.assert_no_panic();
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    let last = run.last_line();
    let (passed, failed) = last
        .split_once(" passed, ")
        .unwrap_or_else(|| panic!("last line: {last}"));
    let passed: usize = passed
        .parse()
        .unwrap_or_else(|_| panic!("last line: {last}"));
    assert_eq!(failed, "0 failed", "last line: {last}");
    assert!(passed > 0);
    let ok_lines = run.stdout.lines().filter(|l| l.starts_with("ok ")).count();
    assert_eq!(ok_lines, passed, "{}", run.stdout);
}

const PASSING_SCENARIO: &str = r#"
name = "a goblin against plate armor"
adventurer = "warrior"
equipment = ["plate_armor"]
dungeon = ["goblin"]

[expect]
outcome = "success"
hp = 7
"#;

#[test]
fn a_failing_scenario_fails_the_run_and_is_named() {
    let dir = temp_dir("scenario-fail");
    std::fs::write(dir.join("a_pass.toml"), PASSING_SCENARIO).unwrap();
    let failing = dir.join("b_deliberately_wrong.toml");
    std::fs::write(
        &failing,
        r#"
name = "deliberately wrong"
adventurer = "warrior"
equipment = ["plate_armor"]
dungeon = ["goblin"]

[expect]
outcome = "failure"
"#,
    )
    .unwrap();
    let run = dungeon(&["scenario", &path_str(&dir)], "");
    run.assert_no_panic();
    assert_ne!(run.code, 0, "{}", run.stdout);
    assert_eq!(run.last_line(), "1 passed, 1 failed", "{}", run.stdout);
    assert!(
        run.stdout.contains(&format!(
            "FAILED {} (deliberately wrong)",
            path_str(&failing)
        )),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("expected failure, got success (hp 7)"),
        "{}",
        run.stdout
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_question_without_an_answer_names_the_question_and_its_options() {
    let dir = temp_dir("scenario-question");
    let file = dir.join("no_answer.toml");
    std::fs::write(
        &file,
        r#"
adventurer = "warrior"
equipment = ["vorpal_sword", "plate_armor"]
dungeon = ["skeleton"]

[expect]
outcome = "success"
"#,
    )
    .unwrap();
    let run = dungeon(&["scenario", &path_str(&file)], "");
    run.assert_no_panic();
    assert_ne!(run.code, 0);
    assert_eq!(run.last_line(), "0 passed, 1 failed");
    assert!(run.stdout.contains(&format!("FAILED {}", path_str(&file))));
    let problem = run
        .stdout
        .lines()
        .find(|l| l.contains("has no answer left"))
        .unwrap_or_else(|| panic!("{}", run.stdout));
    assert!(
        problem.contains("question `name_species` from `vorpal_sword`"),
        "{problem}"
    );
    for (id, _) in BASE_MONSTERS {
        assert!(problem.contains(id), "option {id} missing: {problem}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_malformed_scenario_reports_file_line_and_column() {
    let dir = temp_dir("scenario-malformed");
    let file = dir.join("malformed.toml");
    std::fs::write(
        &file,
        "adventurer = \"warrior\"\ndungeon = [\"goblin\", \"orc\"\n[expect]\noutcome = \"success\"\n",
    )
    .unwrap();
    let run = dungeon(&["scenario", &path_str(&file)], "");
    run.assert_no_panic();
    assert_ne!(run.code, 0);
    assert_eq!(run.last_line(), "0 passed, 1 failed");
    let located = format!("{}:3:1: error", path_str(&file));
    assert!(
        run.stdout.contains(&located),
        "no `{located}` in:\n{}",
        run.stdout
    );
    assert!(run.stdout.contains("3 | [expect]"), "{}", run.stdout);
    let _ = std::fs::remove_dir_all(dir);
}

// --- dungeon play ------------------------------------------------------------------------

#[test]
fn wrong_input_is_asked_again_with_a_hint() {
    let run = dungeon(
        &["play", "--seed", "1", "--delay", "0"],
        "abc\n0\n99\n\n-1\n99999999999999999999999\nq\n",
    );
    run.assert_no_panic();
    assert_eq!(run.code, 0, "{}", run.stderr);
    let hints = run.stdout.matches("Please type a number from 1 to").count();
    assert_eq!(hints, 6, "{}", run.stdout);
    // Each wrong answer is followed by the same question again.
    let prompts = run.stdout.matches("Choose (").count();
    assert_eq!(prompts, 7, "{}", run.stdout);
    let last = run.stdout.trim_end().lines().last().unwrap_or("");
    assert!(
        last.starts_with("Game left. It is saved: continue it with `dungeon play --resume "),
        "{last}"
    );
}

#[test]
fn q_quits_with_exit_code_zero() {
    let run = dungeon(&["play", "--seed", "2", "--delay", "0"], "q\n");
    run.assert_no_panic();
    assert_eq!(run.code, 0);
    assert!(run.stdout.contains("Game left."), "{}", run.stdout);
}

#[test]
fn end_of_input_quits_cleanly() {
    for input in ["", "1\n", "1\n1\n1\n"] {
        let run = dungeon(&["play", "--seed", "2", "--delay", "0"], input);
        run.assert_no_panic();
        assert_eq!(run.code, 0, "input {input:?}: {}", run.stderr);
        assert!(
            run.stdout.contains("Game left."),
            "input {input:?}: {}",
            run.stdout
        );
    }
}

/// The line announcing the winner ("*** You win the game! ***"), without its stars.
fn winner_line(out: &str) -> Option<&str> {
    out.lines()
        .rev()
        .map(|l| l.trim_start_matches("*** ").trim_end_matches(" ***"))
        .find(|l| l.ends_with("wins the game!") || l.ends_with("win the game!"))
}

#[test]
fn a_whole_game_answering_1_finishes_with_a_winner() {
    let ones = "1\n".repeat(5000);
    for seed in ["1", "5", "9"] {
        let run = dungeon(
            &["play", "--seed", seed, "--delay", "0", "--players", "3"],
            &ones,
        );
        run.assert_no_panic();
        assert_eq!(run.code, 0, "seed {seed}: {}", run.stderr);
        assert!(
            !run.stdout.contains("Game left."),
            "seed {seed}: the game did not finish"
        );
        let line = winner_line(&run.stdout).unwrap_or_else(|| panic!("seed {seed}: no winner"));
        assert!(
            line == "You win the game!" || line.starts_with("Bot "),
            "seed {seed}: {line}"
        );
        // Announced once, then the final standings, one line a player, the winner first.
        let announced = run
            .stdout
            .lines()
            .filter(|l| l.contains("the game!"))
            .count();
        assert_eq!(announced, 1, "seed {seed}: {}", run.stdout);
        let lines: Vec<&str> = run.stdout.lines().collect();
        let table = lines
            .iter()
            .position(|l| *l == "Final standings:")
            .unwrap_or_else(|| panic!("seed {seed}: no standings:\n{}", run.stdout));
        let rows = &lines[table + 1..];
        assert_eq!(rows.len(), 3, "seed {seed}: {rows:?}");
        let winner = line.split(" win").next().unwrap();
        assert!(
            rows[0].starts_with(&format!("  1. {winner}: 2 successes"))
                || rows.iter().filter(|r| r.contains("(eliminated)")).count() == 2,
            "seed {seed}: {rows:?}"
        );
    }
}

/// The last decision shown before the final prompt: its status lines and options.
fn last_decision_block(out: &str) -> Vec<String> {
    let lines: Vec<&str> = out.lines().collect();
    let last_prompt = lines
        .iter()
        .rposition(|l| l.starts_with("Choose ("))
        .unwrap_or_else(|| panic!("no prompt in:\n{out}"));
    let start = lines[..last_prompt]
        .iter()
        .rposition(|l| l.is_empty())
        .unwrap_or_else(|| panic!("no decision block in:\n{out}"));
    lines[start + 1..last_prompt]
        .iter()
        .filter(|l| !l.starts_with("Choose ("))
        .map(|l| l.to_string())
        .collect()
}

#[test]
fn save_then_load_resumes_the_same_decision() {
    let dir = temp_dir("save");
    let save = dir.join("game.json");
    let save_s = path_str(&save);
    let first = dungeon(
        &["play", "--seed", "5", "--delay", "0", "--save", &save_s],
        "1\n1\ns\nq\n",
    );
    first.assert_no_panic();
    assert_eq!(first.code, 0, "{}", first.stderr);
    assert!(
        first.stdout.contains(&format!("Game saved to {save_s}")),
        "{}",
        first.stdout
    );
    assert!(save.exists(), "no save file written");
    let before = last_decision_block(&first.stdout);

    let second = dungeon(&["play", "--load", &save_s, "--delay", "0"], "q\n");
    second.assert_no_panic();
    assert_eq!(second.code, 0, "{}", second.stderr);
    assert!(second.stdout.contains("Seed: 5"), "{}", second.stdout);
    let after = last_decision_block(&second.stdout);
    assert_eq!(before, after, "the loaded game waits for another decision");

    // The loaded game goes on to the end.
    let third = dungeon(
        &["play", "--load", &save_s, "--delay", "0"],
        &"1\n".repeat(5000),
    );
    third.assert_no_panic();
    assert_eq!(third.code, 0, "{}", third.stderr);
    assert!(winner_line(&third.stdout).is_some(), "{}", third.stdout);
    let _ = std::fs::remove_dir_all(dir);
}

/// A save file of a fresh game (seed 5, first decision), as text.
fn fresh_save(dir: &Path) -> String {
    let save = dir.join("fresh.json");
    let run = dungeon(
        &[
            "play",
            "--seed",
            "5",
            "--delay",
            "0",
            "--save",
            &path_str(&save),
        ],
        "s\nq\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    std::fs::read_to_string(save).expect("the save file exists")
}

/// Replaces the first `"key": value` of a pretty-printed JSON text.
fn replace_json_value(text: &str, key: &str, value: &str) -> String {
    let needle = format!("\"{key}\": ");
    let at = text.find(&needle).unwrap_or_else(|| panic!("no {key}")) + needle.len();
    let end = at + text[at..].find([',', '\n']).unwrap();
    format!("{}{value}{}", &text[..at], &text[end..])
}

fn load_damaged(dir: &Path, name: &str, text: &str) -> Run {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let run = dungeon(
        &[
            "play",
            "--load",
            &path_str(&path),
            "--delay",
            "0",
            "--save",
            &path_str(&dir.join("out.json")),
        ],
        &"1\n".repeat(50),
    );
    run.assert_no_panic();
    run
}

#[test]
fn a_damaged_save_file_gives_a_clear_error() {
    let dir = temp_dir("damaged");
    let good = fresh_save(&dir);
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "garbage.json",
            "this is not a saved game \u{0} at all".into(),
            "not a saved game",
        ),
        ("empty.json", String::new(), "not a saved game"),
        (
            "truncated.json",
            good[..good.len() / 2].to_string(),
            "not a saved game",
        ),
        (
            "format.json",
            replace_json_value(&good, "format", "99"),
            "format 99",
        ),
        (
            "deck.json",
            good.replacen("\"deck\": [", "\"deck\": [\n      200,", 1),
            "damaged",
        ),
        (
            "type.json",
            replace_json_value(&good, "round", "\"three\""),
            "not a saved game",
        ),
    ];
    for (name, text, says) in &cases {
        let run = load_damaged(&dir, name, text);
        assert_eq!(run.code, 2, "{name}: {}{}", run.stdout, run.stderr);
        assert!(
            run.stderr.contains(name) && run.stderr.contains(says),
            "{name}: stderr should name the file and say `{says}`:\n{}",
            run.stderr
        );
    }
    // A missing file too.
    let missing = path_str(&dir.join("missing.json"));
    let run = dungeon(&["play", "--load", &missing], "");
    run.assert_no_panic();
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains(&missing), "{}", run.stderr);
    let _ = std::fs::remove_dir_all(dir);
}

/// A save whose `starter` (the seat that starts the next bidding) is not at the table
/// passes the load checks and crashes the game a few moves later.
#[test]
fn a_save_with_a_seat_not_at_the_table_is_refused() {
    let dir = temp_dir("damaged-seat");
    let good = fresh_save(&dir);
    let text = replace_json_value(&good, "starter", "200");
    let run = load_damaged(&dir, "starter.json", &text);
    assert_eq!(
        run.code, 2,
        "starter = 200 should be refused on loading:\n{}",
        run.stderr
    );
    assert!(run.stderr.contains("damaged"), "{}", run.stderr);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn hot_seat_passes_the_screen_and_hides_drawn_monsters() {
    let ones = "1\n".repeat(5000);
    for seed in ["3", "4"] {
        let run = dungeon(
            &[
                "play",
                "--seed",
                seed,
                "--delay",
                "0",
                "--humans",
                "2",
                "--players",
                "2",
            ],
            &ones,
        );
        run.assert_no_panic();
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(winner_line(&run.stdout).is_some(), "seed {seed}: no winner");
        let mut screen: Option<&str> = None;
        let mut turns = 0;
        let mut passes = 0;
        for line in run.stdout.lines() {
            if let Some(rest) = line.split("Pass the screen to ").nth(1) {
                let name = rest.split(" and press Enter").next().unwrap();
                assert!(name == "Player 1" || name == "Player 2", "{line}");
                screen = Some(name);
                passes += 1;
            }
            for player in ["Player 1", "Player 2"] {
                if line.starts_with(&format!("{player}, your turn."))
                    || line.starts_with(&format!("{player}, choose the adventurer"))
                {
                    turns += 1;
                    assert_eq!(
                        screen,
                        Some(player),
                        "seed {seed}: {player}'s turn shown without passing the screen to them"
                    );
                }
            }
            if line.contains(" draws ") {
                for (_, monster) in BASE_MONSTERS {
                    assert!(
                        !line.contains(monster),
                        "seed {seed}: a draw shows the monster: {line}"
                    );
                }
            }
            assert!(!line.contains("You draw the"), "seed {seed}: {line}");
        }
        assert!(
            turns > 4 && passes > 4,
            "seed {seed}: {turns} turns, {passes} passes"
        );
        // Both humans were handed the screen, more than once each.
        assert!(run.stdout.matches("Pass the screen to Player 1").count() > 1);
        assert!(run.stdout.matches("Pass the screen to Player 2").count() > 1);
    }
}

// --- dungeon cards -----------------------------------------------------------------------

#[test]
fn cards_lists_every_base_adventurer_and_monster() {
    let run = dungeon(&["cards", "--packs", "base"], "");
    run.assert_no_panic();
    assert_eq!(run.code, 0, "{}", run.stderr);
    for id in BASE_ADVENTURERS {
        assert!(
            run.stdout.contains(&format!("[{id}]")),
            "adventurer {id} missing"
        );
    }
    let mut copies = 0;
    for (id, _) in BASE_MONSTERS {
        let line = run
            .stdout
            .lines()
            .find(|l| l.contains(&format!("[{id}] x")))
            .unwrap_or_else(|| panic!("monster {id} missing:\n{}", run.stdout));
        let n: u32 = line
            .split(&format!("[{id}] x"))
            .nth(1)
            .unwrap()
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .unwrap()
            .parse()
            .unwrap();
        copies += n;
    }
    assert_eq!(copies, 13, "the base monster deck has 13 cards");
    insta::assert_snapshot!("cards_base", run.stdout);
}

// --- dungeon sim -------------------------------------------------------------------------

#[test]
fn sim_prints_a_win_table() {
    let run = dungeon(
        &["sim", "-n", "6", "--players", "3", "--bots", "rules,random"],
        "",
    );
    run.assert_no_panic();
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    let header = lines
        .iter()
        .position(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            w == ["bot", "games", "wins", "win", "%", "95%", "CI"]
        })
        .unwrap_or_else(|| panic!("no win table:\n{}", run.stdout));
    let mut wins = 0;
    // A kind listed once plays one seat a game; the last one fills the other two.
    for (i, (bot, games)) in [("normal", 6), ("random", 12)].iter().enumerate() {
        let row: Vec<&str> = lines[header + 1 + i].split_whitespace().collect();
        assert_eq!(row[0], *bot, "{}", run.stdout);
        assert_eq!(row[1], games.to_string(), "{}", run.stdout);
        wins += row[2].parse::<u32>().unwrap();
        assert!(row[3].ends_with('%'), "{}", run.stdout);
        let (low, high) = row[4].split_once('-').expect("an interval LOW-HIGH");
        let rate: f64 = row[3].trim_end_matches('%').parse().unwrap();
        assert!(low.parse::<f64>().unwrap() <= rate && rate <= high.parse().unwrap());
    }
    assert_eq!(wins, 6, "every game has one winner:\n{}", run.stdout);
    for title in [
        "Wins per seat at the table",
        "Wins by turn order",
        "Adventurers",
        "Equipment given up during bidding",
        "Monsters that ended failed runs",
    ] {
        assert!(run.stdout.contains(title), "no `{title}`:\n{}", run.stdout);
    }
    // Seat rows: players, seat, games, wins, rate, interval.
    let seats = lines
        .iter()
        .position(|l| l.split_whitespace().take(2).eq(["players", "seat"]))
        .unwrap_or_else(|| panic!("no seat table:\n{}", run.stdout));
    for seat in 0..3 {
        let row: Vec<&str> = lines[seats + 1 + seat].split_whitespace().collect();
        assert_eq!(row[..3], ["3", &seat.to_string(), "6"], "{}", run.stdout);
    }
}

/// `dungeon sim ARGS --json`, parsed.
fn sim_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["sim", "--json"];
    all.extend_from_slice(args);
    let run = dungeon(&all, "");
    run.assert_no_panic();
    assert_eq!(run.code, 0, "{}", run.stderr);
    serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("{e}:\n{}", run.stdout))
}

fn rows<'a>(report: &'a serde_json::Value, table: &str) -> &'a Vec<serde_json::Value> {
    report["tables"][table]
        .as_array()
        .unwrap_or_else(|| panic!("no table `{table}`"))
}

fn num(row: &serde_json::Value, field: &str) -> u64 {
    row[field]
        .as_u64()
        .unwrap_or_else(|| panic!("no `{field}` in {row}"))
}

/// Every rate of the report lies in its interval, and the interval in [0, 1].
fn assert_rates_in_intervals(value: &serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, rate) in map {
                let Some(prefix) = key.strip_suffix("rate") else {
                    assert_rates_in_intervals(rate);
                    continue;
                };
                let rate = rate.as_f64().unwrap();
                let low = map[&format!("{prefix}ci_low")].as_f64().unwrap();
                let high = map[&format!("{prefix}ci_high")].as_f64().unwrap();
                assert!(
                    0.0 <= low && low <= rate && rate <= high && high <= 1.0,
                    "{key}: {low} <= {rate} <= {high} in {value}"
                );
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(assert_rates_in_intervals),
        _ => {}
    }
}

/// The report's tables agree with each other and with the `n` games played at each of
/// the player counts `counts`, with the base box.
fn assert_report_adds_up(report: &serde_json::Value, n: u64, counts: &[u64]) {
    let games = n * counts.len() as u64;
    assert_eq!(report["players"], serde_json::json!(counts));
    assert_eq!(num(report, "games"), games);
    assert_eq!(num(report, "completed"), games);
    assert_eq!(report["errors"], serde_json::json!([]));
    assert_rates_in_intervals(report);
    // One winner a game: the wins of every win table add up to the games, and its games
    // to the seats played.
    let seat_games: u64 = counts.iter().map(|p| n * p).sum();
    for table in ["bots", "player_counts", "seats", "turn_order", "bot_seats"] {
        let rows = rows(report, table);
        let wins: u64 = rows.iter().map(|r| num(r, "wins")).sum();
        assert_eq!(wins, games, "{table}");
        let played: u64 = rows.iter().map(|r| num(r, "games")).sum();
        assert_eq!(played, seat_games, "{table}");
    }
    for &players in counts {
        for table in ["seats", "turn_order"] {
            let rows: Vec<_> = rows(report, table)
                .iter()
                .filter(|r| num(r, "players") == players)
                .collect();
            assert_eq!(rows.len() as u64, players, "{table}");
            assert_eq!(rows.iter().map(|r| num(r, "wins")).sum::<u64>(), n);
            assert!(rows.iter().all(|r| num(r, "games") == n), "{table}");
        }
    }
    // Every game is decided in some round; every failed run has one killer.
    let advs = rows(report, "adventurers");
    assert_eq!(advs.len(), BASE_ADVENTURERS.len());
    assert_eq!(advs.iter().map(|r| num(r, "decided")).sum::<u64>(), games);
    let runs: u64 = advs.iter().map(|r| num(r, "runs")).sum();
    let failed: u64 = runs - advs.iter().map(|r| num(r, "successes")).sum::<u64>();
    let killers = rows(report, "killers");
    assert_eq!(killers.iter().map(|r| num(r, "kills")).sum::<u64>(), failed);
    assert!(killers.iter().all(|r| num(r, "failed_runs") == failed));
    for (id, _) in BASE_MONSTERS {
        assert!(killers.iter().any(|r| r["monster"] == id), "no {id}");
    }
    // Equipment: 24 (adventurer, tile) rows, each tile in play every round of its adventurer.
    let equipment = rows(report, "equipment");
    assert_eq!(equipment.len(), 24);
    for e in equipment {
        let adv = advs
            .iter()
            .find(|a| a["adventurer"] == e["adventurer"])
            .unwrap();
        assert!(num(e, "set_aside") <= num(e, "rounds"), "{e}");
        assert!(num(e, "rounds") >= num(adv, "runs"), "{e}");
    }
    let share: f64 = equipment
        .iter()
        .map(|e| e["share_of_set_asides"].as_f64().unwrap())
        .sum();
    assert!((share - 1.0).abs() < 1e-9, "shares add up to {share}");
    assert_sanity_adds_up(report, counts);
}

/// "Does this look like a game?" agrees with the tables it could be read from.
fn assert_sanity_adds_up(report: &serde_json::Value, counts: &[u64]) {
    let sanity = &report["sanity"];
    let checks = sanity["checks"].as_array().expect("sanity.checks");
    let check = |measure: &str, players: Option<u64>| {
        checks
            .iter()
            .find(|c| c["measure"] == measure && c["players"].as_u64() == players)
            .unwrap_or_else(|| panic!("no {measure} check for {players:?}"))
    };
    let mut groups: Vec<Option<u64>> = counts.iter().map(|&p| Some(p)).collect();
    if counts.len() > 1 {
        groups.push(None);
    }
    for &p in counts {
        let first = rows(report, "turn_order")
            .iter()
            .find(|r| num(r, "players") == p && num(r, "position") == 0)
            .unwrap();
        let c = check("first_player_wins", Some(p));
        assert_eq!(
            (num(c, "total"), num(c, "count")),
            (num(first, "games"), num(first, "wins"))
        );
        let goal = 1.0 / p as f64 + 0.2;
        assert!((c["at_most"].as_f64().unwrap() - goal).abs() < 1e-12, "{c}");
    }
    // Over all counts: the rounds are the adventurers' runs, the tiles every set-aside.
    let advs = rows(report, "adventurers");
    let runs: u64 = advs.iter().map(|r| num(r, "runs")).sum();
    let successes: u64 = advs.iter().map(|r| num(r, "successes")).sum();
    let set_aside: u64 = rows(report, "equipment")
        .iter()
        .map(|e| num(e, "set_aside"))
        .sum();
    let all = *groups.last().unwrap();
    let mean = check("set_aside_per_round", all);
    assert_eq!((num(mean, "total"), num(mean, "count")), (runs, set_aside));
    assert_eq!(mean["at_least"], 1.0);
    assert_eq!(num(check("runs_succeed", all), "count"), successes);
    assert_eq!(num(check("runs_fail", all), "count"), runs - successes);
    for &g in &groups {
        // Judged at each count, not over all.
        for c in checks.iter().filter(|c| c["players"].as_u64() == g) {
            assert_eq!(c["verdict"].is_null(), g.is_none(), "{c}");
            assert_eq!(
                num(c, "total"),
                num(check(c["measure"].as_str().unwrap(), g), "total")
            );
        }
        let s = num(check("runs_succeed", g), "count");
        let f = num(check("runs_fail", g), "count");
        assert_eq!(s + f, num(check("set_aside_per_round", g), "total"));
        let shares: Vec<_> = sanity["adventurers"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|a| a["players"].as_u64() == g)
            .collect();
        assert_eq!(shares.len(), BASE_ADVENTURERS.len());
        assert_eq!(shares.iter().map(|a| num(a, "rounds")).sum::<u64>(), s + f);
    }
    for a in advs {
        let over_all = sanity["adventurers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["adventurer"] == a["adventurer"] && s["players"].as_u64() == all)
            .unwrap();
        assert_eq!(num(over_all, "rounds"), num(a, "runs"));
    }
    // The warnings are the checks out of range.
    let out: Vec<&serde_json::Value> = checks
        .iter()
        .filter(|c| c["verdict"] == "out" || c["verdict"] == "may_be_out")
        .collect();
    assert_eq!(
        sanity["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .collect::<Vec<_>>(),
        out
    );
}

#[test]
fn sim_json_adds_up() {
    // Random bots are quick: enough games for every table to fill.
    let report = sim_json(&[
        "-n",
        "150",
        "--players",
        "3,2",
        "--bots",
        "random",
        "--seed",
        "7",
    ]);
    assert_report_adds_up(&report, 150, &[2, 3]);
    assert_eq!(num(&report, "seed"), 7);
    assert_eq!(report["lineup"], serde_json::json!(["random"]));
}

#[test]
fn sim_rotates_the_seats() {
    // With an even number of two-player games, each bot plays each seat half the time;
    // with three players (rules, random, random) and a multiple of 3, each seat a third.
    let report = sim_json(&["-n", "6", "--players", "2,3", "--bots", "rules,random"]);
    assert_report_adds_up(&report, 6, &[2, 3]);
    for row in rows(&report, "bot_seats") {
        let expected = match (num(row, "players"), row["bot"].as_str().unwrap()) {
            (2, _) => 3,
            (3, "rules") => 2,
            (3, "random") => 4,
            _ => panic!("unexpected row {row}"),
        };
        assert_eq!(num(row, "games"), expected, "{row}");
    }
    assert_eq!(rows(&report, "bot_seats").len(), 2 * 2 + 3 * 2);
    // Bots in the order listed, each kind once.
    let bots: Vec<&str> = rows(&report, "bots")
        .iter()
        .map(|r| r["bot"].as_str().unwrap())
        .collect();
    assert_eq!(bots, ["rules", "random"]);
    assert_eq!(num(&rows(&report, "bots")[1], "games"), 6 + 12);
}

#[test]
fn sim_gives_the_same_bytes_on_any_number_of_threads() {
    let dir = temp_dir("sim-threads");
    let run = |threads: &str, args: &[&str]| {
        let plot = path_str(&dir.join(format!("{threads}.svg")));
        let all = [&["sim", "--threads", threads, "--plot", &plot][..], args].concat();
        let run = dungeon(&all, "");
        run.assert_no_panic();
        assert_eq!(run.code, 0, "{}", run.stderr);
        (run.stdout, std::fs::read(&plot).unwrap())
    };
    let cases: [&[&str]; 3] = [
        &["-n", "8", "--bots", "rules,random", "--json"],
        &[
            "-n",
            "200",
            "--players",
            "2,3,4",
            "--bots",
            "random",
            "--seed",
            "40",
        ],
        &[
            "-n",
            "100",
            "--players",
            "4",
            "--bots",
            "random",
            "--csv",
            "--variant",
        ],
    ];
    for args in cases {
        let one = run("1", args);
        let two = run("2", args);
        assert!(
            one.0 == two.0,
            "sim {args:?}: 1 thread\n{}\n2 threads\n{}",
            one.0,
            two.0
        );
        assert!(one.1 == two.1, "sim {args:?}: the plots differ");
    }
}

#[test]
fn sim_csv_has_a_header_and_one_row_per_key() {
    let run = dungeon(&["sim", "-n", "10", "--bots", "rules,random", "--csv"], "");
    run.assert_no_panic();
    assert_eq!(run.code, 0, "{}", run.stderr);
    let mut lines = run.stdout.lines();
    assert_eq!(
        lines.next(),
        Some("table,key,total,count,rate,ci_low,ci_high")
    );
    let mut keys = std::collections::BTreeSet::new();
    for line in lines {
        let cells: Vec<&str> = line.split(',').collect();
        assert_eq!(cells.len(), 7, "{line}");
        assert!(keys.insert((cells[0], cells[1])), "a second row for {line}");
        let total: u64 = cells[2].parse().unwrap();
        let count: u64 = cells[3].parse().unwrap();
        let [rate, low, high] = [4, 5, 6].map(|i| cells[i].parse::<f64>().unwrap());
        // The tiles set aside per round are a mean: count/total, up to an adventurer's
        // six tiles.
        let mean = cells[0] == "sanity_set_aside_per_round"
            || cells[1].starts_with("set_aside_per_round/");
        let most = if mean { 6.0 } else { 1.0 };
        assert!(mean || count <= total, "{line}");
        assert!(
            0.0 <= low && low <= rate && rate <= high && high <= most,
            "{line}"
        );
        let expected = if total == 0 {
            0.0
        } else {
            count as f64 / total as f64
        };
        assert!((rate - expected).abs() < 1e-6, "{line}");
    }
    for key in [
        ("bots", "random"),
        ("player_counts", "2p/random"),
        ("seats", "2p/seat1"),
        ("turn_order", "2p/turn0"),
        ("bot_seats", "2p/seat0/random"),
        ("adventurer_success", "warrior"),
        ("adventurer_runner_won", "rogue"),
        ("equipment_set_aside", "barbarian/torch"),
        ("killers", "dragon"),
        ("sanity_first_player", "2p"),
        ("sanity_set_aside_per_round", "2p"),
        ("sanity_runs_succeed", "2p"),
        ("sanity_runs_fail", "2p"),
        ("sanity_adventurer", "2p/mage"),
    ] {
        assert!(keys.contains(&key), "no row {key:?}:\n{}", run.stdout);
    }
}

#[test]
fn sim_plot_is_an_svg_with_one_error_bar_per_row() {
    let dir = temp_dir("sim-plot");
    let plot = path_str(&dir.join("wins.svg"));
    let args = [
        "sim",
        "-n",
        "100",
        "--players",
        "2,3",
        "--bots",
        "random",
        "--json",
    ];
    let run = dungeon(&[&args[..], &["--plot", &plot]].concat(), "");
    run.assert_no_panic();
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let text = std::fs::read_to_string(&plot).unwrap();
    let svg = roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{e}:\n{text}"));
    let root = svg.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let count = |class: &str| {
        svg.descendants()
            .filter(|n| n.attribute("class") == Some(class))
            .count()
    };
    // Panels: "Does this look like a game?", bots, player counts (two counts), seats,
    // turn order, adventurers.
    let plotted: usize = [
        "bots",
        "player_counts",
        "seats",
        "turn_order",
        "adventurers",
    ]
    .iter()
    .map(|t| rows(&report, t).len())
    .sum();
    // The sanity panel: a row per check and per count's most chosen adventurer (2, 3,
    // all); the tiles set aside per round, a mean, are written, not drawn.
    let sanity = &report["sanity"];
    let checks = sanity["checks"].as_array().unwrap();
    let means = checks
        .iter()
        .filter(|c| c["measure"] == "set_aside_per_round")
        .count();
    assert_eq!(checks.len(), 2 + 3 * 3);
    assert_eq!(count("row"), plotted + checks.len() + 3);
    assert_eq!(count("ci"), plotted + checks.len() - means + 3);
    assert_eq!(count("rate"), plotted + checks.len() - means + 3);
    assert_eq!(count("goal"), checks.len() - means, "a red tick a goal");
    let warnings = sanity["warnings"].as_array().unwrap().len();
    assert_eq!(
        count("warning"),
        warnings.max(1),
        "each warning, or the line of none"
    );
    assert_eq!(count("panel"), 6);
    assert_eq!(count("reference"), 6, "one 50% line a panel");
    assert_eq!(count("grid"), 6 * 11, "gridlines every 10%");
    let all_text: String = svg
        .descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect();
    for expected in [
        "Warrior",
        "0%",
        "50%",
        "100%",
        "200 games",
        "packs base",
        "Does this look like a game?",
        "3 players: first player's wins",
        "all counts: runs that fail",
        "most chosen: ",
    ] {
        assert!(all_text.contains(expected), "no `{expected}` in the plot");
    }
}

#[test]
fn sim_reports_games_that_fail_with_their_seed() {
    let dir = temp_dir("sim-errors");
    let manifest = boom::write_pack(&dir);
    let manifest = path_str(&manifest);
    let args = [
        "--pack",
        &manifest,
        "sim",
        "--packs",
        "boom",
        "-n",
        "10",
        "--bots",
        "rules,random",
    ];
    let run = dungeon(&args, "");
    run.assert_no_panic();
    assert_eq!(run.code, 1, "{}\n{}", run.stdout, run.stderr);
    let failed: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.starts_with("game "))
        .collect();
    assert!(!failed.is_empty() && failed.len() < 10, "{}", run.stderr);
    for line in &failed {
        // "game I (seed S): ...", with S = 1 + I.
        let (game, rest) = line["game ".len()..].split_once(" (seed ").unwrap();
        let (seed, error) = rest.split_once("): ").unwrap();
        assert_eq!(
            seed.parse::<u64>().unwrap(),
            game.parse::<u64>().unwrap() + 1
        );
        assert!(error.contains("boom"), "{line}");
    }
    assert!(
        run.stdout
            .contains(&format!("{} games stopped on an error", failed.len())),
        "{}",
        run.stdout
    );
    // The games that finished are still reported.
    let report = sim_json_with(&[&args[..], &["--json"]].concat(), 1);
    assert_eq!(
        num(&report, "completed") + report["errors"].as_array().unwrap().len() as u64,
        10
    );
}

/// `dungeon ARGS` (with --json among them), expecting exit code `code`, parsed.
fn sim_json_with(args: &[&str], code: i32) -> serde_json::Value {
    let run = dungeon(args, "");
    run.assert_no_panic();
    assert_eq!(run.code, code, "{}", run.stderr);
    serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("{e}:\n{}", run.stdout))
}

#[test]
fn sim_refuses_bad_options_with_exit_code_2() {
    let dir = temp_dir("sim-bad");
    let unwritable = path_str(&dir.join("no-such-folder").join("plot.svg"));
    for (args, message) in [
        (vec!["--players", "5"], "--players must be 2 to 4, not 5"),
        (vec!["--players", "2,1"], "--players must be 2 to 4, not 1"),
        (vec!["--threads", "0"], "--threads must be 1 to 1024"),
        (vec!["--threads", "100000"], "--threads must be 1 to 1024"),
        (vec!["-n", "0"], "-n must be at least 1"),
        (vec!["--bots", "rules,rules,rules"], "--bots lists 3 bots"),
        (
            vec!["--adventurer", "nobody"],
            "unknown adventurer `nobody`",
        ),
        (vec!["--plot", &unwritable], "cannot write the chart to"),
        (vec!["--bots", "ismcts:0"], "unknown bot `ismcts:0`"),
        (
            vec!["--bots", "hard:4294967295"],
            "hard:ITERATIONS (1 to 100000)",
        ),
    ] {
        let n: &[&str] = if args.contains(&"-n") {
            &[]
        } else {
            &["-n", "2"]
        };
        let run = dungeon(&[&["sim"][..], n, &args].concat(), "");
        run.assert_no_panic();
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(message), "{args:?}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{args:?}: {}", run.stdout);
    }
}

#[test]
fn sim_with_an_unknown_bot_is_a_clear_error() {
    let run = dungeon(&["sim", "-n", "5", "--bots", "random,wizard"], "");
    run.assert_no_panic();
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("unknown bot `wizard`") && run.stderr.contains("random, rules"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.is_empty(), "{}", run.stdout);
}

// --- --pack ------------------------------------------------------------------------------

fn broken_pack(dir: &Path, name: &str, text: &str) -> (String, Run) {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let path = path_str(&path);
    let run = dungeon(&["--pack", &path, "cards"], "");
    run.assert_no_panic();
    (path, run)
}

#[test]
fn a_broken_pack_file_reports_path_line_column_and_the_line() {
    let dir = temp_dir("pack");
    // A TOML syntax error.
    let (path, run) = broken_pack(
        &dir,
        "syntax.toml",
        "[pack]\nid = \"broken\nversion = \"1.0.0\"\n",
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains(&format!("{path}:2:")),
        "no {path}:2:COL in:\n{}",
        run.stderr
    );
    assert!(run.stderr.contains("2 | id = \"broken"), "{}", run.stderr);

    // A field the format does not know.
    let (path, run) = broken_pack(
        &dir,
        "field.toml",
        r#"[pack]
id = "fieldy"
version = "1.0.0"
engine_api = 1
languages = ["en"]
name = { en = "Fieldy" }

[[monster]]
id = "imp"
strenght = 1
name = { en = "Imp" }
"#,
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains(&format!("{path}:10:1")),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("10 | strenght = 1"), "{}", run.stderr);
    assert!(run.stderr.contains("strenght"), "{}", run.stderr);

    // An adventurer carrying equipment no pack defines (found when the catalog is built).
    let (path, run) = broken_pack(
        &dir,
        "unknown.toml",
        r#"[pack]
id = "unknowny"
version = "1.0.0"
engine_api = 1
languages = ["en"]
name = { en = "Unknowny" }

[[monster]]
id = "imp"
strength = 1
name = { en = "Imp" }

[[adventurer]]
id = "hero"
hp = 3
equipment = ["no_such_tile"]
name = { en = "Hero" }
"#,
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains(&format!("{path}:16:")),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("no_such_tile"), "{}", run.stderr);
    assert!(
        run.stderr.contains("16 | equipment = [\"no_such_tile\"]"),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_dir_all(dir);
}

// --- dungeon play: the odds key -----------------------------------------------------------

/// Whether a line (or what follows a prompt) was printed by the `o` key.
fn is_odds_line(line: &str) -> bool {
    line.starts_with("Your odds of surviving")
        || (line.starts_with("With ") && line.contains(" put in: ") && line.ends_with('%'))
        || line.starts_with("(an estimate")
        || line.starts_with("Odds are about your own run")
        || (line.starts_with("  ") && line.ends_with('%'))
}

/// The output of a game without what the `o` key added: each `o` prints the odds after
/// the prompt, then the same prompt again.
fn without_odds(out: &str) -> String {
    out.lines()
        .filter(|line| {
            let shown = line.split_once("quit: ").map_or(*line, |(_, rest)| rest);
            !is_odds_line(shown)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn odds_key_leaves_the_game_unchanged() {
    let plain = dungeon(
        &[
            "play",
            "--seed",
            "2",
            "--delay",
            "0",
            "--adventurer",
            "warrior",
        ],
        &"1\n".repeat(400),
    );
    let asked = dungeon(
        &[
            "play",
            "--seed",
            "2",
            "--delay",
            "0",
            "--adventurer",
            "warrior",
        ],
        &"o\n1\n".repeat(400),
    );
    asked.assert_no_panic();
    assert_eq!(asked.code, 0, "{}", asked.stderr);
    assert!(winner_line(&plain.stdout).is_some(), "{}", plain.stdout);
    // Asked while bidding, at the Vorpal Sword's question in the player's own run, and
    // where it means nothing (choosing the next adventurer).
    for said in [
        "Your odds of surviving the dungeon as it stands: ",
        "Your odds of surviving, with each answer:",
        "Odds are about your own run",
        "Choose (1-8), o for your odds, s to save, q to quit: ",
    ] {
        assert!(
            asked.stdout.contains(said),
            "no `{said}` in:\n{}",
            asked.stdout
        );
    }
    assert_eq!(
        without_odds(&asked.stdout),
        without_odds(&plain.stdout),
        "asking for the odds changed the game"
    );
}

/// The lines the odds key printed last, up to the prompt shown again.
fn last_odds(out: &str) -> Vec<String> {
    let lines: Vec<&str> = out.lines().collect();
    let start = lines
        .iter()
        .rposition(|l| l.contains("quit: Your odds"))
        .unwrap_or_else(|| panic!("no odds in:\n{out}"));
    let mut odds = vec![lines[start].split_once("quit: ").unwrap().1.to_string()];
    odds.extend(
        lines[start + 1..]
            .iter()
            .take_while(|l| is_odds_line(l))
            .map(|l| l.to_string()),
    );
    odds
}

/// The ids of cards named in English in the play output, by commas ("Holy Grail (+3)" is
/// holy_grail, "Goblin (1, goblin)" is goblin).
fn card_ids(names: &str) -> String {
    let mut bare = String::new();
    let mut depth = 0;
    for c in names.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            c if depth == 0 => bare.push(c),
            _ => {}
        }
    }
    bare.split(',')
        .map(|n| n.trim().to_lowercase().replace(' ', "_"))
        .collect::<Vec<_>>()
        .join(",")
}

/// The value after `prefix` on the last line of the last decision block that has it.
fn status_field<'o>(block: &'o [String], prefix: &str) -> Option<&'o str> {
    block.iter().rev().find_map(|l| l.strip_prefix(prefix))
}

/// `dungeon odds` for what the last decision block of a game shows the player.
fn odds_command_for(block: &[String]) -> Run {
    let tiles = status_field(block, "Warrior (")
        .and_then(|l| l.split_once("Equipment: "))
        .map(|(_, t)| card_ids(t))
        .expect("the adventurer line");
    let sizes = status_field(block, "Dungeon: ").expect("the dungeon line");
    // "13 cards. Deck: 0 cards."
    let words: Vec<&str> = sizes.split(' ').collect();
    let (size, deck) = (words[0].to_string(), words[3].to_string());
    let known = status_field(block, "You added this round: ").map_or(String::new(), card_ids);
    let seen = status_field(block, "You set aside: ").map_or(String::new(), card_ids);
    let mut args = vec![
        "odds",
        "--adventurer",
        "warrior",
        "--tiles",
        &tiles,
        "--dungeon",
        &size,
        "--deck",
        &deck,
        "--known",
        &known,
    ];
    if !seen.is_empty() {
        args.extend(["--seen", &seen]);
    }
    let run = dungeon(&args, "");
    run.assert_no_panic();
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    run
}

#[test]
fn odds_key_agrees_with_dungeon_odds() {
    // Seed 1: three tiles given up, two unknown cards in the dungeon.
    let game = dungeon(
        &[
            "play",
            "--seed",
            "1",
            "--delay",
            "0",
            "--adventurer",
            "warrior",
        ],
        "1\n2\n1\n2\no\nq\n",
    );
    assert_eq!(game.code, 0, "{}", game.stderr);
    let shown = last_odds(&game.stdout);
    assert_eq!(
        shown,
        ["Your odds of surviving the dungeon as it stands: 65.45%"],
        "{}",
        game.stdout
    );
    let odds = odds_command_for(&last_decision_block(&game.stdout));
    assert!(
        odds.stdout.contains("Chance of surviving: 65.45% (36/55)"),
        "{}",
        odds.stdout
    );

    // Seed 4: the Vorpal Sword's question on entering a dungeon of cards the player added.
    let game = dungeon(
        &[
            "play",
            "--seed",
            "4",
            "--delay",
            "0",
            "--adventurer",
            "warrior",
        ],
        &format!("{}o\nq\n", "1\n".repeat(8)),
    );
    assert_eq!(game.code, 0, "{}", game.stderr);
    let shown = last_odds(&game.stdout);
    assert_eq!(shown[0], "Your odds of surviving, with each answer:");
    let odds = odds_command_for(&last_decision_block(&game.stdout));
    let options: Vec<&str> = odds
        .stdout
        .lines()
        .skip_while(|l| !l.ends_with("With each answer:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .collect();
    assert_eq!(options.len(), 8, "{}", odds.stdout);
    assert_eq!(shown[1..], options, "{}", game.stdout);
}

#[test]
fn odds_key_falls_back_to_an_estimate_and_says_so() {
    // The sequel's rich tiles and special monsters: by the end of this round, too many
    // cases to count within the table's budget. (Seed 28: seed 4's last dungeon became
    // countable once the odds stopped telling apart runs that faced different species.)
    let game = dungeon(
        &[
            "play",
            "--packs",
            "sequel",
            "--seed",
            "28",
            "--delay",
            "0",
            "--adventurer",
            "ninja",
        ],
        // Drawing and putting in each card, asking the odds each time.
        &format!("{}o\nq\n", "o\n1\n".repeat(11)),
    );
    game.assert_no_panic();
    assert_eq!(game.code, 0, "{}", game.stderr);
    // A drawn card in hand: the odds as the dungeon stands, with the card put in, and
    // the note that both were sampled.
    let shown = last_odds(&game.stdout);
    assert_eq!(shown.len(), 3, "{}", game.stdout);
    assert!(shown[0].starts_with("Your odds of surviving the dungeon as it stands: "));
    assert!(
        shown[1].starts_with("With Vampire put in: "),
        "{}",
        game.stdout
    );
    assert_eq!(
        shown[2],
        "(an estimate from sampled dungeons: too many cases to count them all)"
    );
    // Smaller dungeons earlier in the round were counted exactly.
    let exact = game
        .stdout
        .matches("Your odds of surviving the dungeon as it stands")
        .count();
    assert!(exact > 2, "{}", game.stdout);
}

// --- dungeon check, --pack and --pack-root with hostile packs ----------------------------

/// Whether `s` holds a character a terminal would act on (line feeds aside).
fn has_terminal_controls(s: &str) -> bool {
    dungeon_engine::printable::has_controls(&s.replace('\t', " "))
}

/// A pack whose every text tries to take over the terminal: clear the screen, set the
/// window title, ring, recolour with a C1 CSI, reverse the text, and overwrite the line
/// with a fake "every check passed".
const TERMINAL_ATTACK: &str = r#"[pack]
id = "noisy"
version = "1.0\u001B[2J\u001B[H"
engine_api = 1
languages = ["en"]
requires = ["base"]
name = { en = "Noisy\u001B]0;pwned\u0007" }
description = { en = "\u009B31mred\u202Edesrever" }

[[adventurer]]
id = "shouter"
hp = 3
equipment = ["bell"]
name = { en = "Shouter\u0007\u0007" }
text = { en = "x\r0 errors, 0 warnings; every check passed" }

[[equipment]]
id = "bell"
hp = 1
name = { en = "Bell\u001B[8m hidden" }
text = { en = "+1 HP.\u001B[0m" }
"#;

#[test]
fn check_and_cards_show_a_packs_text_escaped() {
    let dir = temp_dir("noisy");
    let path = dir.join("noisy.toml");
    // TOML lets C1 controls and bidi overrides stand raw in strings and quoted keys: the
    // source lines and messages that quote them must escape them too.
    let raw = "\n[[monster]]\nid = \"imp\"\nstrength = 1\nname = { en = \"Imp\u{9b}2J\u{202e}pmi\" }\n\"lurk\u{9b}s\" = 1\n";
    std::fs::write(&path, format!("{TERMINAL_ATTACK}{raw}")).unwrap();
    let path = path_str(&path);
    let run = dungeon(&["check", &path], "");
    run.assert_no_panic();
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(!has_terminal_controls(&run.stdout), "{:?}", run.stdout);
    assert!(
        run.stdout.contains(&format!(
            "{path}:27:1: error: monster `imp`: unknown field `lurk\\u{{9b}}s`"
        )),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("26 | name = { en = \"Imp\\u{9b}2J\\u{202e}pmi\" }"),
        "{}",
        run.stdout
    );
    for line in [3, 7, 8, 14, 15, 20, 21, 26] {
        let at = format!("{path}:{line}:");
        assert!(
            run.stdout
                .lines()
                .any(|l| l.starts_with(&at) && l.contains("warning: text with control characters")),
            "no warning at {at}:\n{}",
            run.stdout
        );
    }
    assert!(
        run.stdout.contains("(`x\\r0 errors, 0 warnings; every"),
        "{}",
        run.stdout
    );
    // Without the unknown key, the pack loads; `dungeon cards` lists its text escaped.
    let clean = raw.replace("\"lurk\u{9b}s\" = 1\n", "");
    std::fs::write(&path, format!("{TERMINAL_ATTACK}{clean}")).unwrap();
    let run = dungeon(&["--pack", &path, "cards", "--packs", "noisy"], "");
    run.assert_no_panic();
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(!has_terminal_controls(&run.stdout), "{:?}", run.stdout);
    assert!(!has_terminal_controls(&run.stderr), "{:?}", run.stderr);
    assert!(
        run.stdout
            .contains("Noisy\\x1b]0;pwned\\x07 (noisy 1.0\\x1b[2J\\x1b[H)"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("Bell\\x1b[8m hidden [bell]"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("Imp\\u{9b}2J\\u{202e}pmi [imp]"),
        "{}",
        run.stdout
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn check_reports_every_path_out_of_the_folder_and_quotes_nothing_from_outside() {
    let path = "tests/packs/hostile_files/escape/escape.toml";
    let run = dungeon(&["check", path], "");
    run.assert_no_panic();
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert!(
        run.stdout.starts_with(&format!("== escape ({path})")),
        "{}",
        run.stdout
    );
    for line in [11, 23, 29, 35, 41, 47] {
        assert!(
            run.stdout.contains(&format!("{path}:{line}:")),
            "no line {line}:\n{}",
            run.stdout
        );
    }
    assert!(!run.stdout.contains("root:"), "{}", run.stdout);
    assert!(run.stdout.contains("6 errors"), "{}", run.stdout);
}

#[test]
fn only_pack_root_widens_a_packs_folder() {
    // The repository's own packs keep their scripts beside `cards/`.
    let run = dungeon(
        &["--pack", "cards/base.toml", "cards", "--packs", "base"],
        "",
    );
    run.assert_no_panic();
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(
        run.stderr.contains("cards/base.toml:10:11: error: the script folder `../scripts/base` is outside the pack's folder `cards`")
            && run.stderr.contains("--pack-root"),
        "{}",
        run.stderr
    );
    let run = dungeon(
        &[
            "--pack-root",
            ".",
            "--pack",
            "cards/base.toml",
            "cards",
            "--packs",
            "base",
        ],
        "",
    );
    run.assert_no_panic();
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("[warrior]"), "{}", run.stdout);
    let run = dungeon(
        &["--pack-root", ".", "check", "cards/examples/alchemy.toml"],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert!(run.stdout.contains("0 errors"), "{}", run.stdout);
}

// --- Game records, dungeon replay, saves ---------------------------------------------------

/// A whole game answering 1 to everything, recorded in `dir/name`.
fn recorded_game(dir: &Path, name: &str, seed: &str, extra: &[&str]) -> (PathBuf, Run) {
    let record = dir.join(name);
    let path = path_str(&record);
    let mut args = vec!["play", "--seed", seed, "--delay", "0", "--record", &path];
    args.extend(extra);
    let run = dungeon(&args, &"1\n".repeat(5000));
    run.assert_no_panic();
    assert_eq!(run.code, 0, "{}", run.stderr);
    (record, run)
}

#[test]
fn replay_shows_a_recorded_game_step_by_step() {
    let dir = temp_dir("replay");
    let (record, played) = recorded_game(&dir, "game.json", "7", &["--players", "3"]);
    let path = path_str(&record);
    assert!(
        played
            .stdout
            .contains(&format!("Recording the game in {path}"))
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    let decisions = json["decisions"].as_array().expect("decisions").len();
    assert!(decisions > 10);
    assert_eq!(json["rules_version"], 3);
    assert_eq!(json["packs"][0]["id"], "base");

    let run = dungeon(&["replay", &path], "");
    run.assert_no_panic();
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert!(out.starts_with(&format!("Game record: {path}\nPacks: base\nSeed: 7\n")));
    assert!(
        out.contains("Seats: Player 1, Bot 2 (normal), Bot 3 (normal)"),
        "{out}"
    );
    // Every decision, numbered in order, with who made it.
    let numbers: Vec<usize> = out
        .lines()
        .filter_map(|l| l.strip_prefix('[')?.split_once(']')?.0.parse().ok())
        .collect();
    assert_eq!(numbers, (1..=decisions).collect::<Vec<_>>());
    assert!(out.contains("[1] Player 1: choose "), "{out}");
    // Omniscient: draws show their monster.
    assert!(
        out.lines()
            .any(|l| l.starts_with("Bot 2 (normal) draws a card: ")),
        "{out}"
    );
    // The same end as the game itself (which tells the winner once, in its last line).
    let won = out
        .lines()
        .find_map(|l| l.strip_prefix("*** ")?.strip_suffix(" ***"));
    assert!(won.is_some(), "{out}");
    assert_eq!(won, winner_line(&played.stdout));
    assert!(
        out.ends_with(&format!("End of the game: {decisions} decisions.\n")),
        "{out}"
    );

    // --to N --seat S: the game as seat 2 saw it, up to decision 6.
    let run = dungeon(&["replay", &path, "--to", "6", "--seat", "2"], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let out = &run.stdout;
    assert!(out.contains("Shown as Bot 2 (normal) saw it."), "{out}");
    assert!(out.contains("[6] ") && !out.contains("[7] "), "{out}");
    assert!(out.contains("The table after decision 6:"), "{out}");
    for line in out.lines() {
        assert!(
            !line.starts_with("Player 1 draws a card: ")
                && !line.starts_with("Bot 3 (normal) draws a card: "),
            "seat 2 sees another's draw: {line}"
        );
        assert!(!line.contains("In the dungeon, next card first"), "{line}");
    }
    // Bad --seat and --to are clear errors.
    for (args, says) in [
        (vec!["--seat", "4"], "--seat 4: the game has seats 1 to 3"),
        (vec!["--to", "99999"], "--to 99999: the record has"),
    ] {
        let mut all = vec!["replay", &path];
        all.extend(args);
        let run = dungeon(&all, "");
        assert_eq!(run.code, 2, "{}", run.stdout);
        assert!(run.stderr.contains(says), "{}", run.stderr);
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// Copies the base pack (manifest and scripts) under `dir`, as `--pack` would load it.
fn copy_base_pack(dir: &Path) -> PathBuf {
    std::fs::create_dir_all(dir.join("cards")).unwrap();
    std::fs::create_dir_all(dir.join("scripts/base")).unwrap();
    std::fs::copy(root().join("cards/base.toml"), dir.join("cards/base.toml")).unwrap();
    for entry in std::fs::read_dir(root().join("scripts/base")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(
            entry.path(),
            dir.join("scripts/base").join(entry.file_name()),
        )
        .unwrap();
    }
    dir.join("cards/base.toml")
}

#[test]
fn replay_refuses_a_record_made_with_another_pack_naming_what_changed() {
    let dir = temp_dir("replay-packs");
    let (record, _) = recorded_game(&dir, "game.json", "3", &[]);
    let record = path_str(&record);
    let manifest = copy_base_pack(&dir.join("copy"));
    let manifest_s = path_str(&manifest);
    // The same files elsewhere: accepted.
    // The repository's layout reaches from cards/ into scripts/: the copy's root is given.
    let root = path_str(&dir.join("copy"));
    let run = dungeon(
        &[
            "--pack-root",
            &root,
            "--pack",
            &manifest_s,
            "replay",
            &record,
        ],
        "",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    // One script edited: refused, naming the pack and the file.
    let script = dir.join("copy/scripts/base/vorpal_sword.lua");
    let mut text = std::fs::read_to_string(&script).unwrap();
    text.push_str("\n-- edited\n");
    std::fs::write(&script, text).unwrap();
    let run = dungeon(
        &[
            "--pack-root",
            &root,
            "--pack",
            &manifest_s,
            "replay",
            &record,
        ],
        "",
    );
    run.assert_no_panic();
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(
        run.stderr.contains("made with other packs")
            && run
                .stderr
                .contains("pack `base` has other files: ../scripts/base/vorpal_sword.lua changed"),
        "{}",
        run.stderr
    );
    // The version changed too.
    let text = std::fs::read_to_string(&manifest).unwrap();
    let version = text.lines().find(|l| l.starts_with("version")).unwrap();
    std::fs::write(&manifest, text.replacen(version, "version = \"9.9.9\"", 1)).unwrap();
    let run = dungeon(
        &[
            "--pack-root",
            &root,
            "--pack",
            &manifest_s,
            "replay",
            &record,
        ],
        "",
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("pack `base` is version 9.9.9 here, the game was played with version"),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// A game saved and resumed (in another process, bots restored) makes the same decisions
/// as the same game played through: the two records are the same bytes.
#[test]
fn a_resumed_game_records_the_same_game_as_the_uninterrupted_one() {
    let dir = temp_dir("resume");
    let three = ["--players", "3"];
    let (whole, _) = recorded_game(&dir, "whole.json", "11", &three);
    let save = path_str(&dir.join("save.json"));
    // Six decisions of the human (bots in between), then save and quit.
    let first = dungeon(
        &[
            "play",
            "--seed",
            "11",
            "--delay",
            "0",
            "--players",
            "3",
            "--save",
            &save,
        ],
        "1\n1\n1\n1\n1\n1\ns\nq\n",
    );
    assert_eq!(first.code, 0, "{}", first.stderr);
    let resumed = path_str(&dir.join("resumed.json"));
    let second = dungeon(
        &[
            "play", "--load", &save, "--delay", "0", "--record", &resumed,
        ],
        &"1\n".repeat(5000),
    );
    second.assert_no_panic();
    assert_eq!(second.code, 0, "{}", second.stderr);
    assert_eq!(
        std::fs::read_to_string(&whole).unwrap(),
        std::fs::read_to_string(&resumed).unwrap(),
        "the resumed game went another way"
    );
    // A record is not a save: it has no bot state.
    let run = dungeon(&["play", "--load", &path_str(&whole), "--delay", "0"], "");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("this is a game record, not a save"),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn crafted_saves_and_records_are_refused_with_a_clear_message() {
    let dir = temp_dir("crafted");
    let good = fresh_save(&dir);
    let edit = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
        f(&mut v);
        serde_json::to_string_pretty(&v).unwrap()
    };
    let old = r#"{"format": 1, "packs": "base", "seed": 5, "seats": [], "state": {}}"#;
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "old.json",
            old.into(),
            "older version of dungeon (format 1)",
        ),
        (
            "unknown.json",
            edit(&|v| v["cheat"] = true.into()),
            "not a saved game: unknown field `cheat`",
        ),
        (
            "hp.json",
            edit(&|v| v["state"]["run"]["hp"] = (-3).into()),
            "damaged: the stored game is not where its decisions lead (it differs at state.run.hp)",
        ),
        (
            "passed.json",
            edit(&|v| {
                for p in v["state"]["players"].as_array_mut().unwrap() {
                    p["passed"] = true.into();
                }
            }),
            "differs at state.players[0].passed",
        ),
        (
            "successes.json",
            edit(&|v| v["state"]["players"][1]["successes"] = 5.into()),
            "differs at state.players[1].successes",
        ),
        (
            "tile.json",
            edit(&|v| v["state"]["tiles"] = serde_json::json!([0, 0])),
            "differs at state.tiles",
        ),
        (
            "special.json",
            edit(&|v| v["state"]["public_specials"] = serde_json::json!([4000])),
            "differs at state.public_specials",
        ),
        (
            "winner.json",
            edit(&|v| v["state"]["winner"] = 1.into()),
            "differs at state.winner",
        ),
        (
            "rules.json",
            edit(&|v| v["rules_version"] = 1.into()),
            "rules version 1",
        ),
        (
            "version.json",
            edit(&|v| v["packs"][0]["version"] = "0.0.1".into()),
            "pack `base` is version",
        ),
        (
            "illegal.json",
            edit(&|v| v["decisions"] = serde_json::json!([{"seat": 0, "action": "draw"}])),
            "decision 1, `draw`, was not legal at that point (legal: adventurer:",
        ),
        (
            "bot.json",
            edit(&|v| v["bots"][1] = serde_json::Value::Null),
            "the bots' saved state is not valid",
        ),
        (
            "many.json",
            edit(&|v| {
                v["decisions"] = serde_json::Value::Array(vec![
                    serde_json::json!({"seat": 0, "action": "pass"});
                    20_001
                ]);
            }),
            "20001 decisions, more than a game file may hold",
        ),
    ];
    for (name, text, says) in &cases {
        let run = load_damaged(&dir, name, text);
        assert_eq!(run.code, 2, "{name}: {}{}", run.stdout, run.stderr);
        assert!(
            run.stderr.contains(name) && run.stderr.contains(says),
            "{name}: stderr should name the file and say `{says}`:\n{}",
            run.stderr
        );
        assert!(
            !run.stderr.contains('\u{1b}'),
            "{name}: a raw escape: {}",
            run.stderr
        );
    }
    // A seat's name is not part of the game: another name loads, shown escaped.
    let text = edit(&|v| v["seats"][0]["name"] = "\u{1b}]0;pwned\u{7}".into());
    let named = dir.join("name.json");
    std::fs::write(&named, text).unwrap();
    let run = dungeon(
        &["play", "--load", &path_str(&named), "--delay", "0"],
        "q\n",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("  \\x1b]0;pwned\\x07: 0 successes"),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains('\u{1b}'));
    // Huge, and not a regular file: refused before reading it all.
    let huge = dir.join("huge.json");
    let file = std::fs::File::create(&huge).unwrap();
    file.set_len(64 << 20).unwrap();
    let run = dungeon(&["play", "--load", &path_str(&huge)], "");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("more than a game file may be"),
        "{}",
        run.stderr
    );
    for special in [path_str(&dir), "/dev/zero".to_string()] {
        let run = dungeon(&["replay", &special], "");
        run.assert_no_panic();
        assert_eq!(run.code, 2);
        assert!(
            run.stderr.contains("not a regular file"),
            "{special}: {}",
            run.stderr
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// Every file a command is given by path is read only if it is a regular file: a named
/// pipe is refused without being opened (opening it would wait for a writer for ever),
/// and a device that never ends is refused too. Covers each kind of file a user names:
/// a game to replay or load, a slice of a study to merge, a situation for `odds`.
#[cfg(unix)]
#[test]
fn pipes_and_devices_are_refused_without_waiting_for_them() {
    use std::os::unix::fs::OpenOptionsExt;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let dir = temp_dir("pipes");
    let pipe = dir.join("pipe.json");
    let c_path = std::ffi::CString::new(path_str(&pipe)).unwrap();
    // SAFETY: a valid, NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
    // A command that opened the pipe would wait there: this writer then opens it too and
    // closes it at once, so a regression is counted instead of hanging the suite. (A
    // writer's non-blocking open fails while no reader has the pipe open, so it succeeds
    // only when a command opened it, and never blocks.)
    let done = Arc::new(AtomicBool::new(false));
    let unblock = {
        let (done, pipe) = (done.clone(), pipe.clone());
        std::thread::spawn(move || {
            let mut readers_met = 0;
            while !done.load(Ordering::Relaxed) {
                let writer = std::fs::OpenOptions::new()
                    .write(true)
                    .custom_flags(libc::O_NONBLOCK)
                    .open(&pipe);
                readers_met += usize::from(writer.is_ok());
                std::thread::sleep(Duration::from_millis(50));
            }
            readers_met
        })
    };
    let pipe = path_str(&pipe);
    let runs: [&[&str]; 6] = [
        &["replay", &pipe],
        &["play", "--load", &pipe],
        &["sim", "merge", &pipe],
        &["odds", "--file", &pipe],
        &["odds", "--file", "/dev/zero"],
        &["odds", "--file", "/dev/urandom"],
    ];
    for args in runs {
        let run = dungeon(args, "");
        run.assert_no_panic();
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.contains("not a regular file"),
            "{args:?}: {}",
            run.stderr
        );
    }
    done.store(true, Ordering::Relaxed);
    assert_eq!(unblock.join().unwrap(), 0, "a command opened the pipe");
    let _ = std::fs::remove_dir_all(dir);
}

/// `serve` checks its thread counts before it creates anything: too many game threads used
/// to panic (no memory for their stacks) after creating the database.
#[test]
fn serve_refuses_thread_counts_before_starting() {
    let dir = temp_dir("serve-threads");
    let db = dir.join("tables.sqlite");
    for (flag, count) in [("--threads", "100000"), ("--odds-threads", "5000")] {
        let args = [
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--db",
            &path_str(&db),
            flag,
            count,
        ];
        let run = dungeon(&args, "");
        run.assert_no_panic();
        assert_eq!(run.code, 2, "{flag} {count}: {}", run.stderr);
        assert!(
            run.stderr.contains(&format!("{flag} must be 1 to 1024")),
            "{}",
            run.stderr
        );
        assert!(!db.exists(), "{flag} {count}: the database was created");
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// A seat name with terminal controls, from a record, is shown escaped. (`--names`
/// refuses such a name: the record is edited, as a hostile one would be.)
#[test]
fn names_from_a_record_are_shown_escaped() {
    let dir = temp_dir("escaped");
    let (record, _) = recorded_game(&dir, "game.json", "2", &["--names", "Eve"]);
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(json["seats"][0]["name"], "Eve");
    json["seats"][0]["name"] = "Eve\u{1b}[2J".into();
    std::fs::write(&record, json.to_string()).unwrap();
    let run = dungeon(&["replay", &path_str(&record)], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("Eve\\x1b[2J"), "{}", run.stdout);
    assert!(!run.stdout.contains('\u{1b}'));
    let _ = std::fs::remove_dir_all(dir);
}

/// A pack `id` holding `cards` (TOML) and one script, `card.lua`, in a folder under `dir`.
fn script_pack(dir: &Path, id: &str, cards: &str, script: &str) -> String {
    let folder = dir.join(id);
    std::fs::create_dir_all(folder.join("scripts")).unwrap();
    std::fs::write(folder.join("scripts/card.lua"), script).unwrap();
    let manifest = folder.join(format!("{id}.toml"));
    let header = format!(
        "[pack]\nid = \"{id}\"\nversion = \"1.0.0\"\nengine_api = 1\nlanguages = [\"en\"]\n\
         scripts = \"scripts\"\nname = {{ en = \"{id}\" }}\ndescription = {{ en = \"A test pack.\" }}\n"
    );
    std::fs::write(&manifest, header + cards).unwrap();
    path_str(&manifest)
}

/// The failed move is refused and rolled back, and nothing the script saw reaches the
/// screen: only which card's script failed (a monster only if it is face up once the
/// move is rolled back), and where the full error is.
#[test]
fn a_failing_script_shows_no_hidden_card_and_logs_the_error() {
    let dir = temp_dir("spy");
    let monsters = "[[monster]]\nid = \"secret_imp\"\nstrength = 1\ncopies = 6\nname = { en = \"Imp\" }\n\
                    [[monster]]\nid = \"secret_ogre\"\nstrength = 5\ncopies = 6\nname = { en = \"Ogre\" }\n";
    let scout = |tiles: &str| {
        format!(
            "[[adventurer]]\nid = \"scout\"\nhp = 4\nequipment = [{tiles}]\nname = {{ en = \"Scout\" }}\n"
        )
    };
    let cases = [
        (
            // A tile: every tile is on the table, so it is named.
            "spy",
            format!(
                "{monsters}{}[[equipment]]\nid = \"spyglass\"\nscript = \"card.lua\"\nname = {{ en = \"Spyglass\" }}\n",
                scout("\"spyglass\"")
            ),
            "return { on_reveal = function(ctx, m) error(\"saw the \" .. m.id) end }\n",
            "The script of Spyglass failed, so that move was refused.",
        ),
        (
            // A monster revealed by the failed move is hidden again: not named.
            "snare",
            format!(
                "{monsters}{}[[monster]]\nid = \"snare\"\nstrength = 2\ncopies = 4\nscript = \"card.lua\"\nname = {{ en = \"Snare\" }}\n",
                scout("")
            ),
            "return { on_reveal = function(ctx, m) error(\"saw the \" .. ctx.dungeon_left()) end }\n",
            "A monster card's script failed, so that move was refused.",
        ),
        (
            // A monster face up, asking a question, that fails on the answer: named.
            "sphinx",
            format!(
                "[[monster]]\nid = \"sphinx\"\nstrength = 2\ncopies = 12\nscript = \"card.lua\"\nname = {{ en = \"Sphinx\" }}\n{}",
                scout("")
            ),
            "return { on_reveal = function(ctx, m)\n  ctx.ask_yes_no(\"riddle\")\n  error(\"saw the \" .. ctx.deck_size())\nend }\n",
            "The script of Sphinx failed, so that move was refused.",
        ),
    ];
    for (id, cards, script, says) in cases {
        let manifest = script_pack(&dir, id, &cards, script);
        let record = path_str(&dir.join(id).join("game.json"));
        // A seed whose game reveals each pack's scripted card (the random bot's picks
        // decide whether it does).
        let run = dungeon(
            &[
                "--pack", &manifest, "play", "--packs", id, "--seed", "2", "--delay", "0",
                "--bots", "random", "--record", &record,
            ],
            &"1\n".repeat(400),
        );
        run.assert_no_panic();
        let out = &run.stdout;
        assert!(out.contains(says), "{id}: {}{out}", run.stderr);
        assert!(out.contains("The game is unchanged."), "{id}: {out}");
        let log = dir.join(id).join("dungeon-errors.log");
        assert!(
            out.contains(&format!(
                "The full error is in {}, for the pack's author.",
                path_str(&log)
            )),
            "{id}: {out}"
        );
        assert!(
            !out.contains("saw the"),
            "{id}: the script's message reached the screen:\n{out}"
        );
        assert!(
            !out.contains("card.lua:"),
            "{id}: the script's line reached the screen:\n{out}"
        );
        let logged = std::fs::read_to_string(&log).expect("the log is written");
        assert!(
            logged.contains("saw the ") && logged.contains("card.lua:"),
            "{id}: {logged}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn sim_records_every_game_without_changing_the_results() {
    let dir = temp_dir("sim-records");
    let base = [
        "sim",
        "-n",
        "6",
        "--players",
        "2,3",
        "--bots",
        "rules,random",
        "--json",
        "-q",
    ];
    let plain = dungeon(&base, "");
    assert_eq!(plain.code, 0, "{}", plain.stderr);
    let mut outputs = Vec::new();
    for threads in ["1", "2"] {
        let folder = path_str(&dir.join(threads));
        let mut args = base.to_vec();
        args.extend(["--threads", threads, "--record", &folder]);
        let run = dungeon(&args, "");
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert_eq!(run.stdout, plain.stdout, "--record changed the results");
        let mut files: Vec<(String, String)> = std::fs::read_dir(&folder)
            .unwrap()
            .map(|e| {
                let e = e.unwrap();
                let name = e.file_name().to_string_lossy().into_owned();
                (name, std::fs::read_to_string(e.path()).unwrap())
            })
            .collect();
        files.sort();
        outputs.push(files);
    }
    assert_eq!(outputs[0].len(), 12);
    assert_eq!(outputs[0][0].0, "game-000000.json");
    assert_eq!(
        outputs[0], outputs[1],
        "records differ with the thread count"
    );
    let last = path_str(&dir.join("1").join("game-000011.json"));
    let run = dungeon(&["replay", &last], "");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("End of the game:"), "{}", run.stdout);
    let _ = std::fs::remove_dir_all(dir);
}

/// A negative number given to a numeric option is refused as a value of that option,
/// whichever command and option, never taken for an unknown flag ("unexpected argument
/// '-1'" sent a newcomer looking for a flag that does not exist).
#[test]
fn a_negative_number_is_refused_as_the_value_it_was_given_for() {
    for args in [
        &["play", "--seed", "-1"][..],
        &["sim", "-n", "-5"][..],
        &["sim", "--players", "-2"][..],
        &["sim", "ladder", "--seed", "-3"][..],
        &["soak", "--seed", "-1"][..],
    ] {
        let run = dungeon(args, "");
        run.assert_no_panic();
        let value = args[args.len() - 1];
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(
            run.stderr
                .contains(&format!("invalid value '{value}' for '"))
                && !run.stderr.contains("unexpected argument"),
            "{args:?}: {}",
            run.stderr
        );
    }
}
