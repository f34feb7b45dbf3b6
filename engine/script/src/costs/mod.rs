//! What each library function a script can reach costs, charged for its worst case.
//!
//! [`LIBRARY`] lists every function the sandbox leaves reachable and how its work is paid:
//! by the step of the call itself when it is constant, by the interpreter for Lua code, or
//! by a cost function that reads the arguments and, before the original runs, charges the
//! steps its worst case takes ([`STEP_TIME`] a step at most, a fraction of that on the
//! test machine) and reserves the bytes it may allocate, so a limit stops the call before
//! the work, not after. Work in proportion to the memory a call allocates is paid for by
//! that memory ([`ALLOCATION_TIME`]). Pattern matching is also weighed as it runs: each step of the
//! matcher counts for the most work the matcher can do between two steps
//! ([`Meter::weigh`]). `metered.lua` puts the wrappers in place; `tests.rs` runs every
//! function at its worst and compares the time and memory it took with its charge.
//!
//! [`STEP_TIME`]: super::meter::STEP_TIME
//! [`Meter::weigh`]: super::meter::Meter::weigh

#[cfg(test)]
mod cases;
mod strings;
mod tables;
#[cfg(test)]
mod tests;

use super::marks::ITERATE;
use super::meter;
use super::trips::limit_error_in;
use mlua::{Lua, MultiValue, Table, Value};

pub(crate) use tables::capacity;

/// Bytes a byte-by-byte loop in C (matching, decoding, parsing) goes through in a step.
pub(crate) const SCAN: u64 = 32;
/// Bytes copied into new memory in a step (copies, case changes). Copying is cheap beside
/// what the memory it fills costs, and that is bounded by the memory limits (see
/// [`ALLOCATION_TIME`]).
pub(crate) const COPY: u64 = 1024;
/// The most time allocating a byte, and the work done in proportion to it (filling it,
/// rehashing a table into it: 1.3 ns at worst on the test machine), may take, page faults
/// included. The memory limits bound this time (128 MiB, half a second, in an engine
/// operation): it is not charged in steps, only reserved in bytes.
// The cost model's figure, read by the test that holds the charges to it.
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) const ALLOCATION_TIME: std::time::Duration = std::time::Duration::from_nanos(4);
/// Values moved (on the stack, between table slots) in a step.
pub(crate) const MOVE: u64 = 16;
/// Bytes a Lua string takes beyond its text.
pub(crate) const STRING_BYTES: u64 = 32;
/// Bytes of an array slot and of a hash node of a table.
pub(crate) const SLOT_BYTES: u64 = 16;
pub(crate) const NODE_BYTES: u64 = 32;
/// A result built in a growing buffer is allocated up to this many times over: Luau's
/// buffers grow by half (all of their sizes add up to three times the last, itself up to
/// half more than the text), then the text is copied out.
pub(crate) const BUFFERED: u64 = 6;
/// What a call may allocate without reserving it: a coroutine's first stack, a number's
/// text, the engine's wrappers.
pub(crate) const CALL_BYTES: u64 = 2048;

/// What a call is charged before the original runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Cost {
    pub steps: u64,
    /// The most it may allocate.
    pub bytes: u64,
    /// Pattern matching: the steps each step of the matcher counts (0 otherwise).
    pub weight: u64,
}

impl Cost {
    pub fn steps(steps: u64) -> Cost {
        Cost {
            steps,
            ..Cost::default()
        }
    }

    pub fn and_bytes(self, bytes: u64) -> Cost {
        Cost { bytes, ..self }
    }
}

/// Reads the arguments of a call and says what it costs.
pub(crate) type CostFn = fn(&Lua, &MultiValue) -> mlua::Result<Cost>;

