//! What `dungeon odds` is asked about: a situation file and the command-line options that
//! override it, resolved against the catalog into a dungeon setup and the chances of the
//! cards in it. Every mistake is a message naming what is wrong, never a panic.

use crate::text::{Arg, Text, tr};
use dungeon_engine::DungeonSetup;
use dungeon_engine::catalog::limits::MAX_ID_CHARS;
use dungeon_engine::catalog::{Catalog, DamageModel, Diagnostic};
use dungeon_engine::ids::*;
use dungeon_engine::lang::Lang;
use dungeon_engine::odds::Chances;
use dungeon_engine::printable::{escape_line, truncate};
use serde::Deserialize;

/// A situation file is a few lines; anything this long is not one.
const MAX_SITUATION_BYTES: u64 = 1 << 20;

/// The most cards a dungeon holds: the 13-card deck and the sequel's two special monsters.
pub const MAX_DUNGEON: usize = 15;
/// The most cards a situation may name in all (known, unseen, unknown specials): a game's.
pub const MAX_CARDS: usize = dungeon_engine::options::MAX_CARDS;

/// A situation as written in a file, or gathered from the options (same names).
#[derive(Deserialize, Debug, Default, Clone)]
#[serde(deny_unknown_fields)]
pub struct Situation {
    pub packs: Option<Vec<String>>,
    pub adventurer: Option<String>,
    /// `equipment` as in scenario files.
    #[serde(alias = "equipment")]
    pub tiles: Option<Vec<String>>,
    /// How many cards the dungeon holds.
    pub dungeon: Option<usize>,
    pub known: Option<Vec<String>>,
    pub seen: Option<Vec<String>>,
    pub unseen: Option<Vec<String>>,
    pub deck: Option<usize>,
    pub successes: Option<u8>,
    pub failures: Option<u8>,
    pub players: Option<u8>,
    pub damage_model: Option<DamageModel>,
    pub in_play: Option<Vec<String>>,
    pub unknown_specials: Option<usize>,
    pub candidates: Option<Vec<String>>,
    /// Free text, for the reader of the file.
    pub name: Option<String>,
    pub description: Option<String>,
}

impl Situation {
    /// Reads a situation file; a TOML mistake is reported with file, line and column.
    pub fn read(lang: Lang, path: &str) -> Result<Situation, String> {
        let cannot_read = |error: String| {
            tr(
                lang,
                "odds-cannot-read",
                &[("path", path.into()), ("error", error.into())],
            )
        };
        // Bounded, and never from a pipe or a device: either could hang the reader.
        let bytes = crate::saves::read_bytes(lang, path, MAX_SITUATION_BYTES)?;
        if bytes.len() as u64 > MAX_SITUATION_BYTES {
            let max = [("max", MAX_SITUATION_BYTES.into())];
            return Err(cannot_read(tr(lang, "odds-file-too-big", &max)));
        }
        let source = String::from_utf8(bytes)
            .map_err(|_| cannot_read(tr(lang, "odds-file-not-text", &[])))?;
        toml::from_str(&source).map_err(|e| {
            let mut d = Diagnostic::error(path, e.message().trim_end().to_string());
            if let Some(span) = e.span() {
                d = d.at(&source, span.start);
            }
            d.to_string()
        })
    }

    /// This situation with every field `other` gives replacing ours.
    pub fn overridden_by(self, other: Situation) -> Situation {
        Situation {
            packs: other.packs.or(self.packs),
            adventurer: other.adventurer.or(self.adventurer),
            tiles: other.tiles.or(self.tiles),
            dungeon: other.dungeon.or(self.dungeon),
            known: other.known.or(self.known),
            seen: other.seen.or(self.seen),
            unseen: other.unseen.or(self.unseen),
            deck: other.deck.or(self.deck),
            successes: other.successes.or(self.successes),
            failures: other.failures.or(self.failures),
            players: other.players.or(self.players),
            damage_model: other.damage_model.or(self.damage_model),
            in_play: other.in_play.or(self.in_play),
            unknown_specials: other.unknown_specials.or(self.unknown_specials),
            candidates: other.candidates.or(self.candidates),
            name: other.name.or(self.name),
            description: other.description.or(self.description),
        }
    }
}

/// A situation resolved against the catalog, ready to search.
#[derive(Debug, Clone)]
pub struct Resolved {
    pub setup: DungeonSetup,
    pub known: Vec<MonsterId>,
    /// The unseen cards of known kind the unknown ones are drawn from.
    pub pool: Vec<MonsterId>,
    pub unknown_specials: usize,
    pub candidates: Vec<MonsterId>,
}

impl Resolved {
    pub fn chances(&self, catalog: &Catalog) -> Chances {
        Chances::new(
            catalog,
            self.setup.dungeon.len(),
            &self.known,
            &self.pool,
            self.unknown_specials,
            &self.candidates,
        )
    }

    /// Cards in the unseen pool, unknown specials included.
    pub fn pool_size(&self) -> usize {
        self.pool.len() + self.unknown_specials
    }
}

