//! A sampled estimate, for situations too big to search exactly in the time a bot has:
//! whole dungeons drawn at random from the same chances, each played through the engine
//! with the runner choosing, at every question, the option that does best on that very
//! dungeon. Knowing the dungeon makes the runner's choices a little better than real ones,
//! so the estimate leans optimistic when questions matter.

use super::Chances;
use super::exact::fingerprint;
use crate::action::{Action, CardRef, DecisionKind};
use crate::engine::Rules;
use crate::error::EngineError;
use crate::event::Event;
use crate::game::DungeonSetup;
use crate::hook_name::HookName;
use crate::ids::MonsterId;
use crate::state::GameState;
use rand::RngExt;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use smallvec::SmallVec;
use std::collections::HashMap;

/// The share of `samples` dungeons drawn from `chances` that the runner of `setup`
/// survives, and how many dungeons that is (fewer once the work allowed ran out).
pub fn estimate(
    rules: &mut dyn Rules,
    setup: &DungeonSetup,
    chances: &Chances,
    samples: usize,
    rng: &mut ChaCha8Rng,
) -> Result<(f64, usize), EngineError> {
    deal_entering(rules, setup, chances, samples, rng)?.settle_counted(rules)
}

/// Each answer to the question `state` waits on, with the share of `samples` dungeons
/// (the cards to come drawn from `chances`) the runner survives after giving it. The
/// answer is given in each dungeon once dealt, so a hook it runs draws from that
/// dungeon's own generator.
pub fn estimate_answers(
    rules: &mut dyn Rules,
    state: &GameState,
    chances: &Chances,
    samples: usize,
    rng: &mut ChaCha8Rng,
) -> Result<Vec<(Action, f64)>, EngineError> {
    let mut out = Vec::new();
    for action in rules.legal_actions(state) {
        let dealt = Dealt::new(state, chances, samples, rng);
        let mut answered = Vec::with_capacity(dealt.left.len());
        rules.set_analysis(true);
        for mut s in dealt.left.into_iter().rev() {
            match rules.apply_or_abandon(&mut s, action, &mut Vec::new()) {
                Ok(_) => answered.push(s),
                // Too much work: the dungeon is left out.
                Err(e) => match e.in_analysis() {
                    EngineError::Work => {}
                    e => {
                        rules.set_analysis(false);
                        return Err(e);
                    }
                },
            }
        }
        rules.set_analysis(false);
        out.push((action, Dealt::of(answered).settle_counted(rules)?.0));
    }
    Ok(out)
}

/// The dungeons of an estimate for a runner entering the dungeon of `setup`, dealt and
/// not yet played (see [`Dealt`]).
pub(crate) fn deal_entering(
    rules: &mut dyn Rules,
    setup: &DungeonSetup,
    chances: &Chances,
    samples: usize,
    rng: &mut ChaCha8Rng,
) -> Result<Dealt, EngineError> {
    rules.set_analysis(true);
    let draws = rules.hooks_random_draws();
    let start = rules.dungeon(setup, &mut Vec::new());
    let drew = rules.hooks_random_draws() != draws;
    if !drew {
        rules.set_analysis(false);
        return match start.map_err(EngineError::in_analysis) {
            Ok(start) => Ok(Dealt::new(&start, chances, samples, rng)),
            // Too much work to enter at all: a guess.
            Err(EngineError::Work) => Ok(Dealt::of(Vec::new())),
            Err(e) => Err(e),
        };
    }
    // A hook drew as the runner entered: each dungeon is entered anew, from a seed of its
    // own, as each game would be.
    let mut left = Vec::with_capacity(samples.max(1));
    for _ in 0..samples.max(1) {
        if rules.work_exhausted() && !left.is_empty() {
            break;
        }
        let setup = DungeonSetup {
            seed: rng.random(),
            ..setup.clone()
        };
        match rules
            .dungeon(&setup, &mut Vec::new())
            .map_err(EngineError::in_analysis)
        {
            Ok(mut state) => {
                deal(&mut state, chances, rng);
                left.push(state);
            }
            Err(EngineError::Work) => {}
            Err(e) => {
                rules.set_analysis(false);
                return Err(e);
            }
        }
    }
    rules.set_analysis(false);
    Ok(Dealt::of(left))
}

