//! The store's files are the server user's alone: they hold every game's seed, and so
//! every hidden card. Before SQLite opens the database, its folder is made (0700) if
//! missing and the file created 0600, whatever the umask; SQLite then creates its journal
//! files (`-wal`, `-shm`, `-journal`) with the database's own mode. A store that other
//! users can read, or a folder where they could swap it, is refused with the command that
//! fixes it: the server does not start on it.

use super::StoreError;
use std::path::{Path, PathBuf};

/// The files SQLite keeps beside the database.
const JOURNALS: [&str; 3] = ["-wal", "-shm", "-journal"];

/// Checks the store at `path` and its folder, creating both (private) if missing.
pub(super) fn prepare(path: &Path) -> Result<(), StoreError> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    imp::prepare(path, &folder)
}

/// The journal files' paths.
fn journals(path: &Path) -> impl Iterator<Item = PathBuf> + '_ {
    JOURNALS.iter().map(move |suffix| {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        PathBuf::from(name)
    })
}

fn io(what: &str, path: &Path, e: std::io::Error) -> StoreError {
    StoreError::Database(format!("{what} {}: {e}", path.display()))
}

#[cfg(unix)]
mod imp {
    use super::{StoreError, io, journals};
    use std::fs::{DirBuilder, OpenOptions, Permissions};
    use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt, PermissionsExt};
    use std::path::Path;

    /// Any access for the group or others.
    const SHARED: u32 = 0o077;
    const STICKY: u32 = 0o1000;

    pub(super) fn prepare(path: &Path, folder: &Path) -> Result<(), StoreError> {
        match std::fs::metadata(folder) {
            Ok(meta) => check_folder(folder, meta.mode())?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => DirBuilder::new()
                .recursive(true)
                .mode(0o700)
                .create(folder)
                .map_err(|e| io("creating the folder", folder, e))?,
            Err(e) => return Err(io("reading", folder, e)),
        }
        for file in std::iter::once(path.to_path_buf()).chain(journals(path)) {
            match std::fs::metadata(&file) {
                Ok(meta) if meta.mode() & SHARED != 0 => {
                    return Err(StoreError::Exposed {
                        fix: format!("chmod 600 {}", file.display()),
                        path: file,
                        mode: meta.mode() & 0o777,
                        what: "read",
                    });
                }
                Ok(_) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(io("reading", &file, e)),
            }
        }
        if !path.exists() {
            // Made here rather than by SQLite, so it never exists with the umask's mode.
            let file = OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o600)
                .open(path)
                .map_err(|e| io("creating", path, e))?;
            // The umask may only have taken bits away; set exactly 0600 all the same.
            file.set_permissions(Permissions::from_mode(0o600))
                .map_err(|e| io("setting the mode of", path, e))?;
        }
        Ok(())
    }

    /// A folder that others may write to (without the sticky bit) lets them replace the
    /// store or its journals. Reading the folder shows only the files' names.
    fn check_folder(folder: &Path, mode: u32) -> Result<(), StoreError> {
        if mode & 0o022 != 0 && mode & STICKY == 0 {
            return Err(StoreError::Exposed {
                path: folder.to_path_buf(),
                mode: mode & 0o777,
                what: "replaced",
                fix: format!("chmod go-w {}", folder.display()),
            });
        }
        Ok(())
    }
}

#[cfg(not(unix))]
mod imp {
    use super::StoreError;
    use std::path::Path;

    /// Elsewhere the folder's access lists decide; the folder is made if missing.
    pub(super) fn prepare(_path: &Path, folder: &Path) -> Result<(), StoreError> {
        std::fs::create_dir_all(folder).map_err(|e| super::io("creating the folder", folder, e))
    }
}
