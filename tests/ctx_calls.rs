//! The `ctx` functions read their arguments off the Lua stack and a card's `ctx` holds the
//! shared functions itself (engine/script/src/api/, args.rs): what a script sees must
//! be what it saw before those shortcuts. Strings and numbers as arguments, too-long and
//! malformed ones, ids compared by their interned address and by their text, a card's own
//! `ctx` (its `self`, a misspelt name, no writes), the lists `ctx.ask_species` reads, and
//! the copies `ctx.species()` and `ctx.regular_species()` hand out.

use dungeon_engine::{Answer, DecisionKind, DungeonSetup, Engine, EngineError};

/// A pack whose tile `t` runs `code`; monsters `imp` (1, species `imp`), `ogre` (5),
/// and the special `sprite` (0, species `sprite`, not a regular species).
fn engine(code: &str) -> Engine {
    let manifest = r#"
[pack]
id = "p"
version = "0.1.0"
engine_api = 1
languages = ["en"]
scripts = "scripts"
name = { en = "P" }

[messages]
pick = { en = "Pick one" }

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
id = "sprite"
special = true
strength = 0
name = { en = "Sprite" }

[[adventurer]]
id = "a"
hp = 50
equipment = ["t"]
name = { en = "A" }

[[equipment]]
id = "t"
script = "t.lua"
name = { en = "T" }
"#;
    let mut engine = dungeon_tests::engine_in_memory(manifest, &[("t.lua", code)])
        .unwrap_or_else(|e| panic!("{e}"));
    // Every hook in Luau, metered step by step (no native helpers).
    engine.hooks_mut().set_step_budget(1_000_000);
    engine
}

fn setup(engine: &Engine) -> DungeonSetup {
    let cat = engine.catalog();
    DungeonSetup {
        players: 2,
        runner: 0,
        successes: 0,
        failures: 0,
        adventurer: cat.find_adventurer("a").expect("a"),
        tiles: vec![cat.find_tile("t").unwrap()],
        dungeon: ["imp", "ogre"]
            .iter()
            .map(|m| cat.find_monster(m).unwrap())
            .collect(),
        deck: vec![],
        damage_model: None,
        seed: 3,
        card_by_card: false,
        rulings: Default::default(),
    }
}

/// Runs the dungeon; the first question's prompt and options (species ids), if any.
fn first_question(code: &str) -> Result<Option<(String, Vec<String>)>, String> {
    let mut engine = engine(code);
    let state = engine
        .dungeon(&setup(&engine), &mut Vec::new())
        .map_err(|e: EngineError| e.to_string())?;
    let cat = engine.catalog();
    Ok(state.pending.map(|d| match d.kind {
        DecisionKind::Question(q) => (
            q.prompt.to_string(),
            q.options
                .iter()
                .map(|a| match a {
                    Answer::Species(s) => cat.species_def(*s).id.clone(),
                    Answer::Yes => "yes".into(),
                    Answer::No => "no".into(),
                    other => format!("{other:?}"),
                })
                .collect(),
        ),
        other => panic!("{other:?}"),
    }))
}

/// The error the dungeon fails with.
fn error_of(code: &str) -> String {
    match first_question(code) {
        Err(e) => e,
        Ok(q) => panic!("expected an error, got the question {q:?}"),
    }
}

fn before_entering(body: &str) -> String {
    format!("return {{ before_entering = function(ctx)\n{body}\nend }}")
}

