//! Mazmorra's rules, one scenario per rule, each citing the rulebook's section
//! (`../shared/rules/mazmorra-rules.es.txt`) or the ruling of `docs/mazmorra.md` it checks;
//! then whole games of random play, checked after every move.

use dungeon_core::{Game, Seat, play_random, replay};
use dungeon_mazmorra::Mazmorra;
use dungeon_mazmorra::action::{Action, Event, HIDDEN};
use dungeon_mazmorra::cards::Card;
use dungeon_mazmorra::state::{Options, Passage, Phase, Prisoner, State};

mod support;
use support::{card, no_aces, play, table_with};

/// A table of `players` in seat 0's turn (`support::table_with`).
fn table(players: u8) -> State {
    table_with(Options {
        players,
        ..Options::default()
    })
}

/// A dungeon built straight down from the 10 to the last of `ranks`.
fn build(p: &mut Prisoner, ranks: &[u8]) {
    for (i, &r) in ranks.iter().enumerate() {
        p.passages.push(Passage {
            card: card(r, 1),
            value: r,
            parent: i.checked_sub(1),
            gone: false,
            played: i as u32,
        });
    }
    p.last = ranks.len().checked_sub(1);
    p.left_cell = !ranks.is_empty();
}

fn standing(p: &Prisoner) -> Vec<u8> {
    p.standing().map(|(_, q)| q.card.rank).collect()
}

/// 5.2: "if your opponent has gone from the 10 down to the 6, a 6 played on their dungeon
/// collapses it; the pair of sixes is discarded".
#[test]
fn a_six_collapses_a_dungeon_built_from_ten_to_six() {
    let mut state = table(2);
    build(&mut state.prisoners[1], &[10, 9, 8, 7, 6]);
    state.prisoners[0].hand = vec![card(6, 2), card(5, 0)];
    let collapse = Action::Collapse {
        card: card(6, 2),
        value: 6,
        target: 1,
    };
    assert!(Mazmorra.legal_actions(&state).contains(&collapse));
    // A 5 matches nothing: no collapse with it.
    assert!(
        !Mazmorra
            .legal_actions(&state)
            .iter()
            .any(|a| matches!(a, Action::Collapse { card, .. } if card.rank == 5))
    );
    play(&mut state, collapse);
    assert_eq!(standing(&state.prisoners[1]), [10, 9, 8, 7]);
    // The pair of sixes, the collapsing one first.
    assert_eq!(state.discard, [card(6, 2), card(6, 1)]);
    // The 7 is now the last played: a 7 collapses it in turn.
    assert_eq!(state.prisoners[1].last, Some(3));
}

/// 5.2: two sevens branch from one 8; one is built down to the 4, then a 6 goes back to
/// the other 7. But no second 9 from the 10 once the 8 is down.
#[test]
fn sevens_branch_and_the_other_branch_is_built_later() {
    let mut state = table(2);
    build(&mut state.prisoners[0], &[10, 9, 8, 7]);
    let me = |s: &State| s.prisoners[0].clone();
    // A second 7 beside the last played 7, from the same 8.
    state.prisoners[0].hand = vec![card(7, 3), card(9, 3)];
    let legal = Mazmorra.legal_actions(&state);
    assert!(legal.contains(&Action::Passage {
        card: card(7, 3),
        value: 7,
        parent: Some(2)
    }));
    // No 9 anywhere: the 10 has its 9, and the last played is a 7.
    assert!(
        !legal
            .iter()
            .any(|a| matches!(a, Action::Passage { card, .. } if card.rank == 9))
    );
    play(
        &mut state,
        Action::Passage {
            card: card(7, 3),
            value: 7,
            parent: Some(2),
        },
    );
    no_aces(&mut state);
    let second_seven = me(&state).last.unwrap();
    // Down the second 7 to the 4 (turns skipped: seat 0 plays on).
    for (r, parent) in [
        (6, second_seven),
        (5, second_seven + 1),
        (4, second_seven + 2),
    ] {
        state.phase = Phase::Turn { played: false };
        state.prisoners[0].hand = vec![card(r, 0)];
        play(
            &mut state,
            Action::Passage {
                card: card(r, 0),
                value: r,
                parent: Some(parent),
            },
        );
        no_aces(&mut state);
    }
    // Back to the first 7: a 6 leads on from it (an open end one higher).
    state.phase = Phase::Turn { played: false };
    state.prisoners[0].hand = vec![card(6, 3)];
    let legal = Mazmorra.legal_actions(&state);
    assert!(
        legal.contains(&Action::Passage {
            card: card(6, 3),
            value: 6,
            parent: Some(3)
        }),
        "{legal:?}"
    );
    // Not after the second 7: it has its 6.
    assert!(!legal.contains(&Action::Passage {
        card: card(6, 3),
        value: 6,
        parent: Some(second_seven)
    }));
}

