//! `--names`: the humans' names, checked before a game starts. One per human (or none,
//! for the default names), each a line of readable text, none twice, none another seat's.

use crate::text::{Arg, tr};
use dungeon_engine::lang::Lang;
use dungeon_engine::printable::{escape_line, truncate};

/// The longest name, in characters: it must fit the table's narrow columns.
pub const MAX_CHARS: usize = 20;

/// The names given in `list` (comma-separated, each trimmed) for `humans` players, or an
/// error saying what is wrong. `taken` holds the names the other seats show (the bots'),
/// which a human may not take. `None` gives no names: every human gets the default one.
pub fn parse(
    lang: Lang,
    list: Option<&str>,
    humans: usize,
    taken: &[String],
) -> Result<Vec<String>, String> {
    let Some(list) = list else {
        return Ok(Vec::new());
    };
    let names: Vec<&str> = list.split(',').map(str::trim).collect();
    if names.len() != humans {
        let args = [("given", names.len().into()), ("humans", humans.into())];
        return Err(tr(lang, "error-names-count", &args));
    }
    // One line, and short: a name refused for its length is not printed whole.
    let quoted = |name: &str| -> Arg { escape_line(&truncate(name, 40)).into_owned().into() };
    for (i, name) in names.iter().enumerate() {
        let number = [("number", Arg::from(i + 1))];
        if name.is_empty() {
            return Err(tr(lang, "error-names-empty", &number));
        }
        // Any character a terminal would act on or not show: one name must not look like
        // another, nor like nothing.
        if escape_line(name) != *name {
            return Err(tr(lang, "error-names-control", &number));
        }
        if name.chars().count() > MAX_CHARS {
            let args = [("name", quoted(name)), ("max", MAX_CHARS.into())];
            return Err(tr(lang, "error-names-long", &args));
        }
        let same = |other: &str| other.to_lowercase() == name.to_lowercase();
        if names[..i].iter().any(|n| same(n)) {
            return Err(tr(lang, "error-names-twice", &[("name", quoted(name))]));
        }
        if taken.iter().any(|n| same(n)) {
            return Err(tr(lang, "error-names-taken", &[("name", quoted(name))]));
        }
    }
    Ok(names.into_iter().map(str::to_string).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(list: &str, humans: usize) -> Result<Vec<String>, String> {
        parse(
            Lang::En,
            Some(list),
            humans,
            &["Bot 3 (normal)".to_string()],
        )
    }

    #[test]
    fn names_are_trimmed_and_kept_in_order() {
        assert_eq!(check(" Ada , Bob", 2).unwrap(), ["Ada", "Bob"]);
        assert_eq!(parse(Lang::En, None, 3, &[]).unwrap(), Vec::<String>::new());
        assert_eq!(check("Zoë Ñandú-Ōno", 1).unwrap(), ["Zoë Ñandú-Ōno"]);
    }

    #[test]
    fn as_many_names_as_humans() {
        assert_eq!(
            check("Ada", 2).unwrap_err(),
            "--names gives 1 name, but 2 humans play (--humans)"
        );
        assert_eq!(
            check("Ada,Bob", 1).unwrap_err(),
            "--names gives 2 names, but 1 human plays (--humans)"
        );
        assert!(check("Ada", 0).is_err());
    }

    #[test]
    fn no_name_twice_whatever_its_case_nor_another_seats() {
        assert_eq!(
            check("Ada, ADA ", 2).unwrap_err(),
            "--names: `ADA` is given twice (names must differ, whatever their case)"
        );
        assert_eq!(
            check("bot 3 (NORMAL)", 1).unwrap_err(),
            "--names: `bot 3 (NORMAL)` is already the name of another seat"
        );
    }

    #[test]
    fn names_are_short_readable_lines() {
        assert_eq!(check("Ada,", 2).unwrap_err(), "--names: name 2 is empty");
        assert_eq!(
            check("Eve\u{1b}[2J", 1).unwrap_err(),
            "--names: name 1 holds a control character or one that shows as nothing (an \
             escape, a tab, a line break, a zero-width space...)"
        );
        // Each class of printable.rs's rule: format, invisible, a mark on nothing.
        for hidden in [
            "Ada\u{200b}",
            "\u{202e}Bob",
            "\u{3164}",
            "\u{301}Ada",
            "Eve \u{20dd}",
        ] {
            assert!(check(hidden, 1).is_err(), "{hidden:?}");
        }
        let long = "x".repeat(MAX_CHARS + 1);
        assert_eq!(
            check(&long, 1).unwrap_err(),
            format!("--names: `{long}` is longer than 20 characters")
        );
        assert!(check(&"é".repeat(MAX_CHARS), 1).is_ok());
        // A very long name is quoted cut short, not printed whole.
        let huge = check(&"y".repeat(5000), 1).unwrap_err();
        assert!(huge.len() < 120, "{huge}");
        assert!(huge.contains(&format!("`{}…`", "y".repeat(40))), "{huge}");
    }

    #[test]
    fn the_errors_are_in_the_language_chosen() {
        let es = parse(Lang::Es, Some("Ana"), 2, &[]).unwrap_err();
        assert_eq!(es, "--names da 1 nombre, pero juegan 2 personas (--humans)");
        let fr = parse(Lang::Fr, Some("Ana,ana"), 2, &[]).unwrap_err();
        assert_eq!(
            fr,
            "--names : `ana` est donné deux fois (les noms doivent différer, majuscules ou non)"
        );
    }
}
