//! The message files and the code agree: every file parses, every message exists in
//! every language with the same variables and attributes, every id the code uses exists,
//! and every message is used. Plurals and numbers follow each language.
//!
//! Which ids the code uses is found by scanning the sources: [`tr`], [`Text::t`] and
//! [`Text::about`] take the id as a `&'static str`, so it cannot be assembled at run time
//! (`format!` gives a `String`) and is written out as a string literal somewhere in
//! `cli/src`, `cli/text/src` or `cli/server/src`. The scan collects every literal shaped like a message id (`play-welcome`,
//! or the older `play.welcome`) whose first part names a group of messages. A missing
//! message is then an id in the code that no file has; an unused one, a message no
//! literal names. This file is left out of the scan: its literals are not uses.

use super::messages::{FILES, number_text, walk_pattern};
use super::*;
use dungeon_engine::action::{Answer, CardRef, Question};
use dungeon_engine::lang::Lang;
use fluent_bundle::types::FluentNumber;
use fluent_syntax::ast;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A message file's messages: id (or `id.attribute`) → the variables it uses.
fn variables(lang: Lang, ftl: &'static str) -> BTreeMap<String, BTreeSet<String>> {
    let resource = match fluent_syntax::parser::parse(ftl) {
        Ok(r) => r,
        Err((_, errors)) => panic!("{}.ftl: {errors:?}", lang.code()),
    };
    let mut out = BTreeMap::new();
    for entry in &resource.body {
        let ast::Entry::Message(message) = entry else {
            continue;
        };
        let mut patterns = Vec::new();
        if let Some(value) = &message.value {
            patterns.push((message.id.name.to_string(), value));
        }
        for a in &message.attributes {
            patterns.push((format!("{}.{}", message.id.name, a.id.name), &a.value));
        }
        for (key, pattern) in patterns {
            let mut found = BTreeSet::new();
            walk_pattern(pattern, &mut |e| collect_variables(e, &mut found));
            assert!(
                out.insert(key.clone(), found).is_none(),
                "{}.ftl: `{key}` twice",
                lang.code()
            );
        }
    }
    out
}

fn collect_variables(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    fn inline(e: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
        match e {
            ast::InlineExpression::VariableReference { id } => {
                out.insert(id.name.to_string());
            }
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    inline(a, out);
                }
            }
            _ => {}
        }
    }
    match e {
        ast::Expression::Select { selector, .. } => inline(selector, out),
        ast::Expression::Inline(i) => inline(i, out),
    }
}

#[test]
fn every_message_file_parses_without_an_error() {
    for (lang, ftl) in FILES {
        if let Err((_, errors)) = fluent_syntax::parser::parse(ftl) {
            let described: Vec<String> = errors
                .iter()
                .map(|e| {
                    let line = ftl[..e.pos.start.min(ftl.len())].lines().count();
                    format!("line {line}: {:?}", e.kind)
                })
                .collect();
            panic!("{}.ftl:\n{}", lang.code(), described.join("\n"));
        }
    }
}

#[test]
fn a_syntax_error_is_found() {
    // The check above would see a broken file: an unclosed placeable.
    assert!(fluent_syntax::parser::parse("broken = Hello { $name\n").is_err());
}

#[test]
fn every_message_is_in_every_language_with_the_same_variables_and_attributes() {
    let en = variables(FILES[0].0, FILES[0].1);
    for (lang, ftl) in &FILES[1..] {
        let other = variables(*lang, ftl);
        let code = lang.code();
        for (key, vars) in &en {
            let Some(theirs) = other.get(key) else {
                panic!("{code}.ftl has no `{key}`");
            };
            assert_eq!(
                vars, theirs,
                "{code}.ftl: `{key}` uses other variables than in English"
            );
        }
        for key in other.keys() {
            assert!(
                en.contains_key(key),
                "{code}.ftl has `{key}`, en.ftl does not"
            );
        }
    }
}

