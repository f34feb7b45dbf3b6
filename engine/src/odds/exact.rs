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
//!   whose working out read the history keeps its whole key. (Which of the two a situation
//!   gets depends only on its step key and the chances: its working out reads the
//!   history, or not, at the same point from every such state.)
//! - *A step that only asked whether a species was faced* (the Royal Sceptre, run
//!   natively: [`crate::hooks::HookRunner::take_species_asked`]) is remembered too, by
//!   its answers ([`Edge::Asks`]): followed from another state, it is taken by that
//!   state's answers, from the species faced ([`key::Faced::seen`]). It is kept only when
//!   each answer was the one the species faced before the step give, so that any state
//!   giving the same answers would have been told the same.
//! - *A lost run is not searched* ([`Raisers::lost`]).
//! - Without a budget or shared odds (which count and record lookups in order), a paused
//!   situation looks up the odds after each card it may reveal all at once, before
//!   working any out: their memory is fetched together ([`OddsSearch::peek`]).
//!
//! The figures are the very numbers a search stepping every state would find: each is
//! summed in the same order from the same terms.

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
use crate::ids::{CardId, MonsterId, SpeciesId, TileId};
use crate::state::GameState;
use rustc_hash::FxHashMap as HashMap;
use smallvec::SmallVec;
use std::cell::OnceCell;

/// Past this many remembered states a search starts with none (they are only a speed-up).
const MAX_NODES: usize = 1 << 20;

/// Remembered results of earlier searches; keep one across searches about the same
/// dungeon (a bot's decisions in one round) to reuse them.
#[derive(Default)]
pub struct OddsCache {
    memo: HashMap<u64, f64>,
    /// The steps taken. Not counted as situations and not saved: without them, searches
    /// run the engine instead.
    graph: Graph,
}

/// The states steps led to, by step key, and the steps taken from them.
#[derive(Default)]
struct Graph {
    index: HashMap<u64, u32>,
    nodes: Vec<Node>,
    /// See [`Edge::Drawn`].
    drawn: Vec<Vec<Option<Edge>>>,
    /// See [`Edge::Asks`].
    asks: Vec<Ask>,
}

/// A step that asked whether a monster of `species` was faced before: where it led (or
/// what it asked next) for each answer, no then yes.
#[derive(Clone, Debug)]
struct Ask {
    species: SpeciesId,
    after: [Option<Edge>; 2],
}

/// What the search knows of the states with one step key.
#[derive(Clone, Debug)]
struct Node {
    keys: (u64, u64),
    shape: Shape,
    /// A tile may draw from the monster deck (Polymorph): steps from here are taken on
    /// states, as many times as the deck's top card may be different monsters.
    may_draw: bool,
    /// Lost unless a card still to come may raise HP ([`Raisers::lost`]).
    lost: bool,
    /// A situation of this node was remembered under its whole key: the others are looked
    /// up under it first. (Any may be under either; one situation is under one only, so
    /// the order changes no figure, only how many lookups miss.)
    whole_first: bool,
    /// Where revealing each monster (by index) led, once known.
    reveals: Vec<Option<Edge>>,
    /// Where each answer, or resuming, led (by the move's code), once known.
    acts: SmallVec<[(u64, Edge); 2]>,
}

#[derive(Clone, Debug)]
enum Shape {
    /// Paused before a reveal, with this many cards in the pile.
    Paused { left: usize },
    /// Waiting on an answer: the answers, in order, and whether the runner gives it.
    Asking {
        runner: bool,
        options: SmallVec<[Action; 8]>,
    },
    /// Waiting on something else, or neither paused nor asking: an error to report.
    Broken { asking: bool },
}

/// Where a step led.
#[derive(Copy, Clone, Debug)]
enum Edge {
    /// A tile drew the monster deck's top card: where the step led for each monster that
    /// card may be is `Graph::drawn[i]` (by monster index; no such edge is `Drawn`).
    Drawn(u32),
    /// The step asked whether a species was faced: see `Graph::asks[i]`.
    Asks(u32),
    /// The run is over: survived or not.
    Over(bool),
    /// A state of this node, whose faced species are the state's plus `faced_added`
    /// (`faced_count` in all). `settled`: its odds, when no card could come any more and
    /// working them out read no history.
    /// `seen_added`: the species of the monsters the step added to those faced (unknown
    /// if it took one back, or one's index is past 63).
    Goes {
        node: u32,
        faced_added: u64,
        faced_count: u8,
        seen_added: Seen,
        settled: Known,
    },
}

/// Species bits that may be unknown, in 8 bytes (a step adds a few species, never all
/// 64): an edge stays small, and the search walks millions of them.
#[derive(Copy, Clone, Debug)]
struct Seen(u64);

impl Seen {
    fn of(bits: Option<u64>) -> Seen {
        Seen(bits.unwrap_or(u64::MAX))
    }
    fn get(self) -> Option<u64> {
        (self.0 != u64::MAX).then_some(self.0)
    }
}

/// Odds that may be unknown, in 8 bytes (odds are never NaN).
#[derive(Copy, Clone, Debug)]
struct Known(f64);

impl Known {
    const NONE: Known = Known(f64::NAN);
    fn get(self) -> Option<f64> {
        (!self.0.is_nan()).then_some(self.0)
    }
}

