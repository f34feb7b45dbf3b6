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
//! Odds come from the shared tables of [`typical`](super::typical) (`odds.rs` reads them):
//! the other bidders' as a player who knows none of the cards would see them; the bot's
//! own counting the cards it knows (those it put in, those it set aside). The adventurer is
//! chosen by how rounds with each one go ([`choice`], `choice.rs`). In the dungeon, a
//! question is answered with the exact odds (bounded), the runner for its best chance,
//! anyone else for its worst. See docs/bots.md.

pub(crate) mod choice;
mod odds;
mod table;

use super::outlook::Model;
use super::projection::{self, Bidder, MAX_STRIPPED, Start};
use super::typical;
use super::{Bot, legal};
use crate::action::{Action, DecisionKind};
use crate::engine::Rules;
use crate::ids::{AdventurerId, Seat, TileId};
use crate::odds::{Effort, OddsCache};
use crate::view::{View, ViewPhase};
use odds::{Odds, knowledge};
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use table::{Table, bidders_from};

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
    /// Weigh only two tiles to set aside, the most and the least important, not every
    /// one (for the rounds a search plays out by the thousand).
    pub quick_placement: bool,
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
        quick_placement: false,
    };
}

impl Default for Params {
    fn default() -> Params {
        Params::NORMAL
    }
}
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
            crate::odds::answers_from_view(rules, &mut cache, view, QUESTION_EFFORT, &mut self.rng)
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
            DecisionKind::ChooseAdventurer { options } => {
                Some(Action::ChooseAdventurer(if self.params.choose_by_rounds {
                    choice::choose(rules, view, &self.params, options)
                } else {
                    choose_adventurer(rules, view, &self.params, options)
                }))
            }
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
    let mut odds = Odds::new(
        rules,
        view,
        &lookup,
        adventurer,
        view.tiles().to_vec(),
        size,
        Some(mine),
    );
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

/// The tiles among `set_aside` the public odds judge most and least important (the first
/// and the last of the order the chain of tiles taken follows).
fn most_and_least_important(
    rules: &mut dyn Rules,
    view: &View,
    lookup: &std::rc::Rc<typical::Lookup>,
    adventurer: AdventurerId,
    set_aside: &[TileId],
) -> Vec<TileId> {
    let held = view.tiles().to_vec();
    let mut odds = Odds::new(
        rules,
        view,
        lookup,
        adventurer,
        held.clone(),
        view.dungeon_size(),
        None,
    );
    odds.extend_chain(held.len());
    // The tile each link of the chain takes away, most important first.
    let order: Vec<TileId> = odds
        .chain
        .windows(2)
        .filter_map(|w| w[0].iter().copied().find(|t| !w[1].contains(t)))
        .filter(|t| set_aside.contains(t))
        .collect();
    let mut out: Vec<TileId> = order
        .first()
        .into_iter()
        .chain(order.last())
        .copied()
        .collect();
    out.dedup();
    if out.is_empty() {
        out.extend(set_aside.first());
    }
    out
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
        let mut odds = Odds::new(
            rules,
            view,
            &lookup,
            adventurer,
            view.tiles().to_vec(),
            size + 1,
            Some(mine),
        );
        let start = Start {
            turn: next,
            deck,
            added: size + 1,
            stripped: 0,
        };
        let v = worth(&mut odds, &table, &seats, start);
        if v > best.0 {
            best = (v, Action::AddToDungeon);
        }
    }
    let mine = knowledge(view, false);
    let considered = if params.quick_placement {
        most_and_least_important(rules, view, &lookup, adventurer, set_aside)
    } else {
        set_aside.to_vec()
    };
    for &tile in &considered {
        let rest: Vec<TileId> = view
            .tiles()
            .iter()
            .copied()
            .filter(|&t| t != tile)
            .collect();
        let mut odds = Odds::new(
            rules,
            view,
            &lookup,
            adventurer,
            rest,
            size,
            Some(mine.clone()),
        );
        let start = Start {
            turn: next,
            deck,
            added: size,
            stripped: 0,
        };
        let v = worth(&mut odds, &table, &seats, start);
        if v > best.0 {
            best = (v, Action::SetAside(tile));
        }
    }
    best.1
}
