//! What the bench and the examples that measure bots share.

#[allow(dead_code)]
pub mod dungeon;

use dungeon_engine::Catalog;
use dungeon_engine::catalog::{DiskFiles, PackLibrary};
use std::sync::Arc;

/// The catalog of these packs, from the repository's files.
pub fn catalog(packs: &[&str]) -> Arc<Catalog> {
    let mut lib = PackLibrary::new();
    for pack in packs {
        let path = format!("{}/../../cards/{pack}.toml", env!("CARGO_MANIFEST_DIR"));
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
        lib.load_in(&DiskFiles, root, &path).expect("pack loads");
    }
    Arc::new(lib.catalog(packs).expect("catalog").0)
}

/// `count` positions of random-bot games with more than one legal action, from the games
/// of seeds `first_seed..`, taken where `pick(seed, move number)` says (the examples).
#[allow(dead_code)]
pub fn positions(
    engine: &mut dungeon_engine::Engine,
    players: u8,
    first_seed: u64,
    count: usize,
    pick: impl Fn(u64, u64) -> bool,
) -> Vec<dungeon_engine::state::GameState> {
    use dungeon_bots::{BotKind, seat_seed};
    let mut positions = Vec::new();
    for seed in first_seed.. {
        let mut bots: Vec<_> = (0..players as usize)
            .map(|s| BotKind::Random.create(seat_seed(seed, s)))
            .collect();
        let options = dungeon_engine::GameOptions {
            players,
            ..Default::default()
        };
        let mut events = Vec::new();
        let mut state = engine.new_game(options, seed, &mut events).expect("game");
        let mut n = 0u64;
        while let Some(seat) = state.current_seat() {
            let legal = state
                .pending
                .as_ref()
                .map_or(0, |d| d.legal_actions().len());
            if legal > 1 && pick(seed, n) {
                positions.push(state.clone());
                if positions.len() == count {
                    return positions;
                }
            }
            n += 1;
            let view = dungeon_engine::View::new(&state, seat);
            let a = bots[seat as usize].decide(engine, &view);
            engine.apply(&mut state, a, &mut events).expect("legal");
        }
    }
    unreachable!("endless seeds")
}

/// A whole game of rules bots against each other (2 players, base options), the bots
/// seeded from the game's seed: the bench's `rules bot/…` lines and `--example rules_games`.
#[allow(dead_code)]
pub fn rules_game(
    engine: &mut dungeon_engine::Engine,
    seed: u64,
) -> dungeon_engine::state::GameState {
    use dungeon_bots::{BotKind, play_game, seat_seed};
    let mut bots: Vec<_> = (0..2)
        .map(|seat| BotKind::Rules.create(seat_seed(seed, seat)))
        .collect();
    play_game(
        engine,
        dungeon_engine::GameOptions::default(),
        seed,
        &mut bots,
        &mut Vec::new(),
        |_, _| Ok(()),
    )
    .expect("game")
}
