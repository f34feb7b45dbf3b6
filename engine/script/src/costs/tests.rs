//! Every library function a script can reach, run at its worst: the time and memory it
//! really takes stay within what it is charged, and with less budget or memory than it
//! needs it is refused, by a message that names it, before it passes the limit.
//! `COSTS_REPORT=1` prints what each case took and was charged.

use super::super::frame::{Frame, SharedFrame};
use super::super::marks::{BUDGET_MARKER, ITERATE, MEMORY_MARKER};
use super::super::meter::{Limit, Meter, STEP_TIME};
use super::super::sandbox;
use super::cases::{CASES, Case};
use super::{ALLOCATION_TIME, CALL_BYTES, Charge, LIBRARY, shown};
use crate::action::CardRef;
use crate::hook_name::HookName;
use crate::ids::TileId;
use crate::state::GameState;
use mlua::{Function, Lua, Table, Value};
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// Time the harness itself may take around a case (the call from Rust, the clock).
const HARNESS_TIME: Duration = Duration::from_micros(200);
/// Bytes the harness's own closure and loop may allocate.
const HARNESS_BYTES: u64 = 4096;
/// Cases charged fewer steps, or reserving fewer bytes, are not run again to see the
/// limits stop them: they are too small to stop reliably in the middle.
const LIMIT_STEPS: u64 = 1000;
const LIMIT_BYTES: u64 = 64 * 1024;
/// Measuring again a case that took longer than it may, in case the machine was busy.
const ATTEMPTS: usize = 5;

/// A sandboxed state as a hook sees it, with a game state lent (for `math.random`).
struct Harness {
    lua: Lua,
    globals: Table,
    meter: Rc<Meter>,
    frame: SharedFrame,
    state: Box<GameState>,
}

/// What one run of a case took and was charged.
struct Run {
    result: mlua::Result<()>,
    elapsed: Duration,
    steps: u64,
    allocated: u64,
    reserved: u64,
    tripped: Option<(Limit, String)>,
}

impl Harness {
    fn new() -> Harness {
        let meter = Rc::new(Meter::new());
        let frame: SharedFrame = Rc::new(RefCell::new(Frame::new(meter.clone(), None)));
        let (lua, globals) = sandbox::new_state(frame.clone(), crate::version::PRELUDE)
            .unwrap_or_else(|e| panic!("{e}"));
        lua.set_memory_limit(4 << 30).unwrap();
        Harness {
            lua,
            globals,
            meter,
            frame,
            state: Box::default(),
        }
    }

    /// The case's call in a loop, in a closure over what its setup made.
    fn prepare(&mut self, case: &Case) -> Function {
        let code = format!(
            "{}\nreturn function() for _ = 1, {} do {} end end",
            case.setup, case.reps, case.call
        );
        let chunk = sandbox::compile(&self.lua, &self.globals, "case", &code)
            .unwrap_or_else(|e| panic!("{}: {}", case.function, e.message));
        let run = self.run(u64::MAX / 4, u64::MAX / 4, || chunk.call::<Function>(()));
        run.0
            .unwrap_or_else(|e| panic!("{}: setup: {e}", case.function))
    }

    /// Runs `f` with `budget` steps and `bytes` of memory, as a hook runs.
    fn run<R>(
        &mut self,
        budget: u64,
        bytes: u64,
        f: impl FnOnce() -> mlua::Result<R>,
    ) -> (mlua::Result<R>, Run) {
        self.lua.gc_collect().unwrap();
        self.meter.set_budget(budget);
        self.meter.set_time_limit(Duration::from_secs(3600));
        let hook = HookName::BeforeEntering;
        (self.frame.borrow_mut()).lend(&mut self.state, CardRef::Tile(TileId(0)), hook, &[]);
        let active = self.meter.start(bytes);
        let started = Instant::now();
        let result = f();
        let elapsed = started.elapsed();
        drop(active);
        self.frame.borrow_mut().end_loan();
        let run = Run {
            result: Ok(()),
            elapsed,
            steps: self.meter.steps(),
            allocated: self.meter.allocated(),
            reserved: self.meter.reserved(),
            tripped: self.meter.tripped(),
        };
        (result, run)
    }

    fn measure(&mut self, case: &Case, budget: u64, bytes: u64) -> Run {
        let f = self.prepare(case);
        let (result, run) = self.run(budget, bytes, || f.call::<()>(()));
        Run { result, ..run }
    }
}

fn charge_of(function: &str) -> Charge {
    LIBRARY
        .iter()
        .find(|(name, _)| *name == function)
        .unwrap_or_else(|| panic!("{function}: not in LIBRARY"))
        .1
}