impl Graph {
    /// The node of a state with these keys, made from it if new.
    fn node(&mut self, keys: &Keys, state: &GameState, search: &Describe) -> u32 {
        if let Some(&ix) = self.index.get(&keys.step) {
            return ix;
        }
        let shape = match &state.pending {
            Some(d) if matches!(d.kind, DecisionKind::Question(_)) => Shape::Asking {
                runner: d.seat == state.run.runner,
                options: (0..d.legal_count())
                    .filter_map(|i| d.legal_action(i))
                    .collect(),
            },
            Some(_) => Shape::Broken { asking: true },
            None if state.run.paused() => Shape::Paused {
                left: state.dungeon.len(),
            },
            None => Shape::Broken { asking: false },
        };
        let ix = self.nodes.len() as u32;
        self.nodes.push(Node {
            keys: (keys.run, keys.step),
            shape,
            may_draw: search.deck_draws.may_draw(state),
            lost: search.raisers.lost(state),
            whole_first: false,
            reveals: Vec::new(),
            acts: SmallVec::new(),
        });
        self.index.insert(keys.step, ix);
        ix
    }

    fn edge(&self, node: u32, step: Move) -> Option<Edge> {
        let n = &self.nodes[node as usize];
        match step {
            Move::Reveal(m) => n.reveals.get(m.ix()).copied().flatten(),
            _ => {
                let code = step.code()?;
                n.acts.iter().find(|(c, _)| *c == code).map(|&(_, e)| e)
            }
        }
    }

    fn edge_mut(&mut self, node: u32, step: Move) -> Option<&mut Edge> {
        let n = &mut self.nodes[node as usize];
        match step {
            Move::Reveal(m) => n.reveals.get_mut(m.ix()).and_then(Option::as_mut),
            _ => {
                let code = step.code()?;
                n.acts.iter_mut().find(|(c, _)| *c == code).map(|(_, e)| e)
            }
        }
    }

    fn set_edge(&mut self, node: u32, step: Move, edge: Edge, monsters: usize) {
        let n = &mut self.nodes[node as usize];
        match step {
            Move::Reveal(m) => {
                if n.reveals.is_empty() {
                    n.reveals = vec![None; monsters];
                }
                if let Some(slot) = n.reveals.get_mut(m.ix()) {
                    *slot = Some(edge);
                }
            }
            _ => {
                if let Some(code) = step.code() {
                    n.acts.push((code, edge));
                }
            }
        }
    }

    fn clear(&mut self) {
        self.index.clear();
        self.nodes.clear();
        self.drawn.clear();
        self.asks.clear();
    }

    /// Follows the asks from `ix` by the answers a state whose faced species are `seen`
    /// gives: the edge they lead to, with the ask and answer it hangs from; `None` when
    /// nothing is known there yet, or the state's faced species are not known.
    fn walk(&self, mut ix: u32, seen: Option<u64>) -> Option<(Edge, (u32, bool))> {
        let seen = seen?;
        loop {
            let ask = &self.asks[ix as usize];
            let answer = faced_before(seen, ask.species);
            match ask.after[usize::from(answer)]? {
                Edge::Asks(next) => ix = next,
                edge => return Some((edge, (ix, answer))),
            }
        }
    }
}

impl OddsCache {
    pub fn new() -> OddsCache {
        OddsCache::default()
    }
    pub fn len(&self) -> usize {
        self.memo.len()
    }
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }
    pub fn clear(&mut self) {
        self.memo.clear();
        self.graph.clear();
    }
    /// Every remembered result as (situation key, odds), by key: what a saved bot keeps,
    /// since what the cache holds decides whether a bounded search finishes.
    pub fn entries(&self) -> Vec<(u64, f64)> {
        let mut all: Vec<(u64, f64)> = self.memo.iter().map(|(&k, &v)| (k, v)).collect();
        all.sort_unstable_by_key(|&(k, _)| k);
        all
    }
    /// A cache holding these results (see [`OddsCache::entries`]).
    pub fn from_entries(entries: impl IntoIterator<Item = (u64, f64)>) -> OddsCache {
        OddsCache {
            memo: entries.into_iter().collect(),
            graph: Graph::default(),
        }
    }
}

/// A move from a situation: the top card of the dungeon revealed as this monster, or
/// the run resumed (`None`) or answered.
#[derive(Copy, Clone, Debug)]
enum Move {
    Reveal(MonsterId),
    Act(Option<Action>),
}

impl Move {
    /// The move's code among a node's answers (`None`: not remembered: only answers and
    /// resuming are moves in a dungeon, anything else is taken every time).
    fn code(self) -> Option<u64> {
        match self {
            Move::Reveal(monster) => Some(1 << 32 | u64::from(monster.0)),
            Move::Act(None) => Some(2 << 32),
            Move::Act(Some(Action::Answer(a))) => Some(3 << 32 | key::answer_code(a)),
            Move::Act(Some(_)) => None,
        }
    }
}

/// A state the search may need: at hand, or one move from another, made (by running the
/// engine) only if a step from it is not known.
enum Src<'s> {
    Here(&'s GameState),
    After {
        from: &'s Src<'s>,
        step: Move,
        /// The monster deck's top card, when the step draws it.
        deck: Option<MonsterId>,
        /// Boxed: most are never made, and the rest of a `Src` lives on the stack.
        made: OnceCell<Box<GameState>>,
    },
}

impl<'s> Src<'s> {
    fn after(from: &'s Src<'s>, step: Move, deck: Option<MonsterId>) -> Src<'s> {
        Src::After {
            from,
            step,
            deck,
            made: OnceCell::new(),
        }
    }

    /// The state, made if need be (the moves on the way are known steps: they succeed).
    fn state(&self, search: &mut OddsSearch<'_>) -> Result<&GameState, EngineError> {
        match self {
            Src::Here(state) => Ok(state),
            Src::After {
                from,
                step,
                deck,
                made,
            } => {
                if made.get().is_none() {
                    let mut next = Box::new(from.state(search)?.clone());
                    search.take(&mut next, *step, *deck)?;
                    let _ = made.set(next);
                }
                Ok(made.get().expect("just made"))
            }
        }
    }
}

