//! # dungeon-state
//!
//! What a game of the family *is* at any moment, as plain data: the [`state::GameState`]
//! (seats, deck, dungeon, the generator), the [`action::Decision`] it waits on and the
//! [`action::Action`]s that answer it, the [`event::Event`]s a move tells, the run through
//! the dungeon ([`run::DungeonRun`]: stage, faced monsters, what tiles remember) and the
//! errors every layer above reports ([`error::EngineError`]).
//!
//! Everything here is `Clone` and serde-serialisable at every decision point, even with a
//! hook's question waiting: no Lua handle, no `Rc`, no pointer. Which moves are legal and
//! what they do is `dungeon-engine`'s (which re-exports these modules under the same
//! names); the cards are `dungeon-catalog`'s.

// The catalog's modules, under the names the engine gives them.
use dungeon_catalog::{catalog, effect, hook_name, ids, options};

pub mod action;
pub mod error;
pub mod event;
pub mod lists;
pub mod run;
pub mod state;
