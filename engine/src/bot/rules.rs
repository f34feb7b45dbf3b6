//! The rules-aware bot: it plays by the exact survival odds its seat can compute. It stays
//! in the bidding while running looks good for it, keeps a drawn monster out of the dungeon
//! when giving up a tile costs it less, makes the dungeon worse for the others once it means
//! to pass, answers questions with the best odds (the worst, when it answers for someone
//! else's run), and picks the adventurer that fares best against an average dungeon.

use super::{Bot, legal};
use crate::action::{Action, DecisionKind};
use crate::engine::Rules;
use crate::ids::{AdventurerId, MonsterId, TileId};
use crate::odds::{self, Chances, Effort, OddsCache, OddsSearch, Plan};
use crate::view::{View, ViewPhase};
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use std::collections::HashMap;

/// Stay in the bidding while the odds of surviving are at least this...
const STAY_IN: f64 = 0.5;
/// ...or this, with one failure already (a second one eliminates).
const STAY_IN_CAREFUL: f64 = 0.65;
/// The dungeon an adventurer is judged against: this many cards from the whole deck.
const TYPICAL_DUNGEON: usize = 5;
/// Remembered odds are dropped past this many.
const CACHE_LIMIT: usize = 200_000;
/// Exact odds up to this many situations a decision; beyond, an estimate from this many
/// sampled dungeons (the sequel's richer tiles can make exact odds take seconds).
const EFFORT: Effort = Effort::Bounded {
    states: 150,
    samples: 32,
};

pub struct RulesBot {
    rng: ChaCha8Rng,
    cache: OddsCache,
}

/// What an adventurer is worth against a typical dungeon depends only on the packs and the
/// table, not on the game: every bot of a thread shares the figures.
type AdventurerKey = (u64, AdventurerId, u8, u8, u8);

thread_local! {
    static ADVENTURER_ODDS: std::cell::RefCell<HashMap<AdventurerKey, f64>> = std::cell::RefCell::new(HashMap::new());
}

