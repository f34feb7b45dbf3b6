//! A situation of the typical-dungeon tables: who runs, with what, into how many cards
//! (of which one may be known in or out), and how it is hashed and made canonical (what
//! no script reads left out). Below the tables' computing (`typical.rs`), keeping
//! (`figures.rs`), file format (`table_file.rs`) and shipping (`shipped.rs`).

use crate::catalog::{Catalog, DamageModel};
use crate::ids::{AdventurerId, MonsterId, Seat, TileId};

/// Who runs, with what, into how many cards, of which one may be known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Situation {
    pub players: u8,
    pub runner: Seat,
    pub successes: u8,
    pub failures: u8,
    pub adventurer: AdventurerId,
    /// The tiles held, in the adventurer's order.
    pub tiles: Vec<TileId>,
    pub size: usize,
    pub damage_model: DamageModel,
    pub specials_in_play: usize,
    /// A card known to be in the dungeon (one of the `size`).
    pub known: Option<MonsterId>,
    /// A card known to be out of play (not in the dungeon).
    pub removed: Option<MonsterId>,
}

/// One well-mixed word for the whole situation: the tables hold hundreds of thousands of
/// situations that differ in a field or two, which a field-by-field fast hash would
/// crowd together.
impl std::hash::Hash for Situation {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let mut h = crate::catalog::Fnv::new();
        h.write(&[
            self.players,
            self.runner,
            self.successes,
            self.failures,
            self.damage_model as u8,
            self.size as u8,
            self.specials_in_play as u8,
        ]);
        h.write(&self.adventurer.0.to_le_bytes());
        for card in [self.known, self.removed] {
            h.write(&card.map_or(u16::MAX, |m| m.0).to_le_bytes());
        }
        for t in &self.tiles {
            h.write(&t.0.to_le_bytes());
        }
        // A final mix (splitmix64's), so that every bit depends on every field.
        let mut x = h.finish();
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        state.write_u64(x ^ (x >> 31));
    }
}

impl Situation {
    /// The same situation with what no script of `catalog` can read left out (the
    /// standings, the seats), so that one figure serves every situation that differs only
    /// there. A script that names what it reads is found by its code (`reads.rs`).
    pub(crate) fn canonical(mut self, catalog: &Catalog) -> Situation {
        let (standings, seats) = reads(catalog);
        if !standings {
            self.successes = 0;
            self.failures = 0;
        }
        if !seats {
            self.players = 2;
            self.runner = 0;
        }
        self
    }
}

/// Whether some script of `catalog` reads the standings, and the seats (worked out once
/// per catalog and thread).
fn reads(catalog: &Catalog) -> (bool, bool) {
    thread_local! {
        static READS: std::cell::Cell<Option<(u64, (bool, bool))>> = const { std::cell::Cell::new(None) };
    }
    if let Some((fingerprint, found)) = READS.get()
        && fingerprint == catalog.fingerprint
    {
        return found;
    }
    let found = crate::reads::scan(catalog);
    READS.set(Some((catalog.fingerprint, found)));
    found
}
