//! What the table panel and the player's corner say, as styled lines: the adventurer and
//! the equipment left, the piles, each player's standing and whose turn it is; then the
//! card the player holds, what they added and what they set aside. Everything here comes
//! from one seat's `PlayerView` (or the table's public view), never from a game state.

use super::style::Palette;
use super::wrap::TURN_MARKER;
use crate::text::render::Seats;
use crate::text::{Arg, Text};
use dungeon_engine::ids::{MonsterId, Seat, TileId};
use dungeon_engine::view::{PlayerView, ViewPhase};
use ratatui::text::{Line, Span};

/// What every screen part needs to speak: the language and cards, the seats' names, the
/// colours.
#[derive(Clone, Copy)]
pub struct Ctx<'a> {
    pub text: Text<'a>,
    pub seats: &'a Seats,
    pub palette: Palette,
}

impl Ctx<'_> {
    pub fn t(&self, key: &'static str, args: &[(&str, String)]) -> String {
        t(&self.text, key, args)
    }

    /// Message `key` about `subject`, in the second person (its `.you` form) when
    /// `reader` is the subject.
    pub fn about(
        &self,
        key: &'static str,
        subject: Seat,
        reader: Option<Seat>,
        args: &[(&str, String)],
    ) -> String {
        self.text.about(key, subject, reader, &fluent_args(args))
    }
}

/// A message with text arguments; see [`fluent_args`].
pub fn t(text: &Text, key: &'static str, args: &[(&str, String)]) -> String {
    text.t(key, &fluent_args(args))
}

/// The screens' arguments as Fluent takes them: a whole number written as one ("3", not
/// "03") goes as a number, so that a message can pick its plural ("1 row", "2 rows").
fn fluent_args<'k>(args: &[(&'k str, String)]) -> Vec<(&'k str, Arg)> {
    let arg = |v: &String| match v.parse::<i64>() {
        Ok(n) if n.to_string() == *v => Arg::from(n),
        _ => Arg::from(v),
    };
    args.iter().map(|(k, v)| (*k, arg(v))).collect()
}

/// A monster with its printed strength, and its species when the name does not say it:
/// "Golem (5)", "The Count (4, Vampire)", "Ally (no strength)".
pub fn monster_label(text: &Text, m: MonsterId) -> String {
    let def = text.catalog.monster(m);
    let name = text.monster(m);
    let strength = match def.strength {
        Some(s) => s.to_string(),
        None => t(text, "tui-no-strength", &[]),
    };
    match def.species.map(|s| text.species(s)) {
        Some(species) if species != name => t(
            text,
            "tui-monster-species",
            &[("name", name), ("strength", strength), ("species", species)],
        ),
        _ => t(
            text,
            "tui-monster",
            &[("name", name), ("strength", strength)],
        ),
    }
}

/// A tile with the HP it gives: "Plate Armor +5", "Torch".
pub fn tile_label(text: &Text, t: TileId) -> String {
    match text.catalog.tile(t).hp {
        0 => text.tile(t),
        hp => format!("{} {hp:+}", text.tile(t)),
    }
}

