//! The costs of the string and utf8 functions (and of messages), from their arguments.
//! `n` is the subject's length, `m` the pattern's, needle's or format's.

use super::{
    BUFFERED, CALL_BYTES, COPY, Cost, MOVE, SCAN, SLOT_BYTES, STRING_BYTES, arg, integer, per,
    span, text_len,
};
use mlua::{Lua, MultiValue, Value};

/// Positions a plain search tries in a step (a `memchr` and a `memcmp` call each) and
/// bytes its `memcmp` compares in a step.
const SEARCH_POSITIONS: u64 = 8;
const SEARCH_COMPARED: u64 = 1024;
/// Bytes `string.split` compares in a step (one inlined `memcmp` a position), and
/// pieces it makes in a step.
const SPLIT_COMPARED: u64 = 4096;
const SPLIT_PIECES: u64 = 8;
/// The most text one `string.format` item makes (Luau's `MAX_ITEM`), and one converted
/// value at most (a number's shortest text).
const FORMAT_ITEM: u64 = 512;
const NUMBER_TEXT: u64 = 24;

fn bytes_of(value: &Value) -> Option<mlua::BorrowedBytes> {
    match value {
        Value::String(s) => Some(s.as_bytes()),
        _ => None,
    }
}

fn slice(bytes: &Option<mlua::BorrowedBytes>) -> &[u8] {
    bytes.as_ref().map_or(&[][..], |b| b.as_ref())
}

fn truthy(value: &Value) -> bool {
    !matches!(value, Value::Nil | Value::Boolean(false))
}

/// The message of `error` and `assert`: copied with the place in front (`assert` formats
/// it with `vsnprintf`, which reads all of it, a byte at a time).
pub(super) fn message(_: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let n = args.iter().map(text_len).max().unwrap_or(0);
    Ok(Cost::steps(per(n, SCAN)).and_bytes(n + STRING_BYTES + CALL_BYTES))
}

/// One scan of the first argument (`tonumber`, `packsize`, `utf8.len`, `utf8.offset`).
pub(super) fn scan_first(_: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    Ok(Cost::steps(per(text_len(arg(args, 0)), SCAN)))
}

/// `lower`, `upper`, `reverse`: a new string of the same length, a byte at a time.
pub(super) fn rewrite(_: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let n = text_len(arg(args, 0));
    Ok(Cost::steps(per(n, COPY)).and_bytes(n + STRING_BYTES))
}

/// Pushes `k` values on the stack (which may grow to twice that).
fn pushes(k: u64) -> Cost {
    Cost::steps(per(k, MOVE)).and_bytes(2 * k * SLOT_BYTES)
}

pub(super) fn byte(lua: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let i = integer(lua, arg(args, 1));
    let j = integer(lua, arg(args, 2)).or(i);
    Ok(pushes(span(text_len(arg(args, 0)), i, j.or(Some(1)))))
}

pub(super) fn codepoint(lua: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    byte(lua, args)
}

pub(super) fn char(_: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let k = args.len() as u64;
    Ok(Cost::steps(per(k, MOVE)).and_bytes(k + STRING_BYTES))
}

/// Up to 4 bytes a character, in a growing buffer.
pub(super) fn utf8_char(_: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let k = args.len() as u64;
    Ok(Cost::steps(per(k, MOVE)).and_bytes(BUFFERED * 4 * k + STRING_BYTES))
}

pub(super) fn sub(lua: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let i = integer(lua, arg(args, 1));
    let j = integer(lua, arg(args, 2));
    let k = span(text_len(arg(args, 0)), i, j);
    Ok(Cost::steps(per(k, COPY)).and_bytes(k + STRING_BYTES))
}

pub(super) fn rep(lua: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let times = integer(lua, arg(args, 1)).unwrap_or(0).max(0) as u64;
    let size = text_len(arg(args, 0)).saturating_mul(times);
    Ok(Cost::steps(per(size, COPY)).and_bytes(size.saturating_add(STRING_BYTES)))
}

/// Compares the separator at every position (a naive search), and makes a string and a
/// table slot for each piece: one a byte with an empty separator.
pub(super) fn split(_: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let n = text_len(arg(args, 0));
    let m = match arg(args, 1) {
        Value::Nil => 1,
        sep => text_len(sep),
    };
    let positions = n + 1;
    let pieces = n.checked_div(m).map_or(n, |pieces| pieces + 1);
    let steps = per(positions, SCAN)
        + per(positions.saturating_mul(m), SPLIT_COMPARED)
        + per(pieces, SPLIT_PIECES);
    let bytes = n + pieces * (STRING_BYTES + 2 * SLOT_BYTES) + STRING_BYTES;
    Ok(Cost::steps(steps).and_bytes(bytes))
}

