//! The seats this user holds at remote tables: each seat's secret token, kept in a file of
//! its own in a folder the caller names (`dungeon join` uses the user's data folder), so
//! that joining the same table again, after a lost connection or a closed laptop, takes
//! the same seat back.
//!
//! A file's name is a hash of the server and the table's code, so neither the code nor the
//! token shows in a folder listing; the file is readable by its owner only. What is read
//! back is not trusted: a file too large or of another shape is no key.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// A key file is a few hundred bytes; anything larger is not one.
const MAX_KEY_FILE: u64 = 4096;

/// A seat held at a table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatKey {
    /// The server, `host:port`.
    pub server: String,
    pub code: String,
    pub seat: u8,
    pub token: String,
}

/// The folder of seat keys.
#[derive(Clone, Debug)]
pub struct SeatKeys {
    folder: PathBuf,
}

impl SeatKeys {
    pub fn new(folder: impl Into<PathBuf>) -> SeatKeys {
        SeatKeys {
            folder: folder.into(),
        }
    }

    fn path(&self, server: &str, code: &str) -> PathBuf {
        let digest = Sha256::digest(format!("{server}\n{code}").as_bytes());
        let name: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
        self.folder.join(format!("{name}.json"))
    }

    /// The key kept for this table, if any (a file that is not one counts as none).
    pub fn find(&self, server: &str, code: &str) -> Option<SeatKey> {
        let path = self.path(server, code);
        let text = dungeon_engine::catalog::read_regular_file(&path, MAX_KEY_FILE).ok()?;
        let key: SeatKey = serde_json::from_str(&text).ok()?;
        (key.server == server && key.code == code).then_some(key)
    }

    /// Keeps `key` (atomically: a crash leaves the old key or the new one).
    pub fn keep(&self, key: &SeatKey) -> std::io::Result<PathBuf> {
        std::fs::create_dir_all(&self.folder)?;
        restrict(&self.folder, 0o700);
        let path = self.path(&key.server, &key.code);
        let json = serde_json::to_string_pretty(key).expect("a key is plain data");
        dungeon_table::disk::write_atomic(&path, &json)?;
        restrict(&path, 0o600);
        Ok(path)
    }

    /// Forgets the key of this table (the game is over, or the server refused it).
    pub fn forget(&self, server: &str, code: &str) {
        let _ = std::fs::remove_file(self.path(server, code));
    }

    pub fn folder(&self) -> &Path {
        &self.folder
    }
}

/// Makes a file or folder its owner's only, where the system has such modes.
fn restrict(path: &Path, mode: u32) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode));
    }
    #[cfg(not(unix))]
    let _ = (path, mode);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("dungeon-keys-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_key_is_kept_found_and_forgotten() {
        let keys = SeatKeys::new(folder("kept"));
        assert_eq!(keys.find("h:1", "ABC"), None);
        let key = SeatKey {
            server: "h:1".into(),
            code: "ABC".into(),
            seat: 2,
            token: "secret".into(),
        };
        let path = keys.keep(&key).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert!(!name.contains("ABC") && !name.contains("secret"), "{name}");
        assert_eq!(keys.find("h:1", "ABC"), Some(key.clone()));
        assert_eq!(keys.find("h:2", "ABC"), None, "another server");
        assert_eq!(keys.find("h:1", "ABD"), None, "another table");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o077, 0, "readable by its owner only: {mode:o}");
        }
        keys.forget("h:1", "ABC");
        assert_eq!(keys.find("h:1", "ABC"), None);
        let _ = std::fs::remove_dir_all(keys.folder());
    }

    #[test]
    fn a_file_that_is_not_a_key_is_none() {
        let keys = SeatKeys::new(folder("bad"));
        let key = SeatKey {
            server: "h:1".into(),
            code: "ABC".into(),
            seat: 0,
            token: "t".into(),
        };
        let path = keys.keep(&key).unwrap();
        for text in [
            "",
            "{",
            "[]",
            "{\"server\":\"h:1\",\"code\":\"ABC\",\"seat\":0,\"token\":\"t\",\"x\":1}",
        ] {
            std::fs::write(&path, text).unwrap();
            assert_eq!(keys.find("h:1", "ABC"), None, "{text}");
        }
        std::fs::write(&path, " ".repeat(5000)).unwrap();
        assert_eq!(keys.find("h:1", "ABC"), None, "too large");
        let _ = std::fs::remove_dir_all(keys.folder());
    }
}
