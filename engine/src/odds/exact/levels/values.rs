//! Working the listed levels out, from the last card up, and remembering each situation
//! as the card-by-card search does.

use super::*;

/// Situations handed to the memo's thread at a time.
const BATCH: usize = 1 << 16;

/// Marks a situation being worked out (odds are never negative).
const WORKING: f64 = -1.0;

impl OddsSearch<'_> {
    /// The odds of the first level's situation, every level worked out from the one
    /// below it (each dropped once used) and its situations remembered: by a thread of
    /// their own, as they come (filling the memo takes as long as working them out; its
    /// contents do not depend on the order).
    pub(super) fn work_levels(
        &mut self,
        levels: &mut [Vec<Group>],
        compact: &Compact,
    ) -> Result<f64, GiveWay> {
        let steps: Vec<u64> = (self.cache.graph.nodes.iter()).map(|n| n.keys.1).collect();
        let room: usize = (levels.iter().flatten())
            .map(|g| {
                if g.chances.cards() == 0 {
                    g.items.len()
                } else {
                    g.paused.len()
                }
            })
            .sum();
        let memo = &mut self.cache.memo;
        // Batches no thread took (none could be made): remembered here, after.
        let mut unsent: Vec<Vec<(u64, f64)>> = Vec::new();
        let odds = std::thread::scope(|scope| {
            let (to_memo, batches) = std::sync::mpsc::sync_channel::<Vec<(u64, f64)>>(4);
            let filling = move || {
                memo.reserve(room);
                for batch in batches {
                    memo.extend(batch);
                }
            };
            // Without a thread, `batches` is dropped with `filling`: every send fails.
            let _ = std::thread::Builder::new().spawn_scoped(scope, filling);
            let mut send = |batch| {
                if let Err(std::sync::mpsc::SendError(batch)) = to_memo.send(batch) {
                    unsent.push(batch);
                }
            };
            let mut batch = Vec::with_capacity(BATCH);
            let mut slot_of = Vec::new();
            for l in (0..levels.len()).rev() {
                let (upper, lower) = levels.split_at_mut(l + 1);
                let below: &mut [Group] = lower.first_mut().map_or(&mut [], Vec::as_mut_slice);
                for child in below.iter_mut() {
                    inflow(child, &upper[l], compact, &mut slot_of);
                }
                let below: &[Group] = below;
                for group in upper[l].iter_mut() {
                    work_group(group, below)?;
                    remember(&mut batch, group, &steps);
                    if batch.len() >= BATCH {
                        send(std::mem::replace(&mut batch, Vec::with_capacity(BATCH)));
                    }
                }
                if let Some(done) = lower.first_mut() {
                    *done = Vec::new();
                }
            }
            send(batch);
            Ok(levels[0][0].values[0])
        });
        self.cache.memo.extend(unsent.into_iter().flatten());
        odds
    }
}

/// The odds after each card that leads to `child` (worked out) from each situation paused
/// before it in the level above (`upper`), in [`Group::inflow`].
fn inflow(child: &mut Group, upper: &[Group], compact: &Compact, slot_of: &mut Vec<u32>) {
    // Every node a reveal leads to here is one of the group's.
    for (slot, &node) in child.items.iter().enumerate() {
        let ix = node as usize;
        if slot_of.len() <= ix {
            slot_of.resize(ix + 1, 0);
        }
        slot_of[ix] = slot as u32;
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
