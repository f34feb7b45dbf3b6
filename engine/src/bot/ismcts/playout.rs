//! How IS-MCTS plays a round out: fast, and much like the rules bot. Each seat decides from
//! its own view of the sampled state. To draw or pass it asks the shared odds of its
//! adventurer and tiles against a dungeon of that many unseen cards (one table lookup
//! once the thread has seen the situation), standing firm at the rules bot's thresholds;
//! a drawn card goes into the dungeon; the choice of adventurer goes to the rules bot.
//!
//! A question in the dungeon is answered by trying each option on the sampled dungeon, as
//! if the one answering knew its cards: the runner takes an option it survives, anyone else
//! one it does not. Odds as good as the rules bot's would cost milliseconds per question;
//! the knowing answer costs one run per option, and errs the same way for every seat.

use super::super::{Bot, PlannerBot, RulesBot, legal, typical};
use crate::action::{Action, DecisionKind};
use crate::engine::Rules;
use crate::event::Event;
use crate::ids::Seat;
use crate::state::{GameState, Phase};
use crate::view::View;

/// Questions asked within a trial run are answered with their first option, up to this
/// many (a safety net against hooks that ask forever).
const TRIAL_LIMIT: usize = 64;

pub(super) struct PlayoutPolicy {
    adventurers: PlannerBot,
}

impl PlayoutPolicy {
    pub(super) fn new(seed: u64) -> PlayoutPolicy {
        PlayoutPolicy {
            adventurers: PlannerBot::new(seed),
        }
    }

    pub(super) fn restore(adventurers: PlannerBot) -> PlayoutPolicy {
        PlayoutPolicy { adventurers }
    }

    /// The rules bot that picks adventurers and answers what the playout does not.
    pub(super) fn adventurers(&self) -> &PlannerBot {
        &self.adventurers
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
        let Some(decision) = view.decision() else {
            return Action::Pass;
        };
        let action = match &decision.kind {
            DecisionKind::DrawOrPass => {
                let Some(adventurer) = view.adventurer() else {
                    return Action::Pass;
                };
                let me = view.seat();
                let catalog = rules.catalog().clone();
                let p = typical::odds(
                    rules,
                    &typical::Situation {
                        players: view.players(),
                        runner: me,
                        successes: view.successes(me),
                        failures: view.failures(me),
                        adventurer,
                        tiles: view.tiles().to_vec(),
                        size: view.dungeon_size(),
                        damage_model: view.damage_model(),
                        specials_in_play: view.specials_in_play(&catalog),
                    },
                    &view.options().rulings,
                    typical::QUICK,
                );
                if p >= RulesBot::stay_in(view) {
                    Action::Draw
                } else {
                    Action::Pass
                }
            }
            DecisionKind::PlaceCard { .. } => Action::AddToDungeon,
            DecisionKind::ChooseAdventurer { .. } | DecisionKind::Question(_) => {
                self.adventurers.decide(rules, view)
            }
        };
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
