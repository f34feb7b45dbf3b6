//! The names of the hooks a card script may define, and sets of them. Plain data, below
//! everything that calls hooks or reports their errors.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The hooks a card script may define. See `docs/authoring.md` for what each may do.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HookName {
    /// Tile: before the first reveal (name a species, choose a player...). May ask.
    BeforeEntering,
    /// Monster: on reveal, set its own strength and species. May not ask.
    Identity,
    /// Tile: an optional action on a revealed monster no tile defeated (Vorpal Axe,
    /// Polymorph). Monster: its own effect when not defeated (Ally, Gelatinous Cube). May ask.
    OnReveal,
    /// Tile: does this tile defeat the revealed monster? Returns a boolean. May not ask.
    Defeats,
    /// Tile: this tile just defeated the monster (among others, maybe). May ask.
    OnDefeat,
    /// Tile: a monster was just defeated, by anything. May ask.
    AfterDefeat,
    /// Tile: an undefeated monster is about to deal damage. May ask.
    BeforeDamage,
    /// Tile: replaces the damage the monster deals before reductions (Elven Harp).
    BaseDamage,
    /// Tile: modifies the damage about to be dealt; returns the new damage.
    OnDamage,
    /// Tile: HP fell to 0 or less; may bring the adventurer back. May ask.
    OnDeath,
    /// Tile: after the last reveal; may make the run a success.
    AtEnd,
}

impl HookName {
    pub const ALL: [HookName; 11] = [
        HookName::BeforeEntering,
        HookName::Identity,
        HookName::OnReveal,
        HookName::Defeats,
        HookName::OnDefeat,
        HookName::AfterDefeat,
        HookName::BeforeDamage,
        HookName::BaseDamage,
        HookName::OnDamage,
        HookName::OnDeath,
        HookName::AtEnd,
    ];

    /// The key of the hook in a script's returned table.
    pub fn lua_name(self) -> &'static str {
        match self {
            HookName::BeforeEntering => "before_entering",
            HookName::Identity => "identity",
            HookName::OnReveal => "on_reveal",
            HookName::Defeats => "defeats",
            HookName::OnDefeat => "on_defeat",
            HookName::AfterDefeat => "after_defeat",
            HookName::BeforeDamage => "before_damage",
            HookName::BaseDamage => "base_damage",
            HookName::OnDamage => "on_damage",
            HookName::OnDeath => "on_death",
            HookName::AtEnd => "at_end",
        }
    }

    pub fn from_lua_name(name: &str) -> Option<HookName> {
        HookName::ALL.into_iter().find(|h| h.lua_name() == name)
    }

    /// Hooks a monster card may define; tiles may define every other one.
    pub fn for_monsters(self) -> bool {
        matches!(self, HookName::Identity | HookName::OnReveal)
    }

    pub fn for_tiles(self) -> bool {
        self != HookName::Identity
    }

    /// May this hook ask a question?
    pub fn may_ask(self) -> bool {
        !matches!(
            self,
            HookName::Identity | HookName::Defeats | HookName::BaseDamage | HookName::OnDamage
        )
    }

    /// Is there a monster being resolved while this hook runs?
    pub fn has_monster(self) -> bool {
        !matches!(self, HookName::BeforeEntering | HookName::AtEnd)
    }

    fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

impl fmt::Display for HookName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.lua_name())
    }
}

/// Which hooks a card defines.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct HookSet(u16);

impl HookSet {
    pub fn insert(&mut self, hook: HookName) {
        self.0 |= hook.bit();
    }
    pub fn contains(self, hook: HookName) -> bool {
        self.0 & hook.bit() != 0
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn iter(self) -> impl Iterator<Item = HookName> {
        HookName::ALL.into_iter().filter(move |h| self.contains(*h))
    }
}
