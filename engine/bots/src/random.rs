//! A bot that picks uniformly among the legal actions.

use super::Bot;
use crate::action::Action;
use crate::engine::Rules;
use crate::view::View;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// A random bot whose generator is where a saved one's was.
    pub(super) fn restore(rng: ChaCha8Rng) -> RandomBot {
        RandomBot { rng }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn decide(&mut self, _rules: &mut dyn Rules, view: &View) -> Action {
        // As `legal(view).choose(rng)` would pick (one `random_range(..len)` draw), without
        // making the list: the same generator steps, so the same games.
        let Some(decision) = view.decision() else {
            return Action::Pass;
        };
        match decision.legal_count() {
            0 => Action::Pass,
            n => (decision.legal_action(self.rng.random_range(..n))).unwrap_or(Action::Pass),
        }
    }

    fn save(&self) -> super::BotState {
        super::BotState::Random {
            rng: self.rng.clone(),
        }
    }
}
