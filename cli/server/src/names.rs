//! Players' names, as the server takes them from clients (`join`, `create_table`): kept
//! in Unicode's composed form (NFC), so that one name typed two ways is one name; refused
//! when nobody could read them (nothing visible: spaces and combining marks alone) or when
//! they hold characters that change how text around them shows (controls, format
//! characters such as bidirectional overrides or zero-width joiners, fillers); unique at
//! a table whatever their case; and never like the labels the front ends give seats by
//! default (`Bot 4 (hard)`, `Player 2`, `You`, in every language they speak), so that a
//! person cannot pass for a bot or for another seat.

use dungeon_engine::printable::has_controls;
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// The longest seat name, in characters (as `dungeon play --names`).
pub(crate) const MAX_NAME_CHARS: usize = 20;

/// The words the front ends' default labels start with (`seat-you`, `seat-player`,
/// `seat-bot` in `cli/i18n`).
const ALONE: [&str; 4] = ["you", "tú", "tu", "vous"];
const NUMBERED: [&str; 3] = ["player", "jugador", "joueur"];

/// The name as kept (trimmed, NFC; empty for a default name), or why it is refused.
pub(crate) fn check(name: &str) -> Result<String, String> {
    let name: String = name.trim().nfc().collect();
    if name.is_empty() {
        return Ok(name);
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(format!("a name is at most {MAX_NAME_CHARS} characters"));
    }
    if has_controls(&name) || name.chars().any(invisible) {
        return Err("a name may not hold control, format or invisible characters".into());
    }
    if name
        .chars()
        .all(|c| c.is_whitespace() || is_combining_mark(c))
    {
        return Err("a name needs a visible letter or sign".into());
    }
    if reserved(&fold(&name)) {
        return Err("that name is kept for the seats' default labels (bots, players)".into());
    }
    Ok(name)
}

/// How names are compared: NFC, lower case.
pub(crate) fn fold(name: &str) -> String {
    name.nfc().flat_map(char::to_lowercase).nfc().collect()
}

/// Characters that show nothing but change what is around them, or show as blank
/// without being spaces: format characters (Unicode's `Cf`), fillers and blanks.
fn invisible(c: char) -> bool {
    matches!(c as u32,
        0x00AD | 0x034F | 0x061C | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x180B..=0x180F
        | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0x2800 | 0x3164
        | 0xFE00..=0xFE0F | 0xFEFF | 0xFFA0 | 0xFFF9..=0xFFFB
        | 0x0600..=0x0605 | 0x06DD | 0x070F | 0x0890 | 0x0891 | 0x08E2
        | 0x110BD | 0x110CD | 0x13430..=0x1343F | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A
        | 0xE0000..=0xE0FFF)
}

/// Whether a folded name reads like a default label: `bot` alone or before a
/// non-letter (`Bot 4 (hard)`, `bot-2`), `player 2` and its translations, `you`...
fn reserved(folded: &str) -> bool {
    let words: Vec<&str> = folded
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let bot = folded
        .strip_prefix("bot")
        .is_some_and(|rest| !rest.starts_with(char::is_alphabetic));
    let numbered = match words.as_slice() {
        [word, number] => NUMBERED.contains(word) && number.chars().all(|c| c.is_ascii_digit()),
        [word] => ALONE.contains(word) || NUMBERED.contains(word),
        _ => false,
    };
    bot || numbered
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_composed_visible_and_not_like_a_default_label() {
        assert_eq!(check("  Ana  ").as_deref(), Ok("Ana"));
        assert_eq!(check("").as_deref(), Ok(""));
        // e + combining acute, composed.
        assert_eq!(check("Rene\u{301}").as_deref(), Ok("René"));
        for bad in [
            "\u{301}\u{301}",
            "\u{200B}",
            "A\u{202E}na",
            "\u{3164}",
            "Ana\u{E0041}",
            "Bot 4 (hard)",
            "bot",
            "BOT-2",
            "Player 2",
            "Joueur 3",
            "You",
            "abcdefghijklmnopqrstu",
        ] {
            assert!(check(bad).is_err(), "{bad:?} accepted");
        }
        for good in ["Botan", "Bottom", "Playa", "Ana 2", "José"] {
            assert!(check(good).is_ok(), "{good:?} refused");
        }
        assert_eq!(fold("ÉLodie"), fold("e\u{301}lodie"));
    }
}
