//! One game as written: its text, tags, movetext elements and result, with spans into the text.

use std::borrow::Cow;

use crate::{Color, Diagnostic, LineCol, Nag, Span};

use super::writer::FirstMove;

/// A game of a PGN-family file as the reader found it, before any notation gives its tokens a
/// meaning.
///
/// The game owns its text ([`RawGame::text`]): the bytes of the file from the game's first tag
/// (or first movetext element) to its result, decoded as UTF-8, or as Latin-1 when they are not
/// UTF-8. Every [`Span`] of the game, in its elements and in its warnings, indexes that text,
/// not the file. [`RawGame::first_line`] and [`RawGame::offset`] place the text in the file, and
/// [`RawGame::render`] prints a diagnostic with the file's line numbers.
///
/// # Examples
///
/// ```
/// use board_core::{Dialect, Element, RecordReader};
///
/// let file = "[White \"Morphy\"]\n\n1. e4 e5!? {best} (1... c5) 2. Nf3 1-0\n";
/// let game = RecordReader::new(file.as_bytes(), Dialect::pgn()).next().unwrap().unwrap();
/// assert_eq!(game.tag("White").as_deref(), Some("Morphy"));
/// let moves: Vec<&str> = game.moves().map(|m| m.text).collect();
/// assert_eq!(moves, ["e4", "e5", "Nf3"]);
/// assert_eq!(game.result().unwrap().text, "1-0");
/// let comment = game.elements().find_map(|e| match e {
///     Element::Comment(c) => Some(c.text),
///     _ => None,
/// });
/// assert_eq!(comment, Some("best"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawGame {
    pub(crate) number: usize,
    pub(crate) offset: u64,
    pub(crate) first_line: usize,
    /// Characters of the file's line before the game's text, for a game that does not start a
    /// line (`1. e4 e5 * 1. d4 *`).
    pub(crate) first_column: usize,
    /// The game's length in the file, in bytes.
    pub(crate) source_len: usize,
    pub(crate) latin1: bool,
    pub(crate) text: String,
    pub(crate) tags: Vec<TagSpans>,
    pub(crate) events: Vec<Ev>,
    pub(crate) result: Option<Span>,
    /// The result the token stands for when it is written otherwise (`½-½` for `1/2-1/2`).
    pub(crate) result_as: Option<&'static str>,
    pub(crate) warnings: Vec<Diagnostic>,
}

/// Where a tag pair lies in its game's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TagSpans {
    pub(crate) name: Span,
    pub(crate) value: Span,
    pub(crate) span: Span,
}

/// A movetext element as stored: spans only, so reading allocates nothing per token. It is kept
/// to 24 bytes, as a game holds one per token: a move number's `Option` is spread over two
/// fields, and a comment's text is found from its span ([`Ev::comment_text`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ev {
    MoveNumber {
        /// The number, when `written`.
        number: u32,
        written: bool,
        black: bool,
        span: Span,
    },
    Move(Span),
    Nag(u16, Span),
    Comment {
        span: Span,
        kind: CommentKind,
    },
    Start(Span),
    End(Span),
}

impl Ev {
    pub(crate) fn move_number(number: Option<u32>, black: bool, span: Span) -> Ev {
        Ev::MoveNumber {
            number: number.unwrap_or(0),
            written: number.is_some(),
            black,
            span,
        }
    }

    /// The text of a comment spanning `span`: inside the braces, or after the `;` (the line's
    /// `\r` is already out of the span).
    pub(crate) fn comment_text(span: Span, kind: CommentKind) -> Span {
        match kind {
            CommentKind::Brace => Span::new(span.start + 1, span.end - 1),
            CommentKind::Line => Span::new(span.start + 1, span.end),
        }
    }
}

/// A tag pair, `[Name "value"]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tag<'a> {
    /// The tag's name.
    pub name: &'a str,
    /// The value as written between the quotes, with its escapes.
    pub raw_value: &'a str,
    /// The whole tag, `[` to `]`.
    pub span: Span,
}

