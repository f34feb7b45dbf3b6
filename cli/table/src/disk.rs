//! Game files on disk, written so that nothing is ever half-written or lost: a temporary
//! file in the same folder, flushed to the disk, renamed over the old one, and the folder
//! flushed so the rename is on the disk too. The test `save_to` asks before replacing a
//! file: does it hold an earlier point of the same game? And the gate a closed table
//! shuts on its writes.

use dungeon_records::{GameRecord, MAX_BYTES};
use std::io::{Read, Write};
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes `text` to `path` so that a crash, a kill or a full disk never leaves half a file:
/// a reader sees the old content or the new, never a mix. The temporary file sits in the
/// same folder (a rename across file systems would be a copy) and is removed on failure.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    // Unique per process and per write: two threads saving at once never share a file.
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let mut tmp = path.as_os_str().to_owned();
    let n = WRITES.fetch_add(1, Ordering::Relaxed);
    tmp.push(format!(".tmp{}-{n}", std::process::id()));
    let tmp = Path::new(&tmp);
    let written = (|| {
        let mut file = std::fs::File::create(tmp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()
    })();
    if let Err(e) = written.and_then(|()| std::fs::rename(tmp, path)) {
        let _ = std::fs::remove_file(tmp);
        return Err(e);
    }
    sync_folder(path);
    Ok(())
}

/// Renames `from` to `to` (same folder) and puts the rename on the disk.
pub fn rename(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::rename(from, to)?;
    sync_folder(to);
    Ok(())
}

/// Flushes the folder holding `path`: a rename is on the disk once its folder is.
fn sync_folder(path: &Path) {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if let Ok(dir) = std::fs::File::open(dir) {
        // Some systems cannot flush a folder; the file itself is flushed already.
        let _ = dir.sync_all();
    }
}

/// Writes to disk, and the door that [`Table::close`](crate::Table::close) shuts on them: a write under way is
/// finished first, none starts after.
#[derive(Default)]
pub(crate) struct Gate {
    closed: Mutex<bool>,
}

impl Gate {
    pub(crate) fn write(&self, write: impl FnOnce() -> std::io::Result<()>) -> std::io::Result<()> {
        let closed = self.closed.lock().unwrap_or_else(|e| e.into_inner());
        if *closed {
            return Err(std::io::Error::other("the table is closed"));
        }
        write()
    }

    pub(crate) fn close(&self) {
        *self.closed.lock().unwrap_or_else(|e| e.into_inner()) = true;
    }
}

/// What a file to be replaced holds, as far as [`Table::save_to`](crate::Table::save_to)
/// cares.
#[derive(Debug, PartialEq, Eq)]
pub enum Found {
    Nothing,
    /// An earlier point of the game (or the same point): replacing it loses nothing.
    SameGame,
    /// Anything else: another game, a later point of this one, or not a game at all.
    Other,
}

/// What `path` holds, compared with the game `ours`.
pub fn found(path: &Path, ours: &GameRecord) -> Found {
    // A device or a pipe is not read (it could hang or never end): it is not a game.
    let file = match dungeon_engine::catalog::open_regular_file(path) {
        Ok(Some(f)) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Found::Nothing,
        Ok(None) | Err(_) => return Found::Other,
    };
    let mut bytes = Vec::new();
    if file
        .take(MAX_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .is_err()
    {
        return Found::Other;
    }
    match GameRecord::read(&bytes) {
        Ok(theirs) if earlier_point(&theirs, ours) => Found::SameGame,
        _ => Found::Other,
    }
}

/// `theirs` is `ours` as it was some decisions ago (or now): same packs, rules, options,
/// seats and seed, and its decisions are the first of ours.
pub fn earlier_point(theirs: &GameRecord, ours: &GameRecord) -> bool {
    theirs.rules_version == ours.rules_version
        && theirs.prelude_sha256 == ours.prelude_sha256
        && theirs.packs == ours.packs
        && theirs.options == ours.options
        && theirs.seats == ours.seats
        && theirs.seed == ours.seed
        && ours.decisions.starts_with(&theirs.decisions)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("dungeon-table-disk-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn files_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_write_replaces_the_whole_file_and_leaves_nothing_else() {
        let dir = temp_dir("replace");
        let path = dir.join("game.json");
        write_atomic(&path, &"x".repeat(10_000)).unwrap();
        write_atomic(&path, "short").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "short");
        assert_eq!(files_in(&dir), ["game.json"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_failed_write_keeps_the_old_file_and_no_temporary_one() {
        let dir = temp_dir("failed");
        // The rename cannot replace a folder that holds a file: the write fails at the
        // last step, after the temporary file was written and flushed.
        let target = dir.join("game.json");
        std::fs::create_dir(&target).unwrap();
        std::fs::write(target.join("inside"), "old").unwrap();
        assert!(write_atomic(&target, "new").is_err());
        assert_eq!(
            std::fs::read_to_string(target.join("inside")).unwrap(),
            "old"
        );
        assert_eq!(files_in(&dir), ["game.json"]);
        // A folder that does not exist: nothing is created anywhere.
        assert!(write_atomic(&dir.join("missing").join("game.json"), "new").is_err());
        assert_eq!(files_in(&dir), ["game.json"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_reader_never_sees_half_a_file() {
        // Writers alternate two contents of very different sizes while a reader reads the
        // file as fast as it can: each read is one content or the other, whole.
        let dir = temp_dir("readers");
        let path = dir.join("game.json");
        let (small, large) = ("s".repeat(10), "L".repeat(200_000));
        write_atomic(&path, &small).unwrap();
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let reader = {
            let (path, stop) = (path.clone(), stop.clone());
            let (small, large) = (small.clone(), large.clone());
            std::thread::spawn(move || {
                let mut reads = 0;
                while !stop.load(Ordering::Relaxed) {
                    let text = std::fs::read_to_string(&path).unwrap();
                    assert!(text == small || text == large, "read {} bytes", text.len());
                    reads += 1;
                }
                reads
            })
        };
        for i in 0..40 {
            write_atomic(&path, if i % 2 == 0 { &large } else { &small }).unwrap();
        }
        stop.store(true, Ordering::Relaxed);
        assert!(reader.join().unwrap() > 0);
        assert_eq!(files_in(&dir), ["game.json"]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
