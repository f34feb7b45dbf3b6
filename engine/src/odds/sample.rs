//! A sampled estimate, for situations too big to search exactly in the time a bot has:
//! whole dungeons drawn at random from the same chances, each played through the engine
//! with the runner choosing, at every question, the option that does best on that very
//! dungeon. Knowing the dungeon makes the runner's choices a little better than real ones,
//! so the estimate leans optimistic when questions matter.

use super::Chances;
use super::exact::fingerprint;
use crate::action::DecisionKind;
use crate::engine::Rules;
use crate::error::EngineError;
use crate::event::Event;
use crate::game::DungeonSetup;
use crate::ids::MonsterId;
use crate::state::GameState;
use rand::RngExt;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

/// The share of `samples` dungeons drawn from `chances` that the runner of `setup` survives.
pub fn estimate(
    rules: &mut dyn Rules,
    setup: &DungeonSetup,
    chances: &Chances,
    samples: usize,
    rng: &mut ChaCha8Rng,
) -> Result<f64, EngineError> {
    estimate_against(rules, setup, chances, samples, rng, None)
}

/// [`estimate`], or, given a `threshold`, only a figure on the same side of it as the
/// estimate (`>= threshold` exactly when the estimate is): once enough dungeons are played
/// to tell, the rest are only dealt, so the generator ends where the whole estimate
/// leaves it. (One difference: an engine error in a dungeon left unplayed is not seen.)
pub(crate) fn estimate_against(
    rules: &mut dyn Rules,
    setup: &DungeonSetup,
    chances: &Chances,
    samples: usize,
    rng: &mut ChaCha8Rng,
    threshold: Option<f64>,
) -> Result<f64, EngineError> {
    rules.set_analysis(true);
    let start = rules.dungeon(setup, &mut Vec::new());
    rules.set_analysis(false);
    estimate_from(rules, start?, chances, samples, rng, threshold)
}

/// [`estimate`] from a run under way (card by card), the cards to come drawn from `chances`.
pub(crate) fn estimate_from_state(
    rules: &mut dyn Rules,
    start: GameState,
    chances: &Chances,
    samples: usize,
    rng: &mut ChaCha8Rng,
) -> Result<f64, EngineError> {
    estimate_from(rules, start, chances, samples, rng, None)
}

fn estimate_from(
    rules: &mut dyn Rules,
    start: GameState,
    chances: &Chances,
    samples: usize,
    rng: &mut ChaCha8Rng,
    threshold: Option<f64>,
) -> Result<f64, EngineError> {
    let total = samples.max(1);
    // The share as the whole estimate computes it.
    let share = |survived: usize| survived as f64 / total as f64;
    rules.set_analysis(true);
    let result = (|| {
        let mut events = Vec::with_capacity(32);
        let mut survived = 0usize;
        for played in 0..total {
            let mut state = start.clone();
            deal(&mut state, chances, rng);
            survived += usize::from(best_outcome(rules, state, &mut events)?);
            let Some(t) = threshold else { continue };
            // The estimate only grows with the dungeons left, by at most one each.
            let left = total - played - 1;
            let settled = if share(survived) >= t {
                Some(share(survived))
            } else if share(survived + left) < t {
                Some(share(survived + left))
            } else {
                None
            };
            if let Some(figure) = settled {
                for _ in 0..left {
                    deal(&mut start.clone(), chances, rng);
                }
                return Ok(figure);
            }
        }
        Ok(share(survived))
    })();
    rules.set_analysis(false);
    result
}

/// Gives every card of the dungeon and the monster deck an identity drawn from `chances`.
fn deal(state: &mut GameState, chances: &Chances, rng: &mut ChaCha8Rng) {
    let mut rest = chances.clone();
    let mut dungeon: Vec<MonsterId> = Vec::with_capacity(state.dungeon.len());
    for (k, &n) in chances.known.iter().enumerate() {
        dungeon.extend(std::iter::repeat_n(MonsterId(k as u16), n as usize));
    }
    for _ in 0..chances.unknown {
        if let Some(m) = draw(&mut rest, rng) {
            dungeon.push(m);
        }
    }
    dungeon.shuffle(rng);
    for (&card, &m) in state.dungeon.iter().zip(&dungeon) {
        state.cards[card.ix()] = m;
    }
    for i in 0..state.deck.len() {
        if let Some(m) = draw(&mut rest, rng) {
            let card = state.deck[i];
            state.cards[card.ix()] = m;
        }
    }
}

/// One card from the unseen pool (unknown specials among it), removed from it.
fn draw(chances: &mut Chances, rng: &mut ChaCha8Rng) -> Option<MonsterId> {
    let total = chances.pool_size();
    if total == 0 {
        return None;
    }
    let mut pick = rng.random_range(0..total);
    for (k, n) in chances.pool.iter_mut().enumerate() {
        if pick < *n as u32 {
            *n -= 1;
            return Some(MonsterId(k as u16));
        }
        pick -= *n as u32;
    }
    if chances.candidates.is_empty() {
        return None;
    }
    chances.unknown_specials -= 1;
    let i = rng.random_range(0..chances.candidates.len());
    Some(chances.candidates.remove(i))
}

/// Whether the runner survives this dealt dungeon, choosing the best option at each question.
/// Within one dealt dungeon the run's fingerprint settles the outcome, so it is remembered:
/// without that, trying every answer at every question grows exponentially.
fn best_outcome(
    rules: &mut dyn Rules,
    state: GameState,
    events: &mut Vec<Event>,
) -> Result<bool, EngineError> {
    let mut memo = HashMap::new();
    let empty = Chances::default();
    outcome(rules, state, &empty, &mut memo, events)
}

fn outcome(
    rules: &mut dyn Rules,
    mut state: GameState,
    empty: &Chances,
    memo: &mut HashMap<u64, bool>,
    events: &mut Vec<Event>,
) -> Result<bool, EngineError> {
    loop {
        if state.is_over() {
            return Ok(state.run.success == Some(true));
        }
        match &state.pending {
            Some(d) if matches!(d.kind, DecisionKind::Question(_)) => {
                let key = fingerprint(rules.catalog(), &state, empty);
                if let Some(&known) = memo.get(&key) {
                    return Ok(known);
                }
                // The runner takes an option it survives; another player one it does not.
                let runner_answers = d.seat == state.run.runner;
                let mut survives = !runner_answers;
                for action in d.legal_actions() {
                    let mut next = state.clone();
                    events.clear();
                    rules.apply_or_abandon(&mut next, action, events)?;
                    if outcome(rules, next, empty, memo, events)? == runner_answers {
                        survives = runner_answers;
                        break;
                    }
                }
                memo.insert(key, survives);
                return Ok(survives);
            }
            Some(_) => {
                return Err(EngineError::Rule(
                    "odds: the dungeon waits on something other than a question".into(),
                ));
            }
            None => {
                // The events go unread: one buffer serves every step.
                events.clear();
                rules.resume(&mut state, events)?
            }
        }
    }
}
