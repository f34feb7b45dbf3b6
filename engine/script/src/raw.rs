//! Lists passed to and from hooks through the Luau C API, once per list: mlua's safe API
//! pays per element (a reference slot for each value read, a protected call for each
//! value stored), which was a large part of a hook's cost. Each function here leaves the
//! stack as it found it; one that allocates runs in one protected call (`Lua::exec_raw`).

use mlua::state::RawLua;
use mlua::{IntoLua, Lua, Table, Value, Variadic, ffi};

/// A new table holding `items` in order: the script's own, writable.
pub(crate) fn sequence<T: IntoLua>(lua: &Lua, items: Variadic<T>) -> mlua::Result<Table> {
    let n = items.len();
    // SAFETY: the protected call sees exactly the `n` items on its stack (indices 1..=n);
    // it leaves only the new table.
    unsafe {
        lua.exec_raw(items, |state| {
            ffi::lua_createtable(state, n as i32, 0);
            for i in 1..=n {
                ffi::lua_pushvalue(state, i as i32);
                ffi::lua_rawseti(state, -2, i as ffi::lua_Integer);
            }
            if n > 0 {
                ffi::lua_replace(state, 1);
            }
            ffi::lua_settop(state, 1);
        })
    }
}

/// Runs `f` with `table` pushed on the stack of `lua` and `slots` more slots checked, then
/// restores the stack. No protected call: `f` must neither allocate nor raise.
fn with_pushed<R>(
    lua: &Lua,
    table: &Table,
    slots: i32,
    f: impl FnOnce(&RawLua, *mut ffi::lua_State) -> mlua::Result<R>,
) -> mlua::Result<R> {
    lua.exec_raw_lua(|raw| {
        let state = raw.state();
        // SAFETY: the table's slot and `slots` more are checked; everything pushed is
        // popped by restoring the top.
        unsafe {
            let top = ffi::lua_gettop(state);
            if ffi::lua_checkstack(state, 1 + slots) == 0 {
                return Err(mlua::Error::StackError);
            }
            raw.push(table)?;
            let result = f(raw, state);
            ffi::lua_settop(state, top);
            result
        }
    })
}

/// A new table holding `values` (numbers, booleans, strings: nothing that needs
/// allocating to push) in order, however many: its array part is made to size in one
/// protected call, then filled without one (setting a slot of it neither allocates nor
/// raises), a reference pushed at a time.
pub(crate) fn filled(lua: &Lua, values: &[Value]) -> mlua::Result<Table> {
    let table = lua.create_table_with_capacity(values.len(), 0)?;
    // Two slots: a value may take two to push.
    with_pushed(lua, &table, 2, |raw, state| {
        for (i, value) in values.iter().enumerate() {
            debug_assert!(matches!(
                value,
                Value::Integer(_) | Value::Number(_) | Value::Boolean(_) | Value::String(_)
            ));
            // SAFETY: the table is at the top, with room for the value.
            unsafe {
                raw.push_value(value)?;
                ffi::lua_rawseti(state, -2, i as ffi::lua_Integer + 1);
            }
        }
        Ok(())
    })?;
    Ok(table)
}

/// The addresses of the strings `list[1]` to `list[n]` (interned: an address names one
/// text), or `None` when one of them is not a string. No protected call: reading a
/// table's slots raw neither allocates nor raises, and the stack is checked first (as
/// mlua's own `Table::raw_get` does).
pub(crate) fn string_addresses(
    lua: &Lua,
    list: &Table,
    n: usize,
) -> mlua::Result<Option<Vec<usize>>> {
    with_pushed(lua, list, 1, |_, state| {
        let mut addresses = Vec::with_capacity(n);
        for i in 1..=n {
            // SAFETY: the list is at the top, with room for one element.
            unsafe {
                ffi::lua_rawgeti(state, -1, i as ffi::lua_Integer);
                let is_string = ffi::lua_type(state, -1) == ffi::LUA_TSTRING;
                if is_string {
                    // Its text's address, as `LuaString::to_pointer` gives it.
                    addresses.push(ffi::lua_tostring(state, -1) as usize);
                }
                ffi::lua_pop(state, 1);
                if !is_string {
                    return Ok(None);
                }
            }
        }
        Ok(Some(addresses))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use mlua::LuaString;

    /// The fast path of `ctx.ask_species`/`ask_tile` finds ids by these addresses: they
    /// must be the ones `LuaString::to_pointer` gives, or every call falls back to reading
    /// the list element by element.
    #[test]
    fn addresses_are_those_of_the_strings_and_sequences_keep_order() {
        let lua = Lua::new();
        let a = lua.create_string("goblin").unwrap();
        let b = lua.create_string("golem").unwrap();
        let list = sequence(&lua, Variadic::from_iter([a.clone(), b.clone()])).unwrap();
        assert_eq!(list.raw_len(), 2);
        let found = string_addresses(&lua, &list, 2).unwrap();
        assert_eq!(
            found,
            Some(vec![a.to_pointer() as usize, b.to_pointer() as usize])
        );
        // The same text made again is the same (interned) string.
        let again = lua.create_string("golem").unwrap();
        assert_eq!(again.to_pointer(), b.to_pointer());
        list.raw_set(3, 7).unwrap();
        assert_eq!(string_addresses(&lua, &list, 3).unwrap(), None);
        let empty = sequence::<LuaString>(&lua, Variadic::new()).unwrap();
        assert_eq!(empty.raw_len(), 0);
    }
}
