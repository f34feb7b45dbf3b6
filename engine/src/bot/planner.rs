//! The `normal` bot: it bids knowing who is likely to run.
//!
//! Every move is weighed by what it does to the bot's chance to win the game
//! ([`outlook`](super::outlook): successes, failures and who starts the next round). A
//! move changes the dungeon (a card in, or a tile out) and so the runner's odds, and it
//! changes who will run: [`projection`](super::projection) plays the rest of the bidding
//! out as chances, each bidder staying in while the odds as *they* see them are above
//! the point where they would rather let someone else run, and the one who draws the
//! last card running when nobody passes. The bot takes the move whose endings are worth
//! most to it: it adds a monster that will hurt a likely runner, sets a tile aside when
//! someone else will probably run a dungeon that is too easy, passes when the dungeon has
//! become too dangerous for it, and keeps going when it can survive.
//!
//! Odds come from [`estimate`](super::estimate): the bot's own, from the cards it knows
//! (those it put in); the other bidders' as a player who knows none of the cards would
//! see them. In the dungeon, a question is answered with the exact odds (bounded), the
//! runner for its best chance, anyone else for its worst.

use super::typical::{self, Situation};
use super::outlook::{Model, Standings};
use super::projection::{self, Bidder, MAX_STRIPPED, Start};
use super::{Bot, legal};
use crate::action::{Action, DecisionKind};
use crate::catalog::Catalog;
use crate::engine::Rules;
use crate::ids::{AdventurerId, MonsterId, Seat, TileId};
use crate::odds::{self, Effort, OddsCache};
use crate::view::{View, ViewPhase};
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use std::cell::RefCell;

/// What the bot's model of the game is made of (the defaults are what `normal` plays).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Params {
    /// How sharply a bidder's chance to stay in turns around its break-even odds: within
    /// about this much of it, a bidder may go either way.
    pub softness: f64,
    /// The most a bidder strips the adventurer, as a chance per card drawn, when the
    /// dungeon is far easier than its break-even odds.
    pub strip: f64,
    /// [`Params::strip`] when choosing the adventurer: how a fresh adventurer stands up to
    /// the bidders who will take its tiles.
    pub choice_strip: f64,
    /// How rounds go after this one.
    pub model: Model,
    /// Choose the adventurer by playing rounds out (else by the projection alone).
    pub choose_by_rounds: bool,
    /// How rounds go after the one an adventurer is chosen for (see [`Params::model`]).
    pub choice_model: Model,
}

impl Params {
    /// What `normal` plays by.
    pub const NORMAL: Params = Params {
        softness: 0.3,
        strip: 0.3,
        choice_strip: 0.3,
        choose_by_rounds: true,
        model: Model {
            starter_runs: 0.5,
            run_succeeds: 0.6,
        },
        choice_model: Model {
            starter_runs: 0.75,
            run_succeeds: 0.75,
        },
    };
}

impl Default for Params {
    fn default() -> Params {
        Params::NORMAL
    }
}
/// The dungeon size at which the most hurtful tile to take is judged.
const CHAIN_SIZE: usize = 5;
/// Break-even odds never taken below or above these.
const BREAK_EVEN: (f64, f64) = (0.05, 0.95);
/// Odds for a question in the dungeon: exact up to this many situations, else sampled.
const QUESTION_EFFORT: Effort = Effort::Bounded {
    states: 150,
    samples: 32,
};

pub struct PlannerBot {
    rng: ChaCha8Rng,
    pub(super) params: Params,
}

impl PlannerBot {
    pub fn new(seed: u64) -> PlannerBot {
        PlannerBot::with_params(seed, Params::default())
    }

    pub fn with_params(seed: u64, params: Params) -> PlannerBot {
        PlannerBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
            params,
        }
    }

    /// A bot as a saved one was (with the default parameters, as every `normal` bot has).
    /// A save of the bot before this one held an odds cache: it is checked, and not needed.
    pub(super) fn restore(saved: &super::RulesState) -> Result<PlannerBot, String> {
        saved.cache()?;
        Ok(PlannerBot {
            rng: saved.rng.clone(),
            params: Params::default(),
        })
    }

    pub(super) fn saved(&self) -> super::RulesState {
        super::RulesState::new(&self.rng, &OddsCache::new())
    }

    /// A question in a dungeon: the runner wants the best odds, anyone else the worst. The
    /// search starts from nothing every time (a question comes a few times a game), so that
    /// what the bot met before never changes its answer: a saved bot needs no cache.
    fn answer(&mut self, rules: &mut dyn Rules, view: &View) -> Option<Action> {
        let mut cache = OddsCache::new();
        let values =
            odds::answers_from_view(rules, &mut cache, view, QUESTION_EFFORT, &mut self.rng)
                .ok()?;
        let runner = matches!(view.phase(), ViewPhase::Dungeon { runner } if runner == view.seat());
        let pick = |a: &f64, b: &f64| {
            if runner {
                a.total_cmp(b)
            } else {
                b.total_cmp(a)
            }
        };
        let top = values.iter().map(|(_, v)| *v).max_by(pick)?;
        let best: Vec<Action> = values
            .iter()
            .filter(|(_, v)| (*v - top).abs() < 1e-12)
            .map(|(a, _)| *a)
            .collect();
        best.choose(&mut self.rng).copied()
    }
}

