//! The local table's worker thread: it owns the engine (its Lua host cannot leave the
//! thread), the state, the bots and the record. It plays the bots' moves, applies the
//! answers the front end sends, writes every decision to disk, and publishes after each
//! one only what the front end may see: the events split into public and private
//! versions, the views of the seats it controls, where the game stands.

use super::{Autosave, Command, LocalGame, Published, Stand, Start, StartError, Update, failure};
use crate::disk::Gate;
use crate::{Failure, LogEntry, SaveProblem, SaveStatus, TableError};
use dungeon_bots::seat_seed;
use dungeon_engine::action::Action;
use dungeon_engine::event::Event;
use dungeon_engine::ids::Seat;
use dungeon_engine::{Engine, GameState, View};
use dungeon_records::{GameRecord, MAX_BYTES, Replay, SeatBots, action_label};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

struct Worker {
    engine: Engine,
    state: GameState,
    /// The record, without the bots' state (that is added to each save as it is written).
    record: GameRecord,
    bots: SeatBots,
    controlled: Vec<Seat>,
    /// The index of the next log entry.
    next_entry: u64,
    autosave: Option<Autosave>,
    record_path: Option<PathBuf>,
    error_log: Option<PathBuf>,
    /// The least time a bot's move takes.
    bot_pace: Duration,
    saving: SaveStatus,
    /// The save as the last decision left it.
    last_save: Option<Arc<String>>,
    gate: Arc<Gate>,
    updates: Sender<Update>,
}

/// The thread's body: sets the game up, says how that went, then plays it.
pub(super) fn run(
    game: LocalGame,
    commands: Receiver<Command>,
    updates: Sender<Update>,
    gate: Arc<Gate>,
) {
    match Worker::start(game, updates.clone(), gate) {
        Ok((mut worker, events, new)) => {
            worker.write_files(new);
            let first = worker.publish(&events);
            if updates.send(Update::Started(Ok(first))).is_ok() {
                worker.play(&commands);
            }
        }
        Err(e) => {
            let _ = updates.send(Update::Started(Err(e)));
        }
    }
}

impl Worker {
    /// The game set up, the events so far, and whether it is a new game (a resumed one is
    /// on disk already: its autosave is written at its next decision).
    fn start(
        game: LocalGame,
        updates: Sender<Update>,
        gate: Arc<Gate>,
    ) -> Result<(Worker, Vec<Event>, bool), StartError> {
        let mut engine = Engine::new(game.catalog.clone()).map_err(StartError::Packs)?;
        let mut events = Vec::new();
        let (state, mut record, bots, new) = match game.start {
            Start::New {
                options,
                seats,
                seed,
            } => {
                let bots = seats
                    .iter()
                    .enumerate()
                    .map(|(i, s)| match s.bot_kind() {
                        None => Ok(None),
                        Some(Ok(kind)) => Ok(Some(kind.create(seat_seed(seed, i)))),
                        Some(Err(error)) => Err(StartError::Bot { seat: i, error }),
                    })
                    .collect::<Result<SeatBots, _>>()?;
                let state = engine
                    .new_game(options.clone(), seed, &mut events)
                    .map_err(StartError::Setup)?;
                let record = GameRecord::new(&game.catalog, options, seats, seed, &state);
                (state, record, bots, true)
            }
            Start::Resume(record) => {
                let bots = record.restore_bots().map_err(StartError::Record)?;
                // Played again from the seed: the log holds the whole game.
                let replay =
                    Replay::start(&mut engine, &record, &mut events).map_err(StartError::Record)?;
                let state = replay
                    .finish(&mut engine, &mut events)
                    .map_err(StartError::Record)?;
                (state, record, bots, false)
            }
        };
        record.bots = None;
        let controlled = (0..record.seats.len() as Seat)
            .filter(|&s| bots[s as usize].is_none())
            .collect();
        let saving = SaveStatus {
            autosave: game.autosave.as_ref().map(|a| a.path.clone()),
            saved: if new {
                0
            } else {
                record.decisions.len() as u32
            },
            finished: false,
            problem: None,
        };
        let worker = Worker {
            engine,
            state,
            record,
            bots,
            controlled,
            next_entry: 0,
            autosave: game.autosave,
            record_path: game.record,
            error_log: game.error_log,
            bot_pace: game.bot_pace,
            saving,
            last_save: None,
            gate,
            updates,
        };
        Ok((worker, events, new))
    }

