//! The dungeon resolution, one stage at a time. For each card, in this order (the
//! reference's ordering ruling):
//!
//! 1. reveal: the monster's `identity` hook sets strength and species; a pending
//!    "defeat the next monster" effect (Demonic Pact, Ally) takes it;
//! 2. defeat: every permanent tile whose rule holds defeats it (data rules in Rust,
//!    scripted `defeats` predicates in Lua); each defeat then runs `on_defeat` hooks;
//! 3. offer: optional tiles (`on_reveal` hooks, and once-tiles with data rules, which the
//!    engine offers itself), each may defeat or replace the monster;
//! 4. the monster's own effect (`on_reveal` of the monster);
//! 5. damage: `before_damage`, then the printed strength, `base_damage`, `on_damage`;
//! 6. death: if HP fell to 0 or less, `on_death` hooks in order until one revives.
//!
//! After the last card, `at_end` hooks run. Every stage that calls a hook which may ask
//! records a cursor first, so a question pauses the machine and the answer resumes it
//! exactly there, re-running only that hook with its answers.

use super::effects::{apply_effects, defeat_current};
use super::{Faced, Fate, PendingHook, Stage};
use crate::action::{Answer, CardRef, Decision, DecisionKind, Question};
use crate::catalog::{Catalog, DamageModel};
use crate::engine::EngineError;
use crate::event::{DefeatCause, Event};
use crate::hooks::{HookCall, HookName, HookOutcome, HookRunner, HookValue};
use crate::ids::TileId;
use crate::state::{GameState, TileList};

/// Prompt of the question the engine asks for a once-tile with a data rule.
pub const USE_TILE_PROMPT: &str = "use_tile";

enum Called {
    Value(HookValue),
    Asked(Decision),
}

