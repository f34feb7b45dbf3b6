//! Card scripts for generated packs, from a grammar of snippets: honest compositions of the
//! prelude's helpers, hook tables whose bodies call `ctx` (reads, effects, questions) with
//! arguments that are usually sensible and sometimes at the edges of their types, and
//! hostile fragments (endless loops, recursion, allocation, metatable probes, iteration
//! over table keys, errors with odd values, escape attempts). A *tame* script keeps to
//! what each hook may do, so packs made of them mostly play whole games; a *wild* one may
//! do anything.

use super::{mutated, number, text};
use proptest::prelude::*;
use proptest::sample::select;

/// The names scripts may refer to: the pack's own ids and the base box's, and prompts.
#[derive(Clone, Debug, Default)]
pub struct ScriptIds {
    pub tiles: Vec<String>,
    pub species: Vec<String>,
    /// Message keys the pack declares (and the built-in prompts).
    pub prompts: Vec<String>,
}

/// The hooks of a tile, and of a monster.
pub const TILE_HOOKS: [&str; 10] = [
    "before_entering",
    "defeats",
    "on_reveal",
    "on_defeat",
    "after_defeat",
    "before_damage",
    "base_damage",
    "on_damage",
    "on_death",
    "at_end",
];
pub const MONSTER_HOOKS: [&str; 2] = ["identity", "on_reveal"];

/// A card's script: tame or wild (see the module's documentation), sometimes broken
/// text, sometimes not a table of hooks at all.
pub fn script(ids: &ScriptIds, monster: bool, tame: bool) -> BoxedStrategy<String> {
    if tame {
        return prop_oneof![
            2 => composition(ids, monster),
            5 => hook_table(ids, monster, true),
            1 => stateful(ids, monster, true),
        ]
        .boxed();
    }
    prop_oneof![
        2 => composition(ids, monster),
        6 => hook_table(ids, monster, false),
        1 => stateful(ids, monster, false),
        1 => (hostile(ids), hook_table(ids, monster, false))
            .prop_map(|(top, table)| format!("{top}\n{table}")),
        1 => junk_script(),
    ]
    .prop_flat_map(|s| prop_oneof![8 => Just(s.clone()), 1 => mutated(s)])
    .boxed()
}

/// Text as a Luau string literal: printable ASCII as itself, every other byte escaped.
pub fn lua_str(s: &str) -> String {
    let mut out = String::from("\"");
    for b in s.bytes() {
        match b {
            b'"' | b'\\' => out.push_str(&format!("\\{}", b as char)),
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\{b:03}")),
        }
    }
    out.push('"');
    out
}

