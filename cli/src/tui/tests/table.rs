//! `EngineTable`: a `Table` for tests over the real engine and bots, answering in the
//! calling thread (no thinking thread, so every run is the same). It hands out what a
//! table must: public events, private versions only for controlled seats, views of
//! controlled seats only. Its odds are made up (a fixed chance, after a few polls) and its
//! saves only noted: the screens' handling of them is what is tested here; the local
//! table's own tests check the real ones.

use crate::packs;
use dungeon_bots::{Bot, BotKind, seat_seed};
use dungeon_engine::action::Action;
use dungeon_engine::event::Event;
use dungeon_engine::ids::Seat;
use dungeon_engine::options::GameOptions;
use dungeon_engine::script::ScriptHost;
use dungeon_engine::view::{PlayerView, View};
use dungeon_engine::{Engine, GameState};
use dungeon_table::{
    Failure, FailureKind, LogEntry, Note, Odds, OddsNow, OddsState, SaveStatus, SeatInfo, Table,
    TableError, TableSetup, TableState,
};
use std::path::{Path, PathBuf};
use std::time::Duration;

pub struct EngineTable {
    setup: TableSetup,
    engine: Engine<ScriptHost>,
    state: GameState,
    bots: Vec<Option<Box<dyn Bot>>>,
    log: Vec<LogEntry>,
    decisions: u32,
    /// What `Waiting` says about how long a bot has been thinking.
    pub thinking: Duration,
    /// Each bot decision waits for this many polls first (a bot that takes a while).
    pub polls_per_move: u32,
    polls: u32,
    /// Odds asked for: the seat, and the polls left before they are ready.
    odds: Option<(Seat, u32)>,
    /// How many polls odds take.
    pub odds_polls: u32,
    /// Files that hold another game: saving over them must be asked for.
    pub other_games: Vec<PathBuf>,
    /// What `save_to` wrote: the file, and whether replacing another game was allowed.
    pub saved: Vec<(PathBuf, bool)>,
    pub saving: SaveStatus,
    pub closed: bool,
    /// The game cannot go on (as a table whose script failed on a bot's move).
    pub stop: Option<Failure>,
    /// The connection is lost for this many polls, then back (as a remote table's).
    pub lost_polls: u32,
    /// The table's notes beside the log (as a remote table's).
    pub notes: Vec<Note>,
}

impl EngineTable {
    /// A game of `packs` with one seat per entry of `seats`: `None` is a human at this
    /// screen, `Some(kind)` a bot.
    pub fn new(
        packs_list: &str,
        seed: u64,
        seats: &[Option<BotKind>],
        tweak: impl FnOnce(&mut GameOptions),
    ) -> EngineTable {
        let lang = dungeon_engine::lang::Lang::En;
        let library = packs::library(lang, &[], None).expect("built-in packs");
        let catalog = packs::catalog(lang, &library, packs_list).expect("packs");
        let mut engine = Engine::new(catalog.clone()).expect("engine");
        let mut options = GameOptions {
            players: seats.len() as u8,
            ..GameOptions::default()
        };
        tweak(&mut options);
        let mut events = Vec::new();
        let state = engine
            .new_game(options.clone(), seed, &mut events)
            .expect("game");
        let bots = seats
            .iter()
            .enumerate()
            .map(|(i, k)| k.map(|k| k.create(seat_seed(seed, i))))
            .collect();
        let setup = TableSetup {
            catalog,
            seats: seats
                .iter()
                .map(|k| SeatInfo {
                    name: String::new(),
                    bot: k.map(|k| k.id()),
                    controlled: k.is_none(),
                })
                .collect(),
            options,
            seed: Some(seed),
        };
        let mut table = EngineTable {
            setup,
            engine,
            state,
            bots,
            log: Vec::new(),
            decisions: 0,
            thinking: Duration::ZERO,
            polls_per_move: 0,
            polls: 0,
            odds: None,
            odds_polls: 0,
            other_games: Vec::new(),
            saved: Vec::new(),
            saving: SaveStatus::default(),
            closed: false,
            stop: None,
            lost_polls: 0,
            notes: Vec::new(),
        };
        table.push(events);
        table
    }

    /// Names the seats (an empty name keeps the default).
    pub fn with_names(mut self, names: &[&str]) -> EngineTable {
        for (seat, name) in self.setup.seats.iter_mut().zip(names) {
            seat.name = name.to_string();
        }
        self
    }

    fn push(&mut self, events: Vec<Event>) {
        for event in events {
            let public = event.seen_by(Seat::MAX);
            let private = (0..self.setup.seats.len() as Seat)
                .filter(|&s| self.setup.seats[s as usize].controlled)
                .map(|s| (s, event.seen_by(s)))
                .find(|(_, e)| *e != public);
            self.log.push(LogEntry {
                index: self.log.len() as u64,
                public,
                private,
            });
        }
    }

