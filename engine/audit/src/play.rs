//! A bot game played under the audit: every problem found, each with the decision after
//! which it was seen, so the game can be replayed to that point. The soak tests and
//! `dungeon soak` both play their games through [`play_audited`].

use super::{Audit, AuditFacts};
use crate::bot::{BotKind, PlayError, play_game, seat_seed};
use crate::engine::Engine;
use crate::event::Event;
use crate::hooks::HookRunner;
use crate::options::GameOptions;
use crate::state::GameState;
use std::sync::Arc;

/// One game: its seed, options and bots, in seat order, the list starting again when it
/// is shorter than the table (each bot seeded from the game's seed and its seat, as
/// `dungeon sim` does).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSpec {
    pub seed: u64,
    pub options: GameOptions,
    pub bots: Vec<BotKind>,
}

/// A problem the audit found, after decision `decision` (0: at the start of the game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub decision: usize,
    pub message: String,
}

/// How an audited game went.
#[derive(Debug, Default)]
pub struct AuditedGame {
    /// At most one problem of each kind (see [`problem_kind`]), the first seen.
    pub problems: Vec<Problem>,
    /// Decisions taken.
    pub decisions: usize,
    /// The final state, when the game reached its end.
    pub end: Option<GameState>,
    /// Runs that ended, and successes at 0 HP or less.
    pub runs: usize,
    pub forced_successes: usize,
}

impl AuditedGame {
    pub fn passed(&self) -> bool {
        self.problems.is_empty()
    }
}

/// What kind of problem a message reports: its start, with numbers blanked out.
pub fn problem_kind(message: &str) -> String {
    message
        .chars()
        .map(|c| if c.is_ascii_digit() { '#' } else { c })
        .take(70)
        .collect()
}

/// Plays `spec` with `engine`, the audit checking the game after every decision. The
/// game goes on after problems it can still be followed through (one of each kind is
/// kept) and stops at the first that makes the rest meaningless, or at an engine error.
/// `events` is cleared first and holds the game's events afterwards; `decisions` counts
/// the decisions taken as the game goes, so a caller that catches a panic knows where
/// the game stopped.
pub fn play_audited<H: HookRunner>(
    engine: &mut Engine<H>,
    facts: &Arc<AuditFacts>,
    spec: &GameSpec,
    events: &mut Vec<Event>,
    decisions: &mut usize,
) -> AuditedGame {
    let players = spec.options.players;
    let mut bots: Vec<_> = (0..usize::from(players))
        .map(|seat| {
            let kind = match spec.bots.len() {
                0 => BotKind::Random,
                n => spec.bots[seat % n],
            };
            kind.create(seat_seed(spec.seed, seat))
        })
        .collect();
    let mut audit = Audit::new(facts.clone(), players);
    let mut game = AuditedGame::default();
    let mut found = Vec::new();
    *decisions = 0;
    let mut checks = 0usize;
    events.clear();
    let result = play_game(
        engine,
        spec.options.clone(),
        spec.seed,
        &mut bots,
        events,
        |state, events| {
            // Checked at the start, then after each decision.
            *decisions = checks;
            found.clear();
            let fatal = audit.check_collect(state, events, &mut found);
            for message in found.drain(..) {
                add(&mut game.problems, checks, message);
            }
            checks += 1;
            fatal
        },
    );
    match result {
        Ok(state) => game.end = Some(state),
        Err(PlayError::Check { decision, message }) => add(&mut game.problems, decision, message),
        Err(e) => add(&mut game.problems, *decisions, format!("play: {e}")),
    }
    game.decisions = *decisions;
    game.runs = audit.runs;
    game.forced_successes = audit.forced_successes;
    game
}

fn add(problems: &mut Vec<Problem>, decision: usize, message: String) {
    let kind = problem_kind(&message);
    if !problems.iter().any(|p| problem_kind(&p.message) == kind) {
        problems.push(Problem { decision, message });
    }
}
