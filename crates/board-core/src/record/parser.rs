//! The grammar of one game's text: tag section, then movetext elements, parsed with winnow:
//! the tests' oracle for the reader's own walk (`splitter.rs`), which a randomized test
//! compares with it on every field. It is not built outside tests.
//!
//! The reader hands over a complete game, so nothing here waits for input. Variations are
//! counted, not recursed into: nesting depth costs a `Vec` entry, never a stack frame.

use std::ops::Range;

use winnow::combinator::{alt, cut_err, dispatch, fail, peek, preceded};
use winnow::error::{ContextError, ErrMode};
use winnow::prelude::*;
use winnow::stream::Location as _;
use winnow::token::{any, take, take_till, take_while};
use winnow::{LocatingSlice, ascii::digit1};

use crate::{Code, Diagnostic, Span};

use super::dialect::Dialect;
use super::game::{CommentKind, Ev, TagSpans};
use super::lexer;
use super::reader::GameErrorKind;
use super::splitter::{self, Failure, Parsed};

type Stream<'i> = LocatingSlice<&'i [u8]>;

/// What a failing movetext production was reading: the context winnow carries up to
/// [`from_parse`], matched as a type rather than as a label's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expected {
    /// A `{` comment, which needs its `}`.
    Comment,
    /// A `}` that closes no comment.
    StrayBrace,
}

/// The error of the movetext productions, with [`Expected`] as its context.
type Error = ContextError<Expected>;

/// A movetext production's result.
type PResult<O> = Result<O, ErrMode<Error>>;

/// One movetext item before it is sorted into events.
enum Item {
    Comment {
        text: Range<usize>,
        span: Range<usize>,
        kind: CommentKind,
    },
    Open(Range<usize>),
    Close(Range<usize>),
    /// `$n`, saturated at `u32::MAX`.
    Nag(u32, Range<usize>),
    Token(Range<usize>),
}

/// Parses one game. `at_line_start` tells whether `text` begins a line of its file (a `%` there
/// is an escape line).
pub(crate) fn parse_game(
    text: &str,
    dialect: &Dialect,
    at_line_start: bool,
) -> Result<Parsed, Box<Failure>> {
    let mut parser = GameParser {
        text,
        dialect,
        at_line_start,
        tags: Vec::new(),
        events: Vec::with_capacity(text.len() / 5),
        warnings: Vec::new(),
        open: Vec::new(),
        brackets: 0,
        lenient: false,
        tag_tails: Vec::new(),
    };
    let mut input = LocatingSlice::new(text.as_bytes());
    parser.tag_section(&mut input);
    match parser.movetext(&mut input) {
        Ok(result) => Ok(Parsed {
            tags: parser.tags,
            events: parser.events,
            result,
            warnings: parser.warnings,
            lenient: parser.lenient,
        }),
        Err((kind, span)) => Err(Box::new(Failure {
            kind,
            span,
            tags: parser.tags,
            warnings: parser.warnings,
        })),
    }
}

struct GameParser<'t> {
    text: &'t str,
    dialect: &'t Dialect,
    at_line_start: bool,
    tags: Vec<TagSpans>,
    events: Vec<Ev>,
    warnings: Vec<Diagnostic>,
    /// Offsets of the `(` of the variations still open.
    open: Vec<usize>,
    /// Variations open in square brackets (`[3... Nf6]`), whose tokens a `]` ends.
    brackets: u32,
    lenient: bool,
    /// The texts skipped after tag pairs on their lines.
    tag_tails: Vec<String>,
}

fn span(range: Range<usize>) -> Span {
    Span::new(range.start, range.end)
}

/// What is left of the input.
fn rest<'i>(input: &Stream<'i>) -> &'i [u8] {
    input.as_ref()
}

