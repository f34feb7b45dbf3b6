//! Word wrapping for styled lines: a line breaks only between words, so no word is cut at
//! the terminal's edge (a single word wider than the whole line is the one exception).
//! Screens wrap their own text, rather than letting ratatui do it, so they know how many
//! rows each panel needs before laying the screen out.

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;

/// `line` broken into rows of at most `width` columns; rows after the first keep the
/// line's own indentation and add `indent` spaces to it (a hanging indent, for numbered
/// options). An empty line stays one row.
pub fn wrap(line: &Line<'_>, width: u16, indent: u16) -> Vec<Line<'static>> {
    let width = width.max(1) as usize;
    let indent = (own_indent(line) + indent as usize).min(width.saturating_sub(1));
    let words = words(line);
    let mut rows: Vec<Vec<(String, Style)>> = vec![Vec::new()];
    let mut used = 0;
    // Where the row's text starts: 0 on the first row, `indent` after.
    let mut start = 0;
    // A space waiting to be written before the next word of the row, with its style.
    let mut gap: Option<Style> = None;
    for word in words {
        match word {
            Piece::Space(style) => gap = Some(style),
            Piece::Word(parts) => {
                let w: usize = parts.iter().map(|(t, _)| t.width()).sum();
                let gap_w = usize::from(gap.is_some() && used > start);
                if used > start && used + gap_w + w > width {
                    rows.push(vec![(" ".repeat(indent), Style::default())]);
                    (used, start) = (indent, indent);
                } else if let (Some(style), true) = (gap, used > start) {
                    rows.last_mut().unwrap().push((" ".into(), style));
                    used += 1;
                }
                gap = None;
                for (text, style) in parts {
                    // Only a word wider than a whole row is split, character by character.
                    for ch in text.chars() {
                        let cw = ch.to_string().width();
                        if used + cw > width && used > start {
                            rows.push(vec![(" ".repeat(indent), Style::default())]);
                            (used, start) = (indent, indent);
                        }
                        let row = rows.last_mut().unwrap();
                        match row.last_mut() {
                            Some((t, s)) if *s == style => t.push(ch),
                            _ => row.push((ch.to_string(), style)),
                        }
                        used += cw;
                    }
                }
            }
        }
    }
    rows.into_iter()
        .map(|row| {
            let spans: Vec<Span<'static>> = row
                .into_iter()
                .filter(|(t, _)| !t.is_empty())
                .map(|(t, s)| Span::styled(t, s))
                .collect();
            Line::from(spans).style(line.style)
        })
        .collect()
}

/// Marks the player whose turn it is, where the others' rows start with two spaces.
pub const TURN_MARKER: &str = "▶ ";

/// How far `line` is indented: its leading spaces, the turn marker counting as such. An
/// indented item (a card's effect under the reveal, a player's row in the table) reads
/// as one item when wrapped.
fn own_indent(line: &Line<'_>) -> usize {
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    let body = text.strip_prefix(TURN_MARKER).unwrap_or(&text);
    let marker = text[..text.len() - body.len()].width();
    marker + body.chars().take_while(|&c| c == ' ').count()
}

/// Every line of `lines` wrapped, in order.
pub fn wrap_all<'a>(
    lines: impl IntoIterator<Item = &'a Line<'a>>,
    width: u16,
) -> Vec<Line<'static>> {
    lines.into_iter().flat_map(|l| wrap(l, width, 0)).collect()
}

enum Piece {
    /// A run of spaces (kept as one).
    Space(Style),
    /// A word, in the styled parts it is made of.
    Word(Vec<(String, Style)>),
}

