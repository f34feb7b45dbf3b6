//! What a reading client is sent: the game in words, in the language it named in `hello`.
//! The browser table shows these and never builds a sentence itself, so it says what the
//! terminal says (both are worded by `dungeon-text`). Every string is text, never markup:
//! a client sets it as text (names and card texts come from players and packs).

use dungeon_engine::action::Action;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The game in words for the receiving seat (or spectator), sent after the `log`, `view`
/// and `asking`/`waiting`/`over` it words. A note alone (someone took a seat or left)
/// has only `log`: the table, the status and the question stand as they were.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Words {
    /// The new log entries (and notices) as lines, as this seat may see them; an empty
    /// line separates rounds and dungeons.
    pub log: Vec<String>,
    /// The lines of `log` that reveal a dungeon's card, by index: a client may pause
    /// before each, so that a dungeon is revealed one card at a time.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pauses: Vec<u32>,
    /// The table as this seat sees it: the adventurer with HP and tiles, the piles, each
    /// player's successes and failures, the cards it holds or put in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<Vec<String>>,
    /// Whose turn it is (who is thinking), or how the game ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    /// This seat's question, when it is asked one (with `table`: none when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub question: Option<QuestionWords>,
    /// The game is over: the final standings are the last lines of the log.
    #[serde(default)]
    pub over: bool,
    /// Every seat's name as the table words it ("Bot 3 (easy)"), when it is sent: on
    /// arriving at the table and whenever a person takes a seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seats: Option<Vec<String>>,
}

/// A question and its options, in the decision's order (option `i` is answered with
/// `answer { number, action: options[i].action }`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct QuestionWords {
    pub number: u32,
    pub title: String,
    pub options: Vec<OptionWords>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OptionWords {
    pub label: String,
    pub action: Action,
}

/// One card of the table's packs, for the help: what a player reads about it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardWords {
    pub kind: CardKind,
    pub name: String,
    /// Its rules text (empty for a plain card).
    #[serde(default)]
    pub text: String,
    /// "Goblin (1, goblin)", "Plate Armour (+5 HP)", "Warrior (3 HP)": as the log names it.
    pub label: String,
    /// How many of it the deck holds (monsters).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copies: Option<u32>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CardKind {
    Adventurer,
    Tile,
    Monster,
}
