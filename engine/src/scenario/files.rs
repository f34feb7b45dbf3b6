//! Finding and reading scenario files. A search never follows a link to a folder (so a
//! loop of links cannot make it endless), goes at most [`MAX_SCENARIO_DEPTH`] folders deep,
//! looks at [`MAX_SCENARIO_ENTRIES`] entries and returns [`MAX_SCENARIO_FILES`] files at
//! most; a linked file is read only if it lies in the folder searched (or the pack's).
//! Files are read as pack files are: regular files only, at most [`MAX_SCENARIO_BYTES`].

use crate::catalog::limits::{
    MAX_SCENARIO_BYTES, MAX_SCENARIO_DEPTH, MAX_SCENARIO_ENTRIES, MAX_SCENARIO_FILES,
};
use crate::catalog::{ReadError, read_regular_file};
use std::fs;
use std::path::{Path, PathBuf};

/// Scenario files under `paths` (files as given, folders searched for `*.toml`), sorted.
/// A linked file found in a folder must lie in that folder.
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    collect_files_within(paths, None)
}

/// As [`collect_files`], and every file (links followed) must lie in folder `root`.
pub fn collect_files_within(
    paths: &[PathBuf],
    root: Option<&Path>,
) -> Result<Vec<PathBuf>, String> {
    let real_root = match root {
        Some(root) => Some(fs::canonicalize(root).map_err(|e| format!("{}: {e}", root.display()))?),
        None => None,
    };
    let mut search = Search {
        files: Vec::new(),
        entries: 0,
    };
    for path in paths {
        let shown = path.display();
        let meta = fs::metadata(path).map_err(|_| format!("{shown}: no such file or folder"))?;
        let real = fs::canonicalize(path).map_err(|e| format!("{shown}: {e}"))?;
        if let (Some(real_root), Some(root)) = (&real_root, root)
            && !real.starts_with(real_root)
        {
            return Err(format!(
                "{shown} is outside the pack's folder `{}`",
                root.display()
            ));
        }
        if meta.is_dir() {
            let inside = real_root.clone().unwrap_or(real);
            search.folder(path, &inside, 0)?;
        } else if meta.is_file() {
            search.files.push(path.clone());
        } else {
            return Err(format!("{shown}: not a regular file or folder"));
        }
    }
    let mut files = search.files;
    files.sort();
    files.dedup();
    Ok(files)
}

struct Search {
    files: Vec<PathBuf>,
    entries: usize,
}

impl Search {
    /// Adds the `*.toml` files under `dir`, which is `depth` folders below a given path;
    /// a linked file must lead inside `inside` (a canonical folder).
    fn folder(&mut self, dir: &Path, inside: &Path, depth: usize) -> Result<(), String> {
        if depth >= MAX_SCENARIO_DEPTH {
            return Err(format!(
                "{}: scenario folders nest more than {MAX_SCENARIO_DEPTH} deep",
                dir.display()
            ));
        }
        let entries = fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for entry in entries {
            let entry = entry.map_err(|e| format!("{}: {e}", dir.display()))?;
            self.entries += 1;
            if self.entries > MAX_SCENARIO_ENTRIES {
                return Err(format!(
                    "{}: more than {MAX_SCENARIO_ENTRIES} files and folders to search",
                    dir.display()
                ));
            }
            let path = entry.path();
            let kind = entry
                .file_type()
                .map_err(|e| format!("{}: {e}", path.display()))?;
            if kind.is_dir() {
                self.folder(&path, inside, depth + 1)?;
                continue;
            }
            let toml = path.extension().is_some_and(|e| e == "toml");
            if kind.is_symlink() && fs::metadata(&path).is_ok_and(|m| m.is_dir()) {
                return Err(format!(
                    "{}: a symbolic link to a folder; scenario folders are searched \
                     without following links",
                    path.display()
                ));
            }
            if !toml {
                continue;
            }
            if kind.is_symlink() {
                self.linked(&path, inside)?;
            } else if !kind.is_file() {
                return Err(format!("{}: not a regular file", path.display()));
            }
            self.files.push(path);
            if self.files.len() > MAX_SCENARIO_FILES {
                return Err(format!(
                    "{}: more than {MAX_SCENARIO_FILES} scenario files",
                    dir.display()
                ));
            }
        }
        Ok(())
    }

    /// A link found in a folder: it must lead to a regular file inside `inside`.
    fn linked(&self, path: &Path, inside: &Path) -> Result<(), String> {
        let shown = path.display();
        let meta = fs::metadata(path)
            .map_err(|_| format!("{shown}: a symbolic link that leads nowhere, or loops"))?;
        let real = fs::canonicalize(path).map_err(|e| format!("{shown}: {e}"))?;
        if !real.starts_with(inside) {
            return Err(format!(
                "{shown}: a symbolic link that leads outside the folder `{}`",
                inside.display()
            ));
        }
        if !meta.is_file() {
            return Err(format!("{shown}: not a regular file"));
        }
        Ok(())
    }
}

/// The text of a scenario file: a regular file, at most [`MAX_SCENARIO_BYTES`].
pub fn read_scenario(path: &Path) -> Result<String, String> {
    read_regular_file(path, MAX_SCENARIO_BYTES).map_err(|e| match e {
        ReadError::TooLarge(limit) => {
            format!("larger than the limit of {limit} bytes for a scenario")
        }
        e => e.to_string(),
    })
}
