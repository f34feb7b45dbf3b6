//! Fuzzing saves and records (`dungeon play --load`, `dungeon replay`): real saves of games
//! at several points (base and base+sequel, 2 to 4 players, random and rules bots), edited
//! by generated changes anywhere in their JSON tree: a value replaced by a hostile one
//! (numbers at the edges of every type, control characters, wrong types, nesting), a field
//! removed or added, a list cut short, an item repeated. Whatever the edit:
//! - loading never panics or hangs, and a refusal's message shows no raw control character;
//! - a save that loads is a game the engine could reach: its state passes the invariants
//!   and its restored bots play it to the end, every state on the way passing them too,
//!   within the record's decision cap.

use dungeon_bots::{Bot, BotKind, seat_seed};
use dungeon_engine::printable::has_controls;
use dungeon_engine::{Engine, invariants};
use dungeon_records::{GameRecord, MAX_DECISIONS, RecordError, SeatRecord};
use dungeon_tests::fuzz_support::{check, number, text};
use proptest::prelude::*;
use serde_json::Value;
use std::sync::Arc;

/// Cases in the suite; `PROPTEST_CASES` sets more (README, Fuzzing).
const CASES: u32 = 400;

/// The games whose saves are edited: packs, bots, first seed tried, the decisions saved before.
const GAMES: [(&[&str], &[BotKind], u64, &[usize]); 3] = [
    (
        &["base"],
        &[BotKind::Random, BotKind::Random],
        7,
        &[0, 3, 25],
    ),
    (
        &["base", "sequel"],
        &[BotKind::Rules, BotKind::Random, BotKind::Random],
        11,
        &[1, 30],
    ),
    (&["base", "sequel"], &[BotKind::Random; 4], 13, &[12, 50]),
];

/// Real saves, each taken before one decision of one of [`GAMES`] (from the first seed on
/// whose game is long enough for all its saves).
fn saves() -> Vec<String> {
    let mut saves = Vec::new();
    for (i, &(packs, kinds, first_seed, save_at)) in GAMES.iter().enumerate() {
        let mut engine = dungeon_tests::engine(packs);
        // A long game is a rare one between random bots: 26 decisions, one in ~100.
        let found = (first_seed..first_seed + 2000)
            .find_map(|seed| game_saves(&mut engine, kinds, i as u64, seed, save_at));
        saves.extend(found.unwrap_or_else(|| panic!("game {i}: no seed gives a long game")));
    }
    saves
}

/// The saves of one game, if it lasts past the last of `save_at`.
fn game_saves(
    engine: &mut Engine,
    kinds: &[BotKind],
    variety: u64,
    seed: u64,
    save_at: &[usize],
) -> Option<Vec<String>> {
    let players = kinds.len() as u8;
    let options = dungeon_tests::varied_options(players, variety);
    let seats = kinds
        .iter()
        .map(|k| SeatRecord {
            name: String::new(),
            bot: Some(k.id()),
        })
        .collect();
    let mut bots: Vec<Box<dyn Bot>> = (kinds.iter().enumerate())
        .map(|(s, k)| k.create(seat_seed(seed, s)))
        .collect();
    let mut events = Vec::new();
    let mut state = (engine.new_game(options.clone(), seed, &mut events)).expect("new game");
    let catalog = engine.catalog().clone();
    let mut record = GameRecord::new(&catalog, options, seats, seed, &state);
    let mut saves = Vec::new();
    while let Some(seat) = state.current_seat() {
        if save_at.contains(&record.decisions.len()) {
            record.bots = Some(bots.iter().map(|b| Some(b.save())).collect());
            saves.push(record.to_json());
            record.bots = None;
        }
        let view = dungeon_engine::View::new(&state, seat);
        let action = bots[seat as usize].decide(engine, &view);
        engine
            .apply(&mut state, action, &mut events)
            .expect("a legal move");
        record.push(&catalog, seat, action, &state);
    }
    (saves.len() == save_at.len()).then_some(saves)
}

/// One change to a JSON tree, at the `at`-th node (in document order, modulo their count).
#[derive(Clone, Debug)]
enum Edit {
    Replace {
        at: usize,
        with: Value,
    },
    Remove {
        at: usize,
    },
    AddField {
        at: usize,
        name: String,
        with: Value,
    },
    Truncate {
        at: usize,
        keep: usize,
    },
    Repeat {
        at: usize,
        item: usize,
    },
}

/// A hostile JSON value: numbers at the edges, text with controls, wrong types, nesting.
fn value() -> BoxedStrategy<Value> {
    let leaf = prop_oneof![
        4 => number().prop_map(Value::from),
        1 => Just(Value::from(u64::MAX)),
        1 => Just(Value::from(-1.5)),
        1 => Just(Value::from(1e300)),
        2 => text().prop_map(Value::from),
        1 => Just(Value::Null),
        1 => any::<bool>().prop_map(Value::from),
        1 => Just(serde_json::json!({})),
        1 => Just(serde_json::json!([])),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            proptest::collection::vec(("[a-z_]{1,10}", inner), 0..3)
                .prop_map(|fields| Value::Object(fields.into_iter().collect())),
        ]
    })
    .boxed()
}

fn edit() -> BoxedStrategy<Edit> {
    let at = any::<usize>();
    prop_oneof![
        5 => (at, value()).prop_map(|(at, with)| Edit::Replace { at, with }),
        1 => at.prop_map(|at| Edit::Remove { at }),
        1 => (at, "[a-z_]{1,12}", value())
            .prop_map(|(at, name, with)| Edit::AddField { at, name, with }),
        1 => (at, 0usize..4).prop_map(|(at, keep)| Edit::Truncate { at, keep }),
        1 => (at, any::<usize>()).prop_map(|(at, item)| Edit::Repeat { at, item }),
    ]
    .boxed()
}

