//! The games kept in the user's data folder (`dungeon play --resume`). Every game writes
//! its autosave there after every decision: `games/ID.json`, the id being the date and
//! time it started (`20250601-140322`, then `-2`... if taken). A finished game's file is
//! renamed `ID.finished.json`: kept for `dungeon replay`, no longer resumable.
//!
//! `langs/ID.lang` (beside `games/`) keeps the language a game was last played in, so a
//! game resumed without `--lang` comes back in it. `--resume ID --delete` removes a
//! game's files.
//!
//! The folder is the platform's data folder for the program (the `directories` crate:
//! `~/.local/share/dungeon` on Linux), or `$DUNGEON_DATA_DIR` when set (tests use it).

use super::{self as save, FileKind};
use crate::text::{Arg, seat_name, tr};
use dungeon_engine::GameState;
use dungeon_engine::lang::Lang;
use dungeon_engine::printable::escape_line;
use dungeon_table::Autosave;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::SystemTime;

/// The environment variable that moves the data folder.
pub const DATA_DIR_VAR: &str = "DUNGEON_DATA_DIR";
const FINISHED: &str = ".finished.json";
const ONGOING: &str = ".json";
const LOCK: &str = ".lock";
const LANG: &str = ".lang";

/// The folder the games are kept in; `None` if the platform has none (no home folder).
pub fn folder() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(DATA_DIR_VAR).filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir).join("games"));
    }
    directories::ProjectDirs::from("", "", "dungeon").map(|d| d.data_dir().join("games"))
}

/// Why there is no folder, in `lang`.
pub fn no_folder(lang: Lang) -> String {
    tr(
        lang,
        "resume-no-folder",
        &[("var", DATA_DIR_VAR.to_string().into())],
    )
}

/// The autosave of the game `id`.
pub fn autosave(folder: &Path, id: &str) -> Autosave {
    Autosave {
        path: folder.join(format!("{id}{ONGOING}")),
        finished: folder.join(format!("{id}{FINISHED}")),
    }
}

