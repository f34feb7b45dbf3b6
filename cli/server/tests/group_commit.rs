//! The SQLite store's group commit (`Store::decide_later`): decisions of many tables
//! handed in at once from many threads go into few transactions, and each one's `done` is
//! called only once its transaction committed: at that moment another connection to the
//! file already reads it. A decision refused (out of order) in a group is reported alone;
//! the others of its group are kept.

mod support;

use dungeon_records::{GameRecord, Move};
use dungeon_server::store::{Decided, Status, StoredSeat, StoredTable};
use dungeon_server::{Commit, SqliteStore, Store};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use support::head;

const TABLES: usize = 24;
const DECISIONS: u32 = 12;

/// A table's key in the store, from the test's name for it.
fn key(code: &str) -> [u8; 32] {
    let mut key = [0u8; 32];
    key[..code.len()].copy_from_slice(code.as_bytes());
    key
}

fn table(code: &str, head: &GameRecord) -> StoredTable {
    StoredTable {
        pack: None,
        key: key(code),
        head: head.clone(),
        seats: vec![
            StoredSeat {
                name: String::new(),
                bot: None,
                token_hash: Some([1; 32]),
            };
            2
        ],
        turn_timeout_secs: None,
        status: Status::Playing,
        decisions: Vec::new(),
        state: "{}".into(),
        touched: 0,
    }
}

/// How many decisions of table `code` another connection to the file reads.
fn stored_elsewhere(path: &Path, code: &str) -> u32 {
    let conn = rusqlite::Connection::open(path).unwrap();
    let hex: String = key(code).iter().map(|b| format!("{b:02x}")).collect();
    conn.query_row(
        "SELECT COUNT(*) FROM decisions WHERE key = ?1",
        [hex],
        |r| r.get(0),
    )
    .unwrap()
}

fn decided(code: &str, number: u32) -> Decided {
    Decided {
        key: key(code),
        number,
        decision: Move {
            seat: 0,
            action: "draw".into(),
        },
        state: format!("{{\"n\":{number}}}"),
        status: Status::Playing,
    }
}

#[test]
fn decisions_of_many_tables_share_commits_and_are_acknowledged_once_committed() {
    let dir = std::env::temp_dir().join(format!("dungeon-group-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tables.sqlite");
    let store = Arc::new(SqliteStore::open_with(&path, Commit::Grouped).unwrap());
    let head = head(2);
    let codes: Vec<String> = (0..TABLES).map(|t| format!("table{t:02}")).collect();
    for code in &codes {
        store.create(&table(code, &head)).unwrap();
    }

    // Each table plays its decisions in order (the next one once the last is
    // acknowledged), all tables at once, as game threads would.
    let (acks, acked) = mpsc::channel::<(usize, u32, bool)>();
    let submit = |t: usize, number: u32| {
        let (acks, path, code) = (acks.clone(), path.clone(), codes[t].clone());
        let done = move |result: Result<(), _>| {
            // Acknowledged: already committed, for any reader of the file.
            let seen = result.is_ok() && stored_elsewhere(&path, &code) == number + 1;
            let _ = acks.send((t, number, seen));
        };
        store.decide_later(decided(&codes[t], number), Box::new(done));
    };
    for t in 0..TABLES {
        submit(t, 0);
    }
    let mut finished = 0;
    while finished < TABLES {
        let (t, number, seen) = acked.recv().unwrap();
        assert!(
            seen,
            "table {t}: decision {number} acknowledged before it was readable"
        );
        if number + 1 < DECISIONS {
            submit(t, number + 1);
        } else {
            finished += 1;
        }
    }
    let total = TABLES as u64 * u64::from(DECISIONS);
    let commits = store.group_commits();
    assert!(
        commits < total / 2,
        "{commits} commits for {total} decisions: not grouped"
    );

    // One refused decision (out of order) among others: only it fails.
    let refused = Arc::new(AtomicUsize::new(0));
    let (done_tx, done_rx) = mpsc::channel();
    for (t, code) in codes.iter().enumerate() {
        let number = if t == 3 { DECISIONS + 5 } else { DECISIONS };
        let (refused, done_tx) = (refused.clone(), done_tx.clone());
        let done = move |result: Result<(), _>| {
            if result.is_err() {
                refused.fetch_add(1, Ordering::SeqCst);
            }
            let _ = done_tx.send(());
        };
        store.decide_later(decided(code, number), Box::new(done));
    }
    for _ in 0..TABLES {
        done_rx.recv().unwrap();
    }
    assert_eq!(refused.load(Ordering::SeqCst), 1);
    for (t, code) in codes.iter().enumerate() {
        let expected = if t == 3 { DECISIONS } else { DECISIONS + 1 };
        assert_eq!(stored_elsewhere(&path, code), expected, "{code}");
    }
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}
