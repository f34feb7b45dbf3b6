//! The game's log: each event as the line(s) a viewer reads, in their language. A pure
//! function of the text (language and cards), the seats' names, the viewer and the event,
//! shared by the line mode, `dungeon replay` and the full-screen table (which passes
//! `LogEntry::seen_by(viewer)`).
//!
//! One line per event, with a few exceptions that read better: a round, a dungeon and
//! the end of the game start with a blank line, and the final standings are a small
//! table. Every revealed card gets its outcome (defeated and by what, the damage it
//! dealt with each tile's change, or none); a question is shown before its answer; a
//! script's own line is shown as its card's.

use super::{Seats, monster_as, monster_card, monsters};
use crate::{Arg, Text};
use dungeon_engine::action::{CardRef, Question};
use dungeon_engine::event::{DamageChange, DefeatCause, Event, LogArg, Standing};
use dungeon_engine::ids::*;

/// An event as text, already redacted for the viewer (`None`: a spectator, or the screen
/// between two hot-seat players): one line, or several separated by `\n` (a leading `\n`
/// is a blank line before it). `None` for events not worth a line.
pub fn event(text: &Text, seats: &Seats, viewer: Option<Seat>, e: &Event) -> Option<String> {
    let name = |s: Seat| seats.name(s);
    let t = |key: &'static str, args: &[(&str, Arg)]| text.t(key, args);
    let you = |key: &'static str, subject: Seat, args: &[(&str, Arg)]| {
        text.about(key, subject, viewer, args)
    };
    Some(match e {
        Event::GameStarted { players, first, .. } => you(
            "event-game-started",
            *first,
            &[("players", players.into()), ("name", name(*first).into())],
        ),
        Event::AdventurerChosen {
            seat: Some(s),
            adventurer,
        } => you(
            "event-adventurer-chosen",
            *s,
            &[
                ("name", name(*s).into()),
                ("adventurer", text.adventurer(*adventurer).into()),
            ],
        ),
        Event::AdventurerChosen {
            seat: None,
            adventurer,
        } => t(
            "event-adventurer-drawn",
            &[("adventurer", text.adventurer(*adventurer).into())],
        ),
        Event::RoundStarted {
            round,
            first,
            adventurer,
        } => {
            let line = you(
                "event-round-started",
                *first,
                &[
                    ("round", round.into()),
                    ("adventurer", text.adventurer(*adventurer).into()),
                    ("name", name(*first).into()),
                ],
            );
            format!("\n== {line} ==")
        }
        Event::Drew { seat, monster, .. } => match (monster, viewer) {
            (Some(m), Some(v)) if v == *seat => t(
                "event-drew-own",
                &[("monster", monster_card(text, *m).into())],
            ),
            // Only a replay shows a card nobody at the screen drew.
            (Some(m), None) => t(
                "event-drew-seen",
                &[
                    ("name", name(*seat).into()),
                    ("monster", monster_card(text, *m).into()),
                ],
            ),
            _ => you("event-drew", *seat, &[("name", name(*seat).into())]),
        },
        Event::AddedToDungeon {
            seat,
            forced,
            monster: Some(m),
            ..
        } if viewer.is_none() => t(
            if *forced {
                "event-added-forced-seen"
            } else {
                "event-added-seen"
            },
            &[
                ("name", name(*seat).into()),
                ("monster", monster_card(text, *m).into()),
            ],
        ),
        Event::SetAside {
            seat,
            tile,
            monster: Some(m),
            ..
        } if viewer.is_none() => t(
            "event-set-aside-seen",
            &[
                ("name", name(*seat).into()),
                ("monster", monster_card(text, *m).into()),
                ("tile", text.tile(*tile).into()),
            ],
        ),
        Event::AddedToDungeon { seat, forced, .. } => you(
            if *forced {
                "event-added-forced"
            } else {
                "event-added"
            },
            *seat,
            &[("name", name(*seat).into())],
        ),
        Event::SetAside { seat, tile, .. } => you(
            "event-set-aside",
            *seat,
            &[
                ("name", name(*seat).into()),
                ("tile", text.tile(*tile).into()),
            ],
        ),
        Event::Passed { seat, forced } => you(
            if *forced {
                "event-passed-forced"
            } else {
                "event-passed"
            },
            *seat,
            &[("name", name(*seat).into())],
        ),
        Event::Entered {
            seat,
            hp,
            tiles,
            dungeon,
        } => {
            let line = you(
                "event-entered",
                *seat,
                &[
                    ("name", name(*seat).into()),
                    ("hp", hp.into()),
                    ("tiles", text.tiles(tiles).into()),
                    ("count", dungeon.into()),
                ],
            );
            format!("\n{line}")
        }
        Event::Asked {
            seat,
            asker,
            prompt,
            monster,
        } => {
            let question = Question {
                seat: *seat,
                asker: *asker,
                prompt: prompt.clone(),
                options: Default::default(),
            };
            you(
                "event-asked",
                *seat,
                &[
                    ("name", name(*seat).into()),
                    ("prompt", text.prompt(&question, *monster).into()),
                ],
            )
        }
        Event::Answered { seat, answer, .. } => you(
            "event-answered",
            *seat,
            &[
                ("name", name(*seat).into()),
                ("answer", text.answer(*answer, name).into()),
            ],
        ),
        Event::Revealed {
            monster,
            position,
            strength,
            species,
            ..
        } => t(
            "event-revealed",
            &[
                ("position", position.into()),
                (
                    "monster",
                    monster_as(text, *monster, *strength, *species).into(),
                ),
            ],
        ),
        Event::Defeated { monster, by, .. } => match by {
            DefeatCause::Tile(tile) => t(
                "event-defeated-by-tile",
                &[
                    ("monster", text.monster(*monster).into()),
                    ("tile", text.tile(*tile).into()),
                ],
            ),
            DefeatCause::Skipped(card) => t(
                "event-defeated-skipped",
                &[
                    ("monster", text.monster(*monster).into()),
                    ("card", text.card(*card).into()),
                ],
            ),
            DefeatCause::Itself => t(
                "event-defeated-itself",
                &[("monster", text.monster(*monster).into())],
            ),
        },
        Event::Replaced { by, .. } => t("event-replaced", &[("card", text.card(*by).into())]),
        Event::Damaged {
            monster,
            strength,
            changes,
            amount,
            hp,
            ..
        } => t(
            "event-damaged",
            &[
                ("monster", text.monster(*monster).into()),
                ("amount", amount.into()),
                ("changes", damage_changes(text, *strength, changes).into()),
                ("hp", hp.into()),
            ],
        ),
        Event::HpChanged { by, delta, hp } => t(
            "event-hp-changed",
            &[
                ("card", text.card(*by).into()),
                ("delta", format!("{delta:+}").into()),
                ("hp", hp.into()),
            ],
        ),
        Event::TileDiscarded { tile, hp, .. } => t(
            "event-tile-discarded",
            &[("tile", text.tile(*tile).into()), ("hp", hp.into())],
        ),
        Event::Revived {
            by, discarded, hp, ..
        } => {
            let others: Vec<TileId> = discarded.iter().copied().filter(|t| t != by).collect();
            let others = if others.is_empty() {
                String::new()
            } else {
                t(
                    "event-revived-discarding",
                    &[("tiles", text.tiles(&others).into())],
                )
            };
            let args = [
                ("tile", text.tile(*by).into()),
                ("others", others.into()),
                ("hp", hp.into()),
            ];
            if discarded.contains(by) {
                t("event-revived-spent", &args)
            } else {
                t("event-revived", &args)
            }
        }
        Event::Died { hp } => t("event-died", &[("hp", hp.into())]),
        Event::SuccessForced { by } => {
            t("event-success-forced", &[("card", text.card(*by).into())])
        }
        Event::Logged { card, key, args } => t(
            "event-logged",
            &[
                ("card", text.card(*card).into()),
                ("line", script_line(text, *card, key, args).into()),
            ],
        ),
        Event::Success {
            seat,
            hp,
            successes,
        } => you(
            "event-success",
            *seat,
            &[
                ("name", name(*seat).into()),
                ("hp", hp.into()),
                ("successes", successes.into()),
            ],
        ),
        Event::Failure { seat, failures, .. } => you(
            "event-failure",
            *seat,
            &[("name", name(*seat).into()), ("failures", failures.into())],
        ),
        Event::Eliminated { seat } => {
            you("event-eliminated", *seat, &[("name", name(*seat).into())])
        }
        Event::SetAsideShown { seat, cards } => {
            let list: Vec<MonsterId> = cards.iter().map(|&(_, m, _)| m).collect();
            you(
                "event-set-aside-shown",
                *seat,
                &[
                    ("name", name(*seat).into()),
                    ("cards", monsters(text, &list).into()),
                ],
            )
        }
        // The one announcement of the winner (front ends add none of their own).
        Event::Won { seat } => {
            let line = you("play-game-over", *seat, &[("name", name(*seat).into())]);
            format!("\n*** {line} ***")
        }
        Event::Standings { players } => standings(text, seats, players),
    })
}

