//! # dungeon-bots
//!
//! The first game's bots, by level (`novice`, `rules`, `ismcts`, `random`), each deciding
//! from its seat's view only, and what they stand on: the odds tables shipped for the
//! built-in pack mixes (`shipped.rs`, embedded by `build.rs` from `engine/tables/`), the
//! figures they read them from, and the games they play (`play_game`). Above the rules
//! (`dungeon-engine`), below what records and checks games (`dungeon-records`,
//! `dungeon-audit`, `dungeon-check`).
//!
//! Bots. A bot decides from its seat's [`PlayerView`] only: the type of [`Bot::decide`]
//! makes it impossible to peek at hidden cards.

// The rules' modules and items, under the names they had in the engine.
#[allow(unused_imports)]
pub(crate) use dungeon_engine::*;

mod estimate;
mod figures;
mod ismcts;
mod novice;
mod outlook;
mod planner;
mod projection;
mod random;
mod reads;
mod saved;
mod shipped;
mod situation;
mod table_file;
mod typical;

pub use figures::{forget_figures, save_figures};
pub use ismcts::{ActionStats, Budget, DEFAULT_ITERATIONS, IsmctsBot};
pub use novice::{BLUNDERS, NoviceBot};
pub use outlook::Model;
pub use planner::choice::{endings, forget_choices, forget_shipped_choices, save_choices};
pub use planner::{Params, PlannerBot};
pub use random::RandomBot;
pub use saved::{BotState, MAX_CACHE_ENTRIES, RulesState};
pub use shipped::SHIPPED_MIXES;

use crate::action::Action;
use crate::engine::Rules;
use crate::view::View;
use std::fmt;
use std::str::FromStr;

/// Something that can take a seat at the table.
pub trait Bot {
    /// Short name for tables and logs.
    fn name(&self) -> &'static str;
    /// One of the actions `view.decision()` allows. Called only when the view has a
    /// decision. `rules` is for thinking ahead (odds, simulations): the bot knows the game
    /// only through `view`.
    fn decide(&mut self, rules: &mut dyn Rules, view: &View) -> Action;
    /// What the bot carries to its next decision; [`BotKind::restore`] makes it again.
    fn save(&self) -> BotState;
    /// Becomes, in place, what a new bot of its kind seeded with `seed` would be, and says
    /// so; `false` (the default) when it cannot, and a new one must be made. A simulator
    /// that plays many games with the same seats saves making the bots again.
    fn restart(&mut self, _seed: u64) -> bool {
        false
    }
}

/// The bots `dungeon play` and `dungeon sim` know.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BotKind {
    /// Picks uniformly among the legal actions (no level: for tests and benchmarks).
    Random,
    /// Bids as `normal` does, but now and then makes a beginner's move ("easy").
    Novice,
    /// Weighs every move by its odds and by who is likely to run the dungeon ("normal").
    Rules,
    /// Searches with IS-MCTS for this many iterations ("hard": the default count); plays
    /// the `normal` bot's choice unless the search is confident it found better.
    Ismcts(u32),
    /// IS-MCTS with a time budget per decision, in milliseconds (not reproducible).
    IsmctsTimed(u32),
}

impl BotKind {
    /// The three levels, easy to hard.
    pub const ALL: [BotKind; 3] = [
        BotKind::Novice,
        BotKind::Rules,
        BotKind::Ismcts(DEFAULT_ITERATIONS as u32),
    ];

    pub fn id(self) -> String {
        match self {
            BotKind::Random => "random".into(),
            BotKind::Novice => "novice".into(),
            BotKind::Rules => "rules".into(),
            BotKind::Ismcts(n) if n as usize == DEFAULT_ITERATIONS => "ismcts".into(),
            BotKind::Ismcts(n) => format!("ismcts:{n}"),
            BotKind::IsmctsTimed(ms) => format!("ismcts:{ms}ms"),
        }
    }

    /// A bot of this kind with its own seeded generator.
    pub fn create(self, seed: u64) -> Box<dyn Bot> {
        match (self, self.budget()) {
            (_, Some(budget)) => Box::new(IsmctsBot::new(seed, budget)),
            (BotKind::Rules, _) => Box::new(PlannerBot::new(seed)),
            (BotKind::Novice, _) => Box::new(NoviceBot::new(seed)),
            _ => Box::new(RandomBot::new(seed)),
        }
    }

    /// How long an IS-MCTS bot of this kind thinks (`None` for other kinds).
    fn budget(self) -> Option<Budget> {
        match self {
            BotKind::Ismcts(n) => Some(Budget::Iterations(n as usize)),
            BotKind::IsmctsTimed(ms) => {
                Some(Budget::Time(std::time::Duration::from_millis(ms as u64)))
            }
            BotKind::Random | BotKind::Novice | BotKind::Rules => None,
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.id())
    }
}

/// The most search iterations an IS-MCTS bot may be given a decision: a few seconds at
/// worst. A bot's kind comes from command lines, saves, records and network requests; a
/// larger budget (up to four billion) would keep a player, a replay or a server's core
/// busy for hours on one decision.
pub const MAX_ITERATIONS: u32 = 100_000;
/// The most time a timed IS-MCTS bot may think about a decision, in milliseconds.
pub const MAX_THINK_MS: u32 = 60_000;

