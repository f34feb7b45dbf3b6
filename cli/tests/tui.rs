//! The full-screen table of `dungeon play`, end to end: the real binary in a pseudo-terminal
//! (portable-pty), everything it writes read through a terminal emulator with scrollback
//! (vt100), keys typed as a player would.
//!
//! - A hot-seat game (two humans and a bot, a fixed seed, the games kept in a temporary
//!   `DUNGEON_DATA_DIR`) played to its end answering `1`: at every pass screen the whole
//!   terminal, the normal screen and its scrollback included, names no monster at all (so
//!   none of another player's cards); each is passed by the letter it names after a quiet
//!   second. The same game played again with keys hammered during the reveals and the
//!   bot's turns makes the same decisions, as the finished games' files show.
//! - `q` then `y` leaves with exit code 0 and says how to resume; `--resume` continues that
//!   game; Ctrl-C leaves it with exit code 130, saying the same; closing the terminal ends
//!   the program (SIGHUP, 129) and keeps the game.
//!
//! - `dungeon host` plays a table of a game server (in this process, on loopback) with the
//!   same full screen, to the end; `q` at another table says how to take the seat back.
//!
//! Each game waits for the screen to be quiet before reading it, so the suite's time stays
//! bounded by the games' length (a deadline fails a game that hangs).
#![cfg(unix)]

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};
use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

const ROWS: u16 = 24;
const COLS: u16 = 80;
/// A screen that has not changed for this long is read.
const QUIET: Duration = Duration::from_millis(50);
/// Keys typed within 250 ms of a screen that asks appearing are dropped by the program
/// (`tui::Options::grace`): a player waits a little longer (the screen was seen after
/// [`QUIET`] already).
const GRACE: Duration = Duration::from_millis(220);
/// Keys typed while the screen is busy: each would answer a prompt if it counted (2, 1,
/// Enter choose; y says yes; o and s open the odds and save). Not `q` and `?`: they work
/// at any moment, by design (issue 26).
const NOISE: [&str; 6] = ["2", "1", "\r", "y", "o", "s"];

