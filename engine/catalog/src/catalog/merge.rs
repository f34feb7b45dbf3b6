//! Merging read packs into one [`Catalog`]: interning ids, resolving references,
//! and applying the rule that one id in two packs is one card when both agree.
//! Every problem is collected; what is wrong is left out of the catalog, and what refers
//! to something left out is not reported again.

use super::defs::*;
use super::diag::{Diagnostic, Diagnostics, Sink};
use super::intern::{Report, Table, insert, suggest};
use super::limits::MAX_DECK_CARDS;
use super::limits::valid_id;
use super::parse::BrokenIds;
use super::read::LoadedPack;
use super::schema::{DefeatEntry, OneOrMany, SpeciesField};
use super::texts::{check_id, check_translations, printable, printable_str};
use super::{Catalog, Fnv};
use crate::ids::*;
use crate::lang::{Lang, LocalText};
use std::collections::{BTreeMap, HashSet};
use toml::Spanned;

/// Builds a catalog from packs in load order, with every problem found, errors included
/// (the catalog then leaves out what is wrong: it is for finding more problems only).
pub fn build_catalog(packs: &[&LoadedPack]) -> (Catalog, Diagnostics) {
    let mut b = Builder {
        cat: Catalog::default(),
        r: Report {
            diags: Sink::default(),
            broken: BrokenIds::default(),
            replaces: packs
                .iter()
                .map(|p| {
                    p.file
                        .pack
                        .replaces
                        .iter()
                        .map(|r| r.get_ref().clone())
                        .collect()
                })
                .collect(),
            full: HashSet::new(),
            suggestions_left: 64,
        },
    };
    for pack in packs {
        b.r.broken.extend(&pack.broken);
        b.r.diags.extend(pack.warnings.0.iter().cloned());
    }
    for (ix, pack) in packs.iter().enumerate() {
        b.pack_info(PackId(ix as u16), pack);
        super::rulings::add_rulings(&mut b.cat, &mut b.r.diags, PackId(ix as u16), pack);
    }
    for (ix, pack) in packs.iter().enumerate() {
        b.monsters(ix, pack);
    }
    for (ix, pack) in packs.iter().enumerate() {
        b.tiles(ix, pack);
    }
    for (ix, pack) in packs.iter().enumerate() {
        b.adventurers(ix, pack);
    }
    b.finish(packs)
}

struct Builder {
    cat: Catalog,
    r: Report,
}

impl Builder {
    /// The fields every card kind shares, with its texts checked and made printable.
    #[allow(clippy::too_many_arguments)]
    fn info(
        &mut self,
        pack_ix: usize,
        pack: &LoadedPack,
        id: &Spanned<String>,
        name: &LocalText,
        text: &LocalText,
        script: &Option<Spanned<String>>,
        reconstructed: bool,
    ) -> CardInfo {
        if !name.has(Lang::En) {
            self.r.diags.push(pack.error_at(
                id,
                format!("`{}` needs an English name (name.en)", id.get_ref()),
            ));
        }
        check_translations(pack, id, "name", name, &mut self.r.diags);
        check_translations(pack, id, "text", text, &mut self.r.diags);
        CardInfo {
            id: id.get_ref().clone(),
            pack: PackId(pack_ix as u16),
            name: printable(name),
            text: printable(text),
            script: script
                .as_ref()
                .and_then(|s| pack.scripts.get(s.get_ref()).cloned()),
            reconstructed,
            defined_at: (pack.manifest_path.clone(), pack.line_of(id.span().start)),
        }
    }

