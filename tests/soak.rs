//! Random games, checked after every decision.
//!
//! For 2, 3 and 4 players, `SOAK_GAMES` games each (10,000 by default) with random bots
//! and the base pack; the options cycle through the designer variant on and off and the
//! first adventurer drawn at random or chosen. After every decision the engine's audit
//! (`dungeon_audit`, shown not vacuous by `tests/audit.rs`) checks the engine's
//! invariants, the cards against the packs, the HP story and the damage of each run from
//! the events, the success and failure counters, who is asked to decide and that
//! something is legal, the elimination at the second failure, and that the game ends
//! with exactly one rightful winner.
//!
//! A smaller batch per table size mixes rules bots in, for deeper dungeons and more
//! eliminations than random bots reach.
//!
//! A failure names the seed, the options and the decision (actions applied so far) so
//! the game can be replayed: game `i` of a batch is `support::varied_options(players, i)`
//! with its seed and the bots `kinds` in turn around the table (bot seeds as `dungeon
//! sim` gives them). Set `SOAK_GAMES` to play more (or, locally, fewer) random games;
//! `dungeon soak` (in a release build) plays a million over every pack mix.

use dungeon_audit::{GameSpec, play_audited, problem_kind};
use dungeon_bots::BotKind;
use dungeon_engine::Event;
use dungeon_engine::options::GameOptions;
use dungeon_tests::{audit_facts, varied_options};
use std::collections::BTreeMap;
use std::time::Instant;

/// Distinct problems listed in a failure message, and examples of each.
const EXAMPLES: usize = 3;

/// Games per table size with rules and random bots mixed: the rules bot thinks with exact
/// odds, so a few dozen games give the deeper dungeons without slowing the suite.
const MIXED_GAMES: u64 = 60;

