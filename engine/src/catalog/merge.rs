//! Merging read packs into one [`Catalog`]: interning ids, resolving references,
//! and applying the rule that one id in two packs is one card when both agree.

use super::defs::*;
use super::diag::{Diagnostic, Diagnostics};
use super::read::LoadedPack;
use super::schema::{DefeatEntry, SpeciesField};
use super::{Catalog, Fnv};
use crate::ids::*;
use crate::lang::{Lang, LocalText};
use std::collections::BTreeMap;
use toml::Spanned;

/// Builds a catalog from packs in load order. Returns warnings on success.
pub fn build_catalog(packs: &[&LoadedPack]) -> Result<(Catalog, Diagnostics), Diagnostics> {
    let mut b = Builder::default();
    for (ix, pack) in packs.iter().enumerate() {
        b.pack_info(PackId(ix as u16), pack);
    }
    for (ix, pack) in packs.iter().enumerate() {
        b.monsters(PackId(ix as u16), pack);
    }
    for (ix, pack) in packs.iter().enumerate() {
        b.tiles(PackId(ix as u16), pack);
    }
    for (ix, pack) in packs.iter().enumerate() {
        b.adventurers(PackId(ix as u16), pack);
    }
    b.finish(packs)
}

#[derive(Default)]
struct Builder {
    cat: Catalog,
    diags: Diagnostics,
}

fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && id.starts_with(|c: char| c.is_ascii_lowercase())
}

impl Builder {
    fn check_id(&mut self, pack: &LoadedPack, id: &Spanned<String>, what: &str) -> bool {
        if valid_id(id.get_ref()) {
            return true;
        }
        self.diags.push(pack.error_at(
            id,
            format!(
                "{what} id `{}` must be lowercase snake_case (a-z, 0-9, _)",
                id.get_ref()
            ),
        ));
        false
    }

    fn check_text(
        &mut self,
        pack: &LoadedPack,
        id: &Spanned<String>,
        field: &str,
        text: &LocalText,
    ) {
        if text.is_empty() {
            return;
        }
        for lang in &pack.file.pack.languages {
            if !text.0.contains_key(lang.get_ref()) {
                self.diags.push(pack.warning_at(
                    id,
                    format!(
                        "`{}`: {field} has no `{}` translation",
                        id.get_ref(),
                        lang.get_ref()
                    ),
                ));
            }
        }
        for code in text.0.keys() {
            if Lang::from_code(code).is_none() {
                self.diags.push(pack.warning_at(
                    id,
                    format!(
                        "`{}`: {field} has text in `{code}`, which the engine cannot show yet",
                        id.get_ref()
                    ),
                ));
            }
        }
    }

    fn info(
        &mut self,
        pack_id: PackId,
        pack: &LoadedPack,
        id: &Spanned<String>,
        name: &LocalText,
        text: &LocalText,
        script: &Option<Spanned<String>>,
        reconstructed: bool,
    ) -> CardInfo {
        if !name.has(Lang::En) {
            self.diags.push(pack.error_at(
                id,
                format!("`{}` needs an English name (name.en)", id.get_ref()),
            ));
        }
        self.check_text(pack, id, "name", name);
        self.check_text(pack, id, "text", text);
        let line = super::diag::locate(&pack.manifest_text, id.span().start).0;
        CardInfo {
            id: id.get_ref().clone(),
            pack: pack_id,
            name: name.clone(),
            text: text.clone(),
            script: script
                .as_ref()
                .and_then(|s| pack.scripts.get(s.get_ref()).cloned()),
            reconstructed,
            defined_at: (pack.manifest_path.clone(), line),
        }
    }

    fn pack_info(&mut self, pack_id: PackId, pack: &LoadedPack) {
        let h = &pack.file.pack;
        self.check_id(pack, &h.id, "pack");
        self.check_text(pack, &h.id, "the pack's name", &h.name);
        self.check_text(pack, &h.id, "the pack's description", &h.description);
        if self.cat.packs.iter().any(|p| &p.id == h.id.get_ref()) {
            self.diags
                .push(pack.error_at(&h.id, format!("pack `{}` is loaded twice", h.id.get_ref())));
        }
        for lang in &h.languages {
            if Lang::from_code(lang.get_ref()).is_none() {
                self.diags.push(pack.warning_at(
                    lang,
                    format!(
                        "language `{}` is not one the engine can show",
                        lang.get_ref()
                    ),
                ));
            }
        }
        self.cat.packs.push(PackInfo {
            id: h.id.get_ref().clone(),
            name: h.name.clone(),
            description: h.description.clone(),
            version: h.version.clone(),
            languages: h.languages.iter().map(|l| l.get_ref().clone()).collect(),
            manifest_path: pack.manifest_path.clone(),
            damage_model: pack.file.rules.damage_model,
            specials_in_play: pack.file.rules.specials_in_play,
            requires: h.requires.iter().map(|r| r.get_ref().clone()).collect(),
            requires_any: h.requires_any.iter().map(|r| r.get_ref().clone()).collect(),
            conflicts: h.conflicts.iter().map(|r| r.get_ref().clone()).collect(),
            scenarios: h.scenarios.as_ref().map(|d| {
                super::files::join(super::files::parent(&pack.manifest_path), d.get_ref())
            }),
            files: pack_files(pack),
        });
        for (key, text) in &pack.file.messages {
            for lang in &pack.file.pack.languages {
                if !text.get_ref().0.contains_key(lang.get_ref()) {
                    let message =
                        format!("message `{key}` has no `{}` translation", lang.get_ref());
                    self.diags.push(pack.warning_at(text, message));
                }
            }
            self.cat
                .messages
                .insert((pack_id, key.clone()), text.get_ref().clone());
        }
    }