/// What a pattern may make Luau's matcher do, read from its text; over-estimated where
/// the text is unusual (a malformed pattern fails in the matcher anyway).
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Shape {
    /// Captures that make strings (`()` makes a position, a number).
    captures: u64,
    /// Position captures.
    positions: u64,
    /// Bytes testing one character against the widest single-character item takes (a
    /// set `[...]` is read to its end for each character).
    widest: u64,
    /// Items that may read up to the whole subject within one step of the matcher:
    /// `%b` and back-references `%1`-`%9`.
    long_items: u64,
    /// No special character: `string.find` then searches plainly, without the matcher.
    plain: bool,
    /// Starts with `^`: `string.find`, `match` and `gsub` try one position only.
    anchored: bool,
}

const SPECIALS: &[u8] = b"^$*+?.([%-";

pub(super) fn shape(p: &[u8]) -> Shape {
    let mut s = Shape {
        widest: 1,
        plain: !p.iter().any(|b| SPECIALS.contains(b)),
        anchored: p.first() == Some(&b'^'),
        ..Shape::default()
    };
    let mut i = 0;
    while i < p.len() {
        match p[i] {
            b'%' => {
                i += match p.get(i + 1) {
                    // `%bxy`: the two characters after it are not pattern items.
                    Some(b'b') => {
                        s.long_items += 1;
                        4
                    }
                    Some(b'1'..=b'9') => {
                        s.long_items += 1;
                        2
                    }
                    _ => {
                        s.widest = s.widest.max(2);
                        2
                    }
                };
            }
            b'[' => {
                let end = set_end(p, i);
                s.widest = s.widest.max((end - i) as u64);
                i = end;
            }
            b'(' if p.get(i + 1) == Some(&b')') => {
                s.positions += 1;
                i += 2;
            }
            b'(' => {
                s.captures += 1;
                i += 1;
            }
            _ => i += 1,
        }
    }
    s
}

/// Where the set starting at `start` (`[`) ends, as Luau's `classend` reads it: the first
/// character (after a `^`) is part of the set even if it is `]`; `%` escapes the next.
fn set_end(p: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    if p.get(i) == Some(&b'^') {
        i += 1;
    }
    loop {
        let Some(&b) = p.get(i) else {
            return p.len();
        };
        i += if b == b'%' { 2 } else { 1 };
        if p.get(i) == Some(&b']') {
            return i + 1;
        }
        if i >= p.len() {
            return p.len();
        }
    }
}

impl Shape {
    /// What the matcher does between two of its steps at most: read the pattern, one
    /// character against the widest item each, and the long items the whole subject.
    fn weight(&self, n: u64, m: u64, extra: u64) -> u64 {
        1 + m
            .saturating_add(extra)
            .saturating_add(self.long_items.saturating_mul(n))
            / SCAN
    }

    /// Strings made from one match's captures (the whole match when there are none).
    fn capture_bytes(&self, n: u64) -> u64 {
        self.captures.max(1) * (n + STRING_BYTES) + self.positions * SLOT_BYTES
    }

    /// Steps no step of the matcher pays for: a successful match's runs of one item
    /// (tested against its set for each character) and copying its captures.
    fn success_steps(&self, n: u64) -> u64 {
        per(n.saturating_mul(self.widest), SCAN) + per(self.captures.max(1) * n, COPY)
    }
}

fn subject_and_pattern(args: &MultiValue) -> (u64, Option<mlua::BorrowedBytes>) {
    (text_len(arg(args, 0)), bytes_of(arg(args, 1)))
}

fn matching(n: u64, p: &[u8], shape: &Shape) -> Cost {
    Cost {
        steps: shape.success_steps(n),
        bytes: shape.capture_bytes(n),
        weight: shape.weight(n, p.len() as u64, 0),
    }
}

pub(super) fn find(_: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let (n, p) = subject_and_pattern(args);
    let p = slice(&p);
    let shape = shape(p);
    if truthy(arg(args, 3)) || shape.plain {
        // Luau's plain search: at each position a `memchr` for the first byte, then a
        // `memcmp` of the rest, which the first byte of every position may start.
        let positions = n + 1;
        let compared = positions.saturating_mul(p.len() as u64);
        return Ok(Cost::steps(
            per(positions, SEARCH_POSITIONS) + per(compared, SEARCH_COMPARED),
        ));
    }
    Ok(matching(n, p, &shape))
}

pub(super) fn match_(_: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let (n, p) = subject_and_pattern(args);
    let p = slice(&p);
    Ok(matching(n, p, &shape(p)))
}

