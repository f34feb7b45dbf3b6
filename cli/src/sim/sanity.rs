//! "Does this look like a game?": the few measures that tell a degenerate study from one
//! of a game worth balancing, each with its 95% interval, held to the goals below.
//!
//! Win rates mean little when the games behind them are not games: bots that let the
//! first player win every time, never give up a tile, or never fail a run. So before any
//! balance figure the report shows, from the [`Tally`]:
//!
//! - the first player's wins at each player count N (Wilson interval): at most 1/N + 0.2;
//! - the tiles bidders set aside per round, a round being one dungeon run (the mean, with
//!   a normal interval): at least 1 on average;
//! - the runs that succeed and the runs that fail (Wilson): each at least 10% of runs;
//! - the share of rounds played with each adventurer, with no goal (so that "Warrior
//!   100%" is seen).
//!
//! Each measure is judged at each player count, a game in its own right. With several
//! counts the report also gives each measure over all of them, unjudged: an average of
//! figures that each meet a lower bound meets it too, so that row can only be out when a
//! count already is. [`judge`] is the range rule; `table.rs`, `csv.rs` and `plot.rs` show
//! the section, and the report's `sanity` field (`--json`) holds it.

use super::stats::{Count, Tally, Z95, most_tiles};
use dungeon_engine::catalog::Catalog;
use serde::Serialize;
use std::collections::BTreeMap;

/// The goals a study is held to: those of the project's issue that asked the lab to say
/// when a study is degenerate. They describe what any playable game of *Welcome to the
/// Dungeon* looks like, not a balance target: the first player wins at most 20 points
/// above the even share 1/N; bidders set aside at least one tile per round on average
/// (giving up equipment is half of the bidding); and neither outcome of a run is rare
/// (at least 10% of runs succeed, at least 10% fail).
pub mod goals {
    /// The first player's win rate may exceed the even share 1/N by at most this.
    pub const FIRST_PLAYER_ABOVE_EVEN: f64 = 0.2;
    /// The fewest tiles set aside per round, on average.
    pub const SET_ASIDE_PER_ROUND: f64 = 1.0;
    /// The smallest share of runs that succeed.
    pub const RUNS_SUCCEED: f64 = 0.1;
    /// The smallest share of runs that fail.
    pub const RUNS_FAIL: f64 = 0.1;
}

/// A figure exactly at its goal is in range, whatever the rounding of 1/N + 0.2.
const SLACK: f64 = 1e-9;

/// Where a measure should be.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    AtMost(f64),
    AtLeast(f64),
}

impl Goal {
    fn holds(self, x: f64) -> bool {
        match self {
            Goal::AtMost(g) => x <= g + SLACK,
            Goal::AtLeast(g) => x >= g - SLACK,
        }
    }

    pub fn value(self) -> f64 {
        match self {
            Goal::AtMost(g) | Goal::AtLeast(g) => g,
        }
    }
}

/// How a measure stands against its goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    InRange,
    /// The estimate misses the goal, but the interval still reaches it.
    MayBeOut,
    /// The estimate and the whole interval miss the goal.
    Out,
}

impl Verdict {
    /// Its name in the JSON and CSV reports.
    pub fn id(self) -> &'static str {
        match self {
            Verdict::InRange => "in_range",
            Verdict::MayBeOut => "may_be_out",
            Verdict::Out => "out",
        }
    }
}

/// The range rule: the point estimate decides whether a measure is out of range, and the
/// interval only how sure the warning is.
///
/// Why not warn only when the whole interval is out: a study is run to find problems,
/// and a small one of a broken game would then say nothing at all; its estimate is still
/// the best guess there is, so it deserves a line. But saying "out" when the interval
/// still reaches the goal would claim more than the games show, so that line says "may
/// be" (more games would tell). An estimate within its goal gives no warning even when
/// its interval reaches out of range: that is the noise of a small study, not a finding,
/// and a study in range must stay quiet. The interval is shown beside every figure, so
/// the reader can judge either way.
pub fn judge(goal: Goal, value: f64, low: f64, high: f64) -> Verdict {
    let reaches = match goal {
        Goal::AtMost(_) => goal.holds(low),
        Goal::AtLeast(_) => goal.holds(high),
    };
    if goal.holds(value) {
        Verdict::InRange
    } else if reaches {
        Verdict::MayBeOut
    } else {
        Verdict::Out
    }
}

/// A mean with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mean {
    pub rounds: u64,
    /// The sum of the counts.
    pub sum: u64,
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

