//! Where a level's reveals lead: every step they need taken first, in waves (the
//! reveals, then the answers of the questions they lead to, then those of the questions
//! those lead to...), each wave's steps on the engine's twins side by side when there are
//! enough of them (`twins.rs`); then each reveal's code worked out from the steps known.
//! A reveal that asked whether species were faced is first taken with the answers of
//! its node's state; then once more for each other answer a group of the level needs.

use super::list::MAX_DEPTH;
use super::twins::{Led, Taken, Task, Twins};
use super::*;
use rustc_hash::FxHashSet as HashSet;

/// A step of a wave: from a node, a move, the depth of the question it may lead to, and
/// the species its asks are answered from (see [`OddsSearch::edge_on_level`]).
type Wave = (u32, Move, u8, Option<u64>);

/// A wave's steps from which the twins take them (fewer are taken here: handing them
/// over would cost more than it saves).
const TWIN_STEPS: usize = 128;

impl OddsSearch<'_> {
    /// Finds where each card a group's next one may be takes each of its paused nodes
    /// (the steps taken where not known): each node once per card, in the order the nodes
    /// were first listed.
    pub(super) fn resolve_level(
        &mut self,
        level: &mut [Group],
        compact: &mut Compact,
        states: &mut States,
    ) -> Level<()> {
        list::list_draws(level);
        let level: &[Group] = level;
        let words = self.monsters.div_ceil(64);
        // By node, the cards any of its groups may draw next (a bit each).
        let mut need: Vec<u64> = Vec::new();
        let mut nodes: Vec<u32> = Vec::new();
        let mut cards: SmallVec<[u64; 1]> = SmallVec::new();
        for group in level {
            cards.clear();
            cards.resize(words, 0);
            for draw in &group.draws {
                let m = draw.monster.ix();
                cards[m / 64] |= 1 << (m % 64);
            }
            for &slot in &group.paused {
                let n = group.items[slot as usize] as usize;
                if need.len() < (n + 1) * words {
                    need.resize((n + 1) * words, 0);
                }
                let bits = &mut need[n * words..(n + 1) * words];
                if bits.iter().all(|&b| b == 0) {
                    nodes.push(n as u32);
                }
                for (b, c) in bits.iter_mut().zip(&cards) {
                    *b |= c;
                }
            }
        }
        // Each with the answers its node's state gives, if it asks.
        let mut reveals: Vec<(u32, MonsterId, Option<u64>)> = Vec::new();
        for &n in &nodes {
            let answers = states.get(n).and_then(|(_, faced)| faced.seen);
            for w in 0..words {
                let mut bits = need[n as usize * words + w];
                while bits != 0 {
                    let monster = MonsterId((w * 64 + bits.trailing_zeros() as usize) as u16);
                    bits &= bits - 1;
                    if compact.reveal(n, monster).is_none() {
                        reveals.push((n, monster, answers));
                    }
                }
            }
        }
        let first = (reveals.iter())
            .map(|&(n, m, answers)| (n, Move::Reveal(m), 0, answers))
            .collect();
        if let Err(give_way) = self.take_waves(first, states)? {
            return Ok(Err(give_way));
        }
        for (n, monster, answers) in reveals {
            // Every step known, mostly: a question deeper than the waves went takes its own.
            if let Err(give_way) = self.resolve(n, monster, compact, states, answers)? {
                return Ok(Err(give_way));
            }
        }
        if compact.asking {
            return self.answer_level(level, compact, states);
        }
        Ok(Ok(()))
    }

    /// Takes the steps of `wave` (from a node, a move, the depth of the question it may
    /// lead to, and the species its asks are answered from), then of the answers of each
    /// question they lead to that a reveal's code works out on the spot (see `list.rs`'s
    /// `question`), and so on.
    pub(super) fn take_waves(&mut self, mut wave: Vec<Wave>, states: &mut States) -> Level<()> {
        let mut asked: HashSet<u32> = HashSet::default();
        while !wave.is_empty() {
            wave.retain(|&(n, step, _, answers)| {
                self.known_on_level(n, step, answers)
                    .is_none_or(|known| known.is_err())
            });
            let led = match self.take_wave(&wave, states)? {
                Ok(led) => led,
                Err(give_way) => return Ok(Err(give_way)),
            };
            let mut next = Vec::new();
            for (&(_, _, depth, _), to) in wave.iter().zip(led) {
                let Some(to) = to else { continue };
                let n = self.node(to);
                let Shape::Asking { options, .. } = &n.shape else {
                    continue;
                };
                let worked_out = !(n.lost || n.may_draw || n.whole_first);
                if worked_out && (depth as usize) < MAX_DEPTH && asked.insert(to) {
                    let answer = |&o| (to, Move::Act(Some(o)), depth + 1, None);
                    next.extend(options.iter().map(answer));
                }
            }
            wave = next;
        }
        Ok(Ok(()))
    }

    /// Takes each step of `wave`, on the twins if there are enough, and remembers where it
    /// led as if taken here, in order: the node each led to (`None`: the run over).
    fn take_wave(&mut self, wave: &[Wave], states: &mut States) -> Level<Vec<Option<u32>>> {
        let mut led = Vec::with_capacity(wave.len());
        let twins = match self.level_parts {
            Some(parts) => parts,
            None if wave.len() >= TWIN_STEPS => parts::threads(),
            None => 1,
        };
        if twins > 1 && self.twins.is_none() && !self.no_twins {
            self.twins = Twins::new(&*self.engine, twins);
            self.no_twins = self.twins.is_none();
        }
        // (The twins stay for the next big wave when this one is small.)
        let helpers = if twins > 1 { self.twins.take() } else { None };
        let Some(mut helpers) = helpers else {
            for &(n, step, _, answers) in wave {
                match self.edge_on_level(n, step, true, states, answers)? {
                    Ok(edge) => led.push(led_to(edge)),
                    Err(give_way) => return Ok(Err(give_way)),
                }
            }
            return Ok(Ok(led));
        };
        let mut tasks: Vec<Task> = Vec::with_capacity(wave.len());
        for &(n, step, _, answers) in wave {
            let Some((state, _)) = states.get(n) else {
                // As the step here would.
                self.twins = Some(helpers);
                return Ok(Err(GiveWay));
            };
            tasks.push((state.clone(), step, answers));
        }
        let work_left = (self.engine.work_limit()).map(|limit| {
            let spent = self
                .engine
                .hooks_steps_spent()
                .saturating_add(self.twin_work);
            limit.saturating_sub(spent)
        });
        let mut spare = std::mem::take(&mut self.twin_spare);
        let taken = helpers.take(tasks, work_left, &mut spare, |i, taken, spare| {
            let (n, step, _, answers) = wave[i];
            let edge = match taken {
                Some(taken) => self.arrived_from_twin(n, (step, answers), taken, states, spare),
                None => self.edge_on_level(n, step, true, states, answers),
            };
            match edge {
                Ok(Ok(edge)) => {
                    led.push(led_to(edge));
                    Ok(())
                }
                Ok(Err(give_way)) => Err(Ok(give_way)),
                Err(e) => Err(Err(e)),
            }
        });
        spare.truncate(SPARE_STATES);
        self.twin_spare = spare;
        self.twins = Some(helpers);
        match taken {
            Ok(()) => Ok(Ok(led)),
            Err(Ok(give_way)) => Ok(Err(give_way)),
            Err(Err(e)) => Err(e),
        }
    }

    /// Where a step a twin took led (with the species its asks were answered from), read
    /// as [`OddsSearch::edge_on_level`] reads a step taken here: the work limit looked at
    /// before and after it, the same errors.
    fn arrived_from_twin(
        &mut self,
        node: u32,
        (step, answers): (Move, Option<u64>),
        taken: Taken,
        states: &mut States,
        spare: &mut Vec<Arc<GameState>>,
    ) -> Level<Edge> {
        if self.work_exhausted() {
            return Err(EngineError::Work);
        }
        self.twin_work = self.twin_work.saturating_add(taken.work);
        let stepped = match taken.stepped {
            Ok(stepped) => stepped,
            Err(e @ (EngineError::Random | EngineError::Work)) => return Err(e),
            Err(_) => return Ok(Err(GiveWay)),
        };
        if self.work_exhausted() {
            return Err(EngineError::Work);
        }
        if taken.read {
            self.history += 1;
        }
        if taken.unkeyed {
            // Only this engine's hooks may tell the shared odds so: it takes the step.
            return Ok(Err(GiveWay));
        }
        let Some((_, faced)) = states.get(node) else {
            return Ok(Err(GiveWay));
        };
        // As `arrived_on_level` does with a step taken here.
        let outcome = &stepped.outcome;
        if !answerable_on_level(&outcome.asked) {
            if let Led::To(next, _) = stepped.led {
                spare.push(next);
            }
            return Ok(Err(GiveWay));
        }
        if outcome.clean
            && answers.is_none()
            && matches!(step, Move::Act(_))
            && !outcome.asked.is_empty()
        {
            // As `arrived_on_level` reads such a step.
            if let Led::To(next, _) = stepped.led {
                spare.push(next);
            }
            return Ok(Ok(Edge::Asks(UNKEPT)));
        }
        if !outcome.clean || !fits(&outcome.asked, answers) {
            return Ok(Err(GiveWay));
        }
        let edge = match stepped.led {
            Led::Over(survived) => Edge::Over(survived),
            Led::To(next, keys) => {
                let next_node = self.cache.graph.node(&keys, &next, &self.describe);
                let next_faced = keys.faced;
                spare.extend(states.keep_shared(next_node, true, next, next_faced));
                Edge::goes(faced, next_node, next_faced, outcome.seen_added)
            }
        };
        Ok(self
            .keep_edge(node, step, &outcome.asked, edge)
            .map(|()| edge))
    }
}

/// The node a step led to (`None`: the run is over).
fn led_to(edge: Edge) -> Option<u32> {
    match edge {
        Edge::Goes { node, .. } => Some(node),
        _ => None,
    }
}
