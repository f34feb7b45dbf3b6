//! `--csv`: every rate of the report as one long table, one row per (table, key):
//! `table,key,total,count,rate,ci_low,ci_high` (count out of total, rate = count/total,
//! the 95% Wilson interval). Keys are ids joined by `/`: `rules`, `2p/seat0`,
//! `2p/turn0`, `2p/seat0/rules`, `warrior`, `warrior/torch`, `dragon`.
//!
//! The section "Does this look like a game?" comes first, its keys a player count (`3p`)
//! or `all` (every count together): `sanity_first_player` (wins of the first player in
//! turn order, of the games), `sanity_set_aside_per_round` (tiles set aside, of the
//! rounds: its rate is the mean per round, which may pass 1, with a normal interval),
//! `sanity_runs_succeed`, `sanity_runs_fail` (of the runs), `sanity_adventurer`
//! (`3p/warrior`: rounds with that adventurer, of the rounds) and `sanity_warning`, one
//! row per measure out of range with that measure's figures, keyed
//! `MEASURE/3p/out` or `MEASURE/3p/may_be_out` (MEASURE as in the JSON report:
//! `first_player_wins`, `set_aside_per_round`, `runs_succeed`, `runs_fail`).

use super::report::{Report, WinRow};
use super::sanity::{Measure, Verdict};
use std::fmt::Write;

pub const HEADER: &str = "table,key,total,count,rate,ci_low,ci_high";

pub fn render(report: &Report) -> String {
    let mut out = String::new();
    out.push_str(HEADER);
    out.push('\n');
    let mut row = |table: &str, key: &str, total: u64, count: u64, rate: f64, lo: f64, hi: f64| {
        let _ = writeln!(
            out,
            "{table},{},{total},{count},{rate:.6},{lo:.6},{hi:.6}",
            field(key)
        );
    };
    let counts = |players: Option<u8>| players.map_or("all".to_string(), |p| format!("{p}p"));
    let sanity = &report.sanity;
    for c in &sanity.checks {
        let table = match c.measure {
            Measure::FirstPlayerWins => "sanity_first_player",
            Measure::SetAsidePerRound => "sanity_set_aside_per_round",
            Measure::RunsSucceed => "sanity_runs_succeed",
            Measure::RunsFail => "sanity_runs_fail",
        };
        let key = counts(c.players);
        row(table, &key, c.total, c.count, c.value, c.ci_low, c.ci_high);
    }
    for a in &sanity.adventurers {
        let key = format!("{}/{}", counts(a.players), a.adventurer);
        let (total, hits) = (a.all_rounds, a.rounds);
        row(
            "sanity_adventurer",
            &key,
            total,
            hits,
            a.rate,
            a.ci_low,
            a.ci_high,
        );
    }
    for c in &sanity.warnings {
        let verdict = c.verdict.map_or("", Verdict::id);
        let key = format!("{}/{}/{verdict}", c.measure.id(), counts(c.players));
        row(
            "sanity_warning",
            &key,
            c.total,
            c.count,
            c.value,
            c.ci_low,
            c.ci_high,
        );
    }
    let t = &report.tables;
    let wins: [(&str, &[WinRow]); 5] = [
        ("bots", &t.bots),
        ("player_counts", &t.player_counts),
        ("seats", &t.seats),
        ("turn_order", &t.turn_order),
        ("bot_seats", &t.bot_seats),
    ];
    for (table, rows) in wins {
        for r in rows {
            row(
                table,
                &win_key(r),
                r.games,
                r.wins,
                r.rate,
                r.ci_low,
                r.ci_high,
            );
        }
    }
    for a in &t.adventurers {
        row(
            "adventurer_success",
            &a.adventurer,
            a.runs,
            a.successes,
            a.success_rate,
            a.success_ci_low,
            a.success_ci_high,
        );
    }
    for a in &t.adventurers {
        row(
            "adventurer_runner_won",
            &a.adventurer,
            a.runs,
            a.runner_won,
            a.runner_won_rate,
            a.runner_won_ci_low,
            a.runner_won_ci_high,
        );
    }
    for e in &t.equipment {
        let key = format!("{}/{}", e.adventurer, e.tile);
        row(
            "equipment_set_aside",
            &key,
            e.rounds,
            e.set_aside,
            e.rate,
            e.ci_low,
            e.ci_high,
        );
    }
    for k in &t.killers {
        let key = k.monster.as_deref().unwrap_or("-");
        row(
            "killers",
            key,
            k.failed_runs,
            k.kills,
            k.rate,
            k.ci_low,
            k.ci_high,
        );
    }
    out
}

/// `2p/seat0/rules`: the parts of the row's key that its table uses.
pub fn win_key(r: &WinRow) -> String {
    let mut parts = Vec::new();
    if let Some(p) = r.players {
        parts.push(format!("{p}p"));
    }
    if let Some(s) = r.seat {
        parts.push(format!("seat{s}"));
    }
    if let Some(t) = r.position {
        parts.push(format!("turn{t}"));
    }
    if let Some(b) = &r.bot {
        parts.push(b.clone());
    }
    parts.join("/")
}

/// A CSV field, quoted when it holds a separator, a quote or a line break (RFC 4180).
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_with_separators_are_quoted() {
        assert_eq!(field("torch"), "torch");
        assert_eq!(field("a,b"), "\"a,b\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
    }
}
