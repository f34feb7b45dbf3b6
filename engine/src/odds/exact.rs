//! The exact search: memoized expectimax over the real engine, card by card.

use super::shared::{SharedOdds, Situation};
use super::{Chances, Odds};
use crate::action::{Action, DecisionKind};
use crate::catalog::{Catalog, Fnv};
use crate::engine::Rules;
use crate::error::EngineError;
use crate::event::Event;
use crate::game::DungeonSetup;
use crate::state::GameState;
use rustc_hash::FxHashMap as HashMap;

/// Remembered results of earlier searches; keep one across searches about the same
/// dungeon (a bot's decisions in one round) to reuse them.
#[derive(Default)]
pub struct OddsCache {
    memo: HashMap<u64, f64>,
}

impl OddsCache {
    pub fn new() -> OddsCache {
        OddsCache::default()
    }
    pub fn len(&self) -> usize {
        self.memo.len()
    }
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }
    pub fn clear(&mut self) {
        self.memo.clear();
    }
    /// Every remembered result as (situation key, odds), by key: what a saved bot keeps,
    /// since what the cache holds decides whether a bounded search finishes.
    pub fn entries(&self) -> Vec<(u64, f64)> {
        let mut all: Vec<(u64, f64)> = self.memo.iter().map(|(&k, &v)| (k, v)).collect();
        all.sort_unstable_by_key(|&(k, _)| k);
        all
    }
    /// A cache holding these results (see [`OddsCache::entries`]).
    pub fn from_entries(entries: impl IntoIterator<Item = (u64, f64)>) -> OddsCache {
        OddsCache {
            memo: entries.into_iter().collect(),
        }
    }
}

/// An exact-odds search over an engine.
pub struct OddsSearch<'a> {
    engine: &'a mut dyn Rules,
    cache: &'a mut OddsCache,
    /// The cards whose scripts can draw from the monster deck (Polymorph): a step with
    /// one of them in play may need redoing once per card the deck's top may be.
    deck_draws: DeckDraws,
    /// Give up past this many new situations ([`EngineError::Budget`]).
    budget: Option<usize>,
    start: usize,
    /// Scratch space for each step's events.
    events: Vec<Event>,
    /// The engine's shared results, lent for this search (`None`: not sharing).
    shared: Option<SharedOdds>,
    /// The lookups of the situations being searched, innermost last (while sharing).
    lookups: Vec<u64>,
}

impl Drop for OddsSearch<'_> {
    fn drop(&mut self) {
        if let Some(shared) = self.shared.take() {
            self.engine.return_shared_odds(shared);
        }
    }
}

