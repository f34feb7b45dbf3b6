//! The example bot, `docs/examples/bot.py`, against the real server over loopback: it
//! takes a seat at a table opened by a `RemoteTable` (which plays the other seat) and both
//! play the whole game. Needs python3; the `websockets` package is installed from PyPI
//! into a virtual environment under the test build's folder (once). Without python3 the
//! test says so and passes.

mod support;

use dungeon_remote::{Invite, RemoteTable, Sit};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
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

#[test]
fn the_example_bot_plays_a_whole_game() {
    let Some(python) = python() else {
        eprintln!("SKIPPED: python3 is not installed, so docs/examples/bot.py cannot be tried");
        return;
    };
    let running = server(21);
    let here = address(running.addr);
    let sit = Sit::Create(new_table(2, 2));
    let mut creator = RemoteTable::connect(&here, sit, catalog, quick_reconnect()).unwrap();
    let invite = Invite {
        server: here.clone(),
        code: creator.code().to_string(),
    };
    let bot = Command::new(python)
        .arg(repo().join("docs/examples/bot.py"))
        .arg(invite.url())
        .args(["--name", "Robo", "--seed", "3"])
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
    let creator = play_out(creator, |_| false);
    let output = bot.wait_with_output().unwrap();
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
