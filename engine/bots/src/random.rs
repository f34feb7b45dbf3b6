//! A bot that picks uniformly among the legal actions.

use super::Bot;
use crate::action::Action;
use crate::engine::Rules;
use crate::view::View;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg32;

/// The generator is a PCG, not the ChaCha the engine and the other bots use: a random
/// game asks it for a few numbers, and a ChaCha works out 256 bytes at its first ask,
/// which was a tenth of a random game's time. A random bot only needs its picks to be
/// spread evenly and to follow from its seed.
pub struct RandomBot {
    rng: Pcg32,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Pcg32::seed_from_u64(seed),
        }
    }

    /// A random bot whose generator is where a saved one's was.
    pub(super) fn restore(rng: Pcg32) -> RandomBot {
        RandomBot { rng }
    }

    /// A random bot saved by a build whose random bot drew from a ChaCha: it goes on
    /// from a generator seeded by that one's next number (its picks are not the ones the
    /// older build would have made, but they still follow from the save alone).
    pub(super) fn restore_chacha(mut rng: ChaCha8Rng) -> RandomBot {
        RandomBot::new(rng.next_u64())
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

    fn restart(&mut self, seed: u64) -> bool {
        *self = RandomBot::new(seed);
        true
    }

    fn save(&self) -> super::BotState {
        super::BotState::Uniform {
            rng: self.rng.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A restarted random bot is the new bot of that seed.
    #[test]
    fn a_restarted_random_bot_is_a_new_one() {
        let mut bot = RandomBot::new(1);
        bot.rng.next_u64();
        assert!(bot.restart(9));
        assert_eq!(bot.save(), RandomBot::new(9).save());
        assert_ne!(bot.save(), RandomBot::new(1).save());
    }
}
