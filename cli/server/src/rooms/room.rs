//! One table of another game: its session, its seats and who is watching, and everything
//! that changes it. Every change is stored before anyone hears of it; everything a
//! connection hears is built from its own seat's view (a spectator's: nobody's).

use crate::outbox::Subscriber;
use crate::secret::{self, Key};
use crate::store::rooms::StoredRoom;
use crate::store::{Status, Store, StoreError, StoredSeat};
use dungeon_core::bots::Bot;
use dungeon_core::session::{Kind, Session};
use dungeon_engine::lang::Lang;
use dungeon_protocol::ErrorCode;
use dungeon_protocol::rooms::{RoomSeat, RoomServer, RoomTable};
use std::sync::Arc;

/// A refusal: what the asking connection is told; nothing changed.
pub(crate) type Refusal = (ErrorCode, String);

pub(crate) struct Place {
    pub name: String,
    /// A bot's seat: its level as asked (`hard`) and the bot.
    pub bot: Option<(String, Bot)>,
    pub token_hash: Option<[u8; 32]>,
    pub sub: Option<Subscriber>,
}

pub(crate) struct Room {
    pub key: Key,
    pub kind: Arc<dyn Kind>,
    pub rulings: Vec<String>,
    pub session: Box<dyn Session>,
    /// Every action played, as the game's JSON (what the store holds).
    pub actions: Vec<String>,
    pub places: Vec<Place>,
    pub watchers: Vec<Subscriber>,
    pub status: Status,
    /// Where its creator connected from (unknown for a table taken on at a restart): one
    /// address holds only so many unfinished tables.
    pub creator: Option<std::net::IpAddr>,
    /// When anything last happened at it: how an abandoned table is told.
    pub touched: std::time::Instant,
    /// How long a person has for each question, if the table has a limit...
    pub turn_timeout: Option<std::time::Duration>,
    /// ...and when the person asked now is answered for.
    pub deadline: Option<std::time::Instant>,
    /// Once the game is over and someone opened the next one: its code.
    pub next: Option<String>,
}

/// Who answers for a person whose time ran out: the table's first bot's level, or
/// `normal`.
fn standin(places: &[Place]) -> Bot {
    (places.iter().find_map(|p| p.bot.as_ref().map(|(_, b)| *b))).unwrap_or(Bot::Search(100))
}

fn internal(e: StoreError) -> Refusal {
    tracing::error!(error = %e, "a room's write failed");
    (
        ErrorCode::Internal,
        "the server could not store that".into(),
    )
}

impl Room {
    pub fn names(&self) -> Vec<String> {
        (self.places.iter().enumerate())
            .map(|(i, p)| match p.name.is_empty() {
                true => format!("#{}", i + 1),
                false => p.name.clone(),
            })
            .collect()
    }

    /// Whether anyone is at the table for a person's seat now.
    pub fn anyone_here(&self) -> bool {
        self.places.iter().any(|p| p.sub.is_some())
    }

    pub fn started(&self) -> bool {
        self.status != Status::Open
    }

    pub fn stored(&self) -> StoredRoom {
        StoredRoom {
            key: self.key,
            game: self.kind.id().into(),
            rulings: self.rulings.clone(),
            options: self.session.options_json(),
            seed: self.session.seed(),
            seats: (self.places.iter())
                .map(|p| StoredSeat {
                    name: p.name.clone(),
                    bot: p.bot.as_ref().map(|(level, _)| level.clone()),
                    token_hash: p.token_hash,
                })
                .collect(),
            status: self.status,
            actions: self.actions.clone(),
            state: self.session.state_json(),
            touched: crate::store::now_secs(),
            turn_timeout_secs: self.turn_timeout.map(|d| d.as_secs() as u32),
        }
    }

    fn table(&self, lang: Lang) -> RoomServer {
        RoomServer::Table(RoomTable {
            game: self.kind.id().into(),
            name: self.kind.name(lang.code()),
            rulings: self.rulings.clone(),
            seats: (self.places.iter())
                .map(|p| RoomSeat {
                    name: p.name.clone(),
                    bot: p.bot.as_ref().map(|(level, _)| level.clone()),
                    taken: p.bot.is_some() || p.token_hash.is_some(),
                    present: p.bot.is_some() || p.sub.is_some(),
                })
                .collect(),
            started: self.started(),
            turn_timeout_secs: self.turn_timeout.map(|d| d.as_secs() as u32),
        })
    }

    /// Everyone's connections, with the seat each speaks for.
    fn audience(&self) -> Vec<(Subscriber, Option<u8>)> {
        let seated = (self.places.iter().enumerate())
            .filter_map(|(i, p)| p.sub.clone().map(|s| (s, Some(i as u8))));
        let watching = self.watchers.iter().map(|s| (s.clone(), None));
        seated.chain(watching).collect()
    }

    /// The table as it is now, to everyone.
    pub fn tell_table(&self) {
        for (sub, _) in self.audience() {
            let lang = sub.reads().unwrap_or(Lang::En);
            sub.send_text(self.table(lang).to_json().into());
        }
    }

