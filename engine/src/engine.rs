//! The engine's public face: create a game, ask what is pending and what is legal, apply
//! one action, see a player's view. An [`Engine`] pairs a catalog with a hook runner
//! (the Lua host by default); game states are separate plain values, so one engine
//! serves any number of games, and a state can be cloned and played forward by a bot.

use crate::action::{Action, CardRef, Decision, DecisionKind};
use crate::catalog::{Catalog, Diagnostics};
pub use crate::error::EngineError;
use crate::event::Event;
use crate::game;
use crate::hooks::HookRunner;
use crate::options::GameOptions;
use crate::script::ScriptHost;
use crate::state::GameState;
use crate::view::View;
use std::sync::Arc;

/// A catalog and the hook runner for its scripts.
pub struct Engine<H: HookRunner = ScriptHost> {
    catalog: Arc<Catalog>,
    hooks: H,
    /// The catalog passed the checks every new game makes of it (it never changes).
    catalog_checked: bool,
    /// The state before the move being applied, to put back if a hook fails (kept from
    /// move to move so that taking it reuses its storage).
    undo: GameState,
    /// Exact odds every search of this engine shares, when turned on ([`Engine::share_odds`]).
    shared_odds: Option<crate::shared_odds::SharedOdds>,
    /// Analysis gives way once the hooks' steps reach this ([`Rules::set_work_limit`]).
    work_limit: Option<u64>,
}

impl Engine<ScriptHost> {
    /// An engine running the catalog's scripts in a sandboxed Lua state.
    pub fn new(catalog: Arc<Catalog>) -> Result<Engine<ScriptHost>, Diagnostics> {
        let hooks = ScriptHost::new(catalog.clone())?;
        Ok(Engine::with_hooks(catalog, hooks))
    }

    /// An engine of the repository's own packs, read from its `cards/` folder (for the
    /// tests of this crate and of the crates above it).
    pub fn built_in(packs: &[&str]) -> Engine {
        use crate::catalog::{DiskFiles, PackLibrary};
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
        let mut lib = PackLibrary::new();
        for pack in packs {
            lib.load_in(&DiskFiles, root, &format!("{root}/cards/{pack}.toml"))
                .expect("a built-in pack loads");
        }
        Engine::new(Arc::new(lib.catalog(packs).expect("catalog").0)).expect("engine")
    }
}

impl<H: HookRunner> Engine<H> {
    /// An engine with another hook runner (tests, native baselines).
    pub fn with_hooks(catalog: Arc<Catalog>, hooks: H) -> Engine<H> {
        Engine {
            catalog,
            hooks,
            catalog_checked: false,
            undo: GameState::default(),
            shared_odds: None,
            work_limit: None,
        }
    }

    /// Lets every odds search of this engine (the bots', across games) share the situations
    /// searched to the end ([`crate::shared_odds::SharedOdds`]). The figures, and so every bot's
    /// decisions, are the same either way; it costs memory (up to some hundred MB) and
    /// saves searching, so the simulator turns it on. Sharing stops by itself for good
    /// once a hook reads what a situation's key leaves out.
    pub fn share_odds(&mut self, on: bool) {
        self.shared_odds = on.then(crate::shared_odds::SharedOdds::default);
    }

    pub fn catalog(&self) -> &Arc<Catalog> {
        &self.catalog
    }

    pub fn hooks(&self) -> &H {
        &self.hooks
    }

    pub fn hooks_mut(&mut self) -> &mut H {
        &mut self.hooks
    }

    /// A new game from options and a seed. Same seed, same options and same actions give
    /// the same events. (Options already shared are taken as they are: the simulator plays
    /// many games under the same, and copying them, their rulings' strings and all, was a
    /// few percent of a random game.)
    pub fn new_game(
        &mut self,
        options: impl Into<Arc<GameOptions>>,
        seed: u64,
        events: &mut Vec<Event>,
    ) -> Result<GameState, EngineError> {
        self.hooks.begin();
        // The state stays where the new game put it, the caller's: taken out of the
        // result and put back in, it would be copied twice (2 KB each time).
        let mut game = game::new_game(
            &self.catalog,
            !self.catalog_checked,
            options.into(),
            seed,
            events,
        );
        if let Ok(state) = &mut game {
            self.catalog_checked = true;
            if let Err(e) = game::advance(&self.catalog, &mut self.hooks, state, events) {
                game = Err(e);
            }
        }
        game
    }