    fn species_named(&mut self, id: &str, name: &LocalText) -> SpeciesId {
        if let Some(&s) = self.cat.species_index.get(id) {
            return s;
        }
        let s = SpeciesId(self.cat.species.len() as u16);
        self.cat.species.push(SpeciesDef {
            id: id.to_string(),
            name: name.clone(),
        });
        self.cat.species_index.insert(id.to_string(), s);
        s
    }

    fn monsters(&mut self, pack_id: PackId, pack: &LoadedPack) {
        for m in &pack.file.monster {
            if !self.check_id(pack, &m.id, "monster") {
                continue;
            }
            if m.copies == 0 {
                self.diags.push(pack.error_at(
                    &m.id,
                    format!("monster `{}` needs at least 1 copy", m.id.get_ref()),
                ));
            }
            let species = match m.species.as_ref().map(|s| s.get_ref().clone()) {
                None | Some(SpeciesField::Flag(true)) => {
                    Some(self.species_named(m.id.get_ref(), &m.name))
                }
                Some(SpeciesField::Flag(false)) => None,
                Some(SpeciesField::Named(name)) => {
                    let fallback = LocalText::single(Lang::En, &name);
                    Some(self.species_named(&name, &fallback))
                }
            };
            let info = self.info(
                pack_id,
                pack,
                &m.id,
                &m.name,
                &m.text,
                &m.script,
                m.reconstructed,
            );
            let def = MonsterDef {
                info,
                strength: m.strength,
                copies: m.copies,
                species,
                special: m.special,
            };
            self.insert_monster(pack, &m.id, def);
        }
    }

    fn insert_monster(&mut self, pack: &LoadedPack, id: &Spanned<String>, def: MonsterDef) {
        match self.cat.monster_index.get(id.get_ref()).copied() {
            None => {
                self.cat.monster_index.insert(
                    id.get_ref().clone(),
                    MonsterId(self.cat.monsters.len() as u16),
                );
                self.cat.monsters.push(def);
            }
            Some(old) => {
                let prev = &self.cat.monsters[old.ix()];
                let same = prev.strength == def.strength
                    && prev.copies == def.copies
                    && prev.species == def.species
                    && prev.special == def.special
                    && same_script(&prev.info, &def.info);
                let prev_info = prev.info.clone();
                if let Some(merged) =
                    self.merge_same(pack, id, same, &prev_info, &def.info, "monster")
                {
                    self.cat.monsters[old.ix()].info = merged;
                } else if self.replaces(pack, id) {
                    self.cat.monsters[old.ix()] = def;
                }
            }
        }
    }

    /// When two packs define one id: the merged info if they agree, else reports.
    fn merge_same(
        &mut self,
        pack: &LoadedPack,
        id: &Spanned<String>,
        same: bool,
        prev: &CardInfo,
        new: &CardInfo,
        what: &str,
    ) -> Option<CardInfo> {
        if same {
            // Agreeing definitions are one card; translations from both packs combine.
            let mut info = prev.clone();
            for (lang, text) in &new.name.0 {
                info.name
                    .0
                    .entry(lang.clone())
                    .or_insert_with(|| text.clone());
            }
            for (lang, text) in &new.text.0 {
                info.text
                    .0
                    .entry(lang.clone())
                    .or_insert_with(|| text.clone());
            }
            return Some(info);
        }
        if !self.replaces(pack, id) {
            let other = &self.cat.packs[prev.pack.ix()].id;
            self.diags.push(pack.error_at(
                id,
                format!(
                    "{what} `{}` is also defined by pack `{other}` ({}:{}) with different rules; \
                     list it in [pack] replaces to redefine it on purpose",
                    id.get_ref(),
                    prev.defined_at.0,
                    prev.defined_at.1
                ),
            ));
        }
        None
    }

