//! A pack's message with its `{name}` placeholders filled (a question's prompt, a script's
//! log line). One pass over the template: what a placeholder inserts is never read again
//! as a template, so a card named `{tile}{tile}` is shown as it is instead of multiplying
//! at every placeholder. And bounded: the filled text is cut at [`MAX_FILLED_CHARS`].

/// The longest filled message, in characters. A pack's message has at most 500 and a name
/// at most 100 (`catalog::limits`), so an ordinary prompt with a few names in it is far
/// shorter; a template of nothing but placeholders is cut here, marked with "…".
pub const MAX_FILLED_CHARS: usize = 1000;

/// `template` with each `{name}` for which `value` gives text replaced by it; a placeholder
/// without a value (or a brace without its pair) stays as written.
pub fn fill<S: AsRef<str>>(template: &str, value: impl Fn(&str) -> Option<S>) -> String {
    // No character takes more than 4 bytes: past this, the text is cut anyway.
    let enough = 4 * MAX_FILLED_CHARS;
    let mut out = String::with_capacity(template.len().min(enough));
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let found = after
            .find('}')
            .and_then(|close| Some((close, value(&after[..close])?)));
        match found {
            Some((close, value)) => {
                out.push_str(value.as_ref());
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
        if out.len() > enough {
            rest = "";
        }
    }
    out.push_str(rest);
    cut(out)
}

fn cut(mut text: String) -> String {
    if let Some((end, _)) = text.char_indices().nth(MAX_FILLED_CHARS) {
        text.truncate(end);
        text.push('…');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names<'a>(pairs: &'a [(&str, &'a str)]) -> impl Fn(&str) -> Option<&'a str> {
        move |name| pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
    }

    #[test]
    fn placeholders_are_filled_once_and_unknown_ones_stay() {
        let args = [("card", "Torch"), ("monster", "Orc")];
        assert_eq!(
            fill("{card} vs {monster}: {other} {card", names(&args)),
            "Torch vs Orc: {other} {card"
        );
        assert_eq!(fill("{{card}}", names(&args)), "{Torch}");
    }

    /// Issue 25: a 500-character prompt with a 96-character tile name printed a
    /// 420,000-character line, each name's own placeholders filled in turn.
    #[test]
    fn inserted_text_is_never_read_as_a_template() {
        let tile = "{tile}".repeat(16);
        let args = [("card", tile.as_str()), ("tile", tile.as_str())];
        assert_eq!(fill("Use {card}?", names(&args)), format!("Use {tile}?"));
        let prompt = "{card}{tile}".repeat(41);
        let filled = fill(&prompt, names(&args));
        assert!(
            filled.chars().count() <= MAX_FILLED_CHARS + 1,
            "{}",
            filled.len()
        );
        assert!(filled.ends_with('…'));
        assert!(filled.starts_with(&format!("{tile}{tile}")));
    }

    #[test]
    fn a_message_within_the_bound_is_not_cut() {
        let name = "n".repeat(100);
        let args = [("card", name.as_str())];
        let template = format!("{} {{card}}", "a".repeat(400));
        let filled = fill(&template, names(&args));
        assert_eq!(filled.chars().count(), 501);
        assert!(!filled.contains('…'));
    }
}
