//! Reading a pack manifest entry by entry, so that one mistake hides no other. Only a TOML
//! syntax error stops the reading. Then every string is checked (length, control
//! characters), every unknown key is reported with the closest known one, and each entry
//! (`[pack]`, `[rules]`, each `[[monster]]`...) is read on its own: a wrong type or an out
//! of range value is reported, the entry left out, and its id remembered as *broken* so
//! that what refers to it is not reported again.

use super::diag::{Diagnostic, Diagnostics, LineIndex, Sink};
use super::limits::*;
use super::scan::scan_strings;
use super::schema::*;
use super::suggest::did_you_mean;
use crate::lang::LocalText;
use crate::printable::truncate;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use toml::Spanned;
use toml::de::{DeTable, DeValue, ValueDeserializer};

mod sections;

/// Ids of entries that were left out, by kind: references to them are not "unknown".
#[derive(Debug, Default)]
pub struct BrokenIds {
    pub monsters: BTreeSet<String>,
    pub tiles: BTreeSet<String>,
    pub adventurers: BTreeSet<String>,
    /// Species a broken monster would have defined.
    pub species: BTreeSet<String>,
    /// Sections (`monster`, `equipment`, `adventurer`) that had more entries than a pack
    /// may define (already reported: the catalog's own cap is not reported again).
    pub capped: BTreeSet<&'static str>,
    /// The equipment lists of adventurers left out, by adventurer id: still checked for
    /// unknown tiles, and their tiles count as carried.
    pub carried: Vec<(String, Vec<Spanned<String>>)>,
}

impl BrokenIds {
    pub fn extend(&mut self, other: &BrokenIds) {
        self.monsters.extend(other.monsters.iter().cloned());
        self.tiles.extend(other.tiles.iter().cloned());
        self.adventurers.extend(other.adventurers.iter().cloned());
        self.species.extend(other.species.iter().cloned());
        self.capped.extend(other.capped.iter().copied());
    }
}

/// A manifest as read: what could be used, what was left out, and every problem.
pub struct Parsed {
    pub file: PackFile,
    pub broken: BrokenIds,
    pub diags: Diagnostics,
}

const SECTIONS: &[&str] = &[
    "pack",
    "rules",
    "adventurer",
    "equipment",
    "monster",
    "messages",
    "ruling",
];

/// Reads a manifest's text. `Err` only for a TOML syntax error.
pub fn parse_manifest(path: &str, text: &str, lines: &LineIndex) -> Result<Parsed, Diagnostic> {
    let doc = DeTable::parse(text).map_err(|e| {
        let d = Diagnostic::error(path, e.message().trim_end().to_string());
        match e.span() {
            Some(span) => d.at_index(lines, text, span.start),
            None => d,
        }
    })?;
    let mut r = Reader {
        path,
        text,
        lines,
        diags: Sink::default(),
        broken: BrokenIds::default(),
    };
    for found in scan_strings(doc.get_ref()) {
        let d = match found.error {
            true => Diagnostic::error(path, found.message),
            false => Diagnostic::warning(path, found.message),
        };
        let d = match found.detail {
            Some(detail) => d.with_detail(detail),
            None => d,
        };
        r.diags.push(d.at_index(lines, text, found.offset));
    }
    let (mut header, mut saw_pack) = (None, false);
    let mut file = PackFile {
        pack: placeholder_header(path),
        rules: RulesSection::default(),
        adventurer: Vec::new(),
        equipment: Vec::new(),
        monster: Vec::new(),
        messages: BTreeMap::new(),
        ruling: Vec::new(),
    };
    for (key, value) in doc.into_inner() {
        match &**key.get_ref() {
            "pack" => {
                saw_pack = true;
                let fill = |field: &str| header_placeholder(path, field);
                let lists = [
                    ("languages", MAX_LANGUAGES),
                    ("requires", MAX_PACK_REFS),
                    ("requires_any", MAX_PACK_REFS),
                    ("conflicts", MAX_PACK_REFS),
                ];
                header = r.entry::<PackHeader>("[pack]", value, &lists, &fill).0;
            }
            "rules" => {
                file.rules = r
                    .entry("[rules]", value, &[], &|_| None)
                    .0
                    .unwrap_or_default()
            }
            "adventurer" => file.adventurer = r.cards(Kind::Adventurer, value),
            "equipment" => file.equipment = r.cards(Kind::Tile, value),
            "monster" => file.monster = r.cards(Kind::Monster, value),
            "messages" => file.messages = r.messages(value),
            "ruling" => file.ruling = r.rulings(value),
            other => {
                let hint = did_you_mean(other, SECTIONS.iter().copied());
                r.error(
                    key.span().start,
                    format!("unknown section `{}`{hint}", shown(other)),
                );
            }
        }
    }
    match header {
        Some(h) => file.pack = h,
        // A `[pack]` that is not a table was reported already.
        None if saw_pack => {}
        None => r.error(
            0,
            "the file has no [pack] table: a pack starts with `[pack]`, its id and name",
        ),
    }
    let mut diags = r.diags.finish();
    diags
        .0
        .sort_by_key(|d| (d.line.is_none(), d.line, d.column));
    Ok(Parsed {
        file,
        broken: r.broken,
        diags,
    })
}

