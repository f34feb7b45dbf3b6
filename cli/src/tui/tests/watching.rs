//! Watching with no seat at the screen (a spectator at a server's table, a game of bots):
//! the table as every seat may see it and no corner, `?` opens the help and `q` asks, then
//! stops watching, while the bots play on.

use super::script::{END, Script};
use super::table::EngineTable;
use super::*;
use dungeon_bots::BotKind;
use dungeon_table::{Table, TableState};

/// Three bots and nobody at the screen. With `polls`, each bot move waits for that many
/// polls, so the screen reads keys between two moves.
fn bots_only(polls: u32) -> EngineTable {
    let bot = Some(BotKind::Rules);
    let mut table = EngineTable::new("base", 7, &[bot, bot, bot], |_| {});
    table.polls_per_move = polls;
    table
}

/// A spectator of a server's table (`q` names how to watch again).
fn spectator() -> Files {
    Files {
        remote: Some("ws://127.0.0.1:7777/t/ABCDEFGH".into()),
        ..Files::default()
    }
}

fn watch(
    table: &mut EngineTable,
    batches: &[&str],
    lang: Lang,
) -> (Terminal<TestBackend>, Result<Outcome, String>) {
    let mut script = Script::typed(batches);
    let options = quick();
    play_files(table, &mut script, lang, (80, 24), options, &spectator())
}

#[test]
fn a_spectator_sees_the_table_and_no_corner() {
    // One batch is typed each time the watching screen is drawn anew: once per bot move.
    let mut table = bots_only(0);
    let (terminal, outcome) = watch(&mut table, &vec!["\0"; 20], Lang::En);
    assert_eq!(outcome, Err(END.into()));
    assert!(matches!(table.state(), TableState::Waiting { .. }));
    let screen = screen_text(&terminal);
    let view = table.public_view().unwrap();
    let adventurer = table.setup().catalog.adventurer(view.adventurer.unwrap());
    for shown in [
        "The table",
        &format!("Round {}", view.round),
        adventurer.info.name.get(Lang::En),
        "You are watching.",
        "? help",
        "q quit",
    ] {
        assert!(screen.contains(shown), "{shown} is not shown:\n{screen}");
    }
    let seats = crate::front::seat_names(Lang::En, table.setup());
    for seat in 0..3 {
        let standing = format!("{}: successes", seats.name(seat));
        assert!(
            screen.contains(&standing),
            "{standing} is missing:\n{screen}"
        );
    }
    assert!(!screen.contains("Your corner"), "{screen}");
}

#[test]
fn question_mark_opens_the_help_while_watching() {
    let mut table = bots_only(2);
    let (terminal, outcome) = watch(&mut table, &["?"], Lang::En);
    assert_eq!(outcome, Err(END.into()));
    let screen = screen_text(&terminal);
    assert!(screen.contains("Help"), "{screen}");
    assert!(screen.contains("stop watching (asks first)"), "{screen}");
    assert!(
        !screen.contains("pick an option"),
        "nothing to choose:\n{screen}"
    );
    // Esc closes it, and the bots played on.
    let mut table = bots_only(2);
    let (terminal, _) = watch(&mut table, &["?\u{1b}", "\0\0", "\0\0", "\0\0"], Lang::En);
    assert!(screen_text(&terminal).contains("You are watching."));
}

#[test]
fn q_asks_then_stops_watching() {
    let mut table = bots_only(2);
    let (terminal, outcome) = watch(&mut table, &["q"], Lang::En);
    assert_eq!(outcome, Err(END.into()));
    let screen = screen_text(&terminal).replace('\n', " ");
    assert!(screen.contains("Stop watching?"), "{screen}");
    assert!(screen.contains("--watch"), "how to watch again:\n{screen}");
    // n goes back to watching; y leaves, in the reader's language.
    let mut table = bots_only(2);
    let (_, outcome) = watch(&mut table, &["qn"], Lang::En);
    assert_eq!(outcome, Err(END.into()));
    let mut table = bots_only(2);
    let (_, outcome) = watch(&mut table, &["qy"], Lang::En);
    assert_eq!(outcome, Ok(Outcome::Quit));
    let mut table = bots_only(2);
    let (_, outcome) = watch(&mut table, &["qs"], Lang::Es);
    assert_eq!(outcome, Ok(Outcome::Quit));
}

#[test]
fn a_spectator_is_told_how_to_watch_again_not_how_to_take_a_seat_back() {
    let table = bots_only(0);
    let text = crate::text::Text::new(Lang::En, &table.setup().catalog);
    let files = spectator();
    let header = files.header(&text, &table).join("\n");
    let (saved, unsaved) = ("play-interrupted", "play-interrupted-unsaved");
    let leaving = files.resume_hint(&text, &table, saved, unsaved);
    for said in [header, leaving] {
        assert!(said.contains("--watch"), "{said}");
        assert!(!said.contains("seat"), "{said}");
    }
}