impl Bot for PlannerBot {
    fn name(&self) -> &'static str {
        "rules"
    }

    fn save(&self) -> super::BotState {
        super::BotState::Rules(self.saved())
    }

    fn decide(&mut self, rules: &mut dyn Rules, view: &View) -> Action {
        let Some(decision) = view.decision() else {
            return Action::Pass;
        };
        let action = match &decision.kind {
            DecisionKind::ChooseAdventurer { options } => Some(Action::ChooseAdventurer(
                if self.params.choose_by_rounds {
                    super::choice::choose(rules, view, &self.params, options)
                } else {
                    choose_adventurer(rules, view, &self.params, options)
                },
            )),
            DecisionKind::DrawOrPass => Some(draw_or_pass(rules, view, &self.params)),
            DecisionKind::PlaceCard { set_aside, .. } => {
                Some(place(rules, view, &self.params, set_aside))
            }
            DecisionKind::Question(_) => self.answer(rules, view),
        };
        let legal = legal(view);
        match action {
            Some(a) if legal.contains(&a) => a,
            _ => *legal.choose(&mut self.rng).unwrap_or(&Action::Pass),
        }
    }
}

/// What the bot knows of the table: the standings' worth to it, each player's break-even
/// odds, and who bids in what order.
struct Table {
    me: Seat,
    params: Params,
    /// The chance a bidder strips the adventurer (see [`Params::strip`]).
    strip: f64,
    /// The bot's chance to win once seat `j`'s run succeeds, or fails.
    if_success: [f64; 4],
    if_failure: [f64; 4],
    /// The odds at which each seat would rather run than let another run.
    break_even: [f64; 4],
}

impl Table {
    fn new(view: &View, params: &Params) -> Table {
        let standings = Standings::of(view);
        let model = params.model;
        let players = view.players();
        let me = view.seat();
        let mut table = Table {
            me,
            params: *params,
            strip: params.strip,
            if_success: [0.0; 4],
            if_failure: [0.0; 4],
            break_even: [0.5; 4],
        };
        let alive: Vec<Seat> = (0..players).filter(|&s| !view.eliminated(s)).collect();
        let after: Vec<([f64; 4], [f64; 4])> = (0..players)
            .map(|s| (standings.after_run(model, s, true), standings.after_run(model, s, false)))
            .collect();
        for &j in &alive {
            let (s, f) = after[j as usize];
            table.if_success[j as usize] = s[me as usize];
            table.if_failure[j as usize] = f[me as usize];
            // j runs: a = worth to j of j's success, b of j's failure; another runs:
            // c and d, the same for j, averaged over the others.
            let a = s[j as usize];
            let b = f[j as usize];
            let others: Vec<Seat> = alive.iter().copied().filter(|&o| o != j).collect();
            if others.is_empty() {
                continue;
            }
            let mean = |pick: fn(&([f64; 4], [f64; 4])) -> &[f64; 4]| {
                others
                    .iter()
                    .map(|&o| pick(&after[o as usize])[j as usize])
                    .sum::<f64>()
                    / others.len() as f64
            };
            let c = mean(|x| &x.0);
            let d = mean(|x| &x.1);
            let denominator = (a - b) + (d - c);
            let tau = if denominator > 1e-9 {
                (d - b) / denominator
            } else {
                0.5
            };
            table.break_even[j as usize] = tau.clamp(BREAK_EVEN.0, BREAK_EVEN.1);
        }
        table
    }

    /// The bot's chance to win if `runner` runs a dungeon survived with chance `p`.
    fn worth(&self, runner: Seat, p: f64) -> f64 {
        let r = runner as usize;
        p * self.if_success[r] + (1.0 - p) * self.if_failure[r]
    }
}

/// The seats still bidding, in turn order from `first`.
fn bidders_from(view: &View, first: Seat) -> Vec<Seat> {
    let n = view.players();
    (0..n)
        .map(|i| (first + i) % n)
        .filter(|&s| !view.eliminated(s) && !view.passed(s))
        .collect()
}