/// Resolves ids and checks that the numbers fit together.
pub fn resolve(text: &Text, s: &Situation) -> Result<Resolved, String> {
    let catalog = text.catalog;
    let t = |key: &'static str, args: &[(&str, Arg)]| text.t(key, args);
    let adventurer_id = s
        .adventurer
        .as_deref()
        .ok_or_else(|| t("odds-no-adventurer", &[]))?;
    let adventurer = find(
        text,
        "odds-unknown-adventurer",
        adventurer_id,
        catalog.find_adventurer(adventurer_id),
        catalog.adventurers.iter().map(|a| a.info.id.as_str()),
    )?;
    let tiles: Vec<TileId> = match &s.tiles {
        None => catalog.adventurer(adventurer).tiles.clone(),
        Some(ids) => ids
            .iter()
            .map(|id| {
                find(
                    text,
                    "odds-unknown-tile",
                    id,
                    catalog.find_tile(id),
                    catalog.tiles.iter().map(|t| t.info.id.as_str()),
                )
            })
            .collect::<Result<_, _>>()?,
    };
    if let Some((i, _)) = tiles
        .iter()
        .enumerate()
        .find(|&(i, t)| tiles[..i].contains(t))
    {
        let id = catalog.tile(tiles[i]).info.id.clone();
        return Err(t("odds-tile-twice", &[("id", id.into())]));
    }
    let monsters = |ids: &Option<Vec<String>>| -> Result<Vec<MonsterId>, String> {
        ids.iter()
            .flatten()
            .map(|id| {
                find(
                    text,
                    "odds-unknown-monster",
                    id,
                    catalog.find_monster(id),
                    catalog.monsters.iter().map(|m| m.info.id.as_str()),
                )
            })
            .collect()
    };
    let known = monsters(&s.known)?;
    let seen = monsters(&s.seen)?;
    let in_play = specials(text, monsters(&s.in_play)?)?;
    let size = s.dungeon.ok_or_else(|| t("odds-no-dungeon", &[]))?;
    if size > MAX_DUNGEON {
        return Err(t(
            "odds-too-big",
            &[("size", size.into()), ("max", MAX_DUNGEON.into())],
        ));
    }
    if known.len() > size {
        return Err(t(
            "odds-too-many-known",
            &[("known", known.len().into()), ("size", size.into())],
        ));
    }
    let players = s.players.unwrap_or(2);
    if !(2..=4).contains(&players) {
        return Err(t("error-players", &[("players", players.into())]));
    }
    for (value, key) in [
        (s.successes, "odds-successes"),
        (s.failures, "odds-failures"),
    ] {
        if value.unwrap_or(0) > 1 {
            return Err(t(key, &[("count", value.unwrap_or(0).into())]));
        }
    }

    // Special kinds the player knows are in the game: named anywhere.
    let mut named: Vec<MonsterId> = in_play.clone();
    let explicit_pool = match &s.unseen {
        Some(_) if s.seen.is_some() => return Err(t("odds-seen-and-unseen", &[])),
        Some(_) => Some(monsters(&s.unseen)?),
        None => None,
    };
    for &m in known
        .iter()
        .chain(&seen)
        .chain(explicit_pool.iter().flatten())
    {
        if catalog.monster(m).special && !named.contains(&m) {
            named.push(m);
        }
    }
    let pool = match explicit_pool {
        Some(pool) => {
            check_copies(text, &known, &pool)?;
            pool
        }
        None => default_pool(text, &named, &known, &seen)?,
    };
    let unknown_specials = match s.unknown_specials {
        Some(n) => n,
        None => {
            let in_game = catalog.specials_in_play as usize;
            if named.len() > in_game {
                return Err(t(
                    "odds-specials",
                    &[("named", named.len().into()), ("in_play", in_game.into())],
                ));
            }
            in_game - named.len()
        }
    };
    let candidates = match &s.candidates {
        Some(_) => specials(text, monsters(&s.candidates)?)?,
        None => catalog
            .special_monsters()
            .filter(|m| !named.contains(m))
            .collect(),
    };
    if candidates.len() < unknown_specials {
        return Err(t(
            "odds-candidates",
            &[
                ("count", unknown_specials.into()),
                ("candidates", candidates.len().into()),
            ],
        ));
    }
    // Every count the search keeps fits a game's: at most MAX_CARDS cards in all.
    let cards = known.len() + pool.len() + unknown_specials;
    if cards > MAX_CARDS {
        return Err(t(
            "odds-too-many-cards",
            &[("count", cards.into()), ("max", MAX_CARDS.into())],
        ));
    }
    let unknown = size - known.len();
    let pool_size = pool.len() + unknown_specials;
    if unknown > pool_size {
        return Err(t(
            "odds-pool-too-small",
            &[("needed", unknown.into()), ("pool", pool_size.into())],
        ));
    }
    // By default every unseen card the dungeon does not take is in the deck (what
    // Polymorph draws from).
    let left = pool_size - unknown;
    let deck = s.deck.unwrap_or(left);
    if deck > left {
        return Err(t(
            "odds-deck-too-big",
            &[("deck", deck.into()), ("left", left.into())],
        ));
    }
    let placeholder = dungeon_engine::odds::placeholder(catalog);
    let setup = DungeonSetup {
        players,
        runner: 0,
        successes: s.successes.unwrap_or(0),
        failures: s.failures.unwrap_or(0),
        adventurer,
        tiles,
        dungeon: vec![placeholder; size],
        deck: vec![placeholder; deck],
        damage_model: s.damage_model,
        seed: 0,
        card_by_card: true,
        rulings: Default::default(),
    };
    Ok(Resolved {
        setup,
        known,
        pool,
        unknown_specials,
        candidates,
    })
}