/// Runs the dungeon until a question needs an answer (returned) or the run is over
/// (`None`; `state.run.success` is then set).
pub(crate) fn resolve<H: HookRunner>(
    catalog: &Catalog,
    hooks: &mut H,
    state: &mut GameState,
    events: &mut Vec<Event>,
) -> Result<Option<Decision>, EngineError> {
    loop {
        let stage = state.run.stage;
        let next = match stage {
            Stage::Enter { cursor } => {
                if state.dungeon.is_empty() {
                    // Nothing inside: no choice made before entering could change anything.
                    Stage::End { cursor: 0 }
                } else {
                    match next_with_hook(hooks, state, cursor, HookName::BeforeEntering) {
                        None => Stage::Reveal,
                        Some((i, tile)) => {
                            if let Called::Asked(d) = call(
                                catalog,
                                hooks,
                                state,
                                CardRef::Tile(tile),
                                HookName::BeforeEntering,
                                0,
                                events,
                            )? {
                                return Ok(Some(d));
                            }
                            Stage::Enter { cursor: i + 1 }
                        }
                    }
                }
            }
            Stage::Reveal => reveal(catalog, hooks, state, events)?,
            Stage::Defeat => defeat(catalog, hooks, state, events)?,
            Stage::AfterDefeat { cursor } => {
                match next_with_hook(hooks, state, cursor, HookName::OnDefeat) {
                    None => Stage::Death { cursor: 0 },
                    Some((i, tile)) => {
                        if let Called::Asked(d) = call(
                            catalog,
                            hooks,
                            state,
                            CardRef::Tile(tile),
                            HookName::OnDefeat,
                            0,
                            events,
                        )? {
                            return Ok(Some(d));
                        }
                        Stage::AfterDefeat { cursor: i + 1 }
                    }
                }
            }
            Stage::Offer { cursor } => match next_held(state, cursor) {
                None => Stage::MonsterEffect,
                Some((i, tile)) => {
                    if let Some(d) = offer(catalog, hooks, state, tile, events)? {
                        return Ok(Some(d));
                    }
                    after_action(state).unwrap_or(Stage::Offer { cursor: i + 1 })
                }
            },
            Stage::MonsterEffect => {
                let monster = current(state).monster;
                let card = CardRef::Monster(monster);
                if hooks.has_hook(card, HookName::OnReveal) {
                    if let Called::Asked(d) =
                        call(catalog, hooks, state, card, HookName::OnReveal, 0, events)?
                    {
                        return Ok(Some(d));
                    }
                }
                after_action(state).unwrap_or(Stage::BeforeDamage { cursor: 0 })
            }
            Stage::BeforeDamage { cursor } => {
                match next_with_hook(hooks, state, cursor, HookName::BeforeDamage) {
                    None => Stage::Damage,
                    Some((i, tile)) => {
                        if let Called::Asked(d) = call(
                            catalog,
                            hooks,
                            state,
                            CardRef::Tile(tile),
                            HookName::BeforeDamage,
                            0,
                            events,
                        )? {
                            return Ok(Some(d));
                        }
                        after_action(state).unwrap_or(Stage::BeforeDamage { cursor: i + 1 })
                    }
                }
            }
            Stage::Damage => damage(catalog, hooks, state, events)?,
            Stage::Death { cursor } => {
                if !(state.run.hp_fell && state.run.hp <= 0) {
                    state.run.hp_fell = false;
                    Stage::Finish
                } else {
                    match next_with_hook(hooks, state, cursor, HookName::OnDeath) {
                        Some((i, tile)) => {
                            if let Called::Asked(d) = call(
                                catalog,
                                hooks,
                                state,
                                CardRef::Tile(tile),
                                HookName::OnDeath,
                                0,
                                events,
                            )? {
                                return Ok(Some(d));
                            }
                            if state.run.hp > 0 {
                                state.run.hp_fell = false;
                                events.push(Event::Revived {
                                    by: tile,
                                    hp: state.run.hp,
                                });
                                Stage::Finish
                            } else {
                                Stage::Death { cursor: i + 1 }
                            }
                        }
                        None => {
                            state.run.hp_fell = false;
                            if !state.run.died {
                                state.run.died = true;
                                events.push(Event::Died { hp: state.run.hp });
                            }
                            match state.damage_model {
                                // The sequel's model: the run ends here.
                                DamageModel::Running => Stage::Done,
                                // The base box's: every card is still revealed.
                                DamageModel::EndTotal => Stage::Finish,
                            }
                        }
                    }
                }
            }
            Stage::Finish => {
                if let Some(f) = state
                    .run
                    .faced
                    .last_mut()
                    .filter(|f| f.fate == Fate::Facing)
                {
                    f.fate = Fate::Unharmed;
                }
                Stage::Reveal
            }
            Stage::End { cursor } => match next_with_hook(hooks, state, cursor, HookName::AtEnd) {
                None => Stage::Done,
                Some((i, tile)) => {
                    if let Called::Asked(d) = call(
                        catalog,
                        hooks,
                        state,
                        CardRef::Tile(tile),
                        HookName::AtEnd,
                        0,
                        events,
                    )? {
                        return Ok(Some(d));
                    }
                    Stage::End { cursor: i + 1 }
                }
            },
            Stage::Done => {
                let run = &mut state.run;
                let survived =
                    run.hp > 0 && !(state.damage_model == DamageModel::Running && run.died);
                run.success = Some(run.success_forced || survived);
                return Ok(None);
            }
        };
        state.run.stage = next;
    }
}

