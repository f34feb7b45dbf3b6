//! Nothing lost: `dungeon play` saves every game after every decision in the data folder
//! (`DUNGEON_DATA_DIR` here), `--resume` continues it even after `kill -9`, `s` writes the
//! file the game came from and asks before replacing another game, `q` asks first, a
//! signal leaves cleanly, and the line mode plays a whole game from a file of answers.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

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
        "dungeon-play-{}-{}-{name}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A running `dungeon --lang en ARGS` in `dir`, its games kept in `dir/data`.
struct Game {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: Arc<Mutex<String>>,
    stderr: Arc<Mutex<String>>,
}

fn spawn(dir: &Path, args: &[&str], stdin: Stdio) -> Game {
    spawn_in(dir, Some("en"), args, stdin)
}

/// [`spawn`] with `--lang` of `lang`, or none (and no locale: the default language).
fn spawn_in(dir: &Path, lang: Option<&str>, args: &[&str], stdin: Stdio) -> Game {
    let lang: Vec<&str> = lang.map(|l| vec!["--lang", l]).unwrap_or_default();
    let mut child = Command::new(env!("CARGO_BIN_EXE_dungeon"))
        .args(lang)
        .args(args)
        .current_dir(dir)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .env("DUNGEON_DATA_DIR", dir.join("data"))
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the dungeon binary runs");
    let collect = |mut from: Box<dyn Read + Send>| {
        let text = Arc::new(Mutex::new(String::new()));
        let into = text.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = from.read(&mut buf) {
                if n == 0 {
                    break;
                }
                into.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
        text
    };
    let stdout = collect(Box::new(child.stdout.take().unwrap()));
    let stderr = collect(Box::new(child.stderr.take().unwrap()));
    Game {
        stdin: child.stdin.take(),
        child,
        stdout,
        stderr,
    }
}

impl Game {
    fn send(&mut self, input: &str) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        let _ = stdin.write_all(input.as_bytes());
        let _ = stdin.flush();
    }

    fn stdout(&self) -> String {
        self.stdout.lock().unwrap().clone()
    }

    /// Waits until the program has shown `count` prompts.
    fn wait_for_prompts(&self, count: usize) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while prompts(&self.stdout()) < count {
            assert!(
                Instant::now() < deadline,
                "waited for prompt {count}:\n{}",
                self.stdout()
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Closes stdin and waits for the end (a minute at most).
    fn finish(mut self) -> Run {
        drop(self.stdin.take());
        let deadline = Instant::now() + Duration::from_secs(60);
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("`dungeon play` did not finish:\n{}", self.stdout());
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        // The readers see the end of the pipes once the process is gone.
        std::thread::sleep(Duration::from_millis(50));
        #[cfg(unix)]
        let signal = std::os::unix::process::ExitStatusExt::signal(&status);
        #[cfg(not(unix))]
        let signal = None;
        Run {
            code: status.code().unwrap_or(-1),
            signal,
            stdout: self.stdout(),
            stderr: self.stderr.lock().unwrap().clone(),
        }
    }
}

struct Run {
    code: i32,
    #[allow(dead_code)]
    signal: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Run {
    fn assert_ok(&self) {
        assert!(
            !self.stderr.contains("panicked") && self.code == 0,
            "exit {}:\n{}\n{}",
            self.code,
            self.stderr,
            self.stdout
        );
    }
}

/// Runs `dungeon play ARGS` in `dir` with all of `input`.
fn play(dir: &Path, args: &[&str], input: &str) -> Run {
    let mut all = vec!["play"];
    all.extend(args);
    let mut game = spawn(dir, &all, Stdio::piped());
    game.send(input);
    game.finish()
}

fn prompts(out: &str) -> usize {
    out.matches("Choose (").count()
}

/// The files of a folder, by name (none if it does not exist).
fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// A game file's JSON.
fn json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The one game file of the data folder whose name ends with `suffix`.
fn game_file(dir: &Path, suffix: &str) -> PathBuf {
    let games = dir.join("data").join("games");
    let found: Vec<String> = files(&games)
        .into_iter()
        .filter(|f| f.ends_with(suffix) && (suffix != ".json" || !f.ends_with(".finished.json")))
        .collect();
    assert_eq!(found.len(), 1, "{suffix} in {games:?}: {found:?}");
    games.join(&found[0])
}

/// The block of text shown before the `n`th prompt (from 1): the last status and question.
fn block_before_prompt(out: &str, n: usize) -> String {
    let at = out
        .match_indices("Choose (")
        .nth(n - 1)
        .unwrap_or_else(|| panic!("no prompt {n} in:\n{out}"))
        .0;
    let start = out[..at].rfind("\n\n").map_or(0, |i| i + 2);
    out[start..at].to_string()
}

const GAME: [&str; 8] = [
    "--seed",
    "21",
    "--players",
    "3",
    "--bots",
    "rules,random",
    "--delay",
    "0",
];

#[test]
fn kill_9_then_resume_continues_at_the_last_decision_and_ends_the_same() {
    let answers = "1\n".repeat(400);
    // Uninterrupted.
    let whole_dir = temp_dir("whole");
    let whole = play(&whole_dir, &GAME, &answers);
    whole.assert_ok();
    let whole_end = json(&game_file(&whole_dir, ".finished.json"));

    // Killed with SIGKILL after some decisions, waiting at a question.
    let dir = temp_dir("killed");
    let mut game = spawn(&dir, &[&["play"][..], &GAME].concat(), Stdio::piped());
    let decided = 6;
    game.send(&"1\n".repeat(decided));
    game.wait_for_prompts(decided + 1);
    let shown = block_before_prompt(&game.stdout(), decided + 1);
    game.child.kill().unwrap();
    let killed = game.finish();
    #[cfg(unix)]
    assert_eq!(killed.signal, Some(9));
    // The autosave holds every decision answered.
    let autosave = game_file(&dir, ".json");
    let saved = json(&autosave);
    let human = |record: &serde_json::Value| {
        record["decisions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["seat"] == 0)
            .count()
    };
    assert_eq!(human(&saved), decided);
    // No temporary file was left behind by the writes.
    assert_eq!(files(&dir.join("data").join("games")).len(), 1);

    // Resumed: the same question, then the same game to the end.
    let resumed = play(&dir, &["--resume", "--delay", "0"], &answers);
    resumed.assert_ok();
    assert_eq!(block_before_prompt(&resumed.stdout, 1), shown);
    let count = saved["decisions"].as_array().unwrap().len();
    assert!(
        resumed
            .stdout
            .contains(&format!("The game goes on after {count} decisions.")),
        "{}",
        resumed.stdout
    );
    let end = json(&game_file(&dir, ".finished.json"));
    assert_eq!(end["decisions"], whole_end["decisions"]);
    assert_eq!(end["state"], whole_end["state"]);
    assert_eq!(end["bots"], whole_end["bots"]);
    // What the resumed run printed after its first question is how the whole run ended.
    let tail = |out: &str| out[out.rfind("Choose (").unwrap()..].to_string();
    assert_eq!(tail(&resumed.stdout), tail(&whole.stdout));
    // Finished: no longer offered to resume.
    let list = play(&dir, &["--resume", "--list"], "");
    list.assert_ok();
    assert!(
        list.stdout.starts_with("No unfinished game"),
        "{}",
        list.stdout
    );
    for d in [whole_dir, dir] {
        let _ = std::fs::remove_dir_all(d);
    }
}

/// A game open in one `dungeon play` cannot be resumed by another meanwhile (both would
/// write its autosave); once the first is gone, even by `kill -9`, it can.
#[test]
fn a_game_open_elsewhere_is_not_resumed_twice() {
    let dir = temp_dir("open");
    let mut first = spawn(&dir, &[&["play"][..], &GAME].concat(), Stdio::piped());
    first.send("1\n");
    first.wait_for_prompts(2);
    let id = game_file(&dir, ".json")
        .file_name()
        .unwrap()
        .to_string_lossy()
        .trim_end_matches(".json")
        .to_string();
    for args in [&["--resume"][..], &["--resume", &id]] {
        let mut all = args.to_vec();
        all.extend(["--delay", "0"]);
        let second = play(&dir, &all, "1\n");
        assert_eq!(second.code, 2, "{all:?}: {}", second.stdout);
        assert_eq!(second.stdout, "");
        assert!(
            second.stderr.starts_with(&format!(
                "The game `{id}` is open in another `dungeon play`"
            )),
            "{}",
            second.stderr
        );
    }
    first.child.kill().unwrap();
    first.finish();
    let resumed = play(&dir, &["--resume", "--delay", "0"], "q\ny\n");
    resumed.assert_ok();
    assert!(
        resumed.stdout.contains("The game goes on after"),
        "{}",
        resumed.stdout
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// `?`, `h` and `help` at a prompt of the line mode show the help (the rules in short, the
/// commands, every card in play) and ask the same question again; the header says so.
#[test]
fn the_line_mode_has_help_at_every_prompt() {
    let dir = temp_dir("help");
    let run = play(&dir, &["--seed", "3", "--delay", "0"], "?\nh\nHELP\nq\ny\n");
    run.assert_ok();
    let out = &run.stdout;
    assert!(out.contains("Type ? at any prompt"), "{out}");
    assert_eq!(out.matches("The rules in short").count(), 3, "{out}");
    for said in [
        "Ctrl-D",
        "  Dragon (9) ×1",
        "  Vorpal Sword: ",
        "Mage · HP 2",
    ] {
        assert!(out.contains(said), "no `{said}` in:\n{out}");
    }
    assert_eq!(prompts(out), 4, "{out}");
    assert!(!out.contains("Please type a number"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn resume_lists_and_picks_unfinished_games() {
    let dir = temp_dir("list");
    // Two games left unfinished, one finished.
    play(&dir, &["--seed", "1", "--delay", "0"], "1\nq\ny\n").assert_ok();
    std::thread::sleep(Duration::from_millis(1100));
    play(
        &dir,
        &["--seed", "2", "--delay", "0", "--packs", "base,sequel"],
        "q\ny\n",
    )
    .assert_ok();
    std::thread::sleep(Duration::from_millis(1100));
    play(&dir, &["--seed", "3", "--delay", "0"], &"1\n".repeat(400)).assert_ok();
    let games = dir.join("data").join("games");
    let names = files(&games);
    assert_eq!(names.len(), 3, "{names:?}");
    assert_eq!(
        names
            .iter()
            .filter(|n| n.ends_with(".finished.json"))
            .count(),
        1
    );

    let list = play(&dir, &["--resume", "--list"], "");
    list.assert_ok();
    let lines: Vec<&str> = list.stdout.lines().collect();
    assert!(
        lines[0].starts_with("Unfinished games in "),
        "{}",
        list.stdout
    );
    assert_eq!(lines.len(), 3, "{}", list.stdout);
    // The last played first: id, date, packs, players, round, whose turn.
    let (base_sequel, base) = (
        "  base,sequel  You, Bot 2 (normal). Round 1, your turn (3 decisions).",
        "  base  You, Bot 2 (normal). Round 1, your turn (",
    );
    assert!(lines[1].ends_with(base_sequel), "{}", lines[1]);
    assert!(lines[2].contains(base), "{}", lines[2]);
    let id = |line: &str| line.split_whitespace().next().unwrap().to_string();
    let (latest, older) = (id(lines[1]), id(lines[2]));

    // --resume alone: the last played; --resume ID: that one.
    let resumed = play(&dir, &["--resume", "--delay", "0"], "q\ny\n");
    resumed.assert_ok();
    assert!(resumed.stdout.contains("Seed: 2 "), "{}", resumed.stdout);
    assert!(
        resumed.stdout.contains(&format!("--resume {latest}`")),
        "{}",
        resumed.stdout
    );
    let picked = play(&dir, &["--resume", &older, "--delay", "0"], "q\ny\n");
    picked.assert_ok();
    assert!(picked.stdout.contains("Seed: 1 "), "{}", picked.stdout);

    // An id that is not there, finished, or trying to leave the folder is an error, said
    // before anything else.
    let finished = names
        .iter()
        .find_map(|n| n.strip_suffix(".finished.json"))
        .unwrap();
    for bad in ["20000101-000000", "../data/games/x", "x.finished", finished] {
        let run = play(&dir, &["--resume", bad, "--delay", "0"], "");
        assert_eq!(run.code, 2, "{bad}: {}", run.stdout);
        assert_eq!(run.stdout, "", "{bad}");
        assert!(run.stderr.contains("No unfinished game"), "{}", run.stderr);
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn load_then_s_updates_that_file_and_no_other() {
    let dir = temp_dir("load");
    let a = dir.join("a.json");
    let a_s = a.to_string_lossy().into_owned();
    play(
        &dir,
        &["--seed", "5", "--delay", "0", "--save", &a_s],
        "1\ns\nq\ny\n",
    )
    .assert_ok();
    let before = json(&a);
    let other = dir.join("other.json");
    std::fs::write(&other, "my other game").unwrap();
    let data = dir.join("data").join("games");
    let data_before: Vec<(String, Vec<u8>)> = files(&data)
        .into_iter()
        .map(|f| (f.clone(), std::fs::read(data.join(&f)).unwrap()))
        .collect();

    // Loaded and saved at once: A is written, nothing else anywhere.
    let run = play(&dir, &["--load", &a_s, "--delay", "0"], "s\nq\ny\n");
    run.assert_ok();
    assert!(
        run.stdout.contains(&format!("Game saved to {a_s}.")),
        "{}",
        run.stdout
    );
    assert_eq!(files(&dir), ["a.json", "data", "other.json"]);
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "my other game");
    let data_after: Vec<(String, Vec<u8>)> = files(&data)
        .into_iter()
        .map(|f| (f.clone(), std::fs::read(data.join(&f)).unwrap()))
        .collect();
    assert_eq!(data_after, data_before);
    assert_eq!(json(&a)["decisions"], before["decisions"]);

    // After a decision, `s` puts it in A; the only other file written is the game's own
    // autosave in the data folder.
    let run = play(&dir, &["--load", &a_s, "--delay", "0"], "1\ns\nq\ny\n");
    run.assert_ok();
    let after = json(&a);
    let (b, n) = (
        before["decisions"].as_array().unwrap(),
        after["decisions"].as_array().unwrap(),
    );
    assert!(
        n.len() > b.len() && n[..b.len()] == b[..],
        "A holds the game, one decision on"
    );
    assert_eq!(files(&dir), ["a.json", "data", "other.json"]);
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "my other game");
    assert!(!dir.join("dungeon-save.json").exists());
    let new_files: Vec<String> = files(&data)
        .into_iter()
        .filter(|f| !data_before.iter().any(|(g, _)| g == f))
        .collect();
    assert_eq!(new_files.len(), 1, "{new_files:?}");
    assert_eq!(
        json(&data.join(&new_files[0]))["decisions"],
        after["decisions"]
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn saving_over_another_game_asks_first() {
    let dir = temp_dir("other");
    let other = dir.join("other.json");
    let other_s = other.to_string_lossy().into_owned();
    play(
        &dir,
        &["--seed", "8", "--delay", "0", "--save", &other_s],
        "s\nq\ny\n",
    )
    .assert_ok();
    let theirs = std::fs::read(&other).unwrap();
    // Another game's `s` to that file: asked, refused, untouched.
    let args = ["--seed", "9", "--delay", "0", "--save", &other_s];
    let run = play(&dir, &args, "s\nn\nq\ny\n");
    run.assert_ok();
    assert!(
        run.stdout
            .contains(&format!("{other_s} holds another game")),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("Not saved."), "{}", run.stdout);
    assert_eq!(std::fs::read(&other).unwrap(), theirs);
    // Asked, accepted: replaced.
    let run = play(&dir, &args, "s\ny\nq\ny\n");
    run.assert_ok();
    assert!(
        run.stdout.contains(&format!("Game saved to {other_s}.")),
        "{}",
        run.stdout
    );
    assert_eq!(json(&other)["seed"], 9);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn q_asks_before_leaving() {
    let dir = temp_dir("quit");
    let run = play(&dir, &["--seed", "2", "--delay", "0"], "q\nn\nq\ny\n");
    run.assert_ok();
    let asked = "Leave the game? It is saved after every move; `dungeon play --resume` continues it. (y/N) ";
    assert_eq!(run.stdout.matches(asked).count(), 2, "{}", run.stdout);
    // After "n", the same question again.
    assert_eq!(prompts(&run.stdout), 2, "{}", run.stdout);
    assert!(run.stdout.trim_end().ends_with("`."), "{}", run.stdout);
    let _ = std::fs::remove_dir_all(dir);
}

#[cfg(unix)]
#[test]
fn a_signal_leaves_cleanly_and_keeps_the_game() {
    for (signal, name) in [
        (libc::SIGINT, "INT"),
        (libc::SIGTERM, "TERM"),
        (libc::SIGHUP, "HUP"),
    ] {
        let dir = temp_dir(name);
        let mut game = spawn(&dir, &[&["play"][..], &GAME].concat(), Stdio::piped());
        game.send("1\n1\n");
        game.wait_for_prompts(3);
        // SAFETY: sending a signal to our own child process.
        assert_eq!(unsafe { libc::kill(game.child.id() as i32, signal) }, 0);
        let run = game.finish();
        assert_eq!(
            run.code,
            128 + signal,
            "SIG{name}: {}\n{}",
            run.stderr,
            run.stdout
        );
        assert!(
            run.stdout
                .contains("Stopped. The game is saved: continue it with `dungeon play --resume "),
            "SIG{name}: {}",
            run.stdout
        );
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
        let saved = json(&game_file(&dir, ".json"));
        assert_eq!(
            saved["decisions"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| d["seat"] == 0)
                .count(),
            2
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn plain_plays_a_whole_game_from_a_file_of_answers() {
    let dir = temp_dir("answers");
    let path = root().join("cli/tests/play/answers-seed7.txt");
    let answers = std::fs::read_to_string(&path).unwrap();
    let args = [
        "play",
        "--plain",
        "--seed",
        "7",
        "--players",
        "3",
        "--bots",
        "rules,random",
        "--packs",
        "base,sequel",
        "--delay",
        "0",
    ];
    let file = std::fs::File::open(&path).unwrap();
    let run = spawn(&dir, &args, Stdio::from(file)).finish();
    run.assert_ok();
    // Every answer was taken as it came, and the game went to its end.
    assert!(!run.stdout.contains("Please type"), "{}", run.stdout);
    assert!(!run.stdout.contains("Game left"), "{}", run.stdout);
    // It ends on the winner, then the final standings (the log's own closing lines).
    let winner = run.stdout.rfind("wins the game! ***");
    let standings = run.stdout.rfind("Final standings:");
    assert!(winner.is_some() && winner < standings, "{}", run.stdout);
    // The winner is told once.
    assert_eq!(
        run.stdout.matches("wins the game").count(),
        1,
        "{}",
        run.stdout
    );
    assert_eq!(prompts(&run.stdout), answers.lines().count());
    let record = json(&game_file(&dir, ".finished.json"));
    let moves = answers.lines().filter(|a| *a != "o").count();
    let mine = record["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["seat"] == 0)
        .count();
    assert_eq!(mine, moves);
    // The odds asked for were shown.
    let odds = answers.lines().filter(|a| *a == "o").count();
    assert!(odds > 0);
    assert_eq!(run.stdout.matches("Your odds of surviving").count(), odds);
    // Played again from the same answers: the same game, line for line.
    let again_dir = temp_dir("answers-again");
    let file = std::fs::File::open(&path).unwrap();
    let again = spawn(&again_dir, &args, Stdio::from(file)).finish();
    assert_eq!(again.stdout, run.stdout);
    for d in [dir, again_dir] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn a_game_that_cannot_start_leaves_no_autosave() {
    let dir = temp_dir("no-start");
    // The record cannot be written: refused before anything is shown.
    let run = play(
        &dir,
        &["--seed", "1", "--record", "no/such/folder/game.json"],
        "",
    );
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert_eq!(run.stdout, "");
    assert!(
        run.stderr
            .starts_with("Could not write the game record no/such/folder/game.json"),
        "{}",
        run.stderr
    );
    assert_eq!(files(&dir.join("data").join("games")), Vec::<String>::new());
    let _ = std::fs::remove_dir_all(dir);
}

/// `dungeon play ARGS` in `dir` with `--lang` of `lang` (or none), all of `input` given.
fn play_in(dir: &Path, lang: Option<&str>, args: &[&str], input: &str) -> Run {
    let mut all = vec!["play"];
    all.extend(args);
    let mut game = spawn_in(dir, lang, &all, Stdio::piped());
    game.send(input);
    game.finish()
}

/// A game resumed without `--lang` comes back in the language it was played in (a French
/// game came back in English); `--lang` still chooses.
#[test]
fn a_resumed_game_comes_back_in_its_language() {
    let dir = temp_dir("resume-lang");
    play_in(&dir, Some("fr"), &["--seed", "1", "--delay", "0"], "").assert_ok();
    let again = play_in(&dir, None, &["--resume", "--delay", "0"], "");
    again.assert_ok();
    assert!(again.stdout.contains("Choisissez (1-"), "{}", again.stdout);
    let english = play_in(&dir, Some("en"), &["--resume", "--delay", "0"], "");
    assert!(english.stdout.contains("Choose (1-"), "{}", english.stdout);
    // The last language asked for is the game's from then on.
    let again = play_in(&dir, None, &["--resume", "--delay", "0"], "");
    assert!(again.stdout.contains("Choose (1-"), "{}", again.stdout);
    let _ = std::fs::remove_dir_all(dir);
}

/// `--resume` alone takes the last game that can be read, saying which it passed over and
/// how to delete it (it stopped on a damaged file); `--resume ID --delete` deletes a game,
/// unfinished or finished, and refuses without an id.
#[test]
fn resume_passes_over_damaged_games_and_delete_removes_one() {
    let dir = temp_dir("resume-damaged");
    play(&dir, &["--seed", "1", "--delay", "0"], "").assert_ok();
    std::thread::sleep(Duration::from_millis(1100));
    play(&dir, &["--seed", "2", "--delay", "0"], "").assert_ok();
    let list = play(&dir, &["--resume", "--list"], "");
    let id = |line: &str| line.split_whitespace().next().unwrap().to_string();
    let lines: Vec<&str> = list.stdout.lines().collect();
    let (latest, older) = (id(lines[1]), id(lines[2]));
    let games = dir.join("data").join("games");
    std::fs::write(games.join(format!("{latest}.json")), "{ not a game").unwrap();
    let resumed = play(&dir, &["--resume", "--delay", "0"], "");
    resumed.assert_ok();
    assert!(resumed.stdout.contains("Seed: 1 "), "{}", resumed.stdout);
    assert!(
        resumed
            .stderr
            .contains(&format!("Passed over the game `{latest}`"))
            && resumed
                .stderr
                .contains(&format!("--resume {latest} --delete")),
        "{}",
        resumed.stderr
    );

    let deleted = play(&dir, &["--resume", &latest, "--delete"], "");
    deleted.assert_ok();
    assert!(
        deleted
            .stdout
            .contains(&format!("Deleted the game `{latest}`")),
        "{}",
        deleted.stdout
    );
    assert!(!games.join(format!("{latest}.json")).exists());
    let which = play(&dir, &["--resume", "--delete"], "");
    assert_eq!(which.code, 2, "{}", which.stdout);
    assert!(
        which.stderr.contains("--delete needs the id"),
        "{}",
        which.stderr
    );
    let gone = play(&dir, &["--resume", &latest, "--delete"], "");
    assert_eq!(gone.code, 2);
    assert!(
        gone.stderr.contains(&format!("No game `{latest}`")),
        "{}",
        gone.stderr
    );
    play(&dir, &["--resume", &older, "--delete"], "").assert_ok();
    assert_eq!(files(&games), Vec::<String>::new());
    let _ = std::fs::remove_dir_all(dir);
}