impl GameParser<'_> {
    /// White space, forum markup (`[pgn]`, reported) and `%` escape lines (a `%` in the first
    /// column hides its line).
    fn trivia(&mut self, input: &mut Stream<'_>) {
        loop {
            let _: ModalResult<&[u8]> = take_while(0.., lexer::is_space).parse_next(input);
            let at = input.current_token_start();
            let markup = lexer::markup_len(rest(input), true).unwrap_or(0);
            if markup > 0 {
                let written = &rest(input)[..markup];
                self.warnings.push(super::splitter::markup_warning(
                    written,
                    Span::new(at, at + markup),
                ));
                let _: ModalResult<&[u8]> = take(markup).parse_next(input);
                continue;
            }
            let line_start = if at == 0 {
                self.at_line_start
            } else {
                self.text.as_bytes()[at - 1] == b'\n'
            };
            if !(line_start && rest(input).first() == Some(&b'%')) {
                return;
            }
            let _: ModalResult<&[u8]> = take_till(0.., b'\n').parse_next(input);
        }
    }

    fn tag_section(&mut self, input: &mut Stream<'_>) {
        // The end of the line last searched, so that many tags on one line cost one search.
        let mut line_end = 0;
        loop {
            self.trivia(input);
            let at = input.current_token_start();
            if line_end <= at {
                line_end = lexer::line_end(self.text.as_bytes(), at).unwrap_or(self.text.len());
            }
            let Ok(tag) = tag(line_end - at).parse_next(input) else {
                return;
            };
            // The game's first tag given again before a `Result` tag: the same game's (see
            // the splitter, which starts the next game there after one).
            let text = self.text.as_bytes();
            let name = &text[tag.name.range()];
            if let Some(first) = self.tags.first()
                && let Some(last) = self.tags.last()
                && !name.is_empty()
                && text[first.name.range()] == *name
                && !self
                    .tags
                    .iter()
                    .any(|t| text[t.name.range()].eq_ignore_ascii_case(b"Result"))
                && !splitter::blank_line_between(&text[last.span.end..tag.span.start])
            {
                self.warnings
                    .push(splitter::repeated_first_tag(name, tag.span));
            }
            if let Some(repair) = tag.repair {
                self.warnings.push(Diagnostic::warning(
                    repair.code(),
                    repair.message(),
                    tag.span,
                ));
            }
            let first = self.tags.first().map_or(tag.name, |t| t.name);
            if !tag.name.is_empty() {
                self.tags.push(TagSpans {
                    name: tag.name,
                    value: tag.value,
                    span: tag.span,
                });
            }
            // Text after the tag pair on its line, before more tags of the game: skipped.
            let text = self.text.as_bytes();
            let after = tag.span.end;
            let tag_line_end = lexer::line_end(text, after).unwrap_or(text.len());
            if let Some(Some(tail)) =
                splitter::tag_tail(text, after, tag_line_end, &text[first.range()], true)
            {
                let skipped = span(tail.clone());
                splitter::note_tag_tail(
                    &mut self.warnings,
                    &mut self.tag_tails,
                    &text[tail],
                    skipped,
                );
                let _: ModalResult<&[u8]> = take(tag_line_end - after).parse_next(input);
            }
        }
    }

    /// Reads the movetext to the end of the text and returns the result token's span.
    fn movetext(&mut self, input: &mut Stream<'_>) -> Result<Option<Span>, (GameErrorKind, Span)> {
        let len = self.text.len();
        loop {
            self.trivia(input);
            if rest(input).is_empty() {
                break;
            }
            let start = input.current_token_start();
            let item = match self.bracket(input) {
                Some(item) => item,
                None => element
                    .parse_next(input)
                    .map_err(|e| from_parse(&e, self.text.as_bytes(), start))?,
            };
            match item {
                Item::Comment {
                    text,
                    span: s,
                    kind,
                } => {
                    debug_assert_eq!(Ev::comment_text(span(s.clone()), kind), span(text.clone()));
                    if kind == CommentKind::Line
                        && let Some(warning) = splitter::line_comment_of_moves(
                            &self.text.as_bytes()[text.clone()],
                            span(s.clone()),
                        )
                    {
                        self.warnings.push(warning);
                    }
                    self.events.push(Ev::Comment {
                        span: span(s),
                        kind,
                    });
                }
                Item::Open(s) => {
                    if self.open.len() >= self.dialect.max_depth() {
                        return Err((
                            GameErrorKind::TooDeep {
                                limit: self.dialect.max_depth(),
                            },
                            span(s),
                        ));
                    }
                    self.open.push(s.start);
                    self.events.push(Ev::Start(span(s)));
                }
                Item::Close(s) => {
                    if self.open.pop().is_none() {
                        return Err((GameErrorKind::UnmatchedParenthesis, span(s)));
                    }
                    self.events.push(Ev::End(span(s)));
                }
                Item::Nag(value, s) => match u16::try_from(value) {
                    Ok(value) if value <= self.dialect.max_nag() => {
                        self.events.push(Ev::Nag(value, span(s)));
                    }
                    _ => {
                        return Err((
                            GameErrorKind::NagOutOfRange {
                                max: self.dialect.max_nag(),
                            },
                            span(s),
                        ));
                    }
                },
                Item::Token(s) => self.token(s),
            }
        }
        if let Some(&at) = self.open.last() {
            return Err((GameErrorKind::UnclosedVariation, Span::new(at, at + 1)));
        }
        match self.events.last() {
            Some(&Ev::Move(s)) if self.dialect.is_result(&self.text[s.range()]) => {
                self.events.pop();
                return Ok(Some(s));
            }
            _ => {}
        }
        let end = Span::new(len, len);
        self.warnings.push(Diagnostic::warning(
            Code::RecordNoResult,
            "game has no result; it ends at the next tag section, a `1.` after a blank line, \
             or the end of the input",
            end,
        ));
        Ok(None)
    }

    /// A `[` that opens a variation ([`lexer::opens_bracket_variation`], with a warning) or a
    /// `]` that closes one, as `(` and `)`; while one is open, a token up to its `]`. `None`
    /// for anything else, which [`element`] reads.
    fn bracket(&mut self, input: &mut Stream<'_>) -> Option<Item> {
        let start = input.current_token_start();
        let bytes = rest(input);
        let line_start = if start == 0 {
            self.at_line_start
        } else {
            self.text.as_bytes()[start - 1] == b'\n'
        };
        let one = start..start + 1;
        let len = match bytes.first()? {
            b'[' if lexer::opens_bracket_variation(bytes, line_start, true) == Some(true) => {
                self.brackets += 1;
                self.warnings
                    .push(splitter::bracket_warning(span(one.clone())));
                let _: ModalResult<&[u8]> = take(1usize).parse_next(input);
                return Some(Item::Open(one));
            }
            b']' if self.brackets > 0 => {
                self.brackets -= 1;
                let _: ModalResult<&[u8]> = take(1usize).parse_next(input);
                return Some(Item::Close(one));
            }
            b'{' | b';' | b'(' | b')' | b'}' | b'$' => return None,
            _ if self.brackets > 0 => {
                let len = lexer::token_end(bytes, true).unwrap_or(bytes.len());
                bytes[..len].iter().position(|&b| b == b']')?.max(1)
            }
            _ => return None,
        };
        let _: ModalResult<&[u8]> = take(len).parse_next(input);
        Some(Item::Token(start..start + len))
    }

    /// Sorts a token into move numbers, a NAG glyph or a move, as [`lexer::split_token`] does.
    fn token(&mut self, range: Range<usize>) {
        let events = &mut self.events;
        let lenient = &mut self.lenient;
        lexer::split_token(&self.text[range.clone()], self.dialect, |piece, at| {
            let span = Span::new(range.start + at.start, range.start + at.end);
            events.push(match piece {
                lexer::Piece::Number { number, black } => Ev::move_number(number, black, span),
                lexer::Piece::Glyph(nag) => Ev::Nag(u16::from(nag.0), span),
                lexer::Piece::Symbol(nag) => {
                    *lenient = true;
                    Ev::Nag(u16::from(nag.0), span)
                }
                lexer::Piece::Move => Ev::Move(span),
            });
        });
    }
}

