//! The games of the program beside Welcome to the Dungeon, and the one place a new game
//! is listed. A game on `dungeon-core` ([`Hosted`]; [`Worded`] for a table) gets `dungeon
//! sim --game ID` (`crate::sim::hosted`), `dungeon soak --over ID` (`crate::soak::hosted`),
//! and, if worded, `dungeon play --game ID`, kept games, `dungeon replay` and `dungeon
//! cards --game ID` (`table.rs`), all written once for any game. Adding one: a variant of
//! [`GameChoice`], and an arm in [`GameChoice::hosted`] and [`GameChoice::worded`]
//! (`docs/new-game.md`).
//!
//! At a terminal the table is full screen (`screen.rs`), elsewhere (`--plain`, pipes) in
//! lines; both are a `table::Front` of the one table loop. Mazmorra in lines has its own
//! table (`crate::games::mazmorra`: a Myrmidon's question is asked in two parts); its words for
//! the other tools (the full-screen and network tables) are `crate::games::mazmorra::worded`.
//! [`kinds`] hands every worded game to the server.

pub(crate) mod dungeon;
pub(crate) mod lines;
pub(crate) mod mazmorra;
pub(crate) mod screen;
pub(crate) mod table;

use clap::ValueEnum;
use dungeon_core::{Hosted, Worded};

/// Which game a command plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum GameChoice {
    /// Welcome to the Dungeon, with its packs.
    #[default]
    Dungeon,
    /// Mazmorra (Daniel Bullen, 2001): a standard deck, rulings and variants by --ruling.
    Mazmorra,
    /// Goofspiel: hidden bids for prizes (ties=lost|carry, cards=3..13).
    Goofspiel,
}

/// Something done with a hosted game, whichever it is (a visitor: Rust closures cannot
/// be generic).
pub trait WithHosted {
    type Out;
    fn with<G: Hosted>(self, game: &G) -> Self::Out;
}

/// Something done with a worded game, whichever it is.
pub trait WithWorded {
    type Out;
    fn with<G: Worded + Default + Send + Sync + 'static>(self, game: &G) -> Self::Out;
}

/// Every worded game as a value, for the server's tables of other games (`/rooms`).
pub fn kinds() -> Vec<std::sync::Arc<dyn dungeon_core::session::Kind>> {
    struct AsKind;
    impl WithWorded for AsKind {
        type Out = std::sync::Arc<dyn dungeon_core::session::Kind>;
        fn with<G: Worded + Default + Send + Sync + 'static>(self, _game: &G) -> Self::Out {
            dungeon_core::session::KindOf::erased(G::default())
        }
    }
    (GameChoice::value_variants().iter())
        .filter_map(|g| g.worded(AsKind))
        .collect()
}

impl GameChoice {
    /// Does `job` with this game if it is on `dungeon-core` (not Welcome to the Dungeon).
    pub fn hosted<J: WithHosted>(self, job: J) -> Option<J::Out> {
        match self {
            GameChoice::Dungeon => None,
            GameChoice::Mazmorra => Some(job.with(&dungeon_mazmorra::Mazmorra)),
            GameChoice::Goofspiel => Some(job.with(&dungeon_goofspiel::Goofspiel)),
        }
    }

    /// Does `job` with this game if it has its words (the generic table plays it).
    pub fn worded<J: WithWorded>(self, job: J) -> Option<J::Out> {
        match self {
            GameChoice::Dungeon => None,
            GameChoice::Mazmorra => {
                Some(job.with(&crate::games::mazmorra::worded::MazmorraWords::default()))
            }
            GameChoice::Goofspiel => Some(job.with(&dungeon_goofspiel::Goofspiel)),
        }
    }

    /// The game a kept game or a scenario names by its id (`"game": "goofspiel"`).
    pub fn by_id(id: &str) -> Option<GameChoice> {
        GameChoice::value_variants()
            .iter()
            .copied()
            .find(|g| g.to_possible_value().is_some_and(|v| v.get_name() == id))
    }
}
