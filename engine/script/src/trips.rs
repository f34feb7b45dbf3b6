//! The errors a script meets in the host's libraries: a limit reached (steps, memory,
//! time: recorded on the meter, so that it is final), and an argument refused; each
//! says where in the script it happened.

use crate::marks::{
    BUDGET_MARKER, DEADLINE_MARKER, ENGINE_CHUNK_PREFIX, MEMORY_MARKER, in_function,
};
use crate::meter::{self, Limit};
use mlua::{Lua, MultiValue, Value};

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

/// The error for a reached limit; records it on the current meter so it is final. Names
/// the library function whose matcher was running, if any.
pub(crate) fn limit_error(lua: &Lua, limit: Limit) -> mlua::Error {
    let within = meter::with_current(|m| m.within()).unwrap_or("");
    trip(limit, in_function(place(lua), within))
}

/// The error for library function `name`, refused because the call would pass a limit
/// (`detail` says what it would cost).
pub(crate) fn limit_error_in(lua: &Lua, limit: Limit, name: &str, detail: &str) -> mlua::Error {
    trip(limit, format!("{}{name} ({detail}): ", place(lua)))
}

fn trip(limit: Limit, place: String) -> mlua::Error {
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

/// An error at the script's current place.
pub(crate) fn script_error(lua: &Lua, message: impl std::fmt::Display) -> mlua::Error {
    mlua::Error::runtime(format!("{}{message}", place(lua)))
}

/// Does `value` have a `__tostring` of its own (looked up past any `__metatable` lock)?
pub(crate) fn has_tostring(value: &Value) -> bool {
    match value {
        Value::Table(t) => t
            .metatable()
            .is_some_and(|m| m.raw_get::<Value>("__tostring").is_ok_and(|v| !v.is_nil())),
        // The only userdata a script can hold are mlua's error objects, which have one.
        Value::UserData(_) => true,
        _ => false,
    }
}

/// Refuses the arguments of `string.format` whose text would be a memory address.
pub(crate) fn check_addresses(lua: &Lua, args: &MultiValue) -> mlua::Result<()> {
    for (i, arg) in args.iter().enumerate() {
        if let Value::Table(_) | Value::Function(_) | Value::Thread(_) | Value::UserData(_) = arg
            && !has_tostring(arg)
        {
            return Err(script_error(
                lua,
                format!(
                    "string.format: argument #{} is {}, whose text would be its memory address, which changes from run to run",
                    i + 1,
                    crate::errors::a_type(arg.type_name())
                ),
            ));
        }
    }
    Ok(())
}