/// Making the iterator: what every match it will find together costs beyond the
/// matcher's steps (matches do not overlap).
pub(super) fn gmatch(_: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let (n, p) = subject_and_pattern(args);
    let p = slice(&p);
    Ok(Cost::steps(shape(p).success_steps(n)))
}

/// One step of the iterator: the matcher's weight, and room for one match's captures.
pub(super) fn gmatch_step(lua: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    Ok(Cost {
        steps: 0,
        ..match_(lua, args)?
    })
}

/// A replacement string adds its text at each match, and each `%0`-`%9` in it a capture
/// (matches do not overlap, so captures add the subject's length at most, per escape;
/// a position capture adds a number's text at each match). A function or table is
/// charged for what it returns, as it returns it (`appended`).
pub(super) fn gsub(lua: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let (n, p) = subject_and_pattern(args);
    let p = slice(&p);
    let shape = shape(p);
    let most = integer(lua, arg(args, 3)).map_or(u64::MAX, |k| k.max(0) as u64);
    let matches = if shape.anchored { 1 } else { n + 1 }.min(most);
    let (per_match, escapes) = match arg(args, 2) {
        replacement @ (Value::String(_) | Value::Integer(_) | Value::Number(_)) => {
            let r = text_len(replacement);
            let escapes = bytes_of(replacement).map_or(0, |r| {
                r.windows(2)
                    .filter(|w| w[0] == b'%' && w[1].is_ascii_digit())
                    .count() as u64
            });
            let positions = if shape.positions > 0 { escapes } else { 0 };
            (r + positions * NUMBER_TEXT, escapes)
        }
        _ => (0, 0),
    };
    let output = n
        .saturating_add(matches.saturating_mul(per_match))
        .saturating_add(escapes.saturating_mul(n));
    Ok(Cost {
        steps: shape.success_steps(n) + per(output, COPY),
        bytes: BUFFERED
            .saturating_mul(output)
            .saturating_add(shape.capture_bytes(n)),
        weight: shape.weight(n, p.len() as u64, per_match),
    })
}

/// What a `gsub` replacement function or table gave: `(so_far, value, subject, pattern)`
/// charges copying it into the result and reserves the result so far and the next
/// match's captures; returns the new total.
pub(super) fn appended(
    lua: &Lua,
    (so_far, value, subject, pattern): (u64, Value, Value, Value),
) -> mlua::Result<u64> {
    let added = match value {
        Value::String(_) | Value::Integer(_) | Value::Number(_) => text_len(&value),
        _ => 0,
    };
    let total = so_far.saturating_add(added);
    let n = text_len(&subject);
    let p = bytes_of(&pattern);
    let p = slice(&p);
    let bytes = BUFFERED
        .saturating_mul(total.saturating_add(n))
        .saturating_add(shape(p).capture_bytes(n));
    let cost = Cost::steps(per(added, COPY) + per(p.len() as u64, SCAN)).and_bytes(bytes);
    super::charge_as(lua, "string.gsub", cost)?;
    Ok(total)
}

/// A format's items, each with the argument it takes (from 0).
fn format_items(fmt: &[u8]) -> Vec<(u8, usize, Option<u64>)> {
    let mut items = Vec::new();
    let mut next_arg = 0;
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] != b'%' {
            i += 1;
            continue;
        }
        i += 1;
        if fmt.get(i) == Some(&b'%') {
            i += 1;
            continue;
        }
        while fmt.get(i).is_some_and(|b| b"-+ #0".contains(b)) {
            i += 1;
        }
        while fmt.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        let mut precision = None;
        if fmt.get(i) == Some(&b'.') {
            i += 1;
            let start = i;
            while fmt.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            let digits = &fmt[start..i];
            precision = Some(digits.iter().fold(0u64, |a, d| {
                a.saturating_mul(10).saturating_add(u64::from(d - b'0'))
            }));
        }
        let Some(&conversion) = fmt.get(i) else {
            break;
        };
        items.push((conversion, next_arg, precision));
        next_arg += 1;
        i += 1;
    }
    items
}

