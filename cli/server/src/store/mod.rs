//! Where tables live between two runs of the server: the [`Store`] trait and its
//! implementations. Every write returns only once it is durable, and the game threads
//! acknowledge a decision to anyone only after [`Store::decide`] returned: an
//! acknowledged decision survives a crash.
//!
//! A table is stored under its key (the SHA-256 of its code, never the code), as the head
//! of its game record (rules version, packs and their hashes, options, seed: everything
//! but its decisions), its seats (a human seat's token only as a SHA-256), its decisions
//! in order and the state they lead to, which a restart checks by playing the decisions
//! again. Neither a code nor a token can be read back, so a copy of the store lets nobody
//! join or take a seat; the file is private to the server's user all the same
//! (`private.rs`), as it holds seeds and hidden cards.
//!
//! - `sqlite/`: the store `dungeon serve` uses (one file, WAL, `synchronous=FULL`);
//!   decisions from many tables committed together (`group.rs`); `sql.rs` what its parts
//!   share;
//! - `rooms.rs`: tables of the other games (`/rooms`), which every store also keeps
//!   (`sqlite/rooms.rs`);
//! - `memory.rs`: a store that forgets everything at exit, for tests and benchmarks.
//!
//! Another database (PostgreSQL for several server processes) would implement the same
//! trait: see `docs/server.md`.

mod group;
mod memory;
mod private;
pub mod rooms;
mod sql;
mod sqlite;

pub use memory::MemoryStore;
pub use sqlite::{Commit, SqliteStore};

use dungeon_engine::ids::Seat;
use dungeon_records::{GameRecord, Move};
use std::path::PathBuf;

/// How the store names a table: the SHA-256 of its code.
pub type TableKey = [u8; 32];

/// Seconds since the Unix epoch, as the store keeps when a table was last active.
pub fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// How far a table has come.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Created, waiting for its people and for the creator's `start`.
    Open,
    Playing,
    Over,
    /// A bot's move failed (a card's script): the game cannot go on.
    Stopped,
    /// The table failed its check at a restart: kept for inspection, never played.
    Broken,
    /// Never started, or left by its people, for longer than the server keeps such tables.
    Expired,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Playing => "playing",
            Status::Over => "over",
            Status::Stopped => "stopped",
            Status::Broken => "broken",
            Status::Expired => "expired",
        }
    }

    pub fn parse(s: &str) -> Option<Status> {
        [
            Status::Open,
            Status::Playing,
            Status::Over,
            Status::Stopped,
            Status::Broken,
            Status::Expired,
        ]
        .into_iter()
        .find(|st| st.as_str() == s)
    }

    /// Open or playing: the table is restored at a restart, and counts as open.
    pub fn unfinished(self) -> bool {
        matches!(self, Status::Open | Status::Playing)
    }
}

/// One seat as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSeat {
    /// Empty for a default name (and for a seat nobody took yet).
    pub name: String,
    /// The bot level's engine id (`rules`...), for a bot's seat.
    pub bot: Option<String>,
    /// The SHA-256 of the seat's token, once someone took it.
    pub token_hash: Option<[u8; 32]>,
}

/// A table as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredTable {
    /// The SHA-256 of the table's code (the code itself is never stored).
    pub key: TableKey,
    /// The game record without decisions; its `state` is the game as set up.
    pub head: GameRecord,
    pub seats: Vec<StoredSeat>,
    pub turn_timeout_secs: Option<u32>,
    pub status: Status,
    /// Every decision, in order.
    pub decisions: Vec<Move>,
    /// The state after the last decision, as JSON (the head's state before the first).
    pub state: String,
    /// When the table was last active (created, a seat taken, a decision, a new status),
    /// in seconds since the Unix epoch ([`now_secs`]): how a restart tells an abandoned
    /// table. The store sets it on every write.
    pub touched: u64,
    /// The pack its creator brought, if any: a restart needs its files to play it again.
    pub pack: Option<dungeon_protocol::PackUpload>,
}

