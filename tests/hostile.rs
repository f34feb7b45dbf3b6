//! Hostile card scripts: every attack in `tests/packs/hostile/` must fail the call it runs
//! in with a [`HookError`] that names the pack, card, hook, file and line and says what
//! happened; a failed `Engine::apply` must leave the game exactly as it was; and the
//! engine (and the process) must go on working afterwards. Attacks made while scripts
//! load (`tests/packs/hostile_load/`) must make `Engine::new` fail with diagnostics.
//!
//! Most tests lower the step budget so the endless loops end fast; the `default_budget_*`
//! tests run with the engine's own budget and print how long the attack took.

use dungeon_engine::catalog::{Catalog, DiskFiles, MemoryFiles, PackLibrary};
use dungeon_engine::hooks::{HookCall, HookError, HookErrorKind, HookName, HookRunner};
use dungeon_engine::options::FirstAdventurer;
use dungeon_engine::scenario::{ScenarioRunner, Status};
use dungeon_engine::script::DEFAULT_STEP_BUDGET;
use dungeon_engine::{
    Action, Answer, CardRef, DecisionKind, DungeonSetup, Engine, EngineError, Event, GameOptions,
    GameState,
};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The budget most tests use: far above what any honest hook needs, small enough that an
/// endless loop ends in a few milliseconds.
const TEST_BUDGET: u64 = 100_000;
/// The wall-clock limit most tests use: far above what the test budget takes.
const TEST_TIME_LIMIT: Duration = Duration::from_millis(500);

// --- Helpers -----------------------------------------------------------------------------

fn pack_dir(name: &str) -> PathBuf {
    dungeon_tests::root().join("tests/packs").join(name)
}

fn script_path(tile_or_monster: &str) -> PathBuf {
    let file = match tile_or_monster {
        "mimic" => "mimic_identity",
        other => other,
    };
    pack_dir("hostile")
        .join("scripts")
        .join(format!("{file}.lua"))
}

/// The 1-based line of the statement marked `-- offending` in a script.
fn offending_line(path: &PathBuf) -> u32 {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let index = text
        .lines()
        .position(|l| l.contains("-- offending"))
        .unwrap_or_else(|| panic!("{}: no `-- offending` marker", path.display()));
    index as u32 + 1
}

fn hostile_catalog() -> Arc<Catalog> {
    let mut lib = PackLibrary::new();
    let manifest = pack_dir("hostile").join("hostile.toml");
    lib.load(&DiskFiles, &manifest.to_string_lossy())
        .unwrap_or_else(|d| panic!("{d}"));
    let (catalog, warnings) = lib.catalog(&["hostile"]).unwrap_or_else(|d| panic!("{d}"));
    assert!(warnings.0.is_empty(), "{warnings}");
    Arc::new(catalog)
}

/// A fresh engine for the hostile pack, with the test budget.
fn hostile_engine() -> Engine {
    let mut engine = Engine::new(hostile_catalog()).unwrap_or_else(|d| panic!("{d}"));
    engine.hooks_mut().set_step_budget(TEST_BUDGET);
    engine.hooks_mut().set_time_limit(TEST_TIME_LIMIT);
    engine
}

fn setup(engine: &Engine, adventurer: &str, tiles: &[&str], dungeon: &[&str]) -> DungeonSetup {
    let cat = engine.catalog();
    DungeonSetup {
        players: 2,
        runner: 0,
        successes: 0,
        failures: 0,
        adventurer: cat
            .find_adventurer(adventurer)
            .unwrap_or_else(|| panic!("no adventurer {adventurer}")),
        tiles: tiles
            .iter()
            .map(|t| cat.find_tile(t).unwrap_or_else(|| panic!("no tile {t}")))
            .collect(),
        dungeon: dungeon
            .iter()
            .map(|m| {
                cat.find_monster(m)
                    .unwrap_or_else(|| panic!("no monster {m}"))
            })
            .collect(),
        deck: vec![],
        damage_model: None,
        seed: 1,
        card_by_card: false,
        rulings: Default::default(),
    }
}

fn json(state: &GameState) -> serde_json::Value {
    serde_json::to_value(state).expect("a state serialises")
}

fn hook_error(result: Result<GameState, EngineError>, what: &str) -> HookError {
    match result {
        Err(EngineError::Hook(e)) => *e,
        Err(other) => panic!("{what}: expected a hook error, got {other}"),
        Ok(state) => panic!(
            "{what}: the attack did not fail (hp {}, success {:?})",
            state.run.hp, state.run.success
        ),
    }
}

/// Answers every pending question with its first option. Panics on a hook error.
fn answer_all(engine: &mut Engine, state: &mut GameState, events: &mut Vec<Event>) {
    while let Some(decision) = state.pending.clone() {
        let DecisionKind::Question(q) = &decision.kind else {
            panic!("unexpected decision {:?}", decision.kind)
        };
        engine
            .apply(state, Action::Answer(q.options[0]), events)
            .unwrap_or_else(|e| panic!("{e}"));
    }
}

