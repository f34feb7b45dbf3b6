//! Interned card definitions: what a monster, an equipment tile and an adventurer are,
//! once their pack has been read and checked.

use crate::ids::{PackId, SpeciesId, TileId};
use crate::lang::LocalText;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// How damage turns into success or failure. A ruling each pack declares.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum DamageModel {
    /// Base box: every card is revealed; the run fails if HP (start + gains - damage)
    /// ends at 0 or less. Death replacements (Healing Potion) still trigger as soon as
    /// HP reaches 0 or less, and the run goes on either way.
    EndTotal,
    /// Sequel box: HP is tracked card by card and the run ends the moment it reaches 0,
    /// unless a tile brings the adventurer back.
    Running,
}

impl DamageModel {
    pub fn id(self) -> &'static str {
        match self {
            DamageModel::EndTotal => "end_total",
            DamageModel::Running => "running",
        }
    }
}

/// Even or odd strength. A monster without strength is neither.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Parity {
    Even,
    Odd,
}

/// One declarative "defeats" rule of a tile. Every condition given must hold;
/// a tile defeats a monster when any of its rules holds. Evaluated in Rust, no Lua.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct DefeatRule {
    /// The monster's species is one of these (empty: any species, or none).
    pub species: Vec<SpeciesId>,
    pub strength_min: Option<i32>,
    pub strength_max: Option<i32>,
    /// The monster's strength is one of these (empty: any).
    pub strength_in: Vec<i32>,
    pub parity: Option<Parity>,
    /// Only while the adventurer's HP, read when the monster is revealed, is below this.
    pub hp_below: Option<i32>,
}

impl DefeatRule {
    /// Does this rule defeat a monster with this identity, at this HP?
    pub fn matches(&self, species: Option<SpeciesId>, strength: Option<i32>, hp: i32) -> bool {
        if !self.species.is_empty() && !species.is_some_and(|s| self.species.contains(&s)) {
            return false;
        }
        let needs_strength = self.strength_min.is_some()
            || self.strength_max.is_some()
            || !self.strength_in.is_empty()
            || self.parity.is_some();
        if needs_strength {
            let Some(s) = strength else { return false };
            if self.strength_min.is_some_and(|min| s < min)
                || self.strength_max.is_some_and(|max| s > max)
                || (!self.strength_in.is_empty() && !self.strength_in.contains(&s))
            {
                return false;
            }
            match self.parity {
                Some(Parity::Even) if s % 2 != 0 => return false,
                Some(Parity::Odd) if s % 2 == 0 => return false,
                _ => {}
            }
        }
        !self.hp_below.is_some_and(|limit| hp >= limit)
    }
}

/// A Lua script attached to a card: where it came from and its source text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ScriptSource {
    /// Path shown in messages, e.g. `scripts/base/vorpal_sword.lua`.
    pub path: String,
    pub code: Arc<str>,
}

/// Fields every card kind shares.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CardInfo {
    pub id: String,
    pub pack: PackId,
    pub name: LocalText,
    /// Rules text in our own words (empty for plain monsters).
    pub text: LocalText,
    pub script: Option<ScriptSource>,
    /// No published source was found; the pack's authors rebuilt this card.
    pub reconstructed: bool,
    /// Where the card is defined: file and 1-based line, for messages.
    pub defined_at: (String, u32),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MonsterDef {
    pub info: CardInfo,
    /// Printed strength; `None` for monsters without one (Ally, Gelatinous Cube) or whose
    /// strength is decided on reveal by their script.
    pub strength: Option<i32>,
    pub copies: u8,
    /// Species at rest; scripts may change it on reveal.
    pub species: Option<SpeciesId>,
    /// Special monsters are drawn at random at setup instead of all going in the deck.
    pub special: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TileDef {
    pub info: CardInfo,
    /// HP the tile adds while the adventurer still carries it.
    pub hp: i32,
    /// Marked with the lightning symbol: discarded once used.
    pub once: bool,
    pub defeats: Vec<DefeatRule>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AdventurerDef {
    pub info: CardInfo,
    pub hp: i32,
    pub tiles: Vec<TileId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SpeciesDef {
    pub id: String,
    pub name: LocalText,
}

/// A ruling a pack declares: a point its rulebooks leave open, the choices a game may
/// make, and the one it makes unless told otherwise. Scripts read the choice in play with
/// `ctx.ruling(id)`; a game chooses in `GameOptions::rulings`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulingDef {
    pub id: String,
    /// The first pack that declares it.
    pub pack: PackId,
    pub name: LocalText,
    /// What is open, and why the default.
    pub text: LocalText,
    /// Where the rulebooks speak to it, in the pack's own words.
    pub source: LocalText,
    /// At least two.
    pub choices: Vec<RulingChoice>,
    /// Index into `choices`.
    pub default: usize,
    /// Where it is declared: file and 1-based line, for messages.
    pub defined_at: (String, u32),
}

/// One way a ruling can be settled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulingChoice {
    pub id: String,
    pub text: LocalText,
}

impl RulingDef {
    /// The index of the choice `id`, if the ruling has it.
    pub fn choice_index(&self, id: &str) -> Option<usize> {
        self.choices.iter().position(|c| c.id == id)
    }

    pub fn default_choice(&self) -> &RulingChoice {
        &self.choices[self.default]
    }
}

/// What a pack says about itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackInfo {
    pub id: String,
    pub name: LocalText,
    pub description: LocalText,
    pub version: String,
    pub languages: Vec<String>,
    pub manifest_path: String,
    pub damage_model: Option<DamageModel>,
    pub specials_in_play: Option<u8>,
    pub requires: Vec<String>,
    pub requires_any: Vec<String>,
    pub conflicts: Vec<String>,
    /// The pack's own scenario folder, as a path usable with the pack's file source.
    pub scenarios: Option<String>,
    /// Every file that defines the pack (its manifest, then its scripts by name), with
    /// the SHA-256 of each: a game record names them, so a changed file is caught.
    pub files: Vec<FileHash>,
}

/// One file of a pack and the SHA-256 of its bytes (lowercase hex).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileHash {
    pub path: String,
    pub sha256: String,
}
