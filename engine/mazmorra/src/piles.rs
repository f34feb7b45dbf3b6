//! Cards moving between hands and piles: one card out of a hand, draws (an empty draw pile
//! takes the discard pile in first, ruling `reshuffle`), the reshuffle itself.

use crate::action::Event;
use crate::cards::Card;
use crate::state::State;
use dungeon_core::Seat;
use rand::seq::SliceRandom;

/// Takes one `card` out of `hand`.
pub(crate) fn take(hand: &mut Vec<Card>, card: Card) {
    let i = hand
        .iter()
        .position(|&c| c == card)
        .expect("a legal move's card");
    hand.remove(i);
}

/// `n` cards into `seat`'s hand; an empty draw pile takes in the discard pile first.
pub(crate) fn draw(state: &mut State, seat: Seat, n: usize, events: &mut Vec<Event>) {
    let mut cards = Vec::new();
    for _ in 0..n {
        if state.deck.is_empty() {
            reshuffle(state, events);
        }
        match state.deck.pop() {
            Some(c) => cards.push(c),
            None => break,
        }
    }
    state.prisoners[seat as usize].hand.extend(&cards);
    events.push(Event::Drew { seat, cards });
}

pub(crate) fn reshuffle(state: &mut State, events: &mut Vec<Event>) {
    if state.discard.is_empty() {
        return;
    }
    let mut cards = std::mem::take(&mut state.discard);
    cards.shuffle(&mut state.rng);
    events.push(Event::Reshuffled { cards: cards.len() });
    state.deck = cards;
}
