//! Tables of the other games (`ws://HOST:PORT/rooms`, `dungeon_protocol::rooms`): any
//! game the program hands the server as a [`Kind`] (`Config::games`), Mazmorra and
//! Goofspiel today. The server knows none of them: a table is a
//! `dungeon_core::session::Session`, each seat hears the game in words built from its own
//! view, and bots choose from their seat's view.
//!
//! - `room.rs`: one table, and every change to it (stored before anyone hears of it);
//! - a connection, its limits and its requests: `crate::ws::rooms`, with `/ws`'s;
//! - here: the tables by key, opening one, and taking the stored ones on at start (each
//!   played again from its actions and checked against its stored state).
//!
//! A table's work (its bots' thinking, its writes) runs on tokio's blocking threads,
//! one table at a time behind its lock: no game code runs on the async side.

mod room;

use crate::Seeds;
use crate::games::setup::MAX_TURN_TIMEOUT;
use crate::outbox::Subscriber;
use crate::secret::{self, Key};
use crate::store::rooms::StoredRoom;
use crate::store::{Status, Store};
use dungeon_core::bots::Bot;
use dungeon_core::session::Kind;
use dungeon_protocol::ErrorCode;
use dungeon_protocol::rooms::{GameOffer, NewRoom};
pub(crate) use room::Refusal;
use room::{Place, Room};
use std::collections::HashMap;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};

/// A table behind its lock.
pub(crate) type Shared = Arc<Mutex<Room>>;

pub(crate) fn lock(room: &Shared) -> std::sync::MutexGuard<'_, Room> {
    room.lock().unwrap_or_else(|p| p.into_inner())
}

pub(crate) struct Rooms {
    kinds: Vec<Arc<dyn Kind>>,
    pub store: Arc<dyn Store>,
    seeds: Seeds,
    next_seed: AtomicU64,
    tables: Mutex<HashMap<Key, Shared>>,
    /// The tables with a turn timeout, the only ones the clock visits (a table's timeout
    /// never changes; a table forgotten drops out).
    timed: Mutex<Vec<std::sync::Weak<Mutex<Room>>>>,
    limits: RoomLimits,
}

/// How many tables, and for how long: the server's limits (`crate::Limits`) for its
/// tables, applied to these.
#[derive(Clone, Debug)]
pub(crate) struct RoomLimits {
    /// The most tables open at once.
    pub most: usize,
    /// The most unfinished tables opened from one address.
    pub per_address: usize,
    /// How long a table never started, or with nobody at its people's seats, is kept.
    pub expiry: crate::games::Expiry,
}

impl Rooms {
    pub fn new(
        kinds: Vec<Arc<dyn Kind>>,
        store: Arc<dyn Store>,
        seeds: Seeds,
        limits: RoomLimits,
    ) -> Rooms {
        Rooms {
            kinds,
            store,
            seeds,
            next_seed: AtomicU64::new(0),
            tables: Mutex::default(),
            timed: Mutex::default(),
            limits,
        }
    }

    /// A thread that answers for people whose time ran out ([`Rooms::tick`]), as long as
    /// the rooms live.
    pub fn keep_time(rooms: &Arc<Rooms>) {
        let rooms = Arc::downgrade(rooms);
        let spawned = std::thread::Builder::new()
            .name("rooms-clock".into())
            .spawn(move || {
                while let Some(rooms) = rooms.upgrade() {
                    let wait = rooms.tick();
                    drop(rooms);
                    std::thread::sleep(wait.max(std::time::Duration::from_millis(20)));
                }
            });
        if let Err(e) = spawned {
            tracing::error!(error = %e, "no clock for the rooms' turn timeouts");
        }
    }

    /// Answers for every person whose time ran out (see `Room::time_out`), and returns
    /// how long until the next deadline (at most a second).
    pub fn tick(&self) -> std::time::Duration {
        let now = std::time::Instant::now();
        let tables: Vec<Shared> = {
            let mut timed = self.timed.lock().unwrap_or_else(|p| p.into_inner());
            timed.retain(|t| t.strong_count() > 0);
            timed.iter().filter_map(std::sync::Weak::upgrade).collect()
        };
        let mut next = now + std::time::Duration::from_secs(1);
        for shared in tables {
            let mut room = lock(&shared);
            room.time_out(&*self.store, now);
            if let Some(d) = room.deadline {
                next = next.min(d);
            }
        }
        next.saturating_duration_since(std::time::Instant::now())
    }