/// The runner's odds along the rest of a bidding: for `stripped` tiles taken (the most
/// hurtful first, as the public odds judge them) and a dungeon of `size` cards, as a player
/// who knows none of the cards sees them, and as the bot does.
struct Odds<'r, 'v> {
    rules: RefCell<&'r mut dyn Rules>,
    lookup: std::rc::Rc<typical::Lookup>,
    view: &'v View<'v>,
    catalog: std::sync::Arc<Catalog>,
    adventurer: AdventurerId,
    /// The tiles held after each number of tiles taken.
    chain: Vec<Vec<TileId>>,
    /// The dungeon's size now.
    size: usize,
    /// The size of a dungeon nobody has seen as dangerous as the one the bot knows.
    equivalent: f64,
    /// The public odds' curve of each link of the chain, found when first asked.
    curves: RefCell<Vec<Option<typical::Curve>>>,
}

impl<'r, 'v> Odds<'r, 'v> {
    /// Odds for a runner with `adventurer` and `tiles` whose dungeon of `size` cards the
    /// bot knows as `mine`.
    fn new(
        rules: &'r mut dyn Rules,
        view: &'v View<'v>,
        lookup: &std::rc::Rc<typical::Lookup>,
        adventurer: AdventurerId,
        tiles: Vec<TileId>,
        size: usize,
        mine: Option<Knowledge>,
    ) -> Odds<'r, 'v> {
        let catalog = rules.catalog().clone();
        let mut odds = Odds {
            rules: RefCell::new(rules),
            lookup: lookup.clone(),
            view,
            catalog,
            adventurer,
            chain: vec![tiles],
            size,
            equivalent: size as f64,
            curves: RefCell::new(Vec::new()),
        };
        if let Some(mine) = mine {
            odds.equivalent = odds.equivalent_size(&mine);
        }
        odds
    }

    /// How many cards nobody has seen a dungeon the bot knows as `mine` is worth: its
    /// size, plus for each card the bot knows in it, and each it knows out of play, how
    /// much that card moves the public odds, in units of one more unseen card.
    fn equivalent_size(&self, mine: &Knowledge) -> f64 {
        let size = self.size;
        let p = self.public(0, size);
        let step = if size > 0 {
            self.public(0, size - 1) - p
        } else {
            p - self.public(0, 1)
        };
        if step.abs() < 1e-6 {
            return size as f64;
        }
        let tiles = &self.chain[0];
        let mut e = size as f64;
        for &c in &mine.known {
            e += (p - self.survival(tiles, size, Some(c), None)) / step;
        }
        for &r in &mine.out {
            e += (p - self.survival(tiles, size, None, Some(r))) / step;
        }
        e.max(0.0)
    }

    /// The public odds of a runner with `tiles` against `size` cards, `known` among them
    /// and `removed` out of play.
    fn survival(
        &self,
        tiles: &[TileId],
        size: usize,
        known: Option<MonsterId>,
        removed: Option<MonsterId>,
    ) -> f64 {
        let situation = self.situation(tiles, size, known, removed);
        self.lookup.odds(&mut **self.rules.borrow_mut(), situation)
    }

    fn situation(
        &self,
        tiles: &[TileId],
        size: usize,
        known: Option<MonsterId>,
        removed: Option<MonsterId>,
    ) -> Situation {
        let view = self.view;
        Situation {
            players: view.players(),
            runner: view.seat(),
            successes: view.successes(view.seat()),
            failures: view.failures(view.seat()),
            adventurer: self.adventurer,
            tiles: tiles.to_vec(),
            size,
            damage_model: view.damage_model(),
            specials_in_play: view.specials_in_play(&self.catalog),
            known,
            removed,
        }
    }

    /// Orders the tiles held for the chain of tiles taken: the most important first,
    /// judged by building the kit back up from nothing (the tile that helps a bare
    /// adventurer most, then the one that helps most beside it...). Taking them away one at
    /// a time from the full kit would miss a tile whose worth shows only once others are
    /// gone (a potion beside armour that already keeps the runner alive).
    fn extend_chain(&mut self, stripped: usize) {
        if self.chain.len() > 1 || stripped == 0 {
            return;
        }
        let held = self.chain[0].clone();
        let mut kit: Vec<TileId> = Vec::new();
        let mut order: Vec<TileId> = Vec::new();
        while kit.len() < held.len() {
            let mut best: Option<(f64, TileId)> = None;
            for &t in held.iter().filter(|t| !kit.contains(t)) {
                // The kit in the adventurer's own order, as the engine walks it.
                let with: Vec<TileId> = held
                    .iter()
                    .copied()
                    .filter(|x| *x == t || kit.contains(x))
                    .collect();
                let p = self.survival(&with, CHAIN_SIZE, None, None);
                if best.is_none_or(|(b, _)| p > b) {
                    best = Some((p, t));
                }
            }
            let (_, t) = best.expect("a tile left");
            kit.push(t);
            order.push(t);
        }
        // The most important tile is the first added: the first taken.
        for taken in 1..=held.len() {
            let gone = &order[..taken];
            let rest: Vec<TileId> = held.iter().copied().filter(|t| !gone.contains(t)).collect();
            self.chain.push(rest);
        }
    }

