//! One live table on its game thread: the game, who sits where, who watches. A decision
//! is applied to a copy of the state, stored, and only then taken in and told: what a
//! seat is told is built from that seat's `View` and each event as that seat may see it
//! ([`LogEntry::of`], the same code a local table uses); spectators get public events and
//! the public view only ([`dungeon_table::public_view`]), stripped here before it is sent.

mod rematch;
mod words;

use super::{Command, Routes};
use crate::odds::{Job as OddsJob, Ticket};
use crate::outbox::Subscriber;
use crate::secret::{Key, table_id};
use crate::store::{Decided, Status, Store, StoreError};
use dungeon_bots::{BotKind, seat_seed};
use dungeon_engine::action::Action;
use dungeon_engine::catalog::Catalog;
use dungeon_engine::error::EngineError;
use dungeon_engine::event::Event;
use dungeon_engine::ids::Seat;
use dungeon_engine::{Engine, GameState, View};
use dungeon_protocol::{ErrorCode, NoticeKind, PackHash, ServerMessage, Setup, StopReason};
use dungeon_records::{GameRecord, Move, action_label};
use dungeon_table::{FailureKind, LogEntry, SeatInfo};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

/// How long a finished table stays in memory for seats coming back to see the end.
pub(crate) const KEEP_FINISHED: Duration = Duration::from_secs(600);

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
    /// The client address that opened the table (not kept across a restart): its quota
    /// is given back when the table ends.
    pub creator: Option<std::net::IpAddr>,
    /// The last time something happened at the table (`expiry.rs`).
    pub touched: Instant,
    /// A decision applied and handed to the store, not yet committed: nobody has been
    /// told of it, and the table makes no other move until the store answers.
    pub committing: Option<Committing>,
    /// The next game at a new table, once asked for (`rematch.rs`).
    pub rematch: rematch::Rematch,
    /// The pack its creator brought, if any (`brought.rs`): its next game brings it too.
    pub uploaded: Option<dungeon_protocol::PackUpload>,
}

/// A decision waiting for its commit ([`LiveTable::submit`]).
pub(crate) struct Committing {
    pub number: u32,
    seat: Seat,
    next: GameState,
    events: Vec<Event>,
    status: Status,
    by: By,
}

/// Who made a decision: told `accepted` (a person), or a bot (a stand-in for a person
/// out of time, `true`: everyone is told).
pub(crate) enum By {
    Person(Subscriber),
    Bot { stand_in: bool },
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
            taken: (self.seats.iter().enumerate())
                .filter(|(_, s)| s.bot.is_none() && s.token_hash.is_some())
                .map(|(i, _)| i as Seat)
                .collect(),
            brought: self.uploaded.clone(),
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
            // Answered, being stored: nobody is asked until it is.
            Some(seat) if self.committing.is_some() => ServerMessage::Waiting {
                seat,
                number: self.number,
            },
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

    /// The view `viewer` is sent: its seat's own, or what every seat may know for a
    /// spectator (`None`).
    fn player_view(&self, viewer: Option<Seat>) -> dungeon_engine::view::PlayerView {
        match viewer {
            Some(seat) => View::new(&self.state, seat).snapshot(),
            None => dungeon_table::public_view(&self.state),
        }
    }

    /// A reading client's words after it is told log entries `from..` (after `notice`),
    /// with `view` the view it is sent; `None` for a client that does not read, or before
    /// the game starts.
    fn words_for(
        &self,
        sub: &Subscriber,
        from: usize,
        viewer: Option<Seat>,
        notice: Option<&NoticeKind>,
        view: &dungeon_engine::view::PlayerView,
    ) -> Option<ServerMessage> {
        let lang = sub.reads().filter(|_| self.started())?;
        Some(words::words(self, lang, from, viewer, notice, view))
    }

