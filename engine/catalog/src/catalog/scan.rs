//! Every string of a manifest, keys included, checked before any entry is read: its
//! length against the limit for its field ([`super::limits`]), and characters a terminal
//! would act on or not show ([`crate::printable`]'s rule; a warning: the catalog keeps
//! such text escaped).

use super::diag::Detail;
use super::limits::*;
use crate::printable::{escape_line, hidden, truncate};
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// A problem with one string, at its byte offset.
pub struct Finding {
    pub offset: usize,
    pub error: bool,
    pub message: String,
    pub detail: Option<Detail>,
}

/// Tables deeper than this are not looked into (a pack's deepest is 4).
const MAX_DEPTH: usize = 16;

/// Every problem with the strings of `doc`.
pub fn scan_strings(doc: &DeTable<'_>) -> Vec<Finding> {
    let mut found = Vec::new();
    scan_table(&mut found, doc, None, 0);
    found
}

fn scan_table(
    found: &mut Vec<Finding>,
    table: &DeTable<'_>,
    limit: Option<TextLimit>,
    depth: usize,
) {
    if depth > MAX_DEPTH {
        return;
    }
    for (key, value) in table {
        check_text(found, key.get_ref(), key.span().start, KEY_LIMIT);
        let limit = TextLimit::of(key.get_ref()).or(limit);
        scan_value(found, value, limit, depth + 1);
    }
}

fn scan_value(
    found: &mut Vec<Finding>,
    value: &Spanned<DeValue<'_>>,
    limit: Option<TextLimit>,
    depth: usize,
) {
    match value.get_ref() {
        DeValue::String(s) => {
            check_text(found, s, value.span().start, limit.unwrap_or(OTHER_LIMIT))
        }
        DeValue::Array(items) if depth <= MAX_DEPTH => {
            for item in items.iter() {
                scan_value(found, item, limit, depth + 1);
            }
        }
        DeValue::Table(table) => scan_table(found, table, limit, depth),
        _ => {}
    }
}

fn check_text(found: &mut Vec<Finding>, s: &str, offset: usize, limit: TextLimit) {
    if let Some((first, why)) = hidden(s) {
        let quoted = escape_line(&truncate(s, 40)).into_owned();
        let (code, what) = (first as u32, why.describe());
        found.push(Finding {
            offset,
            error: false,
            message: format!(
                "text with control characters or characters that show as nothing \
                 (`{quoted}`; U+{code:04X} is {what}): a terminal would act on them or hide \
                 them (clear the screen, write the clipboard, reorder or hide text); players \
                 see them escaped"
            ),
            detail: Some(Detail::HiddenText { quoted, first, why }),
        });
    }
    if s.len() > limit.chars {
        let n = s.chars().count();
        if n > limit.chars {
            let what = limit.what;
            let max = limit.chars;
            found.push(Finding {
                offset,
                error: true,
                message: format!("{what} is {n} characters long; at most {max}"),
                detail: None,
            });
        }
    }
}

/// How long a string may be, by the key it is (or is under).
#[derive(Copy, Clone)]
struct TextLimit {
    what: &'static str,
    chars: usize,
}

const KEY_LIMIT: TextLimit = TextLimit {
    what: "a key",
    chars: MAX_ID_CHARS,
};
const OTHER_LIMIT: TextLimit = TextLimit {
    what: "this text",
    chars: MAX_TEXT_CHARS,
};

impl TextLimit {
    fn of(key: &str) -> Option<TextLimit> {
        let (what, chars) = match key {
            "id" | "equipment" | "species" | "requires" | "requires_any" | "conflicts"
            | "replaces" | "default" => ("an id", MAX_ID_CHARS),
            "name" => ("a name", MAX_NAME_CHARS),
            "text" | "description" | "source" => ("a text", MAX_TEXT_CHARS),
            "messages" => ("a prompt", MAX_MESSAGE_CHARS),
            "version" => ("a version", MAX_VERSION_CHARS),
            "languages" => ("a language code", MAX_LANGUAGE_CHARS),
            "scripts" | "scenarios" | "script" => ("a path", MAX_PATH_CHARS),
            _ => return None,
        };
        Some(TextLimit { what, chars })
    }
}
