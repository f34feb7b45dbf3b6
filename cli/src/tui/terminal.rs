//! Taking over the terminal, and always giving it back. The full-screen table draws on
//! the alternate screen in raw mode; [`Guard`] restores the normal screen and cooked mode
//! when dropped (normal end, `q`, Ctrl-C, an error), and from the panic hook on a panic.
//! SIGHUP, SIGTERM and SIGINT set `dungeon play`'s shutdown flag
//! (`crate::signals`), which the loop checks: it ends through the same drop.
//! Leaving the alternate screen also leaves nothing of the game in the normal screen's
//! scrollback.

use super::quiet::Quiet;
use super::wipe::{Wipe, forget_screen};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::{cursor, execute, terminal};
use std::io::{self, Stdout};
use std::mem::ManuallyDrop;
use std::panic::PanicHookInfo;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Whether the terminal is in our hands now (raw mode, alternate screen): restoring is
/// done once, from whichever path gets there first.
static TAKEN: AtomicBool = AtomicBool::new(false);

type PanicHook = Box<dyn Fn(&PanicHookInfo<'_>) + Sync + Send + 'static>;

/// The terminal, taken over for as long as this lives.
pub struct Guard {
    /// Dropped only if the cursor can be shown again: else ratatui's own drop would
    /// complain on stderr, a panic when stderr is the terminal that was closed.
    pub terminal: ManuallyDrop<Terminal<Quiet<CrosstermBackend<Stdout>>>>,
    previous_hook: Arc<Mutex<Option<PanicHook>>>,
}

impl Guard {
    pub fn take() -> io::Result<Guard> {
        let previous_hook: Arc<Mutex<Option<PanicHook>>> =
            Arc::new(Mutex::new(Some(std::panic::take_hook())));
        let previous = previous_hook.clone();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            if let Some(hook) = previous.lock().ok().as_ref().and_then(|h| h.as_ref()) {
                hook(info);
            }
        }));
        let mut guard = Guard {
            terminal: ManuallyDrop::new(Terminal::new(Quiet::new(CrosstermBackend::new(
                io::stdout(),
            )))?),
            previous_hook,
        };
        TAKEN.store(true, Ordering::SeqCst);
        terminal::enable_raw_mode()?;
        execute!(io::stdout(), terminal::EnterAlternateScreen, cursor::Hide)?;
        guard.terminal.backend_mut().wipe()?;
        forget_screen(&mut guard.terminal);
        Ok(guard)
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        restore();
        if self.terminal.show_cursor().is_ok() {
            // SAFETY: dropped once, here; never used again.
            unsafe { ManuallyDrop::drop(&mut self.terminal) };
        }
        // Give the panic hook back as it was.
        let previous = self.previous_hook.lock().ok().and_then(|mut h| h.take());
        if let Some(previous) = previous {
            let _ = std::panic::take_hook();
            std::panic::set_hook(previous);
        }
    }
}

/// Cooked mode, the normal screen and a visible cursor, if we had taken the terminal.
/// Errors are ignored: the terminal may already be gone (SIGHUP).
pub fn restore() {
    if TAKEN.swap(false, Ordering::SeqCst) {
        let _ = execute!(io::stdout(), terminal::LeaveAlternateScreen, cursor::Show);
        let _ = terminal::disable_raw_mode();
    }
}