/// A dungeon of the hostile pack in which only benign hooks run (one asks a question;
/// others draw random numbers, remember values, read the faced monsters).
fn benign_dungeon(engine: &mut Engine) -> (GameState, Vec<Event>) {
    let s = setup(
        engine,
        "knight",
        &["club", "shield", "lantern", "dice", "healer"],
        &["imp", "ogre", "wyrm"],
    );
    let mut events = Vec::new();
    let mut state = engine
        .dungeon(&s, &mut events)
        .unwrap_or_else(|e| panic!("benign dungeon: {e}"));
    answer_all(engine, &mut state, &mut events);
    assert!(state.is_over());
    assert_eq!(state.run.success, Some(true));
    (state, events)
}

/// The same hostile engine plays a benign dungeon exactly as a fresh engine does.
fn assert_engine_still_sound(engine: &mut Engine, after: &str) {
    let (state, events) = benign_dungeon(engine);
    let (fresh_state, fresh_events) = benign_dungeon(&mut hostile_engine());
    assert_eq!(
        state, fresh_state,
        "after {after}: the engine plays differently"
    );
    assert_eq!(
        events, fresh_events,
        "after {after}: the engine plays differently"
    );
}

// --- The attacks -------------------------------------------------------------------------

#[derive(Clone, Copy)]
enum Line {
    /// The line marked `-- offending` in the script.
    Marked,
    /// Luau cannot know it (out of memory, a bad return value, an error in the handler).
    Unknown,
}

struct Attack {
    /// The tile (or monster) carrying the script.
    card: &'static str,
    hook: HookName,
    /// The dungeon in which that hook runs.
    dungeon: &'static [&'static str],
    kind: HookErrorKind,
    /// Every one of these must appear in the message.
    message: &'static [&'static str],
    line: Line,
}

const fn attack(
    card: &'static str,
    hook: HookName,
    dungeon: &'static [&'static str],
    kind: HookErrorKind,
    message: &'static [&'static str],
    line: Line,
) -> Attack {
    Attack {
        card,
        hook,
        dungeon,
        kind,
        message,
        line,
    }
}

use HookErrorKind::{Budget, Memory, Runtime};
use HookName::*;
use Line::{Marked, Unknown};

