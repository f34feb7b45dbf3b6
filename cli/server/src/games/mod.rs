//! The game threads. The engine's Lua host cannot leave its thread, so every table lives
//! on one of a few plain threads, each with its own `Engine` per set of packs, and stays
//! there: its bots think there, its decisions are applied and stored there. The async
//! side only routes: it sends a [`Command`] to the table's thread, and the thread sends
//! each connection its messages through that connection's [`Subscriber`].
//!
//! - `thread.rs`: a thread's loop (commands, bots' moves, turn timeouts);
//! - `table/`: one live table: applying a decision, storing it, telling each seat (in
//!   words too, `table/words.rs`), and the next game at it (`table/rematch.rs`);
//! - `seats.rs`: joining, rejoining, watching, leaving, starting;
//! - `setup.rs`: checking a `create_table` request and setting the game up;
//! - `restore.rs`: a stored table played again and checked at start.
//!
//! Odds are not worked out here: a game thread draws a stand-in state from the asking
//! seat's view and hands it to the odds pool (`crate::odds`).

mod brought;
mod expiry;
mod restore;
mod seats;
pub(crate) mod setup;
mod table;
mod thread;

pub(crate) use expiry::expire_stored;

use crate::Seeds;
use crate::odds::{OddsPool, Ticket};
use crate::outbox::Subscriber;
use crate::secret::Key;
use crate::store::{Store, StoreError, StoredTable};
use dungeon_engine::action::Action;
use dungeon_engine::catalog::{Catalog, PackLibrary};
use dungeon_engine::ids::Seat;
use dungeon_protocol::NewTable;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;
use tokio::sync::oneshot;

/// A seat or a spectator's place at a table, as the connection keeps it.
pub(crate) type Seated = Option<Seat>;

/// What the async side asks a game thread.
pub(crate) enum Command {
    Create {
        key: Key,
        code: String,
        token: String,
        request: NewTable,
        /// Where the request came from: its quota is given back when the table ends.
        client: IpAddr,
        sub: Subscriber,
        reply: oneshot::Sender<Result<Seated, ()>>,
    },
    Join {
        key: Key,
        code: String,
        name: String,
        token: String,
        sub: Subscriber,
        reply: oneshot::Sender<Result<Seated, ()>>,
    },
    Rejoin {
        key: Key,
        code: String,
        token: String,
        sub: Subscriber,
        reply: oneshot::Sender<Result<Seated, ()>>,
    },
    Watch {
        key: Key,
        code: String,
        sub: Subscriber,
        reply: oneshot::Sender<Result<Seated, ()>>,
    },
    Start {
        key: Key,
        seat: Seat,
        sub: Subscriber,
    },
    Answer {
        key: Key,
        seat: Seat,
        number: u32,
        action: Action,
        sub: Subscriber,
    },
    AskOdds {
        key: Key,
        seat: Seat,
        sub: Subscriber,
        ticket: Ticket,
    },
    /// The connection closed.
    Leave { key: Key, sub: u64 },
    /// A person at a finished table asks for the next game (`table/rematch.rs`): the request
    /// that opens it, or `None` when one is open already or none may be (told to `sub`).
    Rematch {
        key: Key,
        seat: Seat,
        sub: Subscriber,
        reply: oneshot::Sender<Option<NewTable>>,
    },
    /// The next game of a finished table is open at `code` (`None`: it could not be).
    Rematched {
        key: Key,
        seat: Seat,
        code: Option<String>,
    },
    /// A stored table to play again, check and take on (at start).
    Restore {
        table: Box<StoredTable>,
        reply: mpsc::Sender<Result<(), String>>,
    },
    /// The store's word on decision `number` of a table (sent by the store's thread).
    Stored {
        key: Key,
        number: u32,
        result: Result<(), StoreError>,
    },
    /// The server stops: the thread ends (it holds a sender to itself for the store's
    /// answers, so its queue never closes by itself).
    Stop,
}

/// Which thread holds each table, by key, and how many tables are open, in all and by
/// the client address that opened them.
#[derive(Default)]
pub(crate) struct Routes {
    map: Mutex<HashMap<Key, usize>>,
    open: AtomicUsize,
    by_client: Mutex<HashMap<IpAddr, usize>>,
}

impl Routes {
    pub fn find(&self, key: &Key) -> Option<usize> {
        self.map
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(key)
            .copied()
    }

    fn insert(&self, key: Key, thread: usize) {
        let mut map = self.map.lock().unwrap_or_else(|p| p.into_inner());
        map.insert(key, thread);
    }

    fn remove(&self, key: &Key) {
        self.map
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(key);
    }

    /// Counts one more open table, unless `limit` are open already.
    pub fn reserve(&self, limit: usize) -> bool {
        self.open
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < limit).then_some(n + 1)
            })
            .is_ok()
    }

    /// A table ended (or was never made).
    pub fn release(&self) {
        let _ = self
            .open
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1));
    }

    /// Counts one more table opened from `client`, unless it holds `limit` already.
    pub fn reserve_for(&self, client: IpAddr, limit: usize) -> bool {
        let mut counts = self.by_client.lock().unwrap_or_else(|p| p.into_inner());
        let count = counts.entry(client).or_insert(0);
        if *count >= limit {
            return false;
        }
        *count += 1;
        true
    }

    /// A table opened from `client` ended (or was never made).
    pub fn release_for(&self, client: IpAddr) {
        let mut counts = self.by_client.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(count) = counts.get_mut(&client) {
            *count -= 1;
            if *count == 0 {
                counts.remove(&client);
            }
        }
    }
}

