//! Text that came from outside the program (a pack, a script, a save, a player's name, a
//! server) made safe for a terminal. Such text may hold escape sequences that clear the
//! screen, set the window title or write the clipboard, characters that reorder what
//! follows, or characters no one can see; each is shown as a visible escape (`\x1b`,
//! `\u{202e}`) instead.
//!
//! One rule decides, by the Unicode general category of each character (so a character
//! added to a category by a later Unicode version is covered without a list to update):
//! controls (Cc), format characters (Cf), line and paragraph separators (Zl, Zp), private
//! use (Co), surrogates (Cs) and unassigned code points (Cn) are escaped; so are the other
//! default-ignorable code points (fillers and variation selectors, which show as nothing),
//! and a combining mark (Mn, Me) with no character before it to combine with: at the start
//! of the text, or after whitespace or an escaped character, it would land on whatever the
//! terminal printed before it.
//!
//! Emoji sequences are the one exception, as they are how people write names with
//! emoji: a variation selector right after an emoji (❤️, the keycap 1️⃣), and a zero-width
//! joiner between two emoji (👩‍💻, 🏳️‍🌈) are shown. Tags (subdivision flags) stay escaped:
//! they are the invisible text attacks hide in.

use std::borrow::Cow;
use unicode_properties::{GeneralCategory, UnicodeEmoji, UnicodeGeneralCategory};

/// Why a character is escaped.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Hidden {
    /// Cc: C0 and C1 controls, DEL (escape sequences start with one).
    Control,
    /// Cf: bidirectional controls, zero-width characters, soft hyphen, tags, number signs.
    Format,
    /// Zl, Zp: line and paragraph separators.
    Separator,
    /// Co: private use, whose look depends on the font.
    PrivateUse,
    /// Cn and Cs: unassigned code points and surrogates.
    Unassigned,
    /// Default-ignorable code points of other categories (Hangul fillers, variation
    /// selectors): shown as nothing.
    Invisible,
    /// A combining mark (Mn, Me) with no base character before it.
    LoneMark,
}

/// What a character is, before its neighbours are known.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Class {
    Shown,
    Mark,
    Hidden(Hidden),
}

fn class(c: char) -> Class {
    if c.is_ascii() {
        return match c {
            ' '..='~' => Class::Shown,
            _ => Class::Hidden(Hidden::Control),
        };
    }
    use GeneralCategory as G;
    match c.general_category() {
        G::Control => Class::Hidden(Hidden::Control),
        G::Format => Class::Hidden(Hidden::Format),
        G::LineSeparator | G::ParagraphSeparator => Class::Hidden(Hidden::Separator),
        G::PrivateUse => Class::Hidden(Hidden::PrivateUse),
        G::Unassigned | G::Surrogate => Class::Hidden(Hidden::Unassigned),
        _ if ignorable(c) => Class::Hidden(Hidden::Invisible),
        G::NonspacingMark | G::EnclosingMark => Class::Mark,
        _ => Class::Shown,
    }
}

/// The Default_Ignorable_Code_Point characters (Unicode's DerivedCoreProperties) that are
/// not already escaped by category as format or unassigned: nothing else shows as nothing.
fn ignorable(c: char) -> bool {
    matches!(c,
        '\u{034f}'                          // combining grapheme joiner
        | '\u{115f}' | '\u{1160}'           // Hangul choseong and jungseong fillers
        | '\u{17b4}' | '\u{17b5}'           // Khmer inherent vowels
        | '\u{180b}'..='\u{180d}' | '\u{180f}' // Mongolian free variation selectors
        | '\u{3164}' | '\u{ffa0}'           // Hangul filler, halfwidth Hangul filler
        | '\u{fe00}'..='\u{fe0f}'           // variation selectors 1-16
        | '\u{e0100}'..='\u{e01ef}') // variation selectors 17-256
}

/// Is `c`, wherever it stands, a character a terminal would act on or hide rather than
/// show? (A combining mark is so only where it has nothing to combine with: see
/// [`hidden`].) Line feeds and tabs are controls; [`escape_controls`] keeps them.
pub fn is_control(c: char) -> bool {
    matches!(class(c), Class::Hidden(_))
}

