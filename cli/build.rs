//! Embeds the default packs (`cards/*.toml` and `scripts/**/*.lua`) in the binary, so
//! `dungeon play` works from any folder.

use std::fmt::Write;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, ext, out);
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let root = manifest.parent().unwrap().to_path_buf();
    let mut files = Vec::new();
    collect(&root.join("cards"), "toml", &mut files);
    collect(&root.join("scripts"), "lua", &mut files);
    files.sort();
    let mut code = String::from(
        "/// Default pack files, by path relative to the repository root.\npub static FILES: &[(&str, &str)] = &[\n",
    );
    for f in &files {
        let rel = f
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        writeln!(
            code,
            "    ({rel:?}, include_str!({:?})),",
            f.to_string_lossy()
        )
        .unwrap();
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("embedded.rs");
    std::fs::write(out, code).unwrap();
    println!("cargo:rerun-if-changed={}", root.join("cards").display());
    println!("cargo:rerun-if-changed={}", root.join("scripts").display());
}
