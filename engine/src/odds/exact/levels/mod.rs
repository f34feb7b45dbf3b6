//! The search level by level: a fresh search's situations worked out a card at a time
//! for all of them together, instead of one path at a time.
//!
//! The situations with the same cards still to come form a *group*: the group's nodes
//! (by step key) are its situations, and the card revealed next takes every paused
//! situation of a group to the same group of the next level (the chances after that
//! card). So the search first lists the groups level by level, each situation once
//! (`list.rs`), taking each step it needs through the engine on the one state kept for its
//! node; then it works the odds out from the last level up, each group's from the next
//! level's (`values.rs`). The figures are the card-by-card search's: each is summed from
//! the same terms in the same order. The cache ends up holding the same keys and values
//! (kept aside until a search looks one up: [`OddsCache::settle`]), so the searches that
//! follow (the options of an opening question, another situation on the same cache) find
//! what they would have found.
//!
//! Three things keep the lists short. Where a reveal leads is kept once per node and card
//! ([`Compact`]), not per situation. A question that a reveal leads to is not a situation
//! of the next group but part of the reveal's target, worked out where the reveal's odds
//! are summed (the card-by-card search never remembers a question before the end either).
//! And once no card can come, the unseen cards no longer count: the last level is one
//! group (unless steps asked about the species faced: see below). Past a bound (`LEVEL_WORDS`) the search gives way all the same.
//!
//! Once a level's reveals are known, its groups are independent of one another: the next
//! level's are filled, and each level's odds worked out, in parts side by side
//! (`parts.rs`), one per core. The engine's steps a level needs are taken in waves
//! (`waves.rs`: the reveals, then the answers of the questions they lead to...), each
//! big wave's on twins of the engine, one per core (`twins.rs`), and read back in order
//! as if taken here: the graph, the states kept and the work spent are the same whatever
//! the number of cores.
//!
//! The history counts only through steps that asked whether a species was faced before
//! (the Royal Sceptre). The cards drawn so far are the same for every situation of a
//! group, so while each step adds to the monsters faced just what revealing its card
//! adds, they all faced the same species, once groups are told apart by them too (a
//! Shapeshifter's species is its place): the group's ([`Group::faced`]). Such a step is
//! taken on a node's one state, whatever that state faced, with its answers given from
//! the species a group faced ([`crate::hooks::HookRunner::answer_species_from`]; see
//! `asks.rs`). A situation whose working out met one is remembered under its whole key,
//! as the card-by-card search remembers it (see `values.rs`). Daddy's Sword's question,
//! whose answers read who gives them, is taken on the first state as that search takes
//! it. At any other step that read the history (the Omnipotence's question whether the
//! species faced all differ included), at one that may draw the monster deck, at a
//! state this search does not hold, or at a step the engine refuses, the search
//! gives way to the card-by-card one, which keeps the steps taken so far. It runs only
//! on a fresh cache with no budget and no shared odds (which count and record lookups in
//! the card-by-card search's order).

mod asks;
mod list;
mod parts;
mod twins;
mod values;
mod waves;

pub(super) use twins::Twins;

use asks::{AnswerIn, Asked, UNKEPT};

use super::*;
use std::sync::Arc;

/// A move's target (in the same group for an answer, in the next level's for a reveal): a
/// situation's slot there (a node, for a reveal), a question (`EXPR` + its index among
/// [`Compact`]'s questions), the run over, or (for a reveal) the asks it hangs on (`ASKS`
/// + their index among [`Compact::asks`]).
const EXPR: u32 = 1 << 31;
const ASKS: u32 = 1 << 30;
const LOST_RUN: u32 = u32::MAX - 1;
const SURVIVED: u32 = u32::MAX;

/// The search cannot go on level by level (see the module's doc).
struct GiveWay;

type Level<T> = Result<Result<T, GiveWay>, EngineError>;

/// How a situation's odds follow from its moves' targets.
#[derive(Copy, Clone)]
enum Kind {
    /// Lost: 0, whatever comes.
    Lost,
    /// Paused before a reveal: the sum over the next card (see [`Group::draws`]).
    Reveals,
    /// Answered or resumed: see the group's `answers` at this index.
    Acts(u32),
}

/// A situation that is answered or resumed: its moves' targets, in its group, are
/// `acts[start..end]`; resuming (`runner` unknown: one move, its value), or a question
/// (the best of them for the runner, else the worst). `asked`: one of its moves asked
/// whether a species was faced (see `values.rs`).
#[derive(Copy, Clone)]
struct Answers {
    runner: Option<bool>,
    start: u32,
    end: u32,
    asked: bool,
}