    /// A reading client's list of the table's cards, in its language.
    pub fn cards_for(&self, sub: &Subscriber) {
        if let Some(lang) = sub.reads() {
            sub.send(&words::cards(&self.catalog, lang));
            sub.send(&words::seat_names(self, lang));
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
        let view = self.player_view(viewer);
        let words = self.words_for(sub, 0, viewer, None, &view);
        sub.send(&self.log_for(0, viewer));
        sub.send(&ServerMessage::View { view });
        sub.send(&self.stand_for(viewer));
        if let Some(words) = words {
            sub.send(&words);
        }
    }

    /// Tells everyone at the table what happened since log entry `from`, after `notice`.
    pub fn tell_all(&self, from: usize, notice: Option<NoticeKind>) {
        let kind = notice.clone();
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
                let view = self.player_view(Some(seat));
                let words = self.words_for(sub, from, Some(seat), kind.as_ref(), &view);
                sub.send(&ServerMessage::View { view });
                sub.send(&self.stand_for(Some(seat)));
                if let Some(words) = words {
                    sub.send(&words);
                }
            }
        }
        if self.spectators.is_empty() {
            return;
        }
        // Spectators all get the same text, and the same words in each language: built
        // once.
        let mut texts: Vec<Arc<str>> = notice.into_iter().collect();
        let mut words: Vec<(dungeon_engine::lang::Lang, Arc<str>)> = Vec::new();
        if from < self.events.len() {
            texts.push(self.log_for(from, None).to_json().into());
        }
        if self.started() {
            let view = dungeon_table::public_view(&self.state);
            for lang in self.spectators.iter().filter_map(Subscriber::reads) {
                if words.iter().all(|(l, _)| *l != lang) {
                    let said = words::words(self, lang, from, None, kind.as_ref(), &view);
                    words.push((lang, said.to_json().into()));
                }
            }
            texts.push(ServerMessage::View { view }.to_json().into());
            texts.push(self.stand_for(None).to_json().into());
        }
        for sub in &self.spectators {
            for text in &texts {
                sub.send_text(text.clone());
            }
            if let Some((_, said)) = words.iter().find(|(l, _)| Some(*l) == sub.reads()) {
                sub.send_text(said.clone());
            }
        }
    }

    /// A notice alone (someone joined or left), after the log as it stands.
    pub fn notice(&self, kind: NoticeKind, except: Option<u64>) {
        self.notice_before(self.events.len() as u64, kind, except);
    }

    /// A notice alone, placed before log entry `index`.
    pub fn notice_before(&self, index: u64, kind: NoticeKind, except: Option<u64>) {
        let text: Arc<str> = ServerMessage::Notice {
            index,
            kind: kind.clone(),
        }
        .to_json()
        .into();
        let subs = self.seats.iter().filter_map(|s| s.conn.as_ref());
        for sub in subs.chain(&self.spectators) {
            if Some(sub.id) != except {
                sub.send_text(text.clone());
                if let Some(lang) = sub.reads() {
                    sub.send(&words::note(self, lang, &kind));
                }
            }
        }
    }

    /// Applies `seat`'s `action` to a copy of the state and hands the decision to the
    /// store; once stored, the game thread is sent [`Command::Stored`] and
    /// [`LiveTable::stored`] takes it in and tells everyone. Nothing changes if the engine
    /// refuses the move.
    pub fn submit(
        &mut self,
        engine: &mut Engine,
        store: &dyn Store,
        seat: Seat,
        action: Action,
        by: By,
        thread: &mpsc::Sender<Command>,
    ) -> Result<(), FailureKind> {
        let mut next = self.state.clone();
        let mut events = Vec::new();
        if let Err(error) = engine.apply(&mut next, action, &mut events) {
            return Err(self.failure(&error));
        }
        let status = if next.is_over() {
            Status::Over
        } else {
            Status::Playing
        };
        let decided = Decided {
            key: self.key,
            number: self.number,
            decision: Move {
                seat,
                action: action_label(&self.catalog, action),
            },
            state: serde_json::to_string(&next).expect("a state is plain data"),
            status,
        };
        self.committing = Some(Committing {
            number: self.number,
            seat,
            next,
            events,
            status,
            by,
        });
        let (key, number, thread) = (self.key, self.number, thread.clone());
        let done = move |result| {
            // A thread that ended has no table left to tell.
            let _ = thread.send(Command::Stored {
                key,
                number,
                result,
            });
        };
        store.decide_later(decided, Box::new(done));
        Ok(())
    }

    /// The store's answer for the decision waiting ([`LiveTable::submit`]): committed, the
    /// decision is taken in, acknowledged to the person who made it and told to everyone;
    /// failed, nothing changed (the person is told; a bot tries again in a second).
    pub fn stored(&mut self, number: u32, result: Result<(), StoreError>, routes: &Routes) {
        let Some(committing) = self.committing.take_if(|c| c.number == number) else {
            return;
        };
        if let Err(e) = result {
            match committing.by {
                By::Person(sub) => {
                    tracing::error!(table = %self.id(), error = %e, "storing an answer failed");
                    sub.send(&ServerMessage::error(
                        ErrorCode::Internal,
                        "the answer could not be stored",
                    ));
                }
                By::Bot { .. } => {
                    tracing::error!(table = %self.id(), error = %e, "storing a bot's move failed; retrying in a second");
                    self.retry_at = Some(Instant::now() + Duration::from_secs(1));
                }
            }
            return;
        }
        let from = self.events.len();
        self.touch();
        self.state = committing.next;
        self.events.extend(committing.events);
        self.number += 1;
        self.status = committing.status;
        self.retry_at = None;
        let notice = match committing.by {
            By::Person(sub) => {
                sub.send(&ServerMessage::Accepted { number });
                None
            }
            By::Bot { stand_in } => stand_in.then_some(NoticeKind::TimedOut {
                seat: committing.seat,
            }),
        };
        self.after_move(from, notice, routes);
    }

    /// What the odds pool gets for `seat`'s `ask_odds`: a stand-in state drawn from that
    /// seat's view only (see `crate::odds`). `None` when answered here: not this
    /// connection's seat, the game not started, odds that mean nothing now.
    pub fn odds_job(&self, seat: Seat, sub: &Subscriber, ticket: Ticket) -> Option<OddsJob> {
        let refuse = |code, message: &str| sub.send(&ServerMessage::error(code, message));
        if !self.started() {
            refuse(ErrorCode::NotStarted, "the game has not started");
            return None;
        }
        if !self.holds(seat, sub) {
            refuse(
                ErrorCode::NotYourTurn,
                "this seat was taken back from another connection",
            );
            return None;
        }
        let view = View::new(&self.state, seat);
        let playing = self.status == Status::Playing && self.committing.is_none();
        if !playing || !dungeon_table::odds_available(&view.snapshot()) {
            sub.send(&ServerMessage::Odds {
                number: self.number,
                odds: None,
            });
            return None;
        }
        // Any generator would do: the odds depend on the view only. A fixed one keeps
        // the server's answers the same from run to run.
        let mut rng = ChaCha8Rng::seed_from_u64(0x0DD5);
        Some(OddsJob {
            catalog: self.catalog.clone(),
            standin: view.determinize(&self.catalog, &mut rng),
            seat,
            number: self.number,
            sub: sub.clone(),
            ticket,
        })
    }

    fn failure(&self, error: &EngineError) -> FailureKind {
        dungeon_table::failure_kind(&self.catalog, &self.state, error)
    }

    /// The seat a bot must answer for now, and the level of that bot: a bot's seat, or a
    /// person's whose time ran out (`true`).
    pub fn bot_turn(&self, now: Instant) -> Option<(Seat, BotKind, bool)> {
        if self.status != Status::Playing
            || self.committing.is_some()
            || self.retry_at.is_some_and(|t| now < t)
        {
            return None;
        }
        let seat = self.state.current_seat()?;
        match self.seats[seat as usize].bot {
            Some(kind) => Some((seat, kind, false)),
            None if self.deadline.is_some_and(|d| now >= d) => Some((seat, self.standin, true)),
            None => None,
        }
    }

    /// Plays one bot's move (or a stand-in's for a person out of time); everyone is told
    /// once it is stored.
    pub fn bot_move(
        &mut self,
        engine: &mut Engine,
        store: &dyn Store,
        routes: &Routes,
        now: Instant,
        thread: &mpsc::Sender<Command>,
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
        let by = By::Bot { stand_in };
        if let Err(kind) = self.submit(engine, store, seat, action, by, thread) {
            self.stop(store, routes, kind);
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
            FailureKind::Expired => StopReason::Expired {},
        };
        tracing::warn!(table = %self.id(), decision = self.number, "a bot's move failed; the game stops");
        if let Err(e) = store.set_status(&self.key, Status::Stopped) {
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
    pub fn count_finished(&mut self, routes: &Routes) {
        if self.finished() && self.forget_at.is_none() {
            self.forget_at = Some(Instant::now() + KEEP_FINISHED);
            routes.release();
            if let Some(client) = self.creator.take() {
                routes.release_for(client);
            }
        }
    }

    pub fn finished(&self) -> bool {
        !self.status.unfinished()
    }
}
