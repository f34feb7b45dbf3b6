//! The libraries card scripts see, made deterministic and metered (see `library.lua` for
//! the Lua side): this module gives it the original functions and the Rust helpers
//! (charging steps, ordering table keys, checking what would print an address), and puts
//! the replacements in place of the originals.

use super::meter::{self, Limit};
use mlua::{Function, Lua, MultiValue, Table, Value};
use std::cmp::Ordering;

/// The global every for-in expression list is wrapped in (see `rewrite.rs`). Scripts may
/// not use names that start with [`RESERVED_PREFIX`].
pub(crate) const ITERATE: &str = "__dungeon_iter";
pub(crate) const RESERVED_PREFIX: &str = "__dungeon";

/// Marker of the errors a step budget raises.
pub(crate) const BUDGET_MARKER: &str = "instruction budget exceeded";
/// Marker of the errors the memory meter raises.
pub(crate) const MEMORY_MARKER: &str = "out of memory";
/// Marker of the errors the deadline raises.
pub(crate) const DEADLINE_MARKER: &str = "ran past its time limit";
/// What Luau says when an allocation fails.
const LUAU_MEMORY_ERROR: &str = "not enough memory";

/// Deprecated functions that walk a whole table without a step: left out.
const REMOVED_TABLE_FUNCTIONS: [&str; 4] = ["maxn", "foreach", "foreachi", "getn"];

/// Name of the engine's own chunks: frames in them are not the script's.
pub(crate) const ENGINE_CHUNK_PREFIX: &str = "engine:";

/// `chunk:line: ` of the innermost frame that belongs to a card script, if any.
pub(crate) fn place(lua: &Lua) -> String {
    (0..32)
        .map_while(|level| {
            lua.inspect_stack(level, |d| {
                let line = d.current_line()?;
                let src = d.source().short_src?.to_string();
                (!src.starts_with(ENGINE_CHUNK_PREFIX)).then(|| format!("{src}:{line}: "))
            })
        })
        .flatten()
        .next()
        .unwrap_or_default()
}

/// The error for a reached limit; records it on the current meter so it is final.
pub(crate) fn limit_error(lua: &Lua, limit: Limit) -> mlua::Error {
    let place = place(lua);
    let text = meter::with_current(|m| {
        m.trip(limit, place.clone());
        limit_message(limit, m.budget(), m.time_limit())
    })
    .unwrap_or_else(|| limit_message(limit, meter::DEFAULT_STEP_BUDGET, meter::DEFAULT_DEADLINE));
    mlua::Error::runtime(format!("{place}{text}"))
}

pub(crate) fn limit_message(limit: Limit, budget: u64, time: std::time::Duration) -> String {
    match limit {
        Limit::Steps => format!("{BUDGET_MARKER} ({budget} steps)"),
        Limit::Memory => format!(
            "{MEMORY_MARKER}: the script allocated more than it may ({} MiB per card and {} MiB for all cards in one engine operation, garbage included)",
            meter::CARD_MEMORY >> 20,
            meter::OPERATION_MEMORY >> 20
        ),
        Limit::Deadline => format!(
            "the hook {DEADLINE_MARKER} ({} ms of wall-clock time)",
            time.as_millis()
        ),
    }
}

fn charge(lua: &Lua, steps: u64) -> mlua::Result<()> {
    match meter::with_current(|m| m.charge(steps)) {
        Some(Err(limit)) => Err(limit_error(lua, limit)),
        _ => Ok(()),
    }
}

fn reserve(lua: &Lua, bytes: f64) -> mlua::Result<()> {
    let bytes = if bytes.is_finite() {
        bytes as u64
    } else {
        u64::MAX
    };
    match meter::with_current(|m| m.reserve(bytes)) {
        Some(Err(limit)) => Err(limit_error(lua, limit)),
        _ => Ok(()),
    }
}

fn script_error(lua: &Lua, message: impl std::fmt::Display) -> mlua::Error {
    mlua::Error::runtime(format!("{}{message}", place(lua)))
}

/// A key in the fixed iteration order: numbers, then strings, then booleans.
#[derive(Clone)]
enum Key {
    Number(f64),
    Text(mlua::LuaString),
    Bool(bool),
}

impl Key {
    fn of(lua: &Lua, value: &Value) -> mlua::Result<Key> {
        Ok(match value {
            Value::Integer(i) => Key::Number(*i as f64),
            Value::Number(n) => Key::Number(*n),
            Value::String(s) => Key::Text(s.clone()),
            Value::Boolean(b) => Key::Bool(*b),
            other => {
                return Err(script_error(
                    lua,
                    format!(
                        "this table has {} as a key, and such keys have no order but their memory address: key it by strings or numbers to iterate over it",
                        super::errors::a_type(other.type_name())
                    ),
                ));
            }
        })
    }

