//! A table at a game server (`dungeon serve`): [`RemoteTable`] plays a game over a
//! WebSocket behind the same [`Table`] boundary as a local game, so `dungeon join` shows it
//! with the very screens of `dungeon play`.
//!
//! The connection lives on a thread of its own with a small tokio runtime (`link.rs`); the
//! [`Table`] methods read what it passed on and never wait longer than they are asked to
//! (an answer waits for the server's `accepted`, a bounded time). What the server sends is
//! checked as it comes (`mirror.rs`). A lost connection shows as a stopped table while the
//! link connects again and takes the seat back with its token; the game then goes on.
//!
//! - `address.rs`: invitations (`ws://HOST:PORT/t/CODE`) and server addresses;
//! - `keys.rs`: the seats' tokens kept on disk, so the same seat can be taken back;
//! - `link.rs`: the connection thread; `mirror.rs`: the table as the server told it.

mod address;
mod keys;
mod link;
mod mirror;

pub use address::{AddressError, Invite, Server};
pub use dungeon_protocol::{ErrorCode, NewTable, PackHash, PackUpload, TableOptions};
pub use keys::{SeatKey, SeatKeys};
pub use link::Reconnect;

use dungeon_engine::action::Action;
use dungeon_engine::catalog::Catalog;
use dungeon_engine::ids::Seat;
use dungeon_engine::view::PlayerView;
use dungeon_protocol::{ClientMessage, ServerMessage};
use dungeon_table::{
    Failure, FailureKind, LogEntry, Note, Notice, OddsState, SaveStatus, Table, TableError,
    TableSetup, TableState,
};
use link::{Down, Link, Up};
use mirror::{Mirror, OddsAsked, Stand};
use std::path::Path;
use std::sync::Arc;
use std::sync::mpsc::{RecvTimeoutError, TryRecvError};
use std::time::{Duration, Instant};

/// How long the server may take to seat a client (beyond connecting).
const SEAT_WITHIN: Duration = Duration::from_secs(15);
/// How long the server may take to acknowledge an answer before the table gives up on it.
const ANSWER_WITHIN: Duration = Duration::from_secs(30);

/// Why a table could not be reached or taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConnectError {
    #[error("{0}")]
    Address(#[from] AddressError),
    #[error("the server could not be reached: {0}")]
    Unreachable(String),
    #[error("the server did not answer in time")]
    Timeout,
    #[error("the server closed the connection")]
    Closed,
    #[error("the server speaks another protocol version (this program speaks {ours}): {message}")]
    VersionMismatch { ours: u32, message: String },
    /// The server refused: an unknown table, a full one, a bad token...
    #[error("refused ({code}): {message}")]
    Refused { code: ErrorCode, message: String },
    #[error("the server sent something that is not the protocol: {0}")]
    Protocol(String),
    /// The packs the table plays with could not be built here (one is missing...).
    #[error("{0}")]
    Packs(String),
    /// This pack is not the same here as at the server.
    #[error("the pack {pack} differs from the server's")]
    PackDiffers { pack: String },
    #[error("the connection's thread could not start: {0}")]
    Thread(String),
}

/// How to sit at a table.
#[derive(Clone, Debug)]
pub enum Sit {
    /// Opens a new table and takes its first seat (the only one that may start it).
    Create(NewTable),
    Join {
        code: String,
        name: String,
    },
    /// Takes back a seat with its token.
    Rejoin {
        code: String,
        token: String,
    },
    /// Watches: public events only, no seat.
    Watch {
        code: String,
    },
}

impl Sit {
    fn message(self) -> ClientMessage {
        match self {
            Sit::Create(table) => ClientMessage::CreateTable(table),
            Sit::Join { code, name } => ClientMessage::Join { code, name },
            Sit::Rejoin { code, token } => ClientMessage::Rejoin { code, token },
            Sit::Watch { code } => ClientMessage::Watch { code },
        }
    }

    fn code(&self) -> String {
        match self {
            Sit::Create(_) => String::new(),
            Sit::Join { code, .. } | Sit::Rejoin { code, .. } | Sit::Watch { code } => code.clone(),
        }
    }
}

