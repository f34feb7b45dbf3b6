//! Odds from what one seat knows: turning a view into a dungeon and chances.

use super::{Chances, OddsCache, OddsSearch};
use crate::action::Action;
use crate::engine::{EngineError, Rules};
use crate::game::DungeonSetup;
use crate::ids::*;

/// How hard to work for odds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Effort {
    /// Exact, however long it takes.
    Exact,
    /// Exact up to `states` situations, else a sampled estimate over `samples` dungeons.
    Bounded { states: usize, samples: usize },
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
    let catalog = rules.catalog().clone();
    let Some(adventurer) = view.adventurer() else {
        return Ok(0.0);
    };
    let unseen = view.unseen(&catalog);
    let mut known = view.my_added();
    let mut size = view.dungeon_size();
    if plan.add_hand {
        if let Some(m) = view.hand() {
            known.push(m);
            size += 1;
        }
    }
    let placeholder = MonsterId(
        catalog
            .monsters
            .iter()
            .position(|m| !m.special)
            .unwrap_or(0) as u16,
    );
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
    };
    let chances = Chances::new(
        &catalog,
        size,
        &known,
        &unseen.cards,
        unseen.unknown_specials,
        &unseen.special_candidates,
    );
    match effort {
        Effort::Exact => Ok(OddsSearch::new(rules, cache)
            .entering(&setup, &chances)?
            .probability),
        Effort::Bounded { states, samples } => match OddsSearch::new(rules, cache)
            .with_budget(states)
            .entering(&setup, &chances)
        {
            Ok(odds) => Ok(odds.probability),
            Err(EngineError::Budget(_)) => super::estimate(rules, &setup, &chances, samples, rng),
            Err(e) => Err(e),
        },
    }
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
    let catalog = rules.catalog().clone();
    // Any state this seat cannot tell from the real one: the cards still to come are
    // decided by the search anyway.
    let mut state = view.determinize(&catalog, rng);
    state.single_dungeon = true;
    state.run.card_by_card = true;
    let unseen = view.unseen(&catalog);
    let known = view.my_added();
    let chances = Chances::new(
        &catalog,
        view.dungeon_size(),
        &known,
        &unseen.cards,
        unseen.unknown_specials,
        &unseen.special_candidates,
    );
    let budget = match effort {
        Effort::Exact => None,
        Effort::Bounded { states, .. } => Some(states),
    };
    let mut search = OddsSearch::new(rules, cache);
    if let Some(states) = budget {
        search = search.with_budget(states);
    }
    match search.options(&state, &chances) {
        Err(EngineError::Budget(_)) => {
            // Too big to search: each option's value from sampled dungeons.
            let Effort::Bounded { samples, .. } = effort else {
                unreachable!("no budget without a bound")
            };
            let mut out = Vec::new();
            for action in rules.legal_actions(&state) {
                let mut after = state.clone();
                rules.apply(&mut after, action, &mut Vec::new())?;
                out.push((
                    action,
                    super::sample::estimate_from_state(rules, after, &chances, samples, rng)?,
                ));
            }
            Ok(out)
        }
        other => other,
    }
}
