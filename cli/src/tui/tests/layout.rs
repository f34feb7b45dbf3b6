//! The screens' words (issue 26): counts pick their plural, and what the reader did
//! reads in the second person, in every language.

use super::table::EngineTable;
use super::*;
use dungeon_engine::bot::BotKind;

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
        let seats = crate::play::seat_names(lang, &setup);
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
