//! A table's notes and a table that comes back: the notes are shown in the log where they
//! fall, and a table stopped because its connection was lost goes back to the game by
//! itself once it is connected again (a remote table), with no key pressed.

use super::script::{END, Script};
use super::table::EngineTable;
use super::*;
use dungeon_bots::BotKind;
use dungeon_table::{Note, Notice, Table, TableState};

#[test]
fn a_lost_table_that_comes_back_goes_on_and_its_notes_are_in_the_log() {
    let mut table = EngineTable::new("base", 11, &[None, Some(BotKind::Random)], |_| {});
    table.lost_polls = 3;
    table.notes = vec![
        Note {
            after: 0,
            notice: Notice::Reconnecting,
        },
        Note {
            after: 0,
            notice: Notice::Reconnected,
        },
        Note {
            after: 0,
            notice: Notice::TimedOut { seat: 1 },
        },
    ];
    // The stopped screen's reads find no key; then the first prompt ends the script.
    let mut script = Script::typed(&["\0\0\0\0\0\0"]);
    let (terminal, outcome) = play(
        &mut table,
        &mut script,
        Lang::En,
        (80, 24),
        Duration::ZERO,
        Palette::new(false),
    );
    assert_eq!(outcome, Err(END.into()));
    assert!(matches!(table.state(), TableState::Asking { .. }));
    let screen = screen_text(&terminal);
    assert!(!screen.contains("cannot go on"), "still stopped:\n{screen}");
    for note in [
        "The connection to the server was lost.",
        "Connected again: back at the table.",
        "did not answer in time: a bot answered for them.",
    ] {
        assert!(
            screen.contains(note),
            "`{note}` is not in the log:\n{screen}"
        );
    }
}
