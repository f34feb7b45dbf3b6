//! Random Mazmorra games and how they ended: `cargo run --release -p dungeon-mazmorra
//! --example random_games [GAMES] [PLAYERS]`. A look at the game's shape before the lab
//! plays it (`dungeon sim --game mazmorra` is to come): how long games last, how many end
//! by an escape, a last survivor or the turn limit, and who wins by seat.
use dungeon_core::{Game, play_random};
use dungeon_mazmorra::Mazmorra;
use dungeon_mazmorra::state::Options;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let players: u8 = args.next().and_then(|a| a.parse().ok()).unwrap_or(2);
    let game = Mazmorra::default();
    let options = Options {
        players,
        ..Options::default()
    };
    let (mut escaped, mut survived, mut stopped, mut actions, mut turns) = (0, 0, 0, 0, 0u64);
    let mut by_seat = vec![0u64; usize::from(players)];
    let started = std::time::Instant::now();
    for seed in 0..games {
        let (end, played) = play_random(&game, &options, seed, 1_000_000).expect("a game");
        actions += played.len() as u64;
        turns += u64::from(end.turns);
        match game.outcome(&end).map(|o| o.winners) {
            Some(w) if w.is_empty() => stopped += 1,
            Some(w) => {
                by_seat[usize::from(w[0])] += 1;
                if end.prisoners.iter().filter(|p| p.alive).count() == 1
                    && players > 1
                    && end.prisoners.iter().any(|p| !p.alive)
                {
                    survived += 1;
                } else {
                    escaped += 1;
                }
            }
            None => unreachable!("play_random plays to the end"),
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{games} games of {players}: {:.0} games/s; {:.1} turns and {:.1} decisions a game; escaped {escaped}, last survivor {survived}, turn limit {stopped}; wins by seat {by_seat:?}",
        games as f64 / secs,
        turns as f64 / games as f64,
        actions as f64 / games as f64
    );
}
