//! Diagnostics: a problem in a pack, a script or a scenario file, located by file,
//! line and column, with the offending source line when we have it.
//!
//! A diagnostic quotes text from the file it is about, so its `Display` shows control
//! characters escaped: what a pack wrote never reaches a terminal raw. [`LineIndex`]
//! locates many positions in one file without rescanning it (a pack with thousands of
//! problems loads in time linear in its size), and a very long source line is shown as a
//! window around the position.

use crate::printable::{Hidden, escape_controls, escape_line};
use std::fmt;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    Error,
    Warning,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    pub severity: Severity,
    pub file: String,
    /// 1-based line and column, when known.
    pub line: Option<u32>,
    pub column: Option<u32>,
    pub message: String,
    /// The source line the position points into (a window of it when it is long).
    pub source_line: Option<String>,
    /// The 1-based column, in characters of `source_line`, the caret goes under.
    pub caret: Option<u32>,
    /// What a front end needs to say this diagnostic in its own language (`message` is
    /// the English one), for the diagnostics it translates. Boxed: most have none.
    pub detail: Option<Box<Detail>>,
}

/// A diagnostic's facts, for a front end that words it itself.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Detail {
    /// A text holding characters a terminal would act on or not show: the text cut and
    /// escaped, its first such character and why it is one.
    HiddenText {
        quoted: String,
        first: char,
        why: Hidden,
    },
    /// A card's hook that took `most` steps in one call of `dungeon check`'s games.
    ExpensiveHook {
        card: String,
        hook: &'static str,
        most: u64,
    },
}

/// Source lines longer than this (in bytes) are shown as a window around the position.
const LONG_LINE: usize = 160;
const WINDOW_BEFORE: usize = 60;
const WINDOW_AFTER: usize = 90;

impl Diagnostic {
    pub fn error(file: impl Into<String>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            file: file.into(),
            line: None,
            column: None,
            message: message.into(),
            source_line: None,
            caret: None,
            detail: None,
        }
    }

    pub fn warning(file: impl Into<String>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(file, message)
        }
    }

    pub fn with_detail(mut self, detail: Detail) -> Diagnostic {
        self.detail = Some(Box::new(detail));
        self
    }

    /// Points the diagnostic at byte `offset` of `source` (scans `source`: for one-off
    /// diagnostics; use [`Diagnostic::at_index`] for many in one file).
    pub fn at(self, source: &str, offset: usize) -> Diagnostic {
        self.at_index(&LineIndex::new(source), source, offset)
    }

    /// Points the diagnostic at byte `offset` of `source`, whose index is `lines`.
    pub fn at_index(mut self, lines: &LineIndex, source: &str, offset: usize) -> Diagnostic {
        let spot = lines.locate(source, offset);
        let (window, caret) = window(spot.text, spot.byte_in_line);
        self.line = Some(spot.line);
        self.column = Some(spot.column);
        self.source_line = Some(window);
        self.caret = Some(caret);
        self
    }

    /// Points the diagnostic at a 1-based line of `source`.
    pub fn at_line(mut self, source: &str, line: u32) -> Diagnostic {
        self.line = Some(line);
        self.source_line = source
            .lines()
            .nth(line.saturating_sub(1) as usize)
            .map(|text| window(text.trim_end_matches('\r'), 0).0);
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// `line` as shown, and the caret's 1-based column in it: the whole line when short,
/// else a window around byte `at`, marked with "…" where cut.
fn window(line: &str, at: usize) -> (String, u32) {
    let at = floor_boundary(line, at.min(line.len()));
    if line.len() <= LONG_LINE {
        return (line.to_string(), line[..at].chars().count() as u32 + 1);
    }
    let start = floor_boundary(line, at.saturating_sub(WINDOW_BEFORE));
    let end = floor_boundary(line, (at + WINDOW_AFTER).min(line.len()));
    let mut shown = String::new();
    if start > 0 {
        shown.push('…');
    }
    shown.push_str(&line[start..end]);
    if end < line.len() {
        shown.push('…');
    }
    let caret = usize::from(start > 0) + line[start..at].chars().count() + 1;
    (shown, caret as u32)
}

fn floor_boundary(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Where an offset falls: 1-based line and column (in characters), the line's text and
/// the offset's byte position in it.
pub struct Spot<'t> {
    pub line: u32,
    pub column: u32,
    pub text: &'t str,
    pub byte_in_line: usize,
}

/// The line starts of a text, and a character count every `STEP` bytes, so
/// that locating an offset takes a binary search and at most `STEP` bytes of counting,
/// however long the text and its lines.
#[derive(Clone, Debug, Default)]
pub struct LineIndex {
    starts: Vec<usize>,
    /// (byte offset, characters before it), at character boundaries.
    checkpoints: Vec<(usize, usize)>,
}

impl LineIndex {
    const STEP: usize = 256;

    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(memchr_newlines(text));
        let mut checkpoints = Vec::with_capacity(text.len() / Self::STEP + 1);
        let (mut at, mut chars) = (0, 0);
        while at < text.len() {
            checkpoints.push((at, chars));
            let next = floor_boundary(text, (at + Self::STEP).min(text.len()));
            let next = if next <= at {
                // A character longer than a step: move past it.
                at + text[at..].chars().next().map_or(1, char::len_utf8)
            } else {
                next
            };
            chars += text[at..next].chars().count();
            at = next;
        }
        LineIndex {
            starts,
            checkpoints,
        }
    }

    /// Characters before byte `offset` (a character boundary).
    fn chars_before(&self, text: &str, offset: usize) -> usize {
        let i = self.checkpoints.partition_point(|&(at, _)| at <= offset);
        let Some(&(at, chars)) = i.checked_sub(1).and_then(|i| self.checkpoints.get(i)) else {
            return text[..offset].chars().count();
        };
        chars + text[at..offset].chars().count()
    }

    /// Where byte `offset` of `text` (the text this index was built from) falls.
    pub fn locate<'t>(&self, text: &'t str, offset: usize) -> Spot<'t> {
        let offset = floor_boundary(text, offset.min(text.len()));
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts[line - 1];
        let end = self.starts.get(line).map_or(text.len(), |&next| next - 1);
        let column = self.chars_before(text, offset) - self.chars_before(text, start) + 1;
        Spot {
            line: line as u32,
            column: column as u32,
            text: text[start..end].trim_end_matches('\r'),
            byte_in_line: offset - start,
        }
    }
}

