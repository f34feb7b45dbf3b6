//! A game of Mazmorra as plain data: the piles, each prisoner's hand, cell and dungeon,
//! whose turn it is and the decision the game waits on. `Clone` and serde at every
//! decision; the generator is part of it.

use crate::cards::{Card, Creature, DeckKind};
use dungeon_core::Seat;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// Table options: the player count and the rulings left open by the rulebook
/// (`docs/mazmorra.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    pub players: u8,
    /// Decks shuffled together (ruling `decks`: 0 means one for 2 players, two from 3).
    pub decks: u8,
    /// A game still going after this many turns ends with no winner (no rulebook rule: a
    /// bound, so that every game ends).
    pub max_turns: u32,
    /// The deck (9, the Spanish-deck appendix: no jokers, so cells are dealt).
    pub deck: DeckKind,
    /// 7.1: every cell dealt from the deck, the jokers shuffled in as wild cards.
    pub random_cells: bool,
    /// 7.4: a prisoner asked by a Myrmidon for a card they hold may discard their whole
    /// hand instead of handing it over.
    pub suicidal_queen: bool,
    /// 7.5: which powers may be cancelled by the same creature played at once.
    pub counter_attack: CounterAttack,
    /// 7.2 and 7.3: discards face down, passages face down too (pitch black) or not
    /// (almost black), any card playable as a passage until someone accuses.
    pub darkness: Darkness,
}

/// 7.2 and 7.3 (and the plain game, lit).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Darkness {
    #[default]
    Lit,
    /// 7.3: discards face down; passages face up.
    AlmostBlack,
    /// 7.2: discards and passages face down.
    PitchBlack,
}

/// 7.5's three variants (and none).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CounterAttack {
    #[default]
    None,
    /// Counter-attack 1: the Tomb-robber's power only.
    Robber,
    /// Counter-attack 2: the Myrmidon's only.
    Myrmidon,
    /// Counter-attack 3: both.
    Both,
}

impl CounterAttack {
    pub fn covers(self, creature: Creature) -> bool {
        matches!(
            (self, creature),
            (
                CounterAttack::Both,
                Creature::TombRobber | Creature::Myrmidon
            ) | (CounterAttack::Robber, Creature::TombRobber)
                | (CounterAttack::Myrmidon, Creature::Myrmidon)
        )
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            players: 2,
            decks: 0,
            max_turns: 600,
            deck: DeckKind::French,
            random_cells: false,
            suicidal_queen: false,
            counter_attack: CounterAttack::None,
            darkness: Darkness::Lit,
        }
    }
}

impl Options {
    /// Sets one ruling or variant given as `ID=CHOICE` (`--ruling`, scenario files): `decks`
    /// (1-4), `max_turns`, `random_cells` and `suicidal_queen` (yes/no), `deck`
    /// (french|spanish40|spanish48), `darkness` (lit|almost_black|pitch_black),
    /// `counter_attack` (none|robber|myrmidon|both, or 1-3). False if it is none of them.
    pub fn set(&mut self, id: &str, value: &str) -> bool {
        let yes = |v: &str| match v {
            "yes" | "on" | "true" => Some(true),
            "no" | "off" | "false" => Some(false),
            _ => None,
        };
        match id {
            "decks" => value
                .parse()
                .ok()
                .filter(|n| (1..=4).contains(n))
                .map(|n| self.decks = n),
            "max_turns" => value
                .parse()
                .ok()
                .filter(|&n| n > 0)
                .map(|n| self.max_turns = n),
            "random_cells" => yes(value).map(|b| self.random_cells = b),
            "suicidal_queen" => yes(value).map(|b| self.suicidal_queen = b),
            "deck" => match value {
                "french" => Some(DeckKind::French),
                "spanish40" | "spanish_40" => Some(DeckKind::Spanish40),
                "spanish48" | "spanish_48" => Some(DeckKind::Spanish48),
                _ => None,
            }
            .map(|d| self.deck = d),
            "darkness" => match value {
                "lit" => Some(Darkness::Lit),
                "almost_black" => Some(Darkness::AlmostBlack),
                "pitch_black" => Some(Darkness::PitchBlack),
                _ => None,
            }
            .map(|d| self.darkness = d),
            "counter_attack" => match value {
                "none" => Some(CounterAttack::None),
                "robber" | "1" => Some(CounterAttack::Robber),
                "myrmidon" | "2" => Some(CounterAttack::Myrmidon),
                "both" | "3" => Some(CounterAttack::Both),
                _ => None,
            }
            .map(|c| self.counter_attack = c),
            _ => None,
        }
        .is_some()
    }

    /// Cells dealt from the deck: asked for, or a deck with no jokers.
    pub fn cells_dealt(&self) -> bool {
        self.random_cells || self.dark() || self.deck.rules().jokers_per_deck == 0
    }

    /// 7.2, 7.3: discards face down, cheating allowed, accusations.
    pub fn dark(&self) -> bool {
        self.darkness != Darkness::Lit
    }

    pub fn decks(&self) -> u8 {
        match self.decks {
            0 if self.players <= 2 => 1,
            0 => 2,
            n => n,
        }
    }
}

