//! Effects a hook returns, and how the engine applies them. Hooks only describe; this
//! module is the one place that changes the run because of a card's rule.

use super::{Fate, MemValue, Memory};
use crate::action::CardRef;
use crate::catalog::Catalog;
use crate::engine::EngineError;
use crate::event::{DefeatCause, Event};
use crate::hooks::HookName;
use crate::ids::*;
use crate::state::GameState;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    /// The monster being resolved is defeated (credited to the hook's card).
    Defeat,
    /// The next monster revealed is defeated too.
    SkipNext,
    SetStrength(Option<i32>),
    SetSpecies(Option<SpeciesId>),
    /// Discard the monster being resolved and face the top card of the monster deck.
    ReplaceFromDeck,
    GainHp(i32),
    LoseHp(i32),
    SetHp(i32),
    /// Discard a tile the adventurer holds; its HP bonus goes with it.
    DiscardTile(TileId),
    Remember(Arc<str>, MemValue),
    Forget(Arc<str>),
    /// The run is a success whatever the HP (only at the end).
    Succeed,
}

impl Effect {
    /// The ctx function that produces this effect, for messages.
    pub fn api_name(&self) -> &'static str {
        match self {
            Effect::Defeat => "defeat",
            Effect::SkipNext => "defeat_next",
            Effect::SetStrength(_) => "set_strength",
            Effect::SetSpecies(_) => "set_species",
            Effect::ReplaceFromDeck => "replace_from_deck",
            Effect::GainHp(_) => "gain_hp",
            Effect::LoseHp(_) => "lose_hp",
            Effect::SetHp(_) => "set_hp",
            Effect::DiscardTile(_) => "discard",
            Effect::Remember(..) => "remember",
            Effect::Forget(_) => "forget",
            Effect::Succeed => "succeed",
        }
    }

    /// May a hook of this kind have this effect?
    pub fn allowed_in(&self, hook: HookName) -> bool {
        use HookName::*;
        match self {
            Effect::Remember(..) | Effect::Forget(_) => {
                !matches!(hook, Defeats | BaseDamage | OnDamage)
            }
            Effect::SetStrength(_) | Effect::SetSpecies(_) => hook == Identity,
            Effect::Defeat | Effect::ReplaceFromDeck => matches!(hook, OnReveal | BeforeDamage),
            Effect::SkipNext => matches!(hook, OnReveal | OnDefeat | AfterDefeat | BeforeDamage),
            Effect::Succeed => hook == AtEnd,
            Effect::GainHp(_) | Effect::LoseHp(_) | Effect::SetHp(_) | Effect::DiscardTile(_) => {
                !matches!(hook, Identity | Defeats | BaseDamage | OnDamage)
            }
        }
    }
}

/// Applies `effects` of `source`'s hook to the run, emitting events.
pub(crate) fn apply_effects(
    catalog: &Catalog,
    state: &mut GameState,
    source: CardRef,
    effects: Vec<Effect>,
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
            Effect::SkipNext => state.run.skip_next.push(source),
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
                let Some(new) = state.deck.pop() else {
                    return Err(EngineError::Rule(format!(
                        "{} asked to replace a monster but the monster deck is empty",
                        source.id(catalog)
                    )));
                };
                let Some(current) = state
                    .run
                    .faced
                    .last_mut()
                    .filter(|f| f.fate == Fate::Facing)
                else {
                    state.deck.push(new);
                    continue;
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
            Effect::LoseHp(n) => change_hp(state, source, -n, events),
            Effect::SetHp(n) => {
                let delta = n - state.run.hp;
                change_hp(state, source, delta, events);
            }
            Effect::DiscardTile(tile) => {
                let Some(ix) = state.tiles.iter().position(|&t| t == tile) else {
                    continue;
                };
                state.tiles.remove(ix);
                // A tile leaving play takes its HP bonus with it at once (our ruling).
                state.run.hp -= catalog.tile(tile).hp;
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
            Effect::Succeed => {
                if !state.run.success_forced {
                    state.run.success_forced = true;
                    events.push(Event::SuccessForced { by: source });
                }
            }
        }
    }
    Ok(())
}

fn change_hp(state: &mut GameState, source: CardRef, delta: i32, events: &mut Vec<Event>) {
    if delta == 0 {
        return;
    }
    state.run.hp += delta;
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