/// A tag pair as [`lexer::scan_tag`] reads it, with spans into the game text.
struct TagItem {
    name: Span,
    value: Span,
    span: Span,
    repair: Option<lexer::TagRepair>,
}

/// A tag on a line that has `line_len` bytes left.
fn tag<'i>(line_len: usize) -> impl Parser<Stream<'i>, TagItem, ContextError> {
    move |input: &mut Stream<'i>| {
        let start = input.current_token_start();
        let bytes = rest(input);
        if bytes.first() != Some(&b'[') {
            return fail.parse_next(input);
        }
        let mut scan = lexer::scan_tag(&bytes[..line_len]);
        if let lexer::Continuation::Joined(joined) =
            lexer::continue_tag(&scan, &bytes[line_len..], true)
        {
            scan = joined;
        }
        take(scan.end).parse_next(input)?;
        let at = |r: Range<usize>| Span::new(start + r.start, start + r.end);
        Ok(TagItem {
            name: at(scan.name),
            value: at(scan.value),
            span: Span::new(start, start + scan.end),
            repair: scan.repair,
        })
    }
}

fn element(input: &mut Stream<'_>) -> PResult<Item> {
    dispatch! {peek(any);
        b'{' => brace_comment,
        b';' => line_comment,
        b'(' => b'('.span().map(Item::Open),
        b')' => b')'.span().map(Item::Close),
        b'}' => cut_err(fail).context(Expected::StrayBrace),
        b'$' => alt((nag, token)),
        _ => token,
    }
    .parse_next(input)
}