/// One card of a dungeon.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Passage {
    pub card: Card,
    /// The value it stands for (a joker's declared one).
    pub value: u8,
    /// The passage it leads on from (`None`: the cell).
    pub parent: Option<usize>,
    /// Discarded (collapsed or abandoned); kept so that indices stay put.
    pub gone: bool,
    /// When it was played (the game's count of cards played), to tell the last one.
    pub played: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prisoner {
    pub hand: Vec<Card>,
    /// The joker or face-down card the cell is (never played).
    pub cell: Card,
    /// Dealt face down, unseen by everyone, its owner too (ruling `cell_card`).
    pub cell_face_down: bool,
    pub passages: Vec<Passage>,
    /// The passage played last, where creatures are sent and collapses aimed (`None`: in
    /// the cell).
    pub last: Option<usize>,
    /// Has played a 10 at least once (only then may creatures be sent).
    pub left_cell: bool,
    pub alive: bool,
}

impl Prisoner {
    /// The passages still standing, by index.
    pub fn standing(&self) -> impl Iterator<Item = (usize, &Passage)> {
        self.passages.iter().enumerate().filter(|(_, p)| !p.gone)
    }

    /// Whether a standing passage leads on from `i`.
    pub fn has_child(&self, i: usize) -> bool {
        self.standing().any(|(_, p)| p.parent == Some(i))
    }
}

/// What the game waits on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Each seat in turn puts a card face down to decide who starts; `chosen` the cards so
    /// far (hidden until all are down), `among` the seats still deciding (after a tie).
    Opening {
        among: Vec<Seat>,
        chosen: Vec<Card>,
    },
    /// The turn's player, having drawn: may play one card (`played` once done), and aces.
    Turn {
        played: bool,
    },
    /// The turn's player discards down to 5 cards, one at a time.
    Discard,
    /// The turn's player takes a card of the discard pile (a Tomb-robber played).
    Rob,
    /// `defender` fights `creature` (its card and combat value) sent by the turn's player
    /// onto `passage` (`None`: the cell), or retreats.
    Defend {
        defender: Seat,
        creature: Card,
        kind: Creature,
        value: u8,
        passage: Option<usize>,
    },
    /// `target` is asked by the turn's player (a Myrmidon) for a card of `rank`.
    Answer {
        target: Seat,
        rank: u8,
    },
    /// A power (`rank`, the creature played) may be cancelled by the same creature, asked
    /// clockwise like aces; `cards` the cancelling ones so far (an odd count cancels).
    Counter {
        rank: u8,
        cards: Vec<Card>,
        asked: Seat,
        passes: u8,
        then: Box<Phase>,
    },
    /// 7.2: `claimant` played the 2 of a way out; each other living prisoner, clockwise,
    /// may accuse them of cheating before they win.
    Escape {
        claimant: Seat,
        asked: Seat,
        passes: u8,
    },
    /// 7.1: `owner`'s joker `passage` (worth `value`) is collapsed: they may discard a card
    /// of that value from hand instead.
    Rescue {
        owner: Seat,
        passage: usize,
        value: u8,
    },
    /// The turn's player was told `target` holds no `rank`: believe it or see the hand.
    Doubt {
        target: Seat,
        rank: u8,
    },
    /// Aces played: each other living seat may answer with one, asked clockwise from the
    /// seat after the last ace. `chain` the aces so far (seat, card), paid last to first;
    /// `asked` the seat asked now, `passes` how many passed in a row; `then` the phase to
    /// go back to.
    Aces {
        chain: Vec<(Seat, Card)>,
        asked: Seat,
        passes: u8,
        then: Box<Phase>,
    },
    Over,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub options: Options,
    pub rng: ChaCha8Rng,
    /// Top last.
    pub deck: Vec<Card>,
    /// Face up, top last.
    pub discard: Vec<Card>,
    pub prisoners: Vec<Prisoner>,
    /// Whose turn it is.
    pub turn: Seat,
    pub phase: Phase,
    /// Cards played so far (orders passages).
    pub cards_played: u32,
    pub turns: u32,
    /// The Tomb-robber played this turn, discarded at its end.
    pub robber: Option<Card>,
    pub winners: Option<Vec<Seat>>,
}

impl State {
    pub fn players(&self) -> u8 {
        self.prisoners.len() as u8
    }

    /// Every card of the game, wherever it is: the piles, hands, cells, standing passages,
    /// and the cards a pending decision holds (put down to open, a creature being fought,
    /// counters, a chain of aces). The same after every move: a soak's audit.
    pub fn cards_in_play(&self) -> usize {
        let mut n = self.deck.len() + self.discard.len() + usize::from(self.robber.is_some());
        for p in &self.prisoners {
            n += p.hand.len() + 1 + p.standing().count();
        }
        let mut phase = &self.phase;
        loop {
            match phase {
                Phase::Opening { chosen, .. } => n += chosen.len(),
                Phase::Defend { .. } => n += 1,
                Phase::Counter { cards, then, .. } => {
                    n += cards.len();
                    phase = then;
                    continue;
                }
                Phase::Aces { chain, then, .. } => {
                    n += chain.len();
                    phase = then;
                    continue;
                }
                _ => {}
            }
            return n;
        }
    }

    /// How many prisoners are alive.
    pub fn living(&self) -> u8 {
        self.prisoners.iter().filter(|p| p.alive).count() as u8
    }

    /// The living seat after `seat`, clockwise.
    pub fn next_alive(&self, seat: Seat) -> Seat {
        let n = self.players();
        let mut s = seat;
        for _ in 0..n {
            s = (s + 1) % n;
            if self.prisoners[s as usize].alive {
                return s;
            }
        }
        seat
    }
}
