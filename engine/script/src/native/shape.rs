//! Recognising the shapes a script is run natively for, from its tokens (comments and
//! whitespace aside): one call to a prelude helper with literal arguments, or the Royal
//! Sceptre's hook written out.

use super::Arg;

/// Names a script may not give `ctx` or `m` in the one hook shape known: Lua's keywords,
/// and `dungeon`, which would hide the prelude's.
const RESERVED: &[&str] = &[
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "if", "in", "local",
    "nil", "not", "or", "repeat", "return", "then", "true", "until", "while", "continue",
    "dungeon",
];

/// Whether `code` is, comments and whitespace aside, the Royal Sceptre's shape (see
/// [`Helper::DefeatsIfSpeciesFacedBefore`]), with any two names for `ctx` and `m`.
pub(super) fn is_defeats_if_species_faced(code: &str) -> bool {
    let Some(tokens) = tokens(code) else {
        return false;
    };
    let t: Vec<&str> = tokens.iter().map(String::as_str).collect();
    let [
        "return",
        "{",
        "defeats",
        "=",
        "function",
        "(",
        ctx,
        ",",
        m,
        ")",
        "return",
        m1,
        ".",
        "species",
        "~=",
        "nil",
        "and",
        "dungeon",
        ".",
        "count_species",
        "(",
        ctx1,
        ".",
        "faced",
        "(",
        ")",
        ",",
        m2,
        ".",
        "species",
        ")",
        ">",
        "0",
        "end",
        rest @ ..,
    ] = t.as_slice()
    else {
        return false;
    };
    let named = |n: &str| is_identifier(n) && !RESERVED.contains(&n);
    matches!(rest, ["}"] | [",", "}"] | ["}", ";"] | [",", "}", ";"])
        && (ctx, m) == (ctx1, m1)
        && m == m2
        && ctx != m
        && named(ctx)
        && named(m)
}

/// `return dungeon.NAME(ARGS)`, comments and whitespace aside, with each argument `nil`, a
/// string of `[a-z0-9_]` or a whole number; anything else is `None`.
pub(super) fn parse_call(code: &str) -> Option<(String, Vec<Arg>)> {
    let tokens = tokens(code)?;
    let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
    let ["return", "dungeon", ".", name, "(", rest @ ..] = tokens.as_slice() else {
        return None;
    };
    if !is_identifier(name) {
        return None;
    }
    let mut rest = rest;
    let mut args = Vec::new();
    if rest.first() == Some(&")") {
        rest = &rest[1..];
    } else {
        loop {
            let (&arg, after) = rest.split_first()?;
            args.push(literal(arg)?);
            let (&sep, after) = after.split_first()?;
            rest = after;
            match sep {
                "," => continue,
                ")" => break,
                _ => return None,
            }
        }
    }
    match rest {
        [] | [";"] => Some((name.to_string(), args)),
        _ => None,
    }
}

pub(super) fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

pub(super) fn literal(token: &str) -> Option<Arg> {
    if token == "nil" {
        return Some(Arg::Nil);
    }
    if let Some(body) = token.strip_prefix('"').or_else(|| token.strip_prefix('\'')) {
        return Some(Arg::Text(body[..body.len() - 1].to_string()));
    }
    if !token.is_empty() && token.len() <= 6 && token.bytes().all(|b| b.is_ascii_digit()) {
        return token.parse().ok().map(Arg::Int);
    }
    None
}

/// The tokens of `code`: identifiers, whole numbers, `. ( ) , ; { } = ~= >`, and strings of
/// `[a-z0-9_]` (kept with their opening quote and closing quote). Line comments are
/// skipped; anything else (a long comment or string, an escape, an operator) is `None`.
pub(super) fn tokens(code: &str) -> Option<Vec<String>> {
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if bytes[i..].starts_with(b"--") {
            if bytes[i + 2..].starts_with(b"[") {
                return None;
            }
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
        } else if c.is_ascii_alphanumeric() || c == b'_' {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            out.push(code[start..i].to_string());
        } else if c == b'"' || c == b'\'' {
            let start = i;
            i += 1;
            while i < bytes.len() && bytes[i] != c {
                let b = bytes[i];
                if !(b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_') {
                    return None;
                }
                i += 1;
            }
            if i == bytes.len() {
                return None;
            }
            i += 1;
            out.push(code[start..i].to_string());
        } else if c == b'~' && bytes.get(i + 1) == Some(&b'=') {
            out.push("~=".to_string());
            i += 2;
        } else if matches!(c, b'{' | b'}' | b'=' | b'>') {
            // `==` and `>=` are operators of no shape accepted.
            if bytes.get(i + 1) == Some(&b'=') {
                return None;
            }
            out.push((c as char).to_string());
            i += 1;
        } else if matches!(c, b'.' | b'(' | b')' | b',' | b';') {
            // `..` and `...` are operators, never part of the one shape accepted.
            if c == b'.' && bytes.get(i + 1) == Some(&b'.') {
                return None;
            }
            out.push((c as char).to_string());
            i += 1;
        } else {
            return None;
        }
        if out.len() > 64 {
            return None;
        }
    }
    Some(out)
}
