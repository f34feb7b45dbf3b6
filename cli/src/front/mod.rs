//! What every front end of a game at this terminal shares beyond the table (the
//! full-screen table, the line mode, a seat at a server): where the game came from and
//! goes ([`Session`]: `s`, `q`, and how to come back to it), how it was left
//! ([`Ending`]), the seats' names as its players read them, and the lines they show:
//! the odds key's (`odds.rs`), what a failed move or save is said to be (`failure.rs`).

pub mod failure;
pub mod odds;

use crate::signals::Shutdown;
use crate::text::Text;
use crate::text::render::Seats;
use dungeon_engine::lang::Lang;
use dungeon_engine::printable::escape_line;
use dungeon_records::SeatRecord;
use dungeon_table::{Table, TableSetup};
use std::path::PathBuf;
use std::process::ExitCode;

/// Where `s` saves a game that has no other file (no autosave folder, no --save, no
/// --load); a file there holding another game is replaced only if the player says so.
const FALLBACK_SAVE: &str = "dungeon-save.json";

/// What a front end needs to know of the session beyond the table: where the game came
/// from and goes, for `s`, `q` and the messages that say how to come back to it.
#[derive(Default)]
pub struct Session {
    /// The id of the game's autosave in the data folder (`--resume ID`).
    pub game_id: Option<String>,
    /// Why the game has no autosave, in the player's language.
    pub no_autosave: Option<String>,
    /// The file the game was loaded from (`--load`, or the autosave it resumed).
    pub came_from: Option<PathBuf>,
    /// `--save FILE`.
    pub save: Option<PathBuf>,
    /// The game was resumed (its log so far was shown when it was played).
    pub resumed: bool,
    /// `--record FILE`.
    pub record: Option<PathBuf>,
    /// `--delay`.
    pub delay: Option<u64>,
    /// A table at a server (`dungeon join`): its invitation, which takes the seat back.
    pub remote: Option<String>,
}

impl Session {
    /// The lines a game opens with: the packs, the seed, the rulings, the record, whether
    /// it is saved after every move, and where a resumed game goes on.
    pub fn header(&self, text: &Text, table: &dyn Table) -> Vec<String> {
        let setup = table.setup();
        let mut out = vec![text.t("play-welcome", &[])];
        let packs = escape_line(&setup.catalog.pack_list()).into_owned();
        out.push(text.t("play-packs", &[("packs", packs.into())]));
        if let Some(seed) = setup.seed {
            out.push(text.t("play-seed", &[("seed", seed.to_string().into())]));
        }
        let rulings = crate::rulings::summary(&setup.options);
        if !rulings.is_empty() {
            out.push(text.t("play-rulings", &[("rulings", rulings.join(", ").into())]));
        }
        if let Some(url) = &self.remote {
            let url = escape_line(url).into_owned();
            let header = match watching(table) {
                true => "net-header-watching",
                false => "net-header",
            };
            out.push(text.t(header, &[("url", url.into())]));
        }
        if let Some(path) = &self.record {
            let path = escape_line(&path.to_string_lossy()).into_owned();
            out.push(text.t("play-recording", &[("path", path.into())]));
        }
        match (&self.game_id, &self.no_autosave) {
            (Some(_), _) => out.push(text.t("play-autosave", &[])),
            (None, Some(reason)) => {
                out.push(text.t("play-no-autosave", &[("reason", reason.clone().into())]))
            }
            (None, None) => {}
        }
        if self.resumed {
            let count = table.saving().saved;
            out.push(text.t("play-resumed", &[("count", count.into())]));
        }
        out
    }

    /// The game's id while its autosave holds it, unfinished: `--resume ID` continues it.
    pub fn resume_id(&self, table: &dyn Table) -> Option<&str> {
        let saving = table.saving();
        match &self.game_id {
            Some(id) if saving.autosave.is_some() && !saving.finished => Some(id),
            _ => None,
        }
    }

    /// `saved` naming the game's id when the autosave holds the game, else `unsaved`.
    pub fn resume_hint(
        &self,
        text: &Text,
        table: &dyn Table,
        saved: &'static str,
        unsaved: &'static str,
    ) -> String {
        if let Some(url) = &self.remote {
            let url = escape_line(url).into_owned();
            let left = match watching(table) {
                true => "net-left-watching",
                false => "net-left",
            };
            return text.t(left, &[("url", url.into())]);
        }
        match self.resume_id(table) {
            Some(id) => text.t(saved, &[("id", id.to_string().into())]),
            None => text.t(unsaved, &[]),
        }
    }

    /// Where `s` saves: `--save`'s file, else the file the game came from, else its
    /// autosave. (A file holding another game is replaced only if the player says so.)
    pub fn save_target(&self, table: &dyn Table) -> PathBuf {
        self.save
            .clone()
            .or_else(|| self.came_from.clone())
            .or_else(|| table.saving().autosave)
            .unwrap_or_else(|| PathBuf::from(FALLBACK_SAVE))
    }

    /// What `s` says once the game is saved to `target`.
    pub fn saved(&self, text: &Text, table: &dyn Table, target: &std::path::Path) -> String {
        let path = escape_line(&target.to_string_lossy()).into_owned();
        let autosave = table.saving().autosave;
        match (&self.game_id, autosave.as_deref() == Some(target)) {
            (Some(id), true) => text.t(
                "play-saved-auto",
                &[("path", path.into()), ("id", id.clone().into())],
            ),
            _ => text.t("play-saved", &[("path", path.into())]),
        }
    }
}

/// How a game was left at a front end, for the lines it closes with and its exit code.
/// (A game played to its end closes with the log's own lines: the winner, the standings.)
pub enum Ending {
    /// The player left (`q`, confirmed).
    Left,
    /// A signal (Ctrl-C, a closed terminal): the game is on disk already.
    Interrupted(i32),
}

impl Session {
    /// Closes the table; then the lines to print, on the normal screen, and the exit code:
    /// the same whichever front end showed the game.
    pub fn end(
        &self,
        text: &Text,
        table: &mut dyn Table,
        ending: Ending,
    ) -> (Vec<String>, ExitCode) {
        table.close();
        match ending {
            Ending::Left => {
                let hint = self.resume_hint(text, table, "play-left", "play-quit");
                (vec![hint], ExitCode::SUCCESS)
            }
            Ending::Interrupted(signal) => {
                let unsaved = "play-interrupted-unsaved";
                let hint = self.resume_hint(text, table, "play-interrupted", unsaved);
                (vec![String::new(), hint], Shutdown::exit_code(signal))
            }
        }
    }
}

/// Whether nobody at this screen has a seat at `table` (a spectator, a game of bots): it
/// is watched, and what it tells of leaving and coming back is about watching.
pub fn watching(table: &dyn Table) -> bool {
    !table.setup().seats.iter().any(|s| s.controlled)
}

/// The seats' names as the players of this game read them (escaped: a name may come from a
/// file or the network); a lone human is "You".
pub fn seat_names(lang: Lang, setup: &TableSetup) -> Seats {
    let records: Vec<SeatRecord> = setup
        .seats
        .iter()
        .map(|s| SeatRecord {
            name: s.name.clone(),
            bot: s.bot.clone(),
        })
        .collect();
    Seats::new(lang, &records, true)
}
