//! Makes the odds tables shipped in the binary (`engine/tables`, see `src/bot/shipped.rs`):
//! `hard` decisions at positions of random-bot games (not the ones `cold_hard` measures),
//! at 2 to 4 players, for each built-in pack mix under its default rulings, then every
//! table the bots filled is written to `engine/tables` (old ones removed first). Tables
//! this build already ships and that still match start the bots off, so a run only adds
//! figures (a figure never changes while its table's name stays the same).
//!
//! `cargo run --release -p dungeon-engine --example ship_tables [POSITIONS]` (default 150
//! per mix and player count). Run it when `shipped_tables_match_the_engine` fails.
use dungeon_engine::bot::{BotKind, SHIPPED_MIXES, save_figures};
use dungeon_engine::{Engine, View};
use std::path::Path;

#[path = "../benches/support/mod.rs"]
mod support;
use support::{catalog, positions};

/// Seeds of the games positions are taken from (clear of `cold_hard`'s, which start at 0).
const FIRST_SEED: u64 = 500_000;

fn main() {
    let per: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(150);
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("tables");
    // SAFETY: set before any other thread starts: the tables live in memory only until saved.
    unsafe { std::env::set_var("DUNGEON_CACHE_DIR", "") };
    for packs in SHIPPED_MIXES {
        let catalog = catalog(packs);
        let mut engine = Engine::new(catalog).expect("engine");
        for players in 2..=4u8 {
            let started = std::time::Instant::now();
            let positions = positions(&mut engine, players, FIRST_SEED, per, |seed, n| {
                (seed * 5 + n).is_multiple_of(7)
            });
            for (i, state) in positions.iter().enumerate() {
                let seat = state.current_seat().expect("a decision");
                let mut hard = "hard".parse::<BotKind>().expect("kind").create(i as u64);
                hard.decide(&mut engine, &View::new(state, seat));
            }
            println!(
                "{:<12} {players}p: {} decisions in {:.1} s",
                packs.join("+"),
                positions.len(),
                started.elapsed().as_secs_f64()
            );
        }
    }
    if let Ok(old) = std::fs::read_dir(&out) {
        for f in old.flatten() {
            if f.path().extension().is_some_and(|e| e == "odds") {
                std::fs::remove_file(f.path()).expect("an old table removed");
            }
        }
    }
    let n = save_figures(&out).expect("tables written");
    println!("{n} tables written to {}", out.display());
}