/// The table panel: the round and adventurer, equipment left, piles, and the players.
/// `turn` is whose decision the game waits for.
pub fn table_lines(
    ctx: &Ctx,
    view: &PlayerView,
    turn: Option<Seat>,
    reader: Option<Seat>,
) -> Vec<Line<'static>> {
    let p = ctx.palette;
    let text = &ctx.text;
    let mut out = Vec::new();
    let in_round = matches!(
        view.phase,
        ViewPhase::Bidding { .. } | ViewPhase::Dungeon { .. }
    );
    match view.adventurer.filter(|_| in_round) {
        Some(a) => {
            let def = text.catalog.adventurer(a);
            let (hp, of) = match (&view.run, view.phase) {
                (Some(run), ViewPhase::Dungeon { .. }) => (run.hp, Some(run.start_hp)),
                _ => {
                    let tiles: i32 = view.tiles.iter().map(|&t| text.catalog.tile(t).hp).sum();
                    (def.hp + tiles, None)
                }
            };
            let round = ctx.t("tui-round", &[("round", view.round.to_string())]);
            let mut line = vec![
                Span::styled(round, p.title()),
                Span::raw(" · "),
                Span::styled(text.adventurer(a), p.title()),
                Span::raw(" · "),
                Span::styled(
                    match of {
                        Some(start) => ctx.t(
                            "tui-hp-run",
                            &[("hp", hp.to_string()), ("start", start.to_string())],
                        ),
                        None => ctx.t("tui-hp", &[("hp", hp.to_string())]),
                    },
                    p.hp(hp),
                ),
            ];
            let piles = [
                ("dungeon", view.dungeon_size.to_string()),
                ("deck", view.deck_size.to_string()),
            ];
            line.push(Span::raw(" · "));
            line.push(Span::raw(ctx.t("tui-piles", &piles)));
            out.push(Line::from(line));
            let tiles = if view.tiles.is_empty() {
                t(text, "play-no-tiles", &[])
            } else {
                let labels: Vec<String> = view.tiles.iter().map(|&t| tile_label(text, t)).collect();
                labels.join(" · ")
            };
            out.push(Line::from(ctx.t("tui-tiles", &[("tiles", tiles)])));
        }
        None if matches!(view.phase, ViewPhase::GameOver { .. }) => {
            out.push(Line::styled(ctx.t("tui-game-over", &[]), p.title()))
        }
        None => out.push(Line::styled(
            ctx.t(
                "tui-between-rounds",
                &[("round", (view.round + 1).to_string())],
            ),
            p.title(),
        )),
    }
    for (i, player) in view.players.iter().enumerate() {
        let seat = i as Seat;
        let mut spans = Vec::new();
        if turn == Some(seat) {
            spans.push(Span::styled(TURN_MARKER, p.turn()));
        } else {
            spans.push(Span::raw("  "));
        }
        let name_style = if turn == Some(seat) {
            p.turn()
        } else {
            p.title()
        };
        let name = ctx.seats.name(seat);
        spans.push(Span::styled(
            ctx.t("tui-name", &[("name", name)]),
            name_style,
        ));
        spans.push(Span::raw(" "));
        spans.push(Span::styled(
            ctx.t("tui-successes", &[("count", player.successes.to_string())]),
            if player.successes > 0 {
                p.good()
            } else {
                Default::default()
            },
        ));
        spans.push(Span::raw(", "));
        spans.push(Span::styled(
            ctx.t("tui-failures", &[("count", player.failures.to_string())]),
            if player.failures > 0 {
                p.bad()
            } else {
                Default::default()
            },
        ));
        let status = if player.eliminated {
            Some((ctx.t("tui-eliminated", &[]), p.bad()))
        } else if matches!(view.phase, ViewPhase::Dungeon { runner } if runner == seat) {
            Some((ctx.t("tui-running", &[]), p.reveal()))
        } else if player.passed && matches!(view.phase, ViewPhase::Bidding { .. }) {
            Some((ctx.about("tui-passed", seat, reader, &[]), p.dim()))
        } else {
            None
        };
        if let Some((status, style)) = status {
            spans.push(Span::raw(" · "));
            spans.push(Span::styled(status, style));
        }
        if !player.set_aside_tiles.is_empty() && in_round {
            let tiles: Vec<String> = player
                .set_aside_tiles
                .iter()
                .map(|&t| text.tile(t))
                .collect();
            spans.push(Span::raw(" · "));
            spans.push(Span::styled(
                ctx.about("tui-took", seat, reader, &[("tiles", tiles.join(", "))]),
                p.dim(),
            ));
        }
        out.push(Line::from(spans));
    }
    out
}

/// The player's corner: the card they hold, what they added and set aside this round.
pub fn corner_lines(ctx: &Ctx, view: &PlayerView) -> Vec<Line<'static>> {
    let p = ctx.palette;
    let text = &ctx.text;
    let mut out = Vec::new();
    if let Some(m) = view.hand {
        out.push(Line::from(vec![
            Span::raw(ctx.t("tui-hold", &[])),
            Span::raw(" "),
            Span::styled(
                monster_label(text, m),
                p.private().add_modifier(ratatui::style::Modifier::BOLD),
            ),
        ]));
    }
    if !view.my_added.is_empty() {
        let cards: Vec<String> = view
            .my_added
            .iter()
            .map(|&m| monster_label(text, m))
            .collect();
        out.push(Line::from(vec![
            Span::raw(ctx.t("tui-added", &[])),
            Span::raw(" "),
            Span::styled(cards.join(", "), p.private()),
        ]));
    }
    if !view.my_set_aside.is_empty() {
        let cards: Vec<String> = view
            .my_set_aside
            .iter()
            .map(|&(m, t)| {
                ctx.t(
                    "tui-aside-card",
                    &[("card", monster_label(text, m)), ("tile", text.tile(t))],
                )
            })
            .collect();
        out.push(Line::from(vec![
            Span::raw(ctx.t("tui-aside", &[])),
            Span::raw(" "),
            Span::styled(cards.join(", "), p.private()),
        ]));
    }
    if out.is_empty() {
        out.push(Line::styled(ctx.t("tui-corner-empty", &[]), p.dim()));
    }
    out
}
