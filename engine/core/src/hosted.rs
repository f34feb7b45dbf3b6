//! What the platform's tools need of a game beyond its rules: [`Hosted`]. A game that
//! implements it gets the lab (`dungeon sim --game ID`: the report, its sanity section),
//! the soak with its audits (`dungeon soak --over ID`); one that also implements [`Worded`]
//! gets a table in the terminal (`dungeon play --game ID`), kept games and `dungeon
//! replay`; with no change to any of them: see `docs/new-game.md`.
//!
//! Words come from the game itself, in the languages the platform speaks (`en`, `es`,
//! `fr`; any other code reads English): a game is a crate of its own, and brings its own
//! names for what only it knows.

use crate::{Game, Seat};

/// A language code as the platform passes it (`en`, `es`, `fr`).
pub type LangCode<'a> = &'a str;

/// The word of `words` (English, Spanish, French) for `lang`; English for any other.
pub fn pick<T: Copy>(lang: LangCode, words: [T; 3]) -> T {
    match lang {
        "es" => words[1],
        "fr" => words[2],
        _ => words[0],
    }
}

/// What the lab, the soak and kept games need (see the module's documentation).
pub trait Hosted:
    Game<Options: Send + Sync, State: Send, Action: Send, Event: Send> + Sync
{
    /// The game's name.
    fn name(&self, lang: LangCode) -> String;
    /// The seat counts it is played with.
    fn seats(&self) -> std::ops::RangeInclusive<u8>;
    /// The options of a table of `players` seats, everything else as the rules say.
    fn options_for(&self, players: u8) -> Self::Options;
    /// The seats of a table with these options.
    fn players(&self, options: &Self::Options) -> u8;
    /// Sets the ruling or variant `id` to `value` (`--ruling id=value`): false when the
    /// game has no such ruling or value, and then nothing changed.
    fn set_option(&self, options: &mut Self::Options, id: &str, value: &str) -> bool;
    /// Every ruling and variant with its values, for a message when one is unknown
    /// (`deck=french|spanish40`).
    fn option_help(&self) -> String;
    /// The tables a soak cycles through: each a set of rulings (`id`, `value`), the plain
    /// game first.
    fn variants(&self) -> Vec<Vec<(&'static str, &'static str)>> {
        vec![Vec::new()]
    }

    /// The seat that began the game, if `event` tells it (who starts may be drawn, as in
    /// Mazmorra). By default none does, and the lab takes the first seat to act.
    fn starter(&self, _event: &Self::Event) -> Option<Seat> {
        None
    }
    /// How a finished game ended (one of [`Hosted::endings`]), from its final state and
    /// the events of its last move.
    fn ending(&self, state: &Self::State, last: &[Self::Event]) -> &'static str;
    /// Every way a game may end.
    fn endings(&self) -> &'static [&'static str];
    /// Endings a study that looks like a game keeps rare (at most one game in ten): a game
    /// stopped by its own limit, with nobody winning.
    fn stalled(&self) -> &'static [&'static str] {
        &[]
    }
    fn ending_name(&self, lang: LangCode, ending: &str) -> String;
    /// A game's length in the game's own unit (turns, rounds).
    fn length(&self, state: &Self::State) -> u32;
    /// The unit of [`Hosted::length`], plural (`turns`).
    fn length_unit(&self, lang: LangCode) -> String;

    /// What must hold after every decision, against the game as it was set up (every card
    /// in exactly one place, each seat's view holding its own hand...): `Err` says what
    /// broke. The soak checks it, with what it checks of any game.
    fn audit(&self, _start: &Self::State, _state: &Self::State) -> Result<(), String> {
        Ok(())
    }
}

