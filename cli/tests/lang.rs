//! The `dungeon` command in Spanish and French: whole games, the card list and the
//! simulator show no English text. Card names and rules text come from the packs, in the
//! language chosen.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const EN: &str = include_str!("../i18n/en.ftl");
/// The translations, by language code.
const TRANSLATIONS: [(&str, &str); 2] = [
    ("es", include_str!("../i18n/es.ftl")),
    ("fr", include_str!("../i18n/fr.ftl")),
];

/// English words the CLI's own text must never show in another language (whole words,
/// any case). None of them is a word of Spanish or French.
const ENGLISH_WORDS: &[&str] = &[
    "the",
    "you",
    "your",
    "dungeon",
    "draw",
    "draws",
    "pass",
    "passes",
    "win",
    "wins",
    "defeated",
    "damage",
    "round",
    "choose",
    "and",
    "with",
    "into",
    "card",
    "cards",
    "turn",
    "player",
    "players",
    "successes",
    "failure",
    "failures",
    "eliminated",
    "hp",
    "equipment",
    "deck",
    "seed",
    "welcome",
    "monster",
    "monsters",
    "aside",
    "enters",
    "starts",
    "bidding",
    "chose",
    "adventurer",
    "strength",
    "species",
    "special",
    "seat",
    "none",
    "yes",
    "save",
    "quit",
    "rules",
    "random",
    "once",
    "answers",
    "discarded",
    "games",
    "runs",
    "decided",
];

// --- Helpers -----------------------------------------------------------------------------

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("cli/ is in the repository")
        .to_path_buf()
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs `dungeon ARGS` from the repository root with no locale in the environment but
/// `env`, feeding `input` on stdin, and kills it after a minute.
fn dungeon(args: &[&str], env: &[(&str, &str)], input: &str) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dungeon"));
    command
        .args(args)
        .current_dir(root())
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        command.env(k, v);
    }
    let mut child = command.spawn().expect("the dungeon binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    // The program may stop reading early (a finished game): ignore the broken pipe.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`dungeon {}` did not finish within 60 s", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let _ = writer.join();
    let run = Run {
        code: status.code().unwrap_or(-1),
        stdout: out_reader.join().unwrap(),
        stderr: err_reader.join().unwrap(),
    };
    assert!(
        !run.stderr.contains("panicked") && run.code != 101,
        "`dungeon {}` panicked:\n{}",
        args.join(" "),
        run.stderr
    );
    run
}

/// A message file as `id` (and `id.attribute`) → text, variables written `{name}`; each
/// variant of a selection is written out between placeholders.
fn table(ftl: &str) -> BTreeMap<String, String> {
    use fluent_syntax::ast;
    fn pattern(p: &ast::Pattern<&str>, out: &mut String) {
        for element in &p.elements {
            match element {
                ast::PatternElement::TextElement { value } => out.push_str(value),
                ast::PatternElement::Placeable { expression } => expression_text(expression, out),
            }
        }
    }
    fn expression_text(e: &ast::Expression<&str>, out: &mut String) {
        match e {
            ast::Expression::Select { variants, .. } => {
                for v in variants {
                    out.push_str("{}");
                    pattern(&v.value, out);
                }
                out.push_str("{}");
            }
            ast::Expression::Inline(ast::InlineExpression::StringLiteral { value }) => {
                out.push_str(value)
            }
            ast::Expression::Inline(ast::InlineExpression::VariableReference { id }) => {
                out.push_str(&format!("{{{}}}", id.name))
            }
            ast::Expression::Inline(ast::InlineExpression::Placeable { expression }) => {
                expression_text(expression, out)
            }
            ast::Expression::Inline(_) => out.push_str("{}"),
        }
    }
    let resource = fluent_syntax::parser::parse(ftl).expect("the message file parses");
    let mut flat = BTreeMap::new();
    for entry in &resource.body {
        if let ast::Entry::Message(m) = entry {
            if let Some(value) = &m.value {
                let mut text = String::new();
                pattern(value, &mut text);
                flat.insert(m.id.name.to_string(), text);
            }
            for a in &m.attributes {
                let mut text = String::new();
                pattern(&a.value, &mut text);
                flat.insert(format!("{}.{}", m.id.name, a.id.name), text);
            }
        }
    }
    flat
}

fn translation(lang: &str) -> BTreeMap<String, String> {
    let (_, text) = TRANSLATIONS
        .iter()
        .find(|(l, _)| *l == lang)
        .expect("a translated language");
    table(text)
}