impl StoredTable {
    /// The table's game record: what a restart plays again and checks.
    pub fn record(&self) -> GameRecord {
        let mut record = self.head.clone();
        record.decisions = self.decisions.clone();
        record.seats = self
            .seats
            .iter()
            .map(|s| dungeon_records::SeatRecord {
                name: s.name.clone(),
                bot: s.bot.clone(),
            })
            .collect();
        record.state = serde_json::from_str(&self.state).unwrap_or(serde_json::Value::Null);
        record
    }
}

/// A store that could not do what was asked: the game thread refuses the request that
/// needed it (`internal`), and nothing is acknowledged.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Database(String),
    /// The write does not follow what is stored (a decision number already used...).
    #[error("out of order: {0}")]
    Conflict(String),
    /// A stored table cannot be read back.
    #[error("unreadable table: {0}")]
    Corrupt(String),
    /// Other users could read (or replace) the store: the server does not start on it.
    /// `fix` is the command that makes it private.
    #[error("{} can be {what} by other users (mode {mode:03o}); make it private: {fix}", path.display())]
    Exposed {
        path: PathBuf,
        mode: u32,
        /// `read` or `replaced`.
        what: &'static str,
        fix: String,
    },
}

/// A decision to store, with the state it leads to ([`Store::decide`]'s arguments).
#[derive(Clone, Debug)]
pub struct Decided {
    pub key: TableKey,
    /// Decisions stored before this one.
    pub number: u32,
    pub decision: Move,
    /// The state after it, as JSON.
    pub state: String,
    pub status: Status,
}

impl Decided {
    /// Stores it at once, through [`Store::decide`].
    pub fn store_now<S: Store + ?Sized>(&self, store: &S) -> Result<(), StoreError> {
        store.decide(
            &self.key,
            self.number,
            &self.decision,
            &self.state,
            self.status,
        )
    }
}

/// Told once a decision handed to [`Store::decide_later`] is durable, or could not be
/// stored (nothing of it was kept then).
pub type WhenStored = Box<dyn FnOnce(Result<(), StoreError>) + Send>;

/// See the module's documentation. Every method returns once its write is durable.
pub trait Store: rooms::RoomStore + Send + Sync {
    /// Stores a new table (no decision yet).
    fn create(&self, table: &StoredTable) -> Result<(), StoreError>;
    /// Someone took `seat` (or took it back: the token is unchanged then).
    fn seat(
        &self,
        key: &TableKey,
        seat: Seat,
        name: &str,
        token_hash: &[u8; 32],
    ) -> Result<(), StoreError>;
    fn set_status(&self, key: &TableKey, status: Status) -> Result<(), StoreError>;
    /// Decision `number` (counted from 0) and the state it leads to, in one transaction;
    /// refused if `number` is not the next one.
    fn decide(
        &self,
        key: &TableKey,
        number: u32,
        decision: &Move,
        state: &str,
        status: Status,
    ) -> Result<(), StoreError>;
    /// Stores `decided` as [`Store::decide`] does, then calls `done`, maybe later and on
    /// another thread: a store may gather decisions from many tables into one transaction
    /// (group commit), and `done` is called only once that transaction committed. The
    /// game threads acknowledge a decision from `done` only. By default, stored at once.
    fn decide_later(&self, decided: Decided, done: WhenStored) {
        done(decided.store_now(self));
    }
    /// Returns once every decision handed to [`Store::decide_later`] so far is durable
    /// (or refused) and its `done` called: a server stopping calls it last, so nothing
    /// of it writes once it has stopped (a server restarted on the same file must not
    /// see its tables change under it).
    fn flush(&self) {}
    /// Every table still open or playing, with its decisions.
    fn unfinished(&self) -> Result<Vec<StoredTable>, StoreError>;
    /// The table with this key, whatever its status (a finished table is loaded when a
    /// seat comes back to see how it ended).
    fn table(&self, key: &TableKey) -> Result<Option<StoredTable>, StoreError>;
}
