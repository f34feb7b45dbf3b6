//! What a player can be asked and what they can answer: decisions, questions and actions.

use crate::catalog::Catalog;
use crate::ids::*;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

pub use crate::ids::CardRef;

/// One option of a question. Its label (see [`Answer::label`]) is what scenario files
/// and the command line use: "yes", "no", a species id, a tile id, a seat number.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Answer {
    Yes,
    No,
    Species(SpeciesId),
    Tile(TileId),
    Seat(Seat),
}

impl Answer {
    pub fn label(self, catalog: &Catalog) -> String {
        match self {
            Answer::Yes => "yes".into(),
            Answer::No => "no".into(),
            Answer::Species(s) => catalog.species_def(s).id.clone(),
            Answer::Tile(t) => catalog.tile(t).info.id.clone(),
            Answer::Seat(s) => s.to_string(),
        }
    }
}

/// Prompts every front end knows without a pack message: "use_tile" (use the tile against
/// the monster?), "name_species", "choose_tile", "choose_player".
pub const BUILTIN_PROMPTS: [&str; 4] = ["use_tile", "name_species", "choose_tile", "choose_player"];

/// A question's prompt, shared: a builtin prompt is one shared copy for every question,
/// any other is copied once here.
pub fn prompt_text(text: &str) -> Arc<str> {
    static BUILTIN: std::sync::LazyLock<[Arc<str>; 4]> =
        std::sync::LazyLock::new(|| BUILTIN_PROMPTS.map(Arc::from));
    match BUILTIN.iter().find(|p| ***p == *text) {
        Some(p) => Arc::clone(p),
        None => text.into(),
    }
}

/// A question a hook (or the engine, for an optional tile) asks a player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Question {
    /// Who answers: usually the runner; another player for cards like Daddy's Sword.
    pub seat: Seat,
    /// The card whose rule asks.
    pub asker: CardRef,
    /// Prompt key, looked up in the asking card's pack messages, then the engine's.
    // Shared: the decision, the run and the log each hold the question's prompt.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub prompt: Arc<str>,
    // Held inline (no allocation for a yes/no question); serialised as a list.
    #[cfg_attr(feature = "schema", schemars(with = "Vec<Answer>"))]
    pub options: AnswerList,
}

/// Answers held inline (no allocation for each question); a list in a save.
pub type AnswerList = smallvec::SmallVec<[Answer; 4]>;

impl Question {
    /// The labels of the options, for messages.
    pub fn labels(&self, catalog: &Catalog) -> Vec<String> {
        self.options.iter().map(|o| o.label(catalog)).collect()
    }

    /// The option with this label, if any.
    pub fn find(&self, catalog: &Catalog, label: &str) -> Option<Answer> {
        self.options
            .iter()
            .copied()
            .find(|o| o.label(catalog) == label)
    }
}

/// The adventurers a player may choose from: the catalog's, which are few.
pub type AdventurerList = smallvec::SmallVec<[AdventurerId; 8]>;

/// What the game is waiting for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Decision {
    pub seat: Seat,
    pub kind: DecisionKind,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum DecisionKind {
    /// Pick the adventurer for the coming round.
    ChooseAdventurer {
        // Held inline (no allocation each round); serialised as a list.
        #[cfg_attr(feature = "schema", schemars(with = "Vec<AdventurerId>"))]
        options: AdventurerList,
    },
    /// Bidding: draw a monster or pass.
    DrawOrPass,
    /// Bidding: the drawn card goes into the dungeon, or aside with one tile.
    PlaceCard {
        card: CardId,
        // Held inline (no allocation for each card drawn); serialised as a list.
        #[cfg_attr(feature = "schema", schemars(with = "Vec<TileId>"))]
        set_aside: crate::lists::TileList,
    },
    /// A card's rule asks something.
    Question(Question),
}

impl Decision {
    /// Every action that answers this decision, in a stable order.
    pub fn legal_actions(&self) -> Vec<Action> {
        (0..self.legal_count())
            .filter_map(|i| self.legal_action(i))
            .collect()
    }

    /// How many actions answer this decision (`legal_actions().len()`, with no list made).
    pub fn legal_count(&self) -> usize {
        match &self.kind {
            DecisionKind::ChooseAdventurer { options } => options.len(),
            DecisionKind::DrawOrPass => 2,
            DecisionKind::PlaceCard { set_aside, .. } => 1 + set_aside.len(),
            DecisionKind::Question(q) => q.options.len(),
        }
    }

    /// The `i`-th action of [`Decision::legal_actions`], if there is one.
    pub fn legal_action(&self, i: usize) -> Option<Action> {
        match &self.kind {
            DecisionKind::ChooseAdventurer { options } => {
                options.get(i).map(|&a| Action::ChooseAdventurer(a))
            }
            DecisionKind::DrawOrPass => [Action::Draw, Action::Pass].get(i).copied(),
            DecisionKind::PlaceCard { set_aside, .. } => match i.checked_sub(1) {
                None => Some(Action::AddToDungeon),
                Some(j) => set_aside.get(j).map(|&t| Action::SetAside(t)),
            },
            DecisionKind::Question(q) => q.options.get(i).map(|&a| Action::Answer(a)),
        }
    }

    pub fn allows(&self, action: &Action) -> bool {
        match (&self.kind, action) {
            (DecisionKind::ChooseAdventurer { options }, Action::ChooseAdventurer(a)) => {
                options.contains(a)
            }
            (DecisionKind::DrawOrPass, Action::Draw | Action::Pass) => true,
            (DecisionKind::PlaceCard { .. }, Action::AddToDungeon) => true,
            (DecisionKind::PlaceCard { set_aside, .. }, Action::SetAside(t)) => {
                set_aside.contains(t)
            }
            (DecisionKind::Question(q), Action::Answer(a)) => q.options.contains(a),
            _ => false,
        }
    }
}

/// A player's move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Action {
    ChooseAdventurer(AdventurerId),
    Draw,
    Pass,
    AddToDungeon,
    /// Put the drawn card aside together with this tile.
    SetAside(TileId),
    Answer(Answer),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}
