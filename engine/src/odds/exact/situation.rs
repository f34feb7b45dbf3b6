//! A situation's odds: where they are remembered ([`Place`], [`At`]), looked up (the memo,
//! the shared table and its replay), or worked out from the moves it offers.

use super::*;

/// Where a situation's odds are found: lost (0), worked out again each time (a question,
/// unless the step to it read the history), or remembered.
pub(super) enum Place {
    Lost,
    Again,
    At(At),
}

/// Where a situation's odds are remembered.
#[derive(Copy, Clone, Debug)]
pub(super) enum At {
    /// Under its whole key (what builds on it reads the history: the key holds it).
    Whole(u64),
    /// Under a key without the species faced (the step key and, unless no card can come
    /// any more, `ended`, the chances) if working it out reads no history (see the
    /// module's doc), else under the whole key.
    Unfaced {
        unfaced: u64,
        whole: Whole,
        ended: bool,
        /// Look under the whole key first (`Node::whole_first`).
        whole_first: bool,
        /// The situation may be under its whole key: some of its node's are, or the cache
        /// holds figures from elsewhere (`OddsCache::whole_anywhere`). If not, a search
        /// that misses the other key need not look there (nor work the whole key out).
        whole_kept: bool,
        /// It faced two monsters of one species: if working it out read nothing of the
        /// history but "do the species faced all differ?" (always "no" from here), it is
        /// remembered under [`key::repeated_key`] of `unfaced`, for all such states.
        repeated: bool,
        /// It faced a species twice, and some of its node's are under that key: look
        /// there first (after the whole key if `whole_first`; `Node::repeated_first`).
        repeated_first: bool,
        /// It faced a species twice, and may be under that key: `repeated_first`, or the
        /// cache holds figures from elsewhere.
        repeated_kept: bool,
    },
}

/// Under which of a situation's keys its odds were found.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Found {
    Unfaced,
    Repeated,
    Whole,
}

/// What a situation's whole key is made of: it is worked out only when looked up or kept.
#[derive(Copy, Clone, Debug)]
pub(super) struct Whole {
    run: u64,
    faced: Faced,
    chances: u64,
}

impl Whole {
    pub(super) fn key(self) -> u64 {
        key::situation_key(self.run, self.faced, self.chances)
    }
}

/// What a node is made with.
/// The chances of a situation, with their key ([`key::chances_key`]).
#[derive(Copy, Clone)]
pub(super) struct Cards<'c> {
    pub(super) chances: &'c Chances,
    pub(super) key: u64,
}

impl<'c> Cards<'c> {
    pub(super) fn of(chances: &'c Chances) -> Cards<'c> {
        Cards {
            chances,
            key: key::chances_key(chances),
        }
    }

    /// The chances once `take` is taken from these: `after`.
    pub(super) fn after<'a>(self, after: &'a Chances, take: Take) -> Cards<'a> {
        Cards {
            chances: after,
            key: key::chances_key_after(self.key, self.chances, after, take),
        }
    }
}

