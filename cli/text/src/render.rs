//! What `dungeon play` (and `dungeon replay`, and the full-screen table) shows: the
//! table's state for one seat, the options of a decision, and the log: each event as a
//! given seat may see it (`events.rs`; in a replay, as nobody at the table could: drawn
//! cards named). A monster is shown with its strength and species wherever it is named
//! on its own ("Goblin (1, goblin)").

mod events;

pub use events::event;

use crate::{Text, seat_name, tr};
use dungeon_engine::action::{Action, DecisionKind};
use dungeon_engine::dungeon::Fate;
use dungeon_engine::ids::*;
use dungeon_engine::lang::Lang;
use dungeon_engine::printable::escape_line;
use dungeon_engine::view::{PlayerView, ViewPhase};
use dungeon_records::SeatRecord;

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
        out.push(text.t(
            "play-you-drew",
            &[("monster", monster_card(text, m).into())],
        ));
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

pub fn tiles_with_hp(text: &Text, tiles: &[TileId]) -> String {
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

/// Monsters with their strength and species, by commas.
fn monsters(text: &Text, list: &[MonsterId]) -> String {
    list.iter()
        .map(|&m| monster_card(text, m))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A monster as printed on its card: "Goblin (1, goblin)".
pub fn monster_card(text: &Text, m: MonsterId) -> String {
    let def = text.catalog.monster(m);
    monster_as(text, m, def.strength, def.species)
}

/// A monster with a strength and a species (as revealed, which a card may change):
/// "Golem (5, golem)", "The Count (8)", "Ally (no strength)".
pub fn monster_as(
    text: &Text,
    m: MonsterId,
    strength: Option<i32>,
    species: Option<SpeciesId>,
) -> String {
    let strength = match strength {
        Some(s) => s.to_string(),
        None => text.t("card-no-strength", &[]),
    };
    let details = match species {
        Some(s) => format!("{strength}, {}", text.species(s).to_lowercase()),
        None => strength,
    };
    text.t(
        "card-monster",
        &[
            ("name", text.monster(m).into()),
            ("details", details.into()),
        ],
    )
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
    let hand = view.hand.map(|m| monster_card(text, m)).unwrap_or_default();
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
                    // Whether a card's text was reconstructed is for `dungeon cards`, not
                    // for a player choosing.
                    line
                }
                Action::Answer(a) => text.answer(a, |s| seats.name(s)),
            };
            (action, line)
        })
        .collect();
    (header, lines)
}

/// A table's note beside the log (a remote table's: who came and went, a bot answering
/// for a player out of time, the connection), in the reader's words.
pub fn notice(text: &Text, seats: &Seats, notice: &dungeon_table::Notice) -> String {
    use dungeon_table::Notice;
    let named = |key, seat: Seat| text.t(key, &[("name", seats.name(seat).into())]);
    match notice {
        Notice::Started => text.t("note-started", &[]),
        Notice::TimedOut { seat } => named("note-timed-out", *seat),
        Notice::Joined { seat } => named("note-joined", *seat),
        Notice::Left { seat } => named("note-left", *seat),
        Notice::Rematch { seat, code } => text.t(
            "note-rematch",
            &[
                ("name", seats.name(*seat).into()),
                ("code", code.clone().into()),
            ],
        ),
        Notice::Reconnecting => text.t("note-reconnecting", &[]),
        Notice::Reconnected => text.t("note-reconnected", &[]),
        Notice::GaveUp => text.t("note-gave-up", &[]),
        Notice::SeatTaken => text.t("note-seat-taken", &[]),
    }
}
