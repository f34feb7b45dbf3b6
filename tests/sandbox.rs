//! The sandbox as a whole, beyond single attacks (`hostile.rs`): nothing a script can
//! reach is writable or has an open metatable; nothing a script saw survives a failed
//! call, analysis mode included; the same game comes out of processes with different
//! heaps; the compiler survives any source within the size limit; and the engine's HP
//! arithmetic cannot overflow whatever a hand-built state holds.

use dungeon_engine::catalog::{Catalog, DiskFiles, PackLibrary};
use dungeon_engine::dungeon::MemValue;
use dungeon_engine::{
    Action, Answer, DecisionKind, DungeonSetup, Engine, EngineError, GameState, Rules,
};
use std::process::Command;
use std::sync::Arc;

fn hostile_catalog() -> Arc<Catalog> {
    let mut lib = PackLibrary::new();
    let manifest = dungeon_tests::root().join("tests/packs/hostile/hostile.toml");
    lib.load(&DiskFiles, &manifest.to_string_lossy())
        .unwrap_or_else(|d| panic!("{d}"));
    let (catalog, _) = lib.catalog(&["hostile"]).unwrap_or_else(|d| panic!("{d}"));
    Arc::new(catalog)
}

fn engine() -> Engine {
    let mut engine = Engine::new(hostile_catalog()).unwrap_or_else(|d| panic!("{d}"));
    engine.hooks_mut().set_step_budget(1_000_000);
    engine
}

fn setup(
    engine: &Engine,
    tiles: &[&str],
    dungeon: &[&str],
    deck: &[&str],
    seed: u64,
) -> DungeonSetup {
    let cat = engine.catalog();
    DungeonSetup {
        players: 2,
        runner: 0,
        successes: 0,
        failures: 0,
        adventurer: cat.find_adventurer("knight").expect("knight"),
        tiles: tiles
            .iter()
            .map(|t| cat.find_tile(t).expect("tile"))
            .collect(),
        dungeon: dungeon
            .iter()
            .map(|m| cat.find_monster(m).expect("monster"))
            .collect(),
        deck: deck
            .iter()
            .map(|m| cat.find_monster(m).expect("monster"))
            .collect(),
        damage_model: None,
        seed,
        card_by_card: false,
        rulings: Default::default(),
    }
}

fn remembered<'a>(
    state: &'a GameState,
    engine: &Engine,
    tile: &str,
    key: &str,
) -> Option<&'a MemValue> {
    let tile = engine.catalog().find_tile(tile).expect("tile");
    state
        .run
        .memory
        .iter()
        .find(|m| m.owner == dungeon_engine::CardRef::Tile(tile) && &*m.key == key)
        .map(|m| &m.value)
}

/// Every table a script can reach without owning it (globals and their fields, the
/// libraries, `ctx`, `dungeon`, the monster, the faced monsters, the string metatable)
/// is read-only and shows no metatable: the auditor tile walks them all and counts.
#[test]
fn nothing_shared_is_writable_or_has_an_open_metatable() {
    let mut engine = engine();
    let s = setup(&engine, &["auditor"], &["imp", "ogre"], &[], 1);
    let state = engine
        .dungeon(&s, &mut Vec::new())
        .unwrap_or_else(|e| panic!("{e}"));
    let first = remembered(&state, &engine, "auditor", "first");
    assert_eq!(
        remembered(&state, &engine, "auditor", "writable"),
        Some(&MemValue::Int(0)),
        "first: {first:?}"
    );
    assert_eq!(
        remembered(&state, &engine, "auditor", "unlocked"),
        Some(&MemValue::Int(0)),
        "first: {first:?}"
    );
}

/// The issue's attack: a tile swaps the monster for the deck's top card, sees it, then
/// fails. With analysis on (as the odds search and the bots run it) and off, no later
/// operation, by that card or another, can find what it saw.
#[test]
fn nothing_a_failed_call_saw_survives_in_any_mode() {
    for analysis in [false, true] {
        let mut engine = engine();
        Rules::set_analysis(&mut engine, analysis);
        let s = setup(&engine, &["peek_and_fail"], &["imp"], &["wyrm"], 1);
        let Err(EngineError::Hook(e)) = engine.dungeon(&s, &mut Vec::new()) else {
            panic!("analysis {analysis}: the peek should fail")
        };
        assert_eq!(e.card, "peek_and_fail", "{e}");
        // The same card again, in a dungeon where it does not fail: had it kept what it
        // saw, it would remember it ("leak").
        let s = setup(&engine, &["peek_and_fail"], &["ogre"], &[], 2);
        let state = engine
            .dungeon(&s, &mut Vec::new())
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            remembered(&state, &engine, "peek_and_fail", "leak"),
            None,
            "analysis {analysis}: what the failed call saw survived"
        );
    }
}