/// 5.3: a creature may not be sent before its target has left the cell (played a 10).
#[test]
fn no_creature_is_sent_into_a_cell_never_left() {
    let mut state = table(2);
    state.prisoners[0].hand = vec![card(13, 0)];
    assert!(
        !Mazmorra
            .legal_actions(&state)
            .iter()
            .any(|a| matches!(a, Action::Attack { .. }))
    );
    build(&mut state.prisoners[1], &[10]);
    assert!(Mazmorra.legal_actions(&state).contains(&Action::Attack {
        card: card(13, 0),
        rank: 13,
        target: 1
    }));
}

/// 5.3: "the 2 ... can be played to beat the Troll"; passages add up against a creature
/// (ruling `combat_sum`), and a creature at least as strong beats it.
#[test]
fn a_lone_two_beats_the_troll_and_passages_add_up() {
    let mut state = table(2);
    build(&mut state.prisoners[1], &[10, 9]);
    state.prisoners[0].hand = vec![card(13, 0)];
    state.prisoners[1].hand = vec![card(2, 0), card(6, 0), card(7, 0), card(12, 0)];
    play(
        &mut state,
        Action::Attack {
            card: card(13, 0),
            rank: 13,
            target: 1,
        },
    );
    no_aces(&mut state);
    let legal = Mazmorra.legal_actions(&state);
    assert!(legal.contains(&Action::Defend(vec![card(2, 0)])));
    assert!(legal.contains(&Action::Defend(vec![card(6, 0), card(7, 0)])));
    // A queen (12) is weaker than the Troll (13).
    assert!(!legal.contains(&Action::Defend(vec![card(12, 0)])));
    // No spare card: 2 + 6 + 7 has the 2 to spare.
    assert!(!legal.contains(&Action::Defend(vec![card(2, 0), card(6, 0), card(7, 0)])));
    play(&mut state, Action::Defend(vec![card(2, 0)]));
    assert_eq!(standing(&state.prisoners[1]), [10, 9]);
    assert!(state.discard.contains(&card(13, 0)) && state.discard.contains(&card(2, 0)));
    // Play goes on after the attacker.
    assert_eq!(state.turn, 1);
}

/// 5.3: a retreat discards the last passage with the creature; attacked in the cell, a
/// prisoner who cannot win dies, and the last one alive wins (6).
#[test]
fn a_retreat_loses_the_last_passage_and_the_cell_is_death() {
    let mut state = table(2);
    build(&mut state.prisoners[1], &[10]);
    state.prisoners[0].hand = vec![card(11, 0), card(12, 0)];
    play(
        &mut state,
        Action::Attack {
            card: card(11, 0),
            rank: 11,
            target: 1,
        },
    );
    no_aces(&mut state);
    assert_eq!(Mazmorra.legal_actions(&state), [Action::Retreat]);
    play(&mut state, Action::Retreat);
    assert!(standing(&state.prisoners[1]).is_empty());
    assert!(state.prisoners[1].left_cell && state.prisoners[1].alive);
    // Seat 1's turn goes by; then a Myrmidon into the cell.
    state.turn = 0;
    state.phase = Phase::Turn { played: false };
    play(
        &mut state,
        Action::Attack {
            card: card(12, 0),
            rank: 12,
            target: 1,
        },
    );
    no_aces(&mut state);
    let events = play(&mut state, Action::Retreat);
    assert!(events.contains(&Event::Died { seat: 1 }));
    assert_eq!(Mazmorra.outcome(&state).unwrap().winners, [0]);
    assert_eq!(Mazmorra.to_act(&state), None);
}

