//! One dungeon run, read from its events alone: the HP story, each monster's fate, the
//! damage it deals against its strength, revivals, and the outcome the run deserves.
//!
//! Damage against strength, as it holds for every pack (a script may change damage, so
//! only what no script can change is checked):
//! - a monster that sets no identity of its own (no `identity` hook) is revealed with
//!   the strength and species its pack prints;
//! - a monster with no strength never deals damage (the damage hooks are asked only
//!   about a strength);
//! - while no tile held defines `base_damage` or `on_damage`, a monster that is neither
//!   defeated nor replaced deals exactly its strength, and must deal it (if above 0);
//! - with such a tile, any amount above 0: the tile's script decides (the Elven Harp
//!   lowers it, the Sleeping Draught raises it), and HP stays within `HP_LIMIT`;
//! - a monster deals damage at most once, only while it is being faced, never after it
//!   was defeated or replaced; a defeat is credited to a tile the runner took in;
//! - the damage told is its strength (0 if none) plus each change a held tile with a
//!   damage hook made, and never below 0.
//!
//! The story is whole: every card revealed ends with one outcome (defeated, replaced or
//! damaged, 0 included); every answer follows the question it answers; a script's log
//! line comes from a card in play and names a message its pack has; a forced success is
//! told only for a run that would have failed.
//!
//! Revived HP: the `Revived` event comes while HP is 0 or less (no earlier card brought
//! it back), its HP is the HP its own change and discards add up to, above 0, and it is
//! credited to a tile held.

use super::AuditFacts;
use crate::action::CardRef;
use crate::catalog::DamageModel;
use crate::effect::HP_LIMIT;
use crate::event::{DefeatCause, Event, MAX_LOG_ARGS, MAX_LOG_LINES_PER_DUNGEON};
use crate::ids::*;
use smallvec::SmallVec;

/// The monster being faced, as its events tell it.
#[derive(Debug)]
struct Facing {
    card: CardId,
    monster: MonsterId,
    strength: Option<i32>,
    defeated: bool,
    replaced: bool,
    damaged: bool,
    /// A tile held when it was revealed changes damage (`base_damage`, `on_damage`): how
    /// much it deals is then that script's business, not its strength's.
    hooked: bool,
}

/// A dungeon run being followed.
#[derive(Debug)]
pub(super) struct RunAudit {
    pub(super) runner: Seat,
    pub(super) hp: i32,
    forced: bool,
    died: bool,
    /// Tiles taken in, and those still held.
    entered: SmallVec<[TileId; 8]>,
    held: SmallVec<[TileId; 8]>,
    /// Cards in the dungeon on entering, and the place of the last one revealed.
    size: u8,
    position: u8,
    facing: Option<Facing>,
    /// A revealed card was replaced: the next reveal must be this card, in the same place.
    incoming: Option<CardId>,
    /// A question told and not yet answered: who must answer, and the asking card.
    asked: Option<(Seat, CardRef)>,
    /// Lines the scripts logged.
    log_lines: usize,
}

impl RunAudit {
    /// The runner enters: the HP must be the adventurer's and the tiles'.
    pub(super) fn enter(
        facts: &AuditFacts,
        adventurer: AdventurerId,
        seat: Seat,
        hp: i32,
        tiles: &[TileId],
        dungeon: u8,
    ) -> Result<RunAudit, String> {
        let catalog = &facts.catalog;
        if let Some(t) = tiles.iter().find(|t| t.ix() >= catalog.tiles.len()) {
            return Err(format!("run: entered with unknown tile #{}", t.0));
        }
        let expected = i64::from(catalog.adventurer(adventurer).hp)
            + tiles
                .iter()
                .map(|&t| i64::from(catalog.tile(t).hp))
                .sum::<i64>();
        if i64::from(hp) != expected {
            return Err(format!(
                "hp: entered with {hp} HP, but the adventurer and tiles give {expected}"
            ));
        }
        in_range(hp)?;
        Ok(RunAudit {
            runner: seat,
            hp,
            forced: false,
            died: false,
            entered: tiles.iter().copied().collect(),
            held: tiles.iter().copied().collect(),
            size: dungeon,
            position: 0,
            facing: None,
            incoming: None,
            asked: None,
            log_lines: 0,
        })
    }

