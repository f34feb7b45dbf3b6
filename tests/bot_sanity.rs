//! The bots play games that look like games (the goals of `dungeon sim`'s "Does this look
//! like a game?" section, `cli/src/sim/sanity.rs`): in self-play of the `normal` bot at 2,
//! 3 and 4 players, the first player in turn order wins at most 1/N + 20 points, bidders
//! set at least one tile aside a round on average, and runs end both ways (each at least
//! one run in ten). The bot before this one failed all of it: its first player won every
//! 3-player game, no tile was ever set aside and no run failed.
//!
//! The studies are small (the games are seeded, so the figures are the same every time)
//! and their figures are printed; `dungeon sim` measures them at scale.

use dungeon_bots::{BotKind, play_game};
use dungeon_engine::event::Event;
use dungeon_engine::{Engine, GameOptions};
use dungeon_tests::{bots, engine};

/// What a study measured.
#[derive(Debug, Default)]
struct Measures {
    games: u32,
    first_player_wins: u32,
    rounds: u32,
    set_aside: u32,
    successes: u32,
}

impl Measures {
    fn first_player_share(&self) -> f64 {
        f64::from(self.first_player_wins) / f64::from(self.games)
    }
    fn set_aside_per_round(&self) -> f64 {
        f64::from(self.set_aside) / f64::from(self.rounds)
    }
    fn success_share(&self) -> f64 {
        f64::from(self.successes) / f64::from(self.rounds)
    }
}

/// `games` games of `kind` bots at `players`, seeds from `seed`.
fn study(engine: &mut Engine, kind: BotKind, players: u8, games: u64, seed: u64) -> Measures {
    let mut m = Measures::default();
    for g in 0..games {
        let seed = seed + g;
        let options = GameOptions {
            players,
            ..GameOptions::default()
        };
        let mut seats = bots(&[kind], seed, players);
        let mut events = Vec::new();
        let end = play_game(
            engine,
            options,
            seed,
            &mut seats,
            &mut events,
            |_, _| Ok(()),
        )
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        m.games += 1;
        for e in &events {
            match e {
                Event::GameStarted { first, .. } => {
                    m.first_player_wins += u32::from(end.winner == Some(*first));
                }
                Event::SetAside { .. } => m.set_aside += 1,
                Event::Success { .. } => {
                    m.rounds += 1;
                    m.successes += 1;
                }
                Event::Failure { .. } => m.rounds += 1,
                _ => {}
            }
        }
    }
    m
}

fn assert_a_game(packs: &[&str], players: u8, m: &Measures) {
    eprintln!("{packs:?} {players} players: {m:?}");
    let most = 1.0 / f64::from(players) + 0.2;
    assert!(
        m.first_player_share() <= most,
        "{packs:?}, {players} players: the first player wins {:.0}% (at most {:.0}%)",
        100.0 * m.first_player_share(),
        100.0 * most
    );
    assert!(
        m.set_aside_per_round() >= 1.0,
        "{packs:?}, {players} players: {:.2} tiles set aside a round (at least 1)",
        m.set_aside_per_round()
    );
    let s = m.success_share();
    assert!(
        (0.1..=0.9).contains(&s),
        "{packs:?}, {players} players: {:.0}% of runs succeed (each way at least 10%)",
        100.0 * s
    );
}

#[test]
fn normal_bots_play_a_game_at_every_table_size() {
    let mut engine = engine(&["base"]);
    for (players, games) in [(2, 80), (3, 60), (4, 40)] {
        let m = study(&mut engine, BotKind::Rules, players, games, 9_000);
        assert_a_game(&["base"], players, &m);
    }
}

#[test]
fn normal_bots_play_a_game_with_both_boxes() {
    let mut engine = engine(&["base", "sequel"]);
    for (players, games) in [(2, 40), (3, 30)] {
        let m = study(&mut engine, BotKind::Rules, players, games, 9_500);
        assert_a_game(&["base", "sequel"], players, &m);
    }
}