/// Every attack: tiles first, then the two hostile monsters.
#[rustfmt::skip]
const ATTACKS: &[Attack] = &[
    attack("endless_loop", BeforeEntering, &["ogre"], Budget, &["instruction budget exceeded"], Marked),
    attack("huge_string", OnReveal, &["ogre"], Memory, &["out of memory"], Unknown),
    attack("growing_table", BeforeDamage, &["ogre"], Memory, &["out of memory"], Unknown),
    attack("deep_recursion", OnDeath, &["wyrm"], Runtime, &["stack overflow"], Marked),
    attack("reach_io", BeforeEntering, &["ogre"], Runtime, &["`io` is not available to card scripts"], Marked),
    attack("reach_os", AtEnd, &["imp"], Runtime, &["`os` is not available to card scripts"], Marked),
    attack("reach_require", OnDefeat, &["imp"], Runtime, &["`require` is not available"], Marked),
    attack("reach_load", OnReveal, &["ogre"], Runtime, &["`load` is not available"], Marked),
    attack("reach_loadstring", BeforeDamage, &["ogre"], Runtime, &["`loadstring` is not available"], Marked),
    attack("reach_getfenv", BaseDamage, &["ogre"], Runtime, &["`getfenv` is not available"], Marked),
    attack("reach_setfenv", OnDamage, &["ogre"], Runtime, &["`setfenv` is not available"], Marked),
    attack("reach_debug", Defeats, &["ogre"], Runtime, &["`debug` is not available"], Marked),
    attack("reach_collectgarbage", AtEnd, &["imp"], Runtime, &["`collectgarbage` is not available"], Marked),
    attack("reach_print", AfterDefeat, &["imp"], Runtime, &["`print` is not available"], Marked),
    attack("write_global", BeforeEntering, &["ogre"], Runtime, &["readonly"], Marked),
    attack("randomseed", OnReveal, &["ogre"], Runtime, &["math.randomseed is not available"], Marked),
    attack("error_boom", OnDeath, &["wyrm"], Runtime, &["boom"], Marked),
    attack("defeat_at_end", AtEnd, &["imp"], Runtime, &["ctx.defeat() cannot be used in `at_end` hooks"], Marked),
    attack("ask_in_defeats", Defeats, &["ogre"], Runtime, &["`defeats` hooks may not ask questions"], Marked),
    attack("unknown_tile", BeforeDamage, &["ogre"], Runtime, &["unknown equipment id `no_such_tile`"], Marked),
    attack("non_boolean", Defeats, &["ogre"], Runtime, &["`defeats` must return a boolean, not an integer"], Marked),
    attack("slow_pattern", BeforeEntering, &["ogre"], Budget, &["instruction budget exceeded"], Marked),
    attack("tamper_library", BeforeEntering, &["ogre"], Runtime, &["readonly"], Marked),
    attack("tamper_ctx", OnReveal, &["ogre"], Runtime, &["readonly"], Marked),
    attack("error_table", BeforeEntering, &["ogre"], Runtime, &["error"], Unknown),
    attack("yield_hook", BeforeEntering, &["ogre"], Runtime, &["attempt to yield"], Marked),
    attack("gambler", BeforeEntering, &["ogre"], Runtime, &["lost after"], Marked),
    attack("mimic", Identity, &["mimic"], Budget, &["instruction budget exceeded"], Marked),
    attack("poltergeist", OnReveal, &["poltergeist"], Runtime, &["`os` is not available"], Marked),
    // One script cannot touch another: everything shared is read-only, metatables locked.
    attack("poison_shared_ctx", BeforeEntering, &["ogre"], Runtime, &["attempt to index"], Marked),
    attack("poison_globals_meta", BeforeEntering, &["ogre"], Runtime, &["attempt to"], Marked),
    attack("rawset_ctx", BeforeEntering, &["ogre"], Runtime, &["readonly"], Marked),
    attack("setmetatable_ctx", BeforeEntering, &["ogre"], Runtime, &["protected metatable"], Marked),
    attack("poison_string_meta", BeforeEntering, &["ogre"], Runtime, &["attempt to"], Marked),
    attack("poison_monster", OnReveal, &["ogre"], Runtime, &["readonly"], Marked),
    attack("poison_prelude", BeforeEntering, &["ogre"], Runtime, &["readonly"], Marked),
    attack("poison_monster_meta", OnReveal, &["ogre"], Runtime, &["attempt to"], Marked),
    // Work the step budget does not see is charged, or stopped by memory or the clock.
    attack("utf8_bomb", BeforeEntering, &["ogre"], Budget, &["instruction budget exceeded"], Marked),
    attack("sort_bomb", BeforeEntering, &["ogre"], Budget, &["instruction budget exceeded"], Marked),
    attack("find_bomb", BeforeEntering, &["ogre"], Budget, &["instruction budget exceeded"], Marked),
    attack("plain_find_bomb", BeforeEntering, &["ogre"], Budget, &["instruction budget exceeded"], Marked),
    attack("needle_bomb", BeforeEntering, &["ogre"], Budget, &["string.find", "instruction budget exceeded"], Marked),
    attack("separator_bomb", BeforeEntering, &["ogre"], Budget, &["string.split", "instruction budget exceeded"], Marked),
    attack("split_chars_bomb", BeforeEntering, &["ogre"], Memory, &["string.split", "out of memory"], Marked),
    attack("concat_bomb", BeforeEntering, &["ogre"], Memory, &["out of memory"], Marked),
    attack("insert_bomb", BeforeEntering, &["ogre"], Budget, &["instruction budget exceeded"], Marked),
    attack("unpack_bomb", BeforeEntering, &["ogre"], Budget, &["instruction budget exceeded"], Marked),
    attack("vararg_bomb", BeforeEntering, &["ogre"], Budget, &["instruction budget exceeded"], Marked),
    attack("concat_doubling", BeforeEntering, &["ogre"], Memory, &["out of memory"], Marked),
    attack("swallow_budget", BeforeEntering, &["ogre"], Budget, &["instruction budget exceeded"], Marked),
    attack("swallow_memory", BeforeEntering, &["ogre"], Memory, &["out of memory"], Marked),
    attack("swallow_in_coroutine", BeforeEntering, &["ogre"], Budget, &["instruction budget exceeded"], Marked),
    attack("slow_compare", BeforeEntering, &["ogre"], Budget, &["time limit"], Marked),
    attack("remember_many", BeforeEntering, &["ogre"], Runtime, &["at most 32 values"], Marked),
    attack("remember_huge", BeforeEntering, &["ogre"], Runtime, &["too long"], Marked),
    attack("effects_flood", BeforeEntering, &["ogre"], Runtime, &["at most 1000 effects"], Marked),
    attack("prompt_text", BeforeEntering, &["ogre"], Runtime, &["is not a message key"], Marked),
    attack("duplicate_options", BeforeEntering, &["ogre"], Runtime, &["repeats an earlier one"], Marked),
    attack("many_options", BeforeEntering, &["ogre"], Runtime, &["at most 256 options"], Marked),
    // Numbers from scripts are checked: nothing wraps.
    attack("gain_overflow", BeforeEntering, &["ogre"], Runtime, &["out of range"], Marked),
    attack("set_hp_overflow", OnDeath, &["wyrm"], Runtime, &["out of range"], Marked),
    attack("gain_accumulate", BeforeEntering, &["ogre"], Runtime, &["HP would go beyond the limit"], Marked),
    attack("damage_overflow", OnDamage, &["ogre"], Runtime, &["must return a whole number from -10000 to 10000"], Marked),
    attack("seat_overflow", BeforeEntering, &["ogre"], Runtime, &["out of range"], Marked),
    attack("random_bounds", BeforeEntering, &["ogre"], Runtime, &["out of range"], Marked),
    attack("giant", Identity, &["giant"], Runtime, &["out of range"], Marked),
    // Nothing shows a memory address, and no order follows one.
    attack("tostring_table", BeforeEntering, &["ogre"], Runtime, &["memory address"], Marked),
    attack("format_function", BeforeEntering, &["ogre"], Runtime, &["memory address"], Marked),
    attack("interpolate_table", BeforeEntering, &["ogre"], Runtime, &["memory address"], Marked),
    attack("pairs_by_address", BeforeEntering, &["ogre"], Runtime, &["as a key"], Marked),
    attack("iterate_by_address", BeforeEntering, &["ogre"], Runtime, &["as a key"], Marked),
    attack("next_by_address", BeforeEntering, &["ogre"], Runtime, &["as a key"], Marked),
    attack("weak_table", BeforeEntering, &["ogre"], Runtime, &["weak tables"], Marked),
    attack("weak_later", BeforeEntering, &["ogre"], Runtime, &["readonly"], Marked),
    attack("error_value_table", BeforeEntering, &["ogre"], Runtime, &["error() takes a message"], Marked),
    // Messages are bounded and show no raw control character.
    attack("error_escape", BeforeEntering, &["ogre"], Runtime, &["\\x1b[2J"], Marked),
    attack("error_huge", BeforeEntering, &["ogre"], Runtime, &["spam spam"], Marked),
    attack("error_nil", BeforeEntering, &["ogre"], Runtime, &["error() takes a message"], Marked),
];

