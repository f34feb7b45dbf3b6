//! Makes the tables shipped in the binary (`engine/tables`, see `src/bot/shipped.rs` and
//! `src/bot/choice.rs`), for each built-in pack mix under its default rulings at 2 to 4
//! players: how rounds go with each adventurer at every standings a table can have (what
//! the `normal` bot chooses the adventurer by), and the odds figures the bots meet in
//! `normal` games (and a few `hard` seats). Old tables are removed first; every table the
//! bots filled is written to `engine/tables`.
//!
//! The odds figures shipped are only those the games meet: the rounds played to value the
//! adventurers meet tens of millions of situations (80 MB of tables) that a game with the
//! choices shipped never asks for.
//!
//! `cargo run --release -p dungeon-bots --example ship_tables [GAMES] [--odds-only]`
//! (default 120 games per mix and player count; everything runs on every core; about an
//! hour on two, ten minutes with `--odds-only`, which keeps the shipped choices and only
//! plays the games). Run it when `shipped_tables_match_the_engine` or
//! `shipped_choices_match_the_engine` fails.
use dungeon_bots::{
    BotKind, Params, SHIPPED_MIXES, endings, forget_figures, forget_shipped_choices, play_game,
    save_choices, save_figures, seat_seed,
};
use dungeon_engine::{Engine, GameOptions};
use std::path::Path;

#[path = "../benches/support/mod.rs"]
mod support;
use support::catalog;

/// Seeds of the games played (clear of the tests' and the bench's).
const FIRST_SEED: u64 = 500_000;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let odds_only = args.iter().any(|a| a == "--odds-only");
    let games: u64 = args.iter().find_map(|a| a.parse().ok()).unwrap_or(120);
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tables");
    // SAFETY: set before any other thread starts: the tables live in memory only until saved.
    unsafe { std::env::set_var("DUNGEON_CACHE_DIR", "") };
    if !odds_only {
        // The shipped choices may be stale: work every one out again.
        forget_shipped_choices();
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    if !odds_only {
        for packs in SHIPPED_MIXES {
            for players in 2..=4u8 {
                value_adventurers(packs, players, threads);
            }
        }
    }
    // Only the games' figures are shipped (see the top).
    forget_figures();
    for packs in SHIPPED_MIXES {
        for players in 2..=4u8 {
            play_games(packs, players, games, threads);
        }
    }
    if let Ok(old) = std::fs::read_dir(&out) {
        for f in old.flatten() {
            if f.path().to_string_lossy().ends_with(".odds.gz") {
                std::fs::remove_file(f.path()).expect("an old table removed");
            }
        }
    }
    let n = save_figures(&out).expect("tables written");
    compress_tables(&out);
    println!("{n} odds tables written to {}", out.display());
    if !odds_only {
        let c = save_choices(&out.join("choices.bin")).expect("choices written");
        println!("{c} choice figures written to {}", out.display());
    }
}

/// Replaces each `.odds` file in `dir` by its `.odds.gz` (what `build.rs` embeds).
fn compress_tables(dir: &Path) {
    use flate2::{Compression, write::GzEncoder};
    use std::io::Write;
    for f in std::fs::read_dir(dir).expect("the tables folder").flatten() {
        let path = f.path();
        if path.extension().is_none_or(|e| e != "odds") {
            continue;
        }
        let bytes = std::fs::read(&path).expect("a table read");
        let mut gz = GzEncoder::new(Vec::new(), Compression::best());
        gz.write_all(&bytes).expect("compressed");
        let mut name = path.clone().into_os_string();
        name.push(".gz");
        std::fs::write(name, gz.finish().expect("compressed")).expect("a table written");
        std::fs::remove_file(&path).expect("the uncompressed table removed");
    }
}

/// Works out how rounds go with each adventurer at every standings of `players` seats.
fn value_adventurers(packs: &[&str], players: u8, threads: u64) {
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
}

/// Plays `games` games of `players` seats, mostly `normal` bots, filling the odds tables.
fn play_games(packs: &[&str], players: u8, games: u64, threads: u64) {
    let started = std::time::Instant::now();
    std::thread::scope(|scope| {
        for t in 0..threads {
            scope.spawn(move || {
                let mut engine = Engine::new(catalog(packs)).expect("engine");
                for g in (t..games).step_by(threads as usize) {
                    let seed = FIRST_SEED + g;
                    // One seat in six a hard bot: its playouts meet the figures the
                    // search needs.
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