/// Where a situation's odds are found: lost (0), worked out again each time (a question,
/// unless the step to it read the history), or remembered.
enum Place {
    Lost,
    Again,
    At(At),
}

/// Where a situation's odds are remembered.
#[derive(Copy, Clone, Debug)]
enum At {
    /// Under its whole key (what builds on it reads the history: the key holds it).
    Whole(u64),
    /// Under a key without the species faced (the step key and, unless no card can come
    /// any more, `ended`, the chances) if working it out reads no history (see the
    /// module's doc), else under the whole key.
    Unfaced {
        unfaced: u64,
        whole: u64,
        ended: bool,
        whole_first: bool,
    },
}

/// What a node is made with.
/// The chances of a situation, with their key ([`key::chances_key`]).
#[derive(Copy, Clone)]
struct Cards<'c> {
    chances: &'c Chances,
    key: u64,
}

impl<'c> Cards<'c> {
    fn of(chances: &'c Chances) -> Cards<'c> {
        Cards {
            chances,
            key: key::chances_key(chances),
        }
    }

    /// The chances once `take` is taken from these: `after`.
    fn after<'a>(self, after: &'a Chances, take: Take) -> Cards<'a> {
        Cards {
            chances: after,
            key: key::chances_key_after(self.key, self.chances, after, take),
        }
    }
}

struct Describe {
    /// The cards whose scripts can draw from the monster deck (Polymorph): a step with
    /// one of them in play may need redoing once per card the deck's top may be.
    deck_draws: DeckDraws,
    /// The cards that may raise HP: a spent run without any is lost.
    raisers: Raisers,
}

