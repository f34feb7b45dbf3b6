//! The host as the rules see it ([`HookRunner`]): a hook called on the game state (lent to
//! `ctx` through the frame for the call, natively where a helper does the same, metered),
//! what an analysis may ask of what the scripts read, and its outcome read back.

use crate::*;

impl HookRunner for ScriptHost {
    fn twin(&self) -> Option<crate::hooks::Twin<ScriptHost>> {
        if self.custom {
            return None;
        }
        let catalog = self.catalog.clone();
        Some(Box::new(move || ScriptHost::new(catalog).ok()))
    }

    /// Every operation starts from fresh script instances anyway; in analysis, a call
    /// may take fewer steps ([`ANALYSIS_STEP_BUDGET`]).
    fn set_analysis(&mut self, on: bool) {
        let budget = match on {
            true => self.step_budget.min(ANALYSIS_STEP_BUDGET),
            false => self.step_budget,
        };
        self.meter.set_budget(budget);
        let mut frame = self.frame.borrow_mut();
        frame.species_asked = on.then(Vec::new);
        frame.species_seen = None;
    }

    fn begin(&mut self) {
        if std::mem::take(&mut self.counted) {
            self.allocated.iter_mut().for_each(|a| *a = 0);
            self.operation_allocated = 0;
        }
        // Most operations run no Lua: then there is nothing to reset.
        if !std::mem::take(&mut self.ran) {
            return;
        }
        // Drop the last operation's closures, and whatever they held on to.
        self.drop_instances();
        self.allocated.iter_mut().for_each(|a| *a = 0);
        self.operation_allocated = 0;
        if self.lua.used_memory() >= COLLECT_ABOVE {
            // Unobservable to scripts (no weak tables, no finalizers): only frees memory.
            let _ = self.lua.gc_collect();
        }
    }

    fn has_hook(&self, card: CardRef, hook: HookName) -> bool {
        self.hooks_of(card).contains(hook)
    }

    fn has_any_hook(&self, card: CardRef) -> bool {
        !self.hooks_of(card).is_empty()
    }

    fn hooks_of(&self, card: CardRef) -> HookSet {
        ScriptHost::hooks_of(self, card)
    }

    fn read_unkeyed(&self) -> bool {
        self.frame.borrow().read_unkeyed
    }

    fn history_reads(&self) -> Option<u64> {
        Some(self.frame.borrow().history_reads)
    }

    fn random_draws(&self) -> u64 {
        self.frame.borrow().random_draws
    }

    fn answer_species_from(&mut self, seen: Option<u64>) {
        let mut frame = self.frame.borrow_mut();
        frame.species_seen = seen.filter(|_| frame.species_asked.is_some());
    }

    fn take_species_asked(&mut self) -> Vec<(crate::hooks::SpeciesQuestion, bool)> {
        match &mut self.frame.borrow_mut().species_asked {
            Some(asked) if !asked.is_empty() => std::mem::take(asked),
            _ => Vec::new(),
        }
    }

    fn steps_spent(&self) -> u64 {
        self.work.spent()
    }

    fn may_raise_hp(&self, card: CardRef) -> bool {
        // A script that is one call to a prelude helper does what the helper does, in
        // Luau or natively; any other script may do anything.
        match self.cards.get(self.slot(card)) {
            Some(Some(script)) => script.native.as_ref().is_none_or(|h| h.may_raise_hp()),
            _ => self.has_any_hook(card),
        }
    }

    fn call(
        &mut self,
        state: &mut GameState,
        call: HookCall<'_>,
    ) -> Result<HookOutcome, HookError> {
        if self.native_helpers
            && let Some(outcome) = self.call_native(state, &call)
        {
            return Ok(outcome);
        }
        let index = match self.function(call.card, call.hook) {
            Ok(Some(index)) => index,
            Ok(None) => {
                return Ok(HookOutcome::Done {
                    effects: EffectList::new(),
                    value: HookValue::Nothing,
                });
            }
            Err(e) => return Err(self.fail(call.card, call.hook, &e)),
        };
        let slot = self.slot(call.card);
        self.frame
            .borrow_mut()
            .lend(state, call.card, call.hook, call.answers);
        let result = self.metered(slot, |host| {
            let ctx = match host.cards.get(slot) {
                Some(Some(script)) => &script.ctx,
                _ => &host.ctx,
            };
            let monster = state_monster(host, call.hook)?;
            host.hook_function(slot, index)
                .call::<Value>((ctx, monster.as_deref(), call.damage))
        });
        self.work.record(slot, call.hook, self.meter.steps());
        let mut f = self.frame.borrow_mut();
        f.end_loan();
        let undo_draws = |state: &mut GameState, f: &mut Frame| {
            if let Some(rng) = f.rng_backup.take() {
                state.rng = rng;
            }
        };
        if let Some(question) = f.question.take() {
            undo_draws(state, &mut f);
            return Ok(HookOutcome::Asked(question));
        }
        let value = match result {
            Err(e) => {
                undo_draws(state, &mut f);
                drop(f);
                return Err(self.fail(call.card, call.hook, &e));
            }
            Ok(value) => value,
        };
        let effects: EffectList = f.effects.drain(..).collect();
        drop(f);
        let limit = HP_LIMIT as f64;
        let value = match (call.hook, value) {
            (HookName::Defeats, Value::Boolean(b)) => HookValue::Bool(b),
            (HookName::Defeats, Value::Nil) => HookValue::Bool(false),
            (HookName::BaseDamage | HookName::OnDamage, Value::Nil) => HookValue::Int(call.damage),
            (HookName::BaseDamage | HookName::OnDamage, Value::Integer(n))
                if (n as f64).abs() <= limit =>
            {
                HookValue::Int(n as i32)
            }
            (HookName::BaseDamage | HookName::OnDamage, Value::Number(n))
                if n.fract() == 0.0 && n.abs() <= limit =>
            {
                HookValue::Int(n as i32)
            }
            (HookName::Defeats | HookName::BaseDamage | HookName::OnDamage, other) => {
                let wanted = if call.hook == HookName::Defeats {
                    "a boolean".to_string()
                } else {
                    format!("a whole number from -{HP_LIMIT} to {HP_LIMIT}")
                };
                let got = match &other {
                    Value::Integer(n) if call.hook != HookName::Defeats => format!("{n}"),
                    Value::Number(n) if call.hook != HookName::Defeats => format!("{n}"),
                    _ => errors::a_type(other.type_name()),
                };
                let e = mlua::Error::runtime(format!(
                    "`{}` must return {wanted}, not {got}",
                    call.hook,
                ));
                // The value has no line of its own: point at the hook's definition (read
                // before `fail` drops the instance).
                let line = self.hook_function(slot, index).info().line_defined;
                let mut error = self.fail(call.card, call.hook, &e);
                error.line = line.map(|l| l as u32);
                return Err(error);
            }
            _ => HookValue::Nothing,
        };
        Ok(HookOutcome::Done { effects, value })
    }
}

/// The table of the monster being resolved, for hooks that receive one.
fn state_monster(host: &ScriptHost, hook: HookName) -> mlua::Result<Option<Rc<Table>>> {
    if !hook.has_monster() {
        return Ok(None);
    }
    let f = host.frame.borrow();
    match f.state()?.run.faced.last() {
        Some(faced) => host.ids.monster_table(&host.lua, faced).map(Some),
        None => Ok(None),
    }
}
