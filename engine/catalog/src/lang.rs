//! Languages and per-language text.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// A language the engine can show card text in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    En,
    Es,
    Fr,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Es, Lang::Fr];

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
            Lang::Fr => "fr",
        }
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        match code {
            "en" => Some(Lang::En),
            "es" => Some(Lang::Es),
            "fr" => Some(Lang::Fr),
            _ => None,
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Text given in several languages (`{ en = "...", es = "..." }` in a pack).
/// Keys are language codes; a pack may carry languages the engine cannot display yet.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct LocalText(pub BTreeMap<String, String>);

impl LocalText {
    pub fn single(lang: Lang, text: &str) -> LocalText {
        let mut map = BTreeMap::new();
        map.insert(lang.code().to_string(), text.to_string());
        LocalText(map)
    }

    /// The text in `lang`, else English, else any language, else "".
    pub fn get(&self, lang: Lang) -> &str {
        self.0
            .get(lang.code())
            .or_else(|| self.0.get("en"))
            .or_else(|| self.0.values().next())
            .map(String::as_str)
            .unwrap_or("")
    }

    pub fn has(&self, lang: Lang) -> bool {
        self.0.contains_key(lang.code())
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}