/// The cards of the boxes hold no state: one instance of their hooks serves every
/// operation. Scripts that keep something in a local of theirs get fresh ones.
#[test]
fn stateless_cards_keep_one_instance_and_stateful_ones_do_not() {
    use dungeon_engine::CardRef;
    let catalog = dungeon_tests::catalog(&["base", "sequel"]);
    let host =
        dungeon_engine::script::ScriptHost::new(catalog.clone()).unwrap_or_else(|d| panic!("{d}"));
    let tiles = catalog
        .tiles
        .iter()
        .enumerate()
        .filter(|(_, t)| t.info.script.is_some());
    for (i, t) in tiles {
        let card = CardRef::Tile(dungeon_engine::TileId(i as u16));
        assert!(
            host.reuses_instance(card),
            "{} should be stateless",
            t.info.id
        );
    }
    let engine = engine();
    let cat = engine.catalog().clone();
    let host =
        dungeon_engine::script::ScriptHost::new(cat.clone()).unwrap_or_else(|d| panic!("{d}"));
    for stateful in ["counter", "peek_and_fail", "dice"] {
        let card = CardRef::Tile(cat.find_tile(stateful).expect("tile"));
        let keeps = host.reuses_instance(card);
        assert_eq!(keeps, stateful == "dice", "{stateful}");
    }
}

/// A run that reads HP and iterates tables in every way; printed as one line.
fn orderly_game(engine: &mut Engine, seed: u64) -> String {
    let s = setup(
        engine,
        &["orderly", "dice", "healer", "shield"],
        &["imp", "ogre", "wyrm"],
        &["imp"],
        seed,
    );
    let mut events = Vec::new();
    let state = engine
        .dungeon(&s, &mut events)
        .unwrap_or_else(|e| panic!("{e}"));
    let state = serde_json::to_string(&state).expect("state serialises");
    format!("{state} {events:?}")
}

const HEAP_NOISE: &str = "DUNGEON_TEST_HEAP_NOISE";

/// The child side of [`same_results_in_processes_with_different_heaps`]: shakes the heap
/// (Rust allocations kept alive, other games first on the same engine) and prints the run.
#[test]
fn orderly_run_in_a_shaken_heap() {
    let Some(noise) = std::env::var(HEAP_NOISE)
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
    else {
        return;
    };
    let kept: Vec<Vec<u8>> = (0..noise * 1000)
        .map(|i| vec![0u8; 16 + (i * 37) % 900])
        .collect();
    let mut engine = engine();
    for i in 0..noise {
        let s = setup(&engine, &["shaker"], &["imp"], &[], 1000 + i as u64);
        engine
            .dungeon(&s, &mut Vec::new())
            .unwrap_or_else(|e| panic!("{e}"));
        orderly_game(&mut engine, 2000 + i as u64);
    }
    println!("\nRUN {}", orderly_game(&mut engine, 7));
    drop(kept);
}

/// The same run, with the same seed, in processes whose heaps differ (different
/// allocations before, different games first) gives the same state and events.
#[test]
fn same_results_in_processes_with_different_heaps() {
    let exe = std::env::current_exe().expect("test binary");
    let runs: Vec<String> = [0usize, 1, 5, 23]
        .iter()
        .map(|noise| {
            let out = Command::new(&exe)
                .args([
                    "orderly_run_in_a_shaken_heap",
                    "--exact",
                    "--nocapture",
                    "--test-threads=1",
                ])
                .env(HEAP_NOISE, noise.to_string())
                .output()
                .expect("the test binary runs");
            let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
            assert!(
                out.status.success(),
                "{stdout}{}",
                String::from_utf8_lossy(&out.stderr)
            );
            stdout
                .lines()
                .find_map(|l| l.strip_prefix("RUN ").map(str::to_string))
                .unwrap_or_else(|| panic!("no run printed: {stdout}"))
        })
        .collect();
    for run in &runs[1..] {
        assert!(run == &runs[0], "runs differ:\n{}\n{}", runs[0], run);
    }
    // And in this process, on an engine that played other games first.
    let mut engine = engine();
    orderly_game(&mut engine, 3);
    assert_eq!(orderly_game(&mut engine, 7), runs[0]);
}

/// A pack of one tile whose script is `code`.
fn pack_with_script(code: &str) -> Result<Engine, String> {
    dungeon_tests::engine_in_memory(
        r#"
[pack]
id = "p"
version = "0.1.0"
engine_api = 1
languages = ["en"]
scripts = "scripts"
name = { en = "P" }

[[monster]]
id = "imp"
strength = 1
name = { en = "Imp" }

[[adventurer]]
id = "a"
hp = 3
equipment = ["t"]
name = { en = "A" }

[[equipment]]
id = "t"
script = "t.lua"
name = { en = "T" }
"#,
        &[("t.lua", code)],
    )
}

