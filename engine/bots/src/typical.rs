//! Survival odds against a dungeon of cards nobody has seen yet: what an adventurer with
//! some tiles can expect from a dungeon of a given size, possibly with one card known to
//! be in it or out of play. They depend only on the packs and the situation, not on the
//! game, so every bot of the process shares them, and they are kept on disk for the next
//! process (`figures.rs`) and shipped for the built-in packs (`shipped.rs`). The `normal`
//! bot reads its odds from them: the public odds every player sees, and how one card it
//! knows moves them (`planner.rs`). Each figure is worked out by [`super::estimate`].

use super::estimate::{self, Runner};
use crate::catalog::Catalog;
use crate::engine::Rules;
use crate::ids::MonsterId;
use crate::odds::Chances;
use crate::options::RulingChoices;
use crate::situation::Situation;

/// The figures of one catalog and rulings, found once for the many a decision asks.
pub(crate) struct Lookup {
    table: std::sync::Arc<super::figures::Table>,
    catalog: std::sync::Arc<Catalog>,
    rulings: RulingChoices,
    /// The catalog's fingerprint and the rulings' hash, which name the table.
    id: (u64, u64),
}

/// The public odds of one runner and tiles, by dungeon size, filled as they are asked:
/// a bot asks the same few curves thousands of times (every move it weighs, every round
/// a search plays out), so each thread keeps them at hand.
pub(crate) type Curve = std::rc::Rc<std::cell::RefCell<Vec<Option<f64>>>>;

thread_local! {
    static CURVES: std::cell::RefCell<rustc_hash::FxHashMap<u64, Curve>> =
        std::cell::RefCell::new(rustc_hash::FxHashMap::default());
    /// Figures this thread asked, by [`Lookup::key`]: in front of the shared table, whose
    /// lock and whole-situation hashing cost more than the few bytes hashed here.
    static SEEN: std::cell::RefCell<rustc_hash::FxHashMap<u64, f64>> =
        std::cell::RefCell::new(rustc_hash::FxHashMap::default());
}

/// Curves a thread keeps past this many are forgotten...
const CURVES_KEPT: usize = 1 << 16;
/// ...and figures.
const SEEN_KEPT: usize = 1 << 20;

impl Lookup {
    /// A canonical situation hashed with the table's name: with its size and cards
    /// (`whole`), or only what its curve shares.
    fn key(&self, s: &Situation, whole: bool) -> u64 {
        use std::hash::Hasher;
        let mut h = rustc_hash::FxHasher::default();
        h.write_u64(self.id.0);
        h.write_u64(self.id.1);
        let (size, known, removed) = if whole {
            let card = |c: Option<MonsterId>| u64::from(c.map_or(u16::MAX, |m| m.0));
            (s.size as u64, card(s.known), card(s.removed))
        } else {
            (u64::from(u16::MAX), 0, 0)
        };
        h.write_u64(
            u64::from(s.players)
                | u64::from(s.runner) << 8
                | u64::from(s.successes) << 16
                | u64::from(s.failures) << 24
                | (s.damage_model as u64) << 32
                | (s.specials_in_play as u64 & 0xff) << 40
                | u64::from(s.adventurer.0) << 48,
        );
        h.write_u64(size | known << 16 | removed << 32 | (s.tiles.len() as u64) << 48);
        for chunk in s.tiles.chunks(4) {
            let mut word = 0u64;
            for (i, t) in chunk.iter().enumerate() {
                word |= u64::from(t.0) << (16 * i);
            }
            h.write_u64(word);
        }
        h.finish()
    }

    pub(crate) fn new(rules: &mut dyn Rules, rulings: &RulingChoices) -> Lookup {
        let catalog = rules.catalog().clone();
        let table = super::figures::table(&catalog, rulings, |s| compute(rules, s, rulings));
        let id = (catalog.fingerprint, crate::options::rulings_hash(rulings));
        Lookup {
            table,
            catalog,
            rulings: rulings.clone(),
            id,
        }
    }

    /// The curve of `situation`'s runner and tiles (its size, known and removed cards are
    /// not read): the public odds against each size of dungeon.
    pub(crate) fn curve(&self, situation: &Situation) -> Curve {
        let key = self.key(&situation.clone().canonical(&self.catalog), false);
        CURVES.with(|c| {
            let mut c = c.borrow_mut();
            if c.len() > CURVES_KEPT {
                c.clear();
            }
            c.entry(key).or_default().clone()
        })
    }

    /// The chance to survive `situation`, every card but the known one drawn from the
    /// whole deck less the removed one.
    pub(crate) fn odds(&self, rules: &mut dyn Rules, situation: Situation) -> f64 {
        if situation.size == 0 {
            return 1.0;
        }
        let situation = situation.canonical(&self.catalog);
        let key = self.key(&situation, true);
        if let Some(p) = SEEN.with(|m| m.borrow().get(&key).copied()) {
            return p;
        }
        let p = self.shared(rules, situation);
        SEEN.with(|m| {
            let mut m = m.borrow_mut();
            if m.len() > SEEN_KEPT {
                m.clear();
            }
            m.insert(key, p);
        });
        p
    }

    /// [`Lookup::odds`] from the shared table, worked out if it lacks it.
    fn shared(&self, rules: &mut dyn Rules, situation: Situation) -> f64 {
        if let Some(p) = self.table.get(&situation) {
            return p;
        }
        let started = std::time::Instant::now();
        let p = compute(rules, &situation, &self.rulings);
        if let Ok(mut figures) = self.table.figures.write() {
            figures.insert(situation, p);
        }
        // Only when to save depends on the clock, never a figure.
        self.table.added(started.elapsed());
        p
    }
}

/// The figure of `situation`, worked out.
pub(super) fn compute(rules: &mut dyn Rules, s: &Situation, rulings: &RulingChoices) -> f64 {
    let catalog = rules.catalog().clone();
    let runner = Runner {
        players: s.players,
        successes: s.successes,
        failures: s.failures,
        adventurer: s.adventurer,
        tiles: &s.tiles,
        damage_model: s.damage_model,
        rulings,
    };
    estimate::survival(rules, &runner, &chances(&catalog, s))
}

/// What the cards of `s` may be.
fn chances(catalog: &Catalog, s: &Situation) -> Chances {
    let mut pool: Vec<MonsterId> = catalog.regular_deck().collect();
    let mut specials: Vec<MonsterId> = catalog.special_monsters().collect();
    let mut unknown_specials = s.specials_in_play;
    for m in s.known.iter().chain(s.removed.iter()) {
        if let Some(i) = pool.iter().position(|p| p == m) {
            pool.swap_remove(i);
        } else if let Some(i) = specials.iter().position(|p| p == m) {
            specials.remove(i);
            unknown_specials = unknown_specials.saturating_sub(1);
        }
    }
    let known: Vec<MonsterId> = s.known.into_iter().collect();
    let size = s.size.max(known.len());
    Chances::new(catalog, size, &known, &pool, unknown_specials, &specials)
}
