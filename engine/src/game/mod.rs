//! The game around the dungeon: setup, rounds, bidding, and what a run's outcome does
//! to the players. Everything here is data-only and never calls a hook; the dungeon
//! (`crate::dungeon`) is where hooks run.

mod bidding;
pub(crate) mod setup;
mod shuffle;

pub(crate) use bidding::{apply_bidding, bidding_step};
pub use setup::{DungeonSetup, placeholder};
pub(crate) use setup::{dungeon_state, new_game, start_round};

use crate::action::{Decision, DecisionKind};
use crate::catalog::Catalog;
use crate::error::EngineError;
use crate::event::{Event, Standing};
use crate::hooks::HookRunner;
use crate::options::{FAILURES_TO_LOSE, SUCCESSES_TO_WIN};
use crate::state::{GameState, Phase};

/// Moves the game on through every automatic step until a player must decide or the
/// game is over; sets `state.pending`.
pub(crate) fn advance<H: HookRunner>(
    catalog: &Catalog,
    hooks: &mut H,
    state: &mut GameState,
    events: &mut Vec<Event>,
) -> Result<(), EngineError> {
    loop {
        match state.phase {
            Phase::ChooseAdventurer => {
                // The runner picks; a runner the run eliminated takes no more decisions, so
                // the player who starts the next round picks instead (our ruling).
                let seat = state
                    .last_runner
                    .filter(|&r| !state.players[r as usize].eliminated)
                    .unwrap_or(state.starter);
                let options: crate::action::AdventurerList = catalog.adventurer_ids().collect();
                if let [only] = options[..] {
                    events.push(Event::AdventurerChosen {
                        seat: None,
                        adventurer: only,
                    });
                    start_round(catalog, state, only, events);
                    continue;
                }
                state.pending = Some(Decision {
                    seat,
                    kind: DecisionKind::ChooseAdventurer { options },
                });
                return Ok(());
            }
            Phase::Bidding { .. } => {
                if let Some(decision) = bidding_step(catalog, hooks, state, events)? {
                    state.pending = Some(decision);
                    return Ok(());
                }
            }
            Phase::Dungeon => match crate::dungeon::resolve(catalog, hooks, state, events)? {
                Some(decision) => {
                    // The question goes in the log before its answer, for whoever answers.
                    if let DecisionKind::Question(q) = &decision.kind {
                        events.push(Event::Asked {
                            seat: q.seat,
                            asker: q.asker,
                            prompt: q.prompt.clone(),
                            monster: state.run.current().map(|f| f.monster),
                        });
                    }
                    state.pending = Some(decision);
                    return Ok(());
                }
                None if state.run.paused() => {
                    state.pending = None;
                    return Ok(());
                }
                None if state.single_dungeon => state.phase = Phase::GameOver,
                None => finish_round(catalog, state, events),
            },
            Phase::GameOver => {
                state.pending = None;
                return Ok(());
            }
        }
    }
}

/// Scores the run, shows the set-aside monsters, and ends the game or readies the next round.
fn finish_round(catalog: &Catalog, state: &mut GameState, events: &mut Vec<Event>) {
    let runner = state.run.runner;
    let hp = state.run.hp;
    let success = state.run.success == Some(true);
    let player = &mut state.players[runner as usize];
    let mut winner = None;
    if success {
        player.successes = player.successes.saturating_add(1);
        events.push(Event::Success {
            seat: runner,
            hp,
            successes: player.successes,
        });
        if player.successes >= SUCCESSES_TO_WIN {
            winner = Some(runner);
        }
    } else {
        player.failures = player.failures.saturating_add(1);
        events.push(Event::Failure {
            seat: runner,
            hp,
            failures: player.failures,
        });
        if player.failures >= FAILURES_TO_LOSE {
            player.eliminated = true;
            events.push(Event::Eliminated { seat: runner });
            let mut standing =
                (0..state.num_players()).filter(|&s| !state.players[s as usize].eliminated);
            if let (Some(last), None) = (standing.next(), standing.next()) {
                winner = Some(last);
            }
        }
    }
    for seat in 0..state.num_players() {
        let p = &state.players[seat as usize];
        if !p.set_aside.is_empty() {
            let cards = p
                .set_aside
                .iter()
                .map(|&(c, t)| (c, state.cards[c.ix()], t))
                .collect();
            events.push(Event::SetAsideShown { seat, cards });
            // Inline: a round's set-aside cards fit, so nothing is allocated.
            let shown: smallvec::SmallVec<[crate::ids::MonsterId; 8]> = state.players
                [seat as usize]
                .set_aside
                .iter()
                .map(|&(c, _)| state.cards[c.ix()])
                .collect();
            for m in shown {
                state.saw(None, m, catalog.monster(m).special);
            }
        }
    }
    state.last_runner = Some(runner);
    // The runner starts the next round; if eliminated, the next player to their left.
    let starter = state.seats_from(runner).next().unwrap_or(runner);
    state.starter = starter;
    match winner {
        Some(seat) => {
            state.winner = Some(seat);
            state.phase = Phase::GameOver;
            events.push(Event::Won { seat });
            let players = state
                .players
                .iter()
                .enumerate()
                .map(|(s, p)| Standing {
                    successes: p.successes,
                    failures: p.failures,
                    eliminated: p.eliminated,
                    winner: s == usize::from(seat),
                })
                .collect();
            events.push(Event::Standings { players });
        }
        None => state.phase = Phase::ChooseAdventurer,
    }
}
