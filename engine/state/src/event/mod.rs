//! Events: everything that happens, in order. Seed + decisions reproduce the same log.
//! Events carry hidden information (which card was drawn); [`Event::seen_by`] gives the
//! version a given seat may see. They are derived, never stored: records keep decisions,
//! and the log is what applying them emits, so new kinds of events change no record.
//!
//! The log tells a whole story without the state: every revealed card ends with one
//! outcome (defeated, replaced, or the damage it dealt, 0 included, with each tile that
//! changed it); a question is announced before its answer; a revival is one event; a
//! forced success is told only when it changed the outcome; the game ends with the
//! standings. `describe.rs` writes each as a line of English with card ids.

mod describe;

use crate::action::{Answer, CardRef};
use crate::ids::*;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Why a monster was defeated.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum DefeatCause {
    /// An equipment tile's rule.
    Tile(TileId),
    /// An earlier card's effect took this monster too (Demonic Pact, Ally...).
    Skipped(CardRef),
    /// The monster's own rule (e.g. it has nothing to act on).
    Itself,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Event {
    GameStarted {
        players: u8,
        first: Seat,
        specials: Vec<MonsterId>,
    },
    AdventurerChosen {
        seat: Option<Seat>,
        adventurer: AdventurerId,
    },
    RoundStarted {
        round: u32,
        first: Seat,
        adventurer: AdventurerId,
    },
    /// `card` and `monster` are hidden (None) from everyone but the drawer: a card id could
    /// be matched against earlier reveals of the same physical card.
    Drew {
        seat: Seat,
        card: Option<CardId>,
        monster: Option<MonsterId>,
    },
    AddedToDungeon {
        seat: Seat,
        card: Option<CardId>,
        monster: Option<MonsterId>,
        forced: bool,
    },
    SetAside {
        seat: Seat,
        card: Option<CardId>,
        monster: Option<MonsterId>,
        tile: TileId,
    },
    Passed {
        seat: Seat,
        forced: bool,
    },
    Entered {
        seat: Seat,
        hp: i32,
        // Inline, as the state holds them (no allocation for each run); a list in JSON.
        #[cfg_attr(feature = "schema", schemars(with = "Vec<TileId>"))]
        tiles: crate::lists::TileList,
        dungeon: u8,
    },
    Answered {
        seat: Seat,
        asker: CardRef,
        answer: Answer,
    },
    Revealed {
        card: CardId,
        monster: MonsterId,
        position: u8,
        strength: Option<i32>,
        species: Option<SpeciesId>,
    },
    Defeated {
        card: CardId,
        monster: MonsterId,
        by: DefeatCause,
    },
    /// A revealed card was discarded and `new` taken from the monster deck instead.
    Replaced {
        card: CardId,
        new: CardId,
        by: CardRef,
    },
    /// A question is put to `seat`: the card whose rule asks, the prompt (a message key
    /// of the card's pack or a built-in one) and the monster it is about, if any. The
    /// [`Event::Answered`] that settles it follows.
    Asked {
        seat: Seat,
        asker: CardRef,
        prompt: Arc<str>,
        monster: Option<MonsterId>,
    },
    /// The outcome of a monster no card defeated or replaced: `strength` (none: no
    /// damage at all), each held tile that changed the damage and by how much, in the
    /// order they did, then the damage dealt (`amount`, 0 or more:
    /// `max(0, strength + changes)`) and the HP left.
    Damaged {
        card: CardId,
        monster: MonsterId,
        strength: Option<i32>,
        changes: Vec<DamageChange>,
        amount: i32,
        hp: i32,
    },
    /// HP changed by a card's rule (`delta` may be negative).
    HpChanged {
        by: CardRef,
        delta: i32,
        hp: i32,
    },
    TileDiscarded {
        tile: TileId,
        by: CardRef,
        hp: i32,
    },
    /// HP had fallen to 0 or less and `by`'s `on_death` hook brought it back to `hp`: the
    /// hook's HP changes add up to `gained`, and it discarded `discarded` (itself when
    /// spent, as the Healing Potion), whose HP bonuses went with them. One event for the
    /// whole revival (its HP change and discards are not told apart).
    Revived {
        by: TileId,
        gained: i32,
        discarded: Vec<TileId>,
        hp: i32,
    },
    /// HP reached 0 or less and nothing brought the adventurer back.
    Died {
        hp: i32,
    },
    /// A card made a run a success that would otherwise have failed (told only then: a
    /// run that succeeds anyway gets no such event).
    SuccessForced {
        by: CardRef,
    },
    /// A line a card's script adds to the log (`ctx.log`): a message key of the card's
    /// pack and its arguments. Public, like every dungeon event (see [`LogArg`]).
    Logged {
        card: CardRef,
        key: Arc<str>,
        args: Vec<(Arc<str>, LogArg)>,
    },
    Success {
        seat: Seat,
        hp: i32,
        successes: u8,
    },
    Failure {
        seat: Seat,
        hp: i32,
        failures: u8,
    },
    Eliminated {
        seat: Seat,
    },
    /// After the run, set-aside monsters are shown to all.
    SetAsideShown {
        seat: Seat,
        // Inline (no allocation each round); a list in JSON.
        #[cfg_attr(
            feature = "schema",
            schemars(with = "Vec<(CardId, MonsterId, TileId)>")
        )]
        cards: smallvec::SmallVec<[(CardId, MonsterId, TileId); 4]>,
    },
    Won {
        seat: Seat,
    },
    /// Right after [`Event::Won`]: where every seat ends, in seat order.
    Standings {
        players: Vec<Standing>,
    },
}

