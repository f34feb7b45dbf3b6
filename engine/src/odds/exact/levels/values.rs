//! Working the listed levels out, from the last card up, and remembering each situation
//! as the card-by-card search does.

use super::*;

/// Marks a situation being worked out (odds are never negative).
const WORKING: f64 = -1.0;

impl OddsSearch<'_> {
    /// The odds of the first level's situation, every level worked out from the one
    /// below it (each dropped once used), and its situations remembered (found, for the
    /// memo: see [`OddsCache::settle`]).
    pub(super) fn work_levels(
        &mut self,
        levels: &mut [Vec<Group>],
        compact: &Compact,
    ) -> Result<f64, GiveWay> {
        let steps: Vec<u64> = (self.cache.graph.nodes.iter()).map(|n| n.keys.1).collect();
        let split = self.level_parts;
        let found = &mut self.cache.found;
        for l in (0..levels.len()).rev() {
            let (upper, lower) = levels.split_at_mut(l + 1);
            let below: &mut [Group] = lower.first_mut().map_or(&mut [], Vec::as_mut_slice);
            let above: &[Group] = &upper[l];
            let nodes = steps.len();
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
                    let mut found = Vec::with_capacity(part.iter().map(room).sum());
                    for group in part {
                        work_group(group, below)?;
                        remember(&mut found, group, &steps);
                    }
                    Ok(found)
                },
            );
            for part in worked {
                found.push(part?);
            }
            if let Some(done) = lower.first_mut() {
                *done = Vec::new();
            }
        }
        Ok(levels[0][0].values[0])
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
        for &slot in &parent.paused {
            let n = parent.items[slot as usize];
            let reveal = compact.reveal(n, monster).expect("listed");
            inflow.push(match reveal.code {
                // No card can come: the question was remembered, as a situation.
                c if ended && list::is_question(c) => {
                    child.values[slot_of[reveal.node as usize] as usize]
                }
                c => reached(child, c, compact, slot_of),
            });
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
    for draw in &group.draws {
        let child = &below[draw.child as usize];
        let at = draw.at as usize;
        let after = &child.inflow[at..at + paused];
        for (total, &v) in totals.iter_mut().zip(after) {
            *total += draw.p * v;
        }
    }
    for (&slot, total) in group.paused.iter().zip(totals) {
        group.values[slot as usize] = total;
    }
    for i in 0..group.items.len() {
        if group.values[i].is_nan() {
            acted(group, i)?;
        }
    }
    Ok(())
}

/// The value in `child` of where a reveal leads (its code): the end, a situation (a node,
/// at its slot), or a question worked out from its answers' targets in order, as the
/// card-by-card search works it out.
fn reached(child: &Group, code: u32, compact: &Compact, slot_of: &[u32]) -> f64 {
    match code {
        LOST_RUN => 0.0,
        SURVIVED => 1.0,
        c if c & EXPR != 0 => {
            let question = compact.questions[(c & !EXPR) as usize];
            let runner = question.runner;
            let mut best: f64 = if runner { 0.0 } else { 1.0 };
            for &t in &compact.targets[question.start as usize..question.end as usize] {
                let v = reached(child, t, compact, slot_of);
                best = if runner { best.max(v) } else { best.min(v) };
            }
            best
        }
        node => child.values[slot_of[node as usize] as usize],
    }
}

/// Works out the odds of the `i`-th situation of a group from its moves' targets in the
/// group (worked out first when need be). A circle of answers gives way.
fn acted(group: &mut Group, i: usize) -> Result<f64, GiveWay> {
    let value = group.values[i];
    if value == WORKING {
        return Err(GiveWay);
    }
    if !value.is_nan() {
        return Ok(value);
    }
    let (runner, start, end) = match group.kinds[i] {
        Kind::Lost => {
            group.values[i] = 0.0;
            return Ok(0.0);
        }
        Kind::Acts(a) => {
            let a = group.answers[a as usize];
            (a.runner, a.start as usize, a.end as usize)
        }
        Kind::Reveals => unreachable!("reveals are summed first"),
    };
    group.values[i] = WORKING;
    let mut best: f64 = if runner == Some(false) { 1.0 } else { 0.0 };
    for m in start..end {
        let v = match group.acts[m] {
            LOST_RUN => 0.0,
            SURVIVED => 1.0,
            slot => acted(group, slot as usize)?,
        };
        best = match runner {
            None => v,
            Some(true) => best.max(v),
            Some(false) => best.min(v),
        };
    }
    group.values[i] = best;
    Ok(best)
}

/// Remembers a group's situations as the card-by-card search does: once no card can
/// come, every one under its step key alone; before, the paused ones under their step key
/// and the chances (a question is worked out again each time); a lost one never.
fn remember(memo: &mut Vec<(u64, f64)>, group: &Group, steps: &[u64]) {
    let ended = group.chances.cards() == 0;
    for (i, (&n, kind)) in group.items.iter().zip(&group.kinds).enumerate() {
        let step = steps[n as usize];
        let key = match kind {
            Kind::Lost => continue,
            _ if ended => key::settled_key(step),
            Kind::Reveals => key::unfaced_key(step, group.key),
            Kind::Acts(a) if group.answers[*a as usize].runner.is_none() => {
                key::unfaced_key(step, group.key)
            }
            Kind::Acts(_) => continue,
        };
        memo.push((key, group.values[i]));
    }
}

/// Room for the situations of a group the memo will hold (about: see [`remember`]).
fn room(group: &Group) -> usize {
    if group.chances.cards() == 0 {
        group.items.len()
    } else {
        group.paused.len() + group.answers.len()
    }
}
