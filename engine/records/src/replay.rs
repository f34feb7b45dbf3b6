//! Playing a record again: each decision, written as a label, must be one of the legal
//! actions when its turn comes; at the end, the stored state must be the one the
//! decisions lead to. Labels name cards by id, so a record reads the same in any language
//! and does not depend on the order the catalog interned the cards in.

use super::{GameRecord, RecordError};
use crate::action::{Action, Answer};
use crate::catalog::Catalog;
use crate::engine::Engine;
use crate::event::Event;
use crate::hooks::HookRunner;
use crate::ids::Seat;
use crate::state::GameState;

/// An action as a record writes it: `adventurer:ID`, `draw`, `pass`, `add`, `aside:TILE`,
/// `answer:yes`, `answer:no`, `answer:species:ID`, `answer:tile:ID`, `answer:seat:N`
/// (seats counted from 0).
pub fn action_label(catalog: &Catalog, action: Action) -> String {
    match action {
        Action::ChooseAdventurer(a) => format!("adventurer:{}", catalog.adventurer(a).info.id),
        Action::Draw => "draw".into(),
        Action::Pass => "pass".into(),
        Action::AddToDungeon => "add".into(),
        Action::SetAside(t) => format!("aside:{}", catalog.tile(t).info.id),
        Action::Answer(answer) => match answer {
            Answer::Yes => "answer:yes".into(),
            Answer::No => "answer:no".into(),
            Answer::Species(s) => format!("answer:species:{}", catalog.species_def(s).id),
            Answer::Tile(t) => format!("answer:tile:{}", catalog.tile(t).info.id),
            Answer::Seat(s) => format!("answer:seat:{s}"),
        },
    }
}

/// One decision played again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Counted from 1.
    pub number: usize,
    pub seat: Seat,
    pub action: Action,
}

/// A record being played again, decision by decision.
pub struct Replay<'r> {
    record: &'r GameRecord,
    state: GameState,
    next: usize,
}

impl<'r> Replay<'r> {
    /// Sets up the record's game on `engine`, whose packs must be the record's; the setup's
    /// events go to `events`.
    pub fn start<H: HookRunner>(
        engine: &mut Engine<H>,
        record: &'r GameRecord,
        events: &mut Vec<Event>,
    ) -> Result<Replay<'r>, RecordError> {
        record.check_packs(engine.catalog())?;
        let state = engine
            .new_game(record.options.clone(), record.seed, events)
            .map_err(RecordError::Setup)?;
        Ok(Replay {
            record,
            state,
            next: 0,
        })
    }

    /// The game as the decisions played so far left it.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// Plays the next decision, its events going to `events`; `None` once all are played.
    pub fn step<H: HookRunner>(
        &mut self,
        engine: &mut Engine<H>,
        events: &mut Vec<Event>,
    ) -> Result<Option<Step>, RecordError> {
        let Some(recorded) = self.record.decisions.get(self.next) else {
            return Ok(None);
        };
        let number = self.next + 1;
        let Some(pending) = &self.state.pending else {
            return Err(RecordError::AfterEnd {
                number,
                action: super::error::clip(&recorded.action),
            });
        };
        if recorded.seat != pending.seat {
            return Err(RecordError::WrongSeat {
                number,
                recorded: recorded.seat,
                expected: pending.seat,
            });
        }
        let catalog = engine.catalog().clone();
        let legal = pending.legal_actions();
        let Some(action) = legal
            .iter()
            .copied()
            .find(|&a| action_label(&catalog, a) == recorded.action)
        else {
            return Err(RecordError::Illegal {
                number,
                action: super::error::clip(&recorded.action),
                legal: legal.iter().map(|&a| action_label(&catalog, a)).collect(),
            });
        };
        engine
            .apply(&mut self.state, action, events)
            .map_err(|error| RecordError::Failed { number, error })?;
        self.next = number;
        Ok(Some(Step {
            number,
            seat: recorded.seat,
            action,
        }))
    }

    /// Plays the decisions left and checks that the stored state is where they lead.
    pub fn finish<H: HookRunner>(
        mut self,
        engine: &mut Engine<H>,
        events: &mut Vec<Event>,
    ) -> Result<GameState, RecordError> {
        while self.step(engine, events)?.is_some() {}
        let mut replayed = super::state_json(&self.state);
        leave_out_newer_fields(&self.record.state, &mut replayed);
        if replayed != self.record.state {
            return Err(RecordError::StateDiffers {
                at: first_difference(&self.record.state, &replayed),
            });
        }
        Ok(self.state)
    }
}

impl GameRecord {
    /// Plays the whole record again on `engine` (its packs must be the record's) and
    /// returns the state it leads to, checked against the stored one.
    pub fn verify<H: HookRunner>(&self, engine: &mut Engine<H>) -> Result<GameState, RecordError> {
        let mut events = Vec::new();
        let replay = Replay::start(engine, self, &mut events)?;
        replay.finish(engine, &mut events)
    }
}

/// Fields of the state added after format 2 without changing how a game plays (what the
/// log tells needs them), by path: a stored state made before them has none, and is
/// compared without them. One that has them must match, like every other field.
const NEWER_FIELDS: [(&str, &str); 2] = [("run", "success_forced_by"), ("run", "log_lines")];

/// Removes from `replayed` the newer fields `stored` does not have.
fn leave_out_newer_fields(stored: &serde_json::Value, replayed: &mut serde_json::Value) {
    for (object, field) in NEWER_FIELDS {
        let stored_has = stored
            .get(object)
            .and_then(|o| o.as_object())
            .is_some_and(|o| o.contains_key(field));
        if !stored_has {
            if let Some(o) = replayed.get_mut(object).and_then(|o| o.as_object_mut()) {
                o.remove(field);
            }
        }
    }
}

/// Where two states (as JSON) first differ, as a path: `state.players[1].successes`.
fn first_difference(stored: &serde_json::Value, replayed: &serde_json::Value) -> String {
    use serde_json::Value;
    fn walk(a: &Value, b: &Value, path: String) -> String {
        match (a, b) {
            (Value::Object(x), Value::Object(y)) => {
                for (key, va) in x {
                    match y.get(key) {
                        Some(vb) if va == vb => {}
                        Some(vb) => return walk(va, vb, format!("{path}.{key}")),
                        None => return format!("{path}.{key}"),
                    }
                }
                y.keys()
                    .find(|k| !x.contains_key(*k))
                    .map_or(path.clone(), |k| format!("{path}.{k}"))
            }
            (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
                .iter()
                .zip(y)
                .position(|(va, vb)| va != vb)
                .map_or(path.clone(), |i| walk(&x[i], &y[i], format!("{path}[{i}]"))),
            _ => path,
        }
    }
    let mut at = walk(stored, replayed, "state".into());
    // A path from the file: keep it short.
    if at.len() > 120 {
        at = crate::printable::truncate(&at, 120).into_owned();
    }
    at
}
