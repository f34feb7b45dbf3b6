//! Reading a client's frame: the size is checked before any parsing, and every way the
//! frame can be wrong becomes an [`ErrorCode`] with a short message that is safe to send
//! back (one line, bounded, control characters escaped).

use crate::{ClientMessage, ErrorCode};
use dungeon_engine::printable::{escape_line, truncate};

/// The largest frame a client may send, in bytes. The largest real message (`create_table`
/// with every pack and ruling) is well under a kilobyte.
pub const MAX_CLIENT_FRAME: usize = 16 * 1024;

/// The largest `create_table` that brings a pack (its files as text), in bytes; any other
/// message stays within [`MAX_CLIENT_FRAME`]. The example expansion is 20 KiB.
pub const MAX_PACK_FRAME: usize = 384 * 1024;

/// Why a frame was refused: what to send back in an `error` message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrameError {
    pub code: ErrorCode,
    pub message: String,
}

/// Reads one client frame of at most `limit` bytes.
pub fn parse_client_frame(frame: &[u8], limit: usize) -> Result<ClientMessage, FrameError> {
    parse_frame(frame, limit)
}

/// Reads one frame of any of the server's protocols.
pub(crate) fn parse_frame<T: serde::de::DeserializeOwned>(
    frame: &[u8],
    limit: usize,
) -> Result<T, FrameError> {
    if frame.len() > limit {
        return Err(FrameError {
            code: ErrorCode::TooBig,
            message: format!(
                "a message may be {limit} bytes at most, this one is {}",
                frame.len()
            ),
        });
    }
    serde_json::from_slice(frame).map_err(|e| {
        let what = match e.classify() {
            serde_json::error::Category::Data => "not a message this server knows",
            _ => "not JSON",
        };
        let detail = e.to_string();
        FrameError {
            code: ErrorCode::Malformed,
            message: format!("{what}: {}", escape_line(&truncate(&detail, 160))),
        }
    })
}
