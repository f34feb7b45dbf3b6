//! What players read, in their language: the messages (Project Fluent files
//! `cli/i18n/{en,es,fr}.ftl`, see [`messages`]), card names, and the game as lines of text
//! ([`render`]: a seat's table, a decision's options, the log). The terminal (`dungeon`)
//! and the server's browser table both show the game through it, so the two say the same.
//!
//! Every message is shown through [`tr`] (or [`Text::t`] and [`Text::about`]) with its id
//! written as a string literal: the tests find the ids the code uses by scanning the
//! sources, and fail on an id missing from a language or on a message nothing uses.

use dungeon_engine::action::{Answer, CardRef, Question};
use dungeon_engine::catalog::Catalog;
use dungeon_engine::ids::*;
use dungeon_engine::lang::Lang;

pub mod fill;
pub mod messages;
pub mod render;

use messages::YOU;
pub use messages::{Arg, decimal_text};

/// `--lang`, else the environment's locale (LC_ALL, LC_MESSAGES, LANG), else English. An
/// unknown `--lang` is an error in the locale's language.
pub fn resolve_lang(flag: Option<&str>) -> Result<Lang, String> {
    let locale = locale_lang().unwrap_or(Lang::En);
    match flag {
        Some(code) => Lang::from_code(code).ok_or_else(|| {
            let code = dungeon_engine::printable::escape_line(code).into_owned();
            tr(locale, "error-unknown-lang", &[("lang", code.into())])
        }),
        None => Ok(locale),
    }
}

/// The language of the first locale variable set to one we have.
fn locale_lang() -> Option<Lang> {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .into_iter()
        .find_map(|var| {
            let value = std::env::var(var).ok()?;
            Lang::from_code(value.get(..2).unwrap_or(""))
        })
}

/// An input/output error in `lang`: the common kinds in words, others as the system says.
pub fn io_error(lang: Lang, error: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match error.kind() {
        ErrorKind::NotFound => tr(lang, "error-io-not-found", &[]),
        ErrorKind::PermissionDenied => tr(lang, "error-io-permission", &[]),
        ErrorKind::AlreadyExists => tr(lang, "error-io-exists", &[]),
        ErrorKind::IsADirectory => tr(lang, "error-io-directory", &[]),
        ErrorKind::NotADirectory => tr(lang, "error-io-not-directory", &[]),
        ErrorKind::StorageFull => tr(lang, "error-io-full", &[]),
        ErrorKind::ReadOnlyFilesystem => tr(lang, "error-io-read-only", &[]),
        _ => error.to_string(),
    }
}

/// Message `key` in `lang` (else English, else the key itself), its variables filled.
/// For text shown before the packs are loaded; with a catalog, use [`Text::t`].
///
/// The key is the message's id (`play-welcome`); the older spelling of the same key
/// (`play.welcome`) finds it too. Pass numbers as numbers (`("count", n.into())`): a
/// message may choose its plural form by them.
pub fn tr(lang: Lang, key: &'static str, args: &[(&str, Arg)]) -> String {
    let (id, attribute) = message_id(key);
    messages::format(lang, &id, attribute, args).unwrap_or_else(|| key.to_string())
}

/// The message id and attribute a key names: `play.your_turn` and `play-your-turn` are
/// `play-your-turn`; the older `_you` keys are the `.you` attribute of their message.
pub fn message_id(key: &str) -> (String, Option<&'static str>) {
    let id = key.replace(['.', '_'], "-");
    if !messages::exists(&id, None) {
        if let Some(base) = id.strip_suffix("-you") {
            if messages::exists(base, Some(YOU)) {
                return (base.to_string(), Some(YOU));
            }
        }
    }
    (id, None)
}

/// `fraction` (0.125) as a percentage the way `lang` writes it (`12.5%`, `12,5 %`), with
/// `digits` decimals.
pub fn percent(lang: Lang, fraction: f64, digits: usize) -> String {
    let value = Arg::decimal(fraction * 100.0, digits);
    tr(lang, "number-percent", &[("value", value)])
}

/// Two fractions as a range of percentages (`10.2-15.3`), for confidence intervals.
pub fn percent_range(lang: Lang, low: f64, high: f64, digits: usize) -> String {
    decimal_range(lang, low * 100.0, high * 100.0, digits)
}

/// Two numbers as a range (`0.85-1.20`), each with `digits` decimals.
pub fn decimal_range(lang: Lang, low: f64, high: f64, digits: usize) -> String {
    let low = Arg::decimal(low, digits);
    let high = Arg::decimal(high, digits);
    tr(lang, "number-range", &[("low", low), ("high", high)])
}

/// The name of a seat: the one given, else the default for a human (`You` when alone at
/// the screen, else `Player N`) or a bot (`Bot N (kind)`), in `lang`. Saved games made
/// before default names were left empty hold the English default: it is translated too.
pub fn seat_name(lang: Lang, seat: usize, given: &str, bot: Option<&str>, humans: usize) -> String {
    let default = |lang: Lang| {
        let number = seat + 1;
        match bot {
            None if humans == 1 => tr(lang, "seat-you", &[]),
            None => tr(lang, "seat-player", &[("number", number.into())]),
            Some(kind) => tr(
                lang,
                "seat-bot",
                &[
                    ("number", number.into()),
                    ("kind", bot_kind(lang, kind).into()),
                ],
            ),
        }
    };
    if given.is_empty()
        || given == default(Lang::En)
        || legacy_bot_name(seat, bot).as_deref() == Some(given)
    {
        default(lang)
    } else {
        given.to_string()
    }
}