fn strings(values: &[&'static str]) -> BoxedStrategy<String> {
    select(values.to_vec()).prop_map(str::to_string).boxed()
}

/// A literal from `ids` (usually), else `nil`, a near miss or any text.
fn id_arg(ids: &[String], tame: bool) -> BoxedStrategy<String> {
    let known = if ids.is_empty() {
        Just("nil".to_string()).boxed()
    } else {
        select(ids.to_vec()).prop_map(|s| lua_str(&s)).boxed()
    };
    if tame {
        return known;
    }
    prop_oneof![
        6 => known,
        1 => Just("nil".to_string()),
        1 => text().prop_map(|s| lua_str(&s)),
        1 => number().prop_map(|n| n.to_string()),
    ]
    .boxed()
}

/// A whole number argument: small when tame; else sometimes at the edges, not a whole
/// number, or not a number.
fn num_arg(tame: bool) -> BoxedStrategy<String> {
    let small = (-2i64..10).prop_map(|n| format!("({n})")).boxed();
    if tame {
        return small;
    }
    prop_oneof![
        6 => small,
        3 => number().prop_map(|n| format!("({n})")),
        1 => strings(&["math.huge", "-math.huge", "(0/0)", "1.5", "nil", "\"3\"", "{}", "true"]),
    ]
    .boxed()
}

/// A list literal of some of `ids`, or `nil` (the defaults); wild: duplicates, junk, empty.
fn list_arg(ids: &[String], tame: bool) -> BoxedStrategy<String> {
    let some = proptest::collection::vec(id_arg(ids, tame), 1..4)
        .prop_map(|v| format!("{{ {} }}", v.join(", ")));
    if tame {
        return prop_oneof![Just("nil".to_string()), some].boxed();
    }
    prop_oneof![
        3 => Just("nil".to_string()),
        3 => some,
        1 => Just("{}".to_string()),
        1 => id_arg(ids, false).prop_map(|id| format!("{{ {id}, {id} }}")),
        1 => Just("\"x\"".to_string()),
    ]
    .boxed()
}

/// A prompt: a declared key or a built-in one or none; wild: not a key at all.
fn prompt_arg(ids: &ScriptIds, tame: bool) -> BoxedStrategy<String> {
    let mut keys = ids.prompts.clone();
    keys.extend(["use_tile", "name_species", "choose_tile", "choose_player"].map(String::from));
    let known = prop_oneof![
        4 => select(keys).prop_map(|k| lua_str(&k)),
        1 => Just("nil".to_string()),
    ];
    if tame {
        return known.boxed();
    }
    prop_oneof![
        5 => known,
        1 => text().prop_map(|s| lua_str(&s)),
        1 => Just("\"x\"".repeat(30)),
    ]
    .boxed()
}

/// The seat a question goes to: the runner (nil) when tame; else any value.
fn seat_arg(tame: bool) -> BoxedStrategy<String> {
    if tame {
        return Just("nil".to_string()).boxed();
    }
    prop_oneof![
        3 => Just("nil".to_string()),
        2 => (-1i64..5).prop_map(|n| format!("({n})")),
        1 => num_arg(false),
    ]
    .boxed()
}

/// A number expression a hook may compute, with `m` guarded (it is nil in some hooks).
fn expr(tame: bool) -> BoxedStrategy<String> {
    let leaf = prop_oneof![
        3 => num_arg(tame),
        1 => strings(&["ctx.hp()", "ctx.base_hp()", "ctx.start_hp()", "ctx.tile_count()",
            "#ctx.faced()", "#ctx.defeaters()", "ctx.dungeon_left()", "ctx.deck_size()",
            "ctx.players()", "ctx.runner()", "ctx.successes()", "ctx.failures()",
            "(m and m.strength or 0)", "(m and m.position or 1)",
            "(m and m.hp_at_reveal or 0)", "(ctx.recall(\"n\") or 0)", "#ctx.species()",
            "#ctx.other_seats()"]),
        1 => (1i64..7).prop_map(|n| format!("ctx.random({n})")),
    ];
    leaf.prop_recursive(2, 6, 2, |inner| {
        (inner.clone(), select(vec!["+", "-", "*"]), inner)
            .prop_map(|(a, op, b)| format!("({a} {op} {b})"))
    })
    .boxed()
}

/// A condition that asks nothing.
fn condition(ids: &ScriptIds, tame: bool) -> BoxedStrategy<String> {
    prop_oneof![
        3 => (expr(tame), select(vec![">", "<", "==", "~="]), expr(tame))
            .prop_map(|(a, op, b)| format!("{a} {op} {b}")),
        1 => strings(&["m ~= nil and dungeon.threatens(m)", "m ~= nil and dungeon.even(m)",
            "m ~= nil and dungeon.odd(m)", "ctx.recall(\"used\") == nil",
            "m ~= nil and m.defeated", "ctx.model() == \"running\"",
            "dungeon.all_species_differ(ctx.faced())", "dungeon.defeated_by_self(ctx)",
            "true", "false"]),
        1 => id_arg(&ids.tiles, tame).prop_map(|t| format!("ctx.has({t})")),
        1 => id_arg(&ids.species, tame)
            .prop_map(|s| format!("m ~= nil and m.species == {s}")),
    ]
    .boxed()
}

/// What a hook of this name may do, beyond reading and asking.
fn effects_of(hook: &str) -> &'static [&'static str] {
    match hook {
        "identity" => &["set_strength", "set_species"],
        "defeats" | "base_damage" | "on_damage" => &[],
        "on_reveal" | "before_damage" => &[
            "defeat",
            "replace",
            "defeat_next",
            "hp",
            "discard",
            "remember",
        ],
        "on_defeat" | "after_defeat" => &["defeat_next", "hp", "discard", "remember"],
        "at_end" => &["succeed", "hp", "discard", "remember"],
        _ => &["hp", "discard", "remember"],
    }
}

