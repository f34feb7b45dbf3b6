//! The libraries card scripts see, made deterministic (see `library.lua` for the Lua
//! side) and metered (`costs/`): this module gives both Lua sides the original functions
//! and the Rust helpers (ordering table keys, checking what would print an address, the
//! errors of reached limits), and puts the replacements in place of the originals.

use super::costs::{self, Cost, capacity};
use super::marks::{ENGINE_CHUNK_PREFIX, ITERATE};
use super::meter::{self, Limit};
use super::trips::{has_tostring, place, script_error};
use mlua::{Function, Lua, Table, Value};
use std::cmp::Ordering;

/// What Luau says when an allocation fails.
const LUAU_MEMORY_ERROR: &str = "not enough memory";

/// Deprecated functions that walk a whole table without a step: left out.
const REMOVED_TABLE_FUNCTIONS: [&str; 4] = ["maxn", "foreach", "foreachi", "getn"];

/// Slots a walk through a table skips in a step.
const WALKED: u64 = 64;
/// What each key of a table being iterated takes: its slot in the sorted list, and the
/// host's handle on it (a slot of mlua's reference stack, which grows by doubling the
/// first time that many keys are held).
const KEY_BYTES: u64 = 4 * costs::SLOT_BYTES;

/// Charges `steps` as library function `name`.
fn charge(lua: &Lua, name: &'static str, steps: u64) -> mlua::Result<()> {
    costs::charge_as(lua, name, Cost::steps(steps))
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

    /// Bytes comparing it may read.
    fn len(&self) -> u64 {
        match self {
            Key::Text(s) => s.as_bytes().len() as u64,
            _ => 8,
        }
    }

    fn value(self) -> Value {
        match self {
            Key::Number(n) if n.fract() == 0.0 && n.abs() < 9.0e15 => Value::Integer(n as i64),
            Key::Number(n) => Value::Number(n),
            Key::Text(s) => Value::String(s),
            Key::Bool(b) => Value::Boolean(b),
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

/// Every key of `t`, refusing keys with no order, charged as `name`: walking through
/// every slot of the table twice (counting the keys, to reserve what holding them
/// takes, then taking them), then a step a key and reading each string key twice over
/// (comparing two keys reads the shorter at most).
fn keys_of(lua: &Lua, t: &Table, name: &'static str) -> mlua::Result<Vec<Key>> {
    charge(lua, name, 2 * costs::per(capacity(t).slots(), WALKED))?;
    let count = t.pairs::<Value, Value>().count() as u64;
    costs::reserve_as(lua, name, count * KEY_BYTES + costs::CALL_BYTES)?;
    let mut keys = Vec::with_capacity(count as usize);
    for pair in t.pairs::<Value, Value>() {
        let (k, _) = pair?;
        let key = Key::of(lua, &k)?;
        charge(lua, name, 1 + costs::per(2 * key.len(), costs::SCAN))?;
        keys.push(key);
    }
    Ok(keys)
}

/// The keys of `t` in the fixed order, for `name`: merge sorting compares each key about
/// once a level, reading the shorter of two at most.
fn sorted_keys(lua: &Lua, t: &Table, name: &'static str) -> mlua::Result<Table> {
    let mut keys = keys_of(lua, t, name)?;
    let n = keys.len() as u64;
    let text: u64 = keys.iter().map(Key::len).sum();
    let levels = 64 - n.leading_zeros() as u64;
    charge(lua, name, (n + costs::per(text, costs::SCAN)) * levels)?;
    keys.sort_by(Key::cmp);
    let keys: Vec<Value> = keys.into_iter().map(Key::value).collect();
    super::raw::filled(lua, &keys)
}

/// `next` in the fixed order: the smallest key after `after`.
fn next_key(lua: &Lua, (t, after): (Table, Value)) -> mlua::Result<(Value, Value)> {
    let keys = keys_of(lua, &t, "next")?;
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

/// Puts the replacements in place in `globals` (before the state is sandboxed): the
/// metered library functions of `costs/metered.lua`, then the deterministic ones of `library.lua`.
pub(crate) fn install(lua: &Lua, globals: &Table) -> mlua::Result<()> {
    let raw = lua.create_table()?;
    for name in [
        "assert",
        "type",
        "typeof",
        "select",
        "rawget",
        "rawlen",
        "rawset",
        "tonumber",
        "error",
        "tostring",
        "pcall",
        "xpcall",
        "setmetatable",
        "unpack",
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
    costs::install(lua, &host)?;
    host.raw_set(
        "fatal",
        lua.create_function(|lua, e: Value| Ok(fatal(lua, e)))?,
    )?;
    for (key, name) in [("sorted_keys", "pairs"), ("sorted_loop_keys", ITERATE)] {
        let name = costs::shown(name);
        host.raw_set(
            key,
            lua.create_function(move |lua, t: Table| sorted_keys(lua, &t, name))?,
        )?;
    }
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

    let load = |code: &str, name: &str| -> mlua::Result<Table> {
        lua.load(code)
            .set_name(format!("={ENGINE_CHUNK_PREFIX}{name}"))
            .call((raw.clone(), host.clone()))
    };
    let metered = load(include_str!("costs/metered.lua"), "metered.lua")?;
    let deterministic = load(include_str!("library.lua"), "library.lua")?;
    for pair in metered.raw_get::<Table>("base")?.pairs::<Value, Value>() {
        let (name, function) = pair?;
        globals.raw_set(name, function)?;
    }
    for name in [
        "pcall",
        "xpcall",
        "error",
        "tostring",
        "pairs",
        "next",
        "setmetatable",
    ] {
        globals.raw_set(name, deterministic.raw_get::<Value>(name)?)?;
    }
    globals.raw_set(ITERATE, deterministic.raw_get::<Function>("iterate")?)?;
    for lib in [&metered, &deterministic] {
        for (name, target) in [
            ("string", &string),
            ("table", &table),
            ("utf8", &utf8),
            ("coroutine", &coroutine),
        ] {
            let Some(replacements) = lib.raw_get::<Option<Table>>(name)? else {
                continue;
            };
            for pair in replacements.pairs::<Value, Value>() {
                let (k, v) = pair?;
                target.raw_set(k, v)?;
            }
        }
    }
    for name in REMOVED_TABLE_FUNCTIONS {
        table.raw_remove(name)?;
    }
    Ok(())
}
