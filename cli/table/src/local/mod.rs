//! The local table: the engine and the bots in this process, on a worker thread of their
//! own (`worker.rs`), so a screen never waits for a bot. The Lua host is not `Send`, nor is
//! a bot: both are made on the worker and never leave it. The front end's side
//! ([`LocalTable`]) keeps what the worker last published: the log already split into
//! public and private versions, the views of the seats controlled here, where the game
//! stands. Odds are worked out on a third thread (`odds.rs`), with an engine of its own,
//! so asking for them never holds up the game or an answer.
//!
//! Every decision is written to disk (the autosave, the record) before the next question
//! is published, and [`Table::answer`] returns only once that is done: an acknowledged
//! decision is never lost.

mod failure;
mod odds;
#[cfg(test)]
mod tests;
mod worker;

pub use failure::kind as failure_kind;
pub use odds::{EFFORT as ODDS_EFFORT, work_out as work_out_odds};

use crate::disk::{self, Found, Gate};
use crate::{
    Failure, FailureKind, LogEntry, OddsState, SaveStatus, SeatInfo, Table, TableError, TableSetup,
    TableState,
};
use dungeon_engine::GameState;
use dungeon_engine::action::{Action, Decision};
use dungeon_engine::catalog::{Catalog, Diagnostics};
use dungeon_engine::error::EngineError;
use dungeon_engine::ids::Seat;
use dungeon_engine::options::GameOptions;
use dungeon_engine::view::PlayerView;
use dungeon_records::{GameRecord, MAX_BYTES, RecordError, SeatRecord};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A game for [`LocalTable::start`].
pub struct LocalGame {
    pub catalog: Arc<Catalog>,
    pub start: Start,
    /// Where the game is written after every decision (a new game: at once).
    pub autosave: Option<Autosave>,
    /// Where its record (without the bots' state) is written after every decision.
    pub record: Option<PathBuf>,
    /// Where the full error is written when a card's script fails (for the pack's author).
    pub error_log: Option<PathBuf>,
    /// The least time a bot takes for a move (its thinking included), so that people at
    /// the table can follow; nothing is decided differently.
    pub bot_pace: Duration,
}

/// How the game begins. Humans sit at the seats with no bot; this table answers for them.
pub enum Start {
    /// A new game. Each bot is seeded from the game's seed and its seat
    /// ([`dungeon_bots::seat_seed`]), as in `dungeon sim`.
    New {
        options: GameOptions,
        seats: Vec<SeatRecord>,
        seed: u64,
    },
    /// A save (or the record of a game of humans only) to go on from: its decisions are
    /// played again and checked first, and the bots restored as they were.
    Resume(GameRecord),
}

/// The autosave: the file, and the name it takes once the game is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Autosave {
    pub path: PathBuf,
    pub finished: PathBuf,
}

/// Why a game could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The packs' scripts could not be built.
    #[error("{0}")]
    Packs(Diagnostics),
    /// The engine refused to set the game up (options the packs do not allow...).
    #[error(transparent)]
    Setup(EngineError),
    #[error("seat {}: {error}", seat + 1)]
    Bot { seat: usize, error: String },
    /// The save or record was refused.
    #[error(transparent)]
    Record(RecordError),
    /// The worker thread could not start, or ended before the game was set up.
    #[error("the game's thread could not start: {0}")]
    Thread(String),
}

/// What the front end asks the worker.
enum Command {
    Answer {
        seat: Seat,
        number: u32,
        action: Action,
    },
    Close,
}

/// What the worker and the odds thread tell the front end, in order.
enum Update {
    Started(Result<Box<Published>, StartError>),
    Moved(Box<Published>),
    /// The reply to a [`Command::Answer`], after its `Moved`.
    Answered(Result<(), TableError>),
    Odds {
        seat: Seat,
        number: u32,
        result: Result<crate::Odds, String>,
    },
}

/// The game as the worker last left it, with only what this front end may see.
struct Published {
    log: Vec<LogEntry>,
    /// The view of each controlled seat.
    views: Vec<(Seat, PlayerView)>,
    stand: Stand,
    /// Decisions applied so far.
    number: u32,
    /// The whole state, for the odds thread (never handed to the front end).
    game: Arc<GameState>,
    /// The save (record and bots) as it stands, for [`Table::save_to`].
    save: Arc<String>,
    saving: SaveStatus,
}

#[derive(Clone, Debug)]
enum Stand {
    Asking { seat: Seat, decision: Decision },
    Thinking { seat: Seat, since: Instant },
    Over { winner: Option<Seat> },
    Stopped(Failure),
}

#[derive(Clone, Debug)]
enum OddsSlot {
    None,
    Unavailable,
    Thinking { since: Instant },
    Ready(crate::Odds),
    Failed(String),
}

