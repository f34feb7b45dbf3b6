//! The `easy` bot: a player still learning the game. It bids as the `normal` bot does, but
//! now and then makes a move a beginner would (any legal move, drawn at random), and picks
//! the adventurer without playing rounds out in its head. A beginner who always blundered
//! would be no game at all; one who never did would be `normal`.

use super::planner::{Params, PlannerBot};
use super::{Bot, legal};
use crate::action::Action;
use crate::engine::Rules;
use crate::view::View;
use rand::RngExt;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// The chance that a decision with a choice in it is a beginner's: at 0.15 a `normal` bot
/// wins about three games in four against it at two players (`docs/bots.md`).
pub const BLUNDERS: f64 = 0.15;

/// How the easy bot thinks when it does think: as `normal`, but without playing rounds out
/// to choose the adventurer.
const PARAMS: Params = Params {
    choose_by_rounds: false,
    ..Params::NORMAL
};

pub struct NoviceBot {
    rng: ChaCha8Rng,
    thinker: PlannerBot,
}

impl NoviceBot {
    pub fn new(seed: u64) -> NoviceBot {
        NoviceBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            thinker: PlannerBot::with_params(seed ^ 0x2545_f491_4f6c_dd1d, PARAMS),
        }
    }

    /// A novice as a saved one was.
    pub(super) fn restore(rng: ChaCha8Rng, mut thinker: PlannerBot) -> NoviceBot {
        thinker.params = PARAMS;
        NoviceBot { rng, thinker }
    }
}

impl Bot for NoviceBot {
    fn name(&self) -> &'static str {
        "novice"
    }

    fn decide(&mut self, rules: &mut dyn Rules, view: &View) -> Action {
        let legal = legal(view);
        if legal.len() > 1 && self.rng.random::<f64>() < BLUNDERS {
            return *legal.choose(&mut self.rng).unwrap_or(&Action::Pass);
        }
        self.thinker.decide(rules, view)
    }

    fn save(&self) -> super::BotState {
        super::BotState::Novice {
            rng: self.rng.clone(),
            thinker: self.thinker.saved(),
        }
    }
}
