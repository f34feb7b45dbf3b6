//! Text that came from outside the program (a pack, a script, a save, a player's name)
//! made safe for a terminal. Such text may hold escape sequences that clear the screen,
//! set the window title or hide what follows, or Unicode controls that reorder or hide
//! characters; each is shown as a visible escape (`\x1b`, `\u{202e}`) instead.

use std::borrow::Cow;

/// Is `c` a character a terminal would act on or hide rather than show? Line feeds and
/// tabs are kept by [`escape_controls`]; everything else that is a control is not.
pub fn is_control(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{061c}'                  // Arabic letter mark
            | '\u{200b}'..='\u{200f}'   // zero-width spaces, joiners, LRM, RLM
            | '\u{2028}'..='\u{202e}'   // line/paragraph separators, bidi embeddings, overrides
            | '\u{2060}'..='\u{2064}'   // word joiner, invisible operators
            | '\u{2066}'..='\u{2069}'   // bidi isolates
            | '\u{feff}'                // zero-width no-break space
            | '\u{fff9}'..='\u{fffb}') // interlinear annotations
}

/// Does `s` hold a character [`escape_controls`] would escape (line feeds and tabs aside)?
pub fn has_controls(s: &str) -> bool {
    s.chars().any(|c| c != '\n' && c != '\t' && is_control(c))
}

/// `s` with every control character but line feeds and tabs shown as an escape.
pub fn escape_controls(s: &str) -> Cow<'_, str> {
    if !has_controls(s) {
        return Cow::Borrowed(s);
    }
    Cow::Owned(escape(s, |c| c == '\n' || c == '\t'))
}

/// `s` on one line: as [`escape_controls`], and line feeds and tabs escaped too.
pub fn escape_line(s: &str) -> Cow<'_, str> {
    if !s.chars().any(is_control) {
        return Cow::Borrowed(s);
    }
    Cow::Owned(escape(s, |_| false))
}

fn escape(s: &str, keep: impl Fn(char) -> bool) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if keep(c) || !is_control(c) {
            out.push(c);
        } else if (c as u32) < 0x80 {
            match c {
                '\n' => out.push_str("\\n"),
                '\t' => out.push_str("\\t"),
                '\r' => out.push_str("\\r"),
                _ => out.push_str(&format!("\\x{:02x}", c as u32)),
            }
        } else {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        }
    }
    out
}

/// At most `max` bytes of `s` (cut at a character boundary), with "…" when cut.
pub fn truncate(s: &str, max: usize) -> Cow<'_, str> {
    if s.len() <= max {
        return Cow::Borrowed(s);
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    Cow::Owned(format!("{}…", &s[..end]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_terminal_controls() {
        assert_eq!(escape_controls("Orc"), "Orc");
        assert_eq!(escape_controls("a\x1b[2Jb"), "a\\x1b[2Jb");
        assert_eq!(escape_controls("x\u{202e}y"), "x\\u{202e}y");
        assert_eq!(escape_controls("x\u{9b}y"), "x\\u{9b}y");
        assert_eq!(escape_controls("two\nlines\tok"), "two\nlines\tok");
        assert_eq!(escape_line("two\nlines"), "two\\nlines");
        assert_eq!(escape_controls("a\rb\x07"), "a\\rb\\x07");
        assert!(has_controls("\x1b]0;title\x07"));
        assert!(!has_controls("Dragón, cœur"));
    }

    #[test]
    fn truncates_at_a_character_boundary() {
        assert_eq!(truncate("abc", 5), "abc");
        assert_eq!(truncate("ééé", 3), "é…");
    }
}