    fn value(&self) -> Value {
        match self {
            Key::Number(n) if n.fract() == 0.0 && n.abs() < 9.0e15 => Value::Integer(*n as i64),
            Key::Number(n) => Value::Number(*n),
            Key::Text(s) => Value::String(s.clone()),
            Key::Bool(b) => Value::Boolean(*b),
        }
    }

    fn cmp(&self, other: &Key) -> Ordering {
        match (self, other) {
            (Key::Number(a), Key::Number(b)) => a.total_cmp(b),
            (Key::Text(a), Key::Text(b)) => a.as_bytes().cmp(&b.as_bytes()),
            (Key::Bool(a), Key::Bool(b)) => a.cmp(b),
            (a, b) => a.rank().cmp(&b.rank()),
        }
    }

    fn rank(&self) -> u8 {
        match self {
            Key::Number(_) => 0,
            Key::Text(_) => 1,
            Key::Bool(_) => 2,
        }
    }
}

/// Every key of `t`, one step each (stopping at the budget), refusing keys with no order.
fn keys_of(lua: &Lua, t: &Table) -> mlua::Result<Vec<Key>> {
    let mut keys = Vec::new();
    for pair in t.pairs::<Value, Value>() {
        let (k, _) = pair?;
        charge(lua, 1)?;
        keys.push(Key::of(lua, &k)?);
    }
    Ok(keys)
}

fn sorted_keys(lua: &Lua, t: Table) -> mlua::Result<Table> {
    let mut keys = keys_of(lua, &t)?;
    let n = keys.len() as u64;
    charge(lua, n * (64 - n.leading_zeros() as u64))?;
    keys.sort_by(Key::cmp);
    lua.create_sequence_from(keys.iter().map(Key::value))
}

/// `next` in the fixed order: the smallest key after `after`.
fn next_key(lua: &Lua, (t, after): (Table, Value)) -> mlua::Result<(Value, Value)> {
    let keys = keys_of(lua, &t)?;
    let after = match after {
        Value::Nil => None,
        other => Some(Key::of(lua, &other)?),
    };
    let next = keys
        .into_iter()
        .filter(|k| after.as_ref().is_none_or(|a| k.cmp(a) == Ordering::Greater))
        .min_by(Key::cmp);
    match next {
        Some(k) => {
            let key = k.value();
            let value = t.raw_get::<Value>(key.clone())?;
            Ok((key, value))
        }
        None => Ok((Value::Nil, Value::Nil)),
    }
}

/// Does `value` have a `__tostring` of its own (looked up past any `__metatable` lock)?
fn has_tostring(value: &Value) -> bool {
    match value {
        Value::Table(t) => t
            .metatable()
            .is_some_and(|m| m.raw_get::<Value>("__tostring").is_ok_and(|v| !v.is_nil())),
        // The only userdata a script can hold are mlua's error objects, which have one.
        Value::UserData(_) => true,
        _ => false,
    }
}

fn check_format(lua: &Lua, args: MultiValue) -> mlua::Result<()> {
    let mut bytes = 0u64;
    for (i, arg) in args.iter().enumerate() {
        match arg {
            Value::String(s) => bytes += s.as_bytes().len() as u64,
            Value::Table(_) | Value::Function(_) | Value::Thread(_) | Value::UserData(_)
                if !has_tostring(arg) =>
            {
                return Err(script_error(
                    lua,
                    format!(
                        "string.format: argument #{} is {}, whose text would be its memory address, which changes from run to run",
                        i + 1,
                        super::errors::a_type(arg.type_name())
                    ),
                ));
            }
            _ => bytes += 24,
        }
    }
    charge(lua, bytes / 1024 + args.len() as u64 / 8)
}

fn check_concat(
    lua: &Lua,
    (t, sep, i, j): (Value, Option<mlua::LuaString>, Option<f64>, Option<f64>),
) -> mlua::Result<()> {
    let Value::Table(t) = t else {
        return Ok(()); // The original reports the bad argument.
    };
    let first = i.unwrap_or(1.0);
    let last = j.unwrap_or(t.raw_len() as f64);
    if !(first.is_finite() && last.is_finite()) || last < first {
        return Ok(());
    }
    let count = last - first + 1.0;
    charge(lua, count as u64 / 2)?;
    let sep = sep.map_or(0, |s| s.as_bytes().len() as u64);
    let mut size = 0u64;
    let mut k = first;
    while k <= last {
        size += match t.raw_get::<Value>(k)? {
            Value::String(s) => s.as_bytes().len() as u64,
            _ => 24,
        } + sep;
        k += 1.0;
    }
    reserve(lua, size as f64)?;
    charge(lua, size / 1024)
}

