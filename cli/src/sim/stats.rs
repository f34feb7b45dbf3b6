//! What the simulator counts, and the report built from the counts.
//!
//! A [`Tally`] holds only sums keyed by ids, so tallies from any number of threads merge
//! into the same totals in any order: the report does not depend on the thread count.

use dungeon_bots::BotKind;
use dungeon_engine::catalog::Catalog;
use dungeon_engine::event::Event;
use dungeon_engine::ids::{AdventurerId, MonsterId, TileId};
use dungeon_engine::options::{MAX_PLAYERS, MIN_PLAYERS};
use dungeon_engine::state::GameState;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// z for a two-sided 95% interval.
pub(super) const Z95: f64 = 1.959_963_984_540_054;

/// The 95% Wilson score interval of `hits` successes in `total` trials. Unlike the normal
/// approximation it stays inside [0, 1] and is sound at 0 or `total` hits. No trials: [0, 1].
pub fn wilson(hits: u64, total: u64) -> (f64, f64) {
    if total == 0 {
        return (0.0, 1.0);
    }
    let n = total as f64;
    let p = hits as f64 / n;
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    // At 0 or `total` hits the bound is exactly 0 or 1; rounding must not say otherwise.
    let low = if hits == 0 { 0.0 } else { centre - half };
    let high = if hits == total { 1.0 } else { centre + half };
    (low.max(0.0), high.min(1.0))
}

/// `hits` out of `total`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    pub total: u64,
    pub hits: u64,
}

impl Count {
    pub(super) fn add(&mut self, hit: bool) {
        self.total += 1;
        self.hits += u64::from(hit);
    }
    pub(super) fn merge(&mut self, other: Count) {
        self.total += other.total;
        self.hits += other.hits;
    }
    pub fn rate(self) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            self.hits as f64 / self.total as f64
        }
    }
    pub fn interval(self) -> (f64, f64) {
        wilson(self.hits, self.total)
    }
}

/// Where a player sat in one game: the key of the win counts every table is grouped from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct SeatKey {
    pub players: u8,
    /// Seat at the table.
    pub seat: u8,
    /// Turn order: 0 for the game's first player (drawn at random by the engine).
    pub position: u8,
    pub bot: BotKind,
}

#[derive(Clone, Copy, Debug, Default)]
pub struct AdventurerTally {
    /// Runs with this adventurer and how many succeeded.
    pub runs: Count,
    /// The same runs, and how many were made by the game's eventual winner.
    pub runner_won: Count,
    /// Games whose deciding round was played with this adventurer.
    pub decided: u64,
}

/// What kind of round one was: the key of the round counts that the section "Does this
/// look like a game?" (`sanity.rs`) reads. A round is one dungeon run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RoundKey {
    pub players: u8,
    pub adventurer: AdventurerId,
    /// Tiles the bidders set aside during the round (at most the adventurer's tiles).
    pub set_aside: u8,
    /// Whether the run succeeded.
    pub success: bool,
}

/// A game that stopped on an error.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameError {
    pub game: u64,
    pub seed: u64,
    pub error: String,
}

/// Sums over games.
#[derive(Debug, Default)]
pub struct Tally {
    pub completed: u64,
    /// Games that ended with no winner (should not happen; counted, not hidden).
    pub no_winner: u64,
    pub seats: BTreeMap<SeatKey, Count>,
    pub adventurers: BTreeMap<AdventurerId, AdventurerTally>,
    /// Per (adventurer, tile): rounds the tile was in play, and rounds it was set aside.
    pub equipment: BTreeMap<(AdventurerId, TileId), Count>,
    /// Failed runs, by the monster faced when HP fell for good (None: no monster did it).
    pub killers: BTreeMap<Option<MonsterId>, u64>,
    pub failed_runs: u64,
    /// Rounds of each kind (player count, adventurer, tiles set aside, outcome).
    pub rounds: BTreeMap<RoundKey, u64>,
    pub errors: Vec<GameError>,
    /// What `record` counted and `settle` has not yet added to the maps above.
    pub(super) dense: Dense,
}

/// The per-game counts in arrays indexed by catalog ids (a map entry per tile, run and
/// seat of every game was as costly as the game's bidding); `settle` adds them to the
/// maps, creating exactly the entries the maps would have got one game at a time.
#[derive(Debug, Default)]
pub(super) struct Dense {
    seats: Vec<(SeatKey, Count)>,
    adventurers: Vec<AdventurerTally>,
    /// By adventurer, then tile: `adventurer * tiles + tile`.
    equipment: Vec<Count>,
    tiles: usize,
    /// By monster index + 1; 0 for failed runs no monster caused.
    killers: Vec<u64>,
    /// The current game's runs: adventurer, runner, success, tiles set aside before it.
    runs: Vec<(Option<AdventurerId>, u8, bool, usize)>,
    /// Rounds by player count, adventurer, tiles set aside and success: see `round`.
    rounds: Vec<u64>,
    /// The most tiles any adventurer has: the largest number set aside in a round.
    most_tiles: usize,
}

