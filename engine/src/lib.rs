//! # dungeon-engine
//!
//! A generic, deterministic rules engine for *Welcome to the Dungeon*-style bidding games.
//! It knows no card by name: cards come from packs (TOML data, see [`catalog`]) and every
//! effect data cannot express is a Lua hook run in a sandbox ([`script`]).
//!
//! The shape follows OpenSpiel: a [`GameState`] is plain data (clone it, serialise it,
//! play it forward); an [`Engine`] lists the legal [`Action`]s, applies one at a time and
//! emits [`Event`]s; [`PlayerView`] is what one seat may know.
//!
//! Layers, bottom up: `catalog` (packs to definitions; the `dungeon-catalog` crate with
//! `ids`, `lang`, `options`, `printable`, `version`, re-exported here), `state` + `action` +
//! `event` + `error` and the dungeon's `run` (plain data; the `dungeon-state` crate,
//! re-exported here), `game` (setup and bidding) and `dungeon` (the runner's trip, the only
//! place hooks run), `hooks` (the boundary to scripts) and `script` (Luau; the `dungeon-script` crate,
//! re-exported here), then
//! `engine` (the façade), `view`, `scenario` (test files), `bot`, `record` (game records
//! and saves, checked by replaying them) and `audit` (a whole game checked after every
//! decision, for soaks).

pub mod dungeon;
pub mod engine;
mod game;
pub mod generic;
pub mod invariants;
pub mod odds;
pub mod scenario;
mod shared_odds;
pub mod view;

pub use dungeon_catalog::{catalog, effect, hook_name, ids, lang, options, printable, version};
pub use dungeon_script as script;
pub use dungeon_script::hooks;
pub use dungeon_state::{action, error, event, state};

pub use action::{Action, Answer, CardRef, Decision, DecisionKind, Question};
pub use catalog::{Catalog, PackLibrary};
pub use engine::{Engine, Rules};
pub use error::EngineError;
pub use event::Event;
pub use game::DungeonSetup;
pub use ids::*;
pub use lang::{Lang, LocalText};
pub use options::GameOptions;
pub use state::GameState;
pub use view::{PlayerView, View};
