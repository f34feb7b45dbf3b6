//! Snapshots of the screens at 80x24 and 120x40, each from a real game position (the
//! engine and the built-in packs, a fixed seed, scripted answers), and checks that the
//! screen fits, wraps between words and honours `NO_COLOR`.

use super::script::{END, Script};
use super::table::EngineTable;
use super::*;
use dungeon_bots::BotKind;
use ratatui::style::Color;

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

/// A game of the base box, the human first and the rules bot second.
fn solo() -> EngineTable {
    EngineTable::new("base", 7, &[None, Some(BotKind::Rules)], |_| {})
}

/// Two humans sharing the screen and a bot.
fn hot_seat() -> EngineTable {
    EngineTable::new("base", 7, &[None, None, Some(BotKind::Rules)], |_| {})
        .with_names(&["Ana", "Bruno"])
}

/// Three bots and nobody at the screen: it watches.
fn bots_only() -> EngineTable {
    let bot = Some(BotKind::Rules);
    EngineTable::new("base", 7, &[bot, bot, bot], |_| {})
}

fn ones(n: usize) -> Vec<&'static str> {
    vec!["1"; n]
}

/// Plays `script` at both sizes and snapshots the last screen drawn, which must be the
/// one the script stopped at.
fn snapshot(
    name: &str,
    table: fn() -> EngineTable,
    batches: &[&str],
    reveal: Option<usize>,
    lang: Lang,
) {
    snapshot_with(name, table, batches, reveal, lang, quick());
}

/// As [`snapshot`], with these options (the pause before reveals set by `reveal`).
fn snapshot_with(
    name: &str,
    table: fn() -> EngineTable,
    batches: &[&str],
    reveal: Option<usize>,
    lang: Lang,
    options: Options,
) {
    for size in SIZES {
        let mut table = table();
        let mut script = Script::typed(batches);
        script.stop_at_reveal = reveal;
        let delay = if reveal.is_some() {
            Duration::from_millis(1)
        } else {
            Duration::ZERO
        };
        let options = Options { delay, ..options };
        let (terminal, outcome) = play_with(&mut table, &mut script, lang, size, options);
        assert_eq!(
            outcome,
            Err(END.to_string()),
            "{name}: the script ends the session"
        );
        insta::assert_snapshot!(
            format!("{name}_{}x{}", size.0, size.1),
            screen_text(&terminal)
        );
    }
}

#[test]
fn bidding() {
    // Choose the Warrior; draw and put in; draw and set aside with the first tile; draw.
    snapshot(
        "bidding",
        solo,
        &["1", "1", "1", "1", "2", "1"],
        None,
        Lang::En,
    );
}

#[test]
fn bidding_in_spanish_and_french() {
    snapshot(
        "bidding_es",
        solo,
        &["1", "1", "1", "1", "2", "1"],
        None,
        Lang::Es,
    );
    snapshot(
        "bidding_fr",
        solo,
        &["1", "1", "1", "1", "2", "1"],
        None,
        Lang::Fr,
    );
}

#[test]
fn question() {
    // Everything put in until the bot must pass: the Vorpal Sword asks for a species.
    snapshot("question", solo, &ones(15), None, Lang::En);
}

#[test]
fn reveal() {
    // The Goblin named; stopped before the fourth card is turned over.
    snapshot("reveal", solo, &ones(16), Some(4), Lang::En);
}

#[test]
fn help() {
    snapshot("help", solo, &["1", "?"], None, Lang::En);
}

#[test]
fn end() {
    snapshot("end", solo, &ones(400), None, Lang::En);
}

#[test]
fn pass_screen() {
    // Ana's pass screen and recap, her first three moves; then the screen passes to
    // Bruno, and names the letter that passes it.
    let batches = [PASS, "\n", "1", "1", "1"];
    snapshot("pass", hot_seat, &batches, None, Lang::En);
    snapshot("pass_es", hot_seat, &batches, None, Lang::Es);
    // Before the quiet moment (nobody has typed for the pause yet): no letter.
    let waiting = Options {
        pass_pause: Duration::from_millis(100),
        ..quick()
    };
    let ana = format!("\0{PASS}");
    let batches = [ana.as_str(), "\n", "1", "1", "1"];
    snapshot_with("pass_wait", hot_seat, &batches, None, Lang::En, waiting);
}

#[test]
fn watching() {
    // Twelve bots' moves in (a batch each): the table as every seat sees it, no corner.
    snapshot("watching", bots_only, &["\0"; 12], None, Lang::En);
    snapshot("watching_es", bots_only, &["\0"; 12], None, Lang::Es);
}

#[test]
fn recap() {
    snapshot(
        "recap",
        hot_seat,
        &[PASS, "\n", "1", "1", "1", PASS],
        None,
        Lang::En,
    );
}

/// Every screen of a whole game, at several sizes: no row is wider than the screen (the
/// buffer would clip it), and no word of the log is cut at the right edge.
#[test]
fn reflows_at_any_size() {
    for size in [(80, 24), (60, 20), (100, 30), (120, 40), (40, 12)] {
        let mut table = solo();
        let mut script = Script::typed(&ones(60));
        let (terminal, _) = play(
            &mut table,
            &mut script,
            Lang::Fr,
            size,
            Duration::ZERO,
            Palette::new(false),
        );
        let rows = rows(&terminal);
        // The frame fills the screen exactly: the table panel's top border first, the
        // prompt's bottom border last.
        let (first, last) = (&rows[0], &rows[rows.len() - 1]);
        assert!(
            first.starts_with('┌') && first.ends_with('┐'),
            "{size:?}:\n{}",
            rows.join("\n")
        );
        assert!(
            last.starts_with('└') && last.ends_with('┘'),
            "{size:?}:\n{}",
            rows.join("\n")
        );
    }
}

#[test]
fn no_color_means_no_colour() {
    let colours = |palette| {
        let mut table = solo();
        let mut script = Script::typed(&["1", "1", "1", "1", "2", "1"]);
        let (terminal, _) = play(
            &mut table,
            &mut script,
            Lang::En,
            (80, 24),
            Duration::ZERO,
            palette,
        );
        let buffer = terminal.backend().buffer().clone();
        buffer
            .content
            .iter()
            .filter(|c| c.fg != Color::Reset || c.bg != Color::Reset)
            .count()
    };
    assert!(
        colours(Palette::new(true)) > 0,
        "the colour palette colours something"
    );
    assert_eq!(
        colours(Palette::new(false)),
        0,
        "NO_COLOR: no colour at all"
    );
}
