//! Issue 25, "Text that reaches a terminal": text from outside the program holding
//! characters a terminal would act on or not show is printed escaped, whatever the path
//! it takes: ids in a situation file (`dungeon odds --file`), a pack's names and texts
//! (`dungeon check`, which also warns about each, in the reader's language), what was
//! typed on the command line (clap's errors). One character of each class of
//! `dungeon_engine::printable`'s rule is tried on each path.
//!
//! The checks look for the escaped form and for the raw character, not through
//! `printable` itself, so they hold whatever that module decides.

use std::path::PathBuf;
use std::process::Command;

/// A hostile piece of text, and how it must be shown.
struct Hostile {
    what: &'static str,
    text: &'static str,
    shown: &'static str,
}

const HOSTILE: &[Hostile] = &[
    Hostile {
        what: "window title (OSC 0)",
        text: "\u{1b}]0;pwned\u{7}",
        shown: "\\x1b]0;pwned\\x07",
    },
    Hostile {
        what: "clipboard write (OSC 52)",
        text: "\u{1b}]52;c;ZWNobyBwd25lZA==\u{7}",
        shown: "\\x1b]52;c;ZWNobyBwd25lZA==\\x07",
    },
    Hostile {
        what: "clear the screen (CSI)",
        text: "\u{1b}[2J\u{9b}H",
        shown: "\\x1b[2J\\u{9b}H",
    },
    Hostile {
        what: "soft hyphen",
        text: "o\u{ad}rc",
        shown: "o\\u{ad}rc",
    },
    Hostile {
        what: "tag characters",
        text: "orc\u{e0001}\u{e0041}\u{e007f}",
        shown: "orc\\u{e0001}\\u{e0041}\\u{e007f}",
    },
    Hostile {
        what: "Mongolian vowel separator",
        text: "o\u{180e}rc",
        shown: "o\\u{180e}rc",
    },
    Hostile {
        what: "Hangul fillers",
        text: "\u{3164}\u{115f}\u{1160}\u{ffa0}",
        shown: "\\u{3164}\\u{115f}\\u{1160}\\u{ffa0}",
    },
    Hostile {
        what: "Arabic number signs",
        text: "\u{600}1\u{6dd}2\u{8e2}",
        shown: "\\u{600}1\\u{6dd}2\\u{8e2}",
    },
    Hostile {
        what: "bidirectional override and isolate",
        text: "\u{202e}cro\u{2066}",
        shown: "\\u{202e}cro\\u{2066}",
    },
    Hostile {
        what: "combining marks alone",
        text: "\u{301}\u{20dd}",
        shown: "\\u{301}\\u{20dd}",
    },
    Hostile {
        what: "variation selector",
        text: "orc\u{fe0f}",
        shown: "orc\\u{fe0f}",
    },
    Hostile {
        what: "private use and unassigned",
        text: "orc\u{e000}\u{378}",
        shown: "orc\\u{e000}\\u{378}",
    },
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dungeon-hidden-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `dungeon` with `args`: exit code, standard output and error.
fn dungeon(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dungeon"))
        .args(args)
        .current_dir(root())
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .output()
        .expect("the dungeon binary runs");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    );
    let code = out.status.code().unwrap_or(-1);
    assert!(
        code != 101 && !stderr.contains("panicked"),
        "{args:?}: {stderr}"
    );
    (code, stdout, stderr)
}

/// `text` as a TOML basic string's content: every character past ASCII, and every
/// control, written as an escape.
fn toml_escaped(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            ' '..='~' if c != '"' && c != '\\' => c.to_string(),
            c => format!("\\U{:08X}", c as u32),
        })
        .collect()
}

/// The characters of `h.text` that are not plain ASCII must not be in `output` raw.
fn assert_none_raw(h: &Hostile, output: &str, context: &str) {
    for c in h.text.chars().filter(|c| !matches!(c, ' '..='~')) {
        assert!(
            !output.contains(c),
            "{}: U+{:04X} printed raw by {context}:\n{output:?}",
            h.what,
            c as u32
        );
    }
}

