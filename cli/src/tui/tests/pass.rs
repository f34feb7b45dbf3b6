//! The pass screen between two hot-seat players: it shows nothing private, and only the
//! letter it names, once nobody has typed for a moment, passes it. Enter pressed out of
//! habit after answering, the answer typed again, a key held down: none of them opens
//! the next player's corner.

use super::script::{END, Script};
use super::table::EngineTable;
use super::*;
use crate::tui::between::{PASS_LETTERS, pass_letter};
use dungeon_bots::BotKind;
use dungeon_table::Table;

/// In these tests a read that finds no key is this long a quiet moment: the pause the pass
/// screen waits for.
const PAUSE: Duration = Duration::from_millis(100);

fn hot_seat() -> EngineTable {
    EngineTable::new("base", 7, &[None, None, Some(BotKind::Rules)], |_| {})
        .with_names(&["Ana", "Bruno"])
}

/// Ana takes the screen after a quiet moment, skips her recap and answers "1" three
/// times; then Bruno's pass screen gets `keys`. The screen as last drawn.
fn bruno_gets(keys: &str) -> String {
    bruno_plays(keys).1
}

/// [`bruno_gets`], with the table (to ask what Ana holds).
fn bruno_plays(keys: &str) -> (EngineTable, String) {
    let mut table = hot_seat();
    let ana = format!("\0{PASS}");
    let mut script = Script::typed(&[&ana, "\n", "1", "1", "1", keys]);
    let options = Options {
        pass_pause: PAUSE,
        ..quick()
    };
    let (terminal, outcome) = play_with(&mut table, &mut script, Lang::En, (80, 24), options);
    assert_eq!(outcome, Err(END.into()));
    assert!(!table.private_monsters(0).is_empty(), "Ana drew a card");
    let screen = screen_text(&terminal);
    (table, screen)
}

fn still_passing(screen: &str) -> bool {
    screen.contains("Pass the screen to Bruno.") && !screen.contains("Bruno's corner")
}

#[test]
fn keys_of_habit_right_after_answering_do_not_pass_the_screen() {
    // Enter and Ana's last answer again, as her hand goes on typing: no letter is named
    // while keys come, and the screen stays passed to nobody.
    let screen = bruno_gets("\n1\n11");
    assert!(still_passing(&screen), "{screen}");
    assert!(!screen.contains("Bruno: press"), "{screen}");
    // Even the right letter, typed before it is named.
    let screen = bruno_gets(PASS);
    assert!(still_passing(&screen), "{screen}");
    // Once named, only the letter passes: Enter, a digit, Space do nothing.
    let screen = bruno_gets("\n1\0\n1 ");
    assert!(screen.contains("Bruno: press K when nobody"), "{screen}");
    assert!(still_passing(&screen), "{screen}");
}

#[test]
fn the_letter_named_after_a_quiet_moment_passes_the_screen() {
    let screen = bruno_gets(&format!("\n1\0{PASS}"));
    assert!(screen.contains("Bruno's corner"), "{screen}");
    // In capitals too.
    let screen = bruno_gets(&format!("\0{}", PASS.to_uppercase()));
    assert!(screen.contains("Bruno's corner"), "{screen}");
}

#[test]
fn the_quiet_moment_starts_again_with_every_key() {
    // A pause of three reads' worth: two quiet reads with a key between them (a key
    // held down, repeating) are not a quiet moment; three in a row are.
    let passed = |keys: &str| {
        let mut table = hot_seat();
        let ana = format!("\0\0\0{PASS}");
        let mut script = Script::typed(&[&ana, "\n", "1", "1", "1", keys]);
        let options = Options {
            pass_pause: crate::tui::session::TICK * 15,
            ..quick()
        };
        let (terminal, _) = play_with(&mut table, &mut script, Lang::En, (80, 24), options);
        screen_text(&terminal).contains("Bruno's corner")
    };
    assert!(!passed(&format!("\0\0\n\0{PASS}")));
    assert!(passed(&format!("\0\0\n\0\0\0{PASS}")));
}

#[test]
fn help_and_leaving_work_on_the_pass_screen_and_show_no_card() {
    // `?` opens the help over the public table; Esc closes it, and the pass screen is
    // back, its letter still to be waited for.
    let screen = bruno_gets("?");
    assert!(screen.contains("The rules in short"), "{screen}");
    let screen = bruno_gets("?\x1b");
    assert!(still_passing(&screen), "{screen}");
    // `q` asks first; "n" stays.
    let screen = bruno_gets("q");
    assert!(screen.contains("Leave the game?"), "{screen}");
    let screen = bruno_gets("qn");
    assert!(still_passing(&screen), "{screen}");
    for keys in ["?", "q"] {
        let (table, screen) = bruno_plays(keys);
        for name in table.private_monsters(0) {
            assert!(
                !screen.contains(&name),
                "{keys}: Ana's {name} shows:\n{screen}"
            );
        }
    }
}

#[test]
fn the_pass_screen_shows_no_card() {
    let mut table = hot_seat();
    let mut script = Script::typed(&[PASS, "\n", "1", "1", "1"]);
    let (terminal, _) = play_with(&mut table, &mut script, Lang::En, (80, 24), quick());
    let screen = screen_text(&terminal);
    assert!(screen.contains("Pass the screen to Bruno"), "{screen}");
    assert!(!table.private_monsters(0).is_empty(), "Ana drew a card");
    let catalog = &table.setup().catalog;
    for m in &catalog.monsters {
        let name = m.info.name.get(Lang::En);
        assert!(
            !screen.contains(name),
            "the pass screen shows {name}:\n{screen}"
        );
    }
}

#[test]
fn the_letter_is_no_key_of_habit_and_changes_from_pass_to_pass() {
    let letters: Vec<char> = (0..300)
        .map(|number| pass_letter(PASS_LETTERS, (number % 3) as u8, number))
        .collect();
    for &letter in &letters {
        assert!(letter.is_ascii_lowercase(), "{letter}");
        // Keys that answer or mean something elsewhere, or look like a digit.
        assert!(!"oqsynil".contains(letter), "{letter}");
    }
    let mut distinct = letters.clone();
    distinct.sort();
    distinct.dedup();
    assert!(distinct.len() >= 15, "{distinct:?}");
    let repeats = letters.windows(2).filter(|w| w[0] == w[1]).count();
    assert!(
        repeats < letters.len() / 8,
        "{repeats} passes ask what the last one did"
    );
}
