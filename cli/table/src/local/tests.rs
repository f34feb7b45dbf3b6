//! The local table as a front end uses it: answers checked, the log split, views only for
//! controlled seats, whole games against bots through `poll`, every decision on disk.

use super::*;
use crate::{OddsNow, OddsState, Table, TableState};
use dungeon_engine::event::Event;
use dungeon_engine::options::GameOptions;
use dungeon_records::SeatRecord;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

fn catalog() -> Arc<Catalog> {
    static CATALOG: OnceLock<Arc<Catalog>> = OnceLock::new();
    CATALOG
        .get_or_init(|| dungeon_tests::catalog(&["base"]))
        .clone()
}

fn temp_dir(name: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "dungeon-table-{}-{}-{name}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Humans first (no name), then one bot per kind.
fn seats(humans: usize, bots: &[&str]) -> Vec<SeatRecord> {
    let human = || SeatRecord {
        name: String::new(),
        bot: None,
    };
    let bot = |kind: &&str| SeatRecord {
        name: String::new(),
        bot: Some(kind.to_string()),
    };
    (0..humans)
        .map(|_| human())
        .chain(bots.iter().map(bot))
        .collect()
}

fn new_game(seats: Vec<SeatRecord>, seed: u64) -> LocalGame {
    let options = GameOptions {
        players: seats.len() as u8,
        ..GameOptions::default()
    };
    LocalGame {
        catalog: catalog(),
        start: Start::New {
            options,
            seats,
            seed,
        },
        autosave: None,
        record: None,
        error_log: None,
        bot_pace: Duration::ZERO,
    }
}

fn start(humans: usize, bots: &[&str], seed: u64) -> LocalTable {
    LocalTable::start(new_game(seats(humans, bots), seed)).unwrap()
}

/// Polls until a controlled seat is asked, or the game is over or stopped.
fn settle(table: &mut LocalTable) -> TableState {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let state = table.state();
        if !matches!(state, TableState::Waiting { .. }) {
            return state;
        }
        assert!(Instant::now() < deadline, "the bots never finished");
        table.poll(Duration::from_millis(200)).unwrap();
    }
}

/// The pending question, once asked.
fn asked(table: &mut LocalTable) -> (Seat, u32, Decision) {
    match settle(table) {
        TableState::Asking {
            seat,
            number,
            decision,
        } => (seat, number, decision),
        other => panic!("no question: {other:?}"),
    }
}

/// Answers every question with the option `pick` chooses, until the game ends.
fn play_out(table: &mut LocalTable, pick: impl Fn(&[Action]) -> usize) -> Option<Seat> {
    loop {
        match settle(table) {
            TableState::Asking {
                seat,
                number,
                decision,
            } => {
                let legal = decision.legal_actions();
                table.answer(seat, number, legal[pick(&legal)]).unwrap();
            }
            TableState::Over { winner } => return winner,
            other => panic!("the game stopped: {other:?}"),
        }
    }
}

#[test]
fn answers_are_refused_for_another_seat_a_stale_number_or_an_unoffered_option() {
    let mut table = start(1, &["random"], 3);
    let (seat, number, decision) = asked(&mut table);
    assert_eq!(seat, 0);
    let legal = decision.legal_actions();
    let log = table.log().len();
    assert_eq!(
        table.answer(1, number, legal[0]),
        Err(TableError::NotYourSeat(1))
    );
    assert_eq!(
        table.answer(7, number, legal[0]),
        Err(TableError::NotYourSeat(7))
    );
    assert_eq!(
        table.answer(0, number + 1, legal[0]),
        Err(TableError::Stale { expected: number })
    );
    let unoffered = [
        Action::Draw,
        Action::Pass,
        Action::AddToDungeon,
        Action::Answer(dungeon_engine::action::Answer::Yes),
    ]
    .into_iter()
    .find(|a| !legal.contains(a))
    .expect("some action is not offered");
    assert_eq!(
        table.answer(0, number, unoffered),
        Err(TableError::NotAnOption)
    );
    // Nothing changed.
    assert_eq!(table.log().len(), log);
    assert_eq!(asked(&mut table), (seat, number, decision));
    // The right answer is taken; the same question answered again is stale.
    table.answer(0, number, legal[0]).unwrap();
    let again = table.answer(0, number, legal[0]);
    assert!(
        matches!(
            again,
            Err(TableError::Stale { .. }) | Err(TableError::NotAsked(0))
        ),
        "{again:?}"
    );
}

