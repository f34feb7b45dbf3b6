//! Interning one card into the catalog's tables: a new id gets the next index (up to
//! [`MAX_CARDS_PER_KIND`]); an id already there is one card when both definitions agree,
//! the new one when its pack replaces the old on purpose, else an error.

use super::Catalog;
use super::defs::*;
use super::diag::Sink;
use super::limits::MAX_CARDS_PER_KIND;
use super::parse::BrokenIds;
use super::read::LoadedPack;
use super::suggest::did_you_mean;
use crate::ids::*;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use toml::Spanned;

/// What building has found so far, apart from the catalog itself.
pub(super) struct Report {
    pub diags: Sink,
    pub broken: BrokenIds,
    /// Per pack, the ids it redefines on purpose.
    pub replaces: Vec<HashSet<String>>,
    /// Kinds of card whose cap was reached (reported once).
    pub full: HashSet<&'static str>,
    /// "Did you mean" suggestions left to compute: each is a pass over the ids.
    pub suggestions_left: usize,
}

/// "; did you mean ...?" for `word` among `known`, while `left` (suggestions still to
/// compute, each a pass over the ids) lasts.
pub(super) fn suggest<'c>(
    left: &mut usize,
    word: &str,
    known: impl IntoIterator<Item = &'c str>,
) -> String {
    if *left == 0 {
        return String::new();
    }
    *left -= 1;
    did_you_mean(word, known)
}

/// The card kinds as [`insert`] handles them.
pub(super) trait Card {
    const KIND: &'static str;
    fn info(&self) -> &CardInfo;
    fn info_mut(&mut self) -> &mut CardInfo;
    /// Same rules (everything but names and texts, which combine).
    fn same_rules(&self, other: &Self) -> bool;
    fn broken(broken: &mut BrokenIds) -> &mut BTreeSet<String>;
}

pub(super) trait Index: Copy {
    fn at(ix: usize) -> Self;
    fn get(self) -> usize;
}

macro_rules! index {
    ($($t:ty),*) => {$(
        impl Index for $t {
            fn at(ix: usize) -> Self {
                Self(ix as u16)
            }
            fn get(self) -> usize {
                self.ix()
            }
        }
    )*};
}
index!(MonsterId, TileId, AdventurerId);

/// `Card` for a kind: its name in messages, its set of broken ids, and what "the same
/// rules" compares.
macro_rules! card {
    ($t:ty, $kind:literal, $broken:ident, |$a:ident, $b:ident| $same:expr) => {
        impl Card for $t {
            const KIND: &'static str = $kind;
            fn info(&self) -> &CardInfo {
                &self.info
            }
            fn info_mut(&mut self) -> &mut CardInfo {
                &mut self.info
            }
            fn same_rules(&self, other: &Self) -> bool {
                let ($a, $b) = (self, other);
                $same
            }
            fn broken(broken: &mut BrokenIds) -> &mut BTreeSet<String> {
                &mut broken.$broken
            }
        }
    };
}

card!(MonsterDef, "monster", monsters, |a, b| a.strength
    == b.strength
    && a.copies == b.copies
    && a.species == b.species
    && a.special == b.special
    && same_script(&a.info, &b.info));
card!(TileDef, "equipment", tiles, |a, b| a.hp == b.hp
    && a.once == b.once
    && a.defeats == b.defeats
    && same_script(&a.info, &b.info));
card!(AdventurerDef, "adventurer", adventurers, |a, b| a.hp
    == b.hp
    && a.tiles == b.tiles);

/// One kind's table of a catalog being built, and the packs (for messages).
pub(super) struct Table<'c, T, I> {
    list: &'c mut Vec<T>,
    index: &'c mut BTreeMap<String, I>,
    packs: &'c [PackInfo],
}

impl Table<'_, (), ()> {
    pub fn monsters(c: &mut Catalog) -> Table<'_, MonsterDef, MonsterId> {
        Table {
            list: &mut c.monsters,
            index: &mut c.monster_index,
            packs: &c.packs,
        }
    }
    pub fn tiles(c: &mut Catalog) -> Table<'_, TileDef, TileId> {
        Table {
            list: &mut c.tiles,
            index: &mut c.tile_index,
            packs: &c.packs,
        }
    }
    pub fn adventurers(c: &mut Catalog) -> Table<'_, AdventurerDef, AdventurerId> {
        Table {
            list: &mut c.adventurers,
            index: &mut c.adventurer_index,
            packs: &c.packs,
        }
    }
}

/// Adds card `def` (defined by `pack`, the `pack_ix`-th) to its table, or merges it with
/// the card of the same id already there: one card when the rules agree, the new one
/// when the pack replaces it on purpose, else an error.
pub(super) fn insert<T: Card, I: Index>(
    r: &mut Report,
    table: Table<'_, T, I>,
    pack_ix: usize,
    pack: &LoadedPack,
    id: &Spanned<String>,
    def: T,
) {
    let Table { list, index, packs } = table;
    let Some(old) = index.get(id.get_ref()).copied() else {
        if list.len() >= MAX_CARDS_PER_KIND {
            if !r.broken.capped.contains(T::KIND) && r.full.insert(T::KIND) {
                r.diags.push(pack.error_at(
                    id,
                    format!(
                        "the packs define more than {MAX_CARDS_PER_KIND} {} cards: `{}` and \
                         the ones after it are left out",
                        T::KIND,
                        id.get_ref()
                    ),
                ));
            }
            T::broken(&mut r.broken).insert(id.get_ref().clone());
            return;
        }
        index.insert(id.get_ref().clone(), I::at(list.len()));
        list.push(def);
        return;
    };
    let prev = &mut list[old.get()];
    let replaces = r.replaces[pack_ix].contains(id.get_ref());
    if prev.same_rules(&def) {
        // Agreeing definitions are one card; translations from both packs combine.
        let (new, info) = (def.info(), prev.info_mut());
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
    } else if replaces {
        *prev = def;
    } else {
        let info = prev.info();
        let other = &packs[info.pack.ix()].id;
        r.diags.push(pack.error_at(
            id,
            format!(
                "{} `{}` is also defined by pack `{other}` ({}:{}) with different rules; \
                 list it in [pack] replaces to redefine it on purpose",
                T::KIND,
                id.get_ref(),
                info.defined_at.0,
                info.defined_at.1
            ),
        ));
    }
}

fn same_script(a: &CardInfo, b: &CardInfo) -> bool {
    a.script.as_ref().map(|s| &s.code) == b.script.as_ref().map(|s| &s.code)
}
