//! Where pack files come from: the disk, or a table of files embedded in a binary.
//! Paths are logical, `/`-separated; `..` and `.` are resolved lexically.
//!
//! Every read names the folder the file must lie in (the pack's folder, chosen by whoever
//! loads the pack, never by the pack): a path that leaves it, lexically or through a
//! symbolic link, is refused before anything is opened. Only regular files are read, and
//! never more than the caller's byte limit, however the file changes meanwhile.

use std::collections::BTreeMap;
use std::fmt;
use std::io::Read;
use std::path::Path;

/// Why a pack file was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The path, as written, leaves the folder it must stay in.
    Outside,
    /// The path is in the folder, but a symbolic link on it leads out (or loops).
    LeadsOutside,
    /// A folder, a device, a pipe, a socket: not a regular file.
    NotAFile,
    /// Larger than the limit, in bytes.
    TooLarge(u64),
    /// Not UTF-8 text.
    NotText,
    NotFound,
    /// Any other failure, as the system words it.
    Io(String),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Outside => f.write_str("it is outside the pack's folder"),
            ReadError::LeadsOutside => {
                f.write_str("a symbolic link on its path loops, or leads outside the pack's folder")
            }
            ReadError::NotAFile => f.write_str("not a regular file"),
            ReadError::TooLarge(limit) => write!(f, "larger than the limit of {limit} bytes"),
            ReadError::NotText => f.write_str("not UTF-8 text"),
            ReadError::NotFound => f.write_str("no such file"),
            ReadError::Io(e) => f.write_str(e),
        }
    }
}

impl From<std::io::Error> for ReadError {
    fn from(e: std::io::Error) -> ReadError {
        match e.kind() {
            std::io::ErrorKind::NotFound => ReadError::NotFound,
            std::io::ErrorKind::InvalidData => ReadError::NotText,
            _ => ReadError::Io(e.to_string()),
        }
    }
}

/// Read access to pack files (manifests and scripts).
pub trait FileSource: Send + Sync {
    /// The text of the regular file at `path`, which must lie inside folder `root` (also
    /// once symbolic links are followed), if it is at most `max_bytes` long.
    fn read(&self, root: &str, path: &str, max_bytes: u64) -> Result<String, ReadError>;

    /// `path` in the form [`within`] compares: normalised, and for files on disk made
    /// absolute against the current folder (so a relative path and an absolute root can be
    /// compared). Touches no file.
    fn absolute(&self, path: &str) -> String {
        normalize(path)
    }
}

/// Files on disk. A `root` of "" is the current folder.
pub struct DiskFiles;

impl FileSource for DiskFiles {
    fn read(&self, root: &str, path: &str, max_bytes: u64) -> Result<String, ReadError> {
        let root = self.absolute(root);
        let path = self.absolute(path);
        if !within(&root, &path) {
            return Err(ReadError::Outside);
        }
        let real_root = std::fs::canonicalize(&root)?;
        let real = std::fs::canonicalize(&path).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => ReadError::NotFound,
            // A loop of links (ELOOP) or a link through a file.
            _ => ReadError::LeadsOutside,
        })?;
        if !real.starts_with(&real_root) || real == real_root {
            return Err(ReadError::LeadsOutside);
        }
        read_regular_file(&real, max_bytes)
    }

    fn absolute(&self, path: &str) -> String {
        let path = if path.is_empty() { "." } else { path };
        match std::path::absolute(path) {
            Ok(abs) => normalize(&abs.to_string_lossy()),
            Err(_) => normalize(path),
        }
    }
}

