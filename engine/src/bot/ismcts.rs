//! Single-observer information-set Monte Carlo tree search (SO-ISMCTS; Cowling, Powley and
//! Whitehouse, 2012). Each iteration samples a full state the bot cannot tell from the
//! real one ([`View::determinize`]), walks the tree by UCB1 among the actions that sample
//! allows (counting, for each child, how often it was available), adds one node, plays the
//! game out with a quick policy, and credits each node with the result for the player who
//! chose its action. The most visited action at the root is played.

use super::{Bot, legal};
use crate::action::{Action, DecisionKind};
use crate::catalog::Catalog;
use crate::engine::Rules;
use crate::ids::Seat;
use crate::state::{GameState, Phase};
use crate::view::View;
use rand::RngExt;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use std::time::{Duration, Instant};

/// Iterations when nothing else is said.
pub const DEFAULT_ITERATIONS: usize = 1_000;
/// UCB1's exploration constant.
const EXPLORATION: f64 = 0.7;
/// Playouts stop after this many decisions (a safety net; games end long before).
const PLAYOUT_LIMIT: usize = 2_000;

/// How long the bot thinks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed number of iterations: the same seed gives the same decision.
    Iterations(usize),
    /// As many iterations as fit in this time (not reproducible).
    Time(Duration),
}

struct Node {
    /// The action that leads here from the parent, and who chose it.
    action: Option<Action>,
    player: Seat,
    parent: usize,
    children: Vec<usize>,
    visits: u32,
    /// How often this node's action was available when its parent was visited.
    available: u32,
    /// Sum of results (1 a win, 0 a loss) for `player`.
    reward: f64,
}

pub struct IsmctsBot {
    rng: ChaCha8Rng,
    budget: Budget,
}

impl IsmctsBot {
    pub fn new(seed: u64, budget: Budget) -> IsmctsBot {
        IsmctsBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            budget,
        }
    }

    /// Runs the search from `view`; returns the root's children as (action, visits, mean).
    pub fn search(&mut self, rules: &mut dyn Rules, view: &View) -> Vec<(Action, u32, f64)> {
        let catalog = rules.catalog().clone();
        let me = view.seat();
        let mut tree = vec![Node {
            action: None,
            player: me,
            parent: usize::MAX,
            children: Vec::new(),
            visits: 0,
            available: 0,
            reward: 0.0,
        }];
        let started = Instant::now();
        let mut iteration = 0usize;
        loop {
            match self.budget {
                Budget::Iterations(n) if iteration >= n => break,
                Budget::Time(t) if iteration > 0 && started.elapsed() >= t => break,
                _ => {}
            }
            iteration += 1;
            let mut state = view.determinize(&catalog, &mut self.rng);
            let mut node = 0usize;
            // Selection and expansion.
            loop {
                let Some(mover) = state.current_seat() else {
                    break;
                };
                let actions = rules.legal_actions(&state);
                let untried: Vec<Action> = actions
                    .iter()
                    .copied()
                    .filter(|a| {
                        !tree[node]
                            .children
                            .iter()
                            .any(|&c| tree[c].action == Some(*a))
                    })
                    .collect();
                if let Some(&action) = untried.choose(&mut self.rng) {
                    let child = tree.len();
                    tree.push(Node {
                        action: Some(action),
                        player: mover,
                        parent: node,
                        children: Vec::new(),
                        visits: 0,
                        available: 0,
                        reward: 0.0,
                    });
                    tree[node].children.push(child);
                    for i in 0..tree[node].children.len() {
                        let c = tree[node].children[i];
                        if tree[c].action.is_some_and(|a| actions.contains(&a)) {
                            tree[c].available += 1;
                        }
                    }
                    if rules.apply(&mut state, action, &mut Vec::new()).is_err() {
                        break;
                    }
                    node = child;
                    break;
                }
                let mut best = (f64::MIN, usize::MAX);
                for i in 0..tree[node].children.len() {
                    let c = tree[node].children[i];
                    let Some(a) = tree[c].action else { continue };
                    if !actions.contains(&a) {
                        continue;
                    }
                    tree[c].available += 1;
                    let n = tree[c].visits.max(1) as f64;
                    let score = tree[c].reward / n
                        + EXPLORATION * ((tree[c].available.max(1) as f64).ln() / n).sqrt();
                    if score > best.0 {
                        best = (score, c);
                    }
                }
                if best.1 == usize::MAX {
                    break;
                }
                let action = tree[best.1].action.expect("children have actions");
                if rules.apply(&mut state, action, &mut Vec::new()).is_err() {
                    break;
                }
                node = best.1;
            }
            // Simulation.
            let winner = playout(rules, &catalog, &mut state, &mut self.rng);
            // Backpropagation.
            let mut n = node;
            while n != usize::MAX {
                tree[n].visits += 1;
                if winner == Some(tree[n].player) {
                    tree[n].reward += 1.0;
                }
                n = tree[n].parent;
            }
        }
        tree[0]
            .children
            .iter()
            .filter_map(|&c| {
                Some((
                    tree[c].action?,
                    tree[c].visits,
                    tree[c].reward / tree[c].visits.max(1) as f64,
                ))
            })
            .collect()
    }
}

