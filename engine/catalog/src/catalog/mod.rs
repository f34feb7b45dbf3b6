//! The catalog: every card definition of the packs in play, interned and checked.
//! It is immutable once built and shared (`Arc`) by the engine, the script host and
//! the front ends; game states refer into it by index.

mod defs;
mod diag;
mod files;
mod intern;
pub mod limits;
mod merge;
mod parse;
mod read;
mod rulings;
pub use rulings::VARIANT_RULING;
mod scan;
mod schema;
mod suggest;
mod texts;

pub use defs::*;
pub use diag::{Detail, Diagnostic, Diagnostics, LineIndex, Severity, Spot, locate};
pub use files::{
    DiskFiles, FileSource, MemoryFiles, ReadError, join, normalize, open_regular_file, parent,
    read_regular_bytes, read_regular_file, within,
};
pub use parse::BrokenIds;
pub use read::{ENGINE_API, LoadedPack, read_pack};
pub use suggest::{closest, did_you_mean};

use crate::ids::*;
use crate::lang::LocalText;
use std::collections::BTreeMap;
use std::sync::Arc;

#[derive(Debug, Default)]
pub struct Catalog {
    pub packs: Vec<PackInfo>,
    pub monsters: Vec<MonsterDef>,
    pub tiles: Vec<TileDef>,
    pub adventurers: Vec<AdventurerDef>,
    pub species: Vec<SpeciesDef>,
    /// The rulings the packs declare, in load order (each id once).
    pub rulings: Vec<RulingDef>,
    /// The damage model the packs declare (the sequel's when they disagree).
    pub damage_model: DamageModel,
    /// How many special monsters join the deck at setup.
    pub specials_in_play: u8,
    /// Hash of every pack file and script, to tie a save file to the packs it was made with.
    pub fingerprint: u64,
    monster_index: BTreeMap<String, MonsterId>,
    tile_index: BTreeMap<String, TileId>,
    adventurer_index: BTreeMap<String, AdventurerId>,
    // Hashed: scripts' species and rulings are looked up by name at hook calls.
    species_index: rustc_hash::FxHashMap<String, SpeciesId>,
    ruling_index: rustc_hash::FxHashMap<String, usize>,
    messages: BTreeMap<(PackId, String), LocalText>,
    species_by_strength: BTreeMap<i32, SpeciesId>,
}

impl Default for DamageModel {
    fn default() -> Self {
        DamageModel::EndTotal
    }
}