/// The regular deck and the special kinds in play, less the cards located.
fn default_pool(
    text: &Text,
    named: &[MonsterId],
    known: &[MonsterId],
    seen: &[MonsterId],
) -> Result<Vec<MonsterId>, String> {
    let catalog = text.catalog;
    let mut pool: Vec<MonsterId> = catalog
        .regular_deck()
        .chain(named.iter().copied())
        .collect();
    for &m in known.iter().chain(seen) {
        let Some(i) = pool.iter().position(|&c| c == m) else {
            let copies = catalog.regular_deck().filter(|&c| c == m).count().max(1);
            let located = known.iter().chain(seen).filter(|&&c| c == m).count();
            return Err(text.t(
                "odds-too-many-copies",
                &[
                    ("id", (catalog.monster(m).info.id.clone()).into()),
                    ("count", located.into()),
                    ("copies", copies.into()),
                ],
            ));
        };
        pool.swap_remove(i);
    }
    pool.sort();
    Ok(pool)
}

/// Checks that every monster given is a special one.
fn specials(text: &Text, ids: Vec<MonsterId>) -> Result<Vec<MonsterId>, String> {
    let catalog = text.catalog;
    if let Some(&m) = ids.iter().find(|&&m| !catalog.monster(m).special) {
        let special: Vec<&str> = catalog
            .special_monsters()
            .map(|s| catalog.monster(s).info.id.as_str())
            .collect();
        return Err(text.t(
            "odds-not-special",
            &[
                ("id", (catalog.monster(m).info.id.clone()).into()),
                ("known", list_or_none(text, &special).into()),
            ],
        ));
    }
    let mut unique: Vec<MonsterId> = Vec::with_capacity(ids.len());
    for m in ids {
        if !unique.contains(&m) {
            unique.push(m);
        }
    }
    Ok(unique)
}

/// No kind is named among the known and the unseen cards more often than the game has it.
fn check_copies(text: &Text, known: &[MonsterId], pool: &[MonsterId]) -> Result<(), String> {
    let catalog = text.catalog;
    let mut counts = vec![0usize; catalog.monsters.len()];
    for m in known.iter().chain(pool) {
        counts[m.ix()] += 1;
    }
    let over = counts
        .iter()
        .enumerate()
        .find(|&(i, &n)| n > usize::from(catalog.monsters[i].copies));
    match over {
        None => Ok(()),
        Some((i, &count)) => Err(text.t(
            "odds-too-many-unseen",
            &[
                ("id", (catalog.monsters[i].info.id.clone()).into()),
                ("count", count.into()),
                ("copies", catalog.monsters[i].copies.into()),
            ],
        )),
    }
}

/// The id found, or a message naming the bad id, the close ones and all the others.
fn find<'k, T>(
    text: &Text,
    key: &'static str,
    id: &str,
    found: Option<T>,
    known: impl Iterator<Item = &'k str>,
) -> Result<T, String> {
    if let Some(found) = found {
        return Ok(found);
    }
    let known: Vec<&str> = known.collect();
    // The id is the file's (or the command line's): any text at all, shown on one line.
    let shown = escape_line(&truncate(id, MAX_ID_CHARS)).into_owned();
    let mut message = text.t(
        key,
        &[
            ("id", shown.into()),
            ("known", list_or_none(text, &known).into()),
        ],
    );
    let close: Vec<&str> = known.iter().copied().filter(|k| is_close(id, k)).collect();
    if !close.is_empty() {
        message.push(' ');
        message.push_str(&text.t("odds-did-you-mean", &[("ids", close.join(", ").into())]));
    }
    Err(message)
}

fn list_or_none(text: &Text, ids: &[&str]) -> String {
    if ids.is_empty() {
        text.t("play-no-tiles", &[])
    } else {
        ids.join(", ")
    }
}

/// A typo away: a few edits, or one is the start of the other.
fn is_close(given: &str, known: &str) -> bool {
    let given = given.to_lowercase();
    let short = given.len().min(known.len());
    (short >= 3 && (known.starts_with(&given) || given.starts_with(known)))
        || edit_distance(&given, known) <= 1 + known.len() / 5
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn close_ids() {
        assert_eq!(edit_distance("goblin", "goblin"), 0);
        assert_eq!(edit_distance("gobln", "goblin"), 1);
        assert_eq!(edit_distance("", "orc"), 3);
        assert!(is_close("gobln", "goblin"));
        assert!(is_close("Vampir", "vampire"));
        assert!(is_close("plate", "plate_armor"));
        assert!(!is_close("dragon", "demon"));
        assert!(!is_close("xyz", "orc"));
    }
}
