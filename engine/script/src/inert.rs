//! Proving that a script's hooks can hold no state, so one instance of them can serve
//! every engine operation (analysis included) instead of running the script's chunk
//! again for each: most cards of the boxes qualify, and the odds search and the bots run
//! thousands of operations.
//!
//! A value is *inert* when nothing can change it after the chunk ran:
//! - nil, booleans, numbers, strings;
//! - read-only tables whose keys, values and metatable are inert;
//! - the C functions the globals held when the sandbox was made (the engine's and the
//!   libraries'): a C function made later (what `coroutine.wrap` returns) carries state
//!   of its own;
//! - Lua functions with no upvalues: with read-only globals, no `getfenv` and no `debug`,
//!   such a function has nowhere to keep anything between calls;
//! - functions of the engine's prelude whose upvalues are inert: the prelude never
//!   assigns to a captured local (it freezes the tables its closures keep).
//!
//! Anything else (a script closure with upvalues, a writable table, a coroutine) might
//! hold state: such a script gets fresh instances in every operation.

use super::marks::ENGINE_CHUNK_PREFIX;
use mlua::{Function, Lua, Table, Value, ffi};
use std::collections::HashSet;
use std::ffi::CStr;
use std::os::raw::{c_int, c_void};

/// The C functions reachable from the globals and their metatables (the libraries' and
/// the engine's), by address: the only C functions that count as inert.
pub(crate) struct Library(HashSet<usize>);

impl Library {
    pub fn of(globals: &Table) -> Library {
        fn gather(
            table: &Table,
            depth: u32,
            seen: &mut HashSet<usize>,
            found: &mut HashSet<usize>,
        ) {
            if depth > MAX_DEPTH || !seen.insert(table.to_pointer() as usize) {
                return;
            }
            if let Some(meta) = table.metatable() {
                gather(&meta, depth + 1, seen, found);
            }
            for (_, value) in table.pairs::<Value, Value>().flatten() {
                match value {
                    Value::Function(f) if f.info().what == "C" => {
                        found.insert(f.to_pointer() as usize);
                    }
                    Value::Table(t) => gather(&t, depth + 1, seen, found),
                    _ => {}
                }
            }
        }
        let mut found = HashSet::new();
        gather(globals, 0, &mut HashSet::new(), &mut found);
        Library(found)
    }

    /// Is `f` written in Lua or one of the library's C functions? Else a library call
    /// made it at run time (`coroutine.wrap`...), with state of its own.
    pub fn is_plain(&self, f: &Function) -> bool {
        f.info().what == "Lua" || self.0.contains(&(f.to_pointer() as usize))
    }
}

/// Values deeper than this are not looked at (and count as possibly stateful).
const MAX_DEPTH: u32 = 24;

/// Are all these hook functions inert?
pub(crate) fn all_inert(lua: &Lua, library: &Library, functions: &[Function]) -> bool {
    functions.iter().all(|f| {
        // SAFETY: `exec_raw` pushes the function and runs the closure on the state; the
        // walk below keeps the stack balanced and only reads.
        unsafe {
            lua.exec_raw::<bool>(f.clone(), |state| {
                let mut seen = Vec::new();
                let top = ffi::lua_gettop(state);
                let inert = walk(state, library, top, 0, &mut seen);
                ffi::lua_settop(state, top - 1);
                ffi::lua_pushboolean(state, inert as c_int);
            })
        }
        .unwrap_or(false)
    })
}

/// Is the value at absolute index `idx` inert? Leaves the stack as it found it.
unsafe fn walk(
    state: *mut ffi::lua_State,
    library: &Library,
    idx: c_int,
    depth: u32,
    seen: &mut Vec<*const c_void>,
) -> bool {
    unsafe {
        if depth > MAX_DEPTH || ffi::lua_checkstack(state, 4) == 0 {
            return false;
        }
        match ffi::lua_type(state, idx) {
            ffi::LUA_TNIL
            | ffi::LUA_TBOOLEAN
            | ffi::LUA_TNUMBER
            | ffi::LUA_TINTEGER
            | ffi::LUA_TVECTOR
            | ffi::LUA_TSTRING => true,
            ffi::LUA_TTABLE => {
                let pointer = ffi::lua_topointer(state, idx);
                if seen.contains(&pointer) {
                    return true; // Being checked further up.
                }
                seen.push(pointer);
                if ffi::lua_getreadonly(state, idx) == 0 {
                    return false;
                }
                if ffi::lua_getmetatable(state, idx) != 0 {
                    let inert = walk(state, library, ffi::lua_gettop(state), depth + 1, seen);
                    ffi::lua_pop(state, 1);
                    if !inert {
                        return false;
                    }
                }
                ffi::lua_pushnil(state);
                while ffi::lua_next(state, idx) != 0 {
                    let top = ffi::lua_gettop(state);
                    let inert = walk(state, library, top - 1, depth + 1, seen)
                        && walk(state, library, top, depth + 1, seen);
                    ffi::lua_pop(state, 1);
                    if !inert {
                        ffi::lua_pop(state, 1);
                        return false;
                    }
                }
                true
            }
            ffi::LUA_TFUNCTION => {
                if ffi::lua_iscfunction(state, idx) != 0 {
                    let pointer = ffi::lua_topointer(state, idx) as usize;
                    return library.0.contains(&pointer);
                }
                let pointer = ffi::lua_topointer(state, idx);
                if seen.contains(&pointer) {
                    return true;
                }
                seen.push(pointer);
                if ffi::lua_getupvalue(state, idx, 1).is_null() {
                    return true; // No upvalues.
                }
                ffi::lua_pop(state, 1);
                if !is_prelude(state, idx) {
                    return false;
                }
                let mut n = 1;
                while !ffi::lua_getupvalue(state, idx, n).is_null() {
                    let inert = walk(state, library, ffi::lua_gettop(state), depth + 1, seen);
                    ffi::lua_pop(state, 1);
                    if !inert {
                        return false;
                    }
                    n += 1;
                }
                true
            }
            _ => false,
        }
    }
}

/// Was the function at `idx` defined by the engine's prelude?
unsafe fn is_prelude(state: *mut ffi::lua_State, idx: c_int) -> bool {
    unsafe {
        let mut ar: ffi::lua_Debug = std::mem::zeroed();
        ffi::lua_pushvalue(state, idx);
        let found = ffi::lua_getinfo(state, -1, c"s".as_ptr(), &mut ar) != 0;
        ffi::lua_pop(state, 1);
        if !found || ar.short_src.is_null() {
            return false;
        }
        let src = CStr::from_ptr(ar.short_src).to_string_lossy();
        src.strip_prefix(ENGINE_CHUNK_PREFIX) == Some("prelude.lua")
    }
}
