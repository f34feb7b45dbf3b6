//! Building the sandboxed Luau state: only the safe libraries, no way to reach files,
//! other scripts' globals or the host's randomness, and limits on steps and memory.

use super::api::{SharedFrame, draw};
use super::errors::BUDGET_MARKER;
use mlua::{Function, Lua, LuaOptions, StdLib, Table, Value, VmState};
use std::cell::Cell;
use std::rc::Rc;

/// Steps (function calls and loop iterations) one hook call may take.
pub const DEFAULT_STEP_BUDGET: u64 = 2_000_000;
/// Memory the whole Lua state may use.
pub const DEFAULT_MEMORY_LIMIT: usize = 64 * 1024 * 1024;

/// Globals a card script must not reach: loading code, environments, the GC, output.
const REMOVED_GLOBALS: [&str; 8] = [
    "require",
    "loadstring",
    "getfenv",
    "setfenv",
    "collectgarbage",
    "gcinfo",
    "newproxy",
    "print",
];

pub(crate) struct Limits {
    pub steps_used: Rc<Cell<u64>>,
    pub step_budget: Rc<Cell<u64>>,
}

/// A Luau state with only table, string, math, utf8, bit32 and coroutine; `math.random`
/// draws from the game's generator; the helper library loaded as `dungeon`; globals
/// read-only. Returns the state and the step counters its interrupt uses.
pub(crate) fn new_state(frame: SharedFrame, prelude: &str) -> mlua::Result<(Lua, Limits)> {
    let libs = StdLib::TABLE
        | StdLib::STRING
        | StdLib::MATH
        | StdLib::UTF8
        | StdLib::BIT
        | StdLib::COROUTINE;
    let lua = Lua::new_with(libs, LuaOptions::default())?;
    let globals = lua.globals();
    for name in REMOVED_GLOBALS {
        globals.raw_remove(name)?;
    }
    let math: Table = globals.get("math")?;
    let f = frame.clone();
    math.raw_set(
        "random",
        lua.create_function(move |_, (a, b): (Option<i64>, Option<i64>)| match (a, b) {
            (None, _) => Ok(Value::Number(
                draw(&f, 0, (1 << 53) - 1)? as f64 / (1u64 << 53) as f64,
            )),
            (Some(hi), None) => Ok(Value::Integer(draw(&f, 1, hi)?)),
            (Some(lo), Some(hi)) => Ok(Value::Integer(draw(&f, lo, hi)?)),
        })?,
    )?;
    math.raw_set(
        "randomseed",
        lua.create_function(|_, _: mlua::MultiValue| -> mlua::Result<()> {
            Err(mlua::Error::runtime(
                "math.randomseed is not available: randomness comes from the game's seed",
            ))
        })?,
    )?;
    let dungeon: Table = lua.load(prelude).set_name("=engine:prelude.lua").eval()?;
    dungeon.set_metatable(Some(strict_table(
        &lua,
        "the helper library `dungeon` has no function",
        &[],
    )?))?;
    dungeon.set_readonly(true);
    globals.raw_set("dungeon", dungeon)?;
    // Reading a global that does not exist is a mistake worth a clear message: a typo, or
    // a library the sandbox leaves out on purpose.
    let meta = lua.create_table()?;
    meta.raw_set(
        "__index",
        lua.create_function(|_, (_, key): (Value, Value)| -> mlua::Result<()> {
            let key = key.to_string().unwrap_or_default();
            if REMOVED_GLOBALS.contains(&key.as_str()) || ["io", "os", "debug", "load", "dofile", "loadfile", "package"].contains(&key.as_str()) {
                return Err(mlua::Error::runtime(format!(
                    "`{key}` is not available to card scripts (they have table, string, math, utf8, bit32 and coroutine)"
                )));
            }
            Err(mlua::Error::runtime(format!("unknown global `{key}`")))
        })?,
    )?;
    globals.set_metatable(Some(meta))?;

    let limits = Limits {
        steps_used: Rc::new(Cell::new(0)),
        step_budget: Rc::new(Cell::new(DEFAULT_STEP_BUDGET)),
    };
    let (used, budget) = (limits.steps_used.clone(), limits.step_budget.clone());
    lua.set_interrupt(move |lua| {
        used.set(used.get() + 1);
        if used.get() <= budget.get() {
            return Ok(VmState::Continue);
        }
        let place = (0..4).find_map(|level| {
            lua.inspect_stack(level, |d| {
                let line = d.current_line()?;
                let src = d.source().short_src?.to_string();
                Some(format!("{src}:{line}: "))
            })
            .flatten()
        });
        Err(mlua::Error::runtime(format!(
            "{}{BUDGET_MARKER} ({} steps)",
            place.unwrap_or_default(),
            budget.get()
        )))
    });
    lua.sandbox(true)?;
    lua.set_memory_limit(DEFAULT_MEMORY_LIMIT)?;
    Ok((lua, limits))
}

/// A read-only metatable whose `__index` turns a misspelt name into an error naming it,
/// except for the `optional` fields, which read as nil.
pub(crate) fn strict_table(
    lua: &Lua,
    what: &'static str,
    optional: &'static [&'static str],
) -> mlua::Result<Table> {
    let meta = lua.create_table()?;
    meta.raw_set(
        "__index",
        lua.create_function(move |_, (_, key): (Value, Value)| -> mlua::Result<Value> {
            let key = key.to_string().unwrap_or_default();
            if optional.contains(&key.as_str()) {
                return Ok(Value::Nil);
            }
            Err(mlua::Error::runtime(format!("{what} `{key}`")))
        })?,
    )?;
    meta.set_readonly(true);
    Ok(meta)
}

/// Compiles one card script in an environment of its own: read-only, so a script can keep
/// nothing in globals, and reads fall through to the shared (read-only) globals.
pub(crate) fn compile(lua: &Lua, chunk_name: &str, code: &str) -> mlua::Result<Function> {
    let env = lua.create_table()?;
    let meta = lua.create_table()?;
    meta.raw_set("__index", lua.globals())?;
    meta.set_readonly(true);
    env.set_metatable(Some(meta))?;
    env.set_readonly(true);
    lua.load(code)
        .set_name(format!("={chunk_name}"))
        .set_environment(env)
        .into_function()
}