    /// Plays until the game ends or the front end leaves.
    fn play(&mut self, commands: &Receiver<Command>) {
        while let Some(seat) = self.state.current_seat() {
            if self.bots[seat as usize].is_some() {
                let began = Instant::now();
                if !self.refuse_answers(commands, Some(Duration::ZERO)) {
                    return;
                }
                let view = View::new(&self.state, seat);
                let bot = self.bots[seat as usize].as_mut().expect("a bot's seat");
                let action = bot.decide(&mut self.engine, &view);
                let pace = self.bot_pace.saturating_sub(began.elapsed());
                if !self.refuse_answers(commands, Some(pace)) {
                    return;
                }
                if let Err(failure) = self.apply(seat, action) {
                    // A bot would only make the same move again: the game stops here.
                    let published = self.published(Vec::new(), Stand::Stopped(failure));
                    let _ = self.updates.send(Update::Moved(published));
                    break;
                }
            } else {
                let (answering, number, action) = match commands.recv() {
                    Ok(Command::Answer {
                        seat,
                        number,
                        action,
                    }) => (seat, number, action),
                    Ok(Command::Close) | Err(_) => return,
                };
                let result = self
                    .check(seat, answering, number, action)
                    .and_then(|()| self.apply(seat, action).map_err(TableError::Refused));
                if self.updates.send(Update::Answered(result)).is_err() {
                    return;
                }
            }
        }
        // Over or stopped: nothing more to do until the front end leaves.
        self.refuse_answers(commands, None);
    }

    /// Refuses every answer the front end sends (no seat here is asked) for `how_long`
    /// (a bot's move), or until the front end leaves when `None`; `false` once it left.
    fn refuse_answers(&self, commands: &Receiver<Command>, how_long: Option<Duration>) -> bool {
        let until = how_long.map(|d| Instant::now() + d);
        loop {
            let command = match until {
                Some(until) => {
                    match commands.recv_timeout(until.saturating_duration_since(Instant::now())) {
                        Ok(command) => command,
                        Err(RecvTimeoutError::Timeout) => return true,
                        Err(RecvTimeoutError::Disconnected) => return false,
                    }
                }
                None => match commands.recv() {
                    Ok(command) => command,
                    Err(_) => return false,
                },
            };
            match command {
                Command::Close => return false,
                Command::Answer { seat, .. } => {
                    let _ = self
                        .updates
                        .send(Update::Answered(Err(TableError::NotAsked(seat))));
                }
            }
        }
    }

    /// The front end checked the answer against what it was shown; checked again here,
    /// against the game itself.
    fn check(
        &self,
        asked: Seat,
        seat: Seat,
        number: u32,
        action: Action,
    ) -> Result<(), TableError> {
        if seat != asked {
            return Err(TableError::NotAsked(seat));
        }
        let expected = self.record.decisions.len() as u32;
        if number != expected {
            return Err(TableError::Stale { expected });
        }
        match &self.state.pending {
            Some(decision) if decision.allows(&action) => Ok(()),
            _ => Err(TableError::NotAnOption),
        }
    }