    /// The odds a player who knows none of the cards sees.
    fn public(&self, stripped: usize, size: usize) -> f64 {
        let stripped = stripped.min(self.chain.len() - 1);
        let curve = {
            let mut curves = self.curves.borrow_mut();
            if curves.len() <= stripped {
                curves.resize(stripped + 1, None);
            }
            curves[stripped]
                .get_or_insert_with(|| self.lookup.curve(&self.situation(&self.chain[stripped], 0, None, None)))
                .clone()
        };
        if let Some(p) = curve.borrow().get(size).copied().flatten() {
            return p;
        }
        let p = self.survival(&self.chain[stripped], size, None, None);
        let mut curve = curve.borrow_mut();
        if curve.len() <= size {
            curve.resize(size + 1, None);
        }
        curve[size] = Some(p);
        p
    }

    /// The public odds between whole sizes (linear between the two around `size`).
    fn public_between(&self, stripped: usize, size: f64) -> f64 {
        let low = size.floor().max(0.0);
        let share = size - low;
        let a = self.public(stripped, low as usize);
        if share < 1e-9 {
            return a;
        }
        a + share * (self.public(stripped, low as usize + 1) - a)
    }

    /// The bot's own odds: the dungeon it knows is as dangerous as `equivalent` cards
    /// nobody has seen; each card added later is one more of those.
    fn mine(&self, stripped: usize, size: usize) -> f64 {
        let more = size.saturating_sub(self.size) as f64;
        self.public_between(stripped, self.equivalent + more)
    }
}

/// What the bot knows that nobody else does: the cards it put in the dungeon, and those
/// it knows are out of play (set aside, or in its hand to set aside now).
#[derive(Clone)]
struct Knowledge {
    known: Vec<MonsterId>,
    out: Vec<MonsterId>,
}

/// The bot's knowledge, with its held card added to the dungeon (or not: then out).
fn knowledge(view: &View, add_hand: bool) -> Knowledge {
    let mut known = view.my_added();
    let mut out: Vec<MonsterId> = view.my_set_aside().map(|(m, _)| m).collect();
    if let Some(card) = view.hand() {
        if add_hand {
            known.push(card);
        } else {
            out.push(card);
        }
    }
    Knowledge { known, out }
}

/// One bidder of the projection, seen by the bot.
struct Modelled<'a, 'r, 'v> {
    seat: Seat,
    odds: &'a Odds<'r, 'v>,
    table: &'a Table,
}

impl Bidder for Modelled<'_, '_, '_> {
    fn stay(&self, added: usize, stripped: usize) -> f64 {
        let p = if self.seat == self.table.me {
            self.odds.mine(stripped, added)
        } else {
            self.odds.public(stripped, added)
        };
        logistic((p - self.table.break_even[self.seat as usize]) / self.table.params.softness)
    }
    fn strip(&self, added: usize, stripped: usize) -> f64 {
        let strip = self.table.strip;
        if strip == 0.0 || self.odds.chain.len() <= stripped + 1 {
            return 0.0;
        }
        let p = self.odds.public(stripped, added);
        strip * ((p - self.table.break_even[self.seat as usize]) / 0.3).clamp(0.0, 1.0)
    }
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// What the bidding's endings are worth to the bot, from `start` with these bidders.
fn worth(odds: &mut Odds, table: &Table, seats: &[Seat], start: Start) -> f64 {
    // The chain of tiles the model may strip, worked out before the walk.
    if table.strip > 0.0 {
        odds.extend_chain(MAX_STRIPPED.min(start.deck));
    }
    let odds = &*odds;
    let modelled: Vec<Modelled> = seats
        .iter()
        .map(|&seat| Modelled { seat, odds, table })
        .collect();
    let bidders: Vec<&dyn Bidder> = modelled.iter().map(|m| m as &dyn Bidder).collect();
    projection::endings(&bidders, start)
        .into_iter()
        .map(|(runner, added, stripped, p)| {
            p * table.worth(seats[runner], odds.mine(stripped, added))
        })
        .sum()
}

