//! Bots. A bot decides from its seat's [`PlayerView`] only: the type of [`Bot::decide`]
//! makes it impossible to peek at hidden cards.

mod estimate;
mod random;
mod rules;

pub use estimate::{SurvivalEstimate, unseen_monsters};
pub use random::RandomBot;
pub use rules::RulesBot;

use crate::action::Action;
use crate::catalog::Catalog;
use crate::view::PlayerView;
use std::fmt;
use std::str::FromStr;

/// Something that can take a seat at the table.
pub trait Bot {
    /// Short name for tables and logs.
    fn name(&self) -> &'static str;
    /// One of the actions `view.decision` allows. Called only when the view has a decision.
    fn decide(&mut self, catalog: &Catalog, view: &PlayerView) -> Action;
}

/// The bots `dungeon play` and `dungeon sim` know.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BotKind {
    /// Picks uniformly among the legal actions.
    Random,
    /// Weighs its survival odds from what its seat knows.
    Rules,
}

impl BotKind {
    pub const ALL: [BotKind; 2] = [BotKind::Random, BotKind::Rules];

    pub fn id(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Rules => "rules",
        }
    }

    /// A bot of this kind with its own seeded generator.
    pub fn create(self, seed: u64) -> Box<dyn Bot> {
        match self {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Rules => Box::new(RulesBot::new(seed)),
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for BotKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        BotKind::ALL
            .into_iter()
            .find(|k| k.id() == s)
            .ok_or_else(|| {
                let known: Vec<_> = BotKind::ALL.iter().map(|k| k.id()).collect();
                format!("unknown bot `{s}` (known: {})", known.join(", "))
            })
    }
}

/// The seed of the bot at `seat` in the game with seed `game_seed`: different for every
/// seat and game, reproducible from the game's seed (`dungeon sim` and `play` use it).
pub fn seat_seed(game_seed: u64, seat: usize) -> u64 {
    game_seed.wrapping_mul(31).wrapping_add(seat as u64)
}

/// The legal actions of the view's decision (empty when there is none).
pub fn legal(view: &PlayerView) -> Vec<Action> {
    view.decision
        .as_ref()
        .map(|d| d.legal_actions())
        .unwrap_or_default()
}

/// Why a bot game stopped early.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    #[error(transparent)]
    Engine(#[from] crate::engine::EngineError),
    #[error("after decision {decision}: {message}")]
    Check { decision: usize, message: String },
    #[error("the game did not end within {0} decisions")]
    TooLong(usize),
}

/// Upper bound on decisions in one game: far above any real game, it only stops runaway loops.
pub const MAX_DECISIONS: usize = 100_000;

/// Plays a whole game with one bot per seat. `check` runs after every decision, with the
/// state and all events so far; returning an error stops the game.
pub fn play_game<H: crate::hooks::HookRunner>(
    engine: &mut crate::engine::Engine<H>,
    options: crate::options::GameOptions,
    seed: u64,
    bots: &mut [Box<dyn Bot>],
    events: &mut Vec<crate::event::Event>,
    mut check: impl FnMut(&crate::state::GameState, &[crate::event::Event]) -> Result<(), String>,
) -> Result<crate::state::GameState, PlayError> {
    let mut state = engine.new_game(options, seed, events)?;
    for decision in 0..MAX_DECISIONS {
        check(&state, events).map_err(|message| PlayError::Check { decision, message })?;
        let Some(seat) = state.current_seat() else {
            return Ok(state);
        };
        let view = engine.view(&state, seat);
        let action = bots[seat as usize].decide(engine.catalog(), &view);
        engine.apply(&mut state, action, events)?;
    }
    Err(PlayError::TooLong(MAX_DECISIONS))
}