/// Sources within the size limit that push the compiler (deep nesting, huge literals,
/// many locals and constants, long chains) load or fail with a message; none crashes,
/// even when the pack is loaded on a thread with a small stack. Over the limit, the
/// source is refused before the compiler sees it.
#[test]
fn the_compiler_survives_any_source_within_the_limit() {
    let limit = dungeon_engine::catalog::limits::MAX_SCRIPT_BYTES as usize;
    let depth = 60_000;
    let mut sources: Vec<(&str, String)> = vec![
        (
            "parentheses",
            format!(
                "return {{ x = {}1{} }}",
                "(".repeat(depth),
                ")".repeat(depth)
            ),
        ),
        (
            "tables",
            format!(
                "return {{ x = {}{} }}",
                "{".repeat(depth),
                "}".repeat(depth)
            ),
        ),
        (
            "functions",
            format!(
                "{}return {{}}{}",
                "local function f() ".repeat(10_000),
                " end".repeat(10_000)
            ),
        ),
        (
            "ifs",
            format!(
                "{}return {{}}{}",
                "if true then ".repeat(12_000),
                " end".repeat(12_000)
            ),
        ),
        (
            "unary",
            format!("return {{ x = {}1 }}", "- ".repeat(100_000)),
        ),
        (
            "concat",
            format!("return {{ x = {}'a' }}", "'a' .. ".repeat(30_000)),
        ),
        (
            "sum",
            format!("return {{ x = {}1 }}", "1 + ".repeat(50_000)),
        ),
        (
            "fields",
            format!("local a = {{}} return {{ x = a{} }}", ".b".repeat(100_000)),
        ),
        (
            "calls",
            format!("return {{ x = f{} }}", "()".repeat(100_000)),
        ),
        (
            "string",
            format!("return {{ x = \"{}\" }}", "x".repeat(limit - 64)),
        ),
        (
            "locals",
            (0..10_000)
                .map(|i| format!("local v{i} = {i}\n"))
                .collect::<String>()
                + "return {}",
        ),
        (
            "constants",
            format!(
                "return {{ x = {{ {} }} }}",
                (0..30_000)
                    .map(|i| format!("{i}.5"))
                    .collect::<Vec<_>>()
                    .join(",")
            ),
        ),
        (
            "interpolation",
            format!(
                "return {{ x = {}1{} }}",
                "`{".repeat(20_000),
                "}`".repeat(20_000)
            ),
        ),
        (
            "loops",
            format!(
                "{}return {{}}",
                "for k in t do ".repeat(10_000) + &" end".repeat(10_000)
            ),
        ),
    ];
    for (_, code) in &sources {
        assert!(code.len() <= limit, "{} bytes", code.len());
    }
    sources.push(("too big", format!("return {{}} --{}", "x".repeat(limit))));
    for (name, code) in sources {
        // A small stack for the caller: the compiler runs on a thread of its own.
        let result = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || pack_with_script(&code).map(|_| ()))
            .expect("thread starts")
            .join()
            .unwrap_or_else(|_| panic!("{name}: loading panicked"));
        eprintln!(
            "{name} (peak RSS so far {} KiB): {:?}",
            peak_rss_kib(),
            result.as_ref().map_err(|e| e
                .lines()
                .next()
                .unwrap_or("")
                .chars()
                .take(160)
                .collect::<String>())
        );
        if name == "too big" {
            // Refused by the pack reader (which stops reading past the limit) before the
            // compiler's own check would see it.
            let e = result.expect_err("a script over the limit is refused");
            assert!(
                e.contains("at most 262144 (256 KiB)")
                    || e.contains("larger than the limit of 262144 bytes"),
                "{e}"
            );
        }
    }
}

/// The process's peak resident memory (Linux), to see what the compiler allocates.
fn peak_rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

/// Hand-built states with HP at the ends of the 32-bit range: damage, a tile leaving play
/// and HP changes saturate instead of wrapping (and never panic).
#[test]
fn hp_arithmetic_saturates_whatever_the_state_holds() {
    let mut engine = engine();
    // Paused on the lantern's question, before entering (ogre: 5 damage).
    let s = setup(&engine, &["lantern", "shield"], &["ogre"], &[], 1);
    let paused = engine
        .dungeon(&s, &mut Vec::new())
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(
        paused.pending.as_ref().map(|d| &d.kind),
        Some(DecisionKind::Question(_))
    ));
    for hp in [i32::MIN, i32::MIN + 1, -1, 0, 1, i32::MAX - 1, i32::MAX] {
        for answer in [Answer::Yes, Answer::No] {
            let mut state = paused.clone();
            state.run.hp = hp;
            state.run.start_hp = hp;
            let result = engine.apply(&mut state, Action::Answer(answer), &mut Vec::new());
            match result {
                Ok(()) => {
                    let expected = if answer == Answer::Yes {
                        hp.saturating_add(1)
                    } else {
                        hp
                    };
                    assert_eq!(
                        state.run.hp,
                        expected.saturating_sub(5),
                        "hp {hp} {answer:?}"
                    );
                }
                // The lantern's +1 beyond the limit is the script's error.
                Err(EngineError::Hook(e)) => {
                    assert!(e.message.contains("beyond the limit"), "{e}");
                }
                Err(other) => panic!("hp {hp}: {other}"),
            }
        }
    }
}
