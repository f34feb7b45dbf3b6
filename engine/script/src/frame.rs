//! What a running hook may see and the effects it has asked for so far: the state the
//! engine lends for one call, and the caps on what a call may record (effects, remembered
//! values, HP changes), each counted against the script's memory.

use super::meter::Meter;
use crate::action::{Answer, CardRef, Question};
use crate::catalog::Catalog;
use crate::effect::{Effect, HP_LIMIT, MemValue};
use crate::event::{MAX_LOG_LINES_PER_CALL, MAX_LOG_LINES_PER_DUNGEON};
use crate::hook_name::HookName;
use crate::hooks::SpeciesQuestion;
use crate::ids::*;
use crate::state::GameState;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

/// Effects one hook call may record.
pub const MAX_EFFECTS: usize = 1000;
/// Longest key `ctx.remember` accepts (letters, digits and `_`).
pub const MAX_MEMORY_KEY: usize = 64;
/// Longest string `ctx.remember` keeps.
pub const MAX_MEMORY_TEXT: usize = 1024;
/// Values one card may remember in one dungeon.
pub const MAX_MEMORY_ENTRIES: usize = 32;
/// What the host counts against the script's memory for each effect, on top of its texts.
const EFFECT_BYTES: u64 = 64;

pub(crate) fn err(message: impl Into<String>) -> mlua::Error {
    mlua::Error::runtime(message.into())
}

pub(crate) struct Frame {
    /// The state the engine lends for the call; null between calls.
    state: *mut GameState,
    /// A hook is running (the state is lent); false while a script's chunk runs.
    pub active: bool,
    pub card: CardRef,
    pub hook: HookName,
    pub answers: Vec<Answer>,
    pub asked: usize,
    pub question: Option<Question>,
    pub effects: Vec<Effect>,
    /// The generator as it was before this call first drew from it, to undo the draws
    /// if the call stops on a question or fails.
    pub rng_backup: Option<ChaCha8Rng>,
    /// This call's remember/forget, by key: the index of the effect that holds it.
    memory: HashMap<Arc<str>, usize>,
    /// HP as it will be once this call's effects so far are applied.
    projected_hp: i64,
    /// Tiles this call discards (their HP leaves with them once).
    discarded: Vec<TileId>,
    meter: Rc<Meter>,
    /// For the HP tiles take with them (absent when only checking scripts).
    catalog: Option<Arc<Catalog>>,
    /// Whether the `ctx` functions' quick paths run (`api/fast.rs`; off only to compare).
    pub quick_ctx: bool,
    /// Sticky: some hook has read what the odds search's situation key leaves out (see
    /// [`crate::hooks::HookRunner::read_unkeyed`]). Set through [`Frame::note_unkeyed`].
    pub read_unkeyed: bool,
    /// Reads of the run's history so far (see [`crate::hooks::HookRunner::history_reads`]).
    pub history_reads: u64,
    /// Random numbers hooks drew so far (see [`crate::hooks::HookRunner::random_draws`]).
    pub random_draws: u64,
    /// In analysis, the questions about the species faced asked since the search last
    /// took them (see [`crate::hooks::HookRunner::take_species_asked`]); `None` outside
    /// analysis.
    pub species_asked: Option<Vec<(SpeciesQuestion, bool)>>,
    /// In analysis, the species whose monsters count as faced before, as bits by index,
    /// for such questions (see [`crate::hooks::HookRunner::answer_species_from`]).
    pub species_seen: Option<u64>,
}

impl Frame {
    pub fn new(meter: Rc<Meter>, catalog: Option<Arc<Catalog>>) -> Frame {
        Frame {
            state: std::ptr::null_mut(),
            active: false,
            card: CardRef::Tile(TileId(0)),
            hook: HookName::AtEnd,
            answers: Vec::new(),
            asked: 0,
            question: None,
            effects: Vec::new(),
            rng_backup: None,
            memory: HashMap::default(),
            projected_hp: 0,
            discarded: Vec::new(),
            meter,
            catalog,
            read_unkeyed: false,
            history_reads: 0,
            random_draws: 0,
            species_asked: None,
            species_seen: None,
            quick_ctx: true,
        }
    }

