//! "Does this look like a game?" as a user of `dungeon sim` reads it: a degenerate study
//! warns in every language and output form, and a study in range does not. The studies
//! are made to order: a part file of a real slice (`--shard 0/1`) whose sums are then
//! rewritten, read back by `dungeon sim merge`, which checks them as any part (so the
//! figures are the ones chosen, whatever the bots of the day do).

use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

#[path = "support/sim.rs"]
mod sim;

/// `dungeon --lang LANG ARGS` from the repository root.
fn dungeon(lang: &str, args: &[&str]) -> sim::Run {
    sim::dungeon_in(lang, args, &[])
}

fn temp_dir(name: &str) -> PathBuf {
    sim::temp_dir("sanity", name)
}

/// The shape of a made-up study: the first player's share of wins, and the rounds each
/// game has, as (adventurer, tiles set aside, success) repeated per game.
struct Shape {
    first_wins: f64,
    rounds: Vec<(&'static str, u64, bool)>,
}

/// A part of the whole study `-n games --players players` (random bots, so it is quick)
/// whose sums are rewritten to `shape`, every sum consistent with the others; its path.
fn made_up_study(dir: &Path, games: &str, players: &str, shape: &Shape) -> String {
    let file = sim::s(&dir.join("part.json"));
    let args = [
        "sim",
        "-n",
        games,
        "--players",
        players,
        "--bots",
        "random",
        "-q",
        "--shard",
        "0/1",
        "--out",
        &file,
    ];
    let run = dungeon("en", &args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let mut part: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let counts: Vec<u64> = part["study"]["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_u64().unwrap())
        .collect();
    let tally = &mut part["tally"];
    let completed = tally["completed"].as_u64().unwrap();
    let per_count = completed / counts.len() as u64;
    for seat in tally["seats"].as_array_mut().unwrap() {
        let (n, games) = (
            seat["players"].as_u64().unwrap(),
            seat["games"].as_u64().unwrap(),
        );
        let share = if seat["position"] == 0 {
            shape.first_wins
        } else {
            (1.0 - shape.first_wins) / (n - 1) as f64
        };
        seat["wins"] = json!((games as f64 * share).round() as u64);
    }
    // The rounds (one row per kind), and the adventurers' runs they make.
    let mut rounds: BTreeMap<(u64, &str, u64, bool), u64> = BTreeMap::new();
    let mut adventurers: Vec<(&str, u64, u64)> = Vec::new();
    for &p in &counts {
        for &(adventurer, set_aside, success) in &shape.rounds {
            *rounds
                .entry((p, adventurer, set_aside, success))
                .or_default() += per_count;
            let won = if success { per_count } else { 0 };
            match adventurers.iter_mut().find(|a| a.0 == adventurer) {
                Some(a) => {
                    a.1 += per_count;
                    a.2 += won;
                }
                None => adventurers.push((adventurer, per_count, won)),
            }
        }
    }
    tally["rounds"] = rounds
        .iter()
        .map(|(&(p, adventurer, set_aside, success), &n)| {
            json!({"players": p, "adventurer": adventurer, "set_aside": set_aside,
                "success": success, "rounds": n})
        })
        .collect();
    tally["adventurers"] = adventurers
        .iter()
        .map(|&(a, runs, successes)| {
            json!({"adventurer": a, "runs": runs, "successes": successes,
                "runner_won": successes, "decided": 0})
        })
        .collect();
    let failed: u64 = adventurers.iter().map(|a| a.1 - a.2).sum();
    tally["failed_runs"] = json!(failed);
    tally["killers"] = json!([{"monster": "dragon", "kills": failed}]);
    tally["no_winner"] = json!(0);
    std::fs::write(&file, serde_json::to_string_pretty(&part).unwrap()).unwrap();
    file
}

/// `dungeon --lang LANG sim merge PART FORM...`, which must succeed.
fn merge(lang: &str, part: &str, form: &[&str]) -> String {
    let run = dungeon(lang, &[&["sim", "merge", part][..], form].concat());
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.stdout
}

/// The section of a text report, from its title to the blank line after it.
fn section(report: &str, title: &str) -> String {
    let start = report
        .find(title)
        .unwrap_or_else(|| panic!("no `{title}`:\n{report}"));
    let rest = &report[start..];
    rest[..rest.find("\n\n").unwrap_or(rest.len())].to_string()
}

/// Today's default bots at 3 players, as a study's figures: the first player always
/// wins, nothing is set aside, every run succeeds, always with the Warrior.
fn degenerate() -> Shape {
    Shape {
        first_wins: 1.0,
        rounds: vec![("warrior", 0, true); 4],
    }
}

/// A study in range: the first player a little ahead, two tiles set aside a round on
/// average, a third of the runs failing, every adventurer played.
fn sane() -> Shape {
    let mut rounds = Vec::new();
    for adventurer in ["warrior", "barbarian", "mage", "rogue"] {
        rounds.extend([
            (adventurer, 1, true),
            (adventurer, 2, false),
            (adventurer, 3, true),
        ]);
    }
    Shape {
        first_wins: 0.45,
        rounds,
    }
}

#[test]
fn a_degenerate_study_warns_in_every_language_and_form() {
    let dir = temp_dir("degenerate");
    let part = made_up_study(&dir, "150", "3", &degenerate());
    let nbsp = '\u{a0}';
    for (lang, title, bots, warnings) in [
        (
            "en",
            "Does this look like a game?",
            "Wins per bot",
            [
                "Warning: at 3 players the first player wins 100.0% of games (95% CI 97.5-100.0), against a goal of at most 53.3%.".to_string(),
                "Warning: at 3 players bidders set aside 0.00 tiles per round on average (95% CI 0.00-0.00), against a goal of at least 1.00.".to_string(),
                "Warning: at 3 players 0.0% of runs fail (95% CI 0.0-0.6), against a goal of at least 10.0%.".to_string(),
            ],
        ),
        (
            "es",
            "¿Parece esto una partida de verdad?",
            "Victorias por bot",
            [
                format!("Aviso: con 3 jugadores, quien empieza gana el 100,0{nbsp}% de las partidas"),
                "Aviso: con 3 jugadores, quienes pujan descartan de media 0,00 losetas por ronda".to_string(),
                format!("Aviso: con 3 jugadores, el 0,0{nbsp}% de las incursiones fracasa"),
            ],
        ),
        (
            "fr",
            "Est-ce que ça ressemble à une vraie partie ?",
            "Victoires par bot",
            [
                format!("Attention : à 3 joueurs, le premier joueur gagne 100,0{nbsp}% des parties"),
                "Attention : à 3 joueurs, les enchérisseurs écartent en moyenne 0,00 tuile par manche".to_string(),
                format!("Attention : à 3 joueurs, 0,0{nbsp}% des explorations échouent"),
            ],
        ),
    ] {
        let text = merge(lang, &part, &[]);
        let section = section(&text, title);
        for warning in &warnings {
            assert!(section.contains(warning.as_str()), "--lang {lang}: no `{warning}` in\n{section}");
        }
        // The warnings come before any balance figure.
        let last = warnings.last().unwrap();
        assert!(text.find(last.as_str()) < text.find(bots), "{text}");
        insta::assert_snapshot!(format!("degenerate_section_{lang}"), section);
    }

    let report: Value = serde_json::from_str(&merge("en", &part, &["--json"])).unwrap();
    let warned: Vec<(&str, u64, &str)> = report["sanity"]["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            let measure = w["measure"].as_str().unwrap();
            (
                measure,
                w["players"].as_u64().unwrap(),
                w["verdict"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        warned,
        [
            ("first_player_wins", 3, "out"),
            ("set_aside_per_round", 3, "out"),
            ("runs_fail", 3, "out")
        ]
    );
    let first = &report["sanity"]["warnings"][0];
    assert_eq!(
        (first["total"].as_u64(), first["count"].as_u64()),
        (Some(150), Some(150))
    );
    let warrior = &report["sanity"]["adventurers"][0];
    assert_eq!(
        (warrior["adventurer"].as_str(), warrior["rate"].as_f64()),
        (Some("warrior"), Some(1.0))
    );

    let csv = merge("en", &part, &["--csv"]);
    for row in [
        "sanity_warning,first_player_wins/3p/out,150,150,1.000000,",
        "sanity_warning,set_aside_per_round/3p/out,600,0,0.000000,0.000000,0.000000",
        "sanity_warning,runs_fail/3p/out,600,0,0.000000,",
        "sanity_adventurer,3p/warrior,600,600,1.000000,",
    ] {
        assert!(
            csv.lines().any(|l| l.starts_with(row)),
            "no `{row}` in\n{csv}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_study_in_range_gives_no_warning() {
    let dir = temp_dir("sane");
    let part = made_up_study(&dir, "120", "2,3", &sane());
    for (lang, title, none, warning) in [
        (
            "en",
            "Does this look like a game?",
            "Every measure is within its goal.",
            "Warning",
        ),
        (
            "es",
            "¿Parece esto una partida de verdad?",
            "Todas las medidas cumplen su objetivo.",
            "Aviso",
        ),
        (
            "fr",
            "Est-ce que ça ressemble à une vraie partie ?",
            "Chaque mesure atteint son objectif.",
            "Attention",
        ),
    ] {
        let text = merge(lang, &part, &[]);
        let section = section(&text, title);
        assert!(section.contains(none), "--lang {lang}:\n{section}");
        assert!(!text.contains(warning), "--lang {lang}:\n{text}");
    }
    let text = merge("en", &part, &[]);
    let section = section(&text, "Does this look like a game?");
    // The rows over all counts: label, `all`, value, interval, goal, and no verdict.
    for (label, value) in [
        ("tiles set aside per round", "2.00"),
        ("runs that fail", "33.3%"),
        ("most chosen adventurer", "Warrior 25.0%"),
    ] {
        let row = section
            .lines()
            .find(|l| l.starts_with(label) && l.contains(" all "))
            .unwrap_or_else(|| panic!("no `{label}` row for all counts in\n{section}"));
        let cells: Vec<&str> = row[label.len()..].split_whitespace().collect();
        assert_eq!(cells[0], "all", "{row}");
        assert!(row.contains(&format!(" {value} ")), "{row}");
        assert!(!row.contains("in range"), "{row}");
    }
    let report: Value = serde_json::from_str(&merge("en", &part, &["--json"])).unwrap();
    assert_eq!(report["sanity"]["warnings"], json!([]));
    let checks = report["sanity"]["checks"].as_array().unwrap();
    assert_eq!(
        checks.len(),
        2 + 3 * 3,
        "per count, and all together but the first player"
    );
    for c in checks {
        let expected = if c["players"].is_null() {
            Value::Null
        } else {
            json!("in_range")
        };
        assert_eq!(c["verdict"], expected, "{c}");
    }
    let csv = merge("en", &part, &["--csv"]);
    assert!(!csv.contains("sanity_warning"), "{csv}");
    assert!(
        csv.contains("\nsanity_set_aside_per_round,all,2880,5760,2.000000,"),
        "{csv}"
    );
    let _ = std::fs::remove_dir_all(dir);
}
