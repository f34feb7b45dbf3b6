//! Save files: JSON holding the packs, the seats and the game state. Loading checks the
//! state against the packs before trusting it.

use super::SeatConfig;
use crate::text::tr;
use dungeon_engine::GameState;
use dungeon_engine::lang::Lang;
use serde::{Deserialize, Serialize};

pub const FORMAT: u32 = 1;

#[derive(Serialize, Deserialize)]
pub struct SaveFile {
    pub format: u32,
    pub packs: String,
    pub seed: u64,
    pub seats: Vec<SeatConfig>,
    pub state: GameState,
}

pub fn store(
    path: &str,
    packs: &str,
    seed: u64,
    seats: &[SeatConfig],
    state: &GameState,
) -> Result<(), String> {
    let file = SaveFile {
        format: FORMAT,
        packs: packs.to_string(),
        seed,
        seats: seats.to_vec(),
        state: state.clone(),
    };
    let json = serde_json::to_string_pretty(&file).map_err(|e| e.to_string())?;
    // Write then rename, so an interrupted save never leaves half a file behind.
    let tmp = format!("{path}.tmp");
    std::fs::write(&tmp, json).map_err(|e| format!("{tmp}: {e}"))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{path}: {e}"))
}

pub fn load(lang: Lang, path: &str) -> Result<SaveFile, String> {
    let p = || ("path", path.to_string());
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let file: SaveFile = serde_json::from_str(&text)
        .map_err(|e| tr(lang, "error.not_a_save", &[p(), ("error", e.to_string())]))?;
    if file.format != FORMAT {
        return Err(tr(
            lang,
            "error.save_format",
            &[
                p(),
                ("format", file.format.to_string()),
                ("expected", FORMAT.to_string()),
            ],
        ));
    }
    if file.seats.len() != file.state.players.len() {
        return Err(tr(
            lang,
            "error.save_seats",
            &[
                p(),
                ("seats", file.seats.len().to_string()),
                ("players", file.state.players.len().to_string()),
            ],
        ));
    }
    Ok(file)
}