/// 5.4: aces played one right after another pay back from the last played: "whoever
/// played the last ace draws 2 cards, then whoever played the one before".
#[test]
fn a_chain_of_three_aces_pays_back_last_to_first() {
    let mut state = table(3);
    state.prisoners[0].hand = vec![card(1, 0)];
    state.prisoners[1].hand = vec![card(1, 1)];
    state.prisoners[2].hand = vec![card(1, 2)];
    state.deck = (2..=10).map(|r| card(r, 0)).collect();
    play(&mut state, Action::Ace(card(1, 0)));
    play(&mut state, Action::Ace(card(1, 1)));
    play(&mut state, Action::Ace(card(1, 2)));
    // Seat 0 is asked again after seat 2's ace, then seat 1: both pass.
    play(&mut state, Action::Pass);
    let events = play(&mut state, Action::Pass);
    let drew: Vec<(Seat, Vec<Card>)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Drew { seat, cards } => Some((*seat, cards.clone())),
            _ => None,
        })
        .collect();
    // The pile's top is its last card: the 10, then the 9...
    assert_eq!(
        drew,
        [
            (2, vec![card(10, 0), card(9, 0)]),
            (1, vec![card(8, 0), card(7, 0)]),
            (0, vec![card(6, 0), card(5, 0)]),
        ]
    );
    assert_eq!(state.phase, Phase::Turn { played: false });
}

/// Seat 0 plays its Myrmidon (the queen of spades) to ask seat 1 for a 7; nobody aces.
fn fish_for_a_seven(state: &mut State) {
    let fish = Action::Fish {
        card: card(12, 0),
        target: 1,
        rank: 7,
    };
    play(state, fish);
    no_aces(state);
}

/// 5.3.1: a Myrmidon's target may lie; the fisher who sees the hand takes the card and
/// the liar discards the rest of it.
#[test]
fn a_lie_to_the_myrmidon_seen_costs_the_liar_the_hand() {
    let mut state = table(2);
    state.prisoners[0].hand = vec![card(12, 0), card(3, 0)];
    state.prisoners[1].hand = vec![card(7, 2), card(4, 0), card(9, 0)];
    fish_for_a_seven(&mut state);
    assert_eq!(
        Mazmorra.legal_actions(&state),
        [Action::Give(card(7, 2)), Action::Deny]
    );
    play(&mut state, Action::Deny);
    let events = play(&mut state, Action::SeeHand);
    assert!(events.contains(&Event::Caught {
        seat: 1,
        lied: true
    }));
    assert_eq!(state.prisoners[0].hand, [card(3, 0), card(7, 2)]);
    assert!(state.prisoners[1].hand.is_empty());
    // The hand shown is the fisher's to see, nobody else's.
    let shown = events
        .iter()
        .find(|e| matches!(e, Event::HandShown { .. }))
        .unwrap();
    assert_eq!(shown.seen_by(Some(0)), *shown);
    assert!(
        matches!(shown.seen_by(None), Event::HandShown { hand, .. } if hand.iter().all(|&c| c == HIDDEN))
    );
}

/// 5.3.1: a true denial, doubted, makes the fisher discard their whole hand.
#[test]
fn a_true_denial_doubted_costs_the_fisher_the_hand() {
    let mut state = table(2);
    state.prisoners[0].hand = vec![card(12, 0), card(3, 0), card(5, 0)];
    state.prisoners[1].hand = vec![card(4, 0)];
    fish_for_a_seven(&mut state);
    assert_eq!(Mazmorra.legal_actions(&state), [Action::Deny]);
    play(&mut state, Action::Deny);
    let events = play(&mut state, Action::SeeHand);
    assert!(events.contains(&Event::Caught {
        seat: 1,
        lied: false
    }));
    assert!(state.prisoners[0].hand.is_empty());
    assert_eq!(state.prisoners[1].hand, [card(4, 0)]);
}