/// Opens the file at `path` for reading, following links, if it is a regular file:
/// `Ok(None)` for a folder, a device, a pipe or a socket, which could block the open or
/// the read, or never end. The check comes before the open, and the open does not wait
/// on a pipe swapped in since; the opened file is checked again. Every reader of a path
/// that someone else chose goes through here.
pub fn open_regular_file(path: &Path) -> std::io::Result<Option<std::fs::File>> {
    if !std::fs::metadata(path)?.is_file() {
        return Ok(None);
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    Ok(file.metadata()?.is_file().then_some(file))
}

/// The bytes of the regular file at `path` ([`open_regular_file`]), if it holds at most
/// `max_bytes`. The read stops one byte past the limit, so a file that grows meanwhile is
/// still bounded.
pub fn read_regular_bytes(path: &Path, max_bytes: u64) -> Result<Vec<u8>, ReadError> {
    let file = open_regular_file(path)?.ok_or(ReadError::NotAFile)?;
    let len = file.metadata()?.len();
    if len > max_bytes {
        return Err(ReadError::TooLarge(max_bytes));
    }
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(max_bytes + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max_bytes {
        return Err(ReadError::TooLarge(max_bytes));
    }
    Ok(bytes)
}

/// [`read_regular_bytes`], as UTF-8 text.
pub fn read_regular_file(path: &Path, max_bytes: u64) -> Result<String, ReadError> {
    String::from_utf8(read_regular_bytes(path, max_bytes)?).map_err(|_| ReadError::NotText)
}

/// Files held in memory, e.g. the default packs compiled into the `dungeon` binary.
/// A `root` of "" is the whole table.
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
    fn read(&self, root: &str, path: &str, max_bytes: u64) -> Result<String, ReadError> {
        let path = normalize(path);
        if !within(&normalize(root), &path) {
            return Err(ReadError::Outside);
        }
        let text = self.files.get(&path).ok_or(ReadError::NotFound)?;
        if text.len() as u64 > max_bytes {
            return Err(ReadError::TooLarge(max_bytes));
        }
        Ok(text.clone())
    }
}

/// Whether normalised `path` lies strictly inside normalised folder `root`.
pub fn within(root: &str, path: &str) -> bool {
    if path.is_empty() || path == ".." || path.starts_with("../") {
        return false;
    }
    match root {
        "" => !path.starts_with('/'),
        "/" => path.len() > 1 && path.starts_with('/'),
        _ => path
            .strip_prefix(root)
            .is_some_and(|rest| rest.len() > 1 && rest.starts_with('/')),
    }
}

/// Whether normalised `path` is folder `root` itself or lies inside it.
pub fn within_or_at(root: &str, path: &str) -> bool {
    path == root || within(root, path)
}

/// Why a path written in a pack cannot be used, if it cannot: it must be relative,
/// without characters a terminal would act on or not show (two paths must not look
/// alike), and not too long.
pub fn check_relative(path: &str) -> Result<(), String> {
    use super::limits::MAX_PATH_CHARS;
    if path.is_empty() {
        return Err("is empty".into());
    }
    if path.chars().count() > MAX_PATH_CHARS {
        return Err(format!(
            "the path is longer than {MAX_PATH_CHARS} characters"
        ));
    }
    if path.contains(['\n', '\t']) || crate::printable::has_controls(path) {
        return Err("holds control characters or characters that show as nothing".into());
    }
    let bytes = path.as_bytes();
    let drive = bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':';
    if path.starts_with('/') || path.starts_with('\\') || drive || path.starts_with('~') {
        return Err("is not a relative path".into());
    }
    Ok(())
}

/// The folder part of a path ("" for a bare file name).
pub fn parent(path: &str) -> &str {
    match path.rfind('/') {
        // A file at the root of the file system is in `/`, not in the current folder.
        Some(0) => "/",
        Some(i) => &path[..i],
        None => "",
    }
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
        assert_eq!(parent("/base.toml"), "/");
        assert_eq!(parent("/packs/base.toml"), "/packs");
    }

    #[test]
    fn a_path_is_within_a_folder_only_below_it() {
        assert!(within("", "a.lua"));
        assert!(!within("", "../a.lua"));
        assert!(!within("", "/etc/passwd"));
        assert!(within("packs/x", "packs/x/scripts/a.lua"));
        assert!(!within("packs/x", "packs/x"));
        assert!(!within("packs/x", "packs/xy/a.lua"));
        assert!(!within("packs/x", "packs/a.lua"));
        assert!(within("/", "/a"));
        assert!(within_or_at("packs/x", "packs/x"));
    }

    #[test]
    fn pack_paths_must_be_relative() {
        assert!(check_relative("scripts/a.lua").is_ok());
        assert!(
            check_relative("../scripts").is_ok(),
            "checked against the folder later"
        );
        for bad in ["/etc/passwd", "\\x", "C:/x", "~/x", "", "a\u{1b}b", "a\0b"] {
            assert!(check_relative(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn memory_files_stay_in_their_root() {
        let mut files = MemoryFiles::new();
        files.insert("cards/a.toml", "a");
        files.insert("scripts/s.lua", "s");
        assert_eq!(files.read("", "cards/../scripts/s.lua", 10), Ok("s".into()));
        assert_eq!(
            files.read("cards", "cards/../scripts/s.lua", 10),
            Err(ReadError::Outside)
        );
        assert_eq!(
            files.read("", "cards/a.toml", 0),
            Err(ReadError::TooLarge(0))
        );
    }
}