    fn pack_info(&mut self, pack_id: PackId, pack: &LoadedPack) {
        let h = &pack.file.pack;
        self.r.diags.extend(check_id(pack, &h.id, "pack"));
        check_translations(pack, &h.id, "the pack's name", &h.name, &mut self.r.diags);
        let description = &h.description;
        check_translations(
            pack,
            &h.id,
            "the pack's description",
            description,
            &mut self.r.diags,
        );
        if self.cat.packs.iter().any(|p| &p.id == h.id.get_ref()) {
            let message = format!("pack `{}` is loaded twice", h.id.get_ref());
            self.r.diags.push(pack.error_at(&h.id, message));
        }
        for lang in &h.languages {
            if Lang::from_code(lang.get_ref()).is_none() {
                self.r.diags.push(pack.warning_at(
                    lang,
                    format!(
                        "language `{}` is not one the engine can show",
                        lang.get_ref()
                    ),
                ));
            }
        }
        let ids = |list: &[Spanned<String>]| -> Vec<String> {
            list.iter().map(|r| printable_str(r.get_ref())).collect()
        };
        self.cat.packs.push(PackInfo {
            id: printable_str(h.id.get_ref()),
            name: printable(&h.name),
            description: printable(&h.description),
            version: printable_str(&h.version),
            languages: ids(&h.languages),
            manifest_path: pack.manifest_path.clone(),
            damage_model: pack.file.rules.damage_model,
            specials_in_play: pack
                .file
                .rules
                .specials_in_play
                .as_ref()
                .map(|s| s.get_ref().get() as u8),
            requires: ids(&h.requires),
            requires_any: ids(&h.requires_any),
            conflicts: ids(&h.conflicts),
            scenarios: pack.scenarios.clone(),
            files: pack_files(pack),
        });
        for (key, text) in &pack.file.messages {
            for lang in &pack.file.pack.languages {
                if !text.get_ref().0.contains_key(lang.get_ref()) {
                    let message =
                        format!("message `{key}` has no `{}` translation", lang.get_ref());
                    self.r.diags.push(pack.warning_at(text, message));
                }
            }
            self.cat
                .messages
                .insert((pack_id, key.clone()), printable(text.get_ref()));
        }
    }

    fn species_named(&mut self, id: &str, name: &LocalText) -> SpeciesId {
        if let Some(&s) = self.cat.species_index.get(id) {
            return s;
        }
        let s = SpeciesId(self.cat.species.len() as u16);
        self.cat.species.push(SpeciesDef {
            id: id.to_string(),
            name: printable(name),
        });
        self.cat.species_index.insert(id.to_string(), s);
        s
    }

    fn monsters(&mut self, pack_ix: usize, pack: &LoadedPack) {
        for m in &pack.file.monster {
            let id = m.id.get_ref();
            if let Some(d) = check_id(pack, &m.id, "monster") {
                self.r.diags.push(d);
                self.r.broken.monsters.insert(id.clone());
                self.r.broken.species.insert(id.clone());
                continue;
            }
            let species = match m.species.as_ref().map(|s| (s, s.get_ref())) {
                None | Some((_, SpeciesField::Flag(true))) => Some(self.species_named(id, &m.name)),
                Some((_, SpeciesField::Flag(false))) => None,
                Some((at, SpeciesField::Named(name))) => {
                    if valid_id(name) {
                        Some(self.species_named(name, &LocalText::single(Lang::En, name)))
                    } else {
                        let named = Spanned::new(at.span(), name.clone());
                        self.r.diags.extend(check_id(pack, &named, "species"));
                        self.r.broken.species.insert(name.clone());
                        None
                    }
                }
            };
            let info = self.info(
                pack_ix,
                pack,
                &m.id,
                &m.name,
                &m.text,
                &m.script,
                m.reconstructed,
            );
            let def = MonsterDef {
                info,
                strength: m.strength.map(|s| s.get()),
                copies: m.copies.get() as u8,
                species,
                special: m.special,
            };
            let table = Table::monsters;
            insert(&mut self.r, table(&mut self.cat), pack_ix, pack, &m.id, def);
        }
    }