/// The string literals of a Rust source file (comments, char literals and lifetimes
/// skipped), escapes left as written.
fn string_literals(source: &str) -> Vec<String> {
    let bytes = source.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < bytes.len() && !(bytes[i] == b'*' && bytes[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
            }
            b'r' if matches!(bytes.get(i + 1), Some(b'"' | b'#'))
                && (i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_')) =>
            {
                let hashes = bytes[i + 1..].iter().take_while(|&&b| b == b'#').count();
                let start = i + 2 + hashes;
                if bytes.get(start - 1) != Some(&b'"') {
                    i += 1;
                    continue;
                }
                let end_marker = format!("\"{}", "#".repeat(hashes));
                let end = source[start..]
                    .find(&end_marker)
                    .map_or(bytes.len(), |e| start + e);
                out.push(source[start..end].to_string());
                i = end + end_marker.len();
            }
            b'"' => {
                let start = i + 1;
                i = start;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                out.push(source[start..i.min(bytes.len())].to_string());
                i += 1;
            }
            // A char literal ('"', '\'', 'x'); a lifetime ('a) has no closing quote.
            b'\'' => {
                let rest = &source[i + 1..];
                let len = if rest.starts_with('\\') {
                    rest[1..].find('\'').map(|e| e + 1)
                } else {
                    rest.chars().next().map(char::len_utf8)
                };
                match len {
                    Some(l) if rest[l..].starts_with('\'') => i += l + 2,
                    _ => i += 1,
                }
            }
            _ => i += 1,
        }
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("cli/src is readable") {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The message ids the code names, as (id, where), from the literals of `cli/src` whose
/// first part is one of `groups` (the first parts of the English ids).
fn ids_in_code(groups: &BTreeSet<String>) -> Vec<(String, String)> {
    let cli = Path::new(env!("CARGO_MANIFEST_DIR"));
    let src = cli.join("src");
    let this_file = src.join("text").join("tests.rs");
    let mut files = Vec::new();
    // The command, the texts' own crate, and the server (its browser table's words).
    for dir in [src.clone(), cli.join("text/src"), cli.join("server/src")] {
        rust_files(&dir, &mut files);
    }
    let mut out = Vec::new();
    for file in files.into_iter().filter(|f| *f != this_file) {
        let source = std::fs::read_to_string(&file).unwrap();
        for literal in string_literals(&source) {
            let shaped = literal.len() > 2
                && literal
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "._-".contains(c))
                && literal.contains(['.', '-']);
            let id = literal.replace(['.', '_'], "-");
            let group = id.split('-').next().unwrap_or_default();
            if shaped && groups.contains(group) {
                let place = file.strip_prefix(cli).unwrap().display().to_string();
                out.push((id, place));
            }
        }
    }
    out
}

#[test]
fn every_id_the_code_uses_exists_and_every_message_is_used() {
    let en = variables(FILES[0].0, FILES[0].1);
    let messages: BTreeSet<&str> = en
        .keys()
        .filter(|k| !k.contains('.'))
        .map(String::as_str)
        .collect();
    let groups: BTreeSet<String> = messages
        .iter()
        .map(|id| id.split('-').next().unwrap().to_string())
        .collect();
    let used = ids_in_code(&groups);
    let mut named = BTreeSet::new();
    for (id, place) in &used {
        // The older `_you` keys name the `.you` attribute of their message.
        let base = id
            .strip_suffix("-you")
            .filter(|b| en.contains_key(&format!("{b}.you")));
        let id = base.unwrap_or(id);
        assert!(
            messages.contains(id),
            "cli/src/{place} uses the message `{id}`, which en.ftl does not have"
        );
        named.insert(id.to_string());
    }
    let unused: Vec<&&str> = messages.iter().filter(|m| !named.contains(**m)).collect();
    assert!(unused.is_empty(), "messages no code uses: {unused:?}");
}

#[test]
fn the_scan_finds_ids_and_skips_what_is_not_code() {
    let source = r##"
        // tr(lang, "play-commented", &[])
        /* "play-block" */
        let c = '"'; let l: &'static str = "play-one";
        text.t("play.two", &[("name", x.into())]);
        let raw = r#"play-three"#;
        let escaped = "say \"play-four\"";
    "##;
    assert_eq!(
        string_literals(source),
        [
            "play-one",
            "play.two",
            "name",
            "play-three",
            "say \\\"play-four\\\""
        ]
    );
}

// --- Plurals and numbers -----------------------------------------------------------------

fn dungeon_size(lang: Lang, count: usize) -> String {
    tr(
        lang,
        "play-dungeon-size",
        &[("count", count.into()), ("deck", 2.into())],
    )
}

#[test]
fn counts_take_the_plural_of_each_language() {
    assert_eq!(
        dungeon_size(Lang::En, 0),
        "Dungeon: 0 cards. Deck: 2 cards."
    );
    assert_eq!(dungeon_size(Lang::En, 1), "Dungeon: 1 card. Deck: 2 cards.");
    assert_eq!(
        dungeon_size(Lang::En, 2),
        "Dungeon: 2 cards. Deck: 2 cards."
    );
    assert_eq!(
        dungeon_size(Lang::Es, 0),
        "Mazmorra: 0 cartas. Mazo: 2 cartas."
    );
    assert_eq!(
        dungeon_size(Lang::Es, 1),
        "Mazmorra: 1 carta. Mazo: 2 cartas."
    );
    // French counts zero as singular.
    assert_eq!(
        dungeon_size(Lang::Fr, 0),
        "Donjon : 0 carte. Pioche : 2 cartes."
    );
    assert_eq!(
        dungeon_size(Lang::Fr, 1),
        "Donjon : 1 carte. Pioche : 2 cartes."
    );
    assert_eq!(
        dungeon_size(Lang::Fr, 2),
        "Donjon : 2 cartes. Pioche : 2 cartes."
    );
    let score = |successes: u8, failures: u8| {
        tr(
            Lang::En,
            "play-score-line",
            &[
                ("name", "Ada".into()),
                ("successes", successes.into()),
                ("failures", failures.into()),
                ("status", "".into()),
            ],
        )
    };
    assert_eq!(score(1, 0), "Ada: 1 success, 0 failures");
    assert_eq!(score(0, 1), "Ada: 0 successes, 1 failure");
    let decisions = |lang, count: usize| tr(lang, "replay-end", &[("count", count.into())]);
    assert_eq!(decisions(Lang::En, 1), "End of the game: 1 decision.");
    assert_eq!(decisions(Lang::Es, 1), "Fin de la partida: 1 decisión.");
    assert_eq!(decisions(Lang::Es, 3), "Fin de la partida: 3 decisiones.");
    assert_eq!(decisions(Lang::Fr, 1), "Fin de la partie : 1 décision.");
    assert_eq!(decisions(Lang::Fr, 3), "Fin de la partie : 3 décisions.");
}

#[test]
fn decimals_use_the_separator_of_each_language() {
    assert_eq!(percent(Lang::En, 2.0 / 7.0, 2), "28.57%");
    assert_eq!(percent(Lang::Es, 2.0 / 7.0, 2), "28,57\u{a0}%");
    assert_eq!(percent(Lang::Fr, 2.0 / 7.0, 2), "28,57\u{a0}%");
    assert_eq!(percent(Lang::En, 1.0, 1), "100.0%");
    assert_eq!(percent_range(Lang::En, 0.1234, 0.2, 1), "12.3-20.0");
    assert_eq!(percent_range(Lang::Fr, 0.1234, 0.2, 1), "12,3-20,0");
    let seconds = |lang| {
        tr(
            lang,
            "sim-done",
            &[
                ("games", 1.into()),
                ("seconds", Arg::decimal(2.25, 1)),
                ("threads", 2.into()),
            ],
        )
    };
    assert_eq!(seconds(Lang::En), "1 game in 2.2 s (threads: 2)");
    assert_eq!(seconds(Lang::Es), "1 partida en 2,2 s (hilos: 2)");
    assert_eq!(
        seconds(Lang::Fr),
        "1 partie en 2,2 s (fils d'exécution : 2)"
    );
}

#[test]
fn whole_numbers_are_shown_exactly_without_grouping() {
    let n = |value: f64| number_text(&FluentNumber::from(value), ',');
    assert_eq!(n(1_000_000.0), "1000000");
    assert_eq!(n(-3.0), "-3");
    let integer = |v: Arg| match v {
        Arg::Number(n) => number_text(&n, '.'),
        Arg::LargeInteger(digits) => digits,
        Arg::Text(_) => unreachable!(),
    };
    assert_eq!(integer(u64::MAX.into()), "18446744073709551615");
    assert_eq!(integer((1u64 << 53).into()), "9007199254740992");
    assert_eq!(integer(Arg::decimal(-0.01, 1)), "0.0");
    let big = tr(Lang::En, "replay-end", &[("count", u64::MAX.into())]);
    assert_eq!(big, "End of the game: 18446744073709551615 decisions.");
}

#[test]
#[should_panic(expected = "give it as a number")]
fn a_count_given_as_text_is_a_bug_found_in_debug_builds() {
    tr(Lang::En, "replay-end", &[("count", "1".into())]);
}

#[test]
#[should_panic(expected = "replay-end")]
fn a_variable_left_out_is_a_bug_found_in_debug_builds() {
    tr(Lang::En, "replay-end", &[]);
}

#[test]
fn the_older_spelling_of_an_id_finds_the_same_message() {
    assert_eq!(
        tr(Lang::Fr, "play.welcome", &[]),
        tr(Lang::Fr, "play-welcome", &[])
    );
    let you = tr(Lang::Es, "play.your_turn_you", &[]);
    assert_eq!(you, "Te toca.");
    assert_eq!(
        tr(Lang::En, "play-your-turn", &[("name", "Ada".into())]),
        "Ada, your turn."
    );
}

#[test]
fn bots_are_named_by_level_and_old_saved_names_follow() {
    let bot = |lang, id, given| seat_name(lang, 1, given, Some(id), 1);
    assert_eq!(bot(Lang::En, "rules", ""), "Bot 2 (normal)");
    assert_eq!(bot(Lang::Es, "novice", ""), "Bot 2 (fácil)");
    // The random bot has no level: it is named for what it does.
    assert_eq!(bot(Lang::Es, "random", ""), "Bot 2 (al azar)");
    assert_eq!(bot(Lang::Fr, "ismcts", ""), "Bot 2 (difficile)");
    assert_eq!(bot(Lang::En, "ismcts:500", ""), "Bot 2 (hard:500)");
    assert_eq!(bot_kind(Lang::Fr, "ismcts:200ms"), "difficile:200ms");
    // Saves from before the levels hold the English default of their time.
    assert_eq!(bot(Lang::Fr, "rules", "Bot 2 (rules)"), "Bot 2 (normal)");
    assert_eq!(bot(Lang::En, "ismcts", "Bot 2 (search)"), "Bot 2 (hard)");
    assert_eq!(
        bot(Lang::En, "ismcts:50", "Bot 2 (search:50)"),
        "Bot 2 (hard:50)"
    );
    // A name someone chose stays.
    assert_eq!(bot(Lang::En, "rules", "Robo"), "Robo");
    assert_eq!(bot_kind(Lang::En, "wizard"), "wizard");
}

/// Issue 25: a prompt's placeholders were filled one name after the other, each inside what
/// the one before inserted: a 500-character prompt naming a 96-character tile printed a
/// line of hundreds of thousands. The base pack with the Healing Potion renamed
/// `{tile}{monster}...` and its question's prompt made of placeholders only.
#[test]
fn a_prompt_is_filled_once_and_bounded() {
    use dungeon_engine::catalog::PackLibrary;
    let name = "{tile}{monster}".repeat(6) + "{card}";
    assert_eq!(name.len(), 96);
    let prompt = "{card}{tile}{monster} ".repeat(22);
    assert!(prompt.len() <= 500);
    let base = include_str!("../../../cards/base.toml")
        .replace(
            "name = { en = \"Healing Potion\"",
            &format!("name = {{ en = \"{name}\""),
        )
        .replace(
            "healing_potion_use = { en = \"Healing Potion: the {monster} leaves you at 0 HP or less. Drink it now? (Kept, it can still be used if HP falls again.)\"",
            &format!("healing_potion_use = {{ en = \"{prompt}\""),
        );
    let mut files = crate::packs::builtin_files();
    files.insert("cards/base.toml", base);
    let mut library = PackLibrary::new();
    library
        .load_in(&files, "", "cards/base.toml")
        .expect("the pack loads");
    let (catalog, _) = library.catalog(&["base"]).expect("the pack builds");
    let potion = catalog.find_tile("healing_potion").expect("the potion");
    let orc = catalog.find_monster("orc").expect("an orc");
    let question = Question {
        seat: 0,
        asker: CardRef::Tile(potion),
        prompt: "healing_potion_use".into(),
        options: [Answer::Yes, Answer::No].into_iter().collect(),
    };
    let shown = Text::new(Lang::En, &catalog).prompt(&question, Some(orc));
    let max = fill::MAX_FILLED_CHARS + 1;
    assert!(shown.chars().count() <= max, "{} characters", shown.len());
    // Each placeholder of the prompt became the name as written, braces and all.
    assert!(
        shown.starts_with(&format!("{name}{name}Orc {name}")),
        "{shown}"
    );
    assert!(shown.ends_with('…'), "cut, and marked so");
}

/// Issue 25: `dungeon odds --file` printed an unknown id raw. Every text a message is given
/// is escaped where messages are made, so no path that forgets can print one raw: an
/// OSC 52 clipboard write, a soft hyphen and a combining mark alone here.
#[test]
fn message_arguments_are_escaped_whatever_the_caller_did() {
    let id = "\u{1b}]52;c;eA==\u{7}\u{ad}\u{301}";
    let args = [("id", id.into()), ("known", "torch".into())];
    assert_eq!(
        tr(Lang::En, "odds-unknown-tile", &args),
        "unknown tile `\\x1b]52;c;eA==\\x07\\u{ad}\\u{301}` (known: torch)."
    );
    // Line breaks in a value stay: some messages take lists on several lines.
    let args = [("error", "one\ntwo".into())];
    assert_eq!(tr(Lang::En, "odds-failed", &args).matches('\n').count(), 1);
}

/// A card's text names a ruling by its id in backticks for pack authors; players read the
/// ruling's name. A backticked word that is no ruling's id is left as it is.
#[test]
fn card_texts_name_rulings_by_their_names() {
    let library = crate::packs::library(Lang::En, &[], None).expect("the built-in packs");
    let catalog = crate::packs::catalog(Lang::En, &library, "base").expect("the base box");
    let potion = catalog.find_tile("healing_potion").unwrap();
    let es = Text::new(Lang::Es, &catalog).card_text(&catalog.tile(potion).info);
    assert!(
        es.contains("«Poción de curación: ¿se puede rechazar?»") && !es.contains('`'),
        "{es}"
    );
    let mut info = catalog.tile(potion).info.clone();
    info.text =
        dungeon_engine::lang::LocalText::single(Lang::En, "see `healing_potion`, not `nothing`, `");
    let en = Text::new(Lang::En, &catalog).card_text(&info);
    assert_eq!(
        en,
        "see “Healing Potion: may it be declined?”, not `nothing`, `"
    );
}
