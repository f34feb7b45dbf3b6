//! Each player's chance to win the game from the successes and failures on the table and
//! who starts the next round, in a simple model of the rounds to come ([`Model`]): each
//! round the starter runs the dungeon with some chance (else another player still in the
//! game, each equally likely), the run succeeds with some chance, and the runner starts the
//! round after (the next player still in, if the run eliminated them), as the rules say.
//!
//! Every bot that weighs a move by how the game may go uses it: the `normal` bot values
//! the endings of a round with it (what a success or a failure of each player is worth),
//! IS-MCTS scores the end of a round it plays out. The figures of each model were chosen
//! by play: [`SEARCH`] by studies of the search at 2 players (600 to 2,000 games each, with
//! the bots of the time: 0.75 and 0.75 beat both a model that ignored who starts and the
//! rounds as they went between the bots it played), [`SEARCH_TABLE`] by studies at 3 and 4
//! players; `Params::NORMAL` in `planner.rs` by
//! head-to-head studies of the `normal` bot against its neighbours (docs/bots.md).

use crate::ids::Seat;
use crate::options::{FAILURES_TO_LOSE, SUCCESSES_TO_WIN};
use crate::state::GameState;
use crate::view::View;
use std::cell::RefCell;
use std::collections::HashMap;

/// How rounds go, in the model.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Model {
    /// The chance that the round's starter is the one who runs.
    pub starter_runs: f64,
    /// The chance that a run succeeds.
    pub run_succeeds: f64,
}

/// What IS-MCTS scores the end of a round with at 2 players (see the top)...
pub const SEARCH: Model = Model {
    starter_runs: 0.75,
    run_succeeds: 0.75,
};
/// ...and at 3 and 4, where the starter runs far less often: with [`SEARCH`] there, the
/// search overvalued starting the next round and placed below `normal` at mixed tables
/// (3 players, 600 games against `easy` and `normal`: 41% against `normal`'s 44%; with
/// this model 53% against 33%; at 4, 46% against 22%, from 25% against 29%).
pub const SEARCH_TABLE: Model = Model {
    starter_runs: 0.35,
    run_succeeds: 0.5,
};

impl Model {
    fn key(self) -> (u64, u64) {
        (self.starter_runs.to_bits(), self.run_succeeds.to_bits())
    }
}

/// A player's standing: successes and failures, or out of the game.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
enum Standing {
    In { successes: u8, failures: u8 },
    Out,
}

/// The standings in seat order, and who starts the next round.
type Table = (Vec<Standing>, usize);

/// Each seat's chances, by model and table.
type Memo = HashMap<((u64, u64), Table), [f64; 4]>;

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(HashMap::new());
}

/// Each seat's chance to win the game from `state` (1 for the winner once there is one).
pub fn chances(state: &GameState) -> [f64; 4] {
    let mut result = [0.0; 4];
    if let Some(w) = state.winner {
        result[w as usize] = 1.0;
        return result;
    }
    let standings: Vec<Standing> = state
        .players
        .iter()
        .map(|p| standing(p.eliminated, p.successes, p.failures))
        .collect();
    let starter = usize::from(state.starter);
    let model = if standings.len() > 2 {
        SEARCH_TABLE
    } else {
        SEARCH
    };
    solve(model, &(standings, starter))
}

/// The standings a seat sees on the table, in seat order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings(Vec<Standing>);

impl Standings {
    /// The standings `view`'s seat sees (all public).
    pub fn of(view: &View) -> Standings {
        Standings(
            (0..view.players())
                .map(|s| standing(view.eliminated(s), view.successes(s), view.failures(s)))
                .collect(),
        )
    }

    /// Each seat's chance to win the game once `runner`'s run ends this way: a success or
    /// a failure card for them, and they start the next round (the next player still in,
    /// if the run put them out).
    pub fn after_run(&self, model: Model, runner: Seat, success: bool) -> [f64; 4] {
        let r = usize::from(runner);
        let mut next = self.0.clone();
        let Standing::In {
            successes,
            failures,
        } = next[r]
        else {
            return solve(model, &(next, r));
        };
        if success {
            if successes + 1 >= SUCCESSES_TO_WIN {
                let mut won = [0.0; 4];
                won[r] = 1.0;
                return won;
            }
            next[r] = Standing::In {
                successes: successes + 1,
                failures,
            };
        } else {
            next[r] = if failures + 1 >= FAILURES_TO_LOSE {
                Standing::Out
            } else {
                Standing::In {
                    successes,
                    failures: failures + 1,
                }
            };
        }
        solve(model, &(next, r))
    }
}

