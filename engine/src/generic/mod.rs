//! Welcome to the Dungeon on the platform's game abstraction (`dungeon_core::Game`), so
//! that what the platform gives any game (seeded random play, replay, the IS-MCTS bot)
//! plays this one too, beside Mazmorra. The engine's own richer interfaces (its bots,
//! odds, records, tables) stay as they are; this is the first step of moving them onto
//! the abstraction (issue 27).
//!
//! The game is `Sync`, as the platform's tools want (they play on several threads): it
//! holds the catalog, and each thread plays with an engine of its own for that catalog
//! (the Lua host is not `Send`), made the first time the thread needs it and kept. Its
//! [`dungeon_core::Hosted`] side is `hosted.rs`: options by name, endings, the engine's
//! own invariants as the audit.
//!
//! A seat's view keeps the real state to sample from ([`View::determinize`] reads only
//! what the seat may know), privately: it shows and serialises as the seat's
//! [`PlayerView`], never as the state.

mod hosted;

use crate::catalog::Catalog;
use crate::options::GameOptions;
use crate::state::GameState;
#[cfg(doc)]
use crate::view::View as _;
use crate::view::{PlayerView, View};
use crate::{Action, Engine, EngineError, Event, Seat};
use dungeon_core::{Game, Outcome};
use rand_chacha::ChaCha8Rng;
use std::cell::RefCell;
use std::sync::Arc;

/// The game of a catalog's packs.
pub struct Dungeon {
    catalog: Arc<Catalog>,
}

thread_local! {
    /// This thread's engines, one per catalog played here (by the catalog's address; the
    /// catalog is kept alive with its engine).
    static ENGINES: RefCell<Vec<Engine>> = const { RefCell::new(Vec::new()) };
}

/// The most engines a thread keeps: past it the one made first goes (and is made again
/// if its catalog comes back), so a thread that meets many catalogs holds few Lua hosts.
const MOST_ENGINES: usize = 8;

/// Keeps `engine` among this thread's: its place.
fn keep(engines: &mut Vec<Engine>, engine: Engine) -> usize {
    if engines.len() >= MOST_ENGINES {
        engines.remove(0);
    }
    engines.push(engine);
    engines.len() - 1
}

impl Dungeon {
    /// The game of `engine`'s catalog (the engine itself serves this thread).
    pub fn new(engine: Engine) -> Dungeon {
        let catalog = engine.catalog().clone();
        ENGINES.with(|e| keep(&mut e.borrow_mut(), engine));
        Dungeon { catalog }
    }

    /// The game of `catalog`'s packs (a catalog an engine was already made of: its
    /// scripts load).
    pub fn of(catalog: Arc<Catalog>) -> Dungeon {
        Dungeon { catalog }
    }

    pub fn catalog(&self) -> &Arc<Catalog> {
        &self.catalog
    }

    /// `f` with this thread's engine for the catalog.
    fn with<T>(&self, f: impl FnOnce(&mut Engine) -> T) -> T {
        ENGINES.with(|engines| {
            let mut engines = engines.borrow_mut();
            let found = (engines.iter()).position(|e| Arc::ptr_eq(e.catalog(), &self.catalog));
            let at = match found {
                Some(at) => at,
                None => {
                    let engine = Engine::new(self.catalog.clone())
                        .expect("a catalog whose scripts loaded loads again");
                    keep(&mut engines, engine)
                }
            };
            f(&mut engines[at])
        })
    }
}

/// What one seat may know of a game (a spectator, with no seat, the public view).
#[derive(Clone, Debug)]
pub struct SeatView {
    state: GameState,
    seat: Option<Seat>,
    shown: PlayerView,
}

impl SeatView {
    /// What the seat sees, as the engine's front ends show it.
    pub fn shown(&self) -> &PlayerView {
        &self.shown
    }
}

impl PartialEq for SeatView {
    fn eq(&self, other: &SeatView) -> bool {
        self.seat == other.seat && self.shown == other.shown
    }
}

impl serde::Serialize for SeatView {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.shown.serialize(s)
    }
}

impl Game for Dungeon {
    type Options = GameOptions;
    type State = GameState;
    type Action = Action;
    type Event = Event;
    type View = SeatView;
    type Error = EngineError;

    fn id(&self) -> &'static str {
        "dungeon"
    }

    fn new_game(
        &self,
        options: &GameOptions,
        seed: u64,
        events: &mut Vec<Event>,
    ) -> Result<GameState, EngineError> {
        self.with(|e| e.new_game(options.clone(), seed, events))
    }

    fn to_act(&self, state: &GameState) -> Option<Seat> {
        state.current_seat()
    }

    fn legal_actions(&self, state: &GameState) -> Vec<Action> {
        self.with(|e| e.legal_actions(state))
    }

    fn apply(
        &self,
        state: &mut GameState,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), EngineError> {
        self.with(|e| e.apply(state, *action, events))
    }

    fn outcome(&self, state: &GameState) -> Option<Outcome> {
        state.is_over().then(|| Outcome {
            winners: state.winner.into_iter().collect(),
        })
    }

    fn view(&self, state: &GameState, seat: Option<Seat>) -> SeatView {
        SeatView {
            state: state.clone(),
            seat,
            shown: match seat {
                Some(s) => View::new(state, s).snapshot(),
                None => crate::view::public_view(state),
            },
        }
    }

    fn seat_of(&self, view: &SeatView) -> Option<Seat> {
        view.seat
    }

    /// Sampled as its seat knows the game. A spectator's view is never searched (a bot
    /// has a seat), and is not sampled: that would need what only seats know.
    fn determinize(&self, view: &SeatView, rng: &mut ChaCha8Rng) -> GameState {
        let seat = view.seat.expect("only a seat's view is sampled");
        View::new(&view.state, seat).determinize(&self.catalog, rng)
    }

    /// Successes count for, failures against; an eliminated seat has lost.
    fn heuristic(&self, state: &GameState, seat: Seat) -> f64 {
        let p = &state.players[seat as usize];
        if p.eliminated {
            return 0.0;
        }
        (0.3 + 0.35 * f64::from(p.successes) - 0.15 * f64::from(p.failures)).clamp(0.0, 1.0)
    }
}
