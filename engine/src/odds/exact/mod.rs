//! The exact search: memoized expectimax over the real engine, card by card.
//!
//! A situation is a run paused before a reveal, or waiting on an answer, with the cards
//! still to come (`key.rs`). Working one out takes each move it offers (a card revealed
//! and resolved, an answer given) through the engine; most of that work is kept so as not
//! to redo it:
//!
//! - *Situations* paused before a reveal are remembered under their key (the memo: what a
//!   bot's cache keeps, what the budget counts). A question costs less to work out again
//!   from the steps below it than to remember (each is reached from one situation above,
//!   in practice), unless the step to it read the history (then its own steps likely do,
//!   and cannot be kept).
//! - *Steps are remembered*, as a graph ([`Graph`]): where a step led depends on the run's
//!   state, not on the chances nor, unless a hook reads them, on the monsters faced before;
//!   so each state's step key is a node, and each move taken from it an edge to the node it
//!   led to, with what the search needs to know of it ([`Node`]). A state is made only
//!   when a step it needs is not known yet ([`Src`]): a situation new to the memo whose
//!   steps are known costs no engine time at all.
//! - *Situations whose odds never read the history are shared.* Unless a hook read the
//!   history while working them out (or a figure found under a whole key went into
//!   them), the odds of a paused situation depend on its step key and the chances alone,
//!   not on the species faced: they are remembered under those ([`key::unfaced_key`]), so
//!   runs that faced different species with the same cards left (a Shapeshifter at
//!   different places) are worked out once. Once no card can come any more (and no tile
//!   can draw from the monster deck), the chances do not count either: such odds are
//!   remembered under the step key alone ([`key::settled_key`]), and on the edge that led
//!   there, so the end of a dungeon reached in many ways is worked out once. A situation
//!   whose working out read the history keeps its whole key (but see below). (Which key
//!   a situation gets depends only on its step key and the chances, and whether it faced
//!   a species twice: its working out reads the history, or not, at the same point from
//!   every such state.) A tile that may draw
//!   the monster deck's top card changes none of this: the cards it may draw are the
//!   chances' unseen ones, and the deck's size is in the step key.
//! - *A step that only asked about the species faced* (whether a species was faced
//!   before, the Royal Sceptre; whether they all differ, the Omnipotence; both run
//!   natively: [`crate::hooks::HookRunner::take_species_asked`]) is remembered too, by
//!   its answers ([`Edge::Asks`]): followed from another state, it is taken by that
//!   state's answers, from the species faced ([`key::Faced::seen`]). It is kept only when
//!   each answer was the one the species faced before the step give, so that any state
//!   giving the same answers would have been told the same.
//! - *Once two monsters of a species were faced*, "do they all differ?" can only be
//!   answered "no". A paused situation that faced a species twice, and whose working out
//!   read nothing of the history but that question (and figures kept so), is remembered
//!   under its unfaced key marked ([`key::repeated_key`]), for every such situation with
//!   its step key and chances, whatever else they faced ([`OddsSearch::repeated_reads`]
//!   counts those reads apart from the others). With the Omnipotence every run reads the
//!   history at its end: without this, the mage's situations were all remembered under
//!   their whole keys.
//! - *A lost run is not searched* ([`Raisers::lost`]).
//! - Without a budget or shared odds (which count and record lookups in order), a paused
//!   situation looks up the odds after each card it may reveal all at once, before
//!   working any out: their memory is fetched together ([`OddsSearch::peek`]).
//!
//! The figures are the very numbers a search stepping every state would find: each is
//! summed in the same order from the same terms.
//!
//! Code map: this file holds the search's entry points and the cache; `situation.rs`
//! where a situation's odds are remembered, looked up and worked out; `step.rs` taking a
//! move (through a remembered edge, else through the engine); `graph.rs` the nodes and
//! edges the steps are remembered as; `describe.rs` what the catalog tells before the
//! search starts (the cards that may raise HP or draw from the deck).

mod describe;
mod graph;
mod levels;
mod on;
mod situation;
mod step;

use super::key::{self, Faced, Keys};
use super::shared::{SharedOdds, Situation};
use super::{Chances, Draws, Odds, Take};
use crate::action::{Action, CardRef, DecisionKind};
use crate::catalog::{Catalog, DamageModel};
use crate::dungeon::Fate;
use crate::engine::Rules;
use crate::error::EngineError;
use crate::event::Event;
use crate::game::DungeonSetup;
use crate::hooks::SpeciesQuestion;
use crate::ids::{CardId, MonsterId, TileId};
use crate::state::GameState;
use describe::{DeckDraws, Describe, Raisers};
use graph::{Ask, Edge, Graph, Known, Move, Node, Seen, Shape};
use on::{On, Outcome, spent_all, take_on};
use rustc_hash::FxHashMap as HashMap;
use situation::Cards;
use smallvec::SmallVec;
use std::cell::OnceCell;
use step::{Src, Stepped, answerable_on_level, fits};

