//! The odds pool: a seat's chances (`ask_odds`) worked out on a few threads of their own,
//! so a search never holds up a game thread, and bounded so asking cannot flood the server:
//!
//! - one request in flight per connection ([`Ticket`]; a second one gets `busy`);
//! - a queue of at most [`Limits::odds_queue`] requests for the whole server (`busy` when
//!   full), and a request that waited longer than [`Limits::odds_wait`] is dropped with
//!   `busy` rather than answered late;
//! - each search bounded in effort ([`dungeon_table::ODDS_EFFORT`]: exact up to a number
//!   of situations, else a sampled estimate), as at a local table.
//!
//! Nothing secret reaches the pool: the game thread sends it a *stand-in* state, drawn
//! from the asking seat's view ([`dungeon_engine::View::determinize`]: every card hidden
//! from that seat dealt again at random from what it has not seen). The odds depend only
//! on the view, so they are the ones the seat would get at a local table, and whatever
//! they reveal, they cannot reveal another seat's card: the pool never had it.

use crate::Limits;
use crate::engines::Engines;
use crate::outbox::Subscriber;
use dungeon_engine::GameState;
use dungeon_engine::catalog::Catalog;
use dungeon_engine::ids::Seat;
use dungeon_protocol::{ErrorCode, ServerMessage};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A connection's one request in flight: taken when the request arrives, given back when
/// it is dropped (answered, refused, or dropped with the job).
pub(crate) struct Ticket(Arc<AtomicBool>);

impl Ticket {
    /// The connection's ticket, unless a request of its is already in flight.
    pub fn take(flag: &Arc<AtomicBool>) -> Option<Ticket> {
        match flag.swap(true, Ordering::AcqRel) {
            true => None,
            false => Some(Ticket(flag.clone())),
        }
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Release);
    }
}

/// Odds to work out: `seat`'s at question `number`, from `standin` (a state drawn from the
/// seat's view, never the real one).
pub(crate) struct Job {
    pub catalog: Arc<Catalog>,
    pub standin: GameState,
    pub seat: Seat,
    pub number: u32,
    pub sub: Subscriber,
    pub ticket: Ticket,
}

struct Queued {
    job: Job,
    since: Instant,
}

pub(crate) struct OddsPool {
    queue: SyncSender<Queued>,
}

impl OddsPool {
    /// Starts `limits.odds_threads` threads (at least one); they end when the pool is
    /// dropped and the queue is empty.
    pub fn start(limits: &Limits) -> std::io::Result<OddsPool> {
        let (queue, jobs) = std::sync::mpsc::sync_channel(limits.odds_queue);
        let jobs = Arc::new(Mutex::new(jobs));
        for index in 0..limits.odds_threads.max(1) {
            let jobs = jobs.clone();
            let wait = limits.odds_wait;
            std::thread::Builder::new()
                .name(format!("dungeon-odds-{index}"))
                .spawn(move || run(&jobs, wait))?;
        }
        Ok(OddsPool { queue })
    }

    /// Queues `job`, or tells its connection the server is busy.
    pub fn submit(&self, job: Job) {
        let queued = Queued {
            job,
            since: Instant::now(),
        };
        match self.queue.try_send(queued) {
            Ok(()) => {}
            Err(TrySendError::Full(q) | TrySendError::Disconnected(q)) => {
                q.job.sub.send(&busy(
                    "the server is working out as many odds as it may; ask again in a moment",
                ));
            }
        }
    }
}

fn busy(message: &str) -> ServerMessage {
    ServerMessage::error(ErrorCode::Busy, message)
}

fn run(jobs: &Mutex<Receiver<Queued>>, wait: Duration) {
    let mut engines = Engines::default();
    loop {
        let next = jobs.lock().unwrap_or_else(|p| p.into_inner()).recv();
        let Ok(Queued { job, since }) = next else {
            return;
        };
        if since.elapsed() > wait {
            job.sub
                .send(&busy("the odds waited too long for their turn; ask again"));
            continue;
        }
        // A search that fails (a card's script, in the dungeon imagined) gives no odds;
        // its error would name cards of that imagined dungeon, and is not passed on.
        let odds = match engines.get(&job.catalog) {
            Ok(engine) => {
                dungeon_table::work_out_odds(engine, &job.standin, job.seat, job.number).ok()
            }
            Err(_) => None,
        };
        // Given back first: a client that has the answer may ask again at once.
        drop(job.ticket);
        job.sub.send(&ServerMessage::Odds {
            number: job.number,
            odds,
        });
    }
}
