//! The costs of the table functions, from their arguments and the tables' sizes. Work a
//! table function does in proportion to what it allocates (rehashing a table that grows)
//! is paid for by that memory, which it reserves.

use super::{
    BUFFERED, COPY, Cost, MOVE, NODE_BYTES, SCAN, SLOT_BYTES, STRING_BYTES, arg, charge_as,
    integer, per, text_len,
};
use mlua::{Lua, MultiValue, Table, Value};

/// The most values a library call can push (Luau's `LUAI_MAXCSTACK`).
const MAX_PUSHED: u64 = 8000;
/// Entries `table.find` and `table.concat` visit in a step.
const VISITED: u64 = 8;
/// A new table's header and metatable cache, beyond its slots.
const TABLE_BYTES: u64 = 128;

/// The slots of a table's array part and hash part, whatever they hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Capacity {
    pub array: u64,
    pub nodes: u64,
}

impl Capacity {
    pub fn slots(self) -> u64 {
        self.array + self.nodes
    }

    pub fn bytes(self) -> u64 {
        self.array * SLOT_BYTES + self.nodes * NODE_BYTES
    }
}

/// Where Luau's `LuaTable` (`lobject.h`) keeps the log2 of its hash part's size (a byte)
/// and its array part's size (an `int`).
const LSIZENODE_AT: usize = 6;
const SIZEARRAY_AT: usize = 8;

/// How many slots `t` has: what walking, clearing or copying it goes through, however few
/// values it holds. Luau has no API for it: read from the table's header, at the offsets
/// [`check_layout`] verifies when the state is made.
pub(crate) fn capacity(t: &Table) -> Capacity {
    let header = t.to_pointer() as *const u8;
    // SAFETY: a table's pointer is its `LuaTable`, alive while `t` is; both fields lie in
    // its header, where `check_layout` found them.
    let (lsizenode, sizearray) = unsafe {
        (
            header.add(LSIZENODE_AT).read(),
            header.add(SIZEARRAY_AT).cast::<i32>().read_unaligned(),
        )
    };
    Capacity {
        array: sizearray.max(0) as u64,
        nodes: 1 << lsizenode.min(40),
    }
}

/// Fails unless [`capacity`] reads tables of known sizes right (a new Luau could move the
/// fields): then the engine does not start.
pub(super) fn check_layout(lua: &Lua) -> mlua::Result<()> {
    for (array, hashed, nodes) in [(0, 0, 1), (37, 5, 8), (1000, 1000, 1024)] {
        let t = lua.create_table_with_capacity(array, hashed)?;
        if capacity(&t)
            != (Capacity {
                array: array as u64,
                nodes,
            })
        {
            return Err(mlua::Error::runtime(
                "script/costs/tables.rs cannot read this Luau's table sizes: update `capacity`",
            ));
        }
    }
    Ok(())
}

/// What `t` may allocate to take `added` new keys. A rehash gives each part up to twice
/// the keys it may hold: the array part grows in place (only what it adds is new), the
/// hash part is made anew, each time (growing by doubling, all of them add up to twice
/// the last).
fn growth(t: &Table, added: u64) -> u64 {
    let Capacity { array, nodes } = capacity(t);
    let keys = nodes.saturating_add(added);
    (array + 2 * keys) * SLOT_BYTES + 4 * keys * NODE_BYTES
}

/// Pushes `k` values on the stack (which may grow to twice that).
fn pushes(k: u64) -> Cost {
    Cost::steps(per(k, MOVE)).and_bytes(2 * k * SLOT_BYTES)
}

fn table(args: &MultiValue, i: usize) -> Option<&Table> {
    match arg(args, i) {
        Value::Table(t) => Some(t),
        _ => None,
    }
}

fn length(args: &MultiValue) -> u64 {
    table(args, 0).map_or(0, |t| t.raw_len() as u64)
}

pub(super) fn rawset(_: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let Some(t) = table(args, 0) else {
        return Ok(Cost::default());
    };
    let key = arg(args, 1).clone();
    let new_key = !arg(args, 2).is_nil() && t.raw_get::<Value>(key).is_ok_and(|v| v.is_nil());
    Ok(Cost::default().and_bytes(if new_key { growth(t, 1) } else { 0 }))
}

pub(super) fn unpack(lua: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let first = integer(lua, arg(args, 1)).unwrap_or(1);
    let last = integer(lua, arg(args, 2)).unwrap_or(length(args) as i64);
    let k = (last - first + 1).clamp(0, MAX_PUSHED as i64) as u64;
    Ok(pushes(k))
}

pub(super) fn clear(_: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let slots = table(args, 0).map_or(0, |t| capacity(t).bytes());
    Ok(Cost::steps(per(slots, COPY)))
}

