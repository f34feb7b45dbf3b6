//! What `dungeon play` (and `dungeon replay`) prints: the table's state for one seat, the
//! options of a decision, and events as a given seat may see them (or, in a replay, as
//! nobody at the table could: drawn cards named).

use crate::text::{Text, seat_name, tr};
use dungeon_engine::action::{Action, DecisionKind};
use dungeon_engine::dungeon::Fate;
use dungeon_engine::event::{DefeatCause, Event};
use dungeon_engine::ids::*;
use dungeon_engine::lang::Lang;
use dungeon_engine::printable::escape_line;
use dungeon_engine::record::SeatRecord;
use dungeon_engine::view::{PlayerView, ViewPhase};

pub struct Seats {
    pub names: Vec<String>,
    pub lang: Lang,
}

impl Seats {
    /// The names of a game's seats in `lang`, escaped (they may come from a file). With
    /// `alone`, a lone human's default name is "You"; a replay, read by anyone, numbers
    /// every human instead.
    pub fn new(lang: Lang, seats: &[SeatRecord], alone: bool) -> Seats {
        let humans = seats.iter().filter(|s| s.bot.is_none()).count();
        let humans = if alone { humans } else { usize::MAX };
        Seats {
            names: seats
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let name = seat_name(lang, i, &s.name, s.bot.as_deref(), humans);
                    escape_line(&name).into_owned()
                })
                .collect(),
            lang,
        }
    }

    pub fn name(&self, seat: Seat) -> String {
        self.names
            .get(seat as usize)
            .cloned()
            .unwrap_or_else(|| tr(self.lang, "seat.unknown", &[("seat", seat.to_string())]))
    }
}

/// The table as `view.seat` sees it.
pub fn status(text: &Text, seats: &Seats, view: &PlayerView) -> Vec<String> {
    let mut out = public_status(text, seats, view);
    if !view.my_added.is_empty() {
        out.push(text.t(
            "play.your_cards",
            &[("cards", monsters(text, &view.my_added))],
        ));
    }
    if !view.my_set_aside.is_empty() {
        let cards: Vec<MonsterId> = view.my_set_aside.iter().map(|&(m, _)| m).collect();
        out.push(text.t("play.your_aside", &[("cards", monsters(text, &cards))]));
    }
    if let Some(m) = view.hand {
        out.push(text.t("play.you_drew", &[("monster", text.monster(m))]));
    }
    out
}

/// What every seat sees: the adventurer, the piles' sizes, each player's standing.
pub fn public_status(text: &Text, seats: &Seats, view: &PlayerView) -> Vec<String> {
    let mut out = Vec::new();
    let in_round = matches!(
        view.phase,
        ViewPhase::Bidding { .. } | ViewPhase::Dungeon { .. }
    );
    if let Some(a) = view.adventurer.filter(|_| in_round) {
        let def = text.catalog.adventurer(a);
        // In the dungeon, the HP the runner has now; before, what they would enter with.
        let hp = match (&view.run, view.phase) {
            (Some(run), ViewPhase::Dungeon { .. }) => run.hp,
            _ => {
                def.hp
                    + view
                        .tiles
                        .iter()
                        .map(|&t| text.catalog.tile(t).hp)
                        .sum::<i32>()
            }
        };
        out.push(text.t(
            "play.adventurer_line",
            &[
                ("adventurer", text.adventurer(a)),
                ("hp", hp.to_string()),
                ("tiles", tiles_with_hp(text, &view.tiles)),
            ],
        ));
        if def.info.reconstructed {
            out.push(format!("  {}", text.t("play.reconstructed", &[])));
        }
        out.push(text.t(
            "play.dungeon_size",
            &[
                ("count", view.dungeon_size.to_string()),
                ("deck", view.deck_size.to_string()),
            ],
        ));
    }
    for (i, p) in view.players.iter().enumerate() {
        let status = if p.eliminated {
            text.t("play.status_out", &[])
        } else if p.passed && matches!(view.phase, ViewPhase::Bidding { .. }) {
            text.t("play.status_passed", &[])
        } else {
            String::new()
        };
        out.push(format!(
            "  {}",
            text.t(
                "play.score_line",
                &[
                    ("name", seats.name(i as Seat)),
                    ("successes", p.successes.to_string()),
                    ("failures", p.failures.to_string()),
                    ("status", status)
                ]
            )
        ));
    }
    out
}