/// A new game's id, autosave and lock (the folder is made if needed). The file is reserved,
/// empty, so that two games started in the same second never share it; the table writes
/// it: at once for a new game, at the first decision for a loaded one (see
/// [`forget_if_empty`]). An empty file is not a game: it is not listed.
pub fn new_autosave(folder: &Path) -> std::io::Result<(String, Autosave, GameLock)> {
    std::fs::create_dir_all(folder)?;
    let stamp = Civil::local(SystemTime::now()).stamp();
    let mut n = 1;
    loop {
        let id = match n {
            1 => stamp.clone(),
            _ => format!("{stamp}-{n}"),
        };
        let autosave = autosave(folder, &id);
        n += 1;
        if autosave.finished.exists() {
            continue;
        }
        // The lock first: a process still leaving a game of this id (its reserved file
        // already removed) holds it.
        let Some(lock) = try_lock(folder, &id)? else {
            continue;
        };
        let reserved = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&autosave.path);
        match reserved {
            Ok(_) => return Ok((id, autosave, lock)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
}

/// Removes an autosave that was reserved and never written (a loaded game left before its
/// first decision, a game that could not start).
pub fn forget_if_empty(autosave: &Autosave) {
    if std::fs::metadata(&autosave.path).is_ok_and(|m| m.is_file() && m.len() == 0) {
        let _ = std::fs::remove_file(&autosave.path);
    }
}

/// A game held by this process: another `dungeon play` cannot resume it meanwhile (two
/// players writing one autosave would lose each other's moves). The lock is the
/// operating system's on `locks/ID.lock` (beside `games/`), so it ends with the process,
/// a `kill -9` included.
pub struct GameLock {
    _file: std::fs::File,
    lock: PathBuf,
    ongoing: PathBuf,
}

/// Locks the game `id`, or says it is open elsewhere.
pub fn lock(lang: Lang, folder: &Path, id: &str) -> Result<GameLock, String> {
    match try_lock(folder, id) {
        Ok(Some(lock)) => Ok(lock),
        Ok(None) => Err(tr(
            lang,
            "resume-open-elsewhere",
            &[("id", escape_line(id).into_owned().into())],
        )),
        Err(e) => Err(crate::text::io_error(lang, &e)),
    }
}

/// The lock of game `id`, or `None` if another process holds it.
fn try_lock(folder: &Path, id: &str) -> std::io::Result<Option<GameLock>> {
    // Beside the games, not among them: a lock left by a killed process is no game file.
    let locks = folder.parent().unwrap_or(folder).join("locks");
    std::fs::create_dir_all(&locks)?;
    let lock = locks.join(format!("{id}{LOCK}"));
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(&lock)?;
    match file.try_lock() {
        Ok(()) => Ok(Some(GameLock {
            _file: file,
            lock,
            ongoing: autosave(folder, id).path,
        })),
        Err(std::fs::TryLockError::WouldBlock) => Ok(None),
        Err(std::fs::TryLockError::Error(e)) => Err(e),
    }
}

impl Drop for GameLock {
    /// A game that can no longer be resumed (finished, or never saved) needs no lock file.
    fn drop(&mut self) {
        if !self.ongoing.exists() {
            let _ = std::fs::remove_file(&self.lock);
        }
    }
}

/// An unfinished game in the folder.
pub struct Unfinished {
    pub id: String,
    pub path: PathBuf,
    pub modified: SystemTime,
}

/// The unfinished games, the one played last first.
pub fn unfinished(folder: &Path) -> Vec<Unfinished> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut games: Vec<Unfinished> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            let id = name.strip_suffix(ONGOING)?;
            if name.ends_with(FINISHED) || !is_id(id) {
                return None;
            }
            let meta = entry
                .metadata()
                .ok()
                .filter(|m| m.is_file() && m.len() > 0)?;
            Some(Unfinished {
                id: id.to_string(),
                path: entry.path(),
                modified: meta.modified().unwrap_or(SystemTime::UNIX_EPOCH),
            })
        })
        .collect();
    games.sort_by(|a, b| b.modified.cmp(&a.modified).then(b.id.cmp(&a.id)));
    games
}

/// The shape of the ids this module makes: what `--resume ID` accepts, so an id never
/// names a file outside the folder.
fn is_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 40 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// The game `--resume ID` names (an empty id: the last played that can be read; each
/// damaged one passed over is said on stderr, with how to see or delete it).
pub fn find(lang: Lang, folder: &Path, id: &str) -> Result<Unfinished, String> {
    let shown_folder = escape_line(&folder.to_string_lossy()).into_owned();
    let games = unfinished(folder);
    if id.is_empty() {
        if games.is_empty() {
            return Err(tr(lang, "resume-none", &[("folder", shown_folder.into())]));
        }
        let count = games.len();
        for game in games {
            match summary(lang, &game) {
                Ok(_) => return Ok(game),
                Err(error) => eprintln!(
                    "{}",
                    tr(
                        lang,
                        "resume-passed-over",
                        &[("id", game.id.clone().into()), ("error", error.into())]
                    )
                ),
            }
        }
        let args = [("folder", shown_folder.into()), ("count", count.into())];
        return Err(tr(lang, "resume-all-damaged", &args));
    }
    match games.into_iter().find(|g| g.id == id) {
        Some(game) => Ok(game),
        None => Err(tr(
            lang,
            "resume-no-such",
            &[
                ("id", escape_line(id).into_owned().into()),
                ("folder", shown_folder.into()),
            ],
        )),
    }
}

/// The language game `id` was last played in, if it was noted.
pub fn saved_lang(folder: &Path, id: &str) -> Option<Lang> {
    let code = std::fs::read_to_string(lang_file(folder, id)).ok()?;
    Lang::from_code(code.trim())
}