/// The words and gaps of a styled line. A word may span several styles ("HP 3" where the
/// number is coloured is two words; "Golem(5)" with two styles is one). A space before
/// French high punctuation (`:`, `;`, `!`, `?`, `»`) or after `«` binds like a no-break
/// space, so a row never starts with a colon ("Vous avez pioché :" stays whole), whether
/// the text is ours or a pack's.
fn words(line: &Line<'_>) -> Vec<Piece> {
    let chars: Vec<(char, Style)> = (line.spans.iter())
        .flat_map(|span| {
            let style = line.style.patch(span.style);
            span.content.chars().map(move |c| (c, style))
        })
        .collect();
    let mut out = Vec::new();
    // The word being read, as runs of one style each.
    let mut word: Vec<(String, Style)> = Vec::new();
    for (i, &(ch, style)) in chars.iter().enumerate() {
        let leading = out.is_empty() && word.iter().all(|(t, _)| t.trim().is_empty());
        let binds = ch == ' '
            && (chars
                .get(i + 1)
                .is_some_and(|&(c, _)| matches!(c, ':' | ';' | '!' | '?' | '»'))
                || i > 0 && chars[i - 1].0 == '«');
        // A space stays inside a word when it is the line's own indentation (kept as
        // part of its first word) or binds to French punctuation.
        if (ch != ' ' && ch != '\t') || (ch == ' ' && (leading || binds)) {
            match word.last_mut() {
                Some((text, s)) if *s == style => text.push(ch),
                _ => word.push((ch.to_string(), style)),
            }
        } else {
            if !word.is_empty() {
                out.push(Piece::Word(std::mem::take(&mut word)));
            }
            if !matches!(out.last(), Some(Piece::Space(_))) {
                out.push(Piece::Space(style));
            }
        }
    }
    if !word.is_empty() {
        out.push(Piece::Word(word));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(rows: &[Line]) -> Vec<String> {
        rows.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn breaks_between_words_only() {
        let line = Line::from("The Golem deals 5 damage to the Warrior");
        let rows = wrap(&line, 12, 0);
        assert_eq!(
            plain(&rows),
            ["The Golem", "deals 5", "damage to", "the Warrior"]
        );
        for row in &rows {
            assert!(row.width() <= 12);
        }
    }

    #[test]
    fn hanging_indent_and_long_words() {
        let line = Line::from("1) Draw a monster");
        assert_eq!(plain(&wrap(&line, 10, 3)), ["1) Draw a", "   monster"]);
        // Only a word wider than the row is split.
        let line = Line::from("ab abcdefghij");
        assert_eq!(plain(&wrap(&line, 5, 0)), ["ab", "abcde", "fghij"]);
    }

    #[test]
    fn keeps_styles_and_empty_lines() {
        let bold = Style::default().add_modifier(ratatui::style::Modifier::BOLD);
        let line = Line::from(vec![
            Span::raw("HP "),
            Span::styled("3", bold),
            Span::raw(" left"),
        ]);
        let rows = wrap(&line, 4, 0);
        assert_eq!(plain(&rows), ["HP 3", "left"]);
        assert_eq!(rows[0].spans.last().unwrap().style, bold);
        assert_eq!(wrap(&Line::from(""), 10, 0).len(), 1);
        assert_eq!(plain(&wrap(&Line::from("  Bot 2"), 10, 0)), ["  Bot 2"]);
    }

    #[test]
    fn a_row_never_starts_with_french_high_punctuation() {
        let line = Line::from("Vous avez pioché : Golem (5, golem).");
        assert_eq!(
            plain(&wrap(&line, 16, 0)),
            ["Vous avez", "pioché : Golem", "(5, golem)."]
        );
        let line = Line::from(vec![Span::raw("Règle « Potion »"), Span::raw(" ? Oui")]);
        // (The widest unit, "« Potion » ?", fits from 12 columns: narrower, it is cut.)
        for width in 12..30 {
            for row in plain(&wrap(&line, width, 0)) {
                assert!(
                    !row.starts_with([':', '?', '»']) && !row.ends_with('«'),
                    "{width}: {row:?}"
                );
            }
        }
    }

    #[test]
    fn an_indented_line_keeps_its_indent_when_wrapped() {
        let line = Line::from("  Golem deals 5 damage");
        assert_eq!(
            plain(&wrap(&line, 10, 0)),
            ["  Golem", "  deals 5", "  damage"]
        );
        // With a hanging indent, under the line's own indentation.
        let line = Line::from(vec![Span::raw(" 1) "), Span::raw("Draw a monster")]);
        assert_eq!(plain(&wrap(&line, 12, 3)), [" 1) Draw a", "    monster"]);
        // The turn marker indents its row as two spaces do the others'.
        let line = Line::from(vec![
            Span::raw(TURN_MARKER),
            Span::raw("Bot 2 took away: Torch"),
        ]);
        assert_eq!(
            plain(&wrap(&line, 14, 0)),
            ["▶ Bot 2 took", "  away: Torch"]
        );
    }
}