/// Takes the next card (a replacement first), runs its identity hook, and applies a
/// pending "defeat the next monster".
fn reveal<H: HookRunner>(
    catalog: &Catalog,
    hooks: &mut H,
    state: &mut GameState,
    events: &mut Vec<Event>,
) -> Result<Stage, EngineError> {
    let (card, position) = match state.run.incoming.take() {
        Some(card) => (card, state.run.faced.last().map_or(1, |f| f.position)),
        None => match state.dungeon.pop() {
            Some(card) => {
                state.discard.push(card);
                (card, state.run.monsters_faced().count() as u8 + 1)
            }
            None => return Ok(Stage::End { cursor: 0 }),
        },
    };
    let monster = state.monster_of(card);
    let def = catalog.monster(monster);
    state.run.faced.push(Faced {
        card,
        monster,
        position,
        strength: def.strength,
        species: def.species,
        fate: Fate::Facing,
        defeaters: TileList::new(),
    });
    if hooks.has_hook(CardRef::Monster(monster), HookName::Identity) {
        if let Called::Asked(_) = call(
            catalog,
            hooks,
            state,
            CardRef::Monster(monster),
            HookName::Identity,
            0,
            events,
        )? {
            return Err(EngineError::Rule(format!(
                "{}: identity hooks may not ask questions",
                def.info.id
            )));
        }
    }
    let f = current(state);
    events.push(Event::Revealed {
        card,
        monster,
        position,
        strength: f.strength,
        species: f.species,
    });
    if !state.run.skip_next.is_empty() {
        let source = state.run.skip_next.remove(0);
        defeat_current(state, DefeatCause::Skipped(source), events);
        return Ok(Stage::AfterDefeat { cursor: 0 });
    }
    Ok(Stage::Defeat)
}

/// Every held permanent tile that defeats the monster does (the runner gets the most
/// favourable outcome, so all of them count: Ring of Power gains HP even beside a Vorpal).
fn defeat<H: HookRunner>(
    catalog: &Catalog,
    hooks: &mut H,
    state: &mut GameState,
    events: &mut Vec<Event>,
) -> Result<Stage, EngineError> {
    let (species, strength) = {
        let f = current(state);
        (f.species, f.strength)
    };
    let hp = state.run.hp;
    let mut defeaters = TileList::new();
    for i in 0..state.run.order.len() {
        let tile = state.run.order[i];
        if !state.tiles.contains(&tile) {
            continue;
        }
        let def = catalog.tile(tile);
        // Once-tiles with data rules are the runner's choice: offered later, not automatic.
        let by_data = !def.once && def.defeats.iter().any(|r| r.matches(species, strength, hp));
        let by_script = !by_data
            && hooks.has_hook(CardRef::Tile(tile), HookName::Defeats)
            && matches!(
                call(
                    catalog,
                    hooks,
                    state,
                    CardRef::Tile(tile),
                    HookName::Defeats,
                    0,
                    events
                )?,
                Called::Value(HookValue::Bool(true))
            );
        if by_data || by_script {
            defeaters.push(tile);
        }
    }
    let Some(&first) = defeaters.first() else {
        return Ok(Stage::Offer { cursor: 0 });
    };
    state
        .run
        .faced
        .last_mut()
        .expect("a card is being resolved")
        .defeaters = defeaters;
    defeat_current(state, DefeatCause::Tile(first), events);
    Ok(Stage::AfterDefeat { cursor: 0 })
}

/// Offers one optional tile. Returns a decision if the runner must answer.
fn offer<H: HookRunner>(
    catalog: &Catalog,
    hooks: &mut H,
    state: &mut GameState,
    tile: TileId,
    events: &mut Vec<Event>,
) -> Result<Option<Decision>, EngineError> {
    let card = CardRef::Tile(tile);
    if hooks.has_hook(card, HookName::OnReveal) {
        return Ok(
            match call(catalog, hooks, state, card, HookName::OnReveal, 0, events)? {
                Called::Asked(d) => Some(d),
                Called::Value(_) => None,
            },
        );
    }
    let def = catalog.tile(tile);
    let f = current(state);
    let threatens = f.strength.is_some_and(|s| s > 0);
    if !(def.once
        && threatens
        && def
            .defeats
            .iter()
            .any(|r| r.matches(f.species, f.strength, state.run.hp)))
    {
        return Ok(None);
    }
    // A once-tile with a data rule: the engine asks whether to spend it here.
    let answer = match &state.run.pending {
        Some(p) if p.card == card && p.hook == HookName::OnReveal && !p.answers.is_empty() => {
            p.answers[0]
        }
        _ => {
            let question = Question {
                seat: state.run.runner,
                asker: card,
                prompt: USE_TILE_PROMPT.to_string(),
                options: vec![Answer::Yes, Answer::No],
            };
            state.run.pending = Some(PendingHook {
                card,
                hook: HookName::OnReveal,
                answers: Vec::new(),
                question: Some(question.clone()),
            });
            return Ok(Some(Decision {
                seat: question.seat,
                kind: DecisionKind::Question(question),
            }));
        }
    };
    state.run.pending = None;
    if answer == Answer::Yes {
        defeat_current(state, DefeatCause::Tile(tile), events);
        apply_effects(
            catalog,
            state,
            card,
            vec![crate::dungeon::Effect::DiscardTile(tile)],
            events,
        )?;
    }
    Ok(None)
}

