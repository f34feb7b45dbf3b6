//! Whole games of rules bots against each other (2 players, base), a fixed number of them,
//! as the bench's `rules bot/…` lines and `dungeon sim --bots rules` play them: for
//! profilers, and to time a change against another build on one core:
//! `cargo run --release -p dungeon-bots --example rules_games [GAMES]`
//! (`NOSHARE=1`: each bot searches alone, the engine sharing no odds).

use dungeon_engine::Engine;
use std::hash::{Hash, Hasher};
use std::time::Instant;

#[path = "../benches/support/mod.rs"]
mod support;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let mut engine = Engine::new(support::catalog(&["base"])).expect("engine");
    engine.share_odds(std::env::var_os("NOSHARE").is_none());
    let start = Instant::now();
    let mut wins = [0u32; 2];
    // Every game's end state, to tell another build's games from these.
    let mut digest = std::hash::DefaultHasher::new();
    for seed in 1..=games {
        let state = support::rules_game(&mut engine, seed);
        serde_json::to_string(&state)
            .expect("a state")
            .hash(&mut digest);
        if let Some(w) = state.winner {
            wins[w as usize] += 1;
        }
    }
    let took = start.elapsed();
    println!(
        "{games} games in {took:.2?}: {:.2} games/s (wins {wins:?}, end states {:016x})",
        games as f64 / took.as_secs_f64(),
        digest.finish()
    );
}
