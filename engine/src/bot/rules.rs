//! The rules-aware bot: it plays by the exact survival odds its seat can compute. It stays
//! in the bidding while running looks good for it, keeps a drawn monster out of the dungeon
//! when giving up a tile costs it less, makes the dungeon worse for the others once it means
//! to pass, answers questions with the best odds (the worst, when it answers for someone
//! else's run), and picks the adventurer that fares best against an average dungeon.

use super::{Bot, legal};
use crate::action::{Action, DecisionKind};
use crate::engine::Rules;
use crate::ids::{AdventurerId, TileId};
use crate::odds::{self, Effort, OddsCache, Plan};
use crate::view::{View, ViewPhase};
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

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
    effort: Effort,
}

impl RulesBot {
    pub fn new(seed: u64) -> RulesBot {
        RulesBot::with_effort(seed, EFFORT)
    }

    /// A rules bot that works this hard for its odds (IS-MCTS playouts use a cheap one).
    pub fn with_effort(seed: u64, effort: Effort) -> RulesBot {
        RulesBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            cache: OddsCache::new(),
            effort,
        }
    }

    /// A rules bot as a saved one was (with the default effort, as every rules bot has).
    pub(super) fn restore(saved: &super::RulesState) -> Result<RulesBot, String> {
        Ok(RulesBot {
            rng: saved.rng.clone(),
            cache: saved.cache()?,
            effort: EFFORT,
        })
    }

    pub(super) fn saved(&self) -> super::RulesState {
        super::RulesState::new(&self.rng, &self.cache)
    }

    fn odds(&mut self, rules: &mut dyn Rules, view: &View, plan: &Plan) -> f64 {
        if self.cache.len() > CACHE_LIMIT {
            self.cache.clear();
        }
        odds::from_view(
            rules,
            &mut self.cache,
            view,
            plan,
            self.effort,
            &mut self.rng,
        )
        .unwrap_or(0.0)
    }

    /// Whether the odds of running the dungeon as it stands are good enough to stay in.
    fn stays_in(&mut self, rules: &mut dyn Rules, view: &View) -> bool {
        if self.cache.len() > CACHE_LIMIT {
            self.cache.clear();
        }
        let threshold = Self::stay_in(view);
        odds::from_view_against(
            rules,
            &mut self.cache,
            view,
            &Plan::default(),
            self.effort,
            &mut self.rng,
            threshold,
        )
        .unwrap_or(0.0)
            >= threshold
    }

    /// The odds at which this bot stays in the bidding.
    pub(crate) fn stay_in(view: &View) -> f64 {
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
            let p = super::typical::odds(
                rules,
                &super::typical::Situation {
                    players: view.players(),
                    runner: view.seat(),
                    successes: view.successes(view.seat()),
                    failures: view.failures(view.seat()),
                    adventurer: a,
                    tiles: catalog.adventurer(a).tiles.clone(),
                    size: TYPICAL_DUNGEON,
                    damage_model: view.damage_model(),
                    specials_in_play: view.specials_in_play(&catalog),
                },
                &view.options().rulings,
                super::typical::CAREFUL,
            );
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
            odds::answers_from_view(rules, &mut self.cache, view, self.effort, &mut self.rng)
                .ok()?;
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

    fn save(&self) -> super::BotState {
        super::BotState::Rules(self.saved())
    }

    fn decide(&mut self, rules: &mut dyn Rules, view: &View) -> Action {
        let Some(decision) = view.decision() else {
            return Action::Pass;
        };
        let action = match &decision.kind {
            DecisionKind::ChooseAdventurer { options } => Some(Action::ChooseAdventurer(
                self.choose_adventurer(rules, view, options),
            )),
            DecisionKind::DrawOrPass => Some(if self.stays_in(rules, view) {
                Action::Draw
            } else {
                Action::Pass
            }),
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