/// Entries of a table (array and hash part), one step each.
fn entries(lua: &Lua, t: Value) -> mlua::Result<u64> {
    match t {
        Value::Table(t) => keys_of_count(lua, &t),
        _ => Ok(0),
    }
}

fn keys_of_count(lua: &Lua, t: &Table) -> mlua::Result<u64> {
    let mut n = 0;
    for pair in t.pairs::<Value, Value>() {
        pair?;
        charge(lua, 1)?;
        n += 1;
    }
    Ok(n)
}

/// Does iterating over `t` call its own `__iter` or `__call`?
fn iterates_itself(t: Table) -> bool {
    t.metatable().is_some_and(|m| {
        ["__iter", "__call"]
            .iter()
            .any(|name| m.raw_get::<Value>(*name).is_ok_and(|v| !v.is_nil()))
    })
}

/// Is this error final (a limit was reached)? An allocation Luau refused counts as one.
fn fatal(lua: &Lua, error: Value) -> bool {
    let out_of_memory =
        matches!(&error, Value::String(s) if s.as_bytes() == LUAU_MEMORY_ERROR.as_bytes());
    meter::with_current(|m| {
        if out_of_memory && m.tripped().is_none() {
            m.trip(Limit::Memory, place(lua));
        }
        m.tripped().is_some()
    })
    .unwrap_or(out_of_memory)
}

/// Puts the replacements in place in `globals` (before the state is sandboxed).
pub(crate) fn install(lua: &Lua, globals: &Table) -> mlua::Result<()> {
    let raw = lua.create_table()?;
    for name in [
        "type",
        "typeof",
        "select",
        "rawget",
        "rawlen",
        "tonumber",
        "error",
        "tostring",
        "pcall",
        "xpcall",
        "setmetatable",
    ] {
        raw.raw_set(name, globals.raw_get::<Value>(name)?)?;
    }
    let string: Table = globals.raw_get("string")?;
    let table: Table = globals.raw_get("table")?;
    let utf8: Table = globals.raw_get("utf8")?;
    let coroutine: Table = globals.raw_get("coroutine")?;
    raw.raw_set("string", string.clone())?;
    raw.raw_set("table", table.clone())?;
    raw.raw_set("utf8", utf8.clone())?;
    raw.raw_set("resume", coroutine.raw_get::<Value>("resume")?)?;
    raw.raw_set("freeze", table.raw_get::<Value>("freeze")?)?;
    raw.raw_set("isfrozen", table.raw_get::<Value>("isfrozen")?)?;

    let host = lua.create_table()?;
    host.raw_set(
        "charge",
        lua.create_function(|lua, n: f64| charge(lua, if n > 0.0 { n as u64 } else { 0 }))?,
    )?;
    host.raw_set(
        "reserve",
        lua.create_function(|lua, n: f64| reserve(lua, n))?,
    )?;
    host.raw_set(
        "fatal",
        lua.create_function(|lua, e: Value| Ok(fatal(lua, e)))?,
    )?;
    host.raw_set("sorted_keys", lua.create_function(sorted_keys)?)?;
    host.raw_set("next", lua.create_function(next_key)?)?;
    host.raw_set(
        "has_tostring",
        lua.create_function(|_, v: Value| Ok(has_tostring(&v)))?,
    )?;
    host.raw_set(
        "iterates_itself",
        lua.create_function(|_, t: Table| Ok(iterates_itself(t)))?,
    )?;
    host.raw_set(
        "a_type",
        lua.create_function(|_, kind: String| Ok(super::errors::a_type(&kind)))?,
    )?;
    host.raw_set("check_format", lua.create_function(check_format)?)?;
    host.raw_set("check_concat", lua.create_function(check_concat)?)?;
    host.raw_set("entries", lua.create_function(entries)?)?;

    let lib: Table = lua
        .load(include_str!("library.lua"))
        .set_name(format!("={ENGINE_CHUNK_PREFIX}library.lua"))
        .call((raw, host))?;
    for name in [
        "pcall",
        "xpcall",
        "error",
        "tostring",
        "pairs",
        "next",
        "setmetatable",
        "tonumber",
        "unpack",
    ] {
        globals.raw_set(name, lib.raw_get::<Value>(name)?)?;
    }
    globals.raw_set(ITERATE, lib.raw_get::<Function>("iterate")?)?;
    for (name, target) in [
        ("string", &string),
        ("table", &table),
        ("utf8", &utf8),
        ("coroutine", &coroutine),
    ] {
        let replacements: Table = lib.raw_get(name)?;
        for pair in replacements.pairs::<Value, Value>() {
            let (k, v) = pair?;
            target.raw_set(k, v)?;
        }
    }
    for name in REMOVED_TABLE_FUNCTIONS {
        table.raw_remove(name)?;
    }
    Ok(())
}
