//! Working the listed levels out, from the last card up, and remembering each situation
//! as the card-by-card search does.
//!
//! That search remembers a situation under its whole key (the species faced included)
//! when working it out read the history: when one of the moves below it, down to the
//! situations it finds remembered, asked whether a species was faced. So each
//! situation's flag is worked out with its odds: a move that asked, or a flagged
//! situation reached, flags it. A situation's odds ([`Group::values`]) and the odds after
//! each card ([`Group::inflow`]) carry their flag as their sign (odds are never negative;
//! `-0.0` is a flagged 0): no more memory to read.
//!
//! Groups told apart by the species faced (see `list.rs`'s `next_groups`) may hold the
//! same node: a situation whose working out read no history is the same in each, and is
//! remembered once.

use super::*;

/// Marks a situation being worked out (odds are never infinite).
const WORKING: f64 = f64::INFINITY;

/// Odds with their flag, as [`Group::values`] and [`Group::inflow`] hold them: the sign.
fn signed(v: f64, flag: bool) -> f64 {
    if flag { -v } else { v }
}

impl OddsSearch<'_> {
    /// The odds of the first level's situation, every level worked out from the one
    /// below it (each dropped once used), and its situations remembered (found, for the
    /// memo: see [`OddsCache::settle`]).
    pub(super) fn work_levels(
        &mut self,
        levels: &mut [Vec<Group>],
        compact: &Compact,
    ) -> Result<f64, GiveWay> {
        let keys: Vec<(u64, u64)> = (self.cache.graph.nodes.iter()).map(|n| n.keys).collect();
        let split = self.level_parts;
        let found = &mut self.cache.found;
        let mut whole = Vec::new();
        let mut again = Vec::new();
        for l in (0..levels.len()).rev() {
            let (upper, lower) = levels.split_at_mut(l + 1);
            let below: &mut [Group] = lower.first_mut().map_or(&mut [], Vec::as_mut_slice);
            let above: &[Group] = &upper[l];
            let nodes = keys.len();
            parts::in_parts(
                below,
                split,
                |child| child.inflow_len as usize,
                |part| {
                    let mut slot_of = vec![0; nodes];
                    for child in part {
                        inflow(child, above, compact, &mut slot_of);
                    }
                },
            );
            let below: &[Group] = below;
            let worked = parts::in_parts(
                &mut upper[l],
                split,
                |group| group.items.len() + group.draws.len() * group.paused.len(),
                |part| {
                    let mut found = Found {
                        found: Vec::with_capacity(part.iter().map(room).sum()),
                        again: Vec::new(),
                        whole: Vec::new(),
                    };
                    for group in part {
                        work_group(group, below)?;
                        remember(&mut found, group, &keys, compact)?;
                    }
                    Ok(found)
                },
            );
            for part in worked {
                let part = part?;
                found.push(part.found);
                again.extend(part.again);
                whole.extend(part.whole);
            }
            if let Some(done) = lower.first_mut() {
                *done = Vec::new();
            }
        }
        again.sort_unstable_by_key(|&(key, _)| key);
        again.dedup_by_key(|&mut (key, _)| key);
        found.push(again);
        // As the card-by-card search notes them (see `Node::whole_first`).
        for n in whole {
            self.cache.graph.nodes[n as usize].whole_first = true;
        }
        Ok(levels[0][0].values[0].abs())
    }
}

/// The odds after each card that leads to `child` (worked out) from each situation paused
/// before it in the level above (`upper`), in [`Group::inflow`].
fn inflow(child: &mut Group, upper: &[Group], compact: &Compact, slot_of: &mut [u32]) {
    // Every node a reveal leads to here is one of the group's.
    for (slot, &node) in child.items.iter().enumerate() {
        slot_of[node as usize] = slot as u32;
    }
    let ended = child.chances.cards() == 0;
    let mut inflow = Vec::with_capacity(child.inflow_len as usize);
    for &(g, j) in &child.from {
        let parent = &upper[g as usize];
        let monster = parent.draws[j as usize].monster;
        let seen = parent.faced.and_then(|f| f.seen);
        for &slot in &parent.paused {
            let n = parent.items[slot as usize];
            let (reveal, asked) = compact.led(n, monster, seen).expect("listed");
            let v = match reveal.code {
                // No card can come: the question was remembered, as a situation.
                c if ended && list::is_question(c) => {
                    let slot = slot_of[reveal.node as usize] as usize;
                    child.values[slot]
                }
                c => reached(child, c, compact, slot_of),
            };
            inflow.push(signed(v.abs(), asked || v.is_sign_negative()));
        }
    }
    child.inflow = inflow;
}

/// A group's odds, from the next level's (`below`).
fn work_group(group: &mut Group, below: &[Group]) -> Result<(), GiveWay> {
    group.values = vec![f64::NAN; group.items.len()];
    let paused = group.paused.len();
    // Summed card by card, in the order the card-by-card search sums them.
    let mut totals = vec![0.0; paused];
    let mut flags = vec![false; paused];
    for draw in &group.draws {
        let child = &below[draw.child as usize];
        let at = draw.at as usize;
        let after = &child.inflow[at..at + paused];
        for ((total, flag), &v) in totals.iter_mut().zip(&mut flags).zip(after) {
            *total += draw.p * v.abs();
            *flag |= v.is_sign_negative();
        }
    }
    for ((&slot, total), flag) in group.paused.iter().zip(totals).zip(flags) {
        group.values[slot as usize] = signed(total, flag);
    }
    for i in 0..group.items.len() {
        if group.values[i].is_nan() {
            acted(group, i)?;
        }
    }
    Ok(())
}

