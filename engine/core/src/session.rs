//! One game of any worded game behind an object-safe face ([`Session`]), and the games a
//! program offers as values ([`Kind`]): what a server holds when it must not know a
//! game's types. Options, actions and views cross it as JSON, words in the reader's
//! language, and every choice by its place among the legal actions (their order is
//! fixed by the game).
//!
//! Nothing here reads what a seat may not know on its behalf: views and log lines are
//! the game's own, per seat ([`Game::view`], [`Worded::describe_event`]), and a bot's
//! choice is made from its seat's view ([`Bot::choose`]).

use crate::bots::Bot;
use crate::hosted::{LangCode, options_from};
use crate::{Game, Seat, Worded};
use std::sync::Arc;

/// A game a program offers (`goofspiel`...), as a value.
pub trait Kind: Send + Sync {
    fn id(&self) -> &'static str;
    fn name(&self, lang: LangCode) -> String;
    fn seats(&self) -> std::ops::RangeInclusive<u8>;
    /// Its rulings and variants (`ties=lost|carry`).
    fn option_help(&self) -> String;
    /// A new game of `players` seats with these `--ruling id=value` rulings; `Err` names
    /// a ruling the game does not know, or says why the game refused the table.
    fn start(&self, players: u8, rulings: &[String], seed: u64)
    -> Result<Box<dyn Session>, String>;
    /// A kept game taken up again: its options and actions as JSON, every action played
    /// again (an action that is not legal where it stands is refused).
    fn restore(
        &self,
        options: &str,
        seed: u64,
        actions: &[String],
    ) -> Result<Box<dyn Session>, String>;
}

/// One game being played.
pub trait Session: Send {
    fn game_id(&self) -> &'static str;
    fn players(&self) -> u8;
    fn seed(&self) -> u64;
    /// The seat to decide, or `None` once the game is over.
    fn to_act(&self) -> Option<Seat>;
    /// The winners, once the game is over.
    fn winners(&self) -> Option<Vec<Seat>>;
    /// Decisions applied so far.
    fn number(&self) -> u32;
    /// The table's options, as JSON.
    fn options_json(&self) -> String;
    /// The whole state, as JSON (what a restart checks the game again against).
    fn state_json(&self) -> String;
    /// The choices of the seat to act, in words, in the game's order.
    fn choices(&self, lang: LangCode, names: &[String]) -> Vec<String>;
    /// Plays choice `index` of the seat to act: the action played, as JSON (to keep).
    fn choose(&mut self, index: usize) -> Result<String, String>;
    /// How many choices the seat to act has (its words not made).
    fn choice_count(&self) -> usize;
    /// The choice `bot` makes for the seat to act, from that seat's view, seeded as every
    /// table seeds its bots ([`Bot::choose_seeded`]): a restart plays the same moves.
    fn bot_choice(&self, bot: Bot) -> Option<usize>;
    /// The table as `seat` sees it (`None`: a spectator), in words.
    fn view_words(&self, lang: LangCode, names: &[String], seat: Option<Seat>) -> String;
    /// The same view as JSON, for a program.
    fn view_json(&self, seat: Option<Seat>) -> String;
    /// The log from event `from` on, as `seat` may know it, in words.
    fn log(&self, lang: LangCode, names: &[String], seat: Option<Seat>, from: usize)
    -> Vec<String>;
    /// Events so far.
    fn log_len(&self) -> usize;
}

/// A worded game as a [`Kind`].
pub struct KindOf<G>(pub Arc<G>);

impl<G> KindOf<G> {
    /// `game` as a [`Kind`], shared.
    pub fn erased(game: G) -> Arc<dyn Kind>
    where
        G: Worded + Send + Sync + 'static,
    {
        Arc::new(KindOf(Arc::new(game)))
    }
}

/// A game of `G` being played, with its log.
struct Live<G: Game> {
    game: Arc<G>,
    options: G::Options,
    seed: u64,
    state: G::State,
    events: Vec<G::Event>,
    number: u32,
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("a game's data is plain")
}

