//! The game state: plain data, `Clone` and serde-serialisable at every decision point,
//! including while a hook's question waits for an answer. The Lua VM is never in here.

use crate::action::Decision;
use crate::catalog::DamageModel;
use crate::ids::*;
use crate::options::GameOptions;
use crate::run::DungeonRun;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::sync::Arc;

pub use crate::lists::{CardList, TileList, copy_list};

#[derive(Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
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

/// By hand, as for [`GameState`]: lists of plain values copied whole.
impl Clone for PlayerState {
    fn clone(&self) -> Self {
        let mut copy = PlayerState::default();
        self.copy_into(&mut copy);
        copy
    }
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

#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    /// Shared: the searches copy states by the thousand, and the options never change in
    /// a game (the same JSON as a plain value).
    pub options: Arc<GameOptions>,
    pub damage_model: DamageModel,
    /// The catalog this state was made with; a save file must be loaded with the same.
    pub catalog_fingerprint: u64,
    /// The game's one generator: the engine draws every random choice from it.
    pub rng: ChaCha8Rng,
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
        GameState::blank(Arc::new(GameOptions::default()))
    }
}

impl GameState {
    /// A state with these options and nothing else.
    fn blank(options: Arc<GameOptions>) -> GameState {
        GameState {
            options,
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

/// By hand: the searches copy states by the thousand, and a derived clone pushes the
/// entries of each inline list one by one, where [`GameState::copy_for_undo`] copies them
/// whole (`SmallVec::from_slice`).
impl Clone for GameState {
    fn clone(&self) -> Self {
        let mut copy = GameState::blank(self.options.clone());
        self.copy_for_undo(&mut copy);
        copy
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
        self.clockwise(from)
            .filter(|&s| !self.players[usize::from(s)].eliminated)
    }

    /// Every seat once, clockwise from `from` (included): wrapped by a subtraction, not a
    /// remainder per seat (a hardware division each was a few percent of a random
    /// 4-player game).
    pub fn clockwise(&self, from: Seat) -> impl Iterator<Item = Seat> + use<> {
        let n = self.players.len();
        let from = usize::from(from) % n.max(1);
        (0..n).map(move |i| {
            let s = from + i;
            (if s >= n { s - n } else { s }) as Seat
        })
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
    /// Makes `undo` a copy of this state, all but the options (an operation never changes
    /// them), reusing its storage: the engine takes one before each move that may run a
    /// hook, to put back if the hook fails.
    #[doc(hidden)]
    pub fn copy_for_undo(&self, undo: &mut GameState) {
        // Every field named, so that a new one cannot be forgotten here.
        let GameState {
            options: _,
            damage_model,
            catalog_fingerprint,
            rng,
            players,
            cards,
            round,
            adventurer,
            tiles,
            deck,
            dungeon,
            discard,
            phase,
            run,
            pending,
            winner,
            last_runner,
            starter,
            single_dungeon,
            public_specials,
        } = self;
        undo.damage_model = *damage_model;
        undo.catalog_fingerprint = *catalog_fingerprint;
        undo.rng.clone_from(rng);
        undo.players.truncate(players.len());
        for (i, p) in players.iter().enumerate() {
            if i == undo.players.len() {
                undo.players.push(PlayerState::default());
            }
            p.copy_into(&mut undo.players[i]);
        }
        copy_list(&mut undo.cards, cards);
        undo.round = *round;
        undo.adventurer = *adventurer;
        copy_list(&mut undo.tiles, tiles);
        copy_list(&mut undo.deck, deck);
        copy_list(&mut undo.dungeon, dungeon);
        copy_list(&mut undo.discard, discard);
        undo.phase.clone_from(phase);
        run.copy_into(&mut undo.run);
        undo.pending.clone_from(pending);
        undo.winner = *winner;
        undo.last_runner = *last_runner;
        undo.starter = *starter;
        undo.single_dungeon = *single_dungeon;
        copy_list(&mut undo.public_specials, public_specials);
    }

    /// Puts back a copy made by [`GameState::copy_for_undo`], keeping the options.
    #[doc(hidden)]
    pub fn undo_from(&mut self, undo: &mut GameState) {
        std::mem::swap(&mut self.options, &mut undo.options);
        std::mem::swap(self, undo);
    }
}

impl PlayerState {
    fn copy_into(&self, dst: &mut PlayerState) {
        let PlayerState {
            successes,
            failures,
            eliminated,
            passed,
            turns,
            set_aside,
            added,
            known_specials,
        } = self;
        dst.successes = *successes;
        dst.failures = *failures;
        dst.eliminated = *eliminated;
        dst.passed = *passed;
        dst.turns = *turns;
        copy_list(&mut dst.set_aside, set_aside);
        copy_list(&mut dst.added, added);
        copy_list(&mut dst.known_specials, known_specials);
    }
}

impl GameState {
    /// Notes that `seat` (or everyone, for `None`) has seen `monster`, if it is special.
    #[doc(hidden)]
    pub fn saw(&mut self, seat: Option<Seat>, monster: MonsterId, special: bool) {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn busy_state(seed: u8, players: usize) -> GameState {
        let mut s = GameState {
            round: u32::from(seed),
            starter: seed % 2,
            winner: Some(1),
            ..GameState::default()
        };
        s.rng = ChaCha8Rng::from_seed([seed; 32]);
        for i in 0..players {
            let mut p = PlayerState {
                successes: seed,
                turns: i as u8,
                ..PlayerState::default()
            };
            p.added.push(CardId(seed));
            p.set_aside.push((CardId(i as u8), TileId(u16::from(seed))));
            s.players.push(p);
        }
        s.deck.extend((0..seed).map(CardId));
        s.dungeon.push(CardId(seed));
        s.cards.push(MonsterId(u16::from(seed)));
        s.tiles.push(TileId(3));
        Arc::make_mut(&mut s.options)
            .rulings
            .insert("r".into(), format!("c{seed}"));
        s
    }

    /// A copy for undo taken into a buffer that held another game (more players, longer
    /// lists) puts back exactly the state it copied, and keeps the current options.
    #[test]
    fn undo_puts_back_the_copied_state_whatever_the_buffer_held() {
        let original = busy_state(5, 2);
        let mut undo = busy_state(9, 4);
        original.copy_for_undo(&mut undo);
        let mut state = original.clone();
        state.players[0].passed = true;
        state.deck.clear();
        state.round += 1;
        state.undo_from(&mut undo);
        assert_eq!(state, original);
    }

    /// The hand-written clones copy every field, inline or spilled: the copy equals the
    /// original and serialises the same, for a state with every list in use; and its run
    /// reset in place is the default one.
    #[test]
    fn a_clone_is_the_same_state() {
        use crate::effect::MemValue;
        use crate::run::{Faced, Fate, Memory};
        let mut s = busy_state(7, 3);
        s.deck.extend((10..40).map(CardId)); // spilled past the inline room
        s.public_specials.push(MonsterId(4));
        s.players[1].known_specials.push(MonsterId(2));
        s.run.hp = 9;
        s.run.order.extend([TileId(1), TileId(2)]);
        for i in 0..10 {
            s.run.faced.push(Faced {
                card: CardId(i),
                monster: MonsterId(u16::from(i)),
                position: i + 1,
                strength: Some(i32::from(i)),
                species: None,
                fate: Fate::Damaged(2),
                defeaters: (0..u16::from(i)).map(TileId).collect(),
                hp_at_reveal: 3,
            });
        }
        s.run.memory.push(Memory {
            owner: crate::action::CardRef::Tile(TileId(1)),
            key: "k".into(),
            value: MemValue::Int(4),
        });
        let copy = s.clone();
        assert_eq!(copy, s);
        assert_eq!(
            serde_json::to_string(&copy).unwrap(),
            serde_json::to_string(&s).unwrap()
        );
        // A run reset in place is the default run, whatever it held.
        s.run.reset();
        assert_eq!(s.run, crate::run::DungeonRun::default());
    }
}
