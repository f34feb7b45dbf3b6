//! The odds thread: a seat's chances worked out from its view only, with an engine of its
//! own, so that asking never holds up the game. The state it gets is only read: the game
//! and its random generator stay as they were, and a fixed seed makes asking twice give
//! the same figures.

use super::Update;
use crate::{Odds, OddsNow};
use dungeon_engine::action::Action;
use dungeon_engine::catalog::Catalog;
use dungeon_engine::ids::Seat;
use dungeon_engine::odds::{self, Effort, Plan};
use dungeon_engine::{Engine, GameState, View};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender};

/// Exact up to this many situations (tens of milliseconds on one core today; about two
/// seconds when it was set), else an estimate over this many sampled dungeons (under a
/// second, within a percent or so): a sequel dungeon of six cards already takes some
/// 100,000 situations, a full one millions.
pub const EFFORT: Effort = Effort::Bounded {
    states: 40_000,
    samples: 5_000,
};

/// Odds to work out: `seat`'s, in `state`, at decision `number`.
pub(super) struct Job {
    pub state: Arc<GameState>,
    pub seat: Seat,
    pub number: u32,
}

/// Starts the thread; it ends when the jobs' sender is dropped.
pub(super) fn spawn(
    catalog: Arc<Catalog>,
    updates: Sender<Update>,
) -> std::io::Result<Sender<Job>> {
    let (jobs, receiver) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .name("dungeon-odds".into())
        .spawn(move || serve(catalog, receiver, updates))?;
    Ok(jobs)
}

fn serve(catalog: Arc<Catalog>, jobs: Receiver<Job>, updates: Sender<Update>) {
    let mut engine = Engine::new(catalog).map_err(|d| d.to_string());
    while let Ok(mut job) = jobs.recv() {
        // Only the latest question matters.
        while let Ok(later) = jobs.try_recv() {
            job = later;
        }
        let result = match &mut engine {
            Ok(engine) => work_out(engine, &job.state, job.seat, job.number),
            Err(e) => Err(e.clone()),
        };
        let update = Update::Odds {
            seat: job.seat,
            number: job.number,
            result,
        };
        if updates.send(update).is_err() {
            return;
        }
    }
}

/// The odds of `seat` from its view of `state` (what a local table's `o` key shows; the
/// game server works them out with this too).
pub fn work_out(
    engine: &mut Engine,
    state: &GameState,
    seat: Seat,
    number: u32,
) -> Result<Odds, String> {
    let view = View::new(state, seat);
    let mut report = |plan: &Plan| {
        odds::report_from_view(engine, &view, plan, EFFORT, 0).map_err(|e| e.to_string())
    };
    let now = report(&Plan::default())?;
    let mut exact = now.exact;
    let answers: Vec<_> = now
        .options
        .iter()
        .filter_map(|&(action, p)| match action {
            Action::Answer(a) => Some((a, p)),
            _ => None,
        })
        .collect();
    let now_odds = if now.options.is_empty() {
        OddsNow::Survive(now.probability)
    } else {
        OddsNow::Answers(answers)
    };
    // Holding a drawn card: what putting it in would make of the odds.
    let with_card = match view.hand() {
        Some(monster) => {
            let plan = Plan {
                add_hand: true,
                ..Plan::default()
            };
            let with = report(&plan)?;
            exact &= with.exact;
            Some((monster, with.probability))
        }
        None => None,
    };
    Ok(Odds {
        number,
        now: now_odds,
        with_card,
        exact,
    })
}
