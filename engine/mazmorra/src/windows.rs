//! Moves out of turn: the rounds in which every other living prisoner, clockwise, may
//! answer a card with an ace (ruling `reaction_order`), or a power with the same creature
//! (7.5, ruling `counter_order`). Each round asks one seat at a time, so a game stays a
//! sequence of single decisions; it closes when all but the last to play have passed.

use crate::action::{Action, Event};
use crate::cards::{Card, Creature};
use crate::piles::{draw, take};
use crate::state::{Phase, State};
use dungeon_core::Seat;

/// Opens a round of answers with aces after `after`'s card: every other living prisoner,
/// clockwise (ruling `reaction_order`). With nobody to ask, the chain pays at once.
pub(crate) fn open_aces(
    state: &mut State,
    after: Seat,
    chain: Vec<(Seat, Card)>,
    then: Box<Phase>,
    events: &mut Vec<Event>,
) {
    let asked = state.next_alive(after);
    if asked == after {
        state.phase = *then;
        return pay_aces(state, chain, events);
    }
    state.phase = Phase::Aces {
        chain,
        asked,
        passes: 0,
        then,
    };
}

/// Whether a round closes after `passes` passes in a row: everyone but the one who played
/// last has passed.
fn closes(state: &State, passes: u8) -> bool {
    passes + 1 >= state.living()
}

pub(crate) fn answer_aces(state: &mut State, seat: Seat, action: &Action, events: &mut Vec<Event>) {
    let Phase::Aces {
        mut chain,
        passes,
        then,
        ..
    } = std::mem::replace(&mut state.phase, Phase::Over)
    else {
        return;
    };
    match action {
        Action::Ace(card) => {
            take(&mut state.prisoners[seat as usize].hand, *card);
            events.push(Event::AcePlayed { seat, card: *card });
            chain.push((seat, *card));
            open_aces(state, seat, chain, then, events);
        }
        _ => {
            let passes = passes + 1;
            if closes(state, passes) {
                state.phase = *then;
                pay_aces(state, chain, events);
            } else {
                state.phase = Phase::Aces {
                    chain,
                    asked: state.next_alive(seat),
                    passes,
                    then,
                };
            }
        }
    }
}

/// Each ace of the chain draws two, the last played first.
fn pay_aces(state: &mut State, chain: Vec<(Seat, Card)>, events: &mut Vec<Event>) {
    for (seat, card) in chain.into_iter().rev() {
        state.discard.push(card);
        draw(state, seat, 2, events);
    }
}

/// A power just played: under 7.5 the others may cancel it first; then, or else, the aces.
pub(crate) fn counter_or_aces(
    state: &mut State,
    seat: Seat,
    creature: Creature,
    then: Phase,
    events: &mut Vec<Event>,
) {
    let rules = state.options.deck.rules();
    let rank = rules
        .creatures
        .iter()
        .find(|c| c.1 == creature)
        .map(|c| c.0);
    let asked = state.next_alive(seat);
    match rank {
        Some(rank) if state.options.counter_attack.covers(creature) && asked != seat => {
            state.phase = Phase::Counter {
                rank,
                cards: Vec::new(),
                asked,
                passes: 0,
                then: Box::new(then),
            };
        }
        _ => open_aces(state, seat, Vec::new(), Box::new(then), events),
    }
}

/// 7.5: an answer to a power: the same creature cancels it (a third cancels the second),
/// asked clockwise from the seat after the last one played until all the others pass.
pub(crate) fn answer_counter(
    state: &mut State,
    seat: Seat,
    action: &Action,
    events: &mut Vec<Event>,
) {
    let Phase::Counter {
        rank,
        mut cards,
        passes,
        then,
        ..
    } = std::mem::replace(&mut state.phase, Phase::Over)
    else {
        return;
    };
    if let Action::Counter(card) = action {
        take(&mut state.prisoners[seat as usize].hand, *card);
        events.push(Event::Countered { seat, card: *card });
        cards.push(*card);
        state.phase = Phase::Counter {
            rank,
            cards,
            asked: state.next_alive(seat),
            passes: 0,
            then,
        };
        return;
    }
    let passes = passes + 1;
    if !closes(state, passes) {
        state.phase = Phase::Counter {
            rank,
            cards,
            asked: state.next_alive(seat),
            passes,
            then,
        };
        return;
    }
    // Everyone but the last to play has passed: the counters go to the discard pile.
    state.discard.extend(&cards);
    let then = if cards.len() % 2 == 1 {
        events.push(Event::Cancelled);
        if let Some(robber) = state.robber.take() {
            state.discard.push(robber);
        }
        Phase::Turn { played: true }
    } else {
        *then
    };
    let turn = state.turn;
    open_aces(state, turn, Vec::new(), Box::new(then), events);
}
