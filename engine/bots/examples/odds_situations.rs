//! Times exact odds searches at fixed situations, as `dungeon odds` runs them (the odds of
//! entering, then of each answer to a question asked before the first card, on one
//! cache), on one core: base-box adventurers with all their tiles and with one removed,
//! the sequel's at 4 to 13 cards.
//!
//! `cargo run --release -p dungeon-bots --example odds_situations [FILTER] [--card-by-card]`
//! prints, for each situation whose label contains FILTER, the time it took, the
//! situations searched and the odds (every digit: two builds that search alike print the
//! same), then the slowest of each box. `--card-by-card` never searches level by level
//! (`OddsSearch::card_by_card`): the same lines but for the times. Pin it to a core
//! (`taskset -c 1`) on a shared machine.
use dungeon_engine::action::DecisionKind;
use dungeon_engine::odds::{Chances, OddsCache, OddsSearch};
use dungeon_engine::{Catalog, DungeonSetup, Engine, Rules};
use std::time::Instant;

#[path = "../benches/support/mod.rs"]
mod support;
use support::catalog;

/// One situation: the packs, the adventurer, the tiles it still holds (all if `None`),
/// the dungeon's size.
struct Case {
    packs: &'static [&'static str],
    adventurer: &'static str,
    tiles: Option<Vec<&'static str>>,
    size: usize,
}

fn cases() -> Vec<Case> {
    const BASE: &[&str] = &["base"];
    const SEQUEL: &[&str] = &["sequel"];
    let all = |packs, adventurer, size| Case {
        packs,
        adventurer,
        tiles: None,
        size,
    };
    let some = |adventurer, tiles: &[&'static str], size| Case {
        packs: BASE,
        adventurer,
        tiles: Some(tiles.to_vec()),
        size,
    };
    let mut cases = Vec::new();
    for adventurer in ["warrior", "barbarian", "mage", "rogue"] {
        for size in [5, 9, 13] {
            cases.push(all(BASE, adventurer, size));
        }
    }
    // The slowest base-box situations found (every adventurer, all tiles and each one
    // removed, 1 to 13 cards), and the one of issue 24.
    let rogue = ["mithril_armor", "buckler", "ring_of_power", "vorpal_dagger"];
    cases.push(some(
        "rogue",
        &[&rogue[..], &["healing_potion"]].concat(),
        11,
    ));
    cases.push(some(
        "rogue",
        &[&rogue[..], &["healing_potion"]].concat(),
        13,
    ));
    let barbarian = ["chainmail", "leather_shield", "war_hammer", "vorpal_axe"];
    cases.push(some(
        "barbarian",
        &[&barbarian[..], &["healing_potion"]].concat(),
        13,
    ));
    let mage = ["wall_of_fire", "bracelet_of_protection", "demonic_pact"];
    cases.push(some(
        "mage",
        &[&mage[..], &["polymorph", "omnipotence"]].concat(),
        11,
    ));
    cases.push(some(
        "rogue",
        &["buckler", "vorpal_dagger", "healing_potion"],
        10,
    ));
    // The sequel's adventurers, up to a full dungeon. (With the base box too, a game plays
    // the sequel's monster deck: the same searches.)
    for adventurer in ["princess", "ninja", "bard", "necromancer"] {
        for size in [4, 6, 8, 10, 13] {
            cases.push(all(SEQUEL, adventurer, size));
        }
    }
    cases
}

/// The setup and chances `dungeon odds` makes of a situation given only these: the whole
/// monster deck unseen, 2 players, the rest in the deck.
fn situation(catalog: &Catalog, case: &Case) -> (DungeonSetup, Chances) {
    let adventurer = catalog
        .find_adventurer(case.adventurer)
        .expect("adventurer");
    let tiles = match &case.tiles {
        None => catalog.adventurer(adventurer).tiles.clone(),
        Some(ids) => ids
            .iter()
            .map(|id| catalog.find_tile(id).expect("tile"))
            .collect(),
    };
    let mut pool: Vec<_> = catalog.regular_deck().collect();
    pool.sort();
    let specials = catalog.specials_in_play as usize;
    let candidates: Vec<_> = catalog.special_monsters().collect();
    let deck = pool.len() + specials - case.size;
    let setup = DungeonSetup::unknown_cards(catalog, adventurer, tiles, case.size, deck);
    let chances = Chances::new(catalog, case.size, &[], &pool, specials, &candidates);
    (setup, chances)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let card_by_card = args.iter().any(|a| a == "--card-by-card");
    let filter = args
        .iter()
        .find(|a| !a.starts_with("--"))
        .cloned()
        .unwrap_or_default();

    let mut slowest: Vec<(String, String, f64)> = Vec::new();
    for case in cases() {
        let label = format!(
            "{} {}{} {}",
            case.packs.join("+"),
            case.adventurer,
            case.tiles
                .as_ref()
                .map_or(String::new(), |t| format!(" [{}]", t.join(","))),
            case.size
        );
        if !label.contains(&filter) {
            continue;
        }
        let mut engine = Engine::new(catalog(case.packs)).expect("engine");
        let (setup, chances) = situation(&engine.catalog().clone(), &case);
        let started = Instant::now();
        let mut cache = OddsCache::new();
        let odds = OddsSearch::new(&mut engine, &mut cache)
            .card_by_card(card_by_card)
            .entering(&setup, &chances)
            .expect("odds");
        // As `dungeon odds` does: the odds of each answer to a first question.
        engine.set_analysis(true);
        let start = engine.dungeon(&setup, &mut Vec::new()).expect("dungeon");
        engine.set_analysis(false);
        let mut options = Vec::new();
        if let Some(DecisionKind::Question(_)) = start.pending.as_ref().map(|d| &d.kind) {
            options = OddsSearch::new(&mut engine, &mut cache)
                .card_by_card(card_by_card)
                .options(&start, &chances)
                .expect("options");
        }
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        let figures: Vec<String> = options.iter().map(|(_, p)| p.to_string()).collect();
        println!(
            "{label:<60} {ms:>9.1} ms {:>9} situations  {} {}",
            odds.states,
            odds.probability,
            figures.join(" ")
        );
        let boxed = case.packs.join("+");
        match slowest.iter_mut().find(|(b, _, _)| *b == boxed) {
            Some(s) if s.2 >= ms => {}
            Some(s) => *s = (boxed, label, ms),
            None => slowest.push((boxed, label, ms)),
        }
    }
    for (boxed, label, ms) in slowest {
        println!("slowest {boxed}: {label} in {ms:.1} ms");
    }
}
