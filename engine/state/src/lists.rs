//! The lists a state keeps cards and tiles in, below every other file of the crate (a
//! decision, an event and a run name them too), and the one way they are copied.

use crate::ids::{CardId, TileId};
use smallvec::SmallVec;

/// Cards in one place (deck, dungeon...). The deck and the dungeon keep their top last.
pub type CardList = SmallVec<[CardId; 16]>;
/// Equipment tiles, in the adventurer's order.
pub type TileList = SmallVec<[TileId; 8]>;

/// `dst` becomes a copy of `src` (a list of plain values: one copy, no iterator). A list
/// held inline is rebuilt whole (`from_slice` copies the entries in one go, several times
/// cheaper than `extend_from_slice`); a list on the heap keeps its storage.
#[doc(hidden)]
pub fn copy_list<A: smallvec::Array>(dst: &mut SmallVec<A>, src: &SmallVec<A>)
where
    A::Item: Copy,
{
    if src.spilled() || dst.spilled() {
        dst.clear();
        dst.extend_from_slice(src);
    } else {
        *dst = SmallVec::from_slice(src);
    }
}