    fn defeat_rule(
        &mut self,
        pack: &LoadedPack,
        owner: &Spanned<String>,
        entry: &DefeatEntry,
    ) -> DefeatRule {
        let mut species = Vec::new();
        for s in &entry.species {
            match self.cat.species_index.get(s.get_ref()) {
                Some(&id) => species.push(id),
                None if self.r.broken.species.contains(s.get_ref()) => {}
                None => {
                    let all = &self.cat.species;
                    let known = if all.len() <= 30 {
                        let ids: Vec<&str> = all.iter().map(|s| s.id.as_str()).collect();
                        format!(" (known: {})", ids.join(", "))
                    } else {
                        String::new()
                    };
                    let ids = all.iter().map(|s| s.id.as_str());
                    let hint = suggest(&mut self.r.suggestions_left, s.get_ref(), ids);
                    self.r.diags.push(pack.error_at(
                        s,
                        format!(
                            "`{}` defeats unknown species `{}`{known}{hint}",
                            owner.get_ref(),
                            s.get_ref(),
                        ),
                    ));
                }
            }
        }
        DefeatRule {
            species,
            strength_min: entry.strength_min.map(|s| s.get()),
            strength_max: entry.strength_max.map(|s| s.get()),
            strength_in: entry.strength_in.iter().map(|s| s.get()).collect(),
            parity: entry.parity,
            hp_below: entry.hp_below.map(|h| h.get()),
        }
    }

    fn tiles(&mut self, pack_ix: usize, pack: &LoadedPack) {
        for t in &pack.file.equipment {
            if let Some(d) = check_id(pack, &t.id, "equipment") {
                self.r.diags.push(d);
                self.r.broken.tiles.insert(t.id.get_ref().clone());
                continue;
            }
            let entries: Vec<&DefeatEntry> = match &t.defeats {
                OneOrMany::One(e) => vec![e],
                OneOrMany::Many(v) => v.iter().collect(),
            };
            let defeats = entries
                .into_iter()
                .map(|e| self.defeat_rule(pack, &t.id, e))
                .collect();
            let info = self.info(
                pack_ix,
                pack,
                &t.id,
                &t.name,
                &t.text,
                &t.script,
                t.reconstructed,
            );
            let def = TileDef {
                info,
                hp: t.hp.get(),
                once: t.once,
                defeats,
            };
            let table = Table::tiles;
            insert(&mut self.r, table(&mut self.cat), pack_ix, pack, &t.id, def);
        }
    }

    fn adventurers(&mut self, pack_ix: usize, pack: &LoadedPack) {
        for a in &pack.file.adventurer {
            if let Some(d) = check_id(pack, &a.id, "adventurer") {
                self.r.diags.push(d);
                self.r.broken.adventurers.insert(a.id.get_ref().clone());
                continue;
            }
            let tiles = self.equipment(pack, a.id.get_ref(), &a.equipment);
            let info = self.info(
                pack_ix,
                pack,
                &a.id,
                &a.name,
                &a.text,
                &None,
                a.reconstructed,
            );
            let def = AdventurerDef {
                info,
                hp: a.hp.get(),
                tiles,
            };
            let table = Table::adventurers;
            insert(&mut self.r, table(&mut self.cat), pack_ix, pack, &a.id, def);
        }
        // Adventurers left out for a mistake: their tiles are still looked up.
        for (id, list) in &pack.broken.carried {
            self.equipment(pack, id, list);
        }
    }

    /// The tiles an adventurer's `equipment` names; each unknown or repeated one reported.
    fn equipment(
        &mut self,
        pack: &LoadedPack,
        owner: &str,
        list: &[Spanned<String>],
    ) -> Vec<TileId> {
        let mut tiles = Vec::new();
        let mut held = HashSet::new();
        for t in list {
            let message = match self.cat.tile_index.get(t.get_ref()) {
                Some(&id) if held.insert(id) => {
                    tiles.push(id);
                    continue;
                }
                Some(_) => format!("`{owner}` lists equipment `{}` twice", t.get_ref()),
                None if self.r.broken.tiles.contains(t.get_ref()) => continue,
                None => {
                    // Tiles left out for a mistake are what the author most likely meant.
                    let broken = self.r.broken.tiles.iter().map(String::as_str);
                    let known = self.cat.tiles.iter().map(|t| t.info.id.as_str());
                    let known: Vec<&str> = known.chain(broken).collect();
                    let hint = suggest(&mut self.r.suggestions_left, t.get_ref(), known);
                    format!(
                        "adventurer `{owner}` carries unknown equipment `{}`{hint}",
                        t.get_ref()
                    )
                }
            };
            self.r.diags.push(pack.error_at(t, message));
        }
        tiles
    }