    /// To one connection: the log from event `from`, its view, and its question or whose
    /// turn it is (nothing of the game before it started).
    pub fn tell(&self, sub: &Subscriber, seat: Option<u8>, from: usize) {
        if !self.started() {
            return;
        }
        let lang = sub.reads().unwrap_or(Lang::En);
        let code = lang.code();
        let names = self.names();
        let send = |m: RoomServer| sub.send_text(m.to_json().into());
        let lines = self.session.log(code, &names, seat, from);
        if !lines.is_empty() {
            send(RoomServer::Log {
                from: from as u64,
                lines,
            });
        }
        let view = serde_json::from_str(&self.session.view_json(seat)).unwrap_or_default();
        let number = self.session.number();
        send(RoomServer::View {
            number,
            text: self.session.view_words(code, &names, seat),
            view,
        });
        match (self.session.winners(), self.session.to_act()) {
            (Some(winners), _) => send(RoomServer::Over { winners }),
            (None, Some(actor)) if Some(actor) == seat => {
                // A question with one answer is answered by itself (`play_bots`).
                if self.session.choice_count() > 1 || self.places[actor as usize].bot.is_some() {
                    let choices = self.session.choices(code, &names);
                    send(RoomServer::Asking { number, choices });
                }
            }
            (None, Some(actor)) => send(RoomServer::Waiting {
                seat: actor,
                number,
            }),
            (None, None) => {}
        }
    }

    fn tell_all(&self, from: usize) {
        for (sub, seat) in self.audience() {
            self.tell(&sub, seat, from);
        }
    }

    /// The request that opens the next game at a table like this one (the same game,
    /// seats, bots, rulings and turn timeout), by the person at `seat`, who takes seat 0.
    pub fn like_this(&self, seat: u8) -> dungeon_protocol::rooms::NewRoom {
        dungeon_protocol::rooms::NewRoom {
            game: self.kind.id().into(),
            players: self.places.len() as u8,
            humans: self.places.iter().filter(|p| p.bot.is_none()).count() as u8,
            bots: (self.places.iter())
                .filter_map(|p| p.bot.as_ref().map(|(level, _)| level.clone()))
                .collect(),
            rulings: self.rulings.clone(),
            name: self.places[seat as usize].name.clone(),
            turn_timeout_secs: self.turn_timeout.map(|d| d.as_secs() as u32),
        }
    }

    /// Everyone at the table but connection `id` hears that the next game is `code`.
    pub fn tell_next(&mut self, code: String, id: u64) {
        for (sub, _) in self.audience() {
            if sub.id != id {
                let told = RoomServer::Rematch { code: code.clone() };
                sub.send_text(told.to_json().into());
            }
        }
        self.next = Some(code);
    }

    /// Takes a free seat for a person: its number and secret token.
    pub fn join(
        &mut self,
        store: &dyn Store,
        name: &str,
        sub: Subscriber,
    ) -> Result<(u8, String), Refusal> {
        let taken: Vec<String> = self.places.iter().map(|p| p.name.clone()).collect();
        let name = super::seat_name(name, &taken)?;
        let name = name.as_str();
        let free = (self.places.iter()).position(|p| p.bot.is_none() && p.token_hash.is_none());
        let Some(seat) = free else {
            return Err((
                ErrorCode::TableFull,
                "every seat for a person is taken".into(),
            ));
        };
        let token = secret::new_token();
        let hash = secret::digest(&token);
        store
            .room_seat(&self.key, seat as u8, name, &hash)
            .map_err(internal)?;
        let place = &mut self.places[seat];
        (place.name, place.token_hash, place.sub) = (name.to_string(), Some(hash), Some(sub));
        self.touched = std::time::Instant::now();
        self.tell_table();
        Ok((seat as u8, token))
    }

    /// The seat this token was given for, taken back by `sub` (the older connection there
    /// is dropped from the table).
    pub fn rejoin(&mut self, token: &str, sub: Subscriber) -> Result<u8, Refusal> {
        let hash = secret::digest(token);
        let found = (self.places.iter())
            .position(|p| p.token_hash.is_some_and(|h| secret::same(&h, &hash)));
        let Some(seat) = found else {
            return Err((
                ErrorCode::BadToken,
                "no seat at this table has that token".into(),
            ));
        };
        self.touched = std::time::Instant::now();
        if let Some(old) = self.places[seat].sub.replace(sub) {
            old.send_text(
                RoomServer::error(ErrorCode::SeatTaken, "this seat was taken back elsewhere")
                    .to_json()
                    .into(),
            );
            old.close();
        }
        self.tell_table();
        Ok(seat as u8)
    }

    pub fn leave(&mut self, id: u64) {
        self.touched = std::time::Instant::now();
        self.watchers.retain(|s| s.id != id);
        let mut changed = false;
        for place in &mut self.places {
            if place.sub.as_ref().is_some_and(|s| s.id == id) {
                place.sub = None;
                changed = true;
            }
        }
        if changed {
            self.tell_table();
        }
    }

