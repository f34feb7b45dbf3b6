//! `dungeon sim --record DIR`: the record of every game, one file per game named by its
//! number (`game-000042.json`), for `dungeon replay`. Writing a record reads the game and
//! changes nothing in it, so the results and their independence from the thread count
//! stay as they are; each file depends only on its game.

use super::plan::Game;
use crate::saves::write_atomic;
use crate::text::{io_error, tr};
use dungeon_engine::catalog::Catalog;
use dungeon_engine::lang::Lang;
use dungeon_engine::{Action, Engine, GameOptions, GameState, Seat};
use dungeon_records::{GameRecord, Replay, SeatRecord, action_label};
use std::path::{Path, PathBuf};

/// The file of game `i`.
pub fn path(dir: &Path, i: u64) -> PathBuf {
    dir.join(format!("game-{i:06}.json"))
}

/// Writes the record of game `i`: its decisions in `log`, and the state they led to. A
/// game that stopped on an error has no final state: its decisions are played again to
/// find where they led.
pub fn write(
    to: &Records,
    i: u64,
    engine: &mut Engine,
    game: &Game,
    options: &GameOptions,
    log: &[(Seat, Action)],
    end: Option<&GameState>,
) -> Result<(), String> {
    let catalog: &Catalog = &engine.catalog().clone();
    let seats = game
        .bots
        .iter()
        .map(|k| SeatRecord {
            name: String::new(),
            bot: Some(k.id()),
        })
        .collect();
    let mut record = GameRecord::new(
        catalog,
        options.clone(),
        seats,
        game.seed,
        &GameState::default(),
    );
    for &(seat, action) in log {
        record.decisions.push(dungeon_records::Move {
            seat,
            action: action_label(catalog, action),
        });
    }
    let end = match end {
        Some(state) => state.clone(),
        None => replayed(engine, &record),
    };
    record.state = serde_json::to_value(&end).map_err(|e| e.to_string())?;
    let path = path(to.dir, i);
    write_atomic(&path, &record.to_json()).map_err(|e| {
        let path = dungeon_engine::printable::escape_line(&path.to_string_lossy()).into_owned();
        let args = [
            ("path", path.into()),
            ("error", io_error(to.lang, &e).into()),
        ];
        tr(to.lang, "error-io-file", &args)
    })
}

/// Where the records go, and the language of an error writing one.
pub struct Records<'a> {
    pub dir: &'a Path,
    pub lang: Lang,
}

/// Where the record's decisions lead, as far as they can be played.
fn replayed(engine: &mut Engine, record: &GameRecord) -> GameState {
    let mut events = Vec::new();
    let Ok(mut replay) = Replay::start(engine, record, &mut events) else {
        return GameState::default();
    };
    while let Ok(Some(_)) = replay.step(engine, &mut events) {}
    replay.state().clone()
}