    /// Lends `state` to the `ctx` functions for one hook call; [`Frame::end_loan`] ends it.
    pub fn lend(
        &mut self,
        state: &mut GameState,
        card: CardRef,
        hook: HookName,
        answers: &[Answer],
    ) {
        self.projected_hp = state.run.hp as i64;
        self.state = state;
        self.active = true;
        self.card = card;
        self.hook = hook;
        self.answers.clear();
        self.answers.extend_from_slice(answers);
        self.asked = 0;
        self.question = None;
        self.effects.clear();
        self.memory.clear();
        self.discarded.clear();
        self.rng_backup = None;
    }

    pub fn end_loan(&mut self) {
        self.state = std::ptr::null_mut();
        self.active = false;
    }

    /// The state lent for the running hook.
    pub fn state(&self) -> mlua::Result<&GameState> {
        // SAFETY: `state` is set by `lend` from the `&mut GameState` that `ScriptHost::call`
        // holds for the whole Lua call, and reset by `end_loan` before that call returns.
        // Lua code runs only inside that call, and the engine does not touch the state
        // while it runs, so the pointer is valid and unaliased whenever it is not null.
        unsafe { self.state.as_ref() }.ok_or_else(|| err("ctx is only available inside hooks"))
    }

    fn state_mut(&mut self) -> mlua::Result<&mut GameState> {
        // SAFETY: as in `state`.
        unsafe { self.state.as_mut() }.ok_or_else(|| err("ctx is only available inside hooks"))
    }

    /// Records an effect of the running hook, within the caps.
    pub fn record(&mut self, name: &str, effect: Effect) -> mlua::Result<()> {
        if self.question.is_some() {
            // Waiting on a question: this run's effects will be discarded.
            return Ok(());
        }
        if !effect.allowed_in(self.hook) {
            return Err(err(format!(
                "ctx.{name}() cannot be used in `{}` hooks",
                self.hook
            )));
        }
        if self.effects.len() >= MAX_EFFECTS {
            return Err(err(format!(
                "ctx.{name}(): a hook may have at most {MAX_EFFECTS} effects in one call"
            )));
        }
        if let Effect::Log { .. } = effect {
            self.check_log_lines()?;
        }
        let text = match &effect {
            Effect::Remember(k, MemValue::Text(t)) => k.len() + t.len(),
            Effect::Remember(k, _) | Effect::Forget(k) | Effect::SkipNext(Some(k)) => k.len(),
            Effect::Log { key, args } => {
                key.len() + args.iter().map(|(n, _)| n.len() + 16).sum::<usize>()
            }
            _ => 0,
        };
        if self
            .meter
            .count_host_bytes(EFFECT_BYTES + text as u64)
            .is_err()
        {
            return Err(err(format!(
                "ctx.{name}(): out of memory: the effects of this call take more memory than the script may use"
            )));
        }
        self.project(name, &effect)?;
        match &effect {
            Effect::Remember(key, _) | Effect::Forget(key) => {
                // One entry per key: the last remember or forget wins.
                if let Some(&i) = self.memory.get(key) {
                    self.effects[i] = effect;
                    return Ok(());
                }
                if matches!(effect, Effect::Remember(..)) && !self.remembers(key)? {
                    let kept = self.kept_keys()?;
                    if kept >= MAX_MEMORY_ENTRIES {
                        return Err(err(format!(
                            "ctx.remember(): a card may remember at most {MAX_MEMORY_ENTRIES} values in one dungeon"
                        )));
                    }
                }
                self.memory.insert(key.clone(), self.effects.len());
            }
            _ => {}
        }
        self.effects.push(effect);
        Ok(())
    }

    /// Room for one more log line, in this call and in this dungeon.
    fn check_log_lines(&self) -> mlua::Result<()> {
        let in_call = self
            .effects
            .iter()
            .filter(|e| matches!(e, Effect::Log { .. }))
            .count();
        if in_call >= MAX_LOG_LINES_PER_CALL {
            return Err(err(format!(
                "ctx.log(): a hook may log at most {MAX_LOG_LINES_PER_CALL} lines in one call"
            )));
        }
        let before = usize::from(self.state()?.run.log_lines);
        if before + in_call >= MAX_LOG_LINES_PER_DUNGEON {
            return Err(err(format!(
                "ctx.log(): the scripts may log at most {MAX_LOG_LINES_PER_DUNGEON} lines in one dungeon"
            )));
        }
        Ok(())
    }

