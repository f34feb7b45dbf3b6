use super::*;
use crate::sim::plan::Plan;
use crate::sim::run::simulate;
use crate::sim::shard::Shard;
use crate::sim::stats::{RoundKey, SeatKey};
use dungeon_bots::BotKind;
use dungeon_engine::GameOptions;
use dungeon_engine::ids::AdventurerId;
use dungeon_engine::lang::Lang;
use std::sync::Arc;

fn base() -> Arc<Catalog> {
    let library = crate::packs::library(Lang::En, &[], None).expect("the built-in packs");
    crate::packs::catalog(Lang::En, &library, "base").expect("the base box")
}

#[test]
fn the_estimate_decides_and_the_interval_says_how_sure() {
    let at_most = Goal::AtMost(0.7);
    assert_eq!(judge(at_most, 0.6, 0.5, 0.8), Verdict::InRange);
    // In range by the estimate, though the interval reaches out: no warning.
    assert_eq!(judge(at_most, 0.69, 0.4, 0.95), Verdict::InRange);
    assert_eq!(judge(at_most, 0.75, 0.6, 0.85), Verdict::MayBeOut);
    assert_eq!(judge(at_most, 0.9, 0.8, 0.95), Verdict::Out);
    let at_least = Goal::AtLeast(1.0);
    assert_eq!(judge(at_least, 1.2, 0.9, 1.5), Verdict::InRange);
    assert_eq!(judge(at_least, 0.8, 0.5, 1.1), Verdict::MayBeOut);
    assert_eq!(judge(at_least, 0.0, 0.0, 0.0), Verdict::Out);
    // Exactly at the goal is in range, whatever the rounding of 1/N + 0.2.
    let two = Goal::AtMost(1.0 / 2.0 + goals::FIRST_PLAYER_ABOVE_EVEN);
    assert_eq!(judge(two, 7.0 / 10.0, 0.4, 0.9), Verdict::InRange);
    let three = Goal::AtMost(1.0 / 3.0 + goals::FIRST_PLAYER_ABOVE_EVEN);
    assert_eq!(judge(three, 16.0 / 30.0, 0.3, 0.7), Verdict::InRange);
    assert_eq!(judge(three, 17.0 / 30.0, 0.38, 0.73), Verdict::MayBeOut);
    assert_eq!(judge(Goal::AtLeast(0.1), 0.1, 0.05, 0.2), Verdict::InRange);
}

#[test]
fn the_mean_of_a_histogram_has_a_normal_interval() {
    let h = |pairs: &[(u8, u64)]| pairs.iter().copied().collect::<BTreeMap<u8, u64>>();
    // 0, 0, 2, 2: mean 1, s = sqrt(4/3), half-width 1.96 * s / 2.
    let m = mean(&h(&[(0, 2), (2, 2)]), 6.0);
    assert_eq!((m.rounds, m.sum, m.value), (4, 4, 1.0));
    let half = Z95 * (4.0f64 / 3.0).sqrt() / 2.0;
    assert!((m.high - (1.0 + half)).abs() < 1e-12, "{m:?}");
    assert_eq!(m.low, 0.0, "clipped at 0: {m:?}");
    // 100 rounds of 1 and 100 of 3: mean 2, s = sqrt(200/199).
    let m = mean(&h(&[(1, 100), (3, 100)]), 6.0);
    let half = Z95 * (200.0f64 / 199.0).sqrt() / 200f64.sqrt();
    assert!((m.low - (2.0 - half)).abs() < 1e-12 && (m.high - (2.0 + half)).abs() < 1e-12);
    // Every round alike: that value alone. Fewer than two rounds: anything possible.
    let m = mean(&h(&[(0, 500)]), 6.0);
    assert_eq!((m.value, m.low, m.high), (0.0, 0.0, 0.0));
    let m = mean(&h(&[(2, 1)]), 6.0);
    assert_eq!((m.value, m.low, m.high), (2.0, 0.0, 6.0));
    let m = mean(&h(&[]), 6.0);
    assert_eq!((m.rounds, m.value, m.low, m.high), (0, 0.0, 0.0, 6.0));
}

/// A tally of `games` games at each count of `counts`: the first player wins
/// `first_wins` of each hundred, each round sets aside the tiles `set_aside` gives
/// (by round number) and succeeds if `success` says so, with adventurer `adventurer`.
fn synthetic(
    counts: &[u8],
    games: u64,
    first_wins: u64,
    rounds_per_game: u64,
    round: impl Fn(u64) -> (u16, u8, bool),
) -> Tally {
    let mut tally = Tally::default();
    for &players in counts {
        for position in 0..players {
            let wins = if position == 0 {
                games * first_wins / 100
            } else {
                games * (100 - first_wins) / 100 / u64::from(players - 1)
            };
            let key = SeatKey {
                players,
                seat: position,
                position,
                bot: BotKind::Rules,
            };
            tally.seats.insert(
                key,
                Count {
                    total: games,
                    hits: wins,
                },
            );
        }
        for r in 0..games * rounds_per_game {
            let (adventurer, set_aside, success) = round(r);
            let key = RoundKey {
                players,
                adventurer: AdventurerId(adventurer),
                set_aside,
                success,
            };
            *tally.rounds.entry(key).or_default() += 1;
        }
    }
    tally
}

