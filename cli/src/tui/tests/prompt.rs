//! The prompt's own keys over the table: `o` (the table's odds, "working out" while they
//! take), `s` (where the line mode saves, asking before replacing another game), `q` (how
//! to come back to the game), and what a stopped game or a failed autosave shows.

use super::script::{END, Script};
use super::table::EngineTable;
use super::*;
use dungeon_bots::BotKind;
use dungeon_table::{DiskError, Failure, FailureKind, SaveProblem};
use std::path::PathBuf;

fn solo() -> EngineTable {
    EngineTable::new("base", 7, &[None, Some(BotKind::Rules)], |_| {})
}

/// Plays `batches` at 120x40 (long status lines stay on one row); the last screen drawn.
fn screen_after(table: &mut EngineTable, batches: &[&str], files: &Files) -> String {
    let mut script = Script::typed(batches);
    let options = quick();
    let (terminal, outcome) = play_files(table, &mut script, Lang::En, (120, 40), options, files);
    assert_eq!(outcome, Err(END.to_string()), "the script ends the session");
    screen_text(&terminal)
}

#[test]
fn odds_come_from_the_table_and_say_when_they_take_a_while() {
    let files = Files::default();
    // Choosing the adventurer: odds mean nothing yet.
    let screen = screen_after(&mut solo(), &["o"], &files);
    assert!(screen.contains("Odds are about your own run"), "{screen}");
    // Bidding: asked, then worked out over a few polls of the table.
    let slow = || {
        let mut table = solo();
        table.odds_polls = 3;
        table.thinking = Duration::from_millis(300);
        table
    };
    let screen = screen_after(&mut slow(), &["1", "o"], &files);
    assert!(screen.contains("Working out your odds..."), "{screen}");
    assert!(!screen.contains("Your odds of surviving"), "{screen}");
    let screen = screen_after(&mut slow(), &["1", "o\0\0\0"], &files);
    assert!(
        screen.contains("Your odds of surviving the dungeon as it stands: 25"),
        "{screen}"
    );
    assert!(!screen.contains("Working out"), "{screen}");
    // A quick answer is shown without the notice.
    let mut quick = solo();
    quick.odds_polls = 1;
    let screen = screen_after(&mut quick, &["1", "o"], &files);
    assert!(!screen.contains("Working out"), "{screen}");
}

#[test]
fn s_saves_where_the_line_mode_saves_and_asks_before_replacing_another_game() {
    let loaded = Files {
        came_from: Some(PathBuf::from("a.json")),
        ..Files::default()
    };
    let mut table = solo();
    let screen = screen_after(&mut table, &["s"], &loaded);
    assert_eq!(table.saved, [(PathBuf::from("a.json"), false)]);
    assert!(screen.contains("Game saved to a.json."), "{screen}");
    // The file holds another game: n keeps it, y replaces it.
    let other = || {
        let mut table = solo();
        table.other_games = vec![PathBuf::from("a.json")];
        table
    };
    let mut table = other();
    let screen = screen_after(&mut table, &["s"], &loaded);
    assert!(screen.contains("a.json holds another game"), "{screen}");
    assert!(table.saved.is_empty());
    let mut table = other();
    let screen = screen_after(&mut table, &["s1n"], &loaded);
    assert!(
        table.saved.is_empty(),
        "the 1 under the question did nothing"
    );
    assert!(screen.contains("Not saved."), "{screen}");
    assert!(matches!(
        dungeon_table::Table::state(&table),
        dungeon_table::TableState::Asking { number: 0, .. }
    ));
    let mut table = other();
    screen_after(&mut table, &["sy"], &loaded);
    assert_eq!(table.saved, [(PathBuf::from("a.json"), true)]);
    // A new game saves to its autosave, and says how to resume it.
    let mut table = solo();
    table.saving.autosave = Some(PathBuf::from("auto.json"));
    let files = Files {
        game_id: Some("g7".into()),
        ..Files::default()
    };
    let screen = screen_after(&mut table, &["s"], &files);
    assert_eq!(table.saved, [(PathBuf::from("auto.json"), false)]);
    assert!(screen.contains("`dungeon play --resume g7`"), "{screen}");
}

#[test]
fn q_says_whether_the_game_is_kept_and_how_to_resume_it() {
    let mut table = solo();
    table.saving.autosave = Some(PathBuf::from("auto.json"));
    let files = Files {
        game_id: Some("g7".into()),
        ..Files::default()
    };
    let screen = screen_after(&mut table, &["q"], &files);
    assert!(screen.contains("`dungeon play --resume g7`"), "{screen}");
    let screen = screen_after(&mut solo(), &["q"], &Files::default());
    assert!(screen.contains("not saved automatically"), "{screen}");
}

#[test]
fn a_stopped_game_says_why_and_can_still_be_saved() {
    let failure = Failure {
        kind: FailureKind::Move,
        log: None,
    };
    let mut table = solo();
    table.stop = Some(failure.clone());
    let files = Files {
        came_from: Some(PathBuf::from("a.json")),
        ..Files::default()
    };
    let mut script = Script::typed(&["1s\n"]);
    let options = quick();
    let (terminal, outcome) = play_files(
        &mut table,
        &mut script,
        Lang::En,
        (120, 40),
        options,
        &files,
    );
    assert_eq!(outcome, Ok(Outcome::Stopped(failure)));
    assert_eq!(table.saved, [(PathBuf::from("a.json"), false)]);
    let screen = screen_text(&terminal);
    assert!(screen.contains("That move could not be made"), "{screen}");
    assert!(screen.contains("Game saved to a.json."), "{screen}");
}

#[test]
fn a_failed_autosave_is_noted_in_the_log_once() {
    let mut table = solo();
    let error = DiskError {
        kind: std::io::ErrorKind::PermissionDenied,
        message: "denied".into(),
    };
    table.saving.problem = Some((PathBuf::from("auto.json"), SaveProblem::Disk(error)));
    let screen = screen_after(&mut table, &["1", "1"], &Files::default());
    assert_eq!(
        screen
            .matches("Could not save the game to auto.json")
            .count(),
        1,
        "{screen}"
    );
}
