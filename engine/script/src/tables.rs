//! Lua values the host makes once and hands to every hook: id strings, monster tables
//! (frozen, with a locked metatable) and remembered texts. Kept in caches, which are the
//! host's bookkeeping: making them is not counted against the running script's memory,
//! since whether a value is cached depends on what the host ran before.

use super::meter::Meter;
use crate::catalog::Catalog;
use crate::dungeon::Faced;
use crate::ids::*;
use mlua::{Lua, Table, ffi};
use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;
use std::os::raw::c_int;
use std::rc::Rc;
use std::sync::Arc;

/// Monster tables and texts kept past this many are dropped.
const TABLE_CACHE_LIMIT: usize = 4096;

/// What a monster table shows: monster, species, strength, position, defeated, HP at reveal.
type MonsterKey = (MonsterId, Option<SpeciesId>, Option<i32>, u8, bool, i32);

/// Lua strings for every id, made once so hooks get them without allocating.
pub(crate) struct IdStrings {
    pub tiles: Vec<mlua::LuaString>,
    pub monsters: Vec<mlua::LuaString>,
    pub species: Vec<mlua::LuaString>,
    /// Each ruling's choice ids, by catalog index.
    pub rulings: Vec<Vec<mlua::LuaString>>,
    /// The ids above by the address of their Lua string: Luau interns strings, so an id a
    /// script passes back is found without reading its text (the text is the fallback).
    species_at: HashMap<usize, SpeciesId>,
    tiles_at: HashMap<usize, TileId>,
    rulings_at: HashMap<usize, usize>,
    /// The ruling ids' strings, kept alive: an address names a text only while its string
    /// lives (once collected, another string may be made at the same address).
    _ruling_ids: Vec<mlua::LuaString>,
    /// Frozen templates of `ctx.species()` and `ctx.regular_species()` (the species of
    /// the regular monsters, see `Catalog::regular_species`), copied per call.
    pub species_list: Table,
    pub regular_species_list: Table,
    /// The monster tables' metatable (see [`IdStrings::monster_table`]).
    monster_meta: Table,
    /// Shared with the running hook call (`Rc`), which passes its monster by reference.
    monster_tables: RefCell<HashMap<MonsterKey, Rc<Table>>>,
    /// Each kept text's string and its reference in the registry (see [`IdStrings::push`]).
    texts: RefCell<HashMap<Arc<str>, (mlua::LuaString, c_int)>>,
    /// Registry references of the species ids, of each ruling's choice ids and of the two
    /// damage models' ids, for the quick paths.
    species_refs: Vec<c_int>,
    choice_refs: Vec<Vec<c_int>>,
    pub model_strings: [mlua::LuaString; 2],
    model_refs: [c_int; 2],
    meter: Rc<Meter>,
}

impl IdStrings {
    /// The table hooks see for a monster: id, species, strength, position, defeated, the HP
    /// at its reveal. Read-only, so one hook cannot leave marks on it for another, and so
    /// it can be shared: the same monster state comes back again and again (several hooks
    /// per card, and every branch of an odds search), so tables are kept by content.
    pub fn monster_table(&self, lua: &Lua, f: &Faced) -> mlua::Result<Rc<Table>> {
        let key = (
            f.monster,
            f.species,
            f.strength,
            f.position,
            f.is_defeated(),
            f.hp_at_reveal,
        );
        if let Some(t) = self.monster_tables.borrow().get(&key) {
            return Ok(t.clone());
        }
        let _host = self.meter.pause();
        let table = lua.create_table_with_capacity(0, 6)?;
        table.raw_set("id", self.monsters[f.monster.ix()].clone())?;
        table.raw_set("species", f.species.map(|s| self.species[s.ix()].clone()))?;
        table.raw_set("strength", f.strength)?;
        table.raw_set("position", f.position)?;
        table.raw_set("defeated", f.is_defeated())?;
        table.raw_set("hp_at_reveal", f.hp_at_reveal)?;
        table.set_metatable(Some(self.monster_meta.clone()))?;
        table.set_readonly(true);
        let mut cache = self.monster_tables.borrow_mut();
        if cache.len() >= TABLE_CACHE_LIMIT {
            cache.clear();
        }
        let table = Rc::new(table);
        cache.insert(key, table.clone());
        Ok(table)
    }