/// `string.format`: refuses what would print a memory address, then charges each item
/// (a float's digits take time to work out) and the text it makes.
pub(super) fn format(lua: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    super::super::trips::check_addresses(lua, args)?;
    let values: Vec<&Value> = args.iter().skip(1).collect();
    let fmt = bytes_of(arg(args, 0));
    let fmt = slice(&fmt);
    let mut text = fmt.len() as u64;
    let mut steps = per(text, SCAN);
    for (conversion, k, precision) in format_items(fmt) {
        let value = values.get(k).copied().unwrap_or(&Value::Nil);
        let len = text_len(value);
        steps += 1;
        text += match conversion {
            b'q' => {
                steps += per(len, SCAN);
                4 * len + 2
            }
            b's' | b'*' => len.max(NUMBER_TEXT) + FORMAT_ITEM,
            b'e' | b'E' | b'f' | b'g' | b'G' => {
                let whole = match value {
                    Value::Integer(i) => (*i as f64).abs(),
                    Value::Number(x) => x.abs(),
                    _ => 1.0,
                };
                let digits = whole.max(1.0).log10().min(400.0) as u64 + precision.unwrap_or(6);
                steps += per(digits, SCAN);
                FORMAT_ITEM
            }
            _ => FORMAT_ITEM,
        };
    }
    Ok(Cost::steps(steps + per(text, COPY)).and_bytes(BUFFERED * text + STRING_BYTES))
}

/// The arguments (from 1) a `%*` item turns into text with their own `__tostring`: the
/// wrapper converts them first, so their texts' lengths are known before formatting.
pub(super) fn tostring_first(_: &Lua, args: MultiValue) -> mlua::Result<mlua::Variadic<i64>> {
    let fmt = bytes_of(arg(&args, 0));
    let fmt = slice(&fmt);
    Ok(format_items(fmt)
        .into_iter()
        .filter(|&(conversion, k, _)| {
            let value = args.get(k + 1).unwrap_or(&Value::Nil);
            conversion == b'*'
                && matches!(value, Value::Table(_) | Value::UserData(_))
                && super::super::trips::has_tostring(value)
        })
        .map(|(_, k, _)| k as i64 + 1)
        .collect())
}

/// `string.pack`: every size the format names (a `c` pads that many bytes, one at a
/// time), up to 16 bytes of alignment an option, and the strings it packs.
pub(super) fn pack(_: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let fmt = bytes_of(arg(args, 0));
    let fmt = slice(&fmt);
    let named: u64 = fmt
        .split(|b| !b.is_ascii_digit())
        .filter(|digits| !digits.is_empty())
        .map(|digits| {
            (digits.iter()).fold(0u64, |a, d| {
                (a * 10 + u64::from(d - b'0')).min(i32::MAX as u64)
            })
        })
        .fold(0u64, u64::saturating_add);
    let strings: u64 = args.iter().skip(1).map(text_len).sum();
    let size = named
        .saturating_add(16 * fmt.len() as u64)
        .saturating_add(strings + 8 * args.len() as u64);
    Ok(Cost::steps(per(size, SCAN)).and_bytes(BUFFERED.saturating_mul(size) + STRING_BYTES))
}

/// `string.unpack`: reads the data once; each option makes one value (strings from the
/// data, which they do not overlap).
pub(super) fn unpack(_: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let m = text_len(arg(args, 0));
    let n = text_len(arg(args, 1));
    let steps = per(m, SCAN) + per(n, COPY) + per(m, MOVE);
    Ok(Cost::steps(steps).and_bytes(n + m * (STRING_BYTES + 2 * SLOT_BYTES)))
}

/// One step of `utf8.codes`' iterator: it skips the continuation bytes after position `i`.
pub(super) fn codes_step(lua: &Lua, args: &MultiValue) -> mlua::Result<Cost> {
    let Some(s) = bytes_of(arg(args, 0)) else {
        return Ok(Cost::default());
    };
    let from = integer(lua, arg(args, 1)).unwrap_or(0).max(0) as usize;
    let skipped = s.get(from..).map_or(0, |rest| {
        rest.iter().take_while(|b| *b & 0xC0 == 0x80).count()
    });
    Ok(Cost::steps(per(skipped as u64, SCAN)))
}

#[cfg(test)]
mod shape_tests {
    use super::*;

    #[test]
    fn shapes_read_what_the_matcher_does() {
        let s = shape(b"^(%w+)=([%a_%d]*)%b()%1()");
        assert_eq!(s.captures, 2);
        assert_eq!(s.positions, 1);
        assert_eq!(s.widest, "[%a_%d]".len() as u64);
        assert_eq!(s.long_items, 2);
        assert!(s.anchored && !s.plain);
        assert!(shape(b"abc").plain);
        // `]` first in a set is part of it; an unclosed set runs to the end.
        assert_eq!(shape(b"[]x]").widest, 4);
        assert_eq!(shape(b"a[bcd").widest, 4);
        assert_eq!(
            format_items(b"%5.2f%% %s %*"),
            vec![(b'f', 0, Some(2)), (b's', 1, None), (b'*', 2, None)]
        );
        // Luau refuses a precision of more than two digits; reading it must not overflow.
        let long = format!("%.{}f", "9".repeat(40));
        assert_eq!(
            format_items(long.as_bytes()),
            vec![(b'f', 0, Some(u64::MAX))]
        );
    }
}
