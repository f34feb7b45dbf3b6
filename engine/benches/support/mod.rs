//! What the bench and the examples that measure bots share.

use dungeon_engine::Catalog;
use dungeon_engine::catalog::{DiskFiles, PackLibrary};
use std::sync::Arc;

/// The catalog of these packs, from the repository's files.
pub fn catalog(packs: &[&str]) -> Arc<Catalog> {
    let mut lib = PackLibrary::new();
    for pack in packs {
        let path = format!("{}/../cards/{pack}.toml", env!("CARGO_MANIFEST_DIR"));
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
        lib.load_in(&DiskFiles, root, &path).expect("pack loads");
    }
    Arc::new(lib.catalog(packs).expect("catalog").0)
}
