//! Mistakes on the command line: the error comes first (nothing is printed before it),
//! in the language chosen, and the exit status is 2. `--names` is checked: one name per
//! human, none twice, none another seat's, readable and short.

use std::path::Path;
use std::process::{Command, Stdio};

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// `dungeon ARGS` from the repository root, with `LANG` set to `locale` (none: no locale
/// at all) and nothing on stdin.
fn dungeon(locale: Option<&str>, args: &[&str]) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dungeon"));
    command
        .args(args)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap())
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        // Games are saved there, not in the data folder of whoever runs the tests.
        .env(
            "DUNGEON_DATA_DIR",
            std::env::temp_dir().join("dungeon-cli-tests-data"),
        )
        .stdin(Stdio::null());
    if let Some(locale) = locale {
        command.env("LANG", locale);
    }
    let out = command.output().expect("the dungeon binary runs");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The command fails with status 2, prints nothing on stdout, and its error's first line
/// is `first_line`.
fn assert_refused(locale: Option<&str>, args: &[&str], first_line: &str) {
    let run = dungeon(locale, args);
    let what = format!("LANG={locale:?} dungeon {}", args.join(" "));
    assert_eq!(
        run.code, 2,
        "{what}: exit {}\n{}{}",
        run.code, run.stdout, run.stderr
    );
    assert!(
        !run.stderr.contains("panicked"),
        "{what} panicked:\n{}",
        run.stderr
    );
    assert!(
        run.stdout.is_empty(),
        "{what}: printed before its error:\n{}",
        run.stdout
    );
    assert_eq!(run.stderr.lines().next(), Some(first_line), "{what}");
}

#[test]
fn a_bad_argument_is_refused_first_and_in_french() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["play", "--humans", "2", "--names", "Ana"],
            "--names donne 1 nom, mais 2 personnes jouent (--humans)",
        ),
        (
            &["play", "--packs", "nope"],
            "paquet inconnu : `nope` (paquets connus : base, alchemy, mandom, sequel)",
        ),
        (
            &["play", "--adventurer", "nobody"],
            "aventurier inconnu `nobody` (connus : warrior, barbarian, mage, rogue)",
        ),
        (
            &["play", "--bots", "wizard"],
            "bot inconnu : `wizard` (les niveaux : easy, normal, hard, hard:ITÉRATIONS \
             (de 1 à 100000), hard:MILLISms (de 1 à 60000) ; leurs anciens noms random, \
             rules, ismcts marchent aussi)",
        ),
        (
            &["play", "--load", "no/such/save.json"],
            "no/such/save.json : fichier ou dossier introuvable",
        ),
        (
            &[
                "play",
                "--seed",
                "1",
                "--record",
                "no/such/folder/game.json",
            ],
            "Impossible d'écrire l'enregistrement de la partie no/such/folder/game.json : \
             fichier ou dossier introuvable",
        ),
        (
            &["play", "--pack", "no/such/pack.toml"],
            "Impossible d'utiliser les paquets (la suite, en anglais, est pour leurs auteurs) :",
        ),
        (
            &["sim", "-n", "1", "--packs", "nope"],
            "paquet inconnu : `nope` (paquets connus : base, alchemy, mandom, sequel)",
        ),
        (
            &["play", "--resume", "--seed", "3", "--players", "3"],
            "Une partie sauvegardée continue comme elle a commencé : --players, --seed ne \
             peuvent pas la changer. Retirez ces options, ou commencez une nouvelle partie \
             sans --resume ni --load.",
        ),
        (
            &["play", "--load", "game.json", "--packs", "base"],
            "Une partie sauvegardée continue comme elle a commencé : --packs ne peut pas la \
             changer. Retirez cette option, ou commencez une nouvelle partie sans --resume \
             ni --load.",
        ),
        (
            &["replay", "no/such/game.json"],
            "no/such/game.json : fichier ou dossier introuvable",
        ),
    ];
    for (args, first_line) in cases {
        let mut with_lang = vec!["--lang", "fr"];
        with_lang.extend(*args);
        assert_refused(None, &with_lang, first_line);
        // The same from a French locale, and --lang over an English one.
        assert_refused(Some("fr_FR.UTF-8"), args, first_line);
        assert_refused(Some("en_GB.UTF-8"), &with_lang, first_line);
    }
}

#[test]
fn an_unknown_language_is_refused_in_the_locales_language() {
    assert_refused(
        Some("fr_FR.UTF-8"),
        &["--lang", "de", "play"],
        "langue inconnue : `de` (utilisez en, es ou fr)",
    );
    assert_refused(
        Some("es_ES.UTF-8"),
        &["--lang", "de", "play"],
        "idioma desconocido: `de` (usa en, es o fr)",
    );
    assert_refused(
        None,
        &["--lang", "de", "play"],
        "unknown language `de` (use en, es or fr)",
    );
}

/// `dungeon --lang en play` for 3 players, `humans` of them named by `names`.
fn play(names: &str, humans: &str) -> Vec<String> {
    let args = ["--lang", "en", "play", "--players", "3", "--humans", humans];
    let mut args: Vec<String> = args.map(str::to_string).to_vec();
    args.extend(["--names".to_string(), names.to_string()]);
    args
}

#[test]
fn names_are_one_per_human_and_never_twice() {
    let cases = [
        (
            play("Ada,Bob,Cy", "2"),
            "--names gives 3 names, but 2 humans play (--humans)",
        ),
        (
            play("Ada", "0"),
            "--names gives 1 name, but 0 humans play (--humans)",
        ),
        (
            play("Ada, ada", "2"),
            "--names: `ada` is given twice (names must differ, whatever their case)",
        ),
        (play("Ada,", "2"), "--names: name 2 is empty"),
        (
            play("Ada,Bot 3 (normal)", "2"),
            "--names: `Bot 3 (normal)` is already the name of another seat",
        ),
        (
            play("Eve\u{1b}[2J", "1"),
            "--names: name 1 holds a control character or one that shows as nothing (an escape, a \
             tab, a line break, a zero-width space...)",
        ),
        (
            play("Bartholomew Montgomery", "1"),
            "--names: `Bartholomew Montgomery` is longer than 20 characters",
        ),
    ];
    for (args, first_line) in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        assert_refused(None, &args, first_line);
    }
    // In Spanish, with the plural of one.
    assert_refused(
        None,
        &[
            "--lang", "es", "play", "--humans", "1", "--names", "Ana,Luis",
        ],
        "--names da 2 nombres, pero juega 1 persona (--humans)",
    );
}

#[test]
fn good_names_start_the_game() {
    let mut args = play(" Ada , Bob ", "2");
    args.extend(["--seed", "1", "--delay", "0"].map(str::to_string));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = dungeon(None, &args);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.starts_with("Welcome to the Dungeon"),
        "{}",
        run.stdout
    );
    // Seed 1 has the second seat start; the names are trimmed.
    assert!(
        run.stdout.contains("3 players. Bob starts."),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("Pass the screen to Bob "),
        "{}",
        run.stdout
    );
}