/// An exact-odds search over an engine.
pub struct OddsSearch<'a> {
    engine: &'a mut dyn Rules,
    cache: &'a mut OddsCache,
    describe: Describe,
    monsters: usize,
    /// Give up past this many new situations ([`EngineError::Budget`]).
    budget: Option<usize>,
    start: usize,
    /// Scratch space for each step's events.
    events: Vec<Event>,
    /// The engine's shared results, lent for this search (`None`: not sharing).
    shared: Option<SharedOdds>,
    /// The lookups of the situations being searched, innermost last (while sharing).
    lookups: Vec<u64>,
    /// The rulings' hash, for the options it was made of (the same in every state of a
    /// search: worked out once).
    rulings: Option<(*const crate::options::GameOptions, u64)>,
    /// Grows whenever what is being worked out depends on the history: a step that read
    /// it, or a situation remembered under its whole key.
    history: u64,
    /// States done with, whose storage the next steps reuse.
    spare: Vec<GameState>,
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
        let start = cache.memo.len();
        if cache.graph.nodes.len() > MAX_NODES {
            cache.graph.clear();
        }
        let mut shared = engine.lend_shared_odds();
        if let Some(shared) = &mut shared {
            shared.trim();
        }
        OddsSearch {
            engine,
            cache,
            describe,
            monsters,
            budget: None,
            start,
            events: Vec::with_capacity(32),
            shared,
            lookups: Vec::new(),
            rulings: None,
            history: 0,
            spare: Vec::new(),
        }
    }

    /// Gives up (with [`EngineError::Budget`]) past `states` new situations.
    pub fn with_budget(mut self, states: usize) -> Self {
        self.budget = Some(states);
        self
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
                states: search.cache.memo.len(),
            })
        })
    }

    /// Odds from a run under way (card by card, paused or on a question).
    pub fn from_state(&mut self, state: GameState, chances: &Chances) -> Result<Odds, EngineError> {
        self.analysing(|search| {
            let probability = search.value(&state, chances)?;
            Ok(Odds {
                probability,
                states: search.cache.memo.len(),
            })
        })
    }

    /// The value of each option of the question `state` waits on.
    pub fn options(
        &mut self,
        state: &GameState,
        chances: &Chances,
    ) -> Result<Vec<(Action, f64)>, EngineError> {
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

    /// Runs `f` with the engine in analysis mode (see [`Rules::set_analysis`]).
    fn analysing<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, EngineError>,
    ) -> Result<T, EngineError> {
        self.engine.set_analysis(true);
        let result = f(self);
        self.engine.set_analysis(false);
        result
    }

    /// A state's node and faced species.
    fn node_of(&mut self, state: &GameState) -> (u32, Faced) {
        let options = std::sync::Arc::as_ptr(&state.options);
        let rulings = match self.rulings {
            Some((of, hash)) if of == options => hash,
            _ => {
                let hash = crate::options::rulings_hash(&state.options.rulings);
                self.rulings = Some((options, hash));
                hash
            }
        };
        let keys = Keys::of(state, rulings);
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
        let (node, faced) = self.node_of(state);
        self.situation(&Src::Here(state), node, faced, Cards::of(chances), false)
    }

    /// The odds of the situation a state (from `src`, of this node, with these faced
    /// species) and `chances` make: remembered, or worked out. `read`: the step to it read
    /// the history (its own steps likely will, and cannot be kept): it is remembered then,
    /// whatever its shape.
    fn situation(
        &mut self,
        src: &Src<'_>,
        node: u32,
        faced: Faced,
        cards: Cards<'_>,
        read: bool,
    ) -> Result<f64, EngineError> {
        let at = match self.place(node, faced, cards, read) {
            Place::Lost => return Ok(0.0),
            Place::Again => return self.work(src, node, faced, cards),
            Place::At(at) => at,
        };
        if let Some(v) = self.known(at)? {
            return Ok(v);
        }
        let mark = self.lookups.len();
        let history = self.history;
        let v = self.work(src, node, faced, cards)?;
        let key = match at {
            At::Unfaced { unfaced, .. } if self.history == history => unfaced,
            At::Whole(whole) | At::Unfaced { whole, .. } => {
                // Remembered under its whole key: whatever builds on it reads the history.
                self.history += 1;
                if let At::Unfaced { .. } = at {
                    self.cache.graph.nodes[node as usize].whole_first = true;
                }
                whole
            }
        };
        self.share(key, v, mark);
        self.cache.memo.insert(key, v);
        if self.shared.is_some() {
            self.lookups.push(key);
        }
        Ok(v)
    }

    /// Where a situation's odds are found (see [`OddsSearch::situation`]).
    fn place(&self, node: u32, faced: Faced, cards: Cards<'_>, read: bool) -> Place {
        let n = self.node(node);
        let may_draw = n.may_draw;
        if n.lost && !self.describe.raisers.may_come(cards.chances, may_draw) {
            return Place::Lost;
        }
        let (run, step) = n.keys;
        let whole = || key::situation_key(run, faced, cards.key);
        if cards.chances.cards() == 0 && !may_draw {
            Place::At(At::Unfaced {
                unfaced: key::settled_key(step),
                whole: whole(),
                ended: true,
                whole_first: n.whole_first,
            })
        } else if !may_draw && matches!(n.shape, Shape::Paused { .. }) {
            Place::At(At::Unfaced {
                unfaced: key::unfaced_key(step, cards.key),
                whole: whole(),
                ended: false,
                whole_first: n.whole_first,
            })
        } else if read || may_draw {
            Place::At(At::Whole(whole()))
        } else {
            Place::Again
        }
    }

    /// The odds after a move from `node` if they are known without working anything out
    /// nor reading the history (a remembered step to a remembered situation), as
    /// [`OddsSearch::after`] would find them; `None` otherwise.
    fn peek(&mut self, node: u32, faced: Faced, step: Move, cards: Cards<'_>) -> Option<f64> {
        let (edge, slot) = self.known_edge(node, step, faced)?;
        let Edge::Goes {
            node: next,
            faced_added,
            faced_count,
            seen_added,
            settled,
        } = edge
        else {
            return match edge {
                Edge::Over(survived) => Some(f64::from(u8::from(survived))),
                _ => None,
            };
        };
        if let Some(v) = settled.get() {
            return Some(v);
        }
        let next_faced = faced.after(faced_added, faced_count, seen_added.get());
        match self.place(next, next_faced, cards, false) {
            Place::Lost => Some(0.0),
            Place::Again => None,
            // Under the whole key (first, where the node keeps some there).
            Place::At(
                At::Whole(whole)
                | At::Unfaced {
                    whole,
                    whole_first: true,
                    ..
                },
            ) => {
                let v = self.cache.memo.get(&whole).copied()?;
                // As `known` would count it.
                self.history += 1;
                Some(v)
            }
            Place::At(At::Unfaced { unfaced, ended, .. }) => {
                let v = self.cache.memo.get(&unfaced).copied()?;
                // As `settle` would note it.
                if let (true, Some(Edge::Goes { settled, .. })) =
                    (ended, self.edge_at(node, (step, None), slot))
                {
                    *settled = Known(v);
                }
                Some(v)
            }
        }
    }

    /// The odds of a situation already worked out, here or in the shared table (then
    /// replayed into this cache); `None` if it is new. Counts it against the budget then.
    fn known(&mut self, at: At) -> Result<Option<f64>, EngineError> {
        // A figure found under a whole key: what builds on it reads the history.
        let found = match at {
            At::Whole(whole) => self.cache.memo.get(&whole).map(|&v| {
                self.history += 1;
                (whole, v)
            }),
            At::Unfaced {
                unfaced,
                whole,
                whole_first,
                ..
            } => {
                let memo = &self.cache.memo;
                let under = |key: u64| memo.get(&key).map(|&v| (key, v));
                let found = if whole_first {
                    under(whole).or_else(|| under(unfaced))
                } else {
                    under(unfaced).or_else(|| under(whole))
                };
                if found.is_some_and(|(key, _)| key == whole) {
                    self.history += 1;
                }
                found
            }
        };
        if let Some((key, v)) = found {
            if self.shared.is_some() {
                self.lookups.push(key);
            }
            return Ok(Some(v));
        }
        self.check_budget()?;
        let replayed = match at {
            At::Whole(whole) => self.try_replay(whole)?.map(|v| {
                self.history += 1;
                (whole, v)
            }),
            At::Unfaced { unfaced, whole, .. } => match self.try_replay(unfaced)? {
                Some(v) => Some((unfaced, v)),
                None => self.try_replay(whole)?.map(|v| {
                    self.history += 1;
                    (whole, v)
                }),
            },
        };
        if let (Some((key, _)), true) = (replayed, self.shared.is_some()) {
            self.lookups.push(key);
        }
        Ok(replayed.map(|(_, v)| v))
    }

    /// Works a situation out from the moves it offers.
    fn work(
        &mut self,
        src: &Src<'_>,
        node: u32,
        faced: Faced,
        cards: Cards<'_>,
    ) -> Result<f64, EngineError> {
        match &self.node(node).shape {
            // The runner answers for the best odds; another player (Daddy's Sword's
            // chooser) for the worst.
            Shape::Asking { runner, options } => {
                let (runner, count) = (*runner, options.len());
                let mut best: f64 = if runner { 0.0 } else { 1.0 };
                for i in 0..count {
                    let Shape::Asking { options, .. } = &self.node(node).shape else {
                        unreachable!("a node keeps its shape")
                    };
                    let step = Move::Act(Some(options[i]));
                    let v = self.after(src, node, faced, step, cards)?;
                    best = if runner { best.max(v) } else { best.min(v) };
                }
                Ok(best)
            }
            // No card left: on to the end of the dungeon.
            Shape::Paused { left: 0 } => self.after(src, node, faced, Move::Act(None), cards),
            Shape::Paused { .. } => {
                let mut draws = Draws::new();
                cards.chances.next_card(&mut draws);
                let mut next = cards.chances.clone();
                // Without a budget nor shared odds (which count and record the lookups in
                // order), the odds already known after each card are looked up first, all
                // at once (their memory is fetched together), then the others worked out.
                let mut known: SmallVec<[Option<f64>; 24]> = SmallVec::new();
                if self.budget.is_none() && self.shared.is_none() {
                    for &(monster, _, take) in &draws {
                        next.take(take);
                        let after = cards.after(&next, take);
                        known.push(self.peek(node, faced, Move::Reveal(monster), after));
                        next.put_back(take);
                    }
                }
                let mut total = 0.0;
                for (i, &(monster, p, take)) in draws.iter().enumerate() {
                    // The top of the pile is revealed next: it becomes this card.
                    let v = match known.get(i).copied().flatten() {
                        Some(v) => v,
                        None => {
                            next.take(take);
                            let after = cards.after(&next, take);
                            let step = Move::Reveal(monster);
                            let v = self.after(src, node, faced, step, after)?;
                            next.put_back(take);
                            v
                        }
                    };
                    total += p * v;
                }
                Ok(total)
            }
            Shape::Broken { asking: true } => Err(EngineError::Rule(
                "odds: the dungeon waits on something other than a question".into(),
            )),
            Shape::Broken { asking: false } => Err(EngineError::Rule(
                "odds: the dungeon is neither paused nor asking".into(),
            )),
        }
    }

    /// Gives up once this search has met its budget of new situations.
    fn check_budget(&self) -> Result<(), EngineError> {
        match self
            .budget
            .filter(|&b| self.cache.memo.len() >= self.start.saturating_add(b))
        {
            Some(budget) => Err(EngineError::Budget(budget)),
            None => Ok(()),
        }
    }

    /// Keeps a finished situation for every later search, unless a hook has read what
    /// the key leaves out (then sharing stops for this engine: see [`SharedOdds`]).
    fn share(&mut self, key: u64, value: f64, mark: usize) {
        let Some(table) = &mut self.shared else {
            return;
        };
        if self.engine.hooks_read_unkeyed() {
            self.shared = None;
            return;
        }
        table.insert(key, value, &self.lookups[mark..]);
        self.lookups.truncate(mark);
    }

    /// The value of a situation the shared table holds, found as searching it would find
    /// it with this cache (see [`SharedOdds`]). `None` when the table lacks one of the
    /// situations it looked up (one this cache had before sharing began): the search then
    /// goes on as usual, and what the replay added to the cache is what the search would
    /// have added first anyway (the same lookups in the same order).
    fn try_replay(&mut self, key: u64) -> Result<Option<f64>, EngineError> {
        match self.shared.as_ref().and_then(|t| t.get(key)) {
            Some(found) => self.replay(key, found),
            None => Ok(None),
        }
    }

    /// Walks a shared situation's lookups in order as its search made them: each one new
    /// to the cache is counted against the budget, walked, and remembered.
    fn replay(&mut self, key: u64, found: Situation) -> Result<Option<f64>, EngineError> {
        for i in found.lookups() {
            let Some(table) = &self.shared else {
                return Ok(None);
            };
            let next = table.lookup(i);
            if self.cache.memo.contains_key(&next) {
                continue;
            }
            self.check_budget()?;
            let Some(inner) = table.get(next) else {
                return Ok(None);
            };
            if self.replay(next, inner)?.is_none() {
                return Ok(None);
            }
        }
        self.cache.memo.insert(key, found.value);
        Ok(Some(found.value))
    }

    /// The odds after a move from a state (from `src`, of this node, with these faced
    /// species) into `chances`; a card drawn from the monster deck on the way (Polymorph)
    /// is a chance over the unseen pool too.
    fn after(
        &mut self,
        src: &Src<'_>,
        node: u32,
        faced: Faced,
        step: Move,
        cards: Cards<'_>,
    ) -> Result<f64, EngineError> {
        match self.known_edge(node, step, faced) {
            Some((Edge::Drawn(drawn), _)) => {
                return self.drawing(src, node, faced, step, Some(drawn), cards);
            }
            Some((edge, slot)) => {
                return self.follow(src, node, faced, (step, None), edge, slot, cards);
            }
            None => {}
        }
        let may_draw = self.node(node).may_draw;
        let stepped = self.step(src, step, None)?;
        let replaced =
            may_draw && (self.events.iter()).any(|e| matches!(e, Event::Replaced { .. }));
        if replaced {
            // Where it led depends on the deck's top card: taken again for each.
            // (Nothing is known of it: an ask a state could not follow leaves it unkept.)
            let known = self.cache.graph.edge(node, step).is_some();
            let drawn = (stepped.clean && stepped.asked.is_empty() && !known).then(|| {
                let graph = &mut self.cache.graph;
                graph.drawn.push(vec![None; self.monsters]);
                let ix = (graph.drawn.len() - 1) as u32;
                graph.set_edge(node, step, Edge::Drawn(ix), self.monsters);
                ix
            });
            self.spare.push(stepped.next);
            return self.drawing(src, node, faced, step, drawn, cards);
        }
        self.arrive(node, faced, (step, None), stepped, cards)
    }

    /// Where a step from `node` is remembered to lead from a state with these faced
    /// species: through its asks, if it asked (their answers read the history, as taking
    /// the step would have), with the ask and answer it hangs from. `None`: not known,
    /// or not for this state.
    fn known_edge(
        &mut self,
        node: u32,
        step: Move,
        faced: Faced,
    ) -> Option<(Edge, Option<(u32, bool)>)> {
        match self.cache.graph.edge(node, step)? {
            Edge::Asks(ix) => {
                let (edge, slot) = self.cache.graph.walk(ix, faced.seen)?;
                self.history += 1;
                Some((edge, Some(slot)))
            }
            edge => Some((edge, None)),
        }
    }

    /// Takes a move on a copy of the state: the state it leads to, whether where it led
    /// may be remembered, and what it asked.
    fn step(
        &mut self,
        src: &Src<'_>,
        step: Move,
        deck: Option<MonsterId>,
    ) -> Result<Stepped, EngineError> {
        if self.engine.work_exhausted() {
            return Err(EngineError::Work);
        }
        let from = src.state(self)?;
        // A spare state's storage (its lists spilled to the heap included) is reused.
        let mut next = self.spare.pop().unwrap_or_default();
        from.copy_for_undo(&mut next);
        next.options = from.options.clone();
        // What was asked making `from` is not this step's.
        drop(self.engine.hooks_take_species_asked());
        let reads = self.engine.hooks_history_reads();
        let draws = self.engine.hooks_random_draws();
        let faced_len = next.run.faced.len();
        let kept_before = next.run.monsters_faced().count();
        self.take(&mut next, step, deck)?;
        if self.engine.hooks_random_draws() != draws {
            // Where it led hangs on a number this search cannot weigh: nothing of it is
            // remembered (no edge, no figure), and the caller samples instead.
            self.spare.push(next);
            return Err(EngineError::Random);
        }
        if self.engine.work_exhausted() {
            self.spare.push(next);
            return Err(EngineError::Work);
        }
        let asked = self.engine.hooks_take_species_asked();
        let after = self.engine.hooks_history_reads();
        if reads.is_none() || reads != after {
            self.history += 1;
        }
        // Clean: every read of the history was a question asked (none, mostly).
        let clean = reads
            .zip(after)
            .is_some_and(|(r, a)| a.wrapping_sub(r) == asked.len() as u64);
        let faced = &next.run.faced;
        let only_added = faced.len() >= faced_len
            && (faced[..faced_len].iter())
                .filter(|f| f.fate != Fate::Replaced)
                .count()
                == kept_before;
        let seen_added = only_added
            .then(|| {
                (faced[faced_len..].iter())
                    .filter(|f| f.fate != Fate::Replaced)
                    .try_fold(0, |bits, f| key::species_bit(f.species).map(|b| bits | b))
            })
            .flatten();
        Ok(Stepped {
            next,
            clean,
            asked,
            seen_added,
        })
    }

    /// The odds of the state a step from `node` just led to; the step is remembered if
    /// `clean` (under `drawn`'s entry when the deck's top card was drawn; by its answers
    /// when it asked, if each was the one the species faced before it give).
    fn arrive(
        &mut self,
        node: u32,
        faced: Faced,
        step: (Move, Option<MonsterId>),
        stepped: Stepped,
        cards: Cards<'_>,
    ) -> Result<f64, EngineError> {
        let Stepped {
            next,
            clean,
            asked,
            seen_added,
        } = stepped;
        let keep = clean
            && (asked.is_empty()
                || step.1.is_none()
                    && faced.seen.is_some_and(|seen| {
                        (asked.iter()).all(|&(s, answer)| faced_before(seen, s) == answer)
                    }));
        if next.is_over() {
            let survived = next.run.success == Some(true);
            if keep {
                self.set_edge(node, step, &asked, Edge::Over(survived));
            }
            self.spare.push(next);
            return Ok(f64::from(u8::from(survived)));
        }
        let (next_node, next_faced) = self.node_of(&next);
        let mut slot = None;
        if keep {
            let edge = Edge::Goes {
                node: next_node,
                faced_added: next_faced.sum.wrapping_sub(faced.sum),
                faced_count: next_faced.count,
                seen_added: Seen::of(seen_added),
                settled: Known::NONE,
            };
            slot = self.set_edge(node, step, &asked, edge);
        }
        let history = self.history;
        let src = Src::Here(&next);
        let v = self.situation(&src, next_node, next_faced, cards, !keep)?;
        self.spare.push(next);
        if keep {
            self.settle(node, step, slot, next_node, cards.chances, history, v);
        }
        Ok(v)
    }

    /// The odds through a remembered step (reached by answers from `slot`, if it asked).
    #[allow(clippy::too_many_arguments)]
    fn follow(
        &mut self,
        src: &Src<'_>,
        node: u32,
        faced: Faced,
        step: (Move, Option<MonsterId>),
        edge: Edge,
        slot: Option<(u32, bool)>,
        cards: Cards<'_>,
    ) -> Result<f64, EngineError> {
        match edge {
            Edge::Over(survived) => Ok(f64::from(u8::from(survived))),
            Edge::Goes {
                node: next,
                faced_added,
                faced_count,
                seen_added,
                settled,
            } => {
                // Its odds as they were found: only when that changes no search's
                // lookups (with shared odds, the memo is looked up as it always is).
                if let (Some(v), None) = (settled.get(), &self.shared) {
                    return Ok(v);
                }
                let next_faced = faced.after(faced_added, faced_count, seen_added.get());
                let history = self.history;
                let src = Src::after(src, step.0, step.1);
                let v = self.situation(&src, next, next_faced, cards, false)?;
                self.settle(node, step, slot, next, cards.chances, history, v);
                Ok(v)
            }
            Edge::Drawn(_) | Edge::Asks(_) => {
                unreachable!("a drawn card's edges are not drawn, and asks are walked")
            }
        }
    }

    /// The odds of a move after which a tile drew the monster deck's top card: over each
    /// monster it may be, from the unseen pool. `drawn`: where the step's edges by monster
    /// are remembered (`None`: the step read the history, none are).
    fn drawing(
        &mut self,
        src: &Src<'_>,
        node: u32,
        faced: Faced,
        step: Move,
        drawn: Option<u32>,
        cards: Cards<'_>,
    ) -> Result<f64, EngineError> {
        let mut draws = Draws::new();
        cards.chances.pool_draws(false, 1.0, &mut draws);
        let mut total = 0.0;
        let mut after = cards.chances.clone();
        for &(monster, p, take) in &draws {
            after.take(take);
            let drawn_cards = cards.after(&after, take);
            let known = drawn.and_then(|d| self.cache.graph.drawn[d as usize][monster.ix()]);
            let v = match known {
                Some(edge) => {
                    let step = (step, Some(monster));
                    self.follow(src, node, faced, step, edge, None, drawn_cards)?
                }
                None => {
                    let mut stepped = self.step(src, step, Some(monster))?;
                    stepped.clean &= drawn.is_some();
                    let step = (step, Some(monster));
                    self.arrive(node, faced, step, stepped, drawn_cards)?
                }
            };
            total += p * v;
            after.put_back(take);
        }
        Ok(total)
    }

    /// Remembers where a step from `node` led (under the step's drawn entry when it drew
    /// the deck's top card; after its answers when it asked): the ask and answer it is
    /// kept under, if it asked.
    fn set_edge(
        &mut self,
        node: u32,
        step: (Move, Option<MonsterId>),
        asked: &[(SpeciesId, bool)],
        edge: Edge,
    ) -> Option<(u32, bool)> {
        let graph = &mut self.cache.graph;
        match step {
            (step, None) if asked.is_empty() => graph.set_edge(node, step, edge, self.monsters),
            (step, None) => {
                // Down the asks made so far, each new one added where nothing was known.
                let mut at: Option<(u32, bool)> = None;
                for &(species, answer) in asked {
                    let here = match at {
                        None => graph.edge(node, step),
                        Some((ix, a)) => graph.asks[ix as usize].after[usize::from(a)],
                    };
                    let ix = match here {
                        Some(Edge::Asks(ix)) if graph.asks[ix as usize].species == species => ix,
                        // Another question, or none, was asked here before: the engine is
                        // not what it was; nothing is kept.
                        Some(_) => return None,
                        None => {
                            let ix = graph.asks.len() as u32;
                            graph.asks.push(Ask {
                                species,
                                after: [None, None],
                            });
                            match at {
                                None => graph.set_edge(node, step, Edge::Asks(ix), self.monsters),
                                Some((up, a)) => {
                                    graph.asks[up as usize].after[usize::from(a)] =
                                        Some(Edge::Asks(ix));
                                }
                            }
                            ix
                        }
                    };
                    at = Some((ix, answer));
                }
                let (ix, answer) = at?;
                let slot = &mut graph.asks[ix as usize].after[usize::from(answer)];
                if slot.is_some() {
                    return None;
                }
                *slot = Some(edge);
                return Some((ix, answer));
            }
            (step, Some(monster)) => {
                if let Some(Edge::Drawn(d)) = graph.edge(node, step) {
                    graph.drawn[d as usize][monster.ix()] = Some(edge);
                }
            }
        }
        None
    }

    /// The remembered edge of a step from `node` (reached by answers from `slot`, if it
    /// asked), to note its odds on.
    fn edge_at(
        &mut self,
        node: u32,
        step: (Move, Option<MonsterId>),
        slot: Option<(u32, bool)>,
    ) -> Option<&mut Edge> {
        let graph = &mut self.cache.graph;
        match (slot, step) {
            (Some((ix, a)), _) => graph.asks[ix as usize].after[usize::from(a)].as_mut(),
            (None, (step, None)) => graph.edge_mut(node, step),
            (None, (step, Some(monster))) => match graph.edge(node, step) {
                Some(Edge::Drawn(d)) => graph.drawn[d as usize][monster.ix()].as_mut(),
                _ => None,
            },
        }
    }

    /// Notes on the edge from `node` the odds `v` of the situation it led to, if they
    /// depend on nothing but the step (no card could come, no history was read since
    /// `history`).
    #[allow(clippy::too_many_arguments)]
    fn settle(
        &mut self,
        node: u32,
        step: (Move, Option<MonsterId>),
        slot: Option<(u32, bool)>,
        next: u32,
        chances: &Chances,
        history: u64,
        v: f64,
    ) {
        if self.history != history || self.node(next).may_draw || chances.cards() > 0 {
            return;
        }
        if let Some(Edge::Goes { settled, .. }) = self.edge_at(node, step, slot) {
            *settled = Known(v);
        }
    }

    /// Takes the move on `state` (already a copy: an error ends the search, the state is
    /// dropped with it), the monster deck's top card being `deck` if given.
    fn take(
        &mut self,
        state: &mut GameState,
        step: Move,
        deck: Option<MonsterId>,
    ) -> Result<(), EngineError> {
        self.events.clear();
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
                self.engine.resume(state, &mut self.events)
            }
            Move::Act(None) => self.engine.resume(state, &mut self.events),
            Move::Act(Some(a)) => self.engine.apply_or_abandon(state, a, &mut self.events),
        }
        .map_err(EngineError::in_analysis)
    }
}

