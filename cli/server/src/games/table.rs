//! One live table on its game thread: the game, who sits where, who watches. A decision
//! is applied to a copy of the state, stored, and only then taken in and told: what a
//! seat is told is built from that seat's `View` and each event as that seat may see it
//! ([`LogEntry::of`], the same code a local table uses); spectators get public events only.

use super::{Routes, Subscriber};
use crate::secret::{Key, table_id};
use crate::store::{Status, Store, StoreError};
use dungeon_engine::action::Action;
use dungeon_engine::bot::{BotKind, seat_seed};
use dungeon_engine::catalog::Catalog;
use dungeon_engine::error::EngineError;
use dungeon_engine::event::Event;
use dungeon_engine::ids::Seat;
use dungeon_engine::record::{GameRecord, Move, action_label};
use dungeon_engine::{Engine, GameState, View};
use dungeon_protocol::{NoticeKind, PackHash, ServerMessage, Setup, StopReason};
use dungeon_table::{FailureKind, LogEntry, SeatInfo};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub(crate) struct SeatSlot {
    pub name: String,
    /// A bot's level, for a bot's seat.
    pub bot: Option<BotKind>,
    pub token_hash: Option<Key>,
    /// The connection answering for the seat now, if any.
    pub conn: Option<Subscriber>,
}

pub(crate) struct LiveTable {
    pub key: Key,
    pub code: String,
    pub packs: Vec<String>,
    pub catalog: Arc<Catalog>,
    pub pack_hashes: Vec<PackHash>,
    pub head: GameRecord,
    pub seats: Vec<SeatSlot>,
    pub spectators: Vec<Subscriber>,
    pub state: GameState,
    /// Every event since the game was set up: a (re)joining seat gets them all.
    pub events: Vec<Event>,
    /// Decisions applied (and stored) so far.
    pub number: u32,
    pub status: Status,
    pub stop: Option<StopReason>,
    pub turn_timeout: Option<Duration>,
    /// When the person asked now is answered for by a bot.
    pub deadline: Option<Instant>,
    /// The level of the bot that answers for a person out of time.
    pub standin: BotKind,
    /// A failed store write: the table waits before its bots try again.
    pub retry_at: Option<Instant>,
    /// When a finished table is dropped from memory.
    pub forget_at: Option<Instant>,
}

/// Why a decision was not applied. Nothing changed either way.
pub(crate) enum NotApplied {
    Refused(FailureKind),
    Store(StoreError),
}

impl LiveTable {
    pub fn id(&self) -> String {
        table_id(&self.key)
    }

    pub fn started(&self) -> bool {
        self.status != Status::Open
    }

