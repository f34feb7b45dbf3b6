//! The bots any [`Game`] gets: uniform random play and IS-MCTS ([`crate::ismcts`]) at a
//! few strengths, named as the first game's levels are (`easy`, `normal`, `hard`,
//! `hard:N`). Each reads only its seat's view, and draws only from the generator it is
//! handed, so a game with bots is as replayable as one without.

use crate::ismcts::{Search, decide};
use crate::{Game, Seat};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// A seat's player.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bot {
    /// Uniform among the legal actions.
    Random,
    /// IS-MCTS with this many iterations a decision.
    Search(u32),
}

impl Bot {
    /// The move of `seat`, the seat to act, drawing from `rng`.
    pub fn choose<G: Game>(
        self,
        game: &G,
        state: &G::State,
        seat: Seat,
        rng: &mut ChaCha8Rng,
    ) -> G::Action {
        match self {
            // What the seat to act may do is its to know: no sample needed.
            Bot::Random => {
                let legal = game.legal_actions(state);
                legal[rng.random_range(..legal.len())].clone()
            }
            Bot::Search(_) => {
                let view = game.view(state, Some(seat));
                (self.choose_from_view(game, &view, rng))
                    .unwrap_or_else(|| game.legal_actions(state)[0].clone())
            }
        }
    }

    /// The move of `seat`, the seat to act, as decision `number` of the game of
    /// `game_seed`: the bot's generator is seeded from the game, the seat and the number,
    /// so a game played again (or taken up after a restart) gets the same moves and
    /// nothing of the bot needs keeping. Every table of any game seeds its bots so.
    pub fn choose_seeded<G: Game>(
        self,
        game: &G,
        state: &G::State,
        seat: Seat,
        game_seed: u64,
        number: u64,
    ) -> G::Action {
        let seed = game_seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (u64::from(seat) << 48) ^ number;
        self.choose(game, state, seat, &mut ChaCha8Rng::seed_from_u64(seed))
    }

    /// The move of `view`'s seat, from its view alone (`None` when it has none).
    pub fn choose_from_view<G: Game>(
        self,
        game: &G,
        view: &G::View,
        rng: &mut ChaCha8Rng,
    ) -> Option<G::Action> {
        match self {
            Bot::Random => {
                let state = game.determinize(view, rng);
                let legal = game.legal_actions(&state);
                (!legal.is_empty()).then(|| legal[rng.random_range(..legal.len())].clone())
            }
            Bot::Search(iterations) => {
                let search = Search {
                    iterations,
                    ..Search::default()
                };
                decide(game, view, search, rng)
            }
        }
    }

    /// The bot's id, as reports and kept games name it (`random`, `ismcts:300`).
    pub fn id(self) -> String {
        match self {
            Bot::Random => "random".into(),
            Bot::Search(n) => format!("ismcts:{n}"),
        }
    }

    /// A bot by its level or id (`easy`/`random`, `normal`, `hard`, `hard:N`/`ismcts:N`).
    pub fn parse(level: &str) -> Option<Bot> {
        match level.trim() {
            "random" | "easy" => Some(Bot::Random),
            "normal" | "ismcts" => Some(Bot::Search(100)),
            "hard" => Some(Bot::Search(300)),
            other => (other.strip_prefix("hard:"))
                .or(other.strip_prefix("ismcts:"))
                .and_then(|n| n.parse().ok())
                .filter(|n| (1..=100_000).contains(n))
                .map(Bot::Search),
        }
    }
}

/// The bots of a comma-separated list.
pub fn lineup(list: &str) -> Option<Vec<Bot>> {
    list.split(',').map(Bot::parse).collect()
}
