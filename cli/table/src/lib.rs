//! The table: the boundary between a game and whoever shows it.
//!
//! A front end (the full-screen table, the line mode, a network client) never touches a
//! `GameState`. It holds a [`Table`] and asks it which seat must answer, that seat's
//! [`PlayerView`], the log as the seats it controls may see it, and gives answers back.
//! Behind the trait sits either a local table (the engine and the bots in this process,
//! the bots thinking on another thread) or a remote one (a server, seats over the network).
//!
//! What a table hands out is already stripped of secrets: the log holds each event in the
//! version everyone may see, plus the full version only for a seat this front end controls;
//! views exist only for controlled seats, and [`Table::public_view`] for everyone. A front
//! end showing several seats at one screen (hot-seat) picks which seat it shows, and must
//! show nothing private between two seats.
//!
//! - [`LocalTable`] (`local/`): the engine and the bots on a worker thread of this process;
//! - [`disk`]: atomic writes, and whether a file holds an earlier point of the same game;
//! - `public.rs`: the public view, what every seat may know ([`public_part`]).

use dungeon_engine::action::{Action, Answer, CardRef, Decision, DecisionKind};
use dungeon_engine::catalog::Catalog;
use dungeon_engine::event::Event;
use dungeon_engine::ids::{MonsterId, Seat};
use dungeon_engine::options::GameOptions;
use dungeon_engine::view::{PlayerView, ViewPhase};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

pub mod disk;
mod local;
mod public;

pub use local::{
    Autosave, LocalGame, LocalTable, ODDS_EFFORT, Start, StartError, failure_kind, work_out_odds,
};
pub use public::{public_part, public_view};

/// Nobody's seat: the viewer of what every seat may see (an event's public version, the
/// public view's `seat`).
pub const NOBODY: Seat = Seat::MAX;

/// What is known about a table from the start, the same for every front end.
#[derive(Clone, Debug)]
pub struct TableSetup {
    /// The cards in play (names, strengths, species, texts in every language).
    pub catalog: Arc<Catalog>,
    pub seats: Vec<SeatInfo>,
    pub options: GameOptions,
    /// The game's seed, when this front end may know it: a local game, which can be
    /// played again from it. A remote table keeps it secret (it decides every shuffle).
    pub seed: Option<u64>,
}

/// One seat at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SeatInfo {
    /// The name given to the seat; empty for a default name (shown in the reader's language).
    pub name: String,
    /// The bot level playing this seat (`random`, `rules`, `ismcts`...), if a bot plays it.
    pub bot: Option<String>,
    /// This front end answers for the seat (a human at this screen).
    pub controlled: bool,
}

/// One event of the game's log as this front end may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct LogEntry {
    /// Position in the log, from 0; the same for every front end at the table.
    pub index: u64,
    /// The event as every seat may see it ([`Event::seen_by`] a seat that is not involved).
    pub public: Event,
    /// The full event, when it differs from the public one and its seat is controlled here.
    pub private: Option<(Seat, Event)>,
}

impl LogEntry {
    /// `event` as the log keeps it for a front end that answers for `seats`: the version
    /// every seat may see, and the full version when it differs and its seat is one of
    /// `seats` (a local table's controlled seats; one seat or none over the network).
    pub fn of(index: u64, event: &Event, seats: &[Seat]) -> LogEntry {
        let public = event.seen_by(NOBODY);
        let private = seats.iter().find_map(|&seat| {
            let seen = event.seen_by(seat);
            (seen != public).then_some((seat, seen))
        });
        LogEntry {
            index,
            public,
            private,
        }
    }

    /// The event as `viewer` may see it: its private version when it is theirs.
    /// `None` as viewer is a spectator, or the screen between two hot-seat players.
    pub fn seen_by(&self, viewer: Option<Seat>) -> &Event {
        match &self.private {
            Some((seat, event)) if Some(*seat) == viewer => event,
            _ => &self.public,
        }
    }
}

