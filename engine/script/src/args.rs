//! Checking what a script passes to `ctx`: ids, prompts, memory keys and numbers are
//! bounded before anything is copied, and shown in messages escaped and cut short.

use super::frame::err;
use mlua::{FromLua, Lua, LuaString, Value, ffi};
use smallvec::SmallVec;
use std::os::raw::c_int;
use std::sync::Arc;

/// Longest prompt key a question may name (they are message keys: `[a-z0-9_]`).
pub const MAX_PROMPT: usize = 48;
/// Options a script may list for one question.
pub const MAX_OPTIONS: usize = 256;
/// Longest id a script may pass (longer ones are not ids of any card).
pub(crate) const MAX_ID: usize = 256;

/// A string a script passes to a `ctx` function, read off the Lua stack as the call
/// starts: its address (Luau interns strings, so an address names one text: see
/// `IdStrings`), its length, and its first [`MAX_ID`] bytes, more than any bound a `ctx`
/// argument has (a longer text is refused by its length and shown cut short anyway).
/// mlua's `LuaString` takes a reference to the string instead, then gives it back: a large
/// part of a short `ctx` call's cost.
pub(crate) struct ArgText {
    pub address: usize,
    pub len: usize,
    head: SmallVec<[u8; 64]>,
}

impl ArgText {
    fn new(address: usize, text: &[u8]) -> ArgText {
        let kept = if text.len() <= MAX_ID {
            text
        } else {
            &text[..64]
        };
        ArgText {
            address,
            len: text.len(),
            head: SmallVec::from_slice(kept),
        }
    }

    fn from_string(s: &LuaString) -> ArgText {
        ArgText::new(s.to_pointer() as usize, &s.as_bytes())
    }

    /// The text, whole when it is at most [`MAX_ID`] bytes long (else its start).
    pub fn bytes(&self) -> &[u8] {
        &self.head
    }
}

impl FromLua for ArgText {
    fn from_lua(value: Value, lua: &Lua) -> mlua::Result<ArgText> {
        LuaString::from_lua(value, lua).map(|s| ArgText::from_string(&s))
    }

    unsafe fn from_stack(idx: c_int, lua: &mlua::state::RawLua) -> mlua::Result<ArgText> {
        let state = lua.state();
        // SAFETY: mlua calls this while the argument is on the stack at `idx`; a string's
        // bytes stay put while it is there, and they are copied before returning.
        unsafe {
            if ffi::lua_type(state, idx) == ffi::LUA_TSTRING {
                let mut len = 0usize;
                let text = ffi::lua_tolstring(state, idx, &mut len) as *const u8;
                return Ok(ArgText::new(
                    text as usize,
                    std::slice::from_raw_parts(text, len),
                ));
            }
            // Numbers become strings, anything else is refused, as for `LuaString`.
            LuaString::from_stack(idx, lua).map(|s| ArgText::from_string(&s))
        }
    }
}

/// The string argument `text`, refusing more than `max` bytes (at most [`MAX_ID`]).
pub(crate) fn bounded_text<'a>(text: &'a ArgText, max: usize, what: &str) -> mlua::Result<&'a str> {
    debug_assert!(max <= MAX_ID);
    if text.len > max {
        return Err(too_long(what, text.bytes(), text.len, max));
    }
    std::str::from_utf8(text.bytes()).map_err(|e| mlua::Error::FromLuaConversionError {
        from: "string",
        to: "&str".to_string(),
        message: Some(e.to_string()),
    })
}

/// `text` for a message: one line, controls escaped, at most 64 bytes.
pub(crate) fn shown(text: &[u8]) -> String {
    let text = String::from_utf8_lossy(text);
    crate::printable::escape_line(&crate::printable::truncate(&text, 64)).into_owned()
}

/// The string argument `s`, refusing more than `max` bytes before copying anything.
pub(crate) fn bounded(s: &LuaString, max: usize, what: &str) -> mlua::Result<mlua::BorrowedStr> {
    let bytes = s.as_bytes();
    if bytes.len() > max {
        return Err(too_long(what, &bytes, bytes.len(), max));
    }
    s.to_str()
}

/// The error for a string argument of `len` bytes (starting with `head`) over `max`.
fn too_long(what: &str, head: &[u8], len: usize, max: usize) -> mlua::Error {
    err(format!(
        "{what} `{}` is too long ({len} bytes; at most {max})",
        shown(head)
    ))
}

/// A prompt: a message key, `[a-z0-9_]`, at most [`MAX_PROMPT`] bytes.
pub(crate) fn prompt_key<'a>(
    prompt: Option<&'a ArgText>,
    default: &'static str,
) -> mlua::Result<&'a str> {
    match prompt {
        Some(prompt) => text_message_key(prompt, "the prompt"),
        None => Ok(default),
    }
}

/// [`message_key`] of a `ctx` argument.
pub(crate) fn text_message_key<'a>(key: &'a ArgText, what: &str) -> mlua::Result<&'a str> {
    message_key_text(key.bytes(), key.len, what)
}

/// `bytes` (a text `len` bytes long) as a message key, or the error saying what one is.
fn message_key_text<'a>(bytes: &'a [u8], len: usize, what: &str) -> mlua::Result<&'a str> {
    match std::str::from_utf8(bytes) {
        Ok(text) if len <= MAX_PROMPT && is_lowercase_key(bytes, MAX_PROMPT) => Ok(text),
        _ => Err(err(format!(
            "{what} `{}` is not a message key: use at most {MAX_PROMPT} lowercase letters, digits and `_`, and put the text in the pack's [messages]",
            shown(bytes)
        ))),
    }
}

/// A key of the pack's `[messages]` (`what` names it in the error): `[a-z0-9_]`, at most
/// [`MAX_PROMPT`] bytes.
pub(crate) fn message_key(key: &LuaString, what: &str) -> mlua::Result<String> {
    let bytes = key.as_bytes();
    message_key_text(&bytes, bytes.len(), what).map(str::to_owned)
}

/// 1 to `max` lowercase letters, digits and `_`.
pub(crate) fn is_lowercase_key(bytes: &[u8], max: usize) -> bool {
    !bytes.is_empty()
        && bytes.len() <= max
        && bytes
            .iter()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'_')
}

/// A whole number within `lo..=hi`.
pub(crate) fn ranged(name: &str, value: Value, lo: i64, hi: i64) -> mlua::Result<i64> {
    let n = match value {
        Value::Integer(i) => Some(i),
        Value::Number(n) if n.fract() == 0.0 && n.abs() < 9.0e15 => Some(n as i64),
        _ => None,
    };
    match n {
        Some(n) if (lo..=hi).contains(&n) => Ok(n),
        Some(n) => Err(err(format!("{name}: {n} is out of range ({lo} to {hi})"))),
        None => Err(err(format!(
            "{name}: expected a whole number from {lo} to {hi}, got {}",
            super::errors::a_type(value.type_name())
        ))),
    }
}

/// A key of `ctx.remember`: 1 to 64 letters, digits and `_`.
pub(crate) fn memory_key(key: &ArgText) -> mlua::Result<Arc<str>> {
    let bytes = key.bytes();
    if bytes.is_empty()
        || key.len > super::frame::MAX_MEMORY_KEY
        || !bytes
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || *c == b'_')
    {
        return Err(err(format!(
            "`{}` is not a memory key: use 1 to {} letters, digits and `_`",
            shown(bytes),
            super::frame::MAX_MEMORY_KEY
        )));
    }
    Ok(String::from_utf8_lossy(bytes).into())
}
