//! Bots decide from what their seat may know, and nothing else.
//!
//! Random-bot games (base; base + sequel; 2 to 4 players; the designer variant on and off;
//! each damage model) are stopped at decisions of every kind: choosing the adventurer,
//! drawing or passing, placing a drawn card, answering a question in the dungeon. At each
//! position two other states the deciding seat cannot tell from the real one are made: its
//! view determinized, and the real state with regular monsters swapped between hidden
//! places (made without `determinize`, so a sample that keeps part of the real arrangement
//! is caught too). Each must show the seat the same view and determinize, with one seed,
//! to the same state as the real one; and every bot kind, freshly made with the same seed,
//! must make the same decision in the real and the determinized state. A bot that read a
//! hidden card fails here.
//!
//! Also: the IS-MCTS bot with a fixed number of iterations decides the same way every
//! time from the same seed and view, whatever engine or thread it runs on.
//!
//! Counts are set for well under a minute on two busy cores: an `ismcts:30` decision
//! costs up to a couple of seconds at the tests' optimisation level (sequel bidding).

use dungeon_bots::{Bot, BotKind, Budget, IsmctsBot};
use dungeon_engine::catalog::DamageModel;
use dungeon_engine::state::{GameState, Phase};
use dungeon_engine::{Action, CardId, Catalog, DecisionKind, Engine, MonsterId, Seat, View};
use dungeon_tests::{engine, random_bots, varied_options};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use serde_json::{Value, to_value};
use std::sync::Arc;
use std::time::Instant;

/// The pack sets positions come from.
const PACK_SETS: [&[&str]; 2] = [&["base"], &["base", "sequel"]];

/// Positions per decision kind for the cheap bots (random, rules); IS-MCTS gets one in
/// `ISMCTS_EVERY` of them.
const PER_KIND: usize = 30;
const ISMCTS_EVERY: usize = 6;

/// Decision kinds, in the order of the counts reported.
const KINDS: [&str; 4] = [
    "choose adventurer",
    "draw or pass",
    "place card",
    "question",
];

fn kind_of(state: &GameState) -> usize {
    match state.pending.as_ref().map(|d| &d.kind) {
        Some(DecisionKind::ChooseAdventurer { .. }) => 0,
        Some(DecisionKind::DrawOrPass) => 1,
        Some(DecisionKind::PlaceCard { .. }) => 2,
        Some(DecisionKind::Question(_)) => 3,
        None => unreachable!("positions have a decision"),
    }
}

/// A position to decide from, and how it was reached (for failure messages).
struct Position {
    set: usize,
    state: GameState,
    seat: Seat,
    kind: usize,
    label: String,
}

/// A cheap well-mixed hash, to pick positions and seeds without a generator.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Plays random-bot games, varying packs, table size, variant and damage model from one
/// game to the next, and keeps one decision of each kind per game (at a random point of
/// it) until every kind has `per_kind`.
fn positions(engines: &mut [Engine], per_kind: usize) -> Vec<Position> {
    let mut found: Vec<Position> = Vec::new();
    let mut counts = [0usize; 4];
    for game in 0..5_000u64 {
        if counts.iter().all(|&c| c >= per_kind) {
            return found;
        }
        let set = (game % 2) as usize;
        let players = 2 + (game / 2 % 3) as u8;
        let mut options = varied_options(players, game / 6);
        options.damage_model = [
            None,
            Some(DamageModel::EndTotal),
            Some(DamageModel::Running),
        ][(game / 3 % 3) as usize];
        let seed = 40_000 + game;
        let label = format!(
            "packs {:?}, {players} players, variant {}, damage {:?}, seed {seed}",
            PACK_SETS[set], options.designer_variant, options.damage_model
        );
        let engine = &mut engines[set];
        let mut bots = random_bots(seed, players);
        let mut events = Vec::new();
        let mut state = engine
            .new_game(options, seed, &mut events)
            .unwrap_or_else(|e| panic!("{label}: {e}"));
        let mut seen: [Vec<(usize, GameState)>; 4] = Default::default();
        let mut decision = 0;
        while let Some(seat) = state.current_seat() {
            seen[kind_of(&state)].push((decision, state.clone()));
            let action = bots[seat as usize].decide(engine, &View::new(&state, seat));
            engine
                .apply(&mut state, action, &mut events)
                .unwrap_or_else(|e| panic!("{label}, decision {decision}: {e}"));
            decision += 1;
        }
        for (kind, list) in seen.into_iter().enumerate() {
            if list.is_empty() || counts[kind] >= per_kind {
                continue;
            }
            let pick = mix(seed * 4 + kind as u64) as usize % list.len();
            let (decision, state) = list.into_iter().nth(pick).expect("in range");
            counts[kind] += 1;
            found.push(Position {
                set,
                seat: state.current_seat().expect("a decision"),
                kind,
                label: format!("{label}, decision {decision} ({})", KINDS[kind]),
                state,
            });
        }
    }
    panic!("5,000 games did not give {per_kind} positions of each kind: {counts:?}");
}

