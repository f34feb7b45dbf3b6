//! The game state: plain data, `Clone` and serde-serialisable at every decision point,
//! including while a hook's question waits for an answer. The Lua VM is never in here.

use crate::action::Decision;
use crate::catalog::DamageModel;
use crate::dungeon::DungeonRun;
use crate::ids::*;
use crate::options::GameOptions;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// Cards in one place (deck, dungeon...). The deck and the dungeon keep their top last.
pub type CardList = SmallVec<[CardId; 16]>;
/// Equipment tiles, in the adventurer's order.
pub type TileList = SmallVec<[TileId; 8]>;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    pub successes: u8,
    pub failures: u8,
    pub eliminated: bool,
    /// Passed this round (out of the bidding until the next one).
    pub passed: bool,
    /// Bidding turns taken this round (the designer variant's first turn).
    pub turns: u8,
    /// Monsters this player set aside this round, each with the tile given up.
    pub set_aside: SmallVec<[(CardId, TileId); 8]>,
    /// Cards this player put into the dungeon this round: they know these.
    pub added: CardList,
    /// Special monsters this player drew, so knows to be in play.
    pub known_specials: SmallVec<[MonsterId; 2]>,
}

impl PlayerState {
    pub fn in_bidding(&self) -> bool {
        !self.eliminated && !self.passed
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// A player picks the round's adventurer.
    ChooseAdventurer,
    /// `turn` is the seat to act; `drawn` the card they hold, if they drew.
    Bidding {
        turn: Seat,
        drawn: Option<CardId>,
    },
    /// The runner is in the dungeon; see [`GameState::run`].
    Dungeon,
    GameOver,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    pub options: GameOptions,
    pub damage_model: DamageModel,
    /// The catalog this state was made with; a save file must be loaded with the same.
    pub catalog_fingerprint: u64,
    pub(crate) rng: ChaCha8Rng,
    pub players: SmallVec<[PlayerState; 4]>,
    /// What each physical card is, by [`CardId`].
    pub cards: SmallVec<[MonsterId; 16]>,
    pub round: u32,
    pub adventurer: Option<AdventurerId>,
    /// Equipment still with the adventurer.
    pub tiles: TileList,
    pub deck: CardList,
    pub dungeon: CardList,
    /// Cards revealed (or replaced) in this round's dungeon.
    pub discard: CardList,
    pub phase: Phase,
    /// The current (or last) dungeon run.
    pub run: DungeonRun,
    /// What the game waits for; `None` only when it is over.
    pub pending: Option<Decision>,
    pub winner: Option<Seat>,
    /// Who ran the last dungeon: they pick the next adventurer.
    pub last_runner: Option<Seat>,
    /// Who starts the coming (or current) round's bidding.
    pub starter: Seat,
    /// Only one dungeon is played (scenarios, odds): when the run ends the game is over,
    /// with nothing scored.
    pub single_dungeon: bool,
    /// Special monsters every player has seen (revealed in a dungeon, or shown after one).
    pub public_specials: SmallVec<[MonsterId; 2]>,
}

impl Default for GameState {
    fn default() -> Self {
        GameState {
            options: GameOptions::default(),
            damage_model: DamageModel::EndTotal,
            catalog_fingerprint: 0,
            rng: ChaCha8Rng::from_seed([0; 32]),
            players: SmallVec::new(),
            cards: SmallVec::new(),
            round: 0,
            adventurer: None,
            tiles: TileList::new(),
            deck: CardList::new(),
            dungeon: CardList::new(),
            discard: CardList::new(),
            phase: Phase::GameOver,
            run: DungeonRun::default(),
            pending: None,
            winner: None,
            last_runner: None,
            starter: 0,
            single_dungeon: false,
            public_specials: SmallVec::new(),
        }
    }
}

impl GameState {
    /// Whose decision is pending, if any.
    pub fn current_seat(&self) -> Option<Seat> {
        self.pending.as_ref().map(|d| d.seat)
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::GameOver
    }

    /// Seats at the table (saturating: a hand-made state with more seats than a `Seat`
    /// can name is refused by `invariants`, never wrapped).
    pub fn num_players(&self) -> u8 {
        u8::try_from(self.players.len()).unwrap_or(u8::MAX)
    }

    /// The monster a card is.
    pub fn monster_of(&self, card: CardId) -> MonsterId {
        self.cards[card.ix()]
    }

    /// Seats still in the game, clockwise from `from` (included).
    pub fn seats_from(&self, from: Seat) -> impl Iterator<Item = Seat> + '_ {
        let n = usize::from(self.num_players());
        (0..n)
            .map(move |i| ((usize::from(from) + i) % n) as Seat)
            .filter(|&s| !self.players[usize::from(s)].eliminated)
    }

    /// The card in the bidder's hand, if any.
    pub fn drawn(&self) -> Option<(Seat, CardId)> {
        match self.phase {
            Phase::Bidding {
                turn,
                drawn: Some(card),
            } => Some((turn, card)),
            _ => None,
        }
    }
}

impl GameState {
    /// Notes that `seat` (or everyone, for `None`) has seen `monster`, if it is special.
    pub(crate) fn saw(&mut self, seat: Option<Seat>, monster: MonsterId, special: bool) {
        if !special {
            return;
        }
        let list = match seat {
            Some(s) => &mut self.players[s as usize].known_specials,
            None => &mut self.public_specials,
        };
        if !list.contains(&monster) {
            list.push(monster);
        }
    }
}
