//! Reading what happened (issue 26): the result of a player's own run stays in sight
//! under the next question, and at the end the whole log can be read, the standings put
//! away and brought back.

use super::script::{END, Script};
use super::table::EngineTable;
use super::*;
use crate::tui::keys::Key;
use dungeon_bots::BotKind;
use dungeon_engine::event::Event;
use dungeon_table::{Table, TableState};

fn solo() -> EngineTable {
    EngineTable::new("base", 11, &[None, Some(BotKind::Rules)], |_| {})
}

/// A whole game answered "1" at every prompt; at the end, `keys` are typed. The screen
/// as it was last drawn.
fn the_end_then(keys: &[Key]) -> String {
    let mut table = solo();
    let batch: Vec<Key> = [Key::Char('1')].iter().chain(keys).copied().collect();
    let mut script = Script::new(vec![batch; 400]);
    let (terminal, outcome) = play_80x24(&mut table, &mut script);
    assert_eq!(outcome, Err(END.into()));
    assert!(matches!(table.state(), TableState::Over { .. }));
    screen_text(&terminal)
}

#[test]
fn at_the_end_the_whole_log_can_be_read() {
    let standings = "Esc or PgUp: read the log";
    assert!(the_end_then(&[]).contains(standings), "the standings first");
    let screen = the_end_then(&[Key::PageUp]);
    assert!(screen.contains("newer rows below"), "{screen}");
    assert!(
        !screen.contains(standings),
        "put away for the log:\n{screen}"
    );
    // Home: the first lines of the game.
    let screen = the_end_then(&[Key::Home]);
    assert!(screen.contains("Round 1"), "{screen}");
    // Esc brings the standings back.
    let screen = the_end_then(&[Key::PageUp, Key::Esc]);
    assert!(screen.contains(standings), "{screen}");
}

#[test]
fn your_run_result_stays_under_the_next_question() {
    let ran = |table: &EngineTable| {
        table.log().iter().any(|e| {
            matches!(
                e.public,
                Event::Success { seat: 0, .. } | Event::Failure { seat: 0, .. }
            )
        })
    };
    for answers in 1..200 {
        let mut table = solo();
        let mut script = Script::typed(&vec!["1"; answers]);
        let (terminal, _) = play_80x24(&mut table, &mut script);
        if !ran(&table) {
            continue;
        }
        assert!(matches!(table.state(), TableState::Asking { .. }));
        // The prompt panel: from the last box that starts at the left edge.
        let rows = rows(&terminal);
        let top = rows.iter().rposition(|r| r.starts_with('┌')).unwrap();
        let prompt = rows[top..].join("\n");
        assert!(
            prompt.contains("You survive the dungeon") || prompt.contains("You fail the dungeon"),
            "{prompt}"
        );
        return;
    }
    panic!("the player never ran the dungeon");
}
