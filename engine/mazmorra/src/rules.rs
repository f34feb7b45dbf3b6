//! Moves applied: the turn and its phases, passages, collapses, fights, powers, aces and
//! the piles. Every move is checked against [`crate::moves::legal`] first, so nothing
//! here handles an illegal one.

use crate::action::{Action, Event};
use crate::cards::{Card, Creature, DeckRules, Kind};
use crate::piles::{draw, reshuffle, take};
use crate::reveal::{accuse, see_hand};
use crate::state::{Options, Passage, Phase, Prisoner, State};
use crate::windows::{answer_aces, answer_counter, counter_or_aces, open_aces};
use dungeon_core::Seat;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// The hand a turn ends with at most.
pub const HAND_LIMIT: usize = 5;

pub fn new_game(options: &Options, seed: u64, events: &mut Vec<Event>) -> State {
    let rules = options.deck.rules();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let decks = options.decks();
    let mut deck = rules.cards(decks);
    let mut jokers = u16::from(rules.jokers_per_deck) * u16::from(decks);
    if options.cells_dealt() {
        // 7.1: the jokers go into the deck as wild cards; every cell is dealt.
        deck.extend((0..jokers).map(|i| Card {
            rank: 0,
            suit: i as u8,
        }));
        jokers = 0;
    }
    deck.shuffle(&mut rng);
    let mut prisoners = Vec::new();
    for seat in 0..options.players {
        // A joker for a cell while there are jokers, else a card dealt face down.
        let cell = if u16::from(seat) < jokers {
            Card {
                rank: 0,
                suit: seat,
            }
        } else {
            deck.pop().expect("a deck holds a card for each cell")
        };
        prisoners.push(Prisoner {
            hand: Vec::new(),
            cell_face_down: cell.rank != 0 || options.cells_dealt(),
            cell,
            passages: Vec::new(),
            last: None,
            left_cell: false,
            alive: true,
        });
    }
    for (seat, p) in prisoners.iter_mut().enumerate() {
        p.hand = deck.split_off(deck.len() - HAND_LIMIT);
        events.push(Event::Dealt {
            seat: seat as Seat,
            cards: p.hand.clone(),
        });
    }
    State {
        phase: Phase::Opening {
            among: (0..options.players).collect(),
            chosen: Vec::new(),
        },
        options: options.clone(),
        rng,
        deck,
        discard: Vec::new(),
        prisoners,
        turn: 0,
        cards_played: 0,
        turns: 0,
        robber: None,
        winners: None,
    }
}

/// The passage that counts as played last after one is lost (ruling `after_loss`): the
/// deepest standing, the latest of those.
fn after_loss(p: &Prisoner) -> Option<usize> {
    p.standing()
        .min_by_key(|(_, q)| (q.value, std::cmp::Reverse(q.played)))
        .map(|(i, _)| i)
}

