//! The network protocol of the game server (`dungeon serve`), version [`PROTOCOL_VERSION`].
//!
//! JSON text frames over a WebSocket at `ws://HOST:PORT/ws`. Every message is an object
//! with a `"type"` tag in snake_case; unknown fields are refused. A client sends
//! [`ClientMessage`]s, the server [`ServerMessage`]s. The engine's own types (actions,
//! decisions, views, events) travel in their own serde forms; `docs/protocol.md` holds the
//! JSON Schema of every message, generated from these types ([`schemas`]).
//!
//! Everything a client sends is hostile: [`parse_client_frame`] caps the size before
//! parsing and turns every problem into an [`ErrorCode`] the server can send back.
//!
//! - `messages.rs`: the messages and what they carry;
//! - `frame.rs`: reading a client's frame, with its limit and typed refusal;
//! - `packs.rs`: the hash a table publishes for each pack, which a client checks against
//!   its own copy before showing any card.

mod frame;
mod messages;
mod packs;
#[cfg(test)]
mod tests;

pub use frame::{FrameError, MAX_CLIENT_FRAME, parse_client_frame};
pub use messages::{
    ClientMessage, ErrorCode, NewTable, NoticeKind, PackHash, ServerMessage, Setup, StopReason,
    TableOptions,
};
pub use packs::{check_packs, pack_hashes};

/// The protocol version this crate speaks. A client states it in `hello`; the server
/// answers a different one with [`ErrorCode::VersionMismatch`] and closes.
pub const PROTOCOL_VERSION: u32 = 1;

/// The JSON Schema of each message type, by name: `ClientMessage`, `ServerMessage`.
pub fn schemas() -> Vec<(&'static str, schemars::Schema)> {
    vec![
        ("ClientMessage", schemars::schema_for!(ClientMessage)),
        ("ServerMessage", schemars::schema_for!(ServerMessage)),
    ]
}