/// A game at a server, seen from one seat (or as a spectator). See the crate documentation.
pub struct RemoteTable {
    link: Link,
    mirror: Mirror,
    /// The connection has ended for good (closed here, or given up).
    ended: bool,
}

/// `library` with the pack a table's creator brought (its files as the server sent them),
/// read as any pack is: its scripts are compiled in this program's sandbox.
pub fn with_brought(
    library: &dungeon_engine::catalog::PackLibrary,
    pack: &PackUpload,
) -> Result<dungeon_engine::catalog::PackLibrary, String> {
    let mut files = dungeon_engine::catalog::MemoryFiles::new();
    for (path, text) in &pack.files {
        files.insert(&format!("brought/{path}"), text.as_str());
    }
    let mut library = library.clone();
    library
        .load_in(&files, "brought", &format!("brought/{}", pack.manifest))
        .map_err(|d| d.to_string())?;
    Ok(library)
}

impl RemoteTable {
    /// Connects to `server` (`ws://HOST:PORT/ws`) and sits as `sit` says. `catalog` builds
    /// the cards from this program's own copy of the packs the table names (in its order);
    /// each pack is then checked against the server's hash, and one that differs is
    /// refused by name. Blocks until seated or refused (a bounded time).
    pub fn connect(
        server: &Server,
        sit: Sit,
        catalog: impl FnOnce(&[String]) -> Result<Arc<Catalog>, String>,
        reconnect: Reconnect,
    ) -> Result<RemoteTable, ConnectError> {
        RemoteTable::connect_bringing(server, sit, |ids, _| catalog(ids), reconnect)
    }

    /// [`RemoteTable::connect`] where `catalog` is also given the pack the table's creator
    /// brought, if any (see [`with_brought`]).
    pub fn connect_bringing(
        server: &Server,
        sit: Sit,
        catalog: impl FnOnce(&[String], Option<&PackUpload>) -> Result<Arc<Catalog>, String>,
        reconnect: Reconnect,
    ) -> Result<RemoteTable, ConnectError> {
        let code = sit.code();
        let link = link::start(server.endpoint(), sit.message(), reconnect)
            .map_err(|e| ConnectError::Thread(e.to_string()))?;
        let until = Instant::now() + SEAT_WITHIN + Duration::from_secs(10);
        let first = loop {
            let left = until.saturating_duration_since(Instant::now());
            match link.up.recv_timeout(left) {
                Ok(Up::Message(m)) => match *m {
                    m @ (ServerMessage::TableCreated { .. }
                    | ServerMessage::Seated { .. }
                    | ServerMessage::Watching { .. }) => break m,
                    ServerMessage::Error { code, message } => {
                        let _ = link.down.send(Down::Close);
                        return Err(ConnectError::Refused { code, message });
                    }
                    _ => {}
                },
                Ok(Up::Failed(e) | Up::Abandoned(e)) => return Err(e),
                Ok(Up::Lost | Up::Back(_)) => return Err(ConnectError::Closed),
                Err(RecvTimeoutError::Timeout) => {
                    let _ = link.down.send(Down::Close);
                    return Err(ConnectError::Timeout);
                }
                Err(RecvTimeoutError::Disconnected) => return Err(ConnectError::Closed),
            }
        };
        let setup = match &first {
            ServerMessage::TableCreated { setup, .. }
            | ServerMessage::Seated { setup, .. }
            | ServerMessage::Watching { setup } => setup.clone(),
            _ => unreachable!("only a seating message ends the loop"),
        };
        let ids: Vec<String> = setup.packs.iter().map(|p| p.id.clone()).collect();
        let checked = catalog(&ids, setup.brought.as_ref())
            .map_err(ConnectError::Packs)
            .and_then(|catalog| {
                dungeon_protocol::check_packs(&catalog, &setup.packs)
                    .map(|()| catalog)
                    .map_err(|pack| ConnectError::PackDiffers { pack })
            });
        let catalog = match checked {
            Ok(catalog) => catalog,
            Err(e) => {
                let _ = link.down.send(Down::Close);
                return Err(e);
            }
        };
        let table_setup = TableSetup {
            catalog,
            seats: mirror::seats(&setup, None),
            options: setup.options.clone(),
            seed: None,
        };
        let mut table = RemoteTable {
            link,
            mirror: Mirror::new(table_setup, code),
            ended: false,
        };
        table.mirror.apply(first);
        // What came with the seat (a seat taken back: the log so far, the view).
        table.drain();
        Ok(table)
    }

