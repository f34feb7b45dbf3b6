//! The keys the exact search remembers things by.
//!
//! A *situation* (what the memo holds) is the run's state with the cards still to come:
//! its key is the run key ([`Keys::run`]: HP, tiles, memory, stage, the card being
//! resolved...), the species of the monsters faced so far, counted, not in order
//! ([`Faced`]), and the chances ([`chances_key`]). Two states with one key have the same
//! odds (see `super`'s documentation for the one assumption behind it). Odds that did not
//! read the history are remembered without the species faced ([`unfaced_key`],
//! [`settled_key`]: `exact/mod.rs` says when).
//!
//! A *step* (the engine resolving a card, or taking an answer, until the next pause) reads
//! less: not the chances, and not the monsters faced before, unless a hook asks for them
//! ([`crate::hooks::HookRunner::history_reads`]). Its key ([`Keys::step`]) is the run key
//! plus what a hook may read of the card being resolved (its place, the HP it was revealed
//! at) and of the run (the tiles held on entering, in order, the answers already given),
//! without the species faced. Where a step led, from one state, is where it leads from any
//! state with its step key, as long as no hook read the history.

use super::{Chances, Take};
use crate::action::{Answer, CardRef};
use crate::dungeon::{Fate, MemValue, Stage};
use crate::hooks::SpeciesQuestion;
use crate::state::GameState;

/// 64 x 64 -> 128-bit multiplication, folded: the mixing step of the keys.
#[inline]
fn fold(a: u64, b: u64) -> u64 {
    let p = u128::from(a) * u128::from(b);
    (p as u64) ^ ((p >> 64) as u64)
}

/// A 64-bit hash fed with words (fast, and good enough for keys of a few million
/// situations: a collision is as unlikely as with any 64-bit hash).
#[derive(Copy, Clone)]
pub(super) struct Mix(u64);

impl Mix {
    pub(super) fn new(seed: u64) -> Mix {
        Mix(seed)
    }

    #[inline]
    pub(super) fn word(&mut self, w: u64) {
        self.0 = fold(self.0 ^ w, 0x9e37_79b9_7f4a_7c15).wrapping_add(0x632b_e59b_d9b4_e019);
    }

    /// A byte string, and its length (so that two strings in a row cannot be confused).
    pub(super) fn bytes(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.word(u64::from_le_bytes(c.try_into().expect("eight bytes")));
        }
        let rest = chunks.remainder();
        let mut last = [0u8; 8];
        last[..rest.len()].copy_from_slice(rest);
        self.word(u64::from_le_bytes(last) ^ ((bytes.len() as u64) << 56));
    }

    pub(super) fn finish(self) -> u64 {
        fold(self.0, 0x2545_f491_4f6c_dd1d)
    }
}

/// The species of the monsters faced, as a multiset: a sum (in any order the same) of one
/// random-looking number per species, and how many; and, apart from the key, of the
/// monsters faced but the one being resolved (if any), which species, as bits by species
/// index (`None` when a species' index is past 63, or unknown after a step that took one
/// of them back), and how many have a species: what a step that asked only about the
/// species faced (before the one being resolved) is followed by (`exact/graph.rs`). (The
/// one being resolved is left out so that a tile replacing it, the Polymorph, takes
/// nothing back from these.)
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(super) struct Faced {
    pub sum: u64,
    pub count: u8,
    pub seen: Option<u64>,
    pub with_species: u8,
}

impl Faced {
    /// These species, after a step that added `added` to the sum (`count` in all), the
    /// species `seen_added`, and `with_species_added` monsters with a species.
    pub(super) fn after(
        self,
        added: u64,
        count: u8,
        seen_added: Option<u64>,
        with_species_added: u8,
    ) -> Faced {
        Faced {
            sum: self.sum.wrapping_add(added),
            count,
            seen: self.seen.zip(seen_added).map(|(a, b)| a | b),
            with_species: self.with_species.wrapping_add(with_species_added),
        }
    }

