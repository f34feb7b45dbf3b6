//! The rules-aware bot: it plays by the exact survival odds its seat can compute. It stays
//! in the bidding while running looks good for it, keeps a drawn monster out of the dungeon
//! when giving up a tile costs it less, makes the dungeon worse for the others once it means
//! to pass, answers questions with the best odds (the worst, when it answers for someone
//! else's run), and picks the adventurer that fares best against an average dungeon.

use super::{Bot, legal};
use crate::action::{Action, DecisionKind};
use crate::engine::Rules;
use crate::ids::{AdventurerId, TileId};
use crate::odds::{self, Effort, Figure, OddsCache, Plan};
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

    /// Forgets every remembered odds past [`CACHE_LIMIT`], before a search.
    fn trim_cache(&mut self) {
        if self.cache.len() > CACHE_LIMIT {
            self.cache.clear();
        }
    }

    /// The odds of a placement, its estimate (if any) still to be played: see [`Self::place`].
    fn figure(&mut self, rules: &mut dyn Rules, view: &View, plan: &Plan) -> Figure {
        self.trim_cache();
        odds::figure_from_view(
            rules,
            &mut self.cache,
            view,
            plan,
            self.effort,
            &mut self.rng,
        )
        .unwrap_or(Figure::NO_CHANCE)
    }

    /// Whether the odds of running the dungeon as it stands are good enough to stay in.
    fn stays_in(&mut self, rules: &mut dyn Rules, view: &View) -> bool {
        self.trim_cache();
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
    ///
    /// Each option's odds are searched, and estimated when the search is too big, in
    /// turn as before; an estimate's dungeons are then played only until the choice is
    /// sure ([`placement`]): the choice, the cache and the generator are those of playing
    /// them all.
    fn place(&mut self, rules: &mut dyn Rules, view: &View, set_aside: &[TileId]) -> Action {
        let mut plans = vec![(
            Action::AddToDungeon,
            Plan {
                add_hand: true,
                ..Plan::default()
            },
        )];
        for &tile in set_aside {
            let rest: Vec<TileId> = view
                .tiles()
                .iter()
                .copied()
                .filter(|&t| t != tile)
                .collect();
            plans.push((
                Action::SetAside(tile),
                Plan {
                    tiles: Some(rest),
                    add_hand: false,
                },
            ));
        }
        let mut figures: Vec<Figure> = plans
            .iter()
            .map(|(_, plan)| self.figure(rules, view, plan))
            .collect();
        let threshold = Self::stay_in(view);
        loop {
            let bounds: Vec<(f64, f64)> = figures.iter().map(Figure::bounds).collect();
            let next = match placement(&bounds, threshold) {
                Placement::Chosen(i) => return plans[i].0,
                Placement::Refine(i) => &mut figures[i],
            };
            // An estimate that fails counts as no chance, as a failed search does.
            if next.refine(rules).is_err() {
                *next = Figure::NO_CHANCE;
            }
        }
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

/// What [`RulesBot::place`] does with its options' odds, each known to lie within its
/// bounds: take the first option with the best odds if they reach `threshold`, else the
/// first with the worst; or, while the bounds leave the choice open, refine one.
#[derive(Debug, PartialEq)]
enum Placement {
    Chosen(usize),
    Refine(usize),
}

fn placement(bounds: &[(f64, f64)], threshold: f64) -> Placement {
    // The first best whatever the figures within the bounds, with odds reaching the threshold.
    let first_best = (0..bounds.len()).find(|&i| {
        let low = bounds[i].0;
        low >= threshold
            && bounds[..i].iter().all(|&(_, high)| high < low)
            && bounds[i + 1..].iter().all(|&(_, high)| high <= low)
    });
    if let Some(i) = first_best {
        return Placement::Chosen(i);
    }
    // Below the threshold whatever the figures, and the first worst whatever they are.
    let below = bounds.iter().all(|&(_, high)| high < threshold);
    let first_worst = (0..bounds.len()).find(|&i| {
        let high = bounds[i].1;
        bounds[..i].iter().all(|&(low, _)| high < low)
            && bounds[i + 1..].iter().all(|&(low, _)| high <= low)
    });
    if let (true, Some(i)) = (below, first_worst) {
        return Placement::Chosen(i);
    }
    // Refine the widest figure that could still be the best, or the worst.
    let top_low = bounds.iter().map(|b| b.0).fold(f64::MIN, f64::max);
    let bottom_high = bounds.iter().map(|b| b.1).fold(f64::MAX, f64::min);
    let open = |&(low, high): &(f64, f64)| low < high;
    let may_matter = |&(low, high): &(f64, f64)| high >= top_low || low <= bottom_high;
    let widest = |pick: &dyn Fn(&(f64, f64)) -> bool| {
        (0..bounds.len())
            .filter(|&i| pick(&bounds[i]))
            .max_by(|&a, &b| {
                let width = |i: usize| bounds[i].1 - bounds[i].0;
                width(a).total_cmp(&width(b)).then(b.cmp(&a))
            })
    };
    match widest(&|b| open(b) && may_matter(b)).or_else(|| widest(&open)) {
        Some(i) => Placement::Refine(i),
        // Every figure known settles one of the choices above, unless a figure is not a
        // number: then the choice the figures make when compared in turn.
        None => Placement::Chosen(compared_in_turn(bounds, threshold)),
    }
}

/// The first option with the best figure if it reaches `threshold`, else the first with
/// the worst, each figure compared in turn with the best (worst) so far, as `place` chose
/// before its estimates were played lazily.
fn compared_in_turn(bounds: &[(f64, f64)], threshold: f64) -> usize {
    let first = |start: f64, better: &dyn Fn(f64, f64) -> bool| {
        (bounds.iter().enumerate()).fold((0, start), |(b, best), (i, &(figure, _))| {
            if better(figure, best) {
                (i, figure)
            } else {
                (b, best)
            }
        })
    };
    match first(f64::MIN, &|a, b| a > b) {
        (best, figure) if figure >= threshold => best,
        _ => first(f64::MAX, &|a, b| a < b).0,
    }
}

#[cfg(test)]
mod tests {
    use super::{Placement, compared_in_turn, placement};
    use rand::RngExt;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;

    /// The choice made from the figures themselves: the first best if it reaches the
    /// threshold, else the first worst (what `place` did before its estimates were lazy).
    fn direct(values: &[f64], threshold: f64) -> usize {
        let first = |better: &dyn Fn(f64, f64) -> bool| {
            (1..values.len()).fold(0, |b, i| if better(values[i], values[b]) { i } else { b })
        };
        let best = first(&|a, b| a > b);
        if values[best] >= threshold {
            best
        } else {
            first(&|a, b| a < b)
        }
    }

    /// An option's figure: exact, or an estimate of 32 dungeons, some played.
    struct Figure {
        /// Exact odds, or the dungeons survived out of 32.
        value: f64,
        dungeons: Option<Dungeons>,
    }
    struct Dungeons {
        survived: u32,
        seen_survived: u32,
        played: u32,
    }

    impl Figure {
        fn bounds(&self) -> (f64, f64) {
            match &self.dungeons {
                None => (self.value, self.value),
                Some(d) => (
                    d.seen_survived as f64 / 32.0,
                    (d.seen_survived + 32 - d.played) as f64 / 32.0,
                ),
            }
        }
    }

    /// Options' figures (estimates in 32nds near the thresholds, some exact, ties
    /// frequent), estimates partly played in a random order: whenever `placement` chooses,
    /// it chooses what the figures themselves choose, and playing only what it asks
    /// leads to a choice.
    #[test]
    fn a_choice_from_bounds_is_the_choice_from_the_figures() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut chosen_early = 0;
        for _ in 0..20_000 {
            let threshold = [0.5, 0.65][rng.random_range(0..2)];
            let mut figures: Vec<Figure> = (0..rng.random_range(1..8))
                .map(|_| {
                    if rng.random_range(0..4) == 0 {
                        let value =
                            [0.5, 0.65, 0.4375, rng.random_range(0.4..0.7)][rng.random_range(0..4)];
                        return Figure {
                            value,
                            dungeons: None,
                        };
                    }
                    let survived = rng.random_range(12..24);
                    Figure {
                        value: survived as f64 / 32.0,
                        dungeons: Some(Dungeons {
                            survived,
                            seen_survived: 0,
                            played: 0,
                        }),
                    }
                })
                .collect();
            let values: Vec<f64> = figures.iter().map(|f| f.value).collect();
            let expected = direct(&values, threshold);
            let points: Vec<(f64, f64)> = values.iter().map(|&v| (v, v)).collect();
            assert_eq!(compared_in_turn(&points, threshold), expected, "{values:?}");
            // Play some dungeons first, as if refined before.
            let play = |f: &mut Figure, rng: &mut ChaCha8Rng| {
                let d = f.dungeons.as_mut().expect("an estimate");
                assert!(d.played < 32, "refining a known figure");
                let left_survived = d.survived - d.seen_survived;
                if rng.random_range(0..32 - d.played) < left_survived {
                    d.seen_survived += 1;
                }
                d.played += 1;
            };
            for f in figures.iter_mut().filter(|f| f.dungeons.is_some()) {
                for _ in 0..rng.random_range(0..=32) {
                    play(f, &mut rng);
                }
            }
            loop {
                let bounds: Vec<(f64, f64)> = figures.iter().map(Figure::bounds).collect();
                match placement(&bounds, threshold) {
                    Placement::Chosen(i) => {
                        assert_eq!(i, expected, "{values:?} at {threshold}, bounds {bounds:?}");
                        if bounds.iter().any(|b| b.0 < b.1) {
                            chosen_early += 1;
                        }
                        break;
                    }
                    Placement::Refine(i) => play(&mut figures[i], &mut rng),
                }
            }
        }
        assert!(
            chosen_early > 5_000,
            "only {chosen_early} choices made early"
        );
    }

    /// A figure that is not a number (no search gives one) is no reason to stop: the
    /// choice is the one the figures make compared in turn.
    #[test]
    fn a_figure_that_is_not_a_number_still_gives_a_choice() {
        let nan = (f64::NAN, f64::NAN);
        for bounds in [vec![nan], vec![nan, (0.3, 0.3)], vec![(0.7, 0.7), nan]] {
            assert_eq!(
                placement(&bounds, 0.5),
                Placement::Chosen(compared_in_turn(&bounds, 0.5)),
                "{bounds:?}"
            );
        }
    }
}
