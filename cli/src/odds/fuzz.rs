//! Fuzzing `dungeon odds` (see `tests/fuzz_support.rs`): generated situations, the ids of
//! every built-in pack mixed with junk, counts at the edges of their types. Whatever the
//! situation, resolving it never panics: it is refused with a message, or the search
//! gives odds in [0, 1] (each option of a first question too). The search has a budget
//! here (a full sequel dungeon takes seconds, more in a test build), and running past it
//! is an answer too. A situation answered within it is searched again without one, as
//! `dungeon odds` does by default (level by level where it can: `engine/src/odds/exact/
//! levels/`), and must get the same answer to the last bit.

use super::situation::{Resolved, Situation, resolve};
use super::{Answer, ODDS_WORK, Sampled, search};
use crate::text::Text;
use dungeon_engine::catalog::{Catalog, DamageModel, PackLibrary};
use dungeon_engine::lang::Lang;
use dungeon_engine::{Engine, EngineError};
use dungeon_tests::fuzz_support::{self, Ids, id_or_junk};
use proptest::prelude::*;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

/// Cases in the suite; `PROPTEST_CASES` sets more (README, Fuzzing).
const CASES: u32 = 2000;
/// Situations one search may look at.
const BUDGET: usize = 20_000;
const PACKS: [&str; 4] = ["base", "sequel", "mandom", "alchemy"];

fn ids_list(ids: Vec<String>, long: usize) -> BoxedStrategy<Option<Vec<String>>> {
    prop_oneof![
        2 => Just(None),
        6 => proptest::collection::vec(id_or_junk(ids.clone()), 0..5).prop_map(Some),
        1 => (proptest::sample::select(ids), 0..=long).prop_map(|(id, n)| Some(vec![id; n])),
    ]
    .boxed()
}

fn count(small: usize) -> BoxedStrategy<Option<usize>> {
    prop_oneof![
        2 => Just(None),
        8 => (0..=small).prop_map(Some),
        1 => Just(Some(16)),
        1 => Just(Some(256)),
        1 => Just(Some(usize::MAX)),
    ]
    .boxed()
}

fn small(values: Vec<u8>) -> BoxedStrategy<Option<u8>> {
    prop_oneof![
        1 => Just(None),
        4 => proptest::sample::select(values).prop_map(Some),
        1 => any::<u8>().prop_map(Some),
    ]
    .boxed()
}

/// A situation: half of them sound (ids of the packs chosen, counts in range, small
/// dungeons: most get odds), half as the options or a file could give it.
fn situation(ids: &Ids, mixes: Vec<Ids>) -> BoxedStrategy<Situation> {
    let sound = proptest::sample::select(mixes).prop_flat_map(|ids| sound_situation(&ids));
    prop_oneof![sound, any_situation(ids)].boxed()
}

fn sound_situation(ids: &Ids) -> BoxedStrategy<Situation> {
    let packs = Some(ids.packs.clone());
    let select = |v: &Vec<String>| proptest::sample::select(v.clone());
    let tiles = proptest::sample::subsequence(ids.tiles.clone(), 0..=4.min(ids.tiles.len()));
    (
        select(&ids.adventurers),
        proptest::option::of(tiles),
        0usize..=3,
        proptest::collection::vec(select(&ids.monsters), 0..=1),
        (0u8..=1, 0u8..=1, 2u8..=4),
        proptest::option::of(prop_oneof![
            Just(DamageModel::EndTotal),
            Just(DamageModel::Running)
        ]),
    )
        .prop_map(
            move |(adventurer, tiles, dungeon, known, (successes, failures, players), model)| {
                Situation {
                    packs: packs.clone(),
                    adventurer: Some(adventurer),
                    tiles,
                    dungeon: Some(dungeon),
                    known: Some(known),
                    successes: Some(successes),
                    failures: Some(failures),
                    players: Some(players),
                    damage_model: model,
                    ..Situation::default()
                }
            },
        )
        .boxed()
}

fn any_situation(ids: &Ids) -> BoxedStrategy<Situation> {
    let packs = prop_oneof![
        2 => Just(None),
        4 => proptest::sample::subsequence(PACKS.to_vec(), 1..=2)
            .prop_map(|p| Some(p.into_iter().map(String::from).collect())),
        1 => proptest::collection::vec(id_or_junk(ids.packs.clone()), 0..3).prop_map(Some),
    ];
    let model = proptest::option::of(prop_oneof![
        Just(DamageModel::EndTotal),
        Just(DamageModel::Running)
    ]);
    (
        (
            packs,
            proptest::option::of(id_or_junk(ids.adventurers.clone())),
            ids_list(ids.tiles.clone(), 3),
            count(4),
        ),
        (
            ids_list(ids.monsters.clone(), 300),
            ids_list(ids.monsters.clone(), 3),
            ids_list(ids.monsters.clone(), 300),
            count(3),
        ),
        (
            small(vec![0, 1, 2]),
            small(vec![0, 1, 2]),
            small(vec![1, 2, 3, 4, 5]),
            model,
        ),
        (
            ids_list(ids.special_monsters.clone(), 3),
            count(2),
            ids_list(ids.special_monsters.clone(), 3),
        ),
    )
        .prop_map(
            |(
                (packs, adventurer, tiles, dungeon),
                (known, seen, unseen, deck),
                (successes, failures, players, damage_model),
                (in_play, unknown_specials, candidates),
            )| Situation {
                packs,
                adventurer,
                tiles,
                dungeon,
                known,
                seen,
                unseen,
                deck,
                successes,
                failures,
                players,
                damage_model,
                in_play,
                unknown_specials,
                candidates,
                name: None,
                description: None,
            },
        )
        .boxed()
}