/// One call that changes something, of `kind`.
fn effect(kind: &'static str, ids: &ScriptIds, tame: bool) -> BoxedStrategy<String> {
    match kind {
        "set_strength" => num_arg(tame)
            .prop_map(|n| format!("ctx.set_strength(math.abs({n}))"))
            .boxed(),
        "set_species" => id_arg(&ids.species, tame)
            .prop_map(|s| format!("ctx.set_species({s})"))
            .boxed(),
        "defeat" => Just("ctx.defeat()".to_string()).boxed(),
        "defeat_next" => Just("ctx.defeat_next()".to_string()).boxed(),
        "replace" => {
            Just("if ctx.deck_size() > 0 then ctx.replace_from_deck() end".to_string()).boxed()
        }
        "succeed" => Just("ctx.succeed()".to_string()).boxed(),
        "hp" => (select(vec!["gain_hp", "lose_hp", "set_hp"]), num_arg(tame))
            .prop_map(|(f, n)| format!("ctx.{f}({n})"))
            .boxed(),
        "discard" => prop_oneof![
            Just("ctx.discard()".to_string()),
            id_arg(&ids.tiles, tame)
                .prop_map(|t| format!("if ctx.has({t}) then ctx.discard({t}) end")),
        ]
        .boxed(),
        _ => {
            let value = prop_oneof![
                num_arg(tame),
                strings(&["true", "false", "\"text\"", "nil"]),
                expr(tame)
            ];
            let key = if tame {
                strings(&["\"n\"", "\"used\"", "\"species\"", "\"k1\""])
            } else {
                prop_oneof![
                    3 => strings(&["\"n\"", "\"used\"", "\"species\""]),
                    1 => text().prop_map(|s| lua_str(&s)),
                ]
                .boxed()
            };
            (key, value)
                .prop_map(|(k, v)| format!("ctx.remember({k}, {v})"))
                .boxed()
        }
    }
}

/// A question, and what is done with its answer.
fn question(ids: &ScriptIds, tame: bool) -> BoxedStrategy<String> {
    let prompt = || prompt_arg(ids, tame);
    prop_oneof![
        (prompt(), seat_arg(tame)).prop_map(|(p, s)| format!(
            "if ctx.ask_yes_no({p}, {s}) then ctx.remember(\"used\", true) end"
        )),
        (prompt(), list_arg(&ids.species, tame), seat_arg(tame)).prop_map(|(p, l, s)| format!(
            "ctx.remember(\"species\", ctx.ask_species({p}, {l}, {s}))"
        )),
        (prompt(), list_arg(&ids.tiles, tame), seat_arg(tame))
            .prop_map(|(p, l, s)| format!("ctx.remember(\"tile\", ctx.ask_tile({p}, {l}, {s}))")),
        (prompt(), seat_arg(tame)).prop_map(|(p, s)| format!(
            "ctx.remember(\"seat\", ctx.ask_seat({p}, ctx.other_seats(), {s}))"
        )),
    ]
    .boxed()
}

/// A line for the game's log (`ctx.log`): its key and arguments usually sound, sometimes
/// not a message of the pack, free text, or out of range.
fn log_line(ids: &ScriptIds) -> BoxedStrategy<String> {
    let args = prop_oneof![
        Just("nil".to_string()),
        num_arg(false).prop_map(|n| format!("{{ n = {n} }}")),
        (id_arg(&ids.species, false), num_arg(false))
            .prop_map(|(s, n)| format!("{{ species = {s}, roll = {n} }}")),
        text().prop_map(|t| format!("{{ t = {} }}", lua_str(&t))),
    ];
    (prompt_arg(ids, false), args)
        .prop_map(|(k, a)| format!("ctx.log({k}, {a})"))
        .boxed()
}