/// The dungeons of one estimate, all dealt at once (the generator ends where the whole
/// estimate leaves it) and played one at a time, only as far as the caller needs: the
/// figure lies between [`Dealt::bounds`], which close in with every dungeon played.
/// (One difference from playing them all: an engine error in a dungeon left unplayed is
/// not seen.)
pub(crate) struct Dealt {
    /// The dungeons not yet played, the next one last.
    left: Vec<GameState>,
    survived: usize,
    /// The dungeons the figure is over: all those dealt, less any the work left unplayed
    /// or too heavy to play. None: the figure is an even guess.
    total: usize,
    player: Player,
}

impl Dealt {
    /// `samples` dungeons dealt from `chances` into copies of `start`.
    pub(crate) fn new(
        start: &GameState,
        chances: &Chances,
        samples: usize,
        rng: &mut ChaCha8Rng,
    ) -> Dealt {
        let dealt = (0..samples.max(1))
            .map(|_| {
                let mut state = start.clone();
                deal(&mut state, chances, rng);
                state
            })
            .collect();
        Dealt::of(dealt)
    }

    /// These dungeons, to be played in order.
    fn of(mut left: Vec<GameState>) -> Dealt {
        let total = left.len();
        left.reverse();
        Dealt {
            left,
            survived: 0,
            total,
            player: Player::default(),
        }
    }

    /// The dungeons the figure is over (fewer than dealt when the work ran out; none
    /// when it is a guess).
    pub(crate) fn dungeons(&self) -> usize {
        self.total
    }

    /// The lowest and highest figure the estimate can still end with (equal once every
    /// dungeon is played): the share survived so far, and that share if the runner
    /// survived every dungeon left.
    pub(crate) fn bounds(&self) -> (f64, f64) {
        if self.total == 0 {
            return (0.5, 0.5);
        }
        let share = |survived: usize| survived as f64 / self.total as f64;
        (share(self.survived), share(self.survived + self.left.len()))
    }

    /// [`Dealt::settle`] without a threshold, with the count of dungeons played.
    fn settle_counted(self, rules: &mut dyn Rules) -> Result<(f64, usize), EngineError> {
        let mut dealt = self;
        while !dealt.left.is_empty() {
            dealt.play_next(rules)?;
        }
        let played = dealt.dungeons();
        Ok((dealt.bounds().0, played))
    }

    /// Plays dungeons until the figure is known: all of them, or, given a `threshold`,
    /// until the figure is sure to be on one side of it (`>= threshold` exactly when the
    /// whole estimate is), giving the bound on that side.
    pub(crate) fn settle(
        mut self,
        rules: &mut dyn Rules,
        threshold: Option<f64>,
    ) -> Result<f64, EngineError> {
        loop {
            self.play_next(rules)?;
            let (low, high) = self.bounds();
            match threshold {
                _ if low == high => return Ok(low),
                Some(t) if low >= t => return Ok(low),
                Some(t) if high < t => return Ok(high),
                _ => {}
            }
        }
    }

    /// Plays the next dungeon (none once all are played). Once analysis has used up its
    /// work ([`Rules::work_exhausted`]), none is played again: the estimate is over the
    /// dungeons played, an even guess if none was.
    pub(crate) fn play_next(&mut self, rules: &mut dyn Rules) -> Result<(), EngineError> {
        if rules.work_exhausted() && !self.left.is_empty() {
            self.total -= self.left.len();
            self.left.clear();
            return Ok(());
        }
        let Some(state) = self.left.pop() else {
            return Ok(());
        };
        rules.set_analysis(true);
        let survived = best_outcome(rules, state, &mut self.player);
        rules.set_analysis(false);
        match survived.map_err(EngineError::in_analysis) {
            Ok(survived) => self.survived += usize::from(survived),
            // Too much work to play out: this dungeon is left out of the estimate (an
            // even guess if every one is).
            Err(EngineError::Work) => self.total -= 1,
            Err(e) => return Err(e),
        }
        Ok(())
    }
}

