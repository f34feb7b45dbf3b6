//! The engines a game or odds thread keeps, one per catalog: the Lua host cannot leave
//! its thread, and is built once per thread and set of packs.

use dungeon_engine::Engine;
use dungeon_engine::catalog::Catalog;
use std::collections::HashMap;
use std::sync::Arc;

/// Engines one thread keeps at most.
const MOST_ENGINES: usize = 16;

/// This thread's engines, one per catalog (the Lua host is built once per thread): by its
/// fingerprint, which covers every pack file, since a pack brought to one table may share
/// its id with another table's.
#[derive(Default)]
pub(crate) struct Engines(HashMap<u64, Engine>);

impl Engines {
    pub fn get(&mut self, catalog: &Arc<Catalog>) -> Result<&mut Engine, String> {
        let key = catalog.fingerprint;
        if !self.0.contains_key(&key) {
            // Tables that bring their own packs each need an engine: past a few, the
            // others are dropped and built again when next needed, so memory stays bounded.
            if self.0.len() >= MOST_ENGINES {
                self.0.clear();
            }
            let engine = Engine::new(catalog.clone()).map_err(|d| d.to_string())?;
            self.0.insert(key, engine);
        }
        Ok(self.0.get_mut(&key).expect("just made"))
    }
}
