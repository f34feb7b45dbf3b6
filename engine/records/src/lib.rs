//! # dungeon-records
//!
//! Above the rules and the bots.
//!
//! Game records and saves. A record is everything needed to play a game again: what it was
//! played with (the rules version, the prelude, each pack with its version and the SHA-256
//! of every file that defines it), the options, who sat where, the seed and every decision
//! in order, plus the state they lead to. A save is a record plus each bot's state
//! ([`BotState`]), so a resumed game goes on as the same game never saved would have.
//!
//! Nothing in a file is trusted: [`GameRecord::read`] caps the size and checks the shape,
//! [`GameRecord::catalog`] refuses other packs or rules (naming what changed), and
//! [`Replay`] plays the decisions from the seed, each one legal when its turn comes, and
//! compares the stored state with the one they lead to. The state a game goes on from is
//! always the replayed one, never the file's. `docs/records.md` describes the format.
//!
//! - `packs.rs`: what a record says of its packs, and comparing that with a catalog;
//! - `replay.rs`: decisions as labels, and playing a record again;
//! - `error.rs`: every way a file can be refused.

// The rules' modules and items, under the names they had in the engine.
pub(crate) use dungeon_bots as bot;
#[allow(unused_imports)]
pub(crate) use dungeon_engine::*;

mod error;
mod packs;
mod replay;

pub use error::{FileChange, PackChange, RecordError, SHOWN_CHANGES};
pub use packs::{PackStamp, stamps};
pub use replay::{Replay, Step, action_label};

use crate::action::Action;
use crate::bot::{BotKind, BotState};
use crate::catalog::Catalog;
use crate::ids::Seat;
use crate::options::GameOptions;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// The version of the file format. Format 1 was the save file before records, holding the
/// state alone; it is refused ([`RecordError::OldFormat`]).
pub const FORMAT: u32 = 2;
/// Files larger than this are refused before being parsed. A save holds each rules bot's
/// odds cache: one or two megabytes near the end of a four-player game of rules bots.
pub const MAX_BYTES: usize = 32 << 20;
/// Decisions in one record, at most: far above any real game (a few hundred).
pub const MAX_DECISIONS: usize = 20_000;
/// The longest seat name, in bytes.
pub const MAX_NAME: usize = 100;

/// A game as a file: see the module's documentation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// [`FORMAT`].
    pub format: u32,
    /// [`crate::version::RULES_VERSION`] of the engine that played the game.
    pub rules_version: u32,
    /// The SHA-256 of the prelude the card scripts were built from.
    pub prelude_sha256: String,
    /// Every pack of the game, in load order.
    pub packs: Vec<PackStamp>,
    pub options: GameOptions,
    pub seats: Vec<SeatRecord>,
    pub seed: u64,
    /// Every decision, in order.
    pub decisions: Vec<Move>,
    /// The state after the last decision, as JSON: loading checks that the decisions lead
    /// to exactly this (an unknown or missing field is a difference too). It is never used
    /// as a game state: the game goes on from the replayed one.
    pub state: serde_json::Value,
    /// In a save: each seat's bot state (`null` for a human).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bots: Option<Vec<Option<BotState>>>,
}

/// A bot for each seat, `None` for a human's.
pub type SeatBots = Vec<Option<Box<dyn crate::bot::Bot>>>;

/// Who sat at a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SeatRecord {
    /// The name given; empty for the seat's default name (shown in the reader's language).
    pub name: String,
    /// The bot's kind (`random`, `rules`, `ismcts:500`...); `None` for a human.
    pub bot: Option<String>,
}

impl SeatRecord {
    /// The bot's kind, for a bot seat.
    pub fn bot_kind(&self) -> Option<Result<BotKind, String>> {
        self.bot.as_deref().map(str::parse)
    }
}

/// One decision: who made it and what they chose, as [`action_label`] writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Move {
    pub seat: Seat,
    pub action: String,
}

/// A state as a record stores it.
pub(crate) fn state_json(state: &GameState) -> serde_json::Value {
    serde_json::to_value(state).expect("a state is plain data")
}

#[derive(Deserialize)]
struct FormatProbe {
    format: Option<serde_json::Value>,
}

impl GameRecord {
    /// A record of a game about to start: no decision yet, `state` as `new_game` left it.
    pub fn new(
        catalog: &Catalog,
        options: GameOptions,
        seats: Vec<SeatRecord>,
        seed: u64,
        state: &GameState,
    ) -> GameRecord {
        GameRecord {
            format: FORMAT,
            rules_version: crate::version::RULES_VERSION,
            prelude_sha256: crate::version::prelude_hash(),
            packs: stamps(catalog),
            options,
            seats,
            seed,
            decisions: Vec::new(),
            state: state_json(state),
            bots: None,
        }
    }

