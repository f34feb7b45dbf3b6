//! Game options: the table size and the rulings where the rulebooks leave room.
//! Each option defaults to what the rulebooks say. Rulings about a pack's cards are
//! declared by the pack (`[[ruling]]`, see `catalog::RulingDef`) and chosen here by id;
//! the designer's variant, the engine's own bidding rule, has its scope here.

use crate::catalog::{Catalog, DamageModel};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(default, deny_unknown_fields)]
pub struct GameOptions {
    /// Players at the table, 2 to 4.
    pub players: u8,
    /// The designer's variant: on the first bidding turn of a round (see
    /// `variant_scope`), a drawn card must go into the dungeon.
    pub designer_variant: bool,
    /// Which turns the designer's variant binds.
    pub variant_scope: VariantScope,
    /// Overrides the damage model the packs declare.
    pub damage_model: Option<DamageModel>,
    /// How the first round's adventurer is picked.
    pub first_adventurer: FirstAdventurer,
    /// Overrides how many special monsters join the deck.
    pub specials_in_play: Option<u8>,
    /// The choice made for rulings the packs declare, by ruling id; a ruling not listed
    /// plays its default. Checked when a game is set up.
    pub rulings: RulingChoices,
}

/// Choices for the packs' rulings: ruling id to choice id.
pub type RulingChoices = BTreeMap<String, String>;

impl Default for GameOptions {
    fn default() -> Self {
        GameOptions {
            players: 2,
            designer_variant: false,
            variant_scope: VariantScope::default(),
            damage_model: None,
            first_adventurer: FirstAdventurer::Choose,
            specials_in_play: None,
            rulings: RulingChoices::new(),
        }
    }
}

/// The turns the designer's variant binds. The rulebooks word it as the bidding phase's
/// first turn (Spanish: one turn; French: "premier tour de jeu", which can also be read as
/// the first time round the table). See `docs/rulings.md`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum VariantScope {
    /// The round's first turn only: the player who starts the bidding.
    #[default]
    FirstTurn,
    /// Each player's first turn of the round.
    EachPlayer,
}

impl VariantScope {
    pub const ALL: [VariantScope; 2] = [VariantScope::FirstTurn, VariantScope::EachPlayer];

    pub fn id(self) -> &'static str {
        match self {
            VariantScope::FirstTurn => "first_turn",
            VariantScope::EachPlayer => "each_player",
        }
    }

    pub fn from_id(id: &str) -> Option<VariantScope> {
        VariantScope::ALL.into_iter().find(|s| s.id() == id)
    }
}

pub use crate::catalog::VARIANT_RULING;

impl GameOptions {
    /// Every ruling chosen is one the packs declare, and every choice one of its own; else
    /// why not (the engine's setup error says it).
    pub fn check_rulings(&self, catalog: &Catalog) -> Result<(), String> {
        check_ruling_choices(&self.rulings, catalog)
    }

    /// The choice in play for the ruling at `index` of the catalog: the one given, else
    /// its default. `None` if the given choice is not one of the ruling's (a state that
    /// did not come through [`GameOptions::check_rulings`]).
    pub fn ruling_choice(&self, catalog: &Catalog, index: usize) -> Option<usize> {
        let ruling = catalog.rulings.get(index)?;
        match self.rulings.get(&ruling.id) {
            None => Some(ruling.default),
            Some(choice) => ruling.choice_index(choice),
        }
    }
}

/// See [`GameOptions::check_rulings`]; also for a single dungeon's setup.
pub fn check_ruling_choices(choices: &RulingChoices, catalog: &Catalog) -> Result<(), String> {
    for (id, choice) in choices {
        let Some(ruling) = catalog.find_ruling(id) else {
            let known: Vec<&str> = catalog.rulings.iter().map(|r| r.id.as_str()).collect();
            let known = match known.is_empty() {
                true => "the packs in play declare none".to_string(),
                false => format!("known: {}", known.join(", ")),
            };
            let engine = match id.as_str() {
                VARIANT_RULING => "; the designer's variant is chosen with the game's options",
                _ => "",
            };
            return Err(format!("unknown ruling `{}` ({known}){engine}", shown(id)));
        };
        if ruling.choice_index(choice).is_none() {
            let known: Vec<&str> = ruling.choices.iter().map(|c| c.id.as_str()).collect();
            return Err(format!(
                "ruling `{}` has no choice `{}` (its choices: {})",
                ruling.id,
                shown(choice),
                known.join(", ")
            ));
        }
    }
    Ok(())
}

/// A hash of the rulings chosen (0 when none is), to key what depends on them.
pub fn rulings_hash(choices: &RulingChoices) -> u64 {
    if choices.is_empty() {
        return 0;
    }
    let mut h = crate::catalog::Fnv::new();
    for (id, choice) in choices {
        h.write(id.as_bytes());
        h.write(choice.as_bytes());
    }
    h.finish()
}

/// Text from outside (a record, the command line) quoted in a message: one line, short.
fn shown(s: &str) -> String {
    crate::printable::escape_line(&crate::printable::truncate(s, 64)).into_owned()
}

/// How the first round's adventurer is picked (the rulebooks: chosen or drawn at random).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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
