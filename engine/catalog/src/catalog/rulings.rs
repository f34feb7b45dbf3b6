//! Taking a pack's `[[ruling]]` entries into the catalog: each id checked, its choices
//! (at least two, each once) and its default among them. One id in two packs is one
//! ruling when both offer the same choices with the same default (their texts combine),
//! as with cards; otherwise it is an error, since a game can only settle a point one way.

use super::Catalog;
use super::defs::{RulingChoice, RulingDef};
use super::diag::Sink;
use super::limits::MAX_RULINGS;
use super::read::LoadedPack;
use super::schema::RulingEntry;
use super::suggest::did_you_mean;
use super::texts::{check_id, check_translations, printable};
use crate::ids::PackId;
use crate::lang::{Lang, LocalText};

/// The id under which the designer's variant's scope is chosen alongside the packs'
/// rulings (`--ruling designer_variant=each_player`): the engine's own, so no pack may
/// declare it. Kept here, where packs' rulings are read, and re-exported by `options`.
pub const VARIANT_RULING: &str = "designer_variant";

/// Adds the rulings `pack` declares to `cat`, reporting every problem to `diags`.
pub(super) fn add_rulings(cat: &mut Catalog, diags: &mut Sink, pack_id: PackId, pack: &LoadedPack) {
    for entry in &pack.file.ruling {
        let Some(def) = read_ruling(diags, pack_id, pack, entry) else {
            continue;
        };
        let id = &entry.id;
        match cat.ruling_index.get(&def.id).copied() {
            None if cat.rulings.len() >= MAX_RULINGS => {
                diags.push(pack.error_at(
                    id,
                    format!(
                        "the packs declare more than {MAX_RULINGS} rulings: `{}` is left out",
                        def.id
                    ),
                ));
            }
            None => {
                cat.ruling_index.insert(def.id.clone(), cat.rulings.len());
                cat.rulings.push(def);
            }
            Some(ix) => {
                let old = &mut cat.rulings[ix];
                if old.pack == pack_id {
                    let message = format!(
                        "ruling `{}` is declared twice in this pack (first at line {})",
                        def.id, old.defined_at.1
                    );
                    diags.push(pack.error_at(id, message));
                } else if same_choices(old, &def) {
                    combine(&mut old.name, &def.name);
                    combine(&mut old.text, &def.text);
                    combine(&mut old.source, &def.source);
                    for (mine, theirs) in old.choices.iter_mut().zip(&def.choices) {
                        combine(&mut mine.text, &theirs.text);
                    }
                } else {
                    let other = &cat.packs[old.pack.ix()].id;
                    let message = format!(
                        "ruling `{}` is also declared by pack `{other}` ({}:{}) with other \
                         choices or another default: packs that share a ruling must offer the \
                         same choices, in the same order, with the same default",
                        def.id, old.defined_at.0, old.defined_at.1
                    );
                    diags.push(pack.error_at(id, message));
                }
            }
        }
    }
}

/// One entry as a ruling, or `None` (its problems reported) if it cannot be one.
fn read_ruling(
    diags: &mut Sink,
    pack_id: PackId,
    pack: &LoadedPack,
    entry: &RulingEntry,
) -> Option<RulingDef> {
    let id = &entry.id;
    let mut ok = true;
    if let Some(d) = check_id(pack, id, "ruling") {
        diags.push(d);
        ok = false;
    } else if id.get_ref() == VARIANT_RULING {
        let message = format!(
            "ruling id `{}` is the engine's own (the designer's variant): choose another",
            id.get_ref()
        );
        diags.push(pack.error_at(id, message));
        ok = false;
    }
    if !entry.name.has(Lang::En) {
        let message = format!("ruling `{}` needs an English name (name.en)", id.get_ref());
        diags.push(pack.error_at(id, message));
    }
    check_translations(pack, id, "name", &entry.name, diags);
    check_translations(pack, id, "text", &entry.text, diags);
    check_translations(pack, id, "source", &entry.source, diags);
    if entry.choices.len() < 2 {
        let message = format!(
            "ruling `{}` offers {} choice(s): a ruling offers at least two",
            id.get_ref(),
            entry.choices.len()
        );
        diags.push(pack.error_at(id, message));
        ok = false;
    }
    let mut choices: Vec<RulingChoice> = Vec::with_capacity(entry.choices.len());
    for choice in &entry.choices {
        if let Some(d) = check_id(pack, &choice.id, "choice") {
            diags.push(d);
            ok = false;
            continue;
        }
        if choices.iter().any(|c| &c.id == choice.id.get_ref()) {
            let message = format!(
                "ruling `{}` lists choice `{}` twice",
                id.get_ref(),
                choice.id.get_ref()
            );
            diags.push(pack.error_at(&choice.id, message));
            ok = false;
            continue;
        }
        if !choice.text.has(Lang::En) {
            let message = format!(
                "choice `{}` of ruling `{}` needs an English text (text.en)",
                choice.id.get_ref(),
                id.get_ref()
            );
            diags.push(pack.error_at(&choice.id, message));
        }
        check_translations(pack, &choice.id, "text", &choice.text, diags);
        choices.push(RulingChoice {
            id: choice.id.get_ref().clone(),
            text: printable(&choice.text),
        });
    }
    let default = choices
        .iter()
        .position(|c| &c.id == entry.default.get_ref());
    if default.is_none() && !choices.is_empty() {
        let ids = choices.iter().map(|c| c.id.as_str());
        let hint = did_you_mean(entry.default.get_ref(), ids);
        let known: Vec<&str> = choices.iter().map(|c| c.id.as_str()).collect();
        let message = format!(
            "ruling `{}`: the default `{}` is not one of its choices ({}){hint}",
            id.get_ref(),
            crate::printable::truncate(entry.default.get_ref(), super::limits::MAX_ID_CHARS),
            known.join(", ")
        );
        diags.push(pack.error_at(&entry.default, message));
    }
    Some(RulingDef {
        id: id.get_ref().clone(),
        pack: pack_id,
        name: printable(&entry.name),
        text: printable(&entry.text),
        source: printable(&entry.source),
        choices,
        default: default.filter(|_| ok)?,
        defined_at: (pack.manifest_path.clone(), pack.line_of(id.span().start)),
    })
}

/// Same choice ids, in the same order, and the same default.
fn same_choices(a: &RulingDef, b: &RulingDef) -> bool {
    a.default == b.default
        && a.choices.len() == b.choices.len()
        && a.choices.iter().zip(&b.choices).all(|(x, y)| x.id == y.id)
}

/// Adds the translations `from` has and `into` lacks.
fn combine(into: &mut LocalText, from: &LocalText) {
    for (lang, text) in &from.0 {
        into.0.entry(lang.clone()).or_insert_with(|| text.clone());
    }
}