#[test]
fn a_controlled_seat_not_asked_is_refused() {
    let mut table = start(2, &[], 4);
    let (seat, number, decision) = asked(&mut table);
    let other = 1 - seat;
    let action = decision.legal_actions()[0];
    assert_eq!(
        table.answer(other, number, action),
        Err(TableError::NotAsked(other))
    );
}

#[test]
fn views_exist_only_for_controlled_seats() {
    let mut table = start(1, &["rules", "random"], 5);
    asked(&mut table);
    assert_eq!(table.view(0).map(|v| v.seat), Some(0));
    assert!(table.view(1).is_none());
    assert!(table.view(2).is_none());
    assert!(table.view(9).is_none());
    let controlled: Vec<bool> = table.setup().seats.iter().map(|s| s.controlled).collect();
    assert_eq!(controlled, [true, false, false]);
    // The public view is everyone's, a table with no seat of its own here included.
    assert_eq!(
        table.public_view(),
        table.view(0).map(|v| crate::public_part(&v))
    );
    assert!(start(0, &["random", "random"], 5).public_view().is_some());
}

/// Every event a seat draws, adds or sets aside, by seat, with the monster if named.
fn hidden_moves(entries: &[LogEntry], viewer: Option<Seat>) -> Vec<(Seat, bool)> {
    entries
        .iter()
        .filter_map(|e| match e.seen_by(viewer) {
            Event::Drew { seat, monster, .. }
            | Event::AddedToDungeon { seat, monster, .. }
            | Event::SetAside { seat, monster, .. } => Some((*seat, monster.is_some())),
            _ => None,
        })
        .collect()
}

#[test]
fn the_log_keeps_private_versions_only_for_controlled_seats() {
    let mut table = start(1, &["random"], 6);
    // Draw whenever possible, so the human's own cards show up in the log.
    play_out(&mut table, |legal| {
        legal.iter().position(|a| *a == Action::Draw).unwrap_or(0)
    });
    let log = table.log();
    assert!(log.iter().enumerate().all(|(i, e)| e.index == i as u64));
    // As the human sees it: their own cards named, the bot's never.
    let mine = hidden_moves(log, Some(0));
    assert!(mine.iter().any(|&(s, named)| s == 0 && named), "{mine:?}");
    assert!(mine.iter().all(|&(s, named)| named == (s == 0)), "{mine:?}");
    // As nobody in particular sees it (a spectator, the hot-seat pass screen): none named.
    assert!(hidden_moves(log, None).iter().all(|&(_, named)| !named));
    // A private version exists only for the controlled seat, and only where it differs.
    for entry in log {
        if let Some((seat, private)) = &entry.private {
            assert_eq!(*seat, 0);
            assert_ne!(private, &entry.public);
        }
    }
}

#[test]
fn a_whole_game_against_bots_is_played_through_poll_and_recorded() {
    let mut table = start(1, &["rules", "random"], 7);
    let mut answered = 0u32;
    let winner = loop {
        match settle(&mut table) {
            TableState::Asking {
                seat,
                number,
                decision,
            } => {
                let legal = decision.legal_actions();
                table.answer(seat, number, legal[legal.len() - 1]).unwrap();
                answered += 1;
            }
            TableState::Over { winner } => break winner,
            other => panic!("{other:?}"),
        }
    };
    assert!(winner.is_some());
    assert!(answered > 0);
    // The save holds every decision, and playing them again leads to the same end.
    let record = GameRecord::read(table.save.as_bytes()).unwrap();
    assert_eq!(record.decisions.len() as u32, table.number);
    assert!(record.decisions.iter().filter(|m| m.seat == 0).count() as u32 == answered);
    let mut engine = Engine::new(catalog()).unwrap();
    let state = record.verify(&mut engine).unwrap();
    assert_eq!(state.winner, winner);
    assert_eq!(state, *table.game);
}

#[test]
fn poll_returns_in_time_while_a_bot_thinks() {
    // A bot that thinks a whole second for each decision, and seats it first to choose.
    let mut seats = seats(1, &["ismcts:1000ms"]);
    seats.reverse();
    let mut table = LocalTable::start(new_game(seats, 8)).unwrap();
    assert!(matches!(table.state(), TableState::Waiting { seat: 0, .. }));
    let before = Instant::now();
    table.poll(Duration::from_millis(20)).unwrap();
    // Generous: the point is that it does not wait for the bot's second.
    assert!(before.elapsed() < Duration::from_millis(600));
    assert!(matches!(table.state(), TableState::Waiting { seat: 0, .. }));
}

