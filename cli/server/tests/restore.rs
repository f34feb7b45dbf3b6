//! A server restarted on its SQLite file takes every unfinished table back, checked
//! (replayed from its seed and decisions, compared with the stored state); a table whose
//! stored state was tampered with is marked broken, reported, and never played. A server
//! stopped writes nothing more, so the next one finds the store as it was left.

mod support;

use dungeon_engine::ids::Seat;
use dungeon_protocol::{ClientMessage, ErrorCode, ServerMessage};
use dungeon_records::Move;
use dungeon_server::store::rooms::{RoomStore, StoredRoom};
use dungeon_server::store::{Status, StoreError, StoredTable, TableKey};
use dungeon_server::{MemoryStore, Store};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use support::*;

fn start(path: &std::path::Path) -> dungeon_server::Server {
    sqlite_server(path, 51)
}

/// Rejoins and returns the pending question's number (or the error's code).
fn rejoin(url: &str, code: &str, token: &str) -> Result<u32, ErrorCode> {
    let mut client = Client::hello(url);
    client.send(&ClientMessage::Rejoin {
        code: code.into(),
        token: token.into(),
    });
    loop {
        match client.recv() {
            ServerMessage::Asking { number, .. } => return Ok(number),
            ServerMessage::Error { code, .. } => return Err(code),
            _ => {}
        }
    }
}

#[test]
fn a_restart_resumes_checked_tables_and_sets_tampered_ones_aside() {
    let dir = std::env::temp_dir().join(format!("dungeon-restore-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tables.sqlite");

    let running = start(&path).spawn(([127, 0, 0, 1], 0).into()).unwrap();
    let mut client = Client::hello(&running.url());
    let (code, token) = create(&mut client, new_table(&["base"], 2, 1, "easy"));
    client.send(&ClientMessage::Start {});
    let mut seen = Seen::default();
    let pending = loop {
        if let Some((number, decision)) = seen.take(Some(0), &client.recv()) {
            if number >= 4 {
                break number;
            }
            client.send(&ClientMessage::Answer {
                number,
                action: choose(5, number, &decision),
            });
        }
    };
    drop(client);
    drop(running);

    let server = start(&path);
    assert_eq!(server.restored().tables, 1);
    assert!(server.restored().broken.is_empty());
    let running = server.spawn(([127, 0, 0, 1], 0).into()).unwrap();
    assert_eq!(rejoin(&running.url(), &code, &token), Ok(pending));
    drop(running);

    // The stored state no longer matches its decisions.
    let db = rusqlite::Connection::open(&path).unwrap();
    let changed = db
        .execute(
            "UPDATE tables SET state = replace(state, '\"round\":', '\"round\":1')",
            [],
        )
        .unwrap();
    assert_eq!(changed, 1);
    drop(db);
    let server = start(&path);
    assert_eq!(server.restored().tables, 0);
    assert_eq!(server.restored().broken.len(), 1);
    let running = server.spawn(([127, 0, 0, 1], 0).into()).unwrap();
    assert_eq!(
        rejoin(&running.url(), &code, &token),
        Err(ErrorCode::UnknownTable)
    );
    drop(running);
    let db = rusqlite::Connection::open(&path).unwrap();
    let status: String = db
        .query_row("SELECT status FROM tables", [], |r| r.get(0))
        .unwrap();
    assert_eq!(status, "broken");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A store on a slow disk: each decision takes a while to write; counts those written.
struct SlowDisk {
    inner: MemoryStore,
    written: Arc<AtomicUsize>,
}

impl RoomStore for SlowDisk {
    fn room_create(&self, room: &StoredRoom) -> Result<(), StoreError> {
        self.inner.room_create(room)
    }
    fn room_seat(
        &self,
        key: &TableKey,
        seat: u8,
        name: &str,
        token: &[u8; 32],
    ) -> Result<(), StoreError> {
        self.inner.room_seat(key, seat, name, token)
    }
    fn room_status(&self, key: &TableKey, status: Status) -> Result<(), StoreError> {
        self.inner.room_status(key, status)
    }
    fn room_decide(
        &self,
        key: &TableKey,
        number: u32,
        action: &str,
        state: &str,
        status: Status,
    ) -> Result<(), StoreError> {
        self.inner.room_decide(key, number, action, state, status)
    }
    fn rooms_unfinished(&self) -> Result<Vec<StoredRoom>, StoreError> {
        self.inner.rooms_unfinished()
    }
}

impl Store for SlowDisk {
    fn create(&self, table: &StoredTable) -> Result<(), StoreError> {
        self.inner.create(table)
    }
    fn seat(
        &self,
        key: &TableKey,
        seat: Seat,
        name: &str,
        token: &[u8; 32],
    ) -> Result<(), StoreError> {
        self.inner.seat(key, seat, name, token)
    }
    fn set_status(&self, key: &TableKey, status: Status) -> Result<(), StoreError> {
        self.inner.set_status(key, status)
    }
    fn decide(
        &self,
        key: &TableKey,
        number: u32,
        decision: &Move,
        state: &str,
        status: Status,
    ) -> Result<(), StoreError> {
        std::thread::sleep(Duration::from_millis(300));
        let result = self.inner.decide(key, number, decision, state, status);
        self.written.fetch_add(1, Ordering::SeqCst);
        result
    }
    fn unfinished(&self) -> Result<Vec<StoredTable>, StoreError> {
        self.inner.unfinished()
    }
    fn table(&self, key: &TableKey) -> Result<Option<StoredTable>, StoreError> {
        self.inner.table(key)
    }
}

/// Once a stopped server's handle is dropped, nothing of it writes to its store any more,
/// even with a write under way and a connection still open: a server started next on the
/// same file would otherwise see its tables change under it.
#[test]
fn a_stopped_server_writes_nothing_more() {
    let written = Arc::new(AtomicUsize::new(0));
    let store = SlowDisk {
        inner: MemoryStore::default(),
        written: written.clone(),
    };
    let running = server_with(61, roomy(), Arc::new(store));
    let mut client = Client::hello(&running.url());
    create(&mut client, new_table(&["base"], 2, 1, "easy"));
    client.send(&ClientMessage::Start {});
    let mut seen = Seen::default();
    let (number, decision) = loop {
        if let Some(asked) = seen.take(Some(0), &client.recv()) {
            break asked;
        }
    };
    client.send(&ClientMessage::Answer {
        number,
        action: choose(5, number, &decision),
    });
    // The answer is being written (slowly) as the server stops; the client stays.
    std::thread::sleep(Duration::from_millis(100));
    drop(running);
    let after_stop = written.load(Ordering::SeqCst);
    std::thread::sleep(Duration::from_millis(700));
    assert_eq!(
        written.load(Ordering::SeqCst),
        after_stop,
        "the stopped server went on writing"
    );
    assert!(after_stop >= 1, "the write under way was finished first");
    drop(client);
}
