//! A rules-aware bot: it estimates, from what its seat knows, how likely the runner is
//! to survive, stays in the bidding while running looks good, hands the dungeon to others
//! when it does not, and answers questions by the monsters still to come.

use super::estimate::{SurvivalEstimate, unseen_monsters};
use super::{Bot, legal};
use crate::action::{Action, Answer, DecisionKind};
use crate::catalog::Catalog;
use crate::dungeon::Fate;
use crate::ids::{AdventurerId, MonsterId, TileId};
use crate::view::PlayerView;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

const SAMPLES: usize = 64;
/// Stay in the bidding while the estimated chance to survive is at least this.
const STAY_IN: f64 = 0.55;

pub struct RulesBot {
    rng: ChaCha8Rng,
}

impl RulesBot {
    pub fn new(seed: u64) -> RulesBot {
        RulesBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    fn survival(
        &mut self,
        catalog: &Catalog,
        view: &PlayerView,
        tiles: &[TileId],
        extra: Option<MonsterId>,
    ) -> f64 {
        let Some(adventurer) = view.adventurer else {
            return 0.0;
        };
        let pool = unseen_monsters(catalog, view);
        let mut known = view.my_added.clone();
        known.extend(extra);
        let unknown = (view.dungeon_size as usize).saturating_sub(view.my_added.len());
        SurvivalEstimate {
            catalog,
            base_hp: catalog.adventurer(adventurer).hp,
            tiles,
            known: &known,
            unknown,
            pool: &pool,
        }
        .probability(SAMPLES, &mut self.rng)
    }

    fn choose_adventurer(&mut self, catalog: &Catalog, options: &[AdventurerId]) -> AdventurerId {
        // The adventurer with the best odds against an average dungeon of five cards.
        let mut pool: Vec<MonsterId> = Vec::new();
        for (i, m) in catalog
            .monsters
            .iter()
            .enumerate()
            .filter(|(_, m)| !m.special)
        {
            pool.extend(std::iter::repeat_n(MonsterId(i as u16), m.copies as usize));
        }
        let mut best = (f64::MIN, options[0]);
        for &a in options {
            let def = catalog.adventurer(a);
            let p = SurvivalEstimate {
                catalog,
                base_hp: def.hp,
                tiles: &def.tiles,
                known: &[],
                unknown: 5,
                pool: &pool,
            }
            .probability(SAMPLES, &mut self.rng);
            if p > best.0 {
                best = (p, a);
            }
        }
        best.1
    }

    /// Keep the card out of the dungeon only if giving up a tile costs less than adding it.
    fn place(&mut self, catalog: &Catalog, view: &PlayerView, set_aside: &[TileId]) -> Action {
        let Some(card) = view.hand else {
            return Action::AddToDungeon;
        };
        let with_card = self.survival(catalog, view, &view.tiles, Some(card));
        let running_likely = self.survival(catalog, view, &view.tiles, None) >= STAY_IN;
        if !running_likely {
            // Someone else will probably run: make their dungeon harder.
            return Action::AddToDungeon;
        }
        let mut best = (with_card, Action::AddToDungeon);
        for &tile in set_aside {
            let rest: Vec<TileId> = view.tiles.iter().copied().filter(|&t| t != tile).collect();
            let p = self.survival(catalog, view, &rest, None);
            if p > best.0 + 0.05 {
                best = (p, Action::SetAside(tile));
            }
        }
        best.1
    }

    fn answer(&mut self, catalog: &Catalog, view: &PlayerView, options: &[Answer]) -> Answer {
        let pool = unseen_monsters(catalog, view);
        let threat = |m: MonsterId| catalog.monster(m).strength.unwrap_or(0).max(0);
        let current = view
            .run
            .as_ref()
            .and_then(|r| r.faced.last())
            .filter(|f| f.fate == Fate::Facing);
        let score = |a: &Answer| -> i64 {
            match *a {
                // Name the species that threatens most among the cards still unseen.
                Answer::Species(s) => pool
                    .iter()
                    .chain(view.my_added.iter())
                    .filter(|&&m| catalog.monster(m).species == Some(s))
                    .map(|&m| threat(m) as i64)
                    .sum(),
                // Spend an optional tile on a monster that hurts more than an average card.
                Answer::Yes => {
                    let avg = if pool.is_empty() {
                        0
                    } else {
                        pool.iter().map(|&m| threat(m) as i64).sum::<i64>() / pool.len() as i64
                    };
                    current
                        .and_then(|f| f.strength)
                        .map_or(0, |s| (s as i64 - avg).max(0) * 2 + 1)
                }
                Answer::No => 1,
                // Give up the tile worth least: fewest HP.
                Answer::Tile(t) => -(catalog.tile(t).hp as i64),
                Answer::Seat(_) => 0,
            }
        };
        let best = options.iter().map(score).max().unwrap_or(0);
        let top: Vec<Answer> = options
            .iter()
            .copied()
            .filter(|a| score(a) == best)
            .collect();
        *top.choose(&mut self.rng).unwrap_or(&options[0])
    }
}

impl Bot for RulesBot {
    fn name(&self) -> &'static str {
        "rules"
    }

    fn decide(&mut self, catalog: &Catalog, view: &PlayerView) -> Action {
        let Some(decision) = &view.decision else {
            return Action::Pass;
        };
        let action = match &decision.kind {
            DecisionKind::ChooseAdventurer { options } => {
                Action::ChooseAdventurer(self.choose_adventurer(catalog, options))
            }
            DecisionKind::DrawOrPass => {
                if self.survival(catalog, view, &view.tiles, None) >= STAY_IN {
                    Action::Draw
                } else {
                    Action::Pass
                }
            }
            DecisionKind::PlaceCard { set_aside, .. } => self.place(catalog, view, set_aside),
            DecisionKind::Question(q) => Action::Answer(self.answer(catalog, view, &q.options)),
        };
        // Should a heuristic ever pick an illegal action, fall back to the first legal one.
        let legal = legal(view);
        if legal.contains(&action) {
            action
        } else {
            legal.first().copied().unwrap_or(action)
        }
    }
}
