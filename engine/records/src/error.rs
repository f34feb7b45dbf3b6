//! Every way a record or a save can be refused. Each carries what a front end needs to
//! say it in the player's language; `Display` says it in English. Text that came from the
//! file (pack ids, versions, paths, labels) is escaped before it is shown.

use crate::printable::escape_line;
use dungeon_engine::error::EngineError;
use std::fmt;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RecordError {
    #[error("the file is {bytes} bytes, more than a record may be ({max})")]
    TooBig { bytes: usize, max: usize },
    #[error("not a game record: {}", escape_line(.0))]
    Malformed(String),
    #[error("saved by an older version (format 1), which kept no record of the decisions")]
    OldFormat,
    #[error("format {found}, this version reads format {}", super::FORMAT)]
    Format { found: String },
    #[error("made under rules version {record}, this engine plays version {engine}")]
    RulesVersion { record: u32, engine: u32 },
    #[error("made with another version of the script helper library (the prelude)")]
    Prelude,
    #[error("made with other packs: {}", list(.0))]
    Packs(Vec<PackChange>),
    #[error("its packs cannot be played together here: {}", crate::printable::escape_controls(.0))]
    PacksUnusable(String),
    #[error("{seats} seats for {players} players")]
    Seats { seats: usize, players: usize },
    #[error("seat {}: its name is longer than {} bytes", .seat + 1, super::MAX_NAME)]
    LongName { seat: usize },
    #[error("seat {}: unknown bot `{}`", .seat + 1, escape_line(.bot))]
    UnknownBot { seat: usize, bot: String },
    #[error("{count} decisions, more than a record may hold ({max})")]
    TooManyDecisions { count: usize, max: usize },
    #[error("bot states: {}", escape_line(.0))]
    Bots(String),
    #[error(
        "it holds no bot state: it is a game record, not a save (replay it with `dungeon replay`)"
    )]
    NotASave,
    #[error("the game cannot start with the record's options: {}", escape_line(&clip(&.0.to_string())))]
    Setup(EngineError),
    #[error("decision {number} is seat {}'s, but seat {}'s turn comes", *.recorded as usize + 1, *.expected as usize + 1)]
    WrongSeat {
        number: usize,
        recorded: u8,
        expected: u8,
    },
    #[error("decision {number} (`{}`) comes after the end of the game", escape_line(.action))]
    AfterEnd { number: usize, action: String },
    #[error("decision {number}: `{}` is not legal now (legal: {})", escape_line(.action), .legal.join(", "))]
    Illegal {
        number: usize,
        action: String,
        legal: Vec<String>,
    },
    #[error("decision {number} failed: {}", escape_line(&.error.to_string()))]
    Failed { number: usize, error: EngineError },
    #[error("the stored game differs from the one its decisions lead to (at `{}`)", escape_line(.at))]
    StateDiffers { at: String },
}

/// How one pack differs from the record's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PackChange {
    /// The record's pack is not available here.
    Missing { pack: String },
    /// A pack is in play here that the record did not use.
    Extra { pack: String },
    Version {
        pack: String,
        record: String,
        here: String,
    },
    /// Files of the pack that differ, by path relative to its manifest.
    Files {
        pack: String,
        files: Vec<(String, FileChange)>,
    },
    /// The same packs, loaded in another order.
    Order {
        record: Vec<String>,
        here: Vec<String>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileChange {
    Changed,
    /// In the record, not here.
    Missing,
    /// Here, not in the record.
    New,
}

impl fmt::Display for PackChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PackChange::Missing { pack } => {
                write!(f, "pack `{}` is not available", escape_line(pack))
            }
            PackChange::Extra { pack } => {
                write!(
                    f,
                    "pack `{}` is in play but not in the record",
                    escape_line(pack)
                )
            }
            PackChange::Version { pack, record, here } => write!(
                f,
                "pack `{}` is version {} here, the record's is {}",
                escape_line(pack),
                escape_line(here),
                escape_line(record)
            ),
            PackChange::Files { pack, files } => {
                let more = files.len() > SHOWN_CHANGES;
                let mut files: Vec<String> = files
                    .iter()
                    .take(SHOWN_CHANGES)
                    .map(|(path, change)| {
                        let what = match change {
                            FileChange::Changed => "changed",
                            FileChange::Missing => "missing here",
                            FileChange::New => "new",
                        };
                        format!("{} ({what})", escape_line(path))
                    })
                    .collect();
                if more {
                    files.push("…".into());
                }
                write!(f, "pack `{}`: {}", escape_line(pack), files.join(", "))
            }
            PackChange::Order { record, here } => write!(
                f,
                "packs in another order ({} here, {} in the record)",
                escape_line(&here.join(",")),
                escape_line(&record.join(","))
            ),
        }
    }
}

/// At most this many changes are listed, and this many files of one pack.
pub const SHOWN_CHANGES: usize = 10;

fn list(changes: &[PackChange]) -> String {
    let mut shown: Vec<String> = changes
        .iter()
        .take(SHOWN_CHANGES)
        .map(ToString::to_string)
        .collect();
    if changes.len() > SHOWN_CHANGES {
        shown.push("…".into());
    }
    shown.join("; ")
}

/// Text from a file, cut to a length fit for a message.
pub(crate) fn clip(text: &str) -> String {
    crate::printable::truncate(text, 100).into_owned()
}