/// Gives every card of the dungeon and the monster deck an identity drawn from `chances`.
fn deal(state: &mut GameState, chances: &Chances, rng: &mut ChaCha8Rng) {
    state.rng = scripts_generator(rng);
    let mut rest = chances.clone();
    let mut dungeon: Vec<MonsterId> = Vec::with_capacity(state.dungeon.len());
    for (k, &n) in chances.known.iter().enumerate() {
        dungeon.extend(std::iter::repeat_n(MonsterId(k as u16), n as usize));
    }
    for _ in 0..chances.unknown {
        if let Some(m) = draw(&mut rest, rng) {
            dungeon.push(m);
        }
    }
    dungeon.shuffle(rng);
    for (&card, &m) in state.dungeon.iter().zip(&dungeon) {
        state.cards[card.ix()] = m;
    }
    for i in 0..state.deck.len() {
        if let Some(m) = draw(&mut rest, rng) {
            let card = state.deck[i];
            state.cards[card.ix()] = m;
        }
    }
}

/// The generator a dealt dungeon's scripts draw from: each dungeon's its own, as a game's
/// is (a script must not be able to tell analysis from play by its numbers), made without
/// taking numbers from the deal's generator (the deals stay as they were). Another stream
/// of the same key, each dungeon 2^40 words apart.
fn scripts_generator(deal: &ChaCha8Rng) -> ChaCha8Rng {
    use rand_chacha::rand_core::SeedableRng;
    let mut scripts = ChaCha8Rng::from_seed(deal.get_seed());
    scripts.set_stream(deal.get_stream() ^ SCRIPTS_STREAM);
    scripts.set_word_pos(deal.get_word_pos() << 40);
    scripts
}

/// Tells the scripts' stream from the deal's.
const SCRIPTS_STREAM: u64 = 0x5c41_97ed_0dd5_eed5;

/// One card from the unseen pool (unknown specials among it), removed from it.
fn draw(chances: &mut Chances, rng: &mut ChaCha8Rng) -> Option<MonsterId> {
    let total = chances.pool_size();
    if total == 0 {
        return None;
    }
    let mut pick = rng.random_range(0..total);
    for (k, n) in chances.pool.iter_mut().enumerate() {
        if pick < *n as u32 {
            *n -= 1;
            return Some(MonsterId(k as u16));
        }
        pick -= *n as u32;
    }
    if chances.candidates.is_empty() {
        return None;
    }
    chances.unknown_specials -= 1;
    let i = rng.random_range(0..chances.candidates.len());
    Some(chances.candidates.remove(i))
}

/// What playing one estimate's dealt dungeons keeps from one to the next.
#[derive(Default)]
struct Player {
    empty: Chances,
    /// Outcomes by the run's fingerprint, within one dealt dungeon.
    memo: HashMap<u64, bool>,
    /// The steps' events go unread: one buffer serves every step.
    events: Vec<Event>,
    /// For each question (the card and hook asking), the answers that settled it in
    /// earlier dungeons, latest first. They are tried first: whether some answer lets the
    /// runner survive does not depend on the order they are tried in, and the one that
    /// did last time usually does again (a Vorpal Sword's eight species, tried in catalog
    /// order, took three tries on average where one mostly does). Only a hook that fails
    /// on some answer can tell the orders apart: its error is met, or not, sooner.
    settled_by: HashMap<(CardRef, HookName), SmallVec<[Action; 8]>>,
}

/// Whether the runner survives this dealt dungeon, choosing the best option at each question.
/// Within one dealt dungeon the run's fingerprint settles the outcome, so it is remembered:
/// without that, trying every answer at every question grows exponentially.
fn best_outcome(
    rules: &mut dyn Rules,
    state: GameState,
    player: &mut Player,
) -> Result<bool, EngineError> {
    player.memo.clear();
    outcome(rules, state, player)
}

