//! How the engine applies the effects a hook returns. Hooks only describe (see
//! [`crate::effect`]); this module is the one place that changes the run because of a
//! card's rule.

use super::{Fate, Memory};
use crate::action::CardRef;
use crate::catalog::Catalog;
use crate::effect::Effect;
use crate::error::EngineError;
use crate::event::{DefeatCause, Event};
use crate::ids::TileId;
use crate::state::GameState;

/// Applies `effects` of `source`'s hook to the run, emitting events.
pub(crate) fn apply_effects(
    catalog: &Catalog,
    state: &mut GameState,
    source: CardRef,
    effects: crate::effect::EffectList,
    events: &mut Vec<Event>,
) -> Result<(), EngineError> {
    for effect in effects {
        match effect {
            Effect::Defeat => {
                let cause = match source {
                    CardRef::Tile(t) => {
                        // Credited even on a monster already defeated: the runner chose this tile.
                        let current = state.run.faced.last_mut();
                        if let Some(f) = current.filter(|f| !f.defeaters.contains(&t)) {
                            f.defeaters.push(t);
                        }
                        DefeatCause::Tile(t)
                    }
                    CardRef::Monster(_) => DefeatCause::Itself,
                };
                defeat_current(state, cause, events);
            }
            Effect::SkipNext(ask) => state.run.skip_next.push(super::Skip { source, ask }),
            Effect::SetStrength(s) => {
                if let Some(f) = state.run.faced.last_mut() {
                    f.strength = s;
                }
            }
            Effect::SetSpecies(s) => {
                if let Some(f) = state.run.faced.last_mut() {
                    f.species = s;
                }
            }
            Effect::ReplaceFromDeck => {
                // A monster already replaced (a second call in the same hook) stays as it
                // is, whatever the deck holds; `ctx.replace_from_deck` refuses an empty deck.
                let Some(current) = (state.run.faced.last_mut()).filter(|f| f.fate == Fate::Facing)
                else {
                    continue;
                };
                let Some(new) = state.deck.pop() else {
                    return Err(EngineError::Rule(format!(
                        "{} asked to replace a monster but the monster deck is empty",
                        source.id(catalog)
                    )));
                };
                current.fate = Fate::Replaced;
                let card = current.card;
                state.discard.push(new);
                state.run.incoming = Some(new);
                events.push(Event::Replaced {
                    card,
                    new,
                    by: source,
                });
            }
            Effect::GainHp(n) => change_hp(state, source, n, events),
            Effect::LoseHp(n) => change_hp(state, source, n.saturating_neg(), events),
            Effect::SetHp(n) => {
                let delta =
                    (n as i64 - state.run.hp as i64).clamp(i32::MIN as i64, i32::MAX as i64);
                change_hp(state, source, delta as i32, events);
            }
            Effect::DiscardTile(tile) => {
                let Some(ix) = state.tiles.iter().position(|&t| t == tile) else {
                    continue;
                };
                state.tiles.remove(ix);
                // A tile leaving play takes its HP bonus with it at once (our ruling).
                state.run.hp = state.run.hp.saturating_sub(catalog.tile(tile).hp);
                if catalog.tile(tile).hp > 0 && state.run.hp <= 0 {
                    state.run.hp_fell = true;
                }
                events.push(Event::TileDiscarded {
                    tile,
                    by: source,
                    hp: state.run.hp,
                });
            }
            Effect::Remember(key, value) => {
                let run = &mut state.run;
                match run
                    .memory
                    .iter_mut()
                    .find(|m| m.owner == source && m.key == key)
                {
                    Some(m) => m.value = value,
                    None => run.memory.push(Memory {
                        owner: source,
                        key,
                        value,
                    }),
                }
            }
            Effect::Forget(key) => state
                .run
                .memory
                .retain(|m| !(m.owner == source && m.key == key)),
            // Told at the end, and only if the run would otherwise fail (see `resolve`).
            Effect::Succeed => {
                if !state.run.success_forced {
                    state.run.success_forced = true;
                    state.run.success_forced_by = Some(source);
                }
            }
            Effect::Log { key, args } => {
                state.run.log_lines = state.run.log_lines.saturating_add(1);
                events.push(Event::Logged {
                    card: source,
                    key,
                    args,
                });
            }
        }
    }
    Ok(())
}

/// Changes HP by `delta`, saturating: whatever a hand-built state holds, nothing wraps
/// (the event reports the change that happened).
fn change_hp(state: &mut GameState, source: CardRef, delta: i32, events: &mut Vec<Event>) {
    let before = state.run.hp;
    state.run.hp = before.saturating_add(delta);
    let delta = (state.run.hp as i64 - before as i64) as i32;
    if delta == 0 {
        return;
    }
    if delta < 0 && state.run.hp <= 0 {
        state.run.hp_fell = true;
    }
    events.push(Event::HpChanged {
        by: source,
        delta,
        hp: state.run.hp,
    });
}

/// Marks the monster being resolved as defeated, if it still is being faced.
pub(crate) fn defeat_current(state: &mut GameState, cause: DefeatCause, events: &mut Vec<Event>) {
    if let Some(current) = state
        .run
        .faced
        .last_mut()
        .filter(|f| f.fate == Fate::Facing)
    {
        current.fate = Fate::Defeated(cause);
        events.push(Event::Defeated {
            card: current.card,
            monster: current.monster,
            by: cause,
        });
    }
}

/// Tells a revival as one event: the HP changes and discards of `tile`'s `on_death` hook
/// (the events from `mark`) become one [`Event::Revived`]; its log lines stay, before it.
pub(crate) fn fold_revival(events: &mut Vec<Event>, mark: usize, tile: TileId, hp: i32) {
    let by = CardRef::Tile(tile);
    let mut gained: i64 = 0;
    let mut discarded = Vec::new();
    let mut kept = Vec::new();
    for event in events.drain(mark..) {
        match event {
            Event::HpChanged { by: b, delta, .. } if b == by => gained += i64::from(delta),
            Event::TileDiscarded { tile: t, by: b, .. } if b == by => discarded.push(t),
            other => kept.push(other),
        }
    }
    events.extend(kept);
    events.push(Event::Revived {
        by: tile,
        // Every HP in a run stays within ±HP_LIMIT, so their changes fit.
        gained: gained.clamp(i32::MIN.into(), i32::MAX.into()) as i32,
        discarded,
        hp,
    });
}
