//! What a pack's scripts can read of the game around a dungeon: the standings, and the
//! seats. The bots' survival figures leave out whatever no script reads, so that one
//! figure serves every table size and seat (`typical.rs`). A script is judged by the
//! names in its code, comments left out (a comment that says "the runner" reads
//! nothing), and by the names of the helpers it calls that read them.
//!
//! A script that builds a name at run time (`ctx["run" .. "ner"]`) is not seen: its
//! figures are then shared by seats it tells apart, which makes the bots' odds of that
//! pack less exact, never a game less fair (the figures are public odds).

use crate::catalog::Catalog;

/// Names that read the standings.
const STANDINGS: &[&str] = &["successes", "failures"];
/// Names that read the seats.
const SEATS: &[&str] = &["players", "other_seats", "ask_seat", "runner"];

/// Whether some script of `catalog` reads the standings, and the seats.
pub(crate) fn scan(catalog: &Catalog) -> (bool, bool) {
    let scripts: Vec<&str> = (catalog.tiles.iter().map(|t| &t.info))
        .chain(catalog.monsters.iter().map(|m| &m.info))
        .filter_map(|info| info.script.as_ref().map(|s| &*s.code))
        .collect();
    let reads = |words: &[&str]| {
        let names = with_helpers(words);
        scripts
            .iter()
            .any(|code| identifiers(code).any(|id| names.iter().any(|n| n == id)))
    };
    (reads(STANDINGS), reads(SEATS))
}

/// Helpers that ask for a seat only to have it answer a question. In a figure's
/// situation every other seat is alike (the runner picks, any other seat answers against
/// the runner), so what they do depends on no seat's number nor on how many there are.
const ASK_A_SEAT_ONLY: &[&str] = &["another_player_names_species"];

/// `words` and the names of the prelude's helpers that use one of them, directly or
/// through another helper.
fn with_helpers(words: &[&str]) -> Vec<String> {
    let mut helpers = helpers(crate::version::PRELUDE);
    helpers.retain(|(name, _)| !ASK_A_SEAT_ONLY.contains(&name.as_str()));
    let mut names: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    loop {
        let before = names.len();
        for (name, body) in &helpers {
            if !names.contains(name) && identifiers(body).any(|id| names.iter().any(|n| n == id)) {
                names.push(name.clone());
            }
        }
        if names.len() == before {
            return names;
        }
    }
}

/// The prelude's top-level functions, by name (`dungeon.name` and `local function name`
/// alike), each with its text up to the next one.
fn helpers(prelude: &str) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = Vec::new();
    for line in prelude.lines() {
        let head = (line.strip_prefix("function dungeon."))
            .or_else(|| line.strip_prefix("local function "));
        match head {
            Some(rest) => {
                let name: String = rest.chars().take_while(|&c| is_name_char(c)).collect();
                found.push((name, String::new()));
            }
            None => {
                if let Some((_, body)) = found.last_mut() {
                    body.push_str(line);
                    body.push('\n');
                }
            }
        }
    }
    found
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The names in Lua `code` outside its comments (strings are kept: a name written in a
/// string may be looked up with it).
pub(crate) fn identifiers(code: &str) -> impl Iterator<Item = &str> {
    strip_comments(code)
        .into_iter()
        .flat_map(|part| part.split(|c: char| !is_name_char(c)))
        .filter(|w| w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
}

/// `code` cut into the stretches that are not comments. Strings are stepped over whole, so
/// a `--` inside one starts no comment.
fn strip_comments(code: &str) -> Vec<&str> {
    let bytes = code.as_bytes();
    let mut parts = Vec::new();
    let (mut start, mut i) = (0, 0);
    while i < bytes.len() {
        match bytes[i] {
            b'-' if bytes.get(i + 1) == Some(&b'-') => {
                parts.push(&code[start..i]);
                i += 2;
                i = match long_bracket(bytes, i) {
                    Some(level) => close_long_bracket(bytes, i, level),
                    None => bytes[i..]
                        .iter()
                        .position(|&b| b == b'\n')
                        .map_or(bytes.len(), |n| i + n),
                };
                start = i;
            }
            quote @ (b'"' | b'\'') => {
                i += 1;
                while i < bytes.len() && bytes[i] != quote && bytes[i] != b'\n' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'[' => match long_bracket(bytes, i) {
                Some(level) => i = close_long_bracket(bytes, i, level),
                None => i += 1,
            },
            _ => i += 1,
        }
    }
    parts.push(&code[start.min(code.len())..]);
    parts
}

/// The level of a long bracket (`[[`, `[==[`) opening at `i`, if one does.
fn long_bracket(bytes: &[u8], i: usize) -> Option<usize> {
    if bytes.get(i) != Some(&b'[') {
        return None;
    }
    let level = bytes[i + 1..].iter().take_while(|&&b| b == b'=').count();
    (bytes.get(i + 1 + level) == Some(&b'[')).then_some(level)
}

/// Where the long bracket of `level` opened at `i` ends (just past it), or the end.
fn close_long_bracket(bytes: &[u8], i: usize, level: usize) -> usize {
    let mut close = vec![b']'];
    close.extend(std::iter::repeat_n(b'=', level));
    close.push(b']');
    let body = i + level + 2;
    (bytes.get(body..).unwrap_or_default())
        .windows(close.len())
        .position(|w| w == close.as_slice())
        .map_or(bytes.len(), |n| body + n + close.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(code: &str) -> Vec<&str> {
        identifiers(code).collect()
    }

    #[test]
    fn comments_are_not_read_but_code_and_strings_are() {
        assert_eq!(names("-- the runner\nreturn x"), ["return", "x"]);
        assert_eq!(
            names("--[[ the\nrunner ]] a --[==[ b ]] ]==] c"),
            ["a", "c"]
        );
        assert_eq!(
            names("local s = 'a--runner' b"),
            ["local", "s", "a", "runner", "b"]
        );
        assert_eq!(names("ctx.runner() -- players"), ["ctx", "runner"]);
        assert_eq!(names("x = [[ -- ]] y"), ["x", "y"]);
        assert_eq!(names("x = \"\\\" -- \" y"), ["x", "y"]);
        assert_eq!(names("--[[ never closed runner"), Vec::<&str>::new());
        assert_eq!(names("a1 = 2b"), ["a1"]);
    }

    #[test]
    fn helpers_read_what_their_code_reads() {
        let prelude = helpers(crate::version::PRELUDE);
        let body = |name: &str| &prelude.iter().find(|(n, _)| n == name).expect(name).1;
        // Every helper named as asking a seat only is still in the prelude, asking one.
        for name in ASK_A_SEAT_ONLY {
            assert!(identifiers(body(name)).any(|id| id == "ask_seat"), "{name}");
        }
        let seats = with_helpers(SEATS);
        assert!(!seats.iter().any(|n| ASK_A_SEAT_ONLY.contains(&n.as_str())));
        assert!(!seats.iter().any(|n| n == "reduce_damage"));
        // A helper that reads a name, and one that calls it, are found.
        let mut words = SEATS.to_vec();
        words.push("nameable");
        assert!(
            with_helpers(&words)
                .iter()
                .any(|n| n == "name_species_before_entering")
        );
    }

    #[test]
    fn the_boxes_are_read_by_their_code() {
        for (packs, standings, seats) in [
            (&["base"][..], false, false),
            (&["sequel"][..], true, false),
            (&["base", "sequel"][..], true, false),
        ] {
            let engine = crate::Engine::built_in(packs);
            assert_eq!(scan(engine.catalog()), (standings, seats), "{packs:?}");
        }
    }
}