fn find_attack(card: &str) -> &'static Attack {
    ATTACKS
        .iter()
        .find(|a| a.card == card)
        .unwrap_or_else(|| panic!("no attack {card}"))
}

fn is_monster(card: &str) -> bool {
    matches!(card, "mimic" | "poltergeist" | "giant")
}

/// Checks what the hook error says against the attack.
fn check_error(a: &Attack, e: &HookError) {
    let what = format!("{}: {e}", a.card);
    assert_eq!(e.pack, "hostile", "{what}");
    assert_eq!(e.card, a.card, "{what}");
    assert_eq!(e.hook, a.hook, "{what}");
    let path = script_path(a.card);
    let file_name = path.file_name().unwrap().to_string_lossy().to_string();
    assert!(
        e.file.ends_with(&format!("scripts/{file_name}")),
        "{what}: file {}",
        e.file
    );
    assert_eq!(e.kind, a.kind, "{what}");
    for needle in a.message {
        assert!(
            e.message.contains(needle),
            "{what}: message `{}` should say `{needle}`",
            e.message
        );
    }
    // The message is for people: no Rust debug noise, no marker of the engine's internals.
    assert!(!e.message.contains("__dungeon"), "{what}");
    assert!(!e.message.contains("CallbackError"), "{what}");
    assert!(!e.message.contains("engine:"), "{what}");
    // Bounded, on one line, and nothing a terminal would act on.
    assert!(
        e.message.len() <= 2 * dungeon_engine::script::MAX_MESSAGE,
        "{what}"
    );
    assert!(!e.message.chars().any(char::is_control), "{what}");
    assert!(
        !dungeon_engine::printable::has_controls(&e.message),
        "{what}"
    );
    match a.line {
        Marked => assert_eq!(e.line, Some(offending_line(&path)), "{what}"),
        Unknown => {}
    }
    // The one-line display names file and line for an author.
    let shown = e.to_string();
    if std::env::var_os("SHOW_HOSTILE_ERRORS").is_some() {
        eprintln!("{shown}");
    }
    assert!(shown.starts_with(&e.file), "{shown}");
    assert!(shown.contains(&format!("`{}`", a.card)), "{shown}");
    assert!(shown.contains("`hostile`"), "{shown}");
    if let Some(line) = e.line {
        assert!(shown.contains(&format!("{}:{line}:", e.file)), "{shown}");
    }
}

/// Runs one attack three ways on one engine:
/// 1. `Engine::dungeon` with the hostile tile: the call fails with the right error;
/// 2. the same dungeon paused on a benign question first: `Engine::apply` of the answer
///    fails and leaves the state and the events exactly as they were, twice in a row;
/// 3. the same engine then plays a benign dungeon exactly as a fresh engine does.
fn run_attack(card: &str) {
    let a = find_attack(card);
    let mut engine = hostile_engine();
    let tiles: Vec<&str> = if is_monster(card) {
        vec!["club"]
    } else {
        vec!["club", card]
    };

    // 1. Directly.
    let s = setup(&engine, "victim", &tiles, a.dungeon);
    let e = hook_error(engine.dungeon(&s, &mut Vec::new()), card);
    check_error(a, &e);

    // 2. Through `apply`, after a question the lantern asks before entering.
    let mut with_lantern = vec!["lantern"];
    with_lantern.extend(&tiles);
    let s = setup(&engine, "victim", &with_lantern, a.dungeon);
    let mut events = Vec::new();
    let mut state = engine
        .dungeon(&s, &mut events)
        .unwrap_or_else(|e| panic!("{card}: the lantern's question should come first: {e}"));
    assert!(
        matches!(
            state.pending.as_ref().map(|d| &d.kind),
            Some(DecisionKind::Question(_))
        ),
        "{card}: expected the lantern's question"
    );
    let before = state.clone();
    let before_json = json(&state);
    let before_events = events.clone();
    for attempt in 1..=2 {
        let result = engine.apply(&mut state, Action::Answer(Answer::Yes), &mut events);
        let Err(EngineError::Hook(e2)) = result else {
            panic!("{card}: answering should run the attack and fail, got {result:?}")
        };
        check_error(a, &e2);
        assert_eq!(*e2, e, "{card}: the same attack fails the same way");
        assert!(
            state == before,
            "{card}: attempt {attempt} changed the state"
        );
        assert_eq!(json(&state), before_json, "{card}: attempt {attempt}");
        assert_eq!(
            events, before_events,
            "{card}: attempt {attempt} left events"
        );
    }
    // The game can still be saved and reloaded as it was.
    let reloaded: GameState = serde_json::from_value(json(&state)).expect("state reloads");
    assert_eq!(reloaded, before);

    // 3. The engine carries on.
    assert_engine_still_sound(&mut engine, card);
}