/// See the module's documentation.
pub struct LocalTable {
    setup: TableSetup,
    stand: Stand,
    number: u32,
    views: Vec<Option<PlayerView>>,
    log: Vec<LogEntry>,
    game: Arc<GameState>,
    save: Arc<String>,
    saving: SaveStatus,
    odds: Vec<OddsSlot>,
    odds_jobs: Option<Sender<odds::Job>>,
    commands: Sender<Command>,
    updates: Receiver<Update>,
    /// A sender for the odds thread, started when first needed.
    updates_tx: Sender<Update>,
    worker: JoinHandle<()>,
    gate: Arc<Gate>,
}

impl LocalTable {
    /// Starts the game on its worker thread and waits until it is set up (a save's
    /// decisions played again and checked, the first writes done).
    pub fn start(game: LocalGame) -> Result<LocalTable, StartError> {
        let (seats, options, seed) = match &game.start {
            Start::New {
                options,
                seats,
                seed,
            } => (seats.clone(), options.clone(), *seed),
            Start::Resume(record) => (record.seats.clone(), record.options.clone(), record.seed),
        };
        let setup = TableSetup {
            catalog: game.catalog.clone(),
            seats: seats
                .iter()
                .map(|s| SeatInfo {
                    name: s.name.clone(),
                    bot: s.bot.clone(),
                    controlled: s.bot.is_none(),
                })
                .collect(),
            options,
            seed: Some(seed),
        };
        let (commands, commands_rx) = std::sync::mpsc::channel();
        let (updates_tx, updates) = std::sync::mpsc::channel();
        let gate = Arc::new(Gate::default());
        let worker = {
            let (updates_tx, gate) = (updates_tx.clone(), gate.clone());
            std::thread::Builder::new()
                .name("dungeon-table".into())
                .spawn(move || worker::run(game, commands_rx, updates_tx, gate))
                .map_err(|e| StartError::Thread(e.to_string()))?
        };
        // This side holds a sender too (for the odds thread): a worker that ended is seen
        // by its handle, not by the channel.
        let first = loop {
            match updates.recv_timeout(Duration::from_millis(50)) {
                Ok(Update::Started(result)) => break result?,
                Err(RecvTimeoutError::Timeout) if !worker.is_finished() => {}
                _ => return Err(StartError::Thread("it ended".into())),
            }
        };
        let players = setup.seats.len();
        let mut table = LocalTable {
            setup,
            stand: first.stand.clone(),
            number: 0,
            views: vec![None; players],
            log: Vec::new(),
            game: first.game.clone(),
            save: first.save.clone(),
            saving: SaveStatus::default(),
            odds: vec![OddsSlot::None; players],
            odds_jobs: None,
            commands,
            updates,
            updates_tx,
            worker,
            gate,
        };
        table.take(Update::Moved(first));
        Ok(table)
    }

    fn controlled(&self, seat: Seat) -> bool {
        self.setup
            .seats
            .get(seat as usize)
            .is_some_and(|s| s.controlled)
    }

    /// Takes in one update; `true` if anything a front end shows changed.
    fn take(&mut self, update: Update) -> bool {
        match update {
            Update::Started(_) | Update::Answered(_) => false,
            Update::Moved(published) => {
                let Published {
                    log,
                    views,
                    stand,
                    number,
                    game,
                    save,
                    saving,
                } = *published;
                if number != self.number {
                    self.odds.fill(OddsSlot::None);
                }
                self.log.extend(log);
                for (seat, view) in views {
                    self.views[seat as usize] = Some(view);
                }
                self.stand = stand;
                self.number = number;
                self.game = game;
                self.save = save;
                self.saving = saving;
                true
            }
            Update::Odds {
                seat,
                number,
                result,
            } => {
                if number != self.number {
                    return false;
                }
                self.odds[seat as usize] = match result {
                    Ok(odds) => OddsSlot::Ready(odds),
                    Err(e) => OddsSlot::Failed(e),
                };
                true
            }
        }
    }

    /// The worker ended without saying why (a bug): the game cannot go on.
    fn lost(&mut self) -> bool {
        if matches!(self.stand, Stand::Over { .. } | Stand::Stopped(_)) {
            return false;
        }
        self.stand = Stand::Stopped(Failure {
            kind: FailureKind::Lost,
            log: None,
        });
        true
    }

    /// Waits for the next update for at most `timeout`; `None` if there was none.
    fn next_update(&mut self, timeout: Duration) -> Option<Update> {
        match self.updates.recv_timeout(timeout) {
            Ok(update) => Some(update),
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }
}

impl Table for LocalTable {
    fn setup(&self) -> &TableSetup {
        &self.setup
    }

    fn poll(&mut self, timeout: Duration) -> Result<bool, TableError> {
        let deadline = Instant::now() + timeout;
        let mut changed = false;
        loop {
            let update = if changed {
                match self.updates.try_recv() {
                    Ok(update) => Some(update),
                    Err(TryRecvError::Empty) | Err(TryRecvError::Disconnected) => None,
                }
            } else {
                self.next_update(deadline.saturating_duration_since(Instant::now()))
            };
            match update {
                Some(update) => changed |= self.take(update),
                None => break,
            }
        }
        if !changed && self.worker.is_finished() {
            changed = self.lost();
        }
        Ok(changed)
    }

