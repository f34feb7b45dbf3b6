//! The SQLite store: one file beside the server, in WAL mode with `synchronous=FULL`, so
//! a transaction that returned is on disk (a power cut included). One connection behind
//! a mutex: SQLite takes one writer at a time anyway, and each write is small. Decisions
//! go through a committer thread that puts every decision waiting into one transaction
//! (`group.rs`): one disk flush for many tables.

use super::group::Committer;
use super::sql::{db, hex, lock, seats_in, unhex, write_decision};
use super::{
    Decided, Status, Store, StoreError, StoredSeat, StoredTable, TableKey, WhenStored, now_secs,
};
use dungeon_engine::ids::Seat;
use dungeon_records::{GameRecord, Move};
use rusqlite::{Connection, params};
use std::path::Path;
use std::sync::{Arc, Mutex};

mod rooms;

/// How decisions reach the disk.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Commit {
    /// Every decision waiting when a transaction starts goes into it (the default).
    Grouped,
    /// One transaction, and one flush, per decision: the load benchmark's baseline.
    PerDecision,
}

pub struct SqliteStore {
    db: Arc<Mutex<Connection>>,
    /// `None` with [`Commit::PerDecision`].
    committer: Option<Committer>,
}

/// Tables are keyed by the hex SHA-256 of their code (`key`); `touched` is when each was
/// last active, in Unix seconds. `user_version` 1; version 0 kept codes in clear
/// ([`migrate`]).
const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS tables (
    key TEXT PRIMARY KEY,
    head TEXT NOT NULL,
    turn_timeout_secs INTEGER,
    status TEXT NOT NULL,
    state TEXT NOT NULL,
    touched INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    key TEXT NOT NULL REFERENCES tables(key),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    bot TEXT,
    token_hash BLOB,
    PRIMARY KEY (key, seat)
);
CREATE TABLE IF NOT EXISTS decisions (
    key TEXT NOT NULL REFERENCES tables(key),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (key, number)
);
CREATE TABLE IF NOT EXISTS brought_packs (
    key TEXT PRIMARY KEY REFERENCES tables(key),
    pack TEXT NOT NULL
);
PRAGMA user_version = 1;
";

/// A store of version 0 held each table's code in clear: each becomes its key, in one
/// transaction, and the pages that held the codes are overwritten (`secure_delete`, then
/// `VACUUM` and a checkpoint that empties the WAL).
fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(db)?;
    let old: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM pragma_table_info('tables') WHERE name = 'code'",
            [],
            |r| r.get(0),
        )
        .map_err(db)?;
    if version >= 1 || old == 0 {
        return Ok(());
    }
    let tx = conn.transaction().map_err(db)?;
    tx.execute_batch(
        "PRAGMA defer_foreign_keys = ON;
         ALTER TABLE tables RENAME COLUMN code TO key;
         ALTER TABLE seats RENAME COLUMN code TO key;
         ALTER TABLE decisions RENAME COLUMN code TO key;
         ALTER TABLE tables ADD COLUMN touched INTEGER NOT NULL DEFAULT 0;",
    )
    .map_err(db)?;
    let codes: Vec<String> = {
        let mut query = tx.prepare("SELECT key FROM tables").map_err(db)?;
        let rows = query.query_map([], |r| r.get(0)).map_err(db)?;
        rows.collect::<Result<_, _>>().map_err(db)?
    };
    let now = now_secs() as i64;
    for code in codes {
        let key = hex(&crate::secret::digest(&code));
        for child in ["seats", "decisions"] {
            let sql = format!("UPDATE {child} SET key = ?2 WHERE key = ?1");
            tx.execute(&sql, params![code, key]).map_err(db)?;
        }
        tx.execute(
            "UPDATE tables SET key = ?2, touched = ?3 WHERE key = ?1",
            params![code, key, now],
        )
        .map_err(db)?;
    }
    tx.commit().map_err(db)?;
    conn.execute_batch("VACUUM; PRAGMA wal_checkpoint(TRUNCATE);")
        .map_err(db)?;
    tracing::info!("the store now keeps tables by their codes' digests");
    Ok(())
}

