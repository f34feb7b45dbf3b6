//! The odds tables shipped inside the binary (`engine/tables`, embedded by `build.rs`):
//! the figures of `typical.rs` for the built-in pack mixes under their default rulings, so
//! that a first start answers `hard` decisions as fast as one with the tables on disk.
//!
//! They pass the same header, checksum and form checks as a file from the disk; their
//! figures are recomputed by the test below rather than on every start, since they come
//! with the code. When a built-in pack, a ruling, the prelude or the way figures are worked
//! out changes, the test fails: regenerate them with
//! `cargo run --release -p dungeon-engine --example ship_tables`.

use super::typical::Situation;

include!(concat!(env!("OUT_DIR"), "/shipped_tables.rs"));

/// The pack mixes whose tables ship: what `dungeon` plays by default and the boxes alone
/// and together.
pub const SHIPPED_MIXES: [&[&str]; 3] = [&["base"], &["sequel"], &["base", "sequel"]];

/// The shipped table named `id`, if there is one and it is well formed.
pub(super) fn table(id: &str) -> Option<super::figures::Figures> {
    super::figures::parse(&file(id)?, id, |_: &Situation| f64::NAN, 0)
}

/// The shipped file of table `id`, uncompressed (at most as long as a file from the disk
/// may be).
fn file(id: &str) -> Option<Vec<u8>> {
    use std::io::Read;
    let (_, gz) = SHIPPED.iter().find(|(name, _)| *name == id)?;
    let mut bytes = Vec::new();
    flate2::read::GzDecoder::new(*gz)
        .take(super::figures::MAX_FILE_BYTES)
        .read_to_end(&mut bytes)
        .ok()?;
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::super::figures::{parse, table_id};
    use super::super::typical::compute;
    use super::*;
    use crate::{Engine, GameOptions};
    use std::collections::BTreeSet;

    /// Figures of each shipped table worked out again and compared, bit for bit.
    const RECOMPUTED: usize = 6;
    const STALE: &str = "the shipped odds tables (engine/tables) are stale: regenerate them with \
        `cargo run --release -p dungeon-engine --example ship_tables`";

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
}