/// The offsets just after each `\n`.
fn memchr_newlines(text: &str) -> impl Iterator<Item = usize> + '_ {
    text.bytes()
        .enumerate()
        .filter(|&(_, b)| b == b'\n')
        .map(|(i, _)| i + 1)
}

/// 1-based line and column (in characters) of byte `offset`, and that line's text.
pub fn locate(source: &str, offset: usize) -> (u32, u32, &str) {
    let spot = LineIndex::new(source).locate(source, offset);
    (spot.line, spot.column, spot.text)
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, "{}", escape_line(&self.file))?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(column) = self.column {
                write!(f, ":{column}")?;
            }
        }
        write!(f, ": {kind}: {}", escape_line(&self.message))?;
        if let (Some(text), Some(line)) = (&self.source_line, self.line) {
            let gutter = line.to_string().len();
            // A source line has no line feed; its tabs are kept, so the caret lines up.
            write!(f, "\n{:gutter$} |\n{line} | {}", "", escape_controls(text))?;
            if let Some(caret) = self.caret.or(self.column) {
                let before: String = text.chars().take(caret as usize - 1).collect();
                let pad: String = escape_controls(&before)
                    .chars()
                    .map(|c| if c == '\t' { '\t' } else { ' ' })
                    .collect();
                write!(f, "\n{:gutter$} | {pad}^", "")?;
            }
        }
        Ok(())
    }
}

/// Every problem found while loading, errors and warnings together.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diagnostic::is_error)
    }
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.0.iter().filter(|d| d.is_error())
    }
    pub fn extend(&mut self, other: Diagnostics) {
        self.0.extend(other.0);
    }
}

/// Diagnostics gathered with a bound on memory: at most
/// [`MAX_DIAGNOSTICS_LISTED`](super::limits::MAX_DIAGNOSTICS_LISTED) of each severity are
/// kept; the rest are counted, and [`Sink::finish`] adds one line saying how many.
#[derive(Debug, Default)]
pub struct Sink {
    kept: Vec<Diagnostic>,
    /// Errors and warnings kept.
    listed: [usize; 2],
    /// Dropped errors and warnings, and the file of the first one dropped.
    dropped: [usize; 2],
    dropped_file: Option<String>,
}

