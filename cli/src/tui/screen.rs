//! Laying out and drawing one frame of the full-screen table: the table panel and the
//! player's corner on top, the log in the middle, the prompt at the bottom; popups over
//! them (recap, quit, the end, a stopped game); and the two screens drawn alone (the pass
//! screen, which shows nothing private, and the help). Every panel's text is wrapped
//! before the layout, so the layout knows what each needs; at 80x24 the log gives way
//! first, then the table panel.

use super::content::{Ctx, corner_lines, table_lines};
use super::log::LogPanel;
use super::wrap::{wrap, wrap_all};
use dungeon_engine::ids::Seat;
use dungeon_engine::view::PlayerView;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};
use unicode_width::UnicodeWidthStr;

mod overlays;

pub use overlays::draw_pass;
use overlays::{draw_help, popup};

/// What the bottom panel shows.
#[derive(Clone)]
pub enum Prompt {
    /// A question for the player at the screen: its header, its numbered options, the
    /// keys that work, and lines about the last key (a refused answer, the odds, a save).
    Asking {
        header: String,
        options: Vec<String>,
        keys: Vec<(String, String)>,
        status: Vec<(Tone, String)>,
    },
    /// Not asking: a line saying what the game is doing ("Bot 2 is thinking..."), and
    /// with `keys`, the keys that work at any moment (help, the log, leaving).
    Busy { line: String, keys: bool },
    /// Watching, with no seat here: that it is watching, what the game is doing, and the
    /// keys that work (help, the log, leaving).
    Watching {
        header: String,
        busy: String,
        keys: Vec<(String, String)>,
    },
}

impl Prompt {
    /// The game goes on without the player (a bot thinks, cards are revealed): what it
    /// does, and the keys that work meanwhile.
    pub fn busy(line: String) -> Prompt {
        Prompt::Busy { line, keys: true }
    }

    /// Nothing below a popup that has keys of its own.
    pub fn idle() -> Prompt {
        Prompt::Busy {
            line: String::new(),
            keys: false,
        }
    }
}

/// The keys that work at any moment (`anytime.rs`), as a hint line lists them.
pub fn anytime_keys(ctx: &Ctx) -> Vec<(String, String)> {
    let t = |key: &'static str| ctx.t(key, &[]);
    vec![
        ("?".into(), t("tui-key-help")),
        ("PgUp/PgDn".into(), t("tui-key-log")),
        ("q".into(), t("tui-key-quit")),
    ]
}

/// What a status line of the prompt is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Under way: digits typed so far, "working out your odds".
    Info,
    Good,
    Bad,
    /// For the player at the screen only (their odds).
    Private,
}

