//! What players are told when something fails: a move (a card's script raised an error,
//! ran too long...), which the table has already kept free of secrets
//! (`dungeon_table::Failure`), with where the full error went; or a file of the game that
//! could not be written. In the player's language.

use crate::text::{Text, io_error, tr};
use dungeon_engine::lang::Lang;
use dungeon_engine::printable::escape_line;
use dungeon_table::{Failure, FailureKind, SaveProblem, TableError};
use std::path::{Path, PathBuf};

/// The log file's name, in the record's folder (or the current one).
const LOG_NAME: &str = "dungeon-errors.log";

/// The notice, then where the full error is.
pub fn lines(text: &Text, failure: &Failure) -> Vec<String> {
    let mut out = vec![match failure.kind {
        FailureKind::Script(card) => {
            text.t("play-script-failed", &[("card", text.card(card).into())])
        }
        FailureKind::HiddenMonster => text.t("play-monster-script-failed", &[]),
        FailureKind::Move => text.t("play-move-failed", &[]),
        FailureKind::Lost => text.t("play-lost", &[]),
        FailureKind::Expired => text.t("play-expired", &[]),
    }];
    if let Some((path, written)) = &failure.log {
        let path = escape_line(&path.to_string_lossy()).into_owned();
        out.push(match written {
            Ok(()) => text.t("play-error-logged", &[("path", path.into())]),
            Err(error) => text.t(
                "play-error-not-logged",
                &[("path", path.into()), ("error", error.clone().into())],
            ),
        });
    }
    out
}

/// A file of the game that was not written (`record` is `--record`'s file, if any).
pub fn save_problem(
    lang: Lang,
    record: Option<&Path>,
    path: &Path,
    problem: &SaveProblem,
) -> String {
    let shown = escape_line(&path.to_string_lossy()).into_owned();
    match problem {
        SaveProblem::TooBig { bytes } => {
            tr(lang, "play-save-too-big", &[("bytes", (*bytes).into())])
        }
        SaveProblem::Disk(e) => {
            let key = match record == Some(path) {
                true => "play-record-failed",
                false => "play-autosave-failed",
            };
            let error = io_error(lang, &e.to_io());
            tr(
                lang,
                key,
                &[("path", shown.into()), ("error", error.into())],
            )
        }
    }
}

/// Why `s` did not save (the question of replacing another game is the caller's).
pub fn save_failed(lang: Lang, error: &TableError) -> String {
    match error {
        TableError::TooBig { bytes } => {
            tr(lang, "play-save-too-big", &[("bytes", (*bytes).into())])
        }
        TableError::Unavailable => tr(lang, "net-no-save", &[]),
        TableError::Io(e) => tr(
            lang,
            "play-save-failed",
            &[("error", io_error(lang, &e.to_io()).into())],
        ),
        other => tr(
            lang,
            "play-save-failed",
            &[("error", other.to_string().into())],
        ),
    }
}

/// Where the full errors of a game are written: next to its record, else here.
pub fn log_path(record: Option<&Path>) -> PathBuf {
    record
        .and_then(Path::parent)
        .filter(|dir| !dir.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from(LOG_NAME), |dir| dir.join(LOG_NAME))
}
