//! # dungeon-audit
//!
//! A whole game checked after every decision, for the soak: the engine's invariants, the
//! cards against an independent reading of the events and the packs, each seat's view.
//! Above the rules and the bots.
//!
//! The game audit: checks a whole game after every decision, against the engine's own
//! invariants and against an independent reading of its events and of the packs. The
//! soak tests and `dungeon soak` run it; it trusts neither the state nor the events, and
//! says which check failed first (each message starts with the check's name: `cards:`,
//! `hp:`, `damage:`, `revive:`, `elimination:`, `win:`...).
//!
//! - `cards.rs`: the cards dealt against the packs, and each card in one place;
//! - `run.rs`: a dungeon run from its events (HP, damage against strength, revivals,
//!   one outcome per card, each question before its answer, the scripts' log lines, a
//!   forced success told only when it mattered, the outcome);
//! - `table.rs`: who is asked to decide, and the tiles during the bidding;
//! - this file: the events read in order, the counters, and the end of the game
//!   (elimination exactly at the second failure, the game over at the first second
//!   success, the standings after the win);
//! - `play.rs`: a bot game played under the audit, each problem with its decision.

// The rules' modules and items, under the names they had in the engine.
pub(crate) use dungeon_bots as bot;
#[allow(unused_imports)]
pub(crate) use dungeon_engine::*;

mod cards;
mod play;
mod run;
mod table;

pub use play::{AuditedGame, GameSpec, Problem, play_audited, problem_kind};

use crate::action::CardRef;
use crate::catalog::Catalog;
use crate::event::Event;
use crate::hooks::{HookName, HookRunner};
use crate::options::{FAILURES_TO_LOSE, SUCCESSES_TO_WIN};
use crate::state::{GameState, Phase};
use cards::CardAudit;
use run::RunAudit;
use std::sync::Arc;

/// What the audit needs to know about the packs, worked out once per catalog: which tiles
/// change damage and which monsters set their own identity (so their damage or strength
/// is a script's to decide, not the pack's data).
pub struct AuditFacts {
    pub catalog: Arc<Catalog>,
    damage_hooks: Vec<bool>,
    identity_hooks: Vec<bool>,
}

impl AuditFacts {
    /// The facts of `catalog`, whose scripts `hooks` runs.
    pub fn new(catalog: Arc<Catalog>, hooks: &dyn HookRunner) -> AuditFacts {
        // Ids past u16 cannot be in a game (`new_game` refuses such a catalog): none.
        let ids = |n: usize| (0..n).map_while(|i| u16::try_from(i).ok());
        let tiles = ids(catalog.tiles.len()).map(|i| {
            let tile = CardRef::Tile(TileId(i));
            hooks.has_hook(tile, HookName::BaseDamage) || hooks.has_hook(tile, HookName::OnDamage)
        });
        let monsters = ids(catalog.monsters.len())
            .map(|i| hooks.has_hook(CardRef::Monster(MonsterId(i)), HookName::Identity));
        AuditFacts {
            damage_hooks: tiles.collect(),
            identity_hooks: monsters.collect(),
            catalog,
        }
    }

    fn changes_damage(&self, tile: TileId) -> bool {
        self.damage_hooks.get(tile.ix()).copied().unwrap_or(false)
    }

    fn sets_identity(&self, monster: MonsterId) -> bool {
        self.identity_hooks
            .get(monster.ix())
            .copied()
            .unwrap_or(false)
    }
}

/// What the next events must be: the game's end is decided by the run's outcome.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Awaited {
    /// A second failure: this seat is out.
    Elimination(Seat),
    /// A second success, or the last one standing: this seat wins (the set-aside monsters
    /// may be shown first), and nothing happens after.
    Win(Seat),
}

/// Checks a game after every decision: the engine's own invariants, the cards against
/// the packs, the HP story and the damage told by the events, the counters, who is asked
/// to decide, and the end of the game. Feed it the same growing event list each time; it
/// reads only the events it has not seen yet.
pub struct Audit {
    facts: Arc<AuditFacts>,
    cards: CardAudit,
    seen: usize,
    round: u32,
    run: Option<RunAudit>,
    adventurer: Option<AdventurerId>,
    successes: Vec<u8>,
    failures: Vec<u8>,
    eliminated: Vec<bool>,
    awaited: Option<Awaited>,
    won: Vec<Seat>,
    /// The standings were told (right after the win).
    standings: bool,
    /// Runs that ended, and successes with 0 HP or less (statistics for reports).
    pub runs: usize,
    pub forced_successes: usize,
}