    /// The table's code (its invitation names it).
    pub fn code(&self) -> &str {
        &self.mirror.code
    }

    /// The seat this table answers for; `None` for a spectator.
    pub fn seat(&self) -> Option<Seat> {
        self.mirror.seat
    }

    /// The seat's secret token: keep it to take the seat back ([`Sit::Rejoin`]).
    pub fn token(&self) -> Option<&str> {
        self.mirror.token.as_deref()
    }

    /// The game has started (the creator said so).
    pub fn started(&self) -> bool {
        self.mirror.started
    }

    /// The seats known to be taken by people: this one, and those who joined since.
    pub fn taken(&self) -> Vec<Seat> {
        (0..self.mirror.taken.len() as Seat)
            .filter(|&s| self.mirror.taken[s as usize])
            .collect()
    }

    /// The last refusal of the server no call was waiting for (a `start` refused), once.
    pub fn take_refusal(&mut self) -> Option<(ErrorCode, String)> {
        self.mirror.refusal.take()
    }

    /// Starts the game (the creator only, once every human seat is taken). The server's
    /// refusal, if any, comes through [`RemoteTable::take_refusal`]; [`Table::poll`] until
    /// [`RemoteTable::started`].
    pub fn start(&mut self) {
        self.send(ClientMessage::Start {});
    }

    /// The connection is lost for good (or the table closed).
    pub fn ended(&self) -> bool {
        self.ended
    }

    fn send(&mut self, message: ClientMessage) {
        if self.link.down.send(Down::Send(message)).is_err() {
            self.lose_for_good();
        }
    }

    fn lose_for_good(&mut self) {
        self.end_with(Notice::GaveUp);
    }

    /// The connection has ended for good; `why` is noted unless the game was over.
    fn end_with(&mut self, why: Notice) {
        if self.ended {
            return;
        }
        self.ended = true;
        // A game over has nothing left to lose.
        if !matches!(self.mirror.stand, Stand::Over { .. }) {
            self.mirror.lost = true;
            self.mirror.note(why);
        }
    }

    /// Takes in one report of the link; `true` if anything shown changed.
    fn take(&mut self, up: Up) -> bool {
        if matches!(self.mirror.stand, Stand::Over { .. })
            && matches!(up, Up::Lost | Up::Abandoned(_) | Up::Failed(_))
        {
            // The game is over: nothing is left to come back for.
            let _ = self.link.down.send(Down::Close);
            self.ended = true;
            return false;
        }
        match up {
            Up::Message(message) => self.mirror.apply(*message),
            Up::Lost => {
                self.mirror.lost = true;
                self.mirror.odds = None;
                self.mirror.note(Notice::Reconnecting);
                true
            }
            Up::Back(seated) => {
                self.mirror.lost = false;
                self.mirror.note(Notice::Reconnected);
                self.mirror.apply(*seated);
                true
            }
            Up::Failed(ConnectError::Refused {
                code: ErrorCode::SeatTaken,
                ..
            })
            | Up::Abandoned(ConnectError::Refused {
                code: ErrorCode::SeatTaken,
                ..
            }) => {
                self.end_with(Notice::SeatTaken);
                true
            }
            Up::Failed(_) | Up::Abandoned(_) => {
                self.lose_for_good();
                true
            }
        }
    }

    /// Takes in everything the link has passed on so far.
    fn drain(&mut self) -> bool {
        let mut changed = false;
        loop {
            match self.link.up.try_recv() {
                Ok(up) => changed |= self.take(up),
                Err(TryRecvError::Empty) => return changed,
                Err(TryRecvError::Disconnected) => {
                    let was = self.ended;
                    self.lose_for_good();
                    return changed || !was;
                }
            }
        }
    }
}

impl Table for RemoteTable {
    fn setup(&self) -> &TableSetup {
        &self.mirror.setup
    }