/// " (5, 1 less with Family Crown)": the strength and each tile's change, when a tile
/// changed the damage; empty otherwise.
fn damage_changes(text: &Text, strength: Option<i32>, changes: &[DamageChange]) -> String {
    if changes.is_empty() {
        return String::new();
    }
    let mut list = String::new();
    for c in changes {
        let args = [
            ("amount", c.delta.unsigned_abs().into()),
            ("tile", text.tile(c.tile).into()),
        ];
        list.push_str(&if c.delta < 0 {
            text.t("event-damage-less", &args)
        } else {
            text.t("event-damage-more", &args)
        });
    }
    text.t(
        "event-damage-changes",
        &[
            ("strength", strength.unwrap_or(0).max(0).into()),
            ("changes", list.into()),
        ],
    )
}

/// A script's line: its pack's message `key` in the reader's language, each `{name}`
/// replaced by its argument (a number, or a name in the reader's language), by
/// [`crate::text::fill`]: one pass, bounded; a placeholder without an argument stays.
/// The message and the names were escaped when the pack was read.
fn script_line(
    text: &Text,
    card: CardRef,
    key: &str,
    args: &[(std::sync::Arc<str>, LogArg)],
) -> String {
    let catalog = text.catalog;
    let Some(message) = catalog.message(card.info(catalog).pack, key) else {
        return key.replace('_', " ");
    };
    crate::fill::fill(message.get(text.lang), |wanted| {
        let (_, arg) = args.iter().find(|(n, _)| &**n == wanted)?;
        Some(log_arg(text, *arg))
    })
}

