//! Single-observer information-set Monte Carlo tree search (SO-ISMCTS; Cowling, Powley and
//! Whitehouse, 2012). Each iteration samples a full state the bot cannot tell from the
//! real one ([`View::determinize`]), walks the tree by UCB1 among the actions that sample
//! allows (counting, for each child, how often it was available), adds one node, plays the
//! round out, and credits each node with the result for the player who chose its action.
//! The most visited action at the root is played.
//!
//! Two choices make it strong enough to beat the `normal` bot within a second:
//! - playouts are played as the `normal` bot bids ([`playout`]), each seat from its own
//!   view of the sampled state, not by random moves;
//! - a playout stops when the round ends, and the position is scored by
//!   [`super::outlook::chances`]: each player's chance to win the game from the successes and
//!   failures on the table and who starts the next round. The decisions of a round change
//!   little beyond that round, and playing whole games would drown their effect in the
//!   noise of later rounds.

mod playout;

use super::{Bot, PlannerBot, legal};
use crate::action::{Action, DecisionKind};
use crate::engine::Rules;
use crate::ids::Seat;
use crate::state::GameState;
use crate::view::View;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use std::time::{Duration, Instant};

/// Iterations when nothing else is said ("hard"). Each plays a round out with `normal`
/// bidders (a millisecond or so), so a decision takes about a tenth of a second; at 2
/// players this beats `normal` about two games in three (docs/bots.md).
pub const DEFAULT_ITERATIONS: usize = 100;
/// How sure the search must be (in standard errors of the difference of two means) to
/// play against the `normal` bot's advice. Searches are noisy: differences smaller than
/// their own noise lost more games than they won.
const CONFIDENCE: f64 = 2.0;
/// UCB1's exploration constant.
const EXPLORATION: f64 = 0.7;
/// Playouts stop after this many decisions (a safety net; rounds end long before).
const PLAYOUT_LIMIT: usize = 500;

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
    /// Sum of results (each the chance to win the game, 0 to 1) for `player`, and of
    /// their squares (for the spread of the mean).
    reward: f64,
    reward_sq: f64,
}

impl Node {
    fn new(action: Option<Action>, player: Seat, parent: usize) -> Node {
        Node {
            action,
            player,
            parent,
            children: Vec::new(),
            visits: 0,
            available: 0,
            reward: 0.0,
            reward_sq: 0.0,
        }
    }
}

pub struct IsmctsBot {
    rng: ChaCha8Rng,
    budget: Budget,
    /// Plays every seat in the playouts.
    playout: playout::PlayoutPolicy,
    /// Its choice stands unless the search clearly finds better.
    advisor: PlannerBot,
}

impl IsmctsBot {
    pub fn new(seed: u64, budget: Budget) -> IsmctsBot {
        IsmctsBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            budget,
            playout: playout::PlayoutPolicy::new(seed ^ 0x9e37_79b9_7f4a_7c15),
            advisor: PlannerBot::new(seed ^ 0x5851_f42d_4c95_7f2d),
        }
    }

    /// An IS-MCTS bot as a saved one was.
    pub(super) fn restore(
        budget: Budget,
        rng: ChaCha8Rng,
        advisor: PlannerBot,
        playout: PlannerBot,
    ) -> IsmctsBot {
        IsmctsBot {
            rng,
            budget,
            playout: playout::PlayoutPolicy::restore(playout),
            advisor,
        }
    }

    /// Runs the search from `view`; returns what it learnt of each action at the root.
    pub fn search(&mut self, rules: &mut dyn Rules, view: &View) -> Vec<ActionStats> {
        let catalog = rules.catalog().clone();
        let mut tree = vec![Node::new(None, view.seat(), usize::MAX)];
        let started = Instant::now();
        let mut actions = Vec::new();
        let mut events = Vec::new();
        for iteration in 0.. {
            match self.budget {
                Budget::Iterations(n) if iteration >= n => break,
                Budget::Time(t) if iteration > 0 && started.elapsed() >= t => break,
                _ => {}
            }
            let mut state = view.determinize(&catalog, &mut self.rng);
            let round = state.round;
            let mut node = 0usize;
            // Selection and expansion, within the round.
            while let Some(mover) = state.current_seat().filter(|_| state.round == round) {
                // Questions below the root are left to the playout's knowing answer: in the
                // tree, exploring every option of every seat's questions would blur the
                // values of the bidding choices above them.
                if node != 0 && left_to_playout(&state) {
                    break;
                }
                actions.clear();
                actions.extend(rules.legal_actions(&state));
                let children = &tree[node].children;
                let untried: Vec<Action> = actions
                    .iter()
                    .copied()
                    .filter(|a| !children.iter().any(|&c| tree[c].action == Some(*a)))
                    .collect();
                // Every child this sample allows was available at this visit.
                for i in 0..tree[node].children.len() {
                    let c = tree[node].children[i];
                    if tree[c].action.is_some_and(|a| actions.contains(&a)) {
                        tree[c].available += 1;
                    }
                }
                let (child, expanded) = match untried.choose(&mut self.rng) {
                    Some(&action) => {
                        let child = tree.len();
                        let mut new = Node::new(Some(action), mover, node);
                        new.available = 1;
                        tree.push(new);
                        tree[node].children.push(child);
                        (child, true)
                    }
                    None => match best_child(&tree, node, &actions) {
                        Some(c) => (c, false),
                        None => break,
                    },
                };
                let action = tree[child].action.expect("children have actions");
                crate::event::clear_log(&mut events);
                if thinking_apply(rules, &mut state, action, &mut events).is_err() {
                    break;
                }
                node = child;
                if expanded {
                    break;
                }
            }
            let value = self.playout(rules, &mut state, round);
            // Backpropagation.
            let mut n = node;
            while n != usize::MAX {
                tree[n].visits += 1;
                let v = value[tree[n].player as usize];
                tree[n].reward += v;
                tree[n].reward_sq += v * v;
                n = tree[n].parent;
            }
        }
        tree[0]
            .children
            .iter()
            .filter_map(|&c| {
                let n = &tree[c];
                let visits = n.visits.max(1) as f64;
                let mean = n.reward / visits;
                Some(ActionStats {
                    action: n.action?,
                    visits: n.visits,
                    mean,
                    variance: (n.reward_sq / visits - mean * mean).max(0.0),
                })
            })
            .collect()
    }

    /// Plays the rest of the round with the playout bot, each seat from its own view; each
    /// player's chance to win the game from there.
    fn playout(&mut self, rules: &mut dyn Rules, state: &mut GameState, round: u32) -> [f64; 4] {
        let mut events = Vec::new();
        for _ in 0..PLAYOUT_LIMIT {
            if state.current_seat().is_none() {
                break;
            }
            if state.round != round {
                break;
            }
            let action = self.playout.decide(rules, state);
            crate::event::clear_log(&mut events);
            if thinking_apply(rules, state, action, &mut events).is_err() {
                break;
            }
        }
        super::outlook::chances(state)
    }
}

