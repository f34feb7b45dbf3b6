//! A game thread's loop. It takes commands as they come; between two commands it plays
//! one bot move per table that has one to make, in turn, so a table of slow bots never
//! holds up another table's answers for more than one move; and it answers for people
//! whose time ran out. With nothing to do it sleeps until the next command or deadline.

use super::table::{By, LiveTable};
use super::{Command, Context, Seated, setup};
use crate::engines::Engines;
use crate::outbox::Subscriber;
use crate::secret::{self, Key};
use crate::store::Status;
use dungeon_engine::action::Action;
use dungeon_engine::ids::Seat;
use dungeon_protocol::{ErrorCode, ServerMessage};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

struct GameThread {
    index: usize,
    /// This thread's own queue: the store answers through it.
    me: Sender<Command>,
    context: Arc<Context>,
    engines: Engines,
    tables: HashMap<Key, LiveTable>,
}

pub(crate) fn run(
    index: usize,
    context: Arc<Context>,
    me: Sender<Command>,
    commands: Receiver<Command>,
) {
    let mut thread = GameThread {
        index,
        me,
        context,
        engines: Engines::default(),
        tables: HashMap::new(),
    };
    loop {
        let now = Instant::now();
        let busy = thread.tables.values().any(|t| t.bot_turn(now).is_some());
        let command = if busy {
            match commands.try_recv() {
                Ok(c) => Some(c),
                Err(std::sync::mpsc::TryRecvError::Empty) => None,
                Err(std::sync::mpsc::TryRecvError::Disconnected) => return,
            }
        } else {
            let wait = thread.next_wake(now).unwrap_or(Duration::from_secs(3600));
            match commands.recv_timeout(wait) {
                Ok(c) => Some(c),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => return,
            }
        };
        match command {
            Some(Command::Stop) => return,
            Some(command) => thread.handle(command),
            None => thread.play_bots(),
        }
    }
}

impl GameThread {
    /// The next moment something is due without a command: a deadline, a retry, a
    /// finished table to forget.
    fn next_wake(&self, now: Instant) -> Option<Duration> {
        self.tables
            .values()
            .flat_map(|t| {
                let expires = t.expires_at(self.context.expiry);
                [t.deadline, t.retry_at, t.forget_at, expires]
            })
            .flatten()
            .min()
            .map(|t| t.saturating_duration_since(now))
    }

    /// One move for each table with a bot (or a stand-in) to play, then the cleanup.
    fn play_bots(&mut self) {
        let now = Instant::now();
        let keys: Vec<Key> = self
            .tables
            .iter()
            .filter(|(_, t)| t.bot_turn(now).is_some())
            .map(|(k, _)| *k)
            .collect();
        for key in keys {
            let table = self.tables.get_mut(&key).expect("listed");
            let Ok(engine) = self.engines.get(&table.catalog) else {
                continue;
            };
            let (store, routes) = (&*self.context.store, &self.context.routes);
            table.bot_move(engine, store, routes, now, &self.me);
        }
        let (store, routes) = (&*self.context.store, &self.context.routes);
        for table in self.tables.values_mut() {
            if table
                .expires_at(self.context.expiry)
                .is_some_and(|at| at <= now)
            {
                table.expire(store, routes);
            }
        }
        let expired: Vec<Key> = self
            .tables
            .iter()
            .filter(|(_, t)| t.forget_at.is_some_and(|f| f <= now))
            .map(|(k, _)| *k)
            .collect();
        for key in expired {
            self.tables.remove(&key);
            self.context.routes.remove(&key);
        }
    }

    /// The table with this key, or `unknown_table` told.
    fn table(&mut self, key: &Key, sub: &Subscriber) -> Option<&mut LiveTable> {
        match self.tables.get_mut(key) {
            Some(table) => Some(table),
            None => {
                sub.send(&ServerMessage::error(
                    ErrorCode::UnknownTable,
                    "no table has that code",
                ));
                None
            }
        }
    }

