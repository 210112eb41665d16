//! A book's bytes as text: the encoding decided once per book, and line numbers found by
//! binary search so that naming a place never scans the text from its start.

use board_core::{Diagnostic, LineCol};

/// How a book's bytes were decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// Valid UTF-8 throughout.
    Utf8,
    /// Valid UTF-8 after a byte-order mark, which is dropped.
    Utf8Bom,
    /// Not UTF-8, with bytes in 0x80..=0x9F that Windows-1252 gives letters or quotes to.
    Windows1252,
    /// Not UTF-8, and no byte in 0x80..=0x9F: ISO 8859-1.
    Latin1,
}

impl Encoding {
    /// The name said in reports: `utf-8`, `utf-8 (bom)`, `windows-1252`, `latin-1`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "utf-8",
            Encoding::Utf8Bom => "utf-8 (bom)",
            Encoding::Windows1252 => "windows-1252",
            Encoding::Latin1 => "latin-1",
        }
    }
}

/// A book's text as decoded, and what was decided doing it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    /// The text; spans of the import are byte offsets in it.
    pub text: String,
    /// The encoding read.
    pub encoding: Encoding,
    /// `true` when most line ends were `\r\n`.
    pub crlf: bool,
}

/// The characters Windows-1252 puts at 0x80..=0x9F; the five holes keep their C1 code point.
const CP1252: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž', '\u{8f}',
    '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}', 'ž', 'Ÿ',
];

/// Decodes a whole book: UTF-8 when it is valid (a BOM dropped), else Windows-1252 when a byte
/// of its C1 range occurs, else Latin-1. One decision for the book, never a mix.
///
/// # Examples
///
/// ```
/// use notation_descriptive::book::{Encoding, decode};
///
/// let latin = decode(b"K\xe9res\r\n");
/// assert_eq!((latin.text.as_str(), latin.encoding, latin.crlf), ("Kéres\r\n", Encoding::Latin1, true));
/// assert_eq!(decode(b"\xef\xbb\xbf1. P-K4").encoding, Encoding::Utf8Bom);
/// assert_eq!(decode(b"\x93Game\x94").text, "“Game”");
/// ```
#[must_use]
pub fn decode(bytes: &[u8]) -> Decoded {
    let crlf = {
        // The line ends found by memchr, not a walk over every byte.
        let (mut lf, mut crlf) = (0usize, 0usize);
        for at in memchr::memchr_iter(b'\n', bytes) {
            lf += 1;
            crlf += usize::from(at > 0 && bytes[at - 1] == b'\r');
        }
        lf > 0 && crlf * 2 > lf
    };
    let (body, bom) = match bytes.strip_prefix(b"\xef\xbb\xbf") {
        Some(rest) => (rest, true),
        None => (bytes, false),
    };
    if let Ok(text) = std::str::from_utf8(body) {
        return Decoded {
            text: text.to_owned(),
            encoding: if bom {
                Encoding::Utf8Bom
            } else {
                Encoding::Utf8
            },
            crlf,
        };
    }
    let windows = bytes.iter().any(|b| (0x80..=0x9f).contains(b));
    let mut text = String::with_capacity(bytes.len() + bytes.len() / 8);
    // Runs of ASCII, most of any book, are copied whole; each other byte is one character.
    let mut rest = bytes;
    while !rest.is_empty() {
        let ascii = rest
            .iter()
            .position(|b| !b.is_ascii())
            .unwrap_or(rest.len());
        // ASCII is UTF-8: the run is checked again by `from_utf8`, which never fails here.
        if let Ok(run) = std::str::from_utf8(&rest[..ascii]) {
            text.push_str(run);
        }
        let Some(&b) = rest.get(ascii) else {
            break;
        };
        text.push(match b {
            0x80..=0x9f if windows => CP1252[usize::from(b - 0x80)],
            _ => char::from(b),
        });
        rest = &rest[ascii + 1..];
    }
    Decoded {
        text,
        encoding: if windows {
            Encoding::Windows1252
        } else {
            Encoding::Latin1
        },
        crlf,
    }
}

/// The start of every line of a text, for line numbers in logarithmic time.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// Indexes `text` in one pass.
    #[must_use]
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(
            memchr::memchr_iter(b'\n', text.as_bytes())
                .map(|i| i + 1)
                .filter(|&i| i < text.len()),
        );
        LineIndex { starts }
    }

    /// The number of lines (a last line without its `\n` counts).
    #[must_use]
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    /// `true` for no line at all (never: an empty text has one empty line).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }

    /// The line of byte `offset`, from 1.
    #[must_use]
    pub fn line(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset).max(1)
    }

    /// The byte where line `line` (from 1) starts.
    #[must_use]
    pub fn start(&self, line: usize) -> usize {
        self.starts
            .get(line.saturating_sub(1))
            .copied()
            .unwrap_or(0)
    }

    /// Line and column (in characters) of byte `offset` of `text`.
    #[must_use]
    pub fn line_col(&self, text: &str, offset: usize) -> LineCol {
        let offset = offset.min(text.len());
        let line = self.line(offset);
        let start = self.start(line).min(offset);
        let column = 1 + text.as_bytes()[start..offset]
            .iter()
            .filter(|&&b| (b & 0xC0) != 0x80)
            .count();
        LineCol { line, column }
    }

    /// Renders `diag` as [`Diagnostic::render`] does (message, `file:line:column`, the game,
    /// the line with a caret, the help), reading only the diagnostic's own line.
    #[must_use]
    pub fn render(&self, diag: &Diagnostic, file: &str, text: &str) -> String {
        use std::fmt::Write as _;
        let at = self.line_col(text, diag.span.start);
        let start = self.start(at.line).min(text.len());
        let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let line_text = text[start..end].trim_end_matches('\r');
        let from = diag.span.start.clamp(start, end);
        let to = diag.span.end.clamp(from, end);
        let carets = text.get(from..to).map_or(1, |s| s.chars().count().max(1));
        let number = at.line.to_string();
        let pad = " ".repeat(number.len());
        let mut out = String::new();
        let _ = writeln!(out, "{}: {}", diag.severity, diag.message);
        let _ = write!(out, "{pad}--> {file}:{}:{}", at.line, at.column);
        match (diag.game, &diag.game_name) {
            (Some(n), Some(name)) if !name.is_empty() => {
                let _ = write!(out, " (game {n}: {name})");
            }
            (Some(n), _) => {
                let _ = write!(out, " (game {n})");
            }
            _ => {}
        }
        out.push('\n');
        let _ = writeln!(out, "{pad} |");
        let _ = writeln!(out, "{number} | {line_text}");
        let _ = writeln!(
            out,
            "{pad} | {}{}",
            " ".repeat(at.column - 1),
            "^".repeat(carets)
        );
        for help in &diag.help {
            let _ = writeln!(out, "{pad} = help: {help}");
        }
        out
    }
}
