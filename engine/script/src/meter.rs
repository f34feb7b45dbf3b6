//! Metering a script's work: steps, bytes allocated and wall-clock time, per hook call.
//!
//! - **Steps** are counted by Luau's interrupt, which runs at every call, return and loop
//!   back edge (and at each attempt of a pattern match); a call whose arguments fill many
//!   stack slots costs one more step per 64 slots. Library functions whose work grows with
//!   their input (sorting, searching, long strings) are charged for their worst case before
//!   they run (`costs/`), at most [`STEP_TIME`] of work a step; inside the pattern matcher
//!   each of its steps weighs what one can cost ([`Meter::weigh`]). Steps are deterministic:
//!   the budget stops the same hook at the same place in every process.
//! - **Bytes** are counted by Luau's `onallocate` callback: everything the call allocates,
//!   garbage included, so the count does not depend on when the collector runs or on what
//!   earlier games left in the heap. The host's own bookkeeping (caches of monster tables
//!   and strings) is not counted (see [`Meter::pause`]); what the host returns is. A library
//!   call that may allocate more than a little first reserves its worst case
//!   ([`Meter::reserve`]), so the limit stops it before it allocates.
//! - **Time**: a deadline per call, checked every [`CLOCK_EVERY`] steps, stops the few
//!   operations the steps do not measure (comparing two very long strings in a loop, huge
//!   loop bodies). It is the last resort, and the only limit that is not deterministic.
//!
//! A limit once reached is final for the call: every later safepoint raises the error
//! again, `pcall` and `coroutine.resume` pass it on (`library.lua`), and the host fails
//! the call even if the script swallowed the error somehow.

use mlua::ffi;
use std::cell::{Cell, RefCell};
use std::os::raw::{c_int, c_void};
use std::time::Duration;

/// Steps one hook call may take.
pub const DEFAULT_STEP_BUDGET: u64 = 2_000_000;
/// Steps one hook call may take in analysis (the odds search, the bots' thinking), which
/// runs hooks thousands of times a decision: a call past it makes what is being worked
/// out give way (an exact search to samples, a sampled dungeon left out, a bot's figure
/// counting the dungeon lost), the same in every process. Honest hooks take tens to
/// thousands of steps; `dungeon check` warns about one past this.
pub const ANALYSIS_STEP_BUDGET: u64 = 100_000;
/// Wall-clock time one hook call may take.
pub const DEFAULT_DEADLINE: Duration = Duration::from_secs(2);
/// Bytes the hooks of one card may allocate during one engine operation (its script's
/// chunk included), garbage included.
pub const CARD_MEMORY: u64 = 32 * 1024 * 1024;
/// Bytes all hooks together may allocate during one engine operation.
pub const OPERATION_MEMORY: u64 = 128 * 1024 * 1024;
/// How often (in steps) the clock is read.
pub const CLOCK_EVERY: u64 = 128;
/// The most wall-clock time one step may stand for, so that a hook spending its whole
/// budget stays within the deadline. Library charges aim at a quarter of it or less.
#[cfg_attr(not(test), allow(dead_code))]
pub const STEP_TIME: Duration =
    Duration::from_nanos(DEFAULT_DEADLINE.as_nanos() as u64 / DEFAULT_STEP_BUDGET);

/// Which limit stopped a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Limit {
    Steps,
    Memory,
    Deadline,
}

/// The counters of the running call. One per Lua state; the interrupt and the allocation
/// callback find it through [`CURRENT`] while a call runs.
pub(crate) struct Meter {
    steps: Cell<u64>,
    budget: Cell<u64>,
    /// The step count at which the interrupt next looks at the budget and the clock.
    next_check: Cell<u64>,
    allocated: Cell<u64>,
    allocation_limit: Cell<u64>,
    paused: Cell<u32>,
    /// Bytes the library calls of the current call reserved (see [`Meter::reserve`]).
    reserved: Cell<u64>,
    /// Steps each interrupt counts: 1, more while the pattern matcher runs.
    weight: Cell<u64>,
    /// The library function whose matcher runs, for messages ("" outside one).
    within: Cell<&'static str>,
    /// On the [`coarse_now`] clock.
    deadline: Cell<Option<Duration>>,
    time_limit: Cell<Duration>,
    /// The limit reached, and where (`chunk:line: `), once reached.
    tripped: RefCell<Option<(Limit, String)>>,
}

thread_local! {
    /// The meter of the call running on this thread, if any.
    static CURRENT: Cell<*const Meter> = const { Cell::new(std::ptr::null()) };
    /// mlua's interrupt procedure, which runs our Rust check and raises its errors.
    static SLOW_INTERRUPT: Cell<Option<unsafe extern "C-unwind" fn(*mut ffi::lua_State, c_int)>> =
        const { Cell::new(None) };
}

/// Makes a meter the current one until dropped.
pub(crate) struct Active {
    previous: *const Meter,
}

impl Drop for Active {
    fn drop(&mut self) {
        CURRENT.with(|c| c.set(self.previous));
    }
}

