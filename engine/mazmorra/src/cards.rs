//! The cards, as data: a standard deck's ranks and suits, what each rank is in this game
//! (a passage, a creature with its combat value, an ace, a joker that stands for a cell),
//! and the table's deck. The Spanish-deck appendix (40 or 48 cards, the horse for the
//! queen, other combat values, a shorter way out) is another [`DeckRules`], not more code.

use serde::{Deserialize, Serialize};

/// One card. `rank` 1 is the ace, 11 to 13 the jack, queen and king, 0 a joker; `suit`
/// 0 to 3 (a joker's tells two jokers apart).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Card {
    pub rank: u8,
    pub suit: u8,
}

/// A creature's kind: what it does besides fighting.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Creature {
    /// Takes a card of the discard pile instead of attacking.
    TombRobber,
    /// Fishes a card out of an opponent's hand instead of attacking.
    Myrmidon,
    /// Only fights (beaten by a lone 2 too).
    Troll,
}

/// What a card is in this game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Joker,
    Ace,
    /// A passage of this value.
    Passage(u8),
    /// A creature and its combat value.
    Creature(Creature, u8),
}

/// The deck a table plays with: which ranks do what.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckRules {
    /// The passage a dungeon starts with (the way out is always the 2).
    pub top: u8,
    /// The ranks of the creatures, with their kind and combat value.
    pub creatures: [(u8, Creature, u8); 3],
    /// Jokers in one deck (they stand for cells; none in a Spanish deck).
    pub jokers_per_deck: u8,
}

/// The decks the rulebook plays with (9: the Spanish-deck appendix).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeckKind {
    /// 54 cards: passages 10 to 2; jack, queen, king worth 11, 12, 13; two jokers.
    #[default]
    French,
    /// 40 cards: passages 7 to 2; sota, caballo (for the queen), rey worth 8, 9, 10.
    Spanish40,
    /// 48 cards: passages 9 to 2; sota, caballo, rey worth 10, 11, 12.
    Spanish48,
}

impl DeckKind {
    pub fn rules(self) -> DeckRules {
        let creatures = |values: [u8; 3]| {
            [
                (11, Creature::TombRobber, values[0]),
                (12, Creature::Myrmidon, values[1]),
                (13, Creature::Troll, values[2]),
            ]
        };
        match self {
            DeckKind::French => DeckRules {
                top: 10,
                creatures: creatures([11, 12, 13]),
                jokers_per_deck: 2,
            },
            DeckKind::Spanish40 => DeckRules {
                top: 7,
                creatures: creatures([8, 9, 10]),
                jokers_per_deck: 0,
            },
            DeckKind::Spanish48 => DeckRules {
                top: 9,
                creatures: creatures([10, 11, 12]),
                jokers_per_deck: 0,
            },
        }
    }
}

impl DeckRules {
    /// A French deck of 54 cards.
    pub fn french() -> DeckRules {
        DeckKind::French.rules()
    }

    /// What a card of `rank` is (a joker is declared as one when played).
    pub fn kind_of(&self, rank: u8) -> Kind {
        match rank {
            0 => Kind::Joker,
            1 => Kind::Ace,
            r if (2..=self.top).contains(&r) => Kind::Passage(r),
            r => match self.creatures.iter().find(|c| c.0 == r) {
                Some(&(_, kind, value)) => Kind::Creature(kind, value),
                None => Kind::Joker,
            },
        }
    }

    pub fn kind(&self, card: Card) -> Kind {
        self.kind_of(card.rank)
    }

    /// Every rank a card may be, in order (what a joker may be declared as).
    pub fn ranks(&self) -> impl Iterator<Item = u8> + '_ {
        (1..=self.top).chain(self.creatures.iter().map(|c| c.0))
    }

    /// Every card of `decks` decks, jokers apart: in a fixed order, before the shuffle.
    pub fn cards(&self, decks: u8) -> Vec<Card> {
        let ranks: Vec<u8> = self.ranks().collect();
        let mut cards = Vec::new();
        for _ in 0..decks {
            for suit in 0..4 {
                cards.extend(ranks.iter().map(|&rank| Card { rank, suit }));
            }
        }
        cards
    }

    /// The card that beats a creature alone whatever its value (the 2, daylight, against
    /// the Troll).
    pub fn beats_alone(&self, rank: u8, creature: Creature) -> bool {
        creature == Creature::Troll && rank == 2
    }
}

/// How a card reads: `10♠`, `Q♥`, `A♦`, `joker`.
pub fn label(card: Card) -> String {
    let rank = match card.rank {
        0 => return "joker".into(),
        255 => return "??".into(),
        1 => "A".to_string(),
        11 => "J".to_string(),
        12 => "Q".to_string(),
        13 => "K".to_string(),
        r => r.to_string(),
    };
    let suit = ["♠", "♥", "♦", "♣"][usize::from(card.suit % 4)];
    format!("{rank}{suit}")
}
