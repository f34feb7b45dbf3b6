//! The typical-dungeon figures of `typical.rs`, kept for the whole process and on disk.
//!
//! A figure depends only on the packs, the rulings and the situation, never on the game,
//! so one table per (packs, rulings) serves every thread and every run: a bot's decision
//! asks dozens of them, and computing them is most of what a cold decision costs. Tables are written to the user's cache folder (`DUNGEON_CACHE_DIR`
//! overrides it; `DUNGEON_CACHE_DIR=` with nothing turns the disk off) and read back by
//! the next process.
//!
//! A table's file is named by a SHA-256 of everything its figures depend on: the rules
//! version, the prelude, every pack file's SHA-256, the rulings and the figures' format
//! version (bump [`FORMAT`] whenever the way a figure is computed changes). So a
//! changed pack or engine never reads a stale table. The file is nobody's to trust: it is
//! read only if its header names that same hash, its checksum holds, every entry is well
//! formed with a probability in [0, 1], and a few of its figures, recomputed, agree; else
//! it is ignored (and replaced by the next save). Writes are atomic (temp file, fsync,
//! rename), so a reader never sees half a table.
//!
//! The tables of the built-in pack mixes under their default rulings also ship inside the
//! binary (`engine/tables`, embedded by `build.rs`): a first start finds them as if on disk.
//! They pass the same header, checksum and form checks (`shipped.rs`).

use crate::catalog::Catalog;
use crate::options::RulingChoices;
use crate::situation::Situation;
use crate::table_file::{FORMAT, Figures, MAGIC, MAX_FILE_BYTES, encode, parse};
use sha2::{Digest, Sha256};
use std::collections::HashMap;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

/// A table is saved once its figures not yet on disk took this long to work out (and
/// files past `table_file`'s limits are not read).
const SAVE_AFTER: Duration = Duration::from_millis(200);
/// Figures recomputed to check a file before trusting it.
const SPOT_CHECKS: usize = 2;

/// One table: the figures of a (packs, rulings), and the time spent working out those not
/// yet on disk.
#[derive(Default)]
pub(crate) struct Table {
    /// The figures read from the disk or worked out in this process: what a save writes
    /// (the shipped ones are not written again).
    pub figures: RwLock<Figures>,
    /// The figures shipped in the binary, looked up where they lie (a million of them for
    /// both boxes together: building a map of them took most of a second).
    shipped: Option<super::shipped::Index>,
    unsaved: Mutex<Duration>,
    /// The file's name (hex SHA-256 of what the figures depend on).
    id: String,
}

/// Every table in memory, by (catalog fingerprint, rulings hash).
type Tables = HashMap<(u64, u64), Arc<Table>>;
static TABLES: RwLock<Option<Tables>> = RwLock::new(None);

/// The table of this catalog and rulings: loaded from disk the first time (with `check`
/// recomputing a figure for the spot checks), empty if there is nothing to trust.
pub(crate) fn table(
    catalog: &Catalog,
    rulings: &RulingChoices,
    check: impl FnMut(&Situation) -> f64,
) -> Arc<Table> {
    let key = (catalog.fingerprint, crate::options::rulings_hash(rulings));
    if let Some(t) = TABLES
        .read()
        .ok()
        .and_then(|m| m.as_ref()?.get(&key).cloned())
    {
        return t;
    }
    let shipped_id = table_id(catalog, rulings);
    let shipped = super::shipped::index(&shipped_id);
    let id = match shipped {
        Some(_) => shipped_id,
        None => unshipped_id(&shipped_id),
    };
    // The disk holds what earlier processes added (figures are the same whoever computed them).
    let disk = cache_dir()
        .and_then(|dir| read(&dir.join(format!("{id}.odds")), &id, check))
        .unwrap_or_default();
    let table = Arc::new(Table {
        unsaved: Mutex::new(Duration::ZERO),
        figures: RwLock::new(disk),
        shipped,
        id,
    });
    let mut tables = TABLES.write().unwrap_or_else(|e| e.into_inner());
    tables
        .get_or_insert_with(HashMap::new)
        .entry(key)
        .or_insert(table)
        .clone()
}

/// Writes every table held in memory to `dir` (the shipped tables are made this way);
/// returns how many.
pub fn save_figures(dir: &Path) -> std::io::Result<usize> {
    let tables: Vec<Arc<Table>> = TABLES
        .read()
        .map(|m| m.iter().flat_map(|m| m.values().cloned()).collect())
        .unwrap_or_default();
    for t in &tables {
        let mut figures = t.shipped.as_ref().map(|s| s.all()).unwrap_or_default();
        figures.extend(t.figures.read().map(|f| f.clone()).unwrap_or_default());
        write_atomic(dir, &format!("{}.odds", t.id), &encode(&t.id, &figures))?;
    }
    Ok(tables.len())
}

