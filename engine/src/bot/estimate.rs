//! A quick survival estimate from one seat's knowledge, by sampling the unseen cards.
//! Counts only data rules (HP bonuses, declarative defeats); scripted tiles are ignored.
//! The exact odds of issue "bots that play well" will replace it.

use crate::catalog::Catalog;
use crate::ids::{MonsterId, TileId};
use crate::view::PlayerView;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// The regular monsters this seat has not seen this round (a multiset).
pub fn unseen_monsters(catalog: &Catalog, view: &PlayerView) -> Vec<MonsterId> {
    let mut pool: Vec<MonsterId> = Vec::new();
    for (i, m) in catalog.monsters.iter().enumerate() {
        if !m.special {
            pool.extend(std::iter::repeat_n(MonsterId(i as u16), m.copies as usize));
        }
    }
    let mut remove = |m: MonsterId| {
        if let Some(ix) = pool.iter().position(|&p| p == m) {
            pool.swap_remove(ix);
        }
    };
    view.hand.into_iter().for_each(&mut remove);
    view.my_set_aside.iter().for_each(|&(m, _)| remove(m));
    view.my_added.iter().for_each(|&m| remove(m));
    if let Some(run) = &view.run {
        if view.phase == (crate::view::ViewPhase::Dungeon { runner: run.runner }) {
            run.faced.iter().for_each(|f| remove(f.monster));
        }
    }
    pool.sort();
    pool
}

/// Sampled chance that a runner with `tiles` survives a dungeon holding `known` plus
/// `unknown` cards drawn from `pool`.
pub struct SurvivalEstimate<'a> {
    pub catalog: &'a Catalog,
    pub base_hp: i32,
    pub tiles: &'a [TileId],
    pub known: &'a [MonsterId],
    pub unknown: usize,
    pub pool: &'a [MonsterId],
}

impl SurvivalEstimate<'_> {
    /// Damage this monster deals to a runner holding the tiles (data rules only).
    pub fn damage(&self, m: MonsterId) -> i32 {
        let def = self.catalog.monster(m);
        let defeated = self.tiles.iter().any(|&t| {
            let tile = self.catalog.tile(t);
            !tile.once
                && tile
                    .defeats
                    .iter()
                    .any(|r| r.matches(def.species, def.strength, self.hp()))
        });
        if defeated {
            0
        } else {
            def.strength.unwrap_or(0).max(0)
        }
    }

    pub fn hp(&self) -> i32 {
        self.base_hp
            + self
                .tiles
                .iter()
                .map(|&t| self.catalog.tile(t).hp)
                .sum::<i32>()
    }

    pub fn probability(&self, samples: usize, rng: &mut ChaCha8Rng) -> f64 {
        let hp = self.hp();
        let known: i32 = self.known.iter().map(|&m| self.damage(m)).sum();
        let unknown = self.unknown.min(self.pool.len());
        if unknown == 0 {
            return if known < hp { 1.0 } else { 0.0 };
        }
        let damages: Vec<i32> = self.pool.iter().map(|&m| self.damage(m)).collect();
        let mut scratch = damages.clone();
        let mut alive = 0;
        for _ in 0..samples {
            scratch.copy_from_slice(&damages);
            let mut total = known;
            for i in 0..unknown {
                let j = rng.random_range(i..scratch.len());
                scratch.swap(i, j);
                total += scratch[i];
            }
            if total < hp {
                alive += 1;
            }
        }
        alive as f64 / samples as f64
    }
}
