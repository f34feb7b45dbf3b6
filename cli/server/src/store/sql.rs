//! What every part of the SQLite store shares (the store itself, its committer thread
//! in `group.rs`, the other games' tables): how a key is written, the database's errors,
//! the connection's lock, a decision written, and a table's seats read.

use super::{Status, StoreError, StoredSeat, TableKey, now_secs};
use dungeon_records::Move;
use rusqlite::{Connection, params};
use std::sync::Mutex;

/// How a key is stored: 64 hex digits.
pub(super) fn hex(key: &TableKey) -> String {
    key.iter().map(|b| format!("{b:02x}")).collect()
}

pub(super) fn unhex(text: &str) -> Option<TableKey> {
    let mut key = [0u8; 32];
    if text.len() != 64 {
        return None;
    }
    for (i, byte) in key.iter_mut().enumerate() {
        *byte = u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(key)
}

pub(super) fn db(e: rusqlite::Error) -> StoreError {
    StoreError::Database(e.to_string())
}

/// The connection, whoever held it last: a panic while holding the lock cannot leave a
/// transaction half done (SQLite rolls it back), so the connection stays usable.
pub(super) fn lock(db: &Mutex<Connection>) -> std::sync::MutexGuard<'_, Connection> {
    db.lock().unwrap_or_else(|p| p.into_inner())
}

/// Writes decision `number` of table `key` and the state it leads to, inside the caller's
/// transaction (or savepoint); refused if `number` is not the next one.
pub(super) fn write_decision(
    conn: &Connection,
    key: &TableKey,
    number: u32,
    decision: &Move,
    state: &str,
    status: Status,
) -> Result<(), StoreError> {
    let key = hex(key);
    let stored: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM decisions WHERE key = ?1",
            params![key],
            |r| r.get(0),
        )
        .map_err(db)?;
    if stored != number as i64 {
        return Err(StoreError::Conflict(format!(
            "decision {number} after {stored} stored"
        )));
    }
    conn.execute(
        "INSERT INTO decisions (key, number, seat, action) VALUES (?1, ?2, ?3, ?4)",
        params![key, number as i64, decision.seat as i64, decision.action],
    )
    .map_err(db)?;
    conn.execute(
        "UPDATE tables SET state = ?2, status = ?3, touched = ?4 WHERE key = ?1",
        params![key, state, status.as_str(), now_secs() as i64],
    )
    .map_err(db)?;
    Ok(())
}

/// The seats of the table `key` in the table `table` (`seats`, or `room_seats` for the
/// other games' tables).
pub(super) fn seats_in(
    conn: &Connection,
    table: &str,
    key: &str,
) -> Result<Vec<StoredSeat>, StoreError> {
    let sql = format!("SELECT name, bot, token_hash FROM {table} WHERE key = ?1 ORDER BY seat");
    let mut query = conn.prepare(&sql).map_err(db)?;
    let rows = query
        .query_map(params![key], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, Option<String>>(1)?,
                r.get::<_, Option<Vec<u8>>>(2)?,
            ))
        })
        .map_err(db)?;
    let mut seats = Vec::new();
    for row in rows {
        let (name, bot, hash) = row.map_err(db)?;
        let token_hash = match hash {
            None => None,
            Some(h) => Some(
                <[u8; 32]>::try_from(h.as_slice())
                    .map_err(|_| StoreError::Corrupt("a token hash".into()))?,
            ),
        };
        seats.push(StoredSeat {
            name,
            bot,
            token_hash,
        });
    }
    Ok(seats)
}
