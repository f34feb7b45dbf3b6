//! Random games, checked after every decision.
//!
//! For 2, 3 and 4 players, `SOAK_GAMES` games each (10,000 by default) with random bots
//! and the base pack; the options cycle through the designer variant on and off and the
//! first adventurer drawn at random or chosen. After every decision [`Audit`] checks the
//! engine's invariants, counts the cards itself, replays the HP of each run from the
//! events, compares the success and failure counters, checks who is asked to decide and
//! that something is legal, and at the end that there is exactly one rightful winner.
//!
//! A smaller batch per table size mixes rules bots in, for deeper dungeons and more
//! eliminations than random bots reach.
//!
//! A failure names the seed, the options and the decision (actions applied so far) so
//! the game can be replayed: game `i` of a batch is `support::varied_options(players, i)`
//! with its seed and `support::bots(kinds, seed, players)` (bot seeds as `dungeon sim`
//! gives them). Set `SOAK_GAMES` to play more (or, locally, fewer) random games.

use dungeon_engine::Event;
use dungeon_engine::bot::{BotKind, PlayError, play_game};
use dungeon_engine::options::GameOptions;
use dungeon_tests::{Audit, bots, varied_options};
use std::collections::BTreeMap;
use std::time::Instant;

/// Distinct problems listed in a failure message, and examples of each.
const EXAMPLES: usize = 3;

/// Games per table size with rules and random bots mixed: the rules bot thinks with exact
/// odds, so a few dozen games give the deeper dungeons without slowing the suite.
const MIXED_GAMES: u64 = 60;

/// Monster cards in a base-pack game.
const BASE_CARDS: usize = 13;

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

/// What kind of problem a message reports: its start, with numbers blanked out.
fn kind(message: &str) -> String {
    message
        .chars()
        .map(|c| if c.is_ascii_digit() { '#' } else { c })
        .take(70)
        .collect()
}

/// Problems grouped by kind (their message with numbers blanked out).
#[derive(Default)]
struct Problems {
    by_kind: BTreeMap<String, (u64, Vec<String>)>,
    games: u64,
}

