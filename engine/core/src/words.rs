//! A game's words kept apart from its rules: a front end that has its own translations
//! (the `dungeon` program's Fluent messages) words a game whose crate cannot depend on
//! them. [`WithWords`] is the game itself, its rules and tools passed through, with those
//! words added: a [`Worded`] game, written once for every game that needs it.

use crate::hosted::{Hosted, LangCode, Worded};
use crate::{Game, Outcome, Seat};

/// The words of game `G` (see [`Worded`], whose methods these are, with the game).
pub trait Words<G: Game>: Send + Sync {
    fn describe_view(&self, game: &G, lang: LangCode, names: &[String], view: &G::View) -> String;
    fn describe_action(
        &self,
        game: &G,
        lang: LangCode,
        names: &[String],
        view: &G::View,
        action: &G::Action,
    ) -> String;
    fn describe_event(
        &self,
        game: &G,
        lang: LangCode,
        names: &[String],
        options: &G::Options,
        seat: Option<Seat>,
        event: &G::Event,
    ) -> Option<String>;
    fn rules_summary(&self, game: &G, lang: LangCode) -> String;
}

/// `game` with `words`.
#[derive(Clone, Default)]
pub struct WithWords<G, W> {
    pub game: G,
    pub words: W,
}

impl<G: Game, W> Game for WithWords<G, W> {
    type Options = G::Options;
    type State = G::State;
    type Action = G::Action;
    type Event = G::Event;
    type View = G::View;
    type Error = G::Error;

    fn id(&self) -> &'static str {
        self.game.id()
    }
    fn new_game(
        &self,
        options: &G::Options,
        seed: u64,
        events: &mut Vec<G::Event>,
    ) -> Result<G::State, G::Error> {
        self.game.new_game(options, seed, events)
    }
    fn to_act(&self, state: &G::State) -> Option<Seat> {
        self.game.to_act(state)
    }
    fn legal_actions(&self, state: &G::State) -> Vec<G::Action> {
        self.game.legal_actions(state)
    }
    fn apply(
        &self,
        state: &mut G::State,
        action: &G::Action,
        events: &mut Vec<G::Event>,
    ) -> Result<(), G::Error> {
        self.game.apply(state, action, events)
    }
    fn outcome(&self, state: &G::State) -> Option<Outcome> {
        self.game.outcome(state)
    }
    fn view(&self, state: &G::State, seat: Option<Seat>) -> G::View {
        self.game.view(state, seat)
    }
    fn seat_of(&self, view: &G::View) -> Option<Seat> {
        self.game.seat_of(view)
    }
    fn determinize(&self, view: &G::View, rng: &mut rand_chacha::ChaCha8Rng) -> G::State {
        self.game.determinize(view, rng)
    }
    fn heuristic(&self, state: &G::State, seat: Seat) -> f64 {
        self.game.heuristic(state, seat)
    }
}

impl<G: Hosted, W: Send + Sync> Hosted for WithWords<G, W> {
    fn name(&self, lang: LangCode) -> String {
        self.game.name(lang)
    }
    fn seats(&self) -> std::ops::RangeInclusive<u8> {
        self.game.seats()
    }
    fn options_for(&self, players: u8) -> G::Options {
        self.game.options_for(players)
    }
    fn players(&self, options: &G::Options) -> u8 {
        self.game.players(options)
    }
    fn set_option(&self, options: &mut G::Options, id: &str, value: &str) -> bool {
        self.game.set_option(options, id, value)
    }
    fn option_help(&self) -> String {
        self.game.option_help()
    }
    fn variants(&self) -> Vec<Vec<(&'static str, &'static str)>> {
        self.game.variants()
    }
    fn starter(&self, event: &G::Event) -> Option<Seat> {
        self.game.starter(event)
    }
    fn ending(&self, state: &G::State, last: &[G::Event]) -> &'static str {
        self.game.ending(state, last)
    }
    fn endings(&self) -> &'static [&'static str] {
        self.game.endings()
    }
    fn stalled(&self) -> &'static [&'static str] {
        self.game.stalled()
    }
    fn ending_name(&self, lang: LangCode, ending: &str) -> String {
        self.game.ending_name(lang, ending)
    }
    fn length(&self, state: &G::State) -> u32 {
        self.game.length(state)
    }
    fn length_unit(&self, lang: LangCode) -> String {
        self.game.length_unit(lang)
    }
    fn audit(&self, start: &G::State, state: &G::State) -> Result<(), String> {
        self.game.audit(start, state)
    }
}

impl<G: Hosted, W: Words<G>> Worded for WithWords<G, W> {
    fn describe_view(&self, lang: LangCode, names: &[String], view: &G::View) -> String {
        self.words.describe_view(&self.game, lang, names, view)
    }
    fn describe_action(
        &self,
        lang: LangCode,
        names: &[String],
        view: &G::View,
        action: &G::Action,
    ) -> String {
        (self.words).describe_action(&self.game, lang, names, view, action)
    }
    fn describe_event(
        &self,
        lang: LangCode,
        names: &[String],
        options: &G::Options,
        seat: Option<Seat>,
        event: &G::Event,
    ) -> Option<String> {
        (self.words).describe_event(&self.game, lang, names, options, seat, event)
    }
    fn rules_summary(&self, lang: LangCode) -> String {
        self.words.rules_summary(&self.game, lang)
    }
}