    /// Applies a decision, writes it to disk and publishes it. A move the engine refuses
    /// changes nothing.
    fn apply(&mut self, seat: Seat, action: Action) -> Result<(), Failure> {
        let mut events = Vec::new();
        if let Err(error) = self.engine.apply(&mut self.state, action, &mut events) {
            let catalog = self.engine.catalog().clone();
            let number = self.record.decisions.len() + 1;
            let label = action_label(&catalog, action);
            let log = self.error_log.as_ref().map(|path| {
                let seed = self.record.seed;
                let written = failure::log(path, seed, number, seat, &label, &error);
                (path.clone(), written.map_err(|e| e.to_string()))
            });
            let kind = failure::kind(&catalog, &self.state, &error);
            return Err(Failure { kind, log });
        }
        let catalog = self.engine.catalog().clone();
        self.record.push(&catalog, seat, action, &self.state);
        self.write_files(true);
        let published = self.publish(&events);
        let _ = self.updates.send(Update::Moved(published));
        Ok(())
    }

    /// The save: the record and each bot's state.
    fn save_json(&mut self) -> String {
        let states = self.bots.iter().map(|b| b.as_ref().map(|b| b.save()));
        self.record.bots = Some(states.collect());
        let json = self.record.to_json();
        self.record.bots = None;
        json
    }

    /// Writes the record and, with `autosave`, the autosave; marks the autosave finished
    /// once the game is.
    fn write_files(&mut self, autosave: bool) {
        self.saving.problem = None;
        let save = self.save_json();
        if let Some(file) = self.autosave.clone().filter(|_| autosave) {
            let written = if save.len() > MAX_BYTES {
                Err(SaveProblem::TooBig { bytes: save.len() })
            } else {
                let write = || crate::disk::write_atomic(&file.path, &save);
                self.gate.write(write).map_err(disk)
            };
            match written {
                Ok(()) => self.saving.saved = self.record.decisions.len() as u32,
                Err(e) => self.saving.problem = Some((file.path.clone(), e)),
            }
            if self.state.is_over() && self.saving.problem.is_none() {
                let rename = || crate::disk::rename(&file.path, &file.finished);
                match self.gate.write(rename) {
                    Ok(()) => {
                        self.saving.autosave = Some(file.finished.clone());
                        self.saving.finished = true;
                    }
                    Err(e) => self.saving.problem = Some((file.path.clone(), disk(e))),
                }
            }
        }
        if let Some(path) = &self.record_path {
            let json = self.record.to_json();
            if let Err(e) = self.gate.write(|| crate::disk::write_atomic(path, &json)) {
                self.saving.problem = Some((path.clone(), disk(e)));
            }
        }
        self.last_save = Some(Arc::new(save));
    }

    /// What the front end gets after `events`: see [`Published`].
    fn publish(&mut self, events: &[Event]) -> Box<Published> {
        let log = events.iter().map(|e| self.entry(e)).collect();
        let stand = match self.state.current_seat() {
            Some(seat) if self.bots[seat as usize].is_none() => Stand::Asking {
                seat,
                decision: self.state.pending.clone().expect("a seat to answer"),
            },
            Some(seat) => Stand::Thinking {
                seat,
                since: Instant::now(),
            },
            None => Stand::Over {
                winner: self.state.winner,
            },
        };
        self.published(log, stand)
    }

    fn published(&mut self, log: Vec<LogEntry>, stand: Stand) -> Box<Published> {
        let views = self
            .controlled
            .iter()
            .map(|&s| (s, View::new(&self.state, s).snapshot()))
            .collect();
        let save = match &self.last_save {
            Some(save) => save.clone(),
            None => {
                let save = Arc::new(self.save_json());
                self.last_save = Some(save.clone());
                save
            }
        };
        Box::new(Published {
            log,
            views,
            stand,
            number: self.record.decisions.len() as u32,
            game: Arc::new(self.state.clone()),
            save,
            saving: self.saving.clone(),
        })
    }

    /// An event as the log keeps it: see [`LogEntry::of`].
    fn entry(&mut self, event: &Event) -> LogEntry {
        let entry = LogEntry::of(self.next_entry, event, &self.controlled);
        self.next_entry += 1;
        entry
    }
}

fn disk(e: std::io::Error) -> SaveProblem {
    SaveProblem::Disk(e.into())
}
