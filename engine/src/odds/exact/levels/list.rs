//! Listing the levels: each group's situations, and where each of their moves leads.
//!
//! A level's groups are listed from the one above in steps: first the cards each group's
//! next one may be, which names the next level's groups (by the chances after it); then
//! where each of those cards takes each paused node (the engine's steps: `waves.rs`);
//! then each of the next groups filled at once from every group and card leading there,
//! so that a node's slot in the group being filled is a stamp away ([`Slots`]): the
//! groups side by side, each part on a thread of its own; last, each closed under its
//! answers. Where each reveal leads is kept once per node and card ([`Compact`]), not per
//! situation: working the odds out finds it there again.

use super::*;

impl OddsSearch<'_> {
    /// Every level's groups, from `state`'s down to the last card, and where the reveals
    /// lead.
    pub(super) fn list(
        &mut self,
        state: &GameState,
        chances: &Chances,
        states: &mut States,
    ) -> Level<(Vec<Vec<Group>>, Compact)> {
        let (root, faced) = self.node_of(state);
        states.keep(root, false, state.clone(), faced);
        let mut slots = Slots::default();
        let mut compact = Compact::new(self.monsters);
        let mut first = Group::new(chances.clone(), key::chances_key(chances), Some(faced));
        slots.next_group();
        slots.add(&mut first, root);
        if let Err(give_way) = self.close(&mut first, &mut slots, &mut compact, false, states)? {
            return Ok(Err(give_way));
        }
        let mut levels = vec![vec![first]];
        let mut listed = 0usize;
        loop {
            let level = levels.last_mut().expect("the first level is there");
            if let Err(give_way) = self.resolve_level(level, &mut compact, states)? {
                return Ok(Err(give_way));
            }
            let mut next = next_groups(level, &compact);
            // The odds after each card, worked out (as words of 4 bytes).
            listed += next
                .iter()
                .map(|g| g.inflow_len as usize * 2)
                .sum::<usize>();
            let (above, known): (&[Group], &Compact) = (level, &compact);
            parts::in_parts(
                &mut next,
                self.level_parts,
                |group| group.inflow_len as usize,
                |part| {
                    let mut slots = Slots::default();
                    for group in part {
                        fill(group, above, known, &mut slots);
                    }
                },
            );
            for group in next.iter_mut() {
                if let Err(give_way) = self.close(group, &mut slots, &mut compact, true, states)? {
                    return Ok(Err(give_way));
                }
            }
            // Every state of a node of this level is done with.
            states.release(&mut self.spare());
            listed += next.iter().map(Group::words).sum::<usize>();
            if listed > self.level_words {
                // Past this, the card-by-card search's memo is the smaller.
                return Ok(Err(GiveWay));
            }
            if next.is_empty() {
                return Ok(Ok((levels, compact)));
            }
            levels.push(next);
        }
    }

    /// Works out what each situation of a group is, and lists in the group those its
    /// answers (and resuming) lead to (taking the steps on states of `next_level`'s).
    fn close(
        &mut self,
        group: &mut Group,
        slots: &mut Slots,
        compact: &mut Compact,
        next_level: bool,
        states: &mut States,
    ) -> Level<()> {
        // Whether a card that may raise HP may still come: the same for the whole group.
        let mut may_come = None;
        // The group's slots, once an answer needs one.
        let mut stamped = false;
        // What the group's answers that ask are answered from.
        let seen = group.faced.filter(|_| compact.plain).and_then(|f| f.seen);
        // Every situation listed gets a kind (more may be listed on the way).
        group.kinds.reserve(group.items.len() - group.kinds.len());
        let mut i = group.kinds.len();
        while i < group.items.len() {
            let n = group.items[i];
            let info = compact.info(n, &self.cache.graph);
            if info & GIVES_WAY != 0 {
                return Ok(Err(GiveWay));
            }
            if info & LOST != 0
                && !*may_come
                    .get_or_insert_with(|| self.describe.raisers.may_come(&group.chances, false))
            {
                group.kinds.push(Kind::Lost);
                i += 1;
                continue;
            }
            if info & REVEALS != 0 {
                group.paused.push(i as u32);
                group.kinds.push(Kind::Reveals);
                i += 1;
                continue;
            }
            let (runner, moves) = match &self.node(n).shape {
                Shape::Asking { runner, options } => (Some(*runner), options.len()),
                _ => (None, 1),
            };
            let start = group.acts.len() as u32;
            let mut asked = false;
            for m in 0..moves {
                let step = match &self.node(n).shape {
                    Shape::Asking { options, .. } => Move::Act(Some(options[m])),
                    _ => Move::Act(None),
                };
                let from = AnswerIn {
                    next_level,
                    root: !next_level && i == 0,
                    seen,
                    before: &group.before,
                };
                let (edge, unkept) = match self.answer_on_level(n, step, states, from)? {
                    Ok((edge, unkept)) => (Ok(edge), unkept),
                    Err(give_way) => (Err(give_way), false),
                };
                asked |= unkept || matches!(self.cache.graph.edge(n, step), Some(Edge::Asks(_)));
                let target = match edge {
                    Ok(Edge::Over(survived)) => over(survived),
                    Ok(edge @ Edge::Goes { node, .. }) => {
                        self.note_plain(n, None, edge, compact);
                        if !stamped {
                            slots.refill(group);
                            stamped = true;
                        }
                        let slot = slots.add(group, node);
                        // The card-by-card search remembers a question such a step led to
                        // under its whole key (unless no card can come).
                        let asking = matches!(self.node(node).shape, Shape::Asking { .. });
                        if unkept && asking && group.chances.cards() > 0 {
                            group.whole.push(slot);
                        }
                        slot
                    }
                    Ok(_) | Err(GiveWay) => return Ok(Err(GiveWay)),
                };
                group.acts.push(target);
            }
            let end = group.acts.len() as u32;
            group.kinds.push(Kind::Acts(group.answers.len() as u32));
            group.answers.push(Answers {
                runner,
                start,
                end,
                asked,
            });
            i += 1;
        }
        Ok(Ok(()))
    }

    /// Where revealing `monster` takes `node`'s states (see [`Compact::reveals`]), the step
    /// taken if need be, and the answers of the question it leads to; if it asks, for the
    /// answers the species `answers` give.
    pub(super) fn resolve(
        &mut self,
        node: u32,
        monster: MonsterId,
        compact: &mut Compact,
        states: &mut States,
        answers: Option<u64>,
    ) -> Level<()> {
        let step = Move::Reveal(monster);
        let edge = match self.edge_on_level(node, step, true, states, answers)? {
            Ok(edge) => edge,
            Err(give_way) => return Ok(Err(give_way)),
        };
        self.note_plain(node, Some(monster), edge, compact);
        let (code, to) = match edge {
            Edge::Over(survived) => (over(survived), 0),
            Edge::Goes { node: to, .. } => match self.question(to, compact, states, 0)? {
                Ok(code) => (code, to),
                Err(give_way) => return Ok(Err(give_way)),
            },
            Edge::Drawn(_) | Edge::Asks(_) => return Ok(Err(GiveWay)),
        };
        let leaf = Reveal { code, node: to };
        match (self.cache.graph.edge(node, step), answers) {
            (Some(Edge::Asks(ix)), Some(seen)) => {
                compact.set_asked(&self.cache.graph, ix, seen, leaf);
                compact.set_reveal(node, monster, ASKS | ix, 0);
                compact.asking = true;
            }
            _ => {
                compact.set_reveal(node, monster, code, to);
            }
        }
        Ok(Ok(()))
    }

    /// The code of a reveal leading to `node`: a question whose answers all lead to a
    /// paused situation, the end or such a question (most do) is worked out on the spot
    /// (a [`Question`]), anything else is a situation of the group. (A question that may
    /// be lost, may draw, was remembered under its whole key or asks whether species were
    /// faced is a situation: its group says more.)
    fn question(
        &mut self,
        node: u32,
        compact: &mut Compact,
        states: &mut States,
        depth: usize,
    ) -> Level<u32> {
        let n = self.node(node);
        let Shape::Asking { runner, options } = &n.shape else {
            return Ok(Ok(node));
        };
        if n.lost || n.may_draw || n.whole_first || depth == MAX_DEPTH {
            return Ok(Ok(node));
        }
        let (runner, count) = (*runner, options.len());
        let mut targets: SmallVec<[u32; 4]> = SmallVec::new();
        for i in 0..count {
            let Shape::Asking { options, .. } = &self.node(node).shape else {
                unreachable!("a node keeps its shape")
            };
            let step = Move::Act(Some(options[i]));
            // An answer that asks is answered for the group's species.
            let asks =
                |search: &Self| matches!(search.cache.graph.edge(node, step), Some(Edge::Asks(_)));
            if asks(self) {
                return Ok(Ok(node));
            }
            let edge = self.edge_on_level(node, step, true, states, None)?;
            if asks(self) || matches!(edge, Ok(Edge::Asks(UNKEPT))) {
                return Ok(Ok(node));
            }
            let target = match edge {
                Ok(Edge::Over(survived)) => over(survived),
                Ok(edge @ Edge::Goes { node: to, .. }) => {
                    self.note_plain(node, None, edge, compact);
                    match self.node(to).shape {
                        Shape::Paused { .. } => to,
                        Shape::Asking { .. } => {
                            match self.question(to, compact, states, depth + 1)? {
                                Ok(code) if code & EXPR != 0 => code,
                                Ok(_) => return Ok(Ok(node)),
                                Err(give_way) => return Ok(Err(give_way)),
                            }
                        }
                        Shape::Broken { .. } => return Ok(Ok(node)),
                    }
                }
                Ok(_) | Err(GiveWay) => return Ok(Err(GiveWay)),
            };
            targets.push(target);
        }
        let start = compact.targets.len() as u32;
        compact.targets.extend_from_slice(&targets);
        compact.questions.push(Question {
            runner,
            start,
            end: compact.targets.len() as u32,
        });
        Ok(Ok(EXPR | (compact.questions.len() - 1) as u32))
    }

    /// Where a move from `node` leads: remembered, or taken on the node's kept state and
    /// remembered (the state it led to kept for its node, as one of the next level's if
    /// `next_level`). If it asks whether species were faced, the answers are given from
    /// the species `answers` (`None`: it may not ask). Gives way where the step depends on
    /// more than the node and those answers (see the module's doc), or fails in the
    /// engine (the card-by-card search then meets the failure where it would have).
    pub(super) fn edge_on_level(
        &mut self,
        node: u32,
        step: Move,
        next_level: bool,
        states: &mut States,
        answers: Option<u64>,
    ) -> Level<Edge> {
        if let Some(known) = self.known_on_level(node, step, answers) {
            return Ok(known);
        }
        let Some((state, faced)) = states.get(node) else {
            return Ok(Err(GiveWay));
        };
        let stepped = match self.step(&Src::Here(state), step, None, answers, None) {
            Ok(stepped) => stepped,
            Err(e @ (EngineError::Random | EngineError::Work)) => return Err(e),
            Err(_) => return Ok(Err(GiveWay)),
        };
        self.arrived_on_level(node, faced, step, stepped, next_level, states, answers)
    }

    /// Where a move from `node` is remembered to lead (for the answers the species
    /// `answers` give, if it asks); `None`: to be taken.
    pub(super) fn known_on_level(
        &self,
        node: u32,
        step: Move,
        answers: Option<u64>,
    ) -> Option<Result<Edge, GiveWay>> {
        let graph = &self.cache.graph;
        match graph.edge(node, step)? {
            edge @ (Edge::Over(_) | Edge::Goes { .. }) => Some(Ok(edge)),
            Edge::Asks(ix) if answers.is_some() => match graph.walk(ix, |q| {
                answers.and_then(|seen| key::answer_from_seen(seen, q))
            })? {
                (edge @ (Edge::Over(_) | Edge::Goes { .. }), _, _) => Some(Ok(edge)),
                _ => Some(Err(GiveWay)),
            },
            Edge::Asks(_) | Edge::Drawn(_) => Some(Err(GiveWay)),
        }
    }

    /// Where a move from `node` (with these faced species) led, the step just taken:
    /// remembered, the state kept (see [`OddsSearch::edge_on_level`]).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn arrived_on_level(
        &mut self,
        node: u32,
        faced: Faced,
        step: Move,
        mut stepped: Stepped,
        next_level: bool,
        states: &mut States,
        answers: Option<u64>,
    ) -> Level<Edge> {
        if !answerable_on_level(&stepped.asked) {
            self.spare.push(stepped.next);
            return Ok(Err(GiveWay));
        }
        if stepped.clean
            && answers.is_none()
            && matches!(step, Move::Act(_))
            && !stepped.asked.is_empty()
        {
            // Answered for a group's species once in the group (see `answer_on_level`).
            self.spare.push(stepped.next);
            return Ok(Ok(Edge::Asks(UNKEPT)));
        }
        if !stepped.clean || !fits(&stepped.asked, answers) {
            self.spare.push(stepped.next);
            return Ok(Err(GiveWay));
        }
        let asked = std::mem::take(&mut stepped.asked);
        let edge = self.led_on_level(faced, stepped, next_level, states);
        Ok(self.keep_edge(node, step, &asked, edge).map(|()| edge))
    }
}

