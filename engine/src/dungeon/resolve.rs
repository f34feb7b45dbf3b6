//! The dungeon resolution, one stage at a time. For each card, in this order (the
//! reference's ordering ruling):
//!
//! 1. reveal: the monster's `identity` hook sets strength and species; a pending
//!    "defeat the next monster" effect (Demonic Pact, Ally) takes it, unless its card
//!    lets the runner decline and they do (the engine asks);
//! 2. defeat: every permanent tile whose rule holds defeats it (data rules in Rust,
//!    scripted `defeats` predicates in Lua);
//! 3. offer: optional tiles (`on_reveal` hooks, and once-tiles with data rules, which the
//!    engine offers itself), each may defeat or replace the monster. Hooks are offered a
//!    monster already defeated too, for tiles whose use still changes something (one that
//!    also gains HP); then, if the monster is defeated, `on_defeat` hooks run once;
//! 4. the monster's own effect (`on_reveal` of the monster);
//! 5. damage: `before_damage`, then the printed strength, `base_damage`, `on_damage`;
//! 6. death: if HP fell to 0 or less, `on_death` hooks in order until one revives.
//!
//! After the last card, `at_end` hooks run. Every stage that calls a hook which may ask
//! records a cursor first, so a question pauses the machine and the answer resumes it
//! exactly there, re-running only that hook with its answers.

use super::effects::{apply_effects, defeat_current, fold_revival};
use super::{Faced, Fate, PendingHook, Stage};
use crate::action::{Answer, CardRef, Decision, DecisionKind, Question};
use crate::catalog::limits::MAX_TILES_PER_ADVENTURER;
use crate::catalog::{Catalog, DamageModel};
use crate::effect::Effect;
use crate::error::EngineError;
use crate::event::{DamageChange, DefeatCause, Event};
use crate::hook_name::{HookName, HookSet};
use crate::hooks::{HookCall, HookOutcome, HookRunner, HookValue};
use crate::ids::TileId;
use crate::state::{GameState, TileList};

/// Prompt of the question the engine asks for a once-tile with a data rule.
pub const USE_TILE_PROMPT: &str = "use_tile";

/// What a stage leads to.
enum Flow {
    Go(Stage),
    Ask(Decision),
}

enum Called {
    Value(HookValue),
    Asked(Decision),
}

/// Runs the dungeon until a question needs an answer (returned), the run is over (`None`;
/// `state.run.success` is then set), or, card by card, before the next reveal (`None`).
pub(crate) fn resolve<H: HookRunner>(
    catalog: &Catalog,
    hooks: &mut H,
    state: &mut GameState,
    events: &mut Vec<Event>,
) -> Result<Option<Decision>, EngineError> {
    let mut tile_hooks = [HookSet::default(); MAX_TILES_PER_ADVENTURER];
    for (set, &tile) in tile_hooks.iter_mut().zip(&state.run.order) {
        *set = hooks.hooks_of(CardRef::Tile(tile));
    }
    let mut r = Resolver {
        catalog,
        hooks,
        state,
        events,
        tile_hooks,
    };
    loop {
        let flow = match r.state.run.stage {
            // Nothing inside: no choice made before entering could change anything.
            Stage::Enter { .. } if r.state.dungeon.is_empty() => Flow::Go(Stage::End { cursor: 0 }),
            Stage::Enter { cursor } => r.walk(
                cursor,
                HookName::BeforeEntering,
                |_, c| Stage::Enter { cursor: c },
                Stage::Reveal,
            )?,
            Stage::Reveal => r.reveal()?,
            Stage::Skip => r.skip()?,
            Stage::Defeat => r.defeat()?,
            // The tiles that defeated it, then every tile that watches for defeats.
            Stage::AfterDefeat { cursor } => r.walk(
                cursor,
                HookName::OnDefeat,
                |_, c| Stage::AfterDefeat { cursor: c },
                Stage::ObserveDefeat { cursor: 0 },
            )?,
            Stage::ObserveDefeat { cursor } => r.walk(
                cursor,
                HookName::AfterDefeat,
                |_, c| Stage::ObserveDefeat { cursor: c },
                Stage::Death { cursor: 0 },
            )?,
            Stage::Offer { cursor } => r.offer(cursor)?,
            Stage::MonsterEffect => r.monster_effect()?,
            Stage::BeforeDamage { cursor } => r.walk(
                cursor,
                HookName::BeforeDamage,
                |state, c| after_action(state).unwrap_or(Stage::BeforeDamage { cursor: c }),
                Stage::Damage,
            )?,
            Stage::Damage => r.damage()?,
            Stage::Death { cursor } => r.death(cursor)?,
            Stage::Finish => {
                if let Some(f) = r
                    .state
                    .run
                    .faced
                    .last_mut()
                    .filter(|f| f.fate == Fate::Facing)
                {
                    f.fate = Fate::Unharmed;
                }
                Flow::Go(Stage::Reveal)
            }
            Stage::End { cursor } => r.walk(
                cursor,
                HookName::AtEnd,
                |_, c| Stage::End { cursor: c },
                Stage::Done,
            )?,
            Stage::Done => {
                let running = r.state.damage_model == DamageModel::Running;
                let run = &mut r.state.run;
                let survived = run.hp > 0 && !(running && run.died);
                // A forced success is news only when the run would have failed.
                if let (None, false, Some(by)) = (run.success, survived, run.success_forced_by) {
                    r.events.push(Event::SuccessForced { by });
                }
                run.success = Some(run.success_forced || survived);
                return Ok(None);
            }
        };
        match flow {
            // Card by card: stop before each reveal that follows entering or a card.
            Flow::Go(Stage::Reveal)
                if r.state.run.card_by_card
                    && matches!(r.state.run.stage, Stage::Enter { .. } | Stage::Finish) =>
            {
                r.state.run.stage = Stage::Reveal;
                return Ok(None);
            }
            Flow::Go(stage) => r.state.run.stage = stage,
            Flow::Ask(decision) => return Ok(Some(decision)),
        }
    }
}