    /// Every action the pending decision allows (empty when the game is over).
    pub fn legal_actions(&self, state: &GameState) -> Vec<Action> {
        state
            .pending
            .as_ref()
            .map(Decision::legal_actions)
            .unwrap_or_default()
    }

    /// Applies one action. On any error the state and the event list are left exactly
    /// as they were, so a failing script never corrupts a game in progress.
    pub fn apply(
        &mut self,
        state: &mut GameState,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), EngineError> {
        self.apply_guarded(state, action, events, true)
    }

    /// [`Engine::apply`] without the snapshot that puts the state back when a hook
    /// fails: on an error the events are as they were but the state is left half-way. For
    /// callers that then drop the game, as a simulated game does when a script fails
    /// (the snapshot is a tenth of a random game's time).
    pub fn apply_or_abandon(
        &mut self,
        state: &mut GameState,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), EngineError> {
        self.apply_guarded(state, action, events, false)
    }

    fn apply_guarded(
        &mut self,
        state: &mut GameState,
        action: Action,
        events: &mut Vec<Event>,
        guard: bool,
    ) -> Result<(), EngineError> {
        self.check_catalog(state)?;
        if !state.pending.as_ref().is_some_and(|d| d.allows(&action)) {
            return Err(EngineError::IllegalAction {
                action,
                pending: describe_pending(&state.pending),
            });
        }
        // Taken, not copied: the move clears it anyway, and a failed move puts it back.
        let decision = state.pending.take().expect("checked above");
        // Only a hook can make a move fail, and hooks run only in the dungeon. A pass or an
        // answer can start or resume it, and so can any bidding move once the deck is
        // (nearly) empty: the next players are then forced to pass. Even then, a dungeon
        // whose cards define no hook runs none. Only when a hook may run is a snapshot
        // worth its copy.
        let may_run_hooks = guard
            && (match action {
                Action::Answer(_) => true,
                // A pass ends the bidding only when it leaves one bidder.
                Action::Pass => state.players.iter().filter(|p| p.in_bidding()).count() <= 2,
                _ => false,
            } || state.deck.len() <= 1
                || state.run.stage != crate::dungeon::Stage::Done)
            && (matches!(action, Action::ChooseAdventurer(_)) || self.hooks_in_play(state));
        if may_run_hooks {
            state.copy_for_undo(&mut self.undo);
        }
        let mark = events.len();
        let result = self.apply_unchecked(state, &decision, action, events);
        if result.is_err() {
            if may_run_hooks {
                state.undo_from(&mut self.undo);
                state.pending = Some(decision);
            }
            events.truncate(mark);
        }
        result
    }

    /// Could a hook run before the next decision? Only the equipment the adventurer holds
    /// (a chosen adventurer brings new equipment: the caller copies then) and the game's
    /// monster cards can have hooks.
    fn hooks_in_play(&self, state: &GameState) -> bool {
        state
            .tiles
            .iter()
            .any(|&t| self.hooks.has_any_hook(CardRef::Tile(t)))
            || state
                .cards
                .iter()
                .any(|&m| self.hooks.has_any_hook(CardRef::Monster(m)))
    }

    fn apply_unchecked(
        &mut self,
        state: &mut GameState,
        decision: &Decision,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), EngineError> {
        self.hooks.begin();
        state.pending = None;
        match (&decision.kind, action) {
            (DecisionKind::ChooseAdventurer { .. }, Action::ChooseAdventurer(adventurer)) => {
                events.push(Event::AdventurerChosen {
                    seat: Some(decision.seat),
                    adventurer,
                });
                game::start_round(&self.catalog, state, adventurer, events);
            }
            (DecisionKind::Question(question), Action::Answer(answer)) => {
                if let Some(pending) = state.run.pending.as_mut() {
                    pending.answers.push(answer);
                    pending.question = None;
                }
                events.push(Event::Answered {
                    seat: decision.seat,
                    asker: question.asker,
                    answer,
                });
            }
            _ => game::apply_bidding(&self.catalog, state, action, events),
        }
        game::advance(&self.catalog, &mut self.hooks, state, events)
    }