impl Audit {
    pub fn new(facts: Arc<AuditFacts>, players: u8) -> Audit {
        let n = usize::from(players);
        Audit {
            facts,
            cards: CardAudit::default(),
            seen: 0,
            round: 0,
            run: None,
            adventurer: None,
            successes: vec![0; n],
            failures: vec![0; n],
            eliminated: vec![false; n],
            awaited: None,
            won: Vec::new(),
            standings: false,
            runs: 0,
            forced_successes: 0,
        }
    }

    /// Everything checked after one decision (or at the start / the end of the game).
    /// The first problem found is returned.
    pub fn check(&mut self, state: &GameState, events: &[Event]) -> Result<(), String> {
        let mut problems = Vec::new();
        self.check_collect(state, events, &mut problems)?;
        problems.into_iter().next().map_or(Ok(()), Err)
    }

    /// As [`Audit::check`], but problems after which the game can still be followed
    /// (where the cards are, who is asked to decide, tiles) are pushed onto `problems`;
    /// an error is returned only for problems that make the rest of the game meaningless
    /// to follow (the events and the state disagreeing).
    pub fn check_collect(
        &mut self,
        state: &GameState,
        events: &[Event],
        problems: &mut Vec<String>,
    ) -> Result<(), String> {
        if state.players.len() != self.successes.len() {
            return Err(format!(
                "players: {} seats in the state, {} in the audit",
                state.players.len(),
                self.successes.len()
            ));
        }
        if let Err(e) = crate::invariants::check(&self.facts.catalog, state) {
            problems.push(format!("invariants: {e}"));
        }
        self.cards.check(&self.facts, state, events)?;
        if let Err(e) = cards::count_places(state) {
            problems.push(e);
        }
        self.read_events(state, events)?;
        self.check_counters(state)?;
        if state.is_over() {
            self.check_game_over(state)?;
        } else if !self.won.is_empty() {
            return Err("win: a Won event but the game is not over".into());
        }
        if let Err(e) = table::check_pending(state) {
            problems.push(e);
        }
        if let Err(e) = table::check_tiles(&self.facts, state) {
            problems.push(e);
        }
        Ok(())
    }

    fn read_events(&mut self, state: &GameState, events: &[Event]) -> Result<(), String> {
        if events.len() < self.seen {
            return Err(format!(
                "events: the log shrank from {} to {}",
                self.seen,
                events.len()
            ));
        }
        for (ix, event) in events.iter().enumerate().skip(self.seen) {
            self.read_event(state, event)
                .map_err(|e| format!("{e} (event #{ix}: {event:?})"))?;
        }
        self.seen = events.len();
        // A decision's events end the run's consequences: an elimination or a win they
        // call for is among them.
        match self.awaited {
            Some(Awaited::Elimination(seat)) => {
                return Err(format!(
                    "elimination: seat {seat} has {FAILURES_TO_LOSE} failures but is not eliminated"
                ));
            }
            Some(Awaited::Win(seat)) => {
                return Err(format!("win: seat {seat} should have won, and did not"));
            }
            None => {}
        }
        // Between decisions, the state's HP is the events' HP.
        if let (Some(run), Phase::Dungeon) = (&self.run, &state.phase)
            && state.run.hp != run.hp
        {
            return Err(format!(
                "hp: state.run.hp is {} but the events say {}",
                state.run.hp, run.hp
            ));
        }
        Ok(())
    }