/// The places a seat cannot see into, by part: the deck, the dungeon cards others added,
/// others' set-aside monsters (until they are shown). (A card another player holds is
/// hidden too, but never at a decision of this seat: the holder is the one deciding.)
const PARTS: [&str; 3] = ["deck", "others' dungeon cards", "others' set-aside"];

fn hidden_cards(s: &GameState, seat: Seat) -> [Vec<CardId>; 3] {
    let shown = matches!(s.phase, Phase::ChooseAdventurer | Phase::GameOver);
    let mine = &s.players[seat as usize].added;
    let others = (0..s.num_players()).filter(|&p| p != seat && !shown);
    [
        s.deck.to_vec(),
        s.dungeon
            .iter()
            .filter(|c| !mine.contains(c))
            .copied()
            .collect(),
        others
            .flat_map(|p| s.players[p as usize].set_aside.iter().map(|&(c, _)| c))
            .collect(),
    ]
}

/// The monsters in each hidden part, place by place (card ids aside: a sample renames them).
fn hidden_monsters(s: &GameState, seat: Seat) -> [Vec<MonsterId>; 3] {
    hidden_cards(s, seat).map(|cards| cards.iter().map(|&c| s.monster_of(c)).collect())
}

/// Another state `seat` cannot tell from `s`, made without [`View::determinize`]: regular
/// monsters swapped between hidden places. Specials stay put, so every player's knowledge
/// of them stays true.
fn swap_hidden(s: &GameState, seat: Seat, catalog: &Catalog, seed: u64) -> GameState {
    let mut out = s.clone();
    let cards: Vec<CardId> = hidden_cards(s, seat)
        .concat()
        .into_iter()
        .filter(|&c| !catalog.monster(s.monster_of(c)).special)
        .collect();
    if cards.len() >= 2 {
        for i in 0..4 {
            let a = cards[mix(seed + 2 * i) as usize % cards.len()];
            let b = cards[mix(seed + 2 * i + 1) as usize % cards.len()];
            out.cards.swap(a.ix(), b.ix());
        }
    }
    out
}

/// Where two values differ (first vs second), down to fields of fields, for messages.
fn differences(a: serde_json::Result<Value>, b: serde_json::Result<Value>) -> String {
    fn walk(path: String, a: &Value, b: &Value, depth: usize, out: &mut String) {
        match (a, b) {
            _ if a == b => {}
            (Value::Object(x), Value::Object(y)) if depth < 3 => {
                for (k, v) in x {
                    walk(format!("{path}.{k}"), v, &y[k], depth + 1, out);
                }
            }
            (Value::Array(x), Value::Array(y)) if depth < 3 && x.len() == y.len() => {
                for (i, (v, w)) in x.iter().zip(y).enumerate() {
                    walk(format!("{path}[{i}]"), v, w, depth + 1, out);
                }
            }
            _ => out.push_str(&format!("\n    {path}: {a} vs {b}")),
        }
    }
    let mut out = String::new();
    let (a, b) = (a.expect("serialisable"), b.expect("serialisable"));
    walk(String::new(), &a, &b, 0, &mut out);
    out
}

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// Positions whose hidden part had cards, and whose sample put other monsters there.
#[derive(Default)]
struct Moved {
    hidden: [usize; 3],
    moved: [usize; 3],
    /// Positions whose swapped state has other monsters in some hidden place.
    swapped: usize,
    positions: usize,
}