/// A message cut at its placeholders.
fn literal_parts(message: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = message;
    while let Some(open) = rest.find('{') {
        out.push(&rest[..open]);
        match rest[open..].find('}') {
            Some(close) => rest = &rest[open + close + 1..],
            None => return out,
        }
    }
    out.push(rest);
    out
}

fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !is_word_char(c))
        .filter(|w| !w.is_empty())
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The English messages' fragments of two words or more (between placeholders, without
/// the punctuation around them), leaving out those the translation uses too.
fn english_fragments(lang: &str) -> Vec<String> {
    let target = translation(lang);
    let mut out = BTreeSet::new();
    for message in table(EN).values() {
        for part in literal_parts(message) {
            let fragment = part.trim_matches(|c: char| !c.is_alphanumeric());
            let count = fragment
                .split_whitespace()
                .filter(|w| w.chars().any(char::is_alphabetic))
                .count();
            if count >= 2 && !target.values().any(|t| t.contains(fragment)) {
                out.insert(fragment.to_string());
            }
        }
    }
    out.into_iter().collect()
}

/// Where `needle` occurs in `hay` as whole words.
fn whole_matches(hay: &str, needle: &str) -> Vec<usize> {
    let starts_word = needle.chars().next().is_some_and(is_word_char);
    let ends_word = needle.chars().last().is_some_and(is_word_char);
    hay.match_indices(needle)
        .map(|(at, _)| at)
        .filter(|&at| {
            let before = hay[..at].chars().last().is_some_and(is_word_char);
            let after = hay[at + needle.len()..]
                .chars()
                .next()
                .is_some_and(is_word_char);
            !(starts_word && before || ends_word && after)
        })
        .collect()
}

/// `hay` without the whole-word occurrences of `phrases` (longest first).
fn without(hay: &str, phrases: &[String]) -> String {
    let mut phrases: Vec<&String> = phrases.iter().filter(|p| !p.is_empty()).collect();
    phrases.sort_by_key(|p| std::cmp::Reverse(p.len()));
    let mut out = hay.to_string();
    for p in phrases {
        let at = whole_matches(&out, p);
        for &i in at.iter().rev() {
            out.replace_range(i..i + p.len(), " | ");
        }
    }
    out
}