impl FromStr for BotKind {
    type Err = String;
    /// `random`, `novice`, `rules`, `ismcts`, `ismcts:ITERATIONS` (1 to
    /// [`MAX_ITERATIONS`]), `ismcts:MILLISms` (1 to [`MAX_THINK_MS`]), or the difficulty
    /// levels `easy` (novice), `normal` (rules) and `hard` (ismcts).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || {
            format!(
                "unknown bot `{s}` (known: easy, normal, hard, random, novice, rules, ismcts, \
                 ismcts:ITERATIONS up to {MAX_ITERATIONS}, ismcts:MILLISms up to \
                 {MAX_THINK_MS}ms)"
            )
        };
        match s {
            "random" => Ok(BotKind::Random),
            "novice" | "easy" => Ok(BotKind::Novice),
            "rules" | "normal" => Ok(BotKind::Rules),
            "ismcts" | "hard" => Ok(BotKind::Ismcts(DEFAULT_ITERATIONS as u32)),
            _ => {
                let n = s.strip_prefix("ismcts:").ok_or_else(bad)?;
                match n.strip_suffix("ms") {
                    Some(ms) => ms
                        .parse()
                        .ok()
                        .filter(|m| (1..=MAX_THINK_MS).contains(m))
                        .map(BotKind::IsmctsTimed)
                        .ok_or_else(bad),
                    None => n
                        .parse()
                        .ok()
                        .filter(|i| (1..=MAX_ITERATIONS).contains(i))
                        .map(BotKind::Ismcts)
                        .ok_or_else(bad),
                }
            }
        }
    }
}

/// The legal actions of the view's decision (empty when there is none).
pub fn legal(view: &View) -> Vec<Action> {
    view.decision()
        .map(|d| d.legal_actions())
        .unwrap_or_default()
}

/// The seed of the bot at `seat` in the game with seed `game_seed`: different for every
/// seat and game, reproducible from the game's seed (`dungeon sim` and `play` use it).
pub fn seat_seed(game_seed: u64, seat: usize) -> u64 {
    game_seed.wrapping_mul(31).wrapping_add(seat as u64)
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
    options: impl Into<std::sync::Arc<crate::options::GameOptions>>,
    seed: u64,
    bots: &mut [Box<dyn Bot>],
    events: &mut Vec<crate::event::Event>,
    check: impl FnMut(&crate::state::GameState, &[crate::event::Event]) -> Result<(), String>,
) -> Result<crate::state::GameState, PlayError> {
    play_game_logged(engine, options, seed, bots, events, &mut Vec::new(), check)
}

/// [`play_game`], noting each decision applied (who, what) in `log`, which keeps them when
/// the game stops early too: a game record is made of them.
pub fn play_game_logged<H: crate::hooks::HookRunner>(
    engine: &mut crate::engine::Engine<H>,
    options: impl Into<std::sync::Arc<crate::options::GameOptions>>,
    seed: u64,
    bots: &mut [Box<dyn Bot>],
    events: &mut Vec<crate::event::Event>,
    log: &mut Vec<(crate::ids::Seat, Action)>,
    mut check: impl FnMut(&crate::state::GameState, &[crate::event::Event]) -> Result<(), String>,
) -> Result<crate::state::GameState, PlayError> {
    let mut state = engine.new_game(options, seed, events)?;
    for decision in 0..MAX_DECISIONS {
        check(&state, events).map_err(|message| PlayError::Check { decision, message })?;
        let Some(seat) = state.current_seat() else {
            return Ok(state);
        };
        let view = crate::view::View::new(&state, seat);
        let action = bots[seat as usize].decide(engine, &view);
        // A failed move ends the game (the error is returned, the state dropped): no need
        // for the snapshot that would put the state back.
        engine.apply_or_abandon(&mut state, action, events)?;
        log.push((seat, action));
    }
    Err(PlayError::TooLong(MAX_DECISIONS))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind reads back from its id; a budget of nothing, or beyond the bounds (which
    /// a save, a record or a network request could carry), is refused.
    #[test]
    fn bot_kinds_read_back_and_budgets_are_bounded() {
        let kinds = [
            BotKind::Random,
            BotKind::Novice,
            BotKind::Rules,
            BotKind::Ismcts(DEFAULT_ITERATIONS as u32),
            BotKind::Ismcts(1),
            BotKind::Ismcts(MAX_ITERATIONS),
            BotKind::IsmctsTimed(1),
            BotKind::IsmctsTimed(MAX_THINK_MS),
        ];
        for kind in kinds {
            assert_eq!(kind.id().parse::<BotKind>(), Ok(kind));
        }
        for bad in [
            "ismcts:0",
            "ismcts:0ms",
            &format!("ismcts:{}", MAX_ITERATIONS + 1),
            &format!("ismcts:{}ms", MAX_THINK_MS + 1),
            "ismcts:4294967295",
            "ismcts:99999999999",
            "ismcts:-1",
            "hard:",
        ] {
            assert!(bad.parse::<BotKind>().is_err(), "{bad}");
        }
    }
}
