//! What is shown to settle a doubt: a hand a Myrmidon's player demands to see (5.3.1),
//! and a dungeon accused of cheating in the dark (7.2). Whoever was wrong pays.

use crate::action::Event;
use crate::cards::Card;
use crate::piles::take;
use crate::state::State;
use dungeon_core::Seat;

/// 7.2: `target`'s dungeon is shown. A passage that is not the value its place gives it (a
/// joker is any) is a cheat: the cheat's dungeon is discarded but the cell; else the
/// accuser's is. Whether `target` had cheated.
pub(crate) fn accuse(state: &mut State, seat: Seat, target: Seat, events: &mut Vec<Event>) -> bool {
    let them = &state.prisoners[target as usize];
    let shown: Vec<Card> = them.standing().map(|(_, p)| p.card).collect();
    let cheated = them
        .standing()
        .any(|(_, p)| p.card.rank != 0 && p.card.rank != p.value);
    events.push(Event::Accused {
        seat,
        target,
        cheated,
        shown,
    });
    let loser = &mut state.prisoners[if cheated { target } else { seat } as usize];
    let mut lost = Vec::new();
    for p in loser.passages.iter_mut().filter(|p| !p.gone) {
        p.gone = true;
        lost.push(p.card);
    }
    loser.last = None;
    state.discard.extend(lost);
    cheated
}

/// The fisher demands to see `target`'s hand: a liar gives the card up and discards the
/// rest; a truthful one makes the fisher discard their whole hand.
pub(crate) fn see_hand(
    state: &mut State,
    fisher: Seat,
    target: Seat,
    rank: u8,
    events: &mut Vec<Event>,
) {
    let hand = state.prisoners[target as usize].hand.clone();
    events.push(Event::HandShown {
        seat: target,
        to: fisher,
        hand: hand.clone(),
    });
    let held = hand.iter().filter(|c| c.rank == rank).min().copied();
    events.push(Event::Caught {
        seat: target,
        lied: held.is_some(),
    });
    let loser = match held {
        Some(card) => {
            take(&mut state.prisoners[target as usize].hand, card);
            state.prisoners[fisher as usize].hand.push(card);
            events.push(Event::Gave {
                seat: target,
                to: fisher,
                card,
            });
            target
        }
        None => fisher,
    };
    let cards = std::mem::take(&mut state.prisoners[loser as usize].hand);
    state.discard.extend(&cards);
    events.push(Event::HandDiscarded { seat: loser, cards });
}
