//! Card scripts that are one call to a helper of the prelude, run by Rust code that does
//! what the helper's Lua does, step for step.
//!
//! Most cards are written `return dungeon.<helper>(<literal arguments>)`. Such a script
//! is still compiled, run and checked in Luau like any other; when it also matches that
//! shape exactly (comments aside; arguments only `nil`, plain strings and whole numbers)
//! and its arguments are valid, the host answers its hooks here, which saves the Lua call,
//! the monster table and every `ctx` call. Every effect goes through the same [`Frame`]
//! (caps, memory, questions), so the outcome is the same; anything unusual (a missing
//! monster, a value out of range, an error to report) returns `None` and the Lua hook
//! runs instead, giving its own message. `tests/native_helpers.rs` plays whole games both
//! ways and compares every event.
//!
//! One other shape is known, written out in full by a card rather than through a helper:
//! a `defeats` hook true for a monster when one of its species was faced before it
//! ([`Helper::DefeatsIfSpeciesFacedBefore`], the sequel's Royal Sceptre). Run natively, its
//! one read of the history is a question an odds search can key a step by ("was this
//! species faced?"), where `ctx.faced()` hands over the whole history.
//!
//! The globals are read-only, so `dungeon` in such a script is always the prelude's.

use super::args::{MAX_PROMPT, is_lowercase_key};
use super::frame::{Frame, MAX_MEMORY_TEXT};
use crate::action::{Answer, CardRef, prompt_text};
use crate::catalog::Catalog;
use crate::effect::{Effect, HP_LIMIT, MemValue};
use crate::hook_name::{HookName, HookSet};
use crate::hooks::{HookValue, SpeciesQuestion};
use crate::ids::SpeciesId;
use shape::{is_defeats_if_species_faced, parse_call};
use std::sync::Arc;

mod shape;

/// A prelude helper with its arguments, resolved against the catalog.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Helper {
    NameSpeciesBeforeEntering {
        prompt: Arc<str>,
        ruling: Option<usize>,
    },
    NameSpeciesOnReveal {
        prompt: Arc<str>,
        ruling: Option<usize>,
    },
    ReviveToBaseHp {
        ruling: Option<usize>,
        prompt: Arc<str>,
    },
    GainStrengthWhenDefeating,
    DefeatNextWhenDefeating,
    ReplaceFromDeckOnReveal {
        prompt: Arc<str>,
    },
    SucceedIfAllSpeciesDiffer,
    ReduceDamage(i64),
    /// `return { defeats = function(ctx, m) return m.species ~= nil and
    /// dungeon.count_species(ctx.faced(), m.species) > 0 end }`, names aside.
    DefeatsIfSpeciesFacedBefore,
}

/// A literal argument.
#[derive(Clone, Debug, PartialEq)]
enum Arg {
    Nil,
    Text(String),
    Int(i64),
}

/// The key under which the species helpers remember the named species.
const SPECIES_KEY: &str = "species";

/// What the helpers remember, shared: the key and each species' id (by species index),
/// so that naming a species allocates nothing.
#[derive(Debug)]
pub(crate) struct Remembered {
    species_key: Arc<str>,
    species_ids: Vec<Arc<str>>,
}

impl Remembered {
    pub(crate) fn new(catalog: &Catalog) -> Remembered {
        Remembered {
            species_key: SPECIES_KEY.into(),
            species_ids: (catalog.species_ids())
                .map(|s| Arc::from(catalog.species_def(s).id.as_str()))
                .collect(),
        }
    }
}