    fn read_event(&mut self, state: &GameState, event: &Event) -> Result<(), String> {
        if !self.won.is_empty() {
            return match event {
                Event::Standings { players } if !self.standings => {
                    self.standings = true;
                    self.check_standings(players)
                }
                _ => Err("win: an event after Won and the standings".into()),
            };
        }
        if let Some(awaited) = self.awaited {
            self.read_awaited(awaited, event)?;
        }
        match *event {
            Event::AdventurerChosen { adventurer, .. } | Event::RoundStarted { adventurer, .. } => {
                if self.run.is_some() {
                    return Err("run: a new round while a run is unfinished".into());
                }
                if adventurer.ix() >= self.facts.catalog.adventurers.len() {
                    return Err(format!("run: unknown adventurer #{}", adventurer.0));
                }
                if let Event::RoundStarted { round, .. } = *event {
                    if Some(round) != self.round.checked_add(1) {
                        return Err(format!(
                            "counters: round {round} follows round {}",
                            self.round
                        ));
                    }
                    self.round = round;
                }
                self.adventurer = Some(adventurer);
            }
            Event::Entered {
                seat,
                hp,
                ref tiles,
                dungeon,
            } => {
                if self.run.is_some() {
                    return Err("run: entered twice".into());
                }
                if self.eliminated.get(usize::from(seat)) != Some(&false) {
                    return Err(format!("run: seat {seat} runs the dungeon, but is out"));
                }
                let adventurer = self
                    .adventurer
                    .ok_or("run: entered with no adventurer chosen")?;
                self.run = Some(RunAudit::enter(
                    &self.facts,
                    adventurer,
                    seat,
                    hp,
                    tiles,
                    dungeon,
                )?);
            }
            Event::Success {
                seat,
                hp,
                successes,
            } => {
                self.finish_run(state, seat, hp, true)?;
                let s = self.count(seat, true)?;
                if successes != s {
                    return Err(format!(
                        "counters: success #{s} for seat {seat}, the event says {successes}"
                    ));
                }
                if s >= SUCCESSES_TO_WIN {
                    self.awaited = Some(Awaited::Win(seat));
                }
            }
            Event::Failure { seat, hp, failures } => {
                self.finish_run(state, seat, hp, false)?;
                let f = self.count(seat, false)?;
                if failures != f {
                    return Err(format!(
                        "counters: failure #{f} for seat {seat}, the event says {failures}"
                    ));
                }
                if f >= FAILURES_TO_LOSE {
                    self.awaited = Some(Awaited::Elimination(seat));
                }
            }
            Event::Eliminated { seat } => {
                if self.awaited != Some(Awaited::Elimination(seat)) {
                    return Err(format!(
                        "elimination: seat {seat} eliminated with {:?} failures",
                        self.failures.get(usize::from(seat))
                    ));
                }
                self.eliminated[usize::from(seat)] = true;
                let mut standing = (0..self.eliminated.len()).filter(|&s| !self.eliminated[s]);
                self.awaited = match (standing.next(), standing.next()) {
                    // A seat of the table: below its u8 count.
                    (Some(last), None) => Some(Awaited::Win(last as Seat)),
                    _ => None,
                };
            }
            Event::Won { seat } => {
                if self.run.is_some() {
                    return Err("win: won during a run".into());
                }
                if self.awaited != Some(Awaited::Win(seat)) {
                    return Err(format!(
                        "win: seat {seat} won with {:?} successes, and others standing",
                        self.successes.get(usize::from(seat))
                    ));
                }
                self.awaited = None;
                self.won.push(seat);
            }
            Event::Revealed { .. }
            | Event::Defeated { .. }
            | Event::Replaced { .. }
            | Event::Damaged { .. }
            | Event::HpChanged { .. }
            | Event::TileDiscarded { .. }
            | Event::Revived { .. }
            | Event::Died { .. }
            | Event::SuccessForced { .. }
            | Event::Asked { .. }
            | Event::Answered { .. }
            | Event::Logged { .. } => {
                let run = self
                    .run
                    .as_mut()
                    .ok_or_else(|| format!("run: {event:?} outside a dungeon run"))?;
                run.read(&self.facts, self.cards.dealt(), state.damage_model, event)?;
            }
            Event::GameStarted { .. }
            | Event::Drew { .. }
            | Event::AddedToDungeon { .. }
            | Event::SetAside { .. }
            | Event::Passed { .. }
            | Event::SetAsideShown { .. } => {}
            Event::Standings { .. } => return Err("win: standings before a win".into()),
        }
        Ok(())
    }

    /// The final standings are the counters the events told, the winner marked alone.
    fn check_standings(&self, players: &[crate::event::Standing]) -> Result<(), String> {
        if players.len() != self.successes.len() {
            return Err(format!(
                "win: standings for {} seats at a table of {}",
                players.len(),
                self.successes.len()
            ));
        }
        for (seat, p) in players.iter().enumerate() {
            let told = (
                self.successes[seat],
                self.failures[seat],
                self.eliminated[seat],
                self.won.contains(&(seat as Seat)),
            );
            if (p.successes, p.failures, p.eliminated, p.winner) != told {
                return Err(format!(
                    "win: the standings give seat {seat} {p:?}; the events say {told:?} (successes, failures, eliminated, winner)"
                ));
            }
        }
        Ok(())
    }