    /// Has the clock visit `shared` if it has a turn timeout.
    fn clock(&self, shared: &Shared) {
        if lock(shared).turn_timeout.is_some() {
            let mut timed = self.timed.lock().unwrap_or_else(|p| p.into_inner());
            timed.push(Arc::downgrade(shared));
        }
    }

    /// Forgets finished tables, and closes for good (`expired`) those never started or
    /// left by their people for longer than the limits allow.
    fn sweep(&self, tables: &mut HashMap<Key, Shared>) {
        tables.retain(|_, shared| {
            let mut room = lock(shared);
            if !room.status.unfinished() {
                return false;
            }
            let expired = (self.limits.expiry.limit(room.status, !room.anyone_here()))
                .is_some_and(|limit| room.touched.elapsed() > limit);
            if expired {
                let _ = self.store.room_status(&room.key, Status::Expired);
                room.status = Status::Expired;
            }
            !expired
        });
    }

    pub fn offers(&self, lang: &str) -> Vec<GameOffer> {
        (self.kinds.iter())
            .map(|k| GameOffer {
                id: k.id().into(),
                name: k.name(lang),
                min_players: *k.seats().start(),
                max_players: *k.seats().end(),
                options: k.option_help(),
            })
            .collect()
    }

    pub fn find(&self, code: &str) -> Option<Shared> {
        let key = secret::digest(code.trim());
        let tables = self.tables.lock().unwrap_or_else(|p| p.into_inner());
        tables.get(&key).cloned()
    }

    fn seed(&self) -> u64 {
        self.seeds.next(&self.next_seed)
    }

    /// Opens a table for `request`, its creator (`sub`) at seat 0: its code and the
    /// creator's token.
    pub fn create(
        &self,
        request: &NewRoom,
        sub: Subscriber,
        client: std::net::IpAddr,
    ) -> Result<(String, String, Shared), Refusal> {
        let bad = |m: String| (ErrorCode::BadRequest, m);
        let kind = (self.kinds.iter().find(|k| k.id() == request.game))
            .ok_or_else(|| {
                bad(format!(
                    "no game {:?} here",
                    dungeon_engine::printable::truncate(&request.game, 40)
                ))
            })?
            .clone();
        if !kind.seats().contains(&request.players) {
            return Err(bad(format!(
                "{} is played by {:?} players",
                kind.name("en"),
                kind.seats()
            )));
        }
        if request.humans == 0 || request.humans > request.players {
            return Err(bad("1 to players seats for people".into()));
        }
        let creator = seat_name(&request.name, &[])?;
        if request.rulings.len() > 16 || request.bots.len() > 8 {
            return Err(bad("too many rulings or bots".into()));
        }
        if (request.turn_timeout_secs).is_some_and(|t| !(1..=MAX_TURN_TIMEOUT).contains(&t)) {
            let m = format!("a turn timeout is 1 to {MAX_TURN_TIMEOUT} seconds");
            return Err(bad(m));
        }
        let levels: Vec<String> = match request.bots.is_empty() {
            true => vec!["normal".into()],
            false => request.bots.clone(),
        };
        let mut places = Vec::new();
        for seat in 0..request.players {
            if seat < request.humans {
                places.push(Place {
                    name: String::new(),
                    bot: None,
                    token_hash: None,
                    sub: None,
                });
                continue;
            }
            let i = ((seat - request.humans) as usize).min(levels.len() - 1);
            let bot = Bot::parse(&levels[i]).ok_or_else(|| {
                bad(format!(
                    "no bot level {:?}",
                    dungeon_engine::printable::truncate(&levels[i], 20)
                ))
            })?;
            places.push(Place {
                name: format!("Bot {}", seat + 1),
                bot: Some((levels[i].clone(), bot)),
                token_hash: None,
                sub: None,
            });
        }
        let session = kind
            .start(request.players, &request.rulings, self.seed())
            .map_err(|e| bad(dungeon_engine::printable::escape_line(&e).into_owned()))?;
        let (code, token) = (secret::new_code(), secret::new_token());
        let key = secret::digest(&code);
        places[0].name = creator;
        places[0].token_hash = Some(secret::digest(&token));
        places[0].sub = Some(sub);
        let room = Room {
            key,
            kind,
            rulings: request.rulings.clone(),
            session,
            actions: Vec::new(),
            places,
            watchers: Vec::new(),
            status: Status::Open,
            creator: Some(client),
            touched: std::time::Instant::now(),
            turn_timeout: request
                .turn_timeout_secs
                .map(|s| std::time::Duration::from_secs(s.into())),
            deadline: None,
            next: None,
        };
        let shared = {
            let mut tables = self.tables.lock().unwrap_or_else(|p| p.into_inner());
            self.sweep(&mut tables);
            if tables.len() >= self.limits.most {
                return Err((
                    ErrorCode::TooManyTables,
                    "the server holds as many tables as it may".into(),
                ));
            }
            let mine = (tables.values())
                .filter(|r| lock(r).creator == Some(client))
                .count();
            if mine >= self.limits.per_address {
                let m = format!(
                    "one address may hold {} unfinished tables",
                    self.limits.per_address
                );
                return Err((ErrorCode::TableQuota, m));
            }
            self.store
                .room_create(&room.stored())
                .map_err(|e| (ErrorCode::Internal, e.to_string()))?;
            let shared = Arc::new(Mutex::new(room));
            tables.insert(key, shared.clone());
            shared
        };
        self.clock(&shared);
        Ok((code, token, shared))
    }

