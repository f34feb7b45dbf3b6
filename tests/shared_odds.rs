//! Searches that share exact odds across games (`Engine::share_odds`, as the simulator
//! runs) must leave every bot's decisions as they are without it (`engine/src/odds/
//! shared.rs`): these tests play the same games on an engine that shares, warm from the
//! games before, and on one that does not, and require the same events, decisions and
//! final states. With packs whose hooks read what a situation's key leaves out (the
//! order of the monsters faced), sharing must stop by itself.

use dungeon_bots::BotKind;
use dungeon_engine::ids::{AdventurerId, MonsterId};
use dungeon_engine::odds::{Chances, OddsCache, OddsSearch};
use dungeon_engine::options::GameOptions;
use dungeon_engine::{DungeonSetup, Engine, Rules};
use dungeon_tests::{catalog, game_lines, varied_options};

/// Plays `games` games both ways, with these player counts in turn; returns the engine
/// that shared.
fn same_games(packs: &[&str], kinds: &[BotKind], games: u64, players: &[u8]) -> Engine {
    let mut sharing = Engine::new(catalog(packs)).unwrap();
    sharing.share_odds(true);
    let mut alone = Engine::new(catalog(packs)).unwrap();
    for i in 0..games {
        let n = players[i as usize % players.len()];
        let options = GameOptions {
            players: n,
            ..varied_options(n, i / players.len() as u64)
        };
        let seed = 11_000 + i;
        let a = game_lines(&mut sharing, &options, seed, kinds);
        let b = game_lines(&mut alone, &options, seed, kinds);
        if a != b {
            let at = (a.iter().zip(&b))
                .position(|(x, y)| x != y)
                .unwrap_or(a.len().min(b.len()));
            panic!(
                "packs {packs:?}, {options:?}, seed {seed}: the game differs when odds are shared, from line {at}:\n  shared: {:?}\n  alone:  {:?}",
                a.get(at),
                b.get(at)
            );
        }
    }
    sharing
}

fn still_sharing(engine: &mut Engine) -> bool {
    match engine.lend_shared_odds() {
        Some(table) => {
            let filled = !table.is_empty();
            engine.return_shared_odds(table);
            assert!(filled, "the engine shared nothing");
            true
        }
        None => false,
    }
}

#[test]
fn rules_bots_decide_the_same_with_shared_odds_at_two_players() {
    // The balance lab's usual study; enough games for situations to come back often.
    let mut engine = same_games(&["base"], &[BotKind::Rules], 20, &[2]);
    assert!(still_sharing(&mut engine));
}

#[test]
fn rules_bots_decide_the_same_with_shared_odds_at_three_and_four_players() {
    let mut engine = same_games(&["base"], &[BotKind::Rules], 8, &[3, 4]);
    assert!(still_sharing(&mut engine));
}

#[test]
fn rules_bots_decide_the_same_with_shared_odds_with_the_sequel() {
    same_games(&["base", "sequel"], &[BotKind::Rules], 4, &[2, 3]);
    same_games(&["sequel"], &[BotKind::Rules], 2, &[2, 4]);
}

#[test]
fn sharing_stops_when_a_hook_reads_the_order_of_the_monsters_faced() {
    // The example pack's Homunculus copies the monster faced before it (`ctx.faced()`).
    let mut engine = same_games(
        &["base", "alchemy"],
        &[BotKind::Rules, BotKind::Random],
        8,
        &[2, 3],
    );
    assert!(!still_sharing(&mut engine));
}

#[test]
fn hard_bots_decide_the_same_with_shared_odds() {
    // IS-MCTS plays rounds out with rules bots of its own, which search too.
    same_games(
        &["base"],
        &[BotKind::Ismcts(60), BotKind::Rules],
        3,
        &[2, 3],
    );
}

/// A dungeon of `size` unknown cards for the base box's first adventurer, every regular
/// monster once or twice in the unseen pool: big enough that a bounded search gives up.
fn big_dungeon(engine: &Engine, size: usize) -> (DungeonSetup, Chances) {
    let catalog = engine.catalog().clone();
    let adventurer = AdventurerId(0);
    let pool: Vec<MonsterId> = (0..catalog.monsters.len())
        .filter(|&m| !catalog.monsters[m].special)
        .flat_map(|m| std::iter::repeat_n(MonsterId(m as u16), 1 + m % 2))
        .collect();
    let tiles = catalog.adventurer(adventurer).tiles.clone();
    let setup = DungeonSetup::unknown_cards(&catalog, adventurer, tiles, size, pool.len() - size);
    let chances = Chances::new(&catalog, size, &[], &pool, 0, &[]);
    (setup, chances)
}

/// What a bounded search leaves: its figure (or that it gave up) and the cache.
fn bounded(engine: &mut Engine, cache: &mut OddsCache, size: usize, budget: usize) -> String {
    let (setup, chances) = big_dungeon(engine, size);
    let odds = OddsSearch::new(engine, cache)
        .with_budget(budget)
        .entering(&setup, &chances)
        .map(|o| o.probability);
    format!("{odds:?} {:?}", cache.entries())
}

