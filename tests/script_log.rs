//! `ctx.log`: a card's own line in the game's log. It names its card, a message of the
//! card's pack and checked arguments; every misuse fails the hook with a clear error; a
//! call and a dungeon hold a bounded number of lines; a line is kept only when its hook
//! finishes and its move is applied; and the lines cannot tell apart two games that
//! differ only in cards nobody has seen, so a public line publishes nothing hidden.

use dungeon_engine::event::{LogArg, MAX_LOG_LINES_PER_DUNGEON};
use dungeon_engine::{
    Action, Answer, CardRef, DungeonSetup, Engine, EngineError, Event, GameState,
};

/// A pack whose tile `t` runs `code`, with the messages `rolled`, `seen` and `more`, and monsters
/// `imp` (1), `ogre` (5), `wyrm` (9), `troll` (3); the adventurer `a` carries `t` and `u`,
/// whose script is `other` (a tile doing nothing when empty).
fn engine_with(code: &str, other: &str) -> Result<Engine, String> {
    let other = if other.is_empty() { "return {}" } else { other };
    let manifest = r#"
[pack]
id = "p"
version = "0.1.0"
engine_api = 1
languages = ["en"]
scripts = "scripts"
name = { en = "P" }

[messages]
rolled = { en = "rolled {roll}: {species} beware." }
seen = { en = "{a} {b} {c} {d} {e} {f}" }
more = { en = "{g} {h} {i} {j} {k}" }

[[monster]]
id = "imp"
strength = 1
copies = 4
name = { en = "Imp" }

[[monster]]
id = "ogre"
strength = 5
copies = 4
name = { en = "Ogre" }

[[monster]]
id = "wyrm"
strength = 9
copies = 4
name = { en = "Wyrm" }

[[monster]]
id = "troll"
strength = 3
copies = 4
name = { en = "Troll" }

[[adventurer]]
id = "a"
hp = 50
equipment = ["t", "u"]
name = { en = "A" }

[[equipment]]
id = "t"
script = "t.lua"
name = { en = "T" }

[[equipment]]
id = "u"
script = "u.lua"
name = { en = "U" }
"#;
    let mut engine =
        dungeon_tests::engine_in_memory(manifest, &[("t.lua", code), ("u.lua", other)])?;
    engine.hooks_mut().set_step_budget(1_000_000);
    Ok(engine)
}

fn engine(code: &str) -> Engine {
    engine_with(code, "").unwrap_or_else(|e| panic!("{e}"))
}

fn setup(engine: &Engine, dungeon: &[&str], deck: &[&str]) -> DungeonSetup {
    let cat = engine.catalog();
    let monsters = |ids: &[&str]| {
        ids.iter()
            .map(|m| cat.find_monster(m).expect("monster"))
            .collect()
    };
    DungeonSetup {
        players: 2,
        runner: 0,
        successes: 0,
        failures: 0,
        adventurer: cat.find_adventurer("a").expect("a"),
        tiles: vec![cat.find_tile("t").unwrap(), cat.find_tile("u").unwrap()],
        dungeon: monsters(dungeon),
        deck: monsters(deck),
        damage_model: None,
        seed: 3,
        card_by_card: false,
        rulings: Default::default(),
    }
}

fn lines(events: &[Event]) -> Vec<&Event> {
    events
        .iter()
        .filter(|e| matches!(e, Event::Logged { .. }))
        .collect()
}

#[test]
fn a_line_names_its_card_its_message_and_its_arguments() {
    let mut engine = engine(
        r#"return { before_entering = function(ctx)
            ctx.log("rolled", { species = "imp", roll = 4, tile = "t", who = "a", big = -1000000000 })
        end }"#,
    );
    let mut events = Vec::new();
    engine
        .dungeon(&setup(&engine, &["imp"], &[]), &mut events)
        .unwrap_or_else(|e| panic!("{e}"));
    let cat = engine.catalog();
    let t = cat.find_tile("t").unwrap();
    let expected = Event::Logged {
        card: CardRef::Tile(t),
        key: "rolled".into(),
        // By name, whatever order the table was written in; ids as what they name.
        args: vec![
            ("big".into(), LogArg::Number(-1_000_000_000)),
            ("roll".into(), LogArg::Number(4)),
            (
                "species".into(),
                LogArg::Species(cat.find_species("imp").unwrap()),
            ),
            ("tile".into(), LogArg::Card(CardRef::Tile(t))),
            (
                "who".into(),
                LogArg::Adventurer(cat.find_adventurer("a").unwrap()),
            ),
        ],
    };
    assert_eq!(lines(&events), vec![&expected]);
    // Before the first reveal, where its hook ran.
    let logged = events.iter().position(|e| *e == expected).unwrap();
    let revealed = events
        .iter()
        .position(|e| matches!(e, Event::Revealed { .. }))
        .unwrap();
    assert!(logged < revealed);
}

