//! Survival odds against a dungeon of cards nobody has seen yet: what an adventurer with
//! some tiles can expect from a dungeon of a given size. They depend only on the packs and
//! the situation, not on the game, so every bot of the process shares them, and they are
//! kept on disk for the next process (`figures.rs`); the rules bot picks adventurers by
//! them and IS-MCTS playouts decide to draw or pass by them.

use crate::catalog::DamageModel;
use crate::engine::Rules;
use crate::game::DungeonSetup;
use crate::ids::{AdventurerId, MonsterId, Seat, TileId};
use crate::odds::{self, Chances, OddsCache, OddsSearch};
use crate::options::{RulingChoices, rulings_hash};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// How hard to work for a figure: exact up to `states` situations, else an estimate from
/// `samples` dungeons. Each figure is computed once (then read from the tables).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Work {
    pub states: usize,
    pub samples: usize,
}

/// For choosing an adventurer: a handful of figures a game, worth getting right.
pub(crate) const CAREFUL: Work = Work {
    states: 5_000,
    samples: 200,
};
/// For IS-MCTS playouts: hundreds of figures (every tile set and size), each good enough
/// to decide whether to stay in.
pub(crate) const QUICK: Work = Work {
    states: 200,
    samples: 48,
};
/// Who runs, with what, into how many unknown cards.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Situation {
    pub players: u8,
    pub runner: Seat,
    pub successes: u8,
    pub failures: u8,
    pub adventurer: AdventurerId,
    /// The tiles held, in the adventurer's order.
    pub tiles: Vec<TileId>,
    pub size: usize,
    pub damage_model: DamageModel,
    pub specials_in_play: usize,
}

/// The chance to survive `situation` under these rulings, every card drawn from the whole
/// deck.
pub(crate) fn odds(
    rules: &mut dyn Rules,
    situation: &Situation,
    rulings: &RulingChoices,
    work: Work,
) -> f64 {
    if situation.size == 0 {
        return 1.0;
    }
    let catalog = rules.catalog().clone();
    let table = super::figures::table(&catalog, rulings, work, |s| {
        compute(rules, s, rulings, work)
    });
    if let Some(p) = table
        .figures
        .read()
        .ok()
        .and_then(|f| f.get(situation).copied())
    {
        return p;
    }
    let started = std::time::Instant::now();
    let p = compute(rules, situation, rulings, work);
    if let Ok(mut figures) = table.figures.write() {
        figures.insert(situation.clone(), p);
    }
    // Only when to save depends on the clock, never a figure.
    table.added(started.elapsed());
    p
}

/// The figure of `situation`, worked out.
pub(super) fn compute(
    rules: &mut dyn Rules,
    situation: &Situation,
    rulings: &RulingChoices,
    work: Work,
) -> f64 {
    let catalog = rules.catalog().clone();
    let all: Vec<MonsterId> = catalog.regular_deck().collect();
    let s = situation;
    let setup = DungeonSetup {
        players: s.players,
        runner: s.runner,
        successes: s.successes,
        failures: s.failures,
        adventurer: s.adventurer,
        tiles: s.tiles.clone(),
        // Placeholders: the search decides what each card is.
        dungeon: vec![all[0]; s.size],
        deck: vec![],
        damage_model: Some(s.damage_model),
        seed: 0,
        card_by_card: true,
        rulings: rulings.clone(),
    };
    let specials: Vec<MonsterId> = catalog.special_monsters().collect();
    let chances = Chances::new(&catalog, s.size, &[], &all, s.specials_in_play, &specials);
    // A fresh cache and a generator seeded by the situation: the figure must not depend on
    // what this thread computed before, or the same seed could give a different game.
    let mut cache = OddsCache::new();
    let mut hasher = crate::catalog::Fnv::new();
    hasher.write(&catalog.fingerprint.to_le_bytes());
    hasher.write(&[
        s.players,
        s.runner,
        s.successes,
        s.failures,
        s.damage_model as u8,
    ]);
    hasher.write(&s.adventurer.0.to_le_bytes());
    for t in &s.tiles {
        hasher.write(&t.0.to_le_bytes());
    }
    hasher.write(&[s.size as u8, s.specials_in_play as u8]);
    hasher.write(&(work.states as u64).to_le_bytes());
    hasher.write(&rulings_hash(rulings).to_le_bytes());
    let mut rng = ChaCha8Rng::seed_from_u64(hasher.finish());
    let searched = OddsSearch::new(rules, &mut cache)
        .with_budget(work.states)
        .entering(&setup, &chances);
    match searched {
        Ok(o) => o.probability,
        Err(_) => odds::estimate(rules, &setup, &chances, work.samples, &mut rng).unwrap_or(0.0),
    }
}
