//! Network play. `dungeon serve` runs the game server (`dungeon-server`); `dungeon host`
//! opens a table at a server and takes its first seat, `dungeon join` takes a seat at one
//! (or takes it back, or watches). Host and join are thin: the table is a
//! `dungeon_remote::RemoteTable`, shown by the same front ends as `dungeon play`.
//!
//! - `serve.rs`: the server, its store and its logs;
//! - `join.rs`: joining, the seats' tokens in the data folder, the wait for the start,
//!   the game, and what a refusal is said to be;
//! - `host.rs`: opening a table, the invitation, starting the game;
//! - `rooms.rs`: a seat at a table of another game;
//! - `seats.rs`: the seats' tokens, and what both kinds of tables say alike.

pub mod host;
pub mod join;
pub mod rooms;
pub mod seats;
pub mod serve;
