//! The deck's shuffle, as `rand`'s `SliceRandom::shuffle` does it (same draws, same
//! order), without its per-card call and hardware divisions.
//!
//! `rand` 0.10 shuffles with Durstenfeld's algorithm, drawing the indices from one random
//! number at a time in mixed radix: for the i-th card it takes `chunk % i` and divides
//! `chunk` by `i`, in a function called once per card. That was a tenth of a random game
//! (a shuffle each round). Here the loop is inline and each quotient a multiplication by
//! a reciprocal from a table, exact for every 32-bit value. `tests` checks the result and
//! the generator's position against `rand`'s for every deck size up to 300 and many seeds:
//! a `rand` that shuffled differently would fail there first (the recorded games of the
//! replay tests pin the shuffle too).

use rand::{Rng, RngExt};

/// `RECIPROCALS[d]` is `floor(2^64 / d) + 1` for `d` from 2 to 255 (0 and 1 unused): for
/// every `x < 2^32`, `(x * RECIPROCALS[d]) >> 64` is `x / d` exactly (the excess of the
/// reciprocal, under 1, adds less than `x / 2^64 < 1/d` to the quotient).
const RECIPROCALS: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut d = 2;
    while d < 256 {
        table[d] = u64::MAX / d as u64 + 1;
        d += 1;
    }
    table
};

/// `x / d` and `x % d`, for `d` from 2 to 255 through the table, else by division.
#[inline]
fn div_rem(x: u32, d: u32) -> (u32, u32) {
    match RECIPROCALS.get(d as usize) {
        Some(&m) if d >= 2 => {
            let q = ((u128::from(x) * u128::from(m)) >> 64) as u32;
            (q, x - q * d)
        }
        _ => (x / d, x % d),
    }
}

/// Shuffles `slice` in place exactly as `rand::seq::SliceRandom::shuffle` would with the
/// same generator (and leaves the generator where it would).
pub(crate) fn shuffle<T, R: Rng + ?Sized>(slice: &mut [T], rng: &mut R) {
    let len = slice.len();
    if len <= 1 {
        return;
    }
    if len >= u32::MAX as usize {
        // `rand`'s own way for slices this long (never a deck).
        rand::seq::SliceRandom::shuffle(slice, rng);
        return;
    }
    // `rand`'s `IncreasingUniform` from n = 0: index i is uniform in [0, i].
    let mut chunk: u32 = 0;
    // The first index (of a range of one) needs no draw.
    let mut chunk_remaining: u8 = 1;
    for i in 0..len {
        let next_n = i as u32 + 1;
        let next_chunk_remaining = match chunk_remaining.checked_sub(1) {
            Some(r) => r,
            None => {
                let (bound, remaining) = bound_u32(next_n);
                chunk = rng.random_range(..bound);
                remaining - 1
            }
        };
        let index = if next_chunk_remaining == 0 {
            chunk
        } else {
            let (q, r) = div_rem(chunk, next_n);
            chunk = q;
            r
        };
        chunk_remaining = next_chunk_remaining;
        slice.swap(i, index as usize);
    }
}

/// The product `m * (m + 1) * ... * (m + count - 1)` of as many factors as fit in a `u32`,
/// and their count (`rand`'s `calculate_bound_u32`).
fn bound_u32(m: u32) -> (u32, u8) {
    let mut product = m;
    let mut current = m + 1;
    loop {
        match product.checked_mul(current) {
            Some(p) => {
                product = p;
                current += 1;
            }
            None => return (product, (current - m) as u8),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::seq::SliceRandom;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;

    /// Every deck size a game can have (and more), many seeds: the same order as `rand`'s
    /// shuffle, and the generator left at the same place.
    #[test]
    fn shuffles_as_rand_does() {
        for len in 0..=300usize {
            for seed in 0..40u64 {
                let mut ours: Vec<usize> = (0..len).collect();
                let mut theirs = ours.clone();
                let mut a = ChaCha8Rng::seed_from_u64(seed * 1000 + len as u64);
                let mut b = a.clone();
                shuffle(&mut ours, &mut a);
                theirs.shuffle(&mut b);
                assert_eq!(ours, theirs, "{len} cards, seed {seed}");
                assert_eq!(a.random::<u64>(), b.random::<u64>());
            }
        }
    }

    /// The quotients through the table are exact for every divisor, at the values where a
    /// rounding error would show first, and at many others.
    #[test]
    fn table_divisions_are_exact() {
        for d in 2..300u32 {
            for x in [
                0,
                1,
                d - 1,
                d,
                d + 1,
                u32::MAX,
                u32::MAX - 1,
                u32::MAX / d * d,
            ] {
                assert_eq!(div_rem(x, d), (x / d, x % d), "{x} / {d}");
            }
            let mut x = 7u32;
            for _ in 0..2000 {
                x = x.wrapping_mul(2_654_435_761).wrapping_add(d);
                assert_eq!(div_rem(x, d), (x / d, x % d), "{x} / {d}");
            }
        }
    }
}
