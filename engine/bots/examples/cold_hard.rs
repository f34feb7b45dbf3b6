//! Cold `hard` decisions (a fresh thread, nothing in memory) at positions of random-bot
//! games, every kind of decision: the slowest and the median, per pack mix and table size,
//! with none of the bots' odds tables on disk (a first start: only the tables shipped in the
//! binary, see `src/bot/shipped.rs`) and with them (kept in the temp folder's
//! `cold-hard-tables`: run it twice to see them warm). The bench measures
//! fixed positions; this looks for the slow ones.
//!
//! `cargo run --release -p dungeon-bots --example cold_hard [POSITIONS]` (default 8 per
//! table; `ONLY=14` for base at 4 players, `ONLY=24` base+sequel; `DETAIL=1` lists each).
use dungeon_bots::{BotKind, forget_choices, forget_figures};
use dungeon_engine::state::GameState;
use dungeon_engine::{Catalog, Engine, View};
use std::sync::Arc;
use std::time::Duration;

#[path = "../benches/support/mod.rs"]
mod support;
use support::{catalog, positions};

fn cold(catalog: &Arc<Catalog>, state: &GameState, disk: Option<&str>) -> Duration {
    forget_figures();
    forget_choices();
    // SAFETY: no other thread runs while it is set.
    unsafe { std::env::set_var("DUNGEON_CACHE_DIR", disk.unwrap_or("")) };
    let (catalog, state) = (catalog.clone(), state.clone());
    std::thread::spawn(move || {
        let mut engine = Engine::new(catalog).expect("engine");
        let seat = state.current_seat().expect("a decision");
        let hard: BotKind = "hard".parse().expect("kind");
        let started = std::time::Instant::now();
        std::hint::black_box(
            hard.create(11)
                .decide(&mut engine, &View::new(&state, seat)),
        );
        started.elapsed()
    })
    .join()
    .expect("decided")
}

fn main() {
    let per: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(8);
    let disk = std::env::temp_dir().join("cold-hard-tables");
    let disk = disk.to_str().expect("utf-8");
    for packs in [&["base"][..], &["sequel"], &["base", "sequel"]] {
        let catalog = catalog(packs);
        let mut engine = Engine::new(catalog.clone()).expect("engine");
        for players in 2..=4u8 {
            let positions = positions(&mut engine, players, 0, per, |seed, n| {
                (seed * 7 + n).is_multiple_of(9)
            });
            if std::env::var("ONLY").is_ok_and(|o| o != format!("{}{players}", packs.len())) {
                continue;
            }
            if std::env::var_os("DETAIL").is_some() {
                for s in &positions {
                    let t = cold(&catalog, s, Some(disk));
                    println!(
                        "{:>6.0} ms {:?} round {} dungeon {}",
                        t.as_secs_f64() * 1e3,
                        s.pending.as_ref().map(|d| &d.kind),
                        s.round,
                        s.dungeon.len()
                    );
                }
            }
            let mut first: Vec<Duration> =
                positions.iter().map(|s| cold(&catalog, s, None)).collect();
            let mut warm: Vec<Duration> = positions
                .iter()
                .map(|s| cold(&catalog, s, Some(disk)))
                .collect();
            first.sort();
            warm.sort();
            println!(
                "{:<12} {players}p: first start max {:>6.0} ms median {:>5.0} ms | tables on disk max {:>6.0} ms median {:>5.0} ms ({} positions)",
                packs.join("+"),
                first[first.len() - 1].as_secs_f64() * 1e3,
                first[first.len() / 2].as_secs_f64() * 1e3,
                warm[warm.len() - 1].as_secs_f64() * 1e3,
                warm[warm.len() / 2].as_secs_f64() * 1e3,
                positions.len()
            );
        }
    }
}
