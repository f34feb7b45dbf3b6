//! How the `normal` bot chooses the next adventurer: by playing the round out.
//!
//! Which adventurer serves the one who picks it depends on how the others will bid
//! against it (a sturdy adventurer is stripped of its tiles, a frail one is passed on
//! early) and on the standings (near a win, you want a dungeon you can survive; with an
//! opponent near a win, one they cannot). No simple figure says that, so the bot plays
//! the coming round a number of times with each adventurer, every seat played by a
//! `normal` bot from its own view, and takes the adventurer whose rounds leave it the best
//! chance to win the game ([`outlook`](super::outlook)).
//!
//! The figures depend only on the packs, the rulings, the table's size and the standings
//! (as seen from the chooser's seat), so they are worked out once per process and shared
//! by every thread and game: the rounds are dealt from a generator seeded by those alone,
//! so a figure never depends on which thread worked it out first.

use super::outlook::Standings;
use super::planner::{Params, PlannerBot};
use super::Bot;
use crate::action::{Action, DecisionKind};
use crate::catalog::Fnv;
use crate::engine::Rules;
use crate::ids::AdventurerId;
use crate::options::rulings_hash;
use crate::view::View;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use std::collections::HashMap;
use std::sync::RwLock;

/// Rounds played with each adventurer.
const ROUNDS: usize = 16;
/// Decisions a round may take (a safety net).
const ROUND_LIMIT: usize = 1_000;

/// Each adventurer's worth to the chooser, by situation.
static FIGURES: RwLock<Option<HashMap<u64, Vec<f64>>>> = RwLock::new(None);

/// The adventurer among `options` whose rounds leave `view`'s seat the best chance to win.
pub(crate) fn choose(
    rules: &mut dyn Rules,
    view: &View,
    params: &Params,
    options: &[AdventurerId],
) -> AdventurerId {
    let values = worth(rules, view, params, options);
    let mut best = (f64::MIN, options[0]);
    for (&a, &v) in options.iter().zip(&values) {
        if v > best.0 {
            best = (v, a);
        }
    }
    best.1
}

/// The chooser's chance to win after a round with each option.
fn worth(rules: &mut dyn Rules, view: &View, params: &Params, options: &[AdventurerId]) -> Vec<f64> {
    let catalog = rules.catalog().clone();
    let me = view.seat();
    let players = view.players();
    let mut h = Fnv::new();
    h.write(&catalog.fingerprint.to_le_bytes());
    h.write(&rulings_hash(&view.options().rulings).to_le_bytes());
    h.write(&[
        players,
        view.options().designer_variant as u8,
        view.specials_in_play(&catalog) as u8,
    ]);
    // The standings from the chooser's seat round (the only seat that matters is whose).
    for i in 0..players {
        let s = (me + i) % players;
        h.write(&[view.eliminated(s) as u8, view.successes(s), view.failures(s)]);
    }
    for a in options {
        h.write(&a.0.to_le_bytes());
    }
    h.write(&params.softness.to_bits().to_le_bytes());
    h.write(&params.strip.to_bits().to_le_bytes());
    h.write(&params.model.starter_runs.to_bits().to_le_bytes());
    h.write(&params.model.run_succeeds.to_bits().to_le_bytes());
    let key = h.finish();
    if let Some(v) = FIGURES
        .read()
        .ok()
        .and_then(|f| f.as_ref()?.get(&key).cloned())
    {
        return v;
    }
    let mut values = Vec::with_capacity(options.len());
    for &a in options {
        let mut total = 0.0;
        for round in 0..ROUNDS {
            // The same deals for every option, so they are compared on equal terms.
            let seed = key ^ (round as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            total += play_round(rules, view, params, a, seed).unwrap_or(0.0);
        }
        values.push(total / ROUNDS as f64);
    }
    if let Ok(mut f) = FIGURES.write() {
        f.get_or_insert_with(HashMap::new).insert(key, values.clone());
    }
    values
}

/// The chooser's chance to win after one round with `adventurer`, every seat a `normal`
/// bot seeded from `seed`.
fn play_round(
    rules: &mut dyn Rules,
    view: &View,
    params: &Params,
    adventurer: AdventurerId,
    seed: u64,
) -> Option<f64> {
    let catalog = rules.catalog().clone();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = view.determinize(&catalog, &mut rng);
    let me = view.seat();
    let mut events = Vec::new();
    rules
        .apply_or_abandon(&mut state, Action::ChooseAdventurer(adventurer), &mut events)
        .ok()?;
    let round = state.round;
    let mut bots: Vec<PlannerBot> = (0..view.players())
        .map(|s| PlannerBot::with_params(seed ^ u64::from(s), *params))
        .collect();
    for _ in 0..ROUND_LIMIT {
        let Some(seat) = state.current_seat() else {
            break;
        };
        // The round is over once the next adventurer is to be chosen.
        if state.round != round
            || matches!(
                state.pending.as_ref().map(|d| &d.kind),
                Some(DecisionKind::ChooseAdventurer { .. })
            )
        {
            break;
        }
        let action = bots[seat as usize].decide(rules, &View::new(&state, seat));
        events.clear();
        rules.apply_or_abandon(&mut state, action, &mut events).ok()?;
    }
    let standings = Standings::of(&View::new(&state, me));
    Some(standings.chances(params.model, state.winner, state.starter)[me as usize])
}
