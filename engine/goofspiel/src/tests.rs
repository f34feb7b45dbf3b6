//! The rules, one test each, and that a seat's view hides the others' face-down bids.

use super::*;
use dungeon_core::Hosted;

fn game(players: u8, cards: u8, carry: bool) -> State {
    let o = Options {
        players,
        cards,
        carry_ties: carry,
    };
    Goofspiel.new_game(&o, 7, &mut Vec::new()).unwrap()
}

fn bid(state: &mut State, card: u8) -> Vec<Event> {
    let mut events = Vec::new();
    Goofspiel.apply(state, &Action(card), &mut events).unwrap();
    events
}

#[test]
fn the_single_highest_bid_takes_the_prize() {
    let mut s = game(2, 5, false);
    let prize = u32::from(s.prize);
    bid(&mut s, 2);
    let events = bid(&mut s, 4);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Shown { taker: Some(1), .. }))
    );
    assert_eq!(s.scores, vec![0, prize]);
}

#[test]
fn a_tie_for_the_highest_loses_the_prize_or_carries_it() {
    let mut lost = game(2, 5, false);
    bid(&mut lost, 3);
    bid(&mut lost, 3);
    assert_eq!(lost.scores, vec![0, 0]);
    assert_eq!(
        lost.pot,
        u32::from(lost.prize),
        "only the new prize is at stake"
    );

    let mut carried = game(2, 5, true);
    let first = u32::from(carried.prize);
    bid(&mut carried, 3);
    bid(&mut carried, 3);
    assert_eq!(carried.pot, first + u32::from(carried.prize));
}

#[test]
fn a_card_not_held_is_refused_and_changes_nothing() {
    let mut s = game(3, 5, false);
    bid(&mut s, 5);
    let before = s.clone();
    assert_eq!(
        Goofspiel.apply(&mut s, &Action(9), &mut Vec::new()),
        Err(Error::Illegal(9))
    );
    assert_eq!(s, before);
}

#[test]
fn the_first_bidder_turns_each_round() {
    let mut s = game(3, 5, false);
    assert_eq!(Goofspiel.to_act(&s), Some(0));
    for c in [1, 2, 3] {
        bid(&mut s, c);
    }
    assert_eq!(Goofspiel.to_act(&s), Some(1));
}

#[test]
fn the_most_points_win_and_a_draw_is_shared() {
    let mut s = game(2, 3, false);
    // Seat 0 bids 3 2 1, seat 1 bids 1 2 3 (first bidder turns): each takes one prize
    // outright, and the 2s tie.
    while Goofspiel.to_act(&s).is_some() {
        let seat = Goofspiel.to_act(&s).unwrap() as usize;
        let card = if seat == 0 {
            *s.hands[0].last().unwrap()
        } else {
            s.hands[1][0]
        };
        bid(&mut s, card);
    }
    let w = s.winners.clone().unwrap();
    let best = *s.scores.iter().max().unwrap();
    assert!(w.iter().all(|&x| s.scores[x as usize] == best));
    assert_eq!(
        Goofspiel.ending(&s, &[]),
        if w.len() == 1 {
            "highest_score"
        } else {
            "shared"
        }
    );
}

#[test]
fn a_view_hides_another_seats_face_down_bid() {
    let mut s = game(2, 5, false);
    bid(&mut s, 4);
    let theirs = Goofspiel.view(&s, Some(1));
    assert_eq!(theirs.bids[0], Some(None));
    assert_eq!(
        theirs.hands[0],
        vec![1, 2, 3, 4, 5],
        "the hand as the round began"
    );
    assert_eq!(Goofspiel.view(&s, Some(0)).bids[0], Some(Some(4)));
    let seen = Goofspiel::event_for(
        &Event::Bid {
            seat: 0,
            card: Some(4),
        },
        Some(1),
    );
    assert_eq!(
        seen,
        Event::Bid {
            seat: 0,
            card: None
        }
    );
    // A state sampled from the view shows that same view.
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..20 {
        let sampled = Goofspiel.determinize(&theirs, &mut rng);
        assert_eq!(Goofspiel.view(&sampled, Some(1)), theirs);
    }
}

/// Random games at every table size and in every variant pass the platform's audit: the
/// game's own checks, and every seat's view against states sampled from it.
#[test]
fn random_games_pass_the_platforms_audit() {
    for players in 2..=4 {
        for variant in Goofspiel.variants() {
            let mut options = Goofspiel.options_for(players);
            for (id, value) in variant {
                assert!(Goofspiel.set_option(&mut options, id, value));
            }
            for seed in 0..20 {
                let (decisions, problem) =
                    dungeon_core::hosted::audit_random_game(&Goofspiel, &options, seed);
                assert_eq!(problem, None, "{options:?} seed {seed}");
                assert!(decisions > 0);
            }
        }
    }
}
