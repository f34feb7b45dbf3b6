//! # dungeon-catalog
//!
//! The cards, before anything plays them: packs read from TOML into one immutable,
//! checked [`catalog::Catalog`] (adventurers, equipment tiles, monsters, species, texts in
//! each language, rulings), the ids game states refer to cards by, the game's options and
//! the rulings chosen, and the one rule on which foreign text may reach a terminal
//! ([`printable`]).
//!
//! This is the engine's bottom layer and imports nothing of it. It has no Lua: a card's
//! script is kept as text (and hashed into the catalog's fingerprint) for
//! `dungeon-engine`'s script host to compile and run, so a tool that only reads or checks
//! card data builds without mlua. `dungeon-engine` re-exports every module under its
//! own name (`dungeon_engine::catalog`, `dungeon_engine::ids`, ...).

pub mod catalog;
pub mod effect;
pub mod hook_name;
pub mod ids;
pub mod lang;
pub mod options;
pub mod printable;
pub mod version;
