//! # dungeon-mazmorra
//!
//! Mazmorra (Daniel Bullen, 2001), the platform's second game, on `dungeon-core`'s
//! [`Game`]: 2 to 4 prisoners race to build a passage from their cell, a 10 down to the 2
//! that is the way out, while sending creatures at each other, collapsing each other's
//! passages and playing aces at any moment. The rules in our words, what is data and what
//! is code, and every ruling where the rulebook is silent: `docs/mazmorra.md`.
//!
//! - [`cards`]: the deck as data ([`cards::DeckRules`]: which ranks are passages,
//!   creatures with their combat values, aces, jokers);
//! - [`state`]: the game as plain data, and the table's options;
//! - [`action`]: moves and events;
//! - [`moves`]: the legal moves of the seat to act; [`rules`]: moves applied;
//!   [`windows`]: the rounds of answers out of turn (aces, counter-attacks); [`reveal`]:
//!   a hand or a dungeon shown to settle a doubt;
//! - [`scenario`]: scenario files (a table by hand, moves, what must hold after each);
//! - [`view`]: what one seat may know; [`determinize`]: a whole game sampled from a
//!   view, and how a game cut short is judged, for the bots (`dungeon_core::ismcts`).
//!
//! Actions out of turn are decisions of their own: after every card played, each other
//! prisoner is asked, clockwise, whether to answer with an ace (`Phase::Aces`).
//!
//! Variants are table options ([`state::Options`]): random cells and jokers, the suicidal
//! queen, counter-attack 1 to 3, the Spanish decks of 40 and 48 cards, pitch black and
//! almost black (face-down discards and passages, cheating, accusations).

pub mod action;
pub mod cards;
pub mod determinize;
mod hosted;
pub mod moves;
pub mod piles;
pub mod reveal;
pub mod rules;
pub mod scenario;
pub mod state;
pub mod view;
pub mod windows;

use action::{Action, Event};
use dungeon_core::{Game, Outcome, Seat};
use state::{Options, State};

/// A rule refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum Error {
    #[error("{0} players: Mazmorra is played by 2 to 4")]
    Players(u8),
    #[error("not a legal move now: {0}")]
    Illegal(String),
    #[error("the game is over")]
    Over,
}

/// The game (its deck is a table option).
#[derive(Default)]
pub struct Mazmorra;

impl Game for Mazmorra {
    type Options = Options;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = view::View;
    type Error = Error;

    fn id(&self) -> &'static str {
        "mazmorra"
    }

    fn new_game(
        &self,
        options: &Options,
        seed: u64,
        events: &mut Vec<Event>,
    ) -> Result<State, Error> {
        if !(2..=4).contains(&options.players) {
            return Err(Error::Players(options.players));
        }
        Ok(rules::new_game(options, seed, events))
    }

    fn to_act(&self, state: &State) -> Option<Seat> {
        moves::to_act(state)
    }

    fn legal_actions(&self, state: &State) -> Vec<Action> {
        moves::legal(state)
    }

    fn apply(
        &self,
        state: &mut State,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), Error> {
        if moves::to_act(state).is_none() {
            return Err(Error::Over);
        }
        if !moves::legal(state).contains(action) {
            return Err(Error::Illegal(format!("{action:?}")));
        }
        rules::apply(state, action, events);
        Ok(())
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        state.winners.clone().map(|winners| Outcome { winners })
    }

    fn view(&self, state: &State, seat: Option<Seat>) -> view::View {
        let legal = if seat.is_some() && seat == moves::to_act(state) {
            moves::legal(state)
        } else {
            Vec::new()
        };
        view::view(state, legal, seat)
    }

    fn seat_of(&self, view: &view::View) -> Option<Seat> {
        view.seat
    }

    fn determinize(&self, view: &view::View, rng: &mut rand_chacha::ChaCha8Rng) -> State {
        determinize::determinize(view, rng)
    }

    fn heuristic(&self, state: &State, seat: Seat) -> f64 {
        determinize::heuristic(state, seat)
    }
}