/// The key of the group with no card to come, whatever the unseen cards.
const ENDED: u64 = u64::MAX;

/// Lists the cards each group's next one may be (see [`Group::draws`]), but where they
/// lead.
pub(super) fn list_draws(level: &mut [Group]) {
    let mut draws = Draws::new();
    for group in level {
        if group.paused.is_empty() || !group.draws.is_empty() {
            continue;
        }
        draws.clear();
        group.chances.next_card(&mut draws);
        let draw = |&(monster, p, take)| Draw {
            monster,
            p,
            take,
            child: u32::MAX,
            at: 0,
        };
        group.draws.extend(draws.iter().map(draw));
    }
}

/// The next level's groups (by the chances after each card a group's next one may be),
/// each with the groups and cards it is drawn from; each group's draws noted.
fn next_groups(level: &mut [Group], compact: &Compact) -> Vec<Group> {
    let mut next: Vec<Group> = Vec::new();
    let mut index: HashMap<(u64, Option<Faced>), u32> = HashMap::default();
    // Once reveals ask whether species were faced, a group is the situations with the
    // same chances and faced species; how many there are by chances.
    let mut by_chances: HashMap<u64, u32> = HashMap::default();
    // How many ways lead to each next group (counted here, listed below: each list is
    // made at its size at once).
    let mut ways: Vec<u32> = Vec::new();
    for group in level.iter_mut() {
        let mut after = group.chances.clone();
        for j in 0..group.draws.len() {
            let Draw { monster, take, .. } = group.draws[j];
            after.take(take);
            let key = key::chances_key_after(group.key, &group.chances, &after, take);
            // Once no card can come, the chances (what the deck may hold) no longer count:
            // one group (remembered under the step key alone, see `values.rs`), unless
            // reveals asked (what was faced may count: see `values.rs`).
            let merged = after.cards() == 0 && !compact.asking;
            let faced = group.faced.filter(|_| !merged).and_then(|f| {
                let (sum, seen) = compact.added(monster, f.count)?;
                let with_species = u8::from(seen != 0);
                Some(f.after(sum, f.count.wrapping_add(1), Seen(seen).get(), with_species))
            });
            let index_key = match merged {
                true => (ENDED, None),
                false if compact.asking => (key, faced),
                false => (key, None),
            };
            let child = *index.entry(index_key).or_insert_with(|| {
                if index_key.1.is_some() {
                    // (Without cards to come, the chances count no more either.)
                    let chances = if after.cards() == 0 { ENDED } else { key };
                    *by_chances.entry(chances).or_insert(0) += 1;
                }
                next.push(Group::new(after.clone(), key, faced));
                ways.push(0);
                (next.len() - 1) as u32
            });
            after.put_back(take);
            let to = &mut next[child as usize];
            if to.faced != faced {
                // Not the same for every way here (a Shapeshifter's species is its place).
                to.faced = None;
            }
            let before = group.faced.and_then(|f| f.seen);
            match to.before.iter_mut().find(|(m, _)| *m == monster) {
                Some((_, seen)) if *seen != before => *seen = None,
                Some(_) => {}
                None => to.before.push((monster, before)),
            }
            let draw = &mut group.draws[j];
            (draw.child, draw.at) = (child, to.inflow_len);
            to.inflow_len += group.paused.len() as u32;
            ways[child as usize] += 1;
        }
    }
    for (group, &ways) in next.iter_mut().zip(&ways) {
        group.from = Vec::with_capacity(ways as usize);
    }
    for (g, group) in level.iter().enumerate() {
        for (j, draw) in group.draws.iter().enumerate() {
            next[draw.child as usize].from.push((g as u32, j as u32));
        }
    }
    for group in &mut next {
        let chances = if group.chances.cards() == 0 {
            ENDED
        } else {
            group.key
        };
        group.split = group.faced.is_some() && by_chances.get(&chances).is_some_and(|&n| n > 1);
    }
    next
}

