//! The messages, client to server and server to client, and what they carry.
//!
//! Numbers of decisions (`number`) count the decisions applied so far, as
//! `dungeon_table::TableState::Asking::number` does: the question a seat answers is the one
//! with that number, and an answer to an older one is stale. Log indices continue across
//! messages (and across a reconnection: a rejoining seat gets the log again from 0).

use dungeon_engine::action::{Action, CardRef, Decision};
use dungeon_engine::ids::Seat;
use dungeon_engine::options::GameOptions;
use dungeon_engine::view::PlayerView;
use dungeon_table::{LogEntry, Odds, SeatInfo};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What a client sends. `hello` must come first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The protocol version the client speaks ([`crate::PROTOCOL_VERSION`]). With `lang`
    /// (`en`, `es` or `fr`), the client reads: it is also sent the game in words in that
    /// language (`words` after every update, `cards` once seated), as the browser table is.
    Hello {
        version: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lang: Option<String>,
    },
    /// Opens a table; the creator takes seat 0 (a human seat) and is the only one who may
    /// `start` it. Answered with `table_created`.
    CreateTable(NewTable),
    /// Takes a free human seat of the table with this code. Answered with `seated`.
    Join { code: String, name: String },
    /// Takes back the seat this token was given for (after a lost connection). Answered
    /// with `seated`, then the whole log as this seat may see it and its view.
    Rejoin { code: String, token: String },
    /// Watches a table as a spectator: public events and the public view only. Answered
    /// with `watching`.
    Watch { code: String },
    /// The creator starts the game, once every human seat is taken.
    Start {},
    /// Answers this seat's pending question `number` (decisions applied so far).
    Answer { number: u32, action: Action },
    /// At a finished table, a person asks for the next game: a new table with the same
    /// packs, seats, bots, options and turn timeout, which this connection moves to as its
    /// creator (`table_created`, this person's name at seat 0). Everyone still at the old
    /// table is told its code (`notice` `rematch`) to join it. Once one is open, a
    /// `rematch` gets that notice again rather than another table.
    Rematch {},
    /// Asks for this seat's odds as things stand (worked out from its own view only).
    /// Answered with `odds`, or `busy` while another request of this connection is being
    /// worked out or the server's queue of them is full.
    AskOdds {},
}

/// A table to open.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NewTable {
    /// Pack ids, as `dungeon play --packs` takes them (`base`, `sequel`...).
    pub packs: Vec<String>,
    /// Seats at the table, 2 to 4.
    pub players: u8,
    /// Seats for people, the creator's included (1 or more): seats 0 to `humans - 1`.
    pub humans: u8,
    /// The bot level of each other seat, in seat order (`easy`, `normal`, `hard`, or an
    /// engine id such as `ismcts:500`); one level stands for all of them.
    #[serde(default)]
    pub bots: Vec<String>,
    #[serde(default)]
    pub options: TableOptions,
    /// When a person takes longer than this to answer, a bot of the table's level (the
    /// first of `bots`, else `normal`) answers for them, and every seat is told.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_timeout_secs: Option<u32>,
    /// The creator's name, for seat 0 (checked like `join`'s); empty for a default name.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// A pack the creator brings: checked as `dungeon check` checks one, then played
    /// beside `packs` (the ones it requires), its scripts in the server's sandbox. Such a
    /// message may be larger than others (`MAX_PACK_FRAME`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pack: Option<PackUpload>,
}

/// A pack's files, as text, by their paths in the pack's folder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PackUpload {
    /// The manifest's path among `files` (`my_pack.toml`).
    pub manifest: String,
    /// The manifest and every script it names.
    pub files: std::collections::BTreeMap<String, String>,
}

/// The options of a new table, as `dungeon play` takes them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableOptions {
    /// The designer's variant (`--variant`).
    #[serde(default)]
    pub variant: bool,
    /// Rulings as `id=choice` (`--ruling`), checked against the packs.
    #[serde(default)]
    pub rulings: Vec<String>,
    /// The first round's adventurer, by id (`--adventurer`); chosen by the first player
    /// when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adventurer: Option<String>,
}

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ServerMessage {
    /// The answer to `hello`: the server's protocol version and its name.
    Welcome { version: u32, server: String },
    /// The table is open: its code (the invitation), and the creator's seat and secret
    /// token (keep it to take the seat back after a lost connection).
    TableCreated {
        code: String,
        seat: Seat,
        token: String,
        setup: Setup,
    },
    /// A seat is taken (`join`) or taken back (`rejoin`): its secret token and the table.
    Seated {
        seat: Seat,
        token: String,
        setup: Setup,
    },
    /// Watching a table as a spectator.
    Watching { setup: Setup },
    /// Events of the game, in order, as the receiving seat may see them: each entry's
    /// public version, and its private version only when it is the receiver's.
    Log { entries: Vec<LogEntry> },
    /// The receiving seat's view of the game (never another seat's). A spectator's is the
    /// public view, what every seat may know: `seat` 255 (nobody), no card held, no card
    /// of the dungeon named, nothing set aside, no special monster known, no decision.
    View { view: PlayerView },
    /// The receiving seat must answer `decision`; `number` identifies the question.
    Asking {
        seat: Seat,
        number: u32,
        decision: Decision,
    },
    /// Another seat (a person or a bot) must answer question `number`.
    Waiting { seat: Seat, number: u32 },
    /// The game is over.
    Over { winner: Option<Seat> },
    /// The game cannot go on.
    Stopped { reason: StopReason },
    /// Something about the table that is not a game event, placed before log entry
    /// `index`.
    Notice { index: u64, kind: NoticeKind },
    /// The answer to question `number` is applied and committed to the server's store:
    /// it will not be lost.
    Accepted { number: u32 },
    /// The receiving seat's odds at question `number`, worked out from its view only (as
    /// a local table's `o` key shows them); `null` when they mean nothing now (no
    /// adventurer yet, another seat's run).
    Odds { number: u32, odds: Option<Odds> },
    /// A request was refused; nothing changed.
    Error { code: ErrorCode, message: String },
    /// To a reading client (`hello` with `lang`): the game in words, after the messages it
    /// words.
    Words(crate::Words),
    /// To a reading client, once seated or watching: every card of the table's packs,
    /// named and explained in its language (the help's card list).
    Cards { cards: Vec<crate::CardWords> },
}

