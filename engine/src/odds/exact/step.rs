//! Taking a move: through a remembered edge when one is known, else on a state run
//! through the engine (made from its source only then: [`Src`]), remembering where it led.

use super::*;

/// A state the search may need: at hand, or one move from another, made (by running the
/// engine) only if a step from it is not known.
pub(super) enum Src<'s> {
    Here(&'s GameState),
    After {
        from: &'s Src<'s>,
        step: Move,
        /// The monster deck's top card, when the step draws it.
        deck: Option<MonsterId>,
        /// Boxed: most are never made, and the rest of a `Src` lives on the stack.
        made: OnceCell<Box<GameState>>,
    },
}

impl<'s> Src<'s> {
    pub(super) fn after(from: &'s Src<'s>, step: Move, deck: Option<MonsterId>) -> Src<'s> {
        Src::After {
            from,
            step,
            deck,
            made: OnceCell::new(),
        }
    }

    /// The state, made if need be (the moves on the way are known steps: they succeed).
    pub(super) fn state(&self, search: &mut OddsSearch<'_>) -> Result<&GameState, EngineError> {
        match self {
            Src::Here(state) => Ok(state),
            Src::After {
                from,
                step,
                deck,
                made,
            } => {
                if made.get().is_none() {
                    let mut next = Box::new(from.state(search)?.clone());
                    search.take(&mut next, *step, *deck)?;
                    let _ = made.set(next);
                }
                Ok(made.get().expect("just made"))
            }
        }
    }
}

