//! The example bot, `docs/examples/bot.py`, against the real server over loopback: it
//! takes a seat at a table opened by a `RemoteTable` (which plays the other seat) and both
//! play the whole game, across a restart of the server too (the bot takes its seat back
//! with its token); it knows what to do on every error code of the protocol. Needs python3; the `websockets` package is installed from PyPI
//! into a virtual environment under the test build's folder (once). Without python3 the
//! test says so and passes.

mod support;

use dungeon_remote::{Invite, RemoteTable, Sit};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::*;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A python with `websockets`, or `None` when this machine has no python3.
fn python() -> Option<PathBuf> {
    let found = Command::new("python3")
        .arg("--version")
        .stdout(Stdio::null())
        .status();
    if !found.is_ok_and(|s| s.success()) {
        return None;
    }
    // The tests of this file run at once: one makes the environment, the others wait.
    static MAKING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _making = MAKING.lock().unwrap_or_else(|e| e.into_inner());
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bot-py-venv");
    let python = venv.join("bin/python3");
    let ready = || {
        Command::new(&python)
            .args(["-c", "import websockets"])
            .status()
            .is_ok_and(|s| s.success())
    };
    if !ready() {
        let made = Command::new("python3")
            .args(["-m", "venv"])
            .arg(&venv)
            .status()
            .expect("python3 -m venv runs");
        assert!(made.success(), "python3 -m venv {}", venv.display());
        let installed = Command::new(&python)
            .args(["-m", "pip", "install", "--quiet", "websockets"])
            .status()
            .expect("pip runs");
        assert!(
            installed.success(),
            "pip install websockets (from PyPI) failed"
        );
        assert!(ready(), "websockets is installed");
    }
    Some(python)
}

/// A server on the SQLite store at `path`, listening on `addr` (port 0: any).
fn sqlite_server(path: &Path, addr: SocketAddr) -> dungeon_server::Running {
    let store = dungeon_server::SqliteStore::open(path).expect("the database opens");
    let mut config = dungeon_server::Config::new(library(), Arc::new(store));
    config.threads = 1;
    config.seeds = dungeon_server::Seeds::Fixed(22);
    dungeon_server::Server::start(config)
        .expect("the server starts")
        .spawn(addr)
        .expect("the address is free")
}

/// A table of two people opened at `here` by a `RemoteTable`, the example bot (choices of
/// `seed`) at its other seat, started.
fn started(
    python: &Path,
    here: &dungeon_remote::Server,
    seed: u32,
) -> (RemoteTable, std::process::Child) {
    let sit = Sit::Create(new_table(2, 2));
    let mut creator = RemoteTable::connect(here, sit, catalog, quick_reconnect()).unwrap();
    let invite = Invite {
        server: here.clone(),
        code: creator.code().to_string(),
    };
    let bot = Command::new(python)
        .arg(repo().join("docs/examples/bot.py"))
        .arg(invite.url())
        .args(["--name", "Robo", "--seed", &seed.to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the bot starts");
    let until = Instant::now() + PATIENCE;
    while creator.taken().len() < 2 {
        assert!(Instant::now() < until, "the bot never took its seat");
        dungeon_table::Table::poll(&mut creator, Duration::from_millis(20)).unwrap();
    }
    creator.start();
    (creator, bot)
}

/// Runs `play` (the other seat), then waits for the bot; if `play` fails, the bot is
/// stopped and what it printed is shown with the failure.
fn with_bot<T>(
    mut bot: std::process::Child,
    play: impl FnOnce() -> T,
) -> (T, std::process::Output) {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(play)) {
        Ok(played) => (played, bot.wait_with_output().unwrap()),
        Err(failure) => {
            let _ = bot.kill();
            let output = bot.wait_with_output().unwrap();
            eprintln!(
                "what the bot printed:\n{}\n{}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            );
            std::panic::resume_unwind(failure)
        }
    }
}

/// Every error code the protocol has (from its schema) is one `bot.py` names.
#[test]
fn the_example_bot_knows_every_error_code() {
    let bot = std::fs::read_to_string(repo().join("docs/examples/bot.py")).unwrap();
    let (_, schema) = dungeon_protocol::schemas()
        .into_iter()
        .find(|(name, _)| *name == "ServerMessage")
        .unwrap();
    let schema = serde_json::to_value(&schema).unwrap();
    let codes = &schema["$defs"]["ErrorCode"]["oneOf"];
    let codes: Vec<&str> = codes
        .as_array()
        .expect("the error codes")
        .iter()
        .flat_map(|c| {
            // Documented codes come one by one (`const`), the others together (`enum`).
            let one = c["const"].as_str().into_iter();
            let many = c["enum"].as_array().into_iter().flatten();
            one.chain(many.filter_map(|v| v.as_str()))
        })
        .collect();
    assert!(codes.len() > 15, "{codes:?}");
    for code in codes {
        assert!(
            bot.contains(&format!("\"{code}\": ")),
            "bot.py does not handle {code}"
        );
    }
}

#[test]
fn the_example_bot_plays_on_across_a_restart_of_the_server() {
    let Some(python) = python() else {
        eprintln!("SKIPPED: python3 is not installed, so docs/examples/bot.py cannot be tried");
        return;
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("bot-py-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.join("tables.sqlite");
    let running = sqlite_server(&db, ([127, 0, 0, 1], 0).into());
    let addr = running.addr;
    let here = address(addr);
    let (creator, bot) = started(&python, &here, 4);
    // Mid-game, the server stops and comes back on the same address and store.
    let mut running = Some(running);
    let (creator, output) = with_bot(bot, || {
        play_out(creator, |table| {
            if dungeon_table::Table::log(table).len() < 8 {
                return false;
            }
            drop(running.take());
            running = Some(sqlite_server(&db, addr));
            true
        })
    });
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "the bot failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains("connection lost"), "{stdout}");
    assert_eq!(stdout.matches("took seat 2 of 2").count(), 2, "{stdout}");
    assert!(stdout.contains("the game is over"), "{stdout}");
    assert!(dungeon_table::Table::log(&creator).len() > 10);
    drop(running);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_example_bot_plays_a_whole_game() {
    let Some(python) = python() else {
        eprintln!("SKIPPED: python3 is not installed, so docs/examples/bot.py cannot be tried");
        return;
    };
    let running = server(21);
    let here = address(running.addr);
    let (creator, bot) = started(&python, &here, 3);
    let (creator, output) = with_bot(bot, || play_out(creator, |_| false));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "the bot failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains("took seat 2 of 2"), "{stdout}");
    assert!(stdout.contains("the game is over"), "{stdout}");
    assert!(
        !stdout.contains("refused"),
        "the bot answered illegally:\n{stdout}"
    );
    let answered = stdout
        .lines()
        .filter(|l| l.starts_with("decision "))
        .count();
    assert!(answered > 0, "{stdout}");
    assert!(dungeon_table::Table::log(&creator).len() > 10);
}