/// The mean of per-round counts, from the number of rounds with each count
/// (`histogram[k]`: rounds with `k`), with its 95% interval: the normal approximation,
/// mean ± z·s/√n with s the sample standard deviation, clipped to [0, `most`] (no round
/// has fewer than 0 or more than `most`). Sound for the hundreds of rounds a study has;
/// when every round had the same count it is that count alone, which is what so many
/// rounds say. With fewer than two rounds there is no spread to go by: [0, `most`].
pub fn mean(histogram: &BTreeMap<u8, u64>, most: f64) -> Mean {
    let rounds: u64 = histogram.values().sum();
    let sum: u64 = histogram.iter().map(|(&k, &n)| u64::from(k) * n).sum();
    if rounds == 0 {
        return Mean {
            rounds,
            sum,
            value: 0.0,
            low: 0.0,
            high: most,
        };
    }
    let n = rounds as f64;
    let value = sum as f64 / n;
    if rounds < 2 {
        return Mean {
            rounds,
            sum,
            value,
            low: 0.0,
            high: most,
        };
    }
    let squares: f64 = (histogram.iter())
        .map(|(&k, &c)| c as f64 * (f64::from(k) - value).powi(2))
        .sum();
    let half = Z95 * (squares / (n - 1.0)).sqrt() / n.sqrt();
    Mean {
        rounds,
        sum,
        value,
        low: (value - half).max(0.0),
        high: (value + half).min(most),
    }
}

/// What a check measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// Games the first player in turn order won, of the games at a player count.
    FirstPlayerWins,
    /// Tiles set aside per round (a mean, not a share).
    SetAsidePerRound,
    /// Runs that succeeded, of all runs.
    RunsSucceed,
    /// Runs that failed, of all runs.
    RunsFail,
}

impl Measure {
    /// Its name in the JSON and CSV reports.
    pub fn id(self) -> &'static str {
        match self {
            Measure::FirstPlayerWins => "first_player_wins",
            Measure::SetAsidePerRound => "set_aside_per_round",
            Measure::RunsSucceed => "runs_succeed",
            Measure::RunsFail => "runs_fail",
        }
    }
}

/// Both are written by their ids.
macro_rules! serialize_as_id {
    ($($t:ty),*) => {$(
        impl Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.id())
            }
        }
    )*};
}
serialize_as_id!(Measure, Verdict);

/// One measure at one player count (or over all), against its goal.
#[derive(Clone, Debug, Serialize)]
pub struct Check {
    pub measure: Measure,
    /// Absent: all the study's player counts together.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players: Option<u8>,
    /// Games (first player's wins), rounds (tiles set aside) or runs.
    pub total: u64,
    /// Wins, tiles set aside (in all the rounds), or runs that succeeded or failed.
    pub count: u64,
    /// `count / total`: a share, or for `set_aside_per_round` a mean number of tiles.
    pub value: f64,
    pub ci_low: f64,
    pub ci_high: f64,
    /// `{"at_most": x}` or `{"at_least": x}`, in the unit of `value`.
    #[serde(flatten)]
    pub goal: Goal,
    /// `in_range`, `may_be_out` (the value misses the goal, its interval reaches it) or
    /// `out`; absent where nothing is judged: all counts together, or nothing played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdict: Option<Verdict>,
}

/// Rounds played with one adventurer, of the rounds at a player count (or over all).
#[derive(Clone, Debug, Serialize)]
pub struct AdventurerShare {
    /// Absent: all the study's player counts together.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players: Option<u8>,
    pub adventurer: String,
    pub rounds: u64,
    pub all_rounds: u64,
    pub rate: f64,
    pub ci_low: f64,
    pub ci_high: f64,
}

/// The section's data: the report's `sanity` field.
#[derive(Serialize)]
pub struct Sanity {
    /// Every measure at each player count, then over all counts together (only when there
    /// are several), measure after measure.
    pub checks: Vec<Check>,
    /// Per player count (then over all, when there are several), every adventurer of the
    /// packs in their order, with the share of rounds played with it.
    pub adventurers: Vec<AdventurerShare>,
    /// The checks that are not in range, as in `checks`: empty for a study in range.
    pub warnings: Vec<Check>,
}

impl Check {
    /// `measure` at `players` (None: all counts, not judged): `count` of `total`, with
    /// its value and interval.
    fn new(measure: Measure, players: Option<u8>, figure: Figure, goal: Goal) -> Check {
        let Figure {
            total,
            count,
            value,
            low,
            high,
        } = figure;
        let judged = players.is_some() && total > 0;
        Check {
            measure,
            players,
            total,
            count,
            value,
            ci_low: low,
            ci_high: high,
            goal,
            verdict: judged.then(|| judge(goal, value, low, high)),
        }
    }