    /// These species and one more monster's (of `species`, if it has one).
    pub(super) fn plus(self, species: Option<crate::ids::SpeciesId>) -> Faced {
        let count = self.count.wrapping_add(1);
        let with = u8::from(species.is_some());
        self.after(species_term(species), count, species_bit(species), with)
    }

    /// These species and the monster being resolved's (of `species`, if it has one): in
    /// the multiset only.
    fn plus_resolved(self, species: Option<crate::ids::SpeciesId>) -> Faced {
        let count = self.count.wrapping_add(1);
        self.after(species_term(species), count, Some(0), 0)
    }

    /// Did two monsters faced share a species? (`None`: the species are not known.)
    pub(super) fn repeated(self) -> Option<bool> {
        let seen = self.seen?;
        Some(seen.count_ones() < u32::from(self.with_species))
    }

    /// The answer these species give to `question` (`None`: they are not known).
    pub(super) fn answer(self, question: SpeciesQuestion) -> Option<bool> {
        match question {
            SpeciesQuestion::Faced(_) => answer_from_seen(self.seen?, question),
            SpeciesQuestion::AllDiffer => self.repeated().map(|r| !r),
        }
    }
}

/// Whether a monster of `species` is among the species `seen` (a species past the 63rd
/// is not: `seen` knows every one faced).
fn faced_in(seen: u64, species: crate::ids::SpeciesId) -> bool {
    species_bit(Some(species)).is_some_and(|bit| seen & bit != 0)
}

/// The answer the species `seen` alone give to `question`: the level search's, which
/// answers no other question than [`SpeciesQuestion::Faced`] (`None`).
pub(super) fn answer_from_seen(seen: u64, question: SpeciesQuestion) -> Option<bool> {
    match question {
        SpeciesQuestion::Faced(species) => Some(faced_in(seen, species)),
        SpeciesQuestion::AllDiffer => None,
    }
}

/// Where the monster being resolved is among the run's monsters faced, if one is (and is
/// not replaced yet).
pub(super) fn resolved_at(run: &crate::dungeon::DungeonRun) -> Option<usize> {
    (run.current())
        .filter(|f| f.fate != Fate::Replaced)
        .map(|_| run.faced.len() - 1)
}

/// The bit of `species` among [`Faced::seen`] (none for a monster without species;
/// `None` past 63).
pub(super) fn species_bit(species: Option<crate::ids::SpeciesId>) -> Option<u64> {
    match species {
        None => Some(0),
        Some(s) if s.0 < 64 => Some(1 << s.0),
        Some(_) => None,
    }
}

/// The number a species adds to [`Faced::sum`] (`None`: a monster without species).
fn species_term(species: Option<crate::ids::SpeciesId>) -> u64 {
    let s = species.map_or(u64::from(u16::MAX), |s| u64::from(s.0));
    fold(s ^ 0x5851_f42d_4c95_7f2d, 0x9e37_79b9_7f4a_7c15) | 1
}

/// A situation's keys but the chances'.
#[derive(Copy, Clone, Debug)]
pub(super) struct Keys {
    pub run: u64,
    pub step: u64,
    pub faced: Faced,
}

