//! [`RoomStore`] in the SQLite file, beside the first game's tables: `rooms`,
//! `room_seats`, `room_actions`. Each write is one transaction, committed at once.

use super::SqliteStore;
use crate::store::rooms::{RoomStore, StoredRoom};
use crate::store::sql::{db, hex, seats_in, unhex};
use crate::store::{Status, StoreError, TableKey, now_secs};
use rusqlite::{Connection, params};

/// The rooms' tables (created with the others at open). A seed is kept as text: SQLite's
/// integers are signed. A file made before rooms had turn timeouts gets the column
/// ([`add_columns`]).
pub(super) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS rooms (
    key TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    rulings TEXT NOT NULL,
    options TEXT NOT NULL,
    seed TEXT NOT NULL,
    status TEXT NOT NULL,
    state TEXT NOT NULL,
    touched INTEGER NOT NULL,
    turn_timeout_secs INTEGER
);
CREATE TABLE IF NOT EXISTS room_seats (
    key TEXT NOT NULL REFERENCES rooms(key),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    bot TEXT,
    token_hash BLOB,
    PRIMARY KEY (key, seat)
);
CREATE TABLE IF NOT EXISTS room_actions (
    key TEXT NOT NULL REFERENCES rooms(key),
    number INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (key, number)
);
";

/// Columns a file made by an older server lacks, added in place.
pub(super) fn add_columns(conn: &Connection) -> Result<(), StoreError> {
    let has: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM pragma_table_info('rooms') WHERE name = 'turn_timeout_secs'",
            [],
            |r| r.get(0),
        )
        .map_err(db)?;
    if has == 0 {
        conn.execute_batch("ALTER TABLE rooms ADD COLUMN turn_timeout_secs INTEGER;")
            .map_err(db)?;
    }
    Ok(())
}

fn touch(conn: &Connection, key: &str) -> Result<(), StoreError> {
    conn.execute(
        "UPDATE rooms SET touched = ?2 WHERE key = ?1",
        params![key, now_secs() as i64],
    )
    .map_err(db)?;
    Ok(())
}

impl RoomStore for SqliteStore {
    fn room_create(&self, room: &StoredRoom) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(db)?;
        let key = hex(&room.key);
        let rulings = serde_json::to_string(&room.rulings).expect("strings");
        tx.execute(
            "INSERT INTO rooms (key, game, rulings, options, seed, status, state, touched, turn_timeout_secs) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                key,
                room.game,
                rulings,
                room.options,
                room.seed.to_string(),
                room.status.as_str(),
                room.state,
                now_secs() as i64,
                room.turn_timeout_secs
            ],
        )
        .map_err(db)?;
        for (i, seat) in room.seats.iter().enumerate() {
            tx.execute(
                "INSERT INTO room_seats (key, seat, name, bot, token_hash) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![key, i as i64, seat.name, seat.bot, seat.token_hash.map(|h| h.to_vec())],
            )
            .map_err(db)?;
        }
        tx.commit().map_err(db)
    }

    fn room_seat(
        &self,
        key: &TableKey,
        seat: u8,
        name: &str,
        token_hash: &[u8; 32],
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(db)?;
        let key = hex(key);
        let changed = tx
            .execute(
                "UPDATE room_seats SET name = ?3, token_hash = ?4 WHERE key = ?1 AND seat = ?2",
                params![key, seat as i64, name, token_hash.to_vec()],
            )
            .map_err(db)?;
        if changed != 1 {
            return Err(StoreError::Conflict(format!("no seat {seat}")));
        }
        touch(&tx, &key)?;
        tx.commit().map_err(db)
    }

    fn room_status(&self, key: &TableKey, status: Status) -> Result<(), StoreError> {
        let conn = self.conn();
        conn.execute(
            "UPDATE rooms SET status = ?2, touched = ?3 WHERE key = ?1",
            params![hex(key), status.as_str(), now_secs() as i64],
        )
        .map_err(db)?;
        Ok(())
    }

    fn room_decide(
        &self,
        key: &TableKey,
        number: u32,
        action: &str,
        state: &str,
        status: Status,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(db)?;
        let key = hex(key);
        let stored: i64 = tx
            .query_row(
                "SELECT COUNT(*) FROM room_actions WHERE key = ?1",
                params![key],
                |r| r.get(0),
            )
            .map_err(db)?;
        if stored != i64::from(number) {
            return Err(StoreError::Conflict(format!(
                "action {number} after {stored} stored"
            )));
        }
        tx.execute(
            "INSERT INTO room_actions (key, number, action) VALUES (?1, ?2, ?3)",
            params![key, number as i64, action],
        )
        .map_err(db)?;
        tx.execute(
            "UPDATE rooms SET state = ?2, status = ?3, touched = ?4 WHERE key = ?1",
            params![key, state, status.as_str(), now_secs() as i64],
        )
        .map_err(db)?;
        tx.commit().map_err(db)
    }

    fn rooms_unfinished(&self) -> Result<Vec<StoredRoom>, StoreError> {
        let conn = self.conn();
        let mut query = conn
            .prepare("SELECT key, game, rulings, options, seed, status, state, touched, turn_timeout_secs FROM rooms WHERE status IN ('open', 'playing') ORDER BY key")
            .map_err(db)?;
        let rows = query
            .query_map([], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, String>(5)?,
                    r.get::<_, String>(6)?,
                    r.get::<_, i64>(7)?,
                    r.get::<_, Option<i64>>(8)?,
                ))
            })
            .map_err(db)?;
        let mut rooms = Vec::new();
        for row in rows {
            let (key_hex, game, rulings, options, seed, status, state, touched, timeout) =
                row.map_err(db)?;
            let corrupt = |what: &str| {
                StoreError::Corrupt(format!("room {}: {what}", &key_hex[..8.min(key_hex.len())]))
            };
            rooms.push(StoredRoom {
                key: unhex(&key_hex).ok_or_else(|| corrupt("key"))?,
                game,
                rulings: serde_json::from_str(&rulings).map_err(|_| corrupt("rulings"))?,
                options,
                seed: seed.parse().map_err(|_| corrupt("seed"))?,
                seats: seats_in(&conn, "room_seats", &key_hex)?,
                status: Status::parse(&status).ok_or_else(|| corrupt("status"))?,
                actions: room_actions(&conn, &key_hex)?,
                state,
                touched: touched.max(0) as u64,
                turn_timeout_secs: match timeout {
                    None => None,
                    Some(t) => Some(u32::try_from(t).map_err(|_| corrupt("turn timeout"))?),
                },
            });
        }
        Ok(rooms)
    }
}

fn room_actions(conn: &Connection, key: &str) -> Result<Vec<String>, StoreError> {
    let mut query = conn
        .prepare("SELECT action FROM room_actions WHERE key = ?1 ORDER BY number")
        .map_err(db)?;
    let rows = query
        .query_map(params![key], |r| r.get::<_, String>(0))
        .map_err(db)?;
    rows.collect::<Result<_, _>>().map_err(db)
}
