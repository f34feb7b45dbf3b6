//! The boundary between the rules and card scripts. The dungeon resolver calls hooks
//! through [`HookRunner`]; the Lua host (`script`) is one implementation, and a native
//! one can stand in (benchmarks, tests). A hook reads the state and returns effects; it
//! never changes the state itself, so a call that stops on a question or fails leaves
//! nothing behind.

use crate::action::{Answer, CardRef, Question};
use crate::dungeon::Effect;
use crate::state::GameState;
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

/// One hook invocation.
#[derive(Clone, Debug)]
pub struct HookCall<'a> {
    pub card: CardRef,
    pub hook: HookName,
    /// Answers to the questions this call asked on earlier runs, in order.
    pub answers: &'a [Answer],
    /// The damage about to be dealt (damage hooks only).
    pub damage: i32,
}

#[derive(Clone, Debug, PartialEq)]
pub enum HookValue {
    Nothing,
    Bool(bool),
    Int(i32),
}

#[derive(Clone, Debug, PartialEq)]
pub enum HookOutcome {
    /// The hook finished: apply its effects.
    Done {
        effects: Vec<Effect>,
        value: HookValue,
    },
    /// The hook needs an answer it has not been given: nothing happened yet.
    Asked(Question),
}

/// What went wrong in a hook.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HookErrorKind {
    /// A Lua error (including calling the API wrongly).
    Runtime,
    /// The hook ran past its instruction budget (an endless loop?).
    Budget,
    /// The hook ran past the memory limit.
    Memory,
}

/// A hook failed. Names the pack, card, hook, file and line so an author can find it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct HookError {
    pub pack: String,
    pub card: String,
    pub hook: HookName,
    pub file: String,
    pub line: Option<u32>,
    pub kind: HookErrorKind,
    pub message: String,
}

impl fmt::Display for HookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        write!(
            f,
            ": hook `{}` of card `{}` (pack `{}`) failed: {}",
            self.hook, self.card, self.pack, self.message
        )
    }
}

/// Runs card hooks. Implemented by the Lua host; the resolver never knows which.
pub trait HookRunner {
    /// A new engine operation (a game created, an action applied) begins. Hook calls
    /// within one operation may share script-level state; calls in different operations
    /// must not, so that replaying the same operations gives the same game.
    fn begin(&mut self) {}

    /// While on, [`HookRunner::begin`] keeps script-level state: an analysis (the odds
    /// search) runs thousands of operations that are one question, and pays for fresh
    /// script instances once. Real games never turn it on.
    fn set_analysis(&mut self, _on: bool) {}

    /// Does this card define this hook? Cheap: called before every potential call.
    fn has_hook(&self, card: CardRef, hook: HookName) -> bool;

    /// Calls the hook. `state` is lent for reading; implementations must leave it as
    /// they found it.
    fn call(&mut self, state: &mut GameState, call: HookCall<'_>)
    -> Result<HookOutcome, HookError>;
}

/// A runner for catalogs without scripts.
pub struct NoHooks;

impl HookRunner for NoHooks {
    fn has_hook(&self, _card: CardRef, _hook: HookName) -> bool {
        false
    }
    fn call(
        &mut self,
        _state: &mut GameState,
        _call: HookCall<'_>,
    ) -> Result<HookOutcome, HookError> {
        Ok(HookOutcome::Done {
            effects: Vec::new(),
            value: HookValue::Nothing,
        })
    }
}
