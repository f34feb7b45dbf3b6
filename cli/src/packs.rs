//! The packs the command line knows: the ones built into the binary, plus any given with
//! `--pack PATH` (which override a built-in pack of the same id).

use dungeon_engine::catalog::{Catalog, Diagnostics, DiskFiles, MemoryFiles, PackLibrary};
use std::sync::Arc;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
}

/// The built-in pack files.
pub fn builtin_files() -> MemoryFiles {
    let mut files = MemoryFiles::new();
    for (path, text) in embedded::FILES {
        files.insert(path, *text);
    }
    files
}

/// Ids of the built-in packs a game uses by default.
pub const DEFAULT_PACKS: &str = "base";

/// Whether an embedded file is a built-in pack manifest: `cards/*.toml` and the example
/// expansions, `cards/examples/*.toml`.
fn is_builtin_pack(path: &str) -> bool {
    let Some(name) = path
        .strip_prefix("cards/examples/")
        .or_else(|| path.strip_prefix("cards/"))
    else {
        return false;
    };
    name.ends_with(".toml") && !name.contains('/')
}

/// Every built-in pack and the packs at `extra` paths.
pub fn library(extra: &[String]) -> Result<PackLibrary, Diagnostics> {
    let mut lib = PackLibrary::new();
    let files = builtin_files();
    let builtin: Vec<String> = files
        .paths()
        .filter(|p| is_builtin_pack(p))
        .map(str::to_string)
        .collect();
    for path in builtin {
        lib.load(&files, &path)?;
    }
    for path in extra {
        lib.load(&DiskFiles, path)?;
    }
    Ok(lib)
}

/// The catalog for a comma-separated list of pack ids; warnings go to stderr.
pub fn catalog(lib: &PackLibrary, packs: &str) -> Result<Arc<Catalog>, Diagnostics> {
    let ids: Vec<&str> = packs
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    let (catalog, warnings) = lib.catalog(&ids)?;
    for w in &warnings.0 {
        eprintln!("{w}");
    }
    Ok(Arc::new(catalog))
}