    /// Adds a decision that was just applied; `state` is the game after it.
    pub fn push(&mut self, catalog: &Catalog, seat: Seat, action: Action, state: &GameState) {
        self.decisions.push(Move {
            seat,
            action: action_label(catalog, action),
        });
        self.state = state_json(state);
    }

    /// The record as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record is plain data")
    }

    /// Reads a record or a save, checking everything that needs no packs: the size, the
    /// format, the fields and their types, the seats, the bots' states, the number of
    /// decisions. The packs are checked by [`GameRecord::catalog`], the decisions by
    /// [`Replay`].
    pub fn read(bytes: &[u8]) -> Result<GameRecord, RecordError> {
        if bytes.len() > MAX_BYTES {
            return Err(RecordError::TooBig {
                bytes: bytes.len(),
                max: MAX_BYTES,
            });
        }
        let malformed = |e: serde_json::Error| {
            RecordError::Malformed(crate::printable::truncate(&e.to_string(), 300).into_owned())
        };
        let probe: FormatProbe = serde_json::from_slice(bytes).map_err(malformed)?;
        match probe.format {
            Some(serde_json::Value::Number(n)) if n.as_u64() == Some(FORMAT as u64) => {}
            Some(serde_json::Value::Number(n)) if n.as_u64() == Some(1) => {
                return Err(RecordError::OldFormat);
            }
            Some(other) => {
                return Err(RecordError::Format {
                    found: crate::printable::truncate(&other.to_string(), 40).into_owned(),
                });
            }
            None => return Err(RecordError::Malformed("no `format` field".into())),
        }
        let record: GameRecord = serde_json::from_slice(bytes).map_err(malformed)?;
        // The stored state is only compared, but a field of the wrong type is a malformed
        // file, not merely another game.
        GameState::deserialize(&record.state).map_err(|e| {
            let e = format!("state: {e}");
            RecordError::Malformed(crate::printable::truncate(&e, 300).into_owned())
        })?;
        record.check_shape()?;
        Ok(record)
    }

    fn check_shape(&self) -> Result<(), RecordError> {
        let players = self.options.players as usize;
        if self.seats.len() != players {
            return Err(RecordError::Seats {
                seats: self.seats.len(),
                players,
            });
        }
        for (i, seat) in self.seats.iter().enumerate() {
            if seat.name.len() > MAX_NAME {
                return Err(RecordError::LongName { seat: i });
            }
            if let Some(Err(_)) = seat.bot_kind() {
                return Err(RecordError::UnknownBot {
                    seat: i,
                    bot: error::clip(seat.bot.as_deref().unwrap_or("")),
                });
            }
        }
        if self.decisions.len() > MAX_DECISIONS {
            return Err(RecordError::TooManyDecisions {
                count: self.decisions.len(),
                max: MAX_DECISIONS,
            });
        }
        if self.bots.is_some() {
            self.restore_bots()?;
        }
        Ok(())
    }

    /// The bots of a save, as they were when it was written: `None` for a human's seat.
    /// A record with no bot state (not a save) gives [`RecordError::NotASave`] if any seat
    /// is a bot's.
    pub fn restore_bots(&self) -> Result<SeatBots, RecordError> {
        let Some(states) = &self.bots else {
            if self.seats.iter().all(|s| s.bot.is_none()) {
                return Ok(self.seats.iter().map(|_| None).collect());
            }
            return Err(RecordError::NotASave);
        };
        if states.len() != self.seats.len() {
            return Err(RecordError::Bots(format!(
                "{} bot states for {} seats",
                states.len(),
                self.seats.len()
            )));
        }
        let bad =
            |seat: usize, what: String| RecordError::Bots(format!("seat {}: {what}", seat + 1));
        self.seats
            .iter()
            .zip(states)
            .enumerate()
            .map(|(i, (seat, state))| match (seat.bot_kind(), state) {
                (None, None) => Ok(None),
                (None, Some(_)) => Err(bad(i, "a human's seat with a bot state".into())),
                (Some(Err(_)), _) => Err(RecordError::UnknownBot {
                    seat: i,
                    bot: error::clip(seat.bot.as_deref().unwrap_or("")),
                }),
                (Some(Ok(_)), None) => Err(bad(i, "a bot with no state".into())),
                (Some(Ok(kind)), Some(state)) => {
                    kind.restore(state).map(Some).map_err(|e| bad(i, e))
                }
            })
            .collect()
    }
}