impl Keys {
    /// The keys of `state`; `rulings` is [`crate::options::rulings_hash`] of its options.
    pub(super) fn of(state: &GameState, rulings: u64) -> Keys {
        let run = &state.run;
        let successes = state
            .players
            .get(run.runner as usize)
            .map_or(0, |p| p.successes);
        let mut h = Mix::new(0x0dd5);
        h.word(
            u64::from(state.damage_model as u8)
                | u64::from(successes) << 8
                | u64::from(state.num_players()) << 16
                | u64::from(state.adventurer.map_or(u16::MAX, |a| a.0)) << 24
                | u64::from(run.died) << 40
                | u64::from(run.success_forced) << 41
                | u64::from(run.hp_fell) << 42
                | (state.deck.len() as u64 & 0xff) << 48
                | (state.dungeon.len() as u64 & 0xff) << 56,
        );
        h.word(u64::from(run.base_hp as u32) | u64::from(run.hp as u32) << 32);
        h.word(rulings);
        tiles(&mut h, &state.tiles);
        h.word(run.skip_next.len() as u64);
        for s in &run.skip_next {
            h.word(card_code(s.source));
            h.bytes(s.ask.as_deref().unwrap_or("").as_bytes());
        }
        h.word(run.memory.len() as u64);
        for m in &run.memory {
            h.word(card_code(m.owner));
            h.bytes(m.key.as_bytes());
            match &m.value {
                MemValue::Bool(b) => h.word(1 << 32 | u64::from(*b)),
                MemValue::Int(i) => {
                    h.word(2 << 32);
                    h.word(*i as u64);
                }
                MemValue::Text(t) => {
                    h.word(3 << 32);
                    h.bytes(t.as_bytes());
                }
            }
        }
        let current = run.current();
        match current {
            None => h.word(u64::from(stage_code(run.stage))),
            Some(f) => {
                h.word(
                    u64::from(stage_code(run.stage))
                        | 1 << 8
                        | u64::from(f.monster.0) << 16
                        | u64::from(f.species.map_or(u16::MAX, |s| s.0)) << 32
                        | u64::from(f.is_defeated()) << 48,
                );
                h.word(f.strength.map_or(1 << 40, |s| u64::from(s as u32)));
                tiles(&mut h, &f.defeaters);
            }
        }
        match &run.pending {
            None => h.word(0),
            Some(p) => h.word(
                1 | card_code(p.card) << 8
                    | u64::from(p.hook as u8) << 32
                    | (p.answers.len() as u64) << 40,
            ),
        }
        let run_key = h.finish();

        let mut faced = Faced {
            seen: Some(0),
            ..Faced::default()
        };
        let resolved = resolved_at(run);
        for (i, f) in run.faced.iter().enumerate() {
            faced = match f.fate {
                Fate::Replaced => continue,
                _ if Some(i) == resolved => faced.plus_resolved(f.species),
                _ => faced.plus(f.species),
            };
        }

        // What a step may read besides.
        let mut h = Mix::new(run_key);
        h.word(
            u64::from(faced.count)
                | u64::from(run.start_hp as u32) << 8
                | run.incoming.map_or(0, |c| u64::from(c.0) + 1) << 40,
        );
        if let Some(f) = current {
            h.word(u64::from(f.hp_at_reveal as u32) | u64::from(f.position) << 32);
        }
        tiles(&mut h, &run.order);
        if let Some(p) = &run.pending {
            h.word(p.answers.len() as u64);
            for &a in &p.answers {
                h.word(answer_code(a));
            }
        }
        Keys {
            run: run_key,
            step: h.finish(),
            faced,
        }
    }

    /// The key of the situation these keys and `chances` make.
    pub(super) fn situation(&self, chances: u64) -> u64 {
        situation_key(self.run, self.faced, chances)
    }
}

/// The key of a situation: its run key, the species faced and the chances.
pub(super) fn situation_key(run: u64, faced: Faced, chances: u64) -> u64 {
    let mut h = Mix::new(0x5170);
    h.word(run);
    h.word(faced.sum);
    h.word(u64::from(faced.count) | 1 << 16);
    h.word(chances);
    h.finish()
}

/// The key under which a situation whose odds depend on neither the chances nor the
/// history is remembered: its step key alone.
pub(super) fn settled_key(step: u64) -> u64 {
    let mut h = Mix::new(0x05e7_71ed);
    h.word(step);
    h.finish()
}

/// The key under which a situation whose odds do not depend on the history (working them
/// out read none of it) is remembered: its step key and the chances.
pub(super) fn unfaced_key(step: u64, chances: u64) -> u64 {
    let mut h = Mix::new(0x0bfa_ced0);
    h.word(step);
    h.word(chances);
    h.finish()
}

/// The key under which a situation that faced two monsters of one species is remembered
/// when working its odds out read nothing of the history but "do the species faced all
/// differ?" (always "no" from there on): `unfaced` (its [`unfaced_key`] or
/// [`settled_key`]), marked.
pub(super) fn repeated_key(unfaced: u64) -> u64 {
    let mut h = Mix::new(0x2e9e_a7ed);
    h.word(unfaced);
    h.finish()
}