/// A fresh, empty folder for one game.
fn temp_dir(name: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "dungeon-tui-{}-{}-{name}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `dungeon --lang en ARGS` in a pseudo-terminal of 80x24, its games in `dir/data`.
struct Term {
    child: Box<dyn Child + Send + Sync>,
    /// The terminal's side; dropped (with the reader's copy) to close the terminal.
    master: Option<Box<dyn MasterPty + Send>>,
    writer: Option<Box<dyn Write + Send>>,
    reader: Option<(Arc<AtomicBool>, std::thread::JoinHandle<()>)>,
    output: Receiver<Vec<u8>>,
    /// Everything written so far.
    bytes: Vec<u8>,
    screen: vt100::Parser,
    ended: bool,
}

impl Term {
    fn start(dir: &Path, args: &[&str]) -> Term {
        let pty = native_pty_system()
            .openpty(PtySize {
                rows: ROWS,
                cols: COLS,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_dungeon"));
        cmd.args(["--lang", "en"]);
        cmd.args(args);
        cmd.cwd(dir);
        cmd.env("DUNGEON_DATA_DIR", dir.join("data"));
        cmd.env("TERM", "xterm-256color");
        cmd.env_remove("NO_COLOR");
        let child = pty
            .slave
            .spawn_command(cmd)
            .expect("the dungeon binary runs");
        drop(pty.slave);
        let writer = pty.master.take_writer().unwrap();
        // The reader has a non-blocking copy of the terminal's side, so it can stop and let
        // the terminal close (a blocking read would hold it open).
        let fd = pty
            .master
            .as_raw_fd()
            .expect("a terminal's file descriptor");
        // SAFETY: `fd` is open for as long as `pty.master` lives; the copy is the reader's.
        let copy = unsafe { libc::dup(fd) };
        assert!(copy >= 0, "dup: {}", std::io::Error::last_os_error());
        // SAFETY: `copy` is a descriptor this test owns.
        unsafe { libc::fcntl(copy, libc::F_SETFL, libc::O_NONBLOCK) };
        // SAFETY: nothing else owns `copy`.
        let mut file = unsafe { <std::fs::File as std::os::fd::FromRawFd>::from_raw_fd(copy) };
        let (tx, output) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        let thread = std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while !stopped.load(Ordering::SeqCst) {
                match file.read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => {
                        if tx.send(buf[..n].to_vec()).is_err() {
                            break;
                        }
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                        std::thread::sleep(Duration::from_millis(5));
                    }
                    // The program ended (EIO once the other side is closed).
                    Err(_) => break,
                }
            }
        });
        Term {
            child,
            master: Some(pty.master),
            writer: Some(writer),
            reader: Some((stop, thread)),
            output,
            bytes: Vec::new(),
            screen: parser(0),
            ended: false,
        }
    }

    /// Closes the terminal, as when its window is closed: the program gets SIGHUP.
    fn close(&mut self) -> u32 {
        if let Some((stop, thread)) = self.reader.take() {
            stop.store(true, Ordering::SeqCst);
            let _ = thread.join();
        }
        self.writer = None;
        self.master = None;
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(status) = self.child.try_wait().expect("the program's status") {
                return status.exit_code();
            }
            assert!(Instant::now() < deadline, "the program did not end");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Reads what the program writes until it is quiet for [`QUIET`] (or `false` once it
    /// has ended).
    fn settle(&mut self) -> bool {
        while !self.ended {
            match self.output.recv_timeout(QUIET) {
                Ok(chunk) => {
                    self.screen.process(&chunk);
                    self.bytes.extend(chunk);
                }
                Err(RecvTimeoutError::Timeout) => return true,
                Err(RecvTimeoutError::Disconnected) => self.ended = true,
            }
        }
        false
    }

    /// The screen shown now.
    fn text(&self) -> String {
        self.screen.screen().contents()
    }

    fn send(&mut self, keys: &str) {
        // The program may have gone (the last Enter): nothing to type to then.
        if let Some(writer) = self.writer.as_mut() {
            let _ = writer.write_all(keys.as_bytes());
            let _ = writer.flush();
        }
    }

    /// Waits until the screen shows `what`, typing nothing.
    fn wait_for(&mut self, what: &str, within: Duration) {
        let deadline = Instant::now() + within;
        while !self.text().contains(what) {
            assert!(
                Instant::now() < deadline && self.settle(),
                "`{what}` never showed:\n{}",
                self.text()
            );
        }
    }

    /// Waits for the program to end: its exit code, and everything the terminal holds.
    fn finish(mut self, within: Duration) -> (u32, String) {
        let deadline = Instant::now() + within;
        while self.settle() {
            assert!(Instant::now() < deadline, "the program did not end");
        }
        let status = self.child.wait().expect("the program ends");
        (status.exit_code(), whole_terminal(&self.bytes))
    }
}

impl Drop for Term {
    /// A test that failed leaves no program behind.
    fn drop(&mut self) {
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

fn parser(scrollback: usize) -> vt100::Parser {
    vt100::Parser::new(
        NonZeroU16::new(ROWS).unwrap(),
        NonZeroU16::new(COLS).unwrap(),
        scrollback,
    )
}

/// Everything the terminal holds: the screen shown, and, when that is the alternate
/// screen, the normal screen under it; each with all its scrollback.
fn whole_terminal(bytes: &[u8]) -> String {
    let mut parser = parser(1000);
    parser.process(bytes);
    let mut out = parser.screen().contents();
    parser.process(b"\x1b[?1049l");
    parser.screen_mut().set_scrollback(usize::MAX);
    let back = parser.screen().scrollback();
    for offset in (0..=back).rev() {
        parser.screen_mut().set_scrollback(offset);
        out.push('\n');
        out.push_str(&parser.screen().contents());
    }
    out
}

/// The base box's monsters and tiles in English, as `dungeon cards` lists them.
fn base_cards() -> (Vec<String>, Vec<String>) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_dungeon"))
        .args(["--lang", "en", "cards", "--packs", "base"])
        .output()
        .expect("dungeon cards runs");
    let text = String::from_utf8(out.stdout).unwrap();
    let name = |line: &str| line.split(" [").next().unwrap().trim().to_string();
    let tiles = text
        .lines()
        .filter_map(|l| l.strip_prefix("  - "))
        .map(name)
        .collect();
    // "   1  Goblin [goblin] x2 — ...": the number, then the name.
    let monsters = text
        .lines()
        .filter(|l| l.starts_with("   ") && l.contains(" x"))
        .map(|l| name(l.trim_start().split_once("  ").unwrap().1))
        .collect::<Vec<_>>();
    assert_eq!(monsters.len(), 8, "{text}");
    (monsters, tiles)
}

/// The monsters `text` names, once the tiles' names are taken out ("Dragon Spear" is a
/// tile, public, and names no hidden card).
fn monsters_named(text: &str, (monsters, tiles): &(Vec<String>, Vec<String>)) -> Vec<String> {
    let text = tiles
        .iter()
        .fold(text.to_string(), |t, tile| t.replace(tile.as_str(), ""));
    monsters
        .iter()
        .filter(|m| text.contains(m.as_str()))
        .cloned()
        .collect()
}

/// What a hot-seat game showed and decided.
struct Played {
    decisions: serde_json::Value,
    pass_screens: usize,
    /// Keys hammered while a card was about to be revealed, and during the bot's turns.
    hammered_at_reveals: usize,
    hammered_at_bot: usize,
}

/// The letter a pass screen names ("Ana: press K when nobody else is looking."), to type.
fn pass_letter(screen: &str) -> Option<String> {
    let (_, after) = screen.split_once(": press ")?;
    let letter = after.chars().next()?;
    after[1..]
        .starts_with(" when")
        .then(|| letter.to_ascii_lowercase().to_string())
}

/// A hot-seat game of the base box (Ana, Bruno and a random bot that takes 300 ms a move,
/// so it is seen thinking however fast bots get) answered `1` at every prompt; seed 1
/// gives five dungeons (13, 12, 13, 3 and 3 cards), so keys land in several reveals.
/// With `hammer`, a key of [`NOISE`] is typed each time the screen is seen busy (a reveal,
/// the bot's turn, the moment after an answer).
fn hot_seat(hammer: bool) -> Played {
    let cards = base_cards();
    let dir = temp_dir(if hammer { "hammered" } else { "calm" });
    let args = [
        "play",
        "--seed",
        "1",
        "--packs",
        "base",
        "--players",
        "3",
        "--humans",
        "2",
        "--names",
        "Ana,Bruno",
        "--bots",
        "random",
        "--bot-pace",
        "300",
        "--delay",
        "200",
    ];
    let mut term = Term::start(&dir, &args);
    let deadline = Instant::now() + Duration::from_secs(400);
    let (mut pass_screens, mut hammered) = (0, 0);
    let (mut hammered_at_reveals, mut hammered_at_bot) = (0, 0);
    let mut answered = String::new();
    let mut answered_at = Instant::now();
    while term.settle() {
        assert!(
            Instant::now() < deadline,
            "the game did not end:\n{}",
            term.text()
        );
        let text = term.text();
        // Alone on a wiped screen: one with the table too is the next frame, half drawn.
        let pass = text.contains("Pass the screen to") && !text.contains("The table");
        let letter;
        let key = if pass {
            // The letter it names once nobody has typed for a second; checked then, once
            // a screen (the whole terminal is read again each time).
            letter = match pass_letter(&text) {
                Some(letter) => letter,
                None => continue,
            };
            if text != answered {
                let named = monsters_named(&whole_terminal(&term.bytes), &cards);
                assert!(
                    named.is_empty(),
                    "a pass screen leaves {named:?} in the terminal:\n{}",
                    whole_terminal(&term.bytes)
                );
            }
            &letter
        } else if text.contains("Since your last turn") || text.contains("Enter: leave") {
            "\r"
        } else if text.contains(" choose ") {
            "1"
        } else {
            if hammer {
                term.send(NOISE[hammered % NOISE.len()]);
                hammered += 1;
                hammered_at_reveals += usize::from(text.contains("Revealing the dungeon"));
                hammered_at_bot += usize::from(text.contains("is thinking"));
            }
            continue;
        };
        // Each screen is answered once; one still showing a while later lost its key
        // (typed within the grace period) and gets it again.
        if text == answered && answered_at.elapsed() < Duration::from_secs(2) {
            continue;
        }
        if pass && text != answered {
            pass_screens += 1;
        }
        std::thread::sleep(GRACE);
        term.send(key);
        answered = text;
        answered_at = Instant::now();
    }
    let (code, terminal) = term.finish(Duration::from_secs(10));
    assert_eq!(code, 0, "{terminal}");
    // Back on the normal screen: the winner and the standings, and no card at all.
    assert!(terminal.contains("wins the game"), "{terminal}");
    assert!(terminal.contains("Final standings:"), "{terminal}");
    let named = monsters_named(&terminal, &cards);
    assert!(
        named.is_empty(),
        "the normal screen names {named:?}:\n{terminal}"
    );
    let games = dir.join("data").join("games");
    let finished: Vec<PathBuf> = std::fs::read_dir(&games)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".finished.json"))
        .collect();
    assert_eq!(finished.len(), 1, "one finished game in {games:?}");
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&finished[0]).unwrap()).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    Played {
        decisions: record["decisions"].clone(),
        pass_screens,
        hammered_at_reveals,
        hammered_at_bot,
    }
}

