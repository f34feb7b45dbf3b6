//! The worst case of every library function a script can reach, for `tests.rs`: inputs
//! that make each do the most work, or allocate the most, its arguments allow, at sizes
//! that take milliseconds. Functions of constant cost are called many times over.

/// A call of `function`, in a loop of `reps`, after `setup` made its inputs.
pub(super) struct Case {
    pub function: &'static str,
    pub setup: &'static str,
    pub call: &'static str,
    pub reps: u32,
    /// Most of its work is the script's own Lua, which the function calls (a comparison,
    /// a loop's body): the limits stop it there, outside the function.
    pub calls_back: bool,
}

const fn worst(function: &'static str, setup: &'static str, call: &'static str) -> Case {
    repeated(function, setup, call, 1)
}

const fn repeated(
    function: &'static str,
    setup: &'static str,
    call: &'static str,
    reps: u32,
) -> Case {
    Case {
        function,
        setup,
        call,
        reps,
        calls_back: false,
    }
}

const fn calling_back(function: &'static str, setup: &'static str, call: &'static str) -> Case {
    Case {
        calls_back: true,
        ..worst(function, setup, call)
    }
}

/// Calls of constant cost, each repeated this many times.
const REPS: u32 = 2000;

const fn each(function: &'static str, call: &'static str) -> Case {
    repeated(function, COMMON, call, REPS)
}

/// Small inputs for the calls of constant cost.
const COMMON: &str = r#"
local s, t, n = "hello world", { 1, 2, 3, x = 1 }, 12345.678
local mt = { __index = t, __tostring = function() return "x" end }
local shown = setmetatable({}, mt)
local f = function() end
local co = coroutine.create(function() while true do coroutine.yield() end end)
local m = { strength = 3, species = "golem", defeated = false }
"#;

/// A table with many long string keys that share a prefix (comparing two reads far).
const LONG_KEYS: &str = r#"
local t, prefix = {}, string.rep("k", 300)
for i = 1, 5000 do t[prefix .. i] = i end
local last = prefix .. 5000
"#;

const MEGABYTE: &str = r#"local s = string.rep("a", 1000000)"#;

/// 7999 values: the most a call can take or give (Luau's C stack is 8000 slots).
const MANY: &str = r#"
local t = table.create(7999, 65)
local points = table.create(7999, 0x10FFFF)
"#;

/// A ctx whose lists are long, and monsters of many species.
const BIG_LISTS: &str = r#"
local list, tiles = {}, {}
for i = 1, 100000 do
  list[i] = { species = "s" .. i, strength = i }
  tiles[i] = "tile" .. i
end
local ctx, same = { self = "tile0" }, table.create(100000, "tile0")
function ctx.defeaters() return tiles end
function ctx.tiles() return tiles end
"#;

