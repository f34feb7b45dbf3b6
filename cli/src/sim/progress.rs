//! How far a study is, on stderr: a bar at a terminal; anywhere else (a scheduler's log
//! file, a pipe) a line every so often, so that each slice of a study spread over machines
//! says in its own log how many games it has played, how fast, and how long it has left.

use super::shard::Shard;
use crate::text::{Arg, tr};
use dungeon_engine::lang::Lang;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The games a study has played so far, shown as the study goes.
pub struct Progress {
    bar: ProgressBar,
    lines: Option<Lines>,
}

impl Progress {
    /// Progress for `total` games: nothing when `quiet`; a bar when stderr is a terminal;
    /// else a line every `every` (none when it is zero).
    pub fn start(lang: Lang, total: u64, shard: Shard, quiet: bool, every: Duration) -> Progress {
        if quiet {
            return Progress {
                bar: ProgressBar::hidden(),
                lines: None,
            };
        }
        let label = label(lang, shard);
        if std::io::stderr().is_terminal() {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            let template = format!(
                "{label}{{bar:40}} {{pos}}/{{len}} {}, {{rate}} ~{{eta}}",
                tr(lang, "sim-progress", &[])
            );
            if let Ok(style) = ProgressStyle::with_template(&template) {
                // indicatif's own rate shows "15.6651/s": ours is rounded, in the language.
                let style = style.with_key(
                    "rate",
                    move |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                        let rate = ("rate", rounded_rate(state.per_sec()));
                        let _ = w.write_str(&tr(lang, "sim-progress-rate", &[rate]));
                    },
                );
                bar.set_style(style);
            }
            return Progress { bar, lines: None };
        }
        let bar = ProgressBar::hidden();
        let lines = (!every.is_zero()).then(|| {
            let heading = Heading { lang, label, total };
            Lines::start(&bar, heading, every, std::io::stderr())
        });
        Progress { bar, lines }
    }

    /// What the workers count their games on.
    pub fn bar(&self) -> &ProgressBar {
        &self.bar
    }

    /// The study is over: the bar is cleared, the lines stop.
    pub fn finish(self) {
        self.bar.finish_and_clear();
        if let Some(lines) = self.lines {
            lines.stop();
        }
    }
}

/// Games a second, to a tenth below 100 (a slow study's rate still moves), else whole.
fn rounded_rate(rate: f64) -> Arg {
    let rate = if rate.is_finite() { rate.max(0.0) } else { 0.0 };
    Arg::decimal(rate, if rate < 100.0 { 1 } else { 0 })
}

fn label(lang: Lang, shard: Shard) -> String {
    if shard == Shard::WHOLE {
        return String::new();
    }
    let a = [
        ("shard", shard.index.into()),
        ("shards", shard.count.into()),
    ];
    tr(lang, "sim-progress-shard", &a) + " "
}

/// What every line says besides the count: the language, the slice, the games in all.
struct Heading {
    lang: Lang,
    label: String,
    total: u64,
}

/// The thread writing a line every so often, and how to stop it.
struct Lines {
    stop: Arc<(Mutex<bool>, Condvar)>,
    thread: JoinHandle<()>,
}

impl Lines {
    fn start(
        counter: &ProgressBar,
        heading: Heading,
        every: Duration,
        mut out: impl Write + Send + 'static,
    ) -> Lines {
        let stop = Arc::new((Mutex::new(false), Condvar::new()));
        let (counter, flag) = (counter.clone(), stop.clone());
        let thread = std::thread::spawn(move || {
            let started = Instant::now();
            while wait(&flag, every) {
                let done = counter.position();
                let text = line(&heading, done, started.elapsed());
                // A log that cannot be written to is no reason to stop a study.
                let _ = writeln!(out, "{text}");
            }
        });
        Lines { stop, thread }
    }

    fn stop(self) {
        *self.stop.0.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.stop.1.notify_all();
        let _ = self.thread.join();
    }
}

/// Waits `every`; `false` as soon as told to stop.
fn wait(stop: &(Mutex<bool>, Condvar), every: Duration) -> bool {
    let until = Instant::now() + every;
    let mut stopped = stop.0.lock().unwrap_or_else(|e| e.into_inner());
    while !*stopped {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return true;
        }
        stopped = match stop.1.wait_timeout(stopped, left) {
            Ok((guard, _)) => guard,
            Err(e) => e.into_inner().0,
        };
    }
    false
}

/// One progress line: `slice 2/8 1200/5000 games, 41.3 a second, about 1m 32s left`.
fn line(heading: &Heading, done: u64, elapsed: Duration) -> String {
    let rate = done as f64 / elapsed.as_secs_f64().max(1e-9);
    let left = if rate > 0.0 {
        clock(heading.total.saturating_sub(done) as f64 / rate)
    } else {
        "?".to_string()
    };
    let a = [
        ("done", done.into()),
        ("total", heading.total.into()),
        ("rate", rounded_rate(rate)),
        ("left", left.into()),
    ];
    format!(
        "{}{}",
        heading.label,
        tr(heading.lang, "sim-progress-line", &a)
    )
}

/// Seconds as `1h 02m`, `3m 05s` or `42s`.
fn clock(seconds: f64) -> String {
    let s = seconds.round() as u64;
    match (s / 3600, s / 60 % 60, s % 60) {
        (0, 0, sec) => format!("{sec}s"),
        (0, min, sec) => format!("{min}m {sec:02}s"),
        (h, min, _) => format!("{h}h {min:02}m"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bar's rate: "15.7 a second", never indicatif's "15.6651/s"; whole from 100.
    #[test]
    fn the_rate_is_rounded_and_in_the_language() {
        let shown = |lang, rate| tr(lang, "sim-progress-rate", &[("rate", rounded_rate(rate))]);
        assert_eq!(shown(Lang::En, 15.6651), "15.7 a second");
        assert_eq!(shown(Lang::Es, 15.6651), "15,7 por segundo");
        assert_eq!(shown(Lang::Fr, 1234.56), "1235 par seconde");
        assert_eq!(shown(Lang::En, f64::NAN), "0.0 a second");
    }

    fn heading(label: &str, total: u64) -> Heading {
        Heading {
            lang: Lang::En,
            label: label.into(),
            total,
        }
    }

    #[test]
    fn a_line_says_games_rate_and_time_left() {
        let l = line(&heading("slice 2/8 ", 5000), 1200, Duration::from_secs(30));
        assert_eq!(
            l,
            "slice 2/8 1200/5000 games, 40.0 a second, about 1m 35s left"
        );
        assert_eq!(clock(3725.0), "1h 02m");
        assert_eq!(clock(42.4), "42s");
        let none = line(&heading("", 10), 0, Duration::from_secs(1));
        assert!(none.ends_with("about ? left"), "{none}");
    }

    /// A `Write` the test reads back.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn lines_come_every_so_often_with_the_count_and_stop_when_told() {
        let bar = ProgressBar::hidden();
        let out = Shared::default();
        let lines = Lines::start(
            &bar,
            heading("", 100),
            Duration::from_millis(5),
            out.clone(),
        );
        bar.inc(42);
        let deadline = Instant::now() + Duration::from_secs(20);
        while !String::from_utf8_lossy(&out.0.lock().unwrap()).contains("42/100 games") {
            assert!(Instant::now() < deadline, "no line with the count");
            std::thread::sleep(Duration::from_millis(5));
        }
        lines.stop();
        let written = out.0.lock().unwrap().len();
        std::thread::sleep(Duration::from_millis(30));
        assert_eq!(
            out.0.lock().unwrap().len(),
            written,
            "a line after the stop"
        );
    }
}
