//! The bench's Lua dungeon (`dungeon/…` in `benches/games.rs`) a fixed number of times, for
//! profilers that need a known count (callgrind's instructions per dungeon):
//! `cargo run --release -p dungeon-bots --example lua_dungeon [COUNT]` runs it with every
//! hook interpreted and prints the time per dungeon; `HELPERS=1` runs the helper calls
//! natively, as the host plays. For instructions per dungeon:
//! `valgrind --tool=callgrind --toggle-collect='lua_dungeon::run*' target/release/examples/lua_dungeon 2000`
//! and divide the total by COUNT + 200 (the warm-up runs are counted too).

use dungeon_engine::Engine;
use std::hint::black_box;
use std::time::Instant;

#[path = "../benches/support/mod.rs"]
mod support;
use support::dungeon::{dungeon_setup, run_dungeon};

/// Dungeons run before timing (caches warm, instances made).
const WARM_UP: usize = 200;

#[inline(never)]
fn run(
    engine: &mut Engine,
    setup: &dungeon_engine::DungeonSetup,
    events: &mut Vec<dungeon_engine::Event>,
) -> i32 {
    run_dungeon(engine, setup, events).run.hp
}

fn main() {
    let count: usize = std::env::args()
        .nth(1)
        .map_or(20_000, |n| n.parse().expect("COUNT: a whole number"));
    let catalog = support::catalog(&["base"]);
    let setup = dungeon_setup(&catalog);
    let mut engine = Engine::new(catalog).expect("engine");
    let helpers = std::env::var_os("HELPERS").is_some();
    engine.hooks_mut().set_native_helpers(helpers);
    let mut events = Vec::new();
    for _ in 0..WARM_UP {
        black_box(run(&mut engine, &setup, &mut events));
    }
    let started = Instant::now();
    for _ in 0..count {
        black_box(run(&mut engine, &setup, &mut events));
    }
    let each = started.elapsed().as_secs_f64() * 1e6 / count as f64;
    let how = if helpers {
        "helper calls native"
    } else {
        "every hook interpreted"
    };
    println!("{count} dungeons, {how}: {each:.2} us each");
}