pub(super) const CASES: &[Case] = &[
    // Iterating over tables: every slot walked, every key compared while sorting.
    worst(super::super::marks::ITERATE, LONG_KEYS, "for k in t do end"),
    worst(
        super::super::marks::ITERATE,
        "local t = table.create(1000000)",
        "for k in t do end",
    ),
    worst("pairs", LONG_KEYS, "pairs(t)"),
    worst("pairs", "local t = table.create(1000000)", "pairs(t)"),
    repeated("next", LONG_KEYS, "next(t, last)", 10),
    repeated("next", "local t = table.create(1000000)", "next(t)", 10),
    // Messages are copied, with the place in front.
    worst("assert", MEGABYTE, "pcall(assert, false, s)"),
    worst("error", MEGABYTE, "pcall(error, s)"),
    worst(
        "tonumber",
        "local s = string.rep('1', 1000000)",
        "tonumber(s, 10)",
    ),
    worst(
        "tonumber",
        "local s = string.rep('1', 1000000)",
        "tonumber(s)",
    ),
    worst("unpack", MANY, "unpack(t)"),
    worst(
        "rawset",
        "local t = {} for i = 1, 2^17 do t['k' .. i] = i end",
        "rawset(t, 'new', 1)",
    ),
    repeated(
        "rawset",
        "local t = table.create(100000, 1) local keys = {} for i = 1, 2000 do keys[i] = 'k' .. i end",
        "local k = keys[_] rawset(t, k, 1) rawset(t, k, nil)",
        2000,
    ),
    repeated("select", MANY, "select(-1, unpack(t))", 20),
    each("getmetatable", "getmetatable(shown)"),
    each("ipairs", "for _ in ipairs(t) do end"),
    each("pcall", "pcall(f)"),
    each("rawequal", "rawequal(t, s)"),
    each("rawget", "rawget(t, 'x')"),
    each("rawlen", "rawlen(t)"),
    each("setmetatable", "setmetatable({}, mt)"),
    each("tostring", "tostring(n) tostring(shown)"),
    each("type", "type(t)"),
    each("typeof", "typeof(t)"),
    each("xpcall", "xpcall(f, f)"),
    each("bit32.arshift", "bit32.arshift(-256, 4)"),
    each("bit32.band", "bit32.band(255, 15, 7)"),
    each("bit32.bnot", "bit32.bnot(5)"),
    each("bit32.bor", "bit32.bor(1, 2, 4)"),
    each("bit32.btest", "bit32.btest(1, 3)"),
    each("bit32.bxor", "bit32.bxor(1, 3)"),
    each("bit32.byteswap", "bit32.byteswap(0x12345678)"),
    each("bit32.countlz", "bit32.countlz(1)"),
    each("bit32.countrz", "bit32.countrz(2^31)"),
    each("bit32.extract", "bit32.extract(0xFFFF, 4, 8)"),
    each("bit32.lrotate", "bit32.lrotate(1, 31)"),
    each("bit32.lshift", "bit32.lshift(1, 31)"),
    each("bit32.replace", "bit32.replace(0, 7, 4, 3)"),
    each("bit32.rrotate", "bit32.rrotate(1, 31)"),
    each("bit32.rshift", "bit32.rshift(2^31, 31)"),
    each("coroutine.close", "coroutine.close(coroutine.create(f))"),
    each("coroutine.create", "coroutine.create(f)"),
    each("coroutine.isyieldable", "coroutine.isyieldable()"),
    each("coroutine.resume", "coroutine.resume(co)"),
    each("coroutine.running", "coroutine.running()"),
    each("coroutine.status", "coroutine.status(co)"),
    each("coroutine.wrap", "coroutine.wrap(f)"),
    each("coroutine.yield", "coroutine.resume(co)"),
    // The prelude's helpers: Lua, with the longest lists a ctx could give them.
    worst(
        "dungeon.all_species_differ",
        BIG_LISTS,
        "dungeon.all_species_differ(list)",
    ),
    worst(
        "dungeon.count_species",
        BIG_LISTS,
        "dungeon.count_species(list, 's1')",
    ),
    worst(
        "dungeon.defeated_by_other_tile",
        BIG_LISTS,
        "dungeon.defeated_by_other_tile({ self = 'tile0', defeaters = function() return same end })",
    ),
    worst(
        "dungeon.defeated_by_self",
        BIG_LISTS,
        "dungeon.defeated_by_self(ctx)",
    ),
    worst("dungeon.other_tiles", BIG_LISTS, "dungeon.other_tiles(ctx)"),
    worst(
        "dungeon.combine",
        "local parts = {} for i = 1, 100 do local part = {} for j = 1, 100 do part['hook' .. j] = function() end end parts[i] = part end",
        "dungeon.combine(unpack(parts))",
    ),
    each(
        "dungeon.another_player_names_species",
        "dungeon.another_player_names_species(t)",
    ),
    each(
        "dungeon.defeat_for_hp_on_reveal",
        "dungeon.defeat_for_hp_on_reveal(f)",
    ),
    each(
        "dungeon.defeat_next_when_defeating",
        "dungeon.defeat_next_when_defeating()",
    ),
    each("dungeon.even", "dungeon.even(m)"),
    each(
        "dungeon.gain_strength_when_defeating",
        "dungeon.gain_strength_when_defeating()",
    ),
    each(
        "dungeon.name_species_before_entering",
        "dungeon.name_species_before_entering('p', 'r')",
    ),
    each(
        "dungeon.name_species_on_reveal",
        "dungeon.name_species_on_reveal('p', 'r')",
    ),
    each("dungeon.odd", "dungeon.odd(m)"),
    each("dungeon.reduce_damage", "dungeon.reduce_damage(2)"),
    each(
        "dungeon.replace_from_deck_on_reveal",
        "dungeon.replace_from_deck_on_reveal('p')",
    ),
    each(
        "dungeon.revive_to_base_hp",
        "dungeon.revive_to_base_hp('r', 'p')",
    ),
    each(
        "dungeon.succeed_if_all_species_differ",
        "dungeon.succeed_if_all_species_differ()",
    ),
    each("dungeon.threatens", "dungeon.threatens(m)"),
    each("math.abs", "math.abs(-n)"),
    each("math.acos", "math.acos(0.5)"),
    each("math.asin", "math.asin(0.5)"),
    each("math.atan", "math.atan(n)"),
    each("math.atan2", "math.atan2(n, 2)"),
    each("math.ceil", "math.ceil(n)"),
    each("math.clamp", "math.clamp(n, 0, 1)"),
    each("math.cos", "math.cos(n)"),
    each("math.cosh", "math.cosh(1)"),
    each("math.deg", "math.deg(n)"),
    each("math.exp", "math.exp(n)"),
    each("math.floor", "math.floor(n)"),
    each("math.fmod", "math.fmod(n, 7)"),
    each("math.frexp", "math.frexp(n)"),
    each("math.isfinite", "math.isfinite(n)"),
    each("math.isinf", "math.isinf(n)"),
    each("math.isnan", "math.isnan(n)"),
    each("math.ldexp", "math.ldexp(n, 4)"),
    each("math.lerp", "math.lerp(0, n, 0.5)"),
    each("math.log", "math.log(n, 3)"),
    each("math.log10", "math.log10(n)"),
    each("math.map", "math.map(n, 0, 1, 2, 3)"),
    each("math.max", "math.max(n, 1, 2)"),
    each("math.min", "math.min(n, 1, 2)"),
    each("math.modf", "math.modf(n)"),
    each("math.noise", "math.noise(n, 0.5, 0.25)"),
    each("math.pow", "math.pow(n, 1.5)"),
    each("math.rad", "math.rad(n)"),
    each("math.random", "math.random(1, 6)"),
    each("math.randomseed", "pcall(math.randomseed, 1)"),
    each("math.round", "math.round(n)"),
    each("math.sign", "math.sign(n)"),
    each("math.sin", "math.sin(n)"),
    each("math.sinh", "math.sinh(1)"),
    each("math.sqrt", "math.sqrt(n)"),
    each("math.tan", "math.tan(n)"),
    each("math.tanh", "math.tanh(n)"),
    repeated("math.max", MANY, "math.max(unpack(t))", 20),
    // Strings.
    repeated("string.byte", MEGABYTE, "string.byte(s, 1, 7999)", 10),
    repeated("string.char", MANY, "string.char(unpack(t))", 10),
    worst(
        "string.find",
        "local s, p = string.rep('a', 200000), string.rep('a', 20000) .. 'b'",
        "string.find(s, p, 1, true)",
    ),
    worst(
        "string.find",
        "local s = string.rep('a', 1000000)",
        "string.find(s, 'ab', 1, true)",
    ),
    worst(
        "string.find",
        "local s, p = string.rep('a', 1000000), string.rep('a', 1000) .. 'b'",
        "string.find(s, p)",
    ),
    worst(
        "string.find",
        "local s, p = string.rep('a', 20000), string.rep('a', 1000) .. 'b.'",
        "string.find(s, p)",
    ),
    worst(
        "string.find",
        "local s, p = string.rep('a', 100000), '[' .. string.rep('b', 200) .. 'a]*$'",
        "string.find(s, p)",
    ),
    worst(
        "string.find",
        "local s, p = string.rep('a', 30000), '[' .. string.rep('b', 200) .. 'a]-b'",
        "string.find(s, p, -1000)",
    ),
    worst(
        "string.find",
        "local s = string.rep('(', 10000)",
        "string.find(s, '%b()')",
    ),
    worst(
        "string.find",
        "local s = string.rep('a', 300)",
        "string.find(s, '(a*)%1b')",
    ),
    worst(
        "string.find",
        "local s = string.rep('a', 100000) local p = string.rep('(', 32) .. '.*' .. string.rep(')', 32)",
        "string.find(s, p)",
    ),
    worst(
        "string.match",
        "local s = string.rep('a', 100000) local p = string.rep('(', 32) .. '.*' .. string.rep(')', 32)",
        "string.match(s, p)",
    ),
    worst(
        "string.match",
        "local s = string.rep('(', 10000)",
        "string.match(s, '%b()')",
    ),
    worst(
        "string.gmatch",
        "local s = string.rep('word ', 100000)",
        "for w in string.gmatch(s, '%a+') do end",
    ),
    worst(
        "string.gmatch",
        "local s = string.rep('(', 10000)",
        "for w in string.gmatch(s, '%b()') do end",
    ),
    worst(
        "string.gmatch",
        "local s = string.rep('a', 10000) local p = string.rep('(', 32) .. '.' .. string.rep(')', 32)",
        "for w in string.gmatch(s, p) do end",
    ),
    worst(
        "string.gsub",
        "local s, r = string.rep('a', 10000), string.rep('x', 100)",
        "string.gsub(s, '', r)",
    ),
    worst(
        "string.gsub",
        "local s, r = string.rep('a', 100000), string.rep('%0', 50)",
        "string.gsub(s, '.+', r)",
    ),
    worst(
        "string.gsub",
        "local s, big = string.rep('a', 100), string.rep('x', 100000)",
        "string.gsub(s, '.', function() return big end)",
    ),
    worst(
        "string.gsub",
        "local s, t = string.rep('a', 100), { a = string.rep('x', 100000) }",
        "string.gsub(s, '.', t)",
    ),
    worst(
        "string.gsub",
        "local s = string.rep('(', 10000)",
        "string.gsub(s, '%b()', '')",
    ),
    worst(
        "string.gsub",
        "local s = string.rep('a', 10000) local p = string.rep('(', 32) .. '.' .. string.rep(')', 32)",
        "string.gsub(s, p, function(...) return select('#', ...) end)",
    ),
    worst(
        "string.format",
        "local s = string.rep('a', 1000000)",
        "string.format('%s%s%s', s, s, s)",
    ),
    worst(
        "string.format",
        "local s = string.rep('\\0', 100000)",
        "string.format('%q', s)",
    ),
    worst(
        "string.format",
        "local text = string.rep('x', 1000000) local big = setmetatable({}, { __tostring = function() return text end })",
        "string.format('%*%*', big, big)",
    ),
    repeated(
        "string.format",
        "",
        "string.format('%99.99f', -1e308)",
        1000,
    ),
    worst(
        "string.format",
        "local fmt, t = string.rep('%d', 1000), table.create(1000, 1)",
        "string.format(fmt, unpack(t))",
    ),
    each("string.len", "string.len(s)"),
    worst("string.lower", MEGABYTE, "string.lower(s)"),
    worst("string.upper", MEGABYTE, "string.upper(s)"),
    worst("string.reverse", MEGABYTE, "string.reverse(s)"),
    worst("string.sub", MEGABYTE, "string.sub(s, 2)"),
    worst(
        "string.rep",
        "local s = string.rep('a', 1000)",
        "string.rep(s, 10000)",
    ),
    worst("string.pack", "", "string.pack('c1000000', '')"),
    worst("string.pack", MEGABYTE, "string.pack('s4s4s4', s, s, s)"),
    worst(
        "string.packsize",
        "local fmt = string.rep('i4', 100000)",
        "string.packsize(fmt)",
    ),
    worst(
        "string.unpack",
        "local fmt, s = string.rep('c1', 7000), string.rep('a', 7000)",
        "string.unpack(fmt, s)",
    ),
    worst("string.unpack", MEGABYTE, "string.unpack('c1000000', s)"),
    worst(
        "string.split",
        "local s, sep = string.rep('a', 200000), string.rep('a', 20000) .. 'b'",
        "string.split(s, sep)",
    ),
    worst(
        "string.split",
        "local s = string.rep('ab', 100000)",
        "string.split(s, '')",
    ),
    worst("string.split", MEGABYTE, "string.split(s, 'a')"),
    // Tables.
    repeated(
        "table.clear",
        "local t = table.create(1000000)",
        "table.clear(t)",
        10,
    ),
    worst(
        "table.clone",
        "local t = table.create(1000000)",
        "table.clone(t)",
    ),
    worst(
        "table.concat",
        "local t = table.create(10000, string.rep('x', 100))",
        "table.concat(t, ', ')",
    ),
    worst(
        "table.concat",
        "local t = table.create(100000, 1.5)",
        "table.concat(t)",
    ),
    worst("table.create", "", "table.create(1000000, 1)"),
    repeated(
        "table.find",
        "local t = table.create(1000000, 1)",
        "table.find(t, 2)",
        3,
    ),
    worst(
        "table.find",
        "local t = {} for i = 2, 100000 do t[i] = i end",
        "table.find(t, 0, 2)",
    ),
    each("table.freeze", "table.freeze({})"),
    each("table.isfrozen", "table.isfrozen(t)"),
    worst(
        "table.insert",
        "local t = table.create(1000000, 1)",
        "table.insert(t, 1, 0)",
    ),
    worst(
        "table.insert",
        "local t = table.create(2^18, 1)",
        "table.insert(t, 0)",
    ),
    worst(
        "table.move",
        "local a = table.create(1000000, 1)",
        "table.move(a, 1, #a, 2)",
    ),
    worst(
        "table.move",
        "local a = table.create(100000, 1)",
        "table.move(a, 1, #a, 1, {})",
    ),
    worst(
        "table.move",
        "local a = table.create(100000, 1)",
        "table.move(a, 1, #a, 2^30, {})",
    ),
    repeated("table.pack", MANY, "table.pack(unpack(t))", 10),
    worst(
        "table.remove",
        "local t = table.create(1000000, 1)",
        "table.remove(t, 1)",
    ),
    worst(
        "table.sort",
        "local t = {} for i = 1, 100000 do t[i] = (i * 7919) % 100003 end",
        "table.sort(t)",
    ),
    worst(
        "table.sort",
        "local t, prefix = {}, string.rep('k', 300) for i = 1, 10000 do t[i] = prefix .. ((i * 7919) % 10007) end",
        "table.sort(t)",
    ),
    calling_back(
        "table.sort",
        "local t = {} for i = 1, 20000 do t[i] = (i * 7919) % 20011 end",
        "table.sort(t, function(a, b) return a > b end)",
    ),
    repeated("table.unpack", MANY, "table.unpack(t)", 10),
    // UTF-8.
    repeated("utf8.char", MANY, "utf8.char(unpack(points))", 10),
    repeated(
        "utf8.codepoint",
        "local s = string.rep(utf8.char(0x10FFFF), 7999)",
        "utf8.codepoint(s, 1, -1)",
        10,
    ),
    calling_back(
        "utf8.codes",
        "local s = string.rep(utf8.char(0x10FFFF), 100000)",
        "for p, c in utf8.codes(s) do end",
    ),
    repeated(
        "utf8.codes",
        "local s = 'a' .. string.rep('\\x80', 1000000) local step = utf8.codes(s)",
        "step(s, 1)",
        20,
    ),
    worst(
        "utf8.len",
        "local s = string.rep(utf8.char(0x10FFFF), 250000)",
        "utf8.len(s)",
    ),
    worst(
        "utf8.offset",
        "local s = string.rep(utf8.char(0x10FFFF), 250000)",
        "utf8.offset(s, -1)",
    ),
    worst(
        "utf8.offset",
        "local s = string.rep(utf8.char(0x10FFFF), 250000)",
        "utf8.offset(s, 250000)",
    ),
];