/// Checks one position, pushing what is wrong onto `problems`.
fn check_position(
    engine: &mut Engine,
    catalog: &Catalog,
    index: usize,
    pos: &Position,
    kinds: &[BotKind],
    problems: &mut Vec<String>,
    moved: &mut Moved,
) {
    let real = &pos.state;
    let view = View::new(real, pos.seat);
    let sample = view.determinize(catalog, &mut rng(mix(index as u64)));
    let swapped = swap_hidden(real, pos.seat, catalog, mix(index as u64 + 7));
    let mut problem = |what: String| problems.push(format!("{}: {what}", pos.label));
    for (name, other) in [("determinized", &sample), ("swapped", &swapped)] {
        let other_view = View::new(other, pos.seat);
        if other_view.snapshot() != view.snapshot() {
            problem(format!(
                "the {name} state shows seat {} another view (real vs {name}):{}",
                pos.seat,
                differences(to_value(view.snapshot()), to_value(other_view.snapshot()))
            ));
            return;
        }
        // Nothing of the real arrangement may survive into a sample.
        let again = |v: &View| v.determinize(catalog, &mut rng(99));
        if again(&view) != again(&other_view) {
            problem(format!(
                "determinizing the real and the {name} state with one seed differs (from real vs from {name}):{}",
                differences(to_value(again(&view)), to_value(again(&other_view)))
            ));
        }
    }
    let sample_view = View::new(&sample, pos.seat);
    let bot_seed = mix(index as u64 + 1_000);
    for &kind in kinds {
        let mut decide = |v: &View| -> Action { kind.create(bot_seed).decide(engine, v) };
        let (a, b) = (decide(&view), decide(&sample_view));
        if a != b {
            problem(format!(
                "bot {kind} (seed {bot_seed}) decides {a:?} in the real state, {b:?} in the sample"
            ));
        }
    }
    let (before, after) = (
        hidden_monsters(real, pos.seat),
        hidden_monsters(&sample, pos.seat),
    );
    moved.positions += 1;
    moved.swapped += usize::from(hidden_monsters(&swapped, pos.seat) != before);
    for part in 0..PARTS.len() {
        if !before[part].is_empty() {
            moved.hidden[part] += 1;
            moved.moved[part] += usize::from(before[part] != after[part]);
        }
    }
}

/// Runs the checks over `positions` for these bot kinds; fails listing every problem.
fn check_all(engines: &mut [Engine], positions: &[&Position], kinds: &[BotKind]) -> Moved {
    let catalogs: Vec<Arc<Catalog>> = engines.iter().map(|e| e.catalog().clone()).collect();
    let mut problems = Vec::new();
    let mut moved = Moved::default();
    for (i, pos) in positions.iter().enumerate() {
        let (engine, catalog) = (&mut engines[pos.set], &catalogs[pos.set]);
        check_position(engine, catalog, i, pos, kinds, &mut problems, &mut moved);
    }
    assert!(
        problems.is_empty(),
        "{} problems over {} positions:\n{}",
        problems.len(),
        positions.len(),
        problems.join("\n")
    );
    moved
}

