//! `--shard K/N`: which games of a study one process plays. Slice K of N holds the games
//! `i` with `i mod N = K`. A game's seed and seats depend on `i` alone, never on N, so the
//! slices together are exactly the games of one whole run; and taking every N-th game
//! gives each slice its share of every player count (a 4-player game costs more than a
//! 2-player one), so the slices of a job array finish together.

use crate::text::{Arg, tr};
use dungeon_engine::lang::Lang;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// K, from 0.
    pub index: u64,
    /// N, at least 1.
    pub count: u64,
}

impl Shard {
    /// The whole study: what a run without `--shard` plays.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// `K/N`, K from 0 to N - 1. K may instead name the environment variable that holds
    /// it, as schedulers give it: `JOB_COMPLETION_INDEX/8`, `SLURM_ARRAY_TASK_ID/8`.
    pub fn parse(lang: Lang, given: &str) -> Result<Shard, String> {
        let bad = || {
            let given = dungeon_engine::printable::escape_line(given).into_owned();
            tr(lang, "sim-bad-shard", &[("shard", given.into())])
        };
        let (index, count) = given.rsplit_once('/').ok_or_else(bad)?;
        let count: u64 = count.trim().parse().map_err(|_| bad())?;
        let index = index.trim();
        let index = match index.parse::<u64>() {
            Ok(k) => k,
            Err(_) => {
                Self::from_env(lang, index.strip_prefix('$').unwrap_or(index)).ok_or_else(bad)??
            }
        };
        if count == 0 {
            return Err(tr(lang, "sim-shard-none", &[("shard", index.into())]));
        }
        if index >= count {
            let a: [(&str, Arg); 2] = [("shard", index.into()), ("shards", count.into())];
            return Err(tr(lang, "sim-shard-range", &a));
        }
        Ok(Shard { index, count })
    }

    /// K from the environment variable `name`: None if `name` cannot be one.
    fn from_env(lang: Lang, name: &str) -> Option<Result<u64, String>> {
        let mut chars = name.chars();
        let first = chars.next()?;
        if !(first.is_ascii_alphabetic() || first == '_')
            || !chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            return None;
        }
        let var = || Arg::from(name.to_string());
        Some(match std::env::var(name) {
            Ok(value) => value.trim().parse().map_err(|_| {
                let value = dungeon_engine::printable::escape_line(&value).into_owned();
                let a = [("var", var()), ("value", value.into())];
                tr(lang, "sim-shard-env-bad", &a)
            }),
            Err(_) => Err(tr(lang, "sim-shard-env-missing", &[("var", var())])),
        })
    }

    /// How many of a study's `total` games are in this slice.
    pub fn games(self, total: u64) -> u64 {
        if self.index >= total {
            0
        } else {
            (total - self.index - 1) / self.count + 1
        }
    }

    /// The study's number of this slice's `n`-th game.
    pub fn game(self, n: u64) -> u64 {
        self.index + n * self.count
    }

    /// Is game `i` in this slice?
    pub fn holds(self, i: u64) -> bool {
        i % self.count == self.index
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_cover_every_game_once_whatever_the_count() {
        for total in [0, 1, 2, 5, 10, 11] {
            for count in 1..=12 {
                let mut seen = vec![0; total as usize];
                for index in 0..count {
                    let s = Shard { index, count };
                    for n in 0..s.games(total) {
                        let i = s.game(n);
                        assert!(i < total && s.holds(i), "{index}/{count} of {total}: {i}");
                        seen[i as usize] += 1;
                    }
                }
                assert!(seen.iter().all(|&c| c == 1), "{count} of {total}: {seen:?}");
            }
        }
    }

    #[test]
    fn shard_is_read_from_the_option_or_the_environment() {
        let en = Lang::En;
        assert_eq!(Shard::parse(en, "3/8"), Ok(Shard { index: 3, count: 8 }));
        assert_eq!(Shard::parse(en, "0/1"), Ok(Shard::WHOLE));
        for bad in ["8/8", "1/0", "3", "/8", "a/b", "-1/8", "3/8/9", "x-y/8"] {
            assert!(Shard::parse(en, bad).is_err(), "{bad}");
        }
        // No slices at all is its own mistake, not a slice out of range.
        let none = Shard::parse(en, "0/0").unwrap_err();
        assert!(none.contains("at least one slice"), "{none}");
        let beyond = Shard::parse(en, "8/8").unwrap_err();
        assert!(beyond.contains("from 0 to 8 minus 1"), "{beyond}");
        // A variable only this test sets, so tests running at once cannot disturb it.
        let var = "DUNGEON_TEST_SHARD_INDEX";
        assert!(
            Shard::parse(en, &format!("{var}/4"))
                .unwrap_err()
                .contains(var)
        );
        // SAFETY: no other thread reads or writes this variable.
        unsafe { std::env::set_var(var, "2") };
        assert_eq!(
            Shard::parse(en, &format!("{var}/4")),
            Ok(Shard { index: 2, count: 4 })
        );
        assert_eq!(
            Shard::parse(en, &format!("${var}/4")),
            Ok(Shard { index: 2, count: 4 })
        );
        unsafe { std::env::set_var(var, "two") };
        assert!(Shard::parse(en, &format!("{var}/4")).is_err());
        unsafe { std::env::set_var(var, "4") };
        assert!(Shard::parse(en, &format!("{var}/4")).is_err());
        unsafe { std::env::remove_var(var) };
    }
}
