//! The report as text tables for people, in the language chosen.

use super::report::{Report, WinRow};
use crate::text::{Arg, bot_kind, decimal_range, decimal_text, percent, percent_range, tr};
use dungeon_engine::catalog::Catalog;
use dungeon_engine::lang::Lang;
use dungeon_engine::options::{VARIANT_RULING, VariantScope};
use dungeon_engine::printable::escape_line;
use std::fmt::Write;

/// Columns of text, each as wide as its widest cell.
pub(super) struct Table {
    heads: Vec<String>,
    /// Right-aligned (numbers) or left-aligned (names).
    right: Vec<bool>,
    pub(super) rows: Vec<Vec<String>>,
}

impl Table {
    pub(super) fn new(heads: Vec<String>, right: &[bool]) -> Table {
        Table {
            heads,
            right: right.to_vec(),
            rows: Vec::new(),
        }
    }

    pub(super) fn write(&self, out: &mut String) {
        let width = |i: usize| {
            self.rows
                .iter()
                .map(|r| r[i].chars().count())
                .chain([self.heads[i].chars().count()])
                .max()
                .unwrap_or(0)
        };
        let widths: Vec<usize> = (0..self.heads.len()).map(width).collect();
        for row in std::iter::once(&self.heads).chain(&self.rows) {
            let cells: Vec<String> = row
                .iter()
                .enumerate()
                .map(|(i, cell)| {
                    let pad = " ".repeat(widths[i] - cell.chars().count());
                    if self.right[i] {
                        format!("{pad}{cell}")
                    } else {
                        format!("{cell}{pad}")
                    }
                })
                .collect();
            let _ = writeln!(out, "{}", cells.join("  ").trim_end());
        }
    }
}

/// Names in the language chosen, from ids of the report.
pub struct Names<'a> {
    pub lang: Lang,
    pub catalog: &'a Catalog,
}

impl Names<'_> {
    pub fn t(&self, key: &'static str, args: &[(&str, Arg)]) -> String {
        tr(self.lang, key, args)
    }
    /// A rate as a percentage, one decimal.
    pub fn pct(&self, rate: f64) -> String {
        percent(self.lang, rate, 1)
    }
    /// A confidence interval as a range of percentages.
    pub fn interval(&self, low: f64, high: f64) -> String {
        percent_range(self.lang, low, high, 1)
    }
    /// A mean (tiles per round), two decimals.
    pub fn mean(&self, value: f64) -> String {
        decimal_text(self.lang, value, 2)
    }
    /// A mean's confidence interval, two decimals.
    pub fn mean_interval(&self, low: f64, high: f64) -> String {
        decimal_range(self.lang, low, high, 2)
    }
    pub fn bot(&self, id: &str) -> String {
        bot_kind(self.lang, id)
    }
    pub fn adventurer(&self, id: &str) -> String {
        self.catalog
            .find_adventurer(id)
            .map_or(id.to_string(), |a| {
                self.catalog.adventurer(a).info.name.get(self.lang).into()
            })
    }
    pub fn tile(&self, id: &str) -> String {
        self.catalog.find_tile(id).map_or(id.to_string(), |t| {
            self.catalog.tile(t).info.name.get(self.lang).into()
        })
    }
    pub fn monster(&self, id: Option<&str>) -> String {
        match id.and_then(|m| self.catalog.find_monster(m)) {
            Some(m) => self.catalog.monster(m).info.name.get(self.lang).into(),
            None => self.t("sim-no-monster", &[]),
        }
    }
    /// The lineup as given, in the language chosen.
    pub fn lineup(&self, report: &Report) -> String {
        let bots: Vec<String> = report.lineup.iter().map(|b| self.bot(b)).collect();
        bots.join(",")
    }
    /// The first line of every output: what was simulated.
    pub fn summary(&self, report: &Report) -> String {
        let players: Vec<String> = report.players.iter().map(u8::to_string).collect();
        self.t(
            "sim-summary",
            &[
                ("games", report.games.into()),
                ("players", players.join(",").into()),
                ("packs", report.packs.join(",").into()),
                ("bots", self.lineup(report).into()),
            ],
        )
    }
    /// The options that shaped the games.
    pub fn setup(&self, report: &Report) -> String {
        let o = &report.options;
        let mut parts = vec![
            self.t("sim-seed", &[("seed", report.seed.to_string().into())]),
            match o.damage_model.as_str() {
                "end_total" => self.t("sim-damage-end-total", &[]),
                "running" => self.t("sim-damage-running", &[]),
                other => other.to_string(),
            },
        ];
        if o.specials_in_play > 0 {
            let n = o.specials_in_play;
            parts.push(self.t("sim-specials", &[("specials", n.into())]));
        }
        if o.designer_variant {
            parts.push(self.t("sim-variant", &[]));
        }
        let mut rulings: Vec<String> = Vec::new();
        if o.designer_variant && o.variant_scope != VariantScope::default().id() {
            rulings.push(format!("{VARIANT_RULING}={}", o.variant_scope));
        }
        for r in &self.catalog.rulings {
            let Some(choice) = o.rulings.get(&r.id) else {
                continue;
            };
            if *choice != r.default_choice().id {
                rulings.push(format!("{}={choice}", r.id));
            }
        }
        if !rulings.is_empty() {
            let rulings = escape_line(&rulings.join(", ")).into_owned();
            parts.push(self.t("sim-rulings", &[("rulings", rulings.into())]));
        }
        match o.first_adventurer.as_str() {
            "choose" => {}
            "random" => parts.push(self.t("sim-first-random", &[])),
            id => parts.push(self.t(
                "sim-first-named",
                &[("adventurer", self.adventurer(id).into())],
            )),
        }
        parts.join("; ")
    }
}