impl Dense {
    fn fits(&self, catalog: &Catalog) -> bool {
        self.adventurers.len() == catalog.adventurers.len()
            && self.tiles == catalog.tiles.len()
            && self.killers.len() == catalog.monsters.len() + 1
            && self.most_tiles == most_tiles(catalog)
    }

    /// Empty arrays for `catalog` (call on an empty, settled `Dense`).
    fn size_for(&mut self, catalog: &Catalog) {
        self.tiles = catalog.tiles.len();
        self.adventurers = vec![AdventurerTally::default(); catalog.adventurers.len()];
        self.equipment = vec![Count::default(); catalog.adventurers.len() * self.tiles];
        self.killers = vec![0; catalog.monsters.len() + 1];
        self.most_tiles = most_tiles(catalog);
        let counts = usize::from(MAX_PLAYERS - MIN_PLAYERS + 1);
        self.rounds = vec![0; counts * self.adventurers.len() * (self.most_tiles + 1) * 2];
    }

    /// The index in `rounds` of a round's key.
    fn round(&self, key: RoundKey) -> usize {
        let count = usize::from(key.players - MIN_PLAYERS);
        let kinds = count * self.adventurers.len() + key.adventurer.ix();
        (kinds * (self.most_tiles + 1) + usize::from(key.set_aside)) * 2 + usize::from(key.success)
    }

    /// The key of index `i` in `rounds` (the inverse of `round`).
    fn round_key(&self, i: usize) -> RoundKey {
        let success = i % 2 == 1;
        let i = i / 2;
        let set_aside = (i % (self.most_tiles + 1)) as u8;
        let i = i / (self.most_tiles + 1);
        RoundKey {
            players: MIN_PLAYERS + (i / self.adventurers.len()) as u8,
            adventurer: AdventurerId((i % self.adventurers.len()) as u16),
            set_aside,
            success,
        }
    }

    fn equipment(&mut self, a: AdventurerId, t: TileId) -> &mut Count {
        &mut self.equipment[a.ix() * self.tiles + t.ix()]
    }
}

/// The most tiles an adventurer of `catalog` has.
pub(super) fn most_tiles(catalog: &Catalog) -> usize {
    (catalog.adventurer_ids())
        .map(|a| catalog.adventurer(a).tiles.len())
        .max()
        .unwrap_or(0)
}

/// The run being resolved, while reading a game's events.
#[derive(Default)]
struct RunTrace {
    facing: Option<MonsterId>,
    last_damage: Option<MonsterId>,
    died_facing: Option<MonsterId>,
}

impl Tally {
    /// Adds one finished game. `bots[s]` sat at seat `s`.
    pub fn record(
        &mut self,
        catalog: &Catalog,
        bots: &[BotKind],
        state: &GameState,
        events: &[Event],
    ) {
        self.completed += 1;
        let players = bots.len() as u8;
        let winner = state.winner;
        if winner.is_none() {
            self.no_winner += 1;
        }
        let first = events
            .iter()
            .find_map(|e| match e {
                Event::GameStarted { first, .. } => Some(*first),
                _ => None,
            })
            .unwrap_or(0);
        if !self.dense.fits(catalog) {
            self.settle();
            self.dense.size_for(catalog);
        }
        let dense = &mut self.dense;
        for (seat, &bot) in bots.iter().enumerate() {
            let seat = seat as u8;
            let key = SeatKey {
                players,
                seat,
                position: (seat + players - first % players) % players,
                bot,
            };
            let count = match dense.seats.iter().position(|(k, _)| *k == key) {
                Some(i) => &mut dense.seats[i].1,
                None => {
                    dense.seats.push((key, Count::default()));
                    &mut dense.seats.last_mut().expect("just pushed").1
                }
            };
            count.add(winner == Some(seat));
        }

        let mut adventurer = None;
        let mut trace = RunTrace::default();
        // Tiles set aside in the round being played.
        let mut set_aside = 0usize;
        dense.runs.clear();
        for e in events {
            match e {
                Event::RoundStarted { adventurer: a, .. } => {
                    adventurer = Some(*a);
                    set_aside = 0;
                    for &tile in &catalog.adventurer(*a).tiles {
                        dense.equipment(*a, tile).total += 1;
                    }
                }
                Event::SetAside { tile, .. } => {
                    set_aside += 1;
                    if let Some(a) = adventurer {
                        dense.equipment(a, *tile).hits += 1;
                    }
                }
                Event::Entered { .. } => trace = RunTrace::default(),
                Event::Revealed { monster, .. } => trace.facing = Some(*monster),
                // A monster that dealt no damage (its outcome is told too) is not to blame.
                Event::Damaged { amount, .. } if *amount > 0 => trace.last_damage = trace.facing,
                Event::Died { .. } => trace.died_facing = trace.facing,
                Event::Success { seat, .. } => {
                    dense.runs.push((adventurer, *seat, true, set_aside));
                }
                Event::Failure { seat, .. } => {
                    dense.runs.push((adventurer, *seat, false, set_aside));
                    self.failed_runs += 1;
                    // In the base box's model every card is still revealed after death:
                    // the killer is the monster faced when HP fell for good, not the last.
                    let killer = trace.died_facing.or(trace.last_damage);
                    dense.killers[killer.map_or(0, |m| m.ix() + 1)] += 1;
                }
                Event::Won { .. } => {
                    if let Some(a) = adventurer {
                        dense.adventurers[a.ix()].decided += 1;
                    }
                }
                _ => {}
            }
        }
        for &(a, seat, success, tiles) in &dense.runs {
            let Some(a) = a else { continue };
            let t = &mut dense.adventurers[a.ix()];
            t.runs.add(success);
            t.runner_won.add(winner == Some(seat));
            // A bidder sets aside one of the adventurer's tiles at most once each.
            debug_assert!(tiles <= dense.most_tiles, "{tiles} tiles set aside");
            let key = RoundKey {
                players,
                adventurer: a,
                set_aside: tiles.min(dense.most_tiles) as u8,
                success,
            };
            let i = dense.round(key);
            dense.rounds[i] += 1;
        }
    }

