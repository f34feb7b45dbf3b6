//! When a move fails (a card's script raised an error, ran too long...), the engine refuses
//! it and rolls the game back. But the failed attempt may have seen hidden cards (a tile
//! that swaps the monster for the deck's top card, the dungeon's next cards), and the
//! script's own message, even the line it failed on, can spell them out. So players are
//! told only which card's script failed, by a name they could already see; the full error
//! goes to a log file for the pack's author.

use crate::FailureKind;
use dungeon_engine::action::CardRef;
use dungeon_engine::catalog::Catalog;
use dungeon_engine::error::EngineError;
use dungeon_engine::ids::Seat;
use dungeon_engine::printable::escape_controls;
use dungeon_engine::state::{GameState, Phase};
use std::io::Write;
use std::path::Path;

/// What players are told when a move fails (a local or a network table). A tile is named (every tile is on the table for all to see); a
/// monster only if the game, rolled back, is stopped on that very monster, face up;
/// otherwise naming it could tell which hidden card failed.
pub fn kind(catalog: &Catalog, state: &GameState, error: &EngineError) -> FailureKind {
    let EngineError::Hook(hook) = error else {
        return FailureKind::Move;
    };
    if let Some(tile) = catalog.find_tile(&hook.card) {
        return FailureKind::Script(CardRef::Tile(tile));
    }
    let face_up = catalog.find_monster(&hook.card).filter(|&m| {
        state.phase == Phase::Dungeon && state.run.current().is_some_and(|f| f.monster == m)
    });
    match face_up {
        Some(m) => FailureKind::Script(CardRef::Monster(m)),
        None => FailureKind::HiddenMonster,
    }
}

/// Adds the full error to the log, with what identifies the move: the game's seed, the
/// decision's number and who made it which choice.
pub(super) fn log(
    path: &Path,
    seed: u64,
    decision: usize,
    seat: Seat,
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
