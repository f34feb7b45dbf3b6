//! The `o` key of `dungeon play`: the player's own odds of surviving the dungeon, as the
//! table worked them out from that seat's view only (`Table::ask_odds`), so they tell
//! nothing the player could not count themselves.

use crate::text::Text;
use dungeon_engine::Seat;
use dungeon_table::{Odds, OddsNow};

/// The lines the key prints.
pub fn lines(text: &Text, odds: &Odds, seat_name: impl Fn(Seat) -> String) -> Vec<String> {
    let percent = |p: f64| crate::odds::percent(text, p);
    let mut out = Vec::new();
    match &odds.now {
        OddsNow::Survive(p) => out.push(text.t("odds-now", &[("percent", percent(*p).into())])),
        OddsNow::Answers(answers) => {
            out.push(text.t("odds-answers", &[]));
            for &(answer, p) in answers {
                let answer = text.answer(answer, &seat_name);
                out.push(text.t(
                    "odds-option",
                    &[("answer", answer.into()), ("percent", percent(p).into())],
                ));
            }
        }
    }
    if let Some((monster, p)) = odds.with_card {
        out.push(text.t(
            "odds-with-card",
            &[
                ("monster", text.monster(monster).into()),
                ("percent", percent(p).into()),
            ],
        ));
    }
    if !odds.exact {
        out.push(text.t("odds-estimate", &[]));
    }
    out
}
