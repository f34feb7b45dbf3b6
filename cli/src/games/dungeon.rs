//! Welcome to the Dungeon in words for the platform's generic tools (the scenario files
//! any worded game reads, `dungeon_core::scenario`): the rules are
//! `dungeon_engine::generic::Dungeon`, the words this program's own, the very lines the
//! line mode shows (`dungeon_text::render`): a seat's table, its options, the log as that
//! seat may read it. The first game's own table, lab and server keep their richer
//! interfaces.

use crate::text::render::{Seats, event, options, public_status, status};
use crate::text::{Text, tr};
use dungeon_core::Seat;
use dungeon_core::hosted::LangCode;
use dungeon_core::words::{self, WithWords};
use dungeon_engine::generic::{Dungeon, SeatView};
use dungeon_engine::printable::escape_line;
use dungeon_engine::{Action, Event, GameOptions, Lang};

/// Welcome to the Dungeon, worded.
pub type DungeonWords = WithWords<Dungeon, DungeonText>;

/// Its words, from this program's messages.
#[derive(Clone, Copy, Default)]
pub struct DungeonText;

/// Nobody's seat: how an event is seen by a spectator.
const NOBODY: Seat = Seat::MAX;

fn lang(code: LangCode) -> Lang {
    Lang::from_code(code).unwrap_or(Lang::En)
}

fn seats(lang: Lang, names: &[String]) -> Seats {
    Seats {
        names: names.iter().map(|n| escape_line(n).into_owned()).collect(),
        lang,
    }
}

impl words::Words<Dungeon> for DungeonText {
    /// The table as the seat sees it (a spectator: what everyone sees), and, when the
    /// seat is asked, what it is asked.
    fn describe_view(
        &self,
        game: &Dungeon,
        l: LangCode,
        names: &[String],
        view: &SeatView,
    ) -> String {
        let (lang, shown) = (lang(l), view.shown());
        let text = Text::new(lang, game.catalog());
        let seats = seats(lang, names);
        let mut lines = match dungeon_core::Game::seat_of(game, view) {
            Some(_) => status(&text, &seats, shown),
            None => public_status(&text, &seats, shown),
        };
        if shown.decision.is_some() {
            lines.push(options(&text, &seats, shown, None).0);
        }
        lines.join("\n")
    }

    fn describe_action(
        &self,
        game: &Dungeon,
        l: LangCode,
        names: &[String],
        view: &SeatView,
        action: &Action,
    ) -> String {
        let lang = lang(l);
        let text = Text::new(lang, game.catalog());
        let (_, lines) = options(&text, &seats(lang, names), view.shown(), None);
        (lines.into_iter())
            .find(|(a, _)| a == action)
            .map_or_else(|| format!("{action:?}"), |(_, line)| line)
    }

    fn describe_event(
        &self,
        game: &Dungeon,
        l: LangCode,
        names: &[String],
        _: &GameOptions,
        seat: Option<Seat>,
        e: &Event,
    ) -> Option<String> {
        let lang = lang(l);
        let text = Text::new(lang, game.catalog());
        let seen = e.seen_by(seat.unwrap_or(NOBODY));
        event(&text, &seats(lang, names), seat, &seen).map(|line| line.trim_start().to_owned())
    }

    fn rules_summary(&self, _: &Dungeon, l: LangCode) -> String {
        let lang = lang(l);
        [
            "tui-help-rules-1",
            "tui-help-rules-2",
            "tui-help-rules-3",
            "tui-help-rules-4",
        ]
        .map(|id| tr(lang, id, &[]))
        .join(" ")
    }
}
