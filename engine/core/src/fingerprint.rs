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
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
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
        let mut tables = vec![game.options_for(players)];
        for variant in game.variants() {
            let mut options = game.options_for(players);
            for (id, value) in variant {
                game.set_option(&mut options, id, value);
            }
            tables.push(options);
        }
        for options in &tables {
            put(&serde_json::to_vec(options).unwrap_or_default());
            for seed in 0..SEEDS {
                play(game, options, seed, &mut put);
            }
        }
    }
    let digest = h.finalize();
    digest[..8].iter().map(|b| format!("{b:02x}")).collect()
}

/// One seeded game at random, each observable step given to `put`.
fn play<G: Game>(game: &G, options: &G::Options, seed: u64, put: &mut impl FnMut(&[u8])) {
    let mut events = Vec::new();
    let mut state = match game.new_game(options, seed, &mut events) {
        Ok(state) => state,
        Err(e) => return put(e.to_string().as_bytes()),
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x00f1_9e45_5eed);
    for _ in 0..MOVES {
        let Some(seat) = game.to_act(&state) else {
            break;
        };
        let legal = game.legal_actions(&state);
        put(&[seat]);
        put(&serde_json::to_vec(&legal).unwrap_or_default());
        let Some(action) = (!legal.is_empty()).then(|| &legal[rng.random_range(..legal.len())])
        else {
            break;
        };
        events.clear();
        if let Err(e) = game.apply(&mut state, action, &mut events) {
            return put(e.to_string().as_bytes());
        }
    }
    put(&serde_json::to_vec(&game.outcome(&state)).unwrap_or_default());
}
