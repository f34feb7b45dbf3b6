//! A run through the dungeon as data: where the runner is (`Stage`), what it faced, what
//! its tiles remember, the hooks waiting. The rules that move it are the engine's
//! (`dungeon/resolve.rs`); this is what a saved game holds of them.

pub use crate::effect::{Effect, MemValue};

pub use crate::action::AnswerList;
use crate::action::{CardRef, Question};
use crate::event::DefeatCause;
use crate::hook_name::HookName;
use crate::ids::*;
use crate::lists::TileList;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::sync::Arc;

/// One monster the runner faced, with its identity as revealed (after any changes).
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Faced {
    pub card: CardId,
    pub monster: MonsterId,
    /// 1-based place in the reveal order; a replacement takes the replaced card's place.
    pub position: u8,
    pub strength: Option<i32>,
    pub species: Option<SpeciesId>,
    pub fate: Fate,
    /// Every tile whose rule defeats it (the first is credited in events), and any tile
    /// the runner chose to defeat it with.
    pub defeaters: TileList,
    /// The runner's HP when it was revealed ("while HP is below 5" reads this).
    pub hp_at_reveal: i32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Fate {
    /// Being resolved.
    Facing,
    Defeated(DefeatCause),
    /// Dealt this much damage (more than 0).
    Damaged(i32),
    /// Neither defeated nor harmful.
    Unharmed,
    /// Discarded and replaced by a card from the monster deck.
    Replaced,
}

/// By hand: the defeaters copied whole (see `GameState`'s clone).
impl Clone for Faced {
    fn clone(&self) -> Self {
        let Faced {
            card,
            monster,
            position,
            strength,
            species,
            fate,
            defeaters,
            hp_at_reveal,
        } = self;
        Faced {
            card: *card,
            monster: *monster,
            position: *position,
            strength: *strength,
            species: *species,
            fate: fate.clone(),
            defeaters: TileList::from_slice(defeaters),
            hp_at_reveal: *hp_at_reveal,
        }
    }
}

impl Faced {
    pub fn is_defeated(&self) -> bool {
        matches!(self.fate, Fate::Defeated(_))
    }
}

/// Where the dungeon resolution stands. Stages with a cursor walk the tiles held on
/// entering, in order; the cursor is the index of the next tile to consider, so a stage
/// can be resumed after a question without redoing anything.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    Enter {
        cursor: u8,
    },
    Reveal,
    /// A pending "defeat the next monster" takes the card just revealed (the runner may
    /// be asked first).
    Skip,
    Defeat,
    AfterDefeat {
        cursor: u8,
    },
    ObserveDefeat {
        cursor: u8,
    },
    Offer {
        cursor: u8,
    },
    MonsterEffect,
    BeforeDamage {
        cursor: u8,
    },
    Damage,
    Death {
        cursor: u8,
    },
    Finish,
    End {
        cursor: u8,
    },
    Done,
}

/// A pending "defeat the next monster" (`ctx.defeat_next`): the card whose effect it is,
/// and, when the runner may decline it, the prompt they are asked with as that monster is
/// revealed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Skip {
    pub source: CardRef,
    pub ask: Option<Arc<str>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Memory {
    pub owner: CardRef,
    pub key: Arc<str>,
    pub value: MemValue,
}

/// A hook call waiting on a question: the answers given so far are replayed to the hook
/// when it runs again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingHook {
    pub card: CardRef,
    pub hook: HookName,
    pub answers: AnswerList,
    pub question: Option<Question>,
}

#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DungeonRun {
    pub runner: Seat,
    pub hp: i32,
    /// HP on entering (adventurer plus tiles).
    pub start_hp: i32,
    /// The adventurer card's own HP.
    pub base_hp: i32,
    /// Tiles held on entering, in order: hooks run in this order.
    pub order: TileList,
    pub faced: SmallVec<[Faced; 8]>,
    /// A card taken from the monster deck to replace the current one.
    pub incoming: Option<CardId>,
    /// Effects that defeat the next monster revealed, oldest first.
    pub skip_next: SmallVec<[Skip; 2]>,
    pub stage: Stage,
    /// HP fell to 0 or less while resolving the current card.
    pub hp_fell: bool,
    /// HP reached 0 or less and nothing revived the adventurer.
    pub died: bool,
    pub success_forced: bool,
    /// The card that forced it (the first, if several did): told in the log at the end,
    /// only if the run would otherwise have failed. Left out of a saved state when unset,
    /// as `log_lines` when 0; a record made before them is compared without them
    /// (`record::replay`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub success_forced_by: Option<CardRef>,
    /// Lines the cards' scripts added to the log in this dungeon (`ctx.log`), which a
    /// dungeon bounds.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub log_lines: u16,
    pub memory: SmallVec<[Memory; 4]>,
    pub pending: Option<PendingHook>,
    /// Set when the run is over.
    pub success: Option<bool>,
    /// Pause before each reveal (the odds search assigns the next card then).
    #[serde(default)]
    pub card_by_card: bool,
}

impl Default for DungeonRun {
    fn default() -> Self {
        DungeonRun {
            runner: 0,
            hp: 0,
            start_hp: 0,
            base_hp: 0,
            order: TileList::new(),
            faced: SmallVec::new(),
            incoming: None,
            skip_next: SmallVec::new(),
            stage: Stage::Done,
            hp_fell: false,
            died: false,
            success_forced: false,
            success_forced_by: None,
            log_lines: 0,
            memory: SmallVec::new(),
            pending: None,
            success: None,
            card_by_card: false,
        }
    }
}

