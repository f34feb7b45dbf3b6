//! The full-screen table of any worded game, driven by scripted keys on a test backend.

use super::*;
use crate::games::table::{Setup, play};
use ratatui::backend::TestBackend;
use std::collections::VecDeque;

/// Keys typed from a list; the screens drawn before each key is read are kept.
struct Script {
    keys: VecDeque<Key>,
}

impl Keyboard for Script {
    fn wait(&mut self, _: Duration, moment: Moment) -> std::io::Result<Option<Key>> {
        if moment == Moment::Busy {
            return Ok(None);
        }
        (self.keys.pop_front().map(Some)).ok_or_else(|| std::io::Error::other("no more keys"))
    }
    fn drain(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn text(terminal: &Terminal<TestBackend>) -> String {
    let buffer = terminal.backend().buffer();
    let width = buffer.area.width as usize;
    let cells: Vec<&str> = buffer.content.iter().map(|c| c.symbol()).collect();
    cells.chunks(width).map(|row| row.concat() + "\n").collect()
}

fn setup(humans: u8, save: &std::path::Path) -> Setup {
    Setup {
        players: 2,
        humans,
        names: Some("Ana,Bo".into()),
        bots: "random".into(),
        seed: Some(4),
        rulings: vec!["cards=3".into()],
        load: None,
        save: Some(save.to_path_buf()),
    }
}

/// Plays Goofspiel with `keys` at a 100x30 screen; the screen last drawn and what
/// the screen kept.
fn run(humans: u8, keys: &[Key], name: &str) -> (String, Option<String>, bool, String) {
    let dir = std::env::temp_dir().join(format!("dungeon-screen-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("kept.json");
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
    let script = Script {
        keys: keys.iter().copied().collect(),
    };
    let game = dungeon_goofspiel::Goofspiel;
    let (name, rules) = ("Goofspiel".to_string(), "The rules.".to_string());
    let mut screen = Screen::new(&mut terminal, script, Lang::En, name, rules, None);
    screen.grace = Duration::ZERO;
    let code = play(Lang::En, &game, setup(humans, &save), &mut screen);
    assert!(code.is_ok(), "{code:?}");
    let (kept, gone) = (screen.kept.clone(), screen.gone);
    let kept_file = std::fs::read_to_string(&save).unwrap_or_default();
    (text(&terminal), kept, gone, kept_file)
}

#[test]
fn a_game_against_a_bot_is_played_to_its_end_by_keys() {
    use Key::*;
    // Arrows pick, a digit jumps, Enter plays; `?` opens the rules, any key closes
    // them; the end waits for a key.
    let keys = [
        Down,
        Down,
        Up,
        Enter,
        Char('?'),
        Esc,
        Char('1'),
        Enter,
        Enter,
        Char('x'),
    ];
    let (screen, kept, gone, file) = run(1, &keys, "bot");
    assert!(!gone && kept.is_none(), "{screen}");
    assert!(screen.contains("Game over. Winning:"), "{screen}");
    assert!(screen.contains("The game is over."), "{screen}");
    let file: serde_json::Value = serde_json::from_str(&file).unwrap();
    assert_eq!(
        file["actions"].as_array().unwrap().len(),
        6,
        "three rounds of two bids"
    );
    assert_eq!(
        file["actions"][0], 2,
        "the second bid picked by the arrows: {file}"
    );
}

#[test]
fn the_question_shows_the_moves_and_the_rules_open_over_it() {
    use Key::*;
    let (screen, _, gone, _) = run(1, &[Char('?')], "rules");
    assert!(gone, "the script ran out: the game is left");
    assert!(screen.contains("Your move, Ana"), "{screen}");
    assert!(screen.contains("> 1) bid 1"), "{screen}");
    assert!(screen.contains("Rules (any key to close)"), "{screen}");
    assert!(screen.contains("The rules."), "{screen}");
    assert!(screen.contains("Round 1 of 3"), "{screen}");
}

#[test]
fn q_asks_then_leaves_and_the_game_is_kept() {
    use Key::*;
    let (screen, kept, gone, file) = run(1, &[Enter, Char('q'), Char('q')], "leave");
    assert!(!gone, "{screen}");
    assert!(
        screen.contains("q to leave, any other key to stay"),
        "{screen}"
    );
    assert!(kept.is_some_and(|k| k.contains("--load")));
    assert!(file.contains("\"actions\":[1,"), "{file}");
}

#[test]
fn at_a_shared_screen_the_pass_screen_shows_nothing_else() {
    use Key::*;
    // Ana passes the screen to herself with `a`; a wrong letter does nothing.
    let (screen, _, _, _) = run(2, &[Char('b')], "pass");
    assert!(
        screen.contains("Pass the screen to Ana. Ana: press a."),
        "{screen}"
    );
    assert!(
        !screen.contains("Round") && !screen.contains("bid"),
        "{screen}"
    );
    // Ana bids 3; Bo's pass screen shows nothing of hers.
    let (screen, _, _, _) = run(2, &[Char('a'), Char('3'), Enter], "pass2");
    assert!(screen.contains("Pass the screen to Bo"), "{screen}");
    assert!(!screen.contains("bid") && !screen.contains("3"), "{screen}");
}