/// How a library function's work is paid for.
#[derive(Clone, Copy)]
pub(crate) enum Charge {
    /// Constant work and at most [`CALL_BYTES`]: the step of the call pays for it.
    Call,
    /// Lua code: the interpreter counts its steps (the prelude's helpers).
    Lua,
    /// A host function of `library.rs` that charges its own work (ordered iteration).
    Host,
    /// Charged by the cost function before the original runs.
    Before(CostFn),
    /// Pattern matching: charged before it runs, and weighed as it runs.
    Matching(CostFn),
}

use Charge::{Before, Call, Host, Lua as Interpreted, Matching};

/// Every function a card script can reach, by the name it reaches it by (`string.find`;
/// strings' methods are the same functions), and how it is charged. `__dungeon_iter` is
/// what every `for ... in` goes through (see `rewrite.rs`).
pub(crate) const LIBRARY: &[(&str, Charge)] = &[
    ("__dungeon_iter", Host),
    ("assert", Before(strings::message)),
    ("error", Before(strings::message)),
    ("getmetatable", Call),
    ("ipairs", Call),
    ("next", Host),
    ("pairs", Host),
    ("pcall", Call),
    ("rawequal", Call),
    ("rawget", Call),
    ("rawlen", Call),
    ("rawset", Before(tables::rawset)),
    ("select", Call),
    ("setmetatable", Call),
    ("tonumber", Before(strings::scan_first)),
    ("tostring", Call),
    ("type", Call),
    ("typeof", Call),
    ("unpack", Before(tables::unpack)),
    ("xpcall", Call),
    ("bit32.arshift", Call),
    ("bit32.band", Call),
    ("bit32.bnot", Call),
    ("bit32.bor", Call),
    ("bit32.btest", Call),
    ("bit32.bxor", Call),
    ("bit32.byteswap", Call),
    ("bit32.countlz", Call),
    ("bit32.countrz", Call),
    ("bit32.extract", Call),
    ("bit32.lrotate", Call),
    ("bit32.lshift", Call),
    ("bit32.replace", Call),
    ("bit32.rrotate", Call),
    ("bit32.rshift", Call),
    ("coroutine.close", Call),
    ("coroutine.create", Call),
    ("coroutine.isyieldable", Call),
    ("coroutine.resume", Call),
    ("coroutine.running", Call),
    ("coroutine.status", Call),
    ("coroutine.wrap", Call),
    ("coroutine.yield", Call),
    ("dungeon.all_species_differ", Interpreted),
    ("dungeon.another_player_names_species", Interpreted),
    ("dungeon.combine", Interpreted),
    ("dungeon.count_species", Interpreted),
    ("dungeon.defeat_for_hp_on_reveal", Interpreted),
    ("dungeon.defeat_next_when_defeating", Interpreted),
    ("dungeon.defeated_by_other_tile", Interpreted),
    ("dungeon.defeated_by_self", Interpreted),
    ("dungeon.even", Interpreted),
    ("dungeon.gain_strength_when_defeating", Interpreted),
    ("dungeon.name_species_before_entering", Interpreted),
    ("dungeon.name_species_on_reveal", Interpreted),
    ("dungeon.odd", Interpreted),
    ("dungeon.other_tiles", Interpreted),
    ("dungeon.reduce_damage", Interpreted),
    ("dungeon.replace_from_deck_on_reveal", Interpreted),
    ("dungeon.revive_to_base_hp", Interpreted),
    ("dungeon.succeed_if_all_species_differ", Interpreted),
    ("dungeon.threatens", Interpreted),
    ("math.abs", Call),
    ("math.acos", Call),
    ("math.asin", Call),
    ("math.atan", Call),
    ("math.atan2", Call),
    ("math.ceil", Call),
    ("math.clamp", Call),
    ("math.cos", Call),
    ("math.cosh", Call),
    ("math.deg", Call),
    ("math.exp", Call),
    ("math.floor", Call),
    ("math.fmod", Call),
    ("math.frexp", Call),
    ("math.isfinite", Call),
    ("math.isinf", Call),
    ("math.isnan", Call),
    ("math.ldexp", Call),
    ("math.lerp", Call),
    ("math.log", Call),
    ("math.log10", Call),
    ("math.map", Call),
    ("math.max", Call),
    ("math.min", Call),
    ("math.modf", Call),
    ("math.noise", Call),
    ("math.pow", Call),
    ("math.rad", Call),
    ("math.random", Call),
    ("math.randomseed", Call),
    ("math.round", Call),
    ("math.sign", Call),
    ("math.sin", Call),
    ("math.sinh", Call),
    ("math.sqrt", Call),
    ("math.tan", Call),
    ("math.tanh", Call),
    ("string.byte", Before(strings::byte)),
    ("string.char", Before(strings::char)),
    ("string.find", Matching(strings::find)),
    ("string.format", Before(strings::format)),
    ("string.gmatch", Matching(strings::gmatch)),
    ("string.gsub", Matching(strings::gsub)),
    ("string.len", Call),
    ("string.lower", Before(strings::rewrite)),
    ("string.match", Matching(strings::match_)),
    ("string.pack", Before(strings::pack)),
    ("string.packsize", Before(strings::scan_first)),
    ("string.rep", Before(strings::rep)),
    ("string.reverse", Before(strings::rewrite)),
    ("string.split", Before(strings::split)),
    ("string.sub", Before(strings::sub)),
    ("string.unpack", Before(strings::unpack)),
    ("string.upper", Before(strings::rewrite)),
    ("table.clear", Before(tables::clear)),
    ("table.clone", Before(tables::clone)),
    ("table.concat", Before(tables::concat)),
    ("table.create", Before(tables::create)),
    ("table.find", Before(tables::find)),
    ("table.freeze", Call),
    ("table.insert", Before(tables::insert)),
    ("table.isfrozen", Call),
    ("table.move", Before(tables::move_)),
    ("table.pack", Before(tables::pack)),
    ("table.remove", Before(tables::remove)),
    ("table.sort", Before(tables::sort)),
    ("table.unpack", Before(tables::unpack)),
    ("utf8.char", Before(strings::utf8_char)),
    ("utf8.codepoint", Before(strings::codepoint)),
    ("utf8.codes", Before(strings::codes_step)),
    ("utf8.len", Before(strings::scan_first)),
    ("utf8.offset", Before(strings::scan_first)),
];