/// A table's options from `--ruling id=value` arguments: `Err` names the first the game
/// does not know.
pub fn options_from<G: Hosted>(
    game: &G,
    players: u8,
    rulings: &[String],
) -> Result<G::Options, String> {
    let mut options = game.options_for(players);
    for given in rulings {
        let (id, value) = given.split_once('=').unwrap_or((given, ""));
        if !game.set_option(&mut options, id, value) {
            return Err(given.clone());
        }
    }
    Ok(options)
}

/// What a table in the terminal (`dungeon play --game ID`) and `dungeon replay` need: the
/// game in words.
pub trait Worded: Hosted {
    /// The table as `view`'s seat sees it, as lines of text; `names` are the seats'.
    fn describe_view(&self, lang: LangCode, names: &[String], view: &Self::View) -> String;
    /// One of the legal actions of `view`, for its seat's list of choices.
    fn describe_action(
        &self,
        lang: LangCode,
        names: &[String],
        view: &Self::View,
        action: &Self::Action,
    ) -> String;
    /// An event as `seat` may know it (`None`: a spectator) at a table with these
    /// options, or `None` when it shows that seat nothing. The game must word nothing its
    /// seat may not know.
    fn describe_event(
        &self,
        lang: LangCode,
        names: &[String],
        options: &Self::Options,
        seat: Option<Seat>,
        event: &Self::Event,
    ) -> Option<String>;
    /// The rules, shortly, for a table's help.
    fn rules_summary(&self, lang: LangCode) -> String;
}

/// Game `seed` played at random with `options`, checked after every decision: the game's
/// own [`Hosted::audit`]; a legal move for the seat to act; for every seat, a state sampled
/// from its view ([`Game::determinize`]) showing it that same view, and, for the seat to
/// act, offering it the same moves (so a bot that reads only its view cannot tell the
/// sample from the real game). At the end, an outcome, and the game played again from its
/// moves giving the same state. The decisions played, and what went wrong, if anything:
/// the soak's audit (`dungeon soak --over ID`) and each game's own tests.
pub fn audit_random_game<G: Hosted>(
    game: &G,
    options: &G::Options,
    seed: u64,
) -> (u64, Option<String>) {
    use rand_chacha::rand_core::SeedableRng;
    let (end, actions) = match crate::play_random(game, options, seed, 1_000_000) {
        Ok(played) => played,
        Err(e) => return (0, Some(e.to_string())),
    };
    let decisions = actions.len() as u64;
    let fail = |n: usize, what: String| (decisions, Some(format!("after decision {n}: {what}")));
    let mut state = match game.new_game(options, seed, &mut Vec::new()) {
        Ok(s) => s,
        Err(e) => return (decisions, Some(e.to_string())),
    };
    let start = state.clone();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for (n, action) in actions.iter().enumerate() {
        let Some(seat) = game.to_act(&state) else {
            return fail(n, "a move after the end".into());
        };
        if let Err(e) = game.audit(&start, &state) {
            return fail(n, e);
        }
        let legal = game.legal_actions(&state);
        if legal.is_empty() {
            return fail(n, "no legal move".into());
        }
        for s in 0..game.players(options) {
            let view = game.view(&state, Some(s));
            let sample = game.determinize(&view, &mut rng);
            if game.view(&sample, Some(s)) != view {
                return fail(
                    n,
                    format!("a state sampled from seat {s}'s view shows another view"),
                );
            }
            if s == seat && game.legal_actions(&sample) != legal {
                return fail(
                    n,
                    format!("a state sampled from seat {s}'s view offers other moves"),
                );
            }
        }
        if let Err(e) = game.apply(&mut state, action, &mut Vec::new()) {
            return fail(n, e.to_string());
        }
    }
    if let Err(e) = game.audit(&start, &state) {
        return fail(actions.len(), e);
    }
    if game.outcome(&end).is_none() {
        return (decisions, Some("no outcome".into()));
    }
    match crate::replay(game, options, seed, &actions) {
        Ok(again) if again == end => (decisions, None),
        _ => (
            decisions,
            Some("played again, the game ends otherwise".into()),
        ),
    }
}
