//! Welcome to the Dungeon on the platform's game abstraction (`dungeon_engine::generic`):
//! what the platform gives any game plays it too. Random games end and replay the same;
//! a seat's view samples states that show it that same view, a spectator's is the public
//! view; and the generic IS-MCTS bot beats random play, as it does at Mazmorra. As a
//! hosted game, it passes the platform's audit (`audit_random_game`: the engine's own
//! invariants, a legal move for the seat to act, every seat's view sampled back to itself)
//! with every pack mix, player count and the designer's variant, and its options are read
//! by name.

use dungeon_core::ismcts::{Search, against_random};
use dungeon_core::{Game, play_random, replay};
use dungeon_engine::GameOptions;
use dungeon_engine::generic::Dungeon;
use dungeon_engine::view::public_view;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

fn game() -> Dungeon {
    Dungeon::new(dungeon_tests::engine(&["base"]))
}

#[test]
fn random_games_end_and_replay_the_same() {
    let game = game();
    for players in 2..=4u8 {
        let options = GameOptions {
            players,
            ..GameOptions::default()
        };
        for seed in 0..5 {
            let (end, actions) = play_random(&game, &options, seed, 10_000).unwrap();
            assert!(game.outcome(&end).is_some(), "{players}p seed {seed}");
            assert_eq!(replay(&game, &options, seed, &actions).unwrap(), end);
        }
    }
}

#[test]
fn views_sample_states_that_show_the_same_view() {
    let game = game();
    let options = GameOptions {
        players: 3,
        ..GameOptions::default()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut state = game.new_game(&options, 4, &mut Vec::new()).unwrap();
    let mut checked = 0;
    while let Some(seat) = game.to_act(&state) {
        assert_eq!(game.view(&state, None).shown(), &public_view(&state));
        let view = game.view(&state, Some(seat));
        let sample = game.determinize(&view, &mut rng);
        assert_eq!(game.view(&sample, Some(seat)), view);
        checked += 1;
        let legal = game.legal_actions(&state);
        game.apply(&mut state, &legal[checked % legal.len()], &mut Vec::new())
            .unwrap();
    }
    assert!(checked > 10);
}

#[test]
fn the_generic_search_bot_beats_random_play() {
    let game = game();
    let options = GameOptions::default();
    let search = Search {
        iterations: 40,
        ..Search::default()
    };
    let games = 12;
    let mut won = 0;
    for g in 0..games {
        let searcher = (g % 2) as u8;
        let mut rng = ChaCha8Rng::seed_from_u64(g + 7);
        let outcome = against_random(&game, &options, g, searcher, search, &mut rng).unwrap();
        won += usize::from(outcome.winners.contains(&searcher));
    }
    println!("won {won} of {games}");
    assert!(won >= 9, "won {won} of {games}");
}

#[test]
fn as_a_hosted_game_it_passes_the_platforms_audit() {
    use dungeon_core::Hosted;
    use dungeon_core::hosted::{audit_random_game, options_from};
    for packs in [
        &["base"][..],
        &["sequel"],
        &["base", "sequel"],
        &["base", "mandom"],
    ] {
        let game = Dungeon::new(dungeon_tests::engine(packs));
        for players in 2..=4u8 {
            for variant in game.variants() {
                let rulings: Vec<String> =
                    variant.iter().map(|(k, v)| format!("{k}={v}")).collect();
                let options = options_from(&game, players, &rulings).unwrap();
                for seed in 0..3 {
                    let (decisions, problem) = audit_random_game(&game, &options, seed);
                    assert!(
                        problem.is_none(),
                        "{packs:?} {players}p {rulings:?} seed {seed}: {problem:?}"
                    );
                    assert!(decisions > 5);
                }
            }
        }
    }
}

#[test]
fn its_options_are_read_by_name() {
    use dungeon_core::Hosted;
    use dungeon_core::hosted::options_from;
    let game = game();
    let options = options_from(&game, 3, &["variant=on".into()]).unwrap();
    assert!(options.designer_variant && options.players == 3);
    assert!(options_from(&game, 2, &["variant=maybe".into()]).is_err());
    assert!(options_from(&game, 2, &["no_such_ruling=x".into()]).is_err());
    assert!(game.option_help().starts_with("variant=on|off"));
    let sequel = Dungeon::new(dungeon_tests::engine(&["sequel"]));
    let ruling = &sequel.catalog().rulings[0];
    let given = format!("{}={}", ruling.id, ruling.choices[1].id);
    let options = options_from(&sequel, 2, &[given]).unwrap();
    assert_eq!(options.rulings[&ruling.id], ruling.choices[1].id);
}
