//! Steps that asked whether a monster of a species was faced before (the Royal Sceptre,
//! run natively), in the level-by-level search.
//!
//! A reveal asks about the species faced before the card it reveals: a group's
//! ([`Group::faced`], known while every step added to the species faced just the card it
//! revealed: [`OddsSearch::note_plain`]). It is taken once for each node, card and
//! answers, on the node's one state, its answers given from the species of a group that
//! needs them; where it leads for each answer is kept as the graph keeps it
//! ([`Asked`], under [`Compact::asks`]), and each group's reveals walk it with their
//! species. An answer (or resuming) asks about the species faced before the monster being
//! resolved, which the group's species include: it is taken in each group, answered from
//! the species faced before that monster ([`Group::before`]), and remembered by those
//! answers, as the card-by-card search remembers it (a situation's [`Faced::seen`] leaves
//! out the monster being resolved). Where the answers given are not those (the first
//! group's situations answer for themselves), it is not remembered, and a question it
//! leads to is remembered under its whole key, as that search remembers it.
//!
//! The Omnipotence's question (whether the species faced all differ) is not answered
//! here: the search gives way at it ([`answerable_on_level`]).

use super::*;
use rustc_hash::FxHashSet as HashSet;

/// A reveal asked whether a monster of a species was faced before (`question`, never
/// another: see [`answerable_on_level`]): where it leads for each answer, no then yes
/// (`UNKNOWN` until taken).
#[derive(Copy, Clone)]
pub(super) struct Asked {
    pub(super) question: SpeciesQuestion,
    pub(super) after: [Reveal; 2],
}

/// The code of a reveal hanging on asks.
pub(super) fn is_asks(code: u32) -> bool {
    code & (EXPR | ASKS) == ASKS
}

/// An answer taken without species to answer from (listing a reveal's question) asked
/// whether some were faced: not remembered (reported as an [`Edge::Asks`] of this index,
/// which no ask has), it is answered in each group ([`OddsSearch::answer_on_level`]).
pub(super) const UNKEPT: u32 = u32::MAX;

/// A group an answer is taken in (see [`OddsSearch::answer_on_level`]).
#[derive(Copy, Clone)]
pub(super) struct AnswerIn<'g> {
    /// Not the first group (whose states are the situations' own, and answer for
    /// themselves).
    pub(super) next_level: bool,
    /// The search's first situation.
    pub(super) root: bool,
    /// The species the group's situations faced.
    pub(super) seen: Option<u64>,
    /// See [`Group::before`].
    pub(super) before: &'g [(MonsterId, Option<u64>)],
}

/// The reveals of a level's groups hanging on asks whose answers for the group's species
/// are not known yet, as node, card and species: one for each ask and answer missing, in
/// the order met. `None`: one is in a group whose species are not known.
///
/// `left` holds, after the first call for a level, each reveal (node, card and species)
/// that was missing something then, once, in the order met: the later calls look at
/// those only, since answering fills in and never takes away (a level's groups hold
/// millions of reveals; a few hundred thousand are different).
fn unanswered(
    level: &[Group],
    compact: &Compact,
    left: &mut Option<Vec<(u32, MonsterId, u64)>>,
) -> Option<Vec<(u32, MonsterId, u64)>> {
    // Where the answers of each are not known: one reveal for each such ask and answer.
    let mut missing: HashSet<(u32, bool)> = HashSet::default();
    let mut unanswered = Vec::new();
    if let Some(left) = left {
        left.retain(|&(n, monster, seen)| {
            let root = compact.reveal(n, monster).expect("resolved");
            let Some(at) = compact.missing(root, seen) else {
                return false;
            };
            if missing.insert(at) {
                unanswered.push((n, monster, seen));
            }
            true
        });
        return Some(unanswered);
    }
    let mut found: HashSet<(u32, MonsterId, u64)> = HashSet::default();
    let mut first = Vec::new();
    for group in level {
        let seen = group.faced.filter(|_| compact.plain).and_then(|f| f.seen);
        for draw in &group.draws {
            for &slot in &group.paused {
                let n = group.items[slot as usize];
                let root = compact.reveal(n, draw.monster).expect("resolved");
                if !is_asks(root.code) {
                    continue;
                }
                let seen = seen?;
                let Some(at) = compact.missing(root, seen) else {
                    continue;
                };
                if found.insert((n, draw.monster, seen)) {
                    first.push((n, draw.monster, seen));
                }
                if missing.insert(at) {
                    unanswered.push((n, draw.monster, seen));
                }
            }
        }
    }
    *left = Some(first);
    Some(unanswered)
}

impl Compact {
    /// Where a reveal leads from a situation that faced the species `seen`, through the
    /// asks it hangs on, and whether it asked; `None` if not known for these answers (or
    /// it asked, and the species are not known).
    pub(super) fn answer(&self, mut reveal: Reveal, seen: Option<u64>) -> Option<(Reveal, bool)> {
        let mut asked = false;
        while is_asks(reveal.code) {
            let ask = &self.asks[(reveal.code & !ASKS) as usize];
            reveal = ask.after[usize::from(key::answer_from_seen(seen?, ask.question)?)];
            asked = true;
        }
        (reveal.code != UNKNOWN).then_some((reveal, asked))
    }

