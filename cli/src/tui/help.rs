//! The help screen (`?` at any prompt, or while watching): the rules in short, the keys,
//! and every card of the packs in play with its strength, species and text, in the
//! player's language.

use super::content::{Ctx, monster_label};
use dungeon_engine::catalog::DamageModel;
use ratatui::text::{Line, Span};

/// The keys a prompt understands, for the help and the hint line: (key, what it does).
pub fn keys(ctx: &Ctx, extra: &[(String, String)]) -> Vec<(String, String)> {
    let choose = ("1-9".to_string(), ctx.t("tui-key-choose-long", &[]));
    listed(ctx, Some(choose), extra, "tui-key-quit-long")
}

/// The keys of a screen that watches: nothing to choose, `q` stops watching.
pub fn watching_keys(ctx: &Ctx) -> Vec<(String, String)> {
    listed(ctx, None, &[], "tui-key-quit-watching-long")
}

fn listed(
    ctx: &Ctx,
    choose: Option<(String, String)>,
    extra: &[(String, String)],
    quit: &'static str,
) -> Vec<(String, String)> {
    let mut keys: Vec<(String, String)> = choose.into_iter().collect();
    keys.extend([
        ("?".to_string(), ctx.t("tui-key-help-long", &[])),
        ("PgUp PgDn ↑ ↓".to_string(), ctx.t("tui-key-log-long", &[])),
        ("Home End".to_string(), ctx.t("tui-key-ends-long", &[])),
    ]);
    keys.extend(extra.iter().cloned());
    keys.push(("q".to_string(), ctx.t(quit, &[])));
    keys.push(("Ctrl-C".to_string(), ctx.t("tui-key-interrupt-long", &[])));
    keys.push((ctx.t("tui-any-key", &[]), ctx.t("tui-key-skip-long", &[])));
    keys
}

/// Every line of the help, unwrapped. `extra` are keys the driver adds (save, odds).
pub fn lines(ctx: &Ctx, extra: &[(String, String)]) -> Vec<Line<'static>> {
    with_keys(ctx, keys(ctx, extra))
}

/// The help with these keys (the line mode has commands of its own).
pub fn with_keys(ctx: &Ctx, keys: Vec<(String, String)>) -> Vec<Line<'static>> {
    let p = ctx.palette;
    let text = &ctx.text;
    let catalog = text.catalog;
    let heading =
        |key: &'static str, args: &[(&str, String)]| Line::styled(ctx.t(key, args), p.title());
    let mut out = vec![heading("tui-help-rules-title", &[])];
    for key in [
        "tui.help_rules_1",
        "tui.help_rules_2",
        "tui.help_rules_3",
        "tui.help_rules_4",
    ] {
        out.push(Line::from(ctx.t(key, &[])));
    }
    out.push(Line::from(ctx.t(
        match catalog.damage_model {
            DamageModel::EndTotal => "tui-help-end-total",
            DamageModel::Running => "tui-help-running",
        },
        &[],
    )));
    out.push(Line::from(""));
    out.push(heading("tui-help-keys-title", &[]));
    for (key, what) in keys {
        out.push(Line::from(vec![
            Span::styled(key, p.key()),
            Span::raw(format!("  {what}")),
        ]));
    }
    out.push(Line::from(""));
    out.push(heading("tui-help-adventurers", &[]));
    for a in catalog.adventurer_ids() {
        let def = catalog.adventurer(a);
        let title = vec![
            Span::styled(text.adventurer(a), p.title()),
            Span::raw(format!(
                " · {}",
                ctx.t("tui-hp", &[("hp", def.hp.to_string())])
            )),
        ];
        out.push(Line::from(title));
        for &t in &def.tiles {
            let tile = catalog.tile(t);
            let mut what = text.card_text(&tile.info);
            if what.is_empty() && tile.hp != 0 {
                what = ctx.t("tui-hp-bonus", &[("hp", format!("{:+}", tile.hp))]);
            }
            if tile.once {
                what = format!("{what} {}", ctx.t("tui-once", &[]));
            }
            out.push(Line::from(vec![
                Span::raw("  "),
                Span::styled(super::content::tile_label(text, t), p.key()),
                Span::raw(format!(": {what}")),
            ]));
        }
    }
    out.push(Line::from(""));
    out.push(heading("tui-help-monsters", &[]));
    let ids = || (0..catalog.monsters.len() as u16).map(dungeon_engine::ids::MonsterId);
    let monster = |m| {
        let def = catalog.monster(m);
        let mut spans = vec![
            Span::raw("  "),
            Span::styled(monster_label(text, m), p.reveal()),
        ];
        if !def.special {
            spans.push(Span::raw(format!(" ×{}", def.copies)));
        }
        let what = text.card_text(&def.info);
        if !what.is_empty() {
            spans.push(Span::raw(format!(": {what}")));
        }
        Line::from(spans)
    };
    out.extend(ids().filter(|&m| !catalog.monster(m).special).map(monster));
    if catalog.special_monsters().next().is_some() {
        let count = catalog.specials_in_play.to_string();
        out.push(heading("tui-help-specials", &[("count", count)]));
        out.extend(ids().filter(|&m| catalog.monster(m).special).map(monster));
    }
    out
}