struct Resolver<'a, H> {
    catalog: &'a Catalog,
    hooks: &'a mut H,
    state: &'a mut GameState,
    events: &'a mut Vec<Event>,
    /// The hooks of each tile held on entering, in entry order (`run.order`, fixed for the
    /// run; as many as an adventurer may carry): the stages ask about them at every card.
    tile_hooks: [HookSet; MAX_TILES_PER_ADVENTURER],
}

impl<H: HookRunner> Resolver<'_, H> {
    /// Calls `hook` on the next held tile (from `cursor`) that defines it. Then goes to
    /// `next(state, following cursor)`, or to `done` when no tile is left.
    fn walk(
        &mut self,
        cursor: u8,
        hook: HookName,
        next: impl Fn(&GameState, u8) -> Stage,
        done: Stage,
    ) -> Result<Flow, EngineError> {
        let Some((i, tile)) = self.next_with_hook(cursor, hook) else {
            return Ok(Flow::Go(done));
        };
        Ok(match self.call(CardRef::Tile(tile), hook, 0)? {
            Called::Asked(d) => Flow::Ask(d),
            Called::Value(_) => Flow::Go(next(self.state, i + 1)),
        })
    }

    /// Takes the next card (a replacement first), runs its identity hook, and applies a
    /// pending "defeat the next monster".
    fn reveal(&mut self) -> Result<Flow, EngineError> {
        let state = &mut *self.state;
        let (card, position) = match state.run.incoming.take() {
            Some(card) => (card, state.run.faced.last().map_or(1, |f| f.position)),
            None => match state.dungeon.pop() {
                Some(card) => {
                    state.discard.push(card);
                    (card, state.run.monsters_faced().count() as u8 + 1)
                }
                None => return Ok(Flow::Go(Stage::End { cursor: 0 })),
            },
        };
        let monster = state.monster_of(card);
        let def = self.catalog.monster(monster);
        state.run.faced.push(Faced {
            card,
            monster,
            position,
            strength: def.strength,
            species: def.species,
            fate: Fate::Facing,
            defeaters: TileList::new(),
            hp_at_reveal: state.run.hp,
        });
        let card_ref = CardRef::Monster(monster);
        if self.hooks.has_hook(card_ref, HookName::Identity) {
            if let Called::Asked(_) = self.call(card_ref, HookName::Identity, 0)? {
                return Err(EngineError::Rule(format!(
                    "{}: identity hooks may not ask questions",
                    def.info.id
                )));
            }
        }
        let f = current(self.state);
        let (strength, species) = (f.strength, f.species);
        self.state.saw(None, monster, def.special);
        self.events.push(Event::Revealed {
            card,
            monster,
            position,
            strength,
            species,
        });
        if !self.state.run.skip_next.is_empty() {
            return Ok(Flow::Go(Stage::Skip));
        }
        Ok(Flow::Go(Stage::Defeat))
    }

    /// The oldest pending "defeat the next monster" takes this one; when its card lets
    /// the runner decline, they are asked first (declined, the monster is resolved as
    /// usual).
    fn skip(&mut self) -> Result<Flow, EngineError> {
        let Some(skip) = self.state.run.skip_next.first().cloned() else {
            return Ok(Flow::Go(Stage::Defeat));
        };
        if let Some(prompt) = &skip.ask {
            match self.engine_question(skip.source, prompt) {
                Ok(Answer::Yes) => {}
                Ok(_) => {
                    self.state.run.skip_next.remove(0);
                    return Ok(Flow::Go(Stage::Defeat));
                }
                Err(decision) => return Ok(Flow::Ask(decision)),
            }
        }
        self.state.run.skip_next.remove(0);
        defeat_current(self.state, DefeatCause::Skipped(skip.source), self.events);
        Ok(Flow::Go(Stage::Offer { cursor: 0 }))
    }

    /// A yes/no question the engine asks for `card` about the monster being resolved:
    /// its answer once given (the question is then settled), else the decision to wait on.
    fn engine_question(&mut self, card: CardRef, prompt: &str) -> Result<Answer, Decision> {
        match &self.state.run.pending {
            Some(p) if p.card == card && p.hook == HookName::OnReveal && !p.answers.is_empty() => {
                let answer = p.answers[0];
                self.state.run.pending = None;
                Ok(answer)
            }
            _ => {
                let question = Question {
                    seat: self.state.run.runner,
                    asker: card,
                    prompt: crate::action::prompt_text(prompt),
                    options: [Answer::Yes, Answer::No].into_iter().collect(),
                };
                let decision = Decision {
                    seat: question.seat,
                    kind: DecisionKind::Question(question.clone()),
                };
                self.state.run.pending = Some(PendingHook {
                    card,
                    hook: HookName::OnReveal,
                    answers: Default::default(),
                    question: Some(question),
                });
                Err(decision)
            }
        }
    }

    /// Every held permanent tile that defeats the monster does (the runner gets the most
    /// favourable outcome, so all of them count: Ring of Power gains HP even beside a Vorpal).
    fn defeat(&mut self) -> Result<Flow, EngineError> {
        let (species, strength) = {
            let f = current(self.state);
            (f.species, f.strength)
        };
        let hp = self.state.run.hp;
        let mut defeaters = TileList::new();
        for i in 0..self.state.run.order.len() {
            let tile = self.state.run.order[i];
            if !self.state.tiles.contains(&tile) {
                continue;
            }
            let def = self.catalog.tile(tile);
            // Once-tiles with data rules are the runner's choice: offered later, not automatic.
            let by_data = !def.once && def.defeats.iter().any(|r| r.matches(species, strength, hp));
            let by_script = !by_data
                && self.tile_has(i, HookName::Defeats)
                && matches!(
                    self.call(CardRef::Tile(tile), HookName::Defeats, 0)?,
                    Called::Value(HookValue::Bool(true))
                );
            if by_data || by_script {
                defeaters.push(tile);
            }
        }
        let Some(&first) = defeaters.first() else {
            return Ok(Flow::Go(Stage::Offer { cursor: 0 }));
        };
        self.state
            .run
            .faced
            .last_mut()
            .expect("a card is being resolved")
            .defeaters = defeaters;
        defeat_current(self.state, DefeatCause::Tile(first), self.events);
        Ok(Flow::Go(Stage::Offer { cursor: 0 }))
    }

    /// Offers the next held tile, if it has something to offer for this monster.
    fn offer(&mut self, cursor: u8) -> Result<Flow, EngineError> {
        let was_defeated = current(self.state).is_defeated();
        let Some((i, tile)) = next_held(self.state, cursor) else {
            let next = if was_defeated {
                Stage::AfterDefeat { cursor: 0 }
            } else {
                Stage::MonsterEffect
            };
            return Ok(Flow::Go(next));
        };
        let card = CardRef::Tile(tile);
        if self.tile_has(i as usize, HookName::OnReveal) {
            if let Called::Asked(d) = self.call(card, HookName::OnReveal, 0)? {
                return Ok(Flow::Ask(d));
            }
        } else if let Some(d) = self.offer_once_tile(tile)? {
            return Ok(Flow::Ask(d));
        }
        let next = match after_action(self.state) {
            // Defeated before this offer: the other tiles still get theirs.
            Some(Stage::AfterDefeat { .. }) if was_defeated => Stage::Offer { cursor: i + 1 },
            Some(stage) => stage,
            None => Stage::Offer { cursor: i + 1 },
        };
        Ok(Flow::Go(next))
    }

    /// A once-tile with a data rule that fits a threatening monster: the engine asks
    /// whether to spend it here.
    fn offer_once_tile(&mut self, tile: TileId) -> Result<Option<Decision>, EngineError> {
        let card = CardRef::Tile(tile);
        let def = self.catalog.tile(tile);
        let f = current(self.state);
        let fits = def
            .defeats
            .iter()
            .any(|r| r.matches(f.species, f.strength, self.state.run.hp));
        if !(def.once && !f.is_defeated() && f.strength.is_some_and(|s| s > 0) && fits) {
            return Ok(None);
        }
        let answer = match self.engine_question(card, USE_TILE_PROMPT) {
            Ok(answer) => answer,
            Err(decision) => return Ok(Some(decision)),
        };
        if answer == Answer::Yes {
            defeat_current(self.state, DefeatCause::Tile(tile), self.events);
            apply_effects(
                self.catalog,
                self.state,
                card,
                smallvec::smallvec![Effect::DiscardTile(tile)],
                self.events,
            )?;
        }
        Ok(None)
    }

    /// The monster's own effect, when no tile dealt with it.
    fn monster_effect(&mut self) -> Result<Flow, EngineError> {
        let card = CardRef::Monster(current(self.state).monster);
        if self.hooks.has_hook(card, HookName::OnReveal) {
            if let Called::Asked(d) = self.call(card, HookName::OnReveal, 0)? {
                return Ok(Flow::Ask(d));
            }
        }
        Ok(Flow::Go(
            after_action(self.state).unwrap_or(Stage::BeforeDamage { cursor: 0 }),
        ))
    }

    /// The printed strength, then `base_damage` and `on_damage` hooks, then HP loss. The
    /// outcome is told even when no damage is dealt, with each tile's change.
    fn damage(&mut self) -> Result<Flow, EngineError> {
        let strength = current(self.state).strength;
        let mut changes = Vec::new();
        let mut amount = strength.unwrap_or(0).max(0);
        if strength.is_some() {
            amount = self.value_hooks(HookName::BaseDamage, amount, &mut changes)?;
        }
        if amount > 0 {
            amount = self.value_hooks(HookName::OnDamage, amount, &mut changes)?;
        }
        let amount = amount.max(0);
        let run = &mut self.state.run;
        let f = run.faced.last_mut().expect("a card is being resolved");
        let (card, monster) = (f.card, f.monster);
        if amount > 0 {
            f.fate = Fate::Damaged(amount);
            run.hp = run.hp.saturating_sub(amount);
            if run.hp <= 0 {
                run.hp_fell = true;
            }
        } else {
            f.fate = Fate::Unharmed;
        }
        self.events.push(Event::Damaged {
            card,
            monster,
            strength,
            changes,
            amount,
            hp: run.hp,
        });
        Ok(Flow::Go(Stage::Death { cursor: 0 }))
    }

    /// If HP fell to 0 or less, `on_death` hooks in order until one brings it back above 0.
    fn death(&mut self, cursor: u8) -> Result<Flow, EngineError> {
        if !(self.state.run.hp_fell && self.state.run.hp <= 0) {
            self.state.run.hp_fell = false;
            return Ok(Flow::Go(Stage::Finish));
        }
        if let Some((i, tile)) = self.next_with_hook(cursor, HookName::OnDeath) {
            let mark = self.events.len();
            if let Called::Asked(d) = self.call(CardRef::Tile(tile), HookName::OnDeath, 0)? {
                return Ok(Flow::Ask(d));
            }
            let run = &mut self.state.run;
            if run.hp <= 0 {
                return Ok(Flow::Go(Stage::Death { cursor: i + 1 }));
            }
            run.hp_fell = false;
            let hp = run.hp;
            fold_revival(self.events, mark, tile, hp);
            return Ok(Flow::Go(Stage::Finish));
        }
        let run = &mut self.state.run;
        run.hp_fell = false;
        if !run.died {
            run.died = true;
            self.events.push(Event::Died { hp: run.hp });
        }
        Ok(Flow::Go(match self.state.damage_model {
            // The sequel's model: the run ends here.
            DamageModel::Running => Stage::Done,
            // The base box's: every card is still revealed.
            DamageModel::EndTotal => Stage::Finish,
        }))
    }

    /// Passes `amount` through every held tile's `hook` in order, noting each change.
    fn value_hooks(
        &mut self,
        hook: HookName,
        mut amount: i32,
        changes: &mut Vec<DamageChange>,
    ) -> Result<i32, EngineError> {
        let mut cursor = 0;
        while let Some((i, tile)) = self.next_with_hook(cursor, hook) {
            if let Called::Value(HookValue::Int(v)) =
                self.call(CardRef::Tile(tile), hook, amount)?
            {
                if v != amount {
                    // Both within ±HP_LIMIT (the host checks what hooks return).
                    let delta = v.saturating_sub(amount);
                    changes.push(DamageChange { tile, delta });
                }
                amount = v;
            }
            cursor = i + 1;
        }
        Ok(amount)
    }

    /// The next held tile from `cursor` that defines `hook` (for `on_defeat`: among the
    /// tiles that defeated the current monster, so the others cost no call).
    fn next_with_hook(&self, cursor: u8, hook: HookName) -> Option<(u8, TileId)> {
        let order = &self.state.run.order;
        let defeaters = match (hook, self.state.run.faced.last()) {
            (HookName::OnDefeat, Some(f)) => Some(&f.defeaters),
            _ => None,
        };
        (cursor as usize..order.len())
            .map(|i| (i as u8, order[i]))
            // The cheapest test first: most tiles define few hooks.
            .find(|&(i, t)| {
                self.tile_has(i as usize, hook)
                    && self.state.tiles.contains(&t)
                    && defeaters.is_none_or(|d| d.contains(&t))
            })
    }
    /// Whether the tile at `index` in entry order defines `hook` (a hand-made run with
    /// more tiles than an adventurer may carry asks the hooks for the others).
    fn tile_has(&self, index: usize, hook: HookName) -> bool {
        match self.tile_hooks.get(index) {
            Some(set) => set.contains(hook),
            None => (self.hooks).has_hook(CardRef::Tile(self.state.run.order[index]), hook),
        }
    }

    /// Calls a hook with the answers recorded for it, then records its question or
    /// applies its effects.
    fn call(&mut self, card: CardRef, hook: HookName, damage: i32) -> Result<Called, EngineError> {
        let state = &mut *self.state;
        let answers = match &state.run.pending {
            Some(p) if p.card == card && p.hook == hook => p.answers.clone(),
            _ => Default::default(),
        };
        match self.hooks.call(
            state,
            HookCall {
                card,
                hook,
                answers: &answers,
                damage,
            },
        )? {
            HookOutcome::Asked(question) => {
                let decision = Decision {
                    seat: question.seat,
                    kind: DecisionKind::Question(question.clone()),
                };
                state.run.pending = Some(PendingHook {
                    card,
                    hook,
                    answers,
                    question: Some(question),
                });
                Ok(Called::Asked(decision))
            }
            HookOutcome::Done { effects, value } => {
                if state
                    .run
                    .pending
                    .as_ref()
                    .is_some_and(|p| p.card == card && p.hook == hook)
                {
                    state.run.pending = None;
                }
                apply_effects(self.catalog, state, card, effects, self.events)?;
                Ok(Called::Value(value))
            }
        }
    }
}

/// After an optional action: where to go if the monster was defeated or replaced.
fn after_action(state: &GameState) -> Option<Stage> {
    if state.run.incoming.is_some() {
        return Some(Stage::Reveal);
    }
    match state.run.faced.last().map(|f| &f.fate) {
        Some(Fate::Defeated(_)) => Some(Stage::AfterDefeat { cursor: 0 }),
        _ => None,
    }
}

fn current(state: &GameState) -> &Faced {
    state.run.faced.last().expect("a card is being resolved")
}

/// The first tile at or after `cursor` in entry order that the runner still holds.
fn next_held(state: &GameState, cursor: u8) -> Option<(u8, TileId)> {
    let order = &state.run.order;
    (cursor as usize..order.len())
        .map(|i| (i as u8, order[i]))
        .find(|(_, t)| state.tiles.contains(t))
}