impl Catalog {
    /// Every card of the regular monster deck (special monsters left out), each copy once,
    /// in catalog order.
    pub fn regular_deck(&self) -> impl Iterator<Item = MonsterId> + '_ {
        self.monsters
            .iter()
            .enumerate()
            .filter(|(_, m)| !m.special)
            .flat_map(|(i, m)| std::iter::repeat_n(MonsterId(i as u16), m.copies as usize))
    }

    /// The kinds of special monster the packs define (each may be dealt in with the deck).
    pub fn special_monsters(&self) -> impl Iterator<Item = MonsterId> + '_ {
        (0..self.monsters.len() as u16)
            .map(MonsterId)
            .filter(|&m| self.monster(m).special)
    }

    pub fn monster(&self, id: MonsterId) -> &MonsterDef {
        &self.monsters[id.ix()]
    }
    pub fn tile(&self, id: TileId) -> &TileDef {
        &self.tiles[id.ix()]
    }
    pub fn adventurer(&self, id: AdventurerId) -> &AdventurerDef {
        &self.adventurers[id.ix()]
    }
    pub fn species_def(&self, id: SpeciesId) -> &SpeciesDef {
        &self.species[id.ix()]
    }
    pub fn find_monster(&self, id: &str) -> Option<MonsterId> {
        self.monster_index.get(id).copied()
    }
    pub fn find_tile(&self, id: &str) -> Option<TileId> {
        self.tile_index.get(id).copied()
    }
    pub fn find_adventurer(&self, id: &str) -> Option<AdventurerId> {
        self.adventurer_index.get(id).copied()
    }
    pub fn find_species(&self, id: &str) -> Option<SpeciesId> {
        self.species_index.get(id).copied()
    }
    /// The index in [`Catalog::rulings`] of the ruling `id`.
    pub fn ruling_index(&self, id: &str) -> Option<usize> {
        self.ruling_index.get(id).copied()
    }
    pub fn find_ruling(&self, id: &str) -> Option<&RulingDef> {
        self.ruling_index(id).map(|i| &self.rulings[i])
    }
    /// The species of the regular monsters (not special), at rest, each once, in catalog
    /// order: what a rule about "a type of monster" can name when special monsters'
    /// own species do not count.
    pub fn regular_species(&self) -> impl Iterator<Item = SpeciesId> + '_ {
        self.species_ids().filter(|&s| {
            self.monsters
                .iter()
                .any(|m| !m.special && m.species == Some(s))
        })
    }
    pub fn pack_of(&self, pack: PackId) -> &PackInfo {
        &self.packs[pack.ix()]
    }
    /// A question prompt declared by `pack` under `key`.
    pub fn message(&self, pack: PackId, key: &str) -> Option<&LocalText> {
        self.messages.get(&(pack, key.to_string()))
    }
    /// The species of the regular monster printed with this strength (the Shapeshifter's rule).
    pub fn species_with_strength(&self, strength: i32) -> Option<SpeciesId> {
        self.species_by_strength.get(&strength).copied()
    }
    pub fn adventurer_ids(&self) -> impl Iterator<Item = AdventurerId> + '_ {
        (0..self.adventurers.len()).map(|i| AdventurerId(i as u16))
    }
    pub fn species_ids(&self) -> impl Iterator<Item = SpeciesId> + '_ {
        (0..self.species.len()).map(|i| SpeciesId(i as u16))
    }
    /// The ids of the packs, in load order, joined by commas.
    pub fn pack_list(&self) -> String {
        self.packs
            .iter()
            .map(|p| p.id.as_str())
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// The packs a program knows about (built in, or read from disk), from which catalogs
/// for a chosen set of pack ids are built, dependencies first.
#[derive(Clone, Default)]
pub struct PackLibrary {
    /// Shared, so that a library is cloned cheaply: the server gives a table that brings
    /// its own pack a library of its own, the others' packs included.
    packs: Vec<Arc<LoadedPack>>,
}

impl PackLibrary {
    pub fn new() -> PackLibrary {
        PackLibrary::default()
    }

    /// Reads a pack whose files all lie in its manifest's folder, and adds it. A pack with
    /// the same id as one already known replaces it, so `--pack` can override a built-in
    /// pack while it is being edited. Read warnings come back with its catalogs.
    pub fn load(
        &mut self,
        files: &dyn FileSource,
        manifest_path: &str,
    ) -> Result<&LoadedPack, Diagnostics> {
        self.load_in(files, parent(manifest_path), manifest_path)
    }

    /// Reads a pack whose files all lie in folder `root` (which holds the manifest), and
    /// adds it: for packs laid out like this repository's, whose scripts sit beside their
    /// `cards` folder. Only the caller widens a pack's folder this way, never the pack.
    pub fn load_in(
        &mut self,
        files: &dyn FileSource,
        root: &str,
        manifest_path: &str,
    ) -> Result<&LoadedPack, Diagnostics> {
        match read_pack(files, root, manifest_path) {
            (Some(mut pack), diags) if !diags.has_errors() => {
                pack.warnings = diags;
                Ok(self.add(pack))
            }
            (_, diags) => Err(diags),
        }
    }

    /// Adds a pack read with [`read_pack`], even one with errors (`dungeon check` builds
    /// it to find the rest of its problems). It replaces a known pack with its id.
    pub fn add(&mut self, pack: LoadedPack) -> &LoadedPack {
        self.packs.retain(|p| p.id() != pack.id());
        self.packs.push(Arc::new(pack));
        self.packs.last().expect("just pushed")
    }

    pub fn get(&self, id: &str) -> Option<&LoadedPack> {
        self.packs.iter().find(|p| p.id() == id).map(|p| &**p)
    }

    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.packs.iter().map(|p| p.id())
    }

    /// The packs `ids` need, in load order: each pack's requirements before it.
    pub fn resolve(&self, ids: &[&str]) -> Result<Vec<&LoadedPack>, Diagnostics> {
        let mut walk = Walk {
            library: self,
            requested: ids,
            order: Vec::new(),
            path: Vec::new(),
            diags: Diagnostics::default(),
        };
        for id in ids {
            walk.visit(id, None);
        }
        let Walk {
            order, mut diags, ..
        } = walk;
        for pack in &order {
            for conflict in &pack.file.pack.conflicts {
                if order.iter().any(|p| p.id() == conflict.get_ref()) {
                    diags.push(pack.error_at(
                        conflict,
                        format!(
                            "pack `{}` cannot be played together with pack `{}`",
                            pack.id(),
                            conflict.get_ref()
                        ),
                    ));
                }
            }
        }
        if diags.has_errors() {
            Err(diags)
        } else {
            Ok(order)
        }
    }

    /// A catalog of `ids` and what they require. Returns warnings on success.
    pub fn catalog(&self, ids: &[&str]) -> Result<(Catalog, Diagnostics), Diagnostics> {
        let (catalog, diags) = self.catalog_with_errors(ids)?;
        if diags.has_errors() {
            return Err(diags);
        }
        Ok((catalog, diags))
    }

    /// A catalog of `ids` and every problem found building it, errors included: the
    /// catalog leaves out what is wrong, and is for finding more problems (`dungeon
    /// check`'s lint), never for playing. `Err` when the packs cannot be resolved.
    pub fn catalog_with_errors(&self, ids: &[&str]) -> Result<(Catalog, Diagnostics), Diagnostics> {
        let packs = self.resolve(ids)?;
        Ok(merge::build_catalog(&packs))
    }
}

