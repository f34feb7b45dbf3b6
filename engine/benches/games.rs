//! Full random-bot games per second with the base pack: `cargo bench -p dungeon-engine`.
//!
//! Figures are only meaningful as ratios within one run (the machines are noisy), so the
//! same games are also played with a hook runner that runs no script at all: the gap is
//! what the Lua hooks cost.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use dungeon_engine::bot::{BotKind, play_game};
use dungeon_engine::catalog::{DiskFiles, PackLibrary};
use dungeon_engine::hooks::{HookRunner, NoHooks};
use dungeon_engine::options::FirstAdventurer;
use dungeon_engine::{Catalog, Engine, GameOptions};
use std::hint::black_box;
use std::sync::Arc;

fn base() -> Arc<Catalog> {
    let mut lib = PackLibrary::new();
    lib.load(
        &DiskFiles,
        concat!(env!("CARGO_MANIFEST_DIR"), "/../cards/base.toml"),
    )
    .expect("base pack");
    Arc::new(lib.catalog(&["base"]).expect("catalog").0)
}

fn games<H: HookRunner>(engine: &mut Engine<H>, players: u8, seed: &mut u64) -> usize {
    *seed += 1;
    let options = GameOptions {
        players,
        first_adventurer: FirstAdventurer::Choose,
        ..GameOptions::default()
    };
    let mut bots: Vec<_> = (0..players)
        .map(|i| BotKind::Random.create(*seed * 7 + i as u64))
        .collect();
    let mut events = Vec::new();
    let state = play_game(
        engine,
        options,
        *seed,
        &mut bots,
        &mut events,
        |_, _| Ok(()),
    )
    .expect("game");
    black_box(state.winner);
    events.len()
}

fn bench(c: &mut Criterion) {
    let catalog = base();
    let mut group = c.benchmark_group("random games, base pack");
    group.throughput(Throughput::Elements(1));
    for players in [2u8, 4] {
        let mut lua = Engine::new(catalog.clone()).expect("engine");
        let mut seed = 0;
        group.bench_function(format!("{players} players, Lua hooks"), |b| {
            b.iter(|| games(&mut lua, players, &mut seed))
        });
        let mut native = Engine::with_hooks(catalog.clone(), NoHooks);
        let mut seed = 0;
        group.bench_function(format!("{players} players, no scripts (baseline)"), |b| {
            b.iter(|| games(&mut native, players, &mut seed))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
