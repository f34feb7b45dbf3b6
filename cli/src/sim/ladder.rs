//! `dungeon sim ladder`: how the bot levels rank against each other. Each pair of levels
//! plays head to head at two players (seats rotated, so each sits first as often); then
//! the three levels share 3- and 4-player tables. The head-to-head results give each
//! level a Bradley-Terry rating on the Elo scale (400 points: ten to one odds), `easy`
//! at 1000. A level should beat the one below it clearly, but not almost always: a level
//! that loses more than [`EXPLOITED`] of its games to the next is one with a hole in its
//! play.

use super::plan::Plan;
use super::run::simulate;
use super::shard::Shard;
use super::stats::{Count, Tally};
use crate::text::{Arg, tr};
use dungeon_bots::BotKind;
use dungeon_engine::GameOptions;
use dungeon_engine::catalog::Catalog;
use dungeon_engine::lang::Lang;
use serde::Serialize;
use std::sync::Arc;

/// A step of the ladder should win at least this share of its head-to-head games, the
/// lower end of its 95% interval included...
pub const CLEAR_WIN: f64 = 0.55;
/// ...and at most this share (past it, the lower level is exploitable).
pub const EXPLOITED: f64 = 0.85;

/// The ladder's results.
#[derive(Serialize)]
pub struct Ladder {
    pub packs: Vec<String>,
    pub games_per_pairing: u64,
    pub seed: u64,
    /// Each pair of levels at two players: the higher level's wins.
    pub head_to_head: Vec<Pairing>,
    /// Mixed tables: each level's wins per seat-game.
    pub tables: Vec<MixedTable>,
    /// Bradley-Terry ratings from the head-to-head games, `easy` at 1000.
    pub ratings: Vec<Rating>,
}

#[derive(Serialize)]
pub struct Pairing {
    pub higher: String,
    pub lower: String,
    pub games: u64,
    pub wins: u64,
    pub rate: f64,
    pub ci_low: f64,
    pub ci_high: f64,
    /// For a step of the ladder (one level against the next): the lower end of the
    /// interval above [`CLEAR_WIN`] and the rate at most [`EXPLOITED`]. Absent for the
    /// top level against the bottom one, which is no step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_range: Option<bool>,
}

#[derive(Serialize)]
pub struct MixedTable {
    pub players: u8,
    pub lineup: Vec<String>,
    pub games: u64,
    pub levels: Vec<LevelWins>,
    /// Each level above the one below it.
    pub in_order: bool,
}

#[derive(Serialize)]
pub struct LevelWins {
    pub bot: String,
    pub seat_games: u64,
    pub wins: u64,
    pub rate: f64,
    pub ci_low: f64,
    pub ci_high: f64,
}

#[derive(Serialize)]
pub struct Rating {
    pub bot: String,
    pub elo: f64,
}

/// What to play.
pub struct Study<'a> {
    pub catalog: &'a Arc<Catalog>,
    pub games: u64,
    pub seed: u64,
    pub threads: usize,
    pub options: GameOptions,
}

/// The levels, lowest first.
fn levels() -> [BotKind; 3] {
    BotKind::ALL
}