    /// Where revealing `monster` takes `node`'s situations that faced the species `seen`,
    /// and whether it asked (see [`Compact::answer`]).
    pub(super) fn led(
        &self,
        node: u32,
        monster: MonsterId,
        seen: Option<u64>,
    ) -> Option<(Reveal, bool)> {
        self.answer(self.reveal(node, monster)?, seen)
    }

    /// Where a reveal from a situation that faced the species `seen` stops being known
    /// among the asks it hangs on: the ask (by index) and the answer with nothing after
    /// it (`None`: known).
    pub(super) fn missing(&self, mut reveal: Reveal, seen: u64) -> Option<(u32, bool)> {
        while is_asks(reveal.code) {
            let ix = reveal.code & !ASKS;
            let ask = &self.asks[ix as usize];
            // (Never `None`: only questions the level search answers are kept.)
            let answer = key::answer_from_seen(seen, ask.question)?;
            reveal = ask.after[usize::from(answer)];
            if reveal.code == UNKNOWN {
                return Some((ix, answer));
            }
        }
        None
    }

    /// Notes where the asks at `ix` (among the graph's) lead for the answers `seen` gives,
    /// down to `leaf`.
    pub(super) fn set_asked(&mut self, graph: &Graph, mut ix: u32, seen: u64, leaf: Reveal) {
        let unknown = Reveal {
            code: UNKNOWN,
            node: 0,
        };
        loop {
            let ask = &graph.asks[ix as usize];
            if self.asks.len() <= ix as usize {
                let blank = Asked {
                    question: ask.question,
                    after: [unknown; 2],
                };
                self.asks.resize(graph.asks.len(), blank);
            }
            // (Never `None`: only questions the level search answers are kept.)
            let Some(answer) = key::answer_from_seen(seen, ask.question) else {
                return;
            };
            self.asks[ix as usize].question = ask.question;
            let after = &mut self.asks[ix as usize].after[usize::from(answer)];
            match ask.after[usize::from(answer)] {
                Some(Edge::Asks(next)) => {
                    *after = Reveal {
                        code: ASKS | next,
                        node: 0,
                    };
                    ix = next;
                }
                _ => {
                    *after = leaf;
                    return;
                }
            }
        }
    }
}

