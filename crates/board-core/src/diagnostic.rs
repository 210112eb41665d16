//! Source spans and diagnostics that name the game, line and column, rendered like a compiler.

use std::fmt::{self, Write as _};

mod code;

pub use code::{Code, ParseCodeError};

/// A byte range in a source text, `start..end`.
///
/// # Examples
///
/// ```
/// use board_core::Span;
///
/// let text = "1. e4 e5\n2. Nf9";
/// let span = Span::new(12, 15);
/// assert_eq!(&text[span.range()], "Nf9");
/// let at = span.line_col(text);
/// assert_eq!((at.line, at.column), (2, 4));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// A position in a text, both counted from 1; the column counts characters, not bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LineCol {
    /// Line number, from 1.
    pub line: usize,
    /// Column number, from 1, in characters.
    pub column: usize,
}

impl Span {
    /// The span `start..end`; an `end` before `start` is raised to `start`.
    #[must_use]
    pub const fn new(start: usize, end: usize) -> Span {
        Span {
            start,
            end: if end < start { start } else { end },
        }
    }

    /// The span as a range for slicing.
    #[must_use]
    pub const fn range(self) -> std::ops::Range<usize> {
        self.start..self.end
    }

    /// The length in bytes.
    #[must_use]
    pub const fn len(self) -> usize {
        self.end - self.start
    }

    /// `true` for an empty span.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// The same span moved `offset` bytes later, for a span found in a slice of a larger text.
    #[must_use]
    pub const fn shift(self, offset: usize) -> Span {
        Span::new(self.start + offset, self.end + offset)
    }

    /// The line and column of the span's start in `source` (bytes past the end clamp to it).
    #[must_use]
    pub fn line_col(self, source: &str) -> LineCol {
        line_col_of(source.as_bytes(), self.start)
    }
}

/// Line and column of byte `offset`, counting characters by UTF-8 lead bytes so it also works on
/// text that is not valid UTF-8.
fn line_col_of(source: &[u8], offset: usize) -> LineCol {
    let before = &source[..offset.min(source.len())];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let column = 1 + before[line_start..]
        .iter()
        .filter(|&&b| (b & 0xC0) != 0x80)
        .count();
    LineCol { line, column }
}

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Severity {
    /// Something was read leniently or repaired; the output is still right.
    Warning,
    /// Something could not be read or is not legal; the game is not converted.
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// A message about a place in a source text, with the game it belongs to.
///
/// # Examples
///
/// ```
/// use board_core::{Code, Diagnostic, Span};
///
/// let source = "[White \"Morphy\"]\n\n1. e4 e5 2. Ke3 *\n";
/// let diag = Diagnostic::error(Code::MoveIllegal, "illegal move Ke3", Span::new(27, 30))
///     .in_game(1, "Morphy - ?")
///     .with_help("legal king moves: Ke2");
/// let text = diag.render("games.pgn", source);
/// assert_eq!(
///     text,
///     "error: illegal move Ke3\n --> games.pgn:3:10 (game 1: Morphy - ?)\n  |\n3 | 1. e4 e5 2. Ke3 *\n  |          ^^^\n  = help: legal king moves: Ke2\n"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Diagnostic {
    /// Warning or error.
    pub severity: Severity,
    /// What kind of finding, stable across rewordings of the message.
    pub code: Code,
    /// What is wrong, lower case, no final period.
    pub message: String,
    /// Where in the source text.
    pub span: Span,
    /// The game's number in its file, from 1, when known.
    pub game: Option<usize>,
    /// A short name of the game (`White - Black`), when known.
    pub game_name: Option<String>,
    /// Hints, such as the legal moves that would fit.
    pub help: Vec<String>,
}

impl Diagnostic {
    /// An error of kind `code` at `span`.
    pub fn error(code: Code, message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic::new(Severity::Error, code, message, span)
    }

    /// A warning of kind `code` at `span`.
    pub fn warning(code: Code, message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic::new(Severity::Warning, code, message, span)
    }

    /// A diagnostic of any severity.
    pub fn new(
        severity: Severity,
        code: Code,
        message: impl Into<String>,
        span: Span,
    ) -> Diagnostic {
        Diagnostic {
            severity,
            code,
            message: message.into(),
            span,
            game: None,
            game_name: None,
            help: Vec::new(),
        }
    }

    /// Names the game the diagnostic is about.
    #[must_use]
    pub fn in_game(mut self, number: usize, name: impl Into<String>) -> Diagnostic {
        self.game = Some(number);
        self.game_name = Some(name.into());
        self
    }

