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
}

/// An answer as written: a label string, a seat number, or a boolean for yes/no.
#[derive(Deserialize, Debug, Clone, PartialEq, Eq)]
#[serde(untagged)]
pub enum AnswerLabel {
    Text(String),
    Number(i64),
    Flag(bool),
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
}

#[derive(Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    Success,
    Failure,
}