    fn finish(mut self, packs: &[&LoadedPack]) -> (Catalog, Diagnostics) {
        let mut by_strength = BTreeMap::new();
        for m in self.cat.monsters.iter().filter(|m| !m.special) {
            if let (Some(strength), Some(species)) = (m.strength, m.species) {
                by_strength.entry(strength).or_insert(species);
            }
        }
        self.cat.species_by_strength = by_strength;
        // Packs that disagree on the damage model play the sequel's card-by-card model,
        // as the sequel rulebook does for mixed games.
        let models: Vec<DamageModel> = self
            .cat
            .packs
            .iter()
            .filter_map(|p| p.damage_model)
            .collect();
        self.cat.damage_model = match models.first() {
            Some(&first) if models.iter().all(|&m| m == first) => first,
            Some(_) => DamageModel::Running,
            None => DamageModel::EndTotal,
        };
        self.cat.specials_in_play = self
            .cat
            .packs
            .iter()
            .filter_map(|p| p.specials_in_play)
            .max()
            .unwrap_or(0);
        self.check_deck(packs);
        let first = packs.first().map_or("", |p| p.manifest_path.as_str());
        if self.cat.monsters.iter().all(|m| m.special) && self.r.broken.monsters.is_empty() {
            self.r.diags.push(Diagnostic::error(
                first,
                "these packs define no regular monster: a game needs a monster deck",
            ));
        }
        if self.cat.adventurers.is_empty() && self.r.broken.adventurers.is_empty() {
            self.r
                .diags
                .push(Diagnostic::error(first, "these packs define no adventurer"));
        }
        // The rules version and the prelude are part of what a game depends on, as much as
        // the packs' own files.
        let mut hash = Fnv::new();
        hash.write(&crate::version::RULES_VERSION.to_le_bytes());
        hash.write(crate::version::prelude_hash().as_bytes());
        for p in &self.cat.packs {
            hash.write(p.id.as_bytes());
            for f in &p.files {
                hash.write(f.sha256.as_bytes());
            }
        }
        self.cat.fingerprint = hash.finish();
        (self.cat, self.r.diags.finish())
    }

    /// The deck at setup (every regular copy, and `specials_in_play` special monsters)
    /// fits a game's card ids, and there are as many special monsters as are dealt in.
    fn check_deck(&mut self, packs: &[&LoadedPack]) {
        let specials = self.cat.monsters.iter().filter(|m| m.special).count();
        for pack in packs {
            let Some(wanted) = &pack.file.rules.specials_in_play else {
                continue;
            };
            let n = wanted.get_ref().get() as usize;
            if n > specials {
                self.r.diags.push(pack.error_at(
                    wanted,
                    format!(
                        "specials_in_play is {n}, but the packs in play define {specials} \
                         special monsters"
                    ),
                ));
            }
        }
        let dealt = self.cat.specials_in_play as usize;
        let mut total = dealt;
        for m in self.cat.monsters.iter().filter(|m| !m.special) {
            total += m.copies as usize;
            if total > MAX_DECK_CARDS {
                let mut d = Diagnostic::error(
                    &m.info.defined_at.0,
                    format!(
                        "the monster deck at setup would pass {MAX_DECK_CARDS} cards (with \
                         `{}`, counting every copy and the {dealt} special monsters dealt in)",
                        m.info.id
                    ),
                );
                d.line = Some(m.info.defined_at.1);
                self.r.diags.push(d);
                return;
            }
        }
    }
}

/// The manifest and each script of a pack, with their hashes.
fn pack_files(pack: &LoadedPack) -> Vec<FileHash> {
    let hash = |path: &str, text: &str| FileHash {
        path: path.to_string(),
        sha256: crate::version::sha256_hex(text.as_bytes()),
    };
    std::iter::once(hash(&pack.manifest_path, &pack.manifest_text))
        .chain(pack.scripts.values().map(|s| hash(&s.path, &s.code)))
        .collect()
}