impl Problems {
    fn add(&mut self, where_: &str, message: &str) {
        let entry = self.by_kind.entry(kind(message)).or_default();
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

/// Monster cards in a game of these packs: the regular deck and the specials in play.
fn card_count(catalog: &dungeon_engine::Catalog) -> usize {
    let count = |special: bool| -> usize {
        catalog
            .monsters
            .iter()
            .filter(|m| m.special == special)
            .map(|m| m.copies as usize)
            .sum()
    };
    count(false) + count(true).min(catalog.specials_in_play as usize)
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
    let catalog = engine.catalog().clone();
    let cards = card_count(&catalog);
    let mut stats = Stats::default();
    let mut problems = Problems::default();
    let mut events = Vec::with_capacity(512);
    for i in 0..games {
        let seed = seed_base + i;
        let options = varied_options(players, i);
        let mut bots = bots(kinds, seed, players);
        let mut audit = Audit::new(catalog.clone(), players, cards);
        events.clear();
        // Problems the game can go on after, one per kind and game, with the decision.
        let mut soft: Vec<(u64, String)> = Vec::new();
        let mut decision = 0u64;
        let mut found = Vec::new();
        let result = play_game(
            &mut engine,
            options.clone(),
            seed,
            &mut bots,
            &mut events,
            |state, events| {
                found.clear();
                let fatal = audit.check_collect(state, events, &mut found);
                for p in found.drain(..) {
                    if !soft.iter().any(|(_, s)| kind(s) == kind(&p)) {
                        soft.push((decision, p));
                    }
                }
                decision += 1;
                fatal
            },
        );
        let where_ = |decision: u64| {
            format!(
                "{players} players, {label} bots, seed {seed} (game {i}: {}), after decision {decision}",
                describe(&options)
            )
        };
        let mut bad = !soft.is_empty();
        for (d, p) in &soft {
            problems.add(&where_(*d), p);
        }
        match result {
            Ok(state) => {
                stats.decisions += decision - 1;
                match state.winner {
                    Some(w) if state.players[w as usize].successes >= 2 => {
                        stats.won_by_successes += 1
                    }
                    Some(_) => stats.won_standing += 1,
                    None => {}
                }
            }
            Err(PlayError::Check { decision, message }) => {
                bad = true;
                problems.add(&where_(decision as u64), &message);
            }
            Err(e) => {
                bad = true;
                problems.add(&where_(decision.saturating_sub(1)), &format!("play: {e}"));
            }
        }
        problems.games += u64::from(bad);
        stats.games += 1;
        stats.runs += audit.runs;
        stats.forced_successes += audit.forced_successes;
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

/// Every pack set at 2, 3 and 4 players: random bots, then a few games with a rules bot
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
                BotKind::Rules,
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
// brings longer biddings, more damage, more failures and eliminations.

#[test]
fn soak_mixed_bots_two_players() {
    soak(
        2,
        &[BotKind::Rules, BotKind::Random],
        MIXED_GAMES,
        seed_base(2) + 500_000,
    );
}

#[test]
fn soak_mixed_bots_three_players() {
    soak(
        3,
        &[BotKind::Rules, BotKind::Random],
        MIXED_GAMES,
        seed_base(3) + 500_000,
    );
}

#[test]
fn soak_mixed_bots_four_players() {
    soak(
        4,
        &[BotKind::Rules, BotKind::Random],
        MIXED_GAMES,
        seed_base(4) + 500_000,
    );
}

/// The audit is not vacuous: a finished game passes it, and each kind of tampering with
/// the events or the state is caught.
#[test]
fn the_audit_catches_tampering() {
    let mut engine = dungeon_tests::engine(&["base"]);
    let catalog = engine.catalog().clone();
    // A 3-player game with damage and an HP change in it.
    let (events, end) = (0..)
        .map(|seed| {
            let mut bots = bots(&[BotKind::Random], seed, 3);
            let mut events = Vec::new();
            let end = play_game(
                &mut engine,
                varied_options(3, seed),
                seed,
                &mut bots,
                &mut events,
                |_, _| Ok(()),
            )
            .expect("game");
            (events, end)
        })
        .find(|(events, _)| {
            events.iter().any(|e| matches!(e, Event::Damaged { .. }))
                && events.iter().any(|e| matches!(e, Event::HpChanged { .. }))
                && events.iter().any(|e| matches!(e, Event::Failure { .. }))
        })
        .expect("such a game");
    let audit = |events: &[Event], state: &dungeon_engine::GameState| {
        Audit::new(catalog.clone(), 3, BASE_CARDS).check(state, events)
    };
    audit(&events, &end).expect("the untouched game passes");

    let edit = |f: &dyn Fn(&mut Event) -> bool| {
        let mut events = events.clone();
        assert!(events.iter_mut().any(f), "nothing to tamper with");
        events
    };
    let cases: Vec<(&str, Vec<Event>, dungeon_engine::GameState)> = vec![
        (
            "hp:",
            edit(&|e| match e {
                Event::Damaged { hp, .. } => {
                    *hp += 1;
                    true
                }
                _ => false,
            }),
            end.clone(),
        ),
        (
            "hp:",
            edit(&|e| match e {
                Event::HpChanged { delta, .. } => {
                    *delta += 1;
                    true
                }
                _ => false,
            }),
            end.clone(),
        ),
        (
            "hp:",
            edit(&|e| match e {
                Event::Entered { hp, .. } => {
                    *hp += 1;
                    true
                }
                _ => false,
            }),
            end.clone(),
        ),
        (
            "hp:",
            edit(&|e| match e {
                Event::Failure { hp, .. } => {
                    *hp -= 1;
                    true
                }
                _ => false,
            }),
            end.clone(),
        ),
        (
            "outcome:",
            // A success with HP left told as a failure.
            edit(&|e| match *e {
                Event::Success {
                    seat,
                    hp,
                    successes,
                } if hp > 0 => {
                    *e = Event::Failure {
                        seat,
                        hp,
                        failures: successes,
                    };
                    true
                }
                _ => false,
            }),
            end.clone(),
        ),
        ("counters:", events.clone(), {
            let mut s = end.clone();
            s.players[0].failures += 1;
            s
        }),
        (
            "win:",
            events
                .iter()
                .filter(|e| !matches!(e, Event::Won { .. }))
                .cloned()
                .collect(),
            end.clone(),
        ),
        ("win:", events.clone(), {
            let mut s = end.clone();
            s.winner = s.winner.map(|w| (w + 1) % 3);
            s
        }),
        ("invariants:", events.clone(), {
            let mut s = end.clone();
            let card = s.deck.pop().or_else(|| s.discard.pop()).expect("a card");
            s.dungeon.push(card);
            s.dungeon.push(card);
            s
        }),
        ("cards:", events.clone(), {
            // Consistent for `invariants` (every card in one place), but one card short.
            let mut s = end.clone();
            s.cards.pop();
            for pile in [&mut s.deck, &mut s.dungeon, &mut s.discard] {
                pile.retain(|c| c.ix() < BASE_CARDS - 1);
            }
            for p in s.players.iter_mut() {
                p.set_aside.retain(|(c, _)| c.ix() < BASE_CARDS - 1);
            }
            s
        }),
    ];
    for (i, (expected, events, state)) in cases.into_iter().enumerate() {
        let mut audit = Audit::new(catalog.clone(), 3, BASE_CARDS);
        let mut problems = Vec::new();
        let fatal = audit.check_collect(&state, &events, &mut problems);
        let all: Vec<String> = fatal.err().into_iter().chain(problems).collect();
        assert!(
            all.iter().any(|p| p.starts_with(expected)),
            "tampering #{i} not caught as `{expected}`: {all:?}"
        );
    }
}
