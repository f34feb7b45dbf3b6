//! # dungeon-goofspiel
//!
//! Goofspiel (a traditional game, in the public domain), the platform's third and
//! smallest game: the worked example of `docs/new-game.md`. It was added without a change
//! to the bots, the lab, the soak or the terminal table: this crate implements
//! `dungeon_core::Game` (the rules, [`Goofspiel`]), `Hosted` and `Worded` (its words,
//! `words.rs`), and takes one line in the `dungeon` program's list of games.
//!
//! The rules, in our words: each player holds the bid cards 1 to N. A shuffled row of
//! prize cards, also 1 to N, is turned up one at a time. For each prize, every player
//! chooses a card of their hand and lays it face down; once all have, the bids are shown
//! and the single highest bid takes the prize's points. A tie for the highest bid takes
//! nothing: the prize is lost, or, with `ties=carry`, stays on the table and goes to
//! whoever takes the next one. Bid cards are spent. After N prizes, the most points win.
//!
//! Who bids first turns each round (round r begins at seat r mod players), although bids
//! are hidden, so that no seat always bids with the least known.

mod words;

use dungeon_core::{Game, Outcome, Seat};
use rand::seq::{IndexedRandom, SliceRandom};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use serde::{Deserialize, Serialize};

/// The table's options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    pub players: u8,
    /// Cards in each hand and in the prize row (3 to 13).
    pub cards: u8,
    /// A prize whose highest bid is tied: lost, or carried to the next prize.
    pub carry_ties: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            players: 2,
            cards: 13,
            carry_ties: false,
        }
    }
}

/// A bid: the card of this value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Action(pub u8);

/// What a move told, whole. A seat's view of a face-down bid hides its card
/// ([`Goofspiel::event_for`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A prize turned up (with `pot` points already waiting from tied prizes).
    Prize {
        card: u8,
        pot: u32,
    },
    /// A bid laid face down; `card` is `None` in the view of anyone but its seat.
    Bid {
        seat: Seat,
        card: Option<u8>,
    },
    /// The bids shown, by seat; who takes the points, if anyone.
    Shown {
        bids: Vec<u8>,
        taker: Option<Seat>,
        points: u32,
    },
    Over {
        winners: Vec<Seat>,
    },
}

/// The game as plain data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub options: Options,
    /// The prizes still face down, the next last.
    pub prizes: Vec<u8>,
    /// Points on the table: the prize turned up, and any carried.
    pub pot: u32,
    /// The prize turned up.
    pub prize: u8,
    pub hands: Vec<Vec<u8>>,
    /// This round's bids, face down.
    pub bids: Vec<Option<u8>>,
    pub scores: Vec<u32>,
    /// Rounds played before this one.
    pub round: u32,
    pub winners: Option<Vec<Seat>>,
}

/// What one seat may know.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    pub seat: Option<Seat>,
    pub options: Options,
    pub prize: u8,
    pub pot: u32,
    /// The prizes still to come, in order of value (their order is hidden).
    pub prizes_left: Vec<u8>,
    /// Each seat's hand as it was when this round began (every bid before it was shown).
    pub hands: Vec<Vec<u8>>,
    /// Who has bid this round; the card only for the viewer's own bid.
    pub bids: Vec<Option<Option<u8>>>,
    pub scores: Vec<u32>,
    pub round: u32,
    pub to_act: Option<Seat>,
    pub winners: Option<Vec<Seat>>,
}

/// A move refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum Error {
    #[error("{0} players: Goofspiel is played by 2 to 4")]
    Players(u8),
    #[error("{0} cards: a hand holds 3 to 13")]
    Cards(u8),
    #[error("not a card of the bidder's hand: {0}")]
    Illegal(u8),
    #[error("the game is over")]
    Over,
}

/// The rules.
#[derive(Default)]
pub struct Goofspiel;

impl Goofspiel {
    /// `event` as `seat` may know it (`None`: a spectator): another seat's face-down bid
    /// loses its card.
    pub fn event_for(event: &Event, seat: Option<Seat>) -> Event {
        match event {
            Event::Bid { seat: s, .. } if Some(*s) != seat => Event::Bid {
                seat: *s,
                card: None,
            },
            other => other.clone(),
        }
    }
}

/// The seat whose bid is next this round: from the round's first seat, the first not
/// to have bid.
fn bidder(state: &State) -> Option<Seat> {
    if state.winners.is_some() {
        return None;
    }
    let n = state.options.players as u32;
    (0..n)
        .map(|k| ((state.round + k) % n) as Seat)
        .find(|&s| state.bids[s as usize].is_none())
}

fn turn_up(state: &mut State, events: &mut Vec<Event>) {
    if let Some(card) = state.prizes.pop() {
        state.prize = card;
        events.push(Event::Prize {
            card,
            pot: state.pot,
        });
        state.pot += u32::from(card);
    }
}

