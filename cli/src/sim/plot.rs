//! `--plot FILE.svg`: the rates as dots with their 95% intervals as error bars, one panel
//! per table, on a shared 0-100% axis with a 50% reference line. The section "Does this
//! look like a game?" comes first: its warnings in red under the legend, then a panel of
//! its measures, each goal a red tick (the tiles set aside per round, a mean, are only
//! written). Hand-written SVG: a few dozen lines of shapes, no dependency, and the same
//! bytes for the same report.

use super::report::{Report, WinRow};
use super::sanity::Measure;
use super::words::Names;
use std::fmt::Write;

const WIDTH: f64 = 940.0;
const LABEL_RIGHT: f64 = 330.0;
const X0: f64 = 342.0;
const X1: f64 = 742.0;
const ROW: f64 = 20.0;
/// From one line of text to the next, under the title.
const LINE: f64 = 18.0;

/// The longest line of the legend or of a warning, in characters (the chart is 940 wide).
const WRAP: usize = 140;

/// One dot with its bar.
struct Point {
    label: String,
    rate: f64,
    low: f64,
    high: f64,
    /// The figures written at the right of the row.
    note: String,
    /// Drawn on the 0-100% axis; false for a figure that is not a share (only written).
    on_axis: bool,
    /// The even share of wins (1/players), where one player count applies.
    even: Option<f64>,
    /// The goal of a measure of "Does this look like a game?".
    goal: Option<f64>,
    /// A measure out of range: its label is red.
    warns: bool,
}

impl Point {
    /// A share with its interval, out of `total`.
    fn new(names: &Names, label: String, rate: f64, (low, high): (f64, f64), total: u64) -> Point {
        let interval = names.interval(low, high);
        Point {
            label,
            rate,
            low,
            high,
            note: format!("{} ({interval}) n={total}", names.pct(rate)),
            on_axis: true,
            even: None,
            goal: None,
            warns: false,
        }
    }
}

struct Panel {
    title: String,
    points: Vec<Point>,
}

fn win_points(
    names: &Names,
    rows: &[WinRow],
    one_count: Option<u8>,
    label: impl Fn(&WinRow) -> String,
) -> Vec<Point> {
    rows.iter()
        .map(|r| Point {
            even: r.players.or(one_count).map(|p| 1.0 / f64::from(p)),
            ..Point::new(names, label(r), r.rate, (r.ci_low, r.ci_high), r.games)
        })
        .collect()
}

/// The measures of "Does this look like a game?", then the adventurer most chosen.
fn sanity_points(report: &Report, names: &Names) -> Vec<Point> {
    let sanity = &report.sanity;
    let label = |players: Option<u8>, measure: String| match players {
        Some(p) => names.t(
            "sim-plot-sanity-row",
            &[("players", p.into()), ("measure", measure.into())],
        ),
        None => names.t("sim-plot-sanity-all", &[("measure", measure.into())]),
    };
    let mut points = Vec::new();
    for c in &sanity.checks {
        let label = label(c.players, names.measure(c.measure));
        let point = Point::new(names, label, c.value, (c.ci_low, c.ci_high), c.total);
        points.push(match c.measure {
            Measure::SetAsidePerRound => Point {
                note: names.t(
                    "sim-plot-sanity-mean",
                    &[
                        ("value", names.check_value(c).into()),
                        ("interval", names.check_interval(c).into()),
                        ("rounds", c.total.into()),
                        ("goal", names.goal(c).into()),
                    ],
                ),
                on_axis: false,
                warns: c.warns(),
                ..point
            },
            _ => Point {
                goal: Some(c.goal.value()),
                warns: c.warns(),
                ..point
            },
        });
    }
    for players in super::sanity_text::groups(sanity) {
        if let Some(a) = sanity.most_chosen(players) {
            let name = names.adventurer(&a.adventurer);
            let measure = names.t(
                "sim-plot-sanity-most-chosen",
                &[("adventurer", name.into())],
            );
            let interval = (a.ci_low, a.ci_high);
            points.push(Point::new(
                names,
                label(players, measure),
                a.rate,
                interval,
                a.all_rounds,
            ));
        }
    }
    points
}

