//! Tables nobody plays do not stay for ever: a table not started within
//! [`Expiry::unstarted`] of being opened (or last joined), and a started one with nobody
//! at it and no move for [`Expiry::abandoned`], are marked expired in the store, their
//! people and spectators told (`stopped`, `expired`), and forgotten. The same holds across
//! a restart: the store keeps when each table was last active, and expired tables are
//! not taken on again.

use super::Expiry;
use super::Routes;
use super::table::LiveTable;
use crate::outbox::Subscriber;
use crate::secret::table_id;
use crate::store::{Status, Store, StoreError, StoredTable, now_secs};
use dungeon_protocol::{ServerMessage, StopReason};
use std::time::{Duration, Instant};

impl LiveTable {
    /// When this table expires as things stand, if it may.
    pub fn expires_at(&self, expiry: Expiry) -> Option<Instant> {
        let nobody_here = self.seats.iter().all(|s| s.conn.is_none());
        (expiry.limit(self.status, nobody_here)).map(|limit| self.touched + limit)
    }

    /// Something happened at the table: its time to expire starts again.
    pub fn touch(&mut self) {
        self.touched = Instant::now();
    }

    /// Ends the table for good: stored as expired, everyone at it told, and forgotten at
    /// once (a code that names it is unknown from now on).
    pub fn expire(&mut self, store: &dyn Store, routes: &Routes) {
        tracing::info!(table = %self.id(), status = self.status.as_str(), "table expired");
        if let Err(e) = store.set_status(&self.key, Status::Expired) {
            tracing::error!(table = %self.id(), error = %e, "storing the expiry failed");
        }
        self.status = Status::Expired;
        self.stop = Some(StopReason::Expired {});
        self.deadline = None;
        self.count_finished(routes);
        self.forget_at = Some(Instant::now());
        let stopped: std::sync::Arc<str> = ServerMessage::Stopped {
            reason: StopReason::Expired {},
        }
        .to_json()
        .into();
        for sub in self.connections() {
            sub.send_text(stopped.clone());
        }
    }

    /// The connections at the table, seats first.
    pub fn connections(&self) -> impl Iterator<Item = &Subscriber> {
        self.seats
            .iter()
            .filter_map(|s| s.conn.as_ref())
            .chain(&self.spectators)
    }
}

/// The stored unfinished tables that have not expired while the server was down (those
/// that have are marked so), and how many had.
pub(crate) fn expire_stored(
    store: &dyn Store,
    expiry: Expiry,
) -> Result<(Vec<StoredTable>, usize), StoreError> {
    let now = now_secs();
    let mut kept = Vec::new();
    let mut expired = 0;
    for table in store.unfinished()? {
        let idle = Duration::from_secs(now.saturating_sub(table.touched));
        // Nobody is at a table while the server is down.
        if expiry
            .limit(table.status, true)
            .is_none_or(|limit| idle <= limit)
        {
            kept.push(table);
            continue;
        }
        tracing::info!(table = %table_id(&table.key), "a stored table expired while the server was down");
        store.set_status(&table.key, Status::Expired)?;
        expired += 1;
    }
    Ok((kept, expired))
}

/// The moment a stored table was last active, `touched` seconds after the epoch, as an
/// instant of this run (now, at the latest).
pub(crate) fn since(touched: u64) -> Instant {
    let idle = Duration::from_secs(now_secs().saturating_sub(touched));
    Instant::now()
        .checked_sub(idle)
        .unwrap_or_else(Instant::now)
}
