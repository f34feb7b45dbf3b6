//! A backend that writes nothing for a frame that changes nothing.
//!
//! The table redraws on every tick while it waits (a bot thinking, the odds being worked
//! out) so that a resize or the "thinking" line shows at once. ratatui's crossterm backend
//! answers each of those frames with colour resets and a cursor hide even when no cell
//! changed: a steady trickle of bytes to the terminal (and over SSH) for a screen that
//! stands still. [`Quiet`] drops a draw with no cells and a cursor change the terminal
//! already has.

use super::wipe::Wipe;
use ratatui::backend::{Backend, ClearType, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};
use std::io;

pub struct Quiet<B> {
    inner: B,
    /// Whether the cursor is hidden, when known: unknown until this backend sets it.
    cursor_hidden: Option<bool>,
    /// Where the cursor is, when known: drawing cells moves it.
    cursor_at: Option<Position>,
}

impl<B> Quiet<B> {
    pub fn new(inner: B) -> Quiet<B> {
        Quiet {
            inner,
            cursor_hidden: None,
            cursor_at: None,
        }
    }

    /// Forgets what it knows of the cursor (someone else wrote to the terminal).
    fn forget(&mut self) {
        self.cursor_hidden = None;
        self.cursor_at = None;
    }
}

impl<B: Backend> Backend for Quiet<B> {
    type Error = B::Error;

    fn draw<'a, I>(&mut self, content: I) -> Result<(), Self::Error>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        let mut content = content.peekable();
        if content.peek().is_none() {
            return Ok(());
        }
        self.cursor_at = None;
        self.inner.draw(content)
    }

    fn append_lines(&mut self, n: u16) -> Result<(), Self::Error> {
        self.cursor_at = None;
        self.inner.append_lines(n)
    }

    fn hide_cursor(&mut self) -> Result<(), Self::Error> {
        if self.cursor_hidden == Some(true) {
            return Ok(());
        }
        self.inner.hide_cursor()?;
        self.cursor_hidden = Some(true);
        Ok(())
    }

    fn show_cursor(&mut self) -> Result<(), Self::Error> {
        if self.cursor_hidden == Some(false) {
            return Ok(());
        }
        self.inner.show_cursor()?;
        self.cursor_hidden = Some(false);
        Ok(())
    }

    fn get_cursor_position(&mut self) -> Result<Position, Self::Error> {
        self.inner.get_cursor_position()
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> Result<(), Self::Error> {
        let position = position.into();
        if self.cursor_at == Some(position) {
            return Ok(());
        }
        self.inner.set_cursor_position(position)?;
        self.cursor_at = Some(position);
        Ok(())
    }

    fn clear(&mut self) -> Result<(), Self::Error> {
        self.cursor_at = None;
        self.inner.clear()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> Result<(), Self::Error> {
        self.cursor_at = None;
        self.inner.clear_region(clear_type)
    }

    fn size(&self) -> Result<Size, Self::Error> {
        self.inner.size()
    }

    fn window_size(&mut self) -> Result<WindowSize, Self::Error> {
        self.inner.window_size()
    }

    fn flush(&mut self) -> Result<(), Self::Error> {
        self.inner.flush()
    }
}

impl<B: Wipe> Wipe for Quiet<B> {
    fn wipe(&mut self) -> io::Result<()> {
        self.forget();
        self.inner.wipe()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::backend::CrosstermBackend;
    use ratatui::layout::Rect;
    use ratatui::widgets::Paragraph;
    use ratatui::{Terminal, TerminalOptions, Viewport};
    use std::cell::Cell;
    use std::rc::Rc;

    /// The bytes written to the terminal, counted.
    #[derive(Clone, Default)]
    struct Written(Rc<Cell<usize>>);

    impl Written {
        fn len(&self) -> usize {
            self.0.get()
        }
    }

    impl io::Write for Written {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.set(self.0.get() + bytes.len());
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// A frame that changes no cell writes nothing at all; one that changes a cell does.
    #[test]
    fn an_unchanged_frame_writes_nothing() {
        let written = Written::default();
        let backend = Quiet::new(CrosstermBackend::new(written.clone()));
        let viewport = Viewport::Fixed(Rect::new(0, 0, 20, 2));
        let mut terminal = Terminal::with_options(backend, TerminalOptions { viewport }).unwrap();
        let frame = |text: &'static str| {
            move |f: &mut ratatui::Frame| f.render_widget(Paragraph::new(text), f.area())
        };
        terminal.draw(frame("thinking")).unwrap();
        let first = written.len();
        assert!(first > 0);
        terminal.draw(frame("thinking")).unwrap();
        terminal.draw(frame("thinking")).unwrap();
        assert_eq!(written.len(), first);
        terminal.draw(frame("thought")).unwrap();
        assert!(written.len() > first);
    }
}