/// How messages name a library function.
pub(crate) fn shown(name: &str) -> &str {
    if name == ITERATE {
        "iterating over a table"
    } else {
        name
    }
}

/// Charges `cost` to the running call as library function `name`; for a matching call,
/// sets the weight of the matcher's steps and returns what to restore afterwards (the
/// weight and the index in [`LIBRARY`] of the function it was set for, 0 for none).
fn apply(lua: &Lua, name: &'static str, cost: Cost) -> mlua::Result<(u64, usize)> {
    // Memory first: a call that would pass both limits is refused for what it would keep.
    let outcome = meter::with_current(|m| {
        m.reserve(cost.bytes)
            .map_err(|limit| (limit, format!("may allocate {} bytes", cost.bytes)))?;
        m.charge(cost.steps)
            .map_err(|limit| (limit, format!("costs {} steps", cost.steps)))?;
        Ok(match cost.weight {
            0 => (0, 0),
            weight => {
                let (weight, within) = m.weigh(weight, name);
                (weight, index_of(within))
            }
        })
    });
    match outcome {
        Some(Err((limit, detail))) => Err(limit_error_in(lua, limit, shown(name), &detail)),
        Some(Ok(previous)) => Ok(previous),
        None => Ok((0, 0)),
    }
}

fn index_of(name: &str) -> usize {
    LIBRARY
        .iter()
        .position(|(n, _)| *n == name)
        .map_or(0, |i| i + 1)
}

/// A Lua function that charges a call of `name` as `cost` says (returning, for a matching
/// call, the weight to restore).
fn charger(lua: &Lua, name: &'static str, cost: CostFn) -> mlua::Result<mlua::Function> {
    lua.create_function(move |lua, args: MultiValue| {
        let charged = cost(lua, &args)?;
        apply(lua, name, charged)
    })
}

