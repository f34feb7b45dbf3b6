//! Information-set Monte Carlo tree search (single observer), for any [`Game`]: each
//! iteration samples a whole state from the bot's view ([`Game::determinize`]), walks a
//! tree of the moves taken from the decision, choosing among the moves legal in that sample
//! by UCB (a move's chance counted only in the samples where it was legal), plays the rest
//! at random up to a depth, and credits every seat with its result: 1 for a win, the
//! game's [`Game::heuristic`] for a game cut short. The bot plays the move tried most.
//! It reads nothing but its view, so it cannot peek.

use crate::{Game, Seat};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// How hard the bot thinks.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Search {
    pub iterations: u32,
    /// Moves a sample is played past the tree before the heuristic judges it.
    pub depth: u32,
    /// UCB's exploration weight.
    pub exploration: f64,
}

impl Default for Search {
    fn default() -> Search {
        Search {
            iterations: 200,
            depth: 60,
            exploration: 0.7,
        }
    }
}

struct Node<A> {
    /// The move that led here, and who made it.
    action: Option<(Seat, A)>,
    visits: u32,
    /// Samples in which this node's move was legal.
    available: u32,
    /// The sum of the mover's results.
    reward: f64,
    children: Vec<usize>,
}

/// The move `view`'s seat makes (its first legal one if the search has no choice).
pub fn decide<G: Game>(
    game: &G,
    view: &G::View,
    search: Search,
    rng: &mut ChaCha8Rng,
) -> Option<G::Action> {
    let me = game.seat_of(view)?;
    let root_state = game.determinize(view, rng);
    let legal = game.legal_actions(&root_state);
    if legal.len() <= 1 || game.to_act(&root_state) != Some(me) {
        return legal.into_iter().next();
    }
    let mut nodes: Vec<Node<G::Action>> = vec![Node {
        action: None,
        visits: 0,
        available: 0,
        reward: 0.0,
        children: Vec::new(),
    }];
    let mut events = Vec::new();
    for _ in 0..search.iterations {
        let mut state = game.determinize(view, rng);
        let mut path = vec![0usize];
        let mut node = 0usize;
        // Down the tree while every legal move has been tried.
        loop {
            let Some(actor) = game.to_act(&state) else {
                break;
            };
            let legal = game.legal_actions(&state);
            let mut best: Option<(f64, usize)> = None;
            let mut untried = Vec::new();
            for action in &legal {
                let child = (nodes[node].children.iter().copied())
                    .find(|&c| nodes[c].action.as_ref() == Some(&(actor, action.clone())));
                match child {
                    Some(c) => {
                        nodes[c].available += 1;
                        let n = &nodes[c];
                        let ucb = n.reward / f64::from(n.visits.max(1))
                            + search.exploration
                                * (f64::from(n.available.max(1)).ln() / f64::from(n.visits.max(1)))
                                    .sqrt();
                        if best.is_none_or(|(b, _)| ucb > b) {
                            best = Some((ucb, c));
                        }
                    }
                    None => untried.push(action.clone()),
                }
            }
            if !untried.is_empty() {
                let action = untried.swap_remove(rng.random_range(..untried.len()));
                let child = nodes.len();
                nodes.push(Node {
                    action: Some((actor, action.clone())),
                    visits: 0,
                    available: 1,
                    reward: 0.0,
                    children: Vec::new(),
                });
                nodes[node].children.push(child);
                let _ = game.apply(&mut state, &action, &mut events);
                path.push(child);
                break;
            }
            let Some((_, c)) = best else {
                break;
            };
            let (_, action) = nodes[c].action.clone().expect("a child has a move");
            let _ = game.apply(&mut state, &action, &mut events);
            path.push(c);
            node = c;
        }
        // The rest at random, up to the depth.
        for _ in 0..search.depth {
            if game.to_act(&state).is_none() {
                break;
            }
            let legal = game.legal_actions(&state);
            let action = &legal[rng.random_range(..legal.len())];
            let _ = game.apply(&mut state, action, &mut events);
        }
        events.clear();
        let result = |seat: Seat| match game.outcome(&state) {
            Some(o) if o.winners.contains(&seat) => 1.0 / o.winners.len() as f64,
            Some(o) if !o.winners.is_empty() => 0.0,
            _ => game.heuristic(&state, seat),
        };
        for &n in &path[1..] {
            let seat = nodes[n].action.as_ref().map_or(me, |(s, _)| *s);
            nodes[n].visits += 1;
            nodes[n].reward += result(seat);
        }
        nodes[0].visits += 1;
    }
    let best = (nodes[0].children.iter())
        .filter(|&&c| {
            nodes[c]
                .action
                .as_ref()
                .is_some_and(|(s, a)| *s == me && legal.contains(a))
        })
        .max_by_key(|&&c| nodes[c].visits)
        .and_then(|&c| nodes[c].action.clone().map(|(_, a)| a));
    best.or_else(|| legal.into_iter().next())
}

/// One game of `searcher` searching against every other seat playing at random, all moves
/// drawn from `rng`: how the lab and the tests measure the search against the baseline.
pub fn against_random<G: Game>(
    game: &G,
    options: &G::Options,
    seed: u64,
    searcher: Seat,
    search: Search,
    rng: &mut ChaCha8Rng,
) -> Result<crate::Outcome, G::Error> {
    let mut events = Vec::new();
    let mut state = game.new_game(options, seed, &mut events)?;
    while let Some(seat) = game.to_act(&state) {
        let action = if seat == searcher {
            let view = game.view(&state, Some(seat));
            decide(game, &view, search, rng).expect("a seat to act has a move")
        } else {
            let legal = game.legal_actions(&state);
            legal[rng.random_range(..legal.len())].clone()
        };
        game.apply(&mut state, &action, &mut events)?;
        events.clear();
    }
    Ok(game.outcome(&state).expect("a game over has an outcome"))
}
