//! The `o` key of `dungeon play`: the player's own odds of surviving the dungeon, worked
//! out from their seat's view only (what they put in, what they have not seen), so it
//! tells them nothing they could not count themselves. The game is only read: the state
//! and its random generator stay as they were.

use crate::text::Text;
use dungeon_engine::action::DecisionKind;
use dungeon_engine::odds::{self, Effort, Plan, Report};
use dungeon_engine::view::ViewPhase;
use dungeon_engine::{Engine, GameState, Seat, View};

/// Exact up to this many situations (about two seconds), else an estimate over this many
/// sampled dungeons (under a second, within a percent or so): a sequel dungeon of six
/// cards already takes some 100,000 situations, a full one millions.
const EFFORT: Effort = Effort::Bounded {
    states: 40_000,
    samples: 5_000,
};

/// Whether the odds key means something at `seat`'s decision: while bidding (the dungeon
/// they would run), or at a question in their own run.
pub fn available(state: &GameState, seat: Seat) -> bool {
    let view = View::new(state, seat);
    match view.phase() {
        ViewPhase::Bidding { .. } => view.adventurer().is_some(),
        ViewPhase::Dungeon { runner } => {
            runner == seat
                && view
                    .decision()
                    .is_some_and(|d| matches!(d.kind, DecisionKind::Question(_)))
        }
        _ => false,
    }
}

/// The lines the key prints.
pub fn lines(
    engine: &mut Engine,
    state: &GameState,
    seat: Seat,
    text: &Text,
    seat_name: impl Fn(Seat) -> String,
) -> Vec<String> {
    if !available(state, seat) {
        return vec![text.t("odds-unavailable", &[])];
    }
    let view = View::new(state, seat);
    let percent = |p: f64| crate::odds::percent(text, p);
    let report = |engine: &mut Engine, plan: &Plan| -> Result<Report, String> {
        // A fixed seed: asking twice gives the same estimate.
        odds::report_from_view(engine, &view, plan, EFFORT, 0).map_err(|e| e.to_string())
    };
    let mut out = Vec::new();
    let mut exact = true;
    let now = match report(engine, &Plan::default()) {
        Ok(r) => r,
        Err(error) => return vec![text.t("odds-failed", &[("error", error.into())])],
    };
    exact &= now.exact;
    if now.options.is_empty() {
        out.push(text.t("odds-now", &[("percent", percent(now.probability).into())]));
    } else {
        out.push(text.t("odds-answers", &[]));
        for (action, p) in &now.options {
            if let dungeon_engine::Action::Answer(a) = action {
                let answer = text.answer(*a, &seat_name);
                out.push(text.t(
                    "odds-option",
                    &[("answer", answer.into()), ("percent", percent(*p).into())],
                ));
            }
        }
    }
    // Holding a drawn card: what putting it in would make of the odds.
    if let Some(monster) = view.hand() {
        let plan = Plan {
            add_hand: true,
            ..Plan::default()
        };
        match report(engine, &plan) {
            Ok(r) => {
                exact &= r.exact;
                out.push(text.t(
                    "odds-with-card",
                    &[
                        ("monster", text.monster(monster).into()),
                        ("percent", percent(r.probability).into()),
                    ],
                ));
            }
            Err(error) => out.push(text.t("odds-failed", &[("error", error.into())])),
        }
    }
    if !exact {
        out.push(text.t("odds-estimate", &[]));
    }
    out
}
