//! Survival odds against a dungeon of cards nobody has seen yet: what an adventurer with
//! some tiles can expect from a dungeon of a given size, possibly with one card known to
//! be in it or out of play. They depend only on the packs and the situation, not on the
//! game, so every bot of the process shares them, and they are kept on disk for the next
//! process (`figures.rs`) and shipped for the built-in packs (`shipped.rs`). The `normal`
//! bot reads its odds from them: the public odds every player sees, and how one card it
//! knows moves them (`planner.rs`). Each figure is worked out by [`super::estimate`].

use super::estimate::{self, Runner};
use crate::catalog::{Catalog, DamageModel};
use crate::engine::Rules;
use crate::ids::{AdventurerId, MonsterId, Seat, TileId};
use crate::odds::Chances;
use crate::options::RulingChoices;

/// Who runs, with what, into how many cards, of which one may be known.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// A card known to be in the dungeon (one of the `size`).
    pub known: Option<MonsterId>,
    /// A card known to be out of play (not in the dungeon).
    pub removed: Option<MonsterId>,
}

/// One well-mixed word for the whole situation: the tables hold hundreds of thousands of
/// situations that differ in a field or two, which a field-by-field fast hash would
/// crowd together.
impl std::hash::Hash for Situation {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let mut h = crate::catalog::Fnv::new();
        h.write(&[
            self.players,
            self.runner,
            self.successes,
            self.failures,
            self.damage_model as u8,
            self.size as u8,
            self.specials_in_play as u8,
        ]);
        h.write(&self.adventurer.0.to_le_bytes());
        for card in [self.known, self.removed] {
            h.write(&card.map_or(u16::MAX, |m| m.0).to_le_bytes());
        }
        for t in &self.tiles {
            h.write(&t.0.to_le_bytes());
        }
        // A final mix (splitmix64's), so that every bit depends on every field.
        let mut x = h.finish();
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        state.write_u64(x ^ (x >> 31));
    }
}

impl Situation {
    /// The same situation with what no script of `catalog` can read left out (the
    /// standings, the seats), so that one figure serves every situation that differs only
    /// there. A script that names what it reads is found by its code (`reads.rs`).
    pub(crate) fn canonical(mut self, catalog: &Catalog) -> Situation {
        let (standings, seats) = reads(catalog);
        if !standings {
            self.successes = 0;
            self.failures = 0;
        }
        if !seats {
            self.players = 2;
            self.runner = 0;
        }
        self
    }
}

/// Whether some script of `catalog` reads the standings, and the seats (worked out once
/// per catalog and thread).
fn reads(catalog: &Catalog) -> (bool, bool) {
    thread_local! {
        static READS: std::cell::Cell<Option<(u64, (bool, bool))>> = const { std::cell::Cell::new(None) };
    }
    if let Some((fingerprint, found)) = READS.get()
        && fingerprint == catalog.fingerprint
    {
        return found;
    }
    let found = super::reads::scan(catalog);
    READS.set(Some((catalog.fingerprint, found)));
    found
}

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
