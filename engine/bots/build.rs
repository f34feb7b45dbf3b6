//! Embeds the bots' odds tables shipped for the built-in pack mixes (`engine/tables/*.odds.gz`,
//! made by `cargo run --release -p dungeon-bots --example ship_tables`), so that a first
//! start does not have to work them out (see `src/bot/figures.rs`).

use std::fmt::Write;
use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let dir = manifest.join("../tables");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.to_string_lossy().ends_with(".odds.gz"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut code = String::from(
        "/// Shipped odds tables: (table id, the gzip-compressed file).\npub(crate) static SHIPPED: &[(&str, &[u8])] = &[\n",
    );
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy();
        let id = name.trim_end_matches(".odds.gz");
        writeln!(
            code,
            "    ({id:?}, include_bytes!({:?})),",
            f.to_string_lossy()
        )
        .unwrap();
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("shipped_tables.rs");
    std::fs::write(out, code).unwrap();
    println!("cargo:rerun-if-changed={}", dir.display());
}
