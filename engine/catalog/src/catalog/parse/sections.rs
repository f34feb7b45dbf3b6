//! The manifest sections that are not cards: `[messages]` (question prompts) and
//! `[[ruling]]` (points the rulebooks leave open), read like the rest, entry by entry.

use super::*;

impl Reader<'_> {
    /// `[messages]`: prompt key to text per language.
    pub(super) fn messages(
        &mut self,
        value: Spanned<DeValue<'_>>,
    ) -> BTreeMap<String, Spanned<LocalText>> {
        let mut out = BTreeMap::new();
        let span = value.span();
        let DeValue::Table(table) = value.into_inner() else {
            self.error(span.start, "[messages] must be a table of prompts");
            return out;
        };
        let total = table.len();
        for (i, (key, text)) in table.into_iter().enumerate() {
            if i == MAX_MESSAGES {
                let message = format!("[messages] has {total} prompts; at most {MAX_MESSAGES}");
                self.error(key.span().start, message);
                break;
            }
            if !crate::catalog::limits::valid_id(key.get_ref()) {
                self.error(
                    key.span().start,
                    format!(
                        "prompt key `{}` must be lowercase snake_case (a-z, 0-9, _), at most \
                         {MAX_ID_CHARS} characters",
                        shown(key.get_ref())
                    ),
                );
                continue;
            }
            let at = text.span().start;
            match Spanned::<LocalText>::deserialize(ValueDeserializer::from(text)) {
                Ok(text) => {
                    out.insert(key.get_ref().to_string(), text);
                }
                Err(e) => {
                    let message = e.message().trim_end();
                    self.error(at, format!("message `{}`: {message}", key.get_ref()));
                }
            }
        }
        out
    }

    /// Every `[[ruling]]` entry, at most [`MAX_RULINGS`].
    pub(super) fn rulings(&mut self, value: Spanned<DeValue<'_>>) -> Vec<RulingEntry> {
        let span = value.span();
        let DeValue::Array(items) = value.into_inner() else {
            self.error(
                span.start,
                "`ruling` must be written [[ruling]], once per ruling",
            );
            return Vec::new();
        };
        let total = items.len();
        let mut out = Vec::new();
        for (i, item) in items.into_iter().enumerate() {
            if i == MAX_RULINGS {
                let message = format!(
                    "the pack declares {total} [[ruling]] entries; at most {MAX_RULINGS}: this \
                     one and the rest are left out"
                );
                self.error(item.span().start, message);
                break;
            }
            let what = match raw_str(&item, "id") {
                Some(id) => format!("ruling `{}`", shown(id)),
                None => format!("[[ruling]] entry {}", i + 1),
            };
            let lists = [("choices", MAX_RULING_CHOICES)];
            if let (Some(entry), true) = self.entry::<RulingEntry>(&what, item, &lists, &|_| None) {
                out.push(entry);
            }
        }
        out
    }
}