/// Statements for a hook's body.
fn statements(hook: &'static str, ids: &ScriptIds, tame: bool) -> BoxedStrategy<Vec<String>> {
    let mut options: Vec<(u32, BoxedStrategy<String>)> = vec![
        (
            2,
            expr(tame).prop_map(|e| format!("local _v = {e}")).boxed(),
        ),
        (
            1,
            strings(&[
                "local _t = ctx.tiles()",
                "local _f = ctx.faced()",
                "local _s = ctx.species()",
                "local _k = ctx.recall(\"n\")",
                "local _o = dungeon.other_tiles(ctx)",
                "local _c = dungeon.count_species(ctx.faced(), \"orc\")",
            ]),
        ),
    ];
    for &kind in effects_of(hook) {
        options.push((3, effect(kind, ids, tame)));
    }
    let asks = !matches!(hook, "identity" | "defeats" | "base_damage" | "on_damage");
    if asks {
        options.push((2, question(ids, tame)));
    }
    if !tame {
        // Misplaced calls, misspelt names, and hostile fragments.
        for kind in [
            "defeat",
            "succeed",
            "hp",
            "set_strength",
            "remember",
            "replace",
        ] {
            options.push((1, effect(kind, ids, false)));
        }
        options.push((1, question(ids, false)));
        options.push((1, log_line(ids)));
        options.push((
            1,
            strings(&[
                "ctx.recal(\"n\")",
                "ctx.self = 1",
                "m.strength = 1",
                "undefined_global()",
            ]),
        ));
        options.push((3, hostile(ids)));
    }
    let single = proptest::strategy::Union::new_weighted(options).boxed();
    let guarded = (condition(ids, tame), single.clone())
        .prop_map(|(c, s)| format!("if {c} then\n    {s}\n  end"));
    let looped =
        ((1u32..4), single.clone()).prop_map(|(n, s)| format!("for _ = 1, {n} do {s} end"));
    let statement = prop_oneof![5 => single, 3 => guarded, 1 => looped];
    proptest::collection::vec(statement, 0..4).boxed()
}

/// What a hook returns.
fn ending(hook: &str, ids: &ScriptIds, tame: bool) -> BoxedStrategy<String> {
    let value = match hook {
        "defeats" => condition(ids, tame)
            .prop_map(|c| format!("return {c}"))
            .boxed(),
        "base_damage" | "on_damage" => prop_oneof![
            Just("return damage".to_string()),
            expr(tame).prop_map(|e| format!("return math.max(0, damage - {e})")),
            expr(tame).prop_map(|e| format!("return math.min(damage, {e})")),
        ]
        .boxed(),
        _ => Just(String::new()).boxed(),
    };
    if tame {
        return value;
    }
    prop_oneof![
        6 => value,
        1 => strings(&["return nil", "return \"x\"", "return {}", "return 0/0",
            "return math.huge", "return 2147483647", "return -2147483648", "return 1e300",
            "return true", "return 1.5"]),
    ]
    .boxed()
}