#[test]
fn a_degenerate_tally_warns_on_every_measure() {
    let catalog = base();
    // The first player always wins; nothing is set aside; every run succeeds; one adventurer.
    let tally = synthetic(&[2, 3], 150, 100, 4, |_| (0, 0, true));
    let s = Sanity::new(&catalog, &[2, 3], &tally);
    let warned: Vec<(Measure, Option<u8>, Option<Verdict>)> = (s.warnings.iter())
        .map(|c| (c.measure, c.players, c.verdict))
        .collect();
    let out = Some(Verdict::Out);
    assert_eq!(
        warned,
        [
            (Measure::FirstPlayerWins, Some(2), out),
            (Measure::FirstPlayerWins, Some(3), out),
            (Measure::SetAsidePerRound, Some(2), out),
            (Measure::SetAsidePerRound, Some(3), out),
            (Measure::RunsFail, Some(2), out),
            (Measure::RunsFail, Some(3), out),
        ]
    );
    // The rows over all counts are shown, not judged.
    let all: Vec<&Check> = s.checks.iter().filter(|c| c.players.is_none()).collect();
    assert_eq!(all.len(), 3);
    assert!(all.iter().all(|c| c.verdict.is_none()));
    let first = &s.checks[1];
    assert_eq!((first.total, first.count, first.value), (150, 150, 1.0));
    assert_eq!(first.goal, Goal::AtMost(1.0 / 3.0 + 0.2));
    let warrior = s.most_chosen(Some(3)).expect("rounds were played");
    assert_eq!(
        (warrior.adventurer.as_str(), warrior.rate),
        ("warrior", 1.0)
    );
    assert_eq!(s.most_chosen(None).unwrap().rounds, 2 * 600);
    // Every adventurer of the packs has its share, at each count and over all.
    assert_eq!(s.adventurers.len(), 3 * catalog.adventurers.len());
}

#[test]
fn a_sane_tally_gives_no_warning() {
    let catalog = base();
    // First player a little ahead; 1 to 3 tiles set aside (mean 2); a third of runs fail;
    // the four adventurers in turn.
    let round = |r: u64| ((r % 4) as u16, (r % 3 + 1) as u8, !r.is_multiple_of(3));
    let tally = synthetic(&[2, 3, 4], 200, 40, 5, round);
    let s = Sanity::new(&catalog, &[2, 3, 4], &tally);
    assert!(s.warnings.is_empty(), "{:?}", s.warnings);
    assert!((s.checks.iter()).all(|c| c.players.is_none() || c.verdict == Some(Verdict::InRange)));
    let set_aside = (s.checks.iter())
        .find(|c| c.measure == Measure::SetAsidePerRound && c.players.is_none())
        .unwrap();
    assert!((set_aside.value - 2.0).abs() < 0.01, "{set_aside:?}");
    assert!(set_aside.ci_low < 2.0 && 2.0 < set_aside.ci_high);
    // One player count: no row over all counts.
    let one = Sanity::new(&catalog, &[3], &synthetic(&[3], 60, 40, 5, round));
    assert!(one.checks.iter().all(|c| c.players == Some(3)));
    assert!(one.warnings.is_empty());
}

#[test]
fn a_small_study_out_by_its_estimate_may_be_out() {
    let catalog = base();
    // 6 games of 3 players, the first player winning 4 (66.7% against 53.3%): the
    // interval still reaches the goal.
    let mut tally = synthetic(&[3], 6, 0, 2, |r| (0, 2, r % 2 == 0));
    let first = SeatKey {
        players: 3,
        seat: 0,
        position: 0,
        bot: BotKind::Rules,
    };
    tally.seats.insert(first, Count { total: 6, hits: 4 });
    let s = Sanity::new(&catalog, &[3], &tally);
    assert_eq!(s.warnings.len(), 1, "{:?}", s.warnings);
    assert_eq!(s.warnings[0].measure, Measure::FirstPlayerWins);
    assert_eq!(s.warnings[0].verdict, Some(Verdict::MayBeOut));
}

#[test]
fn the_rounds_of_played_games_agree_with_the_other_tallies() {
    let catalog = base();
    let plan = Plan {
        seed: 3,
        per_count: 12,
        counts: vec![2, 3, 4],
        lineup: vec![BotKind::Random],
        options: GameOptions::default(),
    };
    let bar = indicatif::ProgressBar::hidden();
    let tally = simulate(&catalog, &plan, Shard::WHOLE, 2, &bar, None).expect("games");
    assert_eq!(tally.completed, 36);
    // Each round is one run: the rounds of each adventurer are its runs, and successes.
    for a in catalog.adventurer_ids() {
        let runs = tally.adventurers.get(&a).copied().unwrap_or_default().runs;
        let of = |success: Option<bool>| -> u64 {
            (tally.rounds.iter())
                .filter(|(k, _)| k.adventurer == a && success.is_none_or(|s| s == k.success))
                .map(|(_, &n)| n)
                .sum()
        };
        assert_eq!((of(None), of(Some(true))), (runs.total, runs.hits));
    }
    // Every tile set aside is counted in its round.
    let set_aside: u64 = tally.equipment.values().map(|c| c.hits).sum();
    let in_rounds: u64 = (tally.rounds.iter())
        .map(|(k, &n)| u64::from(k.set_aside) * n)
        .sum();
    assert_eq!(in_rounds, set_aside);
    assert!(set_aside > 0, "easy bots set tiles aside");
    let failures: u64 = (tally.rounds.iter())
        .filter(|(k, _)| !k.success)
        .map(|(_, n)| n)
        .sum();
    assert_eq!(failures, tally.failed_runs);
    for players in [2, 3, 4] {
        assert!(tally.rounds.keys().any(|k| k.players == players));
    }
    // The same games on one thread: the same rounds.
    let one = simulate(&catalog, &plan, Shard::WHOLE, 1, &bar, None).expect("games");
    assert_eq!(one.rounds, tally.rounds);
}
