//! Playing the games on every core. Game `i` depends on the plan and `i` only (its seed,
//! its player count, who sits where), and each thread sums into its own [`Tally`], so the
//! totals are the same whatever the thread count or the order games finish in.

use super::plan::{Game, Plan};
use super::shard::Shard;
use super::stats::{GameError, Tally};
use dungeon_bots::{play_game_logged, seat_seed};
use dungeon_engine::catalog::Catalog;
use dungeon_engine::{Engine, GameOptions};
use indicatif::ProgressBar;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Plays the games of the plan in slice `shard` (every game for [`Shard::WHOLE`]) on
/// `threads` threads, each with its own engine (an engine owns a Lua state, which cannot
/// be shared); with `records`, writes each game's record there.
pub fn simulate(
    catalog: &Arc<Catalog>,
    plan: &Plan,
    shard: Shard,
    threads: usize,
    progress: &ProgressBar,
    records: Option<&super::record::Records>,
) -> Result<Tally, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| e.to_string())?;
    let next = AtomicU64::new(0);
    let total = shard.games(plan.total());
    // One task per thread pulling game numbers from a shared counter: one engine per
    // thread, and a slow game (a long search) holds up no other.
    let tallies = pool.broadcast(|_| {
        let mut engine = new_engine(catalog)?;
        let mut tally = Tally::default();
        let mut events = Vec::new();
        let mut log = Vec::new();
        // Kept from game to game, their storage reused.
        let mut game = Game {
            seed: 0,
            bots: Vec::new(),
        };
        let mut bots = Vec::new();
        // The kind of each of `bots`.
        let mut bot_kinds = Vec::new();
        // The options of each player count played so far, shared by its games.
        let mut shared_options: Vec<Arc<GameOptions>> = Vec::new();
        // Games not yet counted on the progress bar: counting each one (an atomic add and
        // a look at the clock) was a few percent of a random game.
        let mut uncounted = 0;
        loop {
            let n = next.fetch_add(1, Ordering::Relaxed);
            if n >= total {
                progress.inc(uncounted);
                return Ok::<Tally, String>(tally);
            }
            let i = shard.game(n);
            plan.game_into(i, &mut game);
            let players = game.bots.len() as u8;
            let options = (shared_options.iter())
                .find(|o| o.players == players)
                .cloned()
                .unwrap_or_else(|| {
                    let options = Arc::new(GameOptions {
                        players,
                        ..plan.options.clone()
                    });
                    shared_options.push(options.clone());
                    options
                });
            // The last game's bots, restarted where a seat has the same kind of bot.
            bots.truncate(game.bots.len());
            bot_kinds.truncate(game.bots.len());
            for (seat, &kind) in game.bots.iter().enumerate() {
                let seed = seat_seed(game.seed, seat);
                if seat == bots.len() {
                    bots.push(kind.create(seed));
                    bot_kinds.push(kind);
                } else if bot_kinds[seat] != kind || !bots[seat].restart(seed) {
                    bots[seat] = kind.create(seed);
                    bot_kinds[seat] = kind;
                }
            }
            dungeon_engine::event::clear_log(&mut events);
            log.clear();
            // A panic in a rule or a bot is one game's error, not the end of the run.
            // The game is counted where it ends, by reference: its state (2 KB) is dropped
            // where it lies, and copied only for a record.
            let played = catch_unwind(AssertUnwindSafe(|| {
                let result = play_game_logged(
                    &mut engine,
                    options.clone(),
                    game.seed,
                    &mut bots,
                    &mut events,
                    &mut log,
                    |_, _| Ok(()),
                );
                match &result {
                    Ok(state) => {
                        tally.record(catalog, &game.bots, state, &events);
                        Ok(records.is_some().then(|| Box::new(state.clone())))
                    }
                    Err(e) => Err(e.to_string()),
                }
            }));
            let (error, end) = match played {
                Ok(Ok(end)) => (None, end),
                Ok(Err(e)) => (Some(e), None),
                Err(panic) => {
                    // The Lua state may be half-way through a call: start a fresh one.
                    engine = new_engine(catalog)?;
                    (Some(panic_message(panic.as_ref())), None)
                }
            };
            if let Some(to) = records {
                super::record::write(to, i, &mut engine, &game, &options, &log, end.as_deref())?;
            }
            if let Some(error) = error {
                tally.errors.push(GameError {
                    game: i,
                    seed: game.seed,
                    error,
                });
            }
            uncounted += 1;
            if uncounted == PROGRESS_STEP {
                progress.inc(uncounted);
                uncounted = 0;
            }
        }
    });
    let mut sum = Tally::default();
    for t in tallies {
        sum.merge(t?);
    }
    Ok(sum)
}

/// Games a worker plays before it counts them on the progress bar (a few milliseconds of
/// random games; slower games are counted far more often than the bar is drawn anyway).
const PROGRESS_STEP: u64 = 64;

/// A thread's engine: its searches share exact odds across games (same decisions, less
/// searching: see `Engine::share_odds`).
fn new_engine(catalog: &Arc<Catalog>) -> Result<Engine, String> {
    let mut engine = Engine::new(catalog.clone()).map_err(|d| d.to_string())?;
    engine.share_odds(true);
    Ok(engine)
}

/// The message of a caught panic (`dungeon soak` reports them too).
pub(crate) fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    let text = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    format!("panic: {text}")
}
