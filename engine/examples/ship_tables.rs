//! Makes the tables shipped in the binary (`engine/tables`, see `src/bot/shipped.rs` and
//! `src/bot/choice.rs`), for each built-in pack mix under its default rulings at 2 to 4
//! players: how rounds go with each adventurer at every standings a table can have (what
//! the `normal` bot chooses the adventurer by), and the odds figures the bots meet in
//! `normal` games (and a few `hard` seats). Old tables are removed first; every table the
//! bots filled is written to `engine/tables`.
//!
//! `cargo run --release -p dungeon-engine --example ship_tables [GAMES]` (default 120 games
//! per mix and player count; everything runs on every core; about an hour on two). Run it
//! when `shipped_tables_match_the_engine` or `shipped_choices_match_the_engine` fails.
use dungeon_engine::bot::{
    BotKind, Params, SHIPPED_MIXES, endings, forget_shipped_choices, play_game, save_choices,
    save_figures, seat_seed,
};
use dungeon_engine::{Engine, GameOptions};
use std::path::Path;

#[path = "../benches/support/mod.rs"]
mod support;
use support::catalog;

/// Seeds of the games played (clear of the tests' and the bench's).
const FIRST_SEED: u64 = 500_000;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(120);
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("tables");
    // SAFETY: set before any other thread starts: the tables live in memory only until saved.
    unsafe { std::env::set_var("DUNGEON_CACHE_DIR", "") };
    // The shipped choices may be stale: work every one out again.
    forget_shipped_choices();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    for packs in SHIPPED_MIXES {
        for players in 2..=4u8 {
            let started = std::time::Instant::now();
            let tables = standings(players);
            std::thread::scope(|scope| {
                for t in 0..threads {
                    let tables = &tables;
                    scope.spawn(move || {
                        let mut engine = Engine::new(catalog(packs)).expect("engine");
                        let options = engine
                            .new_game(
                                GameOptions {
                                    players,
                                    ..GameOptions::default()
                                },
                                1,
                                &mut Vec::new(),
                            )
                            .expect("a game")
                            .options;
                        let adventurers: Vec<_> = engine.catalog().adventurer_ids().collect();
                        for table in tables.iter().skip(t as usize).step_by(threads as usize) {
                            for &a in &adventurers {
                                endings(&mut engine, &options, &Params::NORMAL, a, table);
                            }
                        }
                    });
                }
            });
            println!(
                "{:<12} {players}p: {} standings in {:.1} s",
                packs.join("+"),
                tables.len(),
                started.elapsed().as_secs_f64()
            );
            let started = std::time::Instant::now();
            std::thread::scope(|scope| {
                for t in 0..threads {
                    scope.spawn(move || {
                        let mut engine = Engine::new(catalog(packs)).expect("engine");
                        for g in (t..games).step_by(threads as usize) {
                            let seed = FIRST_SEED + g;
                            // One seat in six a hard bot: its playouts meet the figures
                            // the search needs.
                            let mut bots: Vec<_> = (0..players as usize)
                                .map(|s| {
                                    let kind = if (g as usize + s) % 6 == 0 {
                                        BotKind::Ismcts(100)
                                    } else {
                                        BotKind::Rules
                                    };
                                    kind.create(seat_seed(seed, s))
                                })
                                .collect();
                            let options = GameOptions {
                                players,
                                ..GameOptions::default()
                            };
                            play_game(
                                &mut engine,
                                options,
                                seed,
                                &mut bots,
                                &mut Vec::new(),
                                |_, _| Ok(()),
                            )
                            .expect("a game");
                        }
                    });
                }
            });
            println!(
                "{:<12} {players}p: {games} games in {:.1} s",
                packs.join("+"),
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
    let c = save_choices(&out.join("choices.bin")).expect("choices written");
    println!(
        "{n} odds tables and {c} choice figures written to {}",
        out.display()
    );
}

/// Every standings a table of `players` can have at the choice of an adventurer, from the
/// chooser's seat round: the chooser still in, at least one other still in, nobody with a
/// second success.
fn standings(players: u8) -> Vec<Vec<(bool, u8, u8)>> {
    let one: Vec<(bool, u8, u8)> =
        [(false, 0, 0), (false, 1, 0), (false, 0, 1), (false, 1, 1)].to_vec();
    let with_out: Vec<(bool, u8, u8)> = [one.clone(), vec![(true, 0, 0)]].concat();
    let mut all: Vec<Vec<(bool, u8, u8)>> = one.iter().map(|&c| vec![c]).collect();
    for _ in 1..players {
        all = all
            .into_iter()
            .flat_map(|t| {
                with_out.iter().map(move |&s| {
                    let mut t = t.clone();
                    t.push(s);
                    t
                })
            })
            .collect();
    }
    all.retain(|t| t.iter().skip(1).any(|s| !s.0));
    all
}