/// `{` text `}`: the text may span lines; a `{` inside it is text, the first `}` ends it.
fn brace_comment(input: &mut Stream<'_>) -> PResult<Item> {
    (
        b'{',
        cut_err((take_till(0.., b'}').span(), b'}')).context(Expected::Comment),
    )
        .with_span()
        .map(|((_, (text, _)), span)| Item::Comment {
            text,
            span,
            kind: CommentKind::Brace,
        })
        .parse_next(input)
}

/// `;` text to the end of the line; the line's `\r` is not part of the text.
fn line_comment(input: &mut Stream<'_>) -> PResult<Item> {
    let start = input.current_token_start();
    b';'.parse_next(input)?;
    let (text, mut range): (&[u8], Range<usize>) =
        take_till(0.., b'\n').with_span().parse_next(input)?;
    if text.last() == Some(&b'\r') {
        range.end -= 1;
    }
    Ok(Item::Comment {
        span: start..range.end,
        text: range,
        kind: CommentKind::Line,
    })
}

/// `$` and digits; the driver checks the number against the dialect.
fn nag(input: &mut Stream<'_>) -> PResult<Item> {
    let (digits, range): (&[u8], Range<usize>) =
        preceded(b'$', digit1).with_span().parse_next(input)?;
    let value = digits.iter().fold(0u32, |n, d| {
        n.saturating_mul(10).saturating_add(u32::from(d - b'0'))
    });
    Ok(Item::Nag(value, range))
}

/// A move token, as [`lexer::token_end`] delimits it.
fn token(input: &mut Stream<'_>) -> PResult<Item> {
    let bytes = rest(input);
    let len = lexer::token_end(bytes, true).unwrap_or(bytes.len());
    take(len).span().map(Item::Token).parse_next(input)
}

/// Turns a winnow error at `start` into what the game reports.
fn from_parse(error: &ErrMode<Error>, text: &[u8], start: usize) -> (GameErrorKind, Span) {
    let expected = match error {
        ErrMode::Backtrack(e) | ErrMode::Cut(e) => e.context().next().copied(),
        ErrMode::Incomplete(_) => None,
    };
    match expected {
        Some(Expected::Comment) => (
            GameErrorKind::UnterminatedComment,
            Span::new(start, text.len()),
        ),
        // The stray `}` is the only other element that fails.
        Some(Expected::StrayBrace) | None => {
            (GameErrorKind::UnmatchedBrace, Span::new(start, start + 1))
        }
    }
}
