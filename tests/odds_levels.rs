//! The exact odds worked out level by level (`engine/src/odds/exact/levels/`) must be the
//! card-by-card search's to the bit: the odds of entering and of each answer to a first
//! question, the number of situations, and every entry the cache keeps (the searches
//! after it, and a saved bot, read them), for every adventurer of every pack and pack mix
//! at several sizes. The search must really run level by level for the adventurers named
//! below, or this test would compare the card-by-card search with itself: the princess
//! too, whose Royal Sceptre asks whether a species was faced (her odds then hang on the
//! history, and many situations are remembered under their whole key). The level-by-level
//! search works parts of a level out side by side: cutting every level into three parts
//! (more than the cores of the machines that run this) must find the same again.

use dungeon_engine::action::DecisionKind;
use dungeon_engine::odds::{Chances, OddsCache, OddsSearch};
use dungeon_engine::{AdventurerId, Catalog, DungeonSetup, Engine, Rules};
use dungeon_tests::catalog;

/// The situation `dungeon odds` makes of an adventurer with all its tiles and `size`
/// cards, none of them known.
fn situation(catalog: &Catalog, adventurer: AdventurerId, size: usize) -> (DungeonSetup, Chances) {
    let mut pool: Vec<_> = catalog.regular_deck().collect();
    pool.sort();
    let specials = catalog.specials_in_play as usize;
    let candidates: Vec<_> = catalog.special_monsters().collect();
    let deck = pool.len() + specials - size;
    let tiles = catalog.adventurer(adventurer).tiles.clone();
    let setup = DungeonSetup::unknown_cards(catalog, adventurer, tiles, size, deck);
    let chances = Chances::new(catalog, size, &[], &pool, specials, &candidates);
    (setup, chances)
}

/// What one way of searching found: the figures (as bits), the situations and the cache's
/// entries.
#[derive(Debug, PartialEq)]
struct Found {
    figures: Vec<u64>,
    states: usize,
    entries: Vec<(u64, u64)>,
}

/// How to search: card by card, or level by level with each level cut into this many
/// parts (`None`: as many as the machine has cores, once a level is big enough).
#[derive(Copy, Clone)]
enum Way {
    CardByCard,
    Levels(Option<usize>),
}

fn search(
    engine: &mut Engine,
    adventurer: AdventurerId,
    size: usize,
    way: Way,
) -> Result<(Found, bool), String> {
    let (setup, chances) = situation(&engine.catalog().clone(), adventurer, size);
    let mut cache = OddsCache::new();
    let card_by_card = matches!(way, Way::CardByCard);
    let mut search = OddsSearch::new(engine, &mut cache).card_by_card(card_by_card);
    if let Way::Levels(Some(parts)) = way {
        search = search.level_parts(parts);
    }
    // (A script that draws random numbers fails both ways alike: the figures are sampled.)
    let odds = search
        .entering(&setup, &chances)
        .map_err(|e| format!("{e:?}"))?;
    let by_levels = search.worked_by_levels();
    drop(search);
    let mut figures = vec![odds.probability.to_bits()];
    engine.set_analysis(true);
    let start = engine.dungeon(&setup, &mut Vec::new()).expect("dungeon");
    engine.set_analysis(false);
    if let Some(DecisionKind::Question(_)) = start.pending.as_ref().map(|d| &d.kind) {
        let options = OddsSearch::new(engine, &mut cache)
            .card_by_card(card_by_card)
            .options(&start, &chances)
            .map_err(|e| format!("{e:?}"))?;
        figures.extend(options.iter().map(|(_, p)| p.to_bits()));
    }
    let entries = cache
        .entries()
        .into_iter()
        .map(|(k, v)| (k, v.to_bits()))
        .collect();
    let found = Found {
        figures,
        states: odds.states,
        entries,
    };
    Ok((found, by_levels))
}

#[test]
fn level_by_level_finds_what_card_by_card_finds() {
    let mixes: [&[&str]; 5] = [
        &["base"],
        &["sequel"],
        &["mandom"],
        &["base", "alchemy"],
        &["base", "sequel"],
    ];
    let mut by_levels = Vec::new();
    let mut gave_way = Vec::new();
    for packs in mixes {
        let mut engine = Engine::new(catalog(packs)).unwrap();
        let c = engine.catalog().clone();
        for a in 0..c.adventurers.len() {
            let adventurer = AdventurerId(a as u16);
            let name = &c.adventurer(adventurer).info.id;
            for size in [1, 3, 5] {
                let label = format!("{} {name} {size} cards", packs.join("+"));
                let cards = search(&mut engine, adventurer, size, Way::CardByCard);
                let split = search(&mut engine, adventurer, size, Way::Levels(Some(3)));
                let levels = search(&mut engine, adventurer, size, Way::Levels(None));
                match (&split, &levels) {
                    (Ok(split), Ok(levels)) => assert!(split == levels, "{label}: cut in three"),
                    (split, levels) => assert_eq!(split.as_ref().err(), levels.as_ref().err()),
                }
                let ((levels, ran), (cards, _)) = match (levels, cards) {
                    (Ok(levels), Ok(cards)) => (levels, cards),
                    (levels, cards) => {
                        assert_eq!(levels.err(), cards.err(), "{label}");
                        continue;
                    }
                };
                assert_eq!(levels.figures, cards.figures, "{label}: figures");
                assert_eq!(levels.states, cards.states, "{label}: situations");
                assert!(
                    levels.entries == cards.entries,
                    "{label}: the caches differ ({} entries level by level, {} card by card)",
                    levels.entries.len(),
                    cards.entries.len()
                );
                let label = format!("{} {name}", packs.join("+"));
                if ran { &mut by_levels } else { &mut gave_way }.push(label);
            }
        }
    }
    // Worked out level by level, at every size: the princess's Royal Sceptre asks whether
    // species were faced (and her Daddy's Sword's question reads who answers it).
    for expected in [
        "base warrior",
        "base rogue",
        "sequel bard",
        "sequel ninja",
        "sequel princess",
        "base+sequel princess",
        "mandom mandom_hero",
    ] {
        let times = by_levels.iter().filter(|l| *l == expected).count();
        assert_eq!(
            times, 3,
            "{expected} was not worked out level by level at every size: {gave_way:?}"
        );
    }
}

