//! The boundary between the rules and card scripts. The dungeon resolver calls hooks
//! through [`HookRunner`]; the Lua host (`script`) is one implementation, and a native
//! one can stand in (benchmarks, tests). A hook reads the state and returns effects; it
//! never changes the state itself, so a call that stops on a question or fails leaves
//! nothing behind.

use crate::action::{Answer, CardRef, Question};
pub use crate::effect::{Effect, EffectList};
pub use crate::error::{HookError, HookErrorKind};
pub use crate::hook_name::{HookName, HookSet};
use crate::state::GameState;

/// One hook invocation.
#[derive(Clone, Debug)]
pub struct HookCall<'a> {
    pub card: CardRef,
    pub hook: HookName,
    /// Answers to the questions this call asked on earlier runs, in order.
    pub answers: &'a [Answer],
    /// The damage about to be dealt (damage hooks only).
    pub damage: i32,
}

/// A question about the run's history whose answer the species faced decide, and
/// nothing else of it: what a hook may ask instead of reading `ctx.faced()`, so that the
/// odds search can remember a step by its answers ([`HookRunner::take_species_asked`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SpeciesQuestion {
    /// Was a monster of this species faced before the one being resolved?
    Faced(crate::ids::SpeciesId),
    /// Do the monsters faced (those with a species) all have different species? Asked
    /// only once the reveals are over (the Omnipotence), when every monster faced counts.
    AllDiffer,
}

#[derive(Clone, Debug, PartialEq)]
pub enum HookValue {
    Nothing,
    Bool(bool),
    Int(i32),
}

#[derive(Clone, Debug, PartialEq)]
pub enum HookOutcome {
    /// The hook finished: apply its effects.
    Done {
        effects: EffectList,
        value: HookValue,
    },
    /// The hook needs an answer it has not been given: nothing happened yet.
    Asked(Question),
}

/// Makes a [`HookRunner`] on the thread that calls it (see [`HookRunner::twin`]).
pub type Twin<H> = Box<dyn FnOnce() -> Option<H> + Send>;

/// Runs card hooks. Implemented by the Lua host; the resolver never knows which. A
/// runner owns what it runs (`'static`), so that the maker of its twin may go to another
/// thread ([`HookRunner::twin`]).
pub trait HookRunner: 'static {
    /// A new engine operation (a game created, an action applied) begins. Hook calls
    /// within one operation may share script-level state; calls in different operations
    /// must not, so that replaying the same operations gives the same game. Nothing a
    /// script saw in an operation may reach a later one (the Lua host also starts afresh
    /// after any failed call).
    fn begin(&mut self) {}

    /// An analysis (the odds search, the bots' playouts) is about to run hypothetical
    /// operations, or has finished. It changes nothing a script can observe: the Lua
    /// host gives every operation fresh script instances (or one that provably holds no
    /// state), analysis included, so what a hypothetical dungeon showed a script never
    /// reaches the real game.
    fn set_analysis(&mut self, _on: bool) {}

    /// What makes another runner like this one (the same catalog, scripts and settings) on
    /// the thread that calls it, for searches that take steps side by side: a twin's
    /// steps must be this runner's, result for result and step count for step count.
    /// `None` if this runner cannot make one (the default), or was set apart from the
    /// defaults (the tests of hostile scripts set budgets a twin would not share).
    fn twin(&self) -> Option<Twin<Self>>
    where
        Self: Sized,
    {
        None
    }

    /// Does this card define this hook? Cheap: called before every potential call.
    fn has_hook(&self, card: CardRef, hook: HookName) -> bool;

    /// Does this card define any hook at all?
    fn has_any_hook(&self, card: CardRef) -> bool {
        HookName::ALL.into_iter().any(|h| self.has_hook(card, h))
    }

    /// Every hook this card defines.
    fn hooks_of(&self, card: CardRef) -> HookSet {
        let mut set = HookSet::default();
        for hook in HookName::ALL
            .into_iter()
            .filter(|&h| self.has_hook(card, h))
        {
            set.insert(hook);
        }
        set
    }

    /// Sticky: has any hook read something the odds search's situation key leaves out (the
    /// order of the monsters faced, the game's generator, the lines logged)? Until one
    /// has, a situation's odds depend on its key alone, so searches may share them
    /// ([`crate::odds::SharedOdds`]).
    fn read_unkeyed(&self) -> bool {
        true
    }

    /// How many times hooks have read the run's history so far: the monsters faced before
    /// the one being resolved (through `ctx.faced()`, or a helper that counts their
    /// species), or anything [`HookRunner::read_unkeyed`] covers. A step of the odds search
    /// during which this did not change depended on the run's present state alone, so the
    /// search may reuse its outcome from any state alike but for the cards already faced.
    /// `None`: not counted (every step may have read anything).
    fn history_reads(&self) -> Option<u64> {
        None
    }

    /// How many random numbers hooks have drawn so far. The exact odds search cannot weigh
    /// them (it would take the one number its state's generator gives for the only one),
    /// so a step that drew one makes it give way to sampled dungeons, each with a
    /// generator of its own, as unpredictable as in play.
    fn random_draws(&self) -> u64 {
        0
    }

    /// The questions about the species faced that hooks asked since the last call, in
    /// order, each with its answer: reads of the history that learnt only that answer
    /// ([`SpeciesQuestion`]). Each is a read [`HookRunner::history_reads`] counts too, so a
    /// caller that ignores this sees a read. Kept only in analysis (the exact odds search
    /// keys a step that read nothing else by these answers).
    fn take_species_asked(&mut self) -> Vec<(SpeciesQuestion, bool)> {
        Vec::new()
    }

    /// In analysis, until called with `None`: hooks asking whether a monster of a species
    /// was faced before ([`SpeciesQuestion::Faced`]) are answered from `seen` (the species
    /// faced, as bits by index) instead of the run's monsters, and report those answers to
    /// [`HookRunner::take_species_asked`]. Species past the 63rd are still answered from
    /// the run. The exact odds search takes such a step once on one state for every run
    /// that would give the same answers (see `odds/exact/levels/`). A runner may ignore
    /// it (the default): the search then reads the answers it gave and gives way.
    fn answer_species_from(&mut self, _seen: Option<u64>) {}

    /// Steps hooks have taken so far, in all (Luau's; a hook run natively takes none):
    /// what budgets on analysis count, the same in every process.
    fn steps_spent(&self) -> u64 {
        0
    }

    /// Could any hook of this card raise the runner's HP or make the run a success? (Damage
    /// never goes below 0, so only effects can.) The odds search takes a run whose HP is
    /// spent, in the base box's model, as lost once nothing left in play may. Default: any
    /// card with a hook may.
    fn may_raise_hp(&self, card: CardRef) -> bool {
        self.has_any_hook(card)
    }

    /// Calls the hook. `state` is lent for reading; implementations must leave it as
    /// they found it.
    fn call(&mut self, state: &mut GameState, call: HookCall<'_>)
    -> Result<HookOutcome, HookError>;
}

/// A runner for catalogs without scripts.
pub struct NoHooks;

impl HookRunner for NoHooks {
    fn read_unkeyed(&self) -> bool {
        false
    }
    fn history_reads(&self) -> Option<u64> {
        Some(0)
    }
    fn has_hook(&self, _card: CardRef, _hook: HookName) -> bool {
        false
    }
    fn call(
        &mut self,
        _state: &mut GameState,
        _call: HookCall<'_>,
    ) -> Result<HookOutcome, HookError> {
        Ok(HookOutcome::Done {
            effects: EffectList::new(),
            value: HookValue::Nothing,
        })
    }
}
