//! Twins of the search's engine, each on a thread of its own, taking a level's steps side
//! by side (the steps are most of what listing a level costs, and each depends on its
//! state alone). The search hands them steps in chunks, dealt in turn, and reads what each
//! step found in the order it handed them out, as if it had taken them itself: the same
//! graph, the same states kept, whatever the number of twins. A twin's steps are the
//! engine's, result for result and script step for script step ([`Rules::twin`]); their
//! script steps count against the search's work limit ([`OddsSearch::work_exhausted`]).

use super::*;
use crate::engine::EngineTwin;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

/// Steps handed to a twin at a time: small enough that the search reads the first
/// chunks' while the twins take the next ones.
const CHUNK: usize = 256;

/// Chunks out per twin at a time.
const AHEAD: usize = 2;

/// A step for a twin: the state to take it from, the move, and the species its questions
/// are answered from (see [`On::answers`]).
pub(super) type Task = (Arc<GameState>, Move, Option<u64>);

/// What a twin found taking a step.
pub(super) struct Taken {
    pub(super) stepped: Result<TwinStep, EngineError>,
    /// The step read the history (see `OddsSearch::history`).
    pub(super) read: bool,
    /// The steps of the cards' scripts it took.
    pub(super) work: u64,
    /// A hook has read what the situation key leaves out ([`Rules::hooks_read_unkeyed`]),
    /// in this step or before it.
    pub(super) unkeyed: bool,
}

/// A step a twin took (see [`Stepped`]): where it led is read on the twin's core, so
/// that the search reads of the state it led to only what a new node needs.
pub(super) struct TwinStep {
    pub(super) led: Led,
    pub(super) outcome: Outcome,
}

/// Where a twin's step led: the run over (survived or not), or a state with its keys.
pub(super) enum Led {
    Over(bool),
    To(Arc<GameState>, Keys),
}

/// A chunk of steps, the work the twin may still spend on it, and states done with (for
/// their storage: shared, so that handing them over moves no more than a pointer).
struct Job {
    tasks: Vec<Task>,
    work_left: Option<u64>,
    spare: Vec<Arc<GameState>>,
}

struct Twin {
    jobs: Option<Sender<Job>>,
    done: Receiver<Vec<Taken>>,
    thread: Option<JoinHandle<()>>,
}

/// The engine's twins, while a search lists its levels.
pub(crate) struct Twins {
    twins: Vec<Twin>,
    /// Tells the twins to stop (the search is over, or gave way).
    stop: Arc<AtomicBool>,
    /// A chunk's results were left unread (the search stopped reading): every later step
    /// is the caller's.
    spoiled: bool,
}

impl Twins {
    /// `count` twins of `engine`, or `None` if it has none or no thread could be made.
    pub(super) fn new(engine: &dyn Rules, count: usize) -> Option<Twins> {
        let stop = Arc::new(AtomicBool::new(false));
        let mut twins = Twins {
            twins: Vec::with_capacity(count),
            stop: stop.clone(),
            spoiled: false,
        };
        for i in 0..count {
            let make = engine.twin()?;
            let (jobs, to_take) = channel::<Job>();
            let (found, done) = channel::<Vec<Taken>>();
            let stop = stop.clone();
            let thread = std::thread::Builder::new()
                .name(format!("odds twin {i}"))
                .spawn(move || serve(make, to_take, found, &stop))
                .ok()?;
            twins.twins.push(Twin {
                jobs: Some(jobs),
                done,
                thread: Some(thread),
            });
        }
        Some(twins)
    }

