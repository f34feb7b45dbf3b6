//! A whole game a seat cannot tell from the real one, made from its view alone: the cards
//! it cannot see (the draw pile, the others' hands, face-down cells, the others' opening
//! cards) dealt at random from those it cannot rule out. What the bots search; they never
//! see the real state. (Not yet weighed: what play has told, such as a denial to a
//! Myrmidon.)

use crate::action::HIDDEN;
use crate::cards::Card;
use crate::state::{Phase, Prisoner, State};
use crate::view::View;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// Every card the game was dealt from, as `new_game` makes it.
fn composition(view: &View) -> Vec<Card> {
    let options = &view.options;
    let rules = options.deck.rules();
    let decks = options.decks();
    let mut cards = rules.cards(decks);
    let jokers = u16::from(rules.jokers_per_deck) * u16::from(decks);
    if options.cells_dealt() {
        cards.extend((0..jokers).map(|i| Card {
            rank: 0,
            suit: i as u8,
        }));
    } else {
        // The jokers that stand for cells (the others were left out of the game).
        cards.extend(
            view.prisoners
                .iter()
                .map(|p| p.cell)
                .filter(|c| c.rank == 0),
        );
    }
    cards
}

/// The cards of `phase` (and the phases it goes back to) that everyone sees.
fn phase_cards(phase: &Phase, out: &mut Vec<Card>) {
    match phase {
        Phase::Opening { chosen, .. } => out.extend(chosen.iter().filter(|&&c| c != HIDDEN)),
        Phase::Defend { creature, .. } => out.push(*creature),
        Phase::Aces { chain, then, .. } => {
            out.extend(chain.iter().map(|(_, c)| *c));
            phase_cards(then, out);
        }
        Phase::Counter { cards, then, .. } => {
            out.extend(cards);
            phase_cards(then, out);
        }
        _ => {}
    }
}

pub fn determinize(view: &View, rng: &mut ChaCha8Rng) -> State {
    let mut seen: Vec<Card> = view.hand.clone();
    seen.extend(view.discard.iter().filter(|&&c| c != HIDDEN));
    seen.extend(view.robber);
    for p in &view.prisoners {
        seen.extend(
            p.passages
                .iter()
                .filter(|q| !q.gone && q.card != HIDDEN)
                .map(|q| q.card),
        );
        if p.cell != HIDDEN {
            seen.push(p.cell);
        }
    }
    phase_cards(&view.phase, &mut seen);
    let mut unseen = composition(view);
    for card in seen {
        if let Some(i) = unseen.iter().position(|&c| c == card) {
            unseen.swap_remove(i);
        }
    }
    unseen.sort();
    unseen.shuffle(rng);
    let mut deal = |n: usize| -> Vec<Card> { unseen.split_off(unseen.len().saturating_sub(n)) };
    let mut prisoners = Vec::new();
    for (seat, p) in view.prisoners.iter().enumerate() {
        let hand = if Some(seat as u8) == view.seat {
            view.hand.clone()
        } else {
            deal(p.hand_size)
        };
        let cell = if p.cell == HIDDEN {
            deal(1).pop().unwrap_or(HIDDEN)
        } else {
            p.cell
        };
        let mut passages = p.passages.clone();
        for q in passages.iter_mut().filter(|q| !q.gone && q.card == HIDDEN) {
            q.card = deal(1).pop().unwrap_or(HIDDEN);
        }
        prisoners.push(Prisoner {
            hand,
            cell_face_down: p.cell == HIDDEN,
            cell,
            passages,
            last: p.last,
            left_cell: p.left_cell,
            alive: p.alive,
        });
    }
    let mut phase = view.phase.clone();
    if let Phase::Opening { chosen, .. } = &mut phase {
        for c in chosen.iter_mut().filter(|c| **c == HIDDEN) {
            *c = deal(1).pop().unwrap_or(HIDDEN);
        }
    }
    let discard: Vec<Card> = (view.discard.iter())
        .map(|&c| {
            if c == HIDDEN {
                deal(1).pop().unwrap_or(HIDDEN)
            } else {
                c
            }
        })
        .collect();
    let deck = deal(view.deck);
    let mut seed = [0u8; 32];
    rand::Rng::fill_bytes(rng, &mut seed);
    State {
        options: view.options.clone(),
        rng: ChaCha8Rng::from_seed(seed),
        deck,
        discard,
        prisoners,
        turn: view.turn,
        phase,
        cards_played: view.cards_played,
        turns: view.turns,
        robber: view.robber,
        winners: view.winners.clone(),
    }
}

/// How well `seat` stands: dead 0; else mostly how deep its dungeon goes (the way out is
/// the 2), a little for the cards in hand (what it fights and builds with).
pub fn heuristic(state: &State, seat: u8) -> f64 {
    let p = &state.prisoners[seat as usize];
    if !p.alive {
        return 0.0;
    }
    let top = f64::from(state.options.deck.rules().top);
    let deepest = p.standing().map(|(_, q)| q.value).min();
    let progress = deepest.map_or(0.0, |v| (top - f64::from(v) + 1.0) / (top - 1.0));
    let hand = (p.hand.len().min(5) as f64) / 5.0;
    0.15 + 0.7 * progress + 0.15 * hand
}
