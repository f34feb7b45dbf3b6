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

/// One character of each kind issue 25 lists, by the class the rule gives it: each must be
/// escaped wherever it stands (in the middle of a word here), and named so by [`hidden`].
const HIDDEN: &[(char, Hidden, &str)] = &[
    ('\u{1b}', Hidden::Control, "escape"),
    ('\u{7f}', Hidden::Control, "delete"),
    ('\u{9d}', Hidden::Control, "C1 operating system command"),
    ('\u{ad}', Hidden::Format, "soft hyphen"),
    ('\u{600}', Hidden::Format, "Arabic number sign"),
    ('\u{605}', Hidden::Format, "Arabic number mark above"),
    ('\u{6dd}', Hidden::Format, "Arabic end of ayah"),
    ('\u{8e2}', Hidden::Format, "Arabic disputed end of ayah"),
    ('\u{180e}', Hidden::Format, "Mongolian vowel separator"),
    ('\u{200b}', Hidden::Format, "zero width space"),
    ('\u{200d}', Hidden::Format, "zero width joiner"),
    ('\u{202e}', Hidden::Format, "right-to-left override"),
    ('\u{2067}', Hidden::Format, "right-to-left isolate"),
    ('\u{206a}', Hidden::Format, "inhibit symmetric swapping"),
    ('\u{feff}', Hidden::Format, "zero width no-break space"),
    ('\u{fff9}', Hidden::Format, "interlinear annotation anchor"),
    ('\u{110bd}', Hidden::Format, "Kaithi number sign"),
    ('\u{1d173}', Hidden::Format, "musical symbol begin beam"),
    ('\u{e0001}', Hidden::Format, "language tag"),
    ('\u{e0041}', Hidden::Format, "tag latin capital letter A"),
    ('\u{e007f}', Hidden::Format, "cancel tag"),
    ('\u{2028}', Hidden::Separator, "line separator"),
    ('\u{2029}', Hidden::Separator, "paragraph separator"),
    ('\u{e000}', Hidden::PrivateUse, "private use"),
    (
        '\u{f8ff}',
        Hidden::PrivateUse,
        "private use (a logo in some fonts)",
    ),
    (
        '\u{10fffd}',
        Hidden::PrivateUse,
        "supplementary private use",
    ),
    ('\u{378}', Hidden::Unassigned, "unassigned in Greek"),
    (
        '\u{2065}',
        Hidden::Unassigned,
        "unassigned, default ignorable",
    ),
    (
        '\u{e0080}',
        Hidden::Unassigned,
        "unassigned in the tags block",
    ),
    ('\u{10ffff}', Hidden::Unassigned, "noncharacter"),
    ('\u{115f}', Hidden::Invisible, "Hangul choseong filler"),
    ('\u{1160}', Hidden::Invisible, "Hangul jungseong filler"),
    ('\u{3164}', Hidden::Invisible, "Hangul filler"),
    ('\u{ffa0}', Hidden::Invisible, "halfwidth Hangul filler"),
    ('\u{34f}', Hidden::Invisible, "combining grapheme joiner"),
    ('\u{17b4}', Hidden::Invisible, "Khmer vowel inherent"),
    (
        '\u{180b}',
        Hidden::Invisible,
        "Mongolian free variation selector",
    ),
    ('\u{fe0f}', Hidden::Invisible, "variation selector 16"),
    ('\u{e0100}', Hidden::Invisible, "variation selector 17"),
];

#[test]
fn every_hidden_class_is_escaped_wherever_it_stands() {
    let mut wrong = Vec::new();
    for &(c, why, what) in HIDDEN {
        let text = format!("Orc{c}ish");
        let escaped = if c.is_ascii() {
            format!("Orc\\x{:02x}ish", c as u32)
        } else {
            format!("Orc\\u{{{:x}}}ish", c as u32)
        };
        let right = escape_line(&text) == escaped
            && escape_controls(&text) == escaped
            && has_controls(&text)
            && is_control(c)
            && hidden(&text) == Some((c, why));
        if !right {
            wrong.push(format!("U+{:04X} {what}", c as u32));
        }
    }
    assert!(wrong.is_empty(), "shown raw or misnamed: {wrong:#?}");
}