/// The time `steps` stand for, and allocating `bytes` (paid for by the memory limits).
fn allowed_time(steps: u64, bytes: u64) -> Duration {
    let nanos = |time: Duration, n: u64| (time.as_nanos() as u64).saturating_mul(n);
    Duration::from_nanos(nanos(STEP_TIME, steps).saturating_add(nanos(ALLOCATION_TIME, bytes)))
        + HARNESS_TIME
}

/// Measures the case (again if it took too long, in case the machine was busy); adds
/// to `failures` what it took beyond its charge.
fn check_within_charge(h: &mut Harness, case: &Case, failures: &mut Vec<String>) -> Run {
    let mut best: Option<Run> = None;
    for _ in 0..ATTEMPTS {
        let run = h.measure(case, u64::MAX / 4, u64::MAX / 4);
        if let Err(e) = &run.result {
            panic!("{}: `{}` failed: {e}", case.function, case.call);
        }
        let fits = run.elapsed <= allowed_time(run.steps, run.allocated);
        if best.as_ref().is_none_or(|b| run.elapsed < b.elapsed) {
            best = Some(run);
        }
        if fits {
            break;
        }
    }
    let run = best.expect("measured");
    if std::env::var_os("COSTS_REPORT").is_some() {
        eprintln!(
            "{:<32} {:>9.3} ms {:>10} steps {:>7.0} ns/step {:>11} bytes {:>11} reserved  {}",
            case.function,
            run.elapsed.as_secs_f64() * 1e3,
            run.steps,
            run.elapsed.as_nanos() as f64 / run.steps.max(1) as f64,
            run.allocated,
            run.reserved,
            case.call
        );
    }
    if run.elapsed > allowed_time(run.steps, run.allocated) {
        failures.push(format!(
            "{}: `{}` took {:?}, charged {} steps for {} bytes (at most {:?})",
            case.function,
            case.call,
            run.elapsed,
            run.steps,
            run.allocated,
            allowed_time(run.steps, run.allocated)
        ));
    }
    // Lua code allocates as it goes, each allocation counted: it reserves nothing.
    let unreserved = case.reps as u64 * CALL_BYTES + HARNESS_BYTES;
    if !matches!(charge_of(case.function), Charge::Lua) && run.allocated > run.reserved + unreserved
    {
        failures.push(format!(
            "{}: `{}` allocated {} bytes, reserved {}",
            case.function, case.call, run.allocated, run.reserved
        ));
    }
    run
}

/// Adds the message to `failures` unless `ok`.
macro_rules! expect {
    ($failures:expr, $ok:expr, $($message:tt)+) => {
        if !$ok {
            $failures.push(format!($($message)+));
        }
    };
}

/// The message the host gives for the limit the call reached, and where.
fn tripped_message(h: &Harness, case: &Case, run: &Run, limit: Limit) -> Result<String, String> {
    let what = format!("{}: `{}`", case.function, case.call);
    match &run.tripped {
        None => Err(format!(
            "{what} passed no {limit:?} limit ({:?})",
            run.result
        )),
        Some((reached, place)) if *reached != limit || run.result.is_ok() => Err(format!(
            "{what}: expected {limit:?}, {reached:?} at `{place}` ({:?})",
            run.result
        )),
        Some((_, place)) => {
            let (budget, time) = (h.meter.budget(), h.meter.time_limit());
            let text = super::super::trips::limit_message(limit, budget, time);
            Ok(format!("{place}{text}"))
        }
    }
}

/// With half the budget the call took, it stops within that budget's time, and with
/// half the memory it allocated, before allocating it; both messages name the function
/// (Lua code is stopped where it is, in no library function).
fn check_limits(h: &mut Harness, case: &Case, measured: &Run, failures: &mut Vec<String>) {
    let named = !case.calls_back && !matches!(charge_of(case.function), Charge::Lua | Charge::Call);
    let name = shown(case.function);
    let what = format!("{}: `{}`", case.function, case.call);
    if measured.steps >= LIMIT_STEPS {
        let budget = measured.steps / 2;
        let run = h.measure(case, budget, u64::MAX / 4);
        match tripped_message(h, case, &run, Limit::Steps) {
            Err(e) => failures.push(e),
            Ok(message) => {
                expect!(
                    failures,
                    message.contains(BUDGET_MARKER),
                    "{what}: {message}"
                );
                expect!(
                    failures,
                    !named || message.contains(name),
                    "{what}: {message}"
                );
                expect!(
                    failures,
                    run.elapsed <= allowed_time(budget, run.allocated),
                    "{what}: stopped after {:?}: {message}",
                    run.elapsed
                );
            }
        }
    }
    if measured.allocated >= LIMIT_BYTES {
        let bytes = measured.allocated / 2;
        let run = h.measure(case, u64::MAX / 4, bytes);
        match tripped_message(h, case, &run, Limit::Memory) {
            Err(e) => failures.push(e),
            Ok(message) => {
                expect!(
                    failures,
                    message.contains(MEMORY_MARKER),
                    "{what}: {message}"
                );
                expect!(
                    failures,
                    !named || message.contains(name),
                    "{what}: {message}"
                );
                // Lua code is stopped at its next step, past the allocation that reached
                // the limit.
                let overshoot = if named {
                    HARNESS_BYTES
                } else {
                    bytes + HARNESS_BYTES
                };
                expect!(
                    failures,
                    run.allocated <= bytes + overshoot,
                    "{what}: allocated {} bytes of {bytes}: {message}",
                    run.allocated
                );
            }
        }
    }
}

