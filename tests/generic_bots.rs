//! The bots know no card by name: given a pack they have never seen, they work out from
//! play which tiles help a runner and which hurt one. `tests/packs/gambit` gives the
//! Gambler a kit with a curse in it (Bad Omen: -3 HP and nothing else) beside tools that
//! need judgement (Loaded Dice throw a monster back for the top of the deck; a Lucky Charm
//! defeats the first monster, whatever it is), and offers a Jester whose kit is only for
//! show. No line of the bots' code changed for it.
//!
//! What playing it sensibly means here:
//! - the games look like games (the sanity goals of `dungeon sim`), the Gambler's rounds
//!   played through with every one of his tiles in play;
//! - the Jester, whose six tiles do nothing, is rarely picked by the player who will most
//!   likely run him (at two players, the one who picks starts, and runs most rounds).
//!
//! (What the bots do not learn here: that a runner-to-be should give the curse up first.
//! Their bidding weighs a tile by how the round's likely endings move, and with the runner
//! still open that is close to even for every tile: see docs/bots.md.)

use dungeon_engine::bot::{BotKind, play_game};
use dungeon_engine::catalog::DiskFiles;
use dungeon_engine::event::Event;
use dungeon_engine::options::FirstAdventurer;
use dungeon_engine::{Engine, GameOptions};
use dungeon_tests::{bots, library, root};
use std::sync::Arc;

fn gambit() -> Engine {
    let mut lib = library();
    let dir = root().join("tests/packs/gambit");
    lib.load_in(
        &DiskFiles,
        &dir.to_string_lossy(),
        &dir.join("gambit.toml").to_string_lossy(),
    )
    .unwrap_or_else(|d| panic!("{d}"));
    let (catalog, _) = lib
        .catalog(&["base", "gambit"])
        .unwrap_or_else(|d| panic!("{d}"));
    Engine::new(Arc::new(catalog)).unwrap_or_else(|d| panic!("{d}"))
}

#[derive(Debug, Default)]
struct Counts {
    games: u32,
    first_player_wins: u32,
    rounds: u32,
    successes: u32,
    /// Rounds played with the Gambler, and how often each of his tiles was set aside.
    gambler_rounds: u32,
    set_aside: std::collections::BTreeMap<String, u32>,
    /// Adventurers chosen by a player (the first round's is set by the test).
    choices: u32,
    jester_choices: u32,
}

#[test]
fn bots_learn_an_unseen_pack() {
    let mut engine = gambit();
    let catalog = engine.catalog().clone();
    let gambler = catalog.find_adventurer("gambler").expect("the Gambler");
    let jester = catalog.find_adventurer("jester").expect("the Jester");
    let mut c = Counts::default();
    for (players, games) in [(2u8, 60u64), (3, 40)] {
        for g in 0..games {
            let seed = 12_000 + 100 * u64::from(players) + g;
            // The first round is the Gambler's; later ones whatever the bots choose.
            let options = GameOptions {
                players,
                first_adventurer: FirstAdventurer::Named("gambler".into()),
                ..GameOptions::default()
            };
            let mut seats = bots(&[BotKind::Rules], seed, players);
            let mut events = Vec::new();
            let end = play_game(
                &mut engine,
                options,
                seed,
                &mut seats,
                &mut events,
                |_, _| Ok(()),
            )
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            c.games += 1;
            let mut adventurer = None;
            for e in &events {
                match e {
                    Event::GameStarted { first, .. } => {
                        c.first_player_wins += u32::from(end.winner == Some(*first));
                    }
                    Event::AdventurerChosen {
                        seat: Some(_),
                        adventurer: a,
                    } => {
                        c.choices += 1;
                        c.jester_choices += u32::from(*a == jester && players == 2);
                    }
                    Event::RoundStarted { adventurer: a, .. } => {
                        adventurer = Some(*a);
                        c.gambler_rounds += u32::from(*a == gambler);
                    }
                    Event::SetAside { tile, .. } if adventurer == Some(gambler) => {
                        let id = catalog.tile(*tile).info.id.clone();
                        *c.set_aside.entry(id).or_default() += 1;
                    }
                    Event::Success { .. } => {
                        c.rounds += 1;
                        c.successes += 1;
                    }
                    Event::Failure { .. } => c.rounds += 1,
                    _ => {}
                }
            }
        }
    }
    eprintln!("{c:?}");
    let share = |part: u32, whole: u32| f64::from(part) / f64::from(whole.max(1));
    // Games, not a procession.
    let success = share(c.successes, c.rounds);
    assert!(
        (0.1..=0.9).contains(&success),
        "{:.0}% of runs succeed",
        100.0 * success
    );
    assert!(
        share(c.first_player_wins, c.games) <= 0.65,
        "the first player wins {:.0}%",
        100.0 * share(c.first_player_wins, c.games)
    );
    // The Gambler's rounds were played through, every tile of his in play.
    assert!(c.gambler_rounds >= 40, "{c:?}");
    assert_eq!(
        c.set_aside.len(),
        6,
        "every tile of the Gambler is set aside at times: {c:?}"
    );
    // At two players the one who picks the adventurer starts the round and runs it more
    // often than not: the Jester, whose kit does nothing, is a poor pick for them.
    assert!(c.choices >= 40, "{c:?}");
    assert!(
        share(c.jester_choices, c.choices) < 0.15,
        "the Jester was chosen {} times of {}",
        c.jester_choices,
        c.choices
    );
}
