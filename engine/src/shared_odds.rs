//! Exact odds shared by every search one engine runs, across bots and games: each situation
//! searched to the end, with its odds and the situations its search looked up, in order.
//! The engine holds the table and lends it to `odds/exact/`, which fills and replays it,
//! so it lies below both.
//!
//! A bot's own [`crate::odds::OddsCache`] decides whether its bounded search finishes (the budget
//! counts the situations new to that cache), so a shared result cannot simply be handed
//! over: the search *replays* it instead, walking the recorded lookups as the engine
//! would have made them, counting and remembering each one new to the bot's cache, and
//! giving up at the same point. The bot ends with the same cache and the same figures as
//! if it had searched itself, without running the engine.
//!
//! That holds only if a situation's odds depend on its key alone, as a bot's own cache
//! already assumes. The key leaves out the order of the monsters faced, the game's
//! generator, the log, the seats and the entry HP; a hook that reads any of them marks the
//! engine ([`crate::hooks::HookRunner::read_unkeyed`]) and sharing stops for good, before
//! the result it computed is kept. (A result computed without such a read is the same
//! for every state with its key: the hooks saw the same things, so did the same.)

use rustc_hash::FxHashMap as HashMap;

/// Past these, the table starts afresh (at the start of a search, never during one).
const MAX_SITUATIONS: usize = 1 << 20;
const MAX_LOOKUPS: usize = 1 << 23;

/// See the module documentation.
#[derive(Default)]
pub struct SharedOdds {
    situations: HashMap<u64, Situation>,
    /// Every situation's lookups, one after another.
    lookups: Vec<u64>,
}

/// One situation searched to the end.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Situation {
    pub value: f64,
    /// Its lookups: `lookups[first..first + count]`, each the key of the bot's cache.
    first: u32,
    count: u32,
}

impl Situation {
    pub(crate) fn lookups(&self) -> std::ops::Range<usize> {
        self.first as usize..(self.first + self.count) as usize
    }
}

impl SharedOdds {
    pub fn len(&self) -> usize {
        self.situations.len()
    }

    pub fn is_empty(&self) -> bool {
        self.situations.is_empty()
    }

    pub(crate) fn get(&self, key: u64) -> Option<Situation> {
        self.situations.get(&key).copied()
    }

    pub(crate) fn lookup(&self, index: usize) -> u64 {
        self.lookups[index]
    }

    pub(crate) fn insert(&mut self, key: u64, value: f64, lookups: &[u64]) {
        let first = self.lookups.len() as u32;
        self.lookups.extend_from_slice(lookups);
        self.situations.insert(
            key,
            Situation {
                value,
                first,
                count: lookups.len() as u32,
            },
        );
    }

    /// Starts afresh when full. Only between searches: a search relies on every
    /// situation's lookups being there too.
    pub(crate) fn trim(&mut self) {
        if self.situations.len() >= MAX_SITUATIONS || self.lookups.len() >= MAX_LOOKUPS {
            self.situations.clear();
            self.lookups.clear();
        }
    }
}
