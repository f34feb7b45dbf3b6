//! What the search remembers of the engine's steps: each state's node (by step key), and
//! for each move from it the edge to where it led ([`Edge`]), or the asks it hangs on.

use super::*;

/// The states steps led to, by step key, and the steps taken from them.
#[derive(Default)]
pub(super) struct Graph {
    pub(super) index: HashMap<u64, u32>,
    pub(super) nodes: Vec<Node>,
    /// See [`Edge::Drawn`].
    pub(super) drawn: Vec<Vec<Option<Edge>>>,
    /// See [`Edge::Asks`].
    pub(super) asks: Vec<Ask>,
}

/// A step that asked a question about the species faced (whether a monster of a species
/// was faced before...): where it led (or what it asked next) for each answer, no then
/// yes.
#[derive(Clone, Debug)]
pub(super) struct Ask {
    pub(super) question: SpeciesQuestion,
    pub(super) after: [Option<Edge>; 2],
}

/// What the search knows of the states with one step key.
#[derive(Clone, Debug)]
pub(super) struct Node {
    pub(super) keys: (u64, u64),
    pub(super) shape: Shape,
    /// A tile may draw from the monster deck (Polymorph): steps from here are taken on
    /// states, as many times as the deck's top card may be different monsters.
    pub(super) may_draw: bool,
    /// Lost unless a card still to come may raise HP ([`Raisers::lost`]).
    pub(super) lost: bool,
    /// A situation of this node was remembered under its whole key: the others are looked
    /// up under it first. (Any may be under either; one situation is under one only, so
    /// the order changes no figure, only how many lookups miss.)
    pub(super) whole_first: bool,
    /// A situation of this node was remembered under its [`key::repeated_key`]: the others
    /// that faced two monsters of a species are looked up there (first, but after the
    /// whole key if `whole_first`).
    pub(super) repeated_first: bool,
    /// How many monsters its states faced (the step key holds it).
    pub(super) faced_count: u8,
    /// The species of the monster being resolved (the step key holds the card), as its
    /// bit among [`Faced::seen`] (0: none, or none with a species; `None`: past 63).
    pub(super) resolved: Option<u64>,
    /// Where revealing each monster (by index) led, once known.
    pub(super) reveals: Vec<Option<Edge>>,
    /// Where each answer, or resuming, led (by the move's code), once known.
    pub(super) acts: SmallVec<[(u64, Edge); 2]>,
}