    /// Adds what `record` counted to the maps (done by `merge`; call it before reading a
    /// tally that `record` filled).
    pub fn settle(&mut self) {
        let dense = std::mem::take(&mut self.dense);
        for (i, &n) in dense.rounds.iter().enumerate() {
            if n > 0 {
                *self.rounds.entry(dense.round_key(i)).or_default() += n;
            }
        }
        for (k, v) in dense.seats {
            self.seats.entry(k).or_default().merge(v);
        }
        for (i, v) in dense.adventurers.into_iter().enumerate() {
            if v.runs.total > 0 || v.runner_won.total > 0 || v.decided > 0 {
                let t = self.adventurers.entry(AdventurerId(i as u16)).or_default();
                t.runs.merge(v.runs);
                t.runner_won.merge(v.runner_won);
                t.decided += v.decided;
            }
        }
        if dense.tiles > 0 {
            for (i, v) in dense.equipment.into_iter().enumerate() {
                if v.total > 0 || v.hits > 0 {
                    let key = (
                        AdventurerId((i / dense.tiles) as u16),
                        TileId((i % dense.tiles) as u16),
                    );
                    self.equipment.entry(key).or_default().merge(v);
                }
            }
        }
        for (i, n) in dense.killers.into_iter().enumerate() {
            if n > 0 {
                let killer = i.checked_sub(1).map(|m| MonsterId(m as u16));
                *self.killers.entry(killer).or_default() += n;
            }
        }
    }

    /// Adds another tally's sums (order does not matter).
    pub fn merge(&mut self, mut other: Tally) {
        self.settle();
        other.settle();
        self.completed += other.completed;
        self.no_winner += other.no_winner;
        for (k, v) in other.seats {
            self.seats.entry(k).or_default().merge(v);
        }
        for (k, v) in other.adventurers {
            let t = self.adventurers.entry(k).or_default();
            t.runs.merge(v.runs);
            t.runner_won.merge(v.runner_won);
            t.decided += v.decided;
        }
        for (k, v) in other.equipment {
            self.equipment.entry(k).or_default().merge(v);
        }
        for (k, v) in other.killers {
            *self.killers.entry(k).or_default() += v;
        }
        self.failed_runs += other.failed_runs;
        for (k, v) in other.rounds {
            *self.rounds.entry(k).or_default() += v;
        }
        self.errors.extend(other.errors);
    }

    /// Win counts grouped by `key` over every seat-game, in key order.
    pub fn wins_by<K: Ord>(&self, key: impl Fn(&SeatKey) -> K) -> BTreeMap<K, Count> {
        let mut out = BTreeMap::new();
        for (k, &v) in &self.seats {
            out.entry(key(k)).or_insert_with(Count::default).merge(v);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: (f64, f64), b: (f64, f64)) -> bool {
        (a.0 - b.0).abs() < 5e-5 && (a.1 - b.1).abs() < 5e-5
    }

    #[test]
    fn wilson_matches_known_intervals() {
        assert!(
            close(wilson(50, 100), (0.4038, 0.5962)),
            "{:?}",
            wilson(50, 100)
        );
        assert!(close(wilson(0, 10), (0.0, 0.2775)), "{:?}", wilson(0, 10));
        assert!(close(wilson(10, 10), (0.7225, 1.0)), "{:?}", wilson(10, 10));
        // 1 of 10, as tabulated by Newcombe (1998): 0.0179 to 0.4042.
        assert!(
            close(wilson(1, 10), (0.0179, 0.4042)),
            "{:?}",
            wilson(1, 10)
        );
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }

    #[test]
    fn wilson_brackets_the_rate_and_narrows_with_more_trials() {
        for (k, n) in [(3, 7), (70, 100), (700, 1000), (1, 1)] {
            let (lo, hi) = wilson(k, n);
            let p = k as f64 / n as f64;
            assert!(lo <= p && p <= hi, "{k}/{n}: {lo} {p} {hi}");
        }
        let w = |k, n| {
            let (lo, hi) = wilson(k, n);
            hi - lo
        };
        assert!(w(700, 1000) < w(70, 100));
    }
}