/// A depth-first walk of pack requirements.
struct Walk<'a, 'r> {
    library: &'a PackLibrary,
    requested: &'r [&'r str],
    order: Vec<&'a LoadedPack>,
    path: Vec<String>,
    diags: Diagnostics,
}

impl<'a> Walk<'a, '_> {
    /// Adds pack `id` after everything it requires; `wanted_by` is the manifest entry that
    /// asked for it (`None`: the command line).
    fn visit(&mut self, id: &str, wanted_by: Option<(&'a LoadedPack, &'a toml::Spanned<String>)>) {
        if self.order.iter().any(|p| p.id() == id) {
            return;
        }
        let Some(pack) = self.library.get(id) else {
            let known: Vec<&str> = self.library.ids().collect();
            let message = format!("unknown pack `{id}` (known packs: {})", known.join(", "));
            self.diags.push(match wanted_by {
                Some((by, entry)) => by.error_at(entry, message),
                None => Diagnostic::error("<command line>", message),
            });
            return;
        };
        if self.path.iter().any(|p| p == id) {
            let cycle = format!(
                "packs require each other in a cycle: {} -> {id}",
                self.path.join(" -> ")
            );
            self.diags
                .push(Diagnostic::error(&pack.manifest_path, cycle));
            return;
        }
        self.path.push(id.to_string());
        for dep in &pack.file.pack.requires {
            self.visit(dep.get_ref(), Some((pack, dep)));
        }
        let any = &pack.file.pack.requires_any;
        if !any.is_empty() {
            // One that is asked for or already in, else the first that exists.
            let chosen = any
                .iter()
                .find(|a| {
                    self.requested.contains(&a.get_ref().as_str())
                        || self.order.iter().any(|p| p.id() == a.get_ref())
                })
                .or_else(|| any.iter().find(|a| self.library.get(a.get_ref()).is_some()))
                .unwrap_or(&any[0]);
            self.visit(chosen.get_ref(), Some((pack, chosen)));
        }
        self.path.pop();
        self.order.push(pack);
    }
}

/// A card's id and common fields, whichever kind it is.
impl CardRef {
    pub fn id<'c>(self, catalog: &'c Catalog) -> &'c str {
        match self {
            CardRef::Tile(t) => &catalog.tile(t).info.id,
            CardRef::Monster(m) => &catalog.monster(m).info.id,
        }
    }
    pub fn info(self, catalog: &Catalog) -> &CardInfo {
        match self {
            CardRef::Tile(t) => &catalog.tile(t).info,
            CardRef::Monster(m) => &catalog.monster(m).info,
        }
    }
}

/// FNV-1a: a tiny, stable hash for fingerprints (std's hasher is not stable across releases).
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv::new()
    }
}

impl Fnv {
    pub fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    pub fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
        self.0 ^= 0xff;
        self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
    }
    pub fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_hostile;
#[cfg(test)]
mod tests_rulings;
#[cfg(test)]
mod tests_scale;
