//! Where pack files come from: the disk, or a table of files embedded in a binary.
//! Paths are logical, `/`-separated; `..` and `.` are resolved lexically.

use std::collections::BTreeMap;

/// Read access to pack files (manifests and scripts).
pub trait FileSource: Send + Sync {
    /// The file's text, or why it could not be read.
    fn read(&self, path: &str) -> Result<String, String>;
}

/// Files on disk.
pub struct DiskFiles;

impl FileSource for DiskFiles {
    fn read(&self, path: &str) -> Result<String, String> {
        std::fs::read_to_string(path).map_err(|e| e.to_string())
    }
}

/// Files held in memory, e.g. the default packs compiled into the `dungeon` binary.
#[derive(Default, Clone)]
pub struct MemoryFiles {
    files: BTreeMap<String, String>,
}

impl MemoryFiles {
    pub fn new() -> MemoryFiles {
        MemoryFiles::default()
    }

    pub fn insert(&mut self, path: &str, text: impl Into<String>) {
        self.files.insert(normalize(path), text.into());
    }

    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.files.keys().map(String::as_str)
    }
}

impl FileSource for MemoryFiles {
    fn read(&self, path: &str) -> Result<String, String> {
        self.files
            .get(&normalize(path))
            .cloned()
            .ok_or_else(|| "no such file".to_string())
    }
}

/// The folder part of a path ("" for a bare file name).
pub fn parent(path: &str) -> &str {
    path.rfind('/').map_or("", |i| &path[..i])
}

/// `rel` resolved against folder `dir`.
pub fn join(dir: &str, rel: &str) -> String {
    if rel.starts_with('/') || dir.is_empty() {
        return normalize(rel);
    }
    normalize(&format!("{dir}/{rel}"))
}

/// Lexically resolves `.` and `..` and uses `/` separators.
pub fn normalize(path: &str) -> String {
    let path = path.replace('\\', "/");
    let absolute = path.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                if parts.last().is_some_and(|p| *p != "..") {
                    parts.pop();
                } else if !absolute {
                    parts.push("..");
                }
            }
            p => parts.push(p),
        }
    }
    let joined = parts.join("/");
    if absolute {
        format!("/{joined}")
    } else {
        joined
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_and_normalizes() {
        assert_eq!(join("cards", "../scripts/base"), "scripts/base");
        assert_eq!(join("", "cards/base.toml"), "cards/base.toml");
        assert_eq!(join("/a/b", "../c/./d.lua"), "/a/c/d.lua");
        assert_eq!(normalize("../x/../y"), "../y");
        assert_eq!(parent("cards/base.toml"), "cards");
        assert_eq!(parent("base.toml"), "");
    }
}
