//! The names and markers the host and its scripts' errors share: the reserved globals,
//! the engine's chunk names, the words that mark a reached limit, and how a place in a
//! script is written. Plain text, below everything else of the host.

/// The global every for-in expression list is wrapped in (see `rewrite.rs`). Scripts may
/// not use names that start with [`RESERVED_PREFIX`].
pub(crate) const ITERATE: &str = "__dungeon_iter";
pub(crate) const RESERVED_PREFIX: &str = "__dungeon";

/// Marker of the errors a step budget raises.
pub(crate) const BUDGET_MARKER: &str = "instruction budget exceeded";
/// Marker of the errors the memory meter raises.
pub(crate) const MEMORY_MARKER: &str = "out of memory";
/// Marker of the errors the deadline raises.
pub(crate) const DEADLINE_MARKER: &str = "ran past its time limit";

/// Name of the engine's own chunks: frames in them are not the script's.
pub(crate) const ENGINE_CHUNK_PREFIX: &str = "engine:";

/// `place` followed by the library function `within` ran in, if any (`a.lua:3: string.find: `).
pub(crate) fn in_function(place: String, within: &str) -> String {
    if within.is_empty() {
        place
    } else {
        format!("{place}{within}: ")
    }
}
