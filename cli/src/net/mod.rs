//! Network play: `dungeon serve` (the game server, `dungeon-server`).

pub mod serve;