/// Stops counting allocations until dropped (host bookkeeping).
pub(crate) struct Paused<'a>(&'a Meter);

impl Drop for Paused<'_> {
    fn drop(&mut self) {
        self.0.paused.set(self.0.paused.get() - 1);
    }
}

impl Meter {
    pub fn new() -> Meter {
        Meter {
            steps: Cell::new(0),
            budget: Cell::new(DEFAULT_STEP_BUDGET),
            next_check: Cell::new(0),
            allocated: Cell::new(0),
            allocation_limit: Cell::new(CARD_MEMORY),
            paused: Cell::new(0),
            reserved: Cell::new(0),
            weight: Cell::new(1),
            within: Cell::new(""),
            deadline: Cell::new(None),
            time_limit: Cell::new(DEFAULT_DEADLINE),
            tripped: RefCell::new(None),
        }
    }

    pub fn set_budget(&self, steps: u64) {
        self.budget.set(steps);
    }

    pub fn budget(&self) -> u64 {
        self.budget.get()
    }

    pub fn set_time_limit(&self, limit: Duration) {
        self.time_limit.set(limit);
    }

    pub fn time_limit(&self) -> Duration {
        self.time_limit.get()
    }

    /// Starts metering a call that may allocate `bytes`; returns the guard that keeps
    /// this meter current.
    pub fn start(&self, bytes: u64) -> Active {
        self.steps.set(0);
        self.next_check.set(CLOCK_EVERY.min(self.budget.get() + 1));
        self.allocated.set(0);
        self.allocation_limit.set(bytes);
        self.reserved.set(0);
        self.weight.set(1);
        self.within.set("");
        self.deadline
            .set(Some(coarse_now() + self.time_limit.get()));
        self.tripped.replace(None);
        self.activate()
    }

    /// Starts counting what the host keeps for a hook the engine runs natively (see
    /// `native/`): no Lua code runs, so only the allowance of `bytes` matters.
    pub fn start_host(&self, bytes: u64) {
        self.allocated.set(0);
        self.allocation_limit.set(bytes);
        self.tripped.replace(None);
    }

    /// Makes this meter current without resetting it.
    pub fn activate(&self) -> Active {
        let previous = CURRENT.with(|c| c.replace(self as *const Meter));
        Active { previous }
    }

    pub fn pause(&self) -> Paused<'_> {
        self.paused.set(self.paused.get() + 1);
        Paused(self)
    }

    /// Steps the current (or last) call has taken (charged ones included).
    pub fn steps(&self) -> u64 {
        self.steps.get()
    }

    /// Bytes the current call allocated.
    pub fn allocated(&self) -> u64 {
        self.allocated.get()
    }

    /// The limit the call reached, if any, and where.
    pub fn tripped(&self) -> Option<(Limit, String)> {
        self.tripped.borrow().clone()
    }

    /// Records that a limit was reached (the first one counts).
    pub fn trip(&self, limit: Limit, place: String) {
        let mut t = self.tripped.borrow_mut();
        if t.is_none() {
            *t = Some((limit, place));
        }
    }

    /// Charges `steps` for work done outside the interrupt's sight; fails once the budget
    /// is spent (the work must then not be done).
    pub fn charge(&self, steps: u64) -> Result<(), Limit> {
        if let Some((limit, _)) = &*self.tripped.borrow() {
            return Err(*limit);
        }
        let total = self.steps.get().saturating_add(steps);
        self.steps.set(total);
        if total > self.budget.get() {
            return Err(Limit::Steps);
        }
        Ok(())
    }

    /// Fails if allocating `bytes` more would pass the call's limit. Reserving counts
    /// nothing: the allocations that follow are counted as they happen.
    pub fn reserve(&self, bytes: u64) -> Result<(), Limit> {
        if self.allocated.get().saturating_add(bytes) > self.allocation_limit.get() {
            return Err(Limit::Memory);
        }
        self.reserved.set(self.reserved.get().saturating_add(bytes));
        Ok(())
    }

    /// Bytes reserved since the call started (what the cost test compares with).
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn reserved(&self) -> u64 {
        self.reserved.get()
    }

    /// Makes each step count `weight` steps, inside library function `within` (its name in
    /// messages); returns what was set before, to restore.
    pub fn weigh(&self, weight: u64, within: &'static str) -> (u64, &'static str) {
        (
            self.weight.replace(weight.max(1)),
            self.within.replace(within),
        )
    }

    /// The library function whose matcher runs ("" if none).
    pub fn within(&self) -> &'static str {
        self.within.get()
    }

    /// Counts `bytes` the host keeps on the script's behalf (effects, remembered values).
    pub fn count_host_bytes(&self, bytes: u64) -> Result<(), Limit> {
        self.reserve(bytes)?;
        self.allocated.set(self.allocated.get() + bytes);
        Ok(())
    }

    /// The interrupt's slow path: which limit, if any, the call has reached.
    pub fn check(&self) -> Option<Limit> {
        if let Some((limit, _)) = &*self.tripped.borrow() {
            return Some(*limit);
        }
        let steps = self.steps.get();
        if steps > self.budget.get() {
            return Some(Limit::Steps);
        }
        if self.allocated.get() > self.allocation_limit.get() {
            return Some(Limit::Memory);
        }
        if self.deadline.get().is_some_and(|d| coarse_now() > d) {
            return Some(Limit::Deadline);
        }
        self.next_check
            .set((steps + CLOCK_EVERY).min(self.budget.get() + 1));
        None
    }
}