impl Moved {
    fn report(&self) -> String {
        (0..PARTS.len())
            .map(|p| format!("{} {}/{}", PARTS[p], self.moved[p], self.hidden[p]))
            .chain([format!(
                "swaps changed {}/{} positions",
                self.swapped, self.positions
            )])
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Samples that move nothing prove nothing: every part with hidden cards must mostly
    /// get other monsters (a part may stay the same by chance, or hold one kind of card).
    fn assert_mostly_moved(&self) {
        let enough = (0..PARTS.len()).all(|p| self.moved[p] * 3 >= self.hidden[p] * 2)
            && self.swapped * 3 >= self.positions * 2;
        assert!(
            enough,
            "samples moved too few hidden cards: {}",
            self.report()
        );
    }
}

fn counts(positions: &[&Position]) -> [usize; 4] {
    let mut counts = [0; 4];
    for p in positions {
        counts[p.kind] += 1;
    }
    counts
}

/// Is this position's game one whose choice figures ship (the default options)?
fn shipped_choices(p: &Position) -> bool {
    let o = &p.state.options;
    o.damage_model.is_none() && !o.designer_variant
}

/// The positions of the view-equivalence tests, with an engine per pack set.
fn setup() -> (Vec<Engine>, Vec<Position>) {
    let mut engines: Vec<Engine> = PACK_SETS.iter().map(|p| engine(p)).collect();
    let all = positions(&mut engines, PER_KIND);
    (engines, all)
}

#[test]
fn random_novice_and_rules_bots_decide_the_same_in_states_their_seat_cannot_tell_apart() {
    let (mut engines, all) = setup();
    let positions: Vec<&Position> = all.iter().collect();
    let started = Instant::now();
    let moved = check_all(
        &mut engines,
        &positions,
        &[BotKind::Random, BotKind::Novice],
    );
    eprintln!(
        "random, novice: {} positions {:?} of kinds {KINDS:?} in {:.1?}; samples moved: {}",
        positions.len(),
        counts(&positions),
        started.elapsed(),
        moved.report()
    );
    assert!(counts(&positions).iter().all(|&n| n > 0));
    moved.assert_mostly_moved();
    // The `normal` bot chooses the adventurer by rounds played for the game's options and
    // standings (bot/choice.rs): with options whose figures are not shipped (another damage
    // model, the designer variant), the first such choice plays thousands of rounds, up to
    // a minute at the tests' optimisation level. So its choices are checked with the
    // default options, through the same code, and every other decision everywhere.
    let positions: Vec<&Position> = all
        .iter()
        .filter(|p| p.kind != 0 || shipped_choices(p))
        .collect();
    let started = Instant::now();
    check_all(&mut engines, &positions, &[BotKind::Rules]);
    eprintln!(
        "rules: {} positions {:?} in {:.1?}",
        positions.len(),
        counts(&positions),
        started.elapsed(),
    );
    assert!(counts(&positions).iter().all(|&n| n > 0));
}

#[test]
fn ismcts_decides_the_same_in_states_its_seat_cannot_tell_apart() {
    let (mut engines, all) = setup();
    // Every kind, spread over the games (and so over packs, tables and options); choices
    // of adventurer with the default options, as for the `normal` bot (its advisor).
    let positions: Vec<&Position> = (0..KINDS.len())
        .flat_map(|k| {
            all.iter()
                .filter(move |p| p.kind == k && (k != 0 || shipped_choices(p)))
                .step_by(ISMCTS_EVERY)
        })
        .collect();
    let started = Instant::now();
    let moved = check_all(&mut engines, &positions, &[BotKind::Ismcts(30)]);
    eprintln!(
        "ismcts:30: {} positions {:?} in {:.1?}; samples moved: {}",
        positions.len(),
        counts(&positions),
        started.elapsed(),
        moved.report()
    );
    assert!(counts(&positions).iter().all(|&n| n > 0));
}

#[test]
fn ismcts_with_a_fixed_budget_is_reproducible() {
    let mut engines: Vec<Engine> = PACK_SETS.iter().map(|p| engine(p)).collect();
    let all = positions(&mut engines, 2);
    let search = |engine: &mut Engine, pos: &Position| {
        IsmctsBot::new(5, Budget::Iterations(60)).decide(engine, &View::new(&pos.state, pos.seat))
    };
    for pos in &all {
        let first = search(&mut engines[pos.set], pos);
        let again = search(&mut engines[pos.set], pos);
        assert_eq!(first, again, "{}: same engine, second search", pos.label);
        // Nothing an engine or a thread keeps between searches (script instances,
        // memos) may count: a fresh engine on a fresh thread decides the same.
        let (set, state, seat) = (pos.set, pos.state.clone(), pos.seat);
        let fresh = std::thread::spawn(move || {
            IsmctsBot::new(5, Budget::Iterations(60))
                .decide(&mut engine(PACK_SETS[set]), &View::new(&state, seat))
        })
        .join()
        .expect("the search ends");
        assert_eq!(first, fresh, "{}: fresh engine and thread", pos.label);
    }
}