/// Walks a text deciding, character by character, what is escaped: a combining mark is
/// kept only right after a shown character that is not whitespace (or after such a mark).
struct Scan {
    keep_breaks: bool,
    after_base: bool,
    /// The last character shown was an emoji (or a variation selector after one).
    after_emoji: bool,
    /// ... and not one of the ASCII characters that are emoji too (digits, `#`, `*`).
    after_pictograph: bool,
}

impl Scan {
    fn new(keep_breaks: bool) -> Scan {
        Scan {
            keep_breaks,
            after_base: false,
            after_emoji: false,
            after_pictograph: false,
        }
    }

    /// Whether `c` (followed by `next`) is escaped, and why.
    fn hidden(&mut self, c: char, next: Option<char>) -> Option<Hidden> {
        let pictograph = |c: char| !c.is_ascii() && c.is_emoji_char();
        let selector = matches!(c, '\u{fe0e}' | '\u{fe0f}');
        let why = match class(c) {
            _ if self.keep_breaks && (c == '\n' || c == '\t') => None,
            _ if selector && self.after_emoji => None,
            _ if c == '\u{200d}' && self.after_pictograph && next.is_some_and(pictograph) => None,
            Class::Shown => None,
            Class::Mark if self.after_base => None,
            Class::Mark => Some(Hidden::LoneMark),
            Class::Hidden(why) => Some(why),
        };
        let shown = why.is_none();
        self.after_base = shown && !c.is_whitespace();
        (self.after_emoji, self.after_pictograph) = match shown {
            true if selector => (self.after_emoji, self.after_pictograph),
            true => (c.is_emoji_char(), pictograph(c)),
            false => (false, false),
        };
        why
    }

    /// Each character of `s` with its byte offset and whether (and why) it is escaped.
    fn each(mut self, s: &str) -> impl Iterator<Item = (usize, char, Option<Hidden>)> + '_ {
        let mut chars = s.char_indices().peekable();
        std::iter::from_fn(move || {
            let (i, c) = chars.next()?;
            let next = chars.peek().map(|&(_, n)| n);
            Some((i, c, self.hidden(c, next)))
        })
    }
}

/// The first character of `s` that [`escape_controls`] would escape, and why.
pub fn hidden(s: &str) -> Option<(char, Hidden)> {
    (Scan::new(true).each(s)).find_map(|(_, c, why)| why.map(|why| (c, why)))
}

/// Does `s` hold a character [`escape_controls`] would escape (line feeds and tabs aside)?
pub fn has_controls(s: &str) -> bool {
    first_escaped(s, true).is_some()
}

impl Hidden {
    /// What such a character is, in English (front ends say it in their own words).
    pub fn describe(self) -> &'static str {
        match self {
            Hidden::Control => "a control character",
            Hidden::Format => "a format character, shown as nothing or reordering text",
            Hidden::Separator => "a line or paragraph separator",
            Hidden::PrivateUse => "a private-use character, whose look depends on the font",
            Hidden::Unassigned => "not a character of any script",
            Hidden::Invisible => "a character shown as nothing",
            Hidden::LoneMark => "a combining mark with no letter before it",
        }
    }
}

/// `s` with every character the rule above hides shown as an escape, line feeds and tabs
/// aside.
pub fn escape_controls(s: &str) -> Cow<'_, str> {
    escape(s, true)
}

/// `s` on one line: as [`escape_controls`], and line feeds and tabs escaped too.
pub fn escape_line(s: &str) -> Cow<'_, str> {
    escape(s, false)
}

/// The byte offset of the first character to escape.
fn first_escaped(s: &str, keep_breaks: bool) -> Option<usize> {
    (Scan::new(keep_breaks).each(s)).find_map(|(i, _, why)| why.map(|_| i))
}

fn escape(s: &str, keep_breaks: bool) -> Cow<'_, str> {
    let Some(first) = first_escaped(s, keep_breaks) else {
        return Cow::Borrowed(s);
    };
    let mut out = String::with_capacity(s.len() + 8);
    out.push_str(&s[..first]);
    // The scan starts over at the first escape, whose character is escaped whatever came
    // before it: a mark there has no base either way.
    for (_, c, why) in Scan::new(keep_breaks).each(&s[first..]) {
        if why.is_none() {
            out.push(c);
            continue;
        }
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_ascii() => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
        }
    }
    Cow::Owned(out)
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
mod tests;