impl OddsSearch<'_> {
    /// The odds of the situation a state (from `src`, of this node, with these faced
    /// species) and `chances` make: remembered, or worked out. `read`: the step to it read
    /// the history (its own steps likely will, and cannot be kept): it is remembered then,
    /// whatever its shape.
    pub(super) fn situation(
        &mut self,
        src: &Src<'_>,
        node: u32,
        faced: Faced,
        cards: Cards<'_>,
        read: bool,
    ) -> Result<f64, EngineError> {
        let at = match self.place(node, faced, cards, read) {
            Place::Lost => return Ok(0.0),
            Place::Again => return self.work(src, node, faced, cards),
            Place::At(at) => at,
        };
        if let Some(v) = self.known(at)? {
            return Ok(v);
        }
        let mark = self.lookups.len();
        let (history, repeated_reads) = self.reads();
        let v = self.work(src, node, faced, cards)?;
        let key = match at {
            At::Unfaced { unfaced, .. } if self.reads() == (history, repeated_reads) => unfaced,
            At::Unfaced {
                unfaced,
                repeated: true,
                ..
            } if self.history == history => {
                // (`repeated_reads` grew: what builds on it depends on that.)
                self.cache.graph.nodes[node as usize].repeated_first = true;
                key::repeated_key(unfaced)
            }
            At::Whole(whole) => {
                // Remembered under its whole key: whatever builds on it reads the history.
                self.history += 1;
                whole
            }
            At::Unfaced { whole, .. } => {
                self.history += 1;
                self.cache.graph.nodes[node as usize].whole_first = true;
                whole.key()
            }
        };
        self.share(key, v, mark);
        self.cache.memo.insert(key, v);
        if self.shared.is_some() {
            self.lookups.push(key);
        }
        Ok(v)
    }

    /// Where a situation's odds are found (see [`OddsSearch::situation`]).
    pub(super) fn place(&self, node: u32, faced: Faced, cards: Cards<'_>, read: bool) -> Place {
        let n = self.node(node);
        let may_draw = n.may_draw;
        if n.lost && !self.describe.raisers.may_come(cards.chances, may_draw) {
            return Place::Lost;
        }
        let (run, step) = n.keys;
        let whole = Whole {
            run,
            faced,
            chances: cards.key,
        };
        let whole_kept = n.whole_first || self.cache.whole_anywhere;
        let repeated = faced.repeated() == Some(true);
        let repeated_kept = repeated && (n.repeated_first || self.cache.whole_anywhere);
        if cards.chances.cards() == 0 && !may_draw {
            Place::At(At::Unfaced {
                unfaced: key::settled_key(step),
                whole,
                ended: true,
                whole_first: n.whole_first,
                whole_kept,
                repeated,
                repeated_first: repeated && n.repeated_first,
                repeated_kept,
            })
        } else if matches!(n.shape, Shape::Paused { .. }) {
            Place::At(At::Unfaced {
                unfaced: key::unfaced_key(step, cards.key),
                whole,
                ended: false,
                whole_first: n.whole_first,
                whole_kept,
                repeated,
                repeated_first: repeated && n.repeated_first,
                repeated_kept,
            })
        } else if read {
            Place::At(At::Whole(whole.key()))
        } else {
            Place::Again
        }
    }

    /// The odds after a move from `node` if they are known without working anything out
    /// nor reading the history (a remembered step to a remembered situation), as
    /// [`OddsSearch::after`] would find them; `None` otherwise.
    pub(super) fn peek(
        &mut self,
        node: u32,
        faced: Faced,
        step: Move,
        cards: Cards<'_>,
    ) -> Option<f64> {
        let (edge, slot) = self.known_edge(node, step, faced)?;
        let Edge::Goes {
            node: next,
            faced_added,
            faced_count,
            with_species_added,
            seen_added,
            settled,
        } = edge
        else {
            return match edge {
                Edge::Over(survived) => Some(f64::from(u8::from(survived))),
                _ => None,
            };
        };
        if let Some(v) = settled.get() {
            return Some(v);
        }
        let next_faced = faced.after(
            faced_added,
            faced_count,
            seen_added.get(),
            with_species_added,
        );
        match self.place(next, next_faced, cards, false) {
            Place::Lost => Some(0.0),
            Place::Again => None,
            // Under the whole key (first, where the node keeps some there).
            Place::At(At::Whole(whole)) => {
                let v = self.cache.memo.get(&whole).copied()?;
                // As `known` would count it.
                self.history += 1;
                Some(v)
            }
            Place::At(At::Unfaced {
                whole,
                whole_first: true,
                ..
            }) => {
                let v = self.cache.memo.get(&whole.key()).copied()?;
                // As `known` would count it.
                self.history += 1;
                Some(v)
            }
            // Under the repeated key (first, where the node keeps some there).
            Place::At(At::Unfaced {
                unfaced,
                repeated_first: true,
                ..
            }) => {
                let v = self.cache.memo.get(&key::repeated_key(unfaced)).copied()?;
                // As `known` would count it.
                self.repeated_reads += 1;
                Some(v)
            }
            Place::At(At::Unfaced { unfaced, ended, .. }) => {
                let v = self.cache.memo.get(&unfaced).copied()?;
                // As `settle` would note it.
                if let (true, Some(Edge::Goes { settled, .. })) =
                    (ended, self.edge_at(node, (step, None), slot))
                {
                    *settled = Known(v);
                }
                Some(v)
            }
        }
    }

    /// The odds of a situation already worked out, here or in the shared table (then
    /// replayed into this cache); `None` if it is new. Counts it against the budget then.
    pub(super) fn known(&mut self, at: At) -> Result<Option<f64>, EngineError> {
        // A figure found under a whole key: what builds on it reads the history.
        let found = match at {
            At::Whole(whole) => self.cache.memo.get(&whole).map(|&v| {
                self.history += 1;
                (whole, v)
            }),
            At::Unfaced {
                unfaced,
                whole,
                whole_first,
                whole_kept,
                repeated_first,
                repeated_kept,
                ..
            } => {
                let memo = &self.cache.memo;
                let under = |key: u64, found: Found| memo.get(&key).map(|&v| (key, v, found));
                // (`whole_kept` holds whenever `whole_first` does.)
                let under_whole =
                    || (whole_kept.then(|| whole.key())).and_then(|k| under(k, Found::Whole));
                let under_repeated = || {
                    (repeated_kept.then(|| key::repeated_key(unfaced)))
                        .and_then(|k| under(k, Found::Repeated))
                };
                let under_unfaced = || under(unfaced, Found::Unfaced);
                let found = match (whole_first, repeated_first) {
                    (true, _) => under_whole().or_else(under_unfaced).or_else(under_repeated),
                    (false, true) => under_repeated().or_else(under_unfaced).or_else(under_whole),
                    (false, false) => under_unfaced().or_else(under_repeated).or_else(under_whole),
                };
                match found.map(|(_, _, f)| f) {
                    Some(Found::Whole) => self.history += 1,
                    Some(Found::Repeated) => self.repeated_reads += 1,
                    _ => {}
                }
                found.map(|(key, v, _)| (key, v))
            }
        };
        if let Some((key, v)) = found {
            if self.shared.is_some() {
                self.lookups.push(key);
            }
            return Ok(Some(v));
        }
        self.check_budget()?;
        let replayed = match at {
            At::Whole(whole) => self.try_replay(whole)?.map(|v| {
                self.history += 1;
                (whole, v)
            }),
            At::Unfaced {
                unfaced,
                whole,
                repeated,
                ..
            } => match self.try_replay(unfaced)? {
                Some(v) => Some((unfaced, v)),
                None if self.shared.is_some() && repeated => {
                    let repeated = key::repeated_key(unfaced);
                    match self.try_replay(repeated)? {
                        Some(v) => {
                            self.repeated_reads += 1;
                            Some((repeated, v))
                        }
                        None => {
                            let whole = whole.key();
                            self.try_replay(whole)?.map(|v| {
                                self.history += 1;
                                (whole, v)
                            })
                        }
                    }
                }
                None if self.shared.is_some() => {
                    let whole = whole.key();
                    self.try_replay(whole)?.map(|v| {
                        self.history += 1;
                        (whole, v)
                    })
                }
                None => None,
            },
        };
        if let (Some((key, _)), true) = (replayed, self.shared.is_some()) {
            self.lookups.push(key);
        }
        Ok(replayed.map(|(_, v)| v))
    }

    /// Works a situation out from the moves it offers.
    pub(super) fn work(
        &mut self,
        src: &Src<'_>,
        node: u32,
        faced: Faced,
        cards: Cards<'_>,
    ) -> Result<f64, EngineError> {
        match &self.node(node).shape {
            // The runner answers for the best odds; another player (Daddy's Sword's
            // chooser) for the worst.
            Shape::Asking { runner, options } => {
                let (runner, count) = (*runner, options.len());
                let mut best: f64 = if runner { 0.0 } else { 1.0 };
                for i in 0..count {
                    let Shape::Asking { options, .. } = &self.node(node).shape else {
                        unreachable!("a node keeps its shape")
                    };
                    let step = Move::Act(Some(options[i]));
                    let v = self.after(src, node, faced, step, cards)?;
                    best = if runner { best.max(v) } else { best.min(v) };
                }
                Ok(best)
            }
            // No card left: on to the end of the dungeon.
            Shape::Paused { left: 0 } => self.after(src, node, faced, Move::Act(None), cards),
            Shape::Paused { .. } => {
                let mut draws = Draws::new();
                cards.chances.next_card(&mut draws);
                let mut next = cards.chances.clone();
                // Without a budget nor shared odds (which count and record the lookups in
                // order), the odds already known after each card are looked up first, all
                // at once (their memory is fetched together), then the others worked out.
                let mut known: SmallVec<[Option<f64>; 24]> = SmallVec::new();
                if self.budget.is_none() && self.shared.is_none() {
                    for &(monster, _, take) in &draws {
                        next.take(take);
                        let after = cards.after(&next, take);
                        known.push(self.peek(node, faced, Move::Reveal(monster), after));
                        next.put_back(take);
                    }
                }
                let mut total = 0.0;
                for (i, &(monster, p, take)) in draws.iter().enumerate() {
                    // The top of the pile is revealed next: it becomes this card.
                    let v = match known.get(i).copied().flatten() {
                        Some(v) => v,
                        None => {
                            next.take(take);
                            let after = cards.after(&next, take);
                            let step = Move::Reveal(monster);
                            let v = self.after(src, node, faced, step, after)?;
                            next.put_back(take);
                            v
                        }
                    };
                    total += p * v;
                }
                Ok(total)
            }
            Shape::Broken { asking: true } => Err(EngineError::Rule(
                "odds: the dungeon waits on something other than a question".into(),
            )),
            Shape::Broken { asking: false } => Err(EngineError::Rule(
                "odds: the dungeon is neither paused nor asking".into(),
            )),
        }
    }

    /// Gives up once this search has met its budget of new situations.
    pub(super) fn check_budget(&self) -> Result<(), EngineError> {
        match self
            .budget
            .filter(|&b| self.cache.memo.len() >= self.start.saturating_add(b))
        {
            Some(budget) => Err(EngineError::Budget(budget)),
            None => Ok(()),
        }
    }

    /// Keeps a finished situation for every later search, unless a hook has read what
    /// the key leaves out (then sharing stops for this engine: see [`SharedOdds`]).
    pub(super) fn share(&mut self, key: u64, value: f64, mark: usize) {
        let Some(table) = &mut self.shared else {
            return;
        };
        if self.engine.hooks_read_unkeyed() {
            self.shared = None;
            return;
        }
        table.insert(key, value, &self.lookups[mark..]);
        self.lookups.truncate(mark);
    }

    /// The value of a situation the shared table holds, found as searching it would find
    /// it with this cache (see [`SharedOdds`]). `None` when the table lacks one of the
    /// situations it looked up (one this cache had before sharing began): the search then
    /// goes on as usual, and what the replay added to the cache is what the search would
    /// have added first anyway (the same lookups in the same order).
    pub(super) fn try_replay(&mut self, key: u64) -> Result<Option<f64>, EngineError> {
        match self.shared.as_ref().and_then(|t| t.get(key)) {
            Some(found) => self.replay(key, found),
            None => Ok(None),
        }
    }

    /// Walks a shared situation's lookups in order as its search made them: each one new
    /// to the cache is counted against the budget, walked, and remembered.
    pub(super) fn replay(
        &mut self,
        key: u64,
        found: Situation,
    ) -> Result<Option<f64>, EngineError> {
        for i in found.lookups() {
            let Some(table) = &self.shared else {
                return Ok(None);
            };
            let next = table.lookup(i);
            if self.cache.memo.contains_key(&next) {
                continue;
            }
            self.check_budget()?;
            let Some(inner) = table.get(next) else {
                return Ok(None);
            };
            if self.replay(next, inner)?.is_none() {
                return Ok(None);
            }
        }
        self.cache.memo.insert(key, found.value);
        Ok(Some(found.value))
    }
}