/// The adventurer whose round, as the projection plays it out from its start with the
/// bot to draw first, is worth most to the bot.
fn choose_adventurer(
    rules: &mut dyn Rules,
    view: &View,
    params: &Params,
    options: &[AdventurerId],
) -> AdventurerId {
    let mut table = Table::new(view, params);
    table.strip = params.choice_strip;
    let lookup = std::rc::Rc::new(typical::Lookup::new(rules, &view.options().rulings));
    let seats = bidders_from(view, view.seat());
    let catalog = rules.catalog().clone();
    let mut best = (f64::MIN, options[0]);
    for &a in options {
        let tiles = catalog.adventurer(a).tiles.clone();
        let mut odds = Odds::new(rules, view, &lookup, a, tiles, 0, None);
        let start = Start {
            turn: 0,
            deck: view.card_count(),
            added: 0,
            stripped: 0,
        };
        let v = worth(&mut odds, &table, &seats, start);
        if v > best.0 {
            best = (v, a);
        }
    }
    best.1
}

fn draw_or_pass(rules: &mut dyn Rules, view: &View, params: &Params) -> Action {
    let Some(adventurer) = view.adventurer() else {
        return Action::Pass;
    };
    let table = Table::new(view, params);
    let lookup = std::rc::Rc::new(typical::Lookup::new(rules, &view.options().rulings));
    let me = view.seat();
    let size = view.dungeon_size();
    let deck = view.deck_size();
    let mine = knowledge(view, false);
    let mut odds = Odds::new(rules, view, &lookup, adventurer, view.tiles().to_vec(), size, Some(mine));
    let seats = bidders_from(view, me);
    // Passing: the others bid on from the next one.
    let others: Vec<Seat> = seats[1..].to_vec();
    let pass = worth(
        &mut odds,
        &table,
        &others,
        Start {
            turn: 0,
            deck,
            added: size,
            stripped: 0,
        },
    );
    // Drawing: one card more in the dungeon, the next one on.
    let draw = worth(
        &mut odds,
        &table,
        &seats,
        Start {
            turn: 1 % seats.len(),
            deck: deck.saturating_sub(1),
            added: size + 1,
            stripped: 0,
        },
    );
    if draw >= pass {
        Action::Draw
    } else {
        Action::Pass
    }
}

fn place(rules: &mut dyn Rules, view: &View, params: &Params, set_aside: &[TileId]) -> Action {
    let Some(adventurer) = view.adventurer() else {
        return Action::AddToDungeon;
    };
    let table = Table::new(view, params);
    let lookup = std::rc::Rc::new(typical::Lookup::new(rules, &view.options().rulings));
    let me = view.seat();
    let size = view.dungeon_size();
    let deck = view.deck_size();
    let seats = bidders_from(view, me);
    let next = 1 % seats.len();
    let mut best = (f64::MIN, Action::AddToDungeon);
    // Into the dungeon: one card more, which the bot knows.
    {
        let mine = knowledge(view, true);
        let mut odds = Odds::new(rules, view, &lookup, adventurer, view.tiles().to_vec(), size + 1, Some(mine));
        let start = Start {
            turn: next,
            deck,
            added: size + 1,
            stripped: 0,
        };
        let v = worth(&mut odds, &table, &seats, start);
        if std::env::var_os("PLANNER_DEBUG").is_some() {
            eprintln!("  seat {me} add: {v:.3} mine {:.2} public {:.2}", odds.mine(0, size + 1), odds.public(0, size + 1));
        }
        if v > best.0 {
            best = (v, Action::AddToDungeon);
        }
    }
    let mine = knowledge(view, false);
    for &tile in set_aside {
        let rest: Vec<TileId> = view.tiles().iter().copied().filter(|&t| t != tile).collect();
        let mut odds = Odds::new(rules, view, &lookup, adventurer, rest, size, Some(mine.clone()));
        let start = Start {
            turn: next,
            deck,
            added: size,
            stripped: 0,
        };
        let v = worth(&mut odds, &table, &seats, start);
        if std::env::var_os("PLANNER_DEBUG").is_some() {
            eprintln!("  seat {me} aside {tile:?}: {v:.3} mine {:.2} public {:.2} e {:.2} chain {:?}", odds.mine(0, size), odds.public(0, size), odds.equivalent, odds.chain.iter().map(|c| c.len()).collect::<Vec<_>>());
        }
        if v > best.0 {
            best = (v, Action::SetAside(tile));
        }
    }
    best.1
}