    pub fn setup_for(&self, viewer: Option<Seat>) -> Setup {
        Setup {
            packs: self.pack_hashes.clone(),
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatInfo {
                    name: s.name.clone(),
                    bot: s.bot.map(|b| b.id()),
                    controlled: viewer == Some(i as Seat),
                })
                .collect(),
            options: self.head.options.clone(),
            turn_timeout_secs: self.turn_timeout.map(|d| d.as_secs() as u32),
            started: self.started(),
        }
    }

    /// Where the game stands, as `viewer` is told.
    pub fn stand_for(&self, viewer: Option<Seat>) -> ServerMessage {
        if let Some(reason) = &self.stop {
            return ServerMessage::Stopped {
                reason: reason.clone(),
            };
        }
        match self.state.current_seat() {
            Some(seat) if viewer == Some(seat) => ServerMessage::Asking {
                seat,
                number: self.number,
                decision: self.state.pending.clone().expect("a seat to answer"),
            },
            Some(seat) => ServerMessage::Waiting {
                seat,
                number: self.number,
            },
            None => ServerMessage::Over {
                winner: self.state.winner,
            },
        }
    }

    fn view_for(&self, seat: Seat) -> ServerMessage {
        ServerMessage::View {
            view: View::new(&self.state, seat).snapshot(),
        }
    }

    fn log_for(&self, from: usize, viewer: Option<Seat>) -> ServerMessage {
        let seats: Vec<Seat> = viewer.into_iter().collect();
        let entries = self.events[from..]
            .iter()
            .enumerate()
            .map(|(i, e)| LogEntry::of((from + i) as u64, e, &seats))
            .collect();
        ServerMessage::Log { entries }
    }

    /// Everything a seat (or a spectator, `None`) is told on arriving at a started game:
    /// the whole log, its view, where the game stands.
    pub fn catch_up(&self, sub: &Subscriber, viewer: Option<Seat>) {
        sub.send(&self.log_for(0, viewer));
        if let Some(seat) = viewer {
            sub.send(&self.view_for(seat));
        }
        sub.send(&self.stand_for(viewer));
    }

    /// Tells everyone at the table what happened since log entry `from`, after `notice`.
    pub fn tell_all(&self, from: usize, notice: Option<NoticeKind>) {
        let notice = notice.map(|kind| {
            let text: Arc<str> = ServerMessage::Notice {
                index: from as u64,
                kind,
            }
            .to_json()
            .into();
            text
        });
        for (i, slot) in self.seats.iter().enumerate() {
            let Some(sub) = &slot.conn else { continue };
            let seat = i as Seat;
            if let Some(text) = &notice {
                sub.send_text(text.clone());
            }
            if from < self.events.len() {
                sub.send(&self.log_for(from, Some(seat)));
            }
            if self.started() {
                sub.send(&self.view_for(seat));
                sub.send(&self.stand_for(Some(seat)));
            }
        }
        if self.spectators.is_empty() {
            return;
        }
        // Spectators all get the same text: built once.
        let mut texts: Vec<Arc<str>> = notice.into_iter().collect();
        if from < self.events.len() {
            texts.push(self.log_for(from, None).to_json().into());
        }
        if self.started() {
            texts.push(self.stand_for(None).to_json().into());
        }
        for sub in &self.spectators {
            for text in &texts {
                sub.send_text(text.clone());
            }
        }
    }

    /// A notice alone (someone joined or left).
    pub fn notice(&self, kind: NoticeKind, except: Option<u64>) {
        let text: Arc<str> = ServerMessage::Notice {
            index: self.events.len() as u64,
            kind,
        }
        .to_json()
        .into();
        let subs = self.seats.iter().filter_map(|s| s.conn.as_ref());
        for sub in subs.chain(&self.spectators) {
            if Some(sub.id) != except {
                sub.send_text(text.clone());
            }
        }
    }

    /// Applies `seat`'s `action`, stores it, then takes it in. Returns the index of the
    /// first new log entry. Tells no one.
    pub fn apply(
        &mut self,
        engine: &mut Engine,
        store: &dyn Store,
        seat: Seat,
        action: Action,
    ) -> Result<usize, NotApplied> {
        let mut next = self.state.clone();
        let mut events = Vec::new();
        if let Err(error) = engine.apply(&mut next, action, &mut events) {
            return Err(NotApplied::Refused(self.failure(&error)));
        }
        let decision = Move {
            seat,
            action: action_label(&self.catalog, action),
        };
        let status = if next.is_over() {
            Status::Over
        } else {
            Status::Playing
        };
        let state = serde_json::to_string(&next).expect("a state is plain data");
        store
            .decide(&self.code, self.number, &decision, &state, status)
            .map_err(NotApplied::Store)?;
        let from = self.events.len();
        self.state = next;
        self.events.extend(events);
        self.number += 1;
        self.status = status;
        Ok(from)
    }

    fn failure(&self, error: &EngineError) -> FailureKind {
        dungeon_table::failure_kind(&self.catalog, &self.state, error)
    }

    /// The seat a bot must answer for now, and the level of that bot: a bot's seat, or a
    /// person's whose time ran out (`true`).
    pub fn bot_turn(&self, now: Instant) -> Option<(Seat, BotKind, bool)> {
        if self.status != Status::Playing || self.retry_at.is_some_and(|t| now < t) {
            return None;
        }
        let seat = self.state.current_seat()?;
        match self.seats[seat as usize].bot {
            Some(kind) => Some((seat, kind, false)),
            None if self.deadline.is_some_and(|d| now >= d) => Some((seat, self.standin, true)),
            None => None,
        }
    }

    /// Plays one bot's move (or a stand-in's for a person out of time) and tells everyone.
    pub fn bot_move(
        &mut self,
        engine: &mut Engine,
        store: &dyn Store,
        routes: &Routes,
        now: Instant,
    ) {
        let Some((seat, kind, stand_in)) = self.bot_turn(now) else {
            return;
        };
        // Each decision's bot is seeded from the game, the seat and the decision's number,
        // and carries nothing to the next: a restarted server makes the same moves.
        let seed = seat_seed(
            self.head.seed ^ u64::from(self.number).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            seat as usize,
        );
        let mut bot = kind.create(seed);
        let action = bot.decide(engine, &View::new(&self.state, seat));
        match self.apply(engine, store, seat, action) {
            Ok(from) => {
                self.retry_at = None;
                let notice = stand_in.then_some(NoticeKind::TimedOut { seat });
                self.after_move(from, notice, routes);
            }
            Err(NotApplied::Refused(kind)) => self.stop(store, routes, kind),
            Err(NotApplied::Store(e)) => {
                tracing::error!(table = %self.id(), error = %e, "storing a bot's move failed; retrying in a second");
                self.retry_at = Some(Instant::now() + Duration::from_secs(1));
            }
        }
    }

    /// After a decision: the next deadline, and everyone told.
    pub fn after_move(&mut self, from: usize, notice: Option<NoticeKind>, routes: &Routes) {
        self.arm_deadline();
        self.count_finished(routes);
        if self.status == Status::Over {
            tracing::info!(table = %self.id(), decisions = self.number, "game over");
        }
        self.tell_all(from, notice);
    }

    /// Sets when the person asked now is answered for, if the table has a turn timeout.
    pub fn arm_deadline(&mut self) {
        let person = self
            .state
            .current_seat()
            .is_some_and(|s| self.seats[s as usize].bot.is_none());
        self.deadline = match self.turn_timeout {
            Some(timeout) if person && self.status == Status::Playing => {
                Some(Instant::now() + timeout)
            }
            _ => None,
        };
    }

    /// A bot's move failed: the game cannot go on.
    fn stop(&mut self, store: &dyn Store, routes: &Routes, kind: FailureKind) {
        let reason = match kind {
            FailureKind::Script(card) => StopReason::Script { card },
            FailureKind::HiddenMonster => StopReason::HiddenMonster {},
            FailureKind::Move | FailureKind::Lost => StopReason::Move {},
        };
        tracing::warn!(table = %self.id(), decision = self.number, "a bot's move failed; the game stops");
        if let Err(e) = store.set_status(&self.code, Status::Stopped) {
            tracing::error!(table = %self.id(), error = %e, "storing the stop failed");
        }
        self.status = Status::Stopped;
        self.stop = Some(reason);
        self.deadline = None;
        self.count_finished(routes);
        self.tell_all(self.events.len(), None);
    }

    /// A table that just finished no longer counts as open (before anyone is told, so a
    /// seat told `over` may open another table at once), and is forgotten after a while.
    fn count_finished(&mut self, routes: &Routes) {
        if self.finished() && self.forget_at.is_none() {
            self.forget_at = Some(Instant::now() + super::thread::KEEP_FINISHED);
            routes.release();
        }
    }

    pub fn finished(&self) -> bool {
        !self.status.unfinished()
    }
}