#[test]
fn odds_shows_unknown_ids_of_a_situation_file_escaped() {
    let dir = temp_dir("odds");
    for (i, h) in HOSTILE.iter().enumerate() {
        let id = toml_escaped(h.text);
        let cases = [
            (
                "adventurer",
                format!("adventurer = \"{id}\"\ndungeon = 1\n"),
            ),
            (
                "tile",
                format!("adventurer = \"warrior\"\ntiles = [\"{id}\"]\ndungeon = 1\n"),
            ),
            (
                "monster",
                format!("adventurer = \"warrior\"\ndungeon = 1\nknown = [\"{id}\"]\n"),
            ),
        ];
        for (kind, situation) in cases {
            let path = dir.join(format!("{i}-{kind}.toml"));
            std::fs::write(&path, situation).unwrap();
            let path = path.to_string_lossy().into_owned();
            let (code, stdout, stderr) = dungeon(&["--lang", "en", "odds", "--file", &path]);
            assert_eq!(code, 2, "{}: {stdout}{stderr}", h.what);
            let said = format!("unknown {kind} `{}`", h.shown);
            assert!(stderr.contains(&said), "{}: {said} in\n{stderr}", h.what);
            assert_none_raw(h, &stderr, "odds --file");
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// A pack requiring the base box with one monster per hostile text, in its name.
fn hostile_pack() -> String {
    let mut pack = String::from(
        "[pack]\nid = \"hidden\"\nversion = \"1.0\"\nengine_api = 1\nlanguages = [\"en\"]\n\
         requires = [\"base\"]\nname = { en = \"Hidden\" }\n",
    );
    for (i, h) in HOSTILE.iter().enumerate() {
        let name = toml_escaped(h.text);
        pack.push_str(&format!(
            "\n[[monster]]\nid = \"m{i}\"\nstrength = 1\nname = {{ en = \"{name}\" }}\n"
        ));
    }
    pack
}

#[test]
fn check_warns_about_each_hidden_character_in_every_language() {
    let dir = temp_dir("check");
    let path = dir.join("hidden.toml");
    std::fs::write(&path, hostile_pack()).unwrap();
    let path = path.to_string_lossy().into_owned();
    let warnings = [
        (
            "en",
            "warning: text with control characters or characters that show as nothing",
        ),
        (
            "es",
            "warning: texto con caracteres de control o que no se ven",
        ),
        (
            "fr",
            "warning: texte avec des caractères de contrôle ou invisibles",
        ),
    ];
    for (lang, warning) in warnings {
        let (code, stdout, stderr) = dungeon(&["--lang", lang, "check", &path]);
        assert_eq!(code, 0, "{lang}: {stdout}{stderr}");
        for (i, h) in HOSTILE.iter().enumerate() {
            // `[pack]` takes 7 lines; each monster 5, its name on the last.
            let at = format!("{path}:{}:", 7 + 5 * i + 5);
            let line = stdout
                .lines()
                .find(|l| l.starts_with(&at))
                .unwrap_or_else(|| panic!("{lang}, {}: no line {at} in\n{stdout}", h.what));
            assert!(line.contains(warning), "{lang}, {}: {line}", h.what);
            assert!(line.contains(h.shown), "{lang}, {}: {line}", h.what);
            assert_none_raw(h, &stdout, "check");
        }
    }
    // The class of the first hidden character is named.
    let (_, stdout, _) = dungeon(&["--lang", "en", "check", &path]);
    for said in [
        "U+001B is a control character",
        "U+00AD is a format character",
        "U+3164 is a character shown as nothing",
        "U+0301 is a combining mark with no letter before it",
        "U+E000 is a private-use character",
    ] {
        assert!(stdout.contains(said), "{said} in\n{stdout}");
    }
    // An id too: refused (ids are ASCII), and warned about like any text.
    let pack = hostile_pack().replace("id = \"m3\"", "id = \"o\\u00ADrc\"");
    std::fs::write(dir.join("hidden.toml"), pack).unwrap();
    let (code, stdout, _) = dungeon(&["--lang", "en", "check", &path]);
    assert_eq!(code, 1, "{stdout}");
    let at = format!("{path}:{}:", 7 + 5 * 3 + 3);
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with(&at) && l.contains("(`o\\u{ad}rc`; U+00AD is a format")),
        "{stdout}"
    );
    assert!(!stdout.contains('\u{ad}'), "{stdout}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn command_line_mistakes_quote_what_was_typed_escaped() {
    // After a space, as a value or a word of its own: a combining mark right after a
    // letter of what clap writes would have a base.
    for h in HOSTILE {
        let value = format!("2 {}", h.text);
        let (code, _, stderr) = dungeon(&["play", "--players", &value]);
        assert_eq!(code, 2, "{}: {stderr}", h.what);
        assert!(stderr.contains(h.shown), "{}: {stderr}", h.what);
        assert_none_raw(h, &stderr, "a refused value");
        let word = format!("x {}", h.text);
        let (code, _, stderr) = dungeon(&["play", &word]);
        assert_eq!(code, 2, "{}: {stderr}", h.what);
        assert!(stderr.contains(h.shown), "{}: {stderr}", h.what);
        assert_none_raw(h, &stderr, "an unknown argument");
    }
}