/// Every decision of a game played by two bots, and how long it took.
fn bots_only(pace: Duration) -> (Vec<dungeon_records::Move>, Duration, usize) {
    let mut game = new_game(seats(0, &["random", "random"]), 12);
    game.bot_pace = pace;
    let began = Instant::now();
    let mut table = LocalTable::start(game).unwrap();
    assert!(matches!(settle(&mut table), TableState::Over { .. }));
    let took = began.elapsed();
    let record = GameRecord::read(table.save.as_bytes()).unwrap();
    let moves = record.decisions.len();
    (record.decisions, took, moves)
}

#[test]
fn bots_take_at_least_their_pace_and_decide_the_same() {
    let (fast, _, moves) = bots_only(Duration::ZERO);
    let pace = Duration::from_millis(15);
    let (paced, took, _) = bots_only(pace);
    assert_eq!(paced, fast, "the pace changes no decision");
    assert!(moves > 5);
    // A lower bound only: each bot's move waited out its pace.
    assert!(took >= pace * moves as u32, "{moves} moves in {took:?}");
}

use dungeon_engine::odds::{Plan, report_from_view};
use dungeon_engine::{Engine, View};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

#[test]
fn every_decision_is_on_disk_when_answer_returns() {
    let dir = temp_dir("autosave");
    let autosave = Autosave {
        path: dir.join("game.json"),
        finished: dir.join("game.finished.json"),
    };
    let mut game = new_game(seats(1, &["random"]), 9);
    game.autosave = Some(autosave.clone());
    game.record = Some(dir.join("record.json"));
    let mut table = LocalTable::start(game).unwrap();
    // A new game is on disk at once.
    let on_disk = |path: &Path| GameRecord::read(&std::fs::read(path).unwrap()).unwrap();
    assert_eq!(
        table.saving().autosave.as_deref(),
        Some(autosave.path.as_path())
    );
    let mut answers = 0;
    let winner = loop {
        match settle(&mut table) {
            TableState::Asking {
                seat,
                number,
                decision,
            } => {
                table
                    .answer(seat, number, decision.legal_actions()[0])
                    .unwrap();
                answers += 1;
                // Acknowledged: the autosave (with the bots) and the record hold it.
                let save = match table.saving().finished {
                    true => on_disk(&autosave.finished),
                    false => on_disk(&autosave.path),
                };
                assert!(save.decisions.len() as u32 > number);
                assert_eq!(save.decisions[number as usize].seat, seat);
                assert!(save.bots.is_some());
                let record = on_disk(&dir.join("record.json"));
                assert!(record.decisions.len() as u32 > number);
                assert!(record.bots.is_none());
                assert_eq!(table.saving().problem, None);
            }
            TableState::Over { winner } => break winner,
            other => panic!("{other:?}"),
        }
    };
    assert!(answers > 0 && winner.is_some());
    // Over: the autosave is marked finished, holding the whole game.
    let saving = table.saving();
    assert!(saving.finished);
    assert_eq!(
        saving.autosave.as_deref(),
        Some(autosave.finished.as_path())
    );
    assert!(!autosave.path.exists());
    let last = on_disk(&autosave.finished);
    assert_eq!(last.decisions.len() as u32, saving.saved);
    assert_eq!(saving.saved, table.number);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_resumed_game_goes_on_as_if_never_stopped() {
    // Draw whenever possible: the human stays in the game longer.
    let pick = |legal: &[Action]| legal.iter().position(|a| *a == Action::Draw).unwrap_or(0);
    // Uninterrupted.
    let mut whole = start(1, &["rules", "random"], 10);
    let winner = play_out(&mut whole, pick);
    // Stopped after a few answers, then resumed from its save.
    let mut first = start(1, &["rules", "random"], 10);
    for _ in 0..3 {
        let (seat, number, decision) = asked(&mut first);
        let legal = decision.legal_actions();
        first.answer(seat, number, legal[pick(&legal)]).unwrap();
    }
    let record = GameRecord::read(first.save.as_bytes()).unwrap();
    let number = first.number;
    drop(first);
    let mut game = new_game(Vec::new(), 0);
    game.start = Start::Resume(record);
    let mut resumed = LocalTable::start(game).unwrap();
    assert_eq!(resumed.number, number);
    // The log is the whole game's, as it was.
    assert_eq!(resumed.log(), &whole.log()[..resumed.log().len()]);
    assert_eq!(play_out(&mut resumed, pick), winner);
    assert_eq!(resumed.log(), whole.log());
    assert_eq!(resumed.game, whole.game);
}

#[test]
fn save_to_asks_before_replacing_another_game() {
    let dir = temp_dir("save_to");
    let mut table = start(1, &["random"], 11);
    let (seat, number, decision) = asked(&mut table);
    let path = dir.join("mine.json");
    table.save_to(&path, false).unwrap();
    // An earlier point of the same game is replaced without asking.
    table
        .answer(seat, number, decision.legal_actions()[0])
        .unwrap();
    asked(&mut table);
    table.save_to(&path, false).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), *table.save);
    // Another game, a later point of this one, or something else: asked first.
    let mut other = start(1, &["random"], 12);
    asked(&mut other);
    let theirs = dir.join("theirs.json");
    other.save_to(&theirs, false).unwrap();
    let text = dir.join("notes.txt");
    std::fs::write(&text, "my notes").unwrap();
    for path in [&theirs, &text] {
        let before = std::fs::read(path).unwrap();
        assert_eq!(table.save_to(path, false), Err(TableError::OtherGame));
        assert_eq!(std::fs::read(path).unwrap(), before);
    }
    let mut earlier = start(1, &["random"], 11);
    asked(&mut earlier);
    assert_eq!(earlier.save_to(&path, false), Err(TableError::OtherGame));
    // Replaced when asked to.
    table.save_to(&theirs, true).unwrap();
    assert_eq!(std::fs::read_to_string(&theirs).unwrap(), *table.save);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn odds_come_from_the_seats_view_through_poll() {
    let mut table = start(1, &["random"], 13);
    // Drawing, until the human holds a card with an adventurer on the table.
    loop {
        let (seat, number, decision) = asked(&mut table);
        let view = table.view(seat).unwrap();
        if crate::odds_available(&view) && view.hand.is_some() {
            break;
        }
        if !crate::odds_available(&view) {
            assert_eq!(table.ask_odds(seat), Ok(()));
            assert_eq!(table.odds(seat), OddsState::Unavailable);
        }
        let legal = decision.legal_actions();
        let draw = legal.iter().position(|a| *a == Action::Draw).unwrap_or(0);
        table.answer(seat, number, legal[draw]).unwrap();
    }
    assert_eq!(table.ask_odds(1), Err(TableError::NotYourSeat(1)));
    table.ask_odds(0).unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    let odds = loop {
        match table.odds(0) {
            OddsState::Ready(odds) => break odds,
            OddsState::Thinking { .. } => {}
            other => panic!("{other:?}"),
        }
        assert!(Instant::now() < deadline);
        table.poll(Duration::from_millis(100)).unwrap();
    };
    // The engine's figures for the seat's view...
    let mut engine = Engine::new(catalog()).unwrap();
    let view = View::new(&table.game, 0);
    let plan = Plan::default();
    let report = report_from_view(&mut engine, &view, &plan, odds::EFFORT, 0).unwrap();
    assert_eq!(odds.now, OddsNow::Survive(report.probability));
    assert_eq!(odds.with_card.map(|(m, _)| m), view.hand());
    assert_eq!(odds.number, table.number);
    // ...which cannot depend on anything else: states the seat cannot tell from the real
    // one (other hidden cards) give the same odds.
    for seed in 0..3 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let other = view.determinize(&catalog(), &mut rng);
        assert_eq!(View::new(&other, 0).snapshot(), view.snapshot());
        let again = odds::work_out(&mut engine, &other, 0, table.number).unwrap();
        assert_eq!(again, odds);
    }
    // A new decision forgets them.
    let (seat, number, decision) = asked(&mut table);
    table
        .answer(seat, number, decision.legal_actions()[0])
        .unwrap();
    assert_eq!(table.odds(0), OddsState::None);
}

#[test]
fn nothing_is_written_after_close() {
    let dir = temp_dir("close");
    let mut game = new_game(seats(1, &["random"]), 14);
    game.autosave = Some(Autosave {
        path: dir.join("game.json"),
        finished: dir.join("game.finished.json"),
    });
    let mut table = LocalTable::start(game).unwrap();
    asked(&mut table);
    table.close();
    let before = std::fs::read(dir.join("game.json")).unwrap();
    assert!(table.save_to(&dir.join("copy.json"), true).is_err());
    assert!(!dir.join("copy.json").exists());
    assert_eq!(std::fs::read(dir.join("game.json")).unwrap(), before);
    let _ = std::fs::remove_dir_all(&dir);
}
