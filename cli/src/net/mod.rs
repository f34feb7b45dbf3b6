//! Network play: `dungeon host` opens a table at a server and takes its first seat,
//! `dungeon join` takes a seat at one (or takes it back, or watches). Both are thin: the
//! table is a `dungeon_remote::RemoteTable`, shown by the same front ends as `dungeon play`.
//!
//! - `join.rs`: joining, the seats' tokens in the data folder, the wait for the start,
//!   the game, and what a refusal is said to be;
//! - `host.rs`: opening a table, the invitation, starting the game.

pub mod host;
pub mod join;