impl Bot for IsmctsBot {
    fn name(&self) -> &'static str {
        "ismcts"
    }

    fn decide(&mut self, rules: &mut dyn Rules, view: &View) -> Action {
        let legal = legal(view);
        if legal.len() <= 1 {
            return legal.first().copied().unwrap_or(Action::Pass);
        }
        let stats = self.search(rules, view);
        stats
            .iter()
            .filter(|(a, _, _)| legal.contains(a))
            .max_by(|x, y| x.1.cmp(&y.1).then(x.2.total_cmp(&y.2)))
            .map(|(a, _, _)| *a)
            .unwrap_or(legal[0])
    }
}

/// Plays the game to its end with [`quick_policy`]; the winner, if any.
fn playout(
    rules: &mut dyn Rules,
    catalog: &Catalog,
    state: &mut GameState,
    rng: &mut ChaCha8Rng,
) -> Option<Seat> {
    let mut events = Vec::new();
    for _ in 0..PLAYOUT_LIMIT {
        if state.current_seat().is_none() {
            break;
        }
        let action = quick_policy(catalog, state, rng);
        events.clear();
        if rules.apply(state, action, &mut events).is_err() {
            return None;
        }
    }
    state.winner
}

/// A fast, plausible player for playouts. It sees the sampled state, but plays only on
/// what its seat could know: the dungeon's size against the HP the tiles give, by data
/// rules alone.
fn quick_policy(catalog: &Catalog, state: &GameState, rng: &mut ChaCha8Rng) -> Action {
    let Some(decision) = &state.pending else {
        return Action::Pass;
    };
    let actions = decision.legal_actions();
    match &decision.kind {
        DecisionKind::DrawOrPass => {
            // Draw while the expected damage of the dungeon plus one card stays below the HP.
            let (hp, per_card) = outlook(catalog, state);
            let expected = per_card * (state.dungeon.len() as f64 + 1.0);
            let draw = expected + rng.random_range(-2.0..2.0) < hp as f64;
            if draw { Action::Draw } else { Action::Pass }
        }
        DecisionKind::PlaceCard { card, set_aside } => {
            // A monster the tiles defeat goes in; otherwise, often, it goes aside with the
            // tile that gives the least.
            let m = catalog.monster(state.monster_of(*card));
            let hp = state.run.hp;
            let beaten = state.tiles.iter().any(|&t| {
                catalog
                    .tile(t)
                    .defeats
                    .iter()
                    .any(|r| r.matches(m.species, m.strength, hp))
            });
            if beaten || set_aside.is_empty() || rng.random_bool(0.6) {
                Action::AddToDungeon
            } else {
                let least = set_aside
                    .iter()
                    .min_by_key(|&&t| catalog.tile(t).hp + 3 * catalog.tile(t).defeats.len() as i32)
                    .copied();
                least.map_or(Action::AddToDungeon, Action::SetAside)
            }
        }
        _ => *actions.choose(rng).unwrap_or(&Action::Pass),
    }
}

/// The HP the adventurer would enter with, and the average damage of a card of the game's
/// deck against the tiles held (data rules only).
fn outlook(catalog: &Catalog, state: &GameState) -> (i32, f64) {
    let Some(adventurer) = state.adventurer else {
        return (0, 0.0);
    };
    let hp = catalog.adventurer(adventurer).hp
        + state.tiles.iter().map(|&t| catalog.tile(t).hp).sum::<i32>();
    if !matches!(state.phase, Phase::Bidding { .. }) {
        return (hp, 0.0);
    }
    let mut total = 0.0;
    for &m in &state.cards {
        let def = catalog.monster(m);
        let beaten = state.tiles.iter().any(|&t| {
            catalog
                .tile(t)
                .defeats
                .iter()
                .any(|r| r.matches(def.species, def.strength, hp))
        });
        if !beaten {
            total += def.strength.unwrap_or(0).max(0) as f64;
        }
    }
    (hp, total / state.cards.len().max(1) as f64)
}