impl<'a> OddsSearch<'a> {
    pub fn new(engine: &'a mut dyn Rules, cache: &'a mut OddsCache) -> OddsSearch<'a> {
        let deck_draws = DeckDraws::new(engine.catalog());
        let start = cache.memo.len();
        let mut shared = engine.lend_shared_odds();
        if let Some(shared) = &mut shared {
            shared.trim();
        }
        OddsSearch {
            engine,
            cache,
            deck_draws,
            budget: None,
            start,
            events: Vec::with_capacity(32),
            shared,
            lookups: Vec::new(),
        }
    }

    /// Gives up (with [`EngineError::Budget`]) past `states` new situations.
    pub fn with_budget(mut self, states: usize) -> Self {
        self.budget = Some(states);
        self
    }

    /// Odds for a runner entering the dungeon of `setup` (its `dungeon` only gives the size:
    /// the cards are decided by `chances`).
    pub fn entering(
        &mut self,
        setup: &DungeonSetup,
        chances: &Chances,
    ) -> Result<Odds, EngineError> {
        let setup = DungeonSetup {
            card_by_card: true,
            ..setup.clone()
        };
        self.analysing(|search| {
            let state = search.engine.dungeon(&setup, &mut Vec::new())?;
            let probability = search.value(&state, chances)?;
            Ok(Odds {
                probability,
                states: search.cache.memo.len(),
            })
        })
    }

    /// Odds from a run under way (card by card, paused or on a question).
    pub fn from_state(&mut self, state: GameState, chances: &Chances) -> Result<Odds, EngineError> {
        self.analysing(|search| {
            let probability = search.value(&state, chances)?;
            Ok(Odds {
                probability,
                states: search.cache.memo.len(),
            })
        })
    }

    /// The value of each option of the question `state` waits on.
    pub fn options(
        &mut self,
        state: &GameState,
        chances: &Chances,
    ) -> Result<Vec<(Action, f64)>, EngineError> {
        self.analysing(|search| {
            let actions = search.engine.legal_actions(state);
            let mut out = Vec::with_capacity(actions.len());
            for action in actions {
                let p = search.after(state.clone(), Some(action), chances)?;
                out.push((action, p));
            }
            Ok(out)
        })
    }

    /// Runs `f` with the engine in analysis mode (see [`Rules::set_analysis`]).
    fn analysing<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, EngineError>,
    ) -> Result<T, EngineError> {
        self.engine.set_analysis(true);
        let result = f(self);
        self.engine.set_analysis(false);
        result
    }

    fn value(&mut self, state: &GameState, chances: &Chances) -> Result<f64, EngineError> {
        if state.is_over() {
            return Ok(if state.run.success == Some(true) {
                1.0
            } else {
                0.0
            });
        }
        let key = fingerprint(self.engine.catalog(), state, chances);
        if self.shared.is_some() {
            self.lookups.push(key);
        }
        if let Some(&v) = self.cache.memo.get(&key) {
            return Ok(v);
        }
        self.check_budget()?;
        if let Some(v) = self.try_replay(key)? {
            return Ok(v);
        }
        let mark = self.lookups.len();
        let v = match &state.pending {
            // The runner answers for the best odds; another player (Daddy's Sword's
            // chooser) for the worst.
            Some(d) if matches!(d.kind, DecisionKind::Question(_)) => {
                let runner_answers = d.seat == state.run.runner;
                let mut best: f64 = if runner_answers { 0.0 } else { 1.0 };
                for action in d.legal_actions() {
                    let v = self.after(state.clone(), Some(action), chances)?;
                    best = if runner_answers {
                        best.max(v)
                    } else {
                        best.min(v)
                    };
                }
                best
            }
            Some(_) => {
                return Err(EngineError::Rule(
                    "odds: the dungeon waits on something other than a question".into(),
                ));
            }
            // No card left: on to the end of the dungeon.
            None if state.run.paused() && state.dungeon.is_empty() => {
                self.after(state.clone(), None, chances)?
            }
            None if state.run.paused() => {
                let Some(&top) = state.dungeon.last() else {
                    unreachable!("checked above")
                };
                let mut total = 0.0;
                for (monster, p, next) in chances.next_card() {
                    let mut s = state.clone();
                    // The top of the pile is revealed next: it becomes this card.
                    s.cards[top.ix()] = monster;
                    total += p * self.after(s, None, &next)?;
                }
                total
            }
            None => {
                return Err(EngineError::Rule(
                    "odds: the dungeon is neither paused nor asking".into(),
                ));
            }
        };
        self.share(key, v, mark);
        self.cache.memo.insert(key, v);
        Ok(v)
    }

    /// Gives up once this search has met its budget of new situations.
    fn check_budget(&self) -> Result<(), EngineError> {
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
    fn share(&mut self, key: u64, value: f64, mark: usize) {
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
    fn try_replay(&mut self, key: u64) -> Result<Option<f64>, EngineError> {
        match self.shared.as_ref().and_then(|t| t.get(key)) {
            Some(found) => self.replay(key, found),
            None => Ok(None),
        }
    }

    /// Walks a shared situation's lookups in order as its search made them: each one new
    /// to the cache is counted against the budget, walked, and remembered.
    fn replay(&mut self, key: u64, found: Situation) -> Result<Option<f64>, EngineError> {
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

    /// The value after resuming (`None`) or answering; a card drawn from the monster deck
    /// on the way (Polymorph) is a chance over the unseen pool too.
    pub(super) fn after(
        &mut self,
        mut state: GameState,
        action: Option<Action>,
        chances: &Chances,
    ) -> Result<f64, EngineError> {
        // The state before the step is needed again only if the deck can be drawn from.
        let before = self.deck_draws.may_draw(&state).then(|| state.clone());
        self.step(&mut state, action)?;
        let replaced = self
            .events
            .iter()
            .any(|e| matches!(e, Event::Replaced { .. }));
        let Some(before) = before.filter(|_| replaced) else {
            return self.value(&state, chances);
        };
        let top = *before.deck.last().expect("checked above");
        let mut total = 0.0;
        for (monster, p, next) in chances.pool_draws() {
            let mut s = before.clone();
            s.cards[top.ix()] = monster;
            self.step(&mut s, action)?;
            total += p * self.value(&s, &next)?;
        }
        Ok(total)
    }

    fn step(&mut self, state: &mut GameState, action: Option<Action>) -> Result<(), EngineError> {
        self.events.clear();
        match action {
            None => self.engine.resume(state, &mut self.events),
            // An error ends the search: the state is dropped with it.
            Some(a) => self.engine.apply_or_abandon(state, a, &mut self.events),
        }
    }
}

/// Which cards' scripts may draw from the monster deck (they name the ctx function, or the
/// helper built on it).
struct DeckDraws {
    /// By tile index.
    tiles: Vec<bool>,
    /// Some monster's script may: it can be met in any dungeon.
    monsters: bool,
}

impl DeckDraws {
    fn new(catalog: &Catalog) -> DeckDraws {
        let draws = |info: &crate::catalog::CardInfo| {
            (info.script.as_ref()).is_some_and(|s| s.code.contains("replace_from_deck"))
        };
        DeckDraws {
            tiles: catalog.tiles.iter().map(|t| draws(&t.info)).collect(),
            monsters: catalog.monsters.iter().any(|m| draws(&m.info)),
        }
    }

    /// Whether a step from `state` may draw from the deck: there is a deck, and a card
    /// that may draw from it is in play (a tile the runner holds, or a monster).
    fn may_draw(&self, state: &GameState) -> bool {
        !state.deck.is_empty() && (self.monsters || state.tiles.iter().any(|t| self.tiles[t.ix()]))
    }
}

/// What the rest of the run can depend on: the chances, and the run's state without the
/// order of the cards faced (only their species count).
pub(super) fn fingerprint(catalog: &Catalog, state: &GameState, chances: &Chances) -> u64 {
    let _ = catalog;
    let mut h = Fnv::new();
    chances.hash_into(&mut h);
    let run = &state.run;
    let successes = state
        .players
        .get(run.runner as usize)
        .map_or(0, |p| p.successes);
    h.write(&[state.damage_model as u8, successes, state.num_players()]);
    h.write(&crate::options::rulings_hash(&state.options.rulings).to_le_bytes());
    h.write(&state.adventurer.map_or(u16::MAX, |a| a.0).to_le_bytes());
    h.write(&run.base_hp.to_le_bytes());
    h.write(&run.hp.to_le_bytes());
    h.write(&[
        run.died as u8,
        run.success_forced as u8,
        run.hp_fell as u8,
        state.deck.len() as u8,
        state.dungeon.len() as u8,
    ]);
    for t in &state.tiles {
        h.write(&t.0.to_le_bytes());
    }
    for s in &run.skip_next {
        hash_card(&mut h, s.source);
        h.write(s.ask.as_deref().unwrap_or("").as_bytes());
    }
    for m in &run.memory {
        hash_card(&mut h, m.owner);
        h.write(m.key.as_bytes());
        match &m.value {
            crate::dungeon::MemValue::Bool(b) => h.write(&[0, *b as u8]),
            crate::dungeon::MemValue::Int(i) => h.write(&i.to_le_bytes()),
            crate::dungeon::MemValue::Text(t) => h.write(t.as_bytes()),
        }
    }
    let mut species: smallvec::SmallVec<[u16; 16]> = run
        .monsters_faced()
        .map(|f| f.species.map_or(u16::MAX, |s| s.0))
        .collect();
    species.sort_unstable();
    for s in species {
        h.write(&s.to_le_bytes());
    }
    h.write(&[stage_code(run.stage)]);
    // Stopped on a card (a question about it): which card, and how it stands.
    if let Some(f) = run.current() {
        h.write(&f.monster.0.to_le_bytes());
        h.write(&f.strength.unwrap_or(i32::MIN).to_le_bytes());
        h.write(&f.species.map_or(u16::MAX, |s| s.0).to_le_bytes());
        h.write(&[f.is_defeated() as u8, f.defeaters.len() as u8]);
        for t in &f.defeaters {
            h.write(&t.0.to_le_bytes());
        }
    }
    if let Some(p) = &run.pending {
        hash_card(&mut h, p.card);
        h.write(&[p.hook as u8, p.answers.len() as u8]);
    }
    h.finish()
}

fn hash_card(h: &mut Fnv, card: crate::action::CardRef) {
    match card {
        crate::action::CardRef::Tile(t) => h.write(&[1, t.0 as u8, (t.0 >> 8) as u8]),
        crate::action::CardRef::Monster(m) => h.write(&[2, m.0 as u8, (m.0 >> 8) as u8]),
    }
}

fn stage_code(stage: crate::dungeon::Stage) -> u8 {
    use crate::dungeon::Stage::*;
    match stage {
        Enter { cursor } => 10 + cursor,
        Reveal => 1,
        Skip => 7,
        Defeat => 2,
        AfterDefeat { cursor } => 40 + cursor,
        ObserveDefeat { cursor } => 190 + cursor,
        Offer { cursor } => 70 + cursor,
        MonsterEffect => 3,
        BeforeDamage { cursor } => 100 + cursor,
        Damage => 4,
        Death { cursor } => 130 + cursor,
        Finish => 5,
        End { cursor } => 160 + cursor,
        Done => 6,
    }
}