impl<'a> Tag<'a> {
    /// The value with `\"` and `\\` unescaped; borrowed when there is nothing to unescape.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_core::{Dialect, RecordReader};
    ///
    /// let file = r#"[Event "The \"Immortal\" game"] *"#;
    /// let game = RecordReader::new(file.as_bytes(), Dialect::pgn()).next().unwrap().unwrap();
    /// let tag = game.tags().next().unwrap();
    /// assert_eq!(tag.raw_value, r#"The \"Immortal\" game"#);
    /// assert_eq!(tag.value(), r#"The "Immortal" game"#);
    /// ```
    #[must_use]
    pub fn value(&self) -> Cow<'a, str> {
        unescape(self.raw_value)
    }
}

/// Undoes `\"` and `\\`; any other backslash stays as written. A line break (of a value the
/// reader read on into the next line, `tag.line-break`) is read as a space.
fn unescape(raw: &str) -> Cow<'_, str> {
    if memchr::memchr2(b'\\', b'\n', raw.as_bytes()).is_none() {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\n' {
            let kept = out.trim_end().len();
            out.truncate(kept);
            out.push(' ');
            while chars.clone().next().is_some_and(|c| c == ' ' || c == '\t') {
                chars.next();
            }
        } else if c == '\\' {
            match chars.clone().next() {
                Some(next @ ('"' | '\\')) => {
                    out.push(next);
                    chars.next();
                }
                _ => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// One element of the movetext, in the order written.
///
/// Variations are bracketed by [`Element::StartVariation`] and [`Element::EndVariation`]; a
/// variation replaces the move just before its start, so a replay keeps a stack of positions:
/// push the position before the last move at a start, pop it at the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Element<'a> {
    /// `12.`, `12...`, `12…` or a lone `...`; the writer numbers moves itself.
    MoveNumber(MoveNumber),
    /// A move token, for a notation to read.
    Move(Token<'a>),
    /// `$14`, or a glyph `!?` written alone or glued to the move before it.
    Nag(NagToken),
    /// `{...}` or `;...`.
    Comment(Comment<'a>),
    /// `(`: the start of a variation.
    StartVariation(Span),
    /// `)`: the end of a variation.
    EndVariation(Span),
}

/// A move number indication as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveNumber {
    /// The number, if one was written (`...` alone has none); saturates at `u32::MAX`.
    pub number: Option<u32>,
    /// `true` for a Black indication: two dots or more, or `…`.
    pub black: bool,
    /// Where it is.
    pub span: Span,
}

/// A move token: a run of non-space bytes that is no comment, NAG, number or delimiter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    /// The token as written, without the glyph the reader split off.
    pub text: &'a str,
    /// Where it is.
    pub span: Span,
}

/// A numeric annotation glyph as written: `$14`, or a glyph such as `!?` (`$5`).
///
/// PGN NAGs run from `$0` to `$255`, the range of [`Nag`]; a dialect may allow larger numbers
/// (PDN files write `$902`), which [`NagToken::nag`] does not cover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NagToken {
    /// Its number.
    pub value: u16,
    /// Where it is: `$n`, or the glyph.
    pub span: Span,
}

impl NagToken {
    /// The NAG, when its number is at most 255.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_core::{Nag, NagToken, Span};
    ///
    /// assert_eq!(NagToken { value: 5, span: Span::new(0, 2) }.nag(), Some(Nag(5)));
    /// assert_eq!(NagToken { value: 902, span: Span::new(0, 4) }.nag(), None);
    /// ```
    #[must_use]
    pub fn nag(&self) -> Option<Nag> {
        u8::try_from(self.value).ok().map(Nag)
    }
}

/// How a comment was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CommentKind {
    /// `{...}`, possibly over several lines.
    Brace,
    /// `;...` to the end of the line.
    Line,
}

/// A comment; its text is kept as written, commands such as `[%clk 1:30:00]` included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Comment<'a> {
    /// The text between `{` and `}`, or after `;` (without the line's `\r`).
    pub text: &'a str,
    /// The whole comment, delimiters included.
    pub span: Span,
    /// Braces or semicolon.
    pub kind: CommentKind,
}