/// A tile's change to the damage a monster deals (`base_damage`, `on_damage`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct DamageChange {
    pub tile: TileId,
    /// Negative: less damage.
    pub delta: i32,
}

/// One seat at the end of the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Standing {
    pub successes: u8,
    pub failures: u8,
    pub eliminated: bool,
    pub winner: bool,
}

/// Arguments one log line may carry (`ctx.log`).
pub const MAX_LOG_ARGS: usize = 8;
/// Lines one hook call may log.
pub const MAX_LOG_LINES_PER_CALL: usize = 4;
/// Lines the scripts may log in one dungeon, all cards together.
pub const MAX_LOG_LINES_PER_DUNGEON: usize = 64;

pub use crate::effect::LogArg;

/// Empties a log, as `Vec::clear` would, without the drop glue's call for the events that
/// hold no memory of their own: most of a game's, and emptying the log was a twentieth of
/// a random game's time.
pub fn clear_log(events: &mut Vec<Event>) {
    for event in events.drain(..) {
        if event.holds_memory() {
            drop(event);
        } else {
            // Nothing to free: dropping it would do nothing but ask.
            std::mem::forget(event);
        }
    }
}

impl Event {
    /// Whether dropping this event may free memory: it holds a list that may be on the
    /// heap or a shared text. Every kind is named (no catch-all), so that a new one is
    /// placed here; a field that may hold memory, added to a kind marked `false`, must
    /// move it to `true` (else [`clear_log`] leaks it).
    fn holds_memory(&self) -> bool {
        match self {
            Event::GameStarted { .. }
            | Event::Entered { .. }
            | Event::Asked { .. }
            | Event::Damaged { .. }
            | Event::Revived { .. }
            | Event::Logged { .. }
            | Event::SetAsideShown { .. }
            | Event::Standings { .. } => true,
            Event::AdventurerChosen { .. }
            | Event::RoundStarted { .. }
            | Event::Drew { .. }
            | Event::AddedToDungeon { .. }
            | Event::SetAside { .. }
            | Event::Passed { .. }
            | Event::Answered { .. }
            | Event::Revealed { .. }
            | Event::Defeated { .. }
            | Event::Replaced { .. }
            | Event::HpChanged { .. }
            | Event::TileDiscarded { .. }
            | Event::Died { .. }
            | Event::SuccessForced { .. }
            | Event::Success { .. }
            | Event::Failure { .. }
            | Event::Eliminated { .. }
            | Event::Won { .. } => false,
        }
    }
    /// This event as `seat` may see it: monster identities of cards drawn, added or set
    /// aside by someone else are removed.
    pub fn seen_by(&self, seat: Seat) -> Event {
        let mut e = self.clone();
        match &mut e {
            Event::Drew {
                seat: s,
                card,
                monster,
            }
            | Event::AddedToDungeon {
                seat: s,
                card,
                monster,
                ..
            }
            | Event::SetAside {
                seat: s,
                card,
                monster,
                ..
            } if *s != seat => {
                *card = None;
                *monster = None;
            }
            Event::GameStarted { specials, .. } => specials.clear(),
            _ => {}
        }
        e
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Takes a value by copy: only a plain value (nothing to free) compiles here.
    fn plain<T: Copy>(_: T) {}

    /// The kinds [`Event::holds_memory`] says hold none, field by field: each field is
    /// copied out, which compiles only for a plain value (a new field fails to compile
    /// here until it is placed).
    fn holds_plain_values_only(event: &Event) -> bool {
        match event {
            Event::AdventurerChosen { seat, adventurer } => plain((*seat, *adventurer)),
            Event::RoundStarted {
                round,
                first,
                adventurer,
            } => plain((*round, *first, *adventurer)),
            Event::Drew {
                seat,
                card,
                monster,
            } => plain((*seat, *card, *monster)),
            Event::AddedToDungeon {
                seat,
                card,
                monster,
                forced,
            } => plain((*seat, *card, *monster, *forced)),
            Event::SetAside {
                seat,
                card,
                monster,
                tile,
            } => plain((*seat, *card, *monster, *tile)),
            Event::Passed { seat, forced } => plain((*seat, *forced)),
            Event::Answered {
                seat,
                asker,
                answer,
            } => plain((*seat, *asker, *answer)),
            Event::Revealed {
                card,
                monster,
                position,
                strength,
                species,
            } => plain((*card, *monster, *position, *strength, *species)),
            Event::Defeated { card, monster, by } => plain((*card, *monster, *by)),
            Event::Replaced { card, new, by } => plain((*card, *new, *by)),
            Event::HpChanged { by, delta, hp } => plain((*by, *delta, *hp)),
            Event::TileDiscarded { tile, by, hp } => plain((*tile, *by, *hp)),
            Event::Died { hp } => plain(*hp),
            Event::SuccessForced { by } => plain(*by),
            Event::Success {
                seat,
                hp,
                successes,
            } => plain((*seat, *hp, *successes)),
            Event::Failure { seat, hp, failures } => plain((*seat, *hp, *failures)),
            Event::Eliminated { seat } => plain(*seat),
            Event::Won { seat } => plain(*seat),
            Event::GameStarted { .. }
            | Event::Entered { .. }
            | Event::Asked { .. }
            | Event::Damaged { .. }
            | Event::Revived { .. }
            | Event::Logged { .. }
            | Event::SetAsideShown { .. }
            | Event::Standings { .. } => return false,
        }
        true
    }

    /// The kinds whose events `clear_log` forgets rather than drops hold plain values only,
    /// and emptying a log of every kind leaves it empty.
    #[test]
    fn a_log_is_emptied_without_losing_memory() {
        let events = vec![
            Event::Passed {
                seat: 0,
                forced: false,
            },
            Event::Standings { players: vec![] },
            Event::Died { hp: 0 },
            Event::Asked {
                seat: 0,
                asker: CardRef::Tile(TileId(0)),
                prompt: "use_tile".into(),
                monster: None,
            },
        ];
        for e in &events {
            assert_eq!(holds_plain_values_only(e), !e.holds_memory(), "{e:?}");
        }
        let mut log = events;
        clear_log(&mut log);
        assert!(log.is_empty());
    }
}
