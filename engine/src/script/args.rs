//! Checking what a script passes to `ctx`: ids, prompts, memory keys and numbers are
//! bounded before anything is copied, and shown in messages escaped and cut short.

use super::frame::err;
use mlua::{LuaString, Value};
use std::sync::Arc;

/// Longest prompt key a question may name (they are message keys: `[a-z0-9_]`).
pub const MAX_PROMPT: usize = 48;
/// Options a script may list for one question.
pub const MAX_OPTIONS: usize = 256;
/// Longest id a script may pass (longer ones are not ids of any card).
pub(crate) const MAX_ID: usize = 256;

/// `text` for a message: one line, controls escaped, at most 64 bytes.
pub(crate) fn shown(text: &[u8]) -> String {
    let text = String::from_utf8_lossy(text);
    crate::printable::escape_line(&crate::printable::truncate(&text, 64)).into_owned()
}

/// The string argument `s`, refusing more than `max` bytes before copying anything.
pub(crate) fn bounded(s: &LuaString, max: usize, what: &str) -> mlua::Result<mlua::BorrowedStr> {
    if s.as_bytes().len() > max {
        return Err(err(format!(
            "{what} `{}` is too long ({} bytes; at most {max})",
            shown(&s.as_bytes()),
            s.as_bytes().len()
        )));
    }
    s.to_str()
}

/// A prompt: a message key, `[a-z0-9_]`, at most [`MAX_PROMPT`] bytes.
pub(crate) fn prompt_key(prompt: Option<LuaString>, default: &str) -> mlua::Result<String> {
    match prompt {
        Some(prompt) => message_key(&prompt, "the prompt"),
        None => Ok(default.to_string()),
    }
}

/// A key of the pack's `[messages]` (`what` names it in the error): `[a-z0-9_]`, at most
/// [`MAX_PROMPT`] bytes.
pub(crate) fn message_key(key: &LuaString, what: &str) -> mlua::Result<String> {
    let bytes = key.as_bytes();
    if !is_lowercase_key(&bytes, MAX_PROMPT) {
        return Err(err(format!(
            "{what} `{}` is not a message key: use at most {MAX_PROMPT} lowercase letters, digits and `_`, and put the text in the pack's [messages]",
            shown(&bytes)
        )));
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
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
pub(crate) fn memory_key(key: &LuaString) -> mlua::Result<Arc<str>> {
    let bytes = key.as_bytes();
    if bytes.is_empty()
        || bytes.len() > super::frame::MAX_MEMORY_KEY
        || !bytes
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || *c == b'_')
    {
        return Err(err(format!(
            "`{}` is not a memory key: use 1 to {} letters, digits and `_`",
            shown(&bytes),
            super::frame::MAX_MEMORY_KEY
        )));
    }
    Ok(String::from_utf8_lossy(&bytes).into())
}