    fn poll(&mut self, timeout: Duration) -> Result<bool, TableError> {
        let mut changed = match self.link.up.recv_timeout(timeout) {
            Ok(up) => self.take(up),
            Err(RecvTimeoutError::Timeout) => false,
            Err(RecvTimeoutError::Disconnected) => {
                let was = self.ended;
                self.lose_for_good();
                !was
            }
        };
        changed |= self.drain();
        Ok(changed)
    }

    fn state(&self) -> TableState {
        self.mirror.state()
    }

    fn view(&self, seat: Seat) -> Option<PlayerView> {
        match Some(seat) == self.mirror.seat {
            true => self.mirror.view.clone(),
            false => None,
        }
    }

    /// The public part of what the server sent: a spectator's view is already public,
    /// a seat's own loses its secrets here.
    fn public_view(&self) -> Option<PlayerView> {
        self.mirror.view.as_ref().map(dungeon_table::public_part)
    }

    fn log(&self) -> &[LogEntry] {
        &self.mirror.log
    }

    fn notes(&self) -> &[Note] {
        &self.mirror.notes
    }

    fn answer(&mut self, seat: Seat, number: u32, action: Action) -> Result<(), TableError> {
        self.drain();
        if Some(seat) != self.mirror.seat {
            return Err(TableError::NotYourSeat(seat));
        }
        let Some((asked, expected, decision)) = self.mirror.asking() else {
            return Err(if self.mirror.lost {
                TableError::Closed
            } else {
                TableError::NotAsked(seat)
            });
        };
        if asked != seat {
            return Err(TableError::NotAsked(seat));
        }
        if number != expected {
            return Err(TableError::Stale { expected });
        }
        if !decision.legal_actions().contains(&action) {
            return Err(TableError::NotAnOption);
        }
        self.mirror.refusal = None;
        self.send(ClientMessage::Answer { number, action });
        let until = Instant::now() + ANSWER_WITHIN;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            let up = match self.link.up.recv_timeout(left) {
                Ok(up) => up,
                Err(_) => {
                    // No word in time: the connection is as good as lost.
                    self.lose_for_good();
                    return Err(TableError::Closed);
                }
            };
            let lost = matches!(up, Up::Lost | Up::Failed(_) | Up::Abandoned(_));
            let accepted = matches!(&up, Up::Message(m)
                if matches!(**m, ServerMessage::Accepted { number: n } if n == number));
            self.take(up);
            if accepted {
                return Ok(());
            }
            if lost {
                return Err(TableError::Closed);
            }
            if let Some((code, _)) = self.mirror.refusal.take() {
                return Err(match code {
                    ErrorCode::Stale => TableError::Stale {
                        expected: self.mirror.asking().map_or(number, |(_, n, _)| n),
                    },
                    ErrorCode::NotAnOption => TableError::NotAnOption,
                    ErrorCode::NotYourTurn => TableError::NotAsked(seat),
                    ErrorCode::Refused => TableError::Refused(Failure {
                        kind: FailureKind::Move,
                        log: None,
                    }),
                    _ => TableError::Closed,
                });
            }
        }
    }

    fn ask_odds(&mut self, seat: Seat) -> Result<(), TableError> {
        self.drain();
        if Some(seat) != self.mirror.seat {
            return Err(TableError::NotYourSeat(seat));
        }
        let Some((_, number, _)) = self.mirror.asking() else {
            return Err(TableError::NotAsked(seat));
        };
        self.mirror.odds = Some(OddsAsked {
            number,
            since: Instant::now(),
            result: None,
        });
        self.send(ClientMessage::AskOdds {});
        Ok(())
    }

    fn odds(&self, seat: Seat) -> OddsState {
        self.mirror.odds(seat)
    }

    fn saving(&self) -> SaveStatus {
        SaveStatus::default()
    }

    /// The server keeps the game: there is nothing to write here.
    fn save_to(&mut self, _path: &Path, _replace_other_game: bool) -> Result<(), TableError> {
        Err(TableError::Unavailable)
    }

    fn close(&mut self) {
        let _ = self.link.down.send(Down::Close);
        self.ended = true;
    }
}

impl Drop for RemoteTable {
    fn drop(&mut self) {
        let _ = self.link.down.send(Down::Close);
    }
}
