//! The packs the command line knows: the ones built into the binary, plus any given with
//! `--pack PATH` (which override a built-in pack of the same id).
//!
//! A pack's files must lie in its folder: for a `--pack`, the manifest's own folder, or
//! the one `--pack-root DIR` gives; the built-in packs are rooted at the embedded tree
//! (this repository's layout: `cards/`, `scripts/`).

use crate::text::tr;
use dungeon_engine::Engine;
use dungeon_engine::catalog::{Catalog, Diagnostics, DiskFiles, MemoryFiles, PackLibrary};
use dungeon_engine::lang::Lang;
use dungeon_engine::printable::escape_line;
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

/// Whether a pack was loaded from the binary's own built-in files.
pub fn is_builtin(manifest_path: &str) -> bool {
    is_builtin_pack(manifest_path) && embedded::FILES.iter().any(|(p, _)| *p == manifest_path)
}

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

/// Why packs cannot be used, in `lang`: our sentence, then the packs' problems as the
/// engine reports them to their authors (file, line, what is wrong).
pub fn unusable(lang: Lang, problems: &Diagnostics) -> String {
    format!("{}\n{problems}", tr(lang, "error-packs", &[]))
}

/// Every built-in pack and the packs at `extra` paths, whose files lie in `root` (`None`:
/// each in its manifest's folder).
pub fn library(lang: Lang, extra: &[String], root: Option<&str>) -> Result<PackLibrary, String> {
    load_library(extra, root).map_err(|d| unusable(lang, &d))
}

fn load_library(extra: &[String], root: Option<&str>) -> Result<PackLibrary, Diagnostics> {
    let mut lib = PackLibrary::new();
    let files = builtin_files();
    let builtin: Vec<String> = files
        .paths()
        .filter(|p| is_builtin_pack(p))
        .map(str::to_string)
        .collect();
    for path in builtin {
        lib.load_in(&files, "", &path)?;
    }
    for path in extra {
        match root {
            Some(root) => lib.load_in(&DiskFiles, root, path)?,
            None => lib.load(&DiskFiles, path)?,
        };
    }
    Ok(lib)
}

/// The catalog for a comma-separated list of pack ids; warnings go to stderr.
pub fn catalog(lang: Lang, lib: &PackLibrary, packs: &str) -> Result<Arc<Catalog>, String> {
    let ids: Vec<&str> = packs
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    if let Some(unknown) = ids.iter().find(|id| lib.get(id).is_none()) {
        let known: Vec<&str> = lib.ids().collect();
        let args = [
            ("pack", escape_line(unknown).into_owned().into()),
            ("known", known.join(", ").into()),
        ];
        return Err(tr(lang, "error-unknown-pack", &args));
    }
    let (catalog, warnings) = lib.catalog(&ids).map_err(|d| unusable(lang, &d))?;
    for w in &warnings.0 {
        eprintln!("{w}");
    }
    Ok(Arc::new(catalog))
}

/// An engine for `catalog` (its card scripts compiled), or why the packs cannot be used.
pub fn engine(lang: Lang, catalog: &Arc<Catalog>) -> Result<Engine, String> {
    Engine::new(catalog.clone()).map_err(|d| unusable(lang, &d))
}

/// `id` names no adventurer of `catalog`: the message, with the ids there are.
pub fn unknown_adventurer(lang: Lang, catalog: &Catalog, id: &str) -> String {
    let known: Vec<&str> = catalog
        .adventurers
        .iter()
        .map(|a| a.info.id.as_str())
        .collect();
    let args = [
        ("id", escape_line(id).into_owned().into()),
        ("known", known.join(", ").into()),
    ];
    tr(lang, "error-unknown-adventurer", &args)
}