    /// An event of the run (not its outcome: see [`RunAudit::finish`]).
    pub(super) fn read(
        &mut self,
        facts: &AuditFacts,
        cards: &[MonsterId],
        model: DamageModel,
        event: &Event,
    ) -> Result<(), String> {
        match *event {
            Event::Revealed {
                card,
                monster,
                position,
                strength,
                species,
            } => self.reveal(
                facts, cards, model, card, monster, position, strength, species,
            ),
            Event::Replaced { card, new, .. } => {
                let f = self.facing_card(card, "replaced")?;
                if f.defeated || f.replaced {
                    return Err(format!(
                        "reveal: card #{} replaced after it was defeated or replaced",
                        card.0
                    ));
                }
                f.replaced = true;
                self.incoming = Some(new);
                Ok(())
            }
            Event::Defeated { card, by, .. } => {
                let f = self.facing_card(card, "defeated")?;
                if f.defeated || f.replaced {
                    return Err(format!(
                        "defeat: card #{} defeated twice, or after it was replaced",
                        card.0
                    ));
                }
                f.defeated = true;
                if let DefeatCause::Tile(t) = by
                    && !self.entered.contains(&t)
                {
                    return Err(format!(
                        "defeat: defeated by tile #{} the runner did not take in",
                        t.0
                    ));
                }
                Ok(())
            }
            Event::Damaged {
                card,
                monster,
                strength,
                ref changes,
                amount,
                hp,
            } => {
                let told = DamageTold {
                    monster,
                    strength,
                    changes,
                    amount,
                };
                self.damage(facts, card, told, hp)
            }
            Event::HpChanged { delta, hp, .. } => {
                let expected = i64::from(self.hp) + i64::from(delta);
                if delta == 0 || expected != i64::from(hp) {
                    return Err(format!(
                        "hp: {} {delta:+} should be {expected}, the event says {hp}",
                        self.hp
                    ));
                }
                self.set_hp(hp)
            }
            Event::TileDiscarded { tile, hp, .. } => {
                let Some(ix) = self.held.iter().position(|&t| t == tile) else {
                    return Err(format!(
                        "tiles: tile #{} discarded but the runner does not hold it",
                        tile.0
                    ));
                };
                self.held.remove(ix);
                let def = facts.catalog.tile(tile);
                let expected = i64::from(self.hp) - i64::from(def.hp);
                if i64::from(hp) != expected {
                    return Err(format!(
                        "hp: discarding {} at {} HP should leave {expected}, the event says {hp}",
                        def.info.id, self.hp
                    ));
                }
                self.set_hp(hp)
            }
            Event::Revived {
                by,
                gained,
                ref discarded,
                hp,
            } => self.revive(facts, by, gained, discarded, hp),
            Event::Died { hp } => {
                if hp != self.hp || hp > 0 {
                    return Err(format!("hp: died with {hp} HP, the events say {}", self.hp));
                }
                if self.died {
                    return Err("hp: died twice in one run".into());
                }
                self.died = true;
                Ok(())
            }
            Event::SuccessForced { .. } => {
                self.forced = true;
                Ok(())
            }
            Event::Asked { seat, asker, .. } => {
                if let Some(earlier) = self.asked {
                    return Err(format!(
                        "question: {asker:?} asks seat {seat} while {earlier:?} is unanswered"
                    ));
                }
                self.asked = Some((seat, asker));
                Ok(())
            }
            Event::Answered { seat, asker, .. } => match self.asked.take() {
                Some(asked) if asked == (seat, asker) => Ok(()),
                asked => Err(format!(
                    "question: seat {seat} answers {asker:?}, but the question told is {asked:?}"
                )),
            },
            Event::Logged {
                card,
                ref key,
                ref args,
            } => self.logged(facts, card, key, args.len()),
            _ => Err(format!("run: {event:?} during a run")),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn reveal(
        &mut self,
        facts: &AuditFacts,
        cards: &[MonsterId],
        model: DamageModel,
        card: CardId,
        monster: MonsterId,
        position: u8,
        strength: Option<i32>,
        species: Option<SpeciesId>,
    ) -> Result<(), String> {
        self.close_card(facts)?;
        if self.died && model == DamageModel::Running {
            return Err("run: a card revealed after the runner died (running damage)".into());
        }
        if cards.get(card.ix()) != Some(&monster) {
            return Err(format!(
                "reveal: card #{} revealed as monster #{}, but the game dealt it as {:?}",
                card.0,
                monster.0,
                cards.get(card.ix())
            ));
        }
        let expected_position = match self.incoming.take() {
            Some(new) if new != card => {
                return Err(format!(
                    "reveal: card #{} revealed, but the replacement was #{}",
                    card.0, new.0
                ));
            }
            Some(_) => self.position,
            None => self.position.saturating_add(1),
        };
        if position != expected_position || position > self.size {
            return Err(format!(
                "reveal: card #{} revealed in place {position}, expected {expected_position} of {}",
                card.0, self.size
            ));
        }
        self.position = position;
        let def = facts.catalog.monster(monster);
        if !facts.sets_identity(monster) && (strength, species) != (def.strength, def.species) {
            return Err(format!(
                "reveal: {} revealed with strength {strength:?} and species {species:?}, the pack says {:?} and {:?}",
                def.info.id, def.strength, def.species
            ));
        }
        self.facing = Some(Facing {
            card,
            monster,
            strength,
            defeated: false,
            replaced: false,
            damaged: false,
            hooked: self.held.iter().any(|&t| facts.changes_damage(t)),
        });
        Ok(())
    }

    /// A monster's damage. With no tile that changes damage, exactly its strength; a
    /// monster with no strength never deals any, whatever the tiles (the engine asks the
    /// damage hooks only about a strength); each change told comes from a held tile with
    /// a damage hook, and they add up to the damage dealt.
    fn damage(
        &mut self,
        facts: &AuditFacts,
        card: CardId,
        told: DamageTold,
        hp: i32,
    ) -> Result<(), String> {
        let held = self.held.clone();
        let f = self.facing_card(card, "damaged")?;
        let name = &facts.catalog.monster(f.monster).info.id;
        if f.defeated || f.replaced || f.damaged {
            return Err(format!(
                "damage: {name} dealt damage after it was defeated, replaced or had dealt it"
            ));
        }
        f.damaged = true;
        let amount = told.amount;
        if (told.monster, told.strength) != (f.monster, f.strength) {
            return Err(format!(
                "damage: {name} revealed with strength {:?} deals damage as monster #{} of strength {:?}",
                f.strength, told.monster.0, told.strength
            ));
        }
        if let Some(c) = told
            .changes
            .iter()
            .find(|c| c.delta == 0 || !held.contains(&c.tile) || !facts.changes_damage(c.tile))
        {
            return Err(format!(
                "damage: a change of {:+} to {name}'s damage is credited to tile #{}, which is not held, has no damage hook, or changed nothing",
                c.delta, c.tile.0
            ));
        }
        let Some(strength) = f.strength else {
            if amount != 0 || !told.changes.is_empty() {
                return Err(format!("damage: {name} has no strength but dealt {amount}"));
            }
            return Ok(());
        };
        let changed: i64 = told.changes.iter().map(|c| i64::from(c.delta)).sum();
        let expected = (i64::from(strength.max(0)) + changed).max(0);
        if amount < 0 || i64::from(amount) != expected {
            return Err(format!(
                "damage: {name} of strength {strength} dealt {amount}, but its changes add up to {expected}"
            ));
        }
        if !f.hooked && amount != strength.max(0) {
            return Err(format!(
                "damage: {name} of strength {strength} dealt {amount}, and no tile held changes damage"
            ));
        }
        let expected = i64::from(self.hp) - i64::from(amount);
        if i64::from(hp) != expected {
            return Err(format!(
                "hp: {} - {amount} damage should be {expected}, the event says {hp}",
                self.hp
            ));
        }
        self.set_hp(hp)
    }

    /// HP fell to 0 or less and a held tile's `on_death` brought it back: the HP is what
    /// its change and its discards make, above 0.
    fn revive(
        &mut self,
        facts: &AuditFacts,
        by: TileId,
        gained: i32,
        discarded: &[TileId],
        hp: i32,
    ) -> Result<(), String> {
        if self.hp > 0 {
            return Err(format!(
                "revive: a revival at {} HP, credited to tile #{} (something else brought HP back first)",
                self.hp, by.0
            ));
        }
        if !self.held.contains(&by) {
            return Err(format!(
                "revive: by tile #{} the runner does not hold",
                by.0
            ));
        }
        let mut expected = i64::from(self.hp) + i64::from(gained);
        for &tile in discarded {
            let Some(ix) = self.held.iter().position(|&t| t == tile) else {
                return Err(format!(
                    "revive: tile #{} discarded but the runner does not hold it",
                    tile.0
                ));
            };
            self.held.remove(ix);
            expected -= i64::from(facts.catalog.tile(tile).hp);
        }
        if i64::from(hp) != expected || hp <= 0 {
            return Err(format!(
                "revive: revived to {hp} HP, but {} HP {gained:+} and the discards make {expected}",
                self.hp
            ));
        }
        self.set_hp(hp)
    }

    /// A script's log line: from a tile taken in or the monster being faced, naming a
    /// message of its pack, within the bounds.
    fn logged(
        &mut self,
        facts: &AuditFacts,
        card: CardRef,
        key: &str,
        args: usize,
    ) -> Result<(), String> {
        let in_play = match card {
            CardRef::Tile(t) => self.entered.contains(&t),
            CardRef::Monster(m) => self.facing.as_ref().is_some_and(|f| f.monster == m),
        };
        if !in_play {
            return Err(format!("log: a line from {card:?}, which is not in play"));
        }
        let catalog = &facts.catalog;
        // In play, so its id was checked on entering or on its reveal.
        if catalog.message(card.info(catalog).pack, key).is_none() {
            return Err(format!(
                "log: {card:?} logs `{key}`, which its pack's [messages] do not have"
            ));
        }
        if args > MAX_LOG_ARGS {
            return Err(format!("log: a line with {args} arguments"));
        }
        self.log_lines += 1;
        if self.log_lines > MAX_LOG_LINES_PER_DUNGEON {
            return Err(format!(
                "log: {} lines from scripts in one dungeon",
                self.log_lines
            ));
        }
        Ok(())
    }

    /// The card being faced, which must be `card`.
    fn facing_card(&mut self, card: CardId, what: &str) -> Result<&mut Facing, String> {
        let faced = self.facing.as_ref().map(|f| f.card);
        match &mut self.facing {
            Some(f) if f.card == card => Ok(f),
            _ => Err(format!(
                "reveal: card #{} {what}, but the card being faced is {:?}",
                card.0,
                faced.map(|c| c.0)
            )),
        }
    }

    /// The monster faced is done with: it was defeated, replaced, or dealt its damage
    /// (0 included): every card revealed has its outcome told.
    fn close_card(&mut self, facts: &AuditFacts) -> Result<(), String> {
        let Some(f) = self.facing.take() else {
            return Ok(());
        };
        if f.defeated || f.replaced || f.damaged {
            return Ok(());
        }
        Err(format!(
            "damage: {} (card #{}) was neither defeated, replaced nor told its damage",
            facts.catalog.monster(f.monster).info.id,
            f.card.0
        ))
    }

    fn set_hp(&mut self, hp: i32) -> Result<(), String> {
        in_range(hp)?;
        self.hp = hp;
        Ok(())
    }

    /// The run ends with a success or a failure for `seat` at `hp`: it must be the runner,
    /// at the HP the events tell, every card faced unless the run stopped at a death, and
    /// the outcome the damage model gives.
    pub(super) fn finish(
        mut self,
        facts: &AuditFacts,
        model: DamageModel,
        seat: Seat,
        hp: i32,
        success: bool,
    ) -> Result<(), String> {
        self.close_card(facts)?;
        if seat != self.runner {
            return Err(format!(
                "outcome: seat {seat} scored but seat {} ran",
                self.runner
            ));
        }
        if hp != self.hp {
            return Err(format!(
                "hp: the run ends with {hp} HP but the events say {}",
                self.hp
            ));
        }
        let stopped = model == DamageModel::Running && self.died;
        if !stopped && (self.position != self.size || self.incoming.is_some()) {
            return Err(format!(
                "run: ended after {} of {} cards",
                self.position, self.size
            ));
        }
        let survived = self.hp > 0 && !stopped;
        if let Some(asked) = self.asked {
            return Err(format!("question: the run ends with {asked:?} unanswered"));
        }
        if self.forced && survived {
            return Err(format!(
                "outcome: a success forced for a run that survived with {} HP",
                self.hp
            ));
        }
        let expected = survived || self.forced;
        if success != expected {
            return Err(format!(
                "outcome: {} with {} HP (success forced: {}), expected a {}",
                if success { "success" } else { "failure" },
                self.hp,
                self.forced,
                if expected { "success" } else { "failure" }
            ));
        }
        Ok(())
    }

    pub(super) fn forced_success(&self) -> bool {
        self.forced && self.hp <= 0
    }
}

/// What a `Damaged` event tells besides its card and HP.
struct DamageTold<'a> {
    monster: MonsterId,
    strength: Option<i32>,
    changes: &'a [crate::event::DamageChange],
    amount: i32,
}

/// HP never leaves the engine's bounds.
fn in_range(hp: i32) -> Result<(), String> {
    if (-HP_LIMIT..=HP_LIMIT).contains(&hp) {
        Ok(())
    } else {
        Err(format!("hp: {hp} HP is beyond the limit of {HP_LIMIT}"))
    }
}