pub fn apply(state: &mut State, action: &Action, events: &mut Vec<Event>) {
    let rules = state.options.deck.rules();
    let rules = &rules;
    let seat = crate::moves::to_act(state).expect("a legal move has a seat");
    match (&mut state.phase, action) {
        (Phase::Opening { chosen, .. }, Action::Open(card)) => {
            chosen.push(*card);
            take(&mut state.prisoners[seat as usize].hand, *card);
            opening(state, events);
        }
        (Phase::Turn { .. }, Action::Ace(card)) | (Phase::Defend { .. }, Action::Ace(card)) => {
            take(&mut state.prisoners[seat as usize].hand, *card);
            events.push(Event::AcePlayed { seat, card: *card });
            let then = Box::new(state.phase.clone());
            open_aces(state, seat, vec![(seat, *card)], then, events);
        }
        (Phase::Turn { .. }, Action::EndTurn) => end_turn(state, events),
        (Phase::Turn { .. }, Action::Accuse(target)) => {
            accuse(state, seat, *target, events);
        }
        (Phase::Escape { claimant, .. }, Action::Accuse(_)) => {
            let claimant = *claimant;
            state.phase = Phase::Turn { played: true };
            if !accuse(state, seat, claimant, events) {
                win(state, vec![claimant], events);
            }
        }
        (
            Phase::Escape {
                claimant,
                asked,
                passes,
            },
            Action::Pass,
        ) => {
            let (claimant, asked, passes) = (*claimant, *asked, *passes + 1);
            if passes + 1 >= state.living() {
                win(state, vec![claimant], events);
            } else {
                let next = state.next_alive(asked);
                state.phase = Phase::Escape {
                    claimant,
                    asked: next,
                    passes,
                };
            }
        }
        (Phase::Turn { .. }, _) => turn_card(state, rules, seat, action, events),
        (Phase::Discard, Action::Discard(card)) => {
            take(&mut state.prisoners[seat as usize].hand, *card);
            state.discard.push(*card);
            events.push(Event::Discarded { seat, card: *card });
            end_turn(state, events);
        }
        (Phase::Rob, Action::Take(card)) => {
            take(&mut state.discard, *card);
            state.prisoners[seat as usize].hand.push(*card);
            events.push(Event::Took { seat, card: *card });
            state.phase = Phase::Turn { played: true };
        }
        (Phase::Rob, Action::Pass) => state.phase = Phase::Turn { played: true },
        (Phase::Defend { .. }, _) => defend(state, seat, action, events),
        (Phase::Answer { rank, .. }, Action::Give(card)) => {
            let rank = *rank;
            debug_assert_eq!(card.rank, rank);
            take(&mut state.prisoners[seat as usize].hand, *card);
            state.prisoners[state.turn as usize].hand.push(*card);
            events.push(Event::Gave {
                seat,
                to: state.turn,
                card: *card,
            });
            state.phase = Phase::Turn { played: true };
        }
        (Phase::Answer { .. }, Action::DiscardHand) => {
            let cards = std::mem::take(&mut state.prisoners[seat as usize].hand);
            state.discard.extend(&cards);
            events.push(Event::HandDiscarded { seat, cards });
            state.phase = Phase::Turn { played: true };
        }
        (Phase::Answer { target, rank }, Action::Deny) => {
            events.push(Event::Denied { seat });
            state.phase = Phase::Doubt {
                target: *target,
                rank: *rank,
            };
        }
        (Phase::Doubt { .. }, Action::Believe) => {
            events.push(Event::Believed { seat });
            state.phase = Phase::Turn { played: true };
        }
        (Phase::Doubt { target, rank }, Action::SeeHand) => {
            let (target, rank) = (*target, *rank);
            see_hand(state, seat, target, rank, events);
            state.phase = Phase::Turn { played: true };
        }
        (Phase::Aces { .. }, _) => answer_aces(state, seat, action, events),
        (Phase::Counter { .. }, _) => answer_counter(state, seat, action, events),
        (Phase::Rescue { owner, passage, .. }, _) => {
            let (owner, passage) = (*owner, *passage);
            let them = &mut state.prisoners[owner as usize];
            match action {
                Action::Save(card) => {
                    take(&mut them.hand, *card);
                    state.discard.push(*card);
                    events.push(Event::Saved {
                        seat: owner,
                        card: *card,
                    });
                }
                _ => {
                    them.passages[passage].gone = true;
                    let lost = them.passages[passage].card;
                    them.last = after_loss(them);
                    state.discard.push(lost);
                }
            }
            state.phase = Phase::Turn { played: true };
        }
        (phase, action) => unreachable!("{action:?} checked legal in {phase:?}"),
    }
}

/// After each card put down to decide who starts: once all are down, the highest starts;
/// the tied play again (ruling `start_ties`).
fn opening(state: &mut State, events: &mut Vec<Event>) {
    let Phase::Opening { among, chosen } = &state.phase else {
        return;
    };
    if chosen.len() < among.len() {
        return;
    }
    let (among, chosen) = (among.clone(), chosen.clone());
    events.push(Event::Opened {
        cards: among.iter().copied().zip(chosen.iter().copied()).collect(),
    });
    state.discard.extend(&chosen);
    for &s in &among {
        draw(state, s, 1, events);
    }
    let high = chosen.iter().map(|c| c.rank).max().unwrap_or(0);
    let tied: Vec<Seat> = among
        .iter()
        .zip(&chosen)
        .filter(|(_, c)| c.rank == high)
        .map(|(&s, _)| s)
        .collect();
    if tied.len() == 1 {
        events.push(Event::Starts { seat: tied[0] });
        start_turn(state, tied[0], events);
    } else {
        state.phase = Phase::Opening {
            among: tied,
            chosen: Vec::new(),
        };
    }
}

fn start_turn(state: &mut State, seat: Seat, events: &mut Vec<Event>) {
    state.turns += 1;
    if state.turns > state.options.max_turns {
        events.push(Event::Stopped);
        state.winners = Some(Vec::new());
        state.phase = Phase::Over;
        return;
    }
    state.turn = seat;
    events.push(Event::TurnBegins {
        seat,
        turn: state.turns,
    });
    draw(state, seat, 1, events);
    state.phase = Phase::Turn { played: false };
}

/// The turn ends: down to the hand limit, the Tomb-robber to the discard pile, an empty
/// draw pile made again (ruling `reshuffle`), and the next living seat's turn.
fn end_turn(state: &mut State, events: &mut Vec<Event>) {
    if state.prisoners[state.turn as usize].hand.len() > HAND_LIMIT
        && state.prisoners[state.turn as usize].alive
    {
        state.phase = Phase::Discard;
        return;
    }
    if let Some(robber) = state.robber.take() {
        state.discard.push(robber);
    }
    if state.deck.is_empty() {
        reshuffle(state, events);
    }
    let next = state.next_alive(state.turn);
    start_turn(state, next, events);
}

fn win(state: &mut State, seats: Vec<Seat>, events: &mut Vec<Event>) {
    events.push(Event::Won {
        seats: seats.clone(),
    });
    state.winners = Some(seats);
    state.phase = Phase::Over;
}

