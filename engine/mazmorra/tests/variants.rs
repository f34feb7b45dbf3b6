//! Mazmorra's variants (rulebook section 7) and the Spanish decks (9), one scenario each,
//! then random games under every variant, checked as the base game's are.

use dungeon_core::{Game, play_random, replay};
use dungeon_mazmorra::Mazmorra;
use dungeon_mazmorra::action::{Action, Event};
use dungeon_mazmorra::cards::{Creature, DeckKind, Kind};
use dungeon_mazmorra::state::{CounterAttack, Darkness, Options, Passage, Phase};

mod support;
use support::{card, no_aces, play, table_with};

fn two(options: Options) -> Options {
    Options {
        players: 2,
        ..options
    }
}

/// 7.4: asked by a Myrmidon for a card held, a prisoner may discard the whole hand; the
/// fisher gets nothing.
#[test]
fn the_suicidal_queen_discards_the_hand_rather_than_give() {
    let mut state = table_with(two(Options {
        suicidal_queen: true,
        ..Options::default()
    }));
    state.prisoners[0].hand = vec![card(12, 0)];
    state.prisoners[1].hand = vec![card(7, 1), card(3, 0)];
    play(
        &mut state,
        Action::Fish {
            card: card(12, 0),
            target: 1,
            rank: 7,
        },
    );
    no_aces(&mut state);
    let legal = Mazmorra.legal_actions(&state);
    assert_eq!(
        legal,
        [Action::DiscardHand, Action::Give(card(7, 1)), Action::Deny]
    );
    play(&mut state, Action::DiscardHand);
    assert!(state.prisoners[0].hand.is_empty() && state.prisoners[1].hand.is_empty());
    // Without the variant, no such choice.
    let mut plain = table_with(two(Options::default()));
    plain.prisoners[0].hand = vec![card(12, 0)];
    plain.prisoners[1].hand = vec![card(7, 1)];
    play(
        &mut plain,
        Action::Fish {
            card: card(12, 0),
            target: 1,
            rank: 7,
        },
    );
    no_aces(&mut plain);
    assert!(
        !Mazmorra
            .legal_actions(&plain)
            .contains(&Action::DiscardHand)
    );
}

/// 7.5: a power played may be cancelled at once with the same creature, and a third one
/// cancels the cancelling; the cancelling cards are not a turn's card. Counter-attack 1
/// covers the Tomb-robber only.
#[test]
fn counter_attacks_cancel_a_power_and_a_third_card_restores_it() {
    let options = Options {
        players: 3,
        counter_attack: CounterAttack::Robber,
        ..Options::default()
    };
    let mut state = table_with(options.clone());
    state.prisoners[0].hand = vec![card(11, 0)];
    state.prisoners[1].hand = vec![card(11, 1)];
    state.prisoners[2].hand = vec![card(11, 2)];
    state.discard = vec![card(5, 3)];
    play(&mut state, Action::Rob { card: card(11, 0) });
    assert!(matches!(state.phase, Phase::Counter { asked: 1, .. }));
    play(&mut state, Action::Counter(card(11, 1)));
    play(&mut state, Action::Counter(card(11, 2)));
    // Seat 0 and then seat 1 pass: two counters, the power stands.
    play(&mut state, Action::Pass);
    play(&mut state, Action::Pass);
    no_aces(&mut state);
    assert_eq!(state.phase, Phase::Rob);
    play(&mut state, Action::Take(card(5, 3)));
    assert_eq!(state.prisoners[0].hand, [card(5, 3)]);

    // One counter: cancelled, both creatures discarded, the turn's card spent.
    let mut state = table_with(options.clone());
    state.prisoners[0].hand = vec![card(11, 0)];
    state.prisoners[2].hand = vec![card(11, 2)];
    state.discard = vec![card(5, 3)];
    play(&mut state, Action::Rob { card: card(11, 0) });
    play(&mut state, Action::Pass);
    play(&mut state, Action::Counter(card(11, 2)));
    play(&mut state, Action::Pass);
    let events = play(&mut state, Action::Pass);
    assert!(events.contains(&Event::Cancelled));
    no_aces(&mut state);
    assert_eq!(state.phase, Phase::Turn { played: true });
    assert!(state.discard.contains(&card(11, 0)) && state.discard.contains(&card(11, 2)));

    // Counter-attack 1 leaves the Myrmidon alone.
    let mut state = table_with(options);
    state.prisoners[0].hand = vec![card(12, 0)];
    play(
        &mut state,
        Action::Fish {
            card: card(12, 0),
            target: 1,
            rank: 7,
        },
    );
    assert!(!matches!(state.phase, Phase::Counter { .. }));
}

