//! The TOML pack format, as serde reads it, one entry at a time (`parse.rs`). Ids keep
//! their source spans so the loader can point at the exact place of an unknown or
//! duplicated id; every number is [`Bounded`] by the ranges in `limits.rs`.
//! Field names here are a public interface: extend compatibly only.

use super::defs::{DamageModel, Parity};
use super::limits;
use crate::lang::LocalText;
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// A pack manifest: the entries that could be read (an entry with a mistake is left out,
/// and the mistake reported).
#[derive(Debug)]
pub struct PackFile {
    pub pack: PackHeader,
    pub rules: RulesSection,
    pub adventurer: Vec<AdventurerEntry>,
    pub equipment: Vec<EquipmentEntry>,
    pub monster: Vec<MonsterEntry>,
    /// Prompts scripts use in questions, by key.
    pub messages: BTreeMap<String, Spanned<LocalText>>,
    pub ruling: Vec<RulingEntry>,
}

/// A whole number a pack gives, which must lie in `MIN..=MAX`: anything else (another
/// type, a number out of range) fails to deserialize, at the value's position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bounded<const MIN: i64, const MAX: i64>(i32);

impl<const MIN: i64, const MAX: i64> Bounded<MIN, MAX> {
    const IN_I32: () = assert!(MIN >= i32::MIN as i64 && MAX <= i32::MAX as i64);

    pub fn get(self) -> i32 {
        self.0
    }

    fn new(value: i128) -> Option<Self> {
        let () = Self::IN_I32;
        (i128::from(MIN)..=i128::from(MAX))
            .contains(&value)
            .then_some(Bounded(value as i32))
    }
}

impl<'de, const MIN: i64, const MAX: i64> Deserialize<'de> for Bounded<MIN, MAX> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visit<const MIN: i64, const MAX: i64>;
        impl<const MIN: i64, const MAX: i64> serde::de::Visitor<'_> for Visit<MIN, MAX> {
            type Value = Bounded<MIN, MAX>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                write!(f, "a whole number from {MIN} to {MAX}")
            }
            fn visit_i128<E: serde::de::Error>(self, v: i128) -> Result<Self::Value, E> {
                Bounded::new(v).ok_or_else(|| {
                    E::custom(format!(
                        "must be a whole number from {MIN} to {MAX}, not {v}"
                    ))
                })
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Self::Value, E> {
                self.visit_i128(v.into())
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Self::Value, E> {
                self.visit_i128(v.into())
            }
            fn visit_u128<E: serde::de::Error>(self, v: u128) -> Result<Self::Value, E> {
                self.visit_i128(i128::try_from(v).unwrap_or(i128::MAX))
            }
        }
        deserializer.deserialize_any(Visit::<MIN, MAX>)
    }
}

pub type AdventurerHp =
    Bounded<{ *limits::ADVENTURER_HP.start() }, { *limits::ADVENTURER_HP.end() }>;
pub type TileHp = Bounded<{ *limits::TILE_HP.start() }, { *limits::TILE_HP.end() }>;
pub type Strength = Bounded<{ *limits::STRENGTH.start() }, { *limits::STRENGTH.end() }>;
pub type Copies = Bounded<{ *limits::COPIES.start() }, { *limits::COPIES.end() }>;
pub type HpBelow = Bounded<{ *limits::HP_BELOW.start() }, { *limits::HP_BELOW.end() }>;
/// `specials_in_play`: also at most the special monsters in play (checked with the catalog).
pub type Specials = Bounded<0, { limits::MAX_DECK_CARDS as i64 }>;

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
    pub specials_in_play: Option<Spanned<Specials>>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct AdventurerEntry {
    pub id: Spanned<String>,
    pub name: LocalText,
    #[serde(default)]
    pub text: LocalText,
    pub hp: AdventurerHp,
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
    #[serde(default = "no_hp")]
    pub hp: TileHp,
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
    pub strength_min: Option<Strength>,
    pub strength_max: Option<Strength>,
    #[serde(default)]
    pub strength_in: Vec<Strength>,
    pub parity: Option<Parity>,
    pub hp_below: Option<HpBelow>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct MonsterEntry {
    pub id: Spanned<String>,
    pub name: LocalText,
    #[serde(default)]
    pub text: LocalText,
    pub strength: Option<Strength>,
    #[serde(default = "one")]
    pub copies: Copies,
    /// A species id, or `false` for a monster with no species at rest.
    pub species: Option<Spanned<SpeciesField>>,
    #[serde(default)]
    pub special: bool,
    pub script: Option<Spanned<String>>,
    #[serde(default)]
    pub reconstructed: bool,
}

/// `[[ruling]]`: a point the rulebooks leave open, settled per game.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct RulingEntry {
    pub id: Spanned<String>,
    pub name: LocalText,
    #[serde(default)]
    pub text: LocalText,
    /// Where the rulebooks speak to it.
    #[serde(default)]
    pub source: LocalText,
    /// The id of the choice a game makes unless told otherwise.
    pub default: Spanned<String>,
    pub choices: Vec<ChoiceEntry>,
}

/// One choice of a `[[ruling]]`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ChoiceEntry {
    pub id: Spanned<String>,
    /// Required in English (checked with the catalog, at the choice's id).
    #[serde(default)]
    pub text: LocalText,
}

fn one() -> Copies {
    Bounded(1)
}

fn no_hp() -> TileHp {
    Bounded(0)
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

/// The field names serde derives for `T`, caught from its `deserialize_struct` call.
pub fn field_names<T: serde::de::DeserializeOwned>() -> &'static [&'static str] {
    use serde::de::{Error as _, Visitor, value::Error};
    struct Catch<'c>(&'c std::cell::Cell<&'static [&'static str]>);
    impl<'de> serde::Deserializer<'de> for Catch<'_> {
        type Error = Error;
        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Error> {
            Err(Error::custom("not a struct"))
        }
        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Error> {
            self.0.set(fields);
            Err(Error::custom("caught"))
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
            byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map enum
            identifier ignored_any
        }
    }
    let fields = std::cell::Cell::new(&[][..]);
    let _ = T::deserialize(Catch(&fields));
    fields.get()
}