/// The header a pack whose `[pack]` cannot be read is given, so the rest can be checked.
fn placeholder_header(path: &str) -> PackHeader {
    let fill = |field: &str| header_placeholder(path, field);
    let mut table = DeTable::new();
    for field in ["id", "name", "version", "engine_api", "languages"] {
        let key = Spanned::new(0..0, Cow::Owned(field.to_string()));
        table.insert(key, Spanned::new(0..0, fill(field).expect("a placeholder")));
    }
    PackHeader::deserialize(ValueDeserializer::from(Spanned::new(
        0..0,
        DeValue::Table(table),
    )))
    .expect("the placeholder header is valid")
}

/// A stand-in for a required `[pack]` field that is missing or wrong (already reported).
fn header_placeholder(path: &str, field: &str) -> Option<DeValue<'static>> {
    Some(match field {
        "id" => {
            let stem = path.rsplit('/').next().unwrap_or(path);
            let stem = stem.strip_suffix(".toml").unwrap_or(stem);
            let ok = valid_id(stem);
            DeValue::String(Cow::Owned(
                if ok { stem } else { "unnamed_pack" }.to_string(),
            ))
        }
        "name" => DeValue::Table(DeTable::new()),
        "version" => DeValue::String(Cow::Borrowed("")),
        "engine_api" => DeValue::parse(ENGINE_API_TEXT).ok()?.into_inner(),
        "languages" => DeValue::Array(Default::default()),
        _ => return None,
    })
}

const ENGINE_API_TEXT: &str = "1";

#[derive(Copy, Clone)]
enum Kind {
    Adventurer,
    Tile,
    Monster,
}

impl Kind {
    fn section(self) -> &'static str {
        match self {
            Kind::Adventurer => "adventurer",
            Kind::Tile => "equipment",
            Kind::Monster => "monster",
        }
    }
}

struct Reader<'a> {
    path: &'a str,
    text: &'a str,
    lines: &'a LineIndex,
    diags: Sink,
    broken: BrokenIds,
}

/// Text quoted in a message: at most a few dozen characters.
fn shown(s: &str) -> Cow<'_, str> {
    truncate(s, MAX_ID_CHARS)
}

