//! The rules bot's decisions, pinned. Its speed comes from tables and caches (odds shared
//! between games, figures computed once per pack set): none of them may change what it
//! plays. The snapshot was re-pinned when the bot was rewritten (issue 24: the planner);
//! it was recorded with the shipped tables in the binary, and must hold without them.
//!
//! Two sets of decisions, each covering every kind (choosing the adventurer, drawing or
//! passing, placing a drawn card, answering a question in the dungeon), at 2 to 4 players,
//! base and base + sequel:
//! - whole games of rules bots against each other: every decision in order, so the bot's
//!   odds cache and generator, carried from one decision to the next, are pinned too;
//! - positions from random-bot games, each decided by a fresh rules bot.
//!
//! The games use the default options (the first adventurer drawn or chosen, in turn): the
//! rules bot chooses its adventurer by rounds played for the options and the standings,
//! which ship for the default options only; elsewhere the first choice at a standings
//! plays thousands of rounds, a minute at the tests' optimisation level.

use dungeon_bots::BotKind;
use dungeon_engine::GameOptions;
use dungeon_engine::state::GameState;
use dungeon_engine::{Action, DecisionKind, Engine, View};
use dungeon_tests::{bots, engine, random_bots, varied_options};
use std::fmt::Write;

const PACK_SETS: [&[&str]; 2] = [&["base"], &["base", "sequel"]];
/// Whole games per pack set and player count.
const GAMES: u64 = 2;
/// Positions from random-bot games per pack set and player count.
const POSITIONS: usize = 12;

/// The tests' varied options, with those the choice figures ship for (see the top).
fn options(players: u8, i: u64) -> GameOptions {
    GameOptions {
        designer_variant: false,
        ..varied_options(players, i)
    }
}

/// One letter per decision kind, then the action.
fn describe(state: &GameState, action: Action) -> String {
    let kind = match state.pending.as_ref().map(|d| &d.kind) {
        Some(DecisionKind::ChooseAdventurer { .. }) => 'C',
        Some(DecisionKind::DrawOrPass) => 'D',
        Some(DecisionKind::PlaceCard { .. }) => 'P',
        Some(DecisionKind::Question(_)) => 'Q',
        None => unreachable!("a decision is pending"),
    };
    let action = match action {
        Action::ChooseAdventurer(a) => format!("adv{}", a.0),
        Action::Draw => "draw".into(),
        Action::Pass => "pass".into(),
        Action::AddToDungeon => "add".into(),
        Action::SetAside(t) => format!("aside{}", t.0),
        Action::Answer(a) => format!("{a:?}").replace(' ', ""),
    };
    format!("{kind}:{action}")
}

/// Every decision of whole rules-bot games, one line per game.
fn whole_games(
    engine: &mut Engine,
    set: usize,
    players: u8,
    out: &mut String,
    kinds: &mut [usize; 4],
) {
    for game in 0..GAMES {
        let seed = 70_000 + 10 * players as u64 + game;
        let options = options(players, game + set as u64);
        let mut bots = bots(&[BotKind::Rules], seed, players);
        let mut events = Vec::new();
        let mut state = engine
            .new_game(options, seed, &mut events)
            .expect("a new game");
        let mut line = format!("game {:?} {players}p seed {seed}:", PACK_SETS[set]);
        while let Some(seat) = state.current_seat() {
            let action = bots[seat as usize].decide(engine, &View::new(&state, seat));
            count(&state, kinds);
            write!(line, " {seat}{}", describe(&state, action)).expect("a string");
            engine
                .apply(&mut state, action, &mut events)
                .expect("a legal action");
        }
        writeln!(out, "{line}").expect("a string");
    }
}

fn count(state: &GameState, kinds: &mut [usize; 4]) {
    kinds[match state.pending.as_ref().map(|d| &d.kind) {
        Some(DecisionKind::ChooseAdventurer { .. }) => 0,
        Some(DecisionKind::DrawOrPass) => 1,
        Some(DecisionKind::PlaceCard { .. }) => 2,
        _ => 3,
    }] += 1;
}

/// Positions from random-bot games (questions preferred: they are the rarest), each
/// decided by a fresh rules bot.
fn positions(
    engine: &mut Engine,
    set: usize,
    players: u8,
    out: &mut String,
    kinds: &mut [usize; 4],
) {
    let mut found = 0;
    for game in 0..200u64 {
        let seed = 90_000 + 1_000 * players as u64 + game;
        let mut random = random_bots(seed, players);
        let mut events = Vec::new();
        let mut state = engine
            .new_game(options(players, game), seed, &mut events)
            .expect("a new game");
        let mut decision = 0u64;
        while let Some(seat) = state.current_seat() {
            let question = matches!(
                state.pending.as_ref().map(|d| &d.kind),
                Some(DecisionKind::Question(_))
            );
            // Every question, and one decision in 23 of the others.
            if question || (seed + decision).is_multiple_of(23) {
                let mut bot = BotKind::Rules.create(seed * 1_000 + decision);
                let action = bot.decide(engine, &View::new(&state, seat));
                count(&state, kinds);
                writeln!(
                    out,
                    "position {:?} {players}p seed {seed} decision {decision} seat {seat}: {}",
                    PACK_SETS[set],
                    describe(&state, action)
                )
                .expect("a string");
                found += 1;
                if found == POSITIONS {
                    return;
                }
            }
            let action = random[seat as usize].decide(engine, &View::new(&state, seat));
            engine
                .apply(&mut state, action, &mut events)
                .expect("a legal action");
            decision += 1;
        }
    }
}

#[test]
fn rules_bot_decisions_are_those_recorded() {
    let mut out = String::new();
    let mut kinds = [0usize; 4];
    for (set, packs) in PACK_SETS.iter().enumerate() {
        let mut engine = engine(packs);
        for players in 2..=4 {
            whole_games(&mut engine, set, players, &mut out, &mut kinds);
            positions(&mut engine, set, players, &mut out, &mut kinds);
        }
    }
    // Every kind of decision is pinned, and not just once.
    assert!(
        kinds.iter().all(|&n| n >= 5),
        "decisions by kind: {kinds:?}"
    );
    insta::assert_snapshot!(out);
}
