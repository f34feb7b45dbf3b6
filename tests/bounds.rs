//! No counter or id overflows, whatever the input: crafted states (a save someone edited)
//! keep their counters saturated instead of wrapping or panicking, and hand-built dungeon
//! setups and catalogs past the engine's bounds are refused with a message that says
//! what is wrong. (The engine is built with overflow checks in the test profile, so a
//! `+= 1` past the end would panic here.)

use dungeon_engine::action::Action;
use dungeon_engine::catalog::Catalog;
use dungeon_engine::hooks::NoHooks;
use dungeon_engine::ids::*;
use dungeon_engine::options::{FirstAdventurer, GameOptions};
use dungeon_engine::state::Phase;
use dungeon_engine::{DungeonSetup, Engine, EngineError, GameState};
use std::sync::Arc;

fn base() -> Catalog {
    let (catalog, _) = dungeon_tests::library()
        .catalog(&["base"])
        .unwrap_or_else(|d| panic!("{d}"));
    catalog
}

fn options(players: u8) -> GameOptions {
    GameOptions {
        players,
        first_adventurer: FirstAdventurer::Random,
        ..GameOptions::default()
    }
}

/// Plays the first legal action until `stop` holds or the game ends.
fn play_until(engine: &mut Engine, state: &mut GameState, stop: impl Fn(&GameState) -> bool) {
    let mut events = Vec::new();
    while !stop(state) {
        let Some(&action) = engine.legal_actions(state).first() else {
            return;
        };
        engine
            .apply(state, action, &mut events)
            .expect("a legal action");
    }
}

#[test]
fn crafted_counters_saturate_instead_of_wrapping() {
    let mut engine = dungeon_tests::engine(&["base"]);
    let mut events = Vec::new();
    let mut state = engine.new_game(options(3), 7, &mut events).unwrap();
    // Every counter at its largest value.
    state.round = u32::MAX;
    for p in state.players.iter_mut() {
        p.turns = u8::MAX;
        p.successes = u8::MAX;
        p.failures = u8::MAX;
    }
    // Bidding turns: drawing and placing a card ends a turn.
    assert!(matches!(state.phase, Phase::Bidding { .. }));
    engine.apply(&mut state, Action::Draw, &mut events).unwrap();
    engine
        .apply(&mut state, Action::AddToDungeon, &mut events)
        .unwrap();
    assert!(state.players.iter().all(|p| p.turns == u8::MAX));
    // A run's outcome: successes or failures one past the largest value.
    let runner_scored = |s: &GameState| s.phase == Phase::ChooseAdventurer || s.is_over();
    play_until(&mut engine, &mut state, runner_scored);
    assert!(
        state
            .players
            .iter()
            .all(|p| p.successes == u8::MAX && p.failures == u8::MAX)
    );
    // The next round (if the game went on): the round counter stays at its largest.
    play_until(&mut engine, &mut state, |s| {
        matches!(s.phase, Phase::Bidding { .. }) || s.is_over()
    });
    assert_eq!(state.round, u32::MAX);
    // And `invariants` refuses such a state, as loading a save does.
    let found = dungeon_engine::invariants::check(engine.catalog(), &state).unwrap_err();
    assert!(found.contains("successes"), "{found}");
}

#[test]
fn seats_count_round_the_table_from_any_seat() {
    let mut engine = dungeon_tests::engine(&["base"]);
    let state = engine.new_game(options(3), 1, &mut Vec::new()).unwrap();
    // A seat past the table, as a crafted state could hold: no overflow, only seats at it.
    for from in [2, 200, u8::MAX] {
        let seats: Vec<Seat> = state.seats_from(from).collect();
        assert_eq!(seats.len(), 3, "{seats:?}");
        assert!(seats.iter().all(|&s| s < 3), "{seats:?}");
    }
}

