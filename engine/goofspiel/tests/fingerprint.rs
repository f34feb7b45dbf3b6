//! The rules fingerprint a kept game carries (`dungeon_core::fingerprint`): the same for the
//! same rules, whatever the build, and another one as soon as the rules play otherwise.

use dungeon_core::fingerprint::rules_fingerprint;
use dungeon_core::hosted::LangCode;
use dungeon_core::{Game, Hosted, Outcome, Seat};
use dungeon_goofspiel::{Action, Event, Goofspiel, Options, State, View};
use rand_chacha::ChaCha8Rng;

/// Pinned: kept games of Goofspiel carry it. If a change of the rules moves it on purpose,
/// games kept before are refused from then on (say so in the change), and this pin
/// follows; if it moved by accident, the change broke the rules.
const GOOFSPIEL: &str = "9da4530a561d3f65";

#[test]
fn the_fingerprint_is_pinned_and_stable() {
    assert_eq!(rules_fingerprint(&Goofspiel), GOOFSPIEL);
    // Worked out on another thread, it is the same (nothing in it depends on a thread,
    // a clock or an address).
    let there = std::thread::spawn(|| rules_fingerprint(&Goofspiel)).join();
    assert_eq!(there.expect("no panic"), GOOFSPIEL);
}

#[test]
fn a_game_whose_rules_play_otherwise_has_another_fingerprint() {
    // The same game, but a tie at the top of the bids is always carried, whatever the
    // table's option: one rule changed, everything else delegated.
    assert_ne!(rules_fingerprint(&AlwaysCarry), GOOFSPIEL);
}

/// Goofspiel, with ties always carried, under Goofspiel's own id (as a later build of it
/// would be).
struct AlwaysCarry;

impl Game for AlwaysCarry {
    type Options = Options;
    type State = State;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Error = <Goofspiel as Game>::Error;

    fn id(&self) -> &'static str {
        Goofspiel.id()
    }
    fn new_game(
        &self,
        options: &Options,
        seed: u64,
        events: &mut Vec<Event>,
    ) -> Result<State, Self::Error> {
        let carried = Options {
            carry_ties: true,
            ..options.clone()
        };
        Goofspiel.new_game(&carried, seed, events)
    }
    fn to_act(&self, state: &State) -> Option<Seat> {
        Goofspiel.to_act(state)
    }
    fn legal_actions(&self, state: &State) -> Vec<Action> {
        Goofspiel.legal_actions(state)
    }
    fn apply(
        &self,
        state: &mut State,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), Self::Error> {
        Goofspiel.apply(state, action, events)
    }
    fn outcome(&self, state: &State) -> Option<Outcome> {
        Goofspiel.outcome(state)
    }
    fn view(&self, state: &State, seat: Option<Seat>) -> View {
        Goofspiel.view(state, seat)
    }
    fn seat_of(&self, view: &View) -> Option<Seat> {
        Goofspiel.seat_of(view)
    }
    fn determinize(&self, view: &View, rng: &mut ChaCha8Rng) -> State {
        Goofspiel.determinize(view, rng)
    }
    fn heuristic(&self, state: &State, seat: Seat) -> f64 {
        Goofspiel.heuristic(state, seat)
    }
}

impl Hosted for AlwaysCarry {
    fn name(&self, lang: LangCode) -> String {
        Goofspiel.name(lang)
    }
    fn seats(&self) -> std::ops::RangeInclusive<u8> {
        Goofspiel.seats()
    }
    fn options_for(&self, players: u8) -> Options {
        Goofspiel.options_for(players)
    }
    fn players(&self, options: &Options) -> u8 {
        Goofspiel.players(options)
    }
    fn set_option(&self, options: &mut Options, id: &str, value: &str) -> bool {
        Goofspiel.set_option(options, id, value)
    }
    fn option_help(&self) -> String {
        Goofspiel.option_help()
    }
    fn variants(&self) -> Vec<Vec<(&'static str, &'static str)>> {
        Goofspiel.variants()
    }
    fn ending(&self, state: &State, last: &[Event]) -> &'static str {
        Goofspiel.ending(state, last)
    }
    fn endings(&self) -> &'static [&'static str] {
        Goofspiel.endings()
    }
    fn ending_name(&self, lang: LangCode, ending: &str) -> String {
        Goofspiel.ending_name(lang, ending)
    }
    fn length(&self, state: &State) -> u32 {
        Goofspiel.length(state)
    }
    fn length_unit(&self, lang: LangCode) -> String {
        Goofspiel.length_unit(lang)
    }
}
