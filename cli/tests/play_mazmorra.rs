//! `dungeon play --game mazmorra` in lines, as a player at a pipe uses it: a whole game
//! against a bot from a file of answers, kept after every move and taken up again with
//! --load; the screen passed between two people by a letter; every language.

#[path = "support/lines.rs"]
mod lines;

use std::path::{Path, PathBuf};

fn dungeon(dir: &Path, lang: &str, args: &[&str], input: &str) -> (i32, String) {
    let (code, out, _) = lines::dungeon(dir, lang, args, input);
    (code, out)
}

fn temp(name: &str) -> PathBuf {
    lines::temp("mz", name)
}

#[test]
fn a_whole_game_against_a_bot_from_a_file_of_answers() {
    let dir = temp("whole");
    let save = dir.join("game.json");
    let save_s = save.to_string_lossy().into_owned();
    let args = [
        "play", "--game", "mazmorra", "--seed", "5", "--bots", "random", "--save", &save_s,
    ];
    // Always the first option: a game that goes to its end.
    let (code, out) = dungeon(&dir, "en", &args, &"1\n".repeat(20_000));
    assert_eq!(code, 0);
    assert!(
        out.contains("wins the game!") || out.contains("nobody wins"),
        "{out}"
    );
    assert!(out.contains("You are dealt"));
    // The other seat's draws are counted, never shown.
    assert!(out.contains("Bot 2 (easy) draws a card."));
    let kept: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(kept["game"], "mazmorra");
    assert!(kept["actions"].as_array().unwrap().len() > 10);
    // The same answers give the same game.
    let again = dir.join("again.json");
    let again_s = again.to_string_lossy().into_owned();
    let args2 = [
        "play", "--game", "mazmorra", "--seed", "5", "--bots", "random", "--save", &again_s,
    ];
    let (_, out2) = dungeon(&dir, "en", &args2, &"1\n".repeat(20_000));
    assert_eq!(out, out2);
    // `dungeon replay` shows it again: as a spectator, nobody's draws; as seat 2, its own.
    let (code, watched) = dungeon(&dir, "en", &["replay", &save_s], "");
    assert_eq!(code, 0);
    let end = out
        .lines()
        .rev()
        .find(|l| l.contains("wins the game") || l.contains("nobody wins"));
    assert!(watched.contains(end.unwrap()), "{watched}");
    assert!(!watched.contains("You draw") && !watched.contains("Your hand"));
    let (_, as_bot) = dungeon(
        &dir,
        "en",
        &["replay", &save_s, "--seat", "2", "--to", "40"],
        "",
    );
    assert!(
        as_bot.contains("You draw") && as_bot.contains("Your hand"),
        "{as_bot}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_game_left_is_taken_up_again_where_it_was() {
    let dir = temp("load");
    let save = dir.join("game.json");
    let save_s = save.to_string_lossy().into_owned();
    let args = [
        "play", "--game", "mazmorra", "--seed", "8", "--bots", "normal", "--save", &save_s,
    ];
    let (code, out) = dungeon(&dir, "es", &args, "1\n1\n1\nq\n");
    assert_eq!(code, 0);
    assert!(out.contains("Has salido de la partida"), "{out}");
    let before: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    let moves = before["actions"].as_array().unwrap().len();
    assert!(moves >= 3);
    let (code, out) = dungeon(
        &dir,
        "es",
        &["play", "--game", "mazmorra", "--load", &save_s],
        "1\nq\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("Tu mano:"), "{out}");
    let after: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert!(after["actions"].as_array().unwrap().len() > moves);
    // The moves kept before are the same moves.
    assert_eq!(
        after["actions"].as_array().unwrap()[..moves],
        before["actions"].as_array().unwrap()[..]
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn two_people_pass_the_screen_with_a_letter() {
    let dir = temp("seat");
    let args = [
        "play",
        "--game",
        "mazmorra",
        "--seed",
        "3",
        "--players",
        "2",
        "--humans",
        "2",
        "--names",
        "Ana,Bruno",
    ];
    // Enter alone does not pass the screen: only Bruno's letter does.
    let (code, out) = dungeon(&dir, "fr", &args, "a\n1\n\n\nb\n1\nq\n");
    assert_eq!(code, 0);
    assert!(out.contains("Passez l'écran à Bruno"), "{out}");
    let passes = out.matches("Passez l'écran à Bruno").count();
    assert!(passes >= 3, "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_cards_of_each_deck_are_listed_in_the_readers_language() {
    let dir = temp("cards");
    let (code, out) = dungeon(&dir, "es", &["cards", "--game", "mazmorra"], "");
    assert_eq!(code, 0);
    assert!(
        out.contains("54 cartas; una mazmorra va del 10 al 2."),
        "{out}"
    );
    // The Spanish deck of 40: the Tomb-robber worth 8, the way out from the 7.
    assert!(
        out.contains("40 cartas; una mazmorra va del 7 al 2."),
        "{out}"
    );
    assert!(out.contains("Robatumbas, valor de combate 8"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_first_games_options_are_refused_by_name() {
    let dir = temp("foreign");
    for option in [
        &["--packs", "base"][..],
        &["--variant"],
        &["--adventurer", "warrior"],
        &["--resume"],
    ] {
        let mut args = vec!["play", "--game", "mazmorra"];
        args.extend(option);
        let (code, _) = dungeon(&dir, "en", &args, "");
        assert_eq!(code, 2, "{option:?}");
    }
    let _ = std::fs::remove_dir_all(dir);
}