    /// Follows the HP this call's effects lead to: beyond ±HP_LIMIT is the script's error.
    fn project(&mut self, name: &str, effect: &Effect) -> mlua::Result<()> {
        if let Some(hp) = self.projection(name, effect)? {
            if let Effect::DiscardTile(tile) = *effect {
                self.discarded.push(tile);
            }
            self.projected_hp = hp;
        }
        Ok(())
    }

    /// The HP once `effect` is applied too, if it changes HP; refused past the limit.
    fn projection(&self, name: &str, effect: &Effect) -> mlua::Result<Option<i64>> {
        let hp = match *effect {
            Effect::GainHp(n) => self.projected_hp + n as i64,
            Effect::LoseHp(n) => self.projected_hp - n as i64,
            Effect::SetHp(n) => n as i64,
            Effect::DiscardTile(tile) => {
                let state = self.state()?;
                if !state.tiles.contains(&tile) || self.discarded.contains(&tile) {
                    return Ok(None);
                }
                let bonus = self.catalog.as_ref().map_or(0, |c| c.tile(tile).hp);
                self.projected_hp - bonus as i64
            }
            _ => return Ok(None),
        };
        if hp.abs() > HP_LIMIT as i64 {
            return Err(err(format!(
                "ctx.{name}(): HP would go beyond the limit of ±{HP_LIMIT}"
            )));
        }
        Ok(Some(hp))
    }

    /// Records `effect` (one without text: not a memory or log effect) if that cannot
    /// fail, else changes nothing and says so: for the quick paths (`api/fast.rs`), which
    /// then hand the call to the callback that reports the failure.
    pub fn record_if_sure(&mut self, name: &str, effect: Effect) -> bool {
        let sure = self.question.is_some()
            || (!matches!(
                effect,
                Effect::Remember(..)
                    | Effect::Forget(_)
                    | Effect::Log { .. }
                    | Effect::SkipNext(Some(_))
            ) && effect.allowed_in(self.hook)
                && self.effects.len() < MAX_EFFECTS
                && self.meter.reserve(EFFECT_BYTES).is_ok()
                && self.projection(name, &effect).is_ok());
        sure && self.record(name, effect).is_ok()
    }

    /// Does this card already keep `key` (before this call)?
    fn remembers(&self, key: &str) -> mlua::Result<bool> {
        Ok(self.state()?.run.recall(self.card, key).is_some())
    }

    /// How many keys this card will keep once this call's effects are applied.
    fn kept_keys(&self) -> mlua::Result<usize> {
        let state = self.state()?;
        let before = state.run.memory.iter().filter(|m| m.owner == self.card);
        let forgotten = |key: &Arc<str>| {
            self.memory
                .get(key)
                .is_some_and(|&i| matches!(self.effects[i], Effect::Forget(_)))
        };
        let kept_before = before.filter(|m| !forgotten(&m.key)).count();
        let added = self
            .memory
            .iter()
            .filter(|&(k, &i)| {
                matches!(self.effects[i], Effect::Remember(..))
                    && state.run.recall(self.card, k).is_none()
            })
            .count();
        Ok(kept_before + added)
    }

    /// What this card remembers under `key`, this call's own remember/forget first.
    pub fn recall(&self, key: &str) -> mlua::Result<Option<&MemValue>> {
        // Most calls remember nothing themselves: no key to hash then.
        if !self.memory.is_empty()
            && let Some(&i) = self.memory.get(key)
        {
            return Ok(match &self.effects[i] {
                Effect::Remember(_, v) => Some(v),
                _ => None,
            });
        }
        Ok(self.state()?.run.recall(self.card, key))
    }

    /// Would [`Frame::ask`] with these options, by the runner, give an answer rather
    /// than an error? (For the quick paths: they ask only then.)
    pub fn may_ask_quickly(&self, options: &[Answer]) -> bool {
        self.hook.may_ask()
            && !options.is_empty()
            && !options.iter().any(|o| matches!(o, Answer::Seat(_)))
            && self.state().is_ok()
            && (options.len() == 1
                || self.question.is_some()
                || self
                    .answers
                    .get(self.asked)
                    .is_none_or(|a| options.contains(a)))
    }

