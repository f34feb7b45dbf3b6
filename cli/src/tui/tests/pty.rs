//! The full-screen table in a real pseudo-terminal: raw mode, the alternate screen, the
//! wipes between hot-seat players and the way out, through crossterm as a player's
//! terminal gets them. The test runs this test binary again as the child (the ignored
//! `child` test, over the engine test double: two humans and a bot), reads everything it
//! writes through a terminal emulator (vt100, 1000 rows of scrollback), and plays: Enter at
//! the pass screens and recaps, `1` at prompts. At every pass screen, the whole terminal,
//! the normal screen and its scrollback included, must name no monster at all.
//!
//! Once `dungeon play` runs the full-screen table over the local table, the child can be
//! the real binary (`dungeon play --humans 2`); the checks stay the same.

use super::table::EngineTable;
use crate::tui::{self, Options, Palette};
use dungeon_engine::bot::BotKind;
use dungeon_engine::lang::Lang;
use portable_pty::{CommandBuilder, PtySize, native_pty_system};
use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::sync::mpsc;
use std::time::{Duration, Instant};

const CHILD: &str = "DUNGEON_TUI_PTY_CHILD";
const SEED: u64 = 7;

/// The child: a hot-seat game, full screen, on whatever terminal it was given.
#[test]
#[ignore = "run by hot_seat_in_a_pseudo_terminal, in a pseudo-terminal"]
fn child() {
    if std::env::var_os(CHILD).is_none() {
        return;
    }
    // DUNGEON_TUI_PTY_CHILD=solo: one human against three bots (to try the screen by hand).
    let solo = std::env::var(CHILD).is_ok_and(|v| v == "solo");
    let seats: &[Option<BotKind>] = if solo {
        &[
            None,
            Some(BotKind::Rules),
            Some(BotKind::Random),
            Some(BotKind::Rules),
        ]
    } else {
        &[None, None, Some(BotKind::Rules)]
    };
    let names: &[&str] = if solo { &[] } else { &["Ana", "Bruno"] };
    let mut table = EngineTable::new("base", SEED, seats, |_| {}).with_names(names);
    if solo {
        // Bots that take a while, to see "thinking" and to type during their turns.
        table.polls_per_move = 10;
        table.thinking = Duration::from_millis(400);
    }
    let options = Options {
        delay: Duration::from_millis(30),
        palette: Palette::from_env(),
        grace: Duration::from_millis(250),
    };
    let files = crate::play::Session::default();
    let shutdown = crate::play::signals::Shutdown::install();
    let outcome = tui::run(&mut table, Lang::En, &files, &shutdown, options);
    // Back on the normal screen: what the parent checks it finished.
    println!("OUTCOME {outcome:?}");
}

/// Everything the terminal holds: the screen shown, and, when that is the alternate
/// screen, the normal screen under it with all its scrollback.
fn whole_terminal(bytes: &[u8]) -> String {
    let mut parser = vt100::Parser::new(
        NonZeroU16::new(24).unwrap(),
        NonZeroU16::new(80).unwrap(),
        1000,
    );
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

#[test]
fn hot_seat_in_a_pseudo_terminal() {
    let pty = native_pty_system()
        .openpty(PtySize {
            rows: 24,
            cols: 80,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("a pseudo-terminal");
    let mut cmd = CommandBuilder::new(std::env::current_exe().unwrap());
    cmd.args([
        "--exact",
        "tui::tests::pty::child",
        "--ignored",
        "--nocapture",
        "--test-threads=1",
    ]);
    cmd.env(CHILD, "1");
    cmd.env("TERM", "xterm-256color");
    let mut child = pty.slave.spawn_command(cmd).expect("the child runs");
    drop(pty.slave);
    let mut reader = pty.master.try_clone_reader().unwrap();
    let mut writer = pty.master.take_writer().unwrap();
    let (tx, rx) = mpsc::channel::<Vec<u8>>();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });

    let table = EngineTable::new("base", SEED, &[None, None, Some(BotKind::Rules)], |_| {});
    let catalog = dungeon_table::Table::setup(&table).catalog.clone();
    let name = |info: &dungeon_engine::catalog::CardInfo| info.name.get(Lang::En).to_string();
    let monsters: Vec<String> = catalog.monsters.iter().map(|m| name(&m.info)).collect();
    // Tiles' names may hold a monster's ("Dragon Spear"): they are public, and taken out
    // of the text before looking for monsters.
    let tiles: Vec<String> = catalog.tiles.iter().map(|t| name(&t.info)).collect();
    let without_tiles = |text: String| {
        tiles
            .iter()
            .fold(text, |t, tile| t.replace(tile.as_str(), ""))
    };
    let mut bytes = Vec::new();
    let mut screen = vt100::Parser::new(
        NonZeroU16::new(24).unwrap(),
        NonZeroU16::new(80).unwrap(),
        0,
    );
    let mut pass_screens = 0;
    let mut last_sent = String::new();
    let mut sent_at = Instant::now();
    let deadline = Instant::now() + Duration::from_secs(300);
    let finished = loop {
        assert!(
            Instant::now() < deadline,
            "the game did not end in time:\n{}",
            screen.screen().contents()
        );
        match rx.recv_timeout(Duration::from_millis(150)) {
            Ok(chunk) => {
                screen.process(&chunk);
                bytes.extend(chunk);
                continue; // read everything there is before looking
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break true,
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        let text = screen.screen().contents();
        if text.contains("OUTCOME") {
            break true;
        }
        // Answer each screen once: the same screen still showing gets nothing more.
        let key = if text.contains("Pass the screen to") {
            let all = without_tiles(whole_terminal(&bytes));
            for name in &monsters {
                assert!(
                    !all.contains(name.as_str()),
                    "a pass screen leaves {name} in the terminal:\n{all}"
                );
            }
            "\r"
        } else if text.contains("Since your last turn") || text.contains("Enter: leave") {
            "\r"
        } else if text.contains("1-") && text.contains("choose") {
            "1"
        } else {
            continue;
        };
        // A screen answered stays a moment; a key that came within the prompt's grace
        // period was thrown away, so one still showing after a second gets it again.
        if text == last_sent && sent_at.elapsed() < Duration::from_secs(1) {
            continue;
        }
        if text.contains("Pass the screen to") && text != last_sent {
            pass_screens += 1;
        }
        writer.write_all(key.as_bytes()).unwrap();
        writer.flush().unwrap();
        last_sent = text;
        sent_at = Instant::now();
    };
    assert!(finished);
    let status = child.wait().expect("the child ends");
    let all = String::from_utf8_lossy(&bytes).into_owned();
    assert!(status.success(), "the child failed:\n{all}");
    assert!(
        all.contains("OUTCOME Ok(Over"),
        "the game ran to its end:\n{all}"
    );
    assert!(pass_screens >= 4, "pass screens seen: {pass_screens}");
    // Back on the normal screen, nothing of the game is left: the alternate screen was left.
    let mut parser = vt100::Parser::new(
        NonZeroU16::new(24).unwrap(),
        NonZeroU16::new(80).unwrap(),
        1000,
    );
    parser.process(&bytes);
    assert!(
        !parser.screen().alternate_screen(),
        "the alternate screen was left"
    );
    let normal = without_tiles(whole_terminal(&bytes));
    for name in &monsters {
        assert!(
            !normal.contains(name.as_str()),
            "{name} is left on the normal screen:\n{normal}"
        );
    }
}