#[test]
fn hot_seat_leaks_nothing_and_hammered_keys_change_nothing() {
    let calm = std::thread::spawn(|| hot_seat(false));
    let hammered = hot_seat(true);
    let calm = calm.join().expect("the calm game");
    assert!(
        calm.pass_screens >= 4,
        "pass screens: {}",
        calm.pass_screens
    );
    assert!(
        calm.decisions.as_array().is_some_and(|d| d.len() > 20),
        "{}",
        calm.decisions
    );
    assert_eq!(
        hammered.decisions, calm.decisions,
        "the same decisions, keys hammered or not"
    );
    let (reveals, bot) = (hammered.hammered_at_reveals, hammered.hammered_at_bot);
    eprintln!("keys hammered during reveals: {reveals}, while the bot thinks: {bot}");
    assert!(
        reveals >= 2 && bot >= 2,
        "keys hammered during reveals ({reveals}) and while the bot thinks ({bot})"
    );
    assert_eq!(hammered.pass_screens, calm.pass_screens);
}

#[test]
fn quit_and_ctrl_c_say_how_to_resume() {
    let dir = temp_dir("quit");
    let new_game = ["play", "--seed", "5", "--packs", "base", "--delay", "0"];
    let mut term = Term::start(&dir, &new_game);
    term.wait_for(" choose ", Duration::from_secs(60));
    std::thread::sleep(GRACE);
    term.send("q");
    term.wait_for("--resume", Duration::from_secs(20));
    term.send("y");
    let (code, terminal) = term.finish(Duration::from_secs(20));
    assert_eq!(code, 0, "{terminal}");
    let hint = "Game left. It is saved: continue it with `dungeon play --resume ";
    assert!(terminal.contains(hint), "{terminal}");
    // --resume goes on with that game, full screen; Ctrl-C leaves it as SIGINT would.
    let mut term = Term::start(&dir, &["play", "--resume", "--delay", "0"]);
    term.wait_for("The game goes on after", Duration::from_secs(60));
    term.wait_for(" choose ", Duration::from_secs(60));
    term.send("\x03");
    let (code, terminal) = term.finish(Duration::from_secs(20));
    assert_eq!(code, 130, "{terminal}");
    let hint = "Stopped. The game is saved: continue it with `dungeon play --resume ";
    assert!(terminal.contains(hint), "{terminal}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_closed_terminal_ends_the_program_and_keeps_the_game() {
    let dir = temp_dir("hangup");
    let mut term = Term::start(
        &dir,
        &["play", "--seed", "5", "--packs", "base", "--delay", "0"],
    );
    term.wait_for(" choose ", Duration::from_secs(60));
    assert_eq!(term.close(), 129, "ended by SIGHUP");
    let games: Vec<String> = std::fs::read_dir(dir.join("data").join("games"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        games.len() == 1 && !games[0].ends_with(".finished.json"),
        "the game is kept to resume: {games:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game server on a free port of 127.0.0.1, in this process, with the repository's packs.
fn game_server() -> dungeon_server::Running {
    let library = std::sync::Arc::new(dungeon_tests::library());
    let store = std::sync::Arc::new(dungeon_server::MemoryStore::default());
    let mut config = dungeon_server::Config::new(library, store);
    config.threads = 1;
    config.seeds = dungeon_server::Seeds::Fixed(9);
    dungeon_server::Server::start(config)
        .unwrap()
        .spawn(([127, 0, 0, 1], 0).into())
        .unwrap()
}

/// A spectator of the table `host` names (`dungeon join --watch`): the table and no
/// corner, `?` the help, `q` then `y` stops watching and says how to watch again.
fn watch_and_leave(host: &str, addr: &str) {
    let at = format!("ws://{addr}/t/");
    let code: String = host
        .split(&at)
        .nth(1)
        .expect("the table's address")
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect();
    let dir = temp_dir("watch");
    let url = format!("{at}{code}");
    let mut term = Term::start(&dir, &["join", &url, "--watch"]);
    term.wait_for("You are watching.", Duration::from_secs(60));
    let screen = term.text();
    assert!(
        screen.contains("The table") && screen.contains("successes"),
        "{screen}"
    );
    assert!(!screen.contains("Your corner"), "{screen}");
    term.send("?");
    term.wait_for("stop watching (asks first)", Duration::from_secs(20));
    term.send("\x1b");
    term.wait_for("You are watching.", Duration::from_secs(20));
    term.send("q");
    term.wait_for("Stop watching?", Duration::from_secs(20));
    term.send("y");
    let (code, terminal) = term.finish(Duration::from_secs(20));
    assert_eq!(code, 0, "{terminal}");
    assert!(terminal.contains("You stopped watching."), "{terminal}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `dungeon host` plays a table at a server with `dungeon play`'s full screen: against a
/// server bot, answering `1`, to the end; meanwhile a spectator sees the table, opens the
/// help and stops watching with `q`; then a second table is left with `q`, and the screen
/// says how to take the seat back.
#[test]
fn host_plays_full_screen_at_a_server() {
    let server = game_server();
    let addr = server.addr.to_string();
    let dir = temp_dir("host");
    let args = ["host", "--server", &addr, "--humans", "1", "--bots", "easy"];
    let mut term = Term::start(&dir, &args);
    term.wait_for(" choose ", Duration::from_secs(60));
    watch_and_leave(&whole_terminal(&term.bytes), &addr);
    let deadline = Instant::now() + Duration::from_secs(300);
    let mut answered = String::new();
    let mut answered_at = Instant::now();
    while term.settle() {
        assert!(
            Instant::now() < deadline,
            "the game did not end:\n{}",
            term.text()
        );
        let text = term.text();
        let key = if text.contains("Enter: leave") {
            "\r"
        } else if text.contains(" choose ") {
            "1"
        } else {
            if text.contains("Revealing the dungeon") {
                term.send("x");
            }
            continue;
        };
        if text == answered && answered_at.elapsed() < Duration::from_secs(2) {
            continue;
        }
        std::thread::sleep(GRACE);
        term.send(key);
        answered = text;
        answered_at = Instant::now();
    }
    let (code, terminal) = term.finish(Duration::from_secs(10));
    assert_eq!(code, 0, "{terminal}");
    assert!(
        terminal.contains("is open. The other players join it with:"),
        "{terminal}"
    );
    assert!(terminal.contains("Final standings:"), "{terminal}");
    // Another table, left at its first question.
    let mut term = Term::start(&dir, &args);
    term.wait_for(" choose ", Duration::from_secs(60));
    std::thread::sleep(GRACE);
    term.send("q");
    term.wait_for("The server keeps the game", Duration::from_secs(20));
    term.send("y");
    let (code, terminal) = term.finish(Duration::from_secs(20));
    assert_eq!(code, 0, "{terminal}");
    let hint = format!("the game. `dungeon join ws://{addr}/t/");
    assert!(terminal.contains(&hint), "{terminal}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The line mode's hot seat at a terminal (a screen reader's player hands the screen over
/// too): an Enter or an answer typed right after the pass prompt does not hand the screen
/// over; after a quiet second it asks for the first letter of the next player's name, and
/// only that (or the name) passes.
#[test]
fn the_line_modes_hot_seat_asks_for_a_letter_no_habit_types() {
    let dir = temp_dir("plain-pass");
    let args = ["play", "--plain", "--humans", "2", "--players", "2"];
    let mut term = Term::start(
        &dir,
        &[&args[..], &["--seed", "3", "--delay", "0"]].concat(),
    );
    term.wait_for("Pass the screen to Player", Duration::from_secs(20));
    // Out of habit, at once: nothing is handed over.
    term.send("\r1\r");
    term.wait_for("type p and press Enter", Duration::from_secs(20));
    let text = term.text();
    assert!(
        !text.contains("your turn") && !text.contains("choose the"),
        "{text}"
    );
    term.send("1\r\r");
    std::thread::sleep(Duration::from_millis(300));
    term.settle();
    let text = term.text();
    assert!(
        !text.contains("your turn") && !text.contains("choose the"),
        "{text}"
    );
    term.send("P\r");
    let deadline = Instant::now() + Duration::from_secs(20);
    while !(term.text().contains("your turn") || term.text().contains("choose the")) {
        assert!(
            Instant::now() < deadline && term.settle(),
            "{}",
            term.text()
        );
    }
    term.close();
    let _ = std::fs::remove_dir_all(dir);
}