/// A reveal's code names a question (to remember as a situation once no card can come).
pub(super) fn is_question(code: u32) -> bool {
    code & EXPR != 0 && code < UNKNOWN
}

/// Questions inside questions worked out on the spot, at most.
pub(super) const MAX_DEPTH: usize = 8;

/// Lists in a group of the next level the situations that the cards leading to it take
/// the paused situations of the level above to (where each reveal leads is known).
fn fill(group: &mut Group, above: &[Group], compact: &Compact, slots: &mut Slots) {
    slots.next_group();
    let ended = group.chances.cards() == 0;
    let from = std::mem::take(&mut group.from);
    for &(g, j) in &from {
        let parent = &above[g as usize];
        let monster = parent.draws[j as usize].monster;
        let seen = parent.faced.and_then(|f| f.seen);
        for &slot in &parent.paused {
            let n = parent.items[slot as usize];
            let (reveal, _) =
                (compact.led(n, monster, seen)).expect("every reveal is resolved first");
            match reveal.code {
                // No card can come: the question is remembered, as a situation.
                c if ended && is_question(c) => {
                    slots.add(group, reveal.node);
                }
                c => enlist(c, group, compact, slots),
            }
        }
    }
    group.from = from;
}

/// Lists in a group the situations a reveal's code leads to: its node, or those its
/// question's answers lead to.
fn enlist(code: u32, group: &mut Group, compact: &Compact, slots: &mut Slots) {
    match code {
        LOST_RUN | SURVIVED => {}
        c if c & EXPR != 0 => {
            let question = compact.questions[(c & !EXPR) as usize];
            for i in question.start..question.end {
                enlist(compact.targets[i as usize], group, compact, slots);
            }
        }
        node => {
            slots.add(group, node);
        }
    }
}
