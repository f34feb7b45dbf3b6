//! `RemoteTable` against the real server over loopback (`dungeon_server` on a free port of
//! 127.0.0.1, bots on the server):
//!
//! - a whole game between two remote tables and a server bot: both see the same public
//!   log and winner, each only its own private entries and view; wrong answers (another
//!   seat, a stale number, an option not offered) are refused before anything is sent;
//! - a connection cut in the middle of a dungeon (a proxy between table and server drops
//!   every connection): the table shows as stopped, connects again, takes its seat back
//!   with its token, and finishes the game with a log identical to the other player's;
//! - refusals said as such: an unknown table, a server that is not there, a pack that
//!   differs from the server's, named.

mod support;

use dungeon_engine::event::Event;
use dungeon_remote::{ConnectError, ErrorCode, RemoteTable, Sit};
use dungeon_table::{Notice, OddsState, Table, TableError, TableState};
use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use support::*;

/// Every seat saw the same public log and outcome, private entries only its own.
fn same_game(tables: &[RemoteTable]) {
    let first = &tables[0];
    for table in tables {
        let seat = table.seat().unwrap();
        assert_eq!(table.state(), first.state());
        assert_eq!(table.log().len(), first.log().len(), "seat {seat}");
        for (i, (mine, theirs)) in table.log().iter().zip(first.log()).enumerate() {
            assert_eq!(mine.index, i as u64);
            assert_eq!(mine.public, theirs.public, "entry {i}");
            if let Some((owner, _)) = &mine.private {
                assert_eq!(*owner, seat, "entry {i}: another seat's secret");
            }
        }
        assert!(
            table
                .log()
                .iter()
                .any(|e| matches!(e.public, Event::Won { .. }))
        );
    }
}

#[test]
fn two_remote_tables_and_a_server_bot_play_a_whole_game() {
    let running = server(11);
    let here = address(running.addr);
    let tables = seated(&here, 3, 2);
    assert!(
        tables[0].setup().seed.is_none(),
        "no seed leaves the server"
    );
    let watch = Sit::Watch {
        code: tables[0].code().to_string(),
    };
    let spectator = RemoteTable::connect(&here, watch, catalog, quick_reconnect()).unwrap();
    let spectator = std::thread::spawn(move || watch_out(spectator));
    let threads: Vec<_> = tables
        .into_iter()
        .map(|t| std::thread::spawn(move || play_out(t, |_| false)))
        .collect();
    let tables: Vec<RemoteTable> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    same_game(&tables);
    let spectator = spectator.join().unwrap();
    assert_eq!(spectator.state(), tables[0].state());
    assert_eq!(spectator.log().len(), tables[0].log().len());
    for (seen, played) in spectator.log().iter().zip(tables[0].log()) {
        assert_eq!(seen.public, played.public);
        assert_eq!(seen.private, None, "a spectator sees no secret");
    }
    // The spectator sees the table as it ended, as every seat may see it.
    let public = spectator.public_view();
    assert!(public.is_some(), "a spectator is sent the public view");
    for table in &tables {
        assert_eq!(public, table.public_view());
    }
    for table in &tables {
        let drew = table
            .log()
            .iter()
            .any(|e| matches!(e.public, Event::Drew { seat, .. } if Some(seat) == table.seat()));
        assert!(drew, "seat {:?} never drew", table.seat());
        assert!(
            table.log().iter().any(|e| e.private.is_some()),
            "seat {:?} drew a card but saw none of its own secrets",
            table.seat(),
        );
    }
}

/// Watches a table to its end: no seat, no seat's view, nothing to answer.
fn watch_out(mut table: RemoteTable) -> RemoteTable {
    assert_eq!(table.seat(), None);
    let until = Instant::now() + PATIENCE;
    loop {
        assert!(Instant::now() < until, "the game did not end in time");
        table.poll(Duration::from_millis(20)).unwrap();
        let seats = table.setup().seats.len() as u8;
        assert!(
            (0..seats).all(|s| table.view(s).is_none()),
            "a spectator has no view"
        );
        assert!(table.setup().seats.iter().all(|s| !s.controlled));
        match table.state() {
            TableState::Over { .. } => return table,
            TableState::Asking { .. } => panic!("a spectator is asked"),
            _ => {}
        }
    }
}

