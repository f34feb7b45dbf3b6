//! Game files on disk: records and saves (`dungeon_engine::record`). Loading reads at most
//! the format's size limit from a regular file, checks the packs (a game to play goes on
//! in `dungeon_table::LocalTable`, which plays the decisions again and restores the bots),
//! and says what is wrong in the player's language. Writing is atomic
//! (`dungeon_table::disk`).

use crate::text::tr;
use dungeon_engine::Engine;
use dungeon_engine::catalog::{Catalog, PackLibrary};
use dungeon_engine::lang::Lang;
use dungeon_engine::printable::escape_line;
use dungeon_engine::record::{
    FileChange, GameRecord, MAX_BYTES, PackChange, RecordError, SHOWN_CHANGES,
};
use std::io::Read;
use std::sync::Arc;

pub use dungeon_table::disk::write_atomic;

/// A record or a save as the player refers to it in messages.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum FileKind {
    Save,
    Record,
}

/// A game file checked: its record, its packs and an engine for them.
pub struct Game {
    pub record: GameRecord,
    pub catalog: Arc<Catalog>,
    pub engine: Engine,
}

/// Reads a game file: at most [`MAX_BYTES`], from a regular file only (a device or a pipe
/// could make loading hang or eat memory).
pub fn read(lang: Lang, path: &str, kind: FileKind) -> Result<GameRecord, String> {
    let shown = escape_line(path).into_owned();
    let io = |e: std::io::Error| format!("{shown}: {e}");
    let file = std::fs::File::open(path).map_err(io)?;
    if !file.metadata().map_err(io)?.is_file() {
        return Err(tr(lang, "record.not_a_file", &[("path", shown)]));
    }
    let mut bytes = Vec::new();
    file.take(MAX_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    GameRecord::read(&bytes).map_err(|e| describe(lang, path, kind, &e))
}

/// Reads a game file and builds its packs from `library` (the packs must be the ones it
/// was played with).
pub fn read_game(
    library: &PackLibrary,
    lang: Lang,
    path: &str,
    kind: FileKind,
) -> Result<(GameRecord, Arc<Catalog>), String> {
    let record = read(lang, path, kind)?;
    let (catalog, warnings) = record
        .catalog(library)
        .map_err(|e| describe(lang, path, kind, &e))?;
    for w in &warnings.0 {
        eprintln!("{w}");
    }
    Ok((record, Arc::new(catalog)))
}

/// Reads a game file, builds its packs from `library` and plays its decisions again,
/// checking where they lead.
pub fn open(library: &PackLibrary, lang: Lang, path: &str, kind: FileKind) -> Result<Game, String> {
    let (record, catalog) = read_game(library, lang, path, kind)?;
    let mut engine = Engine::new(catalog.clone()).map_err(|d| d.to_string())?;
    record
        .verify(&mut engine)
        .map_err(|e| describe(lang, path, kind, &e))?;
    Ok(Game {
        record,
        catalog,
        engine,
    })
}

/// Why a game file is refused, in `lang`. Everything that came from the file is escaped.
pub fn describe(lang: Lang, path: &str, kind: FileKind, error: &RecordError) -> String {
    let path = escape_line(path).into_owned();
    let t = |key: &str, args: &[(&str, String)]| {
        let mut all = vec![("path", path.clone())];
        all.extend(args.iter().cloned());
        tr(lang, key, &all)
    };
    let damaged = |detail: String| match kind {
        FileKind::Save => t("error.damaged", &[("error", detail)]),
        FileKind::Record => t("record.damaged", &[("error", detail)]),
    };
    let n = |v: usize| v.to_string();
    match error {
        RecordError::TooBig { bytes, max } => {
            t("record.too_big", &[("bytes", n(*bytes)), ("max", n(*max))])
        }
        RecordError::Malformed(e) => {
            let key = match kind {
                FileKind::Save => "error.not_a_save",
                FileKind::Record => "record.not_a_record",
            };
            t(key, &[("error", escape_line(e).into_owned())])
        }
        RecordError::OldFormat => t("record.old_format", &[]),
        RecordError::Format { found } => t(
            "error.save_format",
            &[
                ("format", escape_line(found).into_owned()),
                ("expected", dungeon_engine::record::FORMAT.to_string()),
            ],
        ),
        RecordError::RulesVersion { record, engine } => t(
            "record.rules_version",
            &[
                ("record", record.to_string()),
                ("engine", engine.to_string()),
            ],
        ),
        RecordError::Prelude => t("record.prelude", &[]),
        RecordError::Packs(changes) => {
            let list = capped(changes.iter().map(|c| pack_change(lang, c)), changes.len());
            t("record.packs", &[("changes", list.join("; "))])
        }
        RecordError::PacksUnusable(e) => t(
            "record.packs_unusable",
            &[(
                "error",
                dungeon_engine::printable::escape_controls(e).into_owned(),
            )],
        ),
        RecordError::Seats { seats, players } => t(
            "error.save_seats",
            &[("seats", n(*seats)), ("players", n(*players))],
        ),
        RecordError::LongName { seat } => t(
            "record.long_name",
            &[
                ("seat", n(seat + 1)),
                ("max", n(dungeon_engine::record::MAX_NAME)),
            ],
        ),
        RecordError::UnknownBot { seat, bot } => t(
            "record.unknown_bot",
            &[
                ("seat", n(seat + 1)),
                ("bot", escape_line(bot).into_owned()),
            ],
        ),
        RecordError::TooManyDecisions { count, max } => {
            t("record.too_many", &[("count", n(*count)), ("max", n(*max))])
        }
        RecordError::Bots(e) => {
            damaged(t("record.bots", &[("error", escape_line(e).into_owned())]))
        }
        RecordError::NotASave => t("record.not_a_save", &[]),
        RecordError::Setup(e) => {
            let e = dungeon_engine::printable::truncate(&e.to_string(), 200).into_owned();
            t("record.setup", &[("error", escape_line(&e).into_owned())])
        }
        RecordError::WrongSeat {
            number,
            recorded,
            expected,
        } => damaged(t(
            "record.wrong_seat",
            &[
                ("number", n(*number)),
                ("recorded", n(*recorded as usize + 1)),
                ("expected", n(*expected as usize + 1)),
            ],
        )),
        RecordError::AfterEnd { number, action } => damaged(t(
            "record.after_end",
            &[
                ("number", n(*number)),
                ("action", escape_line(action).into_owned()),
            ],
        )),
        RecordError::Illegal {
            number,
            action,
            legal,
        } => damaged(t(
            "record.illegal",
            &[
                ("number", n(*number)),
                ("action", escape_line(action).into_owned()),
                ("legal", legal.join(", ")),
            ],
        )),
        RecordError::Failed { number, .. } => {
            // A script's own message may tell what it saw: it is not shown.
            damaged(t("record.failed", &[("number", n(*number))]))
        }
        RecordError::StateDiffers { at } => damaged(t(
            "record.state_differs",
            &[("at", escape_line(at).into_owned())],
        )),
    }
}

fn pack_change(lang: Lang, change: &PackChange) -> String {
    let e = |s: &str| escape_line(s).into_owned();
    match change {
        PackChange::Missing { pack } => tr(lang, "record.pack_missing", &[("pack", e(pack))]),
        PackChange::Extra { pack } => tr(lang, "record.pack_extra", &[("pack", e(pack))]),
        PackChange::Version { pack, record, here } => tr(
            lang,
            "record.pack_version",
            &[("pack", e(pack)), ("record", e(record)), ("here", e(here))],
        ),
        PackChange::Files { pack, files } => {
            let listed = files.iter().map(|(file, change)| {
                let key = match change {
                    FileChange::Changed => "record.file_changed",
                    FileChange::Missing => "record.file_missing",
                    FileChange::New => "record.file_new",
                };
                tr(lang, key, &[("file", e(file))])
            });
            let files = capped(listed, files.len());
            tr(
                lang,
                "record.pack_files",
                &[("pack", e(pack)), ("files", files.join(", "))],
            )
        }
        PackChange::Order { record, here } => tr(
            lang,
            "record.pack_order",
            &[
                ("record", e(&record.join(","))),
                ("here", e(&here.join(","))),
            ],
        ),
    }
}

/// The first [`SHOWN_CHANGES`] of `count` items, then "…" if there were more.
fn capped(items: impl Iterator<Item = String>, count: usize) -> Vec<String> {
    let mut shown: Vec<String> = items.take(SHOWN_CHANGES).collect();
    if count > SHOWN_CHANGES {
        shown.push("…".into());
    }
    shown
}
