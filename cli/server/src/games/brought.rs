//! A pack brought to a table by its creator (`create_table` with `pack`): hostile text
//! like everything a client sends. It is bounded (files, bytes, paths), checked as
//! `dungeon check` checks a pack (reading, scripts, catalogs, lint; its problems listed
//! when it fails), and played from a library of the table's own, so it touches no other
//! table. Its scripts run in the same sandbox, with the same limits, as the built-in ones.
//! The files are stored with the table, so a restart plays it again from them.

use super::Context;
use dungeon_engine::catalog::{Catalog, MemoryFiles};
use dungeon_engine::printable::{escape_line, truncate};
use dungeon_protocol::PackUpload;
use std::sync::Arc;

/// Text from a client quoted in an error: one line, short.
pub(crate) fn quoted(s: &str) -> String {
    escape_line(&truncate(s, 40)).into_owned()
}

/// Files one brought pack may have...
const MAX_FILES: usize = 64;
/// ...and bytes in all.
const MAX_BYTES: usize = 256 * 1024;
/// Problems listed when a pack is refused (the rest are counted).
const LISTED: usize = 12;
/// The folder a brought pack's files are read from (they may not leave it).
const ROOT: &str = "brought";

/// A brought pack's files, bounded and with plain relative paths, or why not.
fn files(upload: &PackUpload) -> Result<(MemoryFiles, String), String> {
    if upload.files.len() > MAX_FILES {
        return Err(format!(
            "a pack brought to a table has {MAX_FILES} files at most"
        ));
    }
    let bytes: usize = (upload.files.iter()).map(|(p, t)| p.len() + t.len()).sum();
    if bytes > MAX_BYTES {
        return Err(format!(
            "a pack brought to a table has {MAX_BYTES} bytes at most"
        ));
    }
    let plain = |path: &str| {
        !path.is_empty()
            && path.len() <= 200
            && !path.starts_with('/')
            && path
                .split('/')
                .all(|part| !part.is_empty() && part != "." && part != "..")
            && path
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "._-/".contains(c))
    };
    if let Some(bad) = upload.files.keys().find(|p| !plain(p)) {
        let bad = quoted(bad);
        return Err(format!(
            "a file of the pack has a path that is not plain: `{bad}`"
        ));
    }
    if !upload.files.contains_key(&upload.manifest) || !upload.manifest.ends_with(".toml") {
        return Err("the pack's manifest (a .toml file) is not among its files".into());
    }
    let mut memory = MemoryFiles::new();
    for (path, text) in &upload.files {
        memory.insert(&format!("{ROOT}/{path}"), text.as_str());
    }
    Ok((memory, format!("{ROOT}/{}", upload.manifest)))
}

/// The catalog of `packs` with the brought pack (checked), and the ids played.
pub(crate) fn catalog(
    context: &Context,
    mut packs: Vec<String>,
    upload: &PackUpload,
) -> Result<(Vec<String>, Arc<Catalog>), String> {
    let (memory, manifest) = files(upload)?;
    let mut library = (*context.library).clone();
    let report = dungeon_check::check_pack_from(&mut library, &memory, ROOT, &manifest, false);
    let problems: Vec<String> = (report.diagnostics.errors())
        // Each problem's first line: where and what (the source lines under it are for a
        // terminal).
        .map(|d| safe(d.to_string().lines().next().unwrap_or_default()))
        .collect();
    let Some(id) = report.pack.filter(|_| problems.is_empty()) else {
        let mut listed: Vec<String> = problems.iter().take(LISTED).cloned().collect();
        if problems.len() > LISTED {
            listed.push(format!("and {} more", problems.len() - LISTED));
        }
        if listed.is_empty() {
            listed.push("it cannot be read".into());
        }
        return Err(format!("the pack fails its check: {}", listed.join("; ")));
    };
    packs.retain(|p| *p != id);
    packs.push(id);
    let ids: Vec<&str> = packs.iter().map(String::as_str).collect();
    let (catalog, _warnings) = library
        .catalog(&ids)
        .map_err(|d| format!("the packs do not play together: {}", safe(&d.to_string())))?;
    Ok((packs, Arc::new(catalog)))
}

/// A problem as a client is told it: one line, bounded, escaped, paths as the pack has them.
fn safe(text: &str) -> String {
    let text = text.replace(&format!("{ROOT}/"), "");
    escape_line(&truncate(&text, 240)).into_owned()
}