/// The lists a level-by-level search may take (about 800 MB; the bard's 13 cards take a
/// third of it): past them it gives way to the card-by-card search, whose memo is then
/// the smaller (the bard's peak is 1.5 times the card-by-card search's).
const LEVEL_WORDS: usize = 200_000_000;

/// Past this many remembered states a search starts with none (they are only a speed-up).
const MAX_NODES: usize = 1 << 20;

/// Remembered results of earlier searches; keep one across searches about the same
/// dungeon (a bot's decisions in one round) to reuse them.
#[derive(Default)]
pub struct OddsCache {
    memo: HashMap<u64, f64>,
    /// Figures a level-by-level search found (each under its own key), not in `memo` yet,
    /// in batches as its parts found them (moved, never copied): moved there before the
    /// next search looks anything up. Filling a map of millions takes as long as finding
    /// them, and the caller of a single search (`dungeon odds`) often asks nothing more.
    found: Vec<Vec<(u64, f64)>>,
    /// The memo may hold figures from elsewhere (a saved bot's, the shared table's) under
    /// the whole key of any situation: then every situation is looked up under both keys.
    /// Otherwise only those of a node that kept some under it ([`Node::whole_first`]).
    whole_anywhere: bool,
    /// The steps taken. Not counted as situations and not saved: without them, searches
    /// run the engine instead.
    graph: Graph,
    /// The odds of each answer to the question of the last situation worked out level by
    /// level, if it was one, by that situation's whole key: what a caller asks next (the
    /// options of a question asked before the first card), found without moving `found`.
    root_options: Option<(u64, Vec<(Action, f64)>)>,
}

impl OddsCache {
    pub fn new() -> OddsCache {
        OddsCache::default()
    }
    pub fn len(&self) -> usize {
        self.memo.len() + self.found.iter().map(Vec::len).sum::<usize>()
    }
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty() && self.found.iter().all(Vec::is_empty)
    }
    pub fn clear(&mut self) {
        self.memo.clear();
        self.found = Vec::new();
        self.root_options = None;
        self.whole_anywhere = false;
        self.graph.clear();
    }
    /// Every remembered result as (situation key, odds), by key: what a saved bot keeps,
    /// since what the cache holds decides whether a bounded search finishes.
    pub fn entries(&self) -> Vec<(u64, f64)> {
        let mut all: Vec<(u64, f64)> = self.memo.iter().map(|(&k, &v)| (k, v)).collect();
        self.found
            .iter()
            .for_each(|batch| all.extend_from_slice(batch));
        all.sort_unstable_by_key(|&(k, _)| k);
        all
    }

    /// Moves what a level-by-level search found into the memo, for a search to look up.
    fn settle(&mut self) {
        if !self.found.is_empty() {
            self.memo.reserve(self.found.iter().map(Vec::len).sum());
            for batch in std::mem::take(&mut self.found) {
                self.memo.extend(batch);
            }
        }
    }
    /// A cache holding these results (see [`OddsCache::entries`]).
    pub fn from_entries(entries: impl IntoIterator<Item = (u64, f64)>) -> OddsCache {
        let memo: HashMap<u64, f64> = entries.into_iter().collect();
        OddsCache {
            whole_anywhere: !memo.is_empty(),
            memo,
            found: Vec::new(),
            graph: Graph::default(),
            root_options: None,
        }
    }
}

