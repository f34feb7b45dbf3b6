//! Mazmorra's rules fingerprint, which its kept games carry (`dungeon_core::fingerprint`).

use dungeon_core::fingerprint::rules_fingerprint;
use dungeon_mazmorra::Mazmorra;

/// Pinned: if a change of the rules moves it on purpose, games kept before are refused from
/// then on (say so in the change), and this pin follows; if it moved by accident, the
/// change broke the rules.
const MAZMORRA: &str = "6af78bc8bf79223b";

#[test]
fn the_fingerprint_is_pinned() {
    assert_eq!(rules_fingerprint(&Mazmorra), MAZMORRA);
}