fn standing(eliminated: bool, successes: u8, failures: u8) -> Standing {
    if eliminated {
        Standing::Out
    } else {
        Standing::In {
            successes: successes.min(SUCCESSES_TO_WIN - 1),
            failures: failures.min(FAILURES_TO_LOSE - 1),
        }
    }
}

fn solve(model: Model, table: &Table) -> [f64; 4] {
    let memo_key = (model.key(), table.clone());
    if let Some(v) = MEMO.with(|m| m.borrow().get(&memo_key).copied()) {
        return v;
    }
    let (standings, starter) = table;
    let mut result = [0.0; 4];
    let alive: Vec<usize> = (0..standings.len())
        .filter(|&i| standings[i] != Standing::Out)
        .collect();
    if alive.len() <= 1 {
        if let Some(&i) = alive.first() {
            result[i] = 1.0;
        }
    } else {
        // A starter out of the game hands the start to the next player still in.
        let starter = (0..standings.len())
            .map(|i| (starter + i) % standings.len())
            .find(|s| alive.contains(s))
            .unwrap_or(alive[0]);
        for &runner in &alive {
            let weight = if runner == starter {
                model.starter_runs
            } else {
                (1.0 - model.starter_runs) / (alive.len() - 1) as f64
            };
            let Standing::In {
                successes,
                failures,
            } = standings[runner]
            else {
                continue;
            };
            // Success: a win, or one success more.
            if successes + 1 >= SUCCESSES_TO_WIN {
                result[runner] += weight * model.run_succeeds;
            } else {
                let mut next = standings.clone();
                next[runner] = Standing::In {
                    successes: successes + 1,
                    failures,
                };
                add(
                    &mut result,
                    &solve(model, &(next, runner)),
                    weight * model.run_succeeds,
                );
            }
            // Failure: out of the game, or one failure more.
            let mut next = standings.clone();
            next[runner] = if failures + 1 >= FAILURES_TO_LOSE {
                Standing::Out
            } else {
                Standing::In {
                    successes,
                    failures: failures + 1,
                }
            };
            add(
                &mut result,
                &solve(model, &(next, runner)),
                weight * (1.0 - model.run_succeeds),
            );
        }
    }
    MEMO.with(|m| m.borrow_mut().insert(memo_key, result));
    result
}

fn add(into: &mut [f64; 4], from: &[f64; 4], weight: f64) {
    for (a, b) in into.iter_mut().zip(from) {
        *a += weight * b;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standing(successes: u8, failures: u8) -> Standing {
        Standing::In {
            successes,
            failures,
        }
    }

    #[test]
    fn chances_sum_to_one_and_the_starter_is_ahead() {
        for players in 2..=4 {
            let v = solve(SEARCH, &(vec![standing(0, 0); players], 1));
            assert!((v.iter().sum::<f64>() - 1.0).abs() < 1e-12, "{v:?}");
            // The starter is ahead of everyone else.
            for i in (0..players).filter(|&i| i != 1) {
                assert!(v[1] > v[i], "{v:?}");
            }
        }
        let v = solve(
            SEARCH,
            &(
                vec![
                    standing(1, 0),
                    standing(0, 1),
                    Standing::Out,
                    standing(1, 1),
                ],
                2,
            ),
        );
        assert!((v.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert_eq!(v[2], 0.0);
        // The starter was eliminated: the next player still in starts.
        assert!(v[3] > v[0] && v[3] > v[1], "{v:?}");
    }

    #[test]
    fn a_success_helps_a_failure_hurts_and_starting_helps() {
        let at = |standings: [Standing; 2], starter: usize| {
            solve(SEARCH, &(standings.to_vec(), starter))[0]
        };
        for starter in 0..2 {
            let even = at([standing(0, 0), standing(0, 0)], starter);
            assert!(at([standing(1, 0), standing(0, 0)], starter) > even);
            assert!(at([standing(0, 1), standing(0, 0)], starter) < even);
            assert!(at([standing(0, 0), standing(1, 0)], starter) < even);
            assert!(at([standing(0, 0), standing(0, 1)], starter) > even);
        }
        assert!(at([standing(0, 0), standing(0, 0)], 0) > at([standing(0, 0), standing(0, 0)], 1));
        // Two players, one success each: the next run wins it for its runner if it
        // succeeds; a failure leaves the game open.
        let v = at([standing(1, 0), standing(1, 0)], 0);
        let next_run_wins = SEARCH.starter_runs * SEARCH.run_succeeds;
        let next_run_loses = (1.0 - SEARCH.starter_runs) * SEARCH.run_succeeds;
        assert!(v > next_run_wins && v < 1.0 - next_run_loses, "{v}");
    }
}