/// The printed strength, then `base_damage` and `on_damage` hooks, then HP loss.
fn damage<H: HookRunner>(
    catalog: &Catalog,
    hooks: &mut H,
    state: &mut GameState,
    events: &mut Vec<Event>,
) -> Result<Stage, EngineError> {
    let strength = current(state).strength;
    let mut amount = strength.unwrap_or(0).max(0);
    if strength.is_some() {
        amount = value_hooks(catalog, hooks, state, HookName::BaseDamage, amount, events)?;
    }
    if amount > 0 {
        amount = value_hooks(catalog, hooks, state, HookName::OnDamage, amount, events)?.max(0);
    }
    let f = state
        .run
        .faced
        .last_mut()
        .expect("a card is being resolved");
    if amount > 0 {
        f.fate = Fate::Damaged(amount);
        let card = f.card;
        state.run.hp -= amount;
        if state.run.hp <= 0 {
            state.run.hp_fell = true;
        }
        events.push(Event::Damaged {
            card,
            amount,
            hp: state.run.hp,
        });
    } else {
        f.fate = Fate::Unharmed;
    }
    Ok(Stage::Death { cursor: 0 })
}

/// Passes `amount` through every held tile's `hook` in order.
fn value_hooks<H: HookRunner>(
    catalog: &Catalog,
    hooks: &mut H,
    state: &mut GameState,
    hook: HookName,
    mut amount: i32,
    events: &mut Vec<Event>,
) -> Result<i32, EngineError> {
    let mut cursor = 0;
    while let Some((i, tile)) = next_with_hook(hooks, state, cursor, hook) {
        if let Called::Value(HookValue::Int(v)) = call(
            catalog,
            hooks,
            state,
            CardRef::Tile(tile),
            hook,
            amount,
            events,
        )? {
            amount = v;
        }
        cursor = i + 1;
    }
    Ok(amount)
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

fn next_with_hook<H: HookRunner>(
    hooks: &H,
    state: &GameState,
    cursor: u8,
    hook: HookName,
) -> Option<(u8, TileId)> {
    let order = &state.run.order;
    (cursor as usize..order.len())
        .map(|i| (i as u8, order[i]))
        .find(|(_, t)| state.tiles.contains(t) && hooks.has_hook(CardRef::Tile(*t), hook))
}

/// Calls a hook with the answers recorded for it, records its question or applies its effects.
fn call<H: HookRunner>(
    catalog: &Catalog,
    hooks: &mut H,
    state: &mut GameState,
    card: CardRef,
    hook: HookName,
    damage: i32,
    events: &mut Vec<Event>,
) -> Result<Called, EngineError> {
    let answers = match &state.run.pending {
        Some(p) if p.card == card && p.hook == hook => p.answers.clone(),
        _ => Vec::new(),
    };
    match hooks.call(
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
            apply_effects(catalog, state, card, effects, events)?;
            Ok(Called::Value(value))
        }
    }
}
