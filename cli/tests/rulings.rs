//! Rulings on the command line: `dungeon cards` lists each ruling of the packs in play
//! (and the engine's own) with its choices and default, in every language; `--ruling
//! ID=CHOICE` sets them for `play` and `sim`, a wrong one is refused before any game,
//! and what was chosen shows in the output, the JSON report and the game record.

use std::path::PathBuf;
use std::process::{Command, Stdio};

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn dungeon(lang: &str, args: &[&str], input: &str) -> Run {
    use std::io::Write;
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut child = Command::new(env!("CARGO_BIN_EXE_dungeon"))
        .args(["--lang", lang])
        .args(args)
        .current_dir(root)
        // Games are saved there, not in the data folder of whoever runs the tests.
        .env(
            "DUNGEON_DATA_DIR",
            std::env::temp_dir().join("dungeon-cli-tests-data"),
        )
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dungeon runs");
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes());
    let out = child.wait_with_output().expect("dungeon ends");
    let run = Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    run
}

fn temp_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dungeon-rulings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn cards_lists_every_ruling_with_its_choices_and_default() {
    let run = dungeon("en", &["cards", "--packs", "base,sequel"], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let out = &run.stdout;
    for expected in [
        "Rulings (choose with --ruling ID=CHOICE):",
        "Vorpal weapons and special monsters [vorpal_species]",
        "    - regular (default): Only the species of the regular monsters",
        "    - any: Any species in play",
        "Healing Potion: may it be declined? [healing_potion]",
        "    - may_decline: The runner chooses.",
        "    - automatic (default): It is used the moment HP falls to 0 or less.",
        "Enchanting Flute: which monsters its Goblins weaken [enchanting_flute]",
        "    - later (default): Each Goblin it defeats makes every later monster",
        "    - next: Each Goblin it defeats makes the monster revealed right after it",
        "Ally: may it be declined? [ally]",
        "      Rulebooks: Sequel rulebooks, the Ally:",
        "The engine's own ruling (choose with --ruling ID=CHOICE):",
        "The designer's variant: which turns it binds [designer_variant]",
        "    - first_turn (default): The first turn of each round only",
        "    - each_player: Each player's first turn of the round",
    ] {
        assert!(out.contains(expected), "no `{expected}` in:\n{out}");
    }
    // Each pack's rulings under the pack: the sequel's after its monsters.
    let sequel = out.find("== Welcome Back to the Dungeon").unwrap();
    assert!(out.find("[vorpal_species]").unwrap() < sequel);
    assert!(out.find("[enchanting_flute]").unwrap() > sequel);
    // Only the packs in play.
    let base = dungeon("en", &["cards", "--packs", "base"], "").stdout;
    assert!(
        base.contains("[healing_potion]") && !base.contains("[ally]"),
        "{base}"
    );
}

#[test]
fn cards_lists_the_rulings_in_spanish_and_french() {
    let es = dungeon("es", &["cards", "--packs", "sequel"], "").stdout;
    for expected in [
        "Reglas abiertas (elige con --ruling ID=OPCIÓN):",
        "Flauta encantadora: a qué monstruos debilitan sus trasgos [enchanting_flute]",
        "    - later (por defecto): Cada trasgo que derrota",
        "Reglamentos: Reglamentos de la segunda caja",
        "La variante del autor: a qué turnos se aplica [designer_variant]",
    ] {
        assert!(es.contains(expected), "no `{expected}` in:\n{es}");
    }
    let fr = dungeon("fr", &["cards", "--packs", "sequel"], "").stdout;
    for expected in [
        "Points de règle (à choisir avec --ruling ID=CHOIX) :",
        "Allié : peut-on le refuser ? [ally]",
        "    - may_decline (par défaut) : Quand le monstre suivant est révélé",
        "Livrets : Livrets de la deuxième boîte",
        "    - first_turn (par défaut) : Seulement le premier tour de chaque manche",
    ] {
        assert!(fr.contains(expected), "no `{expected}` in:\n{fr}");
    }
}

#[test]
fn a_wrong_ruling_is_refused_before_any_game() {
    let sim = |ruling: &str| {
        dungeon(
            "en",
            &[
                "sim", "-n", "2", "--packs", "sequel", "--ruling", ruling, "-q",
            ],
            "",
        )
    };
    let cases = [
        (
            "flute=next",
            "unknown ruling `flute` (the packs in play have: designer_variant, enchanting_flute, ally)",
        ),
        (
            "enchanting_flute",
            "--ruling enchanting_flute: write ID=CHOICE",
        ),
        (
            "ally=sometimes",
            "ruling `ally` has no choice `sometimes` (its choices: may_decline, automatic)",
        ),
        (
            "designer_variant=always",
            "ruling `designer_variant` has no choice `always` (its choices: first_turn, each_player)",
        ),
        (
            "healing_potion=automatic",
            "unknown ruling `healing_potion`",
        ),
        ("\u{1b}[2J=x", "unknown ruling `\\x1b[2J`"),
    ];
    for (ruling, message) in cases {
        let run = sim(ruling);
        assert_eq!(run.code, Some(2), "--ruling {ruling:?}: {}", run.stderr);
        assert!(
            run.stderr.contains(message),
            "--ruling {ruling:?}: {}",
            run.stderr
        );
        assert!(run.stdout.is_empty(), "no game was played: {}", run.stdout);
    }
    let twice = dungeon(
        "en",
        &[
            "sim",
            "-n",
            "2",
            "--packs",
            "sequel",
            "--ruling",
            "ally=automatic",
            "--ruling",
            "ally=may_decline",
        ],
        "",
    );
    assert!(
        twice.stderr.contains("--ruling ally is given twice"),
        "{}",
        twice.stderr
    );
    let play = dungeon(
        "en",
        &["play", "--packs", "base", "--ruling", "ally=automatic"],
        "",
    );
    assert_eq!(play.code, Some(2));
    assert!(
        play.stderr.contains("unknown ruling `ally`"),
        "{}",
        play.stderr
    );
    let es = dungeon(
        "es",
        &["play", "--packs", "base", "--ruling", "ally=automatic"],
        "",
    );
    assert!(
        es.stderr.contains("regla desconocida `ally`"),
        "{}",
        es.stderr
    );
}

fn sim_json(extra: &[&str]) -> serde_json::Value {
    let mut args = vec![
        "sim",
        "-n",
        "40",
        "--packs",
        "base,sequel",
        "--bots",
        "random",
    ];
    args.extend_from_slice(&["--json", "-q", "--threads", "1"]);
    args.extend_from_slice(extra);
    let run = dungeon("en", &args, "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    serde_json::from_str(&run.stdout).expect("JSON")
}

#[test]
fn sim_plays_and_reports_the_rulings_chosen() {
    let defaults = sim_json(&["--variant"]);
    let options = &defaults["options"];
    assert_eq!(options["variant_scope"], "first_turn");
    assert_eq!(options["rulings"]["enchanting_flute"], "later");
    assert_eq!(options["rulings"]["ally"], "may_decline");
    assert_eq!(options["rulings"]["healing_potion"], "automatic");
    assert_eq!(options["rulings"]["vorpal_species"], "regular");
    let ruled = sim_json(&[
        "--variant",
        "--ruling",
        "designer_variant=each_player",
        "--ruling",
        "ally=automatic",
        "--ruling",
        "vorpal_species=any",
    ]);
    let options = &ruled["options"];
    assert_eq!(options["variant_scope"], "each_player");
    assert_eq!(options["rulings"]["ally"], "automatic");
    assert_eq!(options["rulings"]["vorpal_species"], "any");
    assert_eq!(options["rulings"]["enchanting_flute"], "later");
    assert_ne!(
        defaults["tables"], ruled["tables"],
        "the same seeds play other games under other rulings"
    );
    let table = dungeon(
        "en",
        &[
            "sim",
            "-n",
            "4",
            "--packs",
            "sequel",
            "--bots",
            "random",
            "-q",
            "--variant",
            "--ruling",
            "enchanting_flute=next",
            "--ruling",
            "designer_variant=each_player",
        ],
        "",
    );
    assert!(
        table
            .stdout
            .contains("rulings designer_variant=each_player, enchanting_flute=next"),
        "{}",
        table.stdout
    );
}

#[test]
fn play_shows_and_records_the_rulings_chosen() {
    let record = temp_file("ruled.json");
    let path = record.to_string_lossy().into_owned();
    let run = dungeon(
        "en",
        &[
            "play",
            "--packs",
            "sequel",
            "--seed",
            "4",
            "--record",
            &path,
            "--ruling",
            "enchanting_flute=next",
            "--variant",
            "--ruling",
            "designer_variant=each_player",
        ],
        "q\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout
            .contains("Rulings: designer_variant=each_player, enchanting_flute=next"),
        "{}",
        run.stdout
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(json["options"]["variant_scope"], "each_player");
    assert_eq!(json["options"]["rulings"]["enchanting_flute"], "next");
    let replay = dungeon("en", &["replay", &path], "");
    assert_eq!(replay.code, Some(0), "{}", replay.stderr);
    // Without --ruling, nothing is said: every ruling plays its default.
    let plain = dungeon("en", &["play", "--packs", "sequel", "--seed", "4"], "q\n");
    assert!(!plain.stdout.contains("Rulings:"), "{}", plain.stdout);
}
