//! What is drawn over the table or alone: the popups (recap, quit, the end, a stopped
//! game) with what they cut said and scrollable, the pass screen (which shows nothing
//! private) and the help.

use super::*;

/// A bordered box in the middle of the screen, over what is drawn; its last row is
/// `footer`. A body too long shows the rows from `s.popup_top` (by default its last ones
/// with `keep_end`, a recap's newest, else its first), and says what is above and below
/// and how to see it. Returns the first row shown, the furthest it can go and how many
/// rows are shown.
pub(super) fn popup(
    f: &mut Frame,
    s: &Screen,
    title: &str,
    body: Vec<Line<'static>>,
    footer: &str,
    keep_end: bool,
) -> (usize, usize, usize) {
    let area = f.area();
    let p = s.ctx.palette;
    let width = area.width.saturating_sub(4).clamp(10, 76);
    let inner = width.saturating_sub(2);
    let mut rows = wrap_all(&body, inner);
    let footer = wrap(&Line::styled(footer.to_string(), p.bar()), inner, 0);
    let room = area.height.saturating_sub(4) as usize;
    let room = room.saturating_sub(footer.len() + 1).max(3);
    let mut shown = (0, 0, rows.len());
    if rows.len() > room {
        // Two rows say what is cut: the body gets the rest.
        let page = room - 2;
        let max = rows.len() - page;
        let top = s
            .popup_top
            .unwrap_or(if keep_end { max } else { 0 })
            .min(max);
        let (above, below) = (top, max - top);
        let mut window: Vec<Line<'static>> = rows.drain(top..top + page).collect();
        let more = |key: &'static str, n: usize| {
            let line = s.ctx.t(key, &[("rows", n.to_string())]);
            Line::styled(line, p.dim())
        };
        window.insert(
            0,
            if above > 0 {
                more("tui-more-above", above)
            } else {
                Line::from("")
            },
        );
        window.push(if below > 0 {
            more("tui-more-below", below)
        } else {
            Line::from("")
        });
        rows = window;
        shown = (top, max, page);
    }
    rows.push(Line::from(""));
    rows.extend(footer);
    centred_box(f, &s.ctx, title, rows, width);
    shown
}

/// `rows` in a bordered box `width` wide, in the middle of the screen, over what is there.
fn centred_box(f: &mut Frame, ctx: &Ctx, title: &str, rows: Vec<Line<'static>>, width: u16) {
    let area = f.area();
    let p = ctx.palette;
    let height = (rows.len() as u16 + 2).min(area.height);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    f.render_widget(Clear, rect);
    let block = Block::bordered()
        .border_style(p.border())
        .title(Span::styled(format!(" {title} "), p.title()));
    f.render_widget(Paragraph::new(rows).block(block), rect);
}

/// The pass screen, alone on a wiped screen: whose turn it is, nothing else; then the
/// `letter` that passes it, once it asks for one.
pub fn draw_pass(f: &mut Frame, ctx: &Ctx, name: &str, letter: Option<char>) {
    let area = f.area();
    let p = ctx.palette;
    let width = area.width.saturating_sub(4).clamp(10, 60);
    let inner = width.saturating_sub(2);
    let name = || ("name", name.to_string());
    let mut rows = wrap(
        &Line::styled(ctx.t("tui-pass-to", &[name()]), p.title()),
        inner,
        0,
    );
    rows.push(Line::from(""));
    let last = match letter {
        Some(letter) => {
            let key = ("key", letter.to_ascii_uppercase().to_string());
            Line::styled(ctx.t("tui-pass-ready", &[name(), key]), p.key())
        }
        None => Line::styled(ctx.t("tui-pass-wait", &[]), p.dim()),
    };
    rows.extend(wrap(&last, inner, 0));
    centred_box(f, ctx, &ctx.t("tui-pass-title", &[]), rows, width);
}

pub(super) fn draw_help(
    f: &mut Frame,
    s: &Screen,
    lines: &[Line<'static>],
    scroll: usize,
) -> Drawn {
    let area = f.area();
    let p = s.ctx.palette;
    let inner_w = area.width.saturating_sub(2).max(1);
    let rows: Vec<Line<'static>> = lines.iter().flat_map(|l| wrap(l, inner_w, 2)).collect();
    let height = area.height.saturating_sub(3);
    let max = rows.len().saturating_sub(height as usize);
    let scroll = scroll.min(max);
    let mut shown: Vec<Line<'static>> = rows
        .into_iter()
        .skip(scroll)
        .take(height as usize)
        .collect();
    while shown.len() < height as usize {
        shown.push(Line::from(""));
    }
    let footer = s.ctx.t("tui-help-close", &[]);
    shown.push(Line::styled(footer, p.bar()));
    let block = Block::bordered()
        .border_style(p.border())
        .title(Span::styled(
            format!(" {} ", s.ctx.t("tui-help-title", &[])),
            p.title(),
        ));
    f.render_widget(
        Paragraph::new(shown).block(block).style(Style::default()),
        area,
    );
    Drawn {
        help_height: height,
        help_max: max,
        ..Drawn::default()
    }
}