/// How long tables nobody plays are kept ([`crate::Limits`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Expiry {
    pub unstarted: Duration,
    pub abandoned: Duration,
}

impl Expiry {
    /// How long a table may stay idle as it stands: one not started yet, or one started
    /// with nobody at it (`nobody_here`); `None` for a table that does not expire. The
    /// rule of the first game's tables and of the other games' (`crate::rooms`) alike.
    pub fn limit(self, status: crate::store::Status, nobody_here: bool) -> Option<Duration> {
        use crate::store::Status;
        match status {
            Status::Open => Some(self.unstarted),
            Status::Playing if nobody_here => Some(self.abandoned),
            _ => None,
        }
    }
}

/// What every game thread shares.
pub(crate) struct Context {
    pub store: Arc<dyn Store>,
    pub library: Arc<PackLibrary>,
    pub routes: Arc<Routes>,
    pub seeds: Seeds,
    /// Tables created since start, for [`Seeds::Fixed`].
    pub created: AtomicU64,
    pub odds: OddsPool,
    pub expiry: Expiry,
    catalogs: Mutex<HashMap<Vec<String>, Arc<Catalog>>>,
}

impl Context {
    /// The catalog of these packs, built once.
    pub fn catalog(&self, packs: &[String]) -> Result<Arc<Catalog>, String> {
        let mut catalogs = self.catalogs.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(catalog) = catalogs.get(packs) {
            return Ok(catalog.clone());
        }
        let ids: Vec<&str> = packs.iter().map(String::as_str).collect();
        let (catalog, _warnings) = self.library.catalog(&ids).map_err(|d| d.to_string())?;
        let catalog = Arc::new(catalog);
        catalogs.insert(packs.to_vec(), catalog.clone());
        Ok(catalog)
    }
}

/// The game threads and the routes to them.
pub(crate) struct Pool {
    threads: Vec<mpsc::Sender<Command>>,
    /// Taken by the first [`Pool::stop`].
    handles: Mutex<Vec<std::thread::JoinHandle<()>>>,
    store: Arc<dyn Store>,
    pub routes: Arc<Routes>,
}

impl Pool {
    pub fn start(
        threads: usize,
        store: Arc<dyn Store>,
        library: Arc<PackLibrary>,
        seeds: Seeds,
        odds: OddsPool,
        expiry: Expiry,
    ) -> std::io::Result<Pool> {
        let routes = Arc::new(Routes::default());
        let context = Arc::new(Context {
            store: store.clone(),
            library,
            routes: routes.clone(),
            seeds,
            created: AtomicU64::new(0),
            odds,
            expiry,
            catalogs: Mutex::default(),
        });
        let mut senders = Vec::new();
        let mut handles = Vec::new();
        for index in 0..threads.max(1) {
            let (tx, rx) = mpsc::channel();
            let context = context.clone();
            let me = tx.clone();
            let handle = std::thread::Builder::new()
                .name(format!("dungeon-game-{index}"))
                .spawn(move || thread::run(index, context, me, rx))?;
            senders.push(tx);
            handles.push(handle);
        }
        Ok(Pool {
            threads: senders,
            handles: Mutex::new(handles),
            store,
            routes,
        })
    }

    /// The thread a table lives on: pinned by its key (the digest of its code), so a
    /// table restored or loaded again lands where it was made.
    pub fn thread_of(&self, key: &Key) -> usize {
        let n = u64::from_le_bytes(key[..8].try_into().expect("8 bytes"));
        (n % self.threads.len() as u64) as usize
    }

    pub fn send(&self, thread: usize, command: Command) {
        // A game thread ends only when the pool is dropped.
        let _ = self.threads[thread].send(command);
    }

    /// Plays every stored unfinished table again and checks it, each on its thread; the
    /// tables that failed, by log id, with why.
    pub fn restore(&self, tables: Vec<StoredTable>) -> Vec<(String, String)> {
        let (tx, rx) = mpsc::channel();
        let mut waiting = Vec::new();
        for table in tables {
            let key = table.key;
            let id = crate::secret::table_id(&key);
            let thread = self.thread_of(&key);
            let reply = tx.clone();
            self.send(
                thread,
                Command::Restore {
                    table: Box::new(table),
                    reply,
                },
            );
            waiting.push(id);
        }
        drop(tx);
        let mut failed = Vec::new();
        // Replies come in each thread's order; pair them by count, naming failures by
        // the id each thread sends back.
        for _ in 0..waiting.len() {
            match rx.recv() {
                Ok(Ok(())) => {}
                Ok(Err(e)) => failed.push(split_failure(&e)),
                Err(_) => break,
            }
        }
        failed
    }

    /// Stops the threads (after the tables they hold finish their current step), waits
    /// for them, then for the store to write what they handed it: once this returns,
    /// nothing of this pool writes again, even while connections still hold it.
    pub fn stop(&self) {
        self.tell_stop();
        let handles = std::mem::take(&mut *self.handles.lock().unwrap_or_else(|p| p.into_inner()));
        for handle in handles {
            let _ = handle.join();
        }
        self.store.flush();
    }

    fn tell_stop(&self) {
        for thread in &self.threads {
            let _ = thread.send(Command::Stop);
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.tell_stop();
    }
}

/// A restore failure is sent as `id: why`.
fn split_failure(e: &str) -> (String, String) {
    match e.split_once(": ") {
        Some((id, why)) => (id.to_string(), why.to_string()),
        None => (String::new(), e.to_string()),
    }
}