/// A TCP proxy in front of the server that can drop every connection it carries.
struct Proxy {
    addr: std::net::SocketAddr,
    streams: Arc<Mutex<Vec<TcpStream>>>,
}

impl Proxy {
    fn start(to: std::net::SocketAddr) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let streams: Arc<Mutex<Vec<TcpStream>>> = Arc::default();
        let kept = streams.clone();
        std::thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { return };
                let Ok(server) = TcpStream::connect(to) else {
                    continue;
                };
                let mut kept = kept.lock().unwrap();
                kept.push(client.try_clone().unwrap());
                kept.push(server.try_clone().unwrap());
                pipe(client.try_clone().unwrap(), server.try_clone().unwrap());
                pipe(server, client);
            }
        });
        Proxy { addr, streams }
    }

    /// Drops every connection (new ones still go through).
    fn cut(&self) {
        for stream in self.streams.lock().unwrap().drain(..) {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }
}

fn pipe(mut from: TcpStream, mut to: TcpStream) {
    std::thread::spawn(move || {
        let mut buf = [0u8; 16 * 1024];
        loop {
            match from.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    if to.write_all(&buf[..n]).is_err() {
                        break;
                    }
                }
            }
        }
        let _ = to.shutdown(Shutdown::Both);
    });
}

#[test]
fn a_connection_cut_mid_dungeon_comes_back_and_the_game_goes_on() {
    let running = server(12);
    let proxy = Proxy::start(running.addr);
    // The creator connects straight; the other player through the proxy.
    let direct = address(running.addr);
    let sit = Sit::Create(new_table(2, 2));
    let mut creator = RemoteTable::connect(&direct, sit, catalog, quick_reconnect()).unwrap();
    let sit = Sit::Join {
        code: creator.code().to_string(),
        name: "Cut".into(),
    };
    let joiner =
        RemoteTable::connect(&address(proxy.addr), sit, catalog, quick_reconnect()).unwrap();
    let until = Instant::now() + PATIENCE;
    while creator.taken().len() < 2 {
        assert!(Instant::now() < until);
        creator.poll(Duration::from_millis(20)).unwrap();
    }
    // The one who came later is shown by the name it gave.
    assert_eq!(creator.setup().seats[1].name, "Cut");
    creator.start();
    let creator = std::thread::spawn(move || play_out(creator, |_| false));
    let joiner = std::thread::spawn(move || {
        play_out(joiner, |table| {
            let in_dungeon = table
                .log()
                .iter()
                .rev()
                .take_while(|e| !matches!(e.public, Event::RoundStarted { .. }))
                .any(|e| matches!(e.public, Event::Entered { .. }));
            if in_dungeon {
                proxy.cut();
            }
            in_dungeon
        })
    });
    let joiner = joiner.join().unwrap();
    let creator = creator.join().unwrap();
    let notes: Vec<&Notice> = joiner.notes().iter().map(|n| &n.notice).collect();
    let lost = notes.iter().position(|n| **n == Notice::Reconnecting);
    let back = notes.iter().position(|n| **n == Notice::Reconnected);
    assert!(lost.is_some() && back > lost, "notes: {notes:?}");
    same_game(&[creator, joiner]);
}

