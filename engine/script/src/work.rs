//! What the hooks' Lua cost, in steps: in all (analysis budgets read it, see
//! [`crate::hooks::HookRunner::steps_spent`]) and by card and hook (`dungeon check`
//! reports it against the per-call budget).

use crate::hook_name::HookName;

/// The steps of every call of one card's hook.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HookCost {
    pub calls: u64,
    pub steps: u64,
    /// The most one call took.
    pub most: u64,
}

/// Steps counted since the host was made.
#[derive(Default)]
pub(crate) struct Work {
    spent: u64,
    /// By slot, then hook (by its discriminant, as [`crate::hook_name::HookSet`] does).
    by_hook: Vec<[HookCost; HookName::ALL.len()]>,
}

impl Work {
    pub fn new(slots: usize) -> Work {
        Work {
            spent: 0,
            by_hook: vec![Default::default(); slots],
        }
    }

    pub fn record(&mut self, slot: usize, hook: HookName, steps: u64) {
        self.spent = self.spent.wrapping_add(steps);
        if let Some(cost) = self
            .by_hook
            .get_mut(slot)
            .map(|costs| &mut costs[hook as usize])
        {
            cost.calls += 1;
            cost.steps = cost.steps.saturating_add(steps);
            cost.most = cost.most.max(steps);
        }
    }

    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// Every hook called so far, by slot, with its cost.
    pub fn costs(&self) -> impl Iterator<Item = (usize, HookName, HookCost)> + '_ {
        self.by_hook.iter().enumerate().flat_map(|(slot, costs)| {
            (HookName::ALL.iter())
                .map(|&hook| (hook, costs[hook as usize]))
                .filter(|(_, c)| c.calls > 0)
                .map(move |(hook, cost)| (slot, hook, cost))
        })
    }
}