    /// A Lua string for a remembered text, made once (species ids come back on every reveal).
    pub fn text(&self, lua: &Lua, text: &Arc<str>) -> mlua::Result<mlua::LuaString> {
        if let Some((s, _)) = self.texts.borrow().get(text) {
            return Ok(s.clone());
        }
        let _host = self.meter.pause();
        let s = lua.create_string(text.as_bytes())?;
        let r = registry_ref(lua, &s)?;
        let mut cache = self.texts.borrow_mut();
        if cache.len() >= TABLE_CACHE_LIMIT {
            let refs: Vec<c_int> = cache.drain().map(|(_, (_, r))| r).collect();
            // SAFETY: each reference was made by `registry_ref` and is dropped once.
            unsafe {
                lua.exec_raw::<()>((), |state| {
                    refs.iter().for_each(|&r| {
                        ffi::lua_unref(state, r);
                    })
                })?;
            }
        }
        cache.insert(text.clone(), (s.clone(), r));
        Ok(s)
    }

    /// The registry reference of a kept text, if it is kept.
    pub fn text_ref(&self, text: &Arc<str>) -> Option<c_int> {
        self.texts.borrow().get(text).map(|&(_, r)| r)
    }

    pub fn species_ref(&self, s: SpeciesId) -> c_int {
        self.species_refs[s.ix()]
    }

    pub fn choice_ref(&self, ruling: usize, choice: usize) -> Option<c_int> {
        self.choice_refs.get(ruling)?.get(choice).copied()
    }

    pub fn model_ref(&self, model: crate::catalog::DamageModel) -> c_int {
        self.model_refs[model as usize]
    }

    /// Pushes the value of registry reference `r` (one of the above): no string to find
    /// or make, nothing allocated.
    ///
    /// # Safety
    /// `state` is a thread of this host's Lua state with a free stack slot.
    pub unsafe fn push(state: *mut ffi::lua_State, r: c_int) {
        unsafe {
            ffi::lua_rawgeti(state, ffi::LUA_REGISTRYINDEX, r as _);
        }
    }

    /// The species whose id is this very Lua string, if it is one.
    pub fn species_at(&self, s: &mlua::LuaString) -> Option<SpeciesId> {
        self.species_at_address(s.to_pointer() as usize)
    }

    /// The species whose id is the Lua string at this address, if it is one.
    pub fn species_at_address(&self, address: usize) -> Option<SpeciesId> {
        self.species_at.get(&address).copied()
    }

    /// The tile whose id is this very Lua string, if it is one.
    pub fn tile_at(&self, s: &mlua::LuaString) -> Option<TileId> {
        self.tile_at_address(s.to_pointer() as usize)
    }

    /// The tile whose id is the Lua string at this address, if it is one.
    pub fn tile_at_address(&self, address: usize) -> Option<TileId> {
        self.tiles_at.get(&address).copied()
    }

    /// The catalog index of the ruling whose id is the Lua string at this address, if it
    /// is one.
    pub fn ruling_at_address(&self, address: usize) -> Option<usize> {
        self.rulings_at.get(&address).copied()
    }

    pub fn new(lua: &Lua, catalog: &Catalog, meter: Rc<Meter>) -> mlua::Result<IdStrings> {
        let strings = |ids: &mut dyn Iterator<Item = &String>| {
            ids.map(|id| lua.create_string(id))
                .collect::<mlua::Result<Vec<_>>>()
        };
        let addresses = |strings: &[mlua::LuaString]| -> Vec<usize> {
            strings.iter().map(|s| s.to_pointer() as usize).collect()
        };
        let frozen = |strings: &[mlua::LuaString]| -> mlua::Result<Table> {
            let t = lua.create_sequence_from(strings.iter().cloned())?;
            t.set_readonly(true);
            Ok(t)
        };
        let tiles = strings(&mut catalog.tiles.iter().map(|t| &t.info.id))?;
        let species = strings(&mut catalog.species.iter().map(|s| &s.id))?;
        let regular_species = strings(
            &mut catalog
                .regular_species()
                .map(|s| &catalog.species_def(s).id),
        )?;
        let ruling_ids = strings(&mut catalog.rulings.iter().map(|r| &r.id))?;
        let refs = |strings: &[mlua::LuaString]| -> mlua::Result<Vec<c_int>> {
            strings.iter().map(|s| registry_ref(lua, s)).collect()
        };
        let rulings: Vec<Vec<mlua::LuaString>> = catalog
            .rulings
            .iter()
            .map(|r| strings(&mut r.choices.iter().map(|c| &c.id)))
            .collect::<mlua::Result<_>>()?;
        use crate::catalog::DamageModel;
        let model_strings =
            [DamageModel::EndTotal, DamageModel::Running].map(|m| lua.create_string(m.id()));
        let [end_total, running] = model_strings;
        let model_strings = [end_total?, running?];
        Ok(IdStrings {
            species_refs: refs(&species)?,
            choice_refs: rulings
                .iter()
                .map(|c| refs(c))
                .collect::<mlua::Result<_>>()?,
            model_refs: [
                registry_ref(lua, &model_strings[0])?,
                registry_ref(lua, &model_strings[1])?,
            ],
            model_strings,
            species_at: (addresses(&species).into_iter())
                .zip((0..).map(SpeciesId))
                .collect(),
            tiles_at: (addresses(&tiles).into_iter())
                .zip((0..).map(TileId))
                .collect(),
            rulings_at: addresses(&ruling_ids).into_iter().zip(0..).collect(),
            _ruling_ids: ruling_ids,
            species_list: frozen(&species)?,
            regular_species_list: frozen(&regular_species)?,
            tiles,
            monsters: strings(&mut catalog.monsters.iter().map(|m| &m.info.id))?,
            species,
            rulings,
            monster_meta: super::sandbox::strict_table(
                lua,
                "a monster has no field",
                &["species", "strength"],
            )?,
            monster_tables: RefCell::new(HashMap::default()),
            texts: RefCell::new(HashMap::default()),
            meter,
        })
    }
}