macro_rules! attack_tests {
    ($($name:ident)*) => {
        $(
            #[test]
            fn $name() {
                run_attack(stringify!($name));
            }
        )*
        /// Every attack in the table has a test of its own.
        #[test]
        fn every_attack_has_a_test() {
            let tested = [$(stringify!($name)),*];
            for a in ATTACKS {
                assert!(tested.contains(&a.card), "no test for {}", a.card);
            }
        }
    };
}

attack_tests! {
    endless_loop huge_string growing_table deep_recursion reach_io reach_os reach_require
    reach_load reach_loadstring reach_getfenv reach_setfenv reach_debug reach_collectgarbage
    reach_print write_global randomseed error_boom defeat_at_end ask_in_defeats unknown_tile
    non_boolean slow_pattern tamper_library tamper_ctx error_table yield_hook gambler mimic
    poltergeist poison_shared_ctx poison_globals_meta rawset_ctx setmetatable_ctx
    poison_string_meta poison_monster poison_prelude poison_monster_meta utf8_bomb sort_bomb
    find_bomb plain_find_bomb needle_bomb separator_bomb split_chars_bomb concat_bomb insert_bomb unpack_bomb vararg_bomb concat_doubling
    swallow_budget swallow_memory swallow_in_coroutine slow_compare remember_many remember_huge
    effects_flood prompt_text duplicate_options many_options gain_overflow set_hp_overflow
    gain_accumulate damage_overflow seat_overflow random_bounds giant tostring_table
    format_function interpolate_table pairs_by_address iterate_by_address next_by_address
    weak_table weak_later error_value_table error_escape error_huge error_nil
}

/// The attack table covers every hook a tile or monster can define.
#[test]
fn attacks_cover_every_hook() {
    for hook in HookName::ALL {
        assert!(
            ATTACKS.iter().any(|a| a.hook == hook),
            "no attack runs in `{hook}`"
        );
    }
}

// --- The process and a second engine carry on --------------------------------------------