impl Sink {
    pub fn push(&mut self, d: Diagnostic) {
        use super::limits::MAX_DIAGNOSTICS_LISTED;
        let kind = usize::from(!d.is_error());
        if self.listed[kind] >= MAX_DIAGNOSTICS_LISTED {
            self.dropped[kind] += 1;
            self.dropped_file.get_or_insert_with(|| d.file.clone());
        } else {
            self.kept.push(d);
            self.listed[kind] += 1;
        }
    }

    pub fn extend(&mut self, from: impl IntoIterator<Item = Diagnostic>) {
        for d in from {
            self.push(d);
        }
    }

    /// What was kept, then a line for each severity with diagnostics left out.
    pub fn finish(self) -> Diagnostics {
        let mut all = Diagnostics(self.kept);
        let file = self.dropped_file.unwrap_or_default();
        if self.dropped[0] > 0 {
            let n = self.dropped[0];
            all.push(Diagnostic::error(
                &file,
                format!("{n} more errors, not listed"),
            ));
        }
        if self.dropped[1] > 0 {
            let n = self.dropped[1];
            all.push(Diagnostic::warning(
                &file,
                format!("{n} more warnings, not listed"),
            ));
        }
        all
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locates_lines_and_columns_in_characters() {
        let text = "a = 1\nnom = \"é\" x\r\nlast";
        let lines = LineIndex::new(text);
        let at = |offset| {
            let s = lines.locate(text, offset);
            (s.line, s.column, s.text)
        };
        assert_eq!(at(0), (1, 1, "a = 1"));
        assert_eq!(at(6), (2, 1, "nom = \"é\" x"));
        assert_eq!(at(text.find('x').unwrap()), (2, 11, "nom = \"é\" x"));
        assert_eq!(at(text.len()), (3, 5, "last"));
        let long = format!("{}z", "é".repeat(1000));
        let index = LineIndex::new(&long);
        assert_eq!(index.locate(&long, long.len() - 1).column, 1001);
    }

    #[test]
    fn a_long_line_is_shown_as_a_window_with_the_caret_under_the_spot() {
        let line = format!("{}HERE{}", "a".repeat(500), "b".repeat(500));
        let d = Diagnostic::error("f", "m").at(&line, 500);
        let shown = d.source_line.clone().unwrap();
        assert!(shown.len() < 200 && shown.starts_with('…') && shown.ends_with('…'));
        let caret = d.caret.unwrap() as usize;
        assert_eq!(
            shown.chars().skip(caret - 1).take(4).collect::<String>(),
            "HERE"
        );
        assert_eq!(d.column, Some(501));
    }

    #[test]
    fn a_sink_keeps_a_bounded_number_of_each_severity() {
        use super::super::limits::MAX_DIAGNOSTICS_LISTED as MAX;
        let mut sink = Sink::default();
        sink.extend((0..MAX + 5).map(|_| Diagnostic::warning("w.toml", "w")));
        sink.extend((0..3).map(|_| Diagnostic::error("e.toml", "e")));
        let all = sink.finish();
        assert_eq!(all.0.len(), MAX + 3 + 1);
        assert_eq!(all.errors().count(), 3);
        assert_eq!(
            all.0.last().unwrap().to_string(),
            "w.toml: warning: 5 more warnings, not listed"
        );
    }

    #[test]
    fn display_escapes_what_the_file_wrote() {
        let text = "name = \"\u{1b}[2J\u{9b}31m\u{202e}Z\"\r\n";
        let d = Diagnostic::warning("p.toml", "quoted: \u{1b}]0;title\u{7}\rok\nfake")
            .at(text, text.find('Z').unwrap());
        let shown = d.to_string();
        assert!(
            !shown
                .chars()
                .any(|c| c != '\n' && crate::printable::is_control(c)),
            "{shown:?}"
        );
        assert_eq!(shown.lines().count(), 4, "{shown}");
        assert!(shown.contains("\\x1b]0;title\\x07\\rok\\nfake"), "{shown}");
        // The caret stays under the `Z`, past the escapes' wider text.
        let lines: Vec<&str> = shown.lines().collect();
        let z = lines[2].find('Z').unwrap();
        assert_eq!(lines[3].find('^'), Some(z), "{shown}");
    }
}
