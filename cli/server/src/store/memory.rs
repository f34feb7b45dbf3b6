//! A store in memory: the same rules as the SQLite one (decisions in order), nothing kept
//! at exit. For tests and benchmarks that are not about durability.

use super::rooms::{RoomStore, StoredRoom};
use super::{Status, Store, StoreError, StoredTable, TableKey, now_secs};
use dungeon_engine::ids::Seat;
use dungeon_records::Move;
use std::collections::HashMap;
use std::sync::Mutex;

#[derive(Default)]
pub struct MemoryStore {
    tables: Mutex<HashMap<TableKey, StoredTable>>,
    rooms: Mutex<HashMap<TableKey, StoredRoom>>,
}

impl MemoryStore {
    fn with<T>(
        &self,
        key: &TableKey,
        change: impl FnOnce(&mut StoredTable) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut tables = self.tables.lock().unwrap_or_else(|p| p.into_inner());
        let table = tables
            .get_mut(key)
            .ok_or_else(|| StoreError::Conflict("no such table".into()))?;
        let result = change(table)?;
        table.touched = now_secs();
        Ok(result)
    }
}

impl Store for MemoryStore {
    fn create(&self, table: &StoredTable) -> Result<(), StoreError> {
        let mut tables = self.tables.lock().unwrap_or_else(|p| p.into_inner());
        if tables.contains_key(&table.key) {
            return Err(StoreError::Conflict("the code is taken".into()));
        }
        let mut table = table.clone();
        table.touched = now_secs();
        tables.insert(table.key, table);
        Ok(())
    }

    fn seat(
        &self,
        key: &TableKey,
        seat: Seat,
        name: &str,
        token_hash: &[u8; 32],
    ) -> Result<(), StoreError> {
        self.with(key, |t| {
            let s = t
                .seats
                .get_mut(seat as usize)
                .ok_or_else(|| StoreError::Conflict(format!("no seat {seat}")))?;
            s.name = name.to_string();
            s.token_hash = Some(*token_hash);
            Ok(())
        })
    }

    fn set_status(&self, key: &TableKey, status: Status) -> Result<(), StoreError> {
        self.with(key, |t| {
            t.status = status;
            Ok(())
        })
    }

    fn decide(
        &self,
        key: &TableKey,
        number: u32,
        decision: &Move,
        state: &str,
        status: Status,
    ) -> Result<(), StoreError> {
        self.with(key, |t| {
            if t.decisions.len() != number as usize {
                return Err(StoreError::Conflict(format!(
                    "decision {number} after {} stored",
                    t.decisions.len()
                )));
            }
            t.decisions.push(decision.clone());
            t.state = state.to_string();
            t.status = status;
            Ok(())
        })
    }

    fn unfinished(&self) -> Result<Vec<StoredTable>, StoreError> {
        let tables = self.tables.lock().unwrap_or_else(|p| p.into_inner());
        let mut open: Vec<StoredTable> = tables
            .values()
            .filter(|t| t.status.unfinished())
            .cloned()
            .collect();
        open.sort_by_key(|t| t.key);
        Ok(open)
    }

    fn table(&self, key: &TableKey) -> Result<Option<StoredTable>, StoreError> {
        let tables = self.tables.lock().unwrap_or_else(|p| p.into_inner());
        Ok(tables.get(key).cloned())
    }
}

impl MemoryStore {
    fn with_room(
        &self,
        key: &TableKey,
        change: impl FnOnce(&mut StoredRoom) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let mut rooms = self.rooms.lock().unwrap_or_else(|p| p.into_inner());
        let room =
            (rooms.get_mut(key)).ok_or_else(|| StoreError::Conflict("no such table".into()))?;
        change(room)?;
        room.touched = now_secs();
        Ok(())
    }
}

impl RoomStore for MemoryStore {
    fn room_create(&self, room: &StoredRoom) -> Result<(), StoreError> {
        let mut rooms = self.rooms.lock().unwrap_or_else(|p| p.into_inner());
        if rooms.contains_key(&room.key) {
            return Err(StoreError::Conflict("the code is taken".into()));
        }
        rooms.insert(room.key, room.clone());
        Ok(())
    }

    fn room_seat(
        &self,
        key: &TableKey,
        seat: u8,
        name: &str,
        token_hash: &[u8; 32],
    ) -> Result<(), StoreError> {
        self.with_room(key, |r| {
            let s = (r.seats.get_mut(seat as usize))
                .ok_or_else(|| StoreError::Conflict(format!("no seat {seat}")))?;
            s.name = name.to_string();
            s.token_hash = Some(*token_hash);
            Ok(())
        })
    }

    fn room_status(&self, key: &TableKey, status: Status) -> Result<(), StoreError> {
        self.with_room(key, |r| {
            r.status = status;
            Ok(())
        })
    }

    fn room_decide(
        &self,
        key: &TableKey,
        number: u32,
        action: &str,
        state: &str,
        status: Status,
    ) -> Result<(), StoreError> {
        self.with_room(key, |r| {
            if r.actions.len() != number as usize {
                return Err(StoreError::Conflict(format!(
                    "action {number} after {} stored",
                    r.actions.len()
                )));
            }
            r.actions.push(action.to_string());
            r.state = state.to_string();
            r.status = status;
            Ok(())
        })
    }

    fn rooms_unfinished(&self) -> Result<Vec<StoredRoom>, StoreError> {
        let rooms = self.rooms.lock().unwrap_or_else(|p| p.into_inner());
        let mut open: Vec<StoredRoom> = rooms
            .values()
            .filter(|r| r.status.unfinished())
            .cloned()
            .collect();
        open.sort_by_key(|r| r.key);
        Ok(open)
    }
}