/// The situations with the same chances.
struct Group {
    chances: Chances,
    key: u64,
    /// The species every situation of the group faced, if the same (as they are but in
    /// the last group, while [`Compact::plain`] holds, once groups are told apart by them
    /// too: see `next_groups`).
    faced: Option<Faced>,
    /// Another group has the same chances (and other species faced): see `values.rs`.
    split: bool,
    /// By the card revealed last, the species the situations faced before it (`None`:
    /// not the same for each way here).
    before: SmallVec<[(MonsterId, Option<u64>); 4]>,
    /// The slots of questions remembered under their whole key (see `list.rs`'s
    /// `answer_on_level`).
    whole: Vec<u32>,
    items: Vec<u32>,
    kinds: Vec<Kind>,
    answers: Vec<Answers>,
    /// The targets of the `Acts` situations.
    acts: Vec<u32>,
    /// The slots of the `Reveals` situations.
    paused: Vec<u32>,
    /// For each card the next one may be: the monster, its probability, the next level's
    /// group, and where in that group's `inflow` the odds after it start (one for each of
    /// `paused`).
    draws: Vec<Draw>,
    /// The groups of the level above whose next card leads here, and which of their draws.
    from: Vec<(u32, u32)>,
    /// For each of those, for each of its paused situations, its odds after that card
    /// (worked out once this group's values are), negative if it read the history.
    inflow: Vec<f64>,
    /// How many odds `inflow` will hold.
    inflow_len: u32,
    /// The situations' odds, each negative if working it out read the history (see
    /// `values.rs`).
    values: Vec<f64>,
}

/// A card a group's next one may be (see [`Group::draws`]), and how it is taken from
/// the chances.
#[derive(Copy, Clone)]
struct Draw {
    monster: MonsterId,
    p: f64,
    take: Take,
    child: u32,
    at: u32,
}

impl Group {
    fn new(chances: Chances, key: u64, faced: Option<Faced>) -> Group {
        Group {
            chances,
            key,
            faced,
            split: false,
            before: SmallVec::new(),
            whole: Vec::new(),
            items: Vec::new(),
            kinds: Vec::new(),
            answers: Vec::new(),
            acts: Vec::new(),
            paused: Vec::new(),
            draws: Vec::new(),
            from: Vec::new(),
            inflow: Vec::new(),
            inflow_len: 0,
            values: Vec::new(),
        }
    }

    /// The memory the group's lists take (but its inflow, counted with the level above),
    /// in words of 4 bytes: an item's node, kind and value, and its moves.
    fn words(&self) -> usize {
        self.items.len() * 5 + self.acts.len() + self.from.len() * 2 + self.draws.len() * 7
    }
}

/// Which group being filled holds each node, and where: a stamp per group, so that no
/// group needs an index of its own.
#[derive(Default)]
struct Slots {
    by_node: Vec<(u32, u32)>,
    stamp: u32,
}

impl Slots {
    /// A new group is filled from now on.
    fn next_group(&mut self) {
        self.stamp += 1;
    }

    /// The group is filled from now on, its situations kept where they are.
    fn refill(&mut self, group: &Group) {
        self.next_group();
        for (slot, &node) in group.items.iter().enumerate() {
            let ix = node as usize;
            if self.by_node.len() <= ix {
                self.by_node.resize(ix + 1, (0, 0));
            }
            self.by_node[ix] = (self.stamp, slot as u32);
        }
    }

    /// The slot of `node`'s situation in the group being filled, added if new.
    fn add(&mut self, group: &mut Group, node: u32) -> u32 {
        let ix = node as usize;
        if self.by_node.len() <= ix {
            self.by_node.resize(ix + 1, (0, 0));
        }
        let (stamp, slot) = self.by_node[ix];
        if stamp == self.stamp {
            return slot;
        }
        let slot = group.items.len() as u32;
        group.items.push(node);
        self.by_node[ix] = (self.stamp, slot);
        slot
    }
}

/// What the listing reads of each node, compact and together (the graph's nodes are
/// big and far apart, and every situation reads its node): [`Compact::info`] bits.
const KNOWN: u8 = 1;
const LOST: u8 = 2;
const REVEALS: u8 = 4;
const GIVES_WAY: u8 = 8;

/// A question a reveal leads to, with the targets of its answers, in order, among
/// [`Compact::targets`]: the end of the run, or a paused node.
#[derive(Copy, Clone)]
struct Question {
    runner: bool,
    start: u32,
    end: u32,
}

