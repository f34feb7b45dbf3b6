//! What every connection's task shares (`/ws`, `/rooms` and the page's routes): the game
//! threads, the limits and who may connect, the packs a new table may be opened with,
//! and the tables of the other games.

use crate::access::Access;
use crate::games::Pool;
use crate::gate::Door;
use crate::limits::{AddressBuckets, Addresses, Limits};
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

/// The state the router hands every handler.
pub(crate) struct Shared {
    pub pool: Pool,
    pub limits: Limits,
    pub access: Arc<Access>,
    pub door: Arc<Door>,
    /// Upgraded connections per client address.
    pub addresses: Arc<Addresses>,
    /// What each client address may still send that is not a game action.
    pub lookups: AddressBuckets,
    pub next_connection: AtomicU64,
    pub name: String,
    /// The packs tables may be opened with, as the page offers them.
    pub packs: Vec<PackOffer>,
    /// Tables of the other games (`/rooms`).
    pub rooms: Arc<crate::rooms::Rooms>,
}

/// A pack as the page that opens a table offers it: its name and its rulings (each with
/// its choices), in each language.
pub(crate) struct PackOffer {
    /// The pack's entry of `/words/LANG.json`, by language.
    pub words: Vec<(dungeon_engine::lang::Lang, serde_json::Value)>,
}

impl PackOffer {
    pub fn of(id: &str, pack: &dungeon_engine::catalog::LoadedPack) -> PackOffer {
        use dungeon_engine::lang::Lang;
        let file = &pack.file;
        let words = [Lang::En, Lang::Es, Lang::Fr].map(|l| {
            let rulings: Vec<serde_json::Value> = (file.ruling.iter())
                .map(|r| {
                    let choices: Vec<serde_json::Value> = (r.choices.iter())
                        .map(|c| serde_json::json!({ "id": c.id.get_ref(), "text": c.text.get(l) }))
                        .collect();
                    serde_json::json!({
                        "id": r.id.get_ref(),
                        "name": r.name.get(l),
                        "text": r.text.get(l),
                        "default": r.default.get_ref(),
                        "choices": choices,
                    })
                })
                .collect();
            let words = serde_json::json!({
                "id": id,
                "name": file.pack.name.get(l),
                "rulings": rulings,
            });
            (l, words)
        });
        PackOffer {
            words: words.to_vec(),
        }
    }
}