    fn state(&self) -> TableState {
        match &self.stand {
            Stand::Asking { seat, decision } => TableState::Asking {
                seat: *seat,
                number: self.number,
                decision: decision.clone(),
            },
            Stand::Thinking { seat, since } => TableState::Waiting {
                seat: *seat,
                for_how_long: since.elapsed(),
            },
            Stand::Over { winner } => TableState::Over { winner: *winner },
            Stand::Stopped(failure) => TableState::Stopped {
                failure: failure.clone(),
            },
        }
    }

    fn view(&self, seat: Seat) -> Option<PlayerView> {
        self.views.get(seat as usize).cloned().flatten()
    }

    fn public_view(&self) -> Option<PlayerView> {
        Some(crate::public_view(&self.game))
    }

    fn log(&self) -> &[LogEntry] {
        &self.log
    }

    fn answer(&mut self, seat: Seat, number: u32, action: Action) -> Result<(), TableError> {
        if !self.controlled(seat) {
            return Err(TableError::NotYourSeat(seat));
        }
        let Stand::Asking {
            seat: asked,
            decision,
        } = &self.stand
        else {
            return Err(TableError::NotAsked(seat));
        };
        if *asked != seat {
            return Err(TableError::NotAsked(seat));
        }
        if number != self.number {
            return Err(TableError::Stale {
                expected: self.number,
            });
        }
        if !decision.allows(&action) {
            return Err(TableError::NotAnOption);
        }
        let sent = self.commands.send(Command::Answer {
            seat,
            number,
            action,
        });
        if sent.is_err() {
            self.lost();
            return Err(TableError::Closed);
        }
        // The worker applies the move and writes it to disk, then replies.
        loop {
            match self.next_update(Duration::from_millis(50)) {
                Some(Update::Answered(result)) => return result,
                Some(update) => {
                    self.take(update);
                }
                None if self.worker.is_finished() => {
                    self.lost();
                    return Err(TableError::Closed);
                }
                None => {}
            }
        }
    }

    fn ask_odds(&mut self, seat: Seat) -> Result<(), TableError> {
        if !self.controlled(seat) {
            return Err(TableError::NotYourSeat(seat));
        }
        let available = self
            .views
            .get(seat as usize)
            .and_then(Option::as_ref)
            .is_some_and(crate::odds_available);
        if !available {
            self.odds[seat as usize] = OddsSlot::Unavailable;
            return Ok(());
        }
        if matches!(self.odds[seat as usize], OddsSlot::Thinking { .. }) {
            return Ok(());
        }
        let jobs = match &self.odds_jobs {
            Some(jobs) => jobs.clone(),
            None => {
                let catalog = self.setup.catalog.clone();
                let jobs = odds::spawn(catalog, self.updates_tx.clone())
                    .map_err(|e| TableError::Io(e.into()))?;
                self.odds_jobs = Some(jobs.clone());
                jobs
            }
        };
        let job = odds::Job {
            state: self.game.clone(),
            seat,
            number: self.number,
        };
        jobs.send(job).map_err(|_| TableError::Closed)?;
        self.odds[seat as usize] = OddsSlot::Thinking {
            since: Instant::now(),
        };
        Ok(())
    }

    fn odds(&self, seat: Seat) -> OddsState {
        match self.odds.get(seat as usize) {
            Some(OddsSlot::Unavailable) => OddsState::Unavailable,
            Some(OddsSlot::Thinking { since }) => OddsState::Thinking {
                for_how_long: since.elapsed(),
            },
            Some(OddsSlot::Ready(odds)) => OddsState::Ready(odds.clone()),
            Some(OddsSlot::Failed(e)) => OddsState::Failed(e.clone()),
            Some(OddsSlot::None) | None => OddsState::None,
        }
    }

    fn saving(&self) -> SaveStatus {
        self.saving.clone()
    }

    fn save_to(&mut self, path: &Path, replace_other_game: bool) -> Result<(), TableError> {
        if self.save.len() > MAX_BYTES {
            return Err(TableError::TooBig {
                bytes: self.save.len(),
            });
        }
        if !replace_other_game {
            // The table's own save: it reads, or nothing would.
            let ours = GameRecord::read(self.save.as_bytes()).map_err(|e| {
                TableError::Io(std::io::Error::other(format!("the game's own save: {e}")).into())
            })?;
            if disk::found(path, &ours) == Found::Other {
                return Err(TableError::OtherGame);
            }
        }
        let save = self.save.clone();
        self.gate
            .write(|| disk::write_atomic(path, &save))
            .map_err(|e| TableError::Io(e.into()))
    }

    fn close(&mut self) {
        let _ = self.commands.send(Command::Close);
        self.gate.close();
    }
}

impl Drop for LocalTable {
    /// The worker is not waited for (a bot may be thinking): it stops at its next step,
    /// and writes nothing more.
    fn drop(&mut self) {
        self.close();
    }
}
