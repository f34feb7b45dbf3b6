//! Ctrl-C (SIGINT), a closed terminal (SIGHUP) and SIGTERM during a game: the game is on
//! disk already (after every decision), so the program only has to stop cleanly and give
//! the terminal back. The signal sets a flag that every waiting loop of the game checks
//! ([`Shutdown::signal`]); the front end then closes the table, restores the terminal and
//! exits. A second signal while the first is being handled ends the program at once.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The flag the signals set. Cloning shares it.
#[derive(Clone, Default)]
pub struct Shutdown {
    signal: Arc<AtomicUsize>,
    caught: Arc<AtomicBool>,
}

impl Shutdown {
    /// Catches SIGINT, SIGHUP and SIGTERM from now on. If that fails, the signals keep
    /// their default action, which kills the program: the autosave is on disk anyway.
    pub fn install() -> Shutdown {
        let shutdown = Shutdown::default();
        for signal in CAUGHT {
            // The order matters: the first handler ends the program if the flag is set
            // already (a second Ctrl-C), the last one sets it.
            let _ = signal_hook::flag::register_conditional_shutdown(
                signal,
                128 + signal,
                shutdown.caught.clone(),
            )
            .and_then(|_| {
                signal_hook::flag::register_usize(signal, shutdown.signal.clone(), signal as usize)
            })
            .and_then(|_| signal_hook::flag::register(signal, shutdown.caught.clone()));
        }
        shutdown
    }

    /// The signal received, if one was.
    pub fn signal(&self) -> Option<i32> {
        self.caught
            .load(Ordering::SeqCst)
            .then(|| self.signal.load(Ordering::SeqCst) as i32)
    }

    /// The exit code for `signal`, as a shell reports a program the signal killed.
    pub fn exit_code(signal: i32) -> std::process::ExitCode {
        std::process::ExitCode::from((128 + signal).clamp(0, 255) as u8)
    }
}

#[cfg(unix)]
const CAUGHT: [i32; 3] = [
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGHUP,
    signal_hook::consts::SIGTERM,
];
#[cfg(not(unix))]
const CAUGHT: [i32; 2] = [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM];