/// `return { hook = function(ctx, m, damage) ... end, ... }`.
fn hook_table(ids: &ScriptIds, monster: bool, tame: bool) -> BoxedStrategy<String> {
    let names: &[&'static str] = if monster { &MONSTER_HOOKS } else { &TILE_HOOKS };
    let hook = if tame {
        select(names.to_vec()).boxed()
    } else {
        prop_oneof![
            30 => select(names.to_vec()),
            1 => select(if monster { TILE_HOOKS.to_vec() } else { MONSTER_HOOKS.to_vec() }),
            1 => Just("on_unknown"),
        ]
        .boxed()
    };
    let ids = ids.clone();
    let one = hook.prop_flat_map(move |name| {
        (statements(name, &ids, tame), ending(name, &ids, tame)).prop_map(move |(body, end)| {
            let mut text = format!("  {name} = function(ctx, m, damage)\n");
            for line in body.iter().chain(std::iter::once(&end)) {
                if !line.is_empty() {
                    text.push_str(&format!("    {line}\n"));
                }
            }
            text.push_str("  end,\n");
            text
        })
    });
    proptest::collection::vec(one, 1..4)
        .prop_map(|hooks| {
            // A name twice in a table literal is a Luau error: keep the first.
            let mut seen = Vec::new();
            let kept: Vec<String> = hooks
                .into_iter()
                .filter(|h| {
                    let name = h.trim_start().split(' ').next().unwrap_or("").to_string();
                    let new = !seen.contains(&name);
                    seen.push(name);
                    new
                })
                .collect();
            format!("return {{\n{}}}\n", kept.concat())
        })
        .boxed()
}

/// A hook that keeps something from one call to the next: a counter or a library's
/// iterator captured from the chunk (made afresh for each operation, so allowed), or a
/// function a library made as the hook itself (`coroutine.wrap`: refused at load, as it
/// cannot be made afresh).
fn stateful(ids: &ScriptIds, monster: bool, tame: bool) -> BoxedStrategy<String> {
    let names = if monster {
        MONSTER_HOOKS.to_vec()
    } else {
        TILE_HOOKS.to_vec()
    };
    let ids = ids.clone();
    (select(names), 0..3u8)
        .prop_flat_map(move |(name, kind)| {
            (statements(name, &ids, tame), ending(name, &ids, tame)).prop_map(move |(body, ending)| {
                let body = body.join("\n      ");
                match kind {
                    0 => format!(
                        "local calls = 0\nreturn {{\n  {name} = function(ctx, m, damage)\n    calls = calls + 1\n    if calls % 2 == 1 then\n      {body}\n    end\n    {ending}\n  end,\n}}\n"
                    ),
                    1 => format!(
                        "local letters = string.gmatch(\"abababab\", \".\")\nreturn {{\n  {name} = function(ctx, m, damage)\n    if letters() == \"a\" then\n      {body}\n    end\n    {ending}\n  end,\n}}\n"
                    ),
                    _ => {
                        let value = ending.strip_prefix("return ").unwrap_or("nil");
                        format!(
                            "return {{\n  {name} = coroutine.wrap(function(ctx, m, damage)\n    while true do\n      {body}\n      ctx, m, damage = coroutine.yield({value})\n      ctx, m, damage = coroutine.yield({value})\n    end\n  end),\n}}\n"
                        )
                    }
                }
            })
        })
        .boxed()
}

/// The prelude's helpers, alone or combined (with a hand-written hook table sometimes).
fn composition(ids: &ScriptIds, monster: bool) -> BoxedStrategy<String> {
    if monster {
        return Just("return { on_reveal = function(ctx, m) ctx.defeat_next() end }\n".to_string())
            .boxed();
    }
    let prompt = || prompt_arg(ids, true);
    let helper = prop_oneof![
        prompt().prop_map(|p| format!("dungeon.name_species_before_entering({p})")),
        prompt().prop_map(|p| format!("dungeon.name_species_on_reveal({p})")),
        prompt().prop_map(|p| format!("dungeon.replace_from_deck_on_reveal({p})")),
        (list_arg(&ids.species, true), prompt(), prompt()).prop_map(|(l, a, b)| {
            let l = if l == "nil" { "{ \"orc\" }".into() } else { l };
            format!("dungeon.another_player_names_species({l}, {a}, {b})")
        }),
        strings(&["dungeon.revive_to_base_hp()", "dungeon.gain_strength_when_defeating()",
            "dungeon.defeat_next_when_defeating()", "dungeon.succeed_if_all_species_differ()"]),
        (0i64..4).prop_map(|n| format!("dungeon.reduce_damage({n})")),
        ((0i64..3), prompt()).prop_map(|(n, p)| format!(
            "dungeon.defeat_for_hp_on_reveal(function(m) return math.floor((m.strength or 0) / {}) end, {p})",
            n + 1
        )),
    ];
    proptest::collection::vec(helper, 1..4)
        .prop_map(|parts| match parts.len() {
            1 => format!("return {}\n", parts[0]),
            _ => format!("return dungeon.combine({})\n", parts.join(", ")),
        })
        .boxed()
}

/// A statement that attacks the sandbox or the engine.
fn hostile(ids: &ScriptIds) -> BoxedStrategy<String> {
    let fixed = strings(&[
        "while true do end",
        "repeat local _ = 1 until false",
        "local function f(n) return f(n + 1) + 1 end f(1)",
        "local t = {} for i = 1, 1e8 do t[i] = i end",
        "local _ = string.rep(\"x\", 2^31)",
        "local s = \"x\" for _ = 1, 40 do s = s .. s end",
        "pcall(function() while true do end end)",
        "getmetatable(ctx).__index.hp = function() return 99 end",
        "rawset(ctx, \"hp\", function() return 99 end)",
        "setmetatable(ctx, {})",
        "getmetatable(\"\").__index.upper = nil",
        "dungeon.threatens = function() return false end",
        "_G.x = 1",
        "x_global = 1",
        "math.randomseed(1)",
        "for _ in pairs({ [{}] = 1, [{}] = 2 }) do end",
        "local keys = {} keys[function() end] = 1 for _ in next, keys do end",
        "local _ = tostring({})",
        "local _ = string.format(\"%p\", {})",
        "error({})",
        "error(nil)",
        "error(setmetatable({}, { __tostring = function() return \"\\27[2J fake\" end }))",
        "error(string.rep(\"\\27[31m\", 100000))",
        "error(\"\\27]0;title\\7 every check passed\\n\")",
        "error(12345)",
        "local co = coroutine.wrap(function() coroutine.yield(1) end) co() co() co()",
        "coroutine.yield()",
        "table.sort({ 3, 2, 1, 5, 4 }, function() return true end)",
        "local _ = utf8.len(string.rep(\"\\195\\169\", 1e7))",
        "local _ = select(\"#\", table.unpack({}, 1, 1e7))",
        "os.exit(1)",
        "io.write(\"x\")",
        "require(\"os\")",
        "load(\"return 1\")()",
        "debug.traceback()",
        "collectgarbage()",
        "local _ = setmetatable({}, { __mode = \"k\" })",
        "local t = setmetatable({}, { __index = function(t, k) return t[k] end }) local _ = t.x",
        "for i = 1, 100 do ctx.remember(\"k\" .. i, string.rep(\"v\", 1024)) end",
        "for _ = 1, 2000 do ctx.gain_hp(1) end",
        "ctx.gain_hp(2147483647)",
        "ctx.set_hp(-2147483648)",
        "ctx.gain_hp(0/0)",
        "ctx.ask_species(\"x\", { \"goblin\", \"goblin\" })",
        "ctx.ask_tile(\"x\", {})",
        "ctx.ask_seat(\"x\", nil, 99)",
        "ctx.discard(\"no_such_tile\")",
        "ctx.set_species(\"no_such_species\")",
        "ctx.remember(string.rep(\"k\", 100), 1)",
        "for i = 1, 10 do ctx.log(\"x\", { n = i }) end",
        "ctx.log(string.rep(\"k\", 100))",
        "ctx.log(\"x\", { a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8, i = 9 })",
        "ctx.log(\"x\", setmetatable({}, { __index = function() return 1 end }))",
    ]);
    prop_oneof![
        8 => fixed,
        1 => id_arg(&ids.tiles, false).prop_map(|t| format!("ctx.discard({t}) ctx.discard({t})")),
        1 => text().prop_map(|s| format!("error({})", lua_str(&s))),
    ]
    .boxed()
}

/// Files that are not a script's table of hooks.
fn junk_script() -> BoxedStrategy<String> {
    prop_oneof![
        strings(&[
            "",
            "return 42",
            "return nil",
            "return { defeats = 5 }",
            "return { on_unknown = function() end }",
            "return \"hooks\"",
            "return setmetatable({}, { __index = function() return function() end end })",
            "local t = {} t.defeats = t return t",
            "return {} --[[ unterminated",
            "return { [1] = function() end }"
        ]),
        text(),
    ]
    .boxed()
}
