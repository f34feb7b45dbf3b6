//! What `dungeon play` (and `dungeon replay`) prints: the table's state for one seat, the
//! options of a decision, and events as a given seat may see them (or, in a replay, as
//! nobody at the table could: drawn cards named).

use crate::text::{Arg, Text, seat_name, tr};
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
            .unwrap_or_else(|| tr(self.lang, "seat-unknown", &[("seat", seat.into())]))
    }
}

/// The table as `view.seat` sees it.
pub fn status(text: &Text, seats: &Seats, view: &PlayerView) -> Vec<String> {
    let mut out = public_status(text, seats, view);
    if !view.my_added.is_empty() {
        out.push(text.t(
            "play-your-cards",
            &[("cards", monsters(text, &view.my_added).into())],
        ));
    }
    if !view.my_set_aside.is_empty() {
        let cards: Vec<MonsterId> = view.my_set_aside.iter().map(|&(m, _)| m).collect();
        out.push(text.t(
            "play-your-aside",
            &[("cards", monsters(text, &cards).into())],
        ));
    }
    if let Some(m) = view.hand {
        out.push(text.t("play-you-drew", &[("monster", text.monster(m).into())]));
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
            "play-adventurer-line",
            &[
                ("adventurer", text.adventurer(a).into()),
                ("hp", hp.into()),
                ("tiles", tiles_with_hp(text, &view.tiles).into()),
            ],
        ));
        if def.info.reconstructed {
            out.push(format!("  {}", text.t("play-reconstructed", &[])));
        }
        out.push(text.t(
            "play-dungeon-size",
            &[
                ("count", view.dungeon_size.into()),
                ("deck", view.deck_size.into()),
            ],
        ));
    }
    for (i, p) in view.players.iter().enumerate() {
        let status = if p.eliminated {
            text.t("play-status-out", &[])
        } else if p.passed && matches!(view.phase, ViewPhase::Bidding { .. }) {
            text.t("play-status-passed", &[])
        } else {
            String::new()
        };
        out.push(format!(
            "  {}",
            text.t(
                "play-score-line",
                &[
                    ("name", seats.name(i as Seat).into()),
                    ("successes", p.successes.into()),
                    ("failures", p.failures.into()),
                    ("status", status.into())
                ]
            )
        ));
    }
    out
}

fn tiles_with_hp(text: &Text, tiles: &[TileId]) -> String {
    if tiles.is_empty() {
        return text.t("play-no-tiles", &[]);
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
        DecisionKind::ChooseAdventurer { .. } => text.about(
            "play-choose-adventurer",
            view.seat,
            reader,
            &[("name", me.into())],
        ),
        DecisionKind::Question(q) => text.prompt(q, current),
        _ => text.about("play-your-turn", view.seat, reader, &[("name", me.into())]),
    };
    let lines = decision
        .legal_actions()
        .into_iter()
        .map(|action| {
            let line = match action {
                Action::Draw => text.t("play-action-draw", &[]),
                Action::Pass => text.t("play-action-pass", &[]),
                Action::AddToDungeon => {
                    text.t("play-action-add", &[("monster", hand.clone().into())])
                }
                Action::SetAside(t) => text.t(
                    "play-action-aside",
                    &[
                        ("monster", hand.clone().into()),
                        ("tile", text.tile(t).into()),
                    ],
                ),
                Action::ChooseAdventurer(a) => {
                    let def = text.catalog.adventurer(a);
                    let line = text.t(
                        "play-action-adventurer",
                        &[
                            ("adventurer", text.adventurer(a).into()),
                            ("hp", def.hp.into()),
                            ("tiles", tiles_with_hp(text, &def.tiles).into()),
                        ],
                    );
                    if def.info.reconstructed {
                        format!("{line} {}", text.t("play-reconstructed", &[]))
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
            format!(
                "\n== {} ==",
                you(
                    "event-round-started",
                    *first,
                    &[
                        ("round", round.into()),
                        ("adventurer", text.adventurer(*adventurer).into()),
                        ("name", name(*first).into())
                    ]
                )
            )
        }
        Event::Drew { seat, monster, .. } => match (monster, viewer) {
            (Some(m), Some(v)) if v == *seat => {
                t("event-drew-own", &[("monster", text.monster(*m).into())])
            }
            // Only a replay shows a card nobody at the screen drew.
            (Some(m), None) => t(
                "event-drew-seen",
                &[
                    ("name", name(*seat).into()),
                    ("monster", text.monster(*m).into()),
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
                ("monster", text.monster(*m).into()),
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
                ("monster", text.monster(*m).into()),
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
            format!(
                "\n{}",
                you(
                    "event-entered",
                    *seat,
                    &[
                        ("name", name(*seat).into()),
                        ("hp", hp.into()),
                        ("tiles", text.tiles(tiles).into()),
                        ("count", dungeon.into())
                    ]
                )
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
        } => {
            let mut detail = Vec::new();
            if let Some(s) = strength {
                detail.push(t("event-strength", &[("strength", s.into())]));
            }
            let printed = text.catalog.monster(*monster);
            if species.is_some() && *species != printed.species {
                detail.push(t(
                    "event-species",
                    &[("species", (text.species(species.unwrap())).into())],
                ));
            }
            let detail = if detail.is_empty() {
                String::new()
            } else {
                format!(" ({})", detail.join(", "))
            };
            t(
                "event-revealed",
                &[
                    ("position", position.into()),
                    ("monster", text.monster(*monster).into()),
                    ("detail", detail.into()),
                ],
            )
        }
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
        Event::Damaged { amount, hp, .. } => t(
            "event-damaged",
            &[("amount", amount.into()), ("hp", hp.into())],
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
        Event::Revived { by, hp } => t(
            "event-revived",
            &[("tile", text.tile(*by).into()), ("hp", hp.into())],
        ),
        Event::Died { hp } => t("event-died", &[("hp", hp.into())]),
        Event::SuccessForced { by } => {
            t("event-success-forced", &[("card", text.card(*by).into())])
        }
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
        Event::Won { seat } => format!(
            "\n*** {} ***",
            you("event-won", *seat, &[("name", name(*seat).into())])
        ),
    })
}
