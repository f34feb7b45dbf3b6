//! Shared helpers for the cross-crate tests: the repository's packs, loaded from disk.

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

/// Every top-level pack under `cards/`.
pub fn library() -> PackLibrary {
    let mut lib = PackLibrary::new();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root().join("cards"))
        .expect("cards/ exists")
        .map(|e| e.expect("readable").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    paths.sort();
    for path in paths {
        lib.load(&DiskFiles, &path.to_string_lossy())
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
