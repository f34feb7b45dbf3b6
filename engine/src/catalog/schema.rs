//! The TOML pack format, as serde reads it. Ids keep their source spans so the loader
//! can point at the exact place of an unknown or duplicated id.
//! Field names here are a public interface: extend compatibly only.

use super::defs::{DamageModel, Parity};
use crate::lang::LocalText;
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct PackFile {
    pub pack: PackHeader,
    #[serde(default)]
    pub rules: RulesSection,
    #[serde(default)]
    pub adventurer: Vec<AdventurerEntry>,
    #[serde(default)]
    pub equipment: Vec<EquipmentEntry>,
    #[serde(default)]
    pub monster: Vec<MonsterEntry>,
    /// Prompts scripts use in questions, by key.
    #[serde(default)]
    pub messages: BTreeMap<String, Spanned<LocalText>>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct PackHeader {
    pub id: Spanned<String>,
    pub name: LocalText,
    #[serde(default)]
    pub description: LocalText,
    pub version: String,
    pub engine_api: Spanned<u32>,
    pub languages: Vec<Spanned<String>>,
    /// Folder of the pack's Lua scripts, relative to this file.
    pub scripts: Option<Spanned<String>>,
    #[serde(default)]
    pub requires: Vec<Spanned<String>>,
    /// At least one of these packs must be in play; the first is added if none is asked for
    /// (an expansion that plays with either box's monsters).
    #[serde(default)]
    pub requires_any: Vec<Spanned<String>>,
    #[serde(default)]
    pub conflicts: Vec<Spanned<String>>,
    /// Folder of the pack's own scenario files, relative to this file (`dungeon check` runs them).
    pub scenarios: Option<Spanned<String>>,
    /// Ids of cards from earlier packs this pack redefines on purpose.
    #[serde(default)]
    pub replaces: Vec<Spanned<String>>,
}

#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct RulesSection {
    pub damage_model: Option<DamageModel>,
    /// How many special monsters join the deck at setup.
    pub specials_in_play: Option<u8>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct AdventurerEntry {
    pub id: Spanned<String>,
    pub name: LocalText,
    #[serde(default)]
    pub text: LocalText,
    pub hp: i32,
    pub equipment: Vec<Spanned<String>>,
    #[serde(default)]
    pub reconstructed: bool,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct EquipmentEntry {
    pub id: Spanned<String>,
    pub name: LocalText,
    #[serde(default)]
    pub text: LocalText,
    #[serde(default)]
    pub hp: i32,
    #[serde(default)]
    pub once: bool,
    #[serde(default)]
    pub defeats: OneOrMany<DefeatEntry>,
    pub script: Option<Spanned<String>>,
    #[serde(default)]
    pub reconstructed: bool,
}

#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct DefeatEntry {
    #[serde(default)]
    pub species: Vec<Spanned<String>>,
    pub strength_min: Option<i32>,
    pub strength_max: Option<i32>,
    #[serde(default)]
    pub strength_in: Vec<i32>,
    pub parity: Option<Parity>,
    pub hp_below: Option<i32>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct MonsterEntry {
    pub id: Spanned<String>,
    pub name: LocalText,
    #[serde(default)]
    pub text: LocalText,
    pub strength: Option<i32>,
    #[serde(default = "one")]
    pub copies: u8,
    /// A species id, or `false` for a monster with no species at rest.
    pub species: Option<Spanned<SpeciesField>>,
    #[serde(default)]
    pub special: bool,
    pub script: Option<Spanned<String>>,
    #[serde(default)]
    pub reconstructed: bool,
}

fn one() -> u8 {
    1
}

#[derive(Deserialize, Debug, Clone)]
#[serde(untagged)]
pub enum SpeciesField {
    Named(String),
    Flag(bool),
}

/// A field that takes either one table or an array of them. Hand-written rather than
/// `#[serde(untagged)]`, which buffers values and loses the spans ids carry.
#[derive(Debug)]
pub enum OneOrMany<T> {
    One(T),
    Many(Vec<T>),
}

impl<T> Default for OneOrMany<T> {
    fn default() -> Self {
        OneOrMany::Many(Vec::new())
    }
}

impl<T> OneOrMany<T> {
    pub fn into_vec(self) -> Vec<T> {
        match self {
            OneOrMany::One(t) => vec![t],
            OneOrMany::Many(v) => v,
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for OneOrMany<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
        struct Visit<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for Visit<T> {
            type Value = OneOrMany<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a table or an array of tables")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<Self::Value, A::Error> {
                T::deserialize(MapAccessDeserializer::new(map)).map(OneOrMany::One)
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                seq: A,
            ) -> Result<Self::Value, A::Error> {
                Vec::<T>::deserialize(SeqAccessDeserializer::new(seq)).map(OneOrMany::Many)
            }
        }
        deserializer.deserialize_any(Visit(std::marker::PhantomData))
    }
}