fn tiles_with_hp(text: &Text, tiles: &[TileId]) -> String {
    if tiles.is_empty() {
        return text.t("play.no_tiles", &[]);
    }
    tiles
        .iter()
        .map(|&t| match text.catalog.tile(t).hp {
            0 => text.tile(t),
            hp => format!("{} ({hp:+})", text.tile(t)),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn monsters(text: &Text, list: &[MonsterId]) -> String {
    list.iter()
        .map(|&m| text.monster(m))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One line per legal action of the view's decision, in `legal_actions` order.
/// `reader` is the one human reading the screen, if there is only one.
pub fn options(
    text: &Text,
    seats: &Seats,
    view: &PlayerView,
    reader: Option<Seat>,
) -> (String, Vec<(Action, String)>) {
    let Some(decision) = &view.decision else {
        return (String::new(), Vec::new());
    };
    let me = seats.name(view.seat);
    let hand = view.hand.map(|m| text.monster(m)).unwrap_or_default();
    let current = view
        .run
        .as_ref()
        .and_then(|r| r.faced.last())
        .filter(|f| f.fate == Fate::Facing)
        .map(|f| f.monster);
    let header = match &decision.kind {
        DecisionKind::ChooseAdventurer { .. } => {
            text.about("play.choose_adventurer", view.seat, reader, &[("name", me)])
        }
        DecisionKind::Question(q) => text.prompt(q, current),
        _ => text.about("play.your_turn", view.seat, reader, &[("name", me)]),
    };
    let lines = decision
        .legal_actions()
        .into_iter()
        .map(|action| {
            let line = match action {
                Action::Draw => text.t("play.action_draw", &[]),
                Action::Pass => text.t("play.action_pass", &[]),
                Action::AddToDungeon => text.t("play.action_add", &[("monster", hand.clone())]),
                Action::SetAside(t) => text.t(
                    "play.action_aside",
                    &[("monster", hand.clone()), ("tile", text.tile(t))],
                ),
                Action::ChooseAdventurer(a) => {
                    let def = text.catalog.adventurer(a);
                    let line = text.t(
                        "play.action_adventurer",
                        &[
                            ("adventurer", text.adventurer(a)),
                            ("hp", def.hp.to_string()),
                            ("tiles", tiles_with_hp(text, &def.tiles)),
                        ],
                    );
                    if def.info.reconstructed {
                        format!("{line} {}", text.t("play.reconstructed", &[]))
                    } else {
                        line
                    }
                }
                Action::Answer(a) => text.answer(a, |s| seats.name(s)),
            };
            (action, line)
        })
        .collect();
    (header, lines)
}

/// An event as a line of text, already redacted for the viewer; `None` for events not
/// worth a line.
pub fn event(text: &Text, seats: &Seats, viewer: Option<Seat>, e: &Event) -> Option<String> {
    let name = |s: Seat| seats.name(s);
    let t = |key: &str, args: &[(&str, String)]| text.t(key, args);
    let you =
        |key: &str, subject: Seat, args: &[(&str, String)]| text.about(key, subject, viewer, args);
    Some(match e {
        Event::GameStarted { players, first, .. } => you(
            "event.game_started",
            *first,
            &[("players", players.to_string()), ("name", name(*first))],
        ),
        Event::AdventurerChosen {
            seat: Some(s),
            adventurer,
        } => you(
            "event.adventurer_chosen",
            *s,
            &[
                ("name", name(*s)),
                ("adventurer", text.adventurer(*adventurer)),
            ],
        ),
        Event::AdventurerChosen {
            seat: None,
            adventurer,
        } => t(
            "event.adventurer_drawn",
            &[("adventurer", text.adventurer(*adventurer))],
        ),
        Event::RoundStarted {
            round,
            first,
            adventurer,
        } => {
            format!(
                "\n== {} ==",
                you(
                    "event.round_started",
                    *first,
                    &[
                        ("round", round.to_string()),
                        ("adventurer", text.adventurer(*adventurer)),
                        ("name", name(*first))
                    ]
                )
            )
        }
        Event::Drew { seat, monster, .. } => match (monster, viewer) {
            (Some(m), Some(v)) if v == *seat => {
                t("event.drew_own", &[("monster", text.monster(*m))])
            }
            // Only a replay shows a card nobody at the screen drew.
            (Some(m), None) => t(
                "event.drew_seen",
                &[("name", name(*seat)), ("monster", text.monster(*m))],
            ),
            _ => you("event.drew", *seat, &[("name", name(*seat))]),
        },
        Event::AddedToDungeon {
            seat,
            forced,
            monster: Some(m),
            ..
        } if viewer.is_none() => t(
            if *forced {
                "event.added_forced_seen"
            } else {
                "event.added_seen"
            },
            &[("name", name(*seat)), ("monster", text.monster(*m))],
        ),
        Event::SetAside {
            seat,
            tile,
            monster: Some(m),
            ..
        } if viewer.is_none() => t(
            "event.set_aside_seen",
            &[
                ("name", name(*seat)),
                ("monster", text.monster(*m)),
                ("tile", text.tile(*tile)),
            ],
        ),
        Event::AddedToDungeon { seat, forced, .. } => you(
            if *forced {
                "event.added_forced"
            } else {
                "event.added"
            },
            *seat,
            &[("name", name(*seat))],
        ),
        Event::SetAside { seat, tile, .. } => you(
            "event.set_aside",
            *seat,
            &[("name", name(*seat)), ("tile", text.tile(*tile))],
        ),
        Event::Passed { seat, forced } => you(
            if *forced {
                "event.passed_forced"
            } else {
                "event.passed"
            },
            *seat,
            &[("name", name(*seat))],
        ),
        Event::Entered {
            seat,
            hp,
            tiles,
            dungeon,
        } => {
            format!(
                "\n{}",
                you(
                    "event.entered",
                    *seat,
                    &[
                        ("name", name(*seat)),
                        ("hp", hp.to_string()),
                        ("tiles", text.tiles(tiles)),
                        ("count", dungeon.to_string())
                    ]
                )
            )
        }
        Event::Answered { seat, answer, .. } => you(
            "event.answered",
            *seat,
            &[
                ("name", name(*seat)),
                ("answer", text.answer(*answer, name)),
            ],
        ),
        Event::Revealed {
            monster,
            position,
            strength,
            species,
            ..
        } => {
            let mut detail = Vec::new();
            if let Some(s) = strength {
                detail.push(t("event.strength", &[("strength", s.to_string())]));
            }
            let printed = text.catalog.monster(*monster);
            if species.is_some() && *species != printed.species {
                detail.push(t(
                    "event.species",
                    &[("species", text.species(species.unwrap()))],
                ));
            }
            let detail = if detail.is_empty() {
                String::new()
            } else {
                format!(" ({})", detail.join(", "))
            };
            t(
                "event.revealed",
                &[
                    ("position", position.to_string()),
                    ("monster", text.monster(*monster)),
                    ("detail", detail),
                ],
            )
        }
        Event::Defeated { monster, by, .. } => match by {
            DefeatCause::Tile(tile) => t(
                "event.defeated_by_tile",
                &[
                    ("monster", text.monster(*monster)),
                    ("tile", text.tile(*tile)),
                ],
            ),
            DefeatCause::Skipped(card) => t(
                "event.defeated_skipped",
                &[
                    ("monster", text.monster(*monster)),
                    ("card", text.card(*card)),
                ],
            ),
            DefeatCause::Itself => t(
                "event.defeated_itself",
                &[("monster", text.monster(*monster))],
            ),
        },
        Event::Replaced { by, .. } => t("event.replaced", &[("card", text.card(*by))]),
        Event::Damaged { amount, hp, .. } => t(
            "event.damaged",
            &[("amount", amount.to_string()), ("hp", hp.to_string())],
        ),
        Event::HpChanged { by, delta, hp } => t(
            "event.hp_changed",
            &[
                ("card", text.card(*by)),
                ("delta", format!("{delta:+}")),
                ("hp", hp.to_string()),
            ],
        ),
        Event::TileDiscarded { tile, hp, .. } => t(
            "event.tile_discarded",
            &[("tile", text.tile(*tile)), ("hp", hp.to_string())],
        ),
        Event::Revived { by, hp, .. } => t(
            "event.revived",
            &[("tile", text.tile(*by)), ("hp", hp.to_string())],
        ),
        Event::Died { hp } => t("event.died", &[("hp", hp.to_string())]),
        Event::SuccessForced { by } => t("event.success_forced", &[("card", text.card(*by))]),
        Event::Success {
            seat,
            hp,
            successes,
        } => you(
            "event.success",
            *seat,
            &[
                ("name", name(*seat)),
                ("hp", hp.to_string()),
                ("successes", successes.to_string()),
            ],
        ),
        Event::Failure { seat, failures, .. } => you(
            "event.failure",
            *seat,
            &[("name", name(*seat)), ("failures", failures.to_string())],
        ),
        Event::Eliminated { seat } => you("event.eliminated", *seat, &[("name", name(*seat))]),
        Event::SetAsideShown { seat, cards } => {
            let list: Vec<MonsterId> = cards.iter().map(|&(_, m, _)| m).collect();
            you(
                "event.set_aside_shown",
                *seat,
                &[("name", name(*seat)), ("cards", monsters(text, &list))],
            )
        }
        Event::Asked { .. } | Event::Logged { .. } | Event::Standings { .. } => return None,
        Event::Won { seat } => format!(
            "\n*** {} ***",
            you("event.won", *seat, &[("name", name(*seat))])
        ),
    })
}
