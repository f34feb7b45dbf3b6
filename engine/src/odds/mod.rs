//! Exact survival odds: the probability that the runner survives a dungeon, from what one
//! player knows, with every unseen card equally likely to be anywhere it could be, and the
//! runner making the best choice at every question on the way (and any other player who
//! answers a question about the run, such as Daddy's Sword's chooser, the worst one).
//!
//! The search plays the real engine card by card (hooks included): the dungeon holds
//! placeholder cards whose identity is decided just before each reveal. The next card is a
//! known one still inside, or an unknown one drawn from the unseen pool (unknown special
//! monsters among them); at a question the best option counts. States are memoized on which
//! cards remain and on what the run has become (HP, tiles, memory, the species faced), not
//! on the order the cards came in: that is what keeps a 15-card dungeon fast.
//!
//! One assumption beyond the rules: what the rest of a run depends on is taken to be the
//! cards still to come and the run's state, with the cards already faced counted by
//! species, not by order. For every card of the boxes this is exact; a hook that reads the
//! order of `ctx.faced()` (the example pack's Homunculus copies the previous monster) gets
//! approximate odds.

mod exact;
mod key;
mod sample;
mod view;

pub use crate::game::placeholder;
use crate::shared_odds as shared;
pub use crate::shared_odds::SharedOdds;
pub use exact::{OddsCache, OddsSearch};
pub use sample::{estimate, estimate_answers};
pub use view::{
    Effort, Plan, Report, SAMPLES_WHEN_RANDOM, answers_from_view, from_view, from_view_against,
    report_from_view,
};

use crate::catalog::Catalog;
use crate::ids::*;

/// What the cards still to come may be.
#[derive(Debug, Default, PartialEq, Eq, Hash)]
pub struct Chances {
    /// Known cards still in the dungeon, per monster kind (catalog index).
    pub known: Counts,
    /// Unknown cards still in the dungeon.
    pub unknown: u8,
    /// The unseen cards the unknown ones are drawn from, per monster kind.
    pub pool: Counts,
    /// Unseen special monsters whose kind is not known...
    pub unknown_specials: u8,
    /// ...and the kinds they may be (catalog indices).
    pub candidates: smallvec::SmallVec<[MonsterId; 8]>,
}

/// What a card may be: each kind with its probability and how it is taken from the
/// chances (inline: every situation of a search lists them).
pub(crate) type Draws = smallvec::SmallVec<[(MonsterId, f64, Take); 24]>;

/// How a card is taken from the chances: a known card of the dungeon (by kind), one drawn
/// from the unseen pool (by kind), or an unseen special (the `i`-th candidate, `m`); drawn
/// from the pool as an unknown card of the dungeon, or from the monster deck.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Take {
    Known(u16),
    Pool { k: u16, dungeon: bool },
    Special { i: u16, m: MonsterId, dungeon: bool },
}

/// A count per monster kind, kept inline: chances are cloned at every branch.
pub type Counts = smallvec::SmallVec<[u8; 24]>;

/// By hand: the searches copy chances at every branch, and a derived clone pushes each
/// count one by one where `from_slice` copies them whole.
impl Clone for Chances {
    fn clone(&self) -> Self {
        Chances {
            known: Counts::from_slice(&self.known),
            unknown: self.unknown,
            pool: Counts::from_slice(&self.pool),
            unknown_specials: self.unknown_specials,
            candidates: smallvec::SmallVec::from_slice(&self.candidates),
        }
    }
}