/// The monotonic clock at the resolution of the kernel's tick (a few ms, plenty for a
/// deadline of seconds), which costs a fraction of the precise one: it is read at the
/// start of every hook call. Elsewhere than Linux, the precise clock.
fn coarse_now() -> Duration {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `t` is a valid timespec for the call to fill.
        if unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC_COARSE, &mut t) } == 0 {
            return Duration::new(t.tv_sec as u64, t.tv_nsec as u32);
        }
    }
    thread_local!(static ORIGIN: std::time::Instant = std::time::Instant::now());
    ORIGIN.with(|o| o.elapsed())
}

/// Installs the fast interrupt and the allocation callback on `lua`, after mlua's
/// `set_interrupt` installed its own procedure (kept as the slow path).
pub(crate) fn install(lua: &mlua::Lua) -> mlua::Result<()> {
    // SAFETY: `exec_raw` hands us the state; we only read and write its callback table.
    unsafe {
        lua.exec_raw::<()>((), |state| {
            let callbacks = ffi::lua_callbacks(state);
            let slow = (*callbacks).interrupt;
            SLOW_INTERRUPT.with(|s| s.set(slow));
            (*callbacks).interrupt = Some(fast_interrupt);
            (*callbacks).onallocate = Some(on_allocate);
        })
    }
}

/// Counts a step (more for calls with many arguments) and leaves the real check to the
/// slow path only when the budget, the clock or the memory may need looking at.
unsafe extern "C-unwind" fn fast_interrupt(state: *mut ffi::lua_State, gc: c_int) {
    if gc >= 0 {
        return;
    }
    let meter = CURRENT.with(|c| c.get());
    if meter.is_null() {
        return;
    }
    // SAFETY: a meter is current only while its `Active` guard lives, inside a call that
    // borrows the host that owns the meter.
    let m = unsafe { &*meter };
    let slots = unsafe { ffi::lua_gettop(state) }.max(0) as u64;
    let steps = m.steps.get() + m.weight.get() + (slots >> 6);
    m.steps.set(steps);
    if steps < m.next_check.get() && m.allocated.get() <= m.allocation_limit.get() {
        return;
    }
    if let Some(slow) = SLOW_INTERRUPT.with(|s| s.get()) {
        unsafe { slow(state, gc) }
    }
}

unsafe extern "C-unwind" fn on_allocate(
    state: *mut ffi::lua_State,
    _block: *mut c_void,
    old_size: usize,
    new_size: usize,
    _memcat: u8,
    tt: c_int,
    _tag: c_int,
) {
    // Scripts cannot make userdata: those are mlua's (error objects), not the script's.
    if new_size <= old_size || tt == ffi::LUA_TUSERDATA {
        return;
    }
    let meter = CURRENT.with(|c| c.get());
    if meter.is_null() {
        return;
    }
    // SAFETY: as in `fast_interrupt`.
    let m = unsafe { &*meter };
    if m.paused.get() != 0 {
        return;
    }
    let total = m.allocated.get() + (new_size - old_size) as u64;
    m.allocated.set(total);
    if total > m.allocation_limit.get() && m.tripped.borrow().is_none() {
        // Remember where, so the error names the line that allocated, not the next
        // safepoint (where the interrupt raises it).
        let place = unsafe { script_place(state) };
        m.trip(Limit::Memory, super::marks::in_function(place, m.within()));
    }
}

/// `chunk:line: ` of the innermost frame of a card script, read from the raw state (no
/// allocation, no error: safe inside the allocation callback).
unsafe fn script_place(state: *mut ffi::lua_State) -> String {
    for level in 0..32 {
        // SAFETY: `ar` is a plain C struct; `lua_getinfo` fills it for a valid level.
        let mut ar: ffi::lua_Debug = unsafe { std::mem::zeroed() };
        if unsafe { ffi::lua_getinfo(state, level, c"sl".as_ptr(), &mut ar) } == 0 {
            break;
        }
        if ar.currentline <= 0 || ar.short_src.is_null() {
            continue;
        }
        let src = unsafe { std::ffi::CStr::from_ptr(ar.short_src) }.to_string_lossy();
        if !src.starts_with(super::marks::ENGINE_CHUNK_PREFIX) {
            return format!("{src}:{}: ", ar.currentline);
        }
    }
    String::new()
}

/// The meter of the running call, for library functions.
pub(crate) fn with_current<R>(f: impl FnOnce(&Meter) -> R) -> Option<R> {
    let meter = CURRENT.with(|c| c.get());
    if meter.is_null() {
        return None;
    }
    // SAFETY: as in `fast_interrupt`.
    Some(f(unsafe { &*meter }))
}
