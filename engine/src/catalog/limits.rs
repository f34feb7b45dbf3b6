//! The documented bounds on what a pack may hold. Every value a pack gives is checked
//! against these when it loads (`dungeon check` reports each with file and line), so the
//! engine never does arithmetic on a number a stranger chose without a bound.

/// The largest pack manifest read, in bytes.
pub const MAX_MANIFEST_BYTES: u64 = 4 * 1024 * 1024;
/// The largest card script read, in bytes (card scripts are a few lines).
pub const MAX_SCRIPT_BYTES: u64 = 256 * 1024;
/// The largest scenario file read, in bytes.
pub const MAX_SCENARIO_BYTES: u64 = 1024 * 1024;
