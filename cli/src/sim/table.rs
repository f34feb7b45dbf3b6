//! The report as text tables for people, in the language chosen.

use super::report::{Report, WinRow};
use super::words::{Names, Table};
use std::fmt::Write;

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
