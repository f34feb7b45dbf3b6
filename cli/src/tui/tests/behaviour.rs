//! The loop's rules about keys, checked over whole games: keys typed while the screen is
//! not asking change nothing, any key skips the reveals, a choice counts only while its
//! prompt is visible, `q` asks first, Ctrl-C leaves at once. (Hot-seat's pass screen:
//! `pass.rs`.)

use super::script::{END, Script, keys};
use super::table::EngineTable;
use super::*;
use crate::tui::keys::Key;
use dungeon_bots::BotKind;
use dungeon_table::Table;

pub(super) fn solo() -> EngineTable {
    let mut table = EngineTable::new("base", 11, &[None, Some(BotKind::Rules)], |_| {});
    // Each bot move takes a few polls, so there are bots' turns to type into.
    table.polls_per_move = 2;
    table
}

fn events(table: &EngineTable) -> Vec<String> {
    table
        .log()
        .iter()
        .map(|e| format!("{:?}", e.public))
        .collect()
}

/// A whole game answered "1" at every prompt; with `hammer`, keys are typed all along
/// while the screen is not asking.
fn whole_game(hammer: &[Key]) -> (EngineTable, Script, Result<Outcome, String>) {
    let mut table = solo();
    let mut script = Script::typed(&vec!["1"; 400]).hammering(hammer);
    let (_, outcome) = play(
        &mut table,
        &mut script,
        Lang::En,
        (80, 24),
        Duration::from_millis(2),
        Palette::new(false),
    );
    (table, script, outcome)
}

#[test]
fn keys_typed_while_not_asking_change_nothing() {
    let (quiet, _, outcome) = whole_game(&[]);
    assert_eq!(outcome, Err(END.into()), "the game ran to its end screen");
    assert!(matches!(
        quiet.state(),
        dungeon_table::TableState::Over { .. }
    ));
    // Digits that are options, Enter, y (yes) and others, all typed at the wrong time. (`q`
    // and `?` work at any moment: `anytime.rs`.)
    let mut noise = keys("21\ny3");
    noise.push(Key::Other);
    let (hammered, script, _) = whole_game(&noise);
    assert!(
        script.hammered > 20,
        "keys were typed during reveals and bots' turns ({})",
        script.hammered
    );
    assert_eq!(
        events(&hammered),
        events(&quiet),
        "the same game, move for move"
    );
}

#[test]
fn any_key_skips_the_reveals() {
    let reveals = |hammer: &[Key]| {
        let (table, script, _) = whole_game(hammer);
        let revealed = table
            .log()
            .iter()
            .filter(|e| matches!(e.public, dungeon_engine::event::Event::Revealed { .. }))
            .count();
        (revealed, script.reveals)
    };
    let (revealed, paused) = reveals(&[]);
    assert_eq!(paused, revealed, "a pause before every reveal");
    let (revealed, paused) = reveals(&[Key::Other]);
    let runs = 2; // this seed's game has more than two runs; each key skips one run's rest
    assert!(
        revealed > 3 * runs && paused < revealed / 2,
        "keys skipped the rest ({paused} of {revealed})"
    );
}

#[test]
fn a_choice_counts_only_while_its_prompt_is_visible() {
    // The help covers the prompt: the digit does nothing; Esc closes it; the digit then counts.
    let mut table = solo();
    let mut script = Script::typed(&["?2\u{1b}"]);
    let _ = play(
        &mut table,
        &mut script,
        Lang::En,
        (80, 24),
        Duration::ZERO,
        Palette::new(false),
    );
    assert!(matches!(
        table.state(),
        dungeon_table::TableState::Asking { number: 0, .. }
    ));
    let mut table = solo();
    let mut script = Script::typed(&["?2\u{1b}1"]);
    let _ = play(
        &mut table,
        &mut script,
        Lang::En,
        (80, 24),
        Duration::ZERO,
        Palette::new(false),
    );
    assert!(!matches!(
        table.state(),
        dungeon_table::TableState::Asking { number: 0, .. }
    ));
}

#[test]
fn quit_asks_first() {
    let mut table = solo();
    let mut script = Script::typed(&["qn"]);
    let (_, outcome) = play(
        &mut table,
        &mut script,
        Lang::En,
        (80, 24),
        Duration::ZERO,
        Palette::new(false),
    );
    assert_eq!(outcome, Err(END.into()), "n goes back to the game");
    let mut script = Script::typed(&["q1y"]);
    let (_, outcome) = play(
        &mut table,
        &mut script,
        Lang::En,
        (80, 24),
        Duration::ZERO,
        Palette::new(false),
    );
    assert_eq!(outcome, Ok(Outcome::Quit));
    assert!(
        matches!(
            table.state(),
            dungeon_table::TableState::Asking { number: 0, .. }
        ),
        "the 1 typed under the question did nothing"
    );
    // In French, "oui" leaves.
    let mut script = Script::typed(&["qo"]);
    let (_, outcome) = play(
        &mut table,
        &mut script,
        Lang::Fr,
        (80, 24),
        Duration::ZERO,
        Palette::new(false),
    );
    assert_eq!(outcome, Ok(Outcome::Quit));
}

#[test]
fn ctrl_c_leaves_at_once() {
    let mut table = solo();
    let mut script = Script::new(vec![vec![Key::Interrupt]]);
    let (_, outcome) = play(
        &mut table,
        &mut script,
        Lang::En,
        (80, 24),
        Duration::ZERO,
        Palette::new(false),
    );
    let signal = signal_hook::consts::SIGINT;
    assert_eq!(
        outcome,
        Ok(Outcome::Interrupted { signal }),
        "as SIGINT would"
    );
}

#[test]
fn two_digit_options() {
    // Ten options or more: "1" waits for a second digit or Enter.
    let mut table = solo();
    let mut script = Script::typed(&["1"]);
    let _ = play(
        &mut table,
        &mut script,
        Lang::En,
        (80, 24),
        Duration::ZERO,
        Palette::new(false),
    );
    // With the base box's four adventurers, "1" is taken at once.
    assert!(!matches!(
        table.state(),
        dungeon_table::TableState::Asking { number: 0, .. }
    ));
}

#[test]
fn keys_right_after_a_prompt_appears_are_thrown_away() {
    // The script types its "1" the instant the prompt is drawn: inside the grace period
    // it is dropped, without one it chooses.
    let chosen = |grace| {
        let mut table = solo();
        let mut script = Script::typed(&["1"]);
        let options = Options { grace, ..quick() };
        let _ = play_with(&mut table, &mut script, Lang::En, (80, 24), options);
        !matches!(
            table.state(),
            dungeon_table::TableState::Asking { number: 0, .. }
        )
    };
    assert!(!chosen(Duration::from_millis(250)));
    assert!(chosen(Duration::ZERO));
}
