//! Scenario files: set up one dungeon, answer its questions, check what happened.
//! `dungeon scenario PATH...` and the test suite both run them through [`ScenarioRunner`].

mod files;
mod format;
mod run;

pub use files::{collect_files, collect_files_within, read_scenario};
pub use format::{AnswerLabel, Expect, MAX_ANSWERS, Outcome, ScenarioFile, ScenarioOptions};
pub use run::{ScenarioReport, ScenarioRunner, Status};