impl<'a> Comment<'a> {
    /// The commands embedded in the text, `[%name arguments]`, in order; the text is unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_core::{Comment, CommentKind, Span};
    ///
    /// let c = Comment { text: "good [%clk 1:30:00] [%eval 0.17]", span: Span::new(0, 0), kind: CommentKind::Brace };
    /// let commands: Vec<(&str, &str)> = c.commands().map(|c| (c.name, c.args)).collect();
    /// assert_eq!(commands, [("clk", "1:30:00"), ("eval", "0.17")]);
    /// ```
    pub fn commands(&self) -> impl Iterator<Item = Command<'a>> + 'a {
        let mut rest = self.text;
        std::iter::from_fn(move || {
            loop {
                let at = rest.find("[%")?;
                let body = &rest[at + 2..];
                let Some(close) = body.find(']') else {
                    rest = "";
                    return None;
                };
                let inner = &body[..close];
                rest = &body[close + 1..];
                let name_end = inner
                    .find(|c: char| c.is_whitespace())
                    .unwrap_or(inner.len());
                let name = &inner[..name_end];
                if !name.is_empty() {
                    return Some(Command {
                        name,
                        args: inner[name_end..].trim(),
                    });
                }
            }
        })
    }
}

/// A command in a comment, `[%clk 1:30:00]`: name `clk`, arguments `1:30:00`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Command<'a> {
    /// The name after `%`.
    pub name: &'a str,
    /// The rest, trimmed.
    pub args: &'a str,
}

/// The result token that ended a game (`1-0`, `2-0`, `*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResultToken<'a> {
    /// The result, in the dialect's own spelling: a spelling read as another (`½-½`, or
    /// leniently `1–0` with an en dash, see [`Dialect::pgn`](crate::Dialect::pgn)) gives the
    /// result it stands for (`1/2-1/2`, `1-0`); the span covers the token as written.
    pub text: &'a str,
    /// Where it is.
    pub span: Span,
}

impl RawGame {
    /// The game's number in its file, from 1.
    #[must_use]
    pub fn number(&self) -> usize {
        self.number
    }

    /// The file offset of the first byte of [`RawGame::text`].
    #[must_use]
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The bytes of the file the game was read from, as offsets: from [`RawGame::offset`],
    /// [`RawGame::source_len`] long. What lies between one game's range and the next one's is
    /// text that holds no game (white space, skipped text, a game that could not be read).
    ///
    /// # Examples
    ///
    /// ```
    /// use board_core::{Dialect, RecordReader};
    ///
    /// let file = b"% a note\n1. e4 e5 *\n\n1. d4 *\n";
    /// let ranges: Vec<_> = RecordReader::new(&file[..], Dialect::pgn())
    ///     .map(|game| game.unwrap().source_range())
    ///     .collect();
    /// assert_eq!(ranges, [9..19, 21..28]);
    /// assert_eq!(&file[9..19], b"1. e4 e5 *");
    /// ```
    #[must_use]
    pub fn source_range(&self) -> std::ops::Range<u64> {
        self.offset..self.offset + self.source_len as u64
    }

    /// The game numbered `number` instead, its warnings too: for a game read by a
    /// [`PartReader`](crate::PartReader), which counts from the part's start, once the games
    /// before the part are counted.
    #[must_use]
    pub fn renumbered(mut self, number: usize) -> RawGame {
        self.number = number;
        for warning in &mut self.warnings {
            if warning.game.is_some() {
                warning.game = Some(number);
            }
        }
        self
    }