/// What covers the main screen, if anything.
#[derive(Clone)]
pub enum Overlay {
    /// "Since your last turn": the public lines the player missed.
    Recap(Vec<Line<'static>>),
    Help {
        lines: Vec<Line<'static>>,
        scroll: usize,
    },
    /// A yes-or-no question (leave the game, replace another game's file): its title,
    /// its text and the keys that answer it.
    Confirm {
        title: String,
        body: Vec<String>,
        keys: String,
    },
    /// The end of the game: a title and the standings.
    End(Vec<Line<'static>>),
    /// The game cannot go on: why, line by line (and whether `s` saved it).
    Stopped(Vec<String>),
}

/// One frame's content.
pub struct Screen<'a> {
    pub ctx: Ctx<'a>,
    /// The table as the screen may show it (its public part when no player is at it).
    pub view: Option<&'a PlayerView>,
    /// The player whose corner is shown; `None` shows no corner.
    pub viewer: Option<Seat>,
    /// "Your corner", or whose it is when several players share the screen.
    pub corner_title: String,
    pub turn: Option<Seat>,
    pub log: &'a LogPanel,
    pub prompt: Prompt,
    pub overlay: Option<Overlay>,
    /// The first row of a popup too long for the screen; `None` for where it starts
    /// (a recap's newest rows, the top of anything else).
    pub popup_top: Option<usize>,
}

/// Sizes the loop needs back from a drawing: the log panel's inner size (for paging),
/// and how many help rows fit (for scrolling the help).
#[derive(Clone, Copy, Default, Debug)]
pub struct Drawn {
    pub log_width: u16,
    pub log_height: u16,
    pub help_height: u16,
    /// The furthest the help can scroll.
    pub help_max: usize,
    /// A popup's first row shown, the furthest it can scroll (0 when it fits), and how
    /// many of its rows are shown.
    pub popup_top: usize,
    pub popup_max: usize,
    pub popup_page: usize,
}

pub fn draw(f: &mut Frame, s: &Screen) -> Drawn {
    let area = f.area();
    if let Some(Overlay::Help { lines, scroll }) = &s.overlay {
        return draw_help(f, s, lines, *scroll);
    }
    let p = s.ctx.palette;
    let width = area.width;
    // The corner, beside the table panel when a player is at the screen.
    let corner_w = if s.viewer.is_some() && s.view.is_some() {
        (width / 3).clamp(24.min(width / 2), 44)
    } else {
        0
    };
    let table_w = width - corner_w;
    let inner = |w: u16| w.saturating_sub(2).max(1);
    let table = s
        .view
        .map(|v| wrap_all(&table_lines(&s.ctx, v, s.turn, s.viewer), inner(table_w)))
        .unwrap_or_default();
    let corner = match (s.viewer, s.view) {
        (Some(_), Some(v)) => wrap_all(&corner_lines(&s.ctx, v), inner(corner_w)),
        _ => Vec::new(),
    };
    let (prompt, hint) = prompt_rows(&s.ctx, &s.prompt, inner(width));
    // Heights: the prompt in full, or the screen says it is too small (a cut option
    // could not be chosen knowingly); the log at least 3 rows (1 inside) when it fits;
    // the top panels what is left of their need.
    let height = area.height;
    let prompt_h = prompt.len() as u16 + 2;
    if prompt_h > height || width < MIN_WIDTH {
        return draw_too_small(f, s);
    }
    let room = height - prompt_h;
    let log_min = if room >= 3 { 3 } else { 0 };
    let mut top_h = if table.is_empty() && corner.is_empty() {
        0
    } else {
        table.len().max(corner.len()) as u16 + 2
    };
    top_h = top_h.min(room - log_min);
    let log_h = room - top_h;
    let top = Rect::new(area.x, area.y, width, top_h);
    let log_area = Rect::new(area.x, area.y + top_h, width, log_h);
    let prompt_area = Rect::new(area.x, area.y + top_h + log_h, width, prompt_h);

    if top_h > 0 {
        let table_area = Rect::new(top.x, top.y, table_w, top_h);
        let block = Block::bordered()
            .border_style(p.border())
            .title(Span::styled(
                format!(" {} ", s.ctx.t("tui-table-title", &[])),
                p.title(),
            ));
        f.render_widget(Paragraph::new(table).block(block), table_area);
        if corner_w > 0 {
            let corner_area = Rect::new(top.x + table_w, top.y, corner_w, top_h);
            let title = s.corner_title.clone();
            let block = Block::bordered()
                .border_style(p.private_border())
                .title(Span::styled(
                    format!(" {title} "),
                    p.title().patch(p.private()),
                ));
            f.render_widget(Paragraph::new(corner).block(block), corner_area);
        }
    }
    let (rows, scroll) = s.log.rows(inner(width), log_h.saturating_sub(2));
    let title = if scroll > 0 {
        s.ctx
            .t("tui-log-title-scrolled", &[("rows", scroll.to_string())])
    } else {
        s.ctx.t("tui-log-title", &[])
    };
    let block = Block::bordered()
        .border_style(p.border())
        .title(Span::styled(format!(" {title} "), p.title()));
    f.render_widget(Paragraph::new(rows).block(block), log_area);
    let mut block = Block::bordered().border_style(p.border());
    if let Some(hint) = hint {
        block = block.title_bottom(hint);
    }
    f.render_widget(Paragraph::new(prompt).block(block), prompt_area);

    let t = |key: &'static str| s.ctx.t(key, &[]);
    let lines = |body: &[String]| body.iter().map(|l| Line::from(l.clone())).collect();
    let popup_of = match &s.overlay {
        Some(Overlay::Recap(body)) => {
            Some((t("tui-recap-title"), body.clone(), t("tui-continue"), true))
        }
        Some(Overlay::Confirm { title, body, keys }) => {
            Some((title.clone(), lines(body), keys.clone(), false))
        }
        Some(Overlay::End(body)) => Some((t("tui-end-title"), body.clone(), t("tui-leave"), false)),
        Some(Overlay::Stopped(body)) => Some((
            t("tui-stopped-title"),
            lines(body),
            t("tui-stopped-keys"),
            false,
        )),
        Some(Overlay::Help { .. }) | None => None,
    };
    let mut drawn = Drawn {
        log_width: inner(width),
        log_height: log_h.saturating_sub(2),
        ..Drawn::default()
    };
    if let Some((title, body, footer, keep_end)) = popup_of {
        (drawn.popup_top, drawn.popup_max, drawn.popup_page) =
            popup(f, s, &title, body, &footer, keep_end);
    }
    drawn
}

/// The narrowest screen the table is laid out on.
const MIN_WIDTH: u16 = 40;

/// Instead of the table, when the prompt cannot fit: how large the window must be (at
/// its width, or the narrowest the table takes, with room for the log's first row).
fn draw_too_small(f: &mut Frame, s: &Screen) -> Drawn {
    let area = f.area();
    let width = area.width.max(MIN_WIDTH);
    let (prompt, _) = prompt_rows(&s.ctx, &s.prompt, width.saturating_sub(2));
    let height = (prompt.len() as u16 + 2 + 3).max(area.height);
    let args = [("width", width.to_string()), ("height", height.to_string())];
    let line = Line::styled(s.ctx.t("tui-too-small", &args), s.ctx.palette.bad());
    f.render_widget(Paragraph::new(wrap(&line, area.width, 0)), area);
    Drawn {
        log_width: area.width.saturating_sub(2).max(1),
        log_height: 1,
        ..Drawn::default()
    }
}

/// The prompt panel's rows, wrapped to `width`, and its key hint if it fits the bottom
/// border (else it is the last row).
fn prompt_rows(
    ctx: &Ctx,
    prompt: &Prompt,
    width: u16,
) -> (Vec<Line<'static>>, Option<Line<'static>>) {
    let p = ctx.palette;
    match prompt {
        Prompt::Busy { line, keys } => {
            let rows = wrap(&Line::styled(line.clone(), p.dim()), width, 0);
            match keys {
                true => with_hint(ctx, rows, &anytime_keys(ctx), width),
                false => (rows, None),
            }
        }
        Prompt::Watching { header, busy, keys } => {
            // One line, so the panel keeps its height as the busy text comes and goes.
            let line = Line::from(vec![
                Span::styled(header.clone(), p.title()),
                Span::raw("  "),
                Span::styled(busy.clone(), p.dim()),
            ]);
            with_hint(ctx, wrap(&line, width, 0), keys, width)
        }
        Prompt::Asking {
            header,
            options,
            keys,
            status,
        } => {
            let mut rows = wrap(&Line::styled(header.clone(), p.title()), width, 0);
            rows.extend(option_rows(ctx, options, width));
            for (tone, line) in status {
                let style = match tone {
                    Tone::Info => p.dim(),
                    Tone::Good => p.good(),
                    Tone::Bad => p.bad(),
                    Tone::Private => p.private(),
                };
                rows.extend(wrap(&Line::styled(line.clone(), style), width, 0));
            }
            with_hint(ctx, rows, keys, width)
        }
    }
}

/// `rows` with the hint of `keys`: in the bottom border if it fits (the log's keys give
/// way first, the help lists them), else wrapped as the last rows.
fn with_hint(
    ctx: &Ctx,
    mut rows: Vec<Line<'static>>,
    keys: &[(String, String)],
    width: u16,
) -> (Vec<Line<'static>>, Option<Line<'static>>) {
    let p = ctx.palette;
    let hint_of = |keys: &[&(String, String)]| {
        let mut hint = vec![Span::raw(" ")];
        for (i, (key, what)) in keys.iter().enumerate() {
            if i > 0 {
                hint.push(Span::styled(" · ", p.dim()));
            }
            hint.push(Span::styled(key.clone(), p.key()));
            hint.push(Span::raw(format!(" {what}")));
        }
        hint.push(Span::raw(" "));
        Line::from(hint)
    };
    let all: Vec<&(String, String)> = keys.iter().collect();
    let short: Vec<&(String, String)> = keys
        .iter()
        .filter(|(k, _)| !k.starts_with("PgUp"))
        .collect();
    let fits = |hint: &Line| hint.width() <= width as usize;
    match (hint_of(&all), hint_of(&short)) {
        (hint, _) if fits(&hint) => (rows, Some(hint)),
        (_, hint) if fits(&hint) => (rows, Some(hint)),
        (hint, _) => {
            rows.extend(wrap(&hint, width, 0));
            (rows, None)
        }
    }
}

/// The numbered options: in columns when every option fits one (numbered down each
/// column), else one per line, wrapped under its own text.
fn option_rows(ctx: &Ctx, options: &[String], width: u16) -> Vec<Line<'static>> {
    let p = ctx.palette;
    let numbered: Vec<(String, &String)> = options
        .iter()
        .enumerate()
        .map(|(i, o)| (format!("{}) ", i + 1), o))
        .collect();
    let number_w = numbered.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    let cell = |(n, o): &(String, &String)| format!("{n:>number_w$}{o}").width();
    let widest = numbered.iter().map(cell).max().unwrap_or(0);
    const GAP: usize = 3;
    let columns = ((width as usize + GAP) / (widest + GAP)).max(1);
    if columns >= 2 && numbered.len() > 1 {
        let height = numbered.len().div_ceil(columns);
        return (0..height)
            .map(|row| {
                let mut spans = Vec::new();
                for col in 0..columns {
                    let Some((n, o)) = numbered.get(col * height + row) else {
                        break;
                    };
                    if col > 0 {
                        let before = numbered[(col - 1) * height + row].clone();
                        spans.push(Span::raw(" ".repeat(widest + GAP - cell(&before))));
                    }
                    spans.push(Span::styled(format!("{n:>number_w$}"), p.key()));
                    spans.push(Span::raw((*o).clone()));
                }
                Line::from(spans)
            })
            .collect();
    }
    numbered
        .iter()
        .flat_map(|(n, o)| {
            let line = Line::from(vec![
                Span::styled(format!("{n:>number_w$}"), p.key()),
                Span::raw((*o).clone()),
            ]);
            // Under the option's text: right-aligned numbers are indented already.
            wrap(&line, width, n.len() as u16)
        })
        .collect()
}