impl Reader<'_> {
    fn error(&mut self, offset: usize, message: impl Into<String>) {
        let d = Diagnostic::error(self.path, message).at_index(self.lines, self.text, offset);
        self.diags.push(d);
    }

    // --- Entries -----------------------------------------------------------------------

    /// Reads one table as a `T`, reporting each unknown key and each bad value. Returns
    /// the entry (bad values left out, required ones replaced by `fill`'s stand-ins) and
    /// whether it was read without a mistake.
    fn entry<T: DeserializeOwned>(
        &mut self,
        what: &str,
        value: Spanned<DeValue<'_>>,
        lists: &[(&str, usize)],
        fill: &dyn Fn(&str) -> Option<DeValue<'static>>,
    ) -> (Option<T>, bool) {
        let span = value.span();
        let DeValue::Table(mut table) = value.into_inner() else {
            self.error(span.start, format!("{what} must be a table"));
            return (None, false);
        };
        let fields = field_names::<T>();
        let mut clean = self.prune_unknown(what, &mut table, fields);
        if let Some(rules) = table.get_mut("defeats") {
            let lists = [
                ("species", MAX_DEFEAT_LIST),
                ("strength_in", MAX_DEFEAT_LIST),
            ];
            let fields = field_names::<DefeatEntry>();
            clean &= self.prune_tables(&format!("{what}, defeats rule"), rules, fields, &lists);
        }
        if let Some(choices) = table.get_mut("choices") {
            let fields = field_names::<ChoiceEntry>();
            clean &= self.prune_tables(&format!("{what}, choice"), choices, fields, &[]);
        }
        for &(list, max) in lists {
            clean &= self.check_list(what, &mut table, list, max);
        }
        let mut removed: Vec<String> = Vec::new();
        for _ in 0..=2 * fields.len() + table.len() {
            let attempt = Spanned::new(span.clone(), DeValue::Table(table.clone()));
            let error = match T::deserialize(ValueDeserializer::from(attempt)) {
                Ok(t) => return (Some(t), clean),
                Err(e) => e,
            };
            clean = false;
            if let Some(field) = missing_field(error.message()) {
                if !removed.iter().any(|r| r == field) {
                    self.error(span.start, format!("{what}: missing field `{field}`"));
                }
                let Some(stand_in) = fill(field) else {
                    return (None, false);
                };
                let key = Spanned::new(span.start..span.start, Cow::Owned(field.to_string()));
                table.insert(key, Spanned::new(span.clone(), stand_in));
                continue;
            }
            let at = error.span().map_or(span.start, |s| s.start);
            let key = table
                .iter()
                .find(|(k, v)| k.span().start <= at && at < v.span().end.max(k.span().end))
                .map(|(k, _)| k.get_ref().to_string());
            let field = key.as_deref().map_or(String::new(), |k| format!("`{k}`: "));
            let message = error.message().trim_end();
            self.error(at, format!("{what}: {field}{message}"));
            let Some(key) = key else {
                return (None, false);
            };
            table.remove(key.as_str());
            removed.push(key);
        }
        (None, false)
    }

    /// Removes and reports the keys of `table` that are not `fields`.
    fn prune_unknown(&mut self, what: &str, table: &mut DeTable<'_>, fields: &[&str]) -> bool {
        let unknown: Vec<(String, usize)> = table
            .keys()
            .filter(|k| !fields.contains(&&**k.get_ref()))
            .map(|k| (k.get_ref().to_string(), k.span().start))
            .collect();
        for (key, at) in &unknown {
            let hint = did_you_mean(key, fields.iter().copied());
            let message = format!("{what}: unknown field `{}`{hint}", shown(key));
            self.error(*at, message);
            table.remove(key.as_str());
        }
        unknown.is_empty()
    }

    /// Unknown keys, and lists too long, in a table of an entry that holds one table or an
    /// array of them (a tile's `defeats` rules, a ruling's `choices`).
    fn prune_tables(
        &mut self,
        what: &str,
        value: &mut Spanned<DeValue<'_>>,
        fields: &[&str],
        lists: &[(&str, usize)],
    ) -> bool {
        let mut clean = true;
        let mut prune = |r: &mut Self, item: &mut Spanned<DeValue<'_>>| {
            if let DeValue::Table(table) = item.get_mut() {
                clean &= r.prune_unknown(what, table, fields);
                for &(list, max) in lists {
                    clean &= r.check_list(what, table, list, max);
                }
            }
        };
        match value.get_mut() {
            DeValue::Table(_) => prune(self, value),
            DeValue::Array(items) => {
                for item in items.iter_mut() {
                    prune(self, item);
                }
            }
            _ => {}
        }
        clean
    }

    /// Reports a list `key` of `table` longer than `max`, at its first extra item, and
    /// keeps only its first `max` items (so nothing after costs more than its bound).
    fn check_list(&mut self, what: &str, table: &mut DeTable<'_>, key: &str, max: usize) -> bool {
        let Some(value) = table.get_mut(key) else {
            return true;
        };
        let span = value.span();
        let DeValue::Array(items) = value.get_mut() else {
            return true;
        };
        if items.len() <= max {
            return true;
        }
        let n = items.len();
        self.error(
            items[max].span().start,
            format!("{what}: `{key}` lists {n} entries; at most {max}"),
        );
        let kept = items.iter().take(max).cloned().collect();
        *value = Spanned::new(span, DeValue::Array(kept));
        false
    }

    /// Every entry of a card section (`[[monster]]`...), at most [`MAX_CARDS_PER_KIND`].
    fn cards<T: DeserializeOwned>(&mut self, kind: Kind, value: Spanned<DeValue<'_>>) -> Vec<T> {
        let section = kind.section();
        let span = value.span();
        let DeValue::Array(items) = value.into_inner() else {
            self.error(
                span.start,
                format!("`{section}` must be written [[{section}]], once per card"),
            );
            return Vec::new();
        };
        let lists: &[(&str, usize)] = match kind {
            Kind::Adventurer => &[("equipment", MAX_TILES_PER_ADVENTURER)],
            Kind::Tile => &[("defeats", MAX_DEFEAT_RULES)],
            Kind::Monster => &[],
        };
        let total = items.len();
        let mut out = Vec::with_capacity(total.min(MAX_CARDS_PER_KIND));
        for (i, item) in items.into_iter().enumerate() {
            let id = raw_str(&item, "id").map(str::to_string);
            if i == MAX_CARDS_PER_KIND {
                self.broken.capped.insert(section);
                self.error(
                    item.span().start,
                    format!(
                        "the pack defines {total} [[{section}]] entries; at most \
                         {MAX_CARDS_PER_KIND}: this one and the rest are left out"
                    ),
                );
            }
            let what = match &id {
                Some(id) => format!("{section} `{}`", shown(id)),
                None => format!("[[{section}]] entry {}", i + 1),
            };
            let species = raw_str(&item, "species").map(str::to_string);
            let carried = match (kind, item.get_ref()) {
                (Kind::Adventurer, DeValue::Table(t)) => t.get("equipment").cloned(),
                _ => None,
            };
            let entry = if i < MAX_CARDS_PER_KIND {
                match self.entry::<T>(&what, item, lists, &|_| None) {
                    (Some(entry), true) => Some(entry),
                    _ => None,
                }
            } else {
                None
            };
            match entry {
                Some(entry) => out.push(entry),
                None => {
                    let list = carried.map(ValueDeserializer::from);
                    let list = list.and_then(|l| Vec::<Spanned<String>>::deserialize(l).ok());
                    if let (Some(id), Some(mut list)) = (&id, list) {
                        list.truncate(MAX_TILES_PER_ADVENTURER);
                        self.broken.carried.push((id.clone(), list));
                    }
                    self.mark_broken(kind, id, species)
                }
            }
        }
        out
    }

    fn mark_broken(&mut self, kind: Kind, id: Option<String>, species: Option<String>) {
        let Some(id) = id else { return };
        let set = match kind {
            Kind::Adventurer => &mut self.broken.adventurers,
            Kind::Tile => &mut self.broken.tiles,
            Kind::Monster => {
                self.broken.species.extend(species);
                self.broken.species.insert(id.clone());
                &mut self.broken.monsters
            }
        };
        set.insert(id);
    }
}

/// A string field of a raw entry, if it is a table holding one.
fn raw_str<'v>(value: &'v Spanned<DeValue<'_>>, key: &str) -> Option<&'v str> {
    match value.get_ref() {
        DeValue::Table(table) => match table.get(key).map(Spanned::get_ref) {
            Some(DeValue::String(s)) => Some(s),
            _ => None,
        },
        _ => None,
    }
}

/// The field serde reports missing, from its message "missing field `x`".
fn missing_field(message: &str) -> Option<&str> {
    message
        .strip_prefix("missing field `")
        .and_then(|rest| rest.split('`').next())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_names_are_those_serde_reads() {
        assert!(field_names::<DefeatEntry>().contains(&"strength_max"));
        assert!(field_names::<PackHeader>().contains(&"requires_any"));
        assert!(field_names::<MonsterEntry>().contains(&"copies"));
    }
}