impl Helper {
    /// The helper `code` is exactly one call to, if any, with arguments the Lua helper
    /// would accept in every call.
    pub fn recognise(code: &str, catalog: &Catalog) -> Option<Helper> {
        if is_defeats_if_species_faced(code) {
            return Some(Helper::DefeatsIfSpeciesFacedBefore);
        }
        let (name, args) = parse_call(code)?;
        let text = |i: usize| match args.get(i) {
            None | Some(Arg::Nil) => Some(None),
            Some(Arg::Text(s)) => Some(Some(s.as_str())),
            Some(Arg::Int(_)) => None,
        };
        let prompt = |i: usize, default: &str| -> Option<Arc<str>> {
            match text(i)? {
                None => Some(prompt_text(default)),
                Some(p) if is_lowercase_key(p.as_bytes(), MAX_PROMPT) => Some(prompt_text(p)),
                Some(_) => None,
            }
        };
        // A ruling no pack declares is an error when the hook runs: Lua reports it.
        let ruling = |i: usize| -> Option<Option<usize>> {
            match text(i)? {
                None => Some(None),
                Some(id) => catalog.ruling_index(id).map(Some),
            }
        };
        let arity = |n: usize| (args.len() <= n).then_some(());
        Some(match name.as_str() {
            "name_species_before_entering" => {
                arity(2)?;
                Helper::NameSpeciesBeforeEntering {
                    prompt: prompt(0, "name_species")?,
                    ruling: ruling(1)?,
                }
            }
            "name_species_on_reveal" => {
                arity(2)?;
                Helper::NameSpeciesOnReveal {
                    prompt: prompt(0, "use_tile")?,
                    ruling: ruling(1)?,
                }
            }
            "revive_to_base_hp" => {
                arity(2)?;
                Helper::ReviveToBaseHp {
                    ruling: ruling(0)?,
                    prompt: prompt(1, "use_tile")?,
                }
            }
            "gain_strength_when_defeating" => {
                arity(0)?;
                Helper::GainStrengthWhenDefeating
            }
            "defeat_next_when_defeating" => {
                arity(0)?;
                Helper::DefeatNextWhenDefeating
            }
            "replace_from_deck_on_reveal" => {
                arity(1)?;
                Helper::ReplaceFromDeckOnReveal {
                    prompt: prompt(0, "use_tile")?,
                }
            }
            "succeed_if_all_species_differ" => {
                arity(0)?;
                Helper::SucceedIfAllSpeciesDiffer
            }
            "reduce_damage" => {
                arity(1)?;
                match args.first() {
                    Some(Arg::Int(n)) if n.abs() <= HP_LIMIT as i64 => Helper::ReduceDamage(*n),
                    _ => return None,
                }
            }
            _ => return None,
        })
    }

    /// The hooks the helper's table defines.
    pub fn hooks(&self) -> HookSet {
        let names: &[HookName] = match self {
            Helper::NameSpeciesBeforeEntering { .. } => {
                &[HookName::BeforeEntering, HookName::Defeats]
            }
            Helper::NameSpeciesOnReveal { .. } => &[HookName::OnReveal, HookName::Defeats],
            Helper::ReviveToBaseHp { .. } => &[HookName::OnDeath],
            Helper::GainStrengthWhenDefeating | Helper::DefeatNextWhenDefeating => {
                &[HookName::OnDefeat]
            }
            Helper::ReplaceFromDeckOnReveal { .. } => &[HookName::OnReveal],
            Helper::SucceedIfAllSpeciesDiffer => &[HookName::AtEnd],
            Helper::ReduceDamage(_) => &[HookName::OnDamage],
            Helper::DefeatsIfSpeciesFacedBefore => &[HookName::Defeats],
        };
        let mut set = HookSet::default();
        names.iter().for_each(|&h| set.insert(h));
        set
    }

    /// Whether any of the helper's hooks may raise the runner's HP or make the run a
    /// success (the odds search knows a run lost when nothing that may is left).
    pub fn may_raise_hp(&self) -> bool {
        match self {
            Helper::ReviveToBaseHp { .. }
            | Helper::GainStrengthWhenDefeating
            | Helper::SucceedIfAllSpeciesDiffer => true,
            Helper::NameSpeciesBeforeEntering { .. }
            | Helper::NameSpeciesOnReveal { .. }
            | Helper::DefeatNextWhenDefeating
            | Helper::ReplaceFromDeckOnReveal { .. }
            | Helper::ReduceDamage(_)
            | Helper::DefeatsIfSpeciesFacedBefore => false,
        }
    }