/// What the listing knows of the nodes, kept compact.
struct Compact {
    info: Vec<u8>,
    /// By monster, by node: where revealing it leads from the node's states, once known.
    reveals: Vec<Vec<Reveal>>,
    questions: Vec<Question>,
    targets: Vec<u32>,
    /// The asks reveals hang on, by their index among the graph's ([`Graph::asks`]).
    asks: Vec<Asked>,
    /// Some reveal asked: each level's are looked at for answers not known yet.
    asking: bool,
    /// By monster and number of monsters faced before, what revealing it adds to the
    /// species faced (to their sum, and their bits: see [`Edge::Goes`]), once a reveal of
    /// it is known.
    added: Vec<Option<(u64, u64)>>,
    /// Every step listed added to the monsters faced just the card it revealed, if any:
    /// each group's situations faced the group's species ([`Group::faced`]).
    plain: bool,
}

/// Where a reveal leads: `code` is the end of the run, a node, or a [`Question`] (`EXPR` +
/// its index) whose node is `node`.
#[derive(Copy, Clone)]
struct Reveal {
    code: u32,
    node: u32,
}

/// Not known yet, among [`Compact::reveals`].
const UNKNOWN: u32 = u32::MAX - 2;

impl Compact {
    fn new(monsters: usize) -> Compact {
        Compact {
            added: vec![None; monsters * 256],
            info: Vec::new(),
            reveals: vec![Vec::new(); monsters],
            questions: Vec::new(),
            targets: Vec::new(),
            asks: Vec::new(),
            asking: false,
            plain: true,
        }
    }

    /// What revealing `monster` after `count` monsters adds to the species faced.
    fn added(&self, monster: MonsterId, count: u8) -> Option<(u64, u64)> {
        self.added[monster.ix() * 256 + usize::from(count)]
    }

    /// The node's bits: lost unless a card raising HP may come; paused before a reveal;
    /// may draw, was remembered under its whole key, or is neither paused nor asking
    /// (the listing gives way at it).
    fn info(&mut self, node: u32, graph: &Graph) -> u8 {
        let ix = node as usize;
        if self.info.len() <= ix {
            self.info.resize(graph.nodes.len().max(ix + 1), 0);
        }
        if self.info[ix] != 0 {
            return self.info[ix];
        }
        let n = &graph.nodes[ix];
        let mut bits = KNOWN;
        if n.lost {
            bits |= LOST;
        }
        if n.may_draw || n.whole_first {
            bits |= GIVES_WAY;
        }
        match n.shape {
            Shape::Paused { left } if left > 0 => bits |= REVEALS,
            Shape::Paused { .. } | Shape::Asking { .. } => {}
            Shape::Broken { .. } => bits |= GIVES_WAY,
        }
        self.info[ix] = bits;
        bits
    }

    fn reveal(&self, node: u32, monster: MonsterId) -> Option<Reveal> {
        let reveal = *self.reveals[monster.ix()].get(node as usize)?;
        (reveal.code != UNKNOWN).then_some(reveal)
    }

    /// Notes where revealing `monster` takes `node` (`code`; `to`, the node it goes to).
    fn set_reveal(&mut self, node: u32, monster: MonsterId, code: u32, to: u32) -> Reveal {
        let reveal = Reveal { code, node: to };
        let by_node = &mut self.reveals[monster.ix()];
        let ix = node as usize;
        if by_node.len() <= ix {
            let unknown = Reveal {
                code: UNKNOWN,
                node: 0,
            };
            by_node.resize(ix + 1, unknown);
        }
        by_node[ix] = reveal;
        reveal
    }
}

/// One state of each node the level being listed (or the next) may step from, with its
/// faced species (shared: the engine's twins step from it too).
#[derive(Default)]
struct States {
    by_node: Vec<Option<(Arc<GameState>, Faced)>>,
    /// The nodes of the level being listed that hold one, to let them go once it is...
    held: Vec<u32>,
    /// ...and those of the next level.
    held_next: Vec<u32>,
}

impl States {
    fn get(&self, node: u32) -> Option<(&Arc<GameState>, Faced)> {
        let (state, faced) = self.by_node.get(node as usize)?.as_ref()?;
        Some((state, *faced))
    }

    /// Keeps `state` for `node` (of the next level if `next`) unless one is kept; else
    /// hands it back.
    fn keep(&mut self, node: u32, next: bool, state: GameState, faced: Faced) -> Option<GameState> {
        let ix = node as usize;
        if self.by_node.get(ix).is_some_and(Option::is_some) {
            return Some(state);
        }
        let refused = self.keep_shared(node, next, Arc::new(state), faced);
        debug_assert!(refused.is_none());
        None
    }

