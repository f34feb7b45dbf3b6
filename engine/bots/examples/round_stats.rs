//! How rounds go between bots: how often the round's starter runs the dungeon, and how
//! often a run succeeds, by table size. IS-MCTS scores the end of a round with a model of
//! the rounds to come (`src/bot/ismcts/outlook.rs`) built on these two figures.
//!
//! `cargo run --release -p dungeon-bots --example round_stats [GAMES] [BOTS]` (default
//! 200 games at each of 2, 3 and 4 players; bots comma-separated, default `rules`, the last
//! filling the remaining seats; `PACKS=base,sequel` for other packs).
use dungeon_bots::{BotKind, play_game, seat_seed};
use dungeon_engine::Engine;

#[path = "../benches/support/mod.rs"]
mod support;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let kinds: Vec<BotKind> = args
        .next()
        .unwrap_or_else(|| "rules".into())
        .split(',')
        .map(|k| k.parse().expect("a bot kind"))
        .collect();
    let packs = std::env::var("PACKS").unwrap_or_else(|_| "base".into());
    let packs: Vec<&str> = packs.split(',').collect();
    let catalog = support::catalog(&packs);
    let mut engine = Engine::new(catalog).expect("engine");
    for players in 2..=4u8 {
        let (mut rounds, mut starter_ran, mut successes) = (0u64, 0u64, 0u64);
        for seed in 1..=games {
            let mut bots: Vec<_> = (0..players as usize)
                .map(|s| kinds[s.min(kinds.len() - 1)].create(seat_seed(seed, s)))
                .collect();
            let options = dungeon_engine::GameOptions {
                players,
                ..Default::default()
            };
            let mut events = Vec::new();
            let mut round = (0, 0, [0u8; 4]);
            let mut count = |starter: u8, runner: Option<u8>, before: &[u8; 4], after: &[u8; 4]| {
                let Some(runner) = runner else { return };
                rounds += 1;
                starter_ran += (runner == starter) as u64;
                successes += (after[runner as usize] > before[runner as usize]) as u64;
            };
            let end = play_game(
                &mut engine,
                options,
                seed,
                &mut bots,
                &mut events,
                |s, _| {
                    if s.round != round.0 {
                        if round.0 != 0 {
                            count(round.1, s.last_runner, &round.2, &successes_of(s));
                        }
                        round = (s.round, s.starter, successes_of(s));
                    }
                    Ok(())
                },
            )
            .expect("game");
            count(round.1, end.last_runner, &round.2, &successes_of(&end));
        }
        println!(
            "{players} players, {games} games, {rounds} rounds: the starter ran {:.3}, runs succeeded {:.3}",
            starter_ran as f64 / rounds as f64,
            successes as f64 / rounds as f64,
        );
    }
}

/// Each seat's successes (seats past the table's size at 0).
fn successes_of(state: &dungeon_engine::state::GameState) -> [u8; 4] {
    let mut successes = [0u8; 4];
    for (to, p) in successes.iter_mut().zip(&state.players) {
        *to = p.successes;
    }
    successes
}
