//! Game options: the table size and the rulings where the rulebooks leave room.
//! Each option defaults to what the rulebooks say.

use crate::catalog::DamageModel;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GameOptions {
    /// Players at the table, 2 to 4.
    pub players: u8,
    /// The designer's variant: on a player's first bidding turn of a round, a drawn
    /// card must go into the dungeon.
    pub designer_variant: bool,
    /// Overrides the damage model the packs declare.
    pub damage_model: Option<DamageModel>,
    /// How the first round's adventurer is picked.
    pub first_adventurer: FirstAdventurer,
    /// Overrides how many special monsters join the deck.
    pub specials_in_play: Option<u8>,
}

impl Default for GameOptions {
    fn default() -> Self {
        GameOptions {
            players: 2,
            designer_variant: false,
            damage_model: None,
            first_adventurer: FirstAdventurer::Choose,
            specials_in_play: None,
        }
    }
}

/// How the first round's adventurer is picked (the rulebooks: chosen or drawn at random).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstAdventurer {
    /// The first player chooses, as the runner does in later rounds.
    Choose,
    /// Drawn at random with the game's generator.
    Random,
    /// This adventurer id.
    Named(String),
}

pub const MIN_PLAYERS: u8 = 2;
pub const MAX_PLAYERS: u8 = 4;
/// Success cards needed to win; failures that eliminate.
pub const SUCCESSES_TO_WIN: u8 = 2;
pub const FAILURES_TO_LOSE: u8 = 2;

/// The engine's own bounds on a game, whatever the packs (a loaded pack stays far inside
/// them: see `catalog::limits`); past them a setup is refused, never wrapped round.
/// Monster cards in one game: card ids are `u8`.
pub const MAX_CARDS: usize = u8::MAX as usize;
/// Equipment tiles a runner takes into a dungeon: the stage cursors are `u8`.
pub const MAX_TILES: usize = u8::MAX as usize;
/// Cards of one kind (monsters, tiles, adventurers, species) the packs may define: ids
/// are `u16`.
pub const MAX_KINDS: usize = u16::MAX as usize;