/// Forgets every table held in memory (the files stay): for measuring cold decisions.
pub fn forget_figures() {
    *TABLES.write().unwrap_or_else(|e| e.into_inner()) = None;
}

impl Table {
    /// The figure of `s`, if this process or the binary has it.
    pub(crate) fn get(&self, s: &Situation) -> Option<f64> {
        if let Some(p) = self.figures.read().ok().and_then(|f| f.get(s).copied()) {
            return Some(p);
        }
        self.shipped.as_ref()?.get(s)
    }

    /// Notes a figure added that took `spent` to work out, and saves the table once the
    /// figures not on disk took long enough.
    pub(crate) fn added(&self, spent: Duration) {
        let Ok(mut unsaved) = self.unsaved.lock() else {
            return;
        };
        *unsaved += spent;
        if *unsaved < SAVE_AFTER {
            return;
        }
        *unsaved = Duration::ZERO;
        if let Some(dir) = cache_dir() {
            let bytes = encode(
                &self.id,
                &self.figures.read().map(|f| f.clone()).unwrap_or_default(),
            );
            // A cache that cannot be written is only a slower next start.
            let _ = write_atomic(&dir, &format!("{}.odds", self.id), &bytes);
        }
    }
}

/// Where tables are kept: `DUNGEON_CACHE_DIR`, else the user's cache folder.
fn cache_dir() -> Option<PathBuf> {
    match std::env::var_os("DUNGEON_CACHE_DIR") {
        Some(d) if d.is_empty() => None,
        Some(d) => Some(PathBuf::from(d)),
        None => {
            directories::ProjectDirs::from("", "", "dungeon").map(|d| d.cache_dir().join("odds"))
        }
    }
}

