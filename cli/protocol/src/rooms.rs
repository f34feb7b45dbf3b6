//! The protocol of tables of the other games (`ws://HOST:PORT/rooms`), version
//! [`ROOMS_VERSION`]: any game on `dungeon-core` with its words, Mazmorra and Goofspiel
//! today. It knows no game's types: the game is named by its id, its options by
//! `--ruling` strings, each question is a list of choices in words (answered by their
//! place), and the game reaches each seat as log lines and a view, in words in the
//! client's language and the view also as the game's own JSON. Every line and view is
//! built from the receiving seat's view of the game (a spectator's: nobody's), never from
//! the whole game. The same JSON frames, limits and error codes as `/ws`
//! ([`ErrorCode`]); see `docs/protocol.md`.

use crate::ErrorCode;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The version of this protocol; `hello` states it.
pub const ROOMS_VERSION: u32 = 1;

/// What a client sends. `hello` must come first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum RoomClient {
    /// The protocol version, and the language the game is worded in (`en`, `es`, `fr`).
    Hello {
        version: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lang: Option<String>,
    },
    /// Opens a table of `game`; the creator takes seat 0 and alone may `start` it.
    Create(NewRoom),
    /// Takes a free seat for a person at the table with this code.
    Join { code: String, name: String },
    /// Takes back the seat this token was given for.
    Rejoin { code: String, token: String },
    /// Watches the table as a spectator.
    Watch { code: String },
    /// The creator starts the game once every seat for a person is taken.
    Start {},
    /// Answers question `number` (decisions applied so far) with choice `choice` (from 0).
    Answer { number: u32, choice: u32 },
    /// Once the game is over, a person at it opens the next game at a table like it (the
    /// same game, seats, bots, rulings and turn timeout; a new deal), where they take seat
    /// 0 (answered `created`) and the others hear `rematch`. Asked again, it answers
    /// `rematch` with the next game's code.
    Rematch {},
}

/// A table to open.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewRoom {
    /// The game's id (`goofspiel`, `mazmorra`), as `dungeon play --game` takes it.
    pub game: String,
    pub players: u8,
    /// Seats for people, the creator's included: seats 0 to `humans - 1`.
    pub humans: u8,
    /// Each other seat's bot level (`easy`, `normal`, `hard`, `hard:N`); the last fills
    /// the rest.
    #[serde(default)]
    pub bots: Vec<String>,
    /// Rulings and variants as `id=value`.
    #[serde(default)]
    pub rulings: Vec<String>,
    /// The creator's name (empty: a default one).
    #[serde(default)]
    pub name: String,
    /// Seconds a person has for each question (1 to 86400) before a bot answers for
    /// them; none: no limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_timeout_secs: Option<u32>,
}

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum RoomServer {
    /// The answer to `hello`, with the games this server offers.
    Welcome {
        version: u32,
        server: String,
        games: Vec<GameOffer>,
    },
    /// The table is open: its code (the invitation) and the creator's seat and secret
    /// token (to take the seat back after a lost connection).
    Created {
        code: String,
        seat: u8,
        token: String,
    },
    /// A seat taken (`join`) or taken back (`rejoin`).
    Seated {
        seat: u8,
        token: String,
    },
    Watching {},
    /// The table: its game, seats and whether it has started. Sent on arriving, and
    /// again when a seat is taken or the game starts.
    Table(RoomTable),
    /// Log lines from event `from` on, as the receiving seat may know them.
    Log {
        from: u64,
        lines: Vec<String>,
    },
    /// The receiving seat's view after `number` decisions: in words, and as the game's
    /// own JSON.
    View {
        number: u32,
        text: String,
        view: serde_json::Value,
    },
    /// The receiving seat must choose; `number` names the question.
    Asking {
        number: u32,
        choices: Vec<String>,
    },
    /// Another seat must choose.
    Waiting {
        seat: u8,
        number: u32,
    },
    /// The answer to question `number` is applied and on disk.
    Accepted {
        number: u32,
    },
    /// Seat `seat` did not answer question `number` within the table's turn timeout: a
    /// bot answered for it (the log tells what).
    TimedOut {
        seat: u8,
        number: u32,
    },
    /// The game is over.
    Over {
        winners: Vec<u8>,
    },
    /// Someone opened the next game at a table like this one: `join` it with this code
    /// (a connection at a finished table may join another).
    Rematch {
        code: String,
    },
    /// A request was refused; nothing changed.
    Error {
        code: ErrorCode,
        message: String,
    },
}

/// A game a server offers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameOffer {
    pub id: String,
    pub name: String,
    pub min_players: u8,
    pub max_players: u8,
    /// Its rulings and variants (`ties=lost|carry`).
    pub options: String,
}

/// What everyone at a table may know of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoomTable {
    pub game: String,
    pub name: String,
    pub rulings: Vec<String>,
    pub seats: Vec<RoomSeat>,
    pub started: bool,
    /// Seconds a person has for each question, if the table has a limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_timeout_secs: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RoomSeat {
    /// Empty for a seat nobody took yet.
    pub name: String,
    /// A bot's level, for a bot's seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
    /// The seat is a bot's, or a person took it.
    pub taken: bool,
    /// Someone is connected at this seat now (always true for a bot).
    pub present: bool,
}

impl RoomServer {
    pub fn error(code: ErrorCode, message: impl Into<String>) -> RoomServer {
        RoomServer::Error {
            code,
            message: message.into(),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a message is plain data")
    }
}

impl RoomClient {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a message is plain data")
    }
}

/// Reads one client frame of this protocol of at most `limit` bytes.
pub fn parse_room_frame(frame: &[u8], limit: usize) -> Result<RoomClient, crate::FrameError> {
    crate::frame::parse_frame(frame, limit)
}