    /// Whether this check warns: judged and not in range.
    pub fn warns(&self) -> bool {
        matches!(self.verdict, Some(Verdict::MayBeOut | Verdict::Out))
    }
}

/// A figure of `count` out of `total`, with its value and its interval.
struct Figure {
    total: u64,
    count: u64,
    value: f64,
    low: f64,
    high: f64,
}

impl From<Count> for Figure {
    /// A share, with its Wilson interval.
    fn from(c: Count) -> Figure {
        let (low, high) = c.interval();
        Figure {
            total: c.total,
            count: c.hits,
            value: c.rate(),
            low,
            high,
        }
    }
}

impl From<Mean> for Figure {
    fn from(m: Mean) -> Figure {
        Figure {
            total: m.rounds,
            count: m.sum,
            value: m.value,
            low: m.low,
            high: m.high,
        }
    }
}

impl Sanity {
    /// The measures of the games in `tally`, played at the player counts `counts`.
    pub fn new(catalog: &Catalog, counts: &[u8], tally: &Tally) -> Sanity {
        // Each count, then all of them together when there are several.
        let groups: Vec<Option<u8>> = (counts.iter().map(|&p| Some(p)))
            .chain((counts.len() > 1).then_some(None))
            .collect();
        let holds = |group: Option<u8>, players: u8| group.is_none_or(|g| g == players);
        let rounds =
            |g: Option<u8>| (tally.rounds.iter()).filter(move |(k, _)| holds(g, k.players));

        let mut checks = Vec::new();
        for &p in counts {
            let mut first = Count::default();
            for (_, &c) in (tally.seats.iter()).filter(|(k, _)| k.players == p && k.position == 0) {
                first.merge(c);
            }
            let goal = Goal::AtMost(1.0 / f64::from(p) + goals::FIRST_PLAYER_ABOVE_EVEN);
            checks.push(Check::new(
                Measure::FirstPlayerWins,
                Some(p),
                first.into(),
                goal,
            ));
        }
        let most = most_tiles(catalog) as f64;
        for &g in &groups {
            let mut histogram = BTreeMap::new();
            for (k, &n) in rounds(g) {
                *histogram.entry(k.set_aside).or_insert(0) += n;
            }
            let goal = Goal::AtLeast(goals::SET_ASIDE_PER_ROUND);
            let m = mean(&histogram, most);
            checks.push(Check::new(Measure::SetAsidePerRound, g, m.into(), goal));
        }
        // Runs, and how many succeeded.
        let runs = |g: Option<u8>| {
            let mut c = Count::default();
            for (k, &n) in rounds(g) {
                c.total += n;
                c.hits += if k.success { n } else { 0 };
            }
            c
        };
        for (measure, goal) in [
            (Measure::RunsSucceed, goals::RUNS_SUCCEED),
            (Measure::RunsFail, goals::RUNS_FAIL),
        ] {
            for &g in &groups {
                let mut c = runs(g);
                if measure == Measure::RunsFail {
                    c.hits = c.total - c.hits;
                }
                checks.push(Check::new(measure, g, c.into(), Goal::AtLeast(goal)));
            }
        }

        let mut adventurers = Vec::new();
        for &g in &groups {
            let all_rounds = runs(g).total;
            for a in catalog.adventurer_ids() {
                let with_a = rounds(g).filter(|(k, _)| k.adventurer == a);
                let share = Figure::from(Count {
                    total: all_rounds,
                    hits: with_a.map(|(_, &n)| n).sum(),
                });
                adventurers.push(AdventurerShare {
                    players: g,
                    adventurer: catalog.adventurer(a).info.id.clone(),
                    rounds: share.count,
                    all_rounds,
                    rate: share.value,
                    ci_low: share.low,
                    ci_high: share.high,
                });
            }
        }
        let warnings = checks.iter().filter(|c| c.warns()).cloned().collect();
        Sanity {
            checks,
            adventurers,
            warnings,
        }
    }

    /// The adventurer played in most rounds at `players` (None: all counts together);
    /// the first in the packs' order on a tie. None when no round was played.
    pub fn most_chosen(&self, players: Option<u8>) -> Option<&AdventurerShare> {
        let mut best: Option<&AdventurerShare> = None;
        for s in self.adventurers.iter().filter(|s| s.players == players) {
            if s.rounds > best.map_or(0, |b| b.rounds) {
                best = Some(s);
            }
        }
        best
    }
}

#[cfg(test)]
mod tests;