    fn apply(&mut self, seat: Seat, action: Action) -> Result<(), TableError> {
        let mut events = Vec::new();
        self.engine
            .apply(&mut self.state, action, &mut events)
            .map_err(|_| {
                TableError::Refused(Failure {
                    kind: FailureKind::Move,
                    log: None,
                })
            })?;
        let _ = seat;
        self.decisions += 1;
        self.odds = None;
        self.push(events);
        Ok(())
    }

    /// Every monster a seat held privately so far (drawn, added, set aside), by name id.
    pub fn private_monsters(&self, seat: Seat) -> Vec<String> {
        self.log
            .iter()
            .filter_map(|e| match &e.private {
                Some((
                    s,
                    Event::Drew {
                        monster: Some(m), ..
                    },
                )) if *s == seat => Some(self.setup.catalog.monster(*m).info.id.clone()),
                _ => None,
            })
            .collect()
    }
}

impl Table for EngineTable {
    fn notes(&self) -> &[Note] {
        &self.notes
    }

    fn setup(&self) -> &TableSetup {
        &self.setup
    }

    fn poll(&mut self, _timeout: Duration) -> Result<bool, TableError> {
        if self.lost_polls > 0 {
            self.lost_polls -= 1;
            return Ok(true);
        }
        if let Some((seat, left)) = self.odds
            && left > 0
        {
            self.odds = Some((seat, left - 1));
            return Ok(left == 1);
        }
        let Some(seat) = self.state.current_seat() else {
            return Ok(false);
        };
        if self.bots[seat as usize].is_none() {
            return Ok(false);
        }
        if self.polls < self.polls_per_move {
            self.polls += 1;
            return Ok(false);
        }
        self.polls = 0;
        let view = View::new(&self.state, seat);
        let action = self.bots[seat as usize]
            .as_mut()
            .expect("a bot")
            .decide(&mut self.engine, &view);
        self.apply(seat, action)?;
        Ok(true)
    }

    fn state(&self) -> TableState {
        if self.lost_polls > 0 {
            return TableState::Stopped {
                failure: Failure {
                    kind: FailureKind::Lost,
                    log: None,
                },
            };
        }
        if let Some(failure) = &self.stop {
            return TableState::Stopped {
                failure: failure.clone(),
            };
        }
        if let Some(d) = &self.state.pending {
            if self.setup.seats[d.seat as usize].controlled {
                return TableState::Asking {
                    seat: d.seat,
                    number: self.decisions,
                    decision: d.clone(),
                };
            }
            return TableState::Waiting {
                seat: d.seat,
                for_how_long: self.thinking,
            };
        }
        TableState::Over {
            winner: self.state.winner,
        }
    }

    fn view(&self, seat: Seat) -> Option<PlayerView> {
        let info = self.setup.seats.get(seat as usize)?;
        info.controlled
            .then(|| View::new(&self.state, seat).snapshot())
    }

    fn public_view(&self) -> Option<PlayerView> {
        Some(dungeon_table::public_view(&self.state))
    }

    fn log(&self) -> &[LogEntry] {
        &self.log
    }

    fn answer(&mut self, seat: Seat, number: u32, action: Action) -> Result<(), TableError> {
        let Some(d) = self.state.pending.as_ref() else {
            return Err(TableError::NotYourSeat(seat));
        };
        if d.seat != seat || !self.setup.seats[seat as usize].controlled {
            return Err(TableError::NotYourSeat(seat));
        }
        if number != self.decisions {
            return Err(TableError::Stale {
                expected: self.decisions,
            });
        }
        if !d.allows(&action) {
            return Err(TableError::NotAnOption);
        }
        self.apply(seat, action)
    }

    fn ask_odds(&mut self, seat: Seat) -> Result<(), TableError> {
        if !self.setup.seats[seat as usize].controlled {
            return Err(TableError::NotYourSeat(seat));
        }
        self.odds = Some((seat, self.odds_polls));
        Ok(())
    }

    fn odds(&self, seat: Seat) -> OddsState {
        let Some((asked, left)) = self.odds else {
            return OddsState::None;
        };
        let available = self
            .view(seat)
            .is_some_and(|v| dungeon_table::odds_available(&v));
        match (asked == seat, available, left) {
            (false, _, _) => OddsState::None,
            (true, false, _) => OddsState::Unavailable,
            (true, true, 0) => OddsState::Ready(Odds {
                number: self.decisions,
                now: OddsNow::Survive(0.25),
                with_card: None,
                exact: true,
            }),
            (true, true, _) => OddsState::Thinking {
                for_how_long: self.thinking,
            },
        }
    }

    fn saving(&self) -> SaveStatus {
        self.saving.clone()
    }

    fn save_to(&mut self, path: &Path, replace_other_game: bool) -> Result<(), TableError> {
        if !replace_other_game && self.other_games.iter().any(|p| p == path) {
            return Err(TableError::OtherGame);
        }
        self.saved.push((path.to_path_buf(), replace_other_game));
        Ok(())
    }

    fn close(&mut self) {
        self.closed = true;
    }
}
