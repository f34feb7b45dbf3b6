//! The search bot against random play, seats alternated:
//! `cargo run --release -p dungeon-mazmorra --example ismcts_vs_random [GAMES] [ITERATIONS] [PLAYERS]`.
use dungeon_core::ismcts::{Search, against_random};
use dungeon_mazmorra::Mazmorra;
use dungeon_mazmorra::state::Options;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u32>().ok());
    let games = args.next().flatten().unwrap_or(100);
    let iterations = args.next().flatten().unwrap_or(200);
    let players = args.next().flatten().unwrap_or(2) as u8;
    let search = Search {
        iterations,
        ..Search::default()
    };
    let options = Options {
        players,
        ..Options::default()
    };
    let mut won = 0;
    let started = std::time::Instant::now();
    for g in 0..games {
        let searcher = (g % u32::from(players)) as u8;
        let mut rng = ChaCha8Rng::seed_from_u64(u64::from(g) + 1000);
        let outcome = against_random(
            &Mazmorra,
            &options,
            u64::from(g),
            searcher,
            search,
            &mut rng,
        )
        .expect("a game");
        won += u32::from(outcome.winners.contains(&searcher));
    }
    println!(
        "ismcts:{iterations} against random at {players}: won {won} of {games} ({:.1}%), {:.2} s a game",
        100.0 * f64::from(won) / f64::from(games),
        started.elapsed().as_secs_f64() / f64::from(games)
    );
}
