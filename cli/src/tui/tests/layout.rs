//! The layout's promises (issue 26): what the prompt needs is never cut silently (a
//! window too small says how large it must be), the first digit of a two-digit answer
//! shows while the second is awaited, and the screens' counts and second-person words
//! read right in every language.

use super::table::EngineTable;
use super::*;
use crate::tui::log::LogPanel;
use crate::tui::screen::{self, Overlay, Prompt, Screen, Tone};
use dungeon_bots::BotKind;
use ratatui::text::Line;

/// The bottom panel showing `prompt` (and an empty log), drawn on a `width`x`height`
/// screen; the screen's text.
fn drawn(prompt: Prompt, size: (u16, u16)) -> String {
    drawn_over(prompt, None, None, size)
}

/// As [`drawn`], with `overlay` over it, scrolled to `popup_top`.
fn drawn_over(
    prompt: Prompt,
    overlay: Option<Overlay>,
    popup_top: Option<usize>,
    (width, height): (u16, u16),
) -> String {
    let table = EngineTable::new("base", 11, &[None, Some(BotKind::Rules)], |_| {});
    let setup = dungeon_table::Table::setup(&table).clone();
    let seats = crate::front::seat_names(Lang::En, &setup);
    let ctx = Ctx {
        text: Text::new(Lang::En, &setup.catalog),
        seats: &seats,
        palette: Palette::new(false),
    };
    let log = LogPanel::default();
    let screen = Screen {
        ctx,
        view: None,
        viewer: None,
        corner_title: String::new(),
        turn: None,
        log: &log,
        prompt,
        overlay,
        popup_top,
    };
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|f| {
            screen::draw(f, &screen);
        })
        .unwrap();
    screen_text(&terminal)
}

fn asking(options: Vec<String>, status: Vec<(Tone, String)>) -> Prompt {
    Prompt::Asking {
        header: "Choose:".into(),
        options,
        keys: vec![("q".into(), "quit".into())],
        status,
    }
}

#[test]
fn a_prompt_too_tall_for_the_window_says_how_large_it_must_be() {
    // Twelve options too long to stand in columns: one row or two each.
    let options = (1..=12)
        .map(|i| format!("Option {i}, with a text long enough to take most of a row"))
        .collect::<Vec<_>>();
    let screen = drawn(asking(options.clone(), Vec::new()), (80, 12));
    assert!(
        screen.contains("Make the window larger: at least 80×"),
        "{screen}"
    );
    // Where they fit, they are all there.
    let screen = drawn(asking(options, Vec::new()), (80, 24));
    assert!(screen.contains("12) Option 12"), "{screen}");
    assert!(!screen.contains("Make the window larger"), "{screen}");
}

#[test]
fn the_first_digit_of_two_shows_while_the_second_is_awaited() {
    // Eleven options taking 21 rows: with the header, the prompt fills 80x24 exactly.
    let labels = (1..=11)
        .map(|i| match i {
            11 => "The last choice".to_string(),
            i => format!("Choice {i}, with a text long enough to need a second row of the screen"),
        })
        .collect();
    let asking = crate::tui::prompt::Asking::typing("Choose:", labels, "1");
    let screen = drawn(asking.prompt(), (80, 24));
    assert!(screen.contains("11) The last choice"), "{screen}");
    assert!(screen.contains("1…"), "{screen}");
}

#[test]
fn counts_pick_their_plural_and_you_reads_as_you() {
    let table = EngineTable::new("base", 11, &[None, Some(BotKind::Rules)], |_| {});
    let setup = dungeon_table::Table::setup(&table).clone();
    for (lang, one, other, took, passed) in [
        (
            Lang::En,
            "1 newer row ",
            "2 newer rows",
            "you took away: X",
            "you passed",
        ),
        (
            Lang::Es,
            "1 línea más reciente ",
            "2 líneas",
            "quitaste: X",
            "te retiraste",
        ),
        (
            Lang::Fr,
            "1 ligne plus récente ",
            "2 lignes",
            "vous avez retiré : X",
            "vous avez passé",
        ),
    ] {
        let seats = crate::front::seat_names(lang, &setup);
        let ctx = Ctx {
            text: Text::new(lang, &setup.catalog),
            seats: &seats,
            palette: Palette::new(false),
        };
        let rows = |n: &str| ctx.t("tui-log-title-scrolled", &[("rows", n.to_string())]);
        assert!(rows("1").contains(one), "{lang:?}: {}", rows("1"));
        assert!(rows("2").contains(other), "{lang:?}: {}", rows("2"));
        let tiles = [("tiles", "X".to_string())];
        assert_eq!(ctx.about("tui-took", 0, Some(0), &tiles), took);
        assert_eq!(ctx.about("tui-passed", 0, Some(0), &[]), passed);
        // Someone else's: the third person.
        assert_ne!(ctx.about("tui-took", 1, Some(0), &tiles), took);
    }
}

#[test]
fn a_popup_too_long_says_what_is_cut_and_scrolls() {
    let recap: Vec<Line<'static>> = (1..=40).map(|i| Line::from(format!("Line {i}"))).collect();
    let busy = Prompt::idle;
    // A recap starts at its newest lines and says how many are above.
    let screen = drawn_over(busy(), Some(Overlay::Recap(recap.clone())), None, (80, 24));
    assert!(screen.contains("Line 40"), "{screen}");
    assert!(screen.contains("more rows above (PgUp)"), "{screen}");
    assert!(!screen.contains("below (PgDn)"), "{screen}");
    // Scrolled to its top: the first line, and how many are below.
    let screen = drawn_over(busy(), Some(Overlay::Recap(recap)), Some(0), (80, 24));
    assert!(screen.contains("Line 1 "), "{screen}");
    assert!(screen.contains("more rows below (PgDn)"), "{screen}");
    assert!(!screen.contains("above (PgUp)"), "{screen}");
}
