//! Keys that work at any moment (issue 26): `q`, `?` and the log's keys while a bot
//! thinks; and keys still being hammered when a question appears answer nothing.

use super::behaviour::solo;
use super::script::{END, Script};
use super::table::EngineTable;
use super::*;
use crate::tui::keys::{Key, Keyboard, Moment};
use dungeon_table::{Table, TableState};
use std::io;

/// The player answers `answers` questions with "1" and types `key` whenever the bot
/// thinks; `then` is what they type once the key opened something (or at the next
/// prompt). Three answers (the adventurer, drawing, the card into the dungeon) come
/// before the bot's first turn.
fn key_while_the_bot_thinks(
    key: Key,
    answers: usize,
    then: &str,
) -> (EngineTable, Terminal<TestBackend>, Result<Outcome, String>) {
    let mut table = solo();
    let mut batches = vec!["1"; answers];
    batches.push(then);
    let mut script = Script::typed(&batches).hammering(&[key]);
    let (terminal, outcome) = play_80x24(&mut table, &mut script);
    (table, terminal, outcome)
}

#[test]
fn q_asks_to_leave_while_a_bot_thinks() {
    let (table, _, outcome) = key_while_the_bot_thinks(Key::Char('q'), 3, "y");
    assert_eq!(outcome, Ok(Outcome::Quit), "q asked, y left");
    assert!(
        matches!(table.state(), TableState::Waiting { .. }),
        "left during the bot's turn, not at the next prompt"
    );
}

#[test]
fn help_opens_while_a_bot_thinks() {
    let (_, terminal, _) = key_while_the_bot_thinks(Key::Char('?'), 3, "");
    let screen = screen_text(&terminal);
    assert!(screen.contains("Help"), "the help is open:\n{screen}");
}

#[test]
fn the_log_scrolls_while_a_bot_thinks() {
    // By the bot's third turn the log is longer than its panel.
    let (_, terminal, _) = key_while_the_bot_thinks(Key::PageUp, 7, "");
    let screen = screen_text(&terminal);
    assert!(
        screen.contains("newer rows below"),
        "the log scrolled up and stays there:\n{screen}"
    );
}

/// A player still hammering "2" as the first question appears: a key every few
/// milliseconds for much longer than the grace period, then nothing more.
struct StillHammering {
    keys: usize,
}

impl Keyboard for StillHammering {
    fn wait(&mut self, _: Duration, _: Moment) -> io::Result<Option<Key>> {
        if self.keys == 0 {
            return Err(io::Error::other(END));
        }
        self.keys -= 1;
        std::thread::sleep(Duration::from_millis(10));
        Ok(Some(Key::Char('2')))
    }

    fn drain(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn keys_hammered_on_past_a_question_appearing_answer_nothing() {
    let mut table = solo();
    let options = Options {
        grace: Duration::from_millis(200),
        ..quick()
    };
    // 60 keys, 10 ms apart: 600 ms of hammering, three times the grace.
    let keys = StillHammering { keys: 60 };
    let files = Files::default();
    let _ = play_files(&mut table, keys, Lang::En, (80, 24), options, &files);
    assert!(
        matches!(table.state(), TableState::Asking { number: 0, .. }),
        "the first question is still asked"
    );
}

#[test]
fn a_run_brings_a_scrolled_log_back_to_its_cards() {
    // PgUp all through the bots' turns, then the first card of a run about to be shown.
    let mut table = solo();
    let mut script = Script::typed(&vec!["1"; 40]).hammering(&[Key::PageUp]);
    script.stop_at_reveal = Some(1);
    let delay = Duration::from_millis(1);
    let palette = Palette::new(false);
    let (terminal, _) = play(&mut table, &mut script, Lang::En, (80, 24), delay, palette);
    let screen = screen_text(&terminal);
    assert!(
        script.hammered > 0 && screen.contains("Revealing"),
        "{screen}"
    );
    assert!(!screen.contains("newer rows below"), "{screen}");
}
