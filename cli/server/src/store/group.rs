//! Group commit for the SQLite store. Flushing the disk is what a decision costs
//! (`synchronous=FULL`: milliseconds each), so decisions are not committed one by one:
//! the game threads hand them to one committer thread and go on with other tables; the
//! committer takes every decision waiting, writes them in one transaction (each in a
//! savepoint of its own, so one refused decision does not undo the others), commits once,
//! and only then tells each decision's table, which only then acknowledges it. No window
//! is waited for: while one transaction is being flushed, the next one's decisions pile
//! up, so the busier the server, the larger the groups, and an idle server commits a lone
//! decision at once.

use super::sql::{db, lock, write_decision};
use super::{Decided, StoreError, WhenStored};
use rusqlite::Connection;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex};

/// The most decisions in one transaction (a bound on the time one commit holds the
/// connection; thousands of tables a second still fit).
const MOST_PER_COMMIT: usize = 512;

type Decision = (Decided, WhenStored);

enum Job {
    Decide(Decided, WhenStored),
    /// Answered once every job queued before it is done.
    Flush(Sender<()>),
}

/// The committer thread and the queue to it. Dropping it lets the thread commit what is
/// queued, then waits for it to end.
pub(super) struct Committer {
    queue: Option<Sender<Job>>,
    thread: Option<std::thread::JoinHandle<()>>,
    /// Transactions committed so far.
    commits: Arc<AtomicU64>,
}

impl Committer {
    pub fn start(db: Arc<Mutex<Connection>>) -> std::io::Result<Committer> {
        let (queue, jobs) = std::sync::mpsc::channel();
        let commits = Arc::new(AtomicU64::new(0));
        let counted = commits.clone();
        let thread = std::thread::Builder::new()
            .name("dungeon-commit".into())
            .spawn(move || run(&db, jobs, &counted))?;
        Ok(Committer {
            queue: Some(queue),
            thread: Some(thread),
            commits,
        })
    }

    pub fn commits(&self) -> u64 {
        self.commits.load(Ordering::Relaxed)
    }

    /// Queues a decision; `done` is called from the committer thread once its transaction
    /// committed (or failed).
    pub fn submit(&self, decided: Decided, done: WhenStored) {
        let queue = self.queue.as_ref().expect("open until dropped");
        if let Err(refused) = queue.send(Job::Decide(decided, done)) {
            // The thread is gone (it panicked): nothing can be stored.
            if let Job::Decide(_, done) = refused.0 {
                done(Err(StoreError::Database(
                    "the committer thread ended".into(),
                )));
            }
        }
    }

    /// Returns once every decision submitted so far is committed (or failed) and its
    /// table told.
    pub fn flush(&self) {
        let (reply, done) = std::sync::mpsc::channel();
        let queue = self.queue.as_ref().expect("open until dropped");
        if queue.send(Job::Flush(reply)).is_ok() {
            let _ = done.recv();
        }
    }
}

impl Drop for Committer {
    fn drop(&mut self) {
        drop(self.queue.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn run(db: &Mutex<Connection>, jobs: Receiver<Job>, commits: &AtomicU64) {
    while let Ok(first) = jobs.recv() {
        let mut group = Vec::new();
        let mut flushed = None;
        let mut next = Some(first);
        while let Some(job) = next.take() {
            match job {
                Job::Decide(decided, done) => group.push((decided, done)),
                // Everything queued before it is in this group.
                Job::Flush(reply) => {
                    flushed = Some(reply);
                    break;
                }
            }
            if group.len() < MOST_PER_COMMIT {
                next = jobs.try_recv().ok();
            }
        }
        if !group.is_empty() {
            let results = commit(db, &group);
            commits.fetch_add(1, Ordering::Relaxed);
            for ((_, done), result) in group.into_iter().zip(results) {
                done(result);
            }
        }
        if let Some(reply) = flushed {
            let _ = reply.send(());
        }
    }
}

/// Writes every decision of `group` in one transaction; each one's outcome, in order.
/// A decision refused (out of order) or failing alone is rolled back to its savepoint
/// and reported; if the commit itself fails, every decision is reported failed.
fn commit(shared: &Mutex<Connection>, group: &[Decision]) -> Vec<Result<(), StoreError>> {
    let mut conn = lock(shared);
    let mut tx = match conn.transaction() {
        Ok(tx) => tx,
        Err(e) => return failed(group.len(), &e),
    };
    let mut results = Vec::with_capacity(group.len());
    for (d, _) in group {
        let result = tx.savepoint().map_err(db).and_then(|mut sp| {
            let written = write_decision(&sp, &d.key, d.number, &d.decision, &d.state, d.status);
            match written {
                Ok(()) => sp.commit().map_err(db),
                Err(e) => {
                    // Rolled back as the savepoint drops.
                    sp.set_drop_behavior(rusqlite::DropBehavior::Rollback);
                    Err(e)
                }
            }
        });
        results.push(result);
    }
    match tx.commit() {
        Ok(()) => results,
        Err(e) => failed(group.len(), &e),
    }
}

/// `count` decisions none of which was stored.
fn failed(count: usize, e: &rusqlite::Error) -> Vec<Result<(), StoreError>> {
    (0..count)
        .map(|_| Err(StoreError::Database(e.to_string())))
        .collect()
}
