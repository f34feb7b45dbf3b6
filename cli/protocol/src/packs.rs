//! The hash a table publishes for each of its packs, so a client checks that its own copy
//! is the same before it shows a single card: cards travel as indices into the catalog,
//! and the same indices in different packs would name other cards.

use crate::PackHash;
use dungeon_engine::catalog::Catalog;
use dungeon_records::{PackStamp, stamps};
use sha2::{Digest, Sha256};

/// Each pack of `catalog`, in load order, with the SHA-256 (lowercase hex) of its stamp as
/// a game record keeps it: id, version, and every file with its own hash, paths relative
/// to the pack's manifest (so the same pack matches wherever it is installed).
pub fn pack_hashes(catalog: &Catalog) -> Vec<PackHash> {
    stamps(catalog).iter().map(hash).collect()
}

fn hash(stamp: &PackStamp) -> PackHash {
    let json = serde_json::to_vec(stamp).expect("a stamp is plain data");
    let digest = Sha256::digest(&json);
    PackHash {
        id: stamp.id.clone(),
        sha256: digest.iter().map(|b| format!("{b:02x}")).collect(),
    }
}

/// Whether `catalog` was built from the same packs, in the same order, as `expected`
/// says; if not, the id of the first pack that differs (or is missing, or is extra).
pub fn check_packs(catalog: &Catalog, expected: &[PackHash]) -> Result<(), String> {
    let ours = pack_hashes(catalog);
    for (i, want) in expected.iter().enumerate() {
        if ours.get(i) != Some(want) {
            return Err(want.id.clone());
        }
    }
    match ours.get(expected.len()) {
        Some(extra) => Err(extra.id.clone()),
        None => Ok(()),
    }
}
