//! Secrets: seat tokens (128 bits) and table codes (80 bits), from the operating system's
//! generator. Only their SHA-256 is ever compared or stored (tokens) or used as a key
//! (codes), and digests are compared in constant time, so neither a timing nor a stolen
//! database tells a token. Neither is ever logged: a table appears in logs by
//! [`table_id`], a short prefix of its code's digest.

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// A table's key: the SHA-256 of its code.
pub type Key = [u8; 32];

/// Letters of a code: no 0/o, 1/l, easy to read out and type.
const CODE_ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";
/// 16 letters of 5 bits: 80 bits.
const CODE_LETTERS: usize = 16;

fn random<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).expect("the operating system's random generator");
    bytes
}

/// A new seat token: 128 random bits as 32 hex digits.
pub fn new_token() -> String {
    random::<16>().iter().map(|b| format!("{b:02x}")).collect()
}

/// A new table code: 80 random bits in 16 letters.
pub fn new_code() -> String {
    random::<CODE_LETTERS>()
        .iter()
        .map(|b| CODE_ALPHABET[(b & 31) as usize] as char)
        .collect()
}

/// A seed for a new game.
pub fn new_seed() -> u64 {
    u64::from_le_bytes(random::<8>())
}

pub fn digest(secret: &str) -> [u8; 32] {
    Sha256::digest(secret.as_bytes()).into()
}

/// Whether two digests are equal, in constant time.
pub fn same(a: &[u8; 32], b: &[u8; 32]) -> bool {
    a.ct_eq(b).into()
}

/// How logs name a table: the first 8 hex digits of its key (not the code).
pub fn table_id(key: &Key) -> String {
    key[..4].iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_long_distinct_and_compared_by_digest() {
        let (a, b) = (new_token(), new_token());
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        let code = new_code();
        assert_eq!(code.len(), CODE_LETTERS);
        assert!(code.bytes().all(|c| CODE_ALPHABET.contains(&c)));
        assert_ne!(code, new_code());
        assert!(same(&digest(&a), &digest(&a)));
        assert!(!same(&digest(&a), &digest(&b)));
    }
}
