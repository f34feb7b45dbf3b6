//! Rewriting a script before it is compiled so that iterating over a table cannot depend
//! on memory addresses. Luau runs `for k, v in t do` (generalized iteration) natively,
//! in the order of the table's internal layout, which for keys that are tables or
//! functions follows their addresses. Every for-in expression list is therefore wrapped
//! in a call to the engine's iteration guard, on the same lines, so error lines stay true:
//!
//! `for k, v in t do` becomes `for k, v in __dungeon_iter(t) do`.
//!
//! The guard passes iterator functions through unchanged and turns a table into an
//! iterator with a fixed order (see `library.lua`). A light scanner finds the `in` and
//! the `do` of each for-in header: it knows strings, comments, brackets and blocks, and
//! if-expressions. Should it misread a script, the rewritten text does not compile (a
//! misplaced `)` leaves a bracket or a block open), so a loop can never escape the guard.

use super::marks::{ITERATE, RESERVED_PREFIX};

#[derive(Debug, PartialEq)]
pub(crate) enum RewriteError {
    /// A name the engine reserves, on this line.
    Reserved(String, u32),
    /// The scanner could not follow the script's structure.
    Unreadable(u32),
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Tok<'a> {
    Name(&'a str),
    Open(u8),
    Close(u8),
    /// Literals and `...`: they end an expression.
    Value,
    /// Any other symbol (its byte; operators of two bytes are two symbols).
    Symbol(u8),
}

struct Token<'a> {
    tok: Tok<'a>,
    start: usize,
    end: usize,
    line: u32,
}

/// The script with every for-in expression list wrapped in the iteration guard.
pub(crate) fn guard_loops(source: &str) -> Result<String, RewriteError> {
    let tokens = lex(source)?;
    let inserts = find_headers(&tokens)?;
    if inserts.is_empty() {
        return Ok(source.to_string());
    }
    let mut out = String::with_capacity(source.len() + inserts.len() * 20);
    let mut last = 0;
    for (at, text) in inserts {
        out.push_str(&source[last..at]);
        out.push_str(text);
        last = at;
    }
    out.push_str(&source[last..]);
    Ok(out)
}

const OPEN_GUARD: &str = concat!(" ", "__dungeon_iter", "(");

