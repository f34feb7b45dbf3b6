//! Effects: what a hook asks the engine to do (`ctx.defeat()`, `ctx.gain_hp(n)`...), as
//! plain data. Hooks only describe; `dungeon/effects.rs` applies them.

use crate::hook_name::HookName;
use crate::ids::*;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// HP never leaves `-HP_LIMIT..=HP_LIMIT`: a script asking for a change beyond it fails,
/// so no HP arithmetic can overflow whatever numbers a pack or a script gives.
pub const HP_LIMIT: i32 = 10_000;

/// The effects of one hook call, held inline (most calls have one or two: no allocation).
pub type EffectList = smallvec::SmallVec<[Effect; 2]>;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    /// The monster being resolved is defeated (credited to the hook's card).
    Defeat,
    /// The next monster revealed is defeated too; with a prompt, the runner is asked
    /// then whether to let it be.
    SkipNext(Option<Arc<str>>),
    SetStrength(Option<i32>),
    SetSpecies(Option<SpeciesId>),
    /// Discard the monster being resolved and face the top card of the monster deck.
    ReplaceFromDeck,
    GainHp(i32),
    LoseHp(i32),
    SetHp(i32),
    /// Discard a tile the adventurer holds; its HP bonus goes with it.
    DiscardTile(TileId),
    Remember(Arc<str>, MemValue),
    Forget(Arc<str>),
    /// The run is a success whatever the HP (only at the end).
    Succeed,
    /// A line for the game's log: a message key of the card's pack, and its arguments
    /// (checked by `ctx.log`, sorted by name).
    Log {
        key: Arc<str>,
        args: Vec<(Arc<str>, LogArg)>,
    },
}

impl Effect {
    /// The ctx function that produces this effect, for messages.
    pub fn api_name(&self) -> &'static str {
        match self {
            Effect::Defeat => "defeat",
            Effect::SkipNext(_) => "defeat_next",
            Effect::SetStrength(_) => "set_strength",
            Effect::SetSpecies(_) => "set_species",
            Effect::ReplaceFromDeck => "replace_from_deck",
            Effect::GainHp(_) => "gain_hp",
            Effect::LoseHp(_) => "lose_hp",
            Effect::SetHp(_) => "set_hp",
            Effect::DiscardTile(_) => "discard",
            Effect::Remember(..) => "remember",
            Effect::Forget(_) => "forget",
            Effect::Succeed => "succeed",
            Effect::Log { .. } => "log",
        }
    }

    /// May a hook of this kind have this effect?
    pub fn allowed_in(&self, hook: HookName) -> bool {
        use HookName::*;
        match self {
            Effect::Remember(..) | Effect::Forget(_) => {
                !matches!(hook, Defeats | BaseDamage | OnDamage)
            }
            // The pure hooks only read (the engine tells what they change: a defeat, each
            // tile's change to the damage); an identity is told by the reveal it precedes.
            Effect::Log { .. } => !matches!(hook, Identity | Defeats | BaseDamage | OnDamage),
            Effect::SetStrength(_) | Effect::SetSpecies(_) => hook == Identity,
            Effect::Defeat | Effect::ReplaceFromDeck => matches!(hook, OnReveal | BeforeDamage),
            Effect::SkipNext(_) => matches!(hook, OnReveal | OnDefeat | AfterDefeat | BeforeDamage),
            Effect::Succeed => hook == AtEnd,
            Effect::GainHp(_) | Effect::LoseHp(_) | Effect::SetHp(_) | Effect::DiscardTile(_) => {
                !matches!(hook, Identity | Defeats | BaseDamage | OnDamage)
            }
        }
    }
}

/// A value a hook remembers for the rest of the run (`ctx.remember`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MemValue {
    Bool(bool),
    Int(i64),
    Text(Arc<str>),
}

/// A value a script's log line shows. Only whole numbers and things of the packs in play,
/// shown by their names in the reader's language: a line carries no free text, so it can
/// neither hold text in one language only nor pass for anything but its card's line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum LogArg {
    Number(i64),
    Species(SpeciesId),
    Card(CardRef),
    Adventurer(AdventurerId),
}