/// A step taken on a state (see [`OddsSearch::step`]).
struct Stepped {
    next: GameState,
    /// Its reads of the history were all questions asked (mostly: none).
    clean: bool,
    /// What it asked, in order, with the answers.
    asked: Vec<(SpeciesId, bool)>,
    /// See [`Edge::Goes`].
    seen_added: Option<u64>,
}

/// The answer a state whose faced species are `seen` gives to "was a monster of
/// `species` faced?" (a species past the 63rd was not: `seen` knows every one faced).
fn faced_before(seen: u64, species: SpeciesId) -> bool {
    key::species_bit(Some(species)).is_some_and(|bit| seen & bit != 0)
}

/// The odds of a run that is over.
fn outcome(state: &GameState) -> f64 {
    if state.run.success == Some(true) {
        1.0
    } else {
        0.0
    }
}

/// The cards that may raise the runner's HP or make the run a success: tiles whose hooks
/// may or that hold negative HP (discarded, they would give it back), monsters whose hooks
/// may ([`Rules::may_raise_hp`]).
struct Raisers {
    /// By tile index.
    tiles: Vec<bool>,
    /// By monster index.
    monsters: Vec<bool>,
}

impl Raisers {
    fn new(engine: &dyn Rules) -> Raisers {
        let catalog = engine.catalog();
        let tiles = (catalog.tiles.iter().enumerate())
            .map(|(i, t)| t.hp < 0 || engine.may_raise_hp(CardRef::Tile(TileId(i as u16))))
            .collect();
        let monsters = (0..catalog.monsters.len())
            .map(|i| engine.may_raise_hp(CardRef::Monster(MonsterId(i as u16))))
            .collect();
        Raisers { tiles, monsters }
    }