impl<G> Kind for KindOf<G>
where
    G: Worded + Send + Sync + 'static,
{
    fn id(&self) -> &'static str {
        self.0.id()
    }

    fn name(&self, lang: LangCode) -> String {
        self.0.name(lang)
    }

    fn seats(&self) -> std::ops::RangeInclusive<u8> {
        self.0.seats()
    }

    fn option_help(&self) -> String {
        self.0.option_help()
    }

    fn start(
        &self,
        players: u8,
        rulings: &[String],
        seed: u64,
    ) -> Result<Box<dyn Session>, String> {
        let game = &*self.0;
        if !game.seats().contains(&players) {
            return Err(format!(
                "{players} players: {} is played by {:?}",
                game.name("en"),
                game.seats()
            ));
        }
        let options = options_from(game, players, rulings).map_err(|r| {
            format!(
                "not a ruling of {}: {r} ({})",
                game.name("en"),
                game.option_help()
            )
        })?;
        let mut events = Vec::new();
        let state = game
            .new_game(&options, seed, &mut events)
            .map_err(|e| e.to_string())?;
        Ok(Box::new(Live {
            game: self.0.clone(),
            options,
            seed,
            state,
            events,
            number: 0,
        }))
    }

    fn restore(
        &self,
        options: &str,
        seed: u64,
        actions: &[String],
    ) -> Result<Box<dyn Session>, String> {
        let game = &*self.0;
        let options: G::Options =
            serde_json::from_str(options).map_err(|e| format!("options: {e}"))?;
        let mut events = Vec::new();
        let mut state = game
            .new_game(&options, seed, &mut events)
            .map_err(|e| e.to_string())?;
        for (n, action) in actions.iter().enumerate() {
            let action: G::Action =
                serde_json::from_str(action).map_err(|e| format!("decision {}: {e}", n + 1))?;
            if !game.legal_actions(&state).contains(&action) {
                return Err(format!("decision {}: not a legal move there", n + 1));
            }
            (game.apply(&mut state, &action, &mut events))
                .map_err(|e| format!("decision {}: {e}", n + 1))?;
        }
        Ok(Box::new(Live {
            game: self.0.clone(),
            options,
            seed,
            state,
            events,
            number: actions.len() as u32,
        }))
    }
}

impl<G> Session for Live<G>
where
    G: Worded + Send + Sync + 'static,
{
    fn game_id(&self) -> &'static str {
        self.game.id()
    }

    fn players(&self) -> u8 {
        self.game.players(&self.options)
    }

    fn seed(&self) -> u64 {
        self.seed
    }

    fn to_act(&self) -> Option<Seat> {
        self.game.to_act(&self.state)
    }

    fn winners(&self) -> Option<Vec<Seat>> {
        self.game.outcome(&self.state).map(|o| o.winners)
    }

    fn number(&self) -> u32 {
        self.number
    }

    fn options_json(&self) -> String {
        json(&self.options)
    }

    fn state_json(&self) -> String {
        json(&self.state)
    }

    fn choices(&self, lang: LangCode, names: &[String]) -> Vec<String> {
        let Some(seat) = self.to_act() else {
            return Vec::new();
        };
        let view = self.game.view(&self.state, Some(seat));
        (self.game.legal_actions(&self.state).iter())
            .map(|a| self.game.describe_action(lang, names, &view, a))
            .collect()
    }

    fn choose(&mut self, index: usize) -> Result<String, String> {
        let legal = self.game.legal_actions(&self.state);
        let action = legal.get(index).ok_or("not one of the choices")?;
        (self.game.apply(&mut self.state, action, &mut self.events)).map_err(|e| e.to_string())?;
        self.number += 1;
        Ok(json(action))
    }

    fn choice_count(&self) -> usize {
        self.game.legal_actions(&self.state).len()
    }

    fn bot_choice(&self, bot: Bot) -> Option<usize> {
        let seat = self.to_act()?;
        let (seed, number) = (self.seed, u64::from(self.number));
        let action = bot.choose_seeded(&*self.game, &self.state, seat, seed, number);
        self.game
            .legal_actions(&self.state)
            .iter()
            .position(|a| *a == action)
    }

    fn view_words(&self, lang: LangCode, names: &[String], seat: Option<Seat>) -> String {
        let view = self.game.view(&self.state, seat);
        self.game.describe_view(lang, names, &view)
    }

    fn view_json(&self, seat: Option<Seat>) -> String {
        json(&self.game.view(&self.state, seat))
    }

    fn log(
        &self,
        lang: LangCode,
        names: &[String],
        seat: Option<Seat>,
        from: usize,
    ) -> Vec<String> {
        (self.events.iter().skip(from))
            .filter_map(|e| (self.game).describe_event(lang, names, &self.options, seat, e))
            .collect()
    }

    fn log_len(&self) -> usize {
        self.events.len()
    }
}