    fn handle(&mut self, command: Command) {
        match command {
            Command::Create {
                key,
                code,
                token,
                request,
                client,
                sub,
                reply,
            } => {
                let made = setup::create(
                    &self.context,
                    &mut self.engines,
                    key,
                    &token,
                    &request,
                    client,
                );
                match made {
                    Ok(mut table) => {
                        table.seats[0].conn = Some(sub.clone());
                        sub.send(&ServerMessage::TableCreated {
                            code,
                            seat: 0,
                            token,
                            setup: table.setup_for(Some(0)),
                        });
                        table.cards_for(&sub);
                        tracing::info!(table = %table.id(), thread = self.index, players = table.seats.len(), "table created");
                        self.context.routes.insert(key, self.index);
                        self.tables.insert(key, table);
                        let _ = reply.send(Ok(Some(0)));
                    }
                    Err(message) => {
                        self.context.routes.release();
                        self.context.routes.release_for(client);
                        sub.send(&ServerMessage::error(ErrorCode::BadRequest, message));
                        let _ = reply.send(Err(()));
                    }
                }
            }
            Command::Join {
                key,
                code,
                name,
                token,
                sub,
                reply,
            } => {
                let store = self.context.store.clone();
                let result = match self.checked(&key, &code, &sub) {
                    Some(table) => table.join(&*store, &name, &token, &sub),
                    None => Err(()),
                };
                let _ = reply.send(result);
            }
            Command::Rejoin {
                key,
                code,
                token,
                sub,
                reply,
            } => {
                self.load(&key);
                let result = match self.checked(&key, &code, &sub) {
                    Some(table) => table.rejoin(&token, &sub),
                    None => Err(()),
                };
                let _ = reply.send(result);
            }
            Command::Watch {
                key,
                code,
                sub,
                reply,
            } => {
                self.load(&key);
                let result: Result<Seated, ()> = match self.checked(&key, &code, &sub) {
                    Some(table) => table.watch(&sub),
                    None => Err(()),
                };
                let _ = reply.send(result);
            }
            Command::Start { key, seat, sub } => {
                let store = self.context.store.clone();
                if let Some(table) = self.table(&key, &sub) {
                    table.start(&*store, seat, &sub);
                }
            }
            Command::Answer {
                key,
                seat,
                number,
                action,
                sub,
            } => self.answer(key, seat, number, action, &sub),
            Command::AskOdds {
                key,
                seat,
                sub,
                ticket,
            } => {
                let context = self.context.clone();
                if let Some(table) = self.table(&key, &sub)
                    && let Some(job) = table.odds_job(seat, &sub, ticket)
                {
                    context.odds.submit(job);
                }
            }
            Command::Leave { key, sub } => {
                if let Some(table) = self.tables.get_mut(&key) {
                    table.leave(sub);
                }
            }
            Command::Rematch {
                key,
                seat,
                sub,
                reply,
            } => {
                let request = match self.table(&key, &sub) {
                    Some(table) => table.rematch(seat, &sub),
                    None => None,
                };
                let _ = reply.send(request);
            }
            Command::Rematched { key, seat, code } => {
                if let Some(table) = self.tables.get_mut(&key) {
                    table.rematched(seat, code);
                }
            }
            Command::Stored {
                key,
                number,
                result,
            } => {
                if let Some(table) = self.tables.get_mut(&key) {
                    table.stored(number, result, &self.context.routes);
                }
            }
            Command::Stop => {}
            Command::Restore { table, reply } => {
                let id = secret::table_id(&table.key);
                let result = super::restore::restore(&self.context, &mut self.engines, *table)
                    .map(|live| {
                        self.context.routes.insert(live.key, self.index);
                        self.tables.insert(live.key, live);
                    })
                    .map_err(|why| format!("{id}: {why}"));
                let _ = reply.send(result);
            }
        }
    }

    /// A finished table that is no longer in memory, loaded from the store (and checked)
    /// for a seat or a spectator who comes to see how it ended.
    fn load(&mut self, key: &Key) {
        if self.tables.contains_key(key) {
            return;
        }
        let stored = match self.context.store.table(key) {
            Ok(Some(t))
                if !t.status.unfinished()
                    && !matches!(t.status, Status::Broken | Status::Expired) =>
            {
                t
            }
            Ok(_) => return,
            Err(e) => return tracing::error!(error = %e, "loading a table failed"),
        };
        if let Ok(live) = super::restore::restore(&self.context, &mut self.engines, stored) {
            self.context.routes.insert(live.key, self.index);
            self.tables.insert(live.key, live);
        }
    }

    /// The table, if `code` is its code (the key found it; the code is compared too, in
    /// constant time).
    fn checked(&mut self, key: &Key, code: &str, sub: &Subscriber) -> Option<&mut LiveTable> {
        let table = self.table(key, sub)?;
        if secret::same(&table.key, &secret::digest(code)) {
            Some(table)
        } else {
            sub.send(&ServerMessage::error(
                ErrorCode::UnknownTable,
                "no table has that code",
            ));
            None
        }
    }

    fn answer(&mut self, key: Key, seat: Seat, number: u32, action: Action, sub: &Subscriber) {
        let store = self.context.store.clone();
        let Some(table) = self.tables.get_mut(&key) else {
            return sub.send(&ServerMessage::error(
                ErrorCode::UnknownTable,
                "no such table",
            ));
        };
        let refuse = |code, message: String| sub.send(&ServerMessage::error(code, message));
        if !table.started() {
            return refuse(ErrorCode::NotStarted, "the game has not started".into());
        }
        if !table.holds(seat, sub) {
            return refuse(
                ErrorCode::NotYourTurn,
                "this seat was taken back from another connection".into(),
            );
        }
        if table.state.current_seat() != Some(seat) || table.stop.is_some() {
            return refuse(
                ErrorCode::NotYourTurn,
                "no question is put to your seat".into(),
            );
        }
        if number != table.number || table.committing.is_some() {
            let message = match &table.committing {
                Some(c) => format!("question {} was answered", c.number),
                None => format!("question {} is pending, not {number}", table.number),
            };
            return refuse(ErrorCode::Stale, message);
        }
        let allowed = table
            .state
            .pending
            .as_ref()
            .is_some_and(|d| d.allows(&action));
        if !allowed {
            return refuse(
                ErrorCode::NotAnOption,
                "that is not one of the options".into(),
            );
        }
        let Ok(engine) = self.engines.get(&table.catalog) else {
            return refuse(ErrorCode::Internal, "the packs cannot be run".into());
        };
        let by = By::Person(sub.clone());
        if table
            .submit(engine, &*store, seat, action, by, &self.me)
            .is_err()
        {
            refuse(
                ErrorCode::Refused,
                "a card's script failed on that move; nothing changed".into(),
            );
        }
    }
}