/// A catalog and its engine, or why the packs could not make one.
type Made = Result<(Arc<Catalog>, Engine), String>;

/// The catalog and an engine for each pack list, made once.
struct Engines {
    library: PackLibrary,
    made: HashMap<Vec<String>, Made>,
}

impl Engines {
    fn get(&mut self, packs: &[String]) -> Result<&mut (Arc<Catalog>, Engine), String> {
        let library = &self.library;
        self.made
            .entry(packs.to_vec())
            .or_insert_with(|| {
                let ids: Vec<&str> = packs.iter().map(String::as_str).collect();
                let (catalog, _) = library.catalog(&ids).map_err(|d| d.to_string())?;
                let catalog = Arc::new(catalog);
                let engine = Engine::new(catalog.clone()).map_err(|d| d.to_string())?;
                Ok((catalog, engine))
            })
            .as_mut()
            .map_err(|e| e.clone())
    }
}

/// An answer's figures, to the bit, and how they were found.
fn bits(answer: &Answer) -> (u64, usize, Option<(usize, Sampled)>, Vec<u64>) {
    let options = (answer.question.iter())
        .flat_map(|(_, options)| options.iter().map(|(_, p)| p.to_bits()))
        .collect();
    (
        answer.probability.to_bits(),
        answer.states,
        answer.samples,
        options,
    )
}

/// Odds are probabilities.
fn check_answer(answer: &Answer) -> Result<(), String> {
    let probability = |p: f64| (0.0..=1.0).contains(&p);
    if !probability(answer.probability) {
        return Err(format!("odds of {}", answer.probability));
    }
    if let Some((_, options)) = &answer.question
        && let Some((_, p)) = options.iter().find(|(_, p)| !probability(*p))
    {
        return Err(format!("an option with odds of {p}"));
    }
    Ok(())
}

#[test]
fn any_situation_gets_odds_or_a_clear_error() {
    let library = crate::packs::library(Lang::En, &[], None).expect("the built-in packs load");
    let (all, _) = library.catalog(&PACKS).expect("the built-in packs mix");
    let ids = Ids::of(&all, &PACKS);
    let mixes: Vec<Ids> = [
        &["base"][..],
        &["sequel"],
        &["mandom"],
        &["base", "alchemy"],
    ]
    .into_iter()
    .map(|packs| {
        let (catalog, _) = library.catalog(packs).expect("a built-in mix");
        Ids::of(&catalog, packs)
    })
    .collect();
    let engines = RefCell::new(Engines {
        library,
        made: HashMap::new(),
    });
    let outcomes = RefCell::new([0u32; 3]);
    fuzz_support::check(CASES, situation(&ids, mixes), |s| {
        let packs = s
            .packs
            .clone()
            .unwrap_or_else(|| vec![crate::packs::DEFAULT_PACKS.to_string()]);
        let mut engines = engines.borrow_mut();
        let (catalog, engine) = match engines.get(&packs) {
            Ok(found) => found,
            // Packs that do not exist or do not mix: the command says so before anything.
            Err(message) if !message.trim().is_empty() => return Ok(()),
            Err(_) => return Err("a pack error with no message".into()),
        };
        let text = Text::new(Lang::En, catalog);
        let mut outcomes = outcomes.borrow_mut();
        let resolved: Resolved = match resolve(&text, &s) {
            Ok(r) => r,
            Err(message) if message.trim().is_empty() => {
                return Err("refused with no message".into());
            }
            Err(_) => {
                outcomes[0] += 1;
                return Ok(());
            }
        };
        match search(engine, &resolved, Some(BUDGET), ODDS_WORK) {
            Ok(answer) => {
                outcomes[1] += 1;
                check_answer(&answer)?;
                let unbounded = search(engine, &resolved, None, ODDS_WORK)
                    .map_err(|e| format!("without a budget: {e}"))?;
                if bits(&unbounded) != bits(&answer) {
                    return Err(format!(
                        "without a budget: {:?}, with one: {:?}",
                        bits(&unbounded),
                        bits(&answer)
                    ));
                }
                Ok(())
            }
            Err(EngineError::Budget(_)) => {
                outcomes[2] += 1;
                Ok(())
            }
            Err(e) if e.to_string().trim().is_empty() => Err("an error with no message".into()),
            // A setup the engine refuses (a tile list past its bounds...).
            Err(_) => {
                outcomes[0] += 1;
                Ok(())
            }
        }
    });
    let [refused, answered, budget] = *outcomes.borrow();
    eprintln!("odds fuzz: {refused} refused, {answered} answered, {budget} past the budget");
    assert!(refused > 0 && answered > 0, "{refused}, {answered}");
}