/// Every bid is in: show them, pay the prize, turn up the next or end the game.
fn show(state: &mut State, events: &mut Vec<Event>) {
    let bids: Vec<u8> = state
        .bids
        .iter()
        .map(|b| b.expect("every bid in"))
        .collect();
    let high = *bids.iter().max().expect("bids");
    let mut highest = (0..bids.len()).filter(|&s| bids[s] == high);
    let taker = match (highest.next(), highest.next()) {
        (Some(s), None) => Some(s as Seat),
        _ => None,
    };
    let points = state.pot;
    if let Some(s) = taker {
        state.scores[s as usize] += points;
    }
    if taker.is_some() || !state.options.carry_ties {
        state.pot = 0;
    }
    events.push(Event::Shown {
        bids,
        taker,
        points,
    });
    state.bids.iter_mut().for_each(|b| *b = None);
    state.round += 1;
    if state.prizes.is_empty() {
        let best = *state.scores.iter().max().expect("scores");
        let winners: Vec<Seat> = (0..state.scores.len())
            .filter(|&s| state.scores[s] == best)
            .map(|s| s as Seat)
            .collect();
        events.push(Event::Over {
            winners: winners.clone(),
        });
        state.winners = Some(winners);
    } else {
        turn_up(state, events);
    }
}

impl Game for Goofspiel {
    type Options = Options;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Error = Error;

    fn id(&self) -> &'static str {
        "goofspiel"
    }

    fn new_game(&self, o: &Options, seed: u64, events: &mut Vec<Event>) -> Result<State, Error> {
        if !(2..=4).contains(&o.players) {
            return Err(Error::Players(o.players));
        }
        if !(3..=13).contains(&o.cards) {
            return Err(Error::Cards(o.cards));
        }
        let mut prizes: Vec<u8> = (1..=o.cards).collect();
        prizes.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
        let n = o.players as usize;
        let mut state = State {
            options: o.clone(),
            prizes,
            pot: 0,
            prize: 0,
            hands: vec![(1..=o.cards).collect(); n],
            bids: vec![None; n],
            scores: vec![0; n],
            round: 0,
            winners: None,
        };
        turn_up(&mut state, events);
        Ok(state)
    }

    fn to_act(&self, state: &State) -> Option<Seat> {
        bidder(state)
    }

    fn legal_actions(&self, state: &State) -> Vec<Action> {
        match bidder(state) {
            Some(s) => state.hands[s as usize].iter().map(|&c| Action(c)).collect(),
            None => Vec::new(),
        }
    }

    fn apply(
        &self,
        state: &mut State,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), Error> {
        let seat = bidder(state).ok_or(Error::Over)?;
        let hand = &mut state.hands[seat as usize];
        let at = (hand.iter().position(|&c| c == action.0)).ok_or(Error::Illegal(action.0))?;
        hand.remove(at);
        state.bids[seat as usize] = Some(action.0);
        events.push(Event::Bid {
            seat,
            card: Some(action.0),
        });
        if state.bids.iter().all(Option::is_some) {
            show(state, events);
        }
        Ok(())
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        (state.winners.clone()).map(|winners| Outcome { winners })
    }

    fn view(&self, state: &State, seat: Option<Seat>) -> View {
        let mut prizes_left = state.prizes.clone();
        prizes_left.sort_unstable();
        let hands = (state.hands.iter().zip(&state.bids))
            .map(|(hand, bid)| {
                let mut h = hand.clone();
                h.extend(*bid);
                h.sort_unstable();
                h
            })
            .collect();
        let bids = (state.bids.iter().enumerate())
            .map(|(s, b)| b.map(|card| (Some(s as Seat) == seat).then_some(card)))
            .collect();
        View {
            seat,
            options: state.options.clone(),
            prize: state.prize,
            pot: state.pot,
            prizes_left,
            hands,
            bids,
            scores: state.scores.clone(),
            round: state.round,
            to_act: bidder(state),
            winners: state.winners.clone(),
        }
    }

    fn seat_of(&self, view: &View) -> Option<Seat> {
        view.seat
    }

    /// The prizes to come in a random order; each face-down bid of another seat drawn
    /// from the hand it held when the round began.
    fn determinize(&self, view: &View, rng: &mut ChaCha8Rng) -> State {
        let mut prizes = view.prizes_left.clone();
        prizes.shuffle(rng);
        let mut hands = view.hands.clone();
        let mut bids = vec![None; hands.len()];
        for (s, bid) in view.bids.iter().enumerate() {
            let Some(known) = bid else { continue };
            let hand = &mut hands[s];
            let card = known.unwrap_or_else(|| *hand.choose(rng).expect("a card to bid"));
            hand.retain(|&c| c != card);
            bids[s] = Some(card);
        }
        State {
            options: view.options.clone(),
            prizes,
            pot: view.pot,
            prize: view.prize,
            hands,
            bids,
            scores: view.scores.clone(),
            round: view.round,
            winners: view.winners.clone(),
        }
    }

    /// The lead over the best other seat, against the points still to win.
    fn heuristic(&self, state: &State, seat: Seat) -> f64 {
        let mine = f64::from(state.scores[seat as usize]);
        let best_other = (state.scores.iter().enumerate())
            .filter(|&(s, _)| s != seat as usize)
            .map(|(_, &p)| f64::from(p))
            .fold(0.0, f64::max);
        let left = f64::from(state.pot) + state.prizes.iter().map(|&p| f64::from(p)).sum::<f64>();
        (0.5 + (mine - best_other) / (2.0 * left.max(1.0))).clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests;