/// Beside the games, not among them (as the locks): only games are listed there.
fn lang_file(folder: &Path, id: &str) -> PathBuf {
    folder
        .parent()
        .unwrap_or(folder)
        .join("langs")
        .join(format!("{id}{LANG}"))
}

/// Notes that game `id` is played in `lang` (written whole or not at all; a failure only
/// means the next resume takes the default language).
pub fn note_lang(folder: &Path, id: &str, lang: Lang) {
    let path = lang_file(folder, id);
    let temp = path.with_extension("tmp");
    let made = path
        .parent()
        .is_some_and(|p| std::fs::create_dir_all(p).is_ok());
    if made && std::fs::write(&temp, lang.code()).is_ok() && std::fs::rename(&temp, &path).is_err()
    {
        let _ = std::fs::remove_file(&temp);
    }
}

/// `dungeon play --resume ID --delete`: removes game `id`'s files (unfinished or
/// finished), unless a `dungeon play` has it open.
pub fn delete(lang: Lang, id: &str) -> Result<ExitCode, String> {
    let folder = folder().ok_or_else(|| no_folder(lang))?;
    let shown = escape_line(id).into_owned();
    if !is_id(id) {
        return Err(tr(lang, "resume-delete-which", &[]));
    }
    let ongoing = folder.join(format!("{id}{ONGOING}"));
    let finished = folder.join(format!("{id}{FINISHED}"));
    if !ongoing.is_file() && !finished.is_file() {
        let args = [
            ("id", shown.into()),
            (
                "folder",
                escape_line(&folder.to_string_lossy()).into_owned().into(),
            ),
        ];
        return Err(tr(lang, "resume-delete-none", &args));
    }
    // Held while deleting: a game being played is not pulled from under its player.
    let held = lock(lang, &folder, id)?;
    for path in [ongoing, finished, lang_file(&folder, id)] {
        match std::fs::remove_file(&path) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(crate::text::io_error(lang, &e)),
        }
    }
    drop(held);
    println!("{}", tr(lang, "resume-deleted", &[("id", shown.into())]));
    Ok(ExitCode::SUCCESS)
}

/// `dungeon play --resume --list`: the unfinished games, one a line.
pub fn list(lang: Lang) -> Result<ExitCode, String> {
    let folder = folder().ok_or_else(|| no_folder(lang))?;
    let games = unfinished(&folder);
    let shown_folder = escape_line(&folder.to_string_lossy()).into_owned();
    if games.is_empty() {
        println!(
            "{}",
            tr(lang, "resume-none", &[("folder", shown_folder.into())])
        );
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "{}",
        tr(lang, "resume-list", &[("folder", shown_folder.into())])
    );
    for game in &games {
        let date = Civil::local(game.modified).shown();
        let line = match summary(lang, game) {
            Ok((args, yours)) => {
                let mut all: Vec<(&str, Arg)> =
                    vec![("id", game.id.clone().into()), ("date", date.into())];
                all.extend(args);
                let key = if yours {
                    "resume-entry-you"
                } else {
                    "resume-entry"
                };
                tr(lang, key, &all)
            }
            Err(error) => tr(
                lang,
                "resume-damaged",
                &[
                    ("id", game.id.clone().into()),
                    ("date", date.into()),
                    ("error", error.into()),
                ],
            ),
        };
        println!("  {line}");
    }
    Ok(ExitCode::SUCCESS)
}

