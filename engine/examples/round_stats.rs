//! How rounds go between bots: how often the round's starter runs the dungeon, and how
//! often a run succeeds, by table size. IS-MCTS scores the end of a round with a model of
//! the rounds to come (`src/bot/ismcts/outlook.rs`) built on these two figures.
//!
//! `cargo run --release -p dungeon-engine --example round_stats [GAMES] [BOTS]` (default
//! 200 games at each of 2, 3 and 4 players; bots comma-separated, default `rules`, the last
//! filling the remaining seats; `PACKS=base,sequel` for other packs).
use dungeon_engine::Engine;
use dungeon_engine::bot::{BotKind, play_game, seat_seed};

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
            let mut count = |starter: u8, runner: Option<u8>, before: &[u8; 4], after: &[u8]| {
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
                        let now: Vec<u8> = s.players.iter().map(|p| p.successes).collect();
                        if round.0 != 0 {
                            count(round.1, s.last_runner, &round.2, &now);
                        }
                        let mut at_start = [0u8; 4];
                        at_start[..now.len()].copy_from_slice(&now);
                        round = (s.round, s.starter, at_start);
                    }
                    Ok(())
                },
            )
            .expect("game");
            let now: Vec<u8> = end.players.iter().map(|p| p.successes).collect();
            count(round.1, end.last_runner, &round.2, &now);
        }
        println!(
            "{players} players, {games} games, {rounds} rounds: the starter ran {:.3}, runs succeeded {:.3}",
            starter_ran as f64 / rounds as f64,
            successes as f64 / rounds as f64,
        );
    }
}
