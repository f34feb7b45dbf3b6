//! Building the sandboxed Luau state: only the safe libraries, made deterministic and
//! metered (`library.rs`, `trips.rs`, `meter.rs`); no way to reach files, the host's randomness or
//! memory addresses. Everything a script can reach and does not own is read-only and its
//! metatable locked (`__metatable`): the globals, the libraries, the string metatable, the
//! helper library `dungeon`, every `ctx`, monster tables, each script's environment.

use super::frame::{SharedFrame, draw};
use super::library;
use super::marks::ENGINE_CHUNK_PREFIX;
use super::meter::{self, Meter};
use super::rewrite::{self, RewriteError};
use crate::catalog::limits::MAX_SCRIPT_BYTES;
use mlua::{Function, Lua, LuaOptions, StdLib, Table, Value, VmState};

pub use meter::DEFAULT_STEP_BUDGET;

/// The most memory the whole Lua state may use: a backstop far above what the meter lets
/// the hooks of one operation allocate (see `meter.rs`).
pub const DEFAULT_MEMORY_LIMIT: usize = 512 * 1024 * 1024;

/// What `getmetatable` returns for every table the engine shares with scripts.
pub(crate) const LOCKED: &str = "locked";

/// Stack of the thread that compiles a script: deep nesting within the size limit must
/// end in a syntax error, never in a stack overflow of whatever thread loads the pack.
const COMPILER_STACK: usize = 64 * 1024 * 1024;

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

/// A Luau state with only table, string, math, utf8, bit32 and coroutine; `math.random`
/// draws from the game's generator; the helper library loaded as `dungeon`. Returns the
/// state and the shared read-only globals scripts read through. Its interrupt and
/// allocation callback count into whichever meter is current (see `meter.rs`).
pub(crate) fn new_state(frame: SharedFrame, prelude: &str) -> mlua::Result<(Lua, Table)> {
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
    library::install(&lua, &globals)?;
    // The string metatable is shared by every string: locked like the rest.
    lua.load(format!(
        "rawset(getmetatable(''), '__metatable', '{LOCKED}')"
    ))
    .set_name(format!("={ENGINE_CHUNK_PREFIX}setup"))
    .exec()?;

    // The prelude reads the globals directly: once sandboxed they are a safe environment,
    // so its calls to builtins take Luau's fast paths (it is the engine's own code: it
    // never iterates over a table natively, and its `pairs` goes through ours).
    let dungeon: Table = lua
        .load(prelude)
        .set_name(format!("={ENGINE_CHUNK_PREFIX}prelude.lua"))
        .eval()?;
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
            let key = match &key {
                Value::String(s) => crate::printable::truncate(&s.to_string_lossy(), 64).into_owned(),
                other => other.type_name().to_string(),
            };
            let key = crate::printable::escape_line(&key).into_owned();
            if REMOVED_GLOBALS.contains(&key.as_str()) || ["io", "os", "debug", "load", "dofile", "loadfile", "package"].contains(&key.as_str()) {
                return Err(mlua::Error::runtime(format!(
                    "`{key}` is not available to card scripts (they have table, string, math, utf8, bit32 and coroutine)"
                )));
            }
            Err(mlua::Error::runtime(format!("unknown global `{key}`")))
        })?,
    )?;
    meta.raw_set("__metatable", LOCKED)?;
    meta.set_readonly(true);
    globals.set_metatable(Some(meta))?;

    lua.set_interrupt(|lua| match meter::with_current(Meter::check) {
        Some(Some(limit)) => Err(super::trips::limit_error(lua, limit)),
        _ => Ok(VmState::Continue),
    });
    lua.sandbox(true)?;
    meter::install(&lua)?;
    lua.set_memory_limit(DEFAULT_MEMORY_LIMIT)?;
    Ok((lua, globals))
}

/// A read-only environment whose reads fall through to the (read-only) globals.
pub(crate) fn environment(lua: &Lua, globals: &Table) -> mlua::Result<Table> {
    let env = lua.create_table()?;
    let meta = lua.create_table()?;
    meta.raw_set("__index", globals.clone())?;
    meta.raw_set("__metatable", LOCKED)?;
    meta.set_readonly(true);
    env.set_metatable(Some(meta))?;
    env.set_readonly(true);
    Ok(env)
}

