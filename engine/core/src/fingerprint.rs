//! A game's rules fingerprint: what a kept game carries so that a later build whose rules
//! play differently refuses it, rather than playing its moves into another game.
//!
//! It is taken from how the game plays, not from a version an author must remember to
//! raise: a few seeded games are played at random at every seat count and in every
//! variant, and what a player could observe of them (who is to act, the moves offered,
//! the outcome) is hashed. A change of the rules that no such game shows slips through;
//! a change of the code that leaves the play alone (a refactor, new words, a faster
//! state) keeps the fingerprint, so kept games stay good.

use crate::{Game, Hosted};
use sha2::{Digest, Sha256};

/// Games played per seat count and variant.
const SEEDS: u64 = 2;
/// Moves hashed per game at most (a game's own limit usually ends it first).
const MOVES: usize = 5_000;

/// `game`'s rules fingerprint: 16 hex digits. It takes a few hundred games' moves
/// (tens of milliseconds for Mazmorra in a release build): work it out once per use.
pub fn rules_fingerprint<G: Hosted>(game: &G) -> String {
    let mut h = Sha256::new();
    let mut put = |bytes: &[u8]| {
        h.update((bytes.len() as u64).to_le_bytes());
        h.update(bytes);
    };
    put(game.id().as_bytes());
    for players in game.seats() {
        // The plain game is the first of the variants.
        for variant in game.variants() {
            let mut options = game.options_for(players);
            for (id, value) in variant {
                game.set_option(&mut options, id, value);
            }
            put(&serde_json::to_vec(&options).unwrap_or_default());
            for seed in 0..SEEDS {
                play(game, &options, seed, &mut put);
            }
        }
    }
    let digest = h.finalize();
    digest[..8].iter().map(|b| format!("{b:02x}")).collect()
}

/// One seeded game at random ([`crate::play_random_seeing`]), each observable step given
/// to `put`: the seat to act and the moves offered, then the outcome (or the error).
fn play<G: Game>(game: &G, options: &G::Options, seed: u64, put: &mut impl FnMut(&[u8])) {
    let played = crate::play_random_seeing(game, options, seed, MOVES, |seat, legal| {
        put(&[seat]);
        put(&serde_json::to_vec(legal).unwrap_or_default());
    });
    match played {
        Ok((end, _)) => put(&serde_json::to_vec(&game.outcome(&end)).unwrap_or_default()),
        Err(e) => put(e.to_string().as_bytes()),
    }
}
