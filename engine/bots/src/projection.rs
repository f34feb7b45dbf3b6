//! Who is likely to run this round's dungeon, and against how many more cards: the rest of
//! the bidding, played out as a chance over the bidders' choices.
//!
//! Each bidder in turn draws or passes. A bidder draws with a chance that grows with the
//! runner's odds as that bidder sees them against the point where they would rather let
//! someone else run ([`Bidder::stay`]); a drawn card either goes into the dungeon (one
//! more card) or, with the bidder's chance to strip, goes aside with the tile that hurts
//! the runner most (one tile fewer). With the deck empty a bidder must pass, as the rules
//! say, and the last bidder left runs. So when nobody would pass, the one who draws the
//! last card runs: the model knows what a fully equipped adventurer means for the players
//! who will not draw it.
//!
//! The bidding is a small chain (who is still in, whose turn, cards added, tiles taken):
//! it is walked once, exactly, for each move a bot weighs.

/// Tiles taken away that the model follows (more are as bad as this many).
pub(crate) const MAX_STRIPPED: usize = 6;
/// Cards added that the model follows (a dungeon never holds more than the deck).
pub(crate) const MAX_ADDED: usize = 24;
/// Bidders at most.
const MAX_BIDDERS: usize = 4;

/// What a bidder would do, as chances, at each point of the bidding (`added` cards more
/// in the dungeon, `stripped` tiles fewer).
pub(crate) trait Bidder {
    /// The chance to draw rather than pass.
    fn stay(&self, added: usize, stripped: usize) -> f64;
    /// The chance that a card drawn goes aside with a tile rather than into the dungeon.
    fn strip(&self, added: usize, stripped: usize) -> f64;
}

/// Where the bidding stands.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Start {
    /// Index (into the bidders) of the one to act next.
    pub turn: usize,
    /// Cards still in the monster deck.
    pub deck: usize,
    /// Cards added and tiles taken so far, in the model's counting.
    pub added: usize,
    pub stripped: usize,
}