/// A game's line of the list: its variables, and whether it is the lone human's turn.
type Summary = (Vec<(&'static str, Arg)>, bool);

/// What the list says of a game: its packs, players, round and whose turn it is, from the
/// state the file stores (only shown: resuming plays the decisions again); and whether it
/// is the turn of the one human who plays it.
fn summary(lang: Lang, game: &Unfinished) -> Result<Summary, String> {
    let path = game.path.to_string_lossy();
    let record = save::read(lang, &path, FileKind::Save)?;
    let state: GameState =
        serde_json::from_value(record.state.clone()).map_err(|e| e.to_string())?;
    let humans = record.seats.iter().filter(|s| s.bot.is_none()).count();
    let name = |i: usize| {
        let seat = &record.seats[i];
        escape_line(&seat_name(lang, i, &seat.name, seat.bot.as_deref(), humans)).into_owned()
    };
    let players: Vec<String> = (0..record.seats.len()).map(name).collect();
    let packs: Vec<&str> = record.packs.iter().map(|p| p.id.as_str()).collect();
    let seat = state
        .current_seat()
        .filter(|&s| (s as usize) < record.seats.len());
    let turn = seat.map_or_else(String::new, |s| name(s as usize));
    let yours = humans == 1 && seat.is_some_and(|s| record.seats[s as usize].bot.is_none());
    let args = vec![
        ("packs", escape_line(&packs.join(",")).into_owned().into()),
        ("players", players.join(", ").into()),
        ("round", state.round.into()),
        ("decisions", record.decisions.len().into()),
        ("turn", turn.into()),
    ];
    Ok((args, yours))
}

/// A date and time of day.
struct Civil {
    year: i64,
    month: u32,
    day: u32,
    hour: u32,
    minute: u32,
    second: u32,
}

impl Civil {
    /// `time` in the local time zone where the platform tells it, else in UTC.
    fn local(time: SystemTime) -> Civil {
        let secs = match time.duration_since(SystemTime::UNIX_EPOCH) {
            Ok(d) => d.as_secs() as i64,
            Err(_) => 0,
        };
        local_time(secs).unwrap_or_else(|| Civil::utc(secs))
    }

    /// Days since 1970 to a date: H. Hinnant's `civil_from_days`.
    fn utc(secs: i64) -> Civil {
        let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = yoe + era * 400 + i64::from(month <= 2);
        Civil {
            year,
            month,
            day,
            hour: (rest / 3600) as u32,
            minute: (rest / 60 % 60) as u32,
            second: (rest % 60) as u32,
        }
    }

    /// As an id: `20250601-140322`.
    fn stamp(&self) -> String {
        format!(
            "{:04}{:02}{:02}-{:02}{:02}{:02}",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        )
    }

    /// As the list shows it: `2025-06-01 14:03`.
    fn shown(&self) -> String {
        format!(
            "{:04}-{:02}-{:02} {:02}:{:02}",
            self.year, self.month, self.day, self.hour, self.minute
        )
    }
}

#[cfg(unix)]
fn local_time(secs: i64) -> Option<Civil> {
    let t = secs as libc::time_t;
    // SAFETY: `tm` is plain data that `localtime_r` fills in; it keeps no pointer to it.
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    // SAFETY: both pointers are valid for the call; localtime_r is the thread-safe form.
    let filled = unsafe { !libc::localtime_r(&t, &mut tm).is_null() };
    filled.then(|| Civil {
        year: tm.tm_year as i64 + 1900,
        month: (tm.tm_mon + 1) as u32,
        day: tm.tm_mday as u32,
        hour: tm.tm_hour as u32,
        minute: tm.tm_min as u32,
        second: tm.tm_sec.min(59) as u32,
    })
}

#[cfg(not(unix))]
fn local_time(_secs: i64) -> Option<Civil> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_in_utc() {
        let stamp = |secs| Civil::utc(secs).stamp();
        assert_eq!(stamp(0), "19700101-000000");
        assert_eq!(stamp(951_782_400), "20000229-000000");
        assert_eq!(stamp(1_748_786_602), "20250601-140322");
        assert_eq!(stamp(4_102_444_799), "20991231-235959");
        assert_eq!(stamp(4_107_542_399), "21000228-235959");
        assert_eq!(stamp(4_107_542_400), "21000301-000000");
    }

    #[test]
    fn ids_cannot_name_a_file_elsewhere() {
        assert!(is_id("20250601-140322-2"));
        for bad in ["", "../x", "a/b", "a.b", "..", "x\u{0}", &"9".repeat(41)] {
            assert!(!is_id(bad), "{bad:?}");
        }
    }
}
