//! The command line's texts: the `dungeon-text` crate (messages, card names), and its tests
//! that need the command's own packs and sources.

pub use dungeon_text::*;

#[cfg(test)]
mod tests;
