//! What every text report of a study shares (the tables, the "does this look like a
//! game?" section, the chart): names and numbers in the reader's language, and columns
//! of text.

use super::report::Report;
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