    /// Takes each of `tasks` on the twins, each with at most `work_left` steps of the
    /// cards' scripts to spend, and hands what each found to `each`, in order, with where
    /// to put a state it is done with (for a twin's next steps). A step no twin took (its
    /// engine could not be made, its thread stopped) is handed over as `None`: the caller
    /// takes it. Only a few chunks are out at a time, so that the states found wait for
    /// the search in small numbers. If `each` fails, the rest is left unread.
    pub(super) fn take<E>(
        &mut self,
        tasks: Vec<Task>,
        work_left: Option<u64>,
        spare: &mut Vec<Arc<GameState>>,
        mut each: impl FnMut(usize, Option<Taken>, &mut Vec<Arc<GameState>>) -> Result<(), E>,
    ) -> Result<(), E> {
        let count = self.twins.len();
        let mut chunks = Vec::with_capacity(tasks.len().div_ceil(CHUNK));
        let mut tasks = tasks.into_iter();
        loop {
            let chunk: Vec<Task> = tasks.by_ref().take(CHUNK).collect();
            if chunk.is_empty() {
                break;
            }
            chunks.push(chunk);
        }
        let lens: Vec<usize> = chunks.iter().map(Vec::len).collect();
        let mut chunks = chunks.into_iter();
        let mut sent = vec![false; lens.len()];
        let ahead = AHEAD * count;
        let send = |c: usize, chunk: Vec<Task>, spare: &mut Vec<Arc<GameState>>, twins: &Twins| {
            let give = spare.len().min(chunk.len());
            let job = Job {
                tasks: chunk,
                work_left,
                spare: spare.split_off(spare.len() - give),
            };
            let twin = &twins.twins[c % count];
            !twins.spoiled && twin.jobs.as_ref().is_some_and(|j| j.send(job).is_ok())
        };
        for (c, chunk) in chunks.by_ref().take(ahead).enumerate() {
            sent[c] = send(c, chunk, spare, self);
        }
        let mut index = 0;
        for (c, &len) in lens.iter().enumerate() {
            let found = if sent[c] {
                self.twins[c % count].done.recv().ok()
            } else {
                None
            };
            if let Some(chunk) = chunks.next() {
                sent[c + ahead] = send(c + ahead, chunk, spare, self);
            }
            let mut found = found.filter(|f| f.len() == len).map(Vec::into_iter);
            for _ in 0..len {
                let taken = found.as_mut().and_then(Iterator::next);
                if let Err(e) = each(index, taken, spare) {
                    self.spoiled = true;
                    return Err(e);
                }
                index += 1;
            }
        }
        Ok(())
    }
}

impl Drop for Twins {
    fn drop(&mut self) {
        self.stop.store(true, Relaxed);
        for twin in &mut self.twins {
            twin.jobs = None;
        }
        for twin in &mut self.twins {
            if let Some(thread) = twin.thread.take() {
                let _ = thread.join();
            }
        }
    }
}

/// A twin's thread: makes its engine, then takes the steps it is handed until told to stop.
fn serve(make: EngineTwin, jobs: Receiver<Job>, found: Sender<Vec<Taken>>, stop: &AtomicBool) {
    let Some(mut engine) = make() else {
        return;
    };
    let mut events = Vec::with_capacity(32);
    let mut spare = Vec::new();
    let mut rulings = Rulings::default();
    for job in jobs {
        let start = engine.hooks_steps_spent();
        engine.set_work_limit(job.work_left.map(|left| start.saturating_add(left)));
        spare.extend(job.spare);
        let mut out = Vec::with_capacity(job.tasks.len());
        for (state, step, answers) in job.tasks {
            if stop.load(Relaxed) {
                return;
            }
            let before = engine.hooks_steps_spent();
            let (stepped, read) = if engine.work_exhausted() {
                (Err(EngineError::Work), false)
            } else {
                // A state no one else holds any more is written over.
                let mut next = (spare.pop())
                    .filter(|s: &Arc<GameState>| Arc::strong_count(s) == 1)
                    .unwrap_or_default();
                let on = On {
                    engine: &mut *engine,
                    events: &mut events,
                    answers,
                };
                let into = Arc::get_mut(&mut next).expect("held here alone");
                match on.step(&state, into, step, None, &|e| e.work_exhausted()) {
                    Ok(outcome) => {
                        let read = outcome.read;
                        (Ok(led(next, outcome, &mut spare, &mut rulings)), read)
                    }
                    Err(e) => {
                        spare.push(next);
                        (Err(e), false)
                    }
                }
            };
            // Let go of it first: the search takes its storage back once the level is listed.
            drop(state);
            out.push(Taken {
                stepped,
                read,
                work: engine.hooks_steps_spent().wrapping_sub(before),
                unkeyed: engine.hooks_read_unkeyed(),
            });
        }
        if found.send(out).is_err() {
            return;
        }
    }
}

/// Where a step led, read here (`rulings`: the hash of the rulings of the options last
/// seen, worked out once for them).
fn led(
    next: Arc<GameState>,
    outcome: Outcome,
    spare: &mut Vec<Arc<GameState>>,
    rulings: &mut Rulings,
) -> TwinStep {
    let led = if next.is_over() {
        let survived = next.run.success == Some(true);
        spare.push(next);
        Led::Over(survived)
    } else {
        let keys = rulings.keys(&next);
        Led::To(next, keys)
    };
    TwinStep { led, outcome }
}
