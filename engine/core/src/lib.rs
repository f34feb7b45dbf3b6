//! # dungeon-core
//!
//! The game abstraction the platform is built on, in the spirit of OpenSpiel's: a game is
//! a set of rules ([`Game`]) over a state that is plain data (clone it, serialise it, play
//! it forward). At every point exactly one seat is to act ([`Game::to_act`]); a game with
//! actions out of turn (Mazmorra's aces, its counter-attacks) offers them as decisions of
//! their own, asked in the order its rules give, so a game stays a sequence of single
//! decisions that a record can replay. Chance lives inside the state: the game draws
//! from a generator seeded by [`Game::new_game`], so the same seed and the same actions
//! give the same game, byte for byte. [`Game::view`] is what one seat may know (or a
//! spectator, with no seat): bots and front ends see only that.
//!
//! What any game gets from implementing it: [`play_random`] (seeded uniform play, the lab's
//! and the soak's baseline), [`replay`] (a game checked by playing its actions again) and
//! [`ismcts`], a bot that searches states sampled from its view (the game supplies how
//! to sample them, [`Game::determinize`], and how to judge a game cut short,
//! [`Game::heuristic`]).
//! [`bots`] names them as players; [`scenario`] runs a worded game's scenario files. A game that also implements [`Hosted`] (its words, its
//! endings, its audits) gets the lab, the soak, kept games and a terminal table from the
//! `dungeon` program with no change there (`docs/new-game.md`).
//! The first game, Welcome to the Dungeon, keeps its own richer interfaces in
//! `dungeon-engine`, and is adapted to this one by `dungeon_engine::generic`.

pub mod bots;
pub mod fingerprint;
pub mod hosted;
pub mod ismcts;
pub mod scenario;
pub mod session;
pub mod words;

pub use hosted::{Hosted, Worded};

use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;

/// A seat at the table, from 0.
pub type Seat = u8;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Outcome {
    /// The winners (none: a draw, or a game stopped by its own limit).
    pub winners: Vec<Seat>,
}

/// The rules of one game. Implementations hold no state of a game: every call gets it.
pub trait Game {
    /// Table options: player count, rulings, variants.
    type Options: Clone + Debug + Default + Serialize + DeserializeOwned;
    type State: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    type Action: Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// What a move told, whole (a front end words it; a view filters it per seat).
    type Event: Clone + Debug + Serialize;
    /// What one seat may know of a state.
    type View: Clone + Debug + PartialEq + Serialize;
    type Error: std::error::Error;

    /// The game's id (`mazmorra`).
    fn id(&self) -> &'static str;
    /// A new game, its chance drawn from `seed`.
    fn new_game(
        &self,
        options: &Self::Options,
        seed: u64,
        events: &mut Vec<Self::Event>,
    ) -> Result<Self::State, Self::Error>;
    /// The seat to act, or `None` once the game is over.
    fn to_act(&self, state: &Self::State) -> Option<Seat>;
    /// What the seat to act may do, in a fixed order (never empty while the game goes on).
    fn legal_actions(&self, state: &Self::State) -> Vec<Self::Action>;
    /// Plays `action` for the seat to act; an illegal one changes nothing.
    fn apply(
        &self,
        state: &mut Self::State,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error>;
    /// How the game ended, once it has.
    fn outcome(&self, state: &Self::State) -> Option<Outcome>;
    /// What `seat` may know (`None`: a spectator, who sees only what is public).
    fn view(&self, state: &Self::State, seat: Option<Seat>) -> Self::View;
    /// The seat a view belongs to.
    fn seat_of(&self, view: &Self::View) -> Option<Seat>;
    /// A whole state `view`'s seat cannot tell from the real one: what it cannot see
    /// dealt at random from what it cannot rule out. A bot searches such states, so it
    /// never reads what its seat may not know.
    fn determinize(&self, view: &Self::View, rng: &mut ChaCha8Rng) -> Self::State;
    /// How well `seat` stands, from 0 to 1, in a game not over: what a search ends on
    /// when it stops short of the end. The game's own judgement.
    fn heuristic(&self, state: &Self::State, seat: Seat) -> f64;
}

/// A game's final state and the actions that led there.
pub type Played<G> = (<G as Game>::State, Vec<<G as Game>::Action>);

/// A game played to its end by seats choosing uniformly among their legal actions, with a
/// generator of their own seeded from `seed` (the game's chance is the game's): the
/// actions taken, in order, and the final state.
pub fn play_random<G: Game>(
    game: &G,
    options: &G::Options,
    seed: u64,
    max_actions: usize,
) -> Result<Played<G>, G::Error> {
    play_random_seeing(game, options, seed, max_actions, |_, _| {})
}

/// [`play_random`], showing `see` the seat to act and the moves it is offered before each
/// move (what a game's rules fingerprint hashes: [`fingerprint`]).
pub fn play_random_seeing<G: Game>(
    game: &G,
    options: &G::Options,
    seed: u64,
    max_actions: usize,
    mut see: impl FnMut(Seat, &[G::Action]),
) -> Result<Played<G>, G::Error> {
    let mut events = Vec::new();
    let mut state = game.new_game(options, seed, &mut events)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut actions = Vec::new();
    while let Some(seat) = game.to_act(&state)
        && actions.len() < max_actions
    {
        let legal = game.legal_actions(&state);
        see(seat, &legal);
        let action = legal[rng.random_range(..legal.len())].clone();
        game.apply(&mut state, &action, &mut events)?;
        actions.push(action);
    }
    Ok((state, actions))
}

/// The state `actions` lead to from the game of `seed`: a record checked by playing it.
pub fn replay<G: Game>(
    game: &G,
    options: &G::Options,
    seed: u64,
    actions: &[G::Action],
) -> Result<G::State, G::Error> {
    let mut events = Vec::new();
    let mut state = game.new_game(options, seed, &mut events)?;
    for action in actions {
        game.apply(&mut state, action, &mut events)?;
    }
    Ok(state)
}