/// The value in `child` of where a reveal leads (its code), signed by its flag: the end, a
/// situation (a node, at its slot), or a question worked out from its answers' targets in
/// order, as the card-by-card search works it out.
fn reached(child: &Group, code: u32, compact: &Compact, slot_of: &[u32]) -> f64 {
    match code {
        LOST_RUN => 0.0,
        SURVIVED => 1.0,
        c if c & EXPR != 0 => {
            let question = compact.questions[(c & !EXPR) as usize];
            let runner = question.runner;
            let mut best: f64 = if runner { 0.0 } else { 1.0 };
            let mut flagged = false;
            for &t in &compact.targets[question.start as usize..question.end as usize] {
                let v = reached(child, t, compact, slot_of);
                best = if runner {
                    best.max(v.abs())
                } else {
                    best.min(v.abs())
                };
                flagged |= v.is_sign_negative();
            }
            signed(best, flagged)
        }
        node => child.values[slot_of[node as usize] as usize],
    }
}

/// Works out the odds of the `i`-th situation of a group from its moves' targets in the
/// group (worked out first when need be), signed by its flag. A circle of answers gives
/// way.
fn acted(group: &mut Group, i: usize) -> Result<f64, GiveWay> {
    let value = group.values[i];
    if value == WORKING {
        return Err(GiveWay);
    }
    if !value.is_nan() {
        return Ok(value);
    }
    let (runner, start, end, asked) = match group.kinds[i] {
        Kind::Lost => {
            group.values[i] = 0.0;
            return Ok(0.0);
        }
        Kind::Acts(a) => {
            let a = group.answers[a as usize];
            (a.runner, a.start as usize, a.end as usize, a.asked)
        }
        Kind::Reveals => unreachable!("reveals are summed first"),
    };
    group.values[i] = WORKING;
    let mut best: f64 = if runner == Some(false) { 1.0 } else { 0.0 };
    let mut flagged = asked;
    for m in start..end {
        let v = match group.acts[m] {
            LOST_RUN => 0.0,
            SURVIVED => 1.0,
            slot => {
                let v = acted(group, slot as usize)?;
                flagged |= v.is_sign_negative();
                v.abs()
            }
        };
        best = match runner {
            None => v,
            Some(true) => best.max(v),
            Some(false) => best.min(v),
        };
    }
    group.values[i] = signed(best, flagged);
    Ok(group.values[i])
}

/// What a part of a level remembers.
struct Found {
    found: Vec<(u64, f64)>,
    /// Found in groups that may hold the same situation (see the module's doc): once.
    again: Vec<(u64, f64)>,
    /// The nodes of situations remembered under their whole key.
    whole: Vec<u32>,
}

/// Remembers a group's situations as the card-by-card search does: once no card can
/// come, every one under its step key alone; before, the paused ones under their step key
/// and the chances (a question is worked out again each time); a lost one never. A
/// flagged one is under its whole key, and its node noted; but the last group's (each
/// with chances of its own) and those of a group whose species faced are not known give
/// way.
fn remember(
    found: &mut Found,
    group: &Group,
    keys: &[(u64, u64)],
    compact: &Compact,
) -> Result<(), GiveWay> {
    let ended = group.chances.cards() == 0;
    let mut whole = group.whole.clone();
    whole.sort_unstable();
    whole.dedup();
    for &slot in &whole {
        let n = group.items[slot as usize];
        let Some(faced) = group.faced.filter(|_| compact.plain) else {
            return Err(GiveWay);
        };
        let key = key::situation_key(keys[n as usize].0, faced, group.key);
        found.found.push((key, group.values[slot as usize].abs()));
    }
    for (i, (&n, kind)) in group.items.iter().zip(&group.kinds).enumerate() {
        let (run, step) = keys[n as usize];
        let remembered = match kind {
            Kind::Lost => false,
            Kind::Acts(a) => ended || group.answers[*a as usize].runner.is_none(),
            Kind::Reveals => true,
        };
        if !remembered {
            continue;
        }
        let (v, flagged) = (group.values[i].abs(), group.values[i].is_sign_negative());
        match group.faced {
            _ if !flagged => {
                let key = match ended {
                    true => key::settled_key(step),
                    false => key::unfaced_key(step, group.key),
                };
                if group.split {
                    &mut found.again
                } else {
                    &mut found.found
                }
                .push((key, v));
            }
            // (A group without cards to come has chances of its own if its species are
            // known: see `list.rs`'s `next_groups`.)
            Some(faced) if compact.plain => {
                found.whole.push(n);
                found
                    .found
                    .push((key::situation_key(run, faced, group.key), v));
            }
            _ => return Err(GiveWay),
        }
    }
    Ok(())
}

/// Room for the situations of a group the memo will hold (about: see [`remember`]).
fn room(group: &Group) -> usize {
    if group.chances.cards() == 0 {
        group.items.len()
    } else {
        group.paused.len() + group.answers.len()
    }
}
