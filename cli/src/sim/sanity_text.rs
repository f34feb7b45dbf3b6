//! The section "Does this look like a game?" in words, in the language chosen: its table
//! and a warning line for each measure out of range (the chart shows the same lines).
//! `sanity.rs` holds the figures and the range rule.

use super::report::Report;
use super::sanity::{Check, Goal, Measure, Sanity, Verdict};
use super::words::{Names, Table};
use crate::text::Arg;
use std::fmt::Write;

impl Names<'_> {
    /// What a check measures, as a row's label.
    pub fn measure(&self, measure: Measure) -> String {
        let key = match measure {
            Measure::FirstPlayerWins => "sim-sanity-first-player",
            Measure::SetAsidePerRound => "sim-sanity-set-aside",
            Measure::RunsSucceed => "sim-sanity-runs-succeed",
            Measure::RunsFail => "sim-sanity-runs-fail",
        };
        self.t(key, &[])
    }

    /// A figure of `measure`: a percentage, or a mean number of tiles.
    fn figure(&self, measure: Measure, x: f64) -> String {
        match measure {
            Measure::SetAsidePerRound => self.mean(x),
            _ => self.pct(x),
        }
    }

    /// A check's value.
    pub fn check_value(&self, c: &Check) -> String {
        self.figure(c.measure, c.value)
    }

    /// A check's 95% interval.
    pub fn check_interval(&self, c: &Check) -> String {
        match c.measure {
            Measure::SetAsidePerRound => self.mean_interval(c.ci_low, c.ci_high),
            _ => self.interval(c.ci_low, c.ci_high),
        }
    }

    /// A check's goal, as a bound (`≤ 53.3%`, `≥ 1.00`).
    pub fn goal(&self, c: &Check) -> String {
        let a = [("goal", self.figure(c.measure, c.goal.value()).into())];
        match c.goal {
            Goal::AtMost(_) => self.t("sim-sanity-at-most", &a),
            Goal::AtLeast(_) => self.t("sim-sanity-at-least", &a),
        }
    }

    /// A judged check's standing, as a table cell.
    fn verdict(&self, verdict: Option<Verdict>) -> String {
        match verdict {
            None => String::new(),
            Some(Verdict::InRange) => self.t("sim-sanity-in-range", &[]),
            Some(Verdict::MayBeOut) => self.t("sim-sanity-may-be-out", &[]),
            Some(Verdict::Out) => self.t("sim-sanity-out", &[]),
        }
    }

    /// The player counts of a row: `3`, or all of them.
    fn counts(&self, players: Option<u8>) -> String {
        players.map_or_else(|| self.t("sim-sanity-all", &[]), |p| p.to_string())
    }

    /// The warning line of a check out of range; None for one in range or not judged.
    pub fn warning(&self, c: &Check) -> Option<String> {
        let key = match c.verdict? {
            Verdict::InRange => return None,
            Verdict::MayBeOut => "sim-sanity-warn-may-be-out",
            Verdict::Out => "sim-sanity-warn-out",
        };
        let what = match c.measure {
            Measure::FirstPlayerWins => "sim-sanity-first-player-warning",
            Measure::SetAsidePerRound => "sim-sanity-set-aside-warning",
            Measure::RunsSucceed => "sim-sanity-runs-succeed-warning",
            Measure::RunsFail => "sim-sanity-runs-fail-warning",
        };
        // A mean number of tiles is given as a number, so the message may choose its
        // plural by it (French: "0,50 tuile").
        let value = match c.measure {
            Measure::SetAsidePerRound => Arg::decimal(c.value, 2),
            _ => self.check_value(c).into(),
        };
        let a = [
            ("players", c.players.unwrap_or(0).into()),
            ("value", value),
            ("interval", self.check_interval(c).into()),
            ("goal", self.figure(c.measure, c.goal.value()).into()),
        ];
        let what = self.t(what, &a);
        Some(self.t(key, &[("what", what.into())]))
    }

    /// The adventurer played most at a player count, with its share (`Warrior 100.0%`).
    fn most_chosen(&self, sanity: &Sanity, players: Option<u8>) -> Option<(String, String)> {
        let a = sanity.most_chosen(players)?;
        let name = self.adventurer(&a.adventurer);
        let share = format!("{name} {}", self.pct(a.rate));
        Some((share, self.interval(a.ci_low, a.ci_high)))
    }
}

/// The player counts the section has rows for: each, then all together if several.
pub fn groups(sanity: &Sanity) -> Vec<Option<u8>> {
    let mut groups: Vec<Option<u8>> = Vec::new();
    for s in &sanity.adventurers {
        if !groups.contains(&s.players) {
            groups.push(s.players);
        }
    }
    groups
}

/// The section, after the report's opening lines.
pub fn write(out: &mut String, report: &Report, names: &Names) {
    let sanity = &report.sanity;
    let t = |key: &'static str| names.t(key, &[]);
    let heads = [
        "sim-sanity-measure",
        "sim-players",
        "sim-sanity-value",
        "sim-interval",
        "sim-sanity-goal",
        "sim-sanity-verdict",
    ];
    let right = [false, true, true, true, false, false];
    let mut table = Table::new(heads.map(t).to_vec(), &right);
    for c in &sanity.checks {
        table.rows.push(vec![
            names.measure(c.measure),
            names.counts(c.players),
            names.check_value(c),
            names.check_interval(c),
            names.goal(c),
            names.verdict(c.verdict),
        ]);
    }
    for players in groups(sanity) {
        if let Some((share, interval)) = names.most_chosen(sanity, players) {
            let label = t("sim-sanity-most-chosen");
            let row = [label, names.counts(players), share, interval];
            table
                .rows
                .push([row.to_vec(), vec![String::new(); 2]].concat());
        }
    }
    let _ = writeln!(out, "\n{}", t("sim-title-sanity"));
    table.write(out);
    let _ = writeln!(out, "{}", t("sim-sanity-note"));
    if sanity.warnings.is_empty() {
        let _ = writeln!(out, "{}", t("sim-sanity-no-warning"));
    }
    for line in sanity.warnings.iter().filter_map(|c| names.warning(c)) {
        let _ = writeln!(out, "{line}");
    }
}