    /// Adds a help line.
    #[must_use]
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help.push(help.into());
        self
    }

    /// `true` for an error.
    #[must_use]
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// Renders the diagnostic as a compiler would: message, `file:line:column`, the game, the
    /// source line with a caret under the span, and the help lines.
    #[must_use]
    pub fn render(&self, file: &str, source: &str) -> String {
        self.render_bytes(file, source.as_bytes())
    }

    /// Like [`Diagnostic::render`], for source bytes that may not be UTF-8.
    ///
    /// The line shown is cut to about [`EXCERPT_CONTEXT`] characters either side of the span,
    /// with `…` where it is cut, and control characters are shown as visible signs (`␛` for the
    /// escape byte, a space for a tab), so that neither a huge line nor a binary file floods
    /// or drives the terminal.
    #[must_use]
    pub fn render_bytes(&self, file: &str, source: &[u8]) -> String {
        let start = self.span.start.min(source.len());
        let line_start = source[..start]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line_end = source[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(source.len(), |i| start + i);
        let line = 1 + source[..line_start].iter().filter(|&&b| b == b'\n').count();
        let end = self.span.end.clamp(start, line_end);
        self.render_line(
            file,
            line,
            0,
            &source[line_start..line_end],
            start - line_start..end - line_start,
        )
    }

    /// Renders the diagnostic on one line of its file: `line_text` is the file's line `line`
    /// from its character `lead` on (0 unless the text shown starts inside the line), and `span`
    /// the byte range of the span in `line_text`.
    pub(crate) fn render_line(
        &self,
        file: &str,
        line: usize,
        lead: usize,
        line_text: &[u8],
        span: std::ops::Range<usize>,
    ) -> String {
        let line_text = line_text.strip_suffix(b"\r").unwrap_or(line_text);
        // A span that starts or ends inside a character (a reader's byte offset into `ç`)
        // covers the whole character: cut there, it showed as two unreadable halves.
        let continuation = |i: usize| line_text.get(i).is_some_and(|&b| b & 0xC0 == 0x80);
        let mut start = span.start.min(line_text.len());
        while start > 0 && continuation(start) {
            start -= 1;
        }
        let mut end = span.end.clamp(start, line_text.len());
        while continuation(end) {
            end += 1;
        }
        // Characters are counted by UTF-8 lead bytes, as `Span::line_col` counts them, and only
        // the bytes shown are decoded: a line of megabytes costs one pass, not a copy per
        // diagnostic.
        let column = lead + chars_of(&line_text[..start]) + 1;
        let from = back_chars(line_text, start, EXCERPT_CONTEXT);
        let inside_end = forward_chars(line_text, start, EXCERPT_CONTEXT).min(end);
        let to = if inside_end < end {
            inside_end
        } else {
            forward_chars(line_text, end, EXCERPT_CONTEXT)
        };
        let cut_before = lead > 0 || from > 0;
        let cut_after = to < line_text.len();
        let shown_before = String::from_utf8_lossy(&line_text[from..start]);
        let shown_inside = String::from_utf8_lossy(&line_text[start..inside_end]);
        let shown_after = String::from_utf8_lossy(&line_text[inside_end..to]);
        let mut excerpt = String::new();
        if cut_before {
            excerpt.push('…');
        }
        for part in [&shown_before, &shown_inside, &shown_after] {
            excerpt.extend(part.chars().map(visible_char));
        }
        if cut_after {
            excerpt.push('…');
        }
        let caret_at = usize::from(cut_before) + shown_before.chars().count();
        let carets = shown_inside.chars().count().max(1);

        let number = line.to_string();
        let pad = " ".repeat(number.len());
        let mut out = String::new();
        // The message and the game's name quote the input too.
        let _ = writeln!(out, "{}: {}", self.severity, visible(&self.message));
        let _ = write!(out, "{pad}--> {file}:{line}:{column}");
        match (self.game, &self.game_name) {
            (Some(n), Some(name)) if !name.is_empty() => {
                let _ = write!(out, " (game {n}: {})", visible(name));
            }
            (Some(n), _) => {
                let _ = write!(out, " (game {n})");
            }
            _ => {}
        }
        out.push('\n');
        let _ = writeln!(out, "{pad} |");
        let _ = writeln!(out, "{number} | {excerpt}");
        let _ = writeln!(
            out,
            "{pad} | {}{}",
            " ".repeat(caret_at),
            "^".repeat(carets)
        );
        for help in &self.help {
            let _ = writeln!(out, "{pad} = help: {help}");
        }
        out
    }
}

/// Characters in `bytes`, counted by UTF-8 lead bytes.
fn chars_of(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b & 0xC0) != 0x80).count()
}

/// The offset `n` characters before `at` in `bytes` (or 0), on a character boundary.
fn back_chars(bytes: &[u8], at: usize, n: usize) -> usize {
    let mut i = at;
    let mut seen = 0;
    while i > 0 && seen < n {
        i -= 1;
        if (bytes[i] & 0xC0) != 0x80 {
            seen += 1;
        }
    }
    i
}

/// The offset `n` characters after `at` in `bytes` (or its length), on a character boundary.
fn forward_chars(bytes: &[u8], at: usize, n: usize) -> usize {
    let mut i = at;
    let mut seen = 0;
    while i < bytes.len() {
        if (bytes[i] & 0xC0) != 0x80 {
            if seen == n {
                return i;
            }
            seen += 1;
        }
        i += 1;
    }
    bytes.len()
}

