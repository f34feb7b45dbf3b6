//! The runner's odds along the rest of a bidding, as the `normal` bot reads them: the public
//! odds (what a player who knows none of the dungeon's cards sees), and the bot's own,
//! which count the cards it knows.

use crate::catalog::Catalog;
use crate::engine::Rules;
use crate::ids::{AdventurerId, MonsterId, TileId};
use crate::situation::Situation;
use crate::typical;
use crate::view::View;
use std::cell::RefCell;

/// The dungeon size at which the order of the tiles' importance is judged.
const CHAIN_SIZE: usize = 5;

/// The runner's odds along the rest of a bidding: for `stripped` tiles taken (the most
/// hurtful first, as the public odds judge them) and a dungeon of `size` cards, as a player
/// who knows none of the cards sees them, and as the bot does.
pub(super) struct Odds<'r, 'v> {
    rules: RefCell<&'r mut dyn Rules>,
    lookup: std::rc::Rc<typical::Lookup>,
    view: &'v View<'v>,
    catalog: std::sync::Arc<Catalog>,
    adventurer: AdventurerId,
    /// The tiles held after each number of tiles taken.
    pub(super) chain: Vec<Vec<TileId>>,
    /// The dungeon's size now.
    size: usize,
    /// The size of a dungeon nobody has seen as dangerous as the one the bot knows.
    equivalent: f64,
    /// The public odds' curve of each link of the chain, found when first asked.
    curves: RefCell<Vec<Option<typical::Curve>>>,
}

impl<'r, 'v> Odds<'r, 'v> {
    /// Odds for a runner with `adventurer` and `tiles` whose dungeon of `size` cards the
    /// bot knows as `mine`.
    pub(super) fn new(
        rules: &'r mut dyn Rules,
        view: &'v View<'v>,
        lookup: &std::rc::Rc<typical::Lookup>,
        adventurer: AdventurerId,
        tiles: Vec<TileId>,
        size: usize,
        mine: Option<Knowledge>,
    ) -> Odds<'r, 'v> {
        let catalog = rules.catalog().clone();
        let mut odds = Odds {
            rules: RefCell::new(rules),
            lookup: lookup.clone(),
            view,
            catalog,
            adventurer,
            chain: vec![tiles],
            size,
            equivalent: size as f64,
            curves: RefCell::new(Vec::new()),
        };
        if let Some(mine) = mine {
            odds.equivalent = odds.equivalent_size(&mine);
        }
        odds
    }

    /// How many cards nobody has seen a dungeon the bot knows as `mine` is worth: its
    /// size, plus for each card the bot knows in it, and each it knows out of play, how
    /// much that card moves the public odds, in units of one more unseen card.
    fn equivalent_size(&self, mine: &Knowledge) -> f64 {
        let size = self.size;
        let p = self.public(0, size);
        let step = if size > 0 {
            self.public(0, size - 1) - p
        } else {
            p - self.public(0, 1)
        };
        if step.abs() < 1e-6 {
            return size as f64;
        }
        let tiles = &self.chain[0];
        let mut e = size as f64;
        for &c in &mine.known {
            e += (p - self.survival(tiles, size, Some(c), None)) / step;
        }
        for &r in &mine.out {
            e += (p - self.survival(tiles, size, None, Some(r))) / step;
        }
        e.max(0.0)
    }

    /// The public odds of a runner with `tiles` against `size` cards, `known` among them
    /// and `removed` out of play.
    fn survival(
        &self,
        tiles: &[TileId],
        size: usize,
        known: Option<MonsterId>,
        removed: Option<MonsterId>,
    ) -> f64 {
        let situation = self.situation(tiles, size, known, removed);
        self.lookup.odds(&mut **self.rules.borrow_mut(), situation)
    }

    fn situation(
        &self,
        tiles: &[TileId],
        size: usize,
        known: Option<MonsterId>,
        removed: Option<MonsterId>,
    ) -> Situation {
        let view = self.view;
        Situation {
            players: view.players(),
            runner: view.seat(),
            successes: view.successes(view.seat()),
            failures: view.failures(view.seat()),
            adventurer: self.adventurer,
            tiles: tiles.to_vec(),
            size,
            damage_model: view.damage_model(),
            specials_in_play: view.specials_in_play(&self.catalog),
            known,
            removed,
        }
    }

