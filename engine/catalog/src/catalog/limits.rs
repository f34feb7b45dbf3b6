//! The documented bounds on what a pack may hold. Every value a pack gives is checked
//! against these when it loads (`dungeon check` reports each with file and line), so the
//! engine never does arithmetic on a number a stranger chose without a bound, and loading
//! stays linear in the pack's size. `docs/authoring.md` lists them all (section 9).

use std::ops::RangeInclusive;

/// The largest pack manifest read, in bytes.
pub const MAX_MANIFEST_BYTES: u64 = 4 * 1024 * 1024;
/// The largest card script read, in bytes (card scripts are a few lines).
pub const MAX_SCRIPT_BYTES: u64 = 256 * 1024;
/// All the scripts of one pack together, in bytes.
pub const MAX_PACK_SCRIPT_BYTES: u64 = 16 * 1024 * 1024;
/// The largest scenario file read, in bytes.
pub const MAX_SCENARIO_BYTES: u64 = 1024 * 1024;

/// Problems of each severity listed for one pack file or one set of packs; the rest are
/// counted (a 4 MiB manifest could otherwise hold a million mistakes).
pub const MAX_DIAGNOSTICS_LISTED: usize = 100_000;

/// Scenario folders: how deep a search goes, how many files it returns, and how many
/// folder entries it looks at in all.
pub const MAX_SCENARIO_DEPTH: usize = 16;
pub const MAX_SCENARIO_FILES: usize = 10_000;
pub const MAX_SCENARIO_ENTRIES: usize = 100_000;

/// Cards of each kind (monsters, equipment tiles, adventurers), in one pack and in the
/// packs of a game together. Ids are `u16`; this leaves them plenty of room.
pub const MAX_CARDS_PER_KIND: usize = 4096;
/// Cards in the monster deck at setup (every regular copy plus the special monsters dealt
/// in): a game's card ids are `u8`.
pub const MAX_DECK_CARDS: usize = 255;
/// Equipment tiles one adventurer carries (the dungeon's stage cursors are `u8`; the boxes'
/// adventurers carry 6, the hostile-script test pack's victim 31).
pub const MAX_TILES_PER_ADVENTURER: usize = 64;
/// `defeats` rules of one tile, and entries of one rule's `species` or `strength_in` list.
pub const MAX_DEFEAT_RULES: usize = 16;
pub const MAX_DEFEAT_LIST: usize = 100;
/// Languages a pack declares; pack ids in each of `requires`, `requires_any`, `conflicts`.
pub const MAX_LANGUAGES: usize = 16;
pub const MAX_PACK_REFS: usize = 64;
/// Prompts in a pack's `[messages]`.
pub const MAX_MESSAGES: usize = 4096;
/// `[[ruling]]` entries of one pack, and of the packs of a game together; the choices
/// of one ruling.
pub const MAX_RULINGS: usize = 64;
pub const MAX_RULING_CHOICES: usize = 16;

/// An adventurer's own HP.
pub const ADVENTURER_HP: RangeInclusive<i64> = 1..=99;
/// The HP an equipment tile adds (negative: it costs HP). The boxes' tiles add at most 6.
pub const TILE_HP: RangeInclusive<i64> = -20..=20;
/// A monster's printed strength, and the strengths a `defeats` rule names
/// (`strength_min`, `strength_max`, `strength_in`).
pub const STRENGTH: RangeInclusive<i64> = 0..=99;
/// Copies of a monster in the deck.
pub const COPIES: RangeInclusive<i64> = 1..=99;
/// A `defeats` rule's `hp_below`.
pub const HP_BELOW: RangeInclusive<i64> = -99..=999;

/// The highest HP an adventurer can enter a dungeon with in a valid pack: its own HP and
/// every tile's. Far inside the engine's runtime bound, [`crate::effect::HP_LIMIT`].
pub const MAX_START_HP: i64 =
    *ADVENTURER_HP.end() + MAX_TILES_PER_ADVENTURER as i64 * *TILE_HP.end();
const _: () = assert!(MAX_START_HP * 5 < crate::effect::HP_LIMIT as i64);
const _: () = assert!(
    (*ADVENTURER_HP.start() + MAX_TILES_PER_ADVENTURER as i64 * *TILE_HP.start()) * 5
        > -(crate::effect::HP_LIMIT as i64)
);

/// Lengths of text, in characters: ids (packs, cards, species, prompts, and every
/// reference to one), card and pack names, rules text and descriptions, prompts,
/// versions, language codes, and paths (script and scenario folders, script files).
pub const MAX_ID_CHARS: usize = 64;
pub const MAX_NAME_CHARS: usize = 100;
pub const MAX_TEXT_CHARS: usize = 1000;
pub const MAX_MESSAGE_CHARS: usize = 500;
pub const MAX_VERSION_CHARS: usize = 32;
pub const MAX_LANGUAGE_CHARS: usize = 16;
pub const MAX_PATH_CHARS: usize = 255;

/// An id: lowercase snake_case, starting with a letter, at most [`MAX_ID_CHARS`].
pub fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= MAX_ID_CHARS
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && id.starts_with(|c: char| c.is_ascii_lowercase())
}