/// The node count of a tree (itself included).
fn count(v: &Value) -> usize {
    1 + match v {
        Value::Array(items) => items.iter().map(count).sum(),
        Value::Object(fields) => fields.values().map(count).sum(),
        _ => 0,
    }
}

/// Applies `f` to the `n`-th node in document order, with its parent's hold on it.
fn at_node(v: &mut Value, n: &mut usize, f: &mut dyn FnMut(&mut Value)) -> bool {
    if *n == 0 {
        f(v);
        return true;
    }
    *n -= 1;
    match v {
        Value::Array(items) => items.iter_mut().any(|c| at_node(c, n, f)),
        Value::Object(fields) => fields.values_mut().any(|c| at_node(c, n, f)),
        _ => false,
    }
}

fn apply(save: &mut Value, edit: &Edit) {
    let nodes = count(save);
    let mut pick = |at: usize, f: &mut dyn FnMut(&mut Value)| {
        let mut n = at % nodes;
        at_node(save, &mut n, f);
    };
    match edit.clone() {
        Edit::Replace { at, with } => pick(at, &mut |v| *v = with.clone()),
        // Removing a node: taking a field out of its object, or an item out of its list,
        // is done on the parent; replacing by a removed marker and sweeping is simpler.
        Edit::Remove { at } => pick(at, &mut |v| *v = Value::String(REMOVED.into())),
        Edit::AddField { at, name, with } => pick(at, &mut |v| {
            if let Value::Object(fields) = v {
                fields.insert(name.clone(), with.clone());
            }
        }),
        Edit::Truncate { at, keep } => pick(at, &mut |v| match v {
            Value::Array(items) => items.truncate(keep),
            Value::String(s) => *s = s.chars().take(keep).collect(),
            _ => {}
        }),
        Edit::Repeat { at, item } => pick(at, &mut |v| {
            if let Value::Array(items) = v
                && !items.is_empty()
            {
                let copy = items[item % items.len()].clone();
                items.insert(item % items.len(), copy);
            }
        }),
    }
    sweep(save);
}

const REMOVED: &str = "\u{0}removed-by-the-fuzzer";

/// Takes out every field and item marked [`REMOVED`].
fn sweep(v: &mut Value) {
    match v {
        Value::Array(items) => {
            items.retain(|i| i.as_str() != Some(REMOVED));
            items.iter_mut().for_each(sweep);
        }
        Value::Object(fields) => {
            fields.retain(|_, f| f.as_str() != Some(REMOVED));
            fields.values_mut().for_each(sweep);
        }
        _ => {}
    }
}

/// Loads an edited save as `dungeon play --load` does; a loaded game is played to its end.
fn load_and_finish(json: &str, tally: &mut Tally) -> Result<(), String> {
    let loaded = (|| -> Result<_, RecordError> {
        let record = GameRecord::read(json.as_bytes())?;
        let (catalog, _) = record.catalog(&dungeon_tests::library())?;
        let mut engine = Engine::new(Arc::new(catalog)).expect("the packs build");
        let state = record.verify(&mut engine)?;
        let bots = record.restore_bots()?;
        Ok((engine, state, bots, record.decisions.len()))
    })();
    let (mut engine, mut state, bots, mut decisions) = match loaded {
        Err(e) => {
            tally.refused += 1;
            let message = e.to_string();
            return match has_controls(&message) {
                true => Err(format!("a refusal shows a control character: {message:?}")),
                false => Ok(()),
            };
        }
        Ok(loaded) => loaded,
    };
    tally.loaded += 1;
    let catalog = engine.catalog().clone();
    invariants::check(&catalog, &state).map_err(|e| format!("loaded: {e}"))?;
    // A seat a bot does not play (an edit may make one human) is played by a random bot.
    let mut bots: Vec<Box<dyn Bot>> = (bots.into_iter().enumerate())
        .map(|(s, b)| b.unwrap_or_else(|| BotKind::Random.create(s as u64)))
        .collect();
    let mut events = Vec::new();
    while let Some(seat) = state.current_seat() {
        if decisions >= MAX_DECISIONS {
            return Err("the loaded game does not end within the decision cap".into());
        }
        let view = dungeon_engine::View::new(&state, seat);
        let action = bots[seat as usize].decide(&mut engine, &view);
        (engine.apply(&mut state, action, &mut events))
            .map_err(|e| format!("decision {decisions}: {e}"))?;
        invariants::check(&catalog, &state).map_err(|e| format!("decision {decisions}: {e}"))?;
        decisions += 1;
    }
    tally.finished += 1;
    Ok(())
}

/// How the edited saves fared.
#[derive(Debug, Default)]
struct Tally {
    refused: u32,
    loaded: u32,
    finished: u32,
}

#[test]
fn any_edited_save_is_refused_clearly_or_plays_to_its_end() {
    let saves = saves();
    // The save by its index: a failure names it, not its megabyte of JSON.
    let strategy = (0..saves.len(), proptest::collection::vec(edit(), 1..4));
    let tally = std::cell::RefCell::new(Tally::default());
    check(CASES, strategy, |(save, edits)| {
        let mut tree: Value = serde_json::from_str(&saves[save]).expect("a save is JSON");
        for e in &edits {
            apply(&mut tree, e);
        }
        load_and_finish(&tree.to_string(), &mut tally.borrow_mut())
    });
    // Both outcomes are reached, so neither property is vacuous: harmless edits (a seat's
    // name, a field of a bot's state the bot ignores...) load and play on.
    let tally = tally.into_inner();
    eprintln!("edited saves: {tally:?}");
    assert!(tally.refused > 0 && tally.finished > 0, "{tally:?}");
}
