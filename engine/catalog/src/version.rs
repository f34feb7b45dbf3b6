//! What a saved game or a game record must match to be replayed: the version of the
//! engine's rules and the helper library every card script is built from. Bump
//! [`RULES_VERSION`] with any change that can make the same seed and decisions play out
//! differently (a rule, an ordering, how a hook is called); the prelude is hashed as it is.

/// The version of the rules the engine plays. Records made under another are refused.
pub const RULES_VERSION: u32 = 3;

/// The helper library card scripts see as the global `dungeon` (`engine/script/src/prelude.lua`).
pub const PRELUDE: &str = include_str!("../../script/src/prelude.lua");

/// The SHA-256 of some bytes, in lowercase hex: how records name the exact files a game
/// was played with.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(bytes);
    let mut hex = String::with_capacity(64);
    for b in digest {
        hex.push_str(&format!("{b:02x}"));
    }
    hex
}

/// The SHA-256 of the prelude.
pub fn prelude_hash() -> String {
    sha256_hex(PRELUDE.as_bytes())
}