pub(super) fn clone(_: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let bytes = table(args, 0).map_or(0, |t| capacity(t).bytes());
    Ok(Cost::steps(per(bytes, COPY)).and_bytes(bytes + TABLE_BYTES))
}

/// Visits the entries first (a step per two, charged before) to add up their lengths: a
/// number becomes at most 24 bytes of text.
pub(super) fn concat(lua: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let Some(t) = table(args, 0) else {
        return Ok(Cost::default());
    };
    let first = integer(lua, arg(args, 2)).unwrap_or(1);
    let last = integer(lua, arg(args, 3)).unwrap_or(t.raw_len() as i64);
    if last < first {
        return Ok(Cost::default());
    }
    let count = (last - first + 1) as u64;
    charge_as(lua, "table.concat", Cost::steps(per(count, 2)))?;
    let sep = text_len(arg(args, 1));
    let mut size = 0u64;
    for k in first..=last {
        size += text_len(&t.raw_get::<Value>(k)?) + sep;
    }
    Ok(Cost::steps(per(size, COPY)).and_bytes(BUFFERED * size + STRING_BYTES))
}

pub(super) fn create(lua: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let n = integer(lua, arg(args, 0)).unwrap_or(0).max(0) as u64;
    Ok(Cost::steps(per(n, MOVE)).and_bytes(n * SLOT_BYTES + TABLE_BYTES))
}

/// Reads on from `init` up to the first nil: through every slot at most.
pub(super) fn find(_: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let slots = table(args, 0).map_or(0, |t| capacity(t).slots());
    Ok(Cost::steps(per(slots, VISITED)))
}

/// Moves the entries after the position up one, then sets a key, which makes the table
/// grow unless it falls in its array part.
pub(super) fn insert(lua: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let Some(t) = table(args, 0) else {
        return Ok(Cost::default());
    };
    let n = t.raw_len() as u64;
    let (moved, key) = match (args.len(), integer(lua, arg(args, 1))) {
        (3, Some(pos)) if pos >= 1 && pos as u64 <= n => (n - pos as u64 + 1, n + 1),
        (3, Some(pos)) => (0, pos.max(0) as u64),
        _ => (0, n + 1),
    };
    let grows = key == 0 || key > capacity(t).array;
    Ok(Cost::steps(per(moved, MOVE)).and_bytes(if grows { growth(t, 1) } else { 0 }))
}

/// Moves `e - f + 1` entries; the destination's array part grows to take them if they
/// start in it, and its hash part takes the rest.
pub(super) fn move_(lua: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let f = integer(lua, arg(args, 1)).unwrap_or(0);
    let e = integer(lua, arg(args, 2)).unwrap_or(0);
    let to = integer(lua, arg(args, 3)).unwrap_or(0);
    let Some(dst) = table(args, 4).or(table(args, 0)) else {
        return Ok(Cost::default());
    };
    if e < f {
        return Ok(Cost::default());
    }
    let count = (e - f + 1) as u64;
    let array = capacity(dst).array as i64;
    let end = to - 1 + count as i64;
    let bytes = if to >= 1 && end <= array {
        0
    } else if to > 0 && to - 1 <= array {
        end as u64 * SLOT_BYTES + growth(dst, count)
    } else {
        growth(dst, count)
    };
    Ok(Cost::steps(per(count, MOVE)).and_bytes(bytes))
}

pub(super) fn pack(_: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let k = args.len() as u64;
    Ok(Cost::steps(per(k, MOVE)).and_bytes(k * SLOT_BYTES + NODE_BYTES + TABLE_BYTES))
}

pub(super) fn remove(lua: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let n = length(args);
    let pos = integer(lua, arg(args, 1)).unwrap_or(n as i64);
    let moved = if pos >= 1 && pos as u64 <= n {
        n - pos as u64 + 1
    } else {
        0
    };
    Ok(Cost::steps(per(moved, MOVE)))
}

/// `n log n` comparisons; without a comparison function, strings compare byte by byte,
/// so each level of the sort may read all of them once more (their lengths are read
/// first, a step an entry, charged before).
pub(super) fn sort(lua: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let Some(t) = table(args, 0) else {
        return Ok(Cost::default());
    };
    let n = t.raw_len() as u64;
    let levels = 64 - n.leading_zeros() as u64;
    let mut text = 0;
    if arg(args, 1).is_nil() {
        charge_as(lua, "table.sort", Cost::steps(n))?;
        for k in 1..=n {
            text += text_len(&t.raw_get::<Value>(k)?);
        }
    }
    Ok(Cost::steps((n + per(text, SCAN)) * levels))
}