    /// Whether this record reads as prose rather than a game, whatever its notation: no tag, no
    /// result, and words (two letters or more and nothing else: `Knight`, `show`) for at least
    /// two of its move tokens and half of them. A book's heading before a game is so (`#662 An
    /// agile Knight steals the show`); a tagless game of any notation is not (`1.a3b4`, `P-K4`).
    /// Readers that replay a game take it for prose only when its moves do not read either.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_core::{Dialect, RecordReader};
    ///
    /// let read = |text: &str| {
    ///     RecordReader::new(text.as_bytes(), Dialect::pgn()).next().unwrap().unwrap()
    /// };
    /// assert!(read("#662 An agile Knight steals the show").looks_like_prose());
    /// assert!(read("#!/usr/bin/env dammen").looks_like_prose());
    /// assert!(!read("1. e4 e5 2. Nf3").looks_like_prose());
    /// assert!(!read("[Event \"E\"]\nA game with a tag").looks_like_prose());
    /// ```
    #[must_use]
    pub fn looks_like_prose(&self) -> bool {
        if !self.tags.is_empty() || self.result.is_some() {
            return false;
        }
        let is_word = |t: &str| t.chars().count() >= 2 && t.chars().all(char::is_alphabetic);
        let (words, tokens, digits) = self.moves().fold((0, 0, false), |(w, n, d), m| {
            (
                w + usize::from(is_word(m.text)),
                n + 1,
                d || m.text.bytes().any(|b| b.is_ascii_digit()),
            )
        });
        // Or a line with no digit, which no game's moves are without (a script's first
        // line, `#!/usr/bin/env dammen`, above a file's games).
        words >= 2 && 2 * words >= tokens || tokens > 0 && !digits
    }

    /// Whether this record, replayed to `plies` half-moves with `diagnostics`, is text between
    /// games rather than a game: it [looks like prose](RawGame::looks_like_prose), the replay
    /// read no move and no error, and found its tokens to be text that reads as no move
    /// (`record.trailing-prose`). Such a record is skipped with [`RawGame::as_skipped_text`]'s
    /// warning: it is not counted as a game, and a table gives it no row.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_core::{Code, Diagnostic, Dialect, RecordReader, Span};
    ///
    /// let file = b"A heading of a book\n\n[Event \"E\"]\n1. e4 *\n";
    /// let mut records = RecordReader::new(&file[..], Dialect::pgn());
    /// let heading = records.next().unwrap().unwrap();
    /// let trailing = Diagnostic::warning(Code::RecordTrailingProse, "no move", Span::new(0, 1));
    /// assert!(heading.is_skipped_text(0, &[trailing.clone()]));
    /// assert!(!heading.is_skipped_text(1, &[trailing]), "a move was read");
    /// let game = records.next().unwrap().unwrap();
    /// assert!(!game.is_skipped_text(0, &[]));
    /// ```
    #[must_use]
    pub fn is_skipped_text(&self, plies: usize, diagnostics: &[Diagnostic]) -> bool {
        plies == 0
            && !diagnostics.iter().any(Diagnostic::is_error)
            && diagnostics
                .iter()
                .any(|d| d.code == crate::Code::RecordTrailingProse)
            && self.looks_like_prose()
    }

    /// This record taken as text between games that holds no moves (`record.skipped-text`),
    /// for a reader that finds none of its tokens is a move: a heading or a paragraph of a book
    /// before a game, which the record reader, knowing no notation, took for a game's movetext.
    /// The warning quotes it in part and counts the rest; its caret is on the text's first line.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_core::{Code, Dialect, RecordReader};
    ///
    /// let file = b"A heading of a book\n\n[Event \"E\"]\n1. e4 *\n";
    /// let prose = RecordReader::new(&file[..], Dialect::pgn()).next().unwrap().unwrap();
    /// let warning = prose.as_skipped_text();
    /// assert_eq!(warning.code, Code::RecordSkippedText);
    /// assert_eq!(
    ///     warning.message,
    ///     "skipped text at line 1 that holds no moves: `A heading of a book`"
    /// );
    /// assert_eq!(prose.slice(warning.span), "A heading of a book");
    /// ```
    #[must_use]
    pub fn as_skipped_text(&self) -> Diagnostic {
        let first = self.text.find('\n').unwrap_or(self.text.len());
        let first = self.text[..first].trim_end_matches('\r').len();
        super::reader::skipped_text(&self.text, self.first_line, Span::new(0, first))
    }