fn is_zero(n: &u16) -> bool {
    *n == 0
}

/// By hand, through [`DungeonRun::copy_into`]: lists copied whole.
impl Clone for DungeonRun {
    fn clone(&self) -> Self {
        let mut copy = DungeonRun::default();
        self.copy_into(&mut copy);
        copy
    }
}

impl DungeonRun {
    /// `dst` becomes a copy of this run, reusing its storage and copying only the
    /// entries in use (a derived `clone_from` builds the whole run, inline lists and all,
    /// then moves it: the engine takes this copy before most moves that may run a hook).
    #[doc(hidden)]
    pub fn copy_into(&self, dst: &mut DungeonRun) {
        // Every field named, so that a new one cannot be forgotten here.
        let DungeonRun {
            runner,
            hp,
            start_hp,
            base_hp,
            order,
            faced,
            incoming,
            skip_next,
            stage,
            hp_fell,
            died,
            success_forced,
            success_forced_by,
            log_lines,
            memory,
            pending,
            success,
            card_by_card,
        } = self;
        dst.runner = *runner;
        dst.hp = *hp;
        dst.start_hp = *start_hp;
        dst.base_hp = *base_hp;
        crate::lists::copy_list(&mut dst.order, order);
        dst.faced.clear();
        dst.faced.extend(faced.iter().cloned());
        dst.incoming = *incoming;
        dst.skip_next.clone_from(skip_next);
        dst.stage = *stage;
        dst.hp_fell = *hp_fell;
        dst.died = *died;
        dst.success_forced = *success_forced;
        dst.success_forced_by = *success_forced_by;
        dst.log_lines = *log_lines;
        dst.memory.clone_from(memory);
        dst.pending.clone_from(pending);
        dst.success = *success;
        dst.card_by_card = *card_by_card;
    }

    /// Makes this run the default one (no runner, stage `Done`) in place: a new round
    /// and a new run start from it, and building a whole default run to move in, then
    /// dropping the old one, cost more than clearing this one (its lists' storage kept).
    #[doc(hidden)]
    pub fn reset(&mut self) {
        // Every field named, so that a new one cannot be forgotten here; the values are
        // those of `DungeonRun::default` (a test compares them).
        let DungeonRun {
            runner,
            hp,
            start_hp,
            base_hp,
            order,
            faced,
            incoming,
            skip_next,
            stage,
            hp_fell,
            died,
            success_forced,
            success_forced_by,
            log_lines,
            memory,
            pending,
            success,
            card_by_card,
        } = self;
        *runner = 0;
        *hp = 0;
        *start_hp = 0;
        *base_hp = 0;
        order.clear();
        faced.clear();
        *incoming = None;
        skip_next.clear();
        *stage = Stage::Done;
        *hp_fell = false;
        *died = false;
        *success_forced = false;
        *success_forced_by = None;
        *log_lines = 0;
        memory.clear();
        *pending = None;
        *success = None;
        *card_by_card = false;
    }

    /// Paused between two cards (card by card only): the next reveal is up to the caller.
    pub fn paused(&self) -> bool {
        self.card_by_card && self.stage == Stage::Reveal && self.success.is_none()
    }

    /// The monster being resolved.
    pub fn current(&self) -> Option<&Faced> {
        self.faced
            .last()
            .filter(|f| f.fate == Fate::Facing || self.stage_is_on_card())
    }

    fn stage_is_on_card(&self) -> bool {
        !matches!(
            self.stage,
            Stage::Enter { .. } | Stage::Reveal | Stage::End { .. } | Stage::Done
        )
    }

    pub fn recall(&self, owner: CardRef, key: &str) -> Option<&MemValue> {
        self.memory
            .iter()
            .find(|m| m.owner == owner && &*m.key == key)
            .map(|m| &m.value)
    }

    /// Monsters faced so far, not counting cards replaced by another.
    pub fn monsters_faced(&self) -> impl Iterator<Item = &Faced> {
        self.faced.iter().filter(|f| f.fate != Fate::Replaced)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hook_name::HookName;

    /// A reset run is the default one, whatever it held (every field set otherwise).
    #[test]
    fn a_reset_run_is_the_default_run() {
        let tile = CardRef::Tile(TileId(1));
        let mut run = DungeonRun {
            runner: 2,
            hp: 5,
            start_hp: 7,
            base_hp: 3,
            order: TileList::from_slice(&[TileId(1), TileId(2)]),
            faced: SmallVec::from_iter([Faced {
                card: CardId(3),
                monster: MonsterId(4),
                position: 1,
                strength: Some(5),
                species: None,
                fate: Fate::Damaged(5),
                defeaters: TileList::new(),
                hp_at_reveal: 7,
            }]),
            incoming: Some(CardId(5)),
            skip_next: SmallVec::from_iter([Skip {
                source: tile,
                ask: Some("x".into()),
            }]),
            stage: Stage::Reveal,
            hp_fell: true,
            died: true,
            success_forced: true,
            success_forced_by: Some(tile),
            log_lines: 9,
            memory: SmallVec::from_iter([Memory {
                owner: tile,
                key: "k".into(),
                value: MemValue::Int(1),
            }]),
            pending: Some(PendingHook {
                card: tile,
                hook: HookName::BeforeEntering,
                answers: AnswerList::new(),
                question: None,
            }),
            success: Some(true),
            card_by_card: true,
        };
        run.reset();
        assert_eq!(run, DungeonRun::default());
    }
}