    /// The run is lost whatever happens, unless a card still to come may raise HP
    /// ([`Raisers::may_come`]): in the base box's model (every card is revealed; the run
    /// succeeds if HP ends above 0), HP is spent, nothing forced a success, and nothing in
    /// play may raise HP (a held tile, the card being resolved, one replacing it). Its odds
    /// are then 0, exactly what working it out would sum.
    fn lost(&self, state: &GameState) -> bool {
        let run = &state.run;
        let in_play = |card: CardId| self.monsters[state.monster_of(card).ix()];
        state.damage_model == DamageModel::EndTotal
            && run.hp <= 0
            && !run.success_forced
            && !state.tiles.iter().any(|t| self.tiles[t.ix()])
            && !run.current().is_some_and(|f| self.monsters[f.monster.ix()])
            && !run.incoming.is_some_and(in_play)
    }

    /// Whether a card still to come may raise HP: one in the dungeon, or (when a tile may
    /// draw from the deck) one drawn from the unseen pool.
    fn may_come(&self, chances: &Chances, may_draw: bool) -> bool {
        let from_pool = chances.unknown > 0 || may_draw;
        let kinds = (chances.known.iter().zip(&chances.pool)).zip(&self.monsters);
        kinds
            .into_iter()
            .any(|((&k, &p), &raises)| raises && (k > 0 || (from_pool && p > 0)))
            || from_pool
                && chances.unknown_specials > 0
                && chances.candidates.iter().any(|m| self.monsters[m.ix()])
    }
}

