//! Shared helpers for the cross-crate tests: the repository's packs, loaded from disk, and
//! the games the soak and replay tests play (the audit they run is `dungeon_audit`).

pub mod fuzz_support;

use dungeon_engine::Engine;
use dungeon_engine::catalog::{Catalog, DiskFiles, PackLibrary};
use std::path::PathBuf;
use std::sync::Arc;

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ is in the repository")
        .to_path_buf()
}

/// Every pack under `cards/` and `cards/examples/`, rooted at the repository (their
/// scripts and scenarios sit beside `cards/`).
pub fn library() -> PackLibrary {
    let mut lib = PackLibrary::new();
    let mut paths: Vec<PathBuf> = ["cards", "cards/examples"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(root().join(dir)).expect("pack folder exists"))
        .map(|e| e.expect("readable").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    paths.sort();
    let root = root();
    for path in paths {
        lib.load_in(&DiskFiles, &root.to_string_lossy(), &path.to_string_lossy())
            .unwrap_or_else(|d| panic!("{d}"));
    }
    lib
}

/// The catalog of these packs, from the repository's files.
pub fn catalog(packs: &[&str]) -> Arc<Catalog> {
    let (catalog, _) = library().catalog(packs).unwrap_or_else(|d| panic!("{d}"));
    Arc::new(catalog)
}

/// An engine for these packs.
pub fn engine(packs: &[&str]) -> Engine {
    Engine::new(catalog(packs)).unwrap_or_else(|d| panic!("{d}"))
}

/// An engine for the pack `p` written in memory: its manifest `p/p.toml` and its scripts
/// `p/scripts/NAME`, as (name, code).
pub fn engine_in_memory(manifest: &str, scripts: &[(&str, &str)]) -> Result<Engine, String> {
    let mut files = dungeon_engine::catalog::MemoryFiles::new();
    files.insert("p/p.toml", manifest.to_string());
    for (name, code) in scripts {
        files.insert(&format!("p/scripts/{name}"), code.to_string());
    }
    let mut lib = PackLibrary::new();
    lib.load(&files, "p/p.toml").map_err(|d| d.to_string())?;
    let (catalog, _) = lib.catalog(&["p"]).map_err(|d| d.to_string())?;
    Engine::new(Arc::new(catalog)).map_err(|d| d.to_string())
}

// --- Soak and replay helpers -----------------------------------------------------------

pub use dungeon_audit::{Audit, AuditFacts};
use dungeon_bots::{Bot, BotKind};
use dungeon_engine::options::{FirstAdventurer, GameOptions};

/// What the audit needs to know of an engine's packs (see `dungeon_audit`).
pub fn audit_facts(engine: &mut Engine) -> Arc<AuditFacts> {
    let catalog = engine.catalog().clone();
    Arc::new(AuditFacts::new(catalog, engine.hooks_mut()))
}

/// The options of the `i`-th game of a batch: every combination of the designer variant
/// and the two ways of picking the first adventurer comes round every four games.
pub fn varied_options(players: u8, i: u64) -> GameOptions {
    GameOptions {
        players,
        designer_variant: i % 2 == 1,
        first_adventurer: if (i / 2).is_multiple_of(2) {
            FirstAdventurer::Random
        } else {
            FirstAdventurer::Choose
        },
        ..GameOptions::default()
    }
}

/// The seed of the bot at `seat` in the game with this seed: different for every seat
/// and every game, reproducible from the game's seed alone. The same as `dungeon sim`
/// uses, so a game with the default options can be replayed from the command line.
pub fn bot_seed(game_seed: u64, seat: usize) -> u64 {
    dungeon_bots::seat_seed(game_seed, seat)
}

/// One bot per seat, of these kinds in turn, seeded from the game's seed.
pub fn bots(kinds: &[BotKind], game_seed: u64, players: u8) -> Vec<Box<dyn Bot>> {
    (0..players as usize)
        .map(|seat| kinds[seat % kinds.len()].create(bot_seed(game_seed, seat)))
        .collect()
}

/// A whole game of `kinds` bots (seat by seat, in turn) as lines: every event, every
/// decision, and how it ended. Two games are the same exactly when their lines are.
pub fn game_lines(
    engine: &mut Engine,
    options: &GameOptions,
    seed: u64,
    kinds: &[BotKind],
) -> Vec<String> {
    let mut bots = bots(kinds, seed, options.players);
    let (mut events, mut log) = (Vec::new(), Vec::<(u8, dungeon_engine::Action)>::new());
    let end = dungeon_bots::play_game_logged(
        engine,
        options.clone(),
        seed,
        &mut bots,
        &mut events,
        &mut log,
        |_, _| Ok(()),
    );
    let mut lines: Vec<String> = events.iter().map(|e| format!("{e:?}")).collect();
    lines.extend(log.iter().map(|d| format!("{d:?}")));
    lines.push(format!("{end:?}"));
    lines
}

/// One random bot per seat, seeded from the game's seed.
pub fn random_bots(game_seed: u64, players: u8) -> Vec<Box<dyn Bot>> {
    bots(&[BotKind::Random], game_seed, players)
}