/// How many characters of a line an excerpt shows on each side of the span, and of the span.
pub const EXCERPT_CONTEXT: usize = 100;

/// A character as an excerpt shows it: one column wide, and nothing a terminal acts on. Control
/// characters become their Unicode control pictures (`␀`, `␛`, `␡`), a tab a space, C1 controls
/// and the invisible direction marks U+FFFD.
fn visible_char(c: char) -> char {
    match c {
        '\t' => ' ',
        '\u{0}'..='\u{1F}' => char::from_u32(0x2400 + u32::from(c)).unwrap_or('\u{FFFD}'),
        '\u{7F}' => '\u{2421}',
        '\u{80}'..='\u{9F}'
        | '\u{200B}'..='\u{200F}'
        | '\u{202A}'..='\u{202E}'
        | '\u{2066}'..='\u{2069}'
        | '\u{FEFF}' => '\u{FFFD}',
        _ => c,
    }
}

/// `text` with every character shown as [`Diagnostic::render`] shows an excerpt's: for text of
/// the input quoted in a message.
///
/// # Examples
///
/// ```
/// assert_eq!(board_core::visible("a\u{1b}[1mb\tc"), "a␛[1mb c");
/// ```
#[must_use]
pub fn visible(text: &str) -> String {
    text.chars().map(visible_char).collect()
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.severity, self.message)?;
        if let Some(n) = self.game {
            write!(f, " (game {n})")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters() {
        let text = "½-½ Nf3";
        assert_eq!(
            Span::new(6, 9).line_col(text),
            LineCol { line: 1, column: 5 }
        );
    }

    #[test]
    fn render_handles_crlf_and_end_of_text() {
        let source = "1. e4\r\n2. xx";
        let diag = Diagnostic::warning(Code::MoveSyntax, "odd token", Span::new(10, 12));
        let text = diag.render("a.pgn", source);
        assert!(text.contains("\n2 | 2. xx\n"), "{text}");
        assert!(text.contains("a.pgn:2:4"), "{text}");
        let at_end = Diagnostic::error(Code::RecordNoResult, "unexpected end", Span::new(99, 99))
            .render("a.pgn", source);
        assert!(at_end.contains("a.pgn:2:6"), "{at_end}");
    }
    #[test]
    fn a_span_inside_a_character_covers_the_character() {
        // A French scoresheet's `Cç3`: the reader's offset fell on the second byte of `ç`,
        // and the line showed `C��3`.
        let source = "1 d4 Cf6 2 Cf3 d5 3 Cç3 Ff5 *";
        let at = source.find('ç').unwrap() + 1;
        let text = Diagnostic::error(Code::MoveSyntax, "no square", Span::new(at, at + 1))
            .render("a.pgn", source);
        assert!(
            text.contains("\n1 | 1 d4 Cf6 2 Cf3 d5 3 Cç3 Ff5 *\n"),
            "{text}"
        );
        assert!(text.contains(" --> a.pgn:1:22"), "{text}");
        let caret = text.lines().nth(4).unwrap();
        assert_eq!(caret, "  |                      ^", "{text}");
    }

    #[test]
    fn long_lines_are_cut_around_the_span() {
        let mut source = "e4 ".repeat(100_000);
        source.push_str("Ke9 ");
        source.push_str(&"e5 ".repeat(100_000));
        let at = source.find("Ke9").unwrap();
        let text = Diagnostic::error(Code::MoveIllegal, "illegal move Ke9", Span::new(at, at + 3))
            .render("a.pgn", &source);
        assert!(text.len() < 400, "{} bytes", text.len());
        assert!(text.contains(" --> a.pgn:1:300001\n"), "{text}");
        let lines: Vec<&str> = text.lines().collect();
        let excerpt = lines[3].strip_prefix("1 | ").unwrap();
        let caret = lines[4].strip_prefix("  | ").unwrap();
        assert!(
            excerpt.starts_with('…') && excerpt.ends_with('…'),
            "{excerpt}"
        );
        let col = caret.find('^').unwrap();
        let shown: String = excerpt.chars().skip(col).take(3).collect();
        assert_eq!(shown, "Ke9");
        assert_eq!(caret.trim(), "^^^");
    }

    #[test]
    fn control_characters_are_shown_not_sent() {
        let source = "1. e4 \u{1b}[31mred\u{7}\t*";
        let text =
            Diagnostic::error(Code::MoveSyntax, "odd", Span::new(6, 7)).render("a.pgn", source);
        assert!(
            !text.contains('\u{1b}') && !text.contains('\u{7}'),
            "{text:?}"
        );
        assert!(
            text.contains("1 | 1. e4 ␛[31mred␇ *\n  |       ^\n"),
            "{text}"
        );
        assert_eq!(visible("a\u{0}b\u{202e}"), "a␀b\u{FFFD}");
    }
}