/// The turn's card: a passage (own dungeon or a collapse), a creature sent, or a power.
fn turn_card(
    state: &mut State,
    rules: &DeckRules,
    seat: Seat,
    action: &Action,
    events: &mut Vec<Event>,
) {
    state.cards_played += 1;
    let played = state.cards_played;
    let then = match *action {
        Action::Passage {
            card,
            value,
            parent,
        } => {
            take(&mut state.prisoners[seat as usize].hand, card);
            let me = &mut state.prisoners[seat as usize];
            me.passages.push(Passage {
                card,
                value,
                parent,
                gone: false,
                played,
            });
            me.last = Some(me.passages.len() - 1);
            me.left_cell = true;
            events.push(Event::PassagePlayed { seat, card });
            if value == 2 && state.options.dark() && state.living() > 1 {
                // 7.2: the others may call the way out a cheat first.
                events.push(Event::Escaping { seat });
                state.phase = Phase::Escape {
                    claimant: seat,
                    asked: state.next_alive(seat),
                    passes: 0,
                };
                return;
            }
            if value == 2 {
                return win(state, vec![seat], events);
            }
            Phase::Turn { played: true }
        }
        Action::Collapse {
            card,
            value,
            target,
        } => {
            take(&mut state.prisoners[seat as usize].hand, card);
            state.discard.push(card);
            let l = state.prisoners[target as usize]
                .last
                .expect("a legal collapse has a passage to hit");
            let hit = &state.prisoners[target as usize].passages[l];
            // In pitch black the collapse was played blind: it may miss (ruling dark_collapse).
            if hit.card.rank != value && !(hit.card.rank == 0 && hit.value == value) {
                events.push(Event::Missed { seat, target, card });
                return open_aces(
                    state,
                    seat,
                    Vec::new(),
                    Box::new(Phase::Turn { played: true }),
                    events,
                );
            }
            events.push(Event::Collapsed { seat, target, card });
            let them = &mut state.prisoners[target as usize];
            if them.passages[l].card.rank == 0 && them.hand.iter().any(|c| c.rank == value) {
                // 7.1: a joker passage may be kept by discarding its value from hand.
                Phase::Rescue {
                    owner: target,
                    passage: l,
                    value,
                }
            } else {
                them.passages[l].gone = true;
                let lost = them.passages[l].card;
                them.last = after_loss(them);
                state.discard.push(lost);
                Phase::Turn { played: true }
            }
        }
        Action::Attack { card, rank, target } => {
            take(&mut state.prisoners[seat as usize].hand, card);
            let Kind::Creature(kind, value) = rules.kind_of(rank) else {
                unreachable!("a legal attack is a creature");
            };
            events.push(Event::Attacked { seat, target, card });
            Phase::Defend {
                defender: target,
                creature: card,
                kind,
                value,
                passage: state.prisoners[target as usize].last,
            }
        }
        Action::Rob { card } => {
            take(&mut state.prisoners[seat as usize].hand, card);
            state.robber = Some(card);
            events.push(Event::Robbing { seat, card });
            return counter_or_aces(state, seat, Creature::TombRobber, Phase::Rob, events);
        }
        Action::Fish { card, target, rank } => {
            take(&mut state.prisoners[seat as usize].hand, card);
            state.discard.push(card);
            events.push(Event::Fished { seat, target, rank });
            let then = Phase::Answer { target, rank };
            return counter_or_aces(state, seat, Creature::Myrmidon, then, events);
        }
        ref other => unreachable!("{other:?} is not a turn's card"),
    };
    // Every other prisoner may answer the card with aces before it takes effect on them.
    open_aces(state, seat, Vec::new(), Box::new(then), events);
}

fn defend(state: &mut State, seat: Seat, action: &Action, events: &mut Vec<Event>) {
    let Phase::Defend {
        creature, passage, ..
    } = state.phase.clone()
    else {
        return;
    };
    match action {
        Action::Defend(cards) => {
            for &c in cards {
                take(&mut state.prisoners[seat as usize].hand, c);
            }
            state
                .discard
                .extend(cards.iter().copied().chain([creature]));
            events.push(Event::Defended {
                seat,
                cards: cards.clone(),
            });
        }
        Action::Retreat => {
            state.discard.push(creature);
            let me = &mut state.prisoners[seat as usize];
            match passage {
                Some(p) => {
                    me.passages[p].gone = true;
                    let card = me.passages[p].card;
                    me.last = after_loss(me);
                    state.discard.push(card);
                    events.push(Event::Retreated {
                        seat,
                        passage: card,
                    });
                }
                None => {
                    me.alive = false;
                    let hand = std::mem::take(&mut me.hand);
                    state.discard.extend(&hand);
                    events.push(Event::Died { seat });
                    let alive: Vec<Seat> = (0..state.players())
                        .filter(|&s| state.prisoners[s as usize].alive)
                        .collect();
                    if alive.len() == 1 {
                        return win(state, alive, events);
                    }
                }
            }
        }
        other => unreachable!("{other:?} is no defence"),
    }
    // The fight over, the attacker's turn ends (play goes on after the attacker).
    end_turn(state, events);
}

/// A creature's kind, for the front ends.
pub fn creature(rules: &DeckRules, card: Card) -> Option<Creature> {
    match rules.kind(card) {
        Kind::Creature(k, _) => Some(k),
        _ => None,
    }
}