/// 7.1: every cell is dealt and the jokers are wild: a joker is played as any card, keeps
/// that value, and when collapsed may be saved by discarding a card of its value.
#[test]
fn a_joker_is_any_card_and_may_be_saved_from_a_collapse() {
    let options = two(Options {
        random_cells: true,
        ..Options::default()
    });
    // Dealt cells, face down; both jokers are in the game.
    let fresh = Mazmorra.new_game(&options, 5, &mut Vec::new()).unwrap();
    assert!(fresh.prisoners.iter().all(|p| p.cell_face_down));
    let jokers = fresh
        .deck
        .iter()
        .chain(fresh.prisoners.iter().flat_map(|p| &p.hand))
        .filter(|c| c.rank == 0)
        .count();
    assert_eq!(jokers, 2);

    let mut state = table_with(options);
    let joker = card(0, 0);
    state.prisoners[0].hand = vec![joker];
    let legal = Mazmorra.legal_actions(&state);
    // From the cell only a 10; and as a creature it may not attack a cell never left.
    assert!(legal.contains(&Action::Passage {
        card: joker,
        value: 10,
        parent: None
    }));
    assert!(
        !legal
            .iter()
            .any(|a| matches!(a, Action::Passage { value, .. } if *value != 10))
    );
    assert!(legal.contains(&Action::Ace(joker)));
    play(
        &mut state,
        Action::Passage {
            card: joker,
            value: 10,
            parent: None,
        },
    );
    no_aces(&mut state);
    assert_eq!(state.prisoners[0].passages[0].value, 10);
    // Seat 1 collapses it with a 10; seat 0 saves it with the 10 in hand.
    state.turn = 1;
    state.phase = Phase::Turn { played: false };
    state.prisoners[1].hand = vec![card(10, 2)];
    state.prisoners[0].hand = vec![card(10, 3), card(4, 0)];
    play(
        &mut state,
        Action::Collapse {
            card: card(10, 2),
            value: 10,
            target: 0,
        },
    );
    no_aces(&mut state);
    assert_eq!(
        Mazmorra.legal_actions(&state),
        [Action::Save(card(10, 3)), Action::Lose]
    );
    play(&mut state, Action::Save(card(10, 3)));
    assert!(!state.prisoners[0].passages[0].gone);
    assert_eq!(state.prisoners[0].hand, [card(4, 0)]);
    // A joker beats any creature alone.
    let rules = DeckKind::French.rules();
    let ways = dungeon_mazmorra::moves::defences(&[joker, card(3, 0)], &rules, Creature::Troll, 13);
    assert_eq!(ways, [vec![joker]]);
}

/// 9: Spanish decks: 40 cards with passages from 7, the horse (12) for the queen and
/// combat values 8, 9, 10; 48 cards from 9 with 10, 11, 12; no jokers, so cells are dealt.
#[test]
fn spanish_decks_change_the_way_out_and_the_combat_values() {
    let forty = DeckKind::Spanish40.rules();
    assert_eq!(forty.cards(1).len() + 0, 40);
    assert_eq!(forty.kind_of(7), Kind::Passage(7));
    assert_eq!(forty.kind_of(12), Kind::Creature(Creature::Myrmidon, 9));
    assert_eq!(forty.kind_of(13), Kind::Creature(Creature::Troll, 10));
    let forty_eight = DeckKind::Spanish48.rules();
    assert_eq!(forty_eight.cards(1).len(), 48);
    assert_eq!(
        forty_eight.kind_of(11),
        Kind::Creature(Creature::TombRobber, 10)
    );
    let options = two(Options {
        deck: DeckKind::Spanish40,
        ..Options::default()
    });
    let mut state = table_with(options);
    assert!(state.prisoners.iter().all(|p| p.cell_face_down));
    // The first passage is a 7; an 8 does not exist; a 9 beats the horse.
    state.prisoners[0].hand = vec![card(7, 0), card(10, 0)];
    let legal = Mazmorra.legal_actions(&state);
    assert!(legal.contains(&Action::Passage {
        card: card(7, 0),
        value: 7,
        parent: None
    }));
    state.prisoners[1].passages.push(Passage {
        card: card(7, 1),
        value: 7,
        parent: None,
        gone: false,
        played: 0,
    });
    state.prisoners[1].last = Some(0);
    state.prisoners[1].left_cell = true;
    state.prisoners[0].hand = vec![card(12, 0)];
    state.prisoners[1].hand = vec![card(4, 0), card(5, 0), card(3, 1)];
    play(
        &mut state,
        Action::Attack {
            card: card(12, 0),
            rank: 12,
            target: 1,
        },
    );
    no_aces(&mut state);
    let legal = Mazmorra.legal_actions(&state);
    assert!(legal.contains(&Action::Defend(vec![card(4, 0), card(5, 0)])));
    assert!(!legal.contains(&Action::Defend(vec![card(3, 1), card(5, 0)])));
}