#[test]
fn refusals_are_said_as_such() {
    let running = server(13);
    let here = address(running.addr);
    let unknown = Sit::Join {
        code: "NOSUCHTABLE".into(),
        name: "A".into(),
    };
    match RemoteTable::connect(&here, unknown, catalog, quick_reconnect()) {
        Err(ConnectError::Refused { code, .. }) => assert_eq!(code, ErrorCode::UnknownTable),
        other => panic!("expected unknown_table, got {:?}", other.err()),
    }
    // A port nobody listens on.
    let free = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let nobody = Sit::Create(new_table(2, 1));
    match RemoteTable::connect(&address(free), nobody, catalog, quick_reconnect()) {
        Err(ConnectError::Unreachable(_)) => {}
        other => panic!("expected unreachable, got {:?}", other.err()),
    }
    // Cards built from other packs than the table's: the first that differs is named.
    let other_packs = |_: &[String]| catalog(&["sequel".to_string()]);
    let sit = Sit::Create(new_table(2, 1));
    match RemoteTable::connect(&here, sit, other_packs, quick_reconnect()) {
        Err(ConnectError::PackDiffers { pack }) => assert_eq!(pack, "base"),
        other => panic!("expected a pack that differs, got {:?}", other.err()),
    }
}

#[test]
fn a_bot_answering_for_a_player_out_of_time_is_noted_and_the_question_goes() {
    let running = server(14);
    let here = address(running.addr);
    let mut table = new_table(2, 2);
    table.bots = vec!["easy".into()];
    table.turn_timeout_secs = Some(1);
    let mut creator =
        RemoteTable::connect(&here, Sit::Create(table), catalog, quick_reconnect()).unwrap();
    let sit = Sit::Join {
        code: creator.code().to_string(),
        name: "Slow".into(),
    };
    let mut slow = RemoteTable::connect(&here, sit, catalog, quick_reconnect()).unwrap();
    let until = Instant::now() + Duration::from_secs(60);
    while creator.taken().len() < 2 {
        assert!(Instant::now() < until);
        creator.poll(Duration::from_millis(20)).unwrap();
    }
    creator.start();
    // The creator answers at once; the slow player never does, until a bot has answered
    // for it and both tables say so.
    let timed_out = |t: &RemoteTable| {
        t.notes()
            .iter()
            .any(|n| n.notice == Notice::TimedOut { seat: 1 })
    };
    let mut asked_slow = None;
    while !(timed_out(&slow) && timed_out(&creator)) {
        assert!(
            Instant::now() < until,
            "no bot answered for the slow player"
        );
        creator.poll(Duration::from_millis(10)).unwrap();
        slow.poll(Duration::from_millis(10)).unwrap();
        if let TableState::Asking {
            seat,
            number,
            decision,
        } = creator.state()
        {
            creator
                .answer(seat, number, decision.legal_actions()[0])
                .unwrap();
        }
        if let TableState::Asking { number, .. } = slow.state() {
            asked_slow.get_or_insert(number);
        }
    }
    let number = asked_slow.expect("the slow player was asked");
    // The question answered by the bot is gone; answering it now is stale.
    while matches!(slow.state(), TableState::Asking { number: n, .. } if n == number) {
        assert!(Instant::now() < until);
        slow.poll(Duration::from_millis(10)).unwrap();
    }
    assert!(slow.log().len() > number as usize);
}

/// Every table at a game that starts hears of it as a note, the joiner's (whose turn it is
/// not yet) and a spectator's included, and counts as started from then on.
#[test]
fn the_start_is_a_note_for_every_table() {
    let running = server(15);
    let here = address(running.addr);
    let sit = Sit::Create(new_table(3, 2));
    let mut creator = RemoteTable::connect(&here, sit, catalog, quick_reconnect()).unwrap();
    let code = creator.code().to_string();
    let watch = Sit::Watch { code: code.clone() };
    let mut spectator = RemoteTable::connect(&here, watch, catalog, quick_reconnect()).unwrap();
    let join = Sit::Join {
        code,
        name: "Bo".into(),
    };
    let mut joiner = RemoteTable::connect(&here, join, catalog, quick_reconnect()).unwrap();
    assert!(!joiner.started() && !spectator.started());
    let until = Instant::now() + PATIENCE;
    while creator.taken().len() < 2 {
        assert!(Instant::now() < until, "the join was never announced");
        creator.poll(Duration::from_millis(20)).unwrap();
    }
    creator.start();
    let started = |t: &RemoteTable| t.notes().iter().any(|n| n.notice == Notice::Started);
    for table in [&mut creator, &mut joiner, &mut spectator] {
        while !started(table) {
            assert!(Instant::now() < until, "the start was never noted");
            table.poll(Duration::from_millis(20)).unwrap();
        }
        assert!(table.started());
        let note = table.notes().iter().find(|n| n.notice == Notice::Started);
        assert_eq!(note.map(|n| n.after), Some(0));
    }
}

