//! Scripts that are one call to a prelude helper run natively (`engine/script/src/
//! native/`); these tests play the same games with them run natively and with every
//! hook interpreted by Luau, and require the same events, decisions and final states,
//! for every pack mix that uses the helpers, every choice of the rulings they read, both
//! damage models, and bots that answer the cards' questions at random or by the odds
//! (whose searches run the hooks in analysis mode).

use dungeon_bots::BotKind;
use dungeon_engine::catalog::DamageModel;
use dungeon_engine::options::GameOptions;
use dungeon_engine::{CardRef, Engine, TileId};
use dungeon_tests::{catalog, game_lines, varied_options};

/// Random games per pack mix, rulings and damage model.
const GAMES: u64 = 40;

fn engines(packs: &[&str]) -> (Engine, Engine) {
    let native = Engine::new(catalog(packs)).unwrap();
    let mut interpreted = Engine::new(catalog(packs)).unwrap();
    interpreted.hooks_mut().set_native_helpers(false);
    (native, interpreted)
}

/// Every combination of the catalog's rulings' choices, and of the two damage models.
fn option_sets(engine: &Engine) -> Vec<GameOptions> {
    let mut sets = vec![GameOptions::default()];
    for ruling in &engine.catalog().rulings {
        sets = sets
            .into_iter()
            .flat_map(|o| {
                ruling.choices.iter().map(move |c| {
                    let mut o = o.clone();
                    o.rulings.insert(ruling.id.clone(), c.id.clone());
                    o
                })
            })
            .collect();
    }
    sets.into_iter()
        .flat_map(|o| {
            [DamageModel::EndTotal, DamageModel::Running].map(|m| GameOptions {
                damage_model: Some(m),
                ..o.clone()
            })
        })
        .collect()
}

fn same_games(packs: &[&str], kinds: &[BotKind], games: u64) -> usize {
    let (mut native, mut interpreted) = engines(packs);
    let mut compared = 0;
    for (k, options) in option_sets(&native).into_iter().enumerate() {
        for i in 0..games {
            let players = 2 + (i % 3) as u8;
            let options = GameOptions {
                players,
                ..varied_options(players, i).with(&options)
            };
            let seed = 7_000 + 1_000 * k as u64 + i;
            let a = game_lines(&mut native, &options, seed, kinds);
            let b = game_lines(&mut interpreted, &options, seed, kinds);
            assert!(
                a == b,
                "packs {packs:?}, options {options:?}, seed {seed}: the game differs when the helpers run natively"
            );
            compared += 1;
        }
    }
    compared
}

trait With {
    fn with(self, o: &GameOptions) -> GameOptions;
}

impl With for GameOptions {
    /// These options with the rulings and damage model of `o`.
    fn with(self, o: &GameOptions) -> GameOptions {
        GameOptions {
            rulings: o.rulings.clone(),
            damage_model: o.damage_model,
            ..self
        }
    }
}

#[test]
fn base_games_are_the_same_run_natively_or_interpreted() {
    assert!(same_games(&["base"], &[BotKind::Random], GAMES) > 0);
}

#[test]
fn mixed_packs_games_are_the_same_run_natively_or_interpreted() {
    same_games(&["base", "sequel"], &[BotKind::Random], GAMES / 2);
    same_games(&["sequel"], &[BotKind::Random], GAMES / 4);
    same_games(&["base", "mandom"], &[BotKind::Random], GAMES / 4);
}

/// The `easy` bot searches as `normal` does (odds tables, exact odds for questions) but
/// picks the adventurer without playing rounds: with every ruling and damage model here,
/// `normal`'s first choices would play thousands of rounds each in a test build.
#[test]
fn games_of_bots_that_search_are_the_same_run_natively_or_interpreted() {
    same_games(&["base"], &[BotKind::Novice, BotKind::Random], 2);
}

#[test]
fn the_base_scripts_run_natively() {
    let (native, interpreted) = engines(&["base"]);
    let catalog = native.catalog().clone();
    let scripted: Vec<_> = (0..catalog.tiles.len())
        .map(|i| CardRef::Tile(TileId(i as u16)))
        .filter(|&c| !native.hooks().hooks_of(c).is_empty())
        .collect();
    assert_eq!(scripted.len(), 8, "the base pack's scripted tiles");
    for card in scripted {
        assert!(native.hooks().runs_natively(card), "{card:?}");
        assert!(!interpreted.hooks().runs_natively(card), "{card:?}");
    }
}

/// The Royal Sceptre is written out in full, not as a helper call, in a shape the host
/// knows (`Helper::DefeatsIfSpeciesFacedBefore`): it runs natively too.
#[test]
fn the_royal_sceptre_runs_natively() {
    let (native, interpreted) = engines(&["sequel"]);
    let sceptre = native
        .catalog()
        .find_tile("royal_sceptre")
        .expect("in the sequel");
    assert!(native.hooks().runs_natively(CardRef::Tile(sceptre)));
    assert!(!interpreted.hooks().runs_natively(CardRef::Tile(sceptre)));
}