    /// The file line, from 1, of the first line of [`RawGame::text`].
    #[must_use]
    pub fn first_line(&self) -> usize {
        self.first_line
    }

    /// `true` when the game's bytes were not UTF-8 and every byte of the file became one
    /// character of the text: each tag value, comment and the movetext was ASCII or read as
    /// Latin-1 or Windows-1252. Spans then index the decoded text, whose byte offsets differ
    /// from the file's (lines do not), and a character offset is a byte offset of the file.
    #[must_use]
    pub fn is_latin1(&self) -> bool {
        self.latin1
    }

    /// The length in bytes of the game in the file, from [`RawGame::offset`]: the text's length
    /// only when the file was UTF-8 and nothing was read leniently (a dash look-alike in a move
    /// is read as `-`, a field that is not UTF-8 decoded).
    ///
    /// # Examples
    ///
    /// ```
    /// use board_core::{Dialect, RecordReader};
    ///
    /// let file = "[Event \"Caf\u{e9}\"]\n1. O\u{2011}O *\n";
    /// let game = RecordReader::new(file.as_bytes(), Dialect::pgn()).next().unwrap().unwrap();
    /// assert_eq!(game.moves().next().unwrap().text, "O-O");
    /// assert_eq!(game.source_len(), file.trim_end().len());
    /// assert_ne!(game.source_len(), game.text().len());
    /// ```
    #[must_use]
    pub fn source_len(&self) -> usize {
        self.source_len
    }

    /// Characters of the file's line before the game's text: 0 for a game that starts a line,
    /// 11 for the second game of `1. e4 e5 * 1. d4 *`. Columns in diagnostics count them.
    #[must_use]
    pub fn first_column(&self) -> usize {
        self.first_column
    }

    /// The file's line and column of a span of this game, as [`RawGame::render`] prints them.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_core::{Dialect, RecordReader};
    ///
    /// let file = "1. e4 e5 * 1. Ke3 *\n";
    /// let game = RecordReader::new(file.as_bytes(), Dialect::pgn()).nth(1).unwrap().unwrap();
    /// assert_eq!(game.first_column(), 11);
    /// let at = game.line_col(game.moves().next().unwrap().span);
    /// assert_eq!((at.line, at.column), (1, 15));
    /// ```
    #[must_use]
    pub fn line_col(&self, span: Span) -> LineCol {
        file_line_col(&self.text, span, self.first_line, self.first_column)
    }

    /// The game's text, which every span of the game indexes.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The text under a span of this game (empty if the span is out of range).
    #[must_use]
    pub fn slice(&self, span: Span) -> &str {
        self.text.get(span.range()).unwrap_or_default()
    }

    /// The tag pairs in the order written, duplicates included.
    pub fn tags(&self) -> impl ExactSizeIterator<Item = Tag<'_>> + '_ {
        self.tags.iter().map(|t| Tag {
            name: self.slice(t.name),
            raw_value: self.slice(t.value),
            span: t.span,
        })
    }