impl SqliteStore {
    /// Opens (or creates) the database at `path`, with group commit.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        SqliteStore::open_with(path, Commit::Grouped)
    }

    pub fn open_with(path: &Path, commit: Commit) -> Result<SqliteStore, StoreError> {
        super::private::prepare(path)?;
        let mut conn = Connection::open(path).map_err(db)?;
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(db)?;
        conn.pragma_update(None, "synchronous", "FULL")
            .map_err(db)?;
        conn.pragma_update(None, "foreign_keys", "ON").map_err(db)?;
        // What is deleted or replaced is overwritten, not left in free pages.
        conn.pragma_update(None, "secure_delete", "ON")
            .map_err(db)?;
        conn.busy_timeout(std::time::Duration::from_secs(10))
            .map_err(db)?;
        migrate(&mut conn)?;
        conn.execute_batch(SCHEMA).map_err(db)?;
        conn.execute_batch(rooms::SCHEMA).map_err(db)?;
        rooms::add_columns(&conn)?;
        let db = Arc::new(Mutex::new(conn));
        let committer = match commit {
            Commit::Grouped => Some(Committer::start(db.clone()).map_err(|e| {
                StoreError::Database(format!("the committer thread could not start: {e}"))
            })?),
            Commit::PerDecision => None,
        };
        Ok(SqliteStore { db, committer })
    }

    /// Transactions the group committer has committed (0 with [`Commit::PerDecision`]):
    /// compared with the decisions stored, how well they were grouped.
    pub fn group_commits(&self) -> u64 {
        self.committer.as_ref().map_or(0, Committer::commits)
    }

    pub(super) fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        lock(&self.db)
    }
}

impl Store for SqliteStore {
    fn create(&self, table: &StoredTable) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(db)?;
        tx.execute(
            "INSERT INTO tables (key, head, turn_timeout_secs, status, state, touched) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                hex(&table.key),
                table.head.to_json(),
                table.turn_timeout_secs,
                table.status.as_str(),
                table.state,
                now_secs() as i64
            ],
        )
        .map_err(db)?;
        if let Some(pack) = &table.pack {
            let pack = serde_json::to_string(pack).expect("a pack is plain data");
            tx.execute(
                "INSERT INTO brought_packs (key, pack) VALUES (?1, ?2)",
                params![hex(&table.key), pack],
            )
            .map_err(db)?;
        }
        for (i, seat) in table.seats.iter().enumerate() {
            tx.execute(
                "INSERT INTO seats (key, seat, name, bot, token_hash) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    hex(&table.key),
                    i as i64,
                    seat.name,
                    seat.bot,
                    seat.token_hash.map(|h| h.to_vec())
                ],
            )
            .map_err(db)?;
        }
        tx.commit().map_err(db)
    }

    fn seat(
        &self,
        key: &TableKey,
        seat: Seat,
        name: &str,
        token_hash: &[u8; 32],
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(db)?;
        let changed = tx
            .execute(
                "UPDATE seats SET name = ?3, token_hash = ?4 WHERE key = ?1 AND seat = ?2",
                params![hex(key), seat as i64, name, token_hash.to_vec()],
            )
            .map_err(db)?;
        if changed != 1 {
            return Err(StoreError::Conflict(format!("no seat {seat}")));
        }
        tx.execute(
            "UPDATE tables SET touched = ?2 WHERE key = ?1",
            params![hex(key), now_secs() as i64],
        )
        .map_err(db)?;
        tx.commit().map_err(db)
    }

    fn set_status(&self, key: &TableKey, status: Status) -> Result<(), StoreError> {
        self.conn()
            .execute(
                "UPDATE tables SET status = ?2, touched = ?3 WHERE key = ?1",
                params![hex(key), status.as_str(), now_secs() as i64],
            )
            .map_err(db)?;
        Ok(())
    }

    fn decide(
        &self,
        key: &TableKey,
        number: u32,
        decision: &Move,
        state: &str,
        status: Status,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(db)?;
        write_decision(&tx, key, number, decision, state, status)?;
        tx.commit().map_err(db)
    }

    fn decide_later(&self, decided: Decided, done: WhenStored) {
        match &self.committer {
            Some(committer) => committer.submit(decided, done),
            None => done(decided.store_now(self)),
        }
    }

    fn flush(&self) {
        if let Some(committer) = &self.committer {
            committer.flush();
        }
    }

    fn unfinished(&self) -> Result<Vec<StoredTable>, StoreError> {
        tables(
            &self.conn(),
            "WHERE status IN ('open', 'playing') ORDER BY rowid",
            [],
        )
    }

    fn table(&self, key: &TableKey) -> Result<Option<StoredTable>, StoreError> {
        let found = tables(&self.conn(), "WHERE key = ?1", [hex(key)])?;
        Ok(found.into_iter().next())
    }
}

