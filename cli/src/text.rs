//! Text shown by the command line: the language, the message table, and card names.

use dungeon_engine::action::{Answer, CardRef, Question};
use dungeon_engine::catalog::Catalog;
use dungeon_engine::ids::*;
use dungeon_engine::lang::Lang;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// `--lang`, else the environment's locale (LC_ALL, LC_MESSAGES, LANG), else English.
pub fn resolve_lang(flag: Option<&str>) -> Result<Lang, String> {
    if let Some(code) = flag {
        return Lang::from_code(code)
            .ok_or_else(|| format!("unknown language `{code}` (use en, es or fr)"));
    }
    for var in ["LC_ALL", "LC_MESSAGES", "LANG"] {
        if let Ok(value) = std::env::var(var) {
            if let Some(lang) = Lang::from_code(value.get(..2).unwrap_or("")) {
                return Ok(lang);
            }
        }
    }
    Ok(Lang::En)
}

/// The message tables, English first (the fallback for a key missing elsewhere).
pub const TABLES: [(Lang, &str); 3] = [
    (Lang::En, include_str!("../i18n/en.toml")),
    (Lang::Es, include_str!("../i18n/es.toml")),
    (Lang::Fr, include_str!("../i18n/fr.toml")),
];

fn table(lang: Lang) -> &'static BTreeMap<String, String> {
    static TABLES_PARSED: OnceLock<Vec<(Lang, BTreeMap<String, String>)>> = OnceLock::new();
    let all = TABLES_PARSED.get_or_init(|| {
        TABLES
            .iter()
            .map(|(lang, text)| {
                let value: toml::Table =
                    toml::from_str(text).expect("i18n tables are checked by tests");
                let mut flat = BTreeMap::new();
                for (section, entries) in value {
                    if let toml::Value::Table(entries) = entries {
                        for (key, v) in entries {
                            if let toml::Value::String(s) = v {
                                flat.insert(format!("{section}.{key}"), s);
                            }
                        }
                    }
                }
                (*lang, flat)
            })
            .collect()
    });
    all.iter()
        .find(|(l, _)| *l == lang)
        .or_else(|| all.first())
        .map(|(_, t)| t)
        .expect("the English table exists")
}

/// The message `key` in `lang` (else English, else the key itself), placeholders filled.
/// For text shown before the packs are loaded; with a catalog, use [`Text::t`].
pub fn tr(lang: Lang, key: &str, args: &[(&str, String)]) -> String {
    let template = table(lang)
        .get(key)
        .or_else(|| table(Lang::En).get(key))
        .map(String::as_str)
        .unwrap_or(key);
    fill(template, args)
}

/// The name of a seat: the one given, else the default for a human (`You` when alone at
/// the screen, else `Player N`) or a bot (`Bot N (kind)`), in `lang`. Saved games made
/// before default names were left empty hold the English default: it is translated too.
pub fn seat_name(lang: Lang, seat: usize, given: &str, bot: Option<&str>, humans: usize) -> String {
    let default = |lang: Lang| {
        let number = (seat + 1).to_string();
        match bot {
            None if humans == 1 => tr(lang, "seat.you", &[]),
            None => tr(lang, "seat.player", &[("number", number)]),
            Some(kind) => tr(
                lang,
                "seat.bot",
                &[("number", number), ("kind", bot_kind(lang, kind))],
            ),
        }
    };
    if given.is_empty() || given == default(Lang::En) {
        default(lang)
    } else {
        given.to_string()
    }
}

/// A kind of bot (`rules`, `random`, `ismcts:500`) as players read it; an unknown kind
/// as it is.
pub fn bot_kind(lang: Lang, id: &str) -> String {
    let (kind, budget) = id.split_once(':').map_or((id, None), |(k, b)| (k, Some(b)));
    let key = format!("seat.bot_{kind}");
    if !table(Lang::En).contains_key(&key) {
        return id.to_string();
    }
    let name = tr(lang, &key, &[]);
    match budget {
        Some(b) => format!("{name}:{b}"),
        None => name,
    }
}

/// Text in a language, with names for cards.
#[derive(Clone, Copy)]
pub struct Text<'c> {
    pub lang: Lang,
    pub catalog: &'c Catalog,
}

impl<'c> Text<'c> {
    pub fn new(lang: Lang, catalog: &'c Catalog) -> Text<'c> {
        Text { lang, catalog }
    }

    /// The message `key` about `subject`: its second-person form (`key_you`) when the
    /// subject is the one reading, if the table has one.
    pub fn about(
        &self,
        key: &str,
        subject: Seat,
        reader: Option<Seat>,
        args: &[(&str, String)],
    ) -> String {
        if reader == Some(subject) {
            let you = format!("{key}_you");
            if table(Lang::En).contains_key(&you) {
                return self.t(&you, args);
            }
        }
        self.t(key, args)
    }

    /// The message `key` with `{name}` placeholders filled.
    pub fn t(&self, key: &str, args: &[(&str, String)]) -> String {
        tr(self.lang, key, args)
    }

    pub fn monster(&self, id: MonsterId) -> String {
        self.catalog
            .monster(id)
            .info
            .name
            .get(self.lang)
            .to_string()
    }
    pub fn tile(&self, id: TileId) -> String {
        self.catalog.tile(id).info.name.get(self.lang).to_string()
    }
    pub fn adventurer(&self, id: AdventurerId) -> String {
        self.catalog
            .adventurer(id)
            .info
            .name
            .get(self.lang)
            .to_string()
    }
    pub fn species(&self, id: SpeciesId) -> String {
        self.catalog.species_def(id).name.get(self.lang).to_string()
    }
    pub fn card(&self, card: CardRef) -> String {
        card.info(self.catalog).name.get(self.lang).to_string()
    }
    pub fn tiles(&self, tiles: &[TileId]) -> String {
        if tiles.is_empty() {
            return self.t("play.no_tiles", &[]);
        }
        tiles
            .iter()
            .map(|&t| self.tile(t))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The prompt of a question: the asking card's pack message, else ours.
    pub fn prompt(&self, q: &Question, monster: Option<MonsterId>) -> String {
        let info = q.asker.info(self.catalog);
        let card = self.card(q.asker);
        let args = [
            ("card", card.clone()),
            ("tile", card.clone()),
            (
                "monster",
                monster.map(|m| self.monster(m)).unwrap_or_default(),
            ),
        ];
        if let Some(text) = self.catalog.message(info.pack, &q.prompt) {
            return fill(text.get(self.lang), &args);
        }
        let key = format!("prompt.{}", q.prompt);
        if table(Lang::En).contains_key(&key) {
            return self.t(&key, &args);
        }
        self.t(
            "prompt.generic",
            &[("card", card), ("prompt", q.prompt.replace('_', " "))],
        )
    }

    pub fn answer(&self, a: Answer, seat_name: impl Fn(Seat) -> String) -> String {
        match a {
            Answer::Yes => self.t("answer.yes", &[]),
            Answer::No => self.t("answer.no", &[]),
            Answer::Species(s) => self.species(s),
            Answer::Tile(t) => self.tile(t),
            Answer::Seat(s) => seat_name(s),
        }
    }
}

fn fill(template: &str, args: &[(&str, String)]) -> String {
    let mut out = template.to_string();
    for (name, value) in args {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}
