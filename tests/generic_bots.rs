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

use dungeon_bots::{BotKind, play_game};
use dungeon_engine::catalog::DiskFiles;
use dungeon_engine::event::Event;
use dungeon_engine::options::FirstAdventurer;
use dungeon_engine::{Engine, GameOptions, Rules};
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

/// A pack (written to a scratch folder) whose only adventurer carries an Abacus: at every
/// reveal its hook counts to `count` (under a call's step budget in play, so legal)
/// before defeating a monster of strength 1.
fn abacus(count: u32) -> Engine {
    let dir = std::env::temp_dir().join(format!("dungeon-abacus-{}-{count}", std::process::id()));
    std::fs::create_dir_all(dir.join("scripts")).unwrap();
    std::fs::write(
        dir.join("scripts/abacus.lua"),
        format!("return {{ on_reveal = function(ctx, m)\n  local n = 0\n  for i = 1, {count} do n = n + i end\n  if m.strength <= 1 then ctx.defeat() end\nend }}\n"),
    )
    .unwrap();
    let manifest = dir.join("abacus.toml");
    std::fs::write(
        &manifest,
        "[pack]\nid = \"abacus\"\nversion = \"0.1.0\"\nengine_api = 1\nlanguages = [\"en\"]\n\
         scripts = \"scripts\"\nname = { en = \"Abacus\" }\n\n\
         [[monster]]\nid = \"imp\"\nstrength = 1\ncopies = 5\nname = { en = \"Imp\" }\n\n\
         [[monster]]\nid = \"ogre\"\nstrength = 4\ncopies = 4\nname = { en = \"Ogre\" }\n\n\
         [[monster]]\nid = \"wyrm\"\nstrength = 7\ncopies = 3\nname = { en = \"Wyrm\" }\n\n\
         [[adventurer]]\nid = \"clerk\"\nhp = 4\nequipment = [\"abacus\", \"shield\"]\nname = { en = \"Clerk\" }\n\n\
         [[equipment]]\nid = \"abacus\"\nscript = \"abacus.lua\"\nname = { en = \"Abacus\" }\n\n\
         [[equipment]]\nid = \"shield\"\nhp = 3\nname = { en = \"Shield\" }\n",
    )
    .unwrap();
    let mut lib = library();
    lib.load_in(
        &DiskFiles,
        &dir.to_string_lossy(),
        &manifest.to_string_lossy(),
    )
    .unwrap_or_else(|d| panic!("{d}"));
    let (catalog, _) = lib.catalog(&["abacus"]).unwrap_or_else(|d| panic!("{d}"));
    let _ = std::fs::remove_dir_all(&dir);
    Engine::new(Arc::new(catalog)).unwrap_or_else(|d| panic!("{d}"))
}

/// The events of a game of `kinds` on `engine`, its decisions, and the steps its hooks took.
fn heavy_game(engine: &mut Engine, kinds: &[BotKind], seed: u64) -> (Vec<Event>, u64, u64) {
    let before = engine.hooks_steps_spent();
    let options = GameOptions {
        players: kinds.len() as u8,
        ..GameOptions::default()
    };
    let mut seats = bots(kinds, seed, kinds.len() as u8);
    let mut events = Vec::new();
    let mut decisions = 0u64;
    play_game(engine, options, seed, &mut seats, &mut events, |_, _| {
        decisions += 1;
        Ok(())
    })
    .unwrap_or_else(|e| panic!("{kinds:?}: {e}"));
    (events, decisions, engine.hooks_steps_spent() - before)
}

/// A hook that stays under its step budget but is heavy made one game of two `normal`
/// bots take 2.4G Luau steps (21 decisions: past 20 s in a release build): the bots'
/// searches run hooks thousands of times. In analysis a call now stops at
/// `ANALYSIS_STEP_BUDGET` and what was being worked out gives way (samples, a dungeon
/// left out, a figure counting it lost). The game's steps are those of play and a few
/// million a decision; and, steps being counted per call, the game is the same on a fresh
/// engine as after other games (whatever the caches hold).
#[test]
fn bots_facing_heavy_hooks_think_within_their_work() {
    const COUNT: u32 = 1_500_000;
    for kinds in [
        [BotKind::Rules, BotKind::Rules],
        [BotKind::Novice, BotKind::Rules],
        [BotKind::Ismcts(100), BotKind::Rules],
    ] {
        let mut engine = abacus(COUNT);
        let (events, decisions, spent) = heavy_game(&mut engine, &kinds, 3);
        let reveals = events
            .iter()
            .filter(|e| matches!(e, Event::Revealed { .. }))
            .count() as u64;
        // Measured: 26M steps for the normal bots' 21 decisions with no figure on disk, 37M
        // for the hard bot's 13.
        let most = decisions * 10_000_000 + reveals * (u64::from(COUNT) + 100);
        assert!(
            spent <= most,
            "{kinds:?}: {spent} steps for {decisions} decisions, {reveals} reveals (at most {most})"
        );
        heavy_game(&mut engine, &kinds, 4);
        let (again, ..) = heavy_game(&mut engine, &kinds, 3);
        assert!(
            again == events,
            "{kinds:?}: the game went otherwise after another one"
        );
        // The figures the bots worked out forgotten (those on disk stay): the same game.
        dungeon_bots::forget_figures();
        let (cold, ..) = heavy_game(&mut abacus(COUNT), &kinds, 3);
        assert!(
            cold == events,
            "{kinds:?}: the game went otherwise on a fresh engine"
        );
    }
}
