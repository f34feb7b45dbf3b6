//! Mazmorra with its words ([`Worded`]), for the tools that show any game in words: the
//! network tables (`dungeon serve`, `host`, `join`). Its words are this program's Fluent
//! messages (`words.rs`), so the game crate cannot implement them: [`MazmorraWords`] is
//! Mazmorra itself, its rules and tools passed through, with those words added. Its own
//! table in the terminal stays `mod.rs` (a Myrmidon's question asked in two parts); over
//! the network each question of a Myrmidon is a choice of its own.

use super::words::Words;
use crate::text::tr;
use dungeon_core::hosted::LangCode;
use dungeon_core::{Game, Hosted, Outcome, Seat, Worded};
use dungeon_engine::Lang;
use dungeon_mazmorra::Mazmorra;
use dungeon_mazmorra::action::{Action, Event};
use dungeon_mazmorra::state::{Options, State};
use dungeon_mazmorra::view::View;

/// Mazmorra, worded.
#[derive(Default)]
pub struct MazmorraWords;

fn lang(code: LangCode) -> Lang {
    Lang::from_code(code).unwrap_or(Lang::En)
}

impl Game for MazmorraWords {
    type Options = Options;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Error = dungeon_mazmorra::Error;

    fn id(&self) -> &'static str {
        Mazmorra.id()
    }
    fn new_game(&self, o: &Options, seed: u64, e: &mut Vec<Event>) -> Result<State, Self::Error> {
        Mazmorra.new_game(o, seed, e)
    }
    fn to_act(&self, state: &State) -> Option<Seat> {
        Mazmorra.to_act(state)
    }
    fn legal_actions(&self, state: &State) -> Vec<Action> {
        Mazmorra.legal_actions(state)
    }
    fn apply(&self, s: &mut State, a: &Action, e: &mut Vec<Event>) -> Result<(), Self::Error> {
        Mazmorra.apply(s, a, e)
    }
    fn outcome(&self, state: &State) -> Option<Outcome> {
        Mazmorra.outcome(state)
    }
    fn view(&self, state: &State, seat: Option<Seat>) -> View {
        Mazmorra.view(state, seat)
    }
    fn seat_of(&self, view: &View) -> Option<Seat> {
        Mazmorra.seat_of(view)
    }
    fn determinize(&self, view: &View, rng: &mut rand_chacha::ChaCha8Rng) -> State {
        Mazmorra.determinize(view, rng)
    }
    fn heuristic(&self, state: &State, seat: Seat) -> f64 {
        Mazmorra.heuristic(state, seat)
    }
}

impl Hosted for MazmorraWords {
    fn name(&self, l: LangCode) -> String {
        Mazmorra.name(l)
    }
    fn seats(&self) -> std::ops::RangeInclusive<u8> {
        Mazmorra.seats()
    }
    fn options_for(&self, players: u8) -> Options {
        Mazmorra.options_for(players)
    }
    fn players(&self, options: &Options) -> u8 {
        Mazmorra.players(options)
    }
    fn set_option(&self, options: &mut Options, id: &str, value: &str) -> bool {
        Mazmorra.set_option(options, id, value)
    }
    fn option_help(&self) -> String {
        Mazmorra.option_help()
    }
    fn variants(&self) -> Vec<Vec<(&'static str, &'static str)>> {
        Mazmorra.variants()
    }
    fn starter(&self, event: &Event) -> Option<Seat> {
        Mazmorra.starter(event)
    }
    fn ending(&self, state: &State, last: &[Event]) -> &'static str {
        Mazmorra.ending(state, last)
    }
    fn endings(&self) -> &'static [&'static str] {
        Mazmorra.endings()
    }
    fn stalled(&self) -> &'static [&'static str] {
        Mazmorra.stalled()
    }
    fn ending_name(&self, l: LangCode, ending: &str) -> String {
        Mazmorra.ending_name(l, ending)
    }
    fn length(&self, state: &State) -> u32 {
        Mazmorra.length(state)
    }
    fn length_unit(&self, l: LangCode) -> String {
        Mazmorra.length_unit(l)
    }
    fn audit(&self, start: &State, state: &State) -> Result<(), String> {
        Mazmorra.audit(start, state)
    }
}

impl Worded for MazmorraWords {
    fn describe_view(&self, l: LangCode, names: &[String], view: &View) -> String {
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

    fn rules_summary(&self, l: LangCode) -> String {
        tr(lang(l), "mz-help", &[])
    }
}
