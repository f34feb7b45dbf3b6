//! The game in words for a reading client (one that named its language in `hello`: the
//! browser table). Worded by `dungeon-text`, as the terminal words it, from what the
//! receiving seat may see only: the log entries as that seat sees them, its own view (or
//! the public one), its own question.

use super::LiveTable;
use dungeon_engine::catalog::Catalog;
use dungeon_engine::ids::*;
use dungeon_engine::lang::Lang;
use dungeon_engine::view::PlayerView;
use dungeon_protocol::{
    CardKind, CardWords, NoticeKind, OptionWords, QuestionWords, ServerMessage, Words,
};
use dungeon_records::SeatRecord;
use dungeon_text::Text;
use dungeon_text::render::{self, Seats};

/// The seats' names in `lang`, as every seat at the table reads them.
fn seats(table: &LiveTable, lang: Lang) -> Seats {
    let records: Vec<SeatRecord> = (table.seats.iter())
        .map(|s| SeatRecord {
            name: s.name.clone(),
            bot: s.bot.map(|b| b.id()),
        })
        .collect();
    Seats::new(lang, &records, false)
}

/// The words `viewer` (a seat, or a spectator: `None`) is sent after being told of log
/// entries `from..` (after `notice`, if any), with `view` its view as just sent.
pub(crate) fn words(
    table: &LiveTable,
    lang: Lang,
    from: usize,
    viewer: Option<Seat>,
    notice: Option<&NoticeKind>,
    view: &PlayerView,
) -> ServerMessage {
    let text = Text::new(lang, &table.catalog);
    let seats = seats(table, lang);
    let mut log = Vec::new();
    let mut pauses = Vec::new();
    if let Some(notice) = notice.and_then(|n| notice_line(&text, &seats, n)) {
        log.push(notice);
    }
    for event in &table.events[from.min(table.events.len())..] {
        let seen = event.seen_by(viewer.unwrap_or(dungeon_table::NOBODY));
        if let Some(line) = render::event(&text, &seats, viewer, &seen) {
            if matches!(event, dungeon_engine::event::Event::Revealed { .. }) {
                pauses.push(log.len() as u32);
            }
            log.extend(line.split('\n').map(str::to_string));
        }
    }
    let table_lines = match viewer {
        Some(_) => render::status(&text, &seats, view),
        None => render::public_status(&text, &seats, view),
    };
    let (status, question) = match (table.state.current_seat(), &table.stop) {
        (_, Some(_)) | (None, _) => {
            let status = match table.state.winner {
                Some(w) => text.t("play-game-over", &[("name", seats.name(w).into())]),
                None => text.t("tui-game-over", &[]),
            };
            (status, None)
        }
        (Some(seat), None) if viewer == Some(seat) && table.committing.is_none() => {
            let (title, options) = render::options(&text, &seats, view, viewer);
            let question = QuestionWords {
                number: table.number,
                title: title.clone(),
                options: (options.into_iter())
                    .map(|(action, label)| OptionWords { label, action })
                    .collect(),
            };
            (title, Some(question))
        }
        (Some(seat), None) => {
            let key = match table.seats.get(seat as usize).and_then(|s| s.bot) {
                Some(_) => "play-waiting-bot",
                None => "tui-waiting",
            };
            (text.t(key, &[("name", seats.name(seat).into())]), None)
        }
    };
    ServerMessage::Words(Words {
        log,
        pauses,
        table: Some(table_lines),
        status: Some(status),
        question,
        over: table.state.current_seat().is_none() && table.started(),
        seats: Some(seats.names.clone()),
    })
}

/// A note alone, as a line: nothing else at the table changed.
pub(crate) fn note(table: &LiveTable, lang: Lang, notice: &NoticeKind) -> ServerMessage {
    let text = Text::new(lang, &table.catalog);
    let seats = seats(table, lang);
    ServerMessage::Words(Words {
        log: notice_line(&text, &seats, notice).into_iter().collect(),
        seats: Some(seats.names),
        ..Words::default()
    })
}

/// The seats' names alone, for a reader arriving at the table.
pub(crate) fn seat_names(table: &LiveTable, lang: Lang) -> ServerMessage {
    ServerMessage::Words(Words {
        seats: Some(seats(table, lang).names),
        ..Words::default()
    })
}

/// A notice as a log line, in the reader's words (the same as a remote terminal's).
fn notice_line(text: &Text, seats: &Seats, notice: &NoticeKind) -> Option<String> {
    use dungeon_table::Notice;
    let notice = match notice {
        NoticeKind::Started {} => Notice::Started,
        NoticeKind::TimedOut { seat } => Notice::TimedOut { seat: *seat },
        NoticeKind::Joined { seat, .. } => Notice::Joined { seat: *seat },
        NoticeKind::Left { seat } => Notice::Left { seat: *seat },
        NoticeKind::Rematch { seat, code } => Notice::Rematch {
            seat: *seat,
            code: code.clone(),
        },
    };
    Some(render::notice(text, seats, &notice))
}

/// Every card of `catalog`, as the help lists them.
pub(crate) fn cards(catalog: &Catalog, lang: Lang) -> ServerMessage {
    let text = Text::new(lang, catalog);
    let mut cards = Vec::new();
    for a in catalog.adventurer_ids() {
        let def = catalog.adventurer(a);
        cards.push(CardWords {
            kind: CardKind::Adventurer,
            name: text.adventurer(a),
            text: text.card_text(&def.info),
            label: text.t(
                "play-action-adventurer",
                &[
                    ("adventurer", text.adventurer(a).into()),
                    ("hp", def.hp.into()),
                    ("tiles", render::tiles_with_hp(&text, &def.tiles).into()),
                ],
            ),
            copies: None,
        });
    }
    let mut seen_tiles = Vec::new();
    for a in catalog.adventurer_ids() {
        for &t in &catalog.adventurer(a).tiles {
            if seen_tiles.contains(&t) {
                continue;
            }
            seen_tiles.push(t);
            let def = catalog.tile(t);
            let name = text.tile(t);
            cards.push(CardWords {
                kind: CardKind::Tile,
                label: render::tiles_with_hp(&text, &[t]),
                name,
                text: text.card_text(&def.info),
                copies: None,
            });
        }
    }
    for (i, def) in catalog.monsters.iter().enumerate() {
        let m = MonsterId(i as u16);
        cards.push(CardWords {
            kind: CardKind::Monster,
            name: text.monster(m),
            text: text.card_text(&def.info),
            label: render::monster_card(&text, m),
            copies: Some(u32::from(def.copies)),
        });
    }
    ServerMessage::Cards { cards }
}
