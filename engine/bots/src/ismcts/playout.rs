//! How IS-MCTS plays a round out: as the `normal` bot bids ([`PlannerBot`]), each seat
//! from its own view of the sampled state, so that the search weighs its moves against
//! opponents who bid as people do (they strip the adventurer, pass when the dungeon is
//! too dangerous for them, stay when they can survive).
//!
//! A question in the dungeon is answered by trying each option on the sampled dungeon, as
//! if the one answering knew its cards: the runner takes an option it survives, anyone else
//! one it does not. Odds as good as the bot's own would cost milliseconds per question; the
//! knowing answer costs one run per option, and errs the same way for every seat.

use super::super::planner::Params;
use super::super::{Bot, PlannerBot, legal};
use crate::action::{Action, DecisionKind};
use crate::engine::Rules;
use crate::event::Event;
use crate::ids::Seat;
use crate::state::{GameState, Phase};
use crate::view::View;

/// The playouts' bidding: the `normal` bot's, but for the choice of the adventurer, which
/// comes only once a playout's round is over (and would play rounds of its own), and
/// weighing two tiles to set aside, not all (a search plays thousands of decisions).
const PLAYOUT: Params = Params {
    choose_by_rounds: false,
    quick_placement: true,
    ..Params::NORMAL
};

/// Questions asked within a trial run are answered with their first option, up to this
/// many (a safety net against hooks that ask forever).
const TRIAL_LIMIT: usize = 64;

pub(super) struct PlayoutPolicy {
    /// Bids for every seat, each from its own view.
    bidder: PlannerBot,
}

impl PlayoutPolicy {
    pub(super) fn new(seed: u64) -> PlayoutPolicy {
        PlayoutPolicy {
            bidder: PlannerBot::with_params(seed, PLAYOUT),
        }
    }

    pub(super) fn restore(mut bidder: PlannerBot) -> PlayoutPolicy {
        bidder.params = PLAYOUT;
        PlayoutPolicy { bidder }
    }

    /// The bot that bids for every seat.
    pub(super) fn bidder(&self) -> &PlannerBot {
        &self.bidder
    }

    /// The action for the seat whose decision `state` waits on.
    pub(super) fn decide(&mut self, rules: &mut dyn Rules, state: &GameState) -> Action {
        let Some(seat) = state.current_seat() else {
            return Action::Pass;
        };
        if let Some(DecisionKind::Question(_)) = state.pending.as_ref().map(|d| &d.kind) {
            return knowing_answer(rules, state, seat);
        }
        self.decide_from_view(rules, &View::new(state, seat))
    }

    fn decide_from_view(&mut self, rules: &mut dyn Rules, view: &View) -> Action {
        let action = self.bidder.decide(rules, view);
        legal_or_first(action, view)
    }
}

/// The option of the pending question that gives `seat` the outcome it wants, tried on
/// this very dungeon: the runner survives it, anyone else sees the runner fail.
fn knowing_answer(rules: &mut dyn Rules, state: &GameState, seat: Seat) -> Action {
    let options = rules.legal_actions(state);
    let runner = state.run.runner;
    let mut events = Vec::new();
    for &option in &options {
        let mut trial = state.clone();
        events.clear();
        // A trial whose move fails is dropped (only its events are read after).
        if rules
            .apply_or_abandon(&mut trial, option, &mut events)
            .is_err()
        {
            continue;
        }
        for _ in 0..TRIAL_LIMIT {
            let in_dungeon = trial.phase == Phase::Dungeon;
            let Some(first) = rules
                .legal_actions(&trial)
                .first()
                .copied()
                .filter(|_| in_dungeon)
            else {
                break;
            };
            if rules
                .apply_or_abandon(&mut trial, first, &mut events)
                .is_err()
            {
                break;
            }
        }
        let survived = events.iter().any(|e| matches!(e, Event::Success { .. }));
        if survived == (seat == runner) {
            return option;
        }
    }
    options.first().copied().unwrap_or(Action::Pass)
}

/// `action` if the view's decision allows it, else its first legal action.
fn legal_or_first(action: Action, view: &View) -> Action {
    let legal = legal(view);
    if legal.contains(&action) {
        action
    } else {
        legal.first().copied().unwrap_or(Action::Pass)
    }
}