    /// The unescaped value of the first tag with this name.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<Cow<'_, str>> {
        let [value] = self.tags_named([name]);
        value
    }

    /// The unescaped values of the first tags with these names, found in one pass over the
    /// tags (a replay asks for `Result` and `PlyCount` of every game).
    ///
    /// # Examples
    ///
    /// ```
    /// use board_core::{Dialect, RecordReader};
    ///
    /// let pgn = b"[Result \"1-0\"]\n[PlyCount \"1\"]\n\n1. e4 1-0";
    /// let game = RecordReader::new(&pgn[..], Dialect::pgn()).next().unwrap().unwrap();
    /// let [result, plies, fen] = game.tags_named(["Result", "PlyCount", "FEN"]);
    /// assert_eq!((result.as_deref(), plies.as_deref(), fen), (Some("1-0"), Some("1"), None));
    /// ```
    #[must_use]
    pub fn tags_named<const N: usize>(&self, names: [&str; N]) -> [Option<Cow<'_, str>>; N] {
        // Names compared as bytes of the stored spans, their lengths first, then their first
        // bytes (names of one length mostly differ there: `WhiteElo`, `BlackElo`, `PlyCount`),
        // and the rest, a call to `memcmp`, last: replays ask for a few tags per game, most of
        // them absent (`FEN`, `Variant`), and comparing the bytes of every name cost about 20
        // instructions a tag.
        let text = self.text.as_bytes();
        let mut values = [const { None }; N];
        let mut missing = N;
        for t in &self.tags {
            for (name, value) in names.iter().zip(values.iter_mut()) {
                let name = name.as_bytes();
                if value.is_none()
                    && t.name.len() == name.len()
                    && text.get(t.name.start) == name.first()
                    && text.get(t.name.range()) == Some(name)
                {
                    *value = Some(unescape(self.slice(t.value)));
                    missing -= 1;
                    break;
                }
            }
            if missing == 0 {
                break;
            }
        }
        values
    }

    /// The movetext elements in order, variations included.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_core::{Dialect, Element, RecordReader};
    ///
    /// let game = RecordReader::new(&b"1. e4 (1. d4) e5 *"[..], Dialect::pgn()).next().unwrap().unwrap();
    /// let kinds: Vec<&str> = game
    ///     .elements()
    ///     .map(|e| match e {
    ///         Element::MoveNumber(_) => "number",
    ///         Element::Move(_) => "move",
    ///         Element::Nag(_) => "nag",
    ///         Element::Comment(_) => "comment",
    ///         Element::StartVariation(_) => "(",
    ///         Element::EndVariation(_) => ")",
    ///     })
    ///     .collect();
    /// assert_eq!(kinds, ["number", "move", "(", "number", "move", ")", "move"]);
    /// ```
    pub fn elements(&self) -> impl ExactSizeIterator<Item = Element<'_>> + '_ {
        self.events.iter().map(|ev| match *ev {
            Ev::MoveNumber {
                number,
                written,
                black,
                span,
            } => Element::MoveNumber(MoveNumber {
                number: written.then_some(number),
                black,
                span,
            }),
            Ev::Move(span) => Element::Move(Token {
                text: self.slice(span),
                span,
            }),
            Ev::Nag(value, span) => Element::Nag(NagToken { value, span }),
            Ev::Comment { span, kind } => Element::Comment(Comment {
                text: self.slice(Ev::comment_text(span, kind)),
                span,
                kind,
            }),
            Ev::Start(span) => Element::StartVariation(span),
            Ev::End(span) => Element::EndVariation(span),
        })
    }

    /// The move tokens of the main line, variations left out.
    pub fn moves(&self) -> impl Iterator<Item = Token<'_>> + '_ {
        let mut depth = 0usize;
        self.events.iter().filter_map(move |ev| match *ev {
            Ev::Start(_) => {
                depth += 1;
                None
            }
            Ev::End(_) => {
                depth = depth.saturating_sub(1);
                None
            }
            Ev::Move(span) if depth == 0 => Some(Token {
                text: self.slice(span),
                span,
            }),
            _ => None,
        })
    }

    /// The result token that ended the game, if it had one.
    #[must_use]
    pub fn result(&self) -> Option<ResultToken<'_>> {
        self.result.map(|span| ResultToken {
            text: self.result_as.unwrap_or_else(|| self.slice(span)),
            span,
        })
    }

    /// What the reader repaired in this game, as warnings naming the game.
    #[must_use]
    pub fn warnings(&self) -> &[Diagnostic] {
        &self.warnings
    }

    /// The first move as the written move numbers tell it: `12...` before the first move gives
    /// move 12, Black. `None` when no number comes before the first move. Only the caller, who
    /// knows the start position (a `FEN` tag), can be sure.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_core::{Color, Dialect, FirstMove, RecordReader};
    ///
    /// let game = RecordReader::new(&b"31... Qxb5 32. Bxf6 *"[..], Dialect::pgn()).next().unwrap().unwrap();
    /// assert_eq!(game.first_move_hint(), Some(FirstMove::new(31, Color::Black)));
    /// ```
    #[must_use]
    pub fn first_move_hint(&self) -> Option<FirstMove> {
        let mut number = None;
        let mut black = false;
        for ev in &self.events {
            match *ev {
                Ev::MoveNumber {
                    number: n,
                    written: true,
                    black: b,
                    ..
                } => {
                    number = Some(n);
                    black = b;
                }
                Ev::MoveNumber {
                    written: false,
                    black: b,
                    ..
                } => black |= b,
                Ev::Move(_) => break,
                _ => {}
            }
        }
        number.map(|n| FirstMove::new(n, if black { Color::Black } else { Color::White }))
    }

    /// A short name of the game for diagnostics: `White - Black` from its tags, or empty.
    #[must_use]
    pub fn name(&self) -> String {
        game_name(self.tag("White").as_deref(), self.tag("Black").as_deref())
    }

    /// The diagnostic with this game's number and name attached.
    #[must_use]
    pub fn locate(&self, diagnostic: Diagnostic) -> Diagnostic {
        diagnostic.in_game(self.number, self.name())
    }

    /// Renders a diagnostic whose span indexes this game's text, with the file's line numbers.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_core::{Code, Diagnostic, Dialect, RecordReader};
    ///
    /// let file = "1. e4 *\n\n[White \"A\"]\n\n1. e4 Ke7 *\n";
    /// let game = RecordReader::new(file.as_bytes(), Dialect::pgn()).nth(1).unwrap().unwrap();
    /// let ke7 = game.moves().nth(1).unwrap();
    /// let diag = game.locate(Diagnostic::error(Code::MoveIllegal, "illegal move", ke7.span));
    /// assert_eq!(
    ///     game.render(&diag, "a.pgn"),
    ///     "error: illegal move\n --> a.pgn:5:7 (game 2: A - ?)\n  |\n5 | 1. e4 Ke7 *\n  |       ^^^\n"
    /// );
    /// ```
    #[must_use]
    pub fn render(&self, diagnostic: &Diagnostic, file: &str) -> String {
        render_in_file(
            diagnostic,
            file,
            &self.text,
            self.first_line,
            self.first_column,
        )
    }
}