    /// What `seat` may know of the game.
    pub fn view<'s>(&self, state: &'s GameState, seat: crate::ids::Seat) -> View<'s> {
        View::new(state, seat)
    }

    /// Starts a state that was built by hand (a scenario, a test) in the dungeon phase.
    pub fn resume(
        &mut self,
        state: &mut GameState,
        events: &mut Vec<Event>,
    ) -> Result<(), EngineError> {
        self.check_catalog(state)?;
        self.hooks.begin();
        game::advance(&self.catalog, &mut self.hooks, state, events)
    }

    /// A single dungeon set up by hand, run until its first question or its end.
    pub fn dungeon(
        &mut self,
        setup: &game::DungeonSetup,
        events: &mut Vec<Event>,
    ) -> Result<GameState, EngineError> {
        self.hooks.begin();
        let mut state = game::dungeon_state(&self.catalog, setup, events)?;
        game::advance(&self.catalog, &mut self.hooks, &mut state, events)?;
        Ok(state)
    }

    fn check_catalog(&self, state: &GameState) -> Result<(), EngineError> {
        if state.catalog_fingerprint != self.catalog.fingerprint {
            return Err(EngineError::WrongCatalog {
                expected: self.catalog.fingerprint,
                found: state.catalog_fingerprint,
            });
        }
        Ok(())
    }
}

/// The engine as bots and searches use it: object-safe, whatever runs the hooks.
pub trait Rules {
    fn catalog(&self) -> &Arc<Catalog>;
    fn legal_actions(&self, state: &GameState) -> Vec<Action>;
    fn apply(
        &mut self,
        state: &mut GameState,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), EngineError>;
    /// See [`Engine::apply_or_abandon`]: for searches that drop a state whose move failed.
    fn apply_or_abandon(
        &mut self,
        state: &mut GameState,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), EngineError>;
    fn resume(&mut self, state: &mut GameState, events: &mut Vec<Event>)
    -> Result<(), EngineError>;
    fn dungeon(
        &mut self,
        setup: &game::DungeonSetup,
        events: &mut Vec<Event>,
    ) -> Result<GameState, EngineError>;
    /// See [`Engine::new_game`] (bots that play games out in their heads start one).
    fn new_game(
        &mut self,
        options: GameOptions,
        seed: u64,
        events: &mut Vec<Event>,
    ) -> Result<GameState, EngineError>;
    /// See [`HookRunner::set_analysis`]; turning it on starts from fresh script instances.
    fn set_analysis(&mut self, on: bool);
    /// The shared odds ([`Engine::share_odds`]), lent to one search at a time: `None`
    /// when sharing is off, already lent, or stopped ([`HookRunner::read_unkeyed`]).
    fn lend_shared_odds(&mut self) -> Option<crate::shared_odds::SharedOdds>;
    fn return_shared_odds(&mut self, shared: crate::shared_odds::SharedOdds);
    /// See [`HookRunner::read_unkeyed`].
    fn hooks_read_unkeyed(&self) -> bool;
    /// See [`HookRunner::history_reads`].
    fn hooks_history_reads(&self) -> Option<u64>;
    /// See [`HookRunner::random_draws`].
    fn hooks_random_draws(&self) -> u64;
    /// See [`HookRunner::take_species_asked`].
    fn hooks_take_species_asked(&mut self) -> Vec<(crate::hooks::SpeciesQuestion, bool)>;
    /// See [`HookRunner::answer_species_from`].
    fn hooks_answer_species_from(&mut self, _seen: Option<u64>) {}
    /// See [`HookRunner::may_raise_hp`].
    fn may_raise_hp(&self, card: CardRef) -> bool;
    /// See [`HookRunner::steps_spent`].
    fn hooks_steps_spent(&self) -> u64;
    /// The count of [`Rules::hooks_steps_spent`] at which analysis gives way: an exact
    /// search stops ([`EngineError::Work`]), sampling stops at the dungeons played.
    fn work_limit(&self) -> Option<u64>;
    fn set_work_limit(&mut self, limit: Option<u64>);
    /// What makes another engine like this one (its catalog, and a twin of its hook
    /// runner: [`HookRunner::twin`]) on the thread that calls it, in analysis mode: the
    /// exact search takes steps on twins side by side. `None` if it cannot.
    fn twin(&self) -> Option<EngineTwin> {
        None
    }
    /// Has analysis used up the work it may spend?
    fn work_exhausted(&self) -> bool {
        self.work_limit()
            .is_some_and(|limit| self.hooks_steps_spent() >= limit)
    }
}

