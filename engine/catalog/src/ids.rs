//! Small index types. Card definitions are interned into the [`Catalog`](crate::catalog::Catalog)
//! when packs load; the game state refers to them by index only, so it stays small,
//! cheap to clone and independent of the Lua VM.

use serde::{Deserialize, Serialize};

macro_rules! index_type {
    ($(#[$doc:meta])* $name:ident($inner:ty)) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        #[serde(transparent)]
        pub struct $name(pub $inner);

        impl $name {
            /// The index as a `usize`, for slicing catalog tables.
            #[inline]
            pub fn ix(self) -> usize {
                self.0 as usize
            }
        }
    };
}

index_type!(
    /// A monster definition (goblin, the_count...) in the catalog.
    MonsterId(u16)
);
index_type!(
    /// An equipment tile definition in the catalog.
    TileId(u16)
);
index_type!(
    /// An adventurer definition in the catalog.
    AdventurerId(u16)
);
index_type!(
    /// A monster species. Regular monsters are their own species; some special
    /// monsters take a species only when revealed.
    SpeciesId(u16)
);
index_type!(
    /// One physical monster card in a game (there are two goblin cards, one dragon...).
    CardId(u8)
);
index_type!(
    /// A pack in the catalog, in load order.
    PackId(u16)
);

/// A seat at the table, 0-based, clockwise.
pub type Seat = u8;

// It lives here, with the other indices (its catalog look-ups are in `action.rs`), so that
// the catalog's layer (effects, log arguments) can name a card without reaching up to
// actions and the game state.
/// A card that owns a hook (or asks a question).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum CardRef {
    Tile(TileId),
    Monster(MonsterId),
}
