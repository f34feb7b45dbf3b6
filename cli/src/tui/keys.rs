//! Keys, as the full-screen table reads them. The [`Keyboard`] trait lets tests type
//! scripted keys (and keys "hammered" at the wrong moment) into the same loop the real
//! terminal drives.

use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Char(char),
    Enter,
    Esc,
    Up,
    Down,
    PageUp,
    PageDown,
    Home,
    End,
    /// Ctrl-C (in raw mode it is a key, not a signal): leave at once.
    Interrupt,
    /// The terminal was resized: lay the screen out again.
    Resize,
    /// Any other key: it can skip an animation, nothing else.
    Other,
}

/// What the screen is doing while it reads a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// A prompt, the pass screen or a popup is on screen: the key counts.
    Listening,
    /// A card of the dungeon is about to be revealed: any key skips the animation.
    Reveal,
    /// Someone else decides: the key is thrown away.
    Busy,
}

/// Where keys come from.
pub trait Keyboard {
    /// The next key typed, waiting at most `timeout`; `None` if none came. `moment` says
    /// what the screen is doing (the terminal ignores it; a test script types by it).
    fn wait(&mut self, timeout: Duration, moment: Moment) -> io::Result<Option<Key>>;
    /// Throws away every key typed so far. Called as a screen starts listening (a prompt,
    /// the pass screen), so nothing typed before it was visible answers it.
    fn drain(&mut self) -> io::Result<()>;
}

/// The terminal's keyboard, through crossterm, read on a thread of its own: when the
/// terminal goes away, crossterm's reading can spin without ever returning (it retries a
/// read that ends at once, forever), and the loop must still see the signal (SIGHUP) and
/// end. The thread stops when this is dropped; a stuck one ends with the program.
pub struct Terminal {
    events: Receiver<io::Result<Event>>,
    stop: Arc<AtomicBool>,
}

impl Terminal {
    pub fn start() -> io::Result<Terminal> {
        let (tx, events) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        std::thread::Builder::new()
            .name("dungeon-keys".into())
            .spawn(move || {
                while !stopped.load(Ordering::SeqCst) {
                    let event = match event::poll(Duration::from_millis(50)) {
                        Ok(false) => continue,
                        Ok(true) => event::read(),
                        Err(e) => Err(e),
                    };
                    let failed = event.is_err();
                    if tx.send(event).is_err() || failed {
                        return;
                    }
                }
            })?;
        Ok(Terminal { events, stop })
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

impl Keyboard for Terminal {
    fn wait(&mut self, timeout: Duration, _: Moment) -> io::Result<Option<Key>> {
        match self.events.recv_timeout(timeout) {
            Ok(event) => Ok(translate(event?)),
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => Err(io::Error::other("the keyboard is gone")),
        }
    }

    fn drain(&mut self) -> io::Result<()> {
        // A resize is not input: keep none, the screen is redrawn after a drain anyway.
        while let Ok(event) = self.events.try_recv() {
            event?;
        }
        Ok(())
    }
}

/// A terminal event as a [`Key`]; `None` for events that are not keys (mouse, focus) and
/// for key releases (only presses count, or a key would act twice on some terminals).
fn translate(e: Event) -> Option<Key> {
    let key = match e {
        Event::Resize(..) => return Some(Key::Resize),
        Event::Key(k) if k.kind != KeyEventKind::Release => k,
        _ => return None,
    };
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    Some(match key.code {
        KeyCode::Char('c' | 'C') if ctrl => Key::Interrupt,
        KeyCode::Char(_) if ctrl => Key::Other,
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Esc,
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::PageUp => Key::PageUp,
        KeyCode::PageDown => Key::PageDown,
        KeyCode::Home => Key::Home,
        KeyCode::End => Key::End,
        _ => Key::Other,
    })
}

impl<K: Keyboard + ?Sized> Keyboard for &mut K {
    fn wait(&mut self, timeout: Duration, moment: Moment) -> io::Result<Option<Key>> {
        (**self).wait(timeout, moment)
    }
    fn drain(&mut self) -> io::Result<()> {
        (**self).drain()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::{KeyEvent, KeyEventState};

    fn press(code: KeyCode, modifiers: KeyModifiers, kind: KeyEventKind) -> Event {
        Event::Key(KeyEvent {
            code,
            modifiers,
            kind,
            state: KeyEventState::NONE,
        })
    }

    #[test]
    fn presses_only_and_ctrl_c() {
        let none = KeyModifiers::NONE;
        let p = KeyEventKind::Press;
        assert_eq!(
            translate(press(KeyCode::Char('1'), none, p)),
            Some(Key::Char('1'))
        );
        assert_eq!(
            translate(press(KeyCode::Char('1'), none, KeyEventKind::Release)),
            None
        );
        let ctrl = KeyModifiers::CONTROL;
        assert_eq!(
            translate(press(KeyCode::Char('c'), ctrl, p)),
            Some(Key::Interrupt)
        );
        assert_eq!(
            translate(press(KeyCode::Char('x'), ctrl, p)),
            Some(Key::Other)
        );
        assert_eq!(translate(Event::Resize(80, 24)), Some(Key::Resize));
        assert_eq!(translate(Event::FocusGained), None);
    }
}
