use dungeon_engine::Engine;
use dungeon_engine::DungeonSetup;
use dungeon_engine::ids::MonsterId;
use dungeon_engine::odds::{Chances, OddsCache, OddsSearch};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use std::time::Instant;
#[path = "../benches/support/mod.rs"]
mod support;
fn main() {
    let packs: Vec<String> = std::env::args().nth(1).unwrap_or("base".into()).split(',').map(String::from).collect();
    let p: Vec<&str> = packs.iter().map(|s| s.as_str()).collect();
    let catalog = support::catalog(&p);
    let mut engine = Engine::new(catalog.clone()).expect("engine");
    let deck: Vec<MonsterId> = catalog.regular_deck().collect();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut cache = OddsCache::new();
    for a in catalog.adventurer_ids() {
        let adv = catalog.adventurer(a);
        let start = Instant::now();
        let before = cache.len();
        let n = 300;
        let mut tot = 0.0;
        for _ in 0..n {
            let size = rng.random_range(1..=10usize);
            let mut d = deck.clone();
            let mut ms = vec![];
            for _ in 0..size { let i = rng.random_range(0..d.len()); ms.push(d.swap_remove(i)); }
            let mut tiles = adv.tiles.clone();
            let drop = rng.random_range(0..3usize);
            for _ in 0..drop { let i = rng.random_range(0..tiles.len()); tiles.remove(i); }
            let mut setup = DungeonSetup::unknown_cards(&catalog, a, tiles, size, 0);
            setup.damage_model = Some(catalog.damage_model);
            let chances = Chances::new(&catalog, size, &ms, &[], 0, &[]);
            let o = OddsSearch::new(&mut engine, &mut cache).entering(&setup, &chances).expect("odds");
            tot += o.probability;
        }
        println!("{:?}: {} s-queries in {:?}, {} new states, mean {:.3}", adv.info.id, n, start.elapsed(), cache.len()-before, tot/n as f64);
    }
}