#[derive(Clone, Debug)]
pub(super) enum Shape {
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
pub(super) enum Edge {
    /// A tile drew the monster deck's top card: where the step led for each monster that
    /// card may be is `Graph::drawn[i]` (by monster index; no such edge is `Drawn`).
    Drawn(u32),
    /// The step asked about the species faced: see `Graph::asks[i]`.
    Asks(u32),
    /// The run is over: survived or not.
    Over(bool),
    /// A state of this node, whose faced species are the state's plus `faced_added`
    /// (`faced_count` in all). `settled`: its odds, when no card could come any more and
    /// working them out read no history.
    /// `seen_added`: the species of the monsters the step added to those faced (unknown
    /// if it took one back, or one's index is past 63); `with_species_added`: how many of
    /// them have a species (see [`Faced::after`]).
    Goes {
        node: u32,
        faced_added: u64,
        faced_count: u8,
        with_species_added: u8,
        seen_added: Seen,
        settled: Known,
    },
}

impl Edge {
    /// A step from a state with `faced` species to a state of `node` with `next_faced`,
    /// having added the species `seen_added` (see [`Edge::Goes`]); its odds not settled.
    pub(super) fn goes(
        faced: Faced,
        node: u32,
        next_faced: Faced,
        seen_added: Option<u64>,
    ) -> Edge {
        Edge::Goes {
            node,
            faced_added: next_faced.sum.wrapping_sub(faced.sum),
            faced_count: next_faced.count,
            with_species_added: next_faced.with_species.wrapping_sub(faced.with_species),
            seen_added: Seen::of(seen_added),
            settled: Known::NONE,
        }
    }
}

/// Species bits that may be unknown, in 8 bytes (a step adds a few species, never all
/// 64): an edge stays small, and the search walks millions of them.
#[derive(Copy, Clone, Debug)]
pub(super) struct Seen(pub(super) u64);

impl Seen {
    pub(super) fn of(bits: Option<u64>) -> Seen {
        Seen(bits.unwrap_or(u64::MAX))
    }
    pub(super) fn get(self) -> Option<u64> {
        (self.0 != u64::MAX).then_some(self.0)
    }
}

/// Odds that may be unknown, in 8 bytes (odds are never NaN).
#[derive(Copy, Clone, Debug)]
pub(super) struct Known(pub(super) f64);

impl Known {
    pub(super) const NONE: Known = Known(f64::NAN);
    pub(super) fn get(self) -> Option<f64> {
        (!self.0.is_nan()).then_some(self.0)
    }
}

impl Graph {
    /// The node of a state with these keys, made from it if new.
    pub(super) fn node(&mut self, keys: &Keys, state: &GameState, search: &Describe) -> u32 {
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
            repeated_first: false,
            faced_count: keys.faced.count,
            resolved: match key::resolved_at(&state.run) {
                Some(at) => key::species_bit(state.run.faced[at].species),
                None => Some(0),
            },
            reveals: Vec::new(),
            acts: SmallVec::new(),
        });
        self.index.insert(keys.step, ix);
        ix
    }

    pub(super) fn edge(&self, node: u32, step: Move) -> Option<Edge> {
        let n = &self.nodes[node as usize];
        match step {
            Move::Reveal(m) => n.reveals.get(m.ix()).copied().flatten(),
            _ => {
                let code = step.code()?;
                n.acts.iter().find(|(c, _)| *c == code).map(|&(_, e)| e)
            }
        }
    }

    pub(super) fn edge_mut(&mut self, node: u32, step: Move) -> Option<&mut Edge> {
        let n = &mut self.nodes[node as usize];
        match step {
            Move::Reveal(m) => n.reveals.get_mut(m.ix()).and_then(Option::as_mut),
            _ => {
                let code = step.code()?;
                n.acts.iter_mut().find(|(c, _)| *c == code).map(|(_, e)| e)
            }
        }
    }

    pub(super) fn set_edge(&mut self, node: u32, step: Move, edge: Edge, monsters: usize) {
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

    pub(super) fn clear(&mut self) {
        self.index.clear();
        self.nodes.clear();
        self.drawn.clear();
        self.asks.clear();
    }

    /// Follows the asks from `ix` by the answers `answer` gives (a state's, from the
    /// species it faced): the edge they lead to, with the ask and answer it hangs from,
    /// and whether every question on the way was [`SpeciesQuestion::AllDiffer`]; `None`
    /// when nothing is known there yet, or an answer is not known.
    pub(super) fn walk(
        &self,
        mut ix: u32,
        answer: impl Fn(SpeciesQuestion) -> Option<bool>,
    ) -> Option<(Edge, (u32, bool), bool)> {
        let mut all_differ = true;
        loop {
            let ask = &self.asks[ix as usize];
            all_differ &= ask.question == SpeciesQuestion::AllDiffer;
            let answer = answer(ask.question)?;
            match ask.after[usize::from(answer)]? {
                Edge::Asks(next) => ix = next,
                edge => return Some((edge, (ix, answer), all_differ)),
            }
        }
    }

    /// Where the asks at `ix`, answered as the species `seen` give, stop being known: the
    /// ask and the answer with nothing after it (`None`: they lead somewhere known, or to
    /// a question `seen` cannot answer, which the level search never meets).
    pub(super) fn missing(&self, mut ix: u32, seen: u64) -> Option<(u32, bool)> {
        loop {
            let ask = &self.asks[ix as usize];
            let answer = key::answer_from_seen(seen, ask.question)?;
            match ask.after[usize::from(answer)] {
                None => return Some((ix, answer)),
                Some(Edge::Asks(next)) => ix = next,
                Some(_) => return None,
            }
        }
    }
}

/// A move from a situation: the top card of the dungeon revealed as this monster, or
/// the run resumed (`None`) or answered.
#[derive(Copy, Clone, Debug)]
pub(super) enum Move {
    Reveal(MonsterId),
    Act(Option<Action>),
}

impl Move {
    /// The move's code among a node's answers (`None`: not remembered: only answers and
    /// resuming are moves in a dungeon, anything else is taken every time).
    pub(super) fn code(self) -> Option<u64> {
        match self {
            Move::Reveal(monster) => Some(1 << 32 | u64::from(monster.0)),
            Move::Act(None) => Some(2 << 32),
            Move::Act(Some(Action::Answer(a))) => Some(3 << 32 | key::answer_code(a)),
            Move::Act(Some(_)) => None,
        }
    }
}
