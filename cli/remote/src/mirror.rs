//! The table as the server last described it to this connection: the log (each entry's
//! public version, and the private one for this seat), this seat's view (a spectator's:
//! the public view), whose turn it is, the notes, the odds asked for. Built only from the
//! server's messages, which are checked as they come: a log entry out of order is
//! dropped, a question for another seat is not this seat's to answer.

use dungeon_engine::action::Decision;
use dungeon_engine::ids::Seat;
use dungeon_engine::view::PlayerView;
use dungeon_protocol::{ErrorCode, NoticeKind, ServerMessage, Setup, StopReason};
use dungeon_table::{
    Failure, FailureKind, LogEntry, Note, Notice, Odds, OddsState, SeatInfo, TableSetup, TableState,
};
use std::time::Instant;

/// Where the game stands, as told.
#[derive(Clone, Debug)]
pub(crate) enum Stand {
    /// The game has not started: seats are being taken.
    Lobby,
    Asking {
        seat: Seat,
        number: u32,
        decision: Decision,
    },
    Waiting {
        seat: Seat,
        number: Option<u32>,
        since: Instant,
    },
    Over {
        winner: Option<Seat>,
    },
    Stopped(Failure),
}

/// Odds asked for at question `number`, and what came.
#[derive(Clone, Debug)]
pub(crate) struct OddsAsked {
    pub number: u32,
    pub since: Instant,
    /// `None` while the server works; `Some(Ok(None))` when it has none to give,
    /// `Some(Err(why))` when it is too busy to work them out now.
    pub result: Option<Result<Option<Odds>, String>>,
}

pub(crate) struct Mirror {
    pub setup: TableSetup,
    pub seat: Option<Seat>,
    pub code: String,
    pub token: Option<String>,
    pub started: bool,
    pub log: Vec<LogEntry>,
    pub notes: Vec<Note>,
    pub view: Option<PlayerView>,
    pub stand: Stand,
    pub odds: Option<OddsAsked>,
    /// The connection is lost (for now, or for good).
    pub lost: bool,
    /// The seats known to be taken by people (this one, and those who joined since).
    pub taken: Vec<bool>,
    /// The last refusal of the server that no call was waiting for (a `start` too early).
    pub refusal: Option<(ErrorCode, String)>,
    /// The last question this seat's answer was accepted for.
    pub accepted: Option<u32>,
}

impl Mirror {
    pub fn new(setup: TableSetup, code: String) -> Mirror {
        let taken = vec![false; setup.seats.len()];
        Mirror {
            setup,
            seat: None,
            code,
            token: None,
            started: false,
            log: Vec::new(),
            notes: Vec::new(),
            view: None,
            stand: Stand::Lobby,
            odds: None,
            lost: false,
            taken,
            refusal: None,
            accepted: None,
        }
    }

    /// Takes in the setup the server sent (on sitting down, and again on taking the seat
    /// back): the seats' names and who is controlled here.
    pub fn set_seats(&mut self, setup: &Setup, seat: Option<Seat>) {
        self.seat = seat;
        self.setup.seats = seats(setup, seat);
        self.taken.resize(self.setup.seats.len(), false);
        for taken in setup.taken.iter().copied().chain(seat) {
            if let Some(slot) = self.taken.get_mut(taken as usize) {
                *slot = true;
            }
        }
        self.started |= setup.started;
    }

    /// Where the game stands, for [`dungeon_table::Table::state`].
    pub fn state(&self) -> TableState {
        if self.lost {
            return TableState::Stopped {
                failure: Failure {
                    kind: FailureKind::Lost,
                    log: None,
                },
            };
        }
        match &self.stand {
            Stand::Lobby => TableState::Waiting {
                seat: 0,
                for_how_long: Default::default(),
            },
            Stand::Asking {
                seat,
                number,
                decision,
            } => TableState::Asking {
                seat: *seat,
                number: *number,
                decision: decision.clone(),
            },
            Stand::Waiting { seat, since, .. } => TableState::Waiting {
                seat: *seat,
                for_how_long: since.elapsed(),
            },
            Stand::Over { winner } => TableState::Over { winner: *winner },
            Stand::Stopped(failure) => TableState::Stopped {
                failure: failure.clone(),
            },
        }
    }

    /// The question pending for this seat: its number and decision.
    pub fn asking(&self) -> Option<(Seat, u32, &Decision)> {
        match &self.stand {
            Stand::Asking {
                seat,
                number,
                decision,
            } if !self.lost => Some((*seat, *number, decision)),
            _ => None,
        }
    }

    /// A note after the log as it stands.
    pub fn note(&mut self, notice: Notice) {
        self.notes.push(Note {
            after: self.log.len() as u64,
            notice,
        });
    }