/// The key of what `chances` say of the cards to come: a sum of one random-looking
/// number per card counted (by kind, known or in the pool), per unknown card, per unseen
/// special, and per candidate in its place; so that taking a card changes it by a term
/// ([`chances_key_after`]).
pub(super) fn chances_key(chances: &Chances) -> u64 {
    let mut key = 0u64;
    for (k, &n) in chances.known.iter().enumerate() {
        key = key.wrapping_add(u64::from(n).wrapping_mul(term(1, k as u64)));
    }
    for (k, &n) in chances.pool.iter().enumerate() {
        key = key.wrapping_add(u64::from(n).wrapping_mul(term(2, k as u64)));
    }
    key = key.wrapping_add(u64::from(chances.unknown).wrapping_mul(term(3, 0)));
    key = key.wrapping_add(u64::from(chances.unknown_specials).wrapping_mul(term(4, 0)));
    key.wrapping_add(candidates_part(&chances.candidates))
}

/// [`chances_key`] of `after`, the chances once `take` is taken from those whose key is
/// `key`, `before`.
pub(super) fn chances_key_after(key: u64, before: &Chances, after: &Chances, take: Take) -> u64 {
    let unknown = |dungeon: bool| if dungeon { term(3, 0) } else { 0 };
    match take {
        Take::Known(k) => key.wrapping_sub(term(1, u64::from(k))),
        Take::Pool { k, dungeon } => key
            .wrapping_sub(term(2, u64::from(k)))
            .wrapping_sub(unknown(dungeon)),
        Take::Special { dungeon, .. } => key
            .wrapping_sub(term(4, 0))
            .wrapping_sub(unknown(dungeon))
            .wrapping_sub(candidates_part(&before.candidates))
            .wrapping_add(candidates_part(&after.candidates)),
    }
}

/// The candidates' part of [`chances_key`]: each in its place (the order of the draws).
fn candidates_part(candidates: &[crate::ids::MonsterId]) -> u64 {
    (candidates.iter().enumerate()).fold(0u64, |key, (i, m)| {
        key.wrapping_add(term(5 + i as u64, u64::from(m.0)))
    })
}

/// A random-looking number for a part of the chances' key.
fn term(part: u64, index: u64) -> u64 {
    fold(
        part << 32 ^ index ^ 0x2d35_8dcc_aa6c_78a5,
        0x9e37_79b9_7f4a_7c15,
    ) | 1
}

/// A number for each answer (for the step's key, and a move's code).
pub(super) fn answer_code(a: Answer) -> u64 {
    match a {
        Answer::Yes => 1,
        Answer::No => 2,
        Answer::Species(s) => 3 << 16 | u64::from(s.0),
        Answer::Tile(t) => 4 << 16 | u64::from(t.0),
        Answer::Seat(s) => 5 << 16 | u64::from(s),
    }
}

fn tiles(h: &mut Mix, tiles: &[crate::ids::TileId]) {
    let mut w = tiles.len() as u64;
    for (i, t) in tiles.iter().enumerate() {
        let at = (i + 1) % 4;
        w |= u64::from(t.0) << (16 * at);
        if at == 3 {
            h.word(w);
            w = 0;
        }
    }
    h.word(w);
}

fn card_code(card: CardRef) -> u64 {
    match card {
        CardRef::Tile(t) => 1 << 16 | u64::from(t.0),
        CardRef::Monster(m) => 2 << 16 | u64::from(m.0),
    }
}

fn stage_code(stage: Stage) -> u8 {
    use Stage::*;
    match stage {
        Enter { cursor } => 10 + cursor,
        Reveal => 1,
        Skip => 7,
        Defeat => 2,
        AfterDefeat { cursor } => 40 + cursor,
        ObserveDefeat { cursor } => 190 + cursor,
        Offer { cursor } => 70 + cursor,
        MonsterEffect => 3,
        BeforeDamage { cursor } => 100 + cursor,
        Damage => 4,
        Death { cursor } => 130 + cursor,
        Finish => 5,
        End { cursor } => 160 + cursor,
        Done => 6,
    }
}