fn lex(source: &str) -> Result<Vec<Token<'_>>, RewriteError> {
    debug_assert_eq!(OPEN_GUARD.trim().trim_end_matches('('), ITERATE);
    let b = source.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    let mut line = 1u32;
    // Brace depths at which an interpolated string resumes.
    let mut interpolations: Vec<usize> = Vec::new();
    let mut braces = 0usize;
    let unreadable = |line| RewriteError::Unreadable(line);
    while i < b.len() {
        let c = b[i];
        let start = i;
        match c {
            b'\n' => {
                line += 1;
                i += 1;
            }
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c => i += 1,
            b'-' if b.get(i + 1) == Some(&b'-') => {
                i += 2;
                if let Some(level) = long_bracket(b, i) {
                    i = skip_long(b, i, level, &mut line).ok_or(unreadable(line))?;
                } else {
                    while i < b.len() && b[i] != b'\n' {
                        i += 1;
                    }
                }
            }
            b'[' if long_bracket(b, i).is_some() => {
                let level = long_bracket(b, i).expect("checked");
                let first = line;
                i = skip_long(b, i, level, &mut line).ok_or(unreadable(line))?;
                tokens.push(Token {
                    tok: Tok::Value,
                    start,
                    end: i,
                    line: first,
                });
            }
            b'"' | b'\'' => {
                let first = line;
                i = skip_quoted(b, i + 1, c, &mut line).ok_or(unreadable(line))?;
                tokens.push(Token {
                    tok: Tok::Value,
                    start,
                    end: i,
                    line: first,
                });
            }
            b'`' => {
                let first = line;
                match skip_interpolated(b, i + 1, &mut line).ok_or(unreadable(line))? {
                    (end, false) => {
                        i = end;
                        tokens.push(Token {
                            tok: Tok::Value,
                            start,
                            end: i,
                            line: first,
                        });
                    }
                    (end, true) => {
                        // `{` opens code inside the string.
                        i = end;
                        tokens.push(Token {
                            tok: Tok::Open(b'('),
                            start,
                            end: i,
                            line: first,
                        });
                        braces += 1;
                        interpolations.push(braces);
                    }
                }
            }
            b'}' if interpolations.last() == Some(&braces) => {
                interpolations.pop();
                braces -= 1;
                let first = line;
                let (end, more) = skip_interpolated(b, i + 1, &mut line).ok_or(unreadable(line))?;
                tokens.push(Token {
                    tok: Tok::Close(b'('),
                    start,
                    end: i + 1,
                    line: first,
                });
                i = end;
                if more {
                    tokens.push(Token {
                        tok: Tok::Open(b'('),
                        start: end - 1,
                        end,
                        line,
                    });
                    braces += 1;
                    interpolations.push(braces);
                }
            }
            b'(' | b'[' | b'{' => {
                if c == b'{' {
                    braces += 1;
                }
                i += 1;
                tokens.push(Token {
                    tok: Tok::Open(c),
                    start,
                    end: i,
                    line,
                });
            }
            b')' | b']' | b'}' => {
                if c == b'}' {
                    braces = braces.checked_sub(1).ok_or(unreadable(line))?;
                }
                i += 1;
                let open = match c {
                    b')' => b'(',
                    b']' => b'[',
                    _ => b'{',
                };
                tokens.push(Token {
                    tok: Tok::Close(open),
                    start,
                    end: i,
                    line,
                });
            }
            c if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] >= 0x80)
                {
                    i += 1;
                }
                let name = &source[start..i];
                if name.starts_with(RESERVED_PREFIX) {
                    return Err(RewriteError::Reserved(name.to_string(), line));
                }
                let tok = match name {
                    "true" | "false" | "nil" => Tok::Value,
                    _ => Tok::Name(name),
                };
                tokens.push(Token {
                    tok,
                    start,
                    end: i,
                    line,
                });
            }
            c if c.is_ascii_digit()
                || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit)) =>
            {
                while i < b.len() {
                    let d = b[i];
                    // A sign right after an exponent's letter, within this number (it may
                    // start the text: nothing before it to look at).
                    let exponent = i > start
                        && matches!(b[i - 1], b'e' | b'E' | b'p' | b'P')
                        && matches!(d, b'+' | b'-');
                    if d.is_ascii_alphanumeric() || d == b'_' || d == b'.' || exponent {
                        i += 1;
                    } else {
                        break;
                    }
                }
                tokens.push(Token {
                    tok: Tok::Value,
                    start,
                    end: i,
                    line,
                });
            }
            b'.' if b[i..].starts_with(b"...") => {
                i += 3;
                tokens.push(Token {
                    tok: Tok::Value,
                    start,
                    end: i,
                    line,
                });
            }
            _ => {
                i += 1;
                tokens.push(Token {
                    tok: Tok::Symbol(c),
                    start,
                    end: i,
                    line,
                });
            }
        }
    }
    if !interpolations.is_empty() {
        return Err(unreadable(line));
    }
    Ok(tokens)
}

/// The level of a long bracket (`[[`, `[==[`) opening at `i`, if one does.
fn long_bracket(b: &[u8], i: usize) -> Option<usize> {
    if b.get(i) != Some(&b'[') {
        return None;
    }
    let mut j = i + 1;
    while b.get(j) == Some(&b'=') {
        j += 1;
    }
    (b.get(j) == Some(&b'[')).then_some(j - i - 1)
}

fn skip_long(b: &[u8], i: usize, level: usize, line: &mut u32) -> Option<usize> {
    let mut j = i + level + 2;
    while j < b.len() {
        if b[j] == b'\n' {
            *line += 1;
        } else if b[j] == b']'
            && b[j + 1..].iter().take(level).all(|&c| c == b'=')
            && b.get(j + 1 + level) == Some(&b']')
        {
            return Some(j + level + 2);
        }
        j += 1;
    }
    None
}

