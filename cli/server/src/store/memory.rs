//! A store in memory: the same rules as the SQLite one (decisions in order), nothing kept
//! at exit. For tests and benchmarks that are not about durability.

use super::{Status, Store, StoreError, StoredTable};
use dungeon_engine::ids::Seat;
use dungeon_engine::record::Move;
use std::collections::HashMap;
use std::sync::Mutex;

#[derive(Default)]
pub struct MemoryStore {
    tables: Mutex<HashMap<String, StoredTable>>,
}

impl MemoryStore {
    fn with<T>(
        &self,
        code: &str,
        change: impl FnOnce(&mut StoredTable) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut tables = self.tables.lock().unwrap_or_else(|p| p.into_inner());
        let table = tables
            .get_mut(code)
            .ok_or_else(|| StoreError::Conflict("no such table".into()))?;
        change(table)
    }
}

impl Store for MemoryStore {
    fn create(&self, table: &StoredTable) -> Result<(), StoreError> {
        let mut tables = self.tables.lock().unwrap_or_else(|p| p.into_inner());
        if tables.contains_key(&table.code) {
            return Err(StoreError::Conflict("the code is taken".into()));
        }
        tables.insert(table.code.clone(), table.clone());
        Ok(())
    }

    fn seat(
        &self,
        code: &str,
        seat: Seat,
        name: &str,
        token_hash: &[u8; 32],
    ) -> Result<(), StoreError> {
        self.with(code, |t| {
            let s = t
                .seats
                .get_mut(seat as usize)
                .ok_or_else(|| StoreError::Conflict(format!("no seat {seat}")))?;
            s.name = name.to_string();
            s.token_hash = Some(*token_hash);
            Ok(())
        })
    }

    fn set_status(&self, code: &str, status: Status) -> Result<(), StoreError> {
        self.with(code, |t| {
            t.status = status;
            Ok(())
        })
    }

    fn decide(
        &self,
        code: &str,
        number: u32,
        decision: &Move,
        state: &str,
        status: Status,
    ) -> Result<(), StoreError> {
        self.with(code, |t| {
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
        open.sort_by(|a, b| a.code.cmp(&b.code));
        Ok(open)
    }

    fn table(&self, code: &str) -> Result<Option<StoredTable>, StoreError> {
        let tables = self.tables.lock().unwrap_or_else(|p| p.into_inner());
        Ok(tables.get(code).cloned())
    }
}