    pub fn start(&mut self, store: &dyn Store, seat: Option<u8>) -> Result<(), Refusal> {
        if seat != Some(0) {
            return Err((
                ErrorCode::NotCreator,
                "only the table's creator starts it".into(),
            ));
        }
        if self.started() {
            return Err((ErrorCode::AlreadyStarted, "the game has started".into()));
        }
        if self
            .places
            .iter()
            .any(|p| p.bot.is_none() && p.token_hash.is_none())
        {
            return Err((
                ErrorCode::BadRequest,
                "a seat for a person is still free".into(),
            ));
        }
        store
            .room_status(&self.key, Status::Playing)
            .map_err(internal)?;
        self.status = Status::Playing;
        self.touched = std::time::Instant::now();
        self.tell_table();
        self.tell_all(0);
        self.play_bots(store);
        Ok(())
    }

    /// Applies choice `choice` for the seat to act, stores it, and tells everyone.
    fn decide(&mut self, store: &dyn Store, choice: usize) -> Result<(), Refusal> {
        let (from, number) = (self.session.log_len(), self.session.number());
        let action = self
            .session
            .choose(choice)
            .map_err(|e| (ErrorCode::Refused, e))?;
        let status = match self.session.winners() {
            Some(_) => Status::Over,
            None => Status::Playing,
        };
        let state = self.session.state_json();
        if let Err(e) = store.room_decide(&self.key, number, &action, &state, status) {
            // Not stored, so not played: the game goes back to the actions stored.
            if let Ok(again) = self.kind.restore(
                &self.session.options_json(),
                self.session.seed(),
                &self.actions,
            ) {
                self.session = again;
            }
            return Err(internal(e));
        }
        self.actions.push(action);
        self.status = status;
        self.touched = std::time::Instant::now();
        self.tell_all(from);
        Ok(())
    }

    /// A person's answer to question `number`.
    pub fn answer(
        &mut self,
        store: &dyn Store,
        seat: Option<u8>,
        number: u32,
        choice: u32,
    ) -> Result<(), Refusal> {
        if !self.started() {
            return Err((ErrorCode::NotStarted, "the game has not started".into()));
        }
        if seat.is_none() || self.session.to_act() != seat {
            return Err((
                ErrorCode::NotYourTurn,
                "it is not this seat's question".into(),
            ));
        }
        if number != self.session.number() {
            return Err((
                ErrorCode::Stale,
                format!(
                    "question {number} was answered; this one is {}",
                    self.session.number()
                ),
            ));
        }
        let count = self.session.choice_count();
        if choice as usize >= count {
            return Err((
                ErrorCode::NotAnOption,
                format!("choose from 0 to {}", count.saturating_sub(1)),
            ));
        }
        self.decide(store, choice as usize)?;
        if let Some(sub) = seat.and_then(|s| self.places[s as usize].sub.as_ref()) {
            sub.send_text(RoomServer::Accepted { number }.to_json().into());
        }
        self.play_bots(store);
        Ok(())
    }

    /// The moves nobody needs to think about: a bot's, each from its seat's view and
    /// seeded as every table seeds its bots (so a restart plays the same moves); and a person's question with a single choice (a round of aces with
    /// nothing to answer), which is answered by itself.
    pub fn play_bots(&mut self, store: &dyn Store) {
        self.moves_nobody_thinks_about(store);
        self.arm_deadline();
    }

    /// Sets when the person asked now is answered for, if the table has a turn timeout.
    fn arm_deadline(&mut self) {
        let person = (self.session.to_act()).is_some_and(|s| self.places[s as usize].bot.is_none());
        self.deadline = match self.turn_timeout {
            Some(limit) if person && self.status == Status::Playing => {
                Some(std::time::Instant::now() + limit)
            }
            _ => None,
        };
    }

    /// If the person asked has run out of time: a bot answers for them, everyone is told
    /// so, and the game goes on. False when nothing was due.
    pub fn time_out(&mut self, store: &dyn Store, now: std::time::Instant) -> bool {
        if self.deadline.is_none_or(|d| now < d) || self.status != Status::Playing {
            return false;
        }
        self.deadline = None;
        let (Some(seat), number) = (self.session.to_act(), self.session.number()) else {
            return false;
        };
        let Some(choice) = self.session.bot_choice(standin(&self.places)) else {
            return false;
        };
        // Said before the move it leads to, so that its log lines follow the notice.
        for (sub, _) in self.audience() {
            sub.send_text(RoomServer::TimedOut { seat, number }.to_json().into());
        }
        if let Err((_, message)) = self.decide(store, choice) {
            tracing::error!(room = %secret::table_id(&self.key), message, "a stand-in's move failed");
            return false;
        }
        self.play_bots(store);
        true
    }

    fn moves_nobody_thinks_about(&mut self, store: &dyn Store) {
        while self.started() && self.status == Status::Playing {
            let Some(seat) = self.session.to_act() else {
                return;
            };
            let choice = match self.places[seat as usize].bot.clone() {
                Some((_, bot)) => self.session.bot_choice(bot),
                None => (self.session.choice_count() == 1).then_some(0),
            };
            let Some(choice) = choice else {
                return;
            };
            if let Err((_, message)) = self.decide(store, choice) {
                tracing::error!(room = %secret::table_id(&self.key), message, "a bot's move failed");
                return;
            }
        }
    }
}