/// Which cards' scripts may draw from the monster deck (they name the ctx function, or the
/// helper built on it).
struct DeckDraws {
    /// By tile index.
    tiles: Vec<bool>,
    /// Some monster's script may: it can be met in any dungeon.
    monsters: bool,
}

impl DeckDraws {
    fn new(catalog: &Catalog) -> DeckDraws {
        let draws = |info: &crate::catalog::CardInfo| {
            (info.script.as_ref()).is_some_and(|s| s.code.contains("replace_from_deck"))
        };
        DeckDraws {
            tiles: catalog.tiles.iter().map(|t| draws(&t.info)).collect(),
            monsters: catalog.monsters.iter().any(|m| draws(&m.info)),
        }
    }

    /// Whether a step from `state` may draw from the deck: there is a deck, and a card
    /// that may draw from it is in play (a tile the runner holds, or a monster).
    fn may_draw(&self, state: &GameState) -> bool {
        !state.deck.is_empty() && (self.monsters || state.tiles.iter().any(|t| self.tiles[t.ix()]))
    }
}

/// What the rest of the run can depend on: the chances, and the run's state without the
/// order of the cards faced (only their species count). The key of a situation.
pub(super) fn fingerprint(state: &GameState, chances: &Chances) -> u64 {
    let rulings = crate::options::rulings_hash(&state.options.rulings);
    Keys::of(state, rulings).situation(key::chances_key(chances))
}
