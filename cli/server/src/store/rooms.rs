//! Where tables of the other games (`/rooms`, `crate::rooms`) live between two runs:
//! [`RoomStore`], which every [`super::Store`] also is. A table is kept under its key (the
//! SHA-256 of its code) as its game's id, options (JSON), seed and seats (a token only as
//! its SHA-256), every action played (the game's JSON) and the state they lead to, which a
//! restart checks by playing the actions again. Every method returns once its write is
//! durable; an answer is acknowledged only after [`RoomStore::room_decide`] returned.

use super::{Status, StoreError, StoredSeat, TableKey};

/// A table of another game, as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredRoom {
    pub key: TableKey,
    /// The game's id (`goofspiel`).
    pub game: String,
    /// The rulings it was opened with, as given (`ties=carry`).
    pub rulings: Vec<String>,
    /// The game's options, as its JSON.
    pub options: String,
    pub seed: u64,
    pub seats: Vec<StoredSeat>,
    pub status: Status,
    /// Every action, as the game's JSON, in order.
    pub actions: Vec<String>,
    /// The state after the last action, as JSON.
    pub state: String,
    pub touched: u64,
    /// Seconds a person has for each question.
    pub turn_timeout_secs: Option<u32>,
}

/// See the module's documentation.
pub trait RoomStore: Send + Sync {
    fn room_create(&self, room: &StoredRoom) -> Result<(), StoreError>;
    /// Someone took `seat` (or took it back).
    fn room_seat(
        &self,
        key: &TableKey,
        seat: u8,
        name: &str,
        token_hash: &[u8; 32],
    ) -> Result<(), StoreError>;
    fn room_status(&self, key: &TableKey, status: Status) -> Result<(), StoreError>;
    /// Action `number` (from 0) and the state it leads to, in one transaction; refused if
    /// `number` is not the next one.
    fn room_decide(
        &self,
        key: &TableKey,
        number: u32,
        action: &str,
        state: &str,
        status: Status,
    ) -> Result<(), StoreError>;
    /// Every table still open or playing, with its actions.
    fn rooms_unfinished(&self) -> Result<Vec<StoredRoom>, StoreError>;
}
