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
//! views exist only for controlled seats. A front end showing several seats at one screen
//! (hot-seat) picks which seat it shows, and must show nothing private between two seats.

use dungeon_engine::action::{Action, Decision};
use dungeon_engine::catalog::Catalog;
use dungeon_engine::event::Event;
use dungeon_engine::ids::Seat;
use dungeon_engine::options::GameOptions;
use dungeon_engine::view::PlayerView;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::Duration;

/// What is known about a table from the start, the same for every front end.
#[derive(Clone, Debug)]
pub struct TableSetup {
    /// The cards in play (names, strengths, species, texts in every language).
    pub catalog: Arc<Catalog>,
    pub seats: Vec<SeatInfo>,
    pub options: GameOptions,
}

/// One seat at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
pub struct LogEntry {
    /// Position in the log, from 0; the same for every front end at the table.
    pub index: u64,
    /// The event as every seat may see it ([`Event::seen_by`] a seat that is not involved).
    pub public: Event,
    /// The full event, when it differs from the public one and its seat is controlled here.
    pub private: Option<(Seat, Event)>,
}

impl LogEntry {
    /// The event as `viewer` may see it: its private version when it is theirs.
    /// `None` as viewer is a spectator, or the screen between two hot-seat players.
    pub fn seen_by(&self, viewer: Option<Seat>) -> &Event {
        match &self.private {
            Some((seat, event)) if Some(*seat) == viewer => event,
            _ => &self.public,
        }
    }
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
    /// lost...): the message says why, in plain words, with nothing secret in it.
    Stopped { reason: String },
}

/// Why a table refused something.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    #[error("seat {0} is not answered from here")]
    NotYourSeat(Seat),
    #[error("this question was already answered (decision {expected} is pending)")]
    Stale { expected: u32 },
    #[error("that answer is not one of the options")]
    NotAnOption,
    /// The engine refused the move (a card's script failed): the state is unchanged.
    /// The message holds nothing a seat may not know.
    #[error("{0}")]
    Refused(String),
    #[error("{0}")]
    Io(String),
}

/// A game as one front end sees it. See the crate documentation.
pub trait Table {
    fn setup(&self) -> &TableSetup;

    /// Lets the game move on (bots' moves, remote players' answers) for at most `timeout`,
    /// returning as soon as something changed; `true` if the state or the log changed.
    /// Never blocks longer than `timeout`, so a screen stays responsive.
    fn poll(&mut self, timeout: Duration) -> Result<bool, TableError>;

    fn state(&self) -> TableState;

    /// The view of a seat controlled here; `None` for any other seat.
    fn view(&self, seat: Seat) -> Option<PlayerView>;

    /// The whole log so far, as this front end may see it.
    fn log(&self) -> &[LogEntry];

    /// Answers the pending question of a controlled seat. Refused (and nothing changes)
    /// for another seat, a stale `number` or an action the decision does not offer.
    fn answer(&mut self, seat: Seat, number: u32, action: Action) -> Result<(), TableError>;
}