/// Plays the ladder. `progress` is told each block's name before it is played.
pub fn play(study: &Study, mut progress: impl FnMut(&str)) -> Result<Ladder, String> {
    let levels = levels();
    let pairs = [(1, 0), (2, 1), (2, 0)];
    let mut seed = study.seed;
    let mut block = |lineup: Vec<BotKind>, players: u8, name: &str| {
        progress(name);
        let plan = Plan {
            seed,
            per_count: study.games,
            counts: vec![players],
            lineup,
            options: study.options.clone(),
        };
        seed = seed.wrapping_add(study.games);
        let bar = indicatif::ProgressBar::hidden();
        let tally = simulate(
            study.catalog,
            &plan,
            Shard::WHOLE,
            study.threads,
            &bar,
            None,
        )?;
        if let Some(e) = tally.errors.first() {
            return Err(format!("game {} (seed {}): {}", e.game, e.seed, e.error));
        }
        Ok::<Tally, String>(tally)
    };
    let mut head_to_head = Vec::new();
    for (hi, lo) in pairs {
        let (higher, lower) = (levels[hi], levels[lo]);
        let name = format!("{} / {}", higher.id(), lower.id());
        let tally = block(vec![higher, lower], 2, &name)?;
        let count = wins(&tally, higher);
        let (ci_low, ci_high) = count.interval();
        head_to_head.push(Pairing {
            higher: higher.id(),
            lower: lower.id(),
            games: count.total,
            wins: count.hits,
            rate: count.rate(),
            ci_low,
            ci_high,
            in_range: (hi == lo + 1).then_some(ci_low > CLEAR_WIN && count.rate() <= EXPLOITED),
        });
    }
    let mut tables = Vec::new();
    for players in [3u8, 4] {
        // Every level at the table, the fourth seat a second `normal`.
        let lineup: Vec<BotKind> = (0..players as usize)
            .map(|i| levels[if i < 3 { i } else { 1 }])
            .collect();
        let name = format!("{players}p");
        let tally = block(lineup.clone(), players, &name)?;
        let rows: Vec<LevelWins> = levels
            .iter()
            .map(|&bot| {
                let count = wins(&tally, bot);
                let (ci_low, ci_high) = count.interval();
                LevelWins {
                    bot: bot.id(),
                    seat_games: count.total,
                    wins: count.hits,
                    rate: count.rate(),
                    ci_low,
                    ci_high,
                }
            })
            .collect();
        let in_order = rows.windows(2).all(|w| w[1].rate > w[0].rate);
        tables.push(MixedTable {
            players,
            lineup: lineup.iter().map(|b| b.id()).collect(),
            games: study.games,
            levels: rows,
            in_order,
        });
    }
    let ratings = bradley_terry(&levels, &head_to_head);
    Ok(Ladder {
        packs: study.catalog.packs.iter().map(|p| p.id.clone()).collect(),
        games_per_pairing: study.games,
        seed: study.seed,
        head_to_head,
        tables,
        ratings,
    })
}

/// `bot`'s wins over all its seats.
fn wins(tally: &Tally, bot: BotKind) -> Count {
    tally
        .wins_by(|k| k.bot)
        .get(&bot)
        .copied()
        .unwrap_or_default()
}

/// Bradley-Terry strengths fitted to the head-to-head wins (the minorization-maximization
/// iteration of Hunter, 2004), as Elo points with `levels[0]` at 1000. Every pair's wins
/// get half a win added each way, so a level that won every game still gets a finite
/// rating.
fn bradley_terry(levels: &[BotKind], pairings: &[Pairing]) -> Vec<Rating> {
    let n = levels.len();
    let index = |id: &str| levels.iter().position(|b| b.id() == id);
    // wins[i][j]: games i won against j.
    let mut wins = vec![vec![0.0f64; n]; n];
    for p in pairings {
        if let (Some(h), Some(l)) = (index(&p.higher), index(&p.lower)) {
            wins[h][l] += p.wins as f64 + 0.5;
            wins[l][h] += (p.games - p.wins) as f64 + 0.5;
        }
    }
    let mut strength = vec![1.0f64; n];
    for _ in 0..1_000 {
        let next: Vec<f64> = (0..n)
            .map(|i| {
                let won: f64 = wins[i].iter().sum();
                let against: f64 = (0..n)
                    .filter(|&j| j != i && wins[i][j] + wins[j][i] > 0.0)
                    .map(|j| (wins[i][j] + wins[j][i]) / (strength[i] + strength[j]))
                    .sum();
                if against > 0.0 {
                    won / against
                } else {
                    strength[i]
                }
            })
            .collect();
        strength = next;
    }
    let anchor = strength[0];
    levels
        .iter()
        .zip(&strength)
        .map(|(b, s)| Rating {
            bot: b.id(),
            elo: 1000.0 + 400.0 * (s / anchor).log10(),
        })
        .collect()
}