/// Two engines, one sharing odds and one not.
fn sharing_and_alone() -> (Engine, Engine) {
    let mut sharing = Engine::new(catalog(&["base"])).unwrap();
    sharing.share_odds(true);
    (sharing, Engine::new(catalog(&["base"])).unwrap())
}

/// A bounded search of the 7-card dungeon on both engines, each with a fresh cache first
/// filled by an unbounded search of a `warm`-card dungeon on `warm_on(sharing)`'s engine:
/// the figures and caches must be the same.
fn same_search(
    engines: &mut (Engine, Engine),
    warm: Option<usize>,
    on_sharing: bool,
    budget: usize,
) {
    let (sharing, alone) = engines;
    let (mut a, mut b) = (OddsCache::new(), OddsCache::new());
    if let Some(size) = warm {
        let first = if on_sharing {
            &mut *sharing
        } else {
            &mut *alone
        };
        bounded(first, &mut a, size, usize::MAX);
        bounded(alone, &mut b, size, usize::MAX);
    }
    let (shared, own) = (
        bounded(sharing, &mut a, 7, budget),
        bounded(alone, &mut b, 7, budget),
    );
    assert!(
        shared == own,
        "budget {budget}, cache warmed by a dungeon of {warm:?}: the search differs with the shared table\n{}\n{}",
        &shared[..shared.len().min(300)],
        &own[..own.len().min(300)]
    );
}

#[test]
fn a_shared_search_gives_up_where_the_bots_own_search_would() {
    let mut engines = sharing_and_alone();
    // The shared table holds the whole search, found with no budget.
    let (setup, chances) = big_dungeon(&engines.0, 7);
    let whole = OddsSearch::new(&mut engines.0, &mut OddsCache::new())
        .entering(&setup, &chances)
        .unwrap();
    assert!(whole.states > 400, "too small a search: {}", whole.states);
    // Bots with other caches search it again, within budgets it does not fit in: each
    // must give up at the same point, with the same cache, as without the table (and a
    // cache started from another search replays only what it lacks).
    for warm in [None, Some(4), Some(6)] {
        for budget in [1, 10, 60, 150, 399, whole.states + 10] {
            same_search(&mut engines, warm, true, budget);
        }
    }
    assert!(still_sharing(&mut engines.0));
}

#[test]
fn a_shared_situation_missing_a_lookup_is_searched_again() {
    // A cache filled without the table (a saved bot, or an engine not sharing) lets the
    // table record situations whose lookups it never got; replaying one stops there, and
    // the search runs as it would have, from the cache as it was.
    let mut engines = sharing_and_alone();
    let mut elsewhere = OddsCache::new();
    bounded(&mut engines.1, &mut elsewhere, 7, 100);
    bounded(&mut engines.0, &mut elsewhere, 7, usize::MAX);
    for budget in [10, 150, 100_000] {
        for warm in [None, Some(5)] {
            same_search(&mut engines, warm, false, budget);
        }
    }
}

/// The princess's dungeon of `size` unknown cards, as `dungeon odds` makes it, without
/// Daddy's Sword: her situations are kept under their whole key (the Royal Sceptre reads
/// what came before).
fn princess_dungeon(engine: &Engine, size: usize) -> (DungeonSetup, Chances) {
    let catalog = engine.catalog().clone();
    let princess = catalog.find_adventurer("princess").expect("in the sequel");
    // Not Daddy's Sword: another player names its species, and a seat is not in a
    // situation's key (sharing would stop).
    let sword = catalog.find_tile("daddys_sword");
    let tiles: Vec<_> = (catalog.adventurer(princess).tiles.iter())
        .copied()
        .filter(|&t| Some(t) != sword)
        .collect();
    let mut pool: Vec<MonsterId> = catalog.regular_deck().collect();
    pool.sort();
    let specials = catalog.specials_in_play as usize;
    let candidates: Vec<MonsterId> = catalog.special_monsters().collect();
    let deck = pool.len() + specials - size;
    let setup = DungeonSetup::unknown_cards(&catalog, princess, tiles, size, deck);
    let chances = Chances::new(&catalog, size, &[], &pool, specials, &candidates);
    (setup, chances)
}

#[test]
fn figures_replayed_under_a_whole_key_are_found_there_again() {
    // A search replays the table's figures (some under whole keys) into a bot's cache; the
    // bot's next search over that cache, shared table or not, must find them there:
    // searching the same dungeon again adds no situation.
    let mut sharing = Engine::new(catalog(&["sequel"])).unwrap();
    sharing.share_odds(true);
    let mut alone = Engine::new(catalog(&["sequel"])).unwrap();
    let (setup, chances) = princess_dungeon(&sharing, 5);
    let first = OddsSearch::new(&mut sharing, &mut OddsCache::new())
        .entering(&setup, &chances)
        .unwrap();
    let mut cache = OddsCache::new();
    let replayed = OddsSearch::new(&mut sharing, &mut cache)
        .entering(&setup, &chances)
        .unwrap();
    assert_eq!(replayed.states, first.states, "the whole search replayed");
    let again = OddsSearch::new(&mut alone, &mut cache)
        .with_budget(0)
        .entering(&setup, &chances)
        .expect("every replayed figure found where it was kept");
    assert_eq!(again.probability.to_bits(), first.probability.to_bits());
    assert!(still_sharing(&mut sharing));
}
