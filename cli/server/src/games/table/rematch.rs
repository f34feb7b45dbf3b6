//! The next game at a finished table: a person asks (`rematch`), the table answers with
//! the request that opens a new table like it (same packs, seats, bots, options, turn
//! timeout), the connection moves there as its creator (`ws/`), and everyone still at
//! the old table is told the new code. One per table: once it is open, asking again only
//! tells the code again.

use super::LiveTable;
use crate::outbox::Subscriber;
use dungeon_engine::ids::Seat;
use dungeon_engine::options::{FirstAdventurer, VARIANT_RULING};
use dungeon_protocol::{ErrorCode, NewTable, NoticeKind, ServerMessage, TableOptions};

/// Where a table's next game stands.
#[derive(Default)]
pub(crate) enum Rematch {
    #[default]
    None,
    /// Asked for and being opened: nobody else may open another meanwhile.
    Opening,
    /// Open at this code, asked for by this seat.
    Open { seat: Seat, code: String },
}

impl LiveTable {
    /// `seat` (a person, holding the seat on `sub`) asks for the next game: the request
    /// that opens it, or `None` with `sub` told why (or told the code of the one open).
    pub fn rematch(&mut self, seat: Seat, sub: &Subscriber) -> Option<NewTable> {
        let refuse = |code, message: &str| {
            sub.send(&ServerMessage::error(code, message));
            None
        };
        if !self.holds(seat, sub) {
            return refuse(ErrorCode::NotYourTurn, "this connection holds no seat here");
        }
        if !self.finished() {
            return refuse(ErrorCode::BadRequest, "the game is not over");
        }
        match &self.rematch {
            Rematch::Open { seat, code } => {
                let kind = NoticeKind::Rematch {
                    seat: *seat,
                    code: code.clone(),
                };
                let index = self.events.len() as u64;
                sub.send(&ServerMessage::Notice { index, kind });
                return None;
            }
            Rematch::Opening => {
                return refuse(ErrorCode::Busy, "the next game is being opened; ask again");
            }
            Rematch::None => {}
        }
        self.rematch = Rematch::Opening;
        Some(self.next_game(seat))
    }

    /// The request for a table like this one, `seat`'s person its creator.
    fn next_game(&self, seat: Seat) -> NewTable {
        let options = &self.head.options;
        let mut rulings: Vec<String> = (options.rulings.iter())
            .map(|(id, choice)| format!("{id}={choice}"))
            .collect();
        if options.designer_variant {
            rulings.push(format!("{VARIANT_RULING}={}", options.variant_scope.id()));
        }
        NewTable {
            // A brought pack is played last (`brought.rs`) and comes again as files.
            packs: match &self.uploaded {
                Some(_) => self.packs[..self.packs.len().saturating_sub(1)].to_vec(),
                None => self.packs.clone(),
            },
            players: self.seats.len() as u8,
            humans: self.seats.iter().filter(|s| s.bot.is_none()).count() as u8,
            bots: self
                .seats
                .iter()
                .filter_map(|s| s.bot.map(|b| b.id()))
                .collect(),
            options: TableOptions {
                variant: options.designer_variant,
                rulings,
                adventurer: match &options.first_adventurer {
                    FirstAdventurer::Named(id) => Some(id.clone()),
                    _ => None,
                },
            },
            turn_timeout_secs: self.turn_timeout.map(|d| d.as_secs() as u32),
            name: self.seats[seat as usize].name.clone(),
            pack: self.uploaded.clone(),
        }
    }

    /// The next game is open at `code` (asked by `seat`): everyone still here is told.
    /// `None`: it could not be opened, and may be asked for again.
    pub fn rematched(&mut self, seat: Seat, code: Option<String>) {
        let Some(code) = code else {
            self.rematch = Rematch::None;
            return;
        };
        self.rematch = Rematch::Open {
            seat,
            code: code.clone(),
        };
        self.notice(NoticeKind::Rematch { seat, code }, None);
    }
}