/// The `o` key at a remote table: odds asked at the seat's question arrive through `poll`,
/// for that question, worked out by the server; a seat that is not this table's is refused.
#[test]
fn odds_come_from_the_server_through_poll() {
    let running = server(16);
    let here = address(running.addr);
    let mut tables = seated(&here, 3, 1);
    let mut table = tables.remove(0);
    let until = Instant::now() + PATIENCE;
    loop {
        assert!(Instant::now() < until, "no question with odds came");
        table.poll(Duration::from_millis(20)).unwrap();
        let (seat, number, decision) = match table.state() {
            TableState::Asking {
                seat,
                number,
                decision,
            } => (seat, number, decision),
            TableState::Over { .. } => panic!("the game ended first"),
            _ => continue,
        };
        let view = table.view(seat).unwrap();
        if !dungeon_table::odds_available(&view) || view.dungeon_size < 1 {
            table
                .answer(seat, number, pick(seat, number, &decision))
                .unwrap();
            continue;
        }
        assert_eq!(
            table.ask_odds(seat + 1),
            Err(TableError::NotYourSeat(seat + 1))
        );
        table.ask_odds(seat).unwrap();
        let odds = loop {
            assert!(Instant::now() < until, "the odds never came");
            match table.odds(seat) {
                OddsState::Ready(odds) => break odds,
                OddsState::Thinking { .. } => {}
                other => panic!("{other:?}"),
            }
            table.poll(Duration::from_millis(20)).unwrap();
        };
        assert_eq!(odds.number, number);
        return;
    }
}

/// The same seat opened twice (its token copied to another machine): the newer table
/// takes the seat, the older is told so and stops for good instead of taking it back,
/// so the two do not take it from each other for ever.
#[test]
fn a_seat_taken_with_its_token_elsewhere_stops_the_older_table() {
    let running = server(16);
    let here = address(running.addr);
    let sit = Sit::Create(new_table(2, 1));
    let mut older = RemoteTable::connect(&here, sit, catalog, quick_reconnect()).unwrap();
    let rejoin = Sit::Rejoin {
        code: older.code().to_string(),
        token: older.token().unwrap().to_string(),
    };
    let mut newer = RemoteTable::connect(&here, rejoin, catalog, quick_reconnect()).unwrap();
    let until = Instant::now() + PATIENCE;
    while !older.ended() {
        assert!(Instant::now() < until, "the older table never stopped");
        older.poll(Duration::from_millis(20)).unwrap();
    }
    let noted = |t: &RemoteTable, notice: Notice| t.notes().iter().any(|n| n.notice == notice);
    assert!(noted(&older, Notice::SeatTaken), "{:?}", older.notes());
    assert!(matches!(older.state(), TableState::Stopped { .. }));
    // Long enough for several of the older table's quick reconnections, had it tried.
    let quiet = Instant::now() + Duration::from_millis(1500);
    while Instant::now() < quiet {
        newer.poll(Duration::from_millis(20)).unwrap();
        older.poll(Duration::from_millis(5)).unwrap();
    }
    assert!(!newer.ended());
    assert!(!noted(&newer, Notice::Reconnecting), "{:?}", newer.notes());
    assert!(!noted(&newer, Notice::SeatTaken), "{:?}", newer.notes());
    assert_eq!(newer.seat(), Some(0));
}
