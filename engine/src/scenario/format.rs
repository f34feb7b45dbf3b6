//! The scenario file format: one dungeon and what must happen in it. A public interface
//! (expansion authors test their cards with it): extend compatibly only.

use crate::catalog::DamageModel;
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize, Debug, Clone)]
pub struct ScenarioFile {
    /// Packs to load, by id (their requirements come along).
    #[serde(default = "default_packs")]
    pub packs: Vec<String>,
    pub adventurer: String,
    /// Tiles the runner holds on entering; all of the adventurer's when omitted.
    pub equipment: Option<Vec<String>>,
    /// Monster ids in reveal order, first revealed first.
    pub dungeon: Vec<String>,
    /// The monster deck, top card first.
    #[serde(default)]
    pub deck: Vec<String>,
    /// Success cards the runner already has.
    #[serde(default)]
    pub successes: u8,
    /// Failures the runner already has (the aid card's red side).
    #[serde(default)]
    pub failures: u8,
    /// Players at the table (for questions that go to another player). The runner is seat 0.
    #[serde(default = "default_players")]
    pub players: u8,
    #[serde(default)]
    pub options: ScenarioOptions,
    /// Answers to the questions asked, in order, by label.
    #[serde(default)]
    pub answers: Vec<AnswerLabel>,
    pub expect: Expect,
    /// Seed for anything random a script does.
    #[serde(default)]
    pub seed: u64,
    /// Free text: a title and the rule the scenario checks.
    pub name: Option<String>,
    pub rule: Option<String>,
    pub description: Option<String>,
    /// Keys this format does not know: reported as warnings.
    #[serde(flatten)]
    pub unknown: BTreeMap<String, toml::Value>,
}

fn default_packs() -> Vec<String> {
    vec!["base".to_string()]
}

fn default_players() -> u8 {
    2
}

#[derive(Deserialize, Debug, Clone, Default)]
#[serde(deny_unknown_fields)]
pub struct ScenarioOptions {
    pub damage_model: Option<DamageModel>,
    /// Choices for the packs' rulings, by ruling id (`dungeon cards` lists them); a
    /// ruling left out plays its default.
    #[serde(default)]
    pub rulings: BTreeMap<String, String>,
}

/// An answer as written: a label string, a seat number, or a boolean for yes/no.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnswerLabel {
    Text(String),
    Number(i64),
    Flag(bool),
}

/// The most answers a scenario may give. A dungeon asks a few questions; a hook that asks
/// again after each answer is run again with every answer so far, so this also bounds
/// the work a scenario can ask of it.
pub const MAX_ANSWERS: usize = 1000;

impl<'de> Deserialize<'de> for AnswerLabel {
    /// By hand rather than `untagged`: a wrong answer is named with its type and place
    /// (`invalid type: floating point `1.5`, expected an answer: ...`), not as a mismatch
    /// of the whole list.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = AnswerLabel;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an answer: a label (\"yes\", a species or tile id), a seat number or true/false")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<AnswerLabel, E> {
                Ok(AnswerLabel::Text(v.to_string()))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<AnswerLabel, E> {
                Ok(AnswerLabel::Number(v))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<AnswerLabel, E> {
                i64::try_from(v).map(AnswerLabel::Number).map_err(|_| {
                    E::custom(format!("the answer {v} is too large for a seat number"))
                })
            }
            fn visit_i128<E: serde::de::Error>(self, v: i128) -> Result<AnswerLabel, E> {
                i64::try_from(v).map(AnswerLabel::Number).map_err(|_| {
                    E::custom(format!("the answer {v} is too large for a seat number"))
                })
            }
            fn visit_u128<E: serde::de::Error>(self, v: u128) -> Result<AnswerLabel, E> {
                self.visit_i128(i128::try_from(v).unwrap_or(i128::MAX))
            }
            fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<AnswerLabel, E> {
                Ok(AnswerLabel::Flag(v))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

impl AnswerLabel {
    pub fn label(&self) -> String {
        match self {
            AnswerLabel::Text(s) => s.trim().to_lowercase(),
            AnswerLabel::Number(n) => n.to_string(),
            AnswerLabel::Flag(true) => "yes".into(),
            AnswerLabel::Flag(false) => "no".into(),
        }
    }
}

#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    pub outcome: Outcome,
    /// HP when the run ends.
    pub hp: Option<i32>,
    /// Ids of the monsters defeated, in the order they were.
    pub defeated: Option<Vec<String>>,
    /// Lines the dungeon's events must show, in this order (other lines may come between),
    /// as `dungeon scenario -v` prints them.
    pub events: Option<Vec<String>>,
    /// Lines the dungeon's events must not show.
    pub no_events: Option<Vec<String>>,
}

#[derive(Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    Success,
    Failure,
}