impl Chances {
    /// Chances for a dungeon of `size` holding `known` (among them), the rest drawn from
    /// `pool` plus `unknown_specials` specials among `candidates`.
    pub fn new(
        catalog: &Catalog,
        size: usize,
        known: &[MonsterId],
        pool: &[MonsterId],
        unknown_specials: usize,
        candidates: &[MonsterId],
    ) -> Chances {
        let mut c = Chances {
            known: smallvec::smallvec![0; catalog.monsters.len()],
            unknown: size.saturating_sub(known.len()) as u8,
            pool: smallvec::smallvec![0; catalog.monsters.len()],
            unknown_specials: unknown_specials as u8,
            candidates: candidates.iter().copied().collect(),
        };
        for m in known {
            c.known[m.ix()] += 1;
        }
        for m in pool {
            c.pool[m.ix()] += 1;
        }
        c
    }

    /// How many cards are still to come in the dungeon.
    pub(crate) fn cards(&self) -> u32 {
        self.known.iter().map(|&n| n as u32).sum::<u32>() + self.unknown as u32
    }

    pub(crate) fn pool_size(&self) -> u32 {
        self.pool.iter().map(|&n| n as u32).sum::<u32>() + self.unknown_specials as u32
    }

    /// Each kind a card drawn from the unseen pool may be, with its probability and how it
    /// is taken (`dungeon`: as an unknown card of the dungeon, each probability times
    /// `share`; else from the deck), added to `out`.
    pub(crate) fn pool_draws(&self, dungeon: bool, share: f64, out: &mut Draws) {
        let total = self.pool_size() as f64;
        if total == 0.0 {
            return;
        }
        // `share * p` as the search has always summed it; from the deck, `p`.
        let times = |p: f64| if dungeon { share * p } else { p };
        for (k, &n) in self.pool.iter().enumerate().filter(|(_, n)| **n > 0) {
            let take = Take::Pool {
                k: k as u16,
                dungeon,
            };
            out.push((MonsterId(k as u16), times(n as f64 / total), take));
        }
        if self.unknown_specials > 0 && !self.candidates.is_empty() {
            let each = self.unknown_specials as f64 / total / self.candidates.len() as f64;
            for (i, &m) in self.candidates.iter().enumerate() {
                let take = Take::Special {
                    i: i as u16,
                    m,
                    dungeon,
                };
                out.push((m, times(each), take));
            }
        }
    }

    /// Each kind the next dungeon card may be, with its probability and how it is taken,
    /// added to `out`.
    pub(crate) fn next_card(&self, out: &mut Draws) {
        let known: u32 = self.known.iter().map(|&n| n as u32).sum();
        let total = (known + self.unknown as u32) as f64;
        if total == 0.0 {
            return;
        }
        for (k, &n) in self.known.iter().enumerate().filter(|(_, n)| **n > 0) {
            out.push((MonsterId(k as u16), n as f64 / total, Take::Known(k as u16)));
        }
        if self.unknown > 0 {
            let share = self.unknown as f64 / total;
            self.pool_draws(true, share, out);
        }
    }

    /// The chances once a card is taken.
    pub(crate) fn take(&mut self, take: Take) {
        match take {
            Take::Known(k) => self.known[usize::from(k)] -= 1,
            Take::Pool { k, dungeon } => {
                self.pool[usize::from(k)] -= 1;
                self.unknown -= u8::from(dungeon);
            }
            Take::Special { i, dungeon, .. } => {
                self.unknown_specials -= 1;
                self.candidates.remove(usize::from(i));
                self.unknown -= u8::from(dungeon);
            }
        }
    }

    /// The chances before the card was taken ([`Chances::take`] undone).
    pub(crate) fn put_back(&mut self, take: Take) {
        match take {
            Take::Known(k) => self.known[usize::from(k)] += 1,
            Take::Pool { k, dungeon } => {
                self.pool[usize::from(k)] += 1;
                self.unknown += u8::from(dungeon);
            }
            Take::Special { i, m, dungeon } => {
                self.unknown_specials += 1;
                self.candidates.insert(usize::from(i), m);
                self.unknown += u8::from(dungeon);
            }
        }
    }
}

/// The result of a search.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Odds {
    pub probability: f64,
    /// Distinct situations evaluated (a measure of the work).
    pub states: usize,
}