/// Random games under each variant end, keep their cards and replay the same.
#[test]
fn random_games_under_every_variant_end_and_replay() {
    let variants = [
        Options {
            random_cells: true,
            ..Options::default()
        },
        Options {
            suicidal_queen: true,
            ..Options::default()
        },
        Options {
            counter_attack: CounterAttack::Both,
            ..Options::default()
        },
        Options {
            deck: DeckKind::Spanish40,
            ..Options::default()
        },
        Options {
            darkness: Darkness::PitchBlack,
            ..Options::default()
        },
        Options {
            darkness: Darkness::AlmostBlack,
            suicidal_queen: true,
            ..Options::default()
        },
        Options {
            deck: DeckKind::Spanish48,
            random_cells: true,
            ..Options::default()
        },
    ];
    for variant in variants {
        for players in 2..=4u8 {
            let options = Options {
                players,
                ..variant.clone()
            };
            for seed in 0..30 {
                let (end, actions) = play_random(&Mazmorra, &options, seed, 200_000).unwrap();
                assert!(Mazmorra.outcome(&end).is_some(), "{options:?} seed {seed}");
                assert_eq!(replay(&Mazmorra, &options, seed, &actions).unwrap(), end);
                // Every card in one place after every move.
                let mut state = Mazmorra.new_game(&options, seed, &mut Vec::new()).unwrap();
                let total = state.cards_in_play();
                for action in &actions {
                    Mazmorra.apply(&mut state, action, &mut Vec::new()).unwrap();
                    assert_eq!(
                        state.cards_in_play(),
                        total,
                        "{options:?} seed {seed} {action:?}"
                    );
                }
            }
        }
    }
}

/// 7.2 and 7.3: in the dark the discard pile is face down to everyone (but to a
/// Tomb-robber's player searching it), and in pitch black the passages are known to their
/// owner alone; what a seat may not see is never in its view.
#[test]
fn the_dark_hides_discards_and_passages() {
    use dungeon_mazmorra::action::HIDDEN;
    for darkness in [Darkness::PitchBlack, Darkness::AlmostBlack] {
        let mut state = table_with(two(Options {
            darkness,
            ..Options::default()
        }));
        state.discard = vec![card(5, 0), card(9, 1)];
        state.prisoners[1].passages.push(Passage {
            card: card(4, 2),
            value: 10,
            parent: None,
            gone: false,
            played: 0,
        });
        state.prisoners[1].last = Some(0);
        state.prisoners[1].left_cell = true;
        let mine = Mazmorra.view(&state, Some(0));
        let theirs = Mazmorra.view(&state, Some(1));
        assert_eq!(mine.discard, [HIDDEN, HIDDEN]);
        let shown = mine.prisoners[1].passages[0].card;
        match darkness {
            Darkness::PitchBlack => assert_eq!(shown, HIDDEN),
            _ => assert_eq!(shown, card(4, 2)),
        }
        assert_eq!(theirs.prisoners[1].passages[0].card, card(4, 2));
        // Searching with a Tomb-robber, its player sees the pile.
        state.prisoners[0].hand = vec![card(11, 0)];
        play(&mut state, Action::Rob { card: card(11, 0) });
        no_aces(&mut state);
        assert_eq!(
            Mazmorra.view(&state, Some(0)).discard,
            [card(5, 0), card(9, 1)]
        );
        assert_eq!(Mazmorra.view(&state, Some(1)).discard, [HIDDEN, HIDDEN]);
    }
}