/// A registry reference to `s` (kept until unreferenced, so the string stays alive).
fn registry_ref(lua: &Lua, s: &mlua::LuaString) -> mlua::Result<c_int> {
    // SAFETY: `exec_raw` pushes the string at index 1 and runs this protected; it leaves
    // only the reference number.
    let r = unsafe {
        lua.exec_raw::<i64>(s, |state| {
            let r = ffi::lua_ref(state, 1);
            ffi::lua_settop(state, 0);
            ffi::lua_pushinteger(state, r as _);
        })?
    };
    Ok(r as c_int)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The string at the top of the stack after pushing reference `r`.
    fn pushed(lua: &Lua, r: c_int) -> String {
        // SAFETY: pushes one value in a protected call, which returns it.
        unsafe { lua.exec_raw::<String>((), |state| IdStrings::push(state, r)) }.unwrap()
    }

    /// Kept texts are pushed by reference, and the references of texts dropped from the
    /// full cache are given back (the registry does not grow with every text ever kept).
    #[test]
    fn text_references_push_their_text_and_are_released_with_the_cache() {
        let catalog = {
            use crate::catalog::{DiskFiles, PackLibrary};
            let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
            let mut lib = PackLibrary::new();
            lib.load_in(&DiskFiles, root, &format!("{root}/cards/base.toml"))
                .expect("the base pack loads");
            std::sync::Arc::new(lib.catalog(&["base"]).expect("catalog").0)
        };
        let lua = Lua::new();
        let ids = IdStrings::new(&lua, &catalog, Rc::new(Meter::new())).unwrap();
        let golem = catalog.find_species("golem").unwrap();
        assert_eq!(pushed(&lua, ids.species_ref(golem)), "golem");
        let (vorpal, _) = (catalog.rulings.iter().enumerate())
            .find(|(_, r)| r.id == "vorpal_species")
            .unwrap();
        let any = &catalog.rulings[vorpal].choices[1].id;
        assert_eq!(&pushed(&lua, ids.choice_ref(vorpal, 1).unwrap()), any);
        let model = crate::catalog::DamageModel::Running;
        assert_eq!(pushed(&lua, ids.model_ref(model)), "running");

        let first: Arc<str> = "text 0".into();
        ids.text(&lua, &first).unwrap();
        assert_eq!(pushed(&lua, ids.text_ref(&first).unwrap()), "text 0");
        let before = lua.used_memory();
        for i in 1..4 * TABLE_CACHE_LIMIT {
            let text: Arc<str> = format!("text {i}").into();
            ids.text(&lua, &text).unwrap();
            assert_eq!(pushed(&lua, ids.text_ref(&text).unwrap()), *text);
        }
        assert_eq!(ids.text_ref(&first), None, "dropped with the full cache");
        lua.gc_collect().unwrap();
        // One cache's worth of strings and references at most, not four. Measured: 0.42 to
        // 0.54 MB (it varies from run to run: the string table's growth), and 1.5 MB with
        // the references never given back; the bound lies between.
        assert!(
            lua.used_memory() < before + 3 * TABLE_CACHE_LIMIT * 64,
            "{} bytes more",
            lua.used_memory() - before
        );
    }
}
