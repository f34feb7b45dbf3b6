//! The dungeon phase: the runner's trip through the dungeon, as a resumable stage machine
//! (see `resolve.rs`), and the effects hooks can have (`effects.rs`). The run it moves is
//! plain data (`dungeon_state::run`, re-exported here).

mod effects;
mod resolve;

pub use dungeon_state::run::*;
pub(crate) use resolve::resolve;