/// An exact-odds search over an engine.
pub struct OddsSearch<'a> {
    engine: &'a mut dyn Rules,
    cache: &'a mut OddsCache,
    describe: Describe,
    monsters: usize,
    /// Give up past this many new situations ([`EngineError::Budget`]).
    budget: Option<usize>,
    /// Never level by level ([`OddsSearch::card_by_card`]).
    card_by_card: bool,
    /// The last situation was worked out level by level.
    last_by_levels: bool,
    /// The level-by-level search gives way past lists of this many words of 4 bytes.
    level_words: usize,
    /// Into how many parts the level-by-level search cuts each level's groups, whatever
    /// their size (`None`: one per core, if worth it).
    level_parts: Option<usize>,
    start: usize,
    /// Scratch space for each step's events.
    events: Vec<Event>,
    /// The engine's shared results, lent for this search (`None`: not sharing).
    shared: Option<SharedOdds>,
    /// The lookups of the situations being searched, innermost last (while sharing).
    lookups: Vec<u64>,
    /// The rulings' hash, for the options it was made of (the same in every state of a
    /// search: worked out once).
    rulings: Rulings,
    /// Grows whenever what is being worked out depends on the history: a step that read
    /// it, or a situation remembered under its whole key.
    history: u64,
    /// Grows whenever what is being worked out depends on the history only as far as
    /// "the species faced do not all differ" goes, for a state that faced two monsters of
    /// one species (see [`At::Unfaced::repeated`]): such a question answered, or a
    /// situation remembered under its [`key::repeated_key`].
    repeated_reads: u64,
    /// States done with, whose storage the next steps reuse.
    spare: Vec<GameState>,
    /// Steps of the cards' scripts taken on twins of the engine for this search, counted
    /// against its work limit with the engine's own (see `levels/twins.rs`).
    twin_work: u64,
    /// The engine's twins, while a level-by-level search lists its levels.
    twins: Option<levels::Twins>,
    /// The engine has no twins (or no thread could be made for one).
    no_twins: bool,
    /// States done with, whose storage the twins' next steps reuse.
    twin_spare: Vec<std::sync::Arc<GameState>>,
}

impl Drop for OddsSearch<'_> {
    fn drop(&mut self) {
        if let Some(shared) = self.shared.take() {
            self.engine.return_shared_odds(shared);
        }
    }
}