fn games_per_table() -> u64 {
    std::env::var("SOAK_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000)
}

/// Seeds differ between table sizes, so the three runs do not replay the same shuffles.
fn seed_base(players: u8) -> u64 {
    u64::from(players) * 1_000_000
}

#[derive(Default)]
struct Stats {
    games: u64,
    decisions: u64,
    runs: usize,
    won_by_successes: u64,
    won_standing: u64,
    eliminations: u64,
    forced_successes: usize,
    revived: u64,
    replaced: u64,
    answered: u64,
    tiles_discarded: u64,
}

impl Stats {
    fn add_events(&mut self, events: &[Event]) {
        for e in events {
            match e {
                Event::Eliminated { .. } => self.eliminations += 1,
                Event::Revived { .. } => self.revived += 1,
                Event::Replaced { .. } => self.replaced += 1,
                Event::Answered { .. } => self.answered += 1,
                Event::TileDiscarded { .. } => self.tiles_discarded += 1,
                _ => {}
            }
        }
    }
}

/// Problems grouped by kind (their message with numbers blanked out).
#[derive(Default)]
struct Problems {
    by_kind: BTreeMap<String, (u64, Vec<String>)>,
    games: u64,
}

impl Problems {
    fn add(&mut self, where_: &str, message: &str) {
        let entry = self.by_kind.entry(problem_kind(message)).or_default();
        entry.0 += 1;
        if entry.1.len() < EXAMPLES {
            entry.1.push(format!("{where_}: {message}"));
        }
    }

    fn report(&self) -> String {
        let mut out = format!(
            "{} games with problems, {} kinds:\n",
            self.games,
            self.by_kind.len()
        );
        for (kind, (count, examples)) in &self.by_kind {
            out.push_str(&format!("- {count}x {kind}\n"));
            for e in examples {
                out.push_str(&format!("    {e}\n"));
            }
        }
        out
    }
}

/// Plays `games` games at a table of `players` with bots of `kinds` (in turn around the
/// table), seeds from `seed_base`, checking every decision; fails listing every kind of
/// problem found with up to three reproducible examples.
fn soak(players: u8, kinds: &[BotKind], games: u64, seed_base: u64) {
    soak_packs(&["base"], players, kinds, games, seed_base);
}

/// [`soak`] with other packs.
fn soak_packs(packs: &[&str], players: u8, kinds: &[BotKind], games: u64, seed_base: u64) {
    let started = Instant::now();
    let label = format!(
        "{} bots, packs {}",
        kinds.iter().map(|k| k.id()).collect::<Vec<_>>().join("+"),
        packs.join("+")
    );
    let mut engine = dungeon_tests::engine(packs);
    let facts = audit_facts(&mut engine);
    let mut stats = Stats::default();
    let mut problems = Problems::default();
    let mut events = Vec::with_capacity(512);
    for i in 0..games {
        let spec = GameSpec {
            seed: seed_base + i,
            options: varied_options(players, i),
            bots: kinds.to_vec(),
        };
        let game = play_audited(&mut engine, &facts, &spec, &mut events, &mut 0);
        for p in &game.problems {
            let where_ = format!(
                "{players} players, {label}, seed {} (game {i}: {}), after decision {}",
                spec.seed,
                describe(&spec.options),
                p.decision
            );
            problems.add(&where_, &p.message);
        }
        problems.games += u64::from(!game.passed());
        if let Some(state) = &game.end {
            stats.decisions += game.decisions as u64;
            match state.winner {
                Some(w) if state.players[w as usize].successes >= 2 => stats.won_by_successes += 1,
                Some(_) => stats.won_standing += 1,
                None => {}
            }
        }
        stats.games += 1;
        stats.runs += game.runs;
        stats.forced_successes += game.forced_successes;
        stats.add_events(&events);
    }
    let elapsed = started.elapsed();
    eprintln!(
        "soak, {players} players, {label}: {} games, {} decisions, {} runs in {:.1?}; wins: {} by two successes, {} as last standing; {} eliminations, {} successes at 0 HP or less (forced), {} revivals, {} replacements, {} answers, {} tiles discarded",
        stats.games,
        stats.decisions,
        stats.runs,
        elapsed,
        stats.won_by_successes,
        stats.won_standing,
        stats.eliminations,
        stats.forced_successes,
        stats.revived,
        stats.replaced,
        stats.answered,
        stats.tiles_discarded,
    );
    assert!(
        problems.by_kind.is_empty(),
        "soak, {players} players, {label}:\n{}",
        problems.report()
    );
    // The games really went through the paths the checks are about.
    if games >= 1_000 && kinds == [BotKind::Random] && packs == ["base"] {
        assert_eq!(
            stats.won_by_successes + stats.won_standing,
            games,
            "every game has a winner"
        );
        assert!(stats.won_by_successes > 0, "no game won by two successes");
        assert!(stats.eliminations > 0, "nobody was ever eliminated");
        assert!(stats.answered > 0, "no question was ever answered");
        assert!(stats.revived > 0, "the healing potion never revived anyone");
        assert!(stats.replaced > 0, "polymorph never replaced a monster");
        assert!(
            stats.forced_successes > 0,
            "omnipotence never forced a success"
        );
        if players == 2 && games >= 10_000 {
            assert!(
                stats.won_standing > 0,
                "no game won by the last one standing"
            );
        }
    }
}

/// Games per table size for the other pack sets.
fn games_per_pack_set() -> u64 {
    std::env::var("SOAK_PACK_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000)
}

/// Every pack set at 2, 3 and 4 players: random bots, then a few games with an easy bot
/// at one seat (it thinks with odds, slow in the sequel; a few reach the deep dungeons).
fn soak_pack_set(packs: &[&str], seed: u64) {
    for players in 2..=4u8 {
        let base = seed + u64::from(players) * 100_000;
        soak_packs(
            packs,
            players,
            &[BotKind::Random],
            games_per_pack_set(),
            base,
        );
        soak_packs(
            packs,
            players,
            &[
                BotKind::Novice,
                BotKind::Random,
                BotKind::Random,
                BotKind::Random,
            ],
            games_per_pack_set() / 20,
            base + 50_000,
        );
    }
}

#[test]
fn soak_sequel() {
    soak_pack_set(&["sequel"], 10_000_000);
}

#[test]
fn soak_base_and_sequel() {
    soak_pack_set(&["base", "sequel"], 20_000_000);
}

#[test]
fn soak_base_sequel_and_example() {
    soak_pack_set(&["base", "sequel", "alchemy"], 40_000_000);
}

#[test]
fn soak_mandom() {
    soak_pack_set(&["mandom"], 30_000_000);
}

fn describe(options: &GameOptions) -> String {
    format!(
        "designer_variant {}, first_adventurer {:?}",
        options.designer_variant, options.first_adventurer
    )
}

#[test]
fn soak_two_players() {
    soak(2, &[BotKind::Random], games_per_table(), seed_base(2));
}

#[test]
fn soak_three_players() {
    soak(3, &[BotKind::Random], games_per_table(), seed_base(3));
}

#[test]
fn soak_four_players() {
    soak(4, &[BotKind::Random], games_per_table(), seed_base(4));
}

// Random bots rarely build a deep dungeon: half the table here plays by the odds, which
// brings longer biddings, more damage, more failures and eliminations. The `easy` bot
// bids by the odds as `normal` does; `normal` would also play thousands of rounds to
// choose its first adventurers with options and packs whose choices do not ship.

#[test]
fn soak_mixed_bots_two_players() {
    soak(
        2,
        &[BotKind::Novice, BotKind::Random],
        MIXED_GAMES,
        seed_base(2) + 500_000,
    );
}

#[test]
fn soak_mixed_bots_three_players() {
    soak(
        3,
        &[BotKind::Novice, BotKind::Random],
        MIXED_GAMES,
        seed_base(3) + 500_000,
    );
}

#[test]
fn soak_mixed_bots_four_players() {
    soak(
        4,
        &[BotKind::Novice, BotKind::Random],
        MIXED_GAMES,
        seed_base(4) + 500_000,
    );
}