/// A read-only, locked metatable whose `__index` turns a misspelt name into an error
/// naming it, except for the `optional` fields, which read as nil.
pub(crate) fn strict_table(
    lua: &Lua,
    what: &'static str,
    optional: &'static [&'static str],
) -> mlua::Result<Table> {
    let meta = lua.create_table()?;
    meta.raw_set(
        "__index",
        lua.create_function(move |_, (_, key): (Value, Value)| -> mlua::Result<Value> {
            let key = match &key {
                Value::String(s) => s.to_string_lossy(),
                other => other.type_name().to_string(),
            };
            if optional.contains(&key.as_str()) {
                return Ok(Value::Nil);
            }
            let key = crate::printable::truncate(&key, 64);
            Err(mlua::Error::runtime(format!(
                "{what} `{}`",
                crate::printable::escape_line(&key)
            )))
        })?,
    )?;
    meta.raw_set("__metatable", LOCKED)?;
    meta.set_readonly(true);
    Ok(meta)
}

/// Why a script did not compile: the message, and its line when known.
pub(crate) struct CompileError {
    pub message: String,
    pub line: Option<u32>,
}

/// Compiles one card script (its for-in loops guarded, see `rewrite.rs`) in a read-only
/// environment of its own. The compiler runs on a thread with a large stack, and only
/// on sources within [`MAX_SCRIPT_BYTES`].
pub(crate) fn compile(
    lua: &Lua,
    globals: &Table,
    chunk_name: &str,
    code: &str,
) -> Result<Function, CompileError> {
    if code.len() as u64 > MAX_SCRIPT_BYTES {
        return Err(CompileError {
            message: format!(
                "the script has {} bytes; card scripts may have at most {} (256 KiB)",
                code.len(),
                MAX_SCRIPT_BYTES
            ),
            line: None,
        });
    }
    let source = match rewrite::guard_loops(code) {
        Ok(source) => source,
        Err(RewriteError::Reserved(name, line)) => {
            return Err(CompileError {
                message: format!(
                    "`{name}`: names starting with `{}` are reserved for the engine",
                    super::marks::RESERVED_PREFIX
                ),
                line: Some(line),
            });
        }
        Err(RewriteError::Unreadable(line)) => {
            // The compiler explains real syntax errors best.
            let message = match bytecode(code) {
                Err(message) => message,
                Ok(_) => format!(
                    "the engine cannot follow the structure of this script near line {line} (it guards every `for ... in` loop): simplify the expressions there"
                ),
            };
            return Err(syntax_error(&message, Some(line)));
        }
    };
    let bytecode = bytecode(&source).map_err(|m| syntax_error(&m, None))?;
    let env = environment(lua, globals).map_err(|e| CompileError {
        message: e.to_string(),
        line: None,
    })?;
    lua.load(&bytecode[..])
        .set_name(format!("={chunk_name}"))
        .set_environment(env)
        .into_function()
        .map_err(|e| CompileError {
            message: e.to_string(),
            line: None,
        })
}

/// Luau's messages read `:LINE: message` (or `[string "..."]:LINE: message`).
fn syntax_error(message: &str, fallback: Option<u32>) -> CompileError {
    let first = message.lines().next().unwrap_or("").trim();
    let after = first.rsplit_once("]:").map_or(first, |(_, rest)| rest);
    let after = after.strip_prefix(':').unwrap_or(after);
    let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
    match digits.parse::<u32>() {
        Ok(line) => CompileError {
            message: after[digits.len()..]
                .trim_start_matches(':')
                .trim()
                .to_string(),
            line: Some(line),
        },
        Err(_) => CompileError {
            message: first.to_string(),
            line: fallback,
        },
    }
}

/// Compiles `source` to bytecode on a thread with a large stack.
fn bytecode(source: &str) -> Result<Vec<u8>, String> {
    let compile = || {
        mlua::chunk::Compiler::new()
            .compile(source)
            .map_err(|e| match e {
                mlua::Error::SyntaxError { message, .. } => message,
                other => other.to_string(),
            })
    };
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("luau-compiler".into())
            .stack_size(COMPILER_STACK)
            .spawn_scoped(scope, compile)
            .map_err(|e| format!("cannot start the compiler: {e}"))?
            .join()
            .map_err(|_| "the compiler failed".to_string())?
    })
}