impl RulesBot {
    pub fn new(seed: u64) -> RulesBot {
        RulesBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            cache: OddsCache::new(),
        }
    }

    fn odds(&mut self, rules: &mut dyn Rules, view: &View, plan: &Plan) -> f64 {
        if self.cache.len() > CACHE_LIMIT {
            self.cache.clear();
        }
        odds::from_view(rules, &mut self.cache, view, plan, EFFORT, &mut self.rng).unwrap_or(0.0)
    }

    fn stay_in(view: &View) -> f64 {
        if view.failures(view.seat()) > 0 {
            STAY_IN_CAREFUL
        } else {
            STAY_IN
        }
    }

    /// The adventurer with the best odds against a typical dungeon, all tiles held.
    fn choose_adventurer(
        &mut self,
        rules: &mut dyn Rules,
        view: &View,
        options: &[AdventurerId],
    ) -> AdventurerId {
        let catalog = rules.catalog().clone();
        let mut best = (f64::MIN, options[0]);
        for &a in options {
            let key = (
                catalog.fingerprint,
                a,
                view.players(),
                view.successes(view.seat()),
                view.damage_model() as u8,
            );
            let p = match ADVENTURER_ODDS.with(|m| m.borrow().get(&key).copied()) {
                Some(p) => p,
                None => {
                    let def = catalog.adventurer(a);
                    let all: Vec<MonsterId> = catalog.regular_deck().collect();
                    let setup = crate::game::DungeonSetup {
                        players: view.players(),
                        runner: view.seat(),
                        successes: view.successes(view.seat()),
                        failures: view.failures(view.seat()),
                        adventurer: a,
                        tiles: def.tiles.clone(),
                        // Placeholders: the search decides what each card is.
                        dungeon: vec![all[0]; TYPICAL_DUNGEON],
                        deck: vec![],
                        damage_model: Some(view.damage_model()),
                        seed: 0,
                        card_by_card: true,
                    };
                    let chances = Chances::new(
                        &catalog,
                        TYPICAL_DUNGEON,
                        &[],
                        &all,
                        view.specials_in_play(&catalog),
                        &catalog.special_monsters().collect::<Vec<_>>(),
                    );
                    // A fresh cache and a generator seeded by the key: the figure must not
                    // depend on what this thread computed before, or the same seed could
                    // give a different game.
                    let mut cache = OddsCache::new();
                    let mut rng = ChaCha8Rng::seed_from_u64(catalog.fingerprint ^ u64::from(a.0));
                    let p = match OddsSearch::new(rules, &mut cache)
                        .with_budget(5_000)
                        .entering(&setup, &chances)
                    {
                        Ok(o) => o.probability,
                        Err(_) => {
                            odds::estimate(rules, &setup, &chances, 200, &mut rng).unwrap_or(0.0)
                        }
                    };
                    ADVENTURER_ODDS.with(|m| m.borrow_mut().insert(key, p));
                    p
                }
            };
            if p > best.0 {
                best = (p, a);
            }
        }
        best.1
    }

    /// Keep the drawn monster out only if giving up a tile costs less than adding it; once
    /// running looks bad, make the dungeon as bad as possible for whoever runs it.
    fn place(&mut self, rules: &mut dyn Rules, view: &View, set_aside: &[TileId]) -> Action {
        let mut options = vec![(
            Action::AddToDungeon,
            self.odds(
                rules,
                view,
                &Plan {
                    add_hand: true,
                    ..Plan::default()
                },
            ),
        )];
        for &tile in set_aside {
            let rest: Vec<TileId> = view
                .tiles()
                .iter()
                .copied()
                .filter(|&t| t != tile)
                .collect();
            options.push((
                Action::SetAside(tile),
                self.odds(
                    rules,
                    view,
                    &Plan {
                        tiles: Some(rest),
                        add_hand: false,
                    },
                ),
            ));
        }
        let best = options
            .iter()
            .cloned()
            .fold((Action::AddToDungeon, f64::MIN), |a, b| {
                if b.1 > a.1 { b } else { a }
            });
        if best.1 >= Self::stay_in(view) {
            return best.0;
        }
        options
            .into_iter()
            .fold((Action::AddToDungeon, f64::MAX), |a, b| {
                if b.1 < a.1 { b } else { a }
            })
            .0
    }

    /// A question in a dungeon: the runner wants the best odds, anyone else the worst.
    fn answer(&mut self, rules: &mut dyn Rules, view: &View) -> Option<Action> {
        let values =
            odds::answers_from_view(rules, &mut self.cache, view, EFFORT, &mut self.rng).ok()?;
        let runner = matches!(view.phase(), ViewPhase::Dungeon { runner } if runner == view.seat());
        let pick = |a: &f64, b: &f64| {
            if runner {
                a.total_cmp(b)
            } else {
                b.total_cmp(a)
            }
        };
        let top = values.iter().map(|(_, v)| *v).max_by(pick)?;
        let best: Vec<Action> = values
            .iter()
            .filter(|(_, v)| (*v - top).abs() < 1e-12)
            .map(|(a, _)| *a)
            .collect();
        best.choose(&mut self.rng).copied()
    }
}

impl Bot for RulesBot {
    fn name(&self) -> &'static str {
        "rules"
    }

    fn decide(&mut self, rules: &mut dyn Rules, view: &View) -> Action {
        let Some(decision) = view.decision() else {
            return Action::Pass;
        };
        let action = match &decision.kind {
            DecisionKind::ChooseAdventurer { options } => Some(Action::ChooseAdventurer(
                self.choose_adventurer(rules, view, options),
            )),
            DecisionKind::DrawOrPass => {
                let p = self.odds(rules, view, &Plan::default());
                Some(if p >= Self::stay_in(view) {
                    Action::Draw
                } else {
                    Action::Pass
                })
            }
            DecisionKind::PlaceCard { set_aside, .. } => Some(self.place(rules, view, set_aside)),
            DecisionKind::Question(_) => self.answer(rules, view),
        };
        // Should anything fail, fall back to a legal action.
        let legal = legal(view);
        match action {
            Some(a) if legal.contains(&a) => a,
            _ => *legal.choose(&mut self.rng).unwrap_or(&Action::Pass),
        }
    }
}
