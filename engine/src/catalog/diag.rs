//! Diagnostics: a problem in a pack, a script or a scenario file, located by file,
//! line and column, with the offending source line when we have it.

use std::fmt;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub file: String,
    /// 1-based line and column, when known.
    pub line: Option<u32>,
    pub column: Option<u32>,
    pub message: String,
    /// The source line the position points into.
    pub source_line: Option<String>,
}

impl Diagnostic {
    pub fn error(file: impl Into<String>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            file: file.into(),
            line: None,
            column: None,
            message: message.into(),
            source_line: None,
        }
    }

    pub fn warning(file: impl Into<String>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(file, message)
        }
    }

    /// Points the diagnostic at byte `offset` of `source`.
    pub fn at(mut self, source: &str, offset: usize) -> Diagnostic {
        let (line, column, text) = locate(source, offset);
        self.line = Some(line);
        self.column = Some(column);
        self.source_line = Some(text.to_string());
        self
    }

    /// Points the diagnostic at a 1-based line of `source`.
    pub fn at_line(mut self, source: &str, line: u32) -> Diagnostic {
        self.line = Some(line);
        self.source_line = source
            .lines()
            .nth(line.saturating_sub(1) as usize)
            .map(str::to_string);
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// 1-based line and column (in characters) of byte `offset`, and that line's text.
pub fn locate(source: &str, offset: usize) -> (u32, u32, &str) {
    let offset = offset.min(source.len());
    let start = source[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = source[offset..]
        .find('\n')
        .map_or(source.len(), |i| offset + i);
    let line = source[..offset].matches('\n').count() as u32 + 1;
    let column = source[start..offset].chars().count() as u32 + 1;
    (line, column, source[start..end].trim_end_matches('\r'))
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(column) = self.column {
                write!(f, ":{column}")?;
            }
        }
        write!(f, ": {kind}: {}", self.message)?;
        if let (Some(text), Some(line)) = (&self.source_line, self.line) {
            let gutter = line.to_string().len();
            write!(f, "\n{:gutter$} |\n{line} | {text}", "")?;
            if let Some(column) = self.column {
                let pad = text
                    .chars()
                    .take(column as usize - 1)
                    .map(|c| if c == '\t' { '\t' } else { ' ' });
                write!(f, "\n{:gutter$} | {}^", "", pad.collect::<String>())?;
            }
        }
        Ok(())
    }
}

/// Every problem found while loading, errors and warnings together.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diagnostic::is_error)
    }
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.0.iter().filter(|d| d.is_error())
    }
    pub fn extend(&mut self, other: Diagnostics) {
        self.0.extend(other.0);
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}
