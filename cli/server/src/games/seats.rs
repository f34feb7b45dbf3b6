//! Who sits at a table: joining a free seat, taking a seat back with its token, watching,
//! leaving, and the creator's start. Every refusal is an error to that connection only.

use super::Seated;
use super::table::LiveTable;
use crate::outbox::Subscriber;
use crate::secret;
use crate::store::{Status, Store};
use dungeon_engine::ids::Seat;
use dungeon_protocol::{ErrorCode, NoticeKind, ServerMessage};

fn refuse(sub: &Subscriber, code: ErrorCode, message: impl Into<String>) -> Result<Seated, ()> {
    sub.send(&ServerMessage::error(code, message));
    Err(())
}

impl LiveTable {
    pub fn join(
        &mut self,
        store: &dyn Store,
        name: &str,
        token: &str,
        sub: &Subscriber,
    ) -> Result<Seated, ()> {
        let name = match crate::names::check(name) {
            Ok(name) => name,
            Err(why) => return refuse(sub, ErrorCode::BadRequest, why),
        };
        let folded = crate::names::fold(&name);
        let taken = |s: &super::table::SeatSlot| {
            !s.name.is_empty() && crate::names::fold(&s.name) == folded
        };
        if !name.is_empty() && self.seats.iter().any(taken) {
            let why = "another player at this table has that name";
            return refuse(sub, ErrorCode::BadRequest, why);
        }
        if self.started() {
            return refuse(sub, ErrorCode::AlreadyStarted, "the game has started");
        }
        let free = self
            .seats
            .iter()
            .position(|s| s.bot.is_none() && s.token_hash.is_none());
        let Some(seat) = free else {
            return refuse(sub, ErrorCode::TableFull, "every seat is taken");
        };
        let hash = secret::digest(token);
        if let Err(e) = store.seat(&self.key, seat as Seat, &name, &hash) {
            tracing::error!(table = %self.id(), error = %e, "storing a seat failed");
            return refuse(sub, ErrorCode::Internal, "the seat could not be stored");
        }
        let slot = &mut self.seats[seat];
        slot.name = name;
        slot.token_hash = Some(hash);
        self.seat_connection(seat as Seat, token, sub);
        Ok(Some(seat as Seat))
    }

    /// Takes back the seat `token` was given for: the newer connection wins. The one that
    /// held it is told so (`seat_taken`, on which clients stop rather than take it back:
    /// two clients with one token would otherwise take it from each other for ever) and
    /// closed.
    pub fn rejoin(&mut self, token: &str, sub: &Subscriber) -> Result<Seated, ()> {
        let hash = secret::digest(token);
        // Every seat is compared, so the time taken does not tell which seat matched.
        let mut found = None;
        for (i, slot) in self.seats.iter().enumerate() {
            let matches = slot.token_hash.is_some_and(|h| secret::same(&h, &hash));
            if matches {
                found = Some(i);
            }
        }
        let Some(seat) = found else {
            return refuse(sub, ErrorCode::BadToken, "that token holds no seat here");
        };
        if let Some(old) = self.seats[seat].conn.take() {
            old.send(&ServerMessage::error(
                ErrorCode::SeatTaken,
                "another connection took this seat back with its token",
            ));
            old.close();
        }
        self.seat_connection(seat as Seat, token, sub);
        Ok(Some(seat as Seat))
    }

    /// `sub` now answers for `seat`: it is told the table, and everyone else that it came.
    fn seat_connection(&mut self, seat: Seat, token: &str, sub: &Subscriber) {
        self.seats[seat as usize].conn = Some(sub.clone());
        self.touch();
        sub.send(&ServerMessage::Seated {
            seat,
            token: token.to_string(),
            setup: self.setup_for(Some(seat)),
        });
        self.cards_for(sub);
        if self.started() {
            self.catch_up(sub, Some(seat));
        }
        tracing::info!(table = %self.id(), seat, "seat taken");
        let name = self.seats[seat as usize].name.clone();
        self.notice(NoticeKind::Joined { seat, name }, Some(sub.id));
    }

    pub fn watch(&mut self, sub: &Subscriber) -> Result<Seated, ()> {
        sub.send(&ServerMessage::Watching {
            setup: self.setup_for(None),
        });
        self.cards_for(sub);
        if self.started() {
            self.catch_up(sub, None);
        }
        self.spectators.push(sub.clone());
        Ok(None)
    }

    /// A connection closed: its seat (if it still held one) is told as left.
    pub fn leave(&mut self, id: u64) {
        self.spectators.retain(|s| s.id != id);
        let seat = self
            .seats
            .iter()
            .position(|s| s.conn.as_ref().is_some_and(|c| c.id == id));
        if let Some(seat) = seat {
            self.seats[seat].conn = None;
            // A started table's time to be abandoned runs from its last person's leaving.
            self.touch();
            self.notice(NoticeKind::Left { seat: seat as Seat }, None);
        }
    }

    /// Whether `sub` is the connection answering for `seat` now (a seat taken back
    /// elsewhere leaves the old connection nothing to answer).
    pub fn holds(&self, seat: Seat, sub: &Subscriber) -> bool {
        self.seats
            .get(seat as usize)
            .and_then(|s| s.conn.as_ref())
            .is_some_and(|c| c.id == sub.id)
    }

    pub fn start(&mut self, store: &dyn Store, seat: Seat, sub: &Subscriber) {
        let error = |code, message: &str| sub.send(&ServerMessage::error(code, message));
        if seat != 0 || !self.holds(seat, sub) {
            return error(ErrorCode::NotCreator, "only the table's creator starts it");
        }
        if self.started() {
            return error(ErrorCode::AlreadyStarted, "the game has started");
        }
        let free = self
            .seats
            .iter()
            .filter(|s| s.bot.is_none() && s.token_hash.is_none())
            .count();
        if free > 0 {
            let message = format!("{free} seat(s) are still free");
            return error(ErrorCode::BadRequest, &message);
        }
        if let Err(e) = store.set_status(&self.key, Status::Playing) {
            tracing::error!(table = %self.id(), error = %e, "storing the start failed");
            return error(ErrorCode::Internal, "the start could not be stored");
        }
        self.status = Status::Playing;
        tracing::info!(table = %self.id(), "game started");
        self.arm_deadline();
        // Said in so many words: the first question may be another seat's, and a
        // spectator has none. Before the whole log, which nobody was sent yet.
        self.notice_before(0, NoticeKind::Started {}, None);
        for (i, slot) in self.seats.iter().enumerate() {
            if let Some(conn) = &slot.conn {
                self.catch_up(conn, Some(i as Seat));
            }
        }
        for spectator in &self.spectators {
            self.catch_up(spectator, None);
        }
    }
}