impl OddsSearch<'_> {
    /// The odds after a move from a state (from `src`, of this node, with these faced
    /// species) into `chances`; a card drawn from the monster deck on the way (Polymorph)
    /// is a chance over the unseen pool too.
    pub(super) fn after(
        &mut self,
        src: &Src<'_>,
        node: u32,
        faced: Faced,
        step: Move,
        cards: Cards<'_>,
    ) -> Result<f64, EngineError> {
        match self.known_edge(node, step, faced) {
            Some((Edge::Drawn(drawn), _)) => {
                return self.drawing(src, node, faced, step, Some(drawn), cards);
            }
            Some((edge, slot)) => {
                return self.follow(src, node, faced, (step, None), edge, slot, cards);
            }
            None => {}
        }
        let may_draw = self.node(node).may_draw;
        let stepped = self.step(src, step, None, None, Some(faced))?;
        let replaced =
            may_draw && (self.events.iter()).any(|e| matches!(e, Event::Replaced { .. }));
        if replaced {
            // Where it led depends on the deck's top card: taken again for each.
            // (Nothing is known of it: an ask a state could not follow leaves it unkept.)
            let known = self.cache.graph.edge(node, step).is_some();
            let drawn = (stepped.clean && stepped.asked.is_empty() && !known).then(|| {
                let graph = &mut self.cache.graph;
                graph.drawn.push(vec![None; self.monsters]);
                let ix = (graph.drawn.len() - 1) as u32;
                graph.set_edge(node, step, Edge::Drawn(ix), self.monsters);
                ix
            });
            self.spare.push(stepped.next);
            return self.drawing(src, node, faced, step, drawn, cards);
        }
        self.arrive(node, faced, (step, None), stepped, cards)
    }

    /// Where a step from `node` is remembered to lead from a state with these faced
    /// species: through its asks, if it asked (their answers read the history, as taking
    /// the step would have), with the ask and answer it hangs from. `None`: not known,
    /// or not for this state.
    pub(super) fn known_edge(
        &mut self,
        node: u32,
        step: Move,
        faced: Faced,
    ) -> Option<(Edge, Option<(u32, bool)>)> {
        match self.cache.graph.edge(node, step)? {
            Edge::Asks(ix) => {
                let graph = &self.cache.graph;
                let (edge, slot, all_differ) = graph.walk(ix, |q| faced.answer(q))?;
                // ("No", every one of them, for a state that faced a species twice.)
                match all_differ && faced.repeated() == Some(true) {
                    true => self.repeated_reads += 1,
                    false => self.history += 1,
                }
                Some((edge, Some(slot)))
            }
            edge => Some((edge, None)),
        }
    }

    /// Takes a move on a copy of the state: the state it leads to, whether where it led
    /// may be remembered, and what it asked (answered from the species `answers`, if
    /// given: see [`On::answers`]). `faced`: the species the state faced, if known (see
    /// [`OddsSearch::repeated_reads`]).
    pub(super) fn step(
        &mut self,
        src: &Src<'_>,
        step: Move,
        deck: Option<MonsterId>,
        answers: Option<u64>,
        faced: Option<Faced>,
    ) -> Result<Stepped, EngineError> {
        if self.work_exhausted() {
            return Err(EngineError::Work);
        }
        let from = src.state(self)?;
        let elsewhere = self.twin_work;
        let exhausted = |engine: &dyn Rules| spent_all(engine, elsewhere);
        let on = On {
            engine: &mut *self.engine,
            events: &mut self.events,
            answers,
        };
        // A spare state's storage (its lists spilled to the heap included) is reused.
        let mut next = self.spare.pop().unwrap_or_default();
        match on.step(from, &mut next, step, deck, &exhausted) {
            Ok(outcome) => {
                if outcome.read {
                    match repeated_only(&outcome, faced) {
                        true => self.repeated_reads += 1,
                        false => self.history += 1,
                    }
                }
                Ok(Stepped {
                    next,
                    clean: outcome.clean,
                    asked: outcome.asked,
                    seen_added: outcome.seen_added,
                })
            }
            Err(e) => {
                self.spare.push(next);
                Err(e)
            }
        }
    }

    /// Has the search used up the work it may spend (its engine's steps, and its twins'
    /// it has taken: see `levels/twins.rs`)?
    pub(super) fn work_exhausted(&self) -> bool {
        spent_all(&*self.engine, self.twin_work)
    }

    /// The odds of the state a step from `node` just led to; the step is remembered if
    /// `clean` (under `drawn`'s entry when the deck's top card was drawn; by its answers
    /// when it asked, if each was the one the species faced before it give).
    pub(super) fn arrive(
        &mut self,
        node: u32,
        faced: Faced,
        step: (Move, Option<MonsterId>),
        stepped: Stepped,
        cards: Cards<'_>,
    ) -> Result<f64, EngineError> {
        let Stepped {
            next,
            clean,
            asked,
            seen_added,
        } = stepped;
        // (Did the step add to the monsters faced, or complete the one being resolved?)
        let added =
            seen_added != Some(0) || next.run.monsters_faced().count() != usize::from(faced.count);
        let keep =
            clean && (asked.is_empty() || step.1.is_none() && fits_faced(&asked, faced, added));
        if next.is_over() {
            let survived = next.run.success == Some(true);
            if keep {
                self.set_edge(node, step, &asked, Edge::Over(survived));
            }
            self.spare.push(next);
            return Ok(f64::from(u8::from(survived)));
        }
        let (next_node, next_faced) = self.node_of(&next);
        let mut slot = None;
        if keep {
            let edge = Edge::goes(faced, next_node, next_faced, seen_added);
            slot = self.set_edge(node, step, &asked, edge);
        }
        let history = self.reads();
        let src = Src::Here(&next);
        let v = self.situation(&src, next_node, next_faced, cards, !keep)?;
        self.spare.push(next);
        if keep {
            self.settle(node, step, slot, next_node, cards.chances, history, v);
        }
        Ok(v)
    }

    /// The odds through a remembered step (reached by answers from `slot`, if it asked).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn follow(
        &mut self,
        src: &Src<'_>,
        node: u32,
        faced: Faced,
        step: (Move, Option<MonsterId>),
        edge: Edge,
        slot: Option<(u32, bool)>,
        cards: Cards<'_>,
    ) -> Result<f64, EngineError> {
        match edge {
            Edge::Over(survived) => Ok(f64::from(u8::from(survived))),
            Edge::Goes {
                node: next,
                faced_added,
                faced_count,
                with_species_added,
                seen_added,
                settled,
            } => {
                // Its odds as they were found: only when that changes no search's
                // lookups (with shared odds, the memo is looked up as it always is).
                if let (Some(v), None) = (settled.get(), &self.shared) {
                    return Ok(v);
                }
                let next_faced = faced.after(
                    faced_added,
                    faced_count,
                    seen_added.get(),
                    with_species_added,
                );
                let history = self.reads();
                let src = Src::after(src, step.0, step.1);
                let v = self.situation(&src, next, next_faced, cards, false)?;
                self.settle(node, step, slot, next, cards.chances, history, v);
                Ok(v)
            }
            Edge::Drawn(_) | Edge::Asks(_) => {
                unreachable!("a drawn card's edges are not drawn, and asks are walked")
            }
        }
    }

    /// The odds of a move after which a tile drew the monster deck's top card: over each
    /// monster it may be, from the unseen pool. `drawn`: where the step's edges by monster
    /// are remembered (`None`: the step read the history, none are).
    pub(super) fn drawing(
        &mut self,
        src: &Src<'_>,
        node: u32,
        faced: Faced,
        step: Move,
        drawn: Option<u32>,
        cards: Cards<'_>,
    ) -> Result<f64, EngineError> {
        let mut draws = Draws::new();
        cards.chances.pool_draws(false, 1.0, &mut draws);
        let mut total = 0.0;
        let mut after = cards.chances.clone();
        for &(monster, p, take) in &draws {
            after.take(take);
            let drawn_cards = cards.after(&after, take);
            let known = drawn.and_then(|d| self.cache.graph.drawn[d as usize][monster.ix()]);
            let v = match known {
                Some(edge) => {
                    let step = (step, Some(monster));
                    self.follow(src, node, faced, step, edge, None, drawn_cards)?
                }
                None => {
                    let mut stepped = self.step(src, step, Some(monster), None, Some(faced))?;
                    stepped.clean &= drawn.is_some();
                    let step = (step, Some(monster));
                    self.arrive(node, faced, step, stepped, drawn_cards)?
                }
            };
            total += p * v;
            after.put_back(take);
        }
        Ok(total)
    }

    /// Remembers where a step from `node` led (under the step's drawn entry when it drew
    /// the deck's top card; after its answers when it asked): the ask and answer it is
    /// kept under, if it asked.
    pub(super) fn set_edge(
        &mut self,
        node: u32,
        step: (Move, Option<MonsterId>),
        asked: &[(SpeciesQuestion, bool)],
        edge: Edge,
    ) -> Option<(u32, bool)> {
        let graph = &mut self.cache.graph;
        match step {
            (step, None) if asked.is_empty() => graph.set_edge(node, step, edge, self.monsters),
            (step, None) => {
                // Down the asks made so far, each new one added where nothing was known.
                let mut at: Option<(u32, bool)> = None;
                for &(question, answer) in asked {
                    let here = match at {
                        None => graph.edge(node, step),
                        Some((ix, a)) => graph.asks[ix as usize].after[usize::from(a)],
                    };
                    let ix = match here {
                        Some(Edge::Asks(ix)) if graph.asks[ix as usize].question == question => ix,
                        // Another question, or none, was asked here before: the engine is
                        // not what it was; nothing is kept.
                        Some(_) => return None,
                        None => {
                            let ix = graph.asks.len() as u32;
                            graph.asks.push(Ask {
                                question,
                                after: [None, None],
                            });
                            match at {
                                None => graph.set_edge(node, step, Edge::Asks(ix), self.monsters),
                                Some((up, a)) => {
                                    graph.asks[up as usize].after[usize::from(a)] =
                                        Some(Edge::Asks(ix));
                                }
                            }
                            ix
                        }
                    };
                    at = Some((ix, answer));
                }
                let (ix, answer) = at?;
                let slot = &mut graph.asks[ix as usize].after[usize::from(answer)];
                if slot.is_some() {
                    return None;
                }
                *slot = Some(edge);
                return Some((ix, answer));
            }
            (step, Some(monster)) => {
                if let Some(Edge::Drawn(d)) = graph.edge(node, step) {
                    graph.drawn[d as usize][monster.ix()] = Some(edge);
                }
            }
        }
        None
    }

    /// The remembered edge of a step from `node` (reached by answers from `slot`, if it
    /// asked), to note its odds on.
    pub(super) fn edge_at(
        &mut self,
        node: u32,
        step: (Move, Option<MonsterId>),
        slot: Option<(u32, bool)>,
    ) -> Option<&mut Edge> {
        let graph = &mut self.cache.graph;
        match (slot, step) {
            (Some((ix, a)), _) => graph.asks[ix as usize].after[usize::from(a)].as_mut(),
            (None, (step, None)) => graph.edge_mut(node, step),
            (None, (step, Some(monster))) => match graph.edge(node, step) {
                Some(Edge::Drawn(d)) => graph.drawn[d as usize][monster.ix()].as_mut(),
                _ => None,
            },
        }
    }

    /// How much of the history what is being worked out read, so far: see
    /// [`OddsSearch::history`] and [`OddsSearch::repeated_reads`].
    pub(super) fn reads(&self) -> (u64, u64) {
        (self.history, self.repeated_reads)
    }

    /// Notes on the edge from `node` the odds `v` of the situation it led to, if they
    /// depend on nothing but the step (no card could come, no history was read since
    /// `history`, [`OddsSearch::reads`]).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn settle(
        &mut self,
        node: u32,
        step: (Move, Option<MonsterId>),
        slot: Option<(u32, bool)>,
        next: u32,
        chances: &Chances,
        history: (u64, u64),
        v: f64,
    ) {
        if self.reads() != history || self.node(next).may_draw || chances.cards() > 0 {
            return;
        }
        if let Some(Edge::Goes { settled, .. }) = self.edge_at(node, step, slot) {
            *settled = Known(v);
        }
    }

    /// Takes the move on `state` (already a copy: an error ends the search, the state is
    /// dropped with it), the monster deck's top card being `deck` if given.
    pub(super) fn take(
        &mut self,
        state: &mut GameState,
        step: Move,
        deck: Option<MonsterId>,
    ) -> Result<(), EngineError> {
        take_on(&mut *self.engine, &mut self.events, state, step, deck)
    }
}