impl OddsSearch<'_> {
    /// Notes whether a step from `node` (revealing `revealed`, or an answer: `None`) that
    /// led by `edge` added to the monsters faced just what every reveal of that card adds
    /// (nothing, for an answer): see [`Compact::plain`].
    pub(super) fn note_plain(
        &self,
        node: u32,
        revealed: Option<MonsterId>,
        edge: Edge,
        compact: &mut Compact,
    ) {
        let Edge::Goes {
            node: next,
            faced_added,
            faced_count,
            seen_added,
            ..
        } = edge
        else {
            return;
        };
        let (count, resolved) = (self.node(node).faced_count, self.node(node).resolved);
        // The species of every monster faced after the step, the one being resolved
        // included, less those before it: the one being resolved is left out of
        // `seen_added` (see `Faced::seen`).
        let added = seen_added
            .get()
            .zip(self.node(next).resolved)
            .map(|(a, r)| a | r);
        let plain = match revealed {
            // (An answer completes the monster being resolved, or leaves it so.)
            None => {
                faced_added == 0 && faced_count == count && added.is_some() && added == resolved
            }
            Some(m) => {
                let added = Seen::of(added).0;
                let at = m.ix() * 256 + usize::from(count);
                let first = *compact.added[at].get_or_insert((faced_added, added));
                faced_count == count.wrapping_add(1) && first == (faced_added, added)
            }
        };
        compact.plain &= plain;
    }

    /// Remembers where a step from `node` led, by the answers it was given if it asked
    /// (see [`OddsSearch::set_edge`]); gives way if that is not where the graph keeps
    /// such a step.
    pub(super) fn keep_edge(
        &mut self,
        node: u32,
        step: Move,
        asked: &[(SpeciesQuestion, bool)],
        edge: Edge,
    ) -> Result<(), GiveWay> {
        if asked.is_empty() {
            self.cache.graph.set_edge(node, step, edge, self.monsters);
            Ok(())
        } else {
            self.set_edge(node, (step, None), asked, edge)
                .map(|_| ())
                .ok_or(GiveWay)
        }
    }

    /// Where a step just taken led, the state it led to kept for its node; not remembered
    /// (see [`OddsSearch::arrived_on_level`], which remembers it).
    pub(super) fn led_on_level(
        &mut self,
        faced: Faced,
        stepped: Stepped,
        next_level: bool,
        states: &mut States,
    ) -> Edge {
        let next = stepped.next;
        if next.is_over() {
            let survived = next.run.success == Some(true);
            self.spare.push(next);
            return Edge::Over(survived);
        }
        let (next_node, next_faced) = self.node_of(&next);
        if let Some(spare) = states.keep(next_node, next_level, next, next_faced) {
            self.spare.push(spare);
        }
        Edge::goes(faced, next_node, next_faced, stepped.seen_added)
    }

    /// Where an answer (or resuming) from a situation of `node` in a group (see [`AnswerIn`])
    /// leads, as the card-by-card search finds it: remembered (by the answers the species
    /// faced before the monster being resolved give, if it asks: a situation's
    /// [`Faced::seen`]), or taken on the node's kept state with those answers, and
    /// remembered if they are the ones given, else not (then `true`: the card-by-card
    /// search does not remember it either).
    pub(super) fn answer_on_level(
        &mut self,
        node: u32,
        step: Move,
        states: &mut States,
        from: AnswerIn<'_>,
    ) -> Level<(Edge, bool)> {
        let AnswerIn {
            next_level,
            root,
            seen,
            before,
        } = from;
        let Some((state, faced)) = states.get(node) else {
            return Ok(Err(GiveWay));
        };
        // `None`: not known.
        let answers = match (next_level, state.run.current()) {
            (false, _) => Some(None),
            (true, None) => seen.map(Some),
            (true, Some(current)) => (before.iter())
                .find(|&&(monster, _)| monster == current.monster)
                .and_then(|&(_, seen)| seen)
                .map(Some),
        };
        // The species the situations faced before the monster being resolved (the first
        // group's are its situations' own, whose answers are their own).
        let seen = if next_level { answers.flatten() } else { seen };
        if let Some(known) = self.known_on_level(node, step, seen) {
            return Ok(known.map(|edge| (edge, false)));
        }
        let stepped = match self.step(&Src::Here(state), step, None, answers.flatten(), None) {
            Ok(stepped) => stepped,
            Err(e @ (EngineError::Random | EngineError::Work)) => return Err(e),
            Err(_) => return Ok(Err(GiveWay)),
        };
        if !stepped.clean && root && stepped.asked.is_empty() {
            // It read what the key leaves out (who answers Daddy's Sword's question): the
            // card-by-card search takes it from this state, and remembers none, as here,
            // if it leads to the end or a pause.
            return Ok(
                match self.led_on_level(faced, stepped, next_level, states) {
                    Edge::Goes { node: next, .. }
                        if !matches!(self.node(next).shape, Shape::Paused { .. }) =>
                    {
                        Err(GiveWay)
                    }
                    edge => Ok((edge, true)),
                },
            );
        }
        let asked = !stepped.asked.is_empty();
        if !stepped.clean
            || !answerable_on_level(&stepped.asked)
            || asked && (answers.is_none() || seen.is_none())
        {
            self.spare.push(stepped.next);
            return Ok(Err(GiveWay));
        }
        if fits(&stepped.asked, seen) {
            let edge =
                self.arrived_on_level(node, faced, step, stepped, next_level, states, seen)?;
            return Ok(edge.map(|edge| (edge, false)));
        }
        // (Rare: the answers given are those of `seen` but for a species past the 63rd,
        // which the hook answers from the run.)
        Ok(Ok((
            self.led_on_level(faced, stepped, next_level, states),
            true,
        )))
    }

    /// Takes the reveals of a level that asked whether species were faced again, for the
    /// answers each group's species give that are not known yet: first one step for each
    /// ask and answer missing (in waves), then each reveal worked out (a deeper ask still
    /// missing takes its step then).
    pub(super) fn answer_level(
        &mut self,
        level: &[Group],
        compact: &mut Compact,
        states: &mut States,
    ) -> Level<()> {
        // (Asks within asks may take a round each.)
        let mut left = None;
        for _ in 0..super::list::MAX_DEPTH {
            let Some(unanswered) = unanswered(level, compact, &mut left) else {
                return Ok(Err(GiveWay));
            };
            if unanswered.is_empty() {
                return Ok(Ok(()));
            }
            if let Err(give_way) = self.answer_these(unanswered, compact, states)? {
                return Ok(Err(give_way));
            }
        }
        Ok(Err(GiveWay))
    }

    /// Takes the reveals `unanswered` (each from a node, of a card, answered from these
    /// species): first in waves, then each worked out.
    fn answer_these(
        &mut self,
        unanswered: Vec<(u32, MonsterId, u64)>,
        compact: &mut Compact,
        states: &mut States,
    ) -> Level<()> {
        // (One for each ask and answer missing here, so for each missing in the graph:
        // it holds at least what `compact` does.)
        let mut wave = Vec::new();
        let graph = &self.cache.graph;
        for &(n, monster, seen) in &unanswered {
            let step = Move::Reveal(monster);
            if let Some(Edge::Asks(ix)) = graph.edge(n, step)
                && graph.missing(ix, seen).is_some()
            {
                wave.push((n, step, 0, Some(seen)));
            }
        }
        if let Err(give_way) = self.take_waves(wave, states)? {
            return Ok(Err(give_way));
        }
        for (n, monster, seen) in unanswered {
            let root = compact.reveal(n, monster).expect("resolved");
            if compact.answer(root, Some(seen)).is_some() {
                continue;
            }
            if let Err(give_way) = self.resolve(n, monster, compact, states, Some(seen))? {
                return Ok(Err(give_way));
            }
        }
        Ok(Ok(()))
    }
}
