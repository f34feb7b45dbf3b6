//! What players are told when a move fails (a card's script raised an error, ran too
//! long...): the table has already kept it free of secrets (`dungeon_table::Failure`);
//! this says it in the player's language, with where the full error went.

use crate::text::Text;
use dungeon_engine::printable::escape_line;
use dungeon_table::{Failure, FailureKind};
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

/// Where the full errors of a game are written: next to its record, else here.
pub fn log_path(record: Option<&Path>) -> PathBuf {
    record
        .and_then(Path::parent)
        .filter(|dir| !dir.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from(LOG_NAME), |dir| dir.join(LOG_NAME))
}
