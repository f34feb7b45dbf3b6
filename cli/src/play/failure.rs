//! When a move fails in `dungeon play` (a card's script raised an error, ran too long...),
//! the engine refuses it and rolls the game back. But the failed attempt may have seen
//! hidden cards (a tile that swaps the monster for the deck's top card, the dungeon's
//! next cards), and the script's own message, even the line it failed on, can spell them
//! out. So players are told only which card's script failed, by a name they could already
//! see, and that the move was refused; the full error goes to a log file for the pack's
//! author.

use crate::text::Text;
use dungeon_engine::error::EngineError;
use dungeon_engine::printable::escape_controls;
use dungeon_engine::state::{GameState, Phase};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The log file's name, in the record's folder (or the current one).
const LOG_NAME: &str = "dungeon-errors.log";

/// What players are told: no text a script controls. A tile is named (every tile is on
/// the table for all to see); a monster only if the game, rolled back, is stopped on that
/// very monster, face up; otherwise naming it could tell which hidden card failed.
pub fn notice(text: &Text, state: &GameState, error: &EngineError) -> String {
    let EngineError::Hook(hook) = error else {
        return text.t("play-move-failed", &[]);
    };
    let catalog = text.catalog;
    if let Some(tile) = catalog.find_tile(&hook.card) {
        return text.t("play-script-failed", &[("card", text.tile(tile).into())]);
    }
    let face_up = catalog.find_monster(&hook.card).filter(|&m| {
        state.phase == Phase::Dungeon && state.run.current().is_some_and(|f| f.monster == m)
    });
    match face_up {
        Some(m) => text.t("play-script-failed", &[("card", text.monster(m).into())]),
        None => text.t("play-monster-script-failed", &[]),
    }
}

/// Where the full errors of a game are written: next to its record, else here.
pub fn log_path(record: Option<&Path>) -> PathBuf {
    record
        .and_then(Path::parent)
        .filter(|dir| !dir.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from(LOG_NAME), |dir| dir.join(LOG_NAME))
}

/// Adds the full error to the log, with what identifies the move: the game's seed, the
/// decision's number and who made it which choice.
pub fn log(
    path: &Path,
    seed: u64,
    decision: usize,
    seat: u8,
    action: &str,
    error: &EngineError,
) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?;
    let line = format!(
        "seed {seed}, decision {decision}, seat {}, `{action}`: {}\n",
        seat as usize + 1,
        error
    );
    file.write_all(escape_controls(&line).as_bytes())?;
    file.sync_all()
}