fn outcome(
    rules: &mut dyn Rules,
    mut state: GameState,
    player: &mut Player,
) -> Result<bool, EngineError> {
    loop {
        if state.is_over() {
            return Ok(state.run.success == Some(true));
        }
        match &state.pending {
            Some(d) if matches!(d.kind, DecisionKind::Question(_)) => {
                let key = fingerprint(&state, &player.empty);
                if let Some(&known) = player.memo.get(&key) {
                    return Ok(known);
                }
                // The runner takes an option it survives; another player one it does not.
                let runner_answers = d.seat == state.run.runner;
                let mut survives = !runner_answers;
                let asker = state.run.pending.as_ref().map(|p| (p.card, p.hook));
                let mut actions = d.legal_actions();
                if let Some(first) = asker.and_then(|a| player.settled_by.get(&a)) {
                    actions
                        .sort_by_key(|a| first.iter().position(|f| f == a).unwrap_or(usize::MAX));
                }
                for action in actions {
                    let mut next = state.clone();
                    player.events.clear();
                    rules.apply_or_abandon(&mut next, action, &mut player.events)?;
                    if outcome(rules, next, player)? == runner_answers {
                        survives = runner_answers;
                        if let Some(asker) = asker {
                            let first = player.settled_by.entry(asker).or_default();
                            first.retain(|f| *f != action);
                            first.insert(0, action);
                        }
                        break;
                    }
                }
                player.memo.insert(key, survives);
                return Ok(survives);
            }
            Some(_) => {
                return Err(EngineError::Rule(
                    "odds: the dungeon waits on something other than a question".into(),
                ));
            }
            None => {
                player.events.clear();
                rules.resume(&mut state, &mut player.events)?
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{AdventurerId, TileId};
    use crate::{Engine, Rules};
    use rand_chacha::rand_core::SeedableRng;

    /// Trying first the answers that settled a question before (one `Player` for every
    /// dungeon) gives each dealt dungeon the outcome that trying them in order does (a fresh
    /// `Player` each time), for every base adventurer: Vorpal weapons' species, the Healing
    /// Potion's choice to wait, Polymorph's swap.
    #[test]
    fn the_order_answers_are_tried_in_changes_no_outcome() {
        let mut engine = Engine::built_in(&["base"]);
        let catalog = engine.catalog().clone();
        // Every kind twice.
        let pool: Vec<MonsterId> = (0..catalog.monsters.len() as u16)
            .flat_map(|m| [MonsterId(m); 2])
            .collect();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut reordered = 0;
        let (mut survived, mut died) = (0, 0);
        for a in catalog.adventurer_ids().collect::<Vec<AdventurerId>>() {
            let mut learning = Player::default();
            for _ in 0..80 {
                // A random half of the tiles, nine cards in: runs that end either way.
                let tiles: Vec<TileId> = (catalog.adventurer(a).tiles.iter().copied())
                    .filter(|_| rng.random_bool(0.5))
                    .collect();
                let mut setup = DungeonSetup::unknown_cards(&catalog, a, tiles, 9, pool.len() - 9);
                setup
                    .rulings
                    .insert("healing_potion".into(), "may_decline".into());
                let chances = Chances::new(&catalog, 9, &[], &pool, 0, &[]);
                engine.set_analysis(true);
                let mut state = engine.dungeon(&setup, &mut Vec::new()).expect("a dungeon");
                deal(&mut state, &chances, &mut rng);
                let in_order = best_outcome(&mut engine, state.clone(), &mut Player::default());
                let learnt = best_outcome(&mut engine, state, &mut learning);
                engine.set_analysis(false);
                assert_eq!(
                    in_order.as_ref().map_err(|e| e.to_string()),
                    learnt.as_ref().map_err(|e| e.to_string()),
                    "adventurer {a:?}: another outcome with the answers tried in another order"
                );
                match in_order {
                    Ok(true) => survived += 1,
                    _ => died += 1,
                }
            }
            reordered += learning.settled_by.len();
        }
        assert!(
            survived > 40 && died > 40,
            "{survived} runs survived, {died} did not"
        );
        assert!(reordered > 0, "no question was ever settled");
    }
}
