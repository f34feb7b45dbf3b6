//! Shared helpers for the cross-crate tests: the repository's packs, loaded from disk.

use dungeon_engine::Engine;
use dungeon_engine::catalog::{Catalog, DiskFiles, PackLibrary};
use std::path::PathBuf;
use std::sync::Arc;

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ is in the repository")
        .to_path_buf()
}

/// Every pack under `cards/` and `cards/examples/`, rooted at the repository (their
/// scripts and scenarios sit beside `cards/`).
pub fn library() -> PackLibrary {
    let mut lib = PackLibrary::new();
    let mut paths: Vec<PathBuf> = ["cards", "cards/examples"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(root().join(dir)).expect("pack folder exists"))
        .map(|e| e.expect("readable").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    paths.sort();
    let root = root();
    for path in paths {
        lib.load_in(&DiskFiles, &root.to_string_lossy(), &path.to_string_lossy())
            .unwrap_or_else(|d| panic!("{d}"));
    }
    lib
}

/// The catalog of these packs, from the repository's files.
pub fn catalog(packs: &[&str]) -> Arc<Catalog> {
    let (catalog, _) = library().catalog(packs).unwrap_or_else(|d| panic!("{d}"));
    Arc::new(catalog)
}

/// An engine for these packs.
pub fn engine(packs: &[&str]) -> Engine {
    Engine::new(catalog(packs)).unwrap_or_else(|d| panic!("{d}"))
}

// --- Soak and replay helpers -----------------------------------------------------------

use dungeon_engine::bot::{Bot, BotKind};
use dungeon_engine::catalog::DamageModel;
use dungeon_engine::hooks::NoHooks;
use dungeon_engine::options::{FAILURES_TO_LOSE, FirstAdventurer, GameOptions, SUCCESSES_TO_WIN};
use dungeon_engine::state::{GameState, Phase};
use dungeon_engine::{CardId, DecisionKind, Event, Seat};

/// The options of the `i`-th game of a batch: every combination of the designer variant
/// and the two ways of picking the first adventurer comes round every four games.
pub fn varied_options(players: u8, i: u64) -> GameOptions {
    GameOptions {
        players,
        designer_variant: i % 2 == 1,
        first_adventurer: if (i / 2).is_multiple_of(2) {
            FirstAdventurer::Random
        } else {
            FirstAdventurer::Choose
        },
        ..GameOptions::default()
    }
}

/// The seed of the bot at `seat` in the game with this seed: different for every seat
/// and every game, reproducible from the game's seed alone. The same as `dungeon sim`
/// uses, so a game with the default options can be replayed from the command line.
pub fn bot_seed(game_seed: u64, seat: usize) -> u64 {
    dungeon_engine::bot::seat_seed(game_seed, seat)
}

/// One bot per seat, of these kinds in turn, seeded from the game's seed.
pub fn bots(kinds: &[BotKind], game_seed: u64, players: u8) -> Vec<Box<dyn Bot>> {
    (0..players as usize)
        .map(|seat| kinds[seat % kinds.len()].create(bot_seed(game_seed, seat)))
        .collect()
}

/// One random bot per seat, seeded from the game's seed.
pub fn random_bots(game_seed: u64, players: u8) -> Vec<Box<dyn Bot>> {
    bots(&[BotKind::Random], game_seed, players)
}

/// The dungeon run being replayed from the events.
#[derive(Debug)]
struct RunAudit {
    runner: Seat,
    hp: i32,
    forced: bool,
    died: bool,
}

/// Checks a game after every decision: the engine's own invariants, a card count of its
/// own, the HP story told by the events, the success/failure counters, who is asked to
/// decide, and the end of the game. Feed it the same growing event list each time; it
/// reads only the events it has not seen yet.
pub struct Audit {
    catalog: Arc<Catalog>,
    /// An engine without hooks, for the read-only queries (`legal_actions`).
    reader: Engine<NoHooks>,
    /// How many monster cards the game must have.
    cards: usize,
    seen: usize,
    run: Option<RunAudit>,
    adventurer: Option<dungeon_engine::AdventurerId>,
    successes: Vec<u8>,
    failures: Vec<u8>,
    eliminated: Vec<bool>,
    won: Vec<Seat>,
    /// Runs that ended, successes and failures (statistics for the test's report).
    pub runs: usize,
    pub forced_successes: usize,
}

impl Audit {
    pub fn new(catalog: Arc<Catalog>, players: u8, cards: usize) -> Audit {
        let n = players as usize;
        Audit {
            reader: Engine::with_hooks(catalog.clone(), NoHooks),
            catalog,
            cards,
            seen: 0,
            run: None,
            adventurer: None,
            successes: vec![0; n],
            failures: vec![0; n],
            eliminated: vec![false; n],
            won: Vec::new(),
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
        if let Err(e) = dungeon_engine::invariants::check(&self.catalog, state) {
            problems.push(format!("invariants: {e}"));
        }
        if let Err(e) = self.count_cards(state) {
            problems.push(e);
        }
        self.read_events(state, events)?;
        self.check_counters(state)?;
        if state.is_over() {
            self.check_game_over(state)?;
        } else if !self.won.is_empty() {
            return Err("win: a Won event but the game is not over".into());
        }
        if let Err(e) = self.check_pending(state) {
            problems.push(e);
        }
        if let Err(e) = self.check_tiles(state) {
            problems.push(e);
        }
        Ok(())
    }

    /// Every card in exactly one place, counted here independently of `invariants`.
    fn count_cards(&self, state: &GameState) -> Result<(), String> {
        if state.cards.len() != self.cards {
            return Err(format!(
                "cards: the game has {} monster cards, expected {}",
                state.cards.len(),
                self.cards
            ));
        }
        let mut all: Vec<CardId> = Vec::with_capacity(self.cards);
        all.extend(state.deck.iter().copied());
        all.extend(state.dungeon.iter().copied());
        all.extend(state.discard.iter().copied());
        for p in &state.players {
            all.extend(p.set_aside.iter().map(|&(c, _)| c));
        }
        if let Some((_, c)) = state.drawn() {
            all.push(c);
        }
        all.sort();
        let expected: Vec<CardId> = (0..self.cards as u8).map(CardId).collect();
        if all != expected {
            return Err(format!(
                "cards: places hold {:?} (deck {:?}, dungeon {:?}, discard {:?}, hand {:?}), expected each of 0..{} once",
                all.iter().map(|c| c.0).collect::<Vec<_>>(),
                state.deck,
                state.dungeon,
                state.discard,
                state.drawn(),
                self.cards
            ));
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
        fn in_run(run: &mut Option<RunAudit>) -> Result<&mut RunAudit, String> {
            run.as_mut()
                .ok_or_else(|| "hp: an HP event outside a dungeon run".to_string())
        }
        if !self.won.is_empty() {
            return Err("win: an event after Won".into());
        }
        match *event {
            Event::AdventurerChosen { adventurer, .. } | Event::RoundStarted { adventurer, .. } => {
                if self.run.is_some() {
                    return Err("run: a new round while a run is unfinished".into());
                }
                self.adventurer = Some(adventurer);
            }
            Event::Entered {
                seat,
                hp,
                ref tiles,
                ..
            } => {
                if self.run.is_some() {
                    return Err("run: entered twice".into());
                }
                if self.eliminated[seat as usize] {
                    return Err(format!("run: eliminated seat {seat} runs the dungeon"));
                }
                let adventurer = self
                    .adventurer
                    .ok_or("run: entered with no adventurer chosen")?;
                let expected = self.catalog.adventurer(adventurer).hp
                    + tiles.iter().map(|&t| self.catalog.tile(t).hp).sum::<i32>();
                if hp != expected {
                    return Err(format!(
                        "hp: entered with {hp} HP, but the adventurer and tiles give {expected}"
                    ));
                }
                self.run = Some(RunAudit {
                    runner: seat,
                    hp,
                    forced: false,
                    died: false,
                });
            }
            Event::Damaged { amount, hp, .. } => {
                let run = in_run(&mut self.run)?;
                if amount <= 0 {
                    return Err(format!("hp: damaged by {amount}"));
                }
                if run.hp - amount != hp {
                    return Err(format!(
                        "hp: {} - {amount} damage should be {}, the event says {hp}",
                        run.hp,
                        run.hp - amount
                    ));
                }
                run.hp = hp;
            }
            Event::HpChanged { delta, hp, .. } => {
                let run = in_run(&mut self.run)?;
                if run.hp + delta != hp {
                    return Err(format!(
                        "hp: {} {delta:+} should be {}, the event says {hp}",
                        run.hp,
                        run.hp + delta
                    ));
                }
                run.hp = hp;
            }
            Event::TileDiscarded { tile, hp, .. } => {
                let run = in_run(&mut self.run)?;
                let expected = run.hp - self.catalog.tile(tile).hp;
                if hp != expected {
                    return Err(format!(
                        "hp: discarding {} at {} HP should leave {expected}, the event says {hp}",
                        self.catalog.tile(tile).info.id,
                        run.hp
                    ));
                }
                run.hp = hp;
            }
            Event::Revived { hp, .. } => {
                let run = in_run(&mut self.run)?;
                if hp <= 0 {
                    return Err(format!("hp: revived to {hp} HP"));
                }
                run.hp = hp;
            }
            Event::Died { hp } => {
                let run = in_run(&mut self.run)?;
                if hp != run.hp || hp > 0 {
                    return Err(format!("hp: died with {hp} HP, the events say {}", run.hp));
                }
                run.died = true;
            }
            Event::SuccessForced { .. } => {
                in_run(&mut self.run)?.forced = true;
            }
            Event::Success {
                seat,
                hp,
                successes,
            } => {
                let run = self.run.take().ok_or("outcome: success outside a run")?;
                self.check_outcome(state, &run, seat, hp, true)?;
                self.runs += 1;
                if run.hp <= 0 {
                    self.forced_successes += 1;
                }
                let s = &mut self.successes[seat as usize];
                *s += 1;
                if successes != *s {
                    return Err(format!(
                        "counters: success #{} for seat {seat}, the event says {successes}",
                        *s
                    ));
                }
            }
            Event::Failure { seat, hp, failures } => {
                let run = self.run.take().ok_or("outcome: failure outside a run")?;
                self.check_outcome(state, &run, seat, hp, false)?;
                self.runs += 1;
                let f = &mut self.failures[seat as usize];
                *f += 1;
                if failures != *f {
                    return Err(format!(
                        "counters: failure #{} for seat {seat}, the event says {failures}",
                        *f
                    ));
                }
            }
            Event::Eliminated { seat } => {
                if self.failures[seat as usize] != FAILURES_TO_LOSE
                    || self.eliminated[seat as usize]
                {
                    return Err(format!(
                        "counters: seat {seat} eliminated with {} failures",
                        self.failures[seat as usize]
                    ));
                }
                self.eliminated[seat as usize] = true;
            }
            Event::Won { seat } => {
                if self.run.is_some() {
                    return Err("win: won during a run".into());
                }
                self.won.push(seat);
            }
            Event::Revealed { .. }
            | Event::Defeated { .. }
            | Event::Replaced { .. }
            | Event::Answered { .. } => {
                in_run(&mut self.run)?;
            }
            Event::GameStarted { .. }
            | Event::Drew { .. }
            | Event::AddedToDungeon { .. }
            | Event::SetAside { .. }
            | Event::Passed { .. }
            | Event::SetAsideShown { .. } => {}
        }
        Ok(())
    }

    fn check_outcome(
        &self,
        state: &GameState,
        run: &RunAudit,
        seat: Seat,
        hp: i32,
        success: bool,
    ) -> Result<(), String> {
        if seat != run.runner {
            return Err(format!(
                "outcome: seat {seat} scored but seat {} ran",
                run.runner
            ));
        }
        if hp != run.hp {
            return Err(format!(
                "hp: the run ends with {hp} HP but the events say {}",
                run.hp
            ));
        }
        let survived = match state.damage_model {
            DamageModel::EndTotal => run.hp > 0,
            DamageModel::Running => run.hp > 0 && !run.died,
        };
        let expected = survived || run.forced;
        if success != expected {
            return Err(format!(
                "outcome: {} with {} HP (success forced: {}), expected a {}",
                if success { "success" } else { "failure" },
                run.hp,
                run.forced,
                if expected { "success" } else { "failure" }
            ));
        }
        Ok(())
    }

    /// The counters read from the events are the state's.
    fn check_counters(&self, state: &GameState) -> Result<(), String> {
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
        }
        Ok(())
    }

    /// Who is asked, and that there is something to do.
    fn check_pending(&self, state: &GameState) -> Result<(), String> {
        let legal = self.reader.legal_actions(state);
        let Some(decision) = &state.pending else {
            if !state.is_over() {
                return Err("pending: nothing pending but the game is not over".into());
            }
            return Ok(());
        };
        if state.is_over() {
            return Err(format!("pending: {decision:?} after the game is over"));
        }
        if legal.is_empty() {
            return Err(format!("pending: no legal action for {decision:?}"));
        }
        let seat = decision.seat;
        let Some(player) = state.players.get(seat as usize) else {
            return Err(format!("pending: seat {seat} is not at the table"));
        };
        let is_question = matches!(decision.kind, DecisionKind::Question(_));
        if player.eliminated && !is_question {
            return Err(format!(
                "pending: eliminated seat {seat} is asked {} (phase {:?})",
                kind_name(&decision.kind),
                state.phase
            ));
        }
        match (&decision.kind, &state.phase) {
            (DecisionKind::ChooseAdventurer { .. }, Phase::ChooseAdventurer) => {}
            (DecisionKind::DrawOrPass, Phase::Bidding { turn, drawn: None })
            | (
                DecisionKind::PlaceCard { .. },
                Phase::Bidding {
                    turn,
                    drawn: Some(_),
                },
            ) if *turn == seat => {
                if !player.in_bidding() {
                    return Err(format!("pending: seat {seat} bids after passing"));
                }
                if let DecisionKind::PlaceCard { card, set_aside } = &decision.kind {
                    if state.drawn() != Some((seat, *card)) {
                        return Err(format!("pending: placing {card:?}, not the drawn card"));
                    }
                    if set_aside.as_slice() != state.tiles.as_slice() {
                        return Err("pending: set-aside options are not the tiles left".into());
                    }
                }
            }
            (DecisionKind::Question(q), Phase::Dungeon) if q.seat == seat => {}
            (kind, phase) => {
                return Err(format!(
                    "pending: {} for seat {seat} in phase {phase:?}",
                    kind_name(kind)
                ));
            }
        }
        Ok(())
    }

    /// During the bidding, the adventurer's tiles are either still with it or set aside.
    fn check_tiles(&self, state: &GameState) -> Result<(), String> {
        if !matches!(state.phase, Phase::Bidding { .. }) {
            return Ok(());
        }
        let adventurer = state
            .adventurer
            .ok_or("tiles: bidding with no adventurer")?;
        let mut held: Vec<_> = state.tiles.to_vec();
        held.extend(
            state
                .players
                .iter()
                .flat_map(|p| p.set_aside.iter().map(|&(_, t)| t)),
        );
        held.sort();
        let mut all = self.catalog.adventurer(adventurer).tiles.clone();
        all.sort();
        if held != all {
            return Err(format!(
                "tiles: {held:?} held or set aside, the adventurer has {all:?}"
            ));
        }
        Ok(())
    }

    fn check_game_over(&self, state: &GameState) -> Result<(), String> {
        let [winner] = self.won[..] else {
            return Err(format!("win: {} Won events at the end", self.won.len()));
        };
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
        let w = &state.players[winner as usize];
        if w.eliminated {
            return Err(format!("win: eliminated seat {winner} won"));
        }
        if w.successes < SUCCESSES_TO_WIN && standing != [winner as usize] {
            return Err(format!(
                "win: seat {winner} won with {} successes and {} players standing",
                w.successes,
                standing.len()
            ));
        }
        Ok(())
    }
}

fn kind_name(kind: &DecisionKind) -> &'static str {
    match kind {
        DecisionKind::ChooseAdventurer { .. } => "to choose an adventurer",
        DecisionKind::DrawOrPass => "to draw or pass",
        DecisionKind::PlaceCard { .. } => "to place a card",
        DecisionKind::Question(_) => "a question",
    }
}
