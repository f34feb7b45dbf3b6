//! Taking one step on an engine, the search's own or one of its twins' (see
//! `levels/twins.rs`): the state it leads to, made on a copy, and what the step read.

use super::*;

/// Has `engine` spent the work it may (with `elsewhere` steps taken on its twins)?
pub(super) fn spent_all(engine: &dyn Rules, elsewhere: u64) -> bool {
    (engine.work_limit())
        .is_some_and(|limit| engine.hooks_steps_spent().saturating_add(elsewhere) >= limit)
}

/// An engine to take steps on, with its scratch space: the search's own, or a twin's.
pub(super) struct On<'e> {
    pub(super) engine: &'e mut dyn Rules,
    pub(super) events: &'e mut Vec<Event>,
    /// Answer the hooks asking whether a species was faced before from these species
    /// ([`Rules::hooks_answer_species_from`]); `None`: from the run's monsters.
    pub(super) answers: Option<u64>,
}

impl On<'_> {
    /// Takes a move on `next`, made a copy of `from` (see [`OddsSearch::step`]).
    /// `exhausted`: whether the work is used up.
    pub(super) fn step(
        self,
        from: &GameState,
        next: &mut GameState,
        step: Move,
        deck: Option<MonsterId>,
        exhausted: &dyn Fn(&dyn Rules) -> bool,
    ) -> Result<Outcome, EngineError> {
        let On {
            engine,
            events,
            answers,
        } = self;
        from.copy_for_undo(next);
        next.options = from.options.clone();
        // What was asked making `from` is not this step's.
        drop(engine.hooks_take_species_asked());
        let reads = engine.hooks_history_reads();
        let draws = engine.hooks_random_draws();
        // The monsters done with before the step: those faced but the one being resolved.
        let faced_len = next.run.faced.len();
        let done_len = key::resolved_at(&next.run).unwrap_or(faced_len);
        let done_before = (next.run.faced[..done_len].iter())
            .filter(|f| f.fate != Fate::Replaced)
            .count();
        if answers.is_some() {
            engine.hooks_answer_species_from(answers);
        }
        let taken = take_on(&mut *engine, events, next, step, deck);
        if answers.is_some() {
            engine.hooks_answer_species_from(None);
        }
        taken?;
        if engine.hooks_random_draws() != draws {
            // Where it led hangs on a number this search cannot weigh: nothing of it is
            // remembered (no edge, no figure), and the caller samples instead.
            return Err(EngineError::Random);
        }
        if exhausted(&*engine) {
            return Err(EngineError::Work);
        }
        let asked = engine.hooks_take_species_asked();
        let after = engine.hooks_history_reads();
        let read = reads.is_none() || reads != after;
        // Clean: every read of the history was a question asked (none, mostly).
        let clean = reads
            .zip(after)
            .is_some_and(|(r, a)| a.wrapping_sub(r) == asked.len() as u64);
        // Those done with after it, the same and more (else unknown: `seen_added`).
        let faced = &next.run.faced;
        let done_after = key::resolved_at(&next.run).unwrap_or(faced.len());
        let only_added = done_after >= done_len
            && (faced[..done_len].iter())
                .filter(|f| f.fate != Fate::Replaced)
                .count()
                == done_before;
        let seen_added = only_added
            .then(|| {
                (faced[done_len..done_after].iter())
                    .filter(|f| f.fate != Fate::Replaced)
                    .try_fold(0, |bits, f| key::species_bit(f.species).map(|b| bits | b))
            })
            .flatten();
        Ok(Outcome {
            clean,
            asked,
            seen_added,
            read,
        })
    }
}

/// What taking a step found, but the state (see [`Stepped`]), and whether it read the
/// history.
pub(super) struct Outcome {
    pub(super) clean: bool,
    pub(super) asked: Vec<(SpeciesQuestion, bool)>,
    /// The species of the monsters it added to those done with (see [`Faced::seen`]);
    /// `None` if it took one of those back.
    pub(super) seen_added: Option<u64>,
    pub(super) read: bool,
}

/// Takes the move on `state` with `engine` (see [`OddsSearch::take`]).
pub(super) fn take_on(
    engine: &mut dyn Rules,
    events: &mut Vec<Event>,
    state: &mut GameState,
    step: Move,
    deck: Option<MonsterId>,
) -> Result<(), EngineError> {
    crate::event::clear_log(events);
    if let (Some(monster), Some(&top)) = (deck, state.deck.last()) {
        state.cards[top.ix()] = monster;
    }
    match step {
        Move::Reveal(monster) => {
            // The top of the pile is revealed next: it becomes this card.
            let Some(&top) = state.dungeon.last() else {
                return Err(EngineError::Rule("odds: no card left to reveal".into()));
            };
            state.cards[top.ix()] = monster;
            engine.resume(state, events)
        }
        Move::Act(None) => engine.resume(state, events),
        Move::Act(Some(a)) => engine.apply_or_abandon(state, a, events),
    }
    .map_err(EngineError::in_analysis)
}
