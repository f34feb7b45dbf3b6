//! The odds tables shipped inside the binary (`engine/tables`, embedded by `build.rs`):
//! the figures of `typical.rs` for the built-in pack mixes under their default rulings, so
//! that a first start answers `hard` decisions as fast as one with the tables on disk.
//!
//! They pass the same header, checksum and form checks as a file from the disk; their
//! figures are recomputed by the test below rather than on every start, since they come
//! with the code. When a built-in pack, a ruling, the prelude or the way figures are worked
//! out changes, the test fails: regenerate them with
//! `cargo run --release -p dungeon-bots --example ship_tables`.

use crate::situation::Situation;
use crate::table_file;

include!(concat!(env!("OUT_DIR"), "/shipped_tables.rs"));

/// The pack mixes whose tables ship: what `dungeon` plays by default and the boxes alone
/// and together.
pub const SHIPPED_MIXES: [&[&str]; 3] = [&["base"], &["sequel"], &["base", "sequel"]];

/// A shipped table, uncompressed, with where each entry starts: looked up by binary search
/// (its entries are written sorted by their bytes), never built into a map.
pub(crate) struct Index {
    bytes: Vec<u8>,
    /// Where the body (entry count, then entries) starts.
    body: usize,
    entries: Vec<u32>,
}

/// Bytes of an entry before its tiles: players, runner, successes, failures, damage model,
/// size, specials, tile count; adventurer, known card, removed card.
const HEAD: usize = 14;

impl Index {
    /// The situation bytes of the entry at byte `at`.
    fn key(&self, at: usize) -> &[u8] {
        &self.bytes[at..at + HEAD + 2 * usize::from(self.bytes[at + 7])]
    }

    pub(crate) fn get(&self, s: &Situation) -> Option<f64> {
        let key = table_file::situation_bytes(s);
        let i = self
            .entries
            .binary_search_by(|&at| self.key(at as usize).cmp(&key[..]))
            .ok()?;
        let value = self.entries[i] as usize + key.len();
        let p = self.bytes[value..value + 8].try_into().ok()?;
        Some(f64::from_bits(u64::from_le_bytes(p)))
    }

    /// Every figure, as a map (to write the table again: `ship_tables`).
    pub(crate) fn all(&self) -> table_file::Figures {
        table_file::parse_body(&self.bytes[self.body..], |_: &Situation| f64::NAN, 0)
            .unwrap_or_default()
    }
}

/// The shipped table named `id`, if there is one and it is well formed: the same checks as
/// a file from the disk (header, checksum, every entry's form), and its entries in order.
pub(super) fn index(id: &str) -> Option<Index> {
    let bytes = file(id)?;
    let body = table_file::checked_body(&bytes, id)?;
    let start = bytes.len() - body.len();
    let count = u64::from_le_bytes(body.get(..8)?.try_into().ok()?) as usize;
    if count > table_file::MAX_ENTRIES {
        return None;
    }
    let mut entries = Vec::with_capacity(count);
    let mut at = start + 8;
    let mut last: Option<&[u8]> = None;
    for _ in 0..count {
        let head = bytes.get(at..at + HEAD)?;
        let len = HEAD + 2 * usize::from(head[7]);
        let key = bytes.get(at..at + len)?;
        let p = f64::from_bits(u64::from_le_bytes(
            bytes.get(at + len..at + len + 8)?.try_into().ok()?,
        ));
        let well_formed = head[4] <= 1 && head[1] < head[0] && head[5] != 0;
        if !well_formed || !(0.0..=1.0).contains(&p) || last.is_some_and(|l| l >= key) {
            return None;
        }
        entries.push(u32::try_from(at).ok()?);
        last = Some(key);
        at += len + 8;
    }
    if at != bytes.len() {
        return None;
    }
    Some(Index {
        bytes,
        body: start,
        entries,
    })
}

/// The shipped file of table `id`, uncompressed (at most as long as a file from the disk
/// may be).
fn file(id: &str) -> Option<Vec<u8>> {
    use std::io::Read;
    let (_, gz) = SHIPPED.iter().find(|(name, _)| *name == id)?;
    let mut bytes = Vec::new();
    flate2::read::GzDecoder::new(*gz)
        .take(table_file::MAX_FILE_BYTES)
        .read_to_end(&mut bytes)
        .ok()?;
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::super::figures::table_id;
    use super::super::table_file::parse;
    use super::super::typical::compute;
    use super::*;
    use crate::{Engine, GameOptions};
    use std::collections::BTreeSet;

    /// Figures of each shipped table worked out again and compared, bit for bit.
    const RECOMPUTED: usize = 6;
    const STALE: &str = "the shipped odds tables (engine/tables) are stale: regenerate them with \
        `cargo run --release -p dungeon-bots --example ship_tables`";

    #[test]
    fn shipped_tables_match_the_engine() {
        let shipped: BTreeSet<&str> = SHIPPED.iter().map(|(id, _)| *id).collect();
        let mut expected = BTreeSet::new();
        for packs in SHIPPED_MIXES {
            let mut engine = Engine::built_in(packs);
            let catalog = engine.catalog().clone();
            // The rulings a game of this mix plays under when none is chosen.
            let rulings = engine
                .new_game(GameOptions::default(), 1, &mut Vec::new())
                .expect("a game")
                .options
                .rulings
                .clone();
            let id = table_id(&catalog, &rulings);
            assert!(
                shipped.contains(id.as_str()),
                "{STALE} ({packs:?}: no table {id})"
            );
            let bytes = file(&id).expect("a readable table");
            let figures = parse(
                &bytes,
                &id,
                |s| compute(&mut engine, s, &rulings),
                RECOMPUTED,
            );
            assert!(
                figures.is_some_and(|f| !f.is_empty()),
                "{STALE} ({packs:?}: {id} differs)"
            );
            expected.insert(id);
        }
        let extra: Vec<_> = shipped
            .iter()
            .filter(|id| !expected.contains(**id))
            .collect();
        assert!(extra.is_empty(), "{STALE} (tables nobody uses: {extra:?})");
    }

    /// The index finds every figure of a shipped table where it lies.
    #[test]
    fn the_index_finds_what_the_table_holds() {
        let id = SHIPPED.first().expect("a shipped table").0;
        let index = index(id).expect("a well-formed table");
        let all = index.all();
        assert_eq!(all.len(), index.entries.len());
        for (s, &p) in all.iter().step_by(97) {
            assert_eq!(index.get(s).map(f64::to_bits), Some(p.to_bits()), "{s:?}");
        }
        let mut absent = all.keys().next().expect("a figure").clone();
        absent.size = 200;
        assert_eq!(index.get(&absent), None);
    }
}