/// The princess over more cards, where a monster's species was faced before more often:
/// her reveals ask, and so do the answers of questions asked on the way (answered in each
/// group for the species it faced before the monster being resolved), some of them not
/// remembered by the card-by-card search. The same figures and entries, by levels on one
/// thread and cut in three.
#[test]
fn the_princess_over_seven_cards_is_found_alike() {
    let mut engine = Engine::new(catalog(&["sequel"])).unwrap();
    let princess = engine.catalog().find_adventurer("princess").unwrap();
    let (cards, _) = search(&mut engine, princess, 7, Way::CardByCard).unwrap();
    for parts in [1, 3] {
        let (levels, ran) = search(&mut engine, princess, 7, Way::Levels(Some(parts))).unwrap();
        assert!(ran, "not worked out level by level");
        assert_eq!(levels.figures, cards.figures, "{parts} parts");
        assert_eq!(levels.states, cards.states, "{parts} parts");
        assert!(
            levels.entries == cards.entries,
            "{parts} parts: the caches differ"
        );
    }
}

/// Past the memory its lists may take, the level-by-level search gives way to the
/// card-by-card one, which finds the same.
#[test]
fn level_by_level_gives_way_past_its_memory() {
    let mut engine = Engine::new(catalog(&["sequel"])).unwrap();
    let c = engine.catalog().clone();
    let bard = c.find_adventurer("bard").unwrap();
    let (setup, chances) = situation(&c, bard, 5);
    let mut figures = Vec::new();
    for words in [usize::MAX, 1_000] {
        let mut cache = OddsCache::new();
        let mut search = OddsSearch::new(&mut engine, &mut cache).level_words(words);
        let odds = search.entering(&setup, &chances).unwrap();
        assert_eq!(
            search.worked_by_levels(),
            words == usize::MAX,
            "{words} words"
        );
        drop(search);
        figures.push((odds.probability.to_bits(), odds.states, cache.entries()));
    }
    assert!(figures[0] == figures[1]);
}

/// What a search found (its odds as bits, its situations, the cache's entries) or its
/// error.
type Ended = Result<(u64, usize, Vec<(u64, f64)>), String>;

/// The steps the twins of the engine take count against the search's work limit as if
/// the engine had taken them: whatever the limit, cutting the levels in three (each
/// wave of steps on three twins) must stop where one part stops, or finish alike.
#[test]
fn twins_spend_the_work_the_engine_would() {
    let mut engine = Engine::new(catalog(&["sequel"])).unwrap();
    let c = engine.catalog().clone();
    let mut run = |name: &str, parts: usize, work: Option<u64>| {
        let adventurer = c.find_adventurer(name).unwrap();
        let (setup, chances) = situation(&c, adventurer, 6);
        let start = engine.hooks_steps_spent();
        engine.set_work_limit(work.map(|w| start + w));
        let mut cache = OddsCache::new();
        let mut search = OddsSearch::new(&mut engine, &mut cache).level_parts(parts);
        let odds = search.entering(&setup, &chances);
        assert!(search.worked_by_levels() || odds.is_err(), "{name}");
        drop(search);
        engine.set_work_limit(None);
        let found = odds.map(|o| (o.probability.to_bits(), o.states, cache.entries()));
        (
            found.map_err(|e| format!("{e:?}")),
            engine.hooks_steps_spent() - start,
        )
    };
    for name in ["bard", "ninja", "necromancer", "princess"] {
        let (whole, spent) = run(name, 1, None);
        assert!(whole.is_ok(), "{name}: {whole:?}");
        // The twins' steps are theirs: the engine's own count grows only by its own.
        let (split, spent_split) = run(name, 3, None);
        assert!(split == whole, "{name}: cut in three");
        assert!(spent_split <= spent, "{name}: {spent_split} > {spent}");
        assert!(
            spent > 0,
            "{name}'s tiles run no script: this test would prove nothing"
        );
        for work in [spent / 3, spent / 2, spent - 1, spent, spent + 1] {
            let one = run(name, 1, Some(work)).0;
            let three = run(name, 3, Some(work)).0;
            let brief = |f: &Ended| match f {
                Ok((odds, states, _)) => {
                    format!("{} over {states} situations", f64::from_bits(*odds))
                }
                Err(e) => e.clone(),
            };
            assert!(
                one == three,
                "{name} with {work} of {spent} steps: {} / {}",
                brief(&one),
                brief(&three)
            );
        }
    }
}
