//! The search bot on Mazmorra: it decides from its view alone (the states it searches are
//! sampled from the view, and each sample shows the seat exactly that view), and it plays
//! clearly better than random play.

use dungeon_core::Game;
use dungeon_core::ismcts::{Search, against_random, decide};
use dungeon_mazmorra::Mazmorra;
use dungeon_mazmorra::state::Options;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// Every decision of random games, at every table size and in a variant with jokers: a
/// state sampled from the seat's view shows that seat the same view, and holds every card.
#[test]
fn states_sampled_from_a_view_show_the_same_view() {
    use dungeon_mazmorra::state::Darkness;
    for (players, random_cells, darkness) in [
        (2, false, Darkness::Lit),
        (3, false, Darkness::Lit),
        (4, false, Darkness::Lit),
        (3, true, Darkness::Lit),
        (2, false, Darkness::PitchBlack),
        (3, false, Darkness::AlmostBlack),
    ] {
        let options = Options {
            players,
            random_cells,
            darkness,
            ..Options::default()
        };
        for seed in 0..6 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut state = Mazmorra.new_game(&options, seed, &mut Vec::new()).unwrap();
            while let Some(seat) = Mazmorra.to_act(&state) {
                for s in 0..players {
                    let view = Mazmorra.view(&state, Some(s));
                    let sample = Mazmorra.determinize(&view, &mut rng);
                    assert_eq!(Mazmorra.view(&sample, Some(s)), view, "seat {s}");
                    assert_eq!(sample.cards_in_play(), state.cards_in_play());
                }
                let _ = seat;
                let legal = Mazmorra.legal_actions(&state);
                let action = legal[rng.random_range(..legal.len())].clone();
                Mazmorra
                    .apply(&mut state, &action, &mut Vec::new())
                    .unwrap();
            }
        }
    }
}

/// The same view gives the same decision, whatever the hidden cards really are.
#[test]
fn the_search_bot_decides_from_its_view_alone() {
    let options = Options::default();
    let search = Search {
        iterations: 20,
        ..Search::default()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut state = Mazmorra.new_game(&options, 3, &mut Vec::new()).unwrap();
    let mut compared = 0;
    while let Some(seat) = Mazmorra.to_act(&state) {
        let view = Mazmorra.view(&state, Some(seat));
        if view.legal.len() > 1 && compared < 40 {
            // Another real state behind the same view: the hidden cards dealt otherwise.
            let other = Mazmorra.determinize(&view, &mut rng);
            let other_view = Mazmorra.view(&other, Some(seat));
            let a = decide(&Mazmorra, &view, search, &mut ChaCha8Rng::seed_from_u64(1));
            let b = decide(
                &Mazmorra,
                &other_view,
                search,
                &mut ChaCha8Rng::seed_from_u64(1),
            );
            assert_eq!(a, b);
            compared += 1;
        }
        let legal = Mazmorra.legal_actions(&state);
        let action = legal[rng.random_range(..legal.len())].clone();
        Mazmorra
            .apply(&mut state, &action, &mut Vec::new())
            .unwrap();
    }
    assert!(compared > 10);
}

/// IS-MCTS against random play at 2 players, seats alternated: clearly ahead.
#[test]
fn the_search_bot_beats_random_play() {
    let options = Options::default();
    let search = Search {
        iterations: 30,
        ..Search::default()
    };
    let games = 12;
    let mut won = 0;
    for g in 0..games {
        let searcher = (g % 2) as u8;
        let mut rng = ChaCha8Rng::seed_from_u64(g + 100);
        let outcome = against_random(&Mazmorra, &options, g, searcher, search, &mut rng).unwrap();
        won += usize::from(outcome.winners.contains(&searcher));
    }
    assert!(won >= 10, "won {won} of {games}");
}

/// Search bots playing each other bluff and call by what their samples say: asked for a
/// rank they hold, they sometimes deny it; told "none", they sometimes demand the hand.
/// (`MAZMORRA_BLUFF_GAMES=30 cargo test --release -p dungeon-mazmorra --test bots bluff
/// -- --nocapture` prints a larger count: 30 games of 100 iterations, lied 36 of 112 times
/// asked for a card held, and doubted 114 of 289 denials.)
#[test]
fn search_bots_sometimes_lie_and_sometimes_doubt() {
    use dungeon_mazmorra::action::Action;
    use dungeon_mazmorra::state::Phase;
    let games: u64 = std::env::var("MAZMORRA_BLUFF_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(8);
    let search = Search {
        iterations: 30,
        ..Search::default()
    };
    let (mut lied, mut gave, mut doubted, mut believed) = (0, 0, 0, 0);
    for g in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(g);
        let mut state = Mazmorra
            .new_game(&Options::default(), g, &mut Vec::new())
            .unwrap();
        while let Some(seat) = Mazmorra.to_act(&state) {
            let view = Mazmorra.view(&state, Some(seat));
            let action = decide(&Mazmorra, &view, search, &mut rng).unwrap();
            match &state.phase {
                Phase::Answer { rank, .. }
                    if state.prisoners[seat as usize]
                        .hand
                        .iter()
                        .any(|c| c.rank == *rank) =>
                {
                    if action == Action::Deny {
                        lied += 1;
                    } else {
                        gave += 1;
                    }
                }
                Phase::Doubt { .. } if action == Action::SeeHand => doubted += 1,
                Phase::Doubt { .. } => believed += 1,
                _ => {}
            }
            Mazmorra
                .apply(&mut state, &action, &mut Vec::new())
                .unwrap();
        }
    }
    println!("lied {lied}, gave {gave}; doubted {doubted}, believed {believed}");
    assert!(lied > 0 && gave > 0, "lied {lied}, gave {gave}");
    assert!(
        doubted > 0 && believed > 0,
        "doubted {doubted}, believed {believed}"
    );
}
