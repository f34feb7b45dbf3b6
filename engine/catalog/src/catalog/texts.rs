//! Checks on the text of a pack as the catalog takes it in: ids, translations, and the
//! escaping of control characters, so no front end can print a pack's text raw.

use super::diag::{Diagnostic, Sink};
use super::limits::{MAX_ID_CHARS, valid_id};
use super::read::LoadedPack;
use crate::lang::{Lang, LocalText};
use crate::printable::escape_controls;
use toml::Spanned;

/// The error for an id that is not [`valid_id`], if it is not.
pub fn check_id(pack: &LoadedPack, id: &Spanned<String>, what: &str) -> Option<Diagnostic> {
    if valid_id(id.get_ref()) {
        return None;
    }
    Some(pack.error_at(
        id,
        format!(
            "{what} id `{}` must be lowercase snake_case (a-z, 0-9, _), at most {MAX_ID_CHARS} \
             characters",
            crate::printable::truncate(id.get_ref(), MAX_ID_CHARS)
        ),
    ))
}

/// Warnings for missing translations and for languages the engine cannot show.
pub fn check_translations(
    pack: &LoadedPack,
    id: &Spanned<String>,
    field: &str,
    text: &LocalText,
    out: &mut Sink,
) {
    if text.is_empty() {
        return;
    }
    for lang in &pack.file.pack.languages {
        if !text.0.contains_key(lang.get_ref()) {
            out.push(pack.warning_at(
                id,
                format!(
                    "`{}`: {field} has no `{}` translation",
                    id.get_ref(),
                    lang.get_ref()
                ),
            ));
        }
    }
    for code in text.0.keys() {
        if Lang::from_code(code).is_none() {
            out.push(pack.warning_at(
                id,
                format!(
                    "`{}`: {field} has text in `{code}`, which the engine cannot show yet",
                    id.get_ref()
                ),
            ));
        }
    }
}

/// `text` with control characters shown as escapes (`dungeon check` warns about them).
pub fn printable(text: &LocalText) -> LocalText {
    LocalText(
        text.0
            .iter()
            .map(|(lang, s)| (printable_str(lang), printable_str(s)))
            .collect(),
    )
}

pub fn printable_str(s: &str) -> String {
    escape_controls(s).into_owned()
}