/// Makes an engine on the thread that calls it (see [`Rules::twin`]).
pub type EngineTwin = Box<dyn FnOnce() -> Option<Box<dyn Rules>> + Send>;

impl<H: HookRunner> Rules for Engine<H> {
    fn catalog(&self) -> &Arc<Catalog> {
        Engine::catalog(self)
    }
    fn twin(&self) -> Option<EngineTwin> {
        let hooks = self.hooks.twin()?;
        let catalog = self.catalog.clone();
        Some(Box::new(move || {
            let mut twin = Engine::with_hooks(catalog, hooks()?);
            Rules::set_analysis(&mut twin, true);
            Some(Box::new(twin) as Box<dyn Rules>)
        }))
    }
    fn legal_actions(&self, state: &GameState) -> Vec<Action> {
        Engine::legal_actions(self, state)
    }
    fn apply(
        &mut self,
        state: &mut GameState,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), EngineError> {
        Engine::apply(self, state, action, events)
    }
    fn apply_or_abandon(
        &mut self,
        state: &mut GameState,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), EngineError> {
        Engine::apply_or_abandon(self, state, action, events)
    }
    fn resume(
        &mut self,
        state: &mut GameState,
        events: &mut Vec<Event>,
    ) -> Result<(), EngineError> {
        Engine::resume(self, state, events)
    }
    fn dungeon(
        &mut self,
        setup: &game::DungeonSetup,
        events: &mut Vec<Event>,
    ) -> Result<GameState, EngineError> {
        Engine::dungeon(self, setup, events)
    }
    fn new_game(
        &mut self,
        options: GameOptions,
        seed: u64,
        events: &mut Vec<Event>,
    ) -> Result<GameState, EngineError> {
        Engine::new_game(self, options, seed, events)
    }
    fn set_analysis(&mut self, on: bool) {
        if on {
            self.hooks.set_analysis(false);
            self.hooks.begin();
        }
        self.hooks.set_analysis(on);
    }
    fn lend_shared_odds(&mut self) -> Option<crate::shared_odds::SharedOdds> {
        if self.hooks.read_unkeyed() {
            self.shared_odds = None;
        }
        self.shared_odds.take()
    }
    fn return_shared_odds(&mut self, shared: crate::shared_odds::SharedOdds) {
        // Lending checks whether a hook has read outside the key since.
        self.shared_odds = Some(shared);
    }
    fn hooks_read_unkeyed(&self) -> bool {
        self.hooks.read_unkeyed()
    }
    fn hooks_history_reads(&self) -> Option<u64> {
        self.hooks.history_reads()
    }
    fn hooks_random_draws(&self) -> u64 {
        self.hooks.random_draws()
    }
    fn hooks_take_species_asked(&mut self) -> Vec<(crate::hooks::SpeciesQuestion, bool)> {
        self.hooks.take_species_asked()
    }
    fn hooks_answer_species_from(&mut self, seen: Option<u64>) {
        self.hooks.answer_species_from(seen);
    }
    fn hooks_steps_spent(&self) -> u64 {
        self.hooks.steps_spent()
    }
    fn work_limit(&self) -> Option<u64> {
        self.work_limit
    }
    fn set_work_limit(&mut self, limit: Option<u64>) {
        self.work_limit = limit;
    }

    fn may_raise_hp(&self, card: CardRef) -> bool {
        self.hooks.may_raise_hp(card)
    }
}

fn describe_pending(pending: &Option<Decision>) -> String {
    match pending {
        None => "nothing: the game is over".into(),
        Some(d) => match &d.kind {
            DecisionKind::ChooseAdventurer { .. } => {
                format!("seat {} to choose an adventurer", d.seat)
            }
            DecisionKind::DrawOrPass => format!("seat {} to draw or pass", d.seat),
            DecisionKind::PlaceCard { .. } => format!("seat {} to place the drawn card", d.seat),
            DecisionKind::Question(q) => format!("seat {} to answer `{}`", d.seat, q.prompt),
        },
    }
}