    /// [`States::keep`], for a state already shared.
    fn keep_shared(
        &mut self,
        node: u32,
        next: bool,
        state: Arc<GameState>,
        faced: Faced,
    ) -> Option<Arc<GameState>> {
        let ix = node as usize;
        if self.by_node.len() <= ix {
            self.by_node.resize_with(ix + 1, || None);
        }
        if self.by_node[ix].is_some() {
            return Some(state);
        }
        self.by_node[ix] = Some((state, faced));
        if next {
            self.held_next.push(node);
        } else {
            self.held.push(node);
        }
        None
    }

    /// Lets go of every state kept (their storage goes to `spare`).
    fn release_all(&mut self, spare: &mut Spare) {
        self.release(spare);
        self.release(spare);
    }

    /// Lets go of the states of the level listed (their storage goes to `spare`): the
    /// next level's are now those of the level to list.
    fn release(&mut self, spare: &mut Spare) {
        for node in self.held.drain(..) {
            if let Some((state, _)) = self.by_node[node as usize].take() {
                spare.put(state);
            }
        }
        std::mem::swap(&mut self.held, &mut self.held_next);
    }
}

/// At most this many states done with are kept for their storage (a state is 1.8 KB, and
/// a level lets go of up to a hundred thousand at once).
const SPARE_STATES: usize = 1 << 13;

/// Where states done with go, for their storage: to the steps taken here, or to the
/// twins' (shared, so that handing them over moves no more than a pointer).
pub(super) struct Spare<'s> {
    pub(super) here: &'s mut Vec<GameState>,
    pub(super) twins: Option<&'s mut Vec<Arc<GameState>>>,
}

impl Spare<'_> {
    fn put(&mut self, state: Arc<GameState>) {
        match &mut self.twins {
            Some(twins) if twins.len() < SPARE_STATES => twins.push(state),
            Some(_) => {}
            // A twin done with it has let it go.
            None if self.here.len() < SPARE_STATES => self.here.extend(Arc::into_inner(state)),
            None => {}
        }
    }
}

impl OddsSearch<'_> {
    /// The odds of `state` (not over) worked out level by level, or `None` when the
    /// search gave way: the card-by-card search takes over from the same cache.
    pub(super) fn by_levels(
        &mut self,
        state: &GameState,
        chances: &Chances,
    ) -> Result<Option<f64>, EngineError> {
        let mut states = States::default();
        let levels = self.list(state, chances, &mut states);
        // The twins stop (and let go of the states they hold) before these are released.
        self.twins = None;
        states.release_all(&mut self.spare());
        let (mut levels, compact) = match levels? {
            Ok(listed) => listed,
            Err(GiveWay) => return Ok(None),
        };
        match self.work_levels(&mut levels, &compact) {
            Ok(v) => {
                let key = fingerprint(state, chances);
                self.cache.root_options = self.root_answers(&levels[0][0]).map(|o| (key, o));
                Ok(Some(v))
            }
            Err(GiveWay) => {
                // The cache was empty: the card-by-card search starts from nothing.
                self.cache.found.clear();
                Ok(None)
            }
        }
    }

    /// The odds of each answer of the first group's first situation (the search's), if
    /// it is a question, as worked out (see [`OddsCache::root_options`]).
    fn root_answers(&self, first: &Group) -> Option<Vec<(Action, f64)>> {
        let Kind::Acts(a) = *first.kinds.first()? else {
            return None;
        };
        let Shape::Asking { options, .. } = &self.node(first.items[0]).shape else {
            return None;
        };
        let a = first.answers[a as usize];
        let targets = &first.acts[a.start as usize..a.end as usize];
        let value = |&target: &u32| match target {
            LOST_RUN => 0.0,
            SURVIVED => 1.0,
            slot => first.values[slot as usize].abs(),
        };
        (options.len() == targets.len()).then(|| {
            options
                .iter()
                .copied()
                .zip(targets.iter().map(value))
                .collect()
        })
    }

    /// Where the states the search is done with go (see [`Spare`]).
    fn spare(&mut self) -> Spare<'_> {
        Spare {
            here: &mut self.spare,
            twins: self.twins.is_some().then_some(&mut self.twin_spare),
        }
    }
}

fn over(survived: bool) -> u32 {
    if survived { SURVIVED } else { LOST_RUN }
}