fn log_arg(text: &Text, arg: LogArg) -> String {
    match arg {
        LogArg::Number(n) => n.to_string(),
        LogArg::Species(s) => text.species(s),
        LogArg::Card(c) => text.card(c),
        LogArg::Adventurer(a) => text.adventurer(a),
    }
}

/// The final standings: the winner first, then who did best (still in the game, more
/// successes, fewer failures); equal records share a place.
fn standings(text: &Text, seats: &Seats, players: &[Standing]) -> String {
    let key = |p: &Standing| {
        (
            !p.winner,
            p.eliminated,
            std::cmp::Reverse(p.successes),
            p.failures,
        )
    };
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by_key(|&s| key(&players[s]));
    let mut lines = vec![format!("\n{}", text.t("event-standings", &[]))];
    let mut rank = 0;
    for (i, &s) in order.iter().enumerate() {
        let p = &players[s];
        if i == 0 || key(p) != key(&players[order[i - 1]]) {
            rank = i + 1;
        }
        let status = if p.eliminated {
            text.t("play-status-out", &[])
        } else {
            String::new()
        };
        lines.push(text.t(
            "event-standing",
            &[
                ("rank", rank.into()),
                ("name", seats.name(s as Seat).into()),
                ("successes", p.successes.into()),
                ("failures", p.failures.into()),
                ("status", status.into()),
            ],
        ));
    }
    lines.join("\n")
}