fn panels(report: &Report, names: &Names) -> Vec<Panel> {
    let t = &report.tables;
    let bot = |r: &WinRow| names.bot(r.bot.as_deref().unwrap_or_default());
    let players = |r: &WinRow| r.players.unwrap_or(0).to_string();
    // The bots table mixes player counts when there are several: no single even share.
    let one_count = match report.players[..] {
        [p] => Some(p),
        _ => None,
    };
    let mut out = vec![
        Panel {
            title: names.t("sim-title-sanity", &[]),
            points: sanity_points(report, names),
        },
        Panel {
            title: names.t("sim-title-bots", &[]),
            points: win_points(names, &t.bots, one_count, bot),
        },
    ];
    if report.players.len() > 1 {
        out.push(Panel {
            title: names.t("sim-title-player-counts", &[]),
            points: win_points(names, &t.player_counts, None, |r| {
                names.t(
                    "sim-plot-count",
                    &[("players", players(r).into()), ("bot", bot(r).into())],
                )
            }),
        });
    }
    out.push(Panel {
        title: names.t("sim-title-seats", &[]),
        points: win_points(names, &t.seats, None, |r| {
            let seat = r.seat.unwrap_or(0).to_string();
            names.t(
                "sim-plot-seat",
                &[("players", players(r).into()), ("seat", seat.into())],
            )
        }),
    });
    out.push(Panel {
        title: names.t("sim-title-turn-order", &[]),
        points: win_points(names, &t.turn_order, None, |r| {
            let turn = r.position.unwrap_or(0).to_string();
            names.t(
                "sim-plot-turn",
                &[("players", players(r).into()), ("turn", turn.into())],
            )
        }),
    });
    out.push(Panel {
        title: names.t("sim-plot-adventurers", &[]),
        points: t
            .adventurers
            .iter()
            .map(|a| {
                let interval = (a.success_ci_low, a.success_ci_high);
                let label = names.adventurer(&a.adventurer);
                Point::new(names, label, a.success_rate, interval, a.runs)
            })
            .collect(),
    });
    out
}

/// Text made safe for XML: the five special characters escaped, control characters
/// (not allowed in XML 1.0) dropped.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() && !matches!(c, '\t' | '\n' | '\r') => {}
            c => out.push(c),
        }
    }
    out
}

/// The x of a rate, to a hundredth of a pixel (short, stable numbers in the file).
fn x(rate: f64) -> f64 {
    ((X0 + rate.clamp(0.0, 1.0) * (X1 - X0)) * 100.0).round() / 100.0
}

