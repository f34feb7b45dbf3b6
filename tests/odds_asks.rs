//! The exact odds keep a step that asked only whether a species was faced (the Royal
//! Sceptre, run natively) by its answers, and follow it from other states by theirs
//! (`engine/src/odds/exact/graph.rs`, `Edge::Asks`). The figures must be the very ones a search
//! finds that takes every such step again (the Sceptre interpreted by Luau, whose
//! `ctx.faced()` hands over the whole history): the odds of entering and of each answer
//! to the first question, bit for bit, for the princess with every tile and with the
//! Sceptre and one other, at several sizes, searches sharing one cache as `dungeon odds`
//! and the bots do. And since her situations are kept under their whole key (the Sceptre
//! reads what came before), a cache restored from its entries (a saved bot's) must find
//! them there.
//!
//! The same holds for the Omnipotence, run natively, which asks only whether the species
//! faced all differ: a situation that faced one twice, and whose working out asked only
//! that, is kept for every such situation (`key::repeated_key`). The mage's figures must
//! be those of the Omnipotence interpreted, with the Polymorph (which replaces the monster
//! being resolved) and without.

use dungeon_engine::action::DecisionKind;
use dungeon_engine::odds::{Chances, OddsCache, OddsSearch};
use dungeon_engine::{Catalog, DungeonSetup, Engine, Rules, TileId};
use dungeon_tests::catalog;

/// The situation `dungeon odds` makes of `adventurer` with `tiles` and `size` cards.
fn situation_of(
    catalog: &Catalog,
    adventurer: &str,
    tiles: &[TileId],
    size: usize,
) -> (DungeonSetup, Chances) {
    let found = catalog.find_adventurer(adventurer).expect("in the packs");
    let mut pool: Vec<_> = catalog.regular_deck().collect();
    pool.sort();
    let specials = catalog.specials_in_play as usize;
    let candidates: Vec<_> = catalog.special_monsters().collect();
    let deck = pool.len() + specials - size;
    let setup = DungeonSetup::unknown_cards(catalog, found, tiles.to_vec(), size, deck);
    let chances = Chances::new(catalog, size, &[], &pool, specials, &candidates);
    (setup, chances)
}

/// The odds of entering, then of each answer to the first question, on one cache.
fn figures(engine: &mut Engine, adventurer: &str, tiles: &[TileId], size: usize) -> Vec<u64> {
    let (setup, chances) = situation_of(&engine.catalog().clone(), adventurer, tiles, size);
    let mut cache = OddsCache::new();
    let entering = (OddsSearch::new(engine, &mut cache).entering(&setup, &chances))
        .expect("odds")
        .probability;
    let mut out = vec![entering.to_bits()];
    engine.set_analysis(true);
    let start = engine.dungeon(&setup, &mut Vec::new()).expect("dungeon");
    engine.set_analysis(false);
    if let Some(DecisionKind::Question(_)) = start.pending.as_ref().map(|d| &d.kind) {
        let options =
            (OddsSearch::new(engine, &mut cache).options(&start, &chances)).expect("options");
        out.extend(options.iter().map(|(_, p)| p.to_bits()));
    }
    out
}

#[test]
fn the_sceptre_kept_by_its_answers_gives_the_odds_of_taking_every_step() {
    let pairs = [
        ["royal_sceptre", "family_crown"],
        ["royal_sceptre", "dragon_leash"],
        ["royal_sceptre", "daddys_sword"],
    ];
    native_gives_the_interpreted_figures(&["sequel"], "princess", &pairs);
}

/// `adventurer`'s figures with all its tiles, then with each of `pairs`, at 3, 5 and 6
/// cards: the same bit for bit with the helpers run natively and interpreted.
fn native_gives_the_interpreted_figures(packs: &[&str], adventurer: &str, pairs: &[[&str; 2]]) {
    let mut native = Engine::new(catalog(packs)).unwrap();
    let mut interpreted = Engine::new(catalog(packs)).unwrap();
    interpreted.hooks_mut().set_native_helpers(false);
    let c = native.catalog().clone();
    let tile = |id: &str| c.find_tile(id).expect("one of the adventurer's tiles");
    let all = c
        .adventurer(c.find_adventurer(adventurer).unwrap())
        .tiles
        .clone();
    let sets = std::iter::once(all).chain(pairs.iter().map(|p| p.map(tile).to_vec()));
    for tiles in sets {
        for size in [3, 5, 6] {
            let a = figures(&mut native, adventurer, &tiles, size);
            let b = figures(&mut interpreted, adventurer, &tiles, size);
            assert_eq!(a, b, "{packs:?}, tiles {tiles:?}, {size} cards");
        }
    }
}

/// A cache restored from its entries (what a saved bot keeps) finds every figure it held,
/// those kept under a whole key too: searching again adds no situation.
#[test]
fn a_restored_cache_finds_the_figures_it_held() {
    finds_again(&["sequel"], "princess", 5);
}

/// `adventurer`'s odds with all its tiles and `size` cards, searched again on a cache
/// restored from the first search's entries: the same figure, no situation added.
fn finds_again(packs: &[&str], adventurer: &str, size: usize) {
    let mut engine = Engine::new(catalog(packs)).unwrap();
    let c = engine.catalog().clone();
    let found = c.find_adventurer(adventurer).expect("in the packs");
    let tiles = c.adventurer(found).tiles.clone();
    let (setup, chances) = situation_of(&c, adventurer, &tiles, size);
    let mut cache = OddsCache::new();
    let first =
        (OddsSearch::new(&mut engine, &mut cache).entering(&setup, &chances)).expect("odds");
    let mut restored = OddsCache::from_entries(cache.entries());
    let again = (OddsSearch::new(&mut engine, &mut restored).with_budget(0))
        .entering(&setup, &chances)
        .expect("every figure found where it was kept");
    assert_eq!(again.probability.to_bits(), first.probability.to_bits());
    assert_eq!(again.states, first.states);
}

#[test]
fn the_omnipotence_kept_by_its_answer_gives_the_odds_of_taking_every_step() {
    let pairs = [
        ["omnipotence", "polymorph"],
        ["omnipotence", "bracelet_of_protection"],
    ];
    for packs in [&["base"][..], &["base", "sequel"]] {
        native_gives_the_interpreted_figures(packs, "mage", &pairs);
    }
}

/// A restored cache finds the mage's figures too, those kept for every situation that
/// faced a species twice included.
#[test]
fn a_restored_cache_finds_the_figures_kept_for_a_species_faced_twice() {
    finds_again(&["base", "sequel"], "mage", 6);
}
