//! Work cut into parts run side by side. A level's groups are independent of one another
//! once the level below is worked out, so each part of them is worked out on a thread of
//! its own; the results come back in the parts' order, so that nothing found depends on
//! how many threads there were.

use std::sync::{Mutex, OnceLock};

/// Below this much work (about one situation and card each) a level is worked out on
/// one thread: making threads would cost more than they save.
const ALONE: usize = 1 << 15;

/// Threads at most, whatever the machine.
const MAX_THREADS: usize = 8;

/// The threads to cut work for: the machine's cores, found once.
pub(super) fn threads() -> usize {
    static THREADS: OnceLock<usize> = OnceLock::new();
    *THREADS.get_or_init(|| {
        std::thread::available_parallelism().map_or(1, |n| n.get().clamp(1, MAX_THREADS))
    })
}

/// Runs `work` on consecutive parts of `items`, cut where their weights balance, one part
/// per core (`split` parts if given, however little the work); the results in the parts'
/// order. A part no thread was made for (or had started on yet) is run here, after the
/// first.
pub(super) fn in_parts<T: Send, R: Send>(
    items: &mut [T],
    split: Option<usize>,
    weight: impl Fn(&T) -> usize,
    work: impl Fn(&mut [T]) -> R + Sync,
) -> Vec<R> {
    let threads = split.unwrap_or_else(threads).max(1);
    let weights: Vec<usize> = items.iter().map(weight).collect();
    let total: usize = weights.iter().sum();
    if threads == 1 || (split.is_none() && total < ALONE) || items.len() < 2 {
        return vec![work(items)];
    }
    let mut parts: Vec<Mutex<Option<&mut [T]>>> = Vec::with_capacity(threads);
    let mut rest = items;
    let (mut taken, mut cut) = (0usize, 0usize);
    for (i, w) in weights.iter().enumerate() {
        taken += w;
        let due = total * (parts.len() + 1) / threads;
        if taken >= due && parts.len() + 1 < threads && i + 1 < weights.len() {
            let (part, tail) = std::mem::take(&mut rest).split_at_mut(i + 1 - cut);
            parts.push(Mutex::new(Some(part)));
            rest = tail;
            cut = i + 1;
        }
    }
    parts.push(Mutex::new(Some(rest)));
    let results: Vec<Mutex<Option<R>>> = parts.iter().map(|_| Mutex::new(None)).collect();
    let run = |i: usize| {
        let part = parts[i].lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(part) = part {
            let found = work(part);
            *results[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(found);
        }
    };
    let run = &run;
    std::thread::scope(|scope| {
        for i in 1..parts.len() {
            // A thread that cannot be made leaves its part here.
            let _ = std::thread::Builder::new().spawn_scoped(scope, move || run(i));
        }
        for i in 0..parts.len() {
            run(i);
        }
    });
    (results.into_iter())
        .map(|r| {
            let r = r.into_inner().unwrap_or_else(|e| e.into_inner());
            r.expect("every part is run before the scope ends")
        })
        .collect()
}