    /// Runs `hook` on the frame lent for the call, as the Lua helper would. `None`: the
    /// Lua hook must run instead (the frame is lent again for it).
    pub fn run(
        &self,
        f: &mut Frame,
        catalog: &Catalog,
        regular: &[SpeciesId],
        remembered: &Remembered,
        hook: HookName,
        damage: i32,
    ) -> Option<HookValue> {
        let (species, strength, threatens) = {
            let state = f.state().ok()?;
            // The monster the Lua hook receives as `m` (nil when there is none: Lua decides).
            let m = if hook.has_monster() {
                Some(state.run.faced.last()?)
            } else {
                None
            };
            let strength = m.and_then(|m| m.strength).unwrap_or(0);
            let threatens = m.is_some_and(|m| !m.is_defeated() && strength > 0);
            (m.and_then(|m| m.species), strength, threatens)
        };
        let ruling_is = |f: &Frame, ruling: Option<usize>, choice: &str| -> Option<bool> {
            let Some(index) = ruling else {
                return Some(false);
            };
            let chosen = f.state().ok()?.options.ruling_choice(catalog, index)?;
            Some(catalog.rulings[index].choices[chosen].id == choice)
        };
        let ask_yes_no = |f: &mut Frame, prompt: &Arc<str>| -> Option<bool> {
            let answer = f.ask(None, prompt, &[Answer::Yes, Answer::No]);
            Some(answer.ok()? == Answer::Yes)
        };
        let remember_species = |f: &mut Frame, s: SpeciesId| -> Option<()> {
            let id = remembered.species_ids.get(s.ix())?;
            if id.len() > MAX_MEMORY_TEXT {
                return None;
            }
            let key = Arc::clone(&remembered.species_key);
            let text = MemValue::Text(Arc::clone(id));
            f.record("remember", Effect::Remember(key, text)).ok()
        };
        let tile = match f.card {
            CardRef::Tile(t) => Some(t),
            CardRef::Monster(_) => None,
        };
        match (self, hook) {
            (Helper::NameSpeciesBeforeEntering { prompt, ruling }, HookName::BeforeEntering) => {
                let options: smallvec::SmallVec<[Answer; 16]> = if ruling_is(f, *ruling, "regular")?
                {
                    regular.iter().map(|&s| Answer::Species(s)).collect()
                } else {
                    catalog.species_ids().map(Answer::Species).collect()
                };
                let Answer::Species(s) = f.ask(None, prompt, &options).ok()? else {
                    return None;
                };
                remember_species(f, s)?;
                Some(HookValue::Nothing)
            }
            (
                Helper::NameSpeciesBeforeEntering { .. } | Helper::NameSpeciesOnReveal { .. },
                HookName::Defeats,
            ) => {
                // Lua compares the remembered text with the species id.
                let named = match f.recall(SPECIES_KEY).ok()? {
                    Some(MemValue::Text(t)) => catalog.find_species(t),
                    _ => None,
                };
                Some(HookValue::Bool(species.is_some() && species == named))
            }
            (Helper::NameSpeciesOnReveal { prompt, ruling }, HookName::OnReveal) => {
                let nothing_named = f.recall(SPECIES_KEY).ok()?.is_none();
                if nothing_named
                    && let Some(s) = species
                    && threatens
                {
                    let may_name = !ruling_is(f, *ruling, "regular")? || regular.contains(&s);
                    if may_name && ask_yes_no(f, prompt)? {
                        remember_species(f, s)?;
                        f.record("defeat", Effect::Defeat).ok()?;
                    }
                }
                Some(HookValue::Nothing)
            }
            (Helper::ReviveToBaseHp { ruling, prompt }, HookName::OnDeath) => {
                let state = f.state().ok()?;
                let may_decline = ruling.is_some()
                    && state.damage_model.id() == "end_total"
                    && !state.dungeon.is_empty()
                    && ruling_is(f, *ruling, "may_decline")?;
                if may_decline && !ask_yes_no(f, prompt)? {
                    return Some(HookValue::Nothing);
                }
                let base = f.state().ok()?.run.base_hp;
                if base.abs() > HP_LIMIT {
                    return None;
                }
                f.record("set_hp", Effect::SetHp(base)).ok()?;
                f.record("discard", Effect::DiscardTile(tile?)).ok()?;
                Some(HookValue::Nothing)
            }
            (Helper::GainStrengthWhenDefeating, HookName::OnDefeat) => {
                if strength > 0 {
                    if strength > HP_LIMIT {
                        return None;
                    }
                    f.record("gain_hp", Effect::GainHp(strength)).ok()?;
                }
                Some(HookValue::Nothing)
            }
            (Helper::DefeatNextWhenDefeating, HookName::OnDefeat) => {
                f.record("defeat_next", Effect::SkipNext(None)).ok()?;
                Some(HookValue::Nothing)
            }
            (Helper::ReplaceFromDeckOnReveal { prompt }, HookName::OnReveal) => {
                let deck = f.state().ok()?.deck.len();
                if deck > 0 && threatens && ask_yes_no(f, prompt)? {
                    f.record("replace_from_deck", Effect::ReplaceFromDeck)
                        .ok()?;
                    f.record("discard", Effect::DiscardTile(tile?)).ok()?;
                }
                Some(HookValue::Nothing)
            }
            (Helper::SucceedIfAllSpeciesDiffer, HookName::AtEnd) => {
                // The species faced: in an odds situation's key, not in a step's (a
                // question an odds search may remember the step by the answer to).
                let mut seen: smallvec::SmallVec<[SpeciesId; 16]> = smallvec::SmallVec::new();
                let mut differ = true;
                for s in f
                    .state()
                    .ok()?
                    .run
                    .monsters_faced()
                    .filter_map(|m| m.species)
                {
                    if seen.contains(&s) {
                        differ = false;
                        break;
                    }
                    seen.push(s);
                }
                f.note_species_asked(SpeciesQuestion::AllDiffer, differ);
                if differ {
                    f.record("succeed", Effect::Succeed).ok()?;
                }
                Some(HookValue::Nothing)
            }
            (Helper::DefeatsIfSpeciesFacedBefore, HookName::Defeats) => {
                // Lua reads nothing more of a monster without species.
                let Some(s) = species else {
                    return Some(HookValue::Bool(false));
                };
                // Among the monsters `ctx.faced()` lists, unless an odds search answers.
                let seen = match f.species_seen {
                    Some(bits) if s.0 < 64 => bits & (1 << s.0) != 0,
                    _ => (f.faced_before().ok()?.iter()).any(|m| m.species == Some(s)),
                };
                f.note_species_asked(SpeciesQuestion::Faced(s), seen);
                Some(HookValue::Bool(seen))
            }
            (Helper::ReduceDamage(n), HookName::OnDamage) => {
                let value = (damage as i64 - n).max(0);
                (value <= HP_LIMIT as i64).then_some(HookValue::Int(value as i32))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_one_call_shape_is_recognised_and_nothing_else() {
        let ok = [
            "-- a comment\nreturn dungeon.gain_strength_when_defeating()\n",
            "return dungeon.name_species_before_entering(nil, 'x');",
            "return dungeon . reduce_damage ( 2 )",
        ];
        for code in ok {
            assert!(parse_call(code).is_some(), "{code}");
        }
        let refused = [
            "return dungeon.reduce_damage(2) + 1",
            "local x = 1 return dungeon.reduce_damage(x)",
            "return dungeon.combine(dungeon.reduce_damage(1))",
            "return dungeon.reduce_damage(-1)",
            "return dungeon.reduce_damage(1.5)",
            "return dungeon.f('A')",
            "return dungeon.f('a\\n')",
            "--[[ long ]] return dungeon.f()",
            "return dungeon.f('a') return 1",
            "return dungeon.f(nil,)",
            "return dungeon['f']()",
            "return other.f()",
            "return dungeon.f(\"a'b\")",
        ];
        for code in refused {
            assert!(parse_call(code).is_none(), "{code}");
        }
        // The tokens the other shape needs make no call shape of their own.
        assert!(parse_call("local x = {} return dungeon.f()").is_none());
        assert_eq!(
            parse_call("return dungeon.f(nil, \"a_1\", 3)"),
            Some((
                "f".to_string(),
                vec![Arg::Nil, Arg::Text("a_1".into()), Arg::Int(3)]
            ))
        );
    }

    #[test]
    fn the_sceptre_shape_is_recognised_with_any_names_and_nothing_else() {
        let sceptre = "-- Royal Sceptre\nreturn {\n  defeats = function(ctx, m)\n    return m.species ~= nil and dungeon.count_species(ctx.faced(), m.species) > 0\n  end,\n}\n";
        assert!(is_defeats_if_species_faced(sceptre));
        let renamed = "return { defeats = function(c, mon) return mon.species ~= nil and dungeon.count_species(c.faced(), mon.species) > 0 end }";
        assert!(is_defeats_if_species_faced(renamed));
        let refused = [
            // Another hook, another count, another comparison, another list.
            &sceptre.replace("defeats =", "on_reveal ="),
            &sceptre.replace("> 0", "> 1"),
            &sceptre.replace("> 0", ">= 0"),
            &sceptre.replace("ctx.faced()", "ctx.defeated()"),
            &sceptre.replace("~= nil", "== nil"),
            // A name that hides the prelude, or one name for both.
            &sceptre.replace("ctx", "dungeon"),
            &sceptre.replace("(ctx, m)", "(m, m)").replace("ctx.", "m."),
            // Anything more.
            &sceptre.replace("end,", "end, on_reveal = function() end,"),
            &format!("local x = 1\n{sceptre}"),
            &sceptre.replace("m.species ~= nil and", "m.species ~= nil and true and"),
        ];
        for code in refused {
            assert!(!is_defeats_if_species_faced(code), "{code}");
        }
    }
}