/// 5.3.1: the Tomb-robber takes a card of the discard pile, and goes to it at the end of
/// the turn (so it never takes itself).
#[test]
fn the_tomb_robber_takes_from_the_discard_pile() {
    let mut state = table(2);
    state.prisoners[0].hand = vec![card(11, 0)];
    state.discard = vec![card(2, 0), card(10, 1)];
    play(&mut state, Action::Rob { card: card(11, 0) });
    no_aces(&mut state);
    assert_eq!(
        Mazmorra.legal_actions(&state),
        [Action::Take(card(2, 0)), Action::Take(card(10, 1))]
    );
    play(&mut state, Action::Take(card(2, 0)));
    assert_eq!(state.prisoners[0].hand, [card(2, 0)]);
    play(&mut state, Action::EndTurn);
    assert_eq!(state.discard, [card(10, 1), card(11, 0)]);
}

/// 6: the 2 that completes the way out wins at once.
#[test]
fn the_two_at_the_end_of_the_way_out_wins() {
    let mut state = table(3);
    build(&mut state.prisoners[0], &[10, 9, 8, 7, 6, 5, 4, 3]);
    state.prisoners[0].hand = vec![card(2, 3)];
    play(
        &mut state,
        Action::Passage {
            card: card(2, 3),
            value: 2,
            parent: Some(7),
        },
    );
    assert_eq!(Mazmorra.outcome(&state).unwrap().winners, [0]);
}

/// 5: the hand comes back to 5 at the end of the turn, one chosen card at a time.
#[test]
fn a_turn_ends_with_five_cards_at_most() {
    let mut state = table(2);
    state.prisoners[0].hand = (3..=9).map(|r| card(r, 0)).collect();
    play(&mut state, Action::EndTurn);
    assert_eq!(state.phase, Phase::Discard);
    play(&mut state, Action::Discard(card(3, 0)));
    play(&mut state, Action::Discard(card(4, 0)));
    assert_eq!(state.prisoners[0].hand.len(), 5);
    assert_eq!(state.turn, 1);
}

/// 4 and 5, played out: random games at 2, 3 and 4 players end (a winner, or the turn
/// limit), keep every card, show no seat another's hand, and replay the same.
#[test]
fn random_games_end_keep_every_card_and_replay() {
    let game = Mazmorra;
    let games: u64 = std::env::var("MAZMORRA_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(150);
    let mut won = 0;
    for players in 2..=4u8 {
        let options = Options {
            players,
            ..Options::default()
        };
        for seed in 0..games {
            let (end, actions) = play_random(&game, &options, seed, 200_000).unwrap();
            assert!(
                Mazmorra.outcome(&end).is_some(),
                "{players}p seed {seed} did not end"
            );
            won += usize::from(!Mazmorra.outcome(&end).unwrap().winners.is_empty());
            // Replayed move by move: every card accounted for, hidden hands hidden.
            let mut events = Vec::new();
            let mut state = game.new_game(&options, seed, &mut events).unwrap();
            let total = state.cards_in_play();
            let cells = state.prisoners.iter().filter(|p| p.cell.rank == 0).count();
            assert_eq!(
                total + 2 * usize::from(options.decks()) - cells,
                54 * usize::from(options.decks())
            );
            for action in &actions {
                let seat = Mazmorra.to_act(&state).unwrap();
                let view = game.view(&state, Some(seat));
                assert!(view.legal.contains(action));
                for other in (0..players).filter(|&s| s != seat) {
                    let theirs = game.view(&state, Some(other));
                    assert_eq!(theirs.hand, state.prisoners[other as usize].hand);
                    assert!(theirs.legal.is_empty());
                }
                game.apply(&mut state, action, &mut events).unwrap();
                assert_eq!(
                    state.cards_in_play(),
                    total,
                    "{players}p seed {seed} after {action:?}"
                );
            }
            assert_eq!(state, end);
            assert_eq!(replay(&game, &options, seed, &actions).unwrap(), end);
        }
    }
    // Random prisoners do escape or kill each other in most games.
    assert!(
        won * 2 > 3 * games as usize,
        "{won} games of {} won",
        3 * games
    );
}