/// A move of a simulated game, in analysis: a hook call past its analysis steps
/// (`crate::script::ANALYSIS_STEP_BUDGET`) fails it, and the simulation stops there.
fn thinking_apply(
    rules: &mut dyn Rules,
    state: &mut GameState,
    action: Action,
    events: &mut Vec<crate::event::Event>,
) -> Result<(), crate::error::EngineError> {
    rules.set_analysis(true);
    let applied = rules.apply(state, action, events);
    rules.set_analysis(false);
    applied.map(|_| ())
}

/// Questions and the choice of adventurer: decided by the playout policy below the root.
fn left_to_playout(state: &GameState) -> bool {
    matches!(
        state.pending.as_ref().map(|d| &d.kind),
        Some(DecisionKind::Question(_) | DecisionKind::ChooseAdventurer { .. })
    )
}

/// The child with the best UCB1 score among the actions `actions` allows.
fn best_child(tree: &[Node], node: usize, actions: &[Action]) -> Option<usize> {
    let mut best = (f64::MIN, None);
    for &c in &tree[node].children {
        let child = &tree[c];
        if !child.action.is_some_and(|a| actions.contains(&a)) {
            continue;
        }
        let n = child.visits.max(1) as f64;
        let score =
            child.reward / n + EXPLORATION * ((child.available.max(1) as f64).ln() / n).sqrt();
        if score > best.0 {
            best = (score, Some(c));
        }
    }
    best.1
}

impl Bot for IsmctsBot {
    fn name(&self) -> &'static str {
        "ismcts"
    }

    fn save(&self) -> super::BotState {
        super::BotState::Ismcts {
            rng: self.rng.clone(),
            advisor: self.advisor.saved(),
            playout: self.playout.bidder().saved(),
        }
    }

    /// The most visited action, if the search is confident it beats the `normal` bot's choice.
    fn decide(&mut self, rules: &mut dyn Rules, view: &View) -> Action {
        let legal = legal(view);
        if legal.len() <= 1 {
            return legal.first().copied().unwrap_or(Action::Pass);
        }
        let advice = self.advisor.decide(rules, view);
        let stats = self.search(rules, view);
        let Some(best) = stats
            .iter()
            .filter(|s| legal.contains(&s.action))
            .max_by(|x, y| x.visits.cmp(&y.visits).then(x.mean.total_cmp(&y.mean)))
        else {
            return advice;
        };
        match stats.iter().find(|s| s.action == advice) {
            Some(a) if best.action != advice && !best.clearly_beats(a) => advice,
            _ => best.action,
        }
    }
}

/// What the search learnt of one action at the root.
#[derive(Clone, Debug)]
pub struct ActionStats {
    pub action: Action,
    pub visits: u32,
    /// The mean result (the chance to win the game) and its variance over the visits.
    pub mean: f64,
    pub variance: f64,
}

impl ActionStats {
    /// This action's mean is above `other`'s by more than [`CONFIDENCE`] standard errors.
    fn clearly_beats(&self, other: &ActionStats) -> bool {
        let error = (self.variance / self.visits.max(1) as f64
            + other.variance / other.visits.max(1) as f64)
            .sqrt();
        self.mean - other.mean > CONFIDENCE * error
    }
}