/// Something a table tells its front ends beside the game's events: who came and went,
/// a bot answering for a player who ran out of time, the connection to a remote table.
/// Public: every front end at the table may show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The table's creator started the game.
    Started,
    /// The seat's player did not answer in time: a bot of the table's level answered for
    /// them (they answer again from the next decision on).
    TimedOut { seat: Seat },
    /// A player took the seat (or took it back).
    Joined { seat: Seat },
    /// The seat's player went away (the connection closed); the seat waits for them.
    Left { seat: Seat },
    /// The game over, the seat's player opened the next one at a new table, `code`.
    Rematch { seat: Seat, code: String },
    /// The connection to the table was lost; this front end is trying to get it back.
    Reconnecting,
    /// The connection is back and the seat taken again.
    Reconnected,
    /// The connection could not be had back (the reason in the front end's words is
    /// its own: the server gone, the seat's token refused...).
    GaveUp,
    /// Another connection took this seat with its token (the same seat opened twice):
    /// this front end stops and does not take it back.
    SeatTaken,
}

/// A [`Notice`] and where it falls in the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// It came after this many log entries.
    pub after: u64,
    pub notice: Notice,
}

/// Where the game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableState {
    /// A seat controlled here must answer `decision`; `number` counts the decisions already
    /// applied, and identifies this question in [`Table::answer`] (a stale answer is refused).
    Asking {
        seat: Seat,
        number: u32,
        decision: Decision,
    },
    /// Someone who is not controlled here decides: a bot (thinking since `for_how_long`),
    /// or a remote player.
    Waiting { seat: Seat, for_how_long: Duration },
    /// The game is over.
    Over { winner: Option<Seat> },
    /// The game cannot go on (a card's script failed on a bot's move, the connection is
    /// lost...). It can still be saved.
    Stopped { failure: Failure },
}

/// A move the engine refused, or why the game stopped: what players may be told, with
/// nothing secret in it (no text a script wrote, no card some seat has not seen).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub kind: FailureKind,
    /// The file the full error went to, for the pack's author, and whether it could be
    /// written there.
    pub log: Option<(PathBuf, Result<(), String>)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FailureKind {
    /// This card's script failed; every seat can see the card (a tile, a monster face up).
    Script(CardRef),
    /// The script of a monster that not every seat has seen failed: it is not named,
    /// naming it could tell which hidden card it is.
    HiddenMonster,
    /// The engine refused the move for another reason.
    Move,
    /// The game is out of reach: the local worker ended, the connection is lost.
    Lost,
    /// The server closed the table: never started, or left by its people, for too long.
    Expired,
}

/// Why a table refused something.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    #[error("seat {0} is not answered from here")]
    NotYourSeat(Seat),
    #[error("seat {0} has no question to answer")]
    NotAsked(Seat),
    #[error("this question was already answered (decision {expected} is pending)")]
    Stale { expected: u32 },
    #[error("that answer is not one of the options")]
    NotAnOption,
    /// The engine refused the move (a card's script failed): the state is unchanged.
    #[error("the move was refused")]
    Refused(Failure),
    /// [`Table::save_to`]: the file holds another game (or something else): replacing it
    /// must be asked for.
    #[error("the file holds another game")]
    OtherGame,
    /// The save would be larger than a save may be; it was not written.
    #[error("the save would be {bytes} bytes, too big to load again")]
    TooBig { bytes: usize },
    /// This table cannot do that (a remote table has no save to write, say).
    #[error("not available at this table")]
    Unavailable,
    /// The game is out of reach (see [`FailureKind::Lost`]).
    #[error("the game has stopped")]
    Closed,
    #[error("{0}")]
    Io(DiskError),
}

/// A file that could not be read or written: the kind of error (a front end says the
/// common ones in its player's language) and the system's own words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct DiskError {
    pub kind: std::io::ErrorKind,
    pub message: String,
}

impl From<&std::io::Error> for DiskError {
    fn from(e: &std::io::Error) -> DiskError {
        DiskError {
            kind: e.kind(),
            message: e.to_string(),
        }
    }
}

impl From<std::io::Error> for DiskError {
    fn from(e: std::io::Error) -> DiskError {
        DiskError::from(&e)
    }
}

impl DiskError {
    /// As an I/O error again, of the same kind and with the same words.
    pub fn to_io(&self) -> std::io::Error {
        std::io::Error::new(self.kind, self.message.clone())
    }
}