    /// Takes in one message; `true` if anything a front end shows changed.
    pub fn apply(&mut self, message: ServerMessage) -> bool {
        match message {
            ServerMessage::TableCreated {
                code,
                seat,
                token,
                setup,
            } => {
                self.code = code;
                self.token = Some(token);
                self.set_seats(&setup, Some(seat));
            }
            ServerMessage::Seated { seat, token, setup } => {
                self.token = Some(token);
                self.set_seats(&setup, Some(seat));
                // Taken back: until the server says where the game stands, it moves on.
                if let Stand::Asking { seat, number, .. } = self.stand {
                    self.stand = waiting(seat, Some(number));
                }
            }
            ServerMessage::Watching { setup } => self.set_seats(&setup, None),
            ServerMessage::Log { entries } => {
                let before = self.log.len();
                for entry in entries {
                    // A seat taken back gets the log again from the start.
                    if entry.index == self.log.len() as u64 {
                        self.log.push(entry);
                    }
                }
                self.started |= !self.log.is_empty();
                return self.log.len() != before;
            }
            ServerMessage::View { view } => {
                // This seat's view; a spectator's is nobody's, the public view.
                if view.seat != self.seat.unwrap_or(dungeon_table::NOBODY) {
                    return false;
                }
                self.view = Some(view);
                self.started = true;
            }
            ServerMessage::Asking {
                seat,
                number,
                decision,
            } => {
                self.started = true;
                if Some(seat) != self.seat || decision.seat != seat {
                    self.stand = waiting(seat, Some(number));
                } else {
                    self.stand = Stand::Asking {
                        seat,
                        number,
                        decision,
                    };
                }
            }
            ServerMessage::Waiting { seat, number } => {
                self.started = true;
                match self.stand {
                    Stand::Waiting {
                        seat: s, number: n, ..
                    } if s == seat && n == Some(number) => return false,
                    _ => self.stand = waiting(seat, Some(number)),
                }
            }
            ServerMessage::Over { winner } => self.stand = Stand::Over { winner },
            ServerMessage::Stopped { reason } => {
                self.stand = Stand::Stopped(Failure {
                    kind: failure_kind(reason),
                    log: None,
                })
            }
            ServerMessage::Notice { index, kind } => {
                let notice = match kind {
                    NoticeKind::Started {} => {
                        self.started = true;
                        Notice::Started
                    }
                    NoticeKind::TimedOut { seat } => Notice::TimedOut { seat },
                    NoticeKind::Joined { seat, name } => {
                        if let Some(taken) = self.taken.get_mut(seat as usize) {
                            *taken = true;
                        }
                        // Players who sit down later are shown by their names too.
                        if let Some(info) = self.setup.seats.get_mut(seat as usize) {
                            info.name = name;
                        }
                        Notice::Joined { seat }
                    }
                    NoticeKind::Left { seat } => Notice::Left { seat },
                    NoticeKind::Rematch { seat, code } => Notice::Rematch { seat, code },
                };
                self.notes.push(Note {
                    after: index,
                    notice,
                });
            }
            ServerMessage::Accepted { number } => {
                self.accepted = Some(number);
                if let Stand::Asking {
                    seat, number: n, ..
                } = self.stand
                    && n == number
                {
                    // The next question, or whose turn it is, follows.
                    self.stand = waiting(seat, None);
                }
            }
            ServerMessage::Odds { number, odds } => match &mut self.odds {
                Some(asked) if asked.number == number => asked.result = Some(Ok(odds)),
                _ => return false,
            },
            ServerMessage::Error { code, message } => {
                let pending = self.odds.as_mut().filter(|a| a.result.is_none());
                if let Some(asked) = pending {
                    // Only odds are refused as `busy`: ask again later. Another refusal
                    // (a rate limit) means they are not coming either.
                    if code == ErrorCode::Busy {
                        asked.result = Some(Err(message));
                        return true;
                    }
                    asked.result = Some(Ok(None));
                }
                self.refusal = Some((code, message));
                return false;
            }
            // Words are for reading clients (`hello` with `lang`); the terminal words the
            // game itself, from the same texts.
            ServerMessage::Welcome { .. }
            | ServerMessage::Words(_)
            | ServerMessage::Cards { .. } => return false,
        }
        true
    }

    /// The odds of `seat` at the pending question, for [`dungeon_table::Table::odds`].
    pub fn odds(&self, seat: Seat) -> OddsState {
        let Some((asked_seat, number, _)) = self.asking() else {
            return OddsState::None;
        };
        match &self.odds {
            Some(asked) if asked_seat == seat && asked.number == number => match &asked.result {
                None => OddsState::Thinking {
                    for_how_long: asked.since.elapsed(),
                },
                Some(Ok(Some(odds))) => OddsState::Ready(odds.clone()),
                Some(Ok(None)) => OddsState::Unavailable,
                Some(Err(why)) => OddsState::Failed(why.clone()),
            },
            _ => OddsState::None,
        }
    }
}

fn waiting(seat: Seat, number: Option<u32>) -> Stand {
    Stand::Waiting {
        seat,
        number,
        since: Instant::now(),
    }
}

/// The seats as this front end holds them: only its own seat is controlled, whatever the
/// server says.
pub(crate) fn seats(setup: &Setup, seat: Option<Seat>) -> Vec<SeatInfo> {
    setup
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| SeatInfo {
            name: s.name.clone(),
            bot: s.bot.clone(),
            controlled: Some(i as Seat) == seat,
        })
        .collect()
}

fn failure_kind(reason: StopReason) -> FailureKind {
    match reason {
        StopReason::Script { card } => FailureKind::Script(card),
        StopReason::HiddenMonster {} => FailureKind::HiddenMonster,
        StopReason::Move {} | StopReason::Broken {} => FailureKind::Move,
        StopReason::Expired {} => FailureKind::Expired,
    }
}