/// Each misuse, in the hook where it is tried, and the start of what the error says.
#[test]
fn every_misuse_fails_its_hook_with_a_clear_error() {
    let long = "x".repeat(300);
    let cases: Vec<(String, &str)> = vec![
        (
            r#"ctx.log("nope")"#.into(),
            "ctx.log(): the pack of `t` has no message `nope`",
        ),
        (r#"ctx.log("Bad Key")"#.into(), "is not a message key"),
        // A number is a string to Luau: a key, but no message's.
        (r#"ctx.log(42)"#.into(), "has no message `42`"),
        (
            r#"ctx.log("rolled", { a=1, b=2, c=3, d=4, e=5, f=6, g=7, h=8, i=9 })"#.into(),
            "ctx.log(): a line takes at most 8 arguments",
        ),
        (
            r#"ctx.log("rolled", { roll = "hello world" })"#.into(),
            "ctx.log(): `hello world` is not the id of a species, monster, tile or adventurer",
        ),
        (
            format!(r#"ctx.log("rolled", {{ roll = "{long}" }})"#),
            "ctx.log(): the id",
        ),
        (
            r#"ctx.log("rolled", { roll = {} })"#.into(),
            "ctx.log(): an argument is a whole number or an id, not a table",
        ),
        (
            r#"ctx.log("rolled", { roll = true })"#.into(),
            "ctx.log(): an argument is a whole number or an id, not a boolean",
        ),
        (
            r#"ctx.log("rolled", { roll = 1.5 })"#.into(),
            "ctx.log(): a number: expected a whole number",
        ),
        (
            r#"ctx.log("rolled", { roll = 2000000000 })"#.into(),
            "ctx.log(): a number: 2000000000 is out of range",
        ),
        (
            r#"ctx.log("rolled", { 1, 2 })"#.into(),
            "ctx.log(): arguments are named",
        ),
        (
            r#"ctx.log("rolled", { ["Bad Name"] = 1 })"#.into(),
            "ctx.log(): `Bad Name` is not an argument name",
        ),
        (
            r#"for i = 1, 5 do ctx.log("rolled", { roll = i }) end"#.into(),
            "ctx.log(): a hook may log at most 4 lines in one call",
        ),
    ];
    for (call, expected) in cases {
        let code = format!("return {{ before_entering = function(ctx) {call} end }}");
        let mut engine = engine(&code);
        let err = engine.dungeon(&setup(&engine, &["imp"], &[]), &mut Vec::new());
        let Err(EngineError::Hook(e)) = err else {
            panic!("{call}: expected a hook error, got {err:?}")
        };
        assert!(
            e.message.starts_with(expected) || e.message.contains(expected),
            "{call}: `{}` does not say `{expected}`",
            e.message
        );
        assert_eq!(e.card, "t", "{e}");
    }
    // The pure hooks only read: no line from them.
    for (hook, args) in [
        ("defeats", "ctx, m"),
        ("base_damage", "ctx, m, d"),
        ("on_damage", "ctx, m, d"),
    ] {
        let code = format!(
            r#"return {{ {hook} = function({args}) ctx.log("rolled") return {} end }}"#,
            if hook == "defeats" { "false" } else { "d" }
        );
        let mut engine = engine(&code);
        let err = engine.dungeon(&setup(&engine, &["imp"], &[]), &mut Vec::new());
        let Err(EngineError::Hook(e)) = err else {
            panic!("{hook}: expected a hook error, got {err:?}")
        };
        assert!(
            e.message
                .contains(&format!("ctx.log() cannot be used in `{hook}` hooks")),
            "{hook}: {}",
            e.message
        );
    }
}

#[test]
fn a_dungeon_holds_a_bounded_number_of_lines() {
    // Four lines a card: 16 cards make 64, one more is refused.
    let code = r#"return { before_damage = function(ctx, m)
        for i = 1, 4 do ctx.log("rolled", { roll = m.position }) end
    end }"#;
    let mut engine = engine(code);
    let per_card = 4;
    let cards = MAX_LOG_LINES_PER_DUNGEON / per_card;
    let full = vec!["imp"; cards];
    let mut events = Vec::new();
    engine
        .dungeon(&setup(&engine, &full, &[]), &mut events)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(lines(&events).len(), MAX_LOG_LINES_PER_DUNGEON);
    let more = vec!["imp"; cards + 1];
    let err = engine.dungeon(&setup(&engine, &more, &[]), &mut Vec::new());
    let Err(EngineError::Hook(e)) = err else {
        panic!("expected a hook error, got {err:?}")
    };
    assert!(
        e.message
            .contains("the scripts may log at most 64 lines in one dungeon"),
        "{}",
        e.message
    );
}

/// Answers the pending question with its first option.
fn answer_first(engine: &mut Engine, state: &mut GameState, events: &mut Vec<Event>) {
    let Some(dungeon_engine::Decision {
        kind: dungeon_engine::DecisionKind::Question(q),
        ..
    }) = state.pending.clone()
    else {
        panic!("no question pending")
    };
    engine
        .apply(state, Action::Answer(q.options[0]), events)
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_line_is_kept_only_when_its_hook_finishes_and_its_move_is_applied() {
    // Logged before a question: not kept while the question waits, kept once after.
    let code = r#"return { on_reveal = function(ctx, m)
        ctx.log("rolled", { roll = m.position })
        if ctx.ask_yes_no() then ctx.defeat() end
    end }"#;
    let mut engine = engine(code);
    let mut events = Vec::new();
    let mut state = engine
        .dungeon(&setup(&engine, &["imp"], &[]), &mut events)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(lines(&events).is_empty(), "{events:?}");
    assert!(
        matches!(events.last(), Some(Event::Asked { .. })),
        "{events:?}"
    );
    answer_first(&mut engine, &mut state, &mut events);
    assert_eq!(lines(&events).len(), 1, "{events:?}");
    let answered = events
        .iter()
        .position(|e| matches!(e, Event::Answered { .. }))
        .unwrap();
    let logged = events
        .iter()
        .position(|e| matches!(e, Event::Logged { .. }))
        .unwrap();
    assert!(answered < logged);

    // A move refused: a line logged by one tile, then another tile's hook fails in the
    // same move; the move is rolled back with its line.
    let failing = r#"return { before_damage = function(ctx, m) error("broken") end }"#;
    let mut engine = engine_with(code, failing).unwrap_or_else(|e| panic!("{e}"));
    let mut events = Vec::new();
    let mut state = engine
        .dungeon(&setup(&engine, &["imp"], &[]), &mut events)
        .unwrap_or_else(|e| panic!("{e}"));
    let (before_state, before_events) = (state.clone(), events.clone());
    // "no": the imp is not defeated, so the failing tile's `before_damage` runs.
    let err = engine.apply(&mut state, Action::Answer(Answer::No), &mut events);
    assert!(matches!(err, Err(EngineError::Hook(_))), "{err:?}");
    assert_eq!(events, before_events);
    assert_eq!(state, before_state);
}

/// Everything a hook can read, logged before entering and on each reveal.
const READ_EVERYTHING: &str = r#"
local function everything(ctx, m)
  local faced = ctx.faced()
  ctx.log("seen", { a = ctx.hp(), b = ctx.tile_count(), c = ctx.dungeon_left(), d = ctx.deck_size(),
    e = ctx.successes(), f = ctx.failures() })
  ctx.log("more", { g = ctx.players(), h = ctx.random(1000000), i = #faced,
    j = m and m.position or 0, k = m and m.id or "a" })
end
return { before_entering = function(ctx) everything(ctx, nil) end,
         on_reveal = function(ctx, m) everything(ctx, m) end }
"#;

/// Two dungeons that differ only in what nobody has seen (the cards still face down in the
/// dungeon, the monster deck) log the same lines until a card that differs is revealed.
#[test]
fn the_lines_cannot_tell_hidden_cards_apart() {
    let mut engine = engine(READ_EVERYTHING);
    let run = |engine: &mut Engine, dungeon: &[&str], deck: &[&str]| {
        let mut events = Vec::new();
        engine
            .dungeon(&setup(engine, dungeon, deck), &mut events)
            .unwrap_or_else(|e| panic!("{e}"));
        // The lines told before the second card is revealed.
        let second = events
            .iter()
            .enumerate()
            .filter(|(_, e)| matches!(e, Event::Revealed { .. }))
            .nth(1)
            .map(|(i, _)| i)
            .unwrap();
        events[..second]
            .iter()
            .filter(|e| matches!(e, Event::Logged { .. }))
            .cloned()
            .collect::<Vec<_>>()
    };
    let a = run(&mut engine, &["imp", "ogre", "wyrm"], &["troll", "ogre"]);
    let b = run(&mut engine, &["imp", "troll", "troll"], &["wyrm", "imp"]);
    assert_eq!(a.len(), 4, "{a:?}");
    assert_eq!(a, b);
    // The same game logs the same lines (the random draw included).
    assert_eq!(
        a,
        run(&mut engine, &["imp", "ogre", "wyrm"], &["troll", "ogre"])
    );
}