/// The tables a `WHERE` clause picks, with their seats and decisions.
fn tables(
    conn: &Connection,
    filter: &str,
    args: impl rusqlite::Params,
) -> Result<Vec<StoredTable>, StoreError> {
    let mut tables = Vec::new();
    let sql =
        format!("SELECT key, head, turn_timeout_secs, status, state, touched FROM tables {filter}");
    let mut query = conn.prepare(&sql).map_err(db)?;
    let rows = query
        .query_map(args, |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, Option<u32>>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, String>(4)?,
                r.get::<_, i64>(5)?,
            ))
        })
        .map_err(db)?;
    for row in rows {
        let (hex_key, head, turn_timeout_secs, status, state, touched) = row.map_err(db)?;
        let key = unhex(&hex_key).ok_or_else(|| StoreError::Corrupt("a table's key".into()))?;
        let head =
            GameRecord::read(head.as_bytes()).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let status = Status::parse(&status)
            .ok_or_else(|| StoreError::Corrupt(format!("status {status}")))?;
        tables.push(StoredTable {
            pack: brought_pack(conn, &hex_key)?,
            seats: seats(conn, &hex_key)?,
            decisions: decisions(conn, &hex_key)?,
            key,
            head,
            turn_timeout_secs,
            status,
            state,
            touched: touched.max(0) as u64,
        });
    }
    Ok(tables)
}

/// The pack a table's creator brought, if any.
fn brought_pack(
    conn: &Connection,
    key: &str,
) -> Result<Option<dungeon_protocol::PackUpload>, StoreError> {
    let mut query = conn
        .prepare("SELECT pack FROM brought_packs WHERE key = ?1")
        .map_err(db)?;
    let mut rows = query.query(params![key]).map_err(db)?;
    let Some(row) = rows.next().map_err(db)? else {
        return Ok(None);
    };
    let text: String = row.get(0).map_err(db)?;
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|e| StoreError::Corrupt(format!("a brought pack: {e}")))
}

fn seats(conn: &Connection, key: &str) -> Result<Vec<StoredSeat>, StoreError> {
    seats_in(conn, "seats", key)
}

fn decisions(conn: &Connection, key: &str) -> Result<Vec<Move>, StoreError> {
    let mut query = conn
        .prepare("SELECT number, seat, action FROM decisions WHERE key = ?1 ORDER BY number")
        .map_err(db)?;
    let rows = query
        .query_map(params![key], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, String>(2)?,
            ))
        })
        .map_err(db)?;
    let mut moves = Vec::new();
    for (i, row) in rows.enumerate() {
        let (number, seat, action) = row.map_err(db)?;
        let seat = Seat::try_from(seat).map_err(|_| StoreError::Corrupt("a seat".into()))?;
        if number != i as i64 {
            return Err(StoreError::Corrupt(format!("decision {i} is missing")));
        }
        moves.push(Move { seat, action });
    }
    Ok(moves)
}