pub(crate) fn game_name(white: Option<&str>, black: Option<&str>) -> String {
    if white.is_none() && black.is_none() {
        return String::new();
    }
    format!("{} - {}", white.unwrap_or("?"), black.unwrap_or("?"))
}

/// The file's line and column of `span` in `text`, which starts on line `first_line` after
/// `first_column` characters of it.
pub(crate) fn file_line_col(
    text: &str,
    span: Span,
    first_line: usize,
    first_column: usize,
) -> LineCol {
    let at = span.line_col(text);
    LineCol {
        line: first_line + at.line - 1,
        column: at.column + if at.line == 1 { first_column } else { 0 },
    }
}

/// Renders `diagnostic`, whose span indexes `text`, as [`Diagnostic::render`] would render it on
/// the whole file, where `text` starts on line `first_line`, after `first_column` characters of
/// that line.
///
/// Only the line holding the span is looked at, so the cost does not grow with the position in
/// the file.
pub(crate) fn render_in_file(
    diagnostic: &Diagnostic,
    file: &str,
    text: &str,
    first_line: usize,
    first_column: usize,
) -> String {
    let bytes = text.as_bytes();
    let start = diagnostic.span.start.min(bytes.len());
    let line_start = memchr::memrchr(b'\n', &bytes[..start]).map_or(0, |i| i + 1);
    let line_end = memchr::memchr(b'\n', &bytes[start..]).map_or(bytes.len(), |i| start + i);
    let line = first_line + memchr::memchr_iter(b'\n', &bytes[..line_start]).count();
    let lead = if line_start == 0 { first_column } else { 0 };
    let end = diagnostic.span.end.clamp(start, line_end);
    diagnostic.render_line(
        file,
        line,
        lead,
        &bytes[line_start..line_end],
        start - line_start..end - line_start,
    )
}
