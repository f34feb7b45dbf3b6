//! What a seat can do, and what a move tells.

use crate::cards::Card;
use dungeon_core::Seat;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// The card put down to decide who starts.
    Open(Card),
    /// A passage worth `value` (a joker's declared one; else the card's) in one's own
    /// dungeon, leading on from `parent` (`None`: the cell).
    Passage {
        card: Card,
        value: u8,
        parent: Option<usize>,
    },
    /// A passage played on `target`'s last one, of the same value: both are discarded.
    Collapse {
        card: Card,
        value: u8,
        target: Seat,
    },
    /// A creature (of rank `rank`: a joker's declared one) sent onto `target`'s last
    /// passage.
    Attack {
        card: Card,
        rank: u8,
        target: Seat,
    },
    /// A Tomb-robber played for its power: a card of the discard pile to come.
    Rob {
        card: Card,
    },
    /// The card the Tomb-robber takes.
    Take(Card),
    /// A Myrmidon played for its power: `target` is asked for a card of `rank`.
    Fish {
        card: Card,
        target: Seat,
        rank: u8,
    },
    /// An ace: two cards drawn (after any aces played right after it).
    Ace(Card),
    EndTurn,
    /// A card discarded down to the hand limit.
    Discard(Card),
    /// A creature beaten with these cards (passages adding up, a creature as strong, or
    /// the 2 against the Troll).
    Defend(Vec<Card>),
    /// The last passage abandoned to the creature; in the cell, death.
    Retreat,
    /// The card of the rank asked for, handed over.
    Give(Card),
    /// "I have none" (true or not).
    Deny,
    /// 7.4: the whole hand discarded rather than the card handed over.
    DiscardHand,
    /// 7.5: the power just played cancelled with the same creature.
    Counter(Card),
    /// 7.1: a card of the collapsed joker's value discarded in its place.
    Save(Card),
    /// 7.1: the joker let go.
    Lose,
    /// 7.2: `target` accused of cheating: their dungeon is shown; a cheat loses it, else
    /// the accuser loses their own.
    Accuse(Seat),
    /// The denial taken as true.
    Believe,
    /// The hand demanded, to see whether it lied.
    SeeHand,
    /// No ace played now.
    Pass,
}

/// What a move told. [`Event::seen_by`] hides what a seat may not know.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Dealt {
        seat: Seat,
        cards: Vec<Card>,
    },
    /// The cards put down to decide who starts, shown together.
    Opened {
        cards: Vec<(Seat, Card)>,
    },
    Starts {
        seat: Seat,
    },
    TurnBegins {
        seat: Seat,
        turn: u32,
    },
    Drew {
        seat: Seat,
        cards: Vec<Card>,
    },
    Reshuffled {
        cards: usize,
    },
    PassagePlayed {
        seat: Seat,
        card: Card,
    },
    Collapsed {
        seat: Seat,
        target: Seat,
        card: Card,
    },
    Attacked {
        seat: Seat,
        target: Seat,
        card: Card,
    },
    Defended {
        seat: Seat,
        cards: Vec<Card>,
    },
    Retreated {
        seat: Seat,
        passage: Card,
    },
    Died {
        seat: Seat,
    },
    Robbing {
        seat: Seat,
        card: Card,
    },
    Took {
        seat: Seat,
        card: Card,
    },
    Fished {
        seat: Seat,
        target: Seat,
        rank: u8,
    },
    Gave {
        seat: Seat,
        to: Seat,
        card: Card,
    },
    Countered {
        seat: Seat,
        card: Card,
    },
    /// The power played was cancelled (an odd number of counters).
    Cancelled,
    /// 7.2: `seat` accused `target`, whose dungeon showed `shown`: `cheated` or not.
    Accused {
        seat: Seat,
        target: Seat,
        cheated: bool,
        shown: Vec<Card>,
    },
    /// 7.2: a collapse played blind on `target` missed; `card` is discarded.
    Missed {
        seat: Seat,
        target: Seat,
        card: Card,
    },
    /// 7.2: `seat` played the last passage of a way out and may be accused before winning.
    Escaping {
        seat: Seat,
    },
    /// 7.1: `seat` kept its joker passage by discarding `card`.
    Saved {
        seat: Seat,
        card: Card,
    },
    Denied {
        seat: Seat,
    },
    Believed {
        seat: Seat,
    },
    /// The hand `seat` showed to `to`.
    HandShown {
        seat: Seat,
        to: Seat,
        hand: Vec<Card>,
    },
    /// Seen: `seat` had lied (`true`) or told the truth.
    Caught {
        seat: Seat,
        lied: bool,
    },
    HandDiscarded {
        seat: Seat,
        cards: Vec<Card>,
    },
    AcePlayed {
        seat: Seat,
        card: Card,
    },
    Discarded {
        seat: Seat,
        card: Card,
    },
    Won {
        seats: Vec<Seat>,
    },
    /// The game reached its turn limit: nobody wins.
    Stopped,
}

/// The card shown to those who may not see it.
pub const HIDDEN: Card = Card {
    rank: 255,
    suit: 255,
};

impl Event {
    /// The event as `seat` sees it at a table in `darkness`: besides [`Event::seen_by`],
    /// in the dark the cards going to the discard pile face down are hidden from the
    /// others, and in pitch black the passages played and the card a Tomb-robber takes.
    pub fn seen_in(&self, seat: Option<Seat>, darkness: crate::state::Darkness) -> Event {
        use crate::state::Darkness;
        let theirs = |s: &Seat| Some(*s) != seat;
        let pitch = darkness == Darkness::PitchBlack;
        if darkness == Darkness::Lit {
            return self.seen_by(seat);
        }
        let hide = |cards: &[Card]| vec![HIDDEN; cards.len()];
        match self {
            Event::Discarded { seat: s, .. } if theirs(s) => Event::Discarded {
                seat: *s,
                card: HIDDEN,
            },
            Event::HandDiscarded { seat: s, cards } if theirs(s) => Event::HandDiscarded {
                seat: *s,
                cards: hide(cards),
            },
            Event::Retreated { seat: s, .. } if theirs(s) && pitch => Event::Retreated {
                seat: *s,
                passage: HIDDEN,
            },
            Event::Collapsed {
                seat: s, target, ..
            } if theirs(s) && pitch => Event::Collapsed {
                seat: *s,
                target: *target,
                card: HIDDEN,
            },
            Event::Missed {
                seat: s, target, ..
            } if theirs(s) => Event::Missed {
                seat: *s,
                target: *target,
                card: HIDDEN,
            },
            Event::PassagePlayed { seat: s, .. } if theirs(s) && pitch => Event::PassagePlayed {
                seat: *s,
                card: HIDDEN,
            },
            Event::Took { seat: s, .. } if theirs(s) => Event::Took {
                seat: *s,
                card: HIDDEN,
            },
            e => e.seen_by(seat),
        }
    }

    /// The event as `seat` sees it (`None`: a spectator).
    pub fn seen_by(&self, seat: Option<Seat>) -> Event {
        let hide = |cards: &[Card]| vec![HIDDEN; cards.len()];
        match self {
            Event::Dealt { seat: s, cards } if Some(*s) != seat => Event::Dealt {
                seat: *s,
                cards: hide(cards),
            },
            Event::Drew { seat: s, cards } if Some(*s) != seat => Event::Drew {
                seat: *s,
                cards: hide(cards),
            },
            Event::HandShown { seat: s, to, hand } if Some(*to) != seat && Some(*s) != seat => {
                Event::HandShown {
                    seat: *s,
                    to: *to,
                    hand: hide(hand),
                }
            }
            e => e.clone(),
        }
    }
}