impl<'a> OddsSearch<'a> {
    pub fn new(engine: &'a mut dyn Rules, cache: &'a mut OddsCache) -> OddsSearch<'a> {
        let describe = Describe {
            deck_draws: DeckDraws::new(engine.catalog()),
            raisers: Raisers::new(engine),
        };
        let monsters = engine.catalog().monsters.len();
        // (What a level-by-level search found is moved into the memo once one is looked
        // up: `analysing`.)
        let start = cache.len();
        if cache.graph.nodes.len() > MAX_NODES {
            cache.graph.clear();
        }
        let mut shared = engine.lend_shared_odds();
        if let Some(shared) = &mut shared {
            shared.trim();
            // Replayed figures may be under any whole key.
            cache.whole_anywhere = true;
        }
        OddsSearch {
            engine,
            cache,
            describe,
            monsters,
            budget: None,
            card_by_card: false,
            last_by_levels: false,
            level_words: LEVEL_WORDS,
            level_parts: None,
            start,
            events: Vec::with_capacity(32),
            shared,
            lookups: Vec::new(),
            rulings: Rulings::default(),
            history: 0,
            repeated_reads: 0,
            spare: Vec::new(),
            twin_work: 0,
            twins: None,
            no_twins: false,
            twin_spare: Vec::new(),
        }
    }

    /// Gives up (with [`EngineError::Budget`]) past `states` new situations.
    pub fn with_budget(mut self, states: usize) -> Self {
        self.budget = Some(states);
        self
    }

    /// Works every situation out card by card (if `yes`), never level by level
    /// (`levels/`): the search the level-by-level one must agree with, figure for figure
    /// and entry for entry, for the tests and the measurements that compare them.
    pub fn card_by_card(mut self, yes: bool) -> Self {
        self.card_by_card = yes;
        self
    }

    /// Gives way to the card-by-card search once the level-by-level one's lists pass
    /// `words` words of 4 bytes (see `LEVEL_WORDS`): for the test that the bound holds.
    #[doc(hidden)]
    pub fn level_words(mut self, words: usize) -> Self {
        self.level_words = words;
        self
    }

    /// Cuts each level's groups into `parts` parts worked out side by side, however few
    /// (by default, one part per core once a level is big enough): for the tests that
    /// the figures do not depend on it.
    #[doc(hidden)]
    pub fn level_parts(mut self, parts: usize) -> Self {
        self.level_parts = Some(parts);
        self
    }

    /// Whether the last situation this search was asked for (entering, or from a state)
    /// was worked out level by level: what the tests that compare the two ways check.
    pub fn worked_by_levels(&self) -> bool {
        self.last_by_levels
    }

    /// Odds for a runner entering the dungeon of `setup` (its `dungeon` only gives the size:
    /// the cards are decided by `chances`).
    pub fn entering(
        &mut self,
        setup: &DungeonSetup,
        chances: &Chances,
    ) -> Result<Odds, EngineError> {
        let setup = DungeonSetup {
            card_by_card: true,
            ..setup.clone()
        };
        self.analysing(|search| {
            let draws = search.engine.hooks_random_draws();
            let state = (search.engine.dungeon(&setup, &mut Vec::new()))
                .map_err(EngineError::in_analysis)?;
            if search.engine.hooks_random_draws() != draws {
                return Err(EngineError::Random);
            }
            let probability = search.value(&state, chances)?;
            Ok(Odds {
                probability,
                states: search.cache.len(),
            })
        })
    }

    /// Odds from a run under way (card by card, paused or on a question).
    pub fn from_state(&mut self, state: GameState, chances: &Chances) -> Result<Odds, EngineError> {
        self.analysing(|search| {
            let probability = search.value(&state, chances)?;
            Ok(Odds {
                probability,
                states: search.cache.len(),
            })
        })
    }

    /// The value of each option of the question `state` waits on.
    pub fn options(
        &mut self,
        state: &GameState,
        chances: &Chances,
    ) -> Result<Vec<(Action, f64)>, EngineError> {
        if let Some(found) = self.root_options(state, chances) {
            return Ok(found);
        }
        self.analysing(|search| {
            let actions = search.engine.legal_actions(state);
            let (node, faced) = search.node_of(state);
            let cards = Cards::of(chances);
            let mut out = Vec::with_capacity(actions.len());
            for action in actions {
                let step = Move::Act(Some(action));
                let p = search.after(&Src::Here(state), node, faced, step, cards)?;
                out.push((action, p));
            }
            Ok(out)
        })
    }

    /// The odds of each answer to the question `state` and `chances` make, if it is the
    /// situation the last level-by-level search worked out: the figures a search would
    /// find (each answer's target is a situation of that search's first group), in the
    /// order of the legal actions. `None` when it is not, or for a search that counts or
    /// records its lookups (a budget, shared odds) or is card by card.
    fn root_options(&mut self, state: &GameState, chances: &Chances) -> Option<Vec<(Action, f64)>> {
        if self.budget.is_some() || self.shared.is_some() || self.card_by_card {
            return None;
        }
        let (key, found) = self.cache.root_options.as_ref()?;
        if fingerprint(state, chances) != *key {
            return None;
        }
        let actions = self.engine.legal_actions(state);
        (actions.iter())
            .map(|&a| found.iter().find(|&&(b, _)| b == a).copied())
            .collect::<Option<Vec<_>>>()
            .filter(|options| options.len() == found.len())
    }

    /// Runs `f` with the engine in analysis mode (see [`Rules::set_analysis`]).
    fn analysing<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, EngineError>,
    ) -> Result<T, EngineError> {
        self.engine.set_analysis(true);
        self.cache.settle();
        let result = f(self);
        self.engine.set_analysis(false);
        result
    }

    /// A state's node and faced species.
    fn node_of(&mut self, state: &GameState) -> (u32, Faced) {
        let keys = self.rulings.keys(state);
        (
            self.cache.graph.node(&keys, state, &self.describe),
            keys.faced,
        )
    }

    fn node(&self, node: u32) -> &Node {
        &self.cache.graph.nodes[node as usize]
    }

    fn value(&mut self, state: &GameState, chances: &Chances) -> Result<f64, EngineError> {
        if state.is_over() {
            return Ok(outcome(state));
        }
        let fresh = self.cache.memo.is_empty() && !self.cache.whole_anywhere;
        self.last_by_levels = false;
        let alone = !self.card_by_card && self.budget.is_none() && self.shared.is_none();
        if fresh
            && alone
            && let Some(v) = self.by_levels(state, chances)?
        {
            self.last_by_levels = true;
            return Ok(v);
        }
        let (node, faced) = self.node_of(state);
        self.situation(&Src::Here(state), node, faced, Cards::of(chances), false)
    }
}

/// The hash of the rulings of the options a state was last seen with, worked out once for
/// them (the same in every state of a search).
#[derive(Default)]
struct Rulings(Option<(*const crate::options::GameOptions, u64)>);

impl Rulings {
    /// `state`'s keys (see [`Keys::of`]).
    fn keys(&mut self, state: &GameState) -> Keys {
        let options = std::sync::Arc::as_ptr(&state.options);
        let hash = match self.0 {
            Some((of, hash)) if of == options => hash,
            _ => {
                let hash = crate::options::rulings_hash(&state.options.rulings);
                self.0 = Some((options, hash));
                hash
            }
        };
        Keys::of(state, hash)
    }
}

/// The odds of a run that is over.
fn outcome(state: &GameState) -> f64 {
    if state.run.success == Some(true) {
        1.0
    } else {
        0.0
    }
}

/// What the rest of the run can depend on: the chances, and the run's state without the
/// order of the cards faced (only their species count). The key of a situation.
pub(super) fn fingerprint(state: &GameState, chances: &Chances) -> u64 {
    let rulings = crate::options::rulings_hash(&state.options.rulings);
    Keys::of(state, rulings).situation(key::chances_key(chances))
}
