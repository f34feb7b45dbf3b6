//! Turning Lua errors into messages that name the pack, card, hook, file and line. A
//! message is the script's own text: it is cut to [`MAX_MESSAGE`] bytes and its control
//! characters are shown escaped, so an error cannot flood or drive a terminal.

use super::marks::{BUDGET_MARKER, DEADLINE_MARKER, ENGINE_CHUNK_PREFIX, MEMORY_MARKER};
use crate::error::{HookError, HookErrorKind};
use crate::hook_name::HookName;
use crate::printable::{escape_line, truncate};

/// The longest message a hook error carries, in bytes (before escaping).
pub const MAX_MESSAGE: usize = 300;

/// `text` on one line, cut to [`MAX_MESSAGE`] bytes, control characters escaped.
pub(crate) fn printable(text: &str) -> String {
    escape_line(&truncate(text, MAX_MESSAGE)).into_owned()
}

/// Where the error happened and what it says, from an mlua error.
pub(crate) fn describe(
    error: &mlua::Error,
    script_path: &str,
) -> (HookErrorKind, Option<u32>, String) {
    let mut traceback = String::new();
    let mut e = error;
    // Errors raised in callbacks come wrapped; the innermost cause says what happened.
    while let mlua::Error::CallbackError {
        cause,
        traceback: tb,
    } = e
    {
        if traceback.is_empty() {
            traceback = tb.clone();
        }
        e = cause;
    }
    let (kind, text) = match e {
        mlua::Error::MemoryError(_) => (
            HookErrorKind::Memory,
            "out of memory: the script went past its memory limit".to_string(),
        ),
        mlua::Error::RuntimeError(msg) | mlua::Error::SyntaxError { message: msg, .. } => {
            let first = msg.lines().next().unwrap_or("");
            let kind = if first.contains(BUDGET_MARKER) || first.contains(DEADLINE_MARKER) {
                HookErrorKind::Budget
            } else if first.contains(MEMORY_MARKER) {
                HookErrorKind::Memory
            } else {
                HookErrorKind::Runtime
            };
            (kind, msg.clone())
        }
        other => (HookErrorKind::Runtime, other.to_string()),
    };
    let mut first = text.lines().next().unwrap_or("").trim().to_string();
    // A library wrapper's location is the engine's, not the script's: drop it, the line
    // comes from the traceback.
    if let Some(rest) = first.strip_prefix(ENGINE_CHUNK_PREFIX) {
        if let Some((_, message)) = rest.split_once(": ") {
            first = message.to_string();
        }
    }
    if first.contains("attempt to modify a readonly table") {
        first.push_str(" (card scripts cannot change globals, libraries, ctx, monsters, or a metatable once set: use `local` variables, and ctx.remember for what must last)");
    }
    let (line, message) = match split_location(&first, script_path) {
        Some((line, rest)) => (Some(line), rest),
        None => (
            find_line(&text, script_path).or_else(|| find_line(&traceback, script_path)),
            first,
        ),
    };
    (kind, line, printable(&message))
}

/// `path:12: message` -> (12, "message").
fn split_location(text: &str, path: &str) -> Option<(u32, String)> {
    let at = text.find(path)?;
    let rest = text[at + path.len()..].strip_prefix(':')?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let line = digits.parse().ok()?;
    let message = rest[digits.len()..]
        .trim_start_matches(':')
        .trim()
        .to_string();
    Some((line, message))
}

/// The first `path:LINE` in a message or traceback.
fn find_line(text: &str, path: &str) -> Option<u32> {
    text.lines()
        .find_map(|l| split_location(l.trim(), path).map(|(line, _)| line))
}

/// `chunk_name` is the name Luau knows the script by; `path` is what gets reported.
pub(crate) fn hook_error(
    pack: &str,
    card: &str,
    hook: HookName,
    path: &str,
    chunk_name: &str,
    error: &mlua::Error,
) -> HookError {
    let (kind, line, message) = describe(error, chunk_name);
    HookError {
        pack: pack.to_string(),
        card: card.to_string(),
        hook,
        file: path.to_string(),
        line,
        kind,
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_location() {
        assert_eq!(
            split_location("scripts/a.lua:12: boom", "scripts/a.lua"),
            Some((12, "boom".into()))
        );
        assert_eq!(
            split_location("runtime error: scripts/a.lua:3: x: y", "scripts/a.lua"),
            Some((3, "x: y".into()))
        );
        assert_eq!(split_location("other.lua:3: x", "scripts/a.lua"), None);
    }
}

/// "a table", "an integer": a Lua type name with its article.
pub(crate) fn a_type(type_name: &str) -> String {
    if type_name == "nil" {
        return "nil".to_string();
    }
    let article = if type_name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {type_name}")
}