/// The hex SHA-256 naming a table: everything its figures depend on.
pub(super) fn table_id(catalog: &Catalog, rulings: &RulingChoices) -> String {
    let mut h = Sha256::new();
    h.update(MAGIC);
    h.update(FORMAT.to_le_bytes());
    h.update(crate::version::RULES_VERSION.to_le_bytes());
    h.update(crate::version::prelude_hash().as_bytes());
    for p in &catalog.packs {
        h.update((p.id.len() as u64).to_le_bytes());
        h.update(p.id.as_bytes());
        for f in &p.files {
            h.update(f.sha256.as_bytes());
        }
    }
    for (id, choice) in rulings {
        h.update((id.len() as u64).to_le_bytes());
        h.update(id.as_bytes());
        h.update((choice.len() as u64).to_le_bytes());
        h.update(choice.as_bytes());
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// The id of a table the binary does not ship: [`table_id`] and the steps a hook call may
/// take in analysis, which shape the figures of a card that reaches them (cut short, it
/// counts as lost), so a table worked out under another budget, or before there was one,
/// is never read. The shipped tables keep [`table_id`]: their cards come nowhere near it.
fn unshipped_id(shipped_id: &str) -> String {
    let mut h = Sha256::new();
    h.update(shipped_id.as_bytes());
    h.update(b"analysis steps");
    h.update(crate::script::ANALYSIS_STEP_BUDGET.to_le_bytes());
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// A table file, if everything about it holds (see the module's comment).
fn read(path: &Path, id: &str, check: impl FnMut(&Situation) -> f64) -> Option<Figures> {
    let bytes = crate::catalog::read_regular_bytes(path, MAX_FILE_BYTES).ok()?;
    parse(&bytes, id, check, SPOT_CHECKS)
}

/// Writes `name` in `dir` atomically: a temp file beside it, fsynced, renamed over.
fn write_atomic(dir: &Path, name: &str, bytes: &[u8]) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let tmp = dir.join(format!(
        ".{name}.{}.{:?}.tmp",
        std::process::id(),
        std::thread::current().id()
    ));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, dir.join(name))
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::DamageModel;
    use crate::ids::{AdventurerId, MonsterId, TileId};

    fn situation(size: usize, tiles: &[u16]) -> Situation {
        Situation {
            players: 3,
            runner: 1,
            successes: 1,
            failures: 0,
            adventurer: AdventurerId(2),
            tiles: tiles.iter().map(|&t| TileId(t)).collect(),
            size,
            damage_model: DamageModel::Running,
            specials_in_play: 1,
            known: size.is_multiple_of(3).then_some(MonsterId(4)),
            removed: size.is_multiple_of(4).then_some(MonsterId(2)),
        }
    }

    /// A table of 40 figures, and the function they are "worked out" by.
    fn sample() -> (Figures, impl Fn(&Situation) -> f64 + Copy) {
        let truth = |s: &Situation| (s.size as f64 + s.tiles.len() as f64) / 64.0;
        let figures = (1..=20)
            .flat_map(|size| [situation(size, &[1, 2, 3]), situation(size, &[4])])
            .map(|s| {
                let p = truth(&s);
                (s, p)
            })
            .collect();
        (figures, truth)
    }

    fn file(bytes: &[u8]) -> (tempdir::Dir, PathBuf) {
        let dir = tempdir::Dir::new();
        let path = dir.0.join("t.odds");
        std::fs::write(&path, bytes).expect("a temp file");
        (dir, path)
    }

    /// A folder removed when dropped.
    mod tempdir {
        pub struct Dir(pub std::path::PathBuf);
        impl Dir {
            pub fn new() -> Dir {
                use std::sync::atomic::{AtomicUsize, Ordering};
                static N: AtomicUsize = AtomicUsize::new(0);
                let d = std::env::temp_dir().join(format!(
                    "dungeon-figures-{}-{}",
                    std::process::id(),
                    N.fetch_add(1, Ordering::Relaxed)
                ));
                std::fs::create_dir_all(&d).expect("a temp folder");
                Dir(d)
            }
        }
        impl Drop for Dir {
            fn drop(&mut self) {
                let _ = std::fs::remove_dir_all(&self.0);
            }
        }
    }

    #[test]
    fn a_saved_table_reads_back_the_same() {
        let (figures, truth) = sample();
        let (_dir, path) = file(&encode("abc", &figures));
        assert_eq!(read(&path, "abc", truth), Some(figures));
    }

    #[test]
    fn a_damaged_or_foreign_file_is_ignored() {
        let (figures, truth) = sample();
        let good = encode("abc", &figures);
        // Another table's file (a changed pack names another table).
        let (_d, path) = file(&good);
        assert_eq!(read(&path, "abd", truth), None);
        // Any byte changed, or the file cut short.
        for at in [0, 9, 40, 45, good.len() / 2, good.len() - 1] {
            let mut bad = good.clone();
            bad[at] ^= 0x10;
            let (_d, path) = file(&bad);
            assert_eq!(read(&path, "abc", truth), None, "byte {at} changed");
        }
        let (_d, path) = file(&good[..good.len() - 3]);
        assert_eq!(read(&path, "abc", truth), None);
    }

    /// A table's place taken by something that is not a regular file (a link to a device
    /// that never ends, a named pipe no one writes to) is ignored at once: not read to the
    /// end of memory, not waited on.
    #[cfg(unix)]
    #[test]
    fn a_table_that_is_a_device_or_a_pipe_is_ignored_without_reading_it() {
        let (_figures, truth) = sample();
        let dir = tempdir::Dir::new();
        let zero = dir.0.join("zero.odds");
        std::os::unix::fs::symlink("/dev/zero", &zero).expect("a link");
        assert_eq!(read(&zero, "abc", truth), None);
        let pipe = dir.0.join("pipe.odds");
        let c_path = std::ffi::CString::new(pipe.to_string_lossy().as_bytes()).expect("a path");
        // SAFETY: a valid, NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
        assert_eq!(read(&pipe, "abc", truth), None);
        assert_eq!(read(&dir.0, "abc", truth), None);
    }

    #[test]
    fn a_forged_file_with_a_good_checksum_is_ignored() {
        let (figures, truth) = sample();
        // Every figure off by a little: only recomputing them shows it.
        let forged: Figures = figures
            .iter()
            .map(|(s, &p)| (s.clone(), p * 0.99))
            .collect();
        let (_d, path) = file(&encode("abc", &forged));
        assert_eq!(read(&path, "abc", truth), None);
        // A figure that is no probability.
        let mut impossible = figures.clone();
        impossible.insert(situation(3, &[4]), 1.5);
        let (_d, path) = file(&encode("abc", &impossible));
        assert_eq!(read(&path, "abc", truth), None);
    }

    #[test]
    fn tables_are_written_atomically_and_replaced() {
        let dir = tempdir::Dir::new();
        let (figures, truth) = sample();
        write_atomic(&dir.0, "x.odds", b"old").expect("written");
        write_atomic(&dir.0, "x.odds", &encode("abc", &figures)).expect("written");
        let names: Vec<_> = std::fs::read_dir(&dir.0)
            .expect("listed")
            .map(|e| e.expect("an entry").file_name())
            .collect();
        assert_eq!(names, ["x.odds"], "no temp file left behind");
        assert_eq!(read(&dir.0.join("x.odds"), "abc", truth), Some(figures));
    }
}