/// A seat's chances in its own run (the `o` key), worked out from what that seat may
/// know only: what it put in, what it has not seen.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Odds {
    /// The decision count when they were worked out (see [`TableState::Asking`]).
    pub number: u32,
    pub now: OddsNow,
    /// Holding a drawn card: the chance of surviving with it put into the dungeon.
    pub with_card: Option<(MonsterId, f64)>,
    /// Every figure is exact (else some are sampled estimates).
    pub exact: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum OddsNow {
    /// The chance of surviving the dungeon as it stands.
    Survive(f64),
    /// At a question of the seat's own run: the chance with each answer.
    Answers(Vec<(Answer, f64)>),
}

/// Where a seat's odds stand.
#[derive(Clone, Debug, PartialEq)]
pub enum OddsState {
    /// Not asked for at this decision.
    None,
    /// They mean nothing now: see [`odds_available`].
    Unavailable,
    Thinking {
        for_how_long: Duration,
    },
    Ready(Odds),
    /// The search failed (a card's script, in a dungeon the seat imagined).
    Failed(String),
}

/// Whether odds mean something for `view`'s seat: while bidding once the adventurer is
/// known (the dungeon it would run), or at a question in its own run.
pub fn odds_available(view: &PlayerView) -> bool {
    match view.phase {
        ViewPhase::Bidding { .. } => view.adventurer.is_some(),
        ViewPhase::Dungeon { runner } => {
            runner == view.seat
                && view
                    .decision
                    .as_ref()
                    .is_some_and(|d| matches!(d.kind, DecisionKind::Question(_)))
        }
        _ => false,
    }
}

/// How the game is kept on disk.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SaveStatus {
    /// The file the game is written to after every decision, if any.
    pub autosave: Option<PathBuf>,
    /// How many decisions that file holds.
    pub saved: u32,
    /// The game is over and its file marked finished (kept for `dungeon replay`).
    pub finished: bool,
    /// The last write that failed, if the last decision's writes did not all succeed:
    /// the file and why. The game goes on; `saved` says what the autosave holds.
    pub problem: Option<(PathBuf, SaveProblem)>,
}

/// Why a file of the game was not written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveProblem {
    Disk(DiskError),
    /// The save would be larger than a save may be (it could not be loaded again).
    TooBig {
        bytes: usize,
    },
}

/// A game as one front end sees it. See the crate documentation.
pub trait Table {
    fn setup(&self) -> &TableSetup;

    /// Lets the game move on (bots' moves, remote players' answers, odds being worked out)
    /// for at most `timeout`, returning as soon as something changed; `true` if the state,
    /// the log, a view or the odds changed. Never blocks longer than `timeout`, so a screen
    /// stays responsive.
    fn poll(&mut self, timeout: Duration) -> Result<bool, TableError>;

    fn state(&self) -> TableState;

    /// The view of a seat controlled here; `None` for any other seat.
    fn view(&self, seat: Seat) -> Option<PlayerView>;

    /// What every seat may know of the game as it stands ([`public_part`]): the table a
    /// spectator watches, and the screen between two hot-seat players. `None` until the
    /// game is set up (a remote table not started yet).
    fn public_view(&self) -> Option<PlayerView>;

    /// The whole log so far, as this front end may see it.
    fn log(&self) -> &[LogEntry];

    /// Notes beside the log, in the order they came (see [`Notice`]). A local table has
    /// none.
    fn notes(&self) -> &[Note] {
        &[]
    }

    /// Answers the pending question of a controlled seat. Refused (and nothing changes)
    /// for another seat, a stale `number` or an action the decision does not offer. Once
    /// it returns `Ok`, the decision is kept (on disk, for a local table).
    fn answer(&mut self, seat: Seat, number: u32, action: Action) -> Result<(), TableError>;

    /// Starts working out a controlled seat's odds as things stand; they arrive through
    /// [`Table::poll`] and [`Table::odds`].
    fn ask_odds(&mut self, seat: Seat) -> Result<(), TableError>;

    /// A controlled seat's odds at the current decision.
    fn odds(&self, seat: Seat) -> OddsState;

    /// How the game is kept on disk.
    fn saving(&self) -> SaveStatus;

    /// Writes the game, as it stands, to `path` as a save (`dungeon play --load` resumes
    /// it). A file that holds anything but an earlier point of this same game is replaced
    /// only with `replace_other_game` (else [`TableError::OtherGame`]: ask first).
    fn save_to(&mut self, path: &Path, replace_other_game: bool) -> Result<(), TableError>;

    /// Ends the session: nothing is written after this returns (a write under way is
    /// finished first). What was acknowledged is already kept.
    fn close(&mut self);
}