/// A base dungeon setup for seat 0 of 2: the warrior and all his tiles, against a goblin.
fn setup(catalog: &Catalog) -> DungeonSetup {
    let warrior = catalog.find_adventurer("warrior").unwrap();
    DungeonSetup {
        players: 2,
        runner: 0,
        successes: 0,
        failures: 0,
        adventurer: warrior,
        tiles: catalog.adventurer(warrior).tiles.clone(),
        dungeon: vec![catalog.find_monster("goblin").unwrap()],
        deck: Vec::new(),
        damage_model: None,
        seed: 0,
        card_by_card: false,
        rulings: Default::default(),
    }
}

#[test]
fn hand_built_dungeon_setups_out_of_bounds_are_refused() {
    let mut engine = dungeon_tests::engine(&["base"]);
    let catalog = engine.catalog().clone();
    let good = setup(&catalog);
    engine
        .dungeon(&good, &mut Vec::new())
        .expect("the untouched setup runs");
    let torch = catalog.find_tile("torch").unwrap();
    let goblin = catalog.find_monster("goblin").unwrap();
    let cases: Vec<(DungeonSetup, &str)> = vec![
        (
            DungeonSetup {
                players: 5,
                ..good.clone()
            },
            "a game needs 2 to 4 players, not 5",
        ),
        (
            DungeonSetup {
                runner: 2,
                ..good.clone()
            },
            "the runner is seat 2, but the table has 2 seats",
        ),
        (
            DungeonSetup {
                runner: u8::MAX,
                players: 4,
                ..good.clone()
            },
            "the runner is seat 255",
        ),
        (
            DungeonSetup {
                successes: 2,
                ..good.clone()
            },
            "the runner has 2 successes",
        ),
        (
            DungeonSetup {
                failures: u8::MAX,
                ..good.clone()
            },
            "and 255 failures",
        ),
        (
            DungeonSetup {
                adventurer: AdventurerId(u16::MAX),
                ..good.clone()
            },
            "adventurer #65535 is not in the packs",
        ),
        (
            DungeonSetup {
                tiles: vec![TileId(9_999)],
                ..good.clone()
            },
            "equipment tile #9999, which is not in the packs",
        ),
        (
            DungeonSetup {
                tiles: vec![torch, torch],
                ..good.clone()
            },
            "warrior carries torch twice",
        ),
        (
            DungeonSetup {
                tiles: vec![torch; 256],
                ..good.clone()
            },
            "warrior carries 256 equipment tiles: at most 255",
        ),
        (
            DungeonSetup {
                dungeon: vec![goblin; 200],
                deck: vec![goblin; 56],
                ..good.clone()
            },
            "256 monster cards (dungeon and deck): at most 255 fit",
        ),
        (
            DungeonSetup {
                deck: vec![MonsterId(u16::MAX)],
                ..good.clone()
            },
            "monster #65535 is not in the packs",
        ),
    ];
    for (setup, says) in cases {
        match engine.dungeon(&setup, &mut Vec::new()) {
            Err(EngineError::Setup(message)) => {
                assert!(message.contains(says), "{message} does not say {says}")
            }
            other => panic!("{says}: {other:?}"),
        }
    }
    // 255 cards is the most that fits: it runs.
    let full = DungeonSetup {
        dungeon: vec![goblin; 200],
        deck: vec![goblin; 55],
        ..good
    };
    engine
        .dungeon(&full, &mut Vec::new())
        .expect("255 cards fit");
}

/// `new_game` with a catalog edited past its bounds: a message, never a panic.
fn new_game_error(edit: impl Fn(&mut Catalog)) -> String {
    let mut catalog = base();
    edit(&mut catalog);
    let mut engine = Engine::with_hooks(Arc::new(catalog), NoHooks);
    match engine.new_game(options(2), 1, &mut Vec::new()) {
        Err(EngineError::Setup(message)) => message,
        other => panic!("{other:?}"),
    }
}