    /// Takes on every unfinished stored table, each played again and checked: how many
    /// were taken on, and the broken ones (by log id, with why), marked so and never
    /// played.
    pub fn restore(&self) -> (usize, Vec<(String, String)>) {
        let stored = match self.store.rooms_unfinished() {
            Ok(s) => s,
            Err(e) => return (0, vec![("rooms".into(), e.to_string())]),
        };
        let (mut taken, mut broken) = (0, Vec::new());
        let now = crate::store::now_secs();
        for s in stored {
            let age = std::time::Duration::from_secs(now.saturating_sub(s.touched));
            // Nobody is at a table while the server is down.
            let too_old =
                (self.limits.expiry.limit(s.status, true)).is_some_and(|limit| age > limit);
            if too_old {
                let _ = self.store.room_status(&s.key, Status::Expired);
                continue;
            }
            match self.take_on(&s) {
                Ok(room) => {
                    let shared = Arc::new(Mutex::new(room));
                    self.clock(&shared);
                    lock(&shared).play_bots(&*self.store);
                    let mut tables = self.tables.lock().unwrap_or_else(|p| p.into_inner());
                    tables.insert(s.key, shared);
                    taken += 1;
                }
                Err(why) => {
                    let _ = self.store.room_status(&s.key, Status::Broken);
                    broken.push((secret::table_id(&s.key), why));
                }
            }
        }
        (taken, broken)
    }

    fn take_on(&self, s: &StoredRoom) -> Result<Room, String> {
        let kind = (self.kinds.iter().find(|k| k.id() == s.game))
            .ok_or_else(|| format!("no game {:?} here", s.game))?
            .clone();
        let session = kind.restore(&s.options, s.seed, &s.actions)?;
        if session.state_json() != s.state {
            return Err("its actions do not lead to its stored state".into());
        }
        let places = (s.seats.iter())
            .map(|seat| {
                let bot = match &seat.bot {
                    None => None,
                    Some(level) => Some((
                        level.clone(),
                        Bot::parse(level).ok_or("a bot level unknown")?,
                    )),
                };
                Ok(Place {
                    name: seat.name.clone(),
                    bot,
                    token_hash: seat.token_hash,
                    sub: None,
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        if places.len() != usize::from(session.players()) {
            return Err("its seats do not match its game".into());
        }
        Ok(Room {
            key: s.key,
            kind,
            rulings: s.rulings.clone(),
            session,
            actions: s.actions.clone(),
            places,
            watchers: Vec::new(),
            status: s.status,
            creator: None,
            touched: std::time::Instant::now(),
            turn_timeout: (s.turn_timeout_secs)
                .filter(|t| (1..=MAX_TURN_TIMEOUT).contains(t))
                .map(|t| std::time::Duration::from_secs(t.into())),
            deadline: None,
            next: None,
        })
    }
}

/// The name as a seat keeps it (`crate::names`: trimmed, composed, nothing invisible,
/// never a default label), unique at the table whatever its case.
pub(crate) fn seat_name(name: &str, taken: &[String]) -> Result<String, Refusal> {
    let name = crate::names::check(name).map_err(|e| (ErrorCode::BadRequest, e))?;
    let folded = crate::names::fold(&name);
    if !name.is_empty() && taken.iter().any(|t| crate::names::fold(t) == folded) {
        return Err((ErrorCode::BadRequest, "another seat has that name".into()));
    }
    Ok(name)
}
