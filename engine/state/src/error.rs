//! The engine's errors: what a failed operation reports. Below the rules (`game/`,
//! `dungeon/`) and the façade (`engine.rs`), which all return them.

use crate::action::Action;
use crate::hook_name::HookName;
use std::fmt;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EngineError {
    #[error("{action:?} is not a legal action now (waiting for: {pending})")]
    IllegalAction { action: Action, pending: String },
    /// Boxed: every operation returns a `Result<_, EngineError>`, and errors are rare; a
    /// hook's error (four strings) inline made each of them about 120 bytes to move.
    #[error(transparent)]
    Hook(Box<HookError>),
    #[error("rule error: {0}")]
    Rule(String),
    #[error("cannot set up the game: {0}")]
    Setup(String),
    #[error("the search went past its budget of {0} situations")]
    Budget(usize),
    /// A card's script drew a random number during an exact odds search, which cannot
    /// weigh it: the odds are to be estimated from sampled dungeons instead.
    #[error("a card's script draws random numbers: its odds can only be estimated")]
    Random,
    /// The cards' scripts used up the work (Luau steps) an analysis may spend.
    #[error("the cards' scripts took more work than this analysis may spend")]
    Work,
    #[error(
        "this game was made with other packs (fingerprint {found:016x}, these packs are {expected:016x})"
    )]
    WrongCatalog { expected: u64, found: u64 },
}

impl EngineError {
    /// In analysis, a hook past its steps (the engine's `ANALYSIS_STEP_BUDGET`) means
    /// the work is too much to work out, not a broken game: [`EngineError::Work`].
    pub fn in_analysis(self) -> EngineError {
        match self {
            EngineError::Hook(e) if e.kind == HookErrorKind::Budget => EngineError::Work,
            e => e,
        }
    }
}

impl From<HookError> for EngineError {
    fn from(error: HookError) -> EngineError {
        EngineError::Hook(Box::new(error))
    }
}

/// What went wrong in a hook.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HookErrorKind {
    /// A Lua error (including calling the API wrongly).
    Runtime,
    /// The hook ran past its instruction budget (an endless loop?).
    Budget,
    /// The hook ran past the memory limit.
    Memory,
}

/// A hook failed. Names the pack, card, hook, file and line so an author can find it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct HookError {
    pub pack: String,
    pub card: String,
    pub hook: HookName,
    pub file: String,
    pub line: Option<u32>,
    pub kind: HookErrorKind,
    pub message: String,
}

impl fmt::Display for HookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        write!(
            f,
            ": hook `{}` of card `{}` (pack `{}`) failed: {}",
            self.hook, self.card, self.pack, self.message
        )
    }
}