/// The English default name a bot's seat had before bots were named by level (`Bot 2
/// (rules)`, `Bot 3 (search)`), as saved games of that time hold it.
fn legacy_bot_name(seat: usize, bot: Option<&str>) -> Option<String> {
    let id = bot?;
    let (kind, budget) = id.split_once(':').map_or((id, None), |(k, b)| (k, Some(b)));
    let old = match kind {
        "rules" | "random" => kind,
        "ismcts" => "search",
        _ => return None,
    };
    let budget = budget.map(|b| format!(":{b}")).unwrap_or_default();
    Some(format!("Bot {} ({old}{budget})", seat + 1))
}

/// A bot as players read it: its level (easy, normal, hard) in `lang`, from the id a
/// game or a report keeps (`novice`, `rules`, `ismcts`; `ismcts:500` and `ismcts:200ms`,
/// the hard level with another budget, are `hard:500` and `hard:200ms`; `random`, the bot
/// that picks any legal move, has no level and is called random). An unknown id is shown
/// as it is.
pub fn bot_kind(lang: Lang, id: &str) -> String {
    let (kind, budget) = id.split_once(':').map_or((id, None), |(k, b)| (k, Some(b)));
    let name = match kind {
        "novice" | "easy" => tr(lang, "seat-bot-easy", &[]),
        "random" => tr(lang, "seat-bot-random", &[]),
        "rules" | "normal" => tr(lang, "seat-bot-normal", &[]),
        "ismcts" | "hard" => tr(lang, "seat-bot-hard", &[]),
        _ => return id.to_string(),
    };
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

    /// Message `key` about `subject`: its second-person form (the message's `.you`
    /// attribute) when the subject is the one reading, if it has one.
    pub fn about(
        &self,
        key: &'static str,
        subject: Seat,
        reader: Option<Seat>,
        args: &[(&str, Arg)],
    ) -> String {
        let (id, attribute) = message_id(key);
        if reader == Some(subject) && attribute.is_none() && messages::exists(&id, Some(YOU)) {
            if let Some(text) = messages::format(self.lang, &id, Some(YOU), args) {
                return text;
            }
        }
        self.t(key, args)
    }

    /// Message `key` with its variables filled (see [`tr`]).
    pub fn t(&self, key: &'static str, args: &[(&str, Arg)]) -> String {
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

    /// A card's rules text as a player reads it: a ruling it names by id in backticks
    /// (`` `healing_potion` ``) is shown by its name, in quotes («Healing Potion: may it be
    /// declined?»): ids are for pack authors.
    pub fn card_text(&self, info: &dungeon_engine::catalog::CardInfo) -> String {
        let text = info.text.get(self.lang);
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(start) = rest.find('`') {
            let Some(len) = rest[start + 1..].find('`') else {
                break;
            };
            let id = &rest[start + 1..start + 1 + len];
            out.push_str(&rest[..start]);
            match self.catalog.rulings.iter().find(|r| r.id == id) {
                Some(ruling) => out.push_str(&self.t(
                    "card-text-ruling",
                    &[("ruling", ruling.name.get(self.lang).to_string().into())],
                )),
                None => out.push_str(&rest[start..start + len + 2]),
            }
            rest = &rest[start + len + 2..];
        }
        out.push_str(rest);
        out
    }
    pub fn tiles(&self, tiles: &[TileId]) -> String {
        if tiles.is_empty() {
            return self.t("play-no-tiles", &[]);
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
        let monster = monster.map(|m| self.monster(m));
        if let Some(text) = self.catalog.message(info.pack, &q.prompt) {
            // A pack's message: `{card}`, `{tile}` and `{monster}` placeholders.
            let monster = monster.unwrap_or_default();
            return fill::fill(text.get(self.lang), |name| match name {
                "card" | "tile" => Some(card.as_str()),
                "monster" => Some(monster.as_str()),
                _ => None,
            });
        }
        let args = [
            ("card", (&card).into()),
            ("tile", (&card).into()),
            ("monster", monster.clone().unwrap_or_default().into()),
        ];
        match &*q.prompt {
            "use_tile" if monster.is_none() => self.t("prompt-use-tile-now", &args),
            "use_tile" => self.t("prompt-use-tile", &args),
            "name_species" => self.t("prompt-name-species", &args),
            "choose_tile" => self.t("prompt-choose-tile", &args),
            "choose_player" => self.t("prompt-choose-player", &args),
            other => self.t(
                "prompt-generic",
                &[
                    ("card", card.into()),
                    ("prompt", other.replace('_', " ").into()),
                ],
            ),
        }
    }

    pub fn answer(&self, a: Answer, seat_name: impl Fn(Seat) -> String) -> String {
        match a {
            Answer::Yes => self.t("answer-yes", &[]),
            Answer::No => self.t("answer-no", &[]),
            Answer::Species(s) => self.species(s),
            Answer::Tile(t) => self.tile(t),
            Answer::Seat(s) => seat_name(s),
        }
    }
}