/// Each way the bidding can end: the runner's index among the bidders, cards added and
/// tiles taken on the way, and its chance.
pub(crate) fn endings(bidders: &[&dyn Bidder], start: Start) -> Vec<(usize, usize, usize, f64)> {
    let n = bidders.len().min(MAX_BIDDERS);
    let mut out: Vec<(usize, usize, usize, f64)> = Vec::new();
    let mut ended = |runner: usize, added: usize, stripped: usize, p: f64| match out
        .iter_mut()
        .find(|e| (e.0, e.1, e.2) == (runner, added, stripped))
    {
        Some(e) => e.3 += p,
        None => out.push((runner, added, stripped, p)),
    };
    if n == 0 {
        return out;
    }
    let all = (1u8 << n) - 1;
    if n == 1 {
        ended(0, start.added, start.stripped, 1.0);
        return out;
    }
    // chance[draws][mask][turn], draws made from `start`; each draw adds a card or strips
    // a tile, so `draws` orders the chain: passes keep it, draws raise it.
    let draws_max = start.deck;
    // (added - start.added) for each (draws, stripped - start.stripped): kept as a map from
    // stripped count to chance, per mask and turn.
    let strips = MAX_STRIPPED + 1;
    let size = (draws_max + 1) * 16 * MAX_BIDDERS * strips;
    let mut chance = vec![0.0f64; size];
    let at = |d: usize, mask: u8, turn: usize, s: usize| {
        ((d * 16 + mask as usize) * MAX_BIDDERS + turn) * strips + s
    };
    chance[at(0, all, start.turn.min(n - 1), 0)] = 1.0;
    let next_in = |mask: u8, after: usize| {
        (1..=n)
            .map(|i| (after + i) % n)
            .find(|&i| mask & (1 << i) != 0)
            .unwrap_or(after)
    };
    for d in 0..=draws_max {
        // Larger tables first: a pass moves to a smaller one at the same draw count.
        for count in (2..=n as u32).rev() {
            for mask in (1..=all).filter(|m| m.count_ones() == count) {
                for turn in (0..n).filter(|&t| mask & (1 << t) != 0) {
                    for s in 0..strips {
                        let p = chance[at(d, mask, turn, s)];
                        if p == 0.0 {
                            continue;
                        }
                        let stripped = (start.stripped + s).min(MAX_STRIPPED);
                        let added = (start.added + d - s).min(MAX_ADDED);
                        let bidder = bidders[turn];
                        let stay = if d < draws_max {
                            bidder.stay(added, stripped).clamp(0.0, 1.0)
                        } else {
                            0.0
                        };
                        if stay > 0.0 {
                            let next = next_in(mask, turn);
                            let strip = if s < MAX_STRIPPED {
                                bidder.strip(added, stripped).clamp(0.0, 1.0)
                            } else {
                                0.0
                            };
                            chance[at(d + 1, mask, next, s)] += p * stay * (1.0 - strip);
                            if strip > 0.0 {
                                chance[at(d + 1, mask, next, s + 1)] += p * stay * strip;
                            }
                        }
                        let pass = p * (1.0 - stay);
                        if pass > 0.0 {
                            let left = mask & !(1 << turn);
                            if left.count_ones() == 1 {
                                ended(left.trailing_zeros() as usize, added, stripped, pass);
                            } else {
                                chance[at(d, left, next_in(left, turn), s)] += pass;
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Fixed {
        stay: f64,
        strip: f64,
    }
    impl Bidder for Fixed {
        fn stay(&self, _: usize, _: usize) -> f64 {
            self.stay
        }
        fn strip(&self, _: usize, _: usize) -> f64 {
            self.strip
        }
    }

    fn total(e: &[(usize, usize, usize, f64)]) -> f64 {
        e.iter().map(|e| e.3).sum()
    }

    /// Nobody passes: the deck runs out and whoever drew the last card runs, with every
    /// card in (the rules' forced pass on an empty deck).
    #[test]
    fn with_nobody_passing_the_last_to_draw_runs() {
        let always = Fixed {
            stay: 1.0,
            strip: 0.0,
        };
        for n in 2..=4 {
            let bidders: Vec<&dyn Bidder> = (0..n).map(|_| &always as &dyn Bidder).collect();
            for deck in 1..=13 {
                let e = endings(
                    &bidders,
                    Start {
                        turn: 0,
                        deck,
                        added: 0,
                        stripped: 0,
                    },
                );
                assert_eq!(e.len(), 1, "{e:?}");
                assert_eq!(e[0].0, (deck - 1) % n, "{n} bidders, {deck} cards");
                assert_eq!(e[0].1, deck);
                assert!((e[0].3 - 1.0).abs() < 1e-12);
            }
        }
    }

    /// Chances add up to one, and a bidder who always passes never runs (unless alone).
    #[test]
    fn chances_add_up_and_passers_do_not_run() {
        let sometimes = Fixed {
            stay: 0.6,
            strip: 0.3,
        };
        let never = Fixed {
            stay: 0.0,
            strip: 0.0,
        };
        let bidders: Vec<&dyn Bidder> = vec![&sometimes, &never, &sometimes];
        let e = endings(
            &bidders,
            Start {
                turn: 1,
                deck: 9,
                added: 2,
                stripped: 1,
            },
        );
        assert!((total(&e) - 1.0).abs() < 1e-9, "{e:?}");
        assert!(e.iter().all(|x| x.0 != 1));
        assert!(
            e.iter()
                .all(|x| x.1 >= 2 && x.2 >= 1 && x.1 + x.2 <= 2 + 1 + 9)
        );
        // The first to act passes for sure: then the two left play it out.
        assert!(e.iter().any(|x| x.2 > 1), "some tiles are stripped");
    }

    /// Two bidders, the next to act passes for sure: the other runs at once.
    #[test]
    fn a_sure_pass_leaves_the_other_to_run() {
        let stays = Fixed {
            stay: 1.0,
            strip: 0.0,
        };
        let passes = Fixed {
            stay: 0.0,
            strip: 0.0,
        };
        let e = endings(
            &[&passes, &stays],
            Start {
                turn: 0,
                deck: 5,
                added: 3,
                stripped: 0,
            },
        );
        assert_eq!(e, vec![(1, 3, 0, 1.0)]);
    }
}
