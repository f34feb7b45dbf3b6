//! `dungeon sim --game mazmorra` as a user runs it: a study of the second game in every
//! language, as lines and as JSON, the same whatever the threads; the search bot clearly
//! ahead of random play; rulings and variants taken from `--ruling`, and a wrong one
//! refused with a clear message.

use serde_json::Value;

#[path = "support/sim.rs"]
#[allow(dead_code)]
mod sim;

fn dungeon(lang: &str, args: &[&str]) -> sim::Run {
    sim::dungeon_in(lang, args, &[])
}

fn study(extra: &[&str]) -> Vec<Value> {
    let mut args = vec!["sim", "--game", "mazmorra", "-q", "--json"];
    args.extend(extra);
    let run = dungeon("en", &args);
    assert_eq!(run.code, 0, "{}", run.stderr);
    serde_json::from_str(&run.stdout).unwrap()
}

#[test]
fn a_random_study_reads_as_a_game_in_every_language() {
    for (lang, title, sanity) in [
        (
            "en",
            "Mazmorra: 60 games at 3 players",
            "Does this look like a game?",
        ),
        ("es", "Mazmorra: 60 partidas de 3 jugadores", "¿Parece esto"),
        (
            "fr",
            "60 parties à 3 joueurs",
            "ressemble à une vraie partie",
        ),
    ] {
        let run = dungeon(
            lang,
            &[
                "sim",
                "--game",
                "mazmorra",
                "-n",
                "60",
                "--players",
                "3",
                "--bots",
                "random",
                "-q",
            ],
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(run.stdout.contains(title), "{}", run.stdout);
        assert!(run.stdout.contains(sanity), "{}", run.stdout);
    }
    let on = |threads| {
        study(&[
            "-n",
            "60",
            "--players",
            "2,3",
            "--bots",
            "random",
            "--threads",
            threads,
        ])
    };
    let (one, two) = (on("1"), on("2"));
    assert_eq!(one, two, "the threads changed the study");
    assert_eq!(one.len(), 2);
    for report in &one {
        let ending = |key: &str| {
            let all = report["endings"].as_array().unwrap();
            let found = all.iter().find(|e| e["key"] == key).unwrap();
            found["wins"].as_u64().unwrap()
        };
        let endings = ["escaped", "last_alive", "turn_limit"]
            .map(ending)
            .iter()
            .sum::<u64>();
        assert_eq!(endings, 60);
        assert!(
            report["sanity"]
                .as_array()
                .unwrap()
                .iter()
                .all(|m| m["in_range"] == true)
        );
        // Games end both ways: escapes and last prisoners standing.
        assert!(ending("escaped") > 0);
        assert!(ending("last_alive") > 0);
    }
}

#[test]
fn the_search_bot_is_clearly_ahead_of_random_play() {
    let reports = study(&["-n", "16", "--players", "2", "--bots", "hard:30,random"]);
    let bots = reports[0]["bots"].as_array().unwrap();
    let searcher = bots.iter().find(|b| b["key"] == "ismcts:30").unwrap();
    assert!(searcher["rate"].as_f64().unwrap() >= 0.75, "{searcher}");
}

#[test]
fn variants_are_rulings_and_a_wrong_one_is_refused() {
    let reports = study(&[
        "-n",
        "20",
        "--bots",
        "random",
        "--ruling",
        "deck=spanish40",
        "--ruling",
        "counter_attack=both",
        "--ruling",
        "suicidal_queen=yes",
    ]);
    assert_eq!(reports[0]["options"]["deck"], "spanish40");
    assert_eq!(reports[0]["options"]["counter_attack"], "both");
    let run = dungeon(
        "es",
        &["sim", "--game", "mazmorra", "--ruling", "deck=tarot"],
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("no es una regla ni variante de Mazmorra: deck=tarot"),
        "{}",
        run.stderr
    );
}
