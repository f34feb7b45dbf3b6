//! Each player's chance to win the game from the successes and failures on the table, in a
//! simple model of the rounds to come: each round one player still in the game, any of them
//! equally likely, runs the dungeon and comes out alive half the time. It is what IS-MCTS
//! scores a position with at the end of a round.

use crate::options::{FAILURES_TO_LOSE, SUCCESSES_TO_WIN};
use crate::state::GameState;
use std::cell::RefCell;
use std::collections::HashMap;

/// The chance that a run succeeds, in the model.
const RUN_SUCCEEDS: f64 = 0.5;

/// A player's standing: successes and failures, or out of the game.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
enum Standing {
    In { successes: u8, failures: u8 },
    Out,
}

thread_local! {
    static MEMO: RefCell<HashMap<Vec<Standing>, [f64; 4]>> = RefCell::new(HashMap::new());
}

/// Each seat's chance to win the game from `state` (1 for the winner once there is one).
pub fn chances(state: &GameState) -> [f64; 4] {
    let mut result = [0.0; 4];
    if let Some(w) = state.winner {
        result[w as usize] = 1.0;
        return result;
    }
    let table: Vec<Standing> = state
        .players
        .iter()
        .map(|p| {
            if p.eliminated {
                Standing::Out
            } else {
                Standing::In {
                    successes: p.successes.min(SUCCESSES_TO_WIN - 1),
                    failures: p.failures.min(FAILURES_TO_LOSE - 1),
                }
            }
        })
        .collect();
    solve(&table)
}

fn solve(table: &[Standing]) -> [f64; 4] {
    if let Some(v) = MEMO.with(|m| m.borrow().get(table).copied()) {
        return v;
    }
    let mut result = [0.0; 4];
    let alive: Vec<usize> = (0..table.len())
        .filter(|&i| table[i] != Standing::Out)
        .collect();
    if alive.len() <= 1 {
        if let Some(&i) = alive.first() {
            result[i] = 1.0;
        }
    } else {
        let each = 1.0 / alive.len() as f64;
        for &runner in &alive {
            let Standing::In {
                successes,
                failures,
            } = table[runner]
            else {
                continue;
            };
            // Success: a win, or one success more.
            if successes + 1 >= SUCCESSES_TO_WIN {
                result[runner] += each * RUN_SUCCEEDS;
            } else {
                let mut next = table.to_vec();
                next[runner] = Standing::In {
                    successes: successes + 1,
                    failures,
                };
                add(&mut result, &solve(&next), each * RUN_SUCCEEDS);
            }
            // Failure: out of the game, or one failure more.
            let mut next = table.to_vec();
            next[runner] = if failures + 1 >= FAILURES_TO_LOSE {
                Standing::Out
            } else {
                Standing::In {
                    successes,
                    failures: failures + 1,
                }
            };
            add(&mut result, &solve(&next), each * (1.0 - RUN_SUCCEEDS));
        }
    }
    MEMO.with(|m| m.borrow_mut().insert(table.to_vec(), result));
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
    fn an_even_table_is_even_and_chances_sum_to_one() {
        for players in 2..=4 {
            let v = solve(&vec![standing(0, 0); players]);
            for i in 0..players {
                assert!((v[i] - 1.0 / players as f64).abs() < 1e-12, "{v:?}");
            }
        }
        let v = solve(&[
            standing(1, 0),
            standing(0, 1),
            Standing::Out,
            standing(1, 1),
        ]);
        assert!((v.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert_eq!(v[2], 0.0);
    }

    #[test]
    fn a_success_helps_and_a_failure_hurts() {
        let even = solve(&[standing(0, 0), standing(0, 0)])[0];
        assert!(solve(&[standing(1, 0), standing(0, 0)])[0] > even);
        assert!(solve(&[standing(0, 1), standing(0, 0)])[0] < even);
        // Two players, one success each: whoever runs next decides it, half the time.
        let v = solve(&[standing(1, 0), standing(1, 0)]);
        assert!((v[0] - 0.5).abs() < 1e-12);
    }
}