    fn replaces(&self, pack: &LoadedPack, id: &Spanned<String>) -> bool {
        pack.file
            .pack
            .replaces
            .iter()
            .any(|r| r.get_ref() == id.get_ref())
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
                None => {
                    let known: Vec<&str> = self.cat.species.iter().map(|s| s.id.as_str()).collect();
                    self.diags.push(pack.error_at(
                        s,
                        format!(
                            "`{}` defeats unknown species `{}` (known: {})",
                            owner.get_ref(),
                            s.get_ref(),
                            known.join(", ")
                        ),
                    ));
                }
            }
        }
        DefeatRule {
            species,
            strength_min: entry.strength_min,
            strength_max: entry.strength_max,
            strength_in: entry.strength_in.clone(),
            parity: entry.parity,
            hp_below: entry.hp_below,
        }
    }

    fn tiles(&mut self, pack_id: PackId, pack: &LoadedPack) {
        for t in &pack.file.equipment {
            if !self.check_id(pack, &t.id, "equipment") {
                continue;
            }
            let entries: Vec<&DefeatEntry> = match &t.defeats {
                super::schema::OneOrMany::One(e) => vec![e],
                super::schema::OneOrMany::Many(v) => v.iter().collect(),
            };
            let defeats = entries
                .into_iter()
                .map(|e| self.defeat_rule(pack, &t.id, e))
                .collect();
            let info = self.info(
                pack_id,
                pack,
                &t.id,
                &t.name,
                &t.text,
                &t.script,
                t.reconstructed,
            );
            let def = TileDef {
                info,
                hp: t.hp,
                once: t.once,
                defeats,
            };
            match self.cat.tile_index.get(t.id.get_ref()).copied() {
                None => {
                    self.cat
                        .tile_index
                        .insert(t.id.get_ref().clone(), TileId(self.cat.tiles.len() as u16));
                    self.cat.tiles.push(def);
                }
                Some(old) => {
                    let prev = &self.cat.tiles[old.ix()];
                    let same = prev.hp == def.hp
                        && prev.once == def.once
                        && prev.defeats == def.defeats
                        && same_script(&prev.info, &def.info);
                    if let Some(merged) = self.merge_same(
                        pack,
                        &t.id,
                        same,
                        &prev.info.clone(),
                        &def.info,
                        "equipment",
                    ) {
                        self.cat.tiles[old.ix()].info = merged;
                    } else if self.replaces(pack, &t.id) {
                        self.cat.tiles[old.ix()] = def;
                    }
                }
            }
        }
    }

    fn adventurers(&mut self, pack_id: PackId, pack: &LoadedPack) {
        for a in &pack.file.adventurer {
            if !self.check_id(pack, &a.id, "adventurer") {
                continue;
            }
            if a.hp <= 0 {
                self.diags.push(pack.error_at(
                    &a.id,
                    format!("adventurer `{}` needs positive hp", a.id.get_ref()),
                ));
            }
            let mut tiles = Vec::new();
            for t in &a.equipment {
                match self.cat.tile_index.get(t.get_ref()) {
                    Some(&id) if tiles.contains(&id) => self.diags.push(pack.error_at(
                        t,
                        format!(
                            "`{}` lists equipment `{}` twice",
                            a.id.get_ref(),
                            t.get_ref()
                        ),
                    )),
                    Some(&id) => tiles.push(id),
                    None => self.diags.push(pack.error_at(
                        t,
                        format!(
                            "adventurer `{}` carries unknown equipment `{}`",
                            a.id.get_ref(),
                            t.get_ref()
                        ),
                    )),
                }
            }
            let info = self.info(
                pack_id,
                pack,
                &a.id,
                &a.name,
                &a.text,
                &None,
                a.reconstructed,
            );
            let def = AdventurerDef {
                info,
                hp: a.hp,
                tiles,
            };
            match self.cat.adventurer_index.get(a.id.get_ref()).copied() {
                None => {
                    self.cat.adventurer_index.insert(
                        a.id.get_ref().clone(),
                        AdventurerId(self.cat.adventurers.len() as u16),
                    );
                    self.cat.adventurers.push(def);
                }
                Some(old) => {
                    let prev = &self.cat.adventurers[old.ix()];
                    let same = prev.hp == def.hp && prev.tiles == def.tiles;
                    if let Some(merged) = self.merge_same(
                        pack,
                        &a.id,
                        same,
                        &prev.info.clone(),
                        &def.info,
                        "adventurer",
                    ) {
                        self.cat.adventurers[old.ix()].info = merged;
                    } else if self.replaces(pack, &a.id) {
                        self.cat.adventurers[old.ix()] = def;
                    }
                }
            }
        }
    }

    fn finish(mut self, packs: &[&LoadedPack]) -> Result<(Catalog, Diagnostics), Diagnostics> {
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
        if self.cat.monsters.iter().all(|m| m.special) {
            self.diags.push(Diagnostic::error(
                packs.first().map_or("", |p| p.manifest_path.as_str()),
                "these packs define no regular monster: a game needs a monster deck",
            ));
        }
        if self.cat.adventurers.is_empty() {
            self.diags.push(Diagnostic::error(
                packs.first().map_or("", |p| p.manifest_path.as_str()),
                "these packs define no adventurer",
            ));
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
        if self.diags.has_errors() {
            return Err(self.diags);
        }
        Ok((self.cat, self.diags))
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

fn same_script(a: &CardInfo, b: &CardInfo) -> bool {
    a.script.as_ref().map(|s| &s.code) == b.script.as_ref().map(|s| &s.code)
}
