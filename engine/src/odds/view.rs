//! Odds from what one seat knows: turning a view into a dungeon and chances.

use super::sample::{self, Dealt};
use super::{Chances, OddsCache, OddsSearch};
use crate::action::Action;
use crate::engine::Rules;
use crate::error::EngineError;
use crate::game::DungeonSetup;
use crate::ids::*;

/// How hard to work for odds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Effort {
    /// Exact, however long it takes (sampled when a card's script draws random numbers,
    /// which an exact search cannot weigh).
    Exact,
    /// Exact up to `states` situations, else a sampled estimate over `samples` dungeons.
    Bounded { states: usize, samples: usize },
}

impl Effort {
    /// A search that gives up where this effort does.
    fn search<'a>(self, rules: &'a mut dyn Rules, cache: &'a mut OddsCache) -> OddsSearch<'a> {
        let search = OddsSearch::new(rules, cache);
        match self {
            Effort::Exact => search,
            Effort::Bounded { states, .. } => search.with_budget(states),
        }
    }

    /// The dungeons an estimate plays: an exact search gives up only when a script draws
    /// random numbers.
    fn samples(self) -> usize {
        match self {
            Effort::Exact => SAMPLES_WHEN_RANDOM,
            Effort::Bounded { samples, .. } => samples,
        }
    }
}

/// Dungeons sampled when scripts draw random numbers and no effort says how many.
pub const SAMPLES_WHEN_RANDOM: usize = 2000;

/// The search gave way to sampled dungeons: it grew too big, a script drew a random
/// number, or the scripts used up the work allowed; `states` is how far it got.
fn gave_way(error: &EngineError, states: usize) -> Option<usize> {
    match error {
        EngineError::Budget(states) => Some(*states),
        EngineError::Random | EngineError::Work => Some(states),
        _ => None,
    }
}

/// What the dungeon would hold for [`from_view`].
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// The tiles the runner would hold (default: those left now).
    pub tiles: Option<Vec<TileId>>,
    /// The card this seat holds goes into the dungeon.
    pub add_hand: bool,
}

/// The odds, from what `view`'s seat knows, that it would survive the dungeon as it stands
/// (changed by `plan`) if it ran it now with the adventurer: the cards it put in are known,
/// every other card is one it has not seen.
pub fn from_view(
    rules: &mut dyn Rules,
    cache: &mut OddsCache,
    view: &crate::view::View,
    plan: &Plan,
    effort: Effort,
    rng: &mut rand_chacha::ChaCha8Rng,
) -> Result<f64, EngineError> {
    Ok(entering(rules, cache, view, plan, effort, rng, None)?.probability)
}

/// [`from_view`] when only whether the odds are at least `threshold` matters: a figure on
/// the same side of `threshold` as [`from_view`]'s, found with the same generator draws
/// and cache entries, but sooner when the odds are sampled (the dungeons played stop once
/// they settle the question).
pub fn from_view_against(
    rules: &mut dyn Rules,
    cache: &mut OddsCache,
    view: &crate::view::View,
    plan: &Plan,
    effort: Effort,
    rng: &mut rand_chacha::ChaCha8Rng,
    threshold: f64,
) -> Result<f64, EngineError> {
    Ok(entering(rules, cache, view, plan, effort, rng, Some(threshold))?.probability)
}

/// [`from_view`], with how the figure was found.
fn entering(
    rules: &mut dyn Rules,
    cache: &mut OddsCache,
    view: &crate::view::View,
    plan: &Plan,
    effort: Effort,
    rng: &mut rand_chacha::ChaCha8Rng,
    threshold: Option<f64>,
) -> Result<Report, EngineError> {
    match figure_from_view(rules, cache, view, plan, effort, rng)? {
        Figure::Exact { odds, states } => Ok(Report::exact(odds, states)),
        Figure::Sampled { dealt, states } => Ok(Report {
            probability: dealt.settle(rules, threshold)?,
            exact: false,
            states,
            options: Vec::new(),
        }),
    }
}

/// Odds of entering a dungeon as a bounded search leaves them: exact, or an estimate whose
/// dungeons are dealt and still to be played, as far as the caller needs.
pub(crate) enum Figure {
    Exact { odds: f64, states: usize },
    Sampled { dealt: Box<Dealt>, states: usize },
}