/// Puts the cost functions in `host` for `metered.lua`: `host.costs[name]` charges a call
/// of `name`, `host.matching[name]` is true when it sets the matcher's weight (then
/// `host.weigh(weight, index)` restores what it returned, and returns what it replaces).
pub(crate) fn install(lua: &Lua, host: &Table) -> mlua::Result<()> {
    tables::check_layout(lua)?;
    let costs = lua.create_table()?;
    let matching = lua.create_table()?;
    for (name, charge) in LIBRARY {
        let (Before(cost) | Matching(cost)) = *charge else {
            continue;
        };
        costs.raw_set(*name, charger(lua, name, cost)?)?;
        matching.raw_set(*name, matches!(charge, Matching(_)))?;
    }
    host.raw_set("costs", costs)?;
    host.raw_set("matching", matching)?;
    host.raw_set(
        "gmatch_step",
        charger(lua, "string.gmatch", strings::gmatch_step)?,
    )?;
    host.raw_set(
        "weigh",
        lua.create_function(|_, (weight, index): (u64, usize)| {
            let within = index.checked_sub(1).map_or("", |i| LIBRARY[i].0);
            let previous = meter::with_current(|m| m.weigh(weight, within));
            Ok(previous.map_or((1, 0), |(weight, within)| (weight, index_of(within))))
        })?,
    )?;
    host.raw_set("appended", lua.create_function(strings::appended)?)?;
    host.raw_set(
        "tostring_first",
        lua.create_function(strings::tostring_first)?,
    )?;
    Ok(())
}

/// Charges part of a call's cost as library function `name`, before the rest is worked
/// out (the rest may take long to work out).
pub(crate) fn charge_as(lua: &Lua, name: &'static str, cost: Cost) -> mlua::Result<()> {
    apply(lua, name, Cost { weight: 0, ..cost }).map(|_| ())
}

/// Reserves `bytes` as library function `name`.
pub(crate) fn reserve_as(lua: &Lua, name: &'static str, bytes: u64) -> mlua::Result<()> {
    charge_as(lua, name, Cost::default().and_bytes(bytes))
}

/// The `i`th argument (from 0), nil when absent.
pub(crate) fn arg(args: &MultiValue, i: usize) -> &Value {
    args.get(i).unwrap_or(&Value::Nil)
}

/// The length of a string argument as the library sees it: a number is converted to at
/// most 24 bytes of text; anything else is refused by the original.
pub(crate) fn text_len(value: &Value) -> u64 {
    match value {
        Value::String(s) => s.as_bytes().len() as u64,
        Value::Integer(_) | Value::Number(_) => 24,
        _ => 0,
    }
}

/// An integer argument as the library reads it: a number truncated to a C `int`, which
/// saturates here (the largest reading any platform may make of a number out of range).
pub(crate) fn integer(lua: &Lua, value: &Value) -> Option<i64> {
    let number = match value {
        Value::Integer(i) => *i as f64,
        Value::Number(n) => *n,
        Value::String(_) => lua.coerce_number(value.clone()).ok()??,
        _ => return None,
    };
    let number = if number.is_nan() { 0.0 } else { number };
    Some(number.trunc().clamp(i32::MIN as f64, i32::MAX as f64) as i64)
}

/// How many positions `i..=j` cover in a sequence of `n` (negative positions count from
/// the end), as `string.sub` and its kind read them.
pub(crate) fn span(n: u64, i: Option<i64>, j: Option<i64>) -> u64 {
    let n = n as i64;
    let at = |p: i64| if p < 0 { (n + p + 1).max(0) } else { p };
    let first = at(i.unwrap_or(1)).max(1);
    let last = at(j.unwrap_or(n)).min(n);
    (last - first + 1).max(0) as u64
}

/// `steps` for `units` of work done at `per_step` units a step, rounded up.
pub(crate) fn per(units: u64, per_step: u64) -> u64 {
    units.div_ceil(per_step)
}