/// Every attack in a row on one engine, then: the same engine plays a benign dungeon as a
/// fresh one does, and a second engine (base pack) passes a scenario and a bot game.
#[test]
fn the_process_carries_on_after_every_attack() {
    let mut engine = hostile_engine();
    for a in ATTACKS {
        let tiles: Vec<&str> = if is_monster(a.card) {
            vec!["club"]
        } else {
            vec!["club", a.card]
        };
        let s = setup(&engine, "victim", &tiles, a.dungeon);
        let e = hook_error(engine.dungeon(&s, &mut Vec::new()), a.card);
        check_error(a, &e);
    }
    assert_engine_still_sound(&mut engine, "every attack");

    // A second engine, on the base pack, in the same process.
    let lib = dungeon_tests::library();
    let mut runner = ScenarioRunner::new(&lib);
    let scenario =
        dungeon_tests::root().join("tests/scenarios/base/vorpal_sword_named_species.toml");
    let report = runner.run_path(&scenario);
    assert_eq!(report.status, Status::Passed, "{}", report.trace.join("\n"));

    let mut base = dungeon_tests::engine(&["base"]);
    let mut bots: Vec<_> = (0..3)
        .map(|i| dungeon_bots::BotKind::Rules.create(i))
        .collect();
    let mut events = Vec::new();
    let state = dungeon_bots::play_game(
        &mut base,
        GameOptions {
            players: 3,
            ..GameOptions::default()
        },
        42,
        &mut bots,
        &mut events,
        |_, _| Ok(()),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(state.is_over() && state.winner.is_some());

    // And the hostile engine is still sound after the base engine ran.
    assert_engine_still_sound(&mut engine, "a base game");
}

/// A 2-player game of the hostile engine with the victim (whose first hook fails) as the
/// adventurer, and its events so far.
fn victim_game(engine: &mut Engine) -> (GameState, Vec<Event>) {
    let mut events = Vec::new();
    let options = GameOptions {
        players: 2,
        first_adventurer: FirstAdventurer::Named("victim".into()),
        ..GameOptions::default()
    };
    let state = engine.new_game(options, 3, &mut events).unwrap();
    (state, events)
}

/// Every player draws and adds every card, so the deck empties and the dungeon starts.
fn draw_and_add(state: &GameState) -> Action {
    match state.pending.as_ref().map(|d| &d.kind) {
        Some(DecisionKind::DrawOrPass) => Action::Draw,
        Some(DecisionKind::PlaceCard { .. }) => Action::AddToDungeon,
        None => panic!("the game ended without running a hook"),
        Some(other) => panic!("unexpected decision {other:?}"),
    }
}

/// A failing hook reached from a bidding move (the last card is added, the next player
/// must pass, the dungeon starts) also leaves the game as it was.
#[test]
fn a_hook_failing_after_a_bidding_move_leaves_the_game_unchanged() {
    let mut engine = hostile_engine();
    let (mut state, mut events) = victim_game(&mut engine);
    let mut failed = None;
    for _ in 0..200 {
        let action = draw_and_add(&state);
        let before = state.clone();
        let mark = events.clone();
        match engine.apply(&mut state, action, &mut events) {
            Ok(()) => {}
            Err(EngineError::Hook(e)) => {
                assert_eq!(action, Action::AddToDungeon);
                assert!(state == before, "the failed {action} changed the state");
                assert_eq!(json(&state), json(&before));
                assert_eq!(events, mark, "the failed {action} left events");
                failed = Some(e);
                break;
            }
            Err(other) => panic!("{other}"),
        }
    }
    let e = failed.expect("the victim's first before_entering hook should have failed");
    assert_eq!(e.card, "endless_loop");
    assert_eq!(e.kind, Budget);
}

/// `apply_or_abandon` (whole simulated games, searches) skips the snapshot: the same move
/// fails with the same error and leaves the events as they were; the state, which the
/// caller drops, is not put back.
#[test]
fn a_hook_failing_under_apply_or_abandon_gives_the_same_error_and_events() {
    let mut engine = hostile_engine();
    let (mut state, mut events) = victim_game(&mut engine);
    for _ in 0..200 {
        let action = draw_and_add(&state);
        let (mut guarded, mut guarded_events) = (state.clone(), events.clone());
        let guarded_result = engine.apply(&mut guarded, action, &mut guarded_events);
        let mark = events.clone();
        match engine.apply_or_abandon(&mut state, action, &mut events) {
            Ok(()) => {
                assert!(guarded_result.is_ok() && guarded == state && guarded_events == events);
            }
            Err(EngineError::Hook(e)) => {
                let Err(EngineError::Hook(g)) = guarded_result else {
                    panic!("apply gave {guarded_result:?}")
                };
                assert_eq!((e.card.as_str(), e.kind), (g.card.as_str(), g.kind));
                assert_eq!(events, mark, "the failed {action} left events");
                assert!(state != guarded, "no snapshot: the state is left half-way");
                return;
            }
            Err(other) => panic!("{other}"),
        }
    }
    panic!("the victim's first before_entering hook should have failed");
}

/// The host itself leaves the state it was lent as it found it, random draws included.
#[test]
fn a_failing_hook_undoes_its_random_draws() {
    let mut engine = hostile_engine();
    let (mut state, _) = benign_dungeon(&mut engine);
    let before = state.clone();
    let gambler = engine.catalog().find_tile("gambler").unwrap();
    let result = engine.hooks_mut().call(
        &mut state,
        HookCall {
            card: CardRef::Tile(gambler),
            hook: BeforeEntering,
            answers: &[],
            damage: 0,
        },
    );
    let e = result.expect_err("the gambler fails");
    assert!(e.message.contains("lost after"), "{e}");
    assert!(state == before, "the state (and its generator) changed");
    assert_eq!(json(&state), json(&before));
}

// --- The default budget ------------------------------------------------------------------

fn timed_default_budget(card: &str) -> Duration {
    let a = find_attack(card);
    let mut engine = Engine::new(hostile_catalog()).unwrap_or_else(|d| panic!("{d}"));
    let tiles: Vec<&str> = if is_monster(card) { vec![] } else { vec![card] };
    let s = setup(&engine, "victim", &tiles, a.dungeon);
    let start = Instant::now();
    let e = hook_error(engine.dungeon(&s, &mut Vec::new()), card);
    let took = start.elapsed();
    check_error(a, &e);
    assert!(
        e.message
            .contains(&format!("({DEFAULT_STEP_BUDGET} steps)")),
        "{}",
        e.message
    );
    eprintln!("{card}: stopped by the default budget ({DEFAULT_STEP_BUDGET} steps) in {took:?}");
    assert!(took < Duration::from_secs(10), "{card} took {took:?}");
    took
}

#[test]
fn default_budget_stops_an_endless_loop() {
    timed_default_budget("endless_loop");
}

#[test]
fn default_budget_stops_a_slow_pattern() {
    timed_default_budget("slow_pattern");
}

#[test]
fn default_budget_stops_an_endless_identity_hook() {
    timed_default_budget("mimic");
}

// --- Isolation and determinism -----------------------------------------------------------

fn defeaters(state: &GameState, engine: &Engine) -> Vec<String> {
    state.run.faced[0]
        .defeaters
        .iter()
        .map(|&t| engine.catalog().tile(t).info.id.clone())
        .collect()
}

/// No script can keep anything in globals (setting one while loading is refused, see
/// `load_global`), so there is nothing another script could find; and reading a global
/// that does not exist is an error that names it.
#[test]
fn scripts_cannot_see_each_others_globals() {
    let mut engine = hostile_engine();
    let s = setup(&engine, "victim", &["peeker"], &["ogre"]);
    let state = engine.dungeon(&s, &mut Vec::new()).unwrap();
    assert!(defeaters(&state, &engine).is_empty());

    let s = setup(&engine, "victim", &["typo"], &["ogre"]);
    let Err(EngineError::Hook(e)) = engine.dungeon(&s, &mut Vec::new()) else {
        panic!("a misspelt global ran")
    };
    assert_eq!(
        (e.card.as_str(), e.hook),
        ("typo", HookName::BeforeEntering)
    );
    assert!(e.message.contains("unknown global `dungoen`"), "{e}");
    assert_eq!(e.line, Some(offending_line(&script_path("typo"))), "{e}");
}

fn dice_run(engine: &mut Engine, seed: u64) -> (serde_json::Value, Vec<Event>) {
    let mut s = setup(engine, "knight", &["dice"], &["imp"]);
    s.seed = seed;
    let mut events = Vec::new();
    let state = engine.dungeon(&s, &mut events).unwrap();
    assert!(state.is_over());
    (json(&state), events)
}

/// `math.random` and `ctx.random` draw from the game's seeded generator.
#[test]
fn math_random_is_deterministic_for_a_fixed_seed() {
    let mut a = hostile_engine();
    let mut b = hostile_engine();
    let first = dice_run(&mut a, 7);
    assert_eq!(dice_run(&mut a, 7), first, "same engine, same seed");
    assert_eq!(dice_run(&mut b, 7), first, "another engine, same seed");
    // A different seed gives different rolls (these seeds are known to differ).
    let other = dice_run(&mut a, 8);
    assert_ne!(other.0["run"]["hp"], first.0["run"]["hp"]);
    assert_ne!(other.0["run"]["memory"], first.0["run"]["memory"]);
    // Rolls are in range: 3 HP + two rolls of 1..=1000.
    let hp = first.0["run"]["hp"].as_i64().unwrap();
    assert!((3 + 2 - 1..=3 + 2000 - 1).contains(&hp), "hp {hp}");
}

// --- State kept between operations ------------------------------------------------------

/// A script may keep something in a local of its own (an upvalue), but only for one
/// operation: the next one runs its chunk again. Otherwise the same dungeon with the same
/// seed would play differently the second time, which breaks replays, question replays
/// and saved games.
#[test]
fn a_script_cannot_keep_state_between_calls_in_upvalues() {
    let mut engine = hostile_engine();
    let s = setup(&engine, "victim", &["counter"], &["ogre"]);
    let first = engine.dungeon(&s, &mut Vec::new()).unwrap();
    let second = engine.dungeon(&s, &mut Vec::new()).unwrap();
    assert_eq!(
        defeaters(&first, &engine),
        defeaters(&second, &engine),
        "same dungeon, same seed, same engine: the counter script decided differently"
    );
    assert!(first == second);
}

/// Every operation of a game starts from fresh script instances, whatever ran between:
/// here a dungeon played card by card (one operation per reveal), with an operation that
/// runs no script in between (the host then has nothing to reset, and must still not
/// hand the counter's old instance to the next operation). Kept across operations, the
/// counter would defeat only every other ogre.
#[test]
fn a_script_cannot_carry_state_across_the_operations_of_a_game() {
    let mut engine = hostile_engine();
    let mut s = setup(&engine, "victim", &["counter"], &["ogre", "ogre", "ogre"]);
    s.card_by_card = true;
    let mut events = Vec::new();
    let mut state = engine.dungeon(&s, &mut events).unwrap();
    let plain = setup(&engine, "victim", &[], &["ogre"]);
    for reveal in 0..3 {
        engine.resume(&mut state, &mut events).unwrap();
        assert_eq!(
            state.run.faced[reveal]
                .defeaters
                .iter()
                .map(|&t| engine.catalog().tile(t).info.id.as_str())
                .collect::<Vec<_>>(),
            ["counter"],
            "reveal {reveal}: the counter saw an earlier operation's calls"
        );
        // An operation in which no script runs.
        engine.dungeon(&plain, &mut Vec::new()).unwrap();
    }
}

/// A hook that fills memory and keeps it in an upvalue fails itself (its card's
/// allowance is spent), and what it kept goes with its instance: later hooks of other
/// cards in this engine do not run out of memory.
#[test]
fn a_script_cannot_starve_other_scripts_of_memory() {
    let mut engine = hostile_engine();
    let s = setup(&engine, "victim", &["hoarder"], &["ogre"]);
    let _ = engine.dungeon(&s, &mut Vec::new());
    let healer = setup(&engine, "knight", &["healer"], &["ogre", "imp"]);
    for attempt in 1..=3 {
        let result = engine.dungeon(&healer, &mut Vec::new());
        assert!(
            result.is_ok(),
            "attempt {attempt}: a benign hook fails after the hoarder ran: {}",
            result.unwrap_err()
        );
    }
}

/// A script whose path is longer than Luau's chunk names (about 256 bytes) still gets
/// its line in hook errors, and the message carries no truncated copy of the path.
#[test]
fn hook_errors_locate_scripts_with_long_paths() {
    let dir = "packs/".repeat(50);
    let manifest = format!("{dir}long.toml");
    let mut files = MemoryFiles::new();
    files.insert(
        &manifest,
        r#"
[pack]
id = "long"
version = "0.1.0"
engine_api = 1
languages = ["en"]
scripts = "scripts"
name = { en = "Long paths" }

[[monster]]
id = "imp"
strength = 1
name = { en = "Imp" }

[[adventurer]]
id = "victim"
hp = 3
equipment = ["boom"]
name = { en = "Victim" }

[[equipment]]
id = "boom"
script = "boom.lua"
name = { en = "Boom" }
"#,
    );
    files.insert(
        &format!("{dir}scripts/boom.lua"),
        "-- A plain error on line 4.\nreturn {\n  before_entering = function(ctx)\n    error(\"boom\")\n  end,\n}\n",
    );
    let mut lib = PackLibrary::new();
    lib.load(&files, &manifest)
        .unwrap_or_else(|d| panic!("{d}"));
    let (catalog, _) = lib.catalog(&["long"]).unwrap_or_else(|d| panic!("{d}"));
    let mut engine = Engine::new(Arc::new(catalog)).unwrap_or_else(|d| panic!("{d}"));
    let s = setup(&engine, "victim", &["boom"], &["imp"]);
    let e = hook_error(engine.dungeon(&s, &mut Vec::new()), "boom");
    assert!(e.file.ends_with("scripts/boom.lua"), "{}", e.file);
    assert_eq!(e.message, "boom", "{e}");
    assert_eq!(e.line, Some(4), "{e}");
}

// --- Attacks while loading ---------------------------------------------------------------

const LOAD_ATTACKS: &[(&str, &str, Option<u32>)] = &[
    // (tile, what the message says, line)
    ("load_loop", "instruction budget exceeded", Some(2)),
    ("load_syntax", "does not load", Some(4)),
    ("load_number", "must return a table of hooks", None),
    ("load_unknown_hook", "unknown hook `on_enter`", Some(3)),
    ("load_tamper", "readonly", Some(2)),
    ("load_memory", "out of memory", Some(2)),
    ("load_global", "cannot change globals", Some(2)),
];

/// The whole load-time pack: `Engine::new` fails and reports every broken script.
#[test]
fn load_time_attacks_make_engine_new_fail() {
    let mut lib = PackLibrary::new();
    let manifest = pack_dir("hostile_load").join("hostile_load.toml");
    lib.load(&DiskFiles, &manifest.to_string_lossy())
        .unwrap_or_else(|d| panic!("{d}"));
    let (catalog, _) = lib
        .catalog(&["hostile_load"])
        .unwrap_or_else(|d| panic!("{d}"));
    let start = Instant::now();
    let Err(diags) = Engine::new(Arc::new(catalog)) else {
        panic!("the hostile_load pack loaded")
    };
    eprintln!("Engine::new failed in {:?}:\n{diags}", start.elapsed());
    assert_eq!(diags.errors().count(), LOAD_ATTACKS.len(), "{diags}");
    let text = diags.to_string();
    for (tile, message, line) in LOAD_ATTACKS {
        let file = format!("scripts/{tile}.lua");
        let d = diags
            .errors()
            .find(|d| d.file.ends_with(&file))
            .unwrap_or_else(|| panic!("no diagnostic for {file}:\n{diags}"));
        assert!(d.message.contains(&format!("`{tile}`")), "{d}");
        assert!(d.message.contains(message), "{d}");
        assert_eq!(d.line, *line, "{d}");
        let located = match line {
            Some(l) => format!("{file}:{l}: error"),
            None => format!("{file}: error"),
        };
        assert!(text.contains(&located), "`{located}` not in:\n{text}");
    }
    // The syntax error shows the offending line.
    assert!(text.contains("4 |     if ctx.hp() > 0 then then"), "{text}");
}

/// Each load-time attack alone is enough to stop `Engine::new`.
#[test]
fn each_load_time_attack_alone_makes_engine_new_fail() {
    let dir = pack_dir("hostile_load");
    for (tile, message, line) in LOAD_ATTACKS {
        let mut files = MemoryFiles::new();
        let manifest = format!(
            r#"
[pack]
id = "one"
version = "0.1.0"
engine_api = 1
languages = ["en"]
scripts = "scripts"
name = {{ en = "One attack" }}

[[monster]]
id = "imp"
strength = 1
name = {{ en = "Imp" }}

[[adventurer]]
id = "victim"
hp = 3
equipment = ["{tile}"]
name = {{ en = "Victim" }}

[[equipment]]
id = "{tile}"
script = "{tile}.lua"
name = {{ en = "Attack" }}
"#
        );
        files.insert("one/one.toml", manifest);
        let code = std::fs::read_to_string(dir.join(format!("scripts/{tile}.lua"))).unwrap();
        files.insert(&format!("one/scripts/{tile}.lua"), code);
        let mut lib = PackLibrary::new();
        lib.load(&files, "one/one.toml")
            .unwrap_or_else(|d| panic!("{d}"));
        let (catalog, _) = lib.catalog(&["one"]).unwrap_or_else(|d| panic!("{d}"));
        let Err(diags) = Engine::new(Arc::new(catalog)) else {
            panic!("{tile}: the pack loaded")
        };
        let text = diags.to_string();
        let file = format!("one/scripts/{tile}.lua");
        let located = match line {
            Some(l) => format!("{file}:{l}: error"),
            None => format!("{file}: error"),
        };
        assert!(text.starts_with(&located), "{tile}: {text}");
        assert!(text.contains(message), "{tile}: {text}");
    }
}