/// What is known about a table from the start. No seed: it decides every shuffle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The packs, in load order, with their hashes ([`crate::pack_hashes`]): a client
    /// builds the cards from its own copy of each and refuses a pack whose hash differs.
    pub packs: Vec<PackHash>,
    /// The seats; `controlled` is set on the receiving seat only.
    pub seats: Vec<SeatInfo>,
    pub options: GameOptions,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_timeout_secs: Option<u32>,
    /// The game has started (the creator sent `start`).
    pub started: bool,
    /// The people's seats taken so far, the creator's (seat 0) among them; the others
    /// come as `joined` notices.
    #[serde(default)]
    pub taken: Vec<Seat>,
    /// The pack the table's creator brought, if any (the last of `packs`): a client builds
    /// its cards from these files, checked against its hash like any pack's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub brought: Option<PackUpload>,
}

/// One pack of a table and the SHA-256 of what defines it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PackHash {
    pub id: String,
    pub sha256: String,
}

/// Why a game stopped. Nothing secret: a card is named only when every seat can see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum StopReason {
    /// This card's script failed on a bot's move.
    Script { card: CardRef },
    /// The script of a monster not every seat has seen failed.
    HiddenMonster {},
    /// The engine refused a bot's move for another reason.
    Move {},
    /// The table failed its check when the server restarted (its stored decisions do not
    /// lead to its stored state): it is kept for inspection, never played.
    Broken {},
    /// The table was never started, or its people left it, for longer than the server
    /// keeps such tables: it is closed for good.
    Expired {},
}

/// A note about the table that is not a game event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum NoticeKind {
    /// The creator started the game: sent to every seat and spectator at the table when
    /// it starts, before the log, the views and the first question (which may be
    /// another seat's).
    Started {},
    /// The seat did not answer in time: a bot of the table's level answered for it.
    TimedOut { seat: Seat },
    /// Someone took the seat, or took it back, under this name (empty: a default name).
    Joined {
        seat: Seat,
        #[serde(default)]
        name: String,
    },
    /// The seat's connection closed.
    Left { seat: Seat },
    /// The person at `seat` opened the next game at a new table: `code` is its
    /// invitation (`join` it).
    Rematch { seat: Seat, code: String },
}

/// Why a request was refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// `hello` named another protocol version; the connection closes.
    VersionMismatch,
    /// Not JSON, an unknown message or field, a wrong type.
    Malformed,
    /// The frame is larger than a client message may be.
    TooBig,
    /// Too many messages per second on this connection.
    RateLimited,
    /// Too many connections from this address.
    TooManyConnections,
    /// The server holds as many open tables as it may.
    TooManyTables,
    /// Tables opened from this address and not finished yet are as many as one address
    /// may hold.
    TableQuota,
    /// The request is well formed but makes no sense here: a message before `hello`, an
    /// unknown pack or ruling, a bad seat count, a name too long, a second seat.
    BadRequest,
    UnknownTable,
    TableFull,
    BadToken,
    NotCreator,
    NotStarted,
    AlreadyStarted,
    /// Not this connection's seat's question (another seat's turn, or no seat taken).
    NotYourTurn,
    /// Question `number` was already answered.
    Stale,
    NotAnOption,
    /// The engine refused the move (a card's script failed); nothing changed.
    Refused,
    /// The server is too busy for this now (odds: one request in flight per connection,
    /// and a bounded queue for the server); ask again later.
    Busy,
    Internal,
    /// Another connection took this connection's seat back with the seat's token (the
    /// newer connection holds the seat); this one closes. A client must not take the seat
    /// back by itself on this: two copies of one token would take it from each other for
    /// ever.
    SeatTaken,
}

impl ErrorCode {
    /// The code as it travels (`not_your_turn`...).
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::VersionMismatch => "version_mismatch",
            ErrorCode::Malformed => "malformed",
            ErrorCode::TooBig => "too_big",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::TooManyConnections => "too_many_connections",
            ErrorCode::TooManyTables => "too_many_tables",
            ErrorCode::TableQuota => "table_quota",
            ErrorCode::BadRequest => "bad_request",
            ErrorCode::UnknownTable => "unknown_table",
            ErrorCode::TableFull => "table_full",
            ErrorCode::BadToken => "bad_token",
            ErrorCode::NotCreator => "not_creator",
            ErrorCode::NotStarted => "not_started",
            ErrorCode::AlreadyStarted => "already_started",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::Stale => "stale",
            ErrorCode::NotAnOption => "not_an_option",
            ErrorCode::Refused => "refused",
            ErrorCode::Busy => "busy",
            ErrorCode::Internal => "internal",
            ErrorCode::SeatTaken => "seat_taken",
        }
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl ServerMessage {
    /// An error message.
    pub fn error(code: ErrorCode, message: impl Into<String>) -> ServerMessage {
        ServerMessage::Error {
            code,
            message: message.into(),
        }
    }

    /// The message as one JSON text frame.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a message is plain data")
    }
}

impl ClientMessage {
    /// The message as one JSON text frame.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a message is plain data")
    }
}