/// [`from_view`], stopped before an estimate's dungeons are played: the search is made
/// (the cache gains what it found) and the dungeons dealt (the generator is where the
/// whole estimate leaves it), so playing them all gives [`from_view`]'s figure.
pub(crate) fn figure_from_view(
    rules: &mut dyn Rules,
    cache: &mut OddsCache,
    view: &crate::view::View,
    plan: &Plan,
    effort: Effort,
    rng: &mut rand_chacha::ChaCha8Rng,
) -> Result<Figure, EngineError> {
    let catalog = rules.catalog().clone();
    let Some(adventurer) = view.adventurer() else {
        return Ok(Figure::Exact {
            odds: 0.0,
            states: 0,
        });
    };
    let mut known = view.my_added();
    let mut size = view.dungeon_size();
    if plan.add_hand
        && let Some(m) = view.hand()
    {
        known.push(m);
        size += 1;
    }
    let placeholder = super::placeholder(&catalog);
    let setup = DungeonSetup {
        players: view.players(),
        runner: view.seat(),
        successes: view.successes(view.seat()),
        failures: view.failures(view.seat()),
        adventurer,
        tiles: plan.tiles.clone().unwrap_or_else(|| view.tiles().to_vec()),
        dungeon: vec![placeholder; size],
        deck: vec![placeholder; view.deck_size()],
        damage_model: Some(view.damage_model()),
        seed: 0,
        card_by_card: true,
        rulings: view.options().rulings.clone(),
    };
    let chances = unseen_chances(&catalog, view, size, &known);
    let searched = effort.search(rules, cache).entering(&setup, &chances);
    match searched {
        Ok(odds) => Ok(Figure::Exact {
            odds: odds.probability,
            states: odds.states,
        }),
        Err(e) if let Some(states) = gave_way(&e, cache.len()) => Ok(Figure::Sampled {
            dealt: Box::new(sample::deal_entering(
                rules,
                &setup,
                &chances,
                effort.samples(),
                rng,
            )?),
            states,
        }),
        Err(e) => Err(e),
    }
}

/// The chances of a dungeon of `size` holding `known`, every other card one `view`'s seat
/// has not seen.
fn unseen_chances(
    catalog: &crate::catalog::Catalog,
    view: &crate::view::View,
    size: usize,
    known: &[MonsterId],
) -> Chances {
    let unseen = view.unseen(catalog);
    Chances::new(
        catalog,
        size,
        known,
        &unseen.cards,
        unseen.unknown_specials,
        &unseen.special_candidates,
    )
}

/// For the question `view`'s seat must answer in a dungeon: the runner's odds after each
/// option, from what this seat knows.
pub fn answers_from_view(
    rules: &mut dyn Rules,
    cache: &mut OddsCache,
    view: &crate::view::View,
    effort: Effort,
    rng: &mut rand_chacha::ChaCha8Rng,
) -> Result<Vec<(Action, f64)>, EngineError> {
    Ok(answers(rules, cache, view, effort, rng)?.options)
}

/// [`answers_from_view`], with how the figures were found.
fn answers(
    rules: &mut dyn Rules,
    cache: &mut OddsCache,
    view: &crate::view::View,
    effort: Effort,
    rng: &mut rand_chacha::ChaCha8Rng,
) -> Result<Report, EngineError> {
    let catalog = rules.catalog().clone();
    // Any state this seat cannot tell from the real one: the cards still to come are
    // decided by the search anyway.
    let mut state = view.determinize(&catalog, rng);
    state.single_dungeon = true;
    state.run.card_by_card = true;
    let chances = unseen_chances(&catalog, view, view.dungeon_size(), &view.my_added());
    let searched = effort.search(rules, cache).options(&state, &chances);
    match searched {
        Ok(options) => Ok(Report::with_options(options, true, cache.len())),
        Err(e) if let Some(states) = gave_way(&e, cache.len()) => {
            // Too big to search, or hanging on random numbers: sampled dungeons.
            let out = sample::estimate_answers(rules, &state, &chances, effort.samples(), rng)?;
            Ok(Report::with_options(out, false, states))
        }
        Err(e) => Err(e),
    }
}

/// Odds worked out for a front end to show: the figures, and how they were found.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The probability of surviving: entering the dungeon as it stands, or, at a question,
    /// answering it as well as possible.
    pub probability: f64,
    /// `false` when the exact search was too big and the figures are sampled estimates.
    pub exact: bool,
    /// Situations the exact search evaluated (its budget, when it gave up).
    pub states: usize,
    /// At a question of the seat's own run: each option with its odds.
    pub options: Vec<(Action, f64)>,
}

impl Report {
    fn exact(probability: f64, states: usize) -> Report {
        Report {
            probability,
            exact: true,
            states,
            options: Vec::new(),
        }
    }

    fn with_options(options: Vec<(Action, f64)>, exact: bool, states: usize) -> Report {
        let probability = options.iter().map(|&(_, p)| p).fold(0.0, f64::max);
        Report {
            probability,
            exact,
            states,
            options,
        }
    }
}

/// What `view`'s seat may work out about its own run, for a front end: at a question it
/// must answer in its own dungeon, each option's odds ([`answers_from_view`]); otherwise
/// its odds of surviving the dungeon as it stands, changed by `plan` ([`from_view`]).
/// Unlike those, it says whether the figures are exact, and needs no cache or generator:
/// a person asking twice gets the same answer, and the bots' caches are left alone.
pub fn report_from_view(
    rules: &mut dyn Rules,
    view: &crate::view::View,
    plan: &Plan,
    effort: Effort,
    seed: u64,
) -> Result<Report, EngineError> {
    use rand_chacha::rand_core::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut cache = OddsCache::new();
    let own_question = matches!(
        view.phase(),
        crate::view::ViewPhase::Dungeon { runner } if runner == view.seat()
    ) && view
        .decision()
        .is_some_and(|d| matches!(d.kind, crate::action::DecisionKind::Question(_)));
    if own_question {
        answers(rules, &mut cache, view, effort, &mut rng)
    } else {
        entering(rules, &mut cache, view, plan, effort, &mut rng, None)
    }
}
