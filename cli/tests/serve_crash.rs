//! The crash test of `dungeon serve`: the real program, killed with SIGKILL at random
//! moments (8 times, `DUNGEON_CRASH_KILLS`) while 50 games are played on it
//! (`DUNGEON_CRASH_GAMES`), restarted on the same database each time. Every seat takes its seat back with its token after each
//! restart; nothing it was told before the kill is missing or different afterwards (no
//! acknowledged decision lost), and every game ends exactly as the same games played on
//! a server that was never killed (an in-process one, seeds fixed the same way).

#[path = "../server/tests/support/mod.rs"]
mod support;
mod common {
    pub mod serve;
}

use common::serve::Serve;
use dungeon_engine::ids::Seat;
use dungeon_protocol::{ClientMessage, NewTable, ServerMessage};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};
use support::*;

const SEEDS: u64 = 0x5EED_C0DE_0000;
/// The whole test fails past this.
const DEADLINE: Duration = Duration::from_secs(600);

fn games() -> usize {
    std::env::var("DUNGEON_CRASH_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(50)
}

/// How many times the server is killed (`DUNGEON_CRASH_KILLS`).
fn most_kills() -> usize {
    std::env::var("DUNGEON_CRASH_KILLS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(8)
}

/// Game `i`: 2 to 4 players, one or two people, easy or normal bots.
fn table(i: usize) -> NewTable {
    let players = 2 + (i % 3) as u8;
    let humans = if i.is_multiple_of(2) { 1 } else { 2 };
    let level = if i % 4 < 2 { "easy" } else { "normal" };
    let packs: &[&str] = if i % 3 == 1 {
        &["base"]
    } else {
        &["base", "sequel"]
    };
    new_table(packs, players, humans, level)
}

/// A seat of a game: its table's code and its token.
#[derive(Clone)]
struct SeatKey {
    game: usize,
    seat: Seat,
    code: String,
    token: String,
}

/// Creates every table in order (so game `i` gets seed `SEEDS + i`), seats its people,
/// starts it; the seats, with the clients seated there.
fn open_tables(url: &str, count: usize) -> Vec<(SeatKey, Client)> {
    let mut seats = Vec::new();
    for game in 0..count {
        let spec = table(game);
        let mut creator = Client::hello(url);
        let (code, token) = create(&mut creator, spec.clone());
        let mut joined = Vec::new();
        for i in 1..spec.humans {
            let mut client = Client::hello(url);
            let (seat, token) = join(&mut client, &code, &format!("P{i}"));
            joined.push((seat, token, client));
        }
        creator.send(&ClientMessage::Start {});
        let key = |seat, token| SeatKey {
            game,
            seat,
            code: code.clone(),
            token,
        };
        seats.push((key(0, token), creator));
        for (seat, token, client) in joined {
            seats.push((key(seat, token), client));
        }
    }
    seats
}

/// The same games on a server never killed: what each seat saw, in `open_tables` order.
fn uninterrupted(count: usize) -> Vec<Seen> {
    let server = server(SEEDS, roomy());
    let seats = open_tables(&server.url(), count);
    let threads: Vec<_> = seats
        .into_iter()
        .map(|(key, mut client)| {
            thread::spawn(move || play_out(&mut client, key.seat, key.game as u64))
        })
        .collect();
    threads.into_iter().map(|t| t.join().unwrap()).collect()
}

/// `dungeon serve` on a free port of the loopback, on `db`, with the suite's seeds and
/// room for every game's connections.
fn launch(db: &std::path::Path) -> Serve {
    let seeds = SEEDS.to_string();
    let options = [
        "--threads",
        "2",
        "--insecure-fixed-seeds",
        &seeds,
        "--max-connections-per-address",
        "10000",
        "--max-tables-per-address",
        "10000",
        "--lookups-per-address",
        "10000",
    ];
    common::serve::launch("127.0.0.1:0", db, &options)
}

/// Plays one seat through every crash: after each lost connection it takes the seat back
/// with its token and checks that the log it is sent again begins with every entry it
/// was told before, and that the game is past every answer acknowledged.
fn crash_seat(key: SeatKey, first: Client, url: Arc<Mutex<String>>) -> Seen {
    let mut client = Some(first);
    let mut seen = Seen::default();
    let mut acknowledged: Option<u32> = None;
    let started = Instant::now();
    loop {
        assert!(
            started.elapsed() < DEADLINE,
            "game {} never ended",
            key.game
        );
        let Some(mut c) = client.take() else {
            thread::sleep(Duration::from_millis(20));
            let here = url.lock().unwrap().clone();
            let Some(mut c) = Client::try_hello(&here) else {
                continue;
            };
            let rejoin = ClientMessage::Rejoin {
                code: key.code.clone(),
                token: key.token.clone(),
            };
            if !c.try_send(&rejoin) {
                continue;
            }
            match c.try_recv() {
                Some(ServerMessage::Seated { seat, .. }) => assert_eq!(seat, key.seat),
                Some(other) => panic!("game {}: rejoin got {other:?}", key.game),
                None => continue,
            }
            match c.try_recv() {
                Some(ServerMessage::Log { entries }) => {
                    let told = &seen.log;
                    assert!(
                        entries.len() >= told.len(),
                        "game {}: the log lost entries",
                        key.game
                    );
                    assert_eq!(
                        &entries[..told.len()],
                        &told[..],
                        "game {}: the log changed",
                        key.game
                    );
                    seen.take(Some(key.seat), &ServerMessage::Log { entries });
                }
                Some(other) => panic!("game {}: expected the log, got {other:?}", key.game),
                None => continue,
            }
            client = Some(c);
            continue;
        };
        let Some(message) = c.try_recv() else {
            continue; // the server was killed: take the seat back
        };
        match &message {
            ServerMessage::Asking { number, .. } | ServerMessage::Waiting { number, .. } => {
                if let Some(acked) = acknowledged {
                    assert!(
                        *number > acked,
                        "game {}: answer {acked} was lost",
                        key.game
                    );
                }
            }
            ServerMessage::Accepted { number } => acknowledged = Some(*number),
            _ => {}
        }
        if let Some((number, decision)) = seen.take(Some(key.seat), &message) {
            let action = choose(key.game as u64, number, &decision);
            c.try_send(&ClientMessage::Answer { number, action });
        }
        if seen.winner.is_some() {
            return seen;
        }
        client = Some(c);
    }
}

#[test]
fn killed_servers_lose_nothing_and_end_every_game_the_same() {
    let count = games();
    let expected = uninterrupted(count);

    let dir = std::env::temp_dir().join(format!("dungeon-crash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("tables.sqlite");
    let mut serve = launch(&db);
    let url = Arc::new(Mutex::new(serve.url.clone()));
    let seats = open_tables(&serve.url, count);
    let threads: Vec<_> = seats
        .into_iter()
        .map(|(key, client)| {
            let url = url.clone();
            thread::spawn(move || crash_seat(key, client, url))
        })
        .collect();

    // Kills at random moments (a fixed sequence of pauses), restarting on the same file;
    // then the games are let finish.
    let mut kills = 0;
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    while kills < most_kills() && !threads.iter().all(|t| t.is_finished()) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        // Short pauses: with the bots' shipped tables a game takes a second or two.
        thread::sleep(Duration::from_millis(50 + x % 450));
        if threads.iter().all(|t| t.is_finished()) {
            break;
        }
        serve.kill();
        kills += 1;
        drop(serve);
        serve = launch(&db);
        *url.lock().unwrap() = serve.url.clone();
    }
    let seen: Vec<Seen> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    drop(serve);
    let _ = std::fs::remove_dir_all(&dir);

    assert!(
        kills >= 3,
        "only {kills} kills: the games ended too soon to test anything"
    );
    assert_eq!(seen.len(), expected.len());
    for (i, (got, want)) in seen.iter().zip(&expected).enumerate() {
        assert_eq!(got.winner, want.winner, "seat #{i}: the winner");
        assert_eq!(got.log.len(), want.log.len(), "seat #{i}: the log's length");
        assert_eq!(got.log, want.log, "seat #{i}: the log");
    }
    eprintln!("{count} games, {kills} kills");
}
