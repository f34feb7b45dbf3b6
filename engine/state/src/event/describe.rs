//! Each event as a line of English with card ids, for traces, scenario checks and tests.

use super::{DamageChange, DefeatCause, Event, LogArg};
use crate::catalog::Catalog;

impl Event {
    /// A one-line English description using card ids, for traces and logs.
    pub fn describe(&self, catalog: &Catalog) -> String {
        let m = |id: crate::ids::MonsterId| catalog.monster(id).info.id.as_str();
        let t = |id: crate::ids::TileId| catalog.tile(id).info.id.as_str();
        let maybe = |id: Option<crate::ids::MonsterId>| id.map_or("a hidden card", m);
        match self {
            Event::GameStarted { players, first, .. } => {
                format!("game of {players} players starts; seat {first} first")
            }
            Event::AdventurerChosen { seat, adventurer } => format!(
                "adventurer {} chosen{}",
                catalog.adventurer(*adventurer).info.id,
                seat.map(|s| format!(" by seat {s}")).unwrap_or_default()
            ),
            Event::RoundStarted {
                round,
                first,
                adventurer,
            } => format!(
                "round {round} with {}; seat {first} starts",
                catalog.adventurer(*adventurer).info.id
            ),
            Event::Drew { seat, monster, .. } => format!("seat {seat} draws {}", maybe(*monster)),
            Event::AddedToDungeon {
                seat,
                monster,
                forced,
                ..
            } => format!(
                "seat {seat} adds {} to the dungeon{}",
                maybe(*monster),
                if *forced { " (forced)" } else { "" }
            ),
            Event::SetAside {
                seat,
                monster,
                tile,
                ..
            } => format!(
                "seat {seat} sets {} aside with {}",
                maybe(*monster),
                t(*tile)
            ),
            Event::Passed { seat, forced } => format!(
                "seat {seat} passes{}",
                if *forced { " (deck empty)" } else { "" }
            ),
            Event::Entered {
                seat,
                hp,
                tiles,
                dungeon,
            } => format!(
                "seat {seat} enters with {hp} hp, [{}], {dungeon} cards",
                tiles.iter().map(|&x| t(x)).collect::<Vec<_>>().join(", ")
            ),
            Event::Asked {
                seat,
                asker,
                prompt,
                monster,
            } => format!(
                "seat {seat} is asked {prompt} by {}{}",
                asker.id(catalog),
                monster
                    .map(|x| format!(" about {}", m(x)))
                    .unwrap_or_default()
            ),
            Event::Answered {
                seat,
                answer,
                asker,
            } => format!(
                "seat {seat} answers {} to {}",
                answer.label(catalog),
                asker.id(catalog)
            ),
            Event::Revealed {
                monster,
                position,
                strength,
                species,
                ..
            } => format!(
                "#{position}: {} revealed (strength {}, species {})",
                m(*monster),
                strength.map_or("none".into(), |s| s.to_string()),
                species.map_or("none", |s| catalog.species_def(s).id.as_str())
            ),
            Event::Defeated { monster, by, .. } => format!(
                "{} defeated by {}",
                m(*monster),
                match by {
                    DefeatCause::Tile(x) => t(*x).to_string(),
                    DefeatCause::Skipped(c) => format!("{} (next monster)", c.id(catalog)),
                    DefeatCause::Itself => "itself".into(),
                }
            ),
            Event::Replaced { by, .. } => {
                format!("discarded and replaced from the deck by {}", by.id(catalog))
            }
            Event::Damaged {
                monster,
                strength,
                changes,
                amount,
                hp,
                ..
            } => format!(
                "{} deals {amount} damage{} -> {hp} hp",
                m(*monster),
                damage_detail(catalog, *strength, changes)
            ),
            Event::HpChanged { by, delta, hp } => {
                format!("{delta:+} hp from {} -> {hp} hp", by.id(catalog))
            }
            Event::TileDiscarded { tile, hp, .. } => format!("{} discarded -> {hp} hp", t(*tile)),
            Event::Revived {
                by,
                gained,
                discarded,
                hp,
            } => format!(
                "revived by {} ({gained:+} hp{}) -> {hp} hp",
                t(*by),
                discarded
                    .iter()
                    .map(|&x| format!(", {} discarded", t(x)))
                    .collect::<String>()
            ),
            Event::Died { hp } => format!("hp at {hp}: dead"),
            Event::SuccessForced { by } => format!("success forced by {}", by.id(catalog)),
            Event::Success {
                seat,
                hp,
                successes,
            } => format!("seat {seat} succeeds with {hp} hp ({successes} successes)"),
            Event::Failure { seat, hp, failures } => {
                format!("seat {seat} fails with {hp} hp ({failures} failures)")
            }
            Event::Eliminated { seat } => format!("seat {seat} is eliminated"),
            Event::SetAsideShown { seat, cards } => format!(
                "seat {seat} had set aside [{}]",
                cards
                    .iter()
                    .map(|&(_, mm, _)| m(mm))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Event::Logged { card, key, args } => format!(
                "{} logs {key}{}",
                card.id(catalog),
                args.iter()
                    .map(|(name, arg)| format!(" {name}={}", log_arg(catalog, *arg)))
                    .collect::<String>()
            ),
            Event::Won { seat } => format!("seat {seat} wins"),
            Event::Standings { players } => format!(
                "standings: {}",
                players
                    .iter()
                    .enumerate()
                    .map(|(seat, p)| format!(
                        "seat {seat} {}s {}f{}{}",
                        p.successes,
                        p.failures,
                        if p.eliminated { " out" } else { "" },
                        if p.winner { " winner" } else { "" }
                    ))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
}

/// " (5, -1 by family_crown)": the strength and each change, when a tile changed it.
fn damage_detail(catalog: &Catalog, strength: Option<i32>, changes: &[DamageChange]) -> String {
    if changes.is_empty() {
        return String::new();
    }
    let changes: Vec<String> = changes
        .iter()
        .map(|c| format!("{:+} by {}", c.delta, catalog.tile(c.tile).info.id))
        .collect();
    format!(" ({}, {})", strength.unwrap_or(0), changes.join(", "))
}

fn log_arg(catalog: &Catalog, arg: LogArg) -> String {
    match arg {
        LogArg::Number(n) => n.to_string(),
        LogArg::Species(s) => catalog.species_def(s).id.clone(),
        LogArg::Card(c) => c.id(catalog).to_string(),
        LogArg::Adventurer(a) => catalog.adventurer(a).info.id.clone(),
    }
}