#[test]
fn ask_species_reads_its_list_as_before() {
    let by_list = first_question(&before_entering(
        r#"ctx.remember("s", ctx.ask_species("pick", ctx.regular_species()))"#,
    ))
    .unwrap();
    assert_eq!(
        by_list,
        Some(("pick".into(), vec!["imp".into(), "ogre".into()]))
    );
    // nil is every species, the special one's included.
    let every = first_question(&before_entering(r#"ctx.ask_species(nil, nil)"#)).unwrap();
    assert_eq!(
        every,
        Some((
            "name_species".into(),
            vec!["imp".into(), "ogre".into(), "sprite".into()]
        ))
    );
    // A list that is not all known ids, or repeats one, is read one by one for the error.
    for (list, expected) in [
        (r#"{ "imp", "nope" }"#, "unknown species id `nope`"),
        (r#"{ "imp", 3 }"#, "options are species ids, not an integer"),
        (r#"{ "ogre", "ogre" }"#, "option 2 repeats an earlier one"),
        (r#""imp""#, "bad argument #2"),
    ] {
        let e = error_of(&before_entering(&format!("ctx.ask_species(nil, {list})")));
        assert!(e.contains(expected), "{list}: {e}");
    }
    // The same reading for equipment ids (one option: nothing to ask).
    let one = first_question(&before_entering(
        r#"ctx.remember("t", ctx.ask_tile(nil, { "t" }))"#,
    ));
    assert_eq!(one.unwrap(), None);
    for (list, expected) in [
        (r#"{ "t", "nope" }"#, "unknown equipment id `nope`"),
        (
            r#"{ 3 }"#,
            "ctx.ask_tile: options are equipment ids, not an integer",
        ),
        (
            r#"{ "t", "t" }"#,
            "ctx.ask_tile: option 2 repeats an earlier one",
        ),
    ] {
        let e = error_of(&before_entering(&format!("ctx.ask_tile(nil, {list})")));
        assert!(e.contains(expected), "{list}: {e}");
    }
}

#[test]
fn string_arguments_read_off_the_stack_keep_their_rules() {
    // A number is taken as its text, as Lua would; an id built at run time is the same
    // (interned) string as the catalog's; a wrong one is named in the error.
    let ok = before_entering(
        r#"ctx.remember("k1", 7)
        assert(ctx.recall("k" .. 1) == 7)
        assert(ctx.recall(12) == nil)
        ctx.remember(12, "twelve")
        assert(ctx.recall("12") == "twelve")
        assert(ctx.has(string.sub("xt", 2)) and ctx.tile_hp("t") == 0)
        local species = ctx.ask_species(string.lower("PICK"), { string.rep("o", 1) .. "gre", "imp" })
        ctx.remember("s", species)"#,
    );
    assert_eq!(
        first_question(&ok).unwrap(),
        Some(("pick".into(), vec!["ogre".into(), "imp".into()]))
    );
    let long_key = "k".repeat(65);
    let long_id = "x".repeat(300);
    for (body, expected) in [
        (
            format!(r#"ctx.recall("{long_key}")"#),
            "ctx.recall(): the key `kkkk".to_string(),
        ),
        (
            format!(r#"ctx.recall("{long_key}")"#),
            "(65 bytes; at most 64)".into(),
        ),
        (
            format!(r#"ctx.remember("{long_key}", 1)"#),
            "is not a memory key".into(),
        ),
        (
            format!(r#"ctx.has("{long_id}")"#),
            "(300 bytes; at most 256)".into(),
        ),
        (
            r#"ctx.has("nope")"#.into(),
            "unknown equipment id `nope`".into(),
        ),
        (
            r#"ctx.ask_yes_no("Pick")"#.into(),
            "the prompt `Pick` is not a message key".into(),
        ),
        (
            format!(r#"ctx.ask_yes_no("{}")"#, "p".repeat(49)),
            "is not a message key".into(),
        ),
        (
            r#"ctx.recall({})"#.into(),
            "expected string or number".into(),
        ),
        (
            r#"ctx.ruling("none_such")"#.into(),
            "no pack in play declares a ruling `none_such`".into(),
        ),
        (r#"ctx.recall("\xff\xfe")"#.into(), "invalid utf-8".into()),
    ] {
        let e = error_of(&before_entering(&body));
        assert!(e.contains(&expected), "{body}: {e}");
    }
}

#[test]
fn a_cards_ctx_holds_the_functions_but_stays_closed() {
    let ok = before_entering(
        r#"assert(ctx.self == "t")
        assert(type(ctx.recall) == "function" and ctx.recall == ctx.recall)
        assert(getmetatable(ctx) == "locked")
        local a, b = ctx.species(), ctx.species()
        assert(a ~= b and #a == 3 and a[3] == "sprite")
        table.insert(a, "mine")
        assert(#ctx.species() == 3 and not table.isfrozen(a))
        local r = ctx.regular_species()
        r[1] = "changed"
        assert(ctx.regular_species()[1] == "imp")
        ctx.remember("done", true)"#,
    );
    assert_eq!(first_question(&ok).unwrap(), None);
    assert!(error_of(&before_entering("ctx.recal(\"x\")")).contains("ctx has no function `recal`"));
    let e = error_of(&before_entering("ctx.recall = function() return 1 end"));
    assert!(e.contains("readonly"), "{e}");
    let e = error_of(&before_entering("ctx.self = \"u\""));
    assert!(e.contains("readonly"), "{e}");
}

// --- Quick paths (engine/script/src/fast.rs) against the callbacks they front -----------

/// Whole games, every hook interpreted, with the quick paths and without: same events,
/// decisions and end, for every pack mix and bots that search (their odds searches run
/// the hooks in analysis mode).
#[test]
fn games_are_the_same_with_the_quick_paths_or_without() {
    use dungeon_bots::BotKind;
    use dungeon_tests::{catalog, game_lines, varied_options};
    let mixes: [(&[&str], &[BotKind], u64); 5] = [
        (&["base"], &[BotKind::Random], 30),
        (&["base", "sequel"], &[BotKind::Random], 30),
        (&["sequel"], &[BotKind::Random], 15),
        (&["base", "mandom"], &[BotKind::Random], 15),
        (&["base"], &[BotKind::Rules, BotKind::Random], 2),
    ];
    for (packs, kinds, games) in mixes {
        let mut quick = Engine::new(catalog(packs)).unwrap();
        let mut slow = Engine::new(catalog(packs)).unwrap();
        for engine in [&mut quick, &mut slow] {
            engine.hooks_mut().set_native_helpers(false);
        }
        slow.hooks_mut().set_quick_ctx(false);
        for i in 0..games {
            let players = 2 + (i % 3) as u8;
            let options = varied_options(players, i);
            let seed = 31_000 + i;
            assert!(
                game_lines(&mut quick, &options, seed, kinds)
                    == game_lines(&mut slow, &options, seed, kinds),
                "packs {packs:?}, seed {seed}: the game differs with the quick paths"
            );
        }
    }
}

/// What a hook body gives with the quick paths and without: the events and the run as
/// they stand (its memory, HP, what is pending), or the error, in full.
fn both_ways(code: &str) -> [Result<String, String>; 2] {
    [true, false].map(|on| {
        let mut engine = engine(code);
        engine.hooks_mut().set_quick_ctx(on);
        let setup = setup(&engine);
        let mut events = Vec::new();
        engine
            .dungeon(&setup, &mut events)
            .map(|state| format!("{events:?}\n{:?}\n{:?}", state.run, state.pending))
            .map_err(|e: EngineError| e.to_string())
    })
}

#[test]
fn the_quick_paths_answer_and_fail_as_their_callbacks_do() {
    let in_hook = |hook: &str, body: &str| {
        let args = if hook == "before_entering" || hook == "at_end" {
            "ctx"
        } else {
            "ctx, m"
        };
        format!("return {{ {hook} = function({args})\n{body}\nend }}")
    };
    let bodies = [
        // Reads, ordinary and not.
        "ctx.remember(\"k\", ctx.hp() + ctx.base_hp() + ctx.deck_size() + ctx.dungeon_left())",
        "ctx.remember(\"k\", ctx.tile_count() * 100 + ctx.players())",
        "ctx.remember(\"k\", ctx.recall(\"none\") == nil and ctx.model())",
        "ctx.remember(\"k\", \"t\"); ctx.remember(\"j\", ctx.recall(\"k\"))",
        "ctx.remember(\"j\", ctx.recall(5) == nil)",
        "ctx.recall(nil)",
        "ctx.recall(string.rep(\"k\", 65))",
        "ctx.recall(\"\\xff\")",
        "ctx.ruling(\"nope\")",
        "ctx.ruling(7)",
        // Effects where they are allowed and where they are not.
        "ctx.gain_hp(2); ctx.lose_hp(1); ctx.set_hp(4); ctx.discard()",
        "ctx.gain_hp(1.5)",
        "ctx.gain_hp(\"3\")",
        "ctx.set_hp(1e9)",
        "ctx.gain_hp(math.huge)",
        "ctx.gain_hp(0/0)",
        "ctx.gain_hp()",
        "ctx.defeat()",
        "ctx.succeed()",
        "ctx.defeat_next()",
        "ctx.defeat_next(\"Bad\")",
        "ctx.replace_from_deck()",
        "ctx.discard(\"t\"); ctx.discard()",
        "for i = 1, 1001 do ctx.defeat_next() end",
        // Questions.
        "ctx.remember(\"y\", ctx.ask_yes_no())",
        "ctx.ask_yes_no(\"pick\")",
        "ctx.ask_yes_no(5)",
        "ctx.ask_yes_no(\"Bad\")",
        "ctx.ask_yes_no(nil, 1)",
        "ctx.ask_yes_no(nil, 9)",
        "ctx.ask_species(\"pick\", { \"ogre\", \"imp\" })",
        "ctx.ask_species(nil, { \"imp\" })",
        "ctx.ask_species(nil, {})",
        "ctx.ask_species(nil, { \"imp\", \"imp\" })",
        "ctx.ask_species(nil, { \"imp\", 2 })",
        "ctx.ask_species(nil, nil, 1)",
        "ctx.ask_yes_no(); ctx.ask_species()",
    ];
    let mut compared = 0;
    for hook in ["before_entering", "on_reveal", "defeats", "at_end"] {
        for body in bodies {
            let code = in_hook(hook, body);
            let [quick, slow] = both_ways(&code);
            assert_eq!(quick, slow, "{hook}: {body}");
            compared += 1;
        }
    }
    assert_eq!(compared, 4 * bodies.len());
}

/// `ctx.tiles()` and `ctx.defeaters()` give the tiles' ids, in order (one piece of code
/// makes both lists).
#[test]
fn tile_lists_are_read_as_ids() {
    let tiles = error_of(&before_entering(
        r#"error("tiles: " .. table.concat(ctx.tiles(), ","))"#,
    ));
    assert!(tiles.contains("tiles: t"), "{tiles}");
    let defeaters = error_of(
        r#"return {
            defeats = function(ctx) return true end,
            on_defeat = function(ctx)
                error("defeaters: " .. table.concat(ctx.defeaters(), ","))
            end,
        }"#,
    );
    assert!(defeaters.contains("defeaters: t"), "{defeaters}");
}
