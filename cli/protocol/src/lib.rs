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
//! - `rooms.rs`: the protocol of tables of the other games (`/rooms`), which knows no
//!   game's types;
//! - `packs.rs`: the hash a table publishes for each pack, which a client checks against
//!   its own copy before showing any card.

mod frame;
mod messages;
mod packs;
pub mod rooms;
#[cfg(test)]
mod tests;
mod words;

pub use frame::{FrameError, MAX_CLIENT_FRAME, MAX_PACK_FRAME, parse_client_frame};
pub use messages::{
    ClientMessage, ErrorCode, NewTable, NoticeKind, PackHash, PackUpload, ServerMessage, Setup,
    StopReason, TableOptions,
};
pub use packs::{check_packs, pack_hashes};
pub use words::{CardKind, CardWords, OptionWords, QuestionWords, Words};

/// The protocol version this crate speaks. A client states it in `hello`; the server
/// answers a different one with [`ErrorCode::VersionMismatch`] and closes.
pub const PROTOCOL_VERSION: u32 = 1;

/// The JSON Schema of each message type, by name: `ClientMessage`, `ServerMessage`, and
/// those of tables of the other games, `RoomClient`, `RoomServer`.
pub fn schemas() -> Vec<(&'static str, schemars::Schema)> {
    vec![
        ("ClientMessage", schemars::schema_for!(ClientMessage)),
        ("ServerMessage", schemars::schema_for!(ServerMessage)),
        ("RoomClient", schemars::schema_for!(rooms::RoomClient)),
        ("RoomServer", schemars::schema_for!(rooms::RoomServer)),
    ]
}

/// The schemas as `docs/protocol.md` shows them: one section per message (by its
/// `type`), client messages first, then the definitions they share.
pub fn schemas_markdown() -> String {
    let mut out = String::new();
    let mut shared = serde_json::Map::new();
    for (name, schema) in schemas() {
        let value = serde_json::to_value(&schema).expect("a schema is JSON");
        let title = match name {
            "ClientMessage" => "Client to server",
            "ServerMessage" => "Server to client",
            "RoomClient" => "Client to server at `/rooms`",
            _ => "Server to client at `/rooms`",
        };
        out.push_str(&format!("### {title} (`{name}`)\n\n"));
        for variant in value["oneOf"].as_array().into_iter().flatten() {
            let tag = &variant["properties"]["type"]["const"];
            let tag = tag.as_str().unwrap_or("?");
            out.push_str(&format!("#### `{tag}`\n\n"));
            if let Some(doc) = variant["description"].as_str() {
                out.push_str(&format!("{}\n\n", doc.replace('\n', " ")));
            }
            let pretty = serde_json::to_string_pretty(variant).expect("JSON");
            out.push_str(&format!("```json\n{pretty}\n```\n\n"));
        }
        if let Some(defs) = value["$defs"].as_object() {
            shared.extend(defs.clone());
        }
    }
    out.push_str("### Shared definitions (`#/$defs/...`)\n\n");
    for (name, def) in &shared {
        let pretty = serde_json::to_string_pretty(def).expect("JSON");
        out.push_str(&format!("#### `{name}`\n\n```json\n{pretty}\n```\n\n"));
    }
    out
}
