//! Which games a study plays: game `i` depends on the plan and `i` only (its seed, its
//! player count, who sits where), whichever thread or slice plays it.

use dungeon_bots::BotKind;
use dungeon_engine::GameOptions;

/// Which games to play.
pub struct Plan {
    pub seed: u64,
    /// Games played at each player count.
    pub per_count: u64,
    /// Player counts, ascending; they are played one block after the other.
    pub counts: Vec<u8>,
    /// The bot list as given.
    pub lineup: Vec<BotKind>,
    /// Options of every game (`players` is set per game).
    pub options: GameOptions,
}

/// One game of the plan.
pub struct Game {
    pub seed: u64,
    /// The bot at each seat.
    pub bots: Vec<BotKind>,
}

impl Plan {
    pub fn total(&self) -> u64 {
        self.per_count * self.counts.len() as u64
    }

    /// The bot at `seat` of the unturned table: the list, its last bot filling the
    /// empty seats.
    fn seat_bot(&self, seat: usize) -> BotKind {
        let last = *self
            .lineup
            .last()
            .expect("the bot list is checked not empty");
        self.lineup.get(seat).copied().unwrap_or(last)
    }

    /// Game `i` uses seed + i. Within its player count's block, the table turns one seat
    /// a game (game j seats bot (s + j) mod players at seat s), so over a multiple of the
    /// player count every bot sits at every seat equally often.
    #[cfg(test)]
    pub fn game(&self, i: u64) -> Game {
        let mut game = Game {
            seed: 0,
            bots: Vec::new(),
        };
        self.game_into(i, &mut game);
        game
    }

    /// Game `i` (see [`Plan::game`]) written into `game`, reusing its list.
    pub fn game_into(&self, i: u64, game: &mut Game) {
        let block = (i / self.per_count) as usize;
        let j = i % self.per_count;
        let players = u64::from(self.counts[block]);
        game.seed = self.seed.wrapping_add(i);
        game.bots.clear();
        (game.bots).extend((0..players).map(|s| self.seat_bot(((s + j) % players) as usize)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(lineup: &[BotKind], counts: &[u8], per_count: u64) -> Plan {
        Plan {
            seed: 100,
            per_count,
            counts: counts.to_vec(),
            lineup: lineup.to_vec(),
            options: GameOptions::default(),
        }
    }

    #[test]
    fn seats_rotate_within_each_player_count() {
        use BotKind::*;
        let p = plan(&[Rules, Random], &[2, 3], 6);
        assert_eq!(p.game(0).bots, [Rules, Random]);
        assert_eq!(p.game(1).bots, [Random, Rules]);
        assert_eq!(p.game(2).bots, [Rules, Random]);
        // The three-player block starts unrotated; the last bot fills the third seat.
        assert_eq!(p.game(6).bots, [Rules, Random, Random]);
        assert_eq!(p.game(7).bots, [Random, Random, Rules]);
        assert_eq!(p.game(8).bots, [Random, Rules, Random]);
        assert_eq!(p.game(7).seed, 107);
        assert_eq!(p.total(), 12);
    }
}
