//! What the loopback tests of `RemoteTable` share: the real server on a free port of
//! 127.0.0.1 with the repository's packs, tables opened and started, and a seat played out
//! with scripted answers (checking, at its first question, that wrong answers are refused).
#![allow(dead_code)]

use dungeon_engine::action::{Action, Decision};
use dungeon_engine::catalog::{Catalog, PackLibrary};
use dungeon_engine::ids::Seat;
use dungeon_remote::{NewTable, Reconnect, RemoteTable, Server, Sit, TableOptions};
use dungeon_table::{FailureKind, Table, TableError, TableState};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A test fails rather than hangs past this.
pub const PATIENCE: Duration = Duration::from_secs(240);

pub fn library() -> Arc<PackLibrary> {
    Arc::new(dungeon_tests::library())
}

pub fn server(seed: u64) -> dungeon_server::Running {
    let mut config =
        dungeon_server::Config::new(library(), Arc::new(dungeon_server::MemoryStore::default()));
    config.threads = 1;
    config.limits = dungeon_server::Limits {
        connections_per_address: 1000,
        tables_per_address: 1000,
        ..dungeon_server::Limits::default()
    };
    config.seeds = dungeon_server::Seeds::Fixed(seed);
    dungeon_server::Server::start(config)
        .expect("the server starts")
        .spawn(([127, 0, 0, 1], 0).into())
        .expect("a free port")
}

pub fn address(addr: std::net::SocketAddr) -> Server {
    Server::parse(&addr.to_string()).unwrap()
}

/// The cards of `ids`, from the repository's packs.
pub fn catalog(ids: &[String]) -> Result<Arc<Catalog>, String> {
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    library()
        .catalog(&ids)
        .map(|(c, _)| Arc::new(c))
        .map_err(|d| d.to_string())
}

pub fn quick_reconnect() -> Reconnect {
    Reconnect {
        for_how_long: Duration::from_secs(30),
        first: Duration::from_millis(50),
        longest: Duration::from_millis(500),
    }
}

pub fn new_table(players: u8, humans: u8) -> NewTable {
    NewTable {
        packs: vec!["base".into()],
        players,
        humans,
        bots: match humans < players {
            true => vec!["easy".into()],
            false => Vec::new(),
        },
        options: TableOptions::default(),
        turn_timeout_secs: None,
        name: String::new(),
        pack: None,
    }
}

/// Opens a table with `humans` people (the creator and `humans - 1` who join) and starts it.
pub fn seated(server: &Server, players: u8, humans: u8) -> Vec<RemoteTable> {
    let sit = Sit::Create(new_table(players, humans));
    let mut creator = RemoteTable::connect(server, sit, catalog, quick_reconnect()).unwrap();
    assert_eq!(creator.seat(), Some(0));
    assert!(creator.token().is_some_and(|t| t.len() >= 16));
    let mut tables = Vec::new();
    for i in 1..humans {
        let sit = Sit::Join {
            code: creator.code().to_string(),
            name: format!("P{i}"),
        };
        let table = RemoteTable::connect(server, sit, catalog, quick_reconnect()).unwrap();
        assert_eq!(table.seat(), Some(i as Seat));
        tables.push(table);
    }
    let until = Instant::now() + PATIENCE;
    while creator.taken().len() < humans as usize {
        assert!(Instant::now() < until, "the joins were never announced");
        creator.poll(Duration::from_millis(20)).unwrap();
    }
    creator.start();
    while !creator.started() {
        assert!(Instant::now() < until, "the game never started");
        assert_eq!(creator.take_refusal(), None);
        creator.poll(Duration::from_millis(20)).unwrap();
    }
    tables.insert(0, creator);
    tables
}

/// A legal answer picked from the question's number and the seat, so games differ; a
/// card is drawn more often than not, so every seat holds secrets.
pub fn pick(seat: Seat, number: u32, decision: &Decision) -> Action {
    let actions = decision.legal_actions();
    if actions.contains(&Action::Draw) && number % 3 != 2 {
        return Action::Draw;
    }
    actions[(number as usize * 7 + seat as usize) % actions.len()]
}

/// Plays `table` to the end; `cut` is called once with the table's log, at each poll,
/// and may cut the connection.
pub fn play_out(mut table: RemoteTable, mut cut: impl FnMut(&RemoteTable) -> bool) -> RemoteTable {
    let seat = table.seat().unwrap();
    let until = Instant::now() + PATIENCE;
    let mut checked_refusals = false;
    let mut cut_done = false;
    loop {
        assert!(Instant::now() < until, "the game did not end in time");
        table.poll(Duration::from_millis(20)).unwrap();
        if !cut_done && cut(&table) {
            cut_done = true;
        }
        match table.state() {
            TableState::Asking {
                seat: asked,
                number,
                decision,
            } => {
                assert_eq!(asked, seat);
                assert!(table.view(seat).is_some(), "a seat asked has its view");
                if !checked_refusals {
                    checked_refusals = true;
                    refusals(&mut table, seat, number, &decision);
                }
                match table.answer(seat, number, pick(seat, number, &decision)) {
                    Ok(()) => assert!(
                        !matches!(table.state(), TableState::Asking { number: n, .. } if n == number),
                        "an accepted question is not asked again"
                    ),
                    // The connection was cut under the answer: the state will say.
                    Err(TableError::Closed) => {}
                    Err(e) => panic!("answer refused: {e:?}"),
                }
            }
            TableState::Over { .. } => return table,
            TableState::Stopped { failure } => {
                assert_eq!(
                    failure.kind,
                    FailureKind::Lost,
                    "only a lost connection stops"
                );
                assert!(!table.ended(), "the connection was given up");
            }
            TableState::Waiting { .. } => {}
        }
    }
}

/// Wrong answers are refused, and change nothing.
pub fn refusals(table: &mut RemoteTable, seat: Seat, number: u32, decision: &Decision) {
    let other = (seat + 1) % table.setup().seats.len() as Seat;
    assert_eq!(table.view(other), None, "another seat's view");
    let action = decision.legal_actions()[0];
    assert_eq!(
        table.answer(other, number, action),
        Err(TableError::NotYourSeat(other))
    );
    assert_eq!(
        table.answer(seat, number + 1, action),
        Err(TableError::Stale { expected: number })
    );
    let offered = decision.legal_actions();
    let not_offered = [Action::Pass, Action::Draw, Action::AddToDungeon]
        .into_iter()
        .find(|a| !offered.contains(a))
        .unwrap();
    assert_eq!(
        table.answer(seat, number, not_offered),
        Err(TableError::NotAnOption)
    );
    assert!(matches!(table.state(), TableState::Asking { number: n, .. } if n == number));
}