#[test]
fn hand_built_catalogs_out_of_bounds_are_refused() {
    type Edit = Box<dyn Fn(&mut Catalog)>;
    let cases: Vec<(Edit, &str)> = vec![
        (
            Box::new(|c| c.monsters.iter_mut().for_each(|m| m.copies = u8::MAX)),
            "monster cards: at most 255 fit in a game",
        ),
        (
            Box::new(|c| c.adventurers.clear()),
            "the packs define no adventurer",
        ),
        (
            Box::new(|c| c.adventurers[0].hp = i32::MAX),
            "enters with between 2147483647 and",
        ),
        (
            Box::new(|c| c.tiles.iter_mut().for_each(|t| t.hp = i32::MIN)),
            "HP must stay within 10000",
        ),
        (
            Box::new(|c| {
                let tile = c.adventurers[0].tiles[0];
                c.adventurers[0].tiles.push(tile);
            }),
            "twice",
        ),
        (
            Box::new(|c| {
                let more = c.monsters[0].clone();
                c.monsters.resize(usize::from(u16::MAX) + 1, more);
            }),
            "the packs define 65536 monsters: at most 65535 fit",
        ),
    ];
    for (edit, says) in cases {
        let message = new_game_error(edit);
        assert!(message.contains(says), "{message} does not say {says}");
    }
}

/// What loading a save relies on: `invariants` refuses a crafted state that the engine
/// could otherwise loop on or panic with.
#[test]
fn invariants_refuse_crafted_counters_and_places() {
    let mut engine = dungeon_tests::engine(&["base", "sequel"]);
    let mut events = Vec::new();
    let mut state = engine.new_game(options(3), 3, &mut events).unwrap();
    engine.apply(&mut state, Action::Draw, &mut events).unwrap();
    let catalog = engine.catalog().clone();
    dungeon_engine::invariants::check(&catalog, &state).expect("a real state passes");
    let regular = catalog.find_monster("goblin").unwrap();
    type Edit = Box<dyn Fn(&mut GameState)>;
    let cases: Vec<(&str, Edit)> = vec![
        ("5 successes", Box::new(|s| s.players[1].successes = 5)),
        ("3 failures", Box::new(|s| s.players[1].failures = 3)),
        (
            "2 failures but eliminated is false",
            Box::new(|s| s.players[1].failures = 2),
        ),
        (
            "a game has a winner exactly when it is over",
            Box::new(|s| s.winner = Some(1)),
        ),
        (
            "bids, but has passed or is out",
            Box::new(|s| s.players.iter_mut().for_each(|p| p.passed = true)),
        ),
        (
            "fewer than two players bidding",
            Box::new(|s| {
                let Phase::Bidding { turn, .. } = s.phase else {
                    unreachable!()
                };
                for (seat, p) in s.players.iter_mut().enumerate() {
                    p.passed = seat != usize::from(turn);
                }
            }),
        ),
        (
            "is in two places",
            Box::new(|s| {
                let tile = s.tiles[0];
                s.tiles.push(tile);
            }),
        ),
        (
            "is not one of",
            Box::new(move |s| {
                let adventurer = s.adventurer.unwrap();
                let other = (0..catalog.tiles.len() as u16)
                    .map(TileId)
                    .find(|t| !catalog.adventurer(adventurer).tiles.contains(t))
                    .unwrap();
                s.tiles.push(other);
            }),
        ),
        (
            "knows of a special monster the packs lack",
            Box::new(move |s| s.players[0].known_specials.push(regular)),
        ),
        (
            "a special monster seen by all",
            Box::new(|s| s.public_specials.push(MonsterId(u16::MAX))),
        ),
    ];
    for (says, edit) in cases {
        let mut crafted = state.clone();
        edit(&mut crafted);
        let found = dungeon_engine::invariants::check(engine.catalog(), &crafted).expect_err(says);
        assert!(found.contains(says), "{found} does not say {says}");
    }
}