    /// After a second failure only the elimination may come; after a win is due, only
    /// the set-aside monsters shown, then the win.
    fn read_awaited(&self, awaited: Awaited, event: &Event) -> Result<(), String> {
        match (awaited, event) {
            (Awaited::Elimination(s), Event::Eliminated { seat }) if *seat == s => Ok(()),
            (Awaited::Win(s), Event::Won { seat }) if *seat == s => Ok(()),
            (Awaited::Win(_), Event::SetAsideShown { .. }) => Ok(()),
            (Awaited::Elimination(s), _) => Err(format!(
                "elimination: seat {s} has {FAILURES_TO_LOSE} failures, but the game goes on"
            )),
            (Awaited::Win(s), _) => Err(format!("win: seat {s} has won, but the game goes on")),
        }
    }

    fn finish_run(
        &mut self,
        state: &GameState,
        seat: Seat,
        hp: i32,
        success: bool,
    ) -> Result<(), String> {
        let run = self
            .run
            .take()
            .ok_or("outcome: a success or failure outside a run")?;
        if success && run.forced_success() {
            self.forced_successes += 1;
        }
        run.finish(&self.facts, state.damage_model, seat, hp, success)?;
        self.runs += 1;
        Ok(())
    }

    /// One more success (or failure) for `seat`: the new count.
    fn count(&mut self, seat: Seat, success: bool) -> Result<u8, String> {
        let counts = if success {
            &mut self.successes
        } else {
            &mut self.failures
        };
        let c = counts
            .get_mut(usize::from(seat))
            .ok_or_else(|| format!("counters: seat {seat} is not at the table"))?;
        *c = c.saturating_add(1);
        Ok(*c)
    }

    /// The counters read from the events are the state's, and within the rules.
    fn check_counters(&self, state: &GameState) -> Result<(), String> {
        if state.round != self.round {
            return Err(format!(
                "counters: the state is in round {}, the events say {}",
                state.round, self.round
            ));
        }
        for (seat, p) in state.players.iter().enumerate() {
            if (p.successes, p.failures, p.eliminated)
                != (
                    self.successes[seat],
                    self.failures[seat],
                    self.eliminated[seat],
                )
            {
                return Err(format!(
                    "counters: seat {seat} has {} successes, {} failures, eliminated {} in the state; the events say {}, {}, {}",
                    p.successes,
                    p.failures,
                    p.eliminated,
                    self.successes[seat],
                    self.failures[seat],
                    self.eliminated[seat]
                ));
            }
            if p.successes > SUCCESSES_TO_WIN
                || p.failures > FAILURES_TO_LOSE
                || p.eliminated != (p.failures == FAILURES_TO_LOSE)
            {
                return Err(format!(
                    "counters: seat {seat} has {} successes and {} failures, eliminated {}",
                    p.successes, p.failures, p.eliminated
                ));
            }
        }
        Ok(())
    }

    fn check_game_over(&self, state: &GameState) -> Result<(), String> {
        let [winner] = self.won[..] else {
            return Err(format!("win: {} Won events at the end", self.won.len()));
        };
        if !self.standings {
            return Err("win: no standings after the win".into());
        }
        if state.winner != Some(winner) {
            return Err(format!(
                "win: state.winner is {:?} but the events say seat {winner}",
                state.winner
            ));
        }
        if state.pending.is_some() {
            return Err("win: something is pending after the game".into());
        }
        let standing: Vec<usize> = (0..state.players.len())
            .filter(|&s| !state.players[s].eliminated)
            .collect();
        let w = &state.players[usize::from(winner)];
        if w.eliminated {
            return Err(format!("win: eliminated seat {winner} won"));
        }
        if w.successes < SUCCESSES_TO_WIN && standing != [usize::from(winner)] {
            return Err(format!(
                "win: seat {winner} won with {} successes and {} players standing",
                w.successes,
                standing.len()
            ));
        }
        Ok(())
    }
}