/// The names of every function reachable from the globals, and through the libraries.
fn reachable(h: &Harness) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for pair in h.globals.pairs::<String, Value>() {
        let (name, value) = pair.unwrap();
        match value {
            Value::Function(_) => {
                names.insert(name);
            }
            Value::Table(library) if name != "_G" => {
                for pair in library.pairs::<String, Value>() {
                    let (field, value) = pair.unwrap();
                    if let Value::Function(_) = value {
                        names.insert(format!("{name}.{field}"));
                    }
                }
            }
            _ => {}
        }
    }
    names
}

/// Every reachable function has a cost entry and a worst case here, and nothing listed is
/// out of reach: a new library function (a Luau upgrade, a helper added to the prelude)
/// fails this until it is charged and tested.
#[test]
fn every_reachable_function_has_a_cost_and_a_worst_case() {
    let h = Harness::new();
    let reachable = reachable(&h);
    assert!(reachable.contains(ITERATE) && reachable.contains("string.find"));
    let listed: BTreeSet<String> = LIBRARY.iter().map(|(n, _)| n.to_string()).collect();
    let tested: BTreeSet<String> = CASES.iter().map(|c| c.function.to_string()).collect();
    let unlisted: Vec<_> = reachable.difference(&listed).collect();
    assert!(
        unlisted.is_empty(),
        "reachable without a cost entry: {unlisted:?}"
    );
    let stale: Vec<_> = listed.difference(&reachable).collect();
    assert!(stale.is_empty(), "listed but not reachable: {stale:?}");
    let untested: Vec<_> = reachable.difference(&tested).collect();
    assert!(untested.is_empty(), "no worst case for: {untested:?}");
}

/// Each case within its charge, and stopped by the limits in time, by name.
#[test]
fn library_calls_stay_within_what_they_are_charged() {
    let mut h = Harness::new();
    let mut failures = Vec::new();
    for case in CASES {
        let run = check_within_charge(&mut h, case, &mut failures);
        if case.reps == 1 {
            check_limits(&mut h, case, &run, &mut failures);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The steps `call` takes after `setup`.
fn steps_of(h: &mut Harness, setup: &'static str, call: &'static str) -> u64 {
    let case = Case {
        function: "string.gsub",
        setup,
        call,
        reps: 1,
        calls_back: false,
    };
    let run = h.measure(&case, u64::MAX / 4, u64::MAX / 4);
    run.result.unwrap_or_else(|e| panic!("`{call}`: {e}"));
    run.steps
}

/// A matcher's steps weigh what its pattern may make it do, and only its own: the weight
/// is put back when it fails, and a replacement function runs at the ordinary weight.
#[test]
fn only_the_matcher_is_weighed() {
    let mut h = Harness::new();
    // A pattern of 3200 bytes: each step of its matcher weighs 101.
    let setup = "local p = string.rep('a', 3200) local s = string.rep(p, 10)";
    let loop_alone = steps_of(&mut h, setup, "for i = 1, 10000 do end");
    let after_error = steps_of(
        &mut h,
        setup,
        "pcall(string.gsub, s, p .. '[', '') for i = 1, 10000 do end",
    );
    assert!(
        after_error < 2 * loop_alone,
        "{after_error} steps after a failed match, {loop_alone} for the loop alone"
    );
    // Ten matches, each calling back a loop of 1000.
    let callbacks = steps_of(
        &mut h,
        setup,
        "string.gsub(s, p, function() for i = 1, 1000 do end end)",
    );
    assert!(
        callbacks < 2 * loop_alone,
        "{callbacks} steps for ten callbacks of 1000 steps"
    );
    // The matcher itself is weighed: it tries the pattern at each of 32001 positions.
    let matched = steps_of(&mut h, setup, "string.find(s, 'b.' .. p)");
    assert!(
        matched > 32000 * 100,
        "{matched} steps for 32001 weighed tries"
    );
}
