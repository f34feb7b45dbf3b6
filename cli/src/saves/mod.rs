//! Game files on disk: records and saves (`dungeon_records`). Loading reads at most
//! the format's size limit from a regular file, checks the packs (a game to play goes on
//! in `dungeon_table::LocalTable`, which plays the decisions again and restores the bots),
//! and says what is wrong in the player's language. Writing is atomic
//! (`dungeon_table::disk`). The games kept in the user's data folder: `kept.rs`.

pub mod kept;

use crate::text::{Arg, io_error, tr};
use dungeon_engine::Engine;
use dungeon_engine::catalog::{Catalog, PackLibrary, open_regular_file};
use dungeon_engine::lang::Lang;
use dungeon_engine::printable::escape_line;
use dungeon_records::{FileChange, GameRecord, MAX_BYTES, PackChange, RecordError, SHOWN_CHANGES};
use std::io::Read;
use std::path::Path;
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
    let bytes = read_bytes(lang, path, MAX_BYTES as u64)?;
    GameRecord::read(&bytes).map_err(|e| describe(lang, path, kind, &e))
}

/// The bytes of a regular file, at most `max` + 1 of them (more than `max`: too big), or
/// why they cannot be read, in `lang`.
pub fn read_bytes(lang: Lang, path: &str, max: u64) -> Result<Vec<u8>, String> {
    let shown = escape_line(path).into_owned();
    let io = |e: std::io::Error| {
        let a = [
            ("path", shown.clone().into()),
            ("error", io_error(lang, &e).into()),
        ];
        tr(lang, "error-io-file", &a)
    };
    // Not `File::open`: opening a pipe would wait for a writer.
    let Some(file) = open_regular_file(Path::new(path)).map_err(io)? else {
        return Err(tr(lang, "record-not-a-file", &[("path", shown.into())]));
    };
    let mut bytes = Vec::new();
    file.take(max + 1).read_to_end(&mut bytes).map_err(io)?;
    Ok(bytes)
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
    let mut engine: Engine = crate::packs::engine(lang, &catalog)?;
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
    let t = |key: &'static str, args: &[(&str, Arg)]| {
        let mut all = vec![("path", path.clone().into())];
        all.extend(args.iter().cloned());
        tr(lang, key, &all)
    };
    let damaged = |detail: String| match kind {
        FileKind::Save => t("error-damaged", &[("error", detail.into())]),
        FileKind::Record => t("record-damaged", &[("error", detail.into())]),
    };
    let n = |v: usize| Arg::from(v);
    match error {
        RecordError::TooBig { bytes, max } => {
            t("record-too-big", &[("bytes", n(*bytes)), ("max", n(*max))])
        }
        RecordError::Malformed(e) => {
            let key = match kind {
                FileKind::Save => "error-not-a-save",
                FileKind::Record => "record-not-a-record",
            };
            t(key, &[("error", escape_line(e).into_owned().into())])
        }
        RecordError::OldFormat => t("record-old-format", &[]),
        RecordError::Format { found } => t(
            "error-save-format",
            &[
                ("format", escape_line(found).into_owned().into()),
                ("expected", dungeon_records::FORMAT.into()),
            ],
        ),
        RecordError::RulesVersion { record, engine } => t(
            "record-rules-version",
            &[("record", record.into()), ("engine", engine.into())],
        ),
        RecordError::Prelude => t("record-prelude", &[]),
        RecordError::Packs(changes) => {
            let list = capped(changes.iter().map(|c| pack_change(lang, c)), changes.len());
            t("record-packs", &[("changes", list.join("; ").into())])
        }
        RecordError::PacksUnusable(e) => t(
            "record-packs-unusable",
            &[(
                "error",
                (dungeon_engine::printable::escape_controls(e).into_owned()).into(),
            )],
        ),
        RecordError::Seats { seats, players } => t(
            "error-save-seats",
            &[("seats", n(*seats)), ("players", n(*players))],
        ),
        RecordError::LongName { seat } => t(
            "record-long-name",
            &[("seat", n(seat + 1)), ("max", n(dungeon_records::MAX_NAME))],
        ),
        RecordError::UnknownBot { seat, bot } => t(
            "record-unknown-bot",
            &[
                ("seat", n(seat + 1)),
                ("bot", escape_line(bot).into_owned().into()),
            ],
        ),
        RecordError::TooManyDecisions { count, max } => {
            t("record-too-many", &[("count", n(*count)), ("max", n(*max))])
        }
        RecordError::Bots(e) => damaged(t(
            "record-bots",
            &[("error", escape_line(e).into_owned().into())],
        )),
        RecordError::NotASave => t("record-not-a-save", &[]),
        RecordError::Setup(e) => {
            let e = dungeon_engine::printable::truncate(&e.to_string(), 200).into_owned();
            t(
                "record-setup",
                &[("error", escape_line(&e).into_owned().into())],
            )
        }
        RecordError::WrongSeat {
            number,
            recorded,
            expected,
        } => damaged(t(
            "record-wrong-seat",
            &[
                ("number", n(*number)),
                ("recorded", n(*recorded as usize + 1)),
                ("expected", n(*expected as usize + 1)),
            ],
        )),
        RecordError::AfterEnd { number, action } => damaged(t(
            "record-after-end",
            &[
                ("number", n(*number)),
                ("action", escape_line(action).into_owned().into()),
            ],
        )),
        RecordError::Illegal {
            number,
            action,
            legal,
        } => damaged(t(
            "record-illegal",
            &[
                ("number", n(*number)),
                ("action", escape_line(action).into_owned().into()),
                ("legal", legal.join(", ").into()),
            ],
        )),
        RecordError::Failed { number, .. } => {
            // A script's own message may tell what it saw: it is not shown.
            damaged(t("record-failed", &[("number", n(*number))]))
        }
        RecordError::StateDiffers { at } => damaged(t(
            "record-state-differs",
            &[("at", escape_line(at).into_owned().into())],
        )),
    }
}

fn pack_change(lang: Lang, change: &PackChange) -> String {
    let e = |s: &str| escape_line(s).into_owned();
    match change {
        PackChange::Missing { pack } => {
            tr(lang, "record-pack-missing", &[("pack", e(pack).into())])
        }
        PackChange::Extra { pack } => tr(lang, "record-pack-extra", &[("pack", e(pack).into())]),
        PackChange::Version { pack, record, here } => tr(
            lang,
            "record-pack-version",
            &[
                ("pack", e(pack).into()),
                ("record", e(record).into()),
                ("here", e(here).into()),
            ],
        ),
        PackChange::Files { pack, files } => {
            let listed = files.iter().map(|(file, change)| {
                let key = match change {
                    FileChange::Changed => "record-file-changed",
                    FileChange::Missing => "record-file-missing",
                    FileChange::New => "record-file-new",
                };
                tr(lang, key, &[("file", e(file).into())])
            });
            let files = capped(listed, files.len());
            tr(
                lang,
                "record-pack-files",
                &[("pack", e(pack).into()), ("files", files.join(", ").into())],
            )
        }
        PackChange::Order { record, here } => tr(
            lang,
            "record-pack-order",
            &[
                ("record", (e(&record.join(","))).into()),
                ("here", (e(&here.join(","))).into()),
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