/// Every text of the packs under cards/ (names, rules text, descriptions, messages), as
/// (English, text in `lang`) pairs.
fn pack_texts(lang: &str) -> Vec<(String, String)> {
    fn walk(value: &toml::Value, lang: &str, file: &str, out: &mut Vec<(String, String)>) {
        match value {
            toml::Value::Table(t) => {
                if let Some(toml::Value::String(en)) = t.get("en") {
                    let text = match t.get(lang) {
                        Some(toml::Value::String(s)) => s.clone(),
                        _ => panic!("{file}: `{en}` has no `{lang}` translation"),
                    };
                    out.push((en.clone(), text));
                } else {
                    for v in t.values() {
                        walk(v, lang, file, out);
                    }
                }
            }
            toml::Value::Array(a) => {
                for v in a {
                    walk(v, lang, file, out);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    let mut folders = vec![root().join("cards")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "toml") {
                let text = std::fs::read_to_string(&path).unwrap();
                let value: toml::Value = toml::from_str(&text).unwrap();
                walk(&value, lang, &path.to_string_lossy(), &mut out);
            }
        }
    }
    out
}

/// Fails, quoting the line, where `out` shows English: a fragment of an English message,
/// an English word from [`ENGLISH_WORDS`] outside the packs' own text, or a pack text in
/// English where the pack translates it.
fn assert_no_english(lang: &str, what: &str, out: &str) {
    let line_of = |at: usize| {
        let start = out[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = out[at..].find('\n').map_or(out.len(), |i| at + i);
        out[start..end].to_string()
    };
    let texts = pack_texts(lang);
    let translated: Vec<String> = texts.iter().map(|(_, t)| t.clone()).collect();
    // The French packs keep the English titles of the boxes, as their publisher does:
    // look for our messages in the output less the packs' own text.
    let ours = without(out, &translated);
    for fragment in english_fragments(lang) {
        if let Some(at) = ours.find(&fragment) {
            let start = ours[..at].rfind('\n').map_or(0, |i| i + 1);
            let end = ours[at..].find('\n').map_or(ours.len(), |i| at + i);
            panic!(
                "{what}: English text `{fragment}` in:\n{}",
                &ours[start..end]
            );
        }
    }
    // A pack text left in English (its English differs from its translation and is no
    // part of any translated text).
    for (en, _) in &texts {
        if translated.iter().any(|t| !whole_matches(t, en).is_empty()) {
            continue;
        }
        if let Some(&at) = whole_matches(out, en).first() {
            panic!("{what}: `{en}` shown in English in:\n{}", line_of(at));
        }
    }
    // Our own words: without card ids (`[vorpal_sword]`) and command-line options
    // (`--seed`) either.
    let ours: String = {
        let mut s = String::new();
        let mut depth = 0;
        let mut option = false;
        let mut chars = ours.chars().peekable();
        while let Some(c) = chars.next() {
            if option && (is_word_char(c) || c == '-') {
                continue;
            }
            option = false;
            match c {
                '-' if chars.peek() == Some(&'-') => option = true,
                '[' => depth += 1,
                ']' if depth > 0 => depth -= 1,
                _ if depth == 0 => s.push(c),
                _ => {}
            }
        }
        s
    };
    for word in words(&ours) {
        let lower = word.to_lowercase();
        if ENGLISH_WORDS.contains(&lower.as_str()) {
            let line = ours
                .lines()
                .find(|l| words(l).any(|w| w == word))
                .unwrap_or_default();
            panic!("{what}: English word `{word}` in:\n{line}");
        }
    }
}

/// A whole game answering "1" to everything, then the end of input.
fn full_game(lang: &str, seed: &str, packs: &str, humans: &str) -> Run {
    let ones = "1\n".repeat(5000);
    let run = dungeon(
        &[
            "--lang",
            lang,
            "play",
            "--seed",
            seed,
            "--delay",
            "0",
            "--players",
            "3",
            "--humans",
            humans,
            "--packs",
            packs,
            // The language is the point, not the play: random bots keep twenty games quick.
            "--bots",
            "random",
        ],
        &[],
        &ones,
    );
    let what = format!("--lang {lang} play --seed {seed} --packs {packs} --humans {humans}");
    assert_eq!(run.code, 0, "{what}: {}", run.stderr);
    let t = translation(lang);
    assert!(
        !run.stdout.contains(&t["play-quit"]),
        "{what}: the game did not finish:\n{}",
        run.stdout
    );
    // It ends on a winner, in the language chosen.
    let last = run.stdout.lines().last().unwrap_or_default();
    let won_you = &t["play-game-over.you"];
    let won = literal_parts(&t["play-game-over"]);
    assert!(
        last == won_you || (last.starts_with(won[0]) && last.ends_with(won[1])),
        "{what}: last line `{last}`"
    );
    run
}

// --- The texts ---------------------------------------------------------------------------
// The message files themselves (syntax, every message in every language with the same
// variables, none missing or unused) are checked by the unit tests in cli/src/text/tests.rs.

#[test]
fn the_packs_carry_every_text_in_spanish_and_french() {
    for (lang, _) in TRANSLATIONS {
        // `pack_texts` fails on a text without this language.
        assert!(pack_texts(lang).len() > 100);
    }
}

// --- dungeon play ------------------------------------------------------------------------

#[test]
fn whole_games_in_spanish_and_french_show_no_english() {
    for (lang, _) in TRANSLATIONS {
        let t = translation(lang);
        for packs in ["base", "base,sequel"] {
            for seed in ["1", "2", "5", "9", "12"] {
                let run = full_game(lang, seed, packs, "1");
                let what = format!("--lang {lang} --seed {seed} --packs {packs}");
                assert!(run.stdout.starts_with(&t["play-welcome"]), "{what}");
                assert_no_english(lang, &what, &run.stdout);
            }
        }
    }
}

#[test]
fn hot_seat_games_name_the_players_in_the_language_chosen() {
    for (lang, player_1) in [("es", "Jugador 1"), ("fr", "Joueur 1")] {
        for seed in ["3", "4"] {
            let run = full_game(lang, seed, "base,sequel", "2");
            let what = format!("--lang {lang} --seed {seed} --humans 2");
            let t = translation(lang);
            let pass_to = t["play-pass-to"].replace("{name}", player_1);
            assert!(run.stdout.contains(&pass_to), "{what}: no `{pass_to}`");
            assert_no_english(lang, &what, &run.stdout);
        }
    }
}

#[test]
fn a_game_saved_in_english_is_shown_in_the_language_of_whoever_loads_it() {
    let dir = std::env::temp_dir().join(format!("dungeon-lang-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("game.json");
    let save = save.to_string_lossy().to_string();
    let first = dungeon(
        &[
            "--lang",
            "en",
            "play",
            "--seed",
            "5",
            "--delay",
            "0",
            "--players",
            "3",
            "--save",
            &save,
        ],
        &[],
        "s\nq\n",
    );
    assert_eq!(first.code, 0, "{}", first.stderr);
    assert!(
        first.stdout.contains("  You: 0 successes"),
        "{}",
        first.stdout
    );
    let second = dungeon(
        &["--lang", "fr", "play", "--load", &save, "--delay", "0"],
        &[],
        "q\n",
    );
    assert_eq!(second.code, 0, "{}", second.stderr);
    assert!(
        second.stdout.contains("  Vous — réussites : 0")
            && second.stdout.contains("  Bot 2 (normal) — réussites : 0"),
        "{}",
        second.stdout
    );
    assert_no_english("fr", "a loaded game", &second.stdout);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_locale_picks_the_language_when_lang_is_not_given() {
    let cases: [(&[(&str, &str)], &str); 6] = [
        (&[("LANG", "es_ES.UTF-8")], "es"),
        (&[("LANG", "fr_FR.UTF-8")], "fr"),
        (
            &[("LC_MESSAGES", "fr_CA.UTF-8"), ("LANG", "es_ES.UTF-8")],
            "fr",
        ),
        (&[("LC_ALL", "es_MX.UTF-8"), ("LANG", "fr_FR.UTF-8")], "es"),
        (&[("LANG", "de_DE.UTF-8")], "en"),
        (&[("LANG", "C")], "en"),
    ];
    for (env, lang) in cases {
        let run = dungeon(&["play", "--seed", "1", "--delay", "0"], env, "q\n");
        assert_eq!(run.code, 0, "{env:?}: {}", run.stderr);
        let welcome = if lang == "en" {
            table(EN)["play-welcome"].clone()
        } else {
            translation(lang)["play-welcome"].clone()
        };
        assert!(
            run.stdout.starts_with(&welcome),
            "{env:?} should pick {lang}:\n{}",
            run.stdout
        );
        if lang != "en" {
            assert_no_english(lang, &format!("{env:?}"), &run.stdout);
        }
    }
    // --lang wins over the locale.
    let run = dungeon(
        &["--lang", "en", "play", "--seed", "1", "--delay", "0"],
        &[("LANG", "es_ES.UTF-8")],
        "q\n",
    );
    assert!(
        run.stdout.starts_with("Welcome to the Dungeon"),
        "{}",
        run.stdout
    );
}

#[test]
fn an_unknown_language_is_a_clear_error() {
    let run = dungeon(&["--lang", "de", "play", "--seed", "1"], &[], "");
    assert_eq!(run.code, 2, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    assert!(
        run.stderr.contains("unknown language `de`") && run.stderr.contains("en, es or fr"),
        "{}",
        run.stderr
    );
}

// --- dungeon cards and sim ---------------------------------------------------------------

#[test]
fn cards_in_spanish_and_french_show_no_english() {
    for (lang, _) in TRANSLATIONS {
        let run = dungeon(&["--lang", lang, "cards"], &[], "");
        assert_eq!(run.code, 0, "{}", run.stderr);
        let t = translation(lang);
        assert!(run.stdout.contains(&t["cards-monsters"]), "{}", run.stdout);
        // Every monster, adventurer and tile name is shown in this language.
        for name in ["Trasgo", "Guerrero", "Antorcha"]
            .iter()
            .zip(["Gobelin", "Guerrier", "Torche"])
            .map(|(es, fr)| if lang == "es" { *es } else { fr })
        {
            assert!(run.stdout.contains(name), "--lang {lang} cards: no {name}");
        }
        assert_no_english(lang, &format!("--lang {lang} cards"), &run.stdout);
    }
}

#[test]
fn sim_in_spanish_and_french_shows_no_english() {
    for (lang, _) in TRANSLATIONS {
        let run = dungeon(
            &[
                "--lang",
                lang,
                "sim",
                "-n",
                "2",
                "--players",
                "3",
                "--bots",
                "random,rules",
                "--packs",
                "base,sequel",
            ],
            &[],
            "",
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert_no_english(lang, &format!("--lang {lang} sim"), &run.stdout);
    }
}