/// A step taken on a state (see [`OddsSearch::step`]).
pub(super) struct Stepped {
    pub(super) next: GameState,
    /// Its reads of the history were all questions asked (mostly: none).
    pub(super) clean: bool,
    /// What it asked, in order, with the answers.
    pub(super) asked: Vec<(SpeciesQuestion, bool)>,
    /// See [`Edge::Goes`].
    pub(super) seen_added: Option<u64>,
}

/// Whether all a step read of the history, from a state that faced `faced`, was "do the
/// species faced all differ?", answered "no" as it must be from a state that faced a
/// species twice, and from any state the step leads to (it took no monster faced back).
fn repeated_only(outcome: &Outcome, faced: Option<Faced>) -> bool {
    faced.is_some_and(|f| f.repeated() == Some(true))
        && outcome.clean
        && outcome.seen_added.is_some()
        && !outcome.asked.is_empty()
        && (outcome.asked.iter()).all(|&(q, a)| q == SpeciesQuestion::AllDiffer && !a)
}

/// Whether a step that asked `asked` may be remembered by its answers: each the one the
/// species `faced` give. `added`: the step added to the monsters faced (or completed the
/// one being resolved): then whether they all differ, asked of them all, may not be what
/// `faced` answers, and is not kept (the Omnipotence asks it in a step of its own).
pub(super) fn fits_faced(asked: &[(SpeciesQuestion, bool)], faced: Faced, added: bool) -> bool {
    (asked.iter()).all(|&(question, answer)| {
        !(added && question == SpeciesQuestion::AllDiffer) && faced.answer(question) == Some(answer)
    })
}

/// Whether a step that asked `asked` may be remembered by its answers in the level search:
/// each the one the species `answers` give (`None`: not known).
pub(super) fn fits(asked: &[(SpeciesQuestion, bool)], answers: Option<u64>) -> bool {
    asked.is_empty()
        || answers.is_some_and(|seen| {
            (asked.iter()).all(|&(q, answer)| key::answer_from_seen(seen, q) == Some(answer))
        })
}

/// Whether the level search can take a step that asked `asked`: it answers whether a
/// species was faced before from a group's species, and gives way at anything else.
pub(super) fn answerable_on_level(asked: &[(SpeciesQuestion, bool)]) -> bool {
    (asked.iter()).all(|(q, _)| matches!(q, SpeciesQuestion::Faced(_)))
}