    /// Orders the tiles held for the chain of tiles taken: the most important first,
    /// judged by building the kit back up from nothing (the tile that helps a bare
    /// adventurer most, then the one that helps most beside it...). Taking them away one at
    /// a time from the full kit would miss a tile whose worth shows only once others are
    /// gone (a potion beside armour that already keeps the runner alive).
    pub(super) fn extend_chain(&mut self, stripped: usize) {
        if self.chain.len() > 1 || stripped == 0 {
            return;
        }
        let held = self.chain[0].clone();
        let mut kit: Vec<TileId> = Vec::new();
        let mut order: Vec<TileId> = Vec::new();
        while kit.len() < held.len() {
            let mut best: Option<(f64, TileId)> = None;
            for &t in held.iter().filter(|t| !kit.contains(t)) {
                // The kit in the adventurer's own order, as the engine walks it.
                let with: Vec<TileId> = held
                    .iter()
                    .copied()
                    .filter(|x| *x == t || kit.contains(x))
                    .collect();
                let p = self.survival(&with, CHAIN_SIZE, None, None);
                if best.is_none_or(|(b, _)| p > b) {
                    best = Some((p, t));
                }
            }
            let (_, t) = best.expect("a tile left");
            kit.push(t);
            order.push(t);
        }
        // The most important tile is the first added: the first taken.
        for taken in 1..=held.len() {
            let gone = &order[..taken];
            let rest: Vec<TileId> = held.iter().copied().filter(|t| !gone.contains(t)).collect();
            self.chain.push(rest);
        }
    }

    /// The odds a player who knows none of the cards sees.
    pub(super) fn public(&self, stripped: usize, size: usize) -> f64 {
        let stripped = stripped.min(self.chain.len() - 1);
        let curve = {
            let mut curves = self.curves.borrow_mut();
            if curves.len() <= stripped {
                curves.resize(stripped + 1, None);
            }
            curves[stripped]
                .get_or_insert_with(|| {
                    self.lookup
                        .curve(&self.situation(&self.chain[stripped], 0, None, None))
                })
                .clone()
        };
        if let Some(p) = curve.borrow().get(size).copied().flatten() {
            return p;
        }
        let p = self.survival(&self.chain[stripped], size, None, None);
        let mut curve = curve.borrow_mut();
        if curve.len() <= size {
            curve.resize(size + 1, None);
        }
        curve[size] = Some(p);
        p
    }

    /// The public odds between whole sizes (linear between the two around `size`).
    fn public_between(&self, stripped: usize, size: f64) -> f64 {
        let low = size.floor().max(0.0);
        let share = size - low;
        let a = self.public(stripped, low as usize);
        if share < 1e-9 {
            return a;
        }
        a + share * (self.public(stripped, low as usize + 1) - a)
    }

    /// The bot's own odds: the dungeon it knows is as dangerous as `equivalent` cards
    /// nobody has seen; each card added later is one more of those.
    pub(super) fn mine(&self, stripped: usize, size: usize) -> f64 {
        let more = size.saturating_sub(self.size) as f64;
        self.public_between(stripped, self.equivalent + more)
    }
}

/// What the bot knows that nobody else does: the cards it put in the dungeon, and those
/// it knows are out of play (set aside, or in its hand to set aside now).
#[derive(Clone)]
pub(super) struct Knowledge {
    known: Vec<MonsterId>,
    out: Vec<MonsterId>,
}

/// The bot's knowledge, with its held card added to the dungeon (or not: then out).
pub(super) fn knowledge(view: &View, add_hand: bool) -> Knowledge {
    let mut known = view.my_added();
    let mut out: Vec<MonsterId> = view.my_set_aside().map(|(m, _)| m).collect();
    if let Some(card) = view.hand() {
        if add_hand {
            known.push(card);
        } else {
            out.push(card);
        }
    }
    Knowledge { known, out }
}