/// The ladder as text tables.
pub fn render(lang: Lang, ladder: &Ladder) -> String {
    let t = |key: &'static str, a: &[(&str, Arg)]| tr(lang, key, a);
    let name = |id: &str| crate::text::bot_kind(lang, id);
    let pct = |x: f64| format!("{:.1}%", 100.0 * x);
    let mut out = String::new();
    let a = [
        ("packs", ladder.packs.join("+").into()),
        ("games", ladder.games_per_pairing.into()),
        ("seed", ladder.seed.to_string().into()),
    ];
    out += &t("ladder-title", &a);
    out += "\n\n";
    out += &t("ladder-head-to-head", &[]);
    out += "\n";
    for p in &ladder.head_to_head {
        let verdict = match p.in_range {
            Some(true) => t("ladder-in-range", &[]),
            Some(false) => t("ladder-out-of-range", &[]),
            None => String::new(),
        };
        out += format!(
            "  {:<10} {:<10} {:>6} {:>6}  {:>11}  {verdict}",
            name(&p.higher),
            name(&p.lower),
            p.games,
            pct(p.rate),
            format!("{:.1}-{:.1}", 100.0 * p.ci_low, 100.0 * p.ci_high),
        )
        .trim_end();
        out += "\n";
    }
    out += &t(
        "ladder-goal",
        &[
            ("low", Arg::decimal(100.0 * CLEAR_WIN, 0)),
            ("high", Arg::decimal(100.0 * EXPLOITED, 0)),
        ],
    );
    out += "\n\n";
    for table in &ladder.tables {
        let lineup: Vec<String> = table.lineup.iter().map(|b| name(b)).collect();
        let a = [
            ("players", table.players.into()),
            ("lineup", lineup.join(", ").into()),
            ("games", table.games.into()),
        ];
        out += &t("ladder-table", &a);
        out += "\n";
        for row in &table.levels {
            out += &format!(
                "  {:<10} {:>6} {:>6}  {:>11}\n",
                name(&row.bot),
                row.seat_games,
                pct(row.rate),
                format!("{:.1}-{:.1}", 100.0 * row.ci_low, 100.0 * row.ci_high),
            );
        }
        if !table.in_order {
            out += &t("ladder-not-in-order", &[]);
            out += "\n";
        }
        out += "\n";
    }
    out += &t("ladder-ratings", &[]);
    out += "\n";
    for r in &ladder.ratings {
        out += &format!("  {:<10} {:>6.0}\n", name(&r.bot), r.elo);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairing(higher: BotKind, lower: BotKind, games: u64, wins: u64) -> Pairing {
        Pairing {
            higher: higher.id(),
            lower: lower.id(),
            games,
            wins,
            rate: wins as f64 / games as f64,
            ci_low: 0.0,
            ci_high: 1.0,
            in_range: None,
        }
    }

    /// Win rates that follow the Bradley-Terry model give back its ratings: with
    /// strengths 1, 3 and 9, each step wins 75% and the top beats the bottom 90%.
    #[test]
    fn ratings_recover_the_model_strengths() {
        let [e, n, h] = levels();
        let r = bradley_terry(
            &[e, n, h],
            &[
                pairing(n, e, 100_000, 75_000),
                pairing(h, n, 100_000, 75_000),
                pairing(h, e, 100_000, 90_000),
            ],
        );
        let step = 400.0 * 3f64.log10();
        assert!((r[0].elo - 1000.0).abs() < 1e-9);
        assert!((r[1].elo - (1000.0 + step)).abs() < 1.0, "{}", r[1].elo);
        assert!(
            (r[2].elo - (1000.0 + 2.0 * step)).abs() < 1.0,
            "{}",
            r[2].elo
        );
    }

    /// A level that won every game is rated, far above, not infinitely.
    #[test]
    fn a_clean_sweep_gets_a_finite_rating() {
        let [e, n, h] = levels();
        let r = bradley_terry(
            &[e, n, h],
            &[
                pairing(n, e, 100, 100),
                pairing(h, n, 100, 50),
                pairing(h, e, 100, 100),
            ],
        );
        assert!(r.iter().all(|x| x.elo.is_finite()));
        assert!(r[1].elo > r[0].elo + 400.0);
    }
}