pub fn render(report: &Report, names: &Names) -> String {
    let t = |key: &'static str| names.t(key, &[]);
    let mut out = String::new();
    let _ = writeln!(out, "{}", names.summary(report));
    if report.players.len() > 1 {
        let n = report.games_per_player_count;
        let _ = writeln!(out, "{}", names.t("sim-split", &[("games", n.into())]));
    }
    let _ = writeln!(out, "{}", names.setup(report));
    let _ = writeln!(out, "{}", t("sim-intervals"));
    super::sanity_text::write(&mut out, report, names);
    let tables = &report.tables;

    let win_heads = |first: &[&'static str]| {
        let mut heads: Vec<String> = first.iter().map(|k| t(k)).collect();
        heads.extend(["sim-games", "sim-wins", "sim-win-pct", "sim-interval"].map(t));
        let mut right = vec![false; first.len()];
        right.extend([true; 4]);
        Table::new(heads, &right)
    };
    let win_cells = |r: &WinRow| {
        vec![
            r.games.to_string(),
            r.wins.to_string(),
            names.pct(r.rate),
            names.interval(r.ci_low, r.ci_high),
        ]
    };
    let section = |out: &mut String, title: &'static str, table: Table| {
        let _ = writeln!(out, "\n{}", t(title));
        table.write(out);
    };

    let mut bots = win_heads(&["sim-bot"]);
    for r in &tables.bots {
        let mut row = vec![names.bot(r.bot.as_deref().unwrap_or_default())];
        row.extend(win_cells(r));
        bots.rows.push(row);
    }
    section(&mut out, "sim-title-bots", bots);

    if report.players.len() > 1 {
        let mut counts = win_heads(&["sim-players", "sim-bot"]);
        for r in &tables.player_counts {
            let mut row = vec![
                r.players.unwrap_or(0).to_string(),
                names.bot(r.bot.as_deref().unwrap_or_default()),
            ];
            row.extend(win_cells(r));
            counts.rows.push(row);
        }
        section(&mut out, "sim-title-player-counts", counts);
    }

    for (title, column, rows) in [
        ("sim-title-seats", "sim-seat", &tables.seats),
        ("sim-title-turn-order", "sim-turn", &tables.turn_order),
    ] {
        let mut table = win_heads(&["sim-players", column]);
        for r in rows {
            let place = r.seat.or(r.position).unwrap_or(0);
            let mut row = vec![r.players.unwrap_or(0).to_string(), place.to_string()];
            row.extend(win_cells(r));
            table.rows.push(row);
        }
        section(&mut out, title, table);
    }

    let mut advs = Table::new(
        [
            "sim-adventurer",
            "sim-runs",
            "sim-successes",
            "sim-success-pct",
            "sim-interval",
            "sim-decided",
            "sim-runner-won-pct",
            "sim-interval",
        ]
        .map(t)
        .to_vec(),
        &[false, true, true, true, true, true, true, true],
    );
    for a in &tables.adventurers {
        advs.rows.push(vec![
            names.adventurer(&a.adventurer),
            a.runs.to_string(),
            a.successes.to_string(),
            names.pct(a.success_rate),
            names.interval(a.success_ci_low, a.success_ci_high),
            a.decided.to_string(),
            names.pct(a.runner_won_rate),
            names.interval(a.runner_won_ci_low, a.runner_won_ci_high),
        ]);
    }
    section(&mut out, "sim-title-adventurers", advs);
    let _ = writeln!(out, "{}", t("sim-decided-note"));
    let _ = writeln!(out, "{}", t("sim-runner-won-note"));

    let mut equipment = Table::new(
        [
            "sim-adventurer",
            "sim-equipment",
            "sim-rounds",
            "sim-set-aside",
            "sim-set-aside-pct",
            "sim-interval",
            "sim-share-pct",
        ]
        .map(t)
        .to_vec(),
        &[false, false, true, true, true, true, true],
    );
    for e in &tables.equipment {
        equipment.rows.push(vec![
            names.adventurer(&e.adventurer),
            names.tile(&e.tile),
            e.rounds.to_string(),
            e.set_aside.to_string(),
            names.pct(e.rate),
            names.interval(e.ci_low, e.ci_high),
            names.pct(e.share_of_set_asides),
        ]);
    }
    section(&mut out, "sim-title-equipment", equipment);
    let _ = writeln!(out, "{}", t("sim-equipment-note"));

    let mut killers = Table::new(
        ["sim-monster", "sim-kills", "sim-kill-pct", "sim-interval"]
            .map(t)
            .to_vec(),
        &[false, true, true, true],
    );
    let failed = tables.killers.first().map_or(0, |k| k.failed_runs);
    for k in tables.killers.iter().filter(|k| k.kills > 0) {
        killers.rows.push(vec![
            names.monster(k.monster.as_deref()),
            k.kills.to_string(),
            names.pct(k.rate),
            names.interval(k.ci_low, k.ci_high),
        ]);
    }
    section(&mut out, "sim-title-killers", killers);
    let _ = writeln!(
        out,
        "{}",
        names.t("sim-killers-note", &[("failed", failed.into())])
    );
    let never: Vec<String> = tables
        .killers
        .iter()
        .filter(|k| k.kills == 0)
        .map(|k| names.monster(k.monster.as_deref()))
        .collect();
    if !never.is_empty() {
        let a = [("monsters", never.join(", ").into())];
        let _ = writeln!(out, "{}", names.t("sim-never-killed", &a));
    }

    if report.no_winner > 0 {
        let n = report.no_winner;
        let _ = writeln!(
            out,
            "\n{}",
            names.t("sim-no-winner", &[("games", n.into())])
        );
    }
    if !report.errors.is_empty() {
        let n = report.errors.len();
        let _ = writeln!(out, "\n{}", names.t("sim-errors", &[("errors", n.into())]));
    }
    out
}