/// `text` cut into lines of at most [`WRAP`] characters, at spaces.
fn wrap(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= WRAP => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// Lines of text as one `<text>` element (`attributes` its class, size and colour), the
/// first at `y`, one [`LINE`] apart.
fn text_block(s: &mut String, y: f64, attributes: &str, lines: &[String]) {
    let _ = write!(s, r#"<text {attributes} x="16" y="{y}">"#);
    for (i, line) in lines.iter().enumerate() {
        let dy = if i == 0 { 0.0 } else { LINE };
        let _ = write!(s, r#"<tspan x="16" dy="{dy}">{}</tspan>"#, escape(line));
    }
    let _ = writeln!(s, "</text>");
}

pub fn render(report: &Report, names: &Names) -> String {
    let panels = panels(report, names);
    // Under the title: what was played, the legend, then the warnings of "Does this look
    // like a game?" (or the line saying there is none), each wrapped.
    let played = [names.summary(report), names.setup(report)];
    let legend = wrap(&names.t("sim-plot-legend", &[]));
    let sanity = &report.sanity;
    let (colour, warnings) = if sanity.warnings.is_empty() {
        let none = names.t("sim-sanity-no-warning", &[]);
        ("#1e8449", vec![wrap(&none)])
    } else {
        let lines = sanity.warnings.iter().filter_map(|c| names.warning(c));
        ("#c0392b", lines.map(|w| wrap(&w)).collect())
    };
    let head = played.len() + legend.len() + warnings.iter().map(Vec::len).sum::<usize>();
    let top = 50.0 + LINE * head as f64;
    let height = top
        + panels
            .iter()
            .map(|p| 48.0 + ROW * p.points.len() as f64)
            .sum::<f64>()
        + 16.0;
    let title = names.t("sim-plot-title", &[]);
    let mut s = String::new();
    let _ = writeln!(s, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, "<title>{}</title>", escape(&title));
    let _ = writeln!(
        s,
        r##"<rect width="{WIDTH}" height="{height}" fill="#ffffff"/>"##
    );
    let _ = writeln!(
        s,
        r#"<text x="16" y="28" font-size="18" font-weight="bold">{}</text>"#,
        escape(&title)
    );
    let mut y = 50.0;
    for line in played {
        let _ = writeln!(s, r#"<text x="16" y="{y}">{}</text>"#, escape(&line));
        y += LINE;
    }
    text_block(&mut s, y, r#"font-size="11""#, &legend);
    y += LINE * legend.len() as f64;
    for warning in &warnings {
        text_block(
            &mut s,
            y,
            &format!(r#"class="warning" fill="{colour}""#),
            warning,
        );
        y += LINE * warning.len() as f64;
    }
    for panel in &panels {
        write_panel(&mut s, panel, y);
        y += 48.0 + ROW * panel.points.len() as f64;
    }
    s.push_str("</svg>\n");
    s
}

fn write_panel(s: &mut String, panel: &Panel, top: f64) {
    let rows_top = top + 36.0;
    let bottom = rows_top + ROW * panel.points.len() as f64;
    let _ = writeln!(s, r#"<g class="panel">"#);
    let _ = writeln!(
        s,
        r#"<text x="16" y="{}" font-size="13" font-weight="bold">{}</text>"#,
        top + 14.0,
        escape(&panel.title)
    );
    for (i, _) in panel.points.iter().enumerate().filter(|(i, _)| i % 2 == 0) {
        let _ = writeln!(
            s,
            r##"<rect x="16" y="{}" width="{}" height="{ROW}" fill="#f4f6f8"/>"##,
            rows_top + ROW * i as f64,
            WIDTH - 32.0
        );
    }
    // Gridlines and their labels every 10%.
    for tenth in 0..=10 {
        let gx = x(tenth as f64 / 10.0);
        let colour = if tenth % 10 == 0 {
            "#888888"
        } else {
            "#dddddd"
        };
        let _ = writeln!(
            s,
            r#"<line class="grid" x1="{gx}" y1="{}" x2="{gx}" y2="{bottom}" stroke="{colour}" stroke-width="1"/>"#,
            rows_top - 4.0
        );
        let _ = writeln!(
            s,
            r##"<text x="{gx}" y="{}" font-size="10" fill="#555555" text-anchor="middle">{}%</text>"##,
            rows_top - 8.0,
            tenth * 10
        );
    }
    let half = x(0.5);
    let _ = writeln!(
        s,
        r##"<line class="reference" x1="{half}" y1="{}" x2="{half}" y2="{bottom}" stroke="#c0392b" stroke-width="1" stroke-dasharray="4 3"/>"##,
        rows_top - 4.0
    );
    for (i, p) in panel.points.iter().enumerate() {
        let cy = rows_top + ROW * i as f64 + ROW / 2.0;
        let (lo, hi, dot) = (x(p.low), x(p.high), x(p.rate));
        let _ = writeln!(s, r#"<g class="row">"#);
        let fill = if p.warns { "#c0392b" } else { "#000000" };
        let _ = writeln!(
            s,
            r#"<text x="{LABEL_RIGHT}" y="{}" text-anchor="end" fill="{fill}">{}</text>"#,
            cy + 4.0,
            escape(&p.label)
        );
        let note = |s: &mut String, x: f64| {
            let _ = writeln!(
                s,
                r##"<text x="{x}" y="{}" font-size="11" fill="#333333">{}</text>"##,
                cy + 4.0,
                escape(&p.note)
            );
        };
        if !p.on_axis {
            note(s, X0 + 8.0);
            let _ = writeln!(s, "</g>");
            continue;
        }
        if let Some(goal) = p.goal {
            let gx = x(goal);
            let _ = writeln!(
                s,
                r##"<line class="goal" x1="{gx}" y1="{}" x2="{gx}" y2="{}" stroke="#c0392b" stroke-width="3"/>"##,
                cy - 7.0,
                cy + 7.0
            );
        }
        if let Some(even) = p.even {
            let ex = x(even);
            let _ = writeln!(
                s,
                r##"<line class="even" x1="{ex}" y1="{}" x2="{ex}" y2="{}" stroke="#999999" stroke-width="3"/>"##,
                cy - 7.0,
                cy + 7.0
            );
        }
        let _ = writeln!(
            s,
            r##"<line class="ci" x1="{lo}" y1="{cy}" x2="{hi}" y2="{cy}" stroke="#2c3e50" stroke-width="2"/>"##
        );
        for cap in [lo, hi] {
            let _ = writeln!(
                s,
                r##"<line class="cap" x1="{cap}" y1="{}" x2="{cap}" y2="{}" stroke="#2c3e50" stroke-width="2"/>"##,
                cy - 4.0,
                cy + 4.0
            );
        }
        let _ = writeln!(
            s,
            r##"<circle class="rate" cx="{dot}" cy="{cy}" r="4" fill="#2980b9"/>"##
        );
        note(s, X1 + 10.0);
        let _ = writeln!(s, "</g>");
    }
    let _ = writeln!(s, "</g>");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_for_xml() {
        assert_eq!(
            escape(r#"<a & "b" 'c'>"#),
            "&lt;a &amp; &quot;b&quot; &apos;c&apos;&gt;"
        );
        assert_eq!(escape("bell\u{7}"), "bell");
    }
}