fn skip_quoted(b: &[u8], mut i: usize, quote: u8, line: &mut u32) -> Option<usize> {
    while i < b.len() {
        match b[i] {
            b'\\' => {
                if b.get(i + 1) == Some(&b'\n') {
                    *line += 1;
                }
                i += 2;
            }
            b'\n' => return None,
            c if c == quote => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// Skips string text of an interpolated string from `i`: returns where it stopped and
/// whether at a `{` (code follows) rather than at the closing backtick.
fn skip_interpolated(b: &[u8], mut i: usize, line: &mut u32) -> Option<(usize, bool)> {
    while i < b.len() {
        match b[i] {
            b'\\' => {
                if b.get(i + 1) == Some(&b'\n') {
                    *line += 1;
                }
                i += 2;
            }
            b'\n' => return None,
            b'`' => return Some((i + 1, false)),
            b'{' => return Some((i + 1, true)),
            _ => i += 1,
        }
    }
    None
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Frame {
    Bracket(u8),
    /// `for` until its `do`; true once its `in` was seen.
    ForHeader(bool),
    WhileHeader,
    /// Closed by `end`: function bodies, `do` blocks, loops, if-statements.
    Block,
    Repeat,
    IfExpression,
}

/// Where to insert the guard's `(` and `)`, in order.
fn find_headers(tokens: &[Token<'_>]) -> Result<Vec<(usize, &'static str)>, RewriteError> {
    let mut stack: Vec<Frame> = Vec::new();
    let mut inserts = Vec::new();
    // Whether the last `else` closed an if-expression (what follows it is an expression).
    let mut else_of_expression = false;
    for (index, t) in tokens.iter().enumerate() {
        let fail = || RewriteError::Unreadable(t.line);
        let prev = index.checked_sub(1).map(|p| tokens[p].tok);
        match t.tok {
            Tok::Open(c) => stack.push(Frame::Bracket(c)),
            Tok::Close(c) => {
                if stack.pop() != Some(Frame::Bracket(c)) {
                    return Err(fail());
                }
            }
            Tok::Name(name) => match name {
                "for" => stack.push(Frame::ForHeader(false)),
                "in" => match stack.last_mut() {
                    Some(Frame::ForHeader(seen @ false)) => {
                        *seen = true;
                        inserts.push((t.end, OPEN_GUARD));
                    }
                    _ => return Err(fail()),
                },
                "while" => stack.push(Frame::WhileHeader),
                "do" => match stack.last().copied() {
                    Some(Frame::ForHeader(after_in)) => {
                        if after_in {
                            inserts.push((t.start, ") "));
                        }
                        *stack.last_mut().expect("checked") = Frame::Block;
                    }
                    Some(Frame::WhileHeader) => *stack.last_mut().expect("checked") = Frame::Block,
                    _ => stack.push(Frame::Block),
                },
                "function" => stack.push(Frame::Block),
                "repeat" => stack.push(Frame::Repeat),
                "until" => {
                    if stack.pop() != Some(Frame::Repeat) {
                        return Err(fail());
                    }
                }
                "end" => {
                    if stack.pop() != Some(Frame::Block) {
                        return Err(fail());
                    }
                }
                "if" => {
                    let expression = match prev {
                        None => false,
                        Some(Tok::Name("then")) => stack.last() == Some(&Frame::IfExpression),
                        Some(Tok::Name("else")) => else_of_expression,
                        Some(Tok::Name("do" | "repeat" | "end" | "break" | "continue")) => false,
                        Some(Tok::Name(
                            "return" | "in" | "until" | "while" | "if" | "elseif" | "and" | "or"
                            | "not" | "local",
                        )) => true,
                        // A name, a literal or a closing bracket ends an expression: a new
                        // statement starts.
                        Some(Tok::Name(_) | Tok::Value | Tok::Close(_)) => false,
                        // `;` separates statements; any other symbol is an operator.
                        Some(Tok::Symbol(c)) => c != b';',
                        Some(Tok::Open(_)) => true,
                    };
                    stack.push(if expression {
                        Frame::IfExpression
                    } else {
                        Frame::Block
                    });
                }
                "else" => {
                    else_of_expression = stack.last() == Some(&Frame::IfExpression);
                    if else_of_expression {
                        stack.pop();
                    }
                }
                _ => {}
            },
            Tok::Value | Tok::Symbol(_) => {}
        }
    }
    if !stack.is_empty() {
        return Err(RewriteError::Unreadable(
            tokens.last().map_or(1, |t| t.line),
        ));
    }
    Ok(inserts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guarded(s: &str) -> String {
        guard_loops(s).unwrap_or_else(|e| panic!("{e:?}: {s}"))
    }

    #[test]
    fn wraps_every_for_in_list_on_its_own_lines() {
        assert_eq!(
            guarded("for k, v in t do end"),
            "for k, v in __dungeon_iter( t ) do end"
        );
        assert_eq!(
            guarded("for k in pairs(t)\ndo\nend"),
            "for k in __dungeon_iter( pairs(t)\n) do\nend"
        );
        assert_eq!(guarded("for i = 1, 3 do end"), "for i = 1, 3 do end");
        let nested = "for k in f(function() for x in y do end end) do end";
        assert_eq!(
            guarded(nested),
            "for k in __dungeon_iter( f(function() for x in __dungeon_iter( y ) do end end) ) do end"
        );
    }

    #[test]
    fn knows_strings_comments_and_if_expressions() {
        let s = "local s = \"for x in y do\" -- for a in b do\n--[[ for ]] local t = [[in]]\nfor k in g(if a then b else c) do end";
        assert_eq!(guarded(s).matches("__dungeon_iter(").count(), 1);
        let s = "for k in f(function() local x = if a then if b then 1 else 2 else 3 return x end) do end";
        assert_eq!(guarded(s).matches("__dungeon_iter(").count(), 1);
        let s = "local s = `a {(function() for k in t do end return 1 end)()} b`";
        assert_eq!(guarded(s).matches("__dungeon_iter(").count(), 1);
        let s = "if a then if b then x() end elseif c then y() else while d do end end";
        assert_eq!(guarded(s), s);
        let s = "repeat local x = 1 until x > 0 for _, v in {1, 2} do end";
        assert_eq!(guarded(s).matches("__dungeon_iter(").count(), 1);
    }

    #[test]
    fn refuses_reserved_names() {
        assert_eq!(
            guard_loops("local a = 1\nlocal __dungeon_iter = next"),
            Err(RewriteError::Reserved("__dungeon_iter".into(), 2))
        );
    }

    #[test]
    fn a_number_may_start_the_text() {
        // Found by the pack fuzzer (tests/fuzz_packs.rs): the lexer looked one byte
        // before a number for an exponent's letter, before the text's first byte.
        assert_eq!(guarded("898++"), "898++");
        assert_eq!(guarded(".5e+3"), ".5e+3");
        assert_eq!(
            guarded("1e-2 for k in t do end"),
            "1e-2 for k in __dungeon_iter( t ) do end"
        );
    }

    #[test]
    fn unbalanced_text_is_unreadable() {
        assert!(matches!(
            guard_loops("for k in t do"),
            Err(RewriteError::Unreadable(_))
        ));
        assert!(matches!(
            guard_loops("x = (1"),
            Err(RewriteError::Unreadable(_))
        ));
    }
}

#[cfg(test)]
mod prelude_tests {
    /// The prelude is loaded without the guard (it takes Luau's fast paths): it must only
    /// ever iterate with `pairs` or `ipairs`.
    #[test]
    fn the_prelude_iterates_only_with_pairs_and_ipairs() {
        let loops = crate::version::PRELUDE
            .lines()
            .filter(|l| l.trim_start().starts_with("for ") && l.contains(" in "));
        for line in loops {
            let list = line.split(" in ").nth(1).unwrap_or("").trim_start();
            assert!(
                list.starts_with("pairs(") || list.starts_with("ipairs("),
                "{line}"
            );
        }
    }
}