/// Combining marks: kept on a base character (accents written decomposed, a stack of
/// them), escaped with nothing to land on but what the terminal printed before.
#[test]
fn a_combining_mark_is_escaped_only_without_a_base() {
    let acute = '\u{301}';
    let enclosing = '\u{20dd}';
    for mark in [acute, enclosing, '\u{489}', '\u{1ab0}'] {
        let kept = format!("Drago{mark}n e{mark}{mark}");
        assert_eq!(escape_line(&kept), kept, "U+{:04X} on a base", mark as u32);
        let e = format!("\\u{{{:x}}}", mark as u32);
        let cases = [
            (format!("{mark}Orc"), format!("{e}Orc"), "at the start"),
            (format!("{mark}{mark}"), format!("{e}{e}"), "marks alone"),
            (format!("Orc {mark}"), format!("Orc {e}"), "after a space"),
            (
                format!("a\u{a0}{mark}"),
                format!("a\u{a0}{e}"),
                "after a no-break space",
            ),
            (
                format!("a\u{3000}{mark}"),
                format!("a\u{3000}{e}"),
                "after a wide space",
            ),
            (
                format!("a\u{200b}{mark}"),
                format!("a\\u{{200b}}{e}"),
                "after an escape",
            ),
            (
                format!("\u{3164}{mark}"),
                format!("\\u{{3164}}{e}"),
                "on a filler",
            ),
        ];
        for (text, shown, what) in cases {
            assert_eq!(escape_line(&text), shown, "{what}");
            assert!(hidden(&text).is_some(), "{what}");
            assert!(has_controls(&text), "{what}");
        }
        // A line feed kept by escape_controls is no base either.
        let text = format!("a\n{mark}b");
        assert_eq!(escape_controls(&text), format!("a\n{e}b"));
        assert_eq!(hidden(&format!("{mark}x")), Some((mark, Hidden::LoneMark)));
    }
}

#[test]
fn ordinary_text_of_many_scripts_is_left_alone() {
    for text in [
        "Dragón, cœur, Épée à papa",
        "Ниндзя, Дракон",
        "忍者とドラゴン",
        "드래곤",
        "ड्रैगन",
        "التنين",
        "עַיִן",
        "Ꭰ 𝔇𝔯𝔞𝔤𝔬𝔫 ≥ ≤ ↑ ↓ — «»",
        "1\u{a0}000 et 2\u{202f}%",
    ] {
        assert_eq!(escape_line(text), text);
        assert!(!has_controls(text), "{text}");
        assert_eq!(hidden(text), None, "{text}");
    }
}

#[test]
fn escaping_twice_changes_nothing_more() {
    for &(c, _, what) in HIDDEN {
        let once = escape_line(&format!("\u{301}{c}\u{301}x")).into_owned();
        assert_eq!(escape_line(&once), once, "{what}");
    }
}

#[test]
fn truncates_at_a_character_boundary() {
    assert_eq!(truncate("abc", 5), "abc");
    assert_eq!(truncate("ééé", 3), "é…");
}

/// Names with emoji are written with variation selectors and zero-width joiners: those
/// are shown inside an emoji sequence ("Ana 👩‍💻" was shown as `\u{200d}` escapes), and
/// escaped anywhere else, where they would hide something.
#[test]
fn emoji_sequences_are_shown_and_their_joiners_nowhere_else() {
    for name in [
        "Ana 👩‍💻",
        "🏳️‍🌈 Pride",
        "❤️",
        "1️⃣ first",
        "👍🏽",
        "❤️‍🔥",
        "🇪🇸 España",
        "👨‍👩‍👧‍👦 family",
        "#️⃣",
    ] {
        assert_eq!(escape_line(name), name, "{name:?}");
        assert_eq!(hidden(name), None, "{name:?}");
    }
    for (text, shown) in [
        ("a\u{200d}b", "a\\u{200d}b"),
        ("\u{200d}", "\\u{200d}"),
        ("😀\u{200d}", "😀\\u{200d}"),
        ("😀\u{200d}a", "😀\\u{200d}a"),
        ("1\u{200d}2", "1\\u{200d}2"),
        ("\u{fe0f}", "\\u{fe0f}"),
        ("a\u{fe0f}", "a\\u{fe0f}"),
        ("😀 \u{fe0f}", "😀 \\u{fe0f}"),
        // A subdivision flag is tags: invisible text, kept escaped.
        (
            "🏴\u{e0067}\u{e0062}\u{e007f}",
            "🏴\\u{e0067}\\u{e0062}\\u{e007f}",
        ),
    ] {
        assert_eq!(escape_line(text), shown, "{text:?}");
        assert!(hidden(text).is_some(), "{text:?}");
    }
}
