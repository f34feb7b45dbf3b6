//! Mazmorra with its words ([`Worded`]), for the tools that show any game in words: the
//! network tables (`dungeon serve`, `host`, `join`) and the full-screen table. Its words
//! are this program's Fluent messages (`words.rs`), so the game crate cannot implement
//! them: [`MazmorraWords`] is Mazmorra with [`MazmorraText`] (`dungeon_core::words`). Its own
//! table in the terminal stays `mod.rs` (a Myrmidon's question asked in two parts); over
//! the network each question of a Myrmidon is a choice of its own.

use super::words::Words;
use crate::text::tr;
use dungeon_core::Seat;
use dungeon_core::hosted::LangCode;
use dungeon_core::words::{self, WithWords};
use dungeon_engine::Lang;
use dungeon_mazmorra::Mazmorra;
use dungeon_mazmorra::action::{Action, Event};
use dungeon_mazmorra::state::Options;
use dungeon_mazmorra::view::View;

/// Mazmorra, worded.
pub type MazmorraWords = WithWords<Mazmorra, MazmorraText>;

/// Mazmorra's words, from this program's messages.
#[derive(Clone, Copy, Default)]
pub struct MazmorraText;

fn lang(code: LangCode) -> Lang {
    Lang::from_code(code).unwrap_or(Lang::En)
}

impl words::Words<Mazmorra> for MazmorraText {
    fn describe_view(&self, _: &Mazmorra, l: LangCode, names: &[String], view: &View) -> String {
        let words = Words {
            lang: lang(l),
            names,
            seat: view.seat.unwrap_or(Seat::MAX),
            darkness: view.options.darkness,
        };
        let mut lines = words.table(view);
        if view.seat.is_some() && view.to_act == view.seat {
            lines.push(words.prompt(view));
        }
        lines.join("\n")
    }

    /// Over the network a Myrmidon's every question is a choice of its own, so each says
    /// whom it asks and for which rank.
    fn describe_action(
        &self,
        _: &Mazmorra,
        l: LangCode,
        names: &[String],
        view: &View,
        action: &Action,
    ) -> String {
        let words = Words {
            lang: lang(l),
            names,
            seat: view.seat.unwrap_or(Seat::MAX),
            darkness: view.options.darkness,
        };
        let said = words.action(view, action);
        match action {
            Action::Fish { target, rank, .. } => {
                let whom = names.get(*target as usize).cloned().unwrap_or_default();
                format!("{said} ({whom}, {})", super::words::rank(*rank))
            }
            _ => said,
        }
    }

    fn describe_event(
        &self,
        _: &Mazmorra,
        l: LangCode,
        names: &[String],
        options: &Options,
        seat: Option<Seat>,
        event: &Event,
    ) -> Option<String> {
        // A spectator's words are those of nobody's seat, from the event as nobody sees it.
        let (event, reader) = match seat {
            Some(s) => (event.clone(), s),
            None => (event.seen_by(None), Seat::MAX),
        };
        let words = Words {
            lang: lang(l),
            names,
            seat: reader,
            darkness: options.darkness,
        };
        words.event(&event)
    }

    fn rules_summary(&self, _: &Mazmorra, l: LangCode) -> String {
        tr(lang(l), "mz-help", &[])
    }
}