    /// The answer to the next question this hook asks: a recorded one, the only option,
    /// or a stop (the engine will ask and run the hook again).
    pub fn ask<'p>(
        &mut self,
        seat: Option<Seat>,
        prompt: impl Into<Prompt<'p>>,
        options: &[Answer],
    ) -> mlua::Result<Answer> {
        if !self.hook.may_ask() {
            return Err(err(format!("`{}` hooks may not ask questions", self.hook)));
        }
        let Some(&first) = options.first() else {
            return Err(err("a question needs at least one option"));
        };
        // Who answers, or a seat as an answer: seats are not in an odds situation's key.
        if seat.is_some() || options.iter().any(|o| matches!(o, Answer::Seat(_))) {
            self.note_unkeyed();
        }
        if options.len() == 1 || self.question.is_some() {
            // Only one possible answer: nothing to ask. Or the hook already waits on an
            // earlier question: whatever it does now is discarded.
            return Ok(first);
        }
        let seat = seat.unwrap_or(self.state()?.run.runner);
        let index = self.asked;
        self.asked += 1;
        if let Some(&answer) = self.answers.get(index) {
            if options.contains(&answer) {
                return Ok(answer);
            }
            return Err(err(
                "the recorded answer is not among this question's options: hooks must ask the same questions each time they run",
            ));
        }
        self.question = Some(Question {
            seat,
            asker: self.card,
            prompt: prompt.into().shared(),
            options: options.into(),
        });
        // The hook runs on with a provisional answer (cheaper than stopping it with an
        // error); nothing it does from here on is kept: the engine asks, then runs it again.
        Ok(first)
    }

    /// A hook read what an odds situation's key leaves out (which is history too).
    pub fn note_unkeyed(&mut self) {
        self.read_unkeyed = true;
        self.note_history();
    }

    /// The monsters faced before the one being resolved (all of them once the reveals
    /// end), as `ctx.faced()` lists them. Reading them is the caller's to note.
    pub fn faced_before(&self) -> mlua::Result<smallvec::SmallVec<[&crate::dungeon::Faced; 16]>> {
        let mut faced: smallvec::SmallVec<[_; 16]> = self.state()?.run.monsters_faced().collect();
        if self.hook.has_monster() {
            faced.pop();
        }
        Ok(faced)
    }

    /// A hook read of the run's history only the answer to `question` (whether a monster
    /// of a species was faced before the current one...), and was told `answer`: a read
    /// of the history, which an odds search may also key by the answer alone.
    pub fn note_species_asked(&mut self, question: SpeciesQuestion, answer: bool) {
        self.note_history();
        if let Some(asked) = &mut self.species_asked {
            asked.push((question, answer));
        }
    }

    /// A hook read the run's history: the monsters faced before the current one.
    pub fn note_history(&mut self) {
        self.history_reads = self.history_reads.wrapping_add(1);
    }

    /// A uniform integer in `lo..=hi` from the game's generator.
    pub fn draw(&mut self, lo: i64, hi: i64) -> mlua::Result<i64> {
        if lo > hi {
            return Err(err(format!("random: empty interval [{lo}, {hi}]")));
        }
        if !self.active {
            return Err(err("random numbers are only available inside hooks"));
        }
        self.note_unkeyed();
        self.random_draws = self.random_draws.wrapping_add(1);
        if self.rng_backup.is_none() {
            let rng = self.state()?.rng.clone();
            self.rng_backup = Some(rng);
        }
        Ok(self.state_mut()?.rng.random_range(lo..=hi))
    }
}

pub(crate) type SharedFrame = Rc<RefCell<Frame>>;

/// A uniform integer in `lo..=hi` from the game's generator.
pub(crate) fn draw(frame: &SharedFrame, lo: i64, hi: i64) -> mlua::Result<i64> {
    frame.borrow_mut().draw(lo, hi)
}

/// A question's prompt as a hook gives it: already shared (a native helper's), or text
/// (a script's), shared only when the question is really asked.
#[derive(Copy, Clone)]
pub enum Prompt<'a> {
    Shared(&'a Arc<str>),
    Text(&'a str),
}

impl Prompt<'_> {
    fn shared(self) -> Arc<str> {
        match self {
            Prompt::Shared(p) => Arc::clone(p),
            Prompt::Text(t) => crate::action::prompt_text(t),
        }
    }
}

impl<'a> From<&'a str> for Prompt<'a> {
    fn from(text: &'a str) -> Self {
        Prompt::Text(text)
    }
}

impl<'a> From<&'a Arc<str>> for Prompt<'a> {
    fn from(shared: &'a Arc<str>) -> Self {
        Prompt::Shared(shared)
    }
}
