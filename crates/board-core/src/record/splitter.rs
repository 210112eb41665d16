//! Finds where games begin and end in a byte buffer that grows as the input is read, and reads
//! each game's syntax on the way: the one grammar of game records.
//!
//! The splitter walks whole constructs (a tag, a comment, a token); when one runs past the end of
//! the buffer it asks for more input and walks that construct again from its start. Each
//! construct is recorded in [`Found`], so that a well-formed UTF-8 game, nearly every game of a
//! real file, is read in this one pass over its bytes. A game it cannot take as found (Latin-1
//! text, whose spans change once decoded; a game holding an error; one whose dashes are put
//! right) is read again by [`parse_game`], the same walk over that one game's text.
//!
//! The walk is written by hand, not with a parser combinator: it runs once per byte of the
//! input, and it must stop and resume anywhere in a buffer that grows. A winnow grammar of the
//! same syntax is kept in the tests as an oracle (`parser.rs`): a randomized test reads every
//! game both ways and compares every field. Written with winnow, the reader spent 72 M
//! instructions where this walk spends 43 M on the same 1,500 games (docs/performance.md).

use crate::{Code, Diagnostic, Span};

use super::dialect::Dialect;
use super::game::{CommentKind, Ev, TagSpans};
use super::lexer;
use super::reader::GameErrorKind;

const BOM: &[u8] = b"\xEF\xBB\xBF";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Between games: white space, escape lines and byte-order marks are skipped.
    Between,
    /// In a game, nothing but tags seen so far: a `[` is a tag.
    Tags,
    /// In a game's movetext: a `[` starting a tag name starts the next game.
    Movetext,
}

/// What the splitter found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scan {
    /// The buffer ends inside a construct; read more and scan again.
    NeedMore,
    /// The input is over; the game in progress, if any, runs to the end of the buffer.
    Eof,
    /// The game in progress ends before this offset, where the next game's tag section begins.
    NextGame(usize),
    /// The game in progress ends at this offset, just after its terminating result.
    Terminated(usize),
}

/// A game's syntax, spans indexing its text.
#[derive(Debug)]
pub(crate) struct Parsed {
    pub(crate) tags: Vec<TagSpans>,
    pub(crate) events: Vec<Ev>,
    pub(crate) result: Option<Span>,
    pub(crate) warnings: Vec<Diagnostic>,
    /// An evaluation sign was read as a NAG (`±`): the reader reports it.
    pub(crate) lenient: bool,
}

/// Why a game could not be read, with what was read before.
#[derive(Debug)]
pub(crate) struct Failure {
    pub(crate) kind: GameErrorKind,
    pub(crate) span: Span,
    pub(crate) tags: Vec<TagSpans>,
    pub(crate) warnings: Vec<Diagnostic>,
}

/// The syntax of the game in progress, spans from the game's start.
#[derive(Debug, Clone, Default)]
pub(crate) struct Found {
    pub(crate) tags: Vec<TagSpans>,
    pub(crate) events: Vec<Ev>,
    pub(crate) warnings: Vec<Diagnostic>,
    /// Variations open.
    pub(crate) depth: usize,
    /// One past the last tag or comment, the elements that may end in white space: trimming
    /// white space off the end of the game must not cut into them (a line comment or a broken
    /// tag would read shorter). Tokens and parentheses end before any white space.
    pub(crate) end: usize,
    /// The game holds an error (an unclosed comment, a stray `}`...), [`Found::error`]: nothing
    /// more is recorded, and the reader reads the game again on its own ([`parse_game`]), which
    /// reports the error with what came before it.
    pub(crate) defer: bool,
    /// The first error, and where: a game reads up to its first error and no further.
    pub(crate) error: Option<(GameErrorKind, Span)>,

    /// An evaluation sign was read as a NAG (`±`): the reader reports it.
    pub(crate) lenient: bool,
    /// The texts skipped after tag pairs on their lines ([`tag_tail`]), which one warning lists.
    pub(crate) tag_tails: Vec<String>,
    /// The tag section holds a `Result` tag, the last of the roster every exporter writes: the
    /// game's first tag given again after it starts the next game, before it it is the same
    /// game's tag given twice.
    pub(crate) result_tag: bool,
}

impl Found {
    pub(crate) const fn new() -> Found {
        Found {
            tags: Vec::new(),
            events: Vec::new(),
            warnings: Vec::new(),
            depth: 0,
            end: 0,
            defer: false,
            error: None,
            lenient: false,
            tag_tails: Vec::new(),
            result_tag: false,
        }
    }

    /// Empties it for the next game, keeping the memory unless a huge game took a lot.
    pub(crate) fn clear(&mut self) {
        const KEEP: usize = 1 << 16;
        self.tags.clear();
        self.events.clear();
        self.warnings.clear();
        if self.events.capacity() > KEEP {
            self.events.shrink_to(KEEP);
        }
        if self.tags.capacity() > KEEP {
            self.tags.shrink_to(KEEP);
        }
        self.depth = 0;
        self.end = 0;
        self.defer = false;
        self.error = None;
        self.lenient = false;
        self.tag_tails.clear();
        self.result_tag = false;
    }

    /// The game's first error: nothing after it is recorded.
    #[cold]
    fn fail(&mut self, kind: GameErrorKind, span: Span) {
        if !self.defer {
            self.defer = true;
            self.error = Some((kind, span));
        }
    }

    #[inline(always)]
    fn tag(&mut self, scan: &lexer::TagScan, at: usize) {
        let span = |r: &std::ops::Range<usize>| Span::new(at + r.start, at + r.end);
        let whole = Span::new(at, at + scan.end);
        if let Some(repair) = scan.repair {
            self.warnings
                .push(Diagnostic::warning(repair.code(), repair.message(), whole));
        }
        if !scan.name.is_empty() {
            self.tags.push(TagSpans {
                name: span(&scan.name),
                value: span(&scan.value),
                span: whole,
            });
        }
        self.end = whole.end;
    }

    /// A token at `at`, as the parser sorts it: a NAG, or move numbers, a move and a glyph.
    // Always inlined in the splitter's loops: a call per token cost a tenth of the reading time.
    #[inline(always)]
    fn token(&mut self, token: &[u8], at: usize, dialect: &Dialect) {
        let span = Span::new(at, at + token.len());
        if !self.plain_token(token, token[0], token[token.len() - 1], span) {
            self.split_token(token, at, dialect);
        }
    }

    /// Pushes what `lexer::split_token_bytes` makes of nearly every token, found without its
    /// loops: a move with nothing glued to it, or a move number alone. `false`, with nothing
    /// pushed, for any other token. Its `first` and `last` bytes come from the caller, which
    /// reads them without a bounds check where it can.
    #[inline(always)]
    fn plain_token(&mut self, token: &[u8], first: u8, last: u8, span: Span) -> bool {
        // A last byte past ASCII may end a sign glued to the move (`e4‼`, `exd5±`).
        if starts_move(first) && !matches!(last, b'!' | b'?' | 0x80..=0xFF) {
            self.events.push(Ev::Move(span));
        } else if let Some((number, black)) = lone_number(token) {
            self.events.push(Ev::MoveNumber {
                number,
                written: true,
                black,
                span,
            });
        } else {
            return false;
        }
        true
    }

    /// Pushes the number and the move of a token that is a move glued to its number
    /// ([`glued_move`]), spanning `span`; `false`, pushing nothing, for any other token. Out of
    /// line: inlined into [`Found::block_tokens`]'s loop for files that write their moves
    /// spaced, it cost the random games 1.4 M instructions; files that glue them have a loop
    /// of their own, `block_tokens::<true>`, with [`Found::glued_token_here`] inlined.
    #[inline(never)]
    fn glued_token(&mut self, token: &[u8], span: Span, dialect: &Dialect) -> bool {
        self.glued_token_here(token, span, dialect)
    }

    /// [`Found::glued_token`], inlined where it is called.
    #[inline(always)]
    fn glued_token_here(&mut self, token: &[u8], span: Span, dialect: &Dialect) -> bool {
        match glued_move(token, dialect) {
            Some(glued) => {
                self.push_glued(glued, span);
                true
            }
            None => false,
        }
    }

    /// Pushes what a token that starts with a digit holds, its digits and dots read once: a
    /// lone move number ([`lone_number`]) or a move glued to its number ([`glued_move`]);
    /// `false`, pushing nothing, for any other token. The glued loop of
    /// [`Found::block_tokens`] reads such tokens with it: tried as a lone number first, then
    /// as a glued move, a glued move's digits were read twice.
    #[inline(always)]
    fn number_token(&mut self, token: &[u8], span: Span, dialect: &Dialect) -> bool {
        let read = number_and_dots(token);
        let (digits, len, sum) = read;
        if len == token.len() && !lexer::is_null_number(token) {
            self.events.push(Ev::MoveNumber {
                number: number_value(token, digits, sum),
                written: true,
                black: len - digits >= 2,
                span,
            });
            return true;
        }
        match glued_after_number(token, dialect, read) {
            Some(glued) => {
                self.push_glued(glued, span);
                true
            }
            None => false,
        }
    }

    /// Pushes the number and the move of a glued move spanning `span`, as [`glued_move`] read
    /// it.
    #[inline(always)]
    fn push_glued(&mut self, (len, number, black): (usize, u32, bool), span: Span) {
        let cut = span.start.wrapping_add(len);
        // One test of the capacity for both.
        self.events.extend_from_slice(&[
            Ev::MoveNumber {
                number,
                written: true,
                black,
                span: Span {
                    start: span.start,
                    end: cut,
                },
            },
            Ev::Move(Span {
                start: cut,
                end: span.end,
            }),
        ]);
    }

    /// The tokens of a block of movetext, `bytes`, whose first byte is at `base` in the game
    /// (wrapped below zero when the block starts before the game):
    /// one starts at each bit of `starts` and ends at the matching bit of `ends`. Moves and
    /// lone move numbers are read here; any other token is left to the caller, as is a
    /// terminating result of `terminators` (given outside variations, in a file).
    ///
    /// A function of its own, not inlined into the splitter's loop, with six values live across
    /// the one call in its loop (the growth of the events), so that none waits on the stack:
    /// inlined into the splitter's one large function, it reloaded about fifteen a token, 90
    /// instructions a token in all. The block's bytes as an array, indexed by bit positions,
    /// need no bounds checks.
    ///
    /// `GLUED` reads moves glued to their numbers (`12.e4`, [`glued_move`]) here too, given
    /// `terminators` (outside variations, in a file, where the caller reads them): a file
    /// written so glues every white move, and leaving each to the caller cost a return from
    /// this loop and a call back into it, about 40 instructions a move. Files that write their
    /// moves spaced take the loop without it.
    #[inline(never)]
    fn block_tokens<const GLUED: bool>(
        &mut self,
        bytes: &[u8; 64],
        base: usize,
        mut starts: u64,
        mut ends: u64,
        terminators: Option<&Dialect>,
    ) -> BlockTokens {
        while starts != 0 {
            let first = starts.trailing_zeros() as usize;
            if ends == 0 {
                return BlockTokens::Open(first);
            }
            let end = ends.trailing_zeros() as usize + 1;
            let token = &bytes[first..end];
            // `first < end`: a token's first byte is no later than its last. `base` wraps
            // when the block started before the game (it is kept from the game before), the
            // token's own offsets do not.
            let span = Span {
                start: base.wrapping_add(first),
                end: base.wrapping_add(end),
            };
            if terminators.is_some_and(|dialect| dialect.is_terminator_bytes(token)) {
                return BlockTokens::Other(first | end << 8);
            }
            let read = match terminators {
                Some(dialect) if GLUED && bytes[first].is_ascii_digit() => {
                    self.number_token(token, span, dialect)
                }
                _ => self.plain_token(token, bytes[first], bytes[end - 1], span),
            };
            if !read {
                return BlockTokens::Other(first | end << 8);
            }
            starts &= starts - 1;
            ends &= ends - 1;
        }
        BlockTokens::Read
    }

    /// The loop of [`Scanner::after_comment`] from `buf[i]`, `start` the game's start: plain
    /// tokens and brace comments, up to [`AFTER_COMMENT`] tokens after the last comment. Gives
    /// where it stopped, or as an error the end of a terminating result that ended the game.
    ///
    /// Out of line, on the events alone, with one table lookup a byte to skip white space and
    /// sort what follows: inlined into the splitter, its values waited on the stack, and the
    /// lichess-shaped file (a clock after every move) cost 525 instructions a ply here.
    #[inline(never)]
    fn after_comment(
        &mut self,
        buf: &[u8],
        mut i: usize,
        start: usize,
        walk: Walk,
        dialect: &Dialect,
    ) -> Result<usize, usize> {
        let mut tokens = 0;
        while tokens < AFTER_COMMENT {
            // The one space between elements stepped over before the loop: in it, the
            // compiler kept four or more offsets derived from `i` going at each byte.
            if buf.get(i) == Some(&b' ') {
                i += 1;
            }
            let (class, b) = loop {
                let Some(&b) = buf.get(i) else {
                    return Ok(i);
                };
                let class = lexer::MOVETEXT_STARTS[usize::from(b)];
                if class != lexer::SPACE {
                    break (class, b);
                }
                i += 1;
            };
            if class == lexer::BRACE {
                // Its `}`, unless a line end comes first (a tag line may follow it, which ends
                // the game): that comment is left to the splitter's loop.
                let mut from = i + 1;
                let end = loop {
                    // Tested again on a comment's later lines, never true there: before the
                    // loop, the compiler laid the loop out otherwise, and the lichess-shaped
                    // file counted 2.8 M more.
                    if lexer::is_clock_comment(&buf[i..]) {
                        break i + CLOCK_COMMENT;
                    }
                    match lexer::brace_or_line_end(buf, from) {
                        Some(at) if buf[at] == b'}' => break at + 1,
                        Some(at) if !walk.lines => from = at + 1,
                        _ => return Ok(i),
                    }
                };
                // `i < end`, and both are in the game.
                let span = Span {
                    start: i - start,
                    end: end - start,
                };
                self.comment(span, CommentKind::Brace);
                i = end;
                tokens = 0;
                continue;
            }
            if class == lexer::OTHER {
                return Ok(i);
            }
            // A move number, which follows every comment of a file with clocks, read as its
            // digits and dots are found: the token's end searched first and its bytes read
            // again cost about 35 instructions more a number.
            if b.is_ascii_digit()
                && let Some((len, number, black)) = buf
                    .get(i..)
                    .and_then(<[u8]>::first_chunk::<8>)
                    .and_then(lexer::lone_number_word)
                    .or_else(|| lone_number_at(&buf[i..]))
            {
                let token = &buf[i..i + len];
                // `len > 0`, and the token is in the game.
                let span = Span {
                    start: i - start,
                    end: i + len - start,
                };
                self.events.push(Ev::MoveNumber {
                    number,
                    written: true,
                    black,
                    span,
                });
                i += len;
                if walk.ends_game && dialect.is_terminator_bytes_lean(token) {
                    return Err(i);
                }
                tokens += 1;
                continue;
            }
            let Some(len) = lexer::plain_token_end(&buf[i..]) else {
                return Ok(i);
            };
            let token = &buf[i..i + len];
            // `len > 0`, and the token is in the game: no clamp as in `Span::new`, and its
            // first byte is the one sorted above.
            let span = Span {
                start: i - start,
                end: i + len - start,
            };
            // A plain token holds no NAG, so it leaves `defer` as it is.
            if !self.plain_token(token, b, token[len - 1], span) {
                self.split_token(token, i - start, dialect);
            }
            i += len;
            if walk.ends_game && dialect.is_terminator_bytes_lean(token) {
                return Err(i);
            }
            tokens += 1;
        }
        Ok(i)
    }

    /// [`Found::token`] for the other tokens.
    #[inline(never)]
    fn split_token(&mut self, token: &[u8], at: usize, dialect: &Dialect) {
        if token[0] == b'$' && token.get(1).is_some_and(u8::is_ascii_digit) {
            // `lexer::token_end` ends a token that starts with `$` and a digit after its digits.
            let value = token[1..].iter().fold(0u32, |n, d| {
                n.saturating_mul(10).saturating_add(u32::from(d - b'0'))
            });
            match u16::try_from(value) {
                Ok(value) if value <= dialect.max_nag() => {
                    self.events
                        .push(Ev::Nag(value, Span::new(at, at + token.len())));
                }
                _ => self.fail(
                    GameErrorKind::NagOutOfRange {
                        max: dialect.max_nag(),
                    },
                    Span::new(at, at + token.len()),
                ),
            }
            return;
        }
        if let Some((len, number, black)) = glued_move(token, dialect) {
            self.events.push(Ev::move_number(
                Some(number),
                black,
                Span::new(at, at + len),
            ));
            self.events
                .push(Ev::Move(Span::new(at + len, at + token.len())));
            return;
        }
        let events = &mut self.events;
        let lenient = &mut self.lenient;
        lexer::split_token_bytes(token, dialect, |piece, r| {
            let span = Span::new(at + r.start, at + r.end);
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

    #[inline]
    fn comment(&mut self, span: Span, kind: CommentKind) {
        self.events.push(Ev::Comment { span, kind });
        self.end = span.end;
    }

    /// A `(` or `)` at `at`.
    fn parenthesis(&mut self, open: bool, at: usize, dialect: &Dialect) {
        let span = Span::new(at, at + 1);
        if open {
            if self.depth >= dialect.max_depth() {
                let limit = dialect.max_depth();
                self.fail(GameErrorKind::TooDeep { limit }, span);
                return;
            }
            self.depth += 1;
            self.events.push(Ev::Start(span));
        } else {
            if self.depth == 0 {
                self.fail(GameErrorKind::UnmatchedParenthesis, span);
                return;
            }
            self.depth -= 1;
            self.events.push(Ev::End(span));
        }
    }
}

/// Whether a token starting with `b` can be nothing but a move, glyphs glued after it aside: it
/// starts no move number (`12.`, `...`, `…`), NAG, glyph or evaluation sign (`±`, `+-`, `=∞`,
/// `Δ`, the signs of U+2000 and up).
const fn starts_move(b: u8) -> bool {
    !(b.is_ascii_digit()
        || matches!(
            b,
            b'.' | b'$' | b'!' | b'?' | b'+' | b'-' | b'=' | 0xC2 | 0xCE | 0xE2
        ))
}

/// A move number with nothing glued to it, `12.`, `12...` or a bare `12`: its number, and whether
/// it is Black's, as [`lexer::split_token_bytes`] reads it.
// Always inlined, digits read once: a move number follows nearly every comment of a file with
// clocks, and as a call with two passes over its digits it cost 68 instructions a number.
#[inline(always)]
fn lone_number(token: &[u8]) -> Option<(u32, bool)> {
    let (digits, len, sum) = number_and_dots(token);
    if digits == 0 || len != token.len() || lexer::is_null_number(token) {
        return None;
    }
    Some((number_value(token, digits, sum), len - digits >= 2))
}

/// The lone move number at the start of `bytes` when a byte that ends a token follows it, as
/// [`lexer::plain_token_end`] and [`lone_number`] read it: its length, its number and whether it
/// is Black's. `None` for any other token (`12.e4`, `1-0`), or when `bytes` ends first.
#[inline(always)]
fn lone_number_at(bytes: &[u8]) -> Option<(usize, u32, bool)> {
    let (digits, len, sum) = number_and_dots(bytes);
    if digits == 0 || !lexer::ends_token(*bytes.get(len)?) || lexer::is_null_number(&bytes[..len]) {
        return None;
    }
    Some((len, number_value(bytes, digits, sum), len - digits >= 2))
}

/// A move glued to its number, `12.e4` or `12...Nf6`, as real databases write most moves
/// (TWIC, ChessBase exports): the length of the number and its dots, the number, and whether
/// it is Black's. `None` for any other token, which [`lexer::split_token_bytes`] reads; where
/// this answers, it answers as that function does (a test holds them together), for about a
/// tenth of its cost: a number, dots, then an ASCII letter, and an ASCII last byte that is no
/// `!` or `?` (so no glyph or sign is glued after the move), the token and its move no result.
// Always inlined into its one caller, [`Found::glued_token`], itself out of line: as a call of
// its own, with its registers saved and its answer passed through the stack, it cost about 30
// instructions a move.
#[inline(always)]
fn glued_move(token: &[u8], dialect: &Dialect) -> Option<(usize, u32, bool)> {
    glued_after_number(token, dialect, number_and_dots(token))
}

/// [`glued_move`] with the token's digits and dots already read ([`number_and_dots`]).
#[inline(always)]
fn glued_after_number(
    token: &[u8],
    dialect: &Dialect,
    (digits, len, sum): (usize, usize, u64),
) -> Option<(usize, u32, bool)> {
    let last = *token.last()?;
    if digits == 0
        || len == digits
        || !token.get(len)?.is_ascii_alphabetic()
        || !last.is_ascii()
        || matches!(last, b'!' | b'?')
        || dialect.is_dot_letter_result_bytes(token)
        || dialect.is_result_bytes(&token[len..])
    {
        return None;
    }
    Some((len, number_value(token, digits, sum), len - digits >= 2))
}

/// The digits then the dots at the start of `bytes`, each read once: how many digits, the
/// length with the dots, and the digits summed in a `u64` with no test of overflow, which 19
/// digits cannot reach (a saturating `u32` multiplied and tested each digit); [`number_value`]
/// gives the number.
#[inline(always)]
fn number_and_dots(bytes: &[u8]) -> (usize, usize, u64) {
    let mut sum = 0u64;
    let mut digits = 0;
    while let Some(&d) = bytes.get(digits)
        && d.is_ascii_digit()
    {
        sum = sum.wrapping_mul(10).wrapping_add(u64::from(d - b'0'));
        digits += 1;
    }
    let mut len = digits;
    while bytes.get(len) == Some(&b'.') {
        len += 1;
    }
    (digits, len, sum)
}

/// The number the `digits` digits at the start of `bytes` write, saturated at `u32::MAX`, from
/// their `sum` as [`number_and_dots`] gives it.
#[inline(always)]
fn number_value(bytes: &[u8], digits: usize, sum: u64) -> u32 {
    if digits <= 19 {
        u32::try_from(sum).unwrap_or(u32::MAX)
    } else {
        long_number(&bytes[..digits])
    }
}

/// The value of a run of more than 19 digits, saturated at `u32::MAX`.
#[cold]
fn long_number(digits: &[u8]) -> u32 {
    digits.iter().fold(0u32, |n, d| {
        n.saturating_mul(10).saturating_add(u32::from(d - b'0'))
    })
}

/// The splitter's state between calls; offsets index the reader's buffer.
#[derive(Debug, Clone)]
pub(crate) struct Scanner {
    pub(crate) mode: Mode,
    /// Open variations, counted without limit (the parser enforces the limit).
    pub(crate) depth: u32,
    /// Where the next construct starts.
    pub(crate) pos: usize,
    /// Where the game in progress starts.
    pub(crate) start: Option<usize>,
    /// The offset just after a byte-order mark that began a line: it counts as a line start.
    after_bom: Option<usize>,
    /// The end of the line last searched for one, so that many tags on one line cost one search.
    tag_line_end: usize,
    /// White space and stops of 64 bytes of movetext, kept for the plain tokens after a comment
    /// or a variation in them.
    block: Option<lexer::Block>,
    /// What the game in progress holds so far.
    pub(crate) found: Found,
    /// Forum markup (`[pgn]`) skipped between games, as offset and length, for the reader to
    /// report.
    pub(crate) markup: Vec<(usize, usize)>,
    /// The buffer is one game, already split from its file ([`parse_game`]): nothing in it
    /// starts another, a result token is a token like any other until the last, and a `[` in
    /// its movetext is a token.
    one_game: bool,
    /// The file glues moves to their numbers (`12.e4`): its blocks read them with the other
    /// tokens ([`Found::block_tokens`]).
    glued: bool,
    /// Variations open in square brackets (`[3... Nf6]`): while any is, tokens are read one by
    /// one, each ended by a `]`, which closes the last.
    brackets: u32,
}

impl Scanner {
    pub(crate) const fn new() -> Scanner {
        Scanner {
            mode: Mode::Between,
            depth: 0,
            pos: 0,
            start: None,
            after_bom: None,
            tag_line_end: 0,
            block: None,
            found: Found::new(),
            markup: Vec::new(),
            one_game: false,
            glued: false,
            brackets: 0,
        }
    }

    /// The next game starts at `at`, in its tag section.
    pub(crate) fn start_game_at(&mut self, at: usize) {
        // A line end found from a position at or before `at` and past it is still the end of
        // the line holding `at`: many games of tags alone on one line cost one search.
        if at < self.pos {
            self.tag_line_end = 0;
        }
        self.mode = Mode::Tags;
        self.depth = 0;
        self.brackets = 0;
        self.pos = at;
        self.start = Some(at);
        self.after_bom = None;
        self.found.clear();
    }

    /// The game in progress ended at `at`.
    pub(crate) fn end_game_at(&mut self, at: usize) {
        self.mode = Mode::Between;
        self.depth = 0;
        self.brackets = 0;
        self.pos = at;
        self.start = None;
        self.after_bom = None;
        self.tag_line_end = 0;
        self.found.clear();
    }

    /// What the game in progress holds so far.
    pub(crate) fn found_mut(&mut self) -> &mut Found {
        &mut self.found
    }

    /// Takes what the game that just ended holds; [`Scanner::give_back`] returns the memory.
    pub(crate) fn take_found(&mut self) -> Found {
        std::mem::take(&mut self.found)
    }

    /// Returns the memory of a [`Found`] taken before, once the scanner is between games or at
    /// the start of the next one.
    pub(crate) fn give_back(&mut self, mut found: Found) {
        found.clear();
        self.found = found;
    }

    /// The reader dropped `buf[..n]`, none of it past `pos` or `start`.
    pub(crate) fn shift(&mut self, n: usize) {
        self.block = None;
        self.tag_line_end = self.tag_line_end.saturating_sub(n);
        self.pos -= n.min(self.pos);
        self.start = self.start.map(|s| s - n.min(s));
        self.after_bom = self.after_bom.and_then(|b| b.checked_sub(n));
        for (at, _) in &mut self.markup {
            *at = at.saturating_sub(n);
        }
    }

    /// `buf[i]` relative to the start of the game in progress.
    fn rel(&self, i: usize) -> usize {
        i - self.start.unwrap_or(0)
    }

    /// Scans `buf` from `self.pos`. `line_start` tells whether `buf[0]` begins a line; `eof`
    /// that nothing follows `buf`.
    pub(crate) fn scan(
        &mut self,
        buf: &[u8],
        line_start: bool,
        eof: bool,
        dialect: &Dialect,
    ) -> Scan {
        let need_more = || if eof { Scan::Eof } else { Scan::NeedMore };
        loop {
            if self.mode == Mode::Movetext
                && !self.found.defer
                && self.brackets == 0
                && let Some(scan) = self.plain_tokens(buf, dialect)
            {
                return scan;
            }
            let mut i = self.pos;
            while i < buf.len() && lexer::is_space(buf[i]) {
                i += 1;
            }
            self.pos = i;
            let Some(&b) = buf.get(i) else {
                return need_more();
            };
            let at_line_start = || {
                self.after_bom == Some(i)
                    || if i == 0 {
                        line_start
                    } else {
                        buf[i - 1] == b'\n'
                    }
            };
            if b == b'%' && at_line_start() {
                match to_line_end(buf, i, eof) {
                    Some(end) => self.pos = end,
                    None => return Scan::NeedMore,
                }
                continue;
            }
            if b == b'[' {
                match lexer::markup_len(&buf[i..], eof) {
                    None => return Scan::NeedMore,
                    Some(0) => {}
                    Some(len) => {
                        self.pos = i + len;
                        if self.mode == Mode::Between {
                            self.markup.push((i, len));
                        } else if !self.found.defer {
                            let at = self.rel(i);
                            let span = Span::new(at, at + len);
                            let warning = markup_warning(&buf[i..i + len], span);
                            self.found.warnings.push(warning);
                        }
                        continue;
                    }
                }
            }
            if self.mode == Mode::Between {
                if b == BOM[0] {
                    if buf.len() - i < BOM.len() && !eof {
                        return Scan::NeedMore;
                    }
                    if buf[i..].starts_with(BOM) {
                        let at_line_start = at_line_start();
                        self.pos += BOM.len();
                        self.after_bom = at_line_start.then_some(self.pos);
                        continue;
                    }
                }
                self.start = Some(i);
                self.mode = Mode::Tags;
                self.found.clear();
            }
            match b {
                b'[' if self.mode == Mode::Tags => {
                    if self.tag_line_end <= i {
                        let Some(end) = to_line_end(buf, i, eof) else {
                            return Scan::NeedMore;
                        };
                        self.tag_line_end = end;
                    }
                    let mut scan = lexer::scan_tag(&buf[i..self.tag_line_end]);
                    if scan.repair == Some(lexer::TagRepair::Unterminated) {
                        match lexer::continue_tag(&scan, &buf[self.tag_line_end..], eof) {
                            lexer::Continuation::Joined(joined) => {
                                scan = joined;
                                self.tag_line_end =
                                    lexer::line_end(buf, i + scan.end).unwrap_or(buf.len());
                            }
                            lexer::Continuation::NeedMore => return Scan::NeedMore,
                            lexer::Continuation::Ends => {}
                        }
                    }
                    // A tag section of a game with no movetext is followed by the next one's:
                    // the name of the game's first tag given again after a `Result` tag starts
                    // the next game. Before it, with no blank line before it, the tag is the
                    // same game's, given twice (a second `Event` in the PDN standard's own
                    // example): splitting there left the players in a game without moves and
                    // the moves in one without players.
                    // Or after a blank line: stacked tag sections of games not played yet (a
                    // broadcast's pairings) hold no Result tag. Out of line: few sections name
                    // their first tag twice, and the test's values waited on the stack in the
                    // scanner's loop (0.4% of the read path).
                    let repeated = self.repeats_first_tag(buf, i, &scan);
                    if repeated && !self.one_game && self.starts_next_game(buf, i) {
                        return Scan::NextGame(i);
                    }
                    // Any other tag of the game given again after a blank line starts the next
                    // game: a broadcast's sections of tags alone, only the first with an
                    // `Event` (lichess), were one game with every tag written twice.
                    // The byte before the line's end before the tag is asked first: a line end
                    // there, or a `\r`, is a blank line or white space after the last tag.
                    if !repeated
                        && buf
                            .get(i.wrapping_sub(2))
                            .is_some_and(|&b| b == b'\n' || b == b'\r')
                        && !self.one_game
                        && self.repeats_after_blank_line(buf, i, &scan)
                    {
                        return Scan::NextGame(i);
                    }
                    // Text after the tag pair on its line, before the next line's tags of the
                    // same game: skipped and reported, and the tag section goes on. Read as
                    // movetext, it made a game of every tag line (an exporter that writes a
                    // literal `\r` after each).
                    // Nearly every tag line ends at its `]`, or a `\r` after it.
                    let tail = match buf.get(i + scan.end..self.tag_line_end) {
                        Some(rest) if rest.iter().any(|&b| !lexer::is_space(b)) => {
                            match self.tag_tail(buf, i, &scan, eof) {
                                Some(tail) => tail,
                                None => return Scan::NeedMore,
                            }
                        }
                        _ => None,
                    };
                    self.pos = i + scan.end;
                    if !self.found.defer {
                        let at = self.rel(i);
                        // Said here, once: the tag is scanned again when its line's tail
                        // needs more input.
                        if repeated && !self.starts_next_game(buf, i) {
                            self.repeated_tag(buf, i, &scan, at);
                        }
                        self.found.tag(&scan, at);
                    }
                    if !self.found.result_tag {
                        self.found.result_tag = buf[i + scan.name.start..i + scan.name.end]
                            .eq_ignore_ascii_case(b"Result");
                    }
                    if let Some(tail) = tail {
                        self.pos = self.tag_line_end;
                        if !self.found.defer {
                            let span = Span::new(self.rel(tail.start), self.rel(tail.end));
                            let found = &mut self.found;
                            note_tag_tail(
                                &mut found.warnings,
                                &mut found.tag_tails,
                                &buf[tail],
                                span,
                            );
                        }
                    }
                }
                b'[' if self.mode == Mode::Movetext
                    && match lexer::opens_bracket_variation(&buf[i..], at_line_start(), eof) {
                        None => return Scan::NeedMore,
                        Some(opens) => opens,
                    } =>
                {
                    self.bracket(buf, i, true, dialect);
                }
                b']' if self.brackets > 0 => self.bracket(buf, i, false, dialect),
                b'[' => match lexer::opens_tag(&buf[i..], eof) {
                    None => return Scan::NeedMore,
                    Some(true) if !self.one_game => return Scan::NextGame(i),
                    Some(true) => {
                        if let Some(scan) = self.token(buf, i, eof, dialect) {
                            return scan;
                        }
                    }
                    Some(false) => {
                        if let Some(scan) = self.token(buf, i, eof, dialect) {
                            return scan;
                        }
                    }
                },
                b'{' => {
                    self.mode = Mode::Movetext;
                    match comment_end(buf, i, eof, !self.one_game) {
                        CommentEnd::Closed(end) => {
                            self.pos = end;
                            if !self.found.defer {
                                let at = self.rel(i);
                                let end = self.rel(end);
                                self.found.comment(Span::new(at, end), CommentKind::Brace);
                            }
                        }
                        CommentEnd::Unclosed(end) => {
                            self.pos = end;
                            let span = Span::new(self.rel(i), self.rel(end));
                            self.found.fail(GameErrorKind::UnterminatedComment, span);
                        }
                        CommentEnd::TagLine(at) => {
                            // The game ends before the tag line; read on its own, its comment
                            // runs to its end.
                            self.found.defer = true;
                            return Scan::NextGame(at);
                        }
                        CommentEnd::NeedMore => return Scan::NeedMore,
                    }
                }
                b';' => {
                    self.mode = Mode::Movetext;
                    match to_line_end(buf, i, eof) {
                        Some(end) => {
                            self.pos = end;
                            if !self.found.defer {
                                // The line's `\r` is not part of the text.
                                let end = if end > i + 1 && buf[end - 1] == b'\r' {
                                    end - 1
                                } else {
                                    end
                                };
                                let text = &buf[i + 1..end];
                                let at = self.rel(i);
                                let end = self.rel(end);
                                self.found.comment(Span::new(at, end), CommentKind::Line);
                                if let Some(warning) =
                                    line_comment_of_moves(text, Span::new(at, end))
                                {
                                    self.found.warnings.push(warning);
                                }
                            }
                        }
                        None => return Scan::NeedMore,
                    }
                }
                b'(' | b')' | b'}' => {
                    self.mode = Mode::Movetext;
                    match b {
                        b'(' => self.depth = self.depth.saturating_add(1),
                        b')' => self.depth = self.depth.saturating_sub(1),
                        _ => {}
                    }
                    self.pos += 1;
                    if b == b'}' {
                        let at = self.rel(i);
                        self.found
                            .fail(GameErrorKind::UnmatchedBrace, Span::new(at, at + 1));
                    } else if !self.found.defer {
                        let at = self.rel(i);
                        self.found.parenthesis(b == b'(', at, dialect);
                    }
                }
                _ => {
                    if let Some(scan) = self.token(buf, i, eof, dialect) {
                        return scan;
                    }
                }
            }
        }
    }

    /// Steps over white space and plain tokens (see [`lexer::plain_token_end`]) in movetext, the
    /// bulk of a file, in a loop of its own; stops before anything else, for [`Scanner::scan`].
    // Out of line: inlined, its blocks' code moved with every change to the rest of the scan
    // (0.2 M to 0.5 M either way on the random games).
    #[inline(never)]
    fn plain_tokens(&mut self, buf: &[u8], dialect: &Dialect) -> Option<Scan> {
        let start = self.start.unwrap_or(0);
        let mut i = self.pos;
        loop {
            // 64 bytes at a time, tokens are runs of bytes between white space: no branch on
            // each byte, and none on the length of each token, which no predictor guesses.
            let kept = self.block.and_then(|b| b.from(i)).is_some();
            if !kept {
                // The block after the last one when it covers `i`: blocks laid end to end see
                // each byte once, where one started at each comment's end saw many twice.
                // One call site, so one copy of the inlined classification: where the block
                // after the last does not fit in the buffer, neither does one at `i`, past it.
                let at = self.block.and_then(|b| b.after(i)).unwrap_or(i);
                self.block = lexer::block_at(buf, at);
            }
            if let Some((spaces, stops, left, skip)) = self.block.and_then(|b| b.from(i)) {
                // Bits below the first stop, or the end of the block.
                let past = 1u64.checked_shl(left).unwrap_or(0);
                let open = ((stops | past) & (stops | past).wrapping_neg()).wrapping_sub(1);
                let words = !spaces;
                let starts = words & !(words << 1) & open;
                // Last bytes of tokens followed by white space before the first stop.
                let ends = words & !(words >> 1) & (open >> 1);
                let mut next = i + open.count_ones() as usize;
                let ends_game = self.depth == 0 && !self.one_game;
                // The block's bytes from its start, and its bits from there.
                let at = i - skip as usize;
                let bytes = buf
                    .get(at..)
                    .and_then(<[u8]>::first_chunk::<64>)
                    .expect("a block covers 64 bytes of the buffer");
                let (mut starts, mut ends) = (starts << skip, ends << skip);
                let terminators = ends_game.then_some(dialect);
                loop {
                    let base = at.wrapping_sub(start);
                    let found = if self.glued && ends_game {
                        self.found
                            .block_tokens::<true>(bytes, base, starts, ends, terminators)
                    } else {
                        self.found
                            .block_tokens::<false>(bytes, base, starts, ends, terminators)
                    };
                    match found {
                        BlockTokens::Read => break,
                        BlockTokens::Open(first) => {
                            // The token runs on into a stop, or past the block: then the next
                            // block starts with it.
                            next = at + first;
                            if stops >> (next - i) == 0 {
                                self.block = None;
                            }
                            break;
                        }
                        BlockTokens::Other(packed) => {
                            let (first, end) = (packed & 0xFF, packed >> 8);
                            let token = &bytes[first..end];
                            let span = Span::new(at + first - start, at + end - start);
                            // A move glued to its number (`12.e4`, half the tokens of a file
                            // written so) before the general reading of a token.
                            if ends_game && self.found.glued_token(token, span, dialect) {
                                // A file that glues one move glues them all: its blocks
                                // read them from now on.
                                self.glued = true;
                            } else {
                                self.found.token(token, span.start, dialect);
                                if ends_game && dialect.is_terminator_bytes(token) {
                                    self.pos = at + end;
                                    return Some(Scan::Terminated(at + end));
                                }
                            }
                            // The tokens after it.
                            starts &= (u64::MAX << first) << 1;
                            ends &= (u64::MAX << (end - 1)) << 1;
                        }
                    }
                }
                if next > i {
                    // Tokens ran up to a `{` inside the block (a clock after every move): the
                    // comment is read at once, not on the next turn of the loop, which would
                    // find the block again and this `{` at its first stop (about 70
                    // instructions a comment).
                    if next - i < left as usize
                        && buf[next] == b'{'
                        && let BlockComment::Read(end) = self.block_comment(buf, next)
                    {
                        match self.after_comment(buf, end, dialect) {
                            Ok(at) => i = at,
                            Err(scan) => return Some(scan),
                        }
                        self.pos = i;
                        continue;
                    }
                    i = next;
                    self.pos = i;
                    continue;
                }
                if stops & 1 != 0 && buf[i] == b'{' {
                    match self.block_comment(buf, i) {
                        BlockComment::Read(end) => {
                            match self.after_comment(buf, end, dialect) {
                                Ok(at) => i = at,
                                Err(scan) => return Some(scan),
                            }
                            self.pos = i;
                            continue;
                        }
                        BlockComment::Scan => {}
                    }
                }
                if kept && self.block.is_none() {
                    // The kept block ended inside a token: a new one starts with it.
                    continue;
                }
            }
            // A token at the block's first byte that runs past it, or the end of the buffer.
            while i < buf.len() && lexer::is_space(buf[i]) {
                i += 1;
            }
            self.pos = i;
            let &b = buf.get(i)?;
            if matches!(b, b'%' | b'[' | b'{' | b';' | b'(' | b')' | b'}') {
                return None;
            }
            let len = lexer::plain_token_end(&buf[i..])?;
            let token = &buf[i..i + len];
            // A plain token holds no NAG, so it leaves `defer` as it is.
            self.found.token(token, i - start, dialect);
            i += len;
            self.pos = i;
            if self.depth == 0 && dialect.is_terminator_bytes(token) && !self.one_game {
                return Some(Scan::Terminated(i));
            }
        }
    }

    /// The brace comment opened at `buf[i]`, found by a search for its `}` sixteen bytes at a time
    /// ([`lexer::brace_or_line_end`]) when no line end comes first: a clock after every move
    /// (`{ [%clk 0:02:57] }`) made the walk back through [`Scanner::scan`] and [`comment_end`]
    /// cost about 150 instructions a comment, classifying its bytes in blocks about 6 a byte,
    /// and going through the block's stops and white space for the `}` and a line end about
    /// 40. Any comment holding a line end (where a tag line may start the next game), or with
    /// no `}` in the buffer, goes to [`Scanner::scan`].
    #[inline(always)]
    fn block_comment(&mut self, buf: &[u8], i: usize) -> BlockComment {
        let lines = !self.one_game;
        let mut from = i + 1;
        loop {
            match lexer::brace_or_line_end(buf, from) {
                Some(at) if buf[at] == b'}' => {
                    // The walk goes on in the block when it covers the comment's end; else the
                    // next block starts there, none of the comment's bytes classified.
                    if self.block.and_then(|b| b.from(at + 1)).is_none() {
                        self.block = None;
                    }
                    return BlockComment::Read(self.block_comment_read(i, at + 1));
                }
                Some(at) if !lines => from = at + 1,
                _ => return BlockComment::Scan,
            }
        }
    }

    /// The few plain tokens after a brace comment, up to the next one, read a byte at a time as
    /// the end of [`Scanner::plain_tokens`] reads them when no block is at hand: on a file with
    /// a clock after every move (`{ [%clk 0:02:57] } 12... Qxe4 { [%clk 0:02:51] }`) a block
    /// of two words cost about 150 instructions a move to find two short tokens. Gives where
    /// the blocks go on (at most [`AFTER_COMMENT`] tokens later, or at anything but a plain
    /// token or a brace comment), or the end of a game its result ended.
    #[inline(always)]
    fn after_comment(&mut self, buf: &[u8], i: usize, dialect: &Dialect) -> Result<usize, Scan> {
        let start = self.start.unwrap_or(0);
        let walk = Walk {
            lines: !self.one_game,
            ends_game: self.depth == 0 && !self.one_game,
        };
        let read = self.found.after_comment(buf, i, start, walk, dialect);
        // As for each comment in `block_comment`, for the last one read: comments' ends only
        // grow, so the block covers the last one's end when it covered the others'.
        if self
            .block
            .and_then(|b| b.from(start + self.found.end))
            .is_none()
        {
            self.block = None;
        }
        read.map_err(|end| {
            self.pos = end;
            Scan::Terminated(end)
        })
    }

    /// Records the comment `buf[i..end]` found by [`Scanner::block_comment`]; gives `end`.
    #[inline(always)]
    fn block_comment_read(&mut self, i: usize, end: usize) -> usize {
        let start = self.start.unwrap_or(0);
        self.found
            .comment(Span::new(i - start, end - start), CommentKind::Brace);
        end
    }

    /// Whether the tag at `i` has the name of the game's first tag. Lengths, then first bytes,
    /// then the rest: every tag of every game is asked, and nearly every name differs from the
    /// first in one of the first two.
    #[inline(always)]
    fn repeats_first_tag(&self, buf: &[u8], i: usize, scan: &lexer::TagScan) -> bool {
        let Some(first) = self.found.tags.first() else {
            return false;
        };
        let len = scan.name.end - scan.name.start;
        if len == 0 || first.name.end - first.name.start != len {
            return false;
        }
        let start = self.start.unwrap_or(0);
        let (at, then) = (i + scan.name.start, start + first.name.start);
        buf.get(at) == buf.get(then) && buf.get(at..at + len) == buf.get(then..then + len)
    }

    /// Whether the game's first tag given again at `i` starts the next game: after a `Result`
    /// tag, or after a blank line.
    #[cold]
    #[inline(never)]
    fn starts_next_game(&self, buf: &[u8], i: usize) -> bool {
        let start = self.start.unwrap_or(0);
        self.found.result_tag
            || self.found.tags.last().is_some_and(|last| {
                blank_line_between(buf.get(start + last.span.end..i).unwrap_or(&[]))
            })
    }

    /// Whether the tag at `i` has the name of one of the game's tags, with a blank line between
    /// the last of them and it.
    #[cold]
    #[inline(never)]
    fn repeats_after_blank_line(&self, buf: &[u8], i: usize, scan: &lexer::TagScan) -> bool {
        let start = self.start.unwrap_or(0);
        let Some(last) = self.found.tags.last() else {
            return false;
        };
        if !blank_line_between(buf.get(start + last.span.end..i).unwrap_or(&[])) {
            return false;
        }
        let name = &buf[i + scan.name.start..i + scan.name.end];
        !name.is_empty()
            && self
                .found
                .tags
                .iter()
                .any(|tag| buf.get(start + tag.name.start..start + tag.name.end) == Some(name))
    }

    /// Says the game's first tag given again at `i` (`at` in the game), kept in the game.
    #[cold]
    #[inline(never)]
    fn repeated_tag(&mut self, buf: &[u8], i: usize, scan: &lexer::TagScan, at: usize) {
        let name = &buf[i + scan.name.start..i + scan.name.end];
        let span = Span::new(at, at + scan.end);
        self.found.warnings.push(repeated_first_tag(name, span));
    }

    /// [`tag_tail`] after the tag at `i`, against the game's first tag's name (this one's when it
    /// is the first). Out of line: few tag lines hold anything after their `]`.
    #[cold]
    #[inline(never)]
    fn tag_tail(
        &self,
        buf: &[u8],
        i: usize,
        scan: &lexer::TagScan,
        eof: bool,
    ) -> Option<Option<std::ops::Range<usize>>> {
        let first = match self.found.tags.first() {
            Some(first) => {
                let start = self.start.unwrap_or(0);
                &buf[start + first.name.start..start + first.name.end]
            }
            None => &buf[i + scan.name.start..i + scan.name.end],
        };
        tag_tail(buf, i + scan.end, self.tag_line_end, first, eof)
    }

    /// Steps over the token at `i`; a terminating result outside variations ends the game.
    #[inline]
    fn token(&mut self, buf: &[u8], i: usize, eof: bool, dialect: &Dialect) -> Option<Scan> {
        let Some(mut len) = lexer::token_end(&buf[i..], eof) else {
            return Some(Scan::NeedMore);
        };
        if self.brackets > 0
            && let Some(k) = buf[i..i + len].iter().position(|&b| b == b']')
        {
            // `Nxe4]`: the `]` closes a variation opened with `[`; the token is its first
            // byte at least, as a `]` first is read before any token.
            len = k.max(1);
        }
        self.mode = Mode::Movetext;
        self.pos = i + len;
        let token = &buf[i..i + len];
        if !self.found.defer {
            let at = self.rel(i);
            self.found.token(token, at, dialect);
        }
        (self.depth == 0 && dialect.is_terminator_bytes(token) && !self.one_game)
            .then_some(Scan::Terminated(i + len))
    }
}

impl Scanner {
    /// A variation opened (`open`) with the `[` at `buf[i]`, or closed with a `]` there: read
    /// as a `(` or a `)`, the opening said once for each.
    #[cold]
    #[inline(never)]
    fn bracket(&mut self, buf: &[u8], i: usize, open: bool, dialect: &Dialect) {
        debug_assert_eq!(buf[i], if open { b'[' } else { b']' });
        self.pos = i + 1;
        if open {
            self.brackets += 1;
            self.depth = self.depth.saturating_add(1);
        } else {
            self.brackets -= 1;
            self.depth = self.depth.saturating_sub(1);
        }
        if self.found.defer {
            return;
        }
        let at = self.rel(i);
        if open {
            self.found
                .warnings
                .push(bracket_warning(Span::new(at, at + 1)));
        }
        self.found.parenthesis(open, at, dialect);
    }
}

/// The length of a clock comment, `{ [%clk 0:02:57] }` ([`lexer::is_clock_comment`]).
const CLOCK_COMMENT: usize = 18;

/// How many plain tokens after a comment [`Scanner::after_comment`] reads before the blocks
/// take over again: a move number and a move, and a result.
const AFTER_COMMENT: usize = 3;

/// How [`Found::after_comment`] reads: `lines` when a line end in a comment may be followed by
/// the next game's tags (a file's games), `ends_game` when a terminating result ends the game
/// (outside variations, in a file).
#[derive(Debug, Clone, Copy)]
struct Walk {
    lines: bool,
    ends_game: bool,
}

/// Where [`Found::block_tokens`] stopped; offsets from the block's first byte.
enum BlockTokens {
    /// Every token of the block was read.
    Read,
    /// The token starting here does not end in the block.
    Open(usize),
    /// The token `first..end`, as `first | end << 8`, is left to the caller: neither a move nor
    /// a lone move number, or a terminating result.
    Other(usize),
}

/// What [`Scanner::block_comment`] made of a comment.
enum BlockComment {
    /// Read: the walk goes on from this offset, one past its `}`.
    Read(usize),
    /// Left to [`Scanner::scan`].
    Scan,
}

/// Reads one game's `text`, already split from its file, with the walk that splits files:
/// for the games the one pass cannot take as found. `at_line_start` tells whether `text`
/// begins a line of its file (a `%` there is an escape line).
pub(crate) fn parse_game(
    text: &str,
    dialect: &Dialect,
    at_line_start: bool,
) -> Result<Parsed, Box<Failure>> {
    let bytes = text.as_bytes();
    let mut scanner = Scanner::new();
    scanner.one_game = true;
    scanner.start_game_at(0);
    // With the whole game there and `one_game` set, the walk runs to the end in one call.
    let scan = scanner.scan(bytes, at_line_start, true, dialect);
    debug_assert_eq!(scan, Scan::Eof, "one game's text is walked to its end");
    let mut found = scanner.take_found();
    if let Some((kind, span)) = found.error {
        return Err(Box::new(Failure {
            kind,
            span,
            tags: found.tags,
            warnings: found.warnings,
        }));
    }
    if let Some(open) = innermost_open(&found.events) {
        return Err(Box::new(Failure {
            kind: GameErrorKind::UnclosedVariation,
            span: open,
            tags: found.tags,
            warnings: found.warnings,
        }));
    }
    let result = take_result(text, &mut found, dialect);
    Ok(Parsed {
        tags: found.tags,
        events: found.events,
        result,
        warnings: found.warnings,
        lenient: found.lenient,
    })
}

/// The `(` of the innermost variation left open, found from the end: kept out of the walk,
/// which would pay for it on every variation of every game.
fn innermost_open(events: &[Ev]) -> Option<Span> {
    let mut closed = 0usize;
    for event in events.iter().rev() {
        match *event {
            Ev::End(_) => closed += 1,
            Ev::Start(span) if closed == 0 => return Some(span),
            Ev::Start(_) => closed -= 1,
            _ => {}
        }
    }
    None
}

/// Where a game with no result runs on into the next one: at a `1.` that starts the main line
/// again after a blank line, once the game has a move (games without results one after the
/// other, as hand-typed files and test collections have them; python-chess ends a game at any
/// blank line, chessops at the next game's start). `None` for a game that holds an error or
/// leaves a variation open. Otherwise the events and warnings from the `1.` on are dropped,
/// and the offset of the `1.` in `text`, the game's bytes, is returned: the next game starts
/// there. Asked only of a game the scanner found to end with no result (at a tag section or
/// the end of the input), off the path of nearly every game: a search of every game's
/// movetext for a blank line cost the read path 1% to 2% (measured).
pub(crate) fn cut_at_restart(found: &mut Found, text: &[u8]) -> Option<usize> {
    if found.defer || found.error.is_some() || found.depth != 0 {
        return None;
    }
    let (mut depth, mut moved, mut last_end) = (0usize, false, 0);
    let mut cut = None;
    for (k, event) in found.events.iter().enumerate() {
        let span = match *event {
            Ev::Start(span) => {
                depth += 1;
                span
            }
            Ev::End(span) => {
                depth = depth.saturating_sub(1);
                span
            }
            Ev::Move(span) => {
                moved |= depth == 0;
                span
            }
            Ev::MoveNumber {
                number: 1,
                written: true,
                black: false,
                span,
            } if depth == 0 && moved && holds_blank_line(text.get(last_end..span.start)?) => {
                cut = Some((k, span.start));
                break;
            }
            Ev::MoveNumber { span, .. } | Ev::Nag(_, span) | Ev::Comment { span, .. } => span,
        };
        last_end = span.end;
    }
    let (k, at) = cut?;
    found.events.truncate(k);
    found.warnings.retain(|w| w.span.start < at);
    if found.end > at {
        found.end = last_end;
    }
    Some(at)
}

/// Whether `text` holds a blank line: a line end followed by white space alone (spaces, tabs,
/// `\r`) up to the next.
fn holds_blank_line(text: &[u8]) -> bool {
    memchr::memchr_iter(b'\n', text).any(|end| {
        let rest = &text[end + 1..];
        let spaces = rest
            .iter()
            .take_while(|&&b| matches!(b, b' ' | b'\t' | b'\r'))
            .count();
        rest.get(spaces) == Some(&b'\n')
    })
}

/// The game's result: its last token when that is one, taken off its events; else a warning
/// that it has none.
pub(crate) fn take_result(text: &str, found: &mut Found, dialect: &Dialect) -> Option<Span> {
    if let Some(&Ev::Move(s)) = found.events.last()
        && dialect.is_result(&text[s.range()])
    {
        found.events.pop();
        return Some(s);
    }
    found.warnings.push(Diagnostic::warning(
        Code::RecordNoResult,
        "game has no result; it ends at the next tag section, a `1.` after a blank line, \
         or the end of the input",
        Span::new(text.len(), text.len()),
    ));
    None
}

/// The warning for forum markup (`written`) skipped inside a game.
pub(crate) fn markup_warning(written: &[u8], span: Span) -> Diagnostic {
    Diagnostic::warning(
        Code::RecordForumMarkup,
        format!(
            "forum markup `{}` skipped",
            String::from_utf8_lossy(written)
        ),
        span,
    )
}

/// The warning for a variation opened with a `[` at `span` (`a6 [3... Nf6]`).
pub(crate) fn bracket_warning(span: Span) -> Diagnostic {
    Diagnostic::warning(
        Code::RecordBracketVariation,
        "a variation in square brackets, read as one in parentheses",
        span,
    )
}

/// Whether the bytes between two tags hold a blank line.
pub(crate) fn blank_line_between(between: &[u8]) -> bool {
    between.iter().filter(|&&b| b == b'\n').nth(1).is_some()
}

/// The warning for a `;` comment (`text` after the `;`, at `span`) that starts with a move
/// number and a move (`; 2. 28x17, 11x22;`, as a newspaper's columns separate pairs): `;`
/// comments out the rest of its line, and moves there are not read. `None` for any other.
#[cold]
#[inline(never)]
pub(crate) fn line_comment_of_moves(text: &[u8], span: Span) -> Option<Diagnostic> {
    let rest = text.trim_ascii_start();
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    let after = rest.get(digits..)?;
    let dots = after.iter().take_while(|&&b| b == b'.').count();
    let mv = after[dots..].trim_ascii_start();
    if !(1..=3).contains(&digits) || dots == 0 || !mv.first()?.is_ascii_alphanumeric() {
        return None;
    }
    let shown: String = String::from_utf8_lossy(rest)
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ");
    Some(Diagnostic::warning(
        Code::RecordLineCommentMoves,
        format!(
            "`; {shown} ...`: a `;` comments out the rest of its line, and this comment starts \
             with moves, which are not read; write the moves without the `;`"
        ),
        span,
    ))
}

/// The warning for the game's first tag given again before its `Result` tag, which stays in the
/// game: both are kept, in the order written.
#[cold]
pub(crate) fn repeated_first_tag(name: &[u8], span: Span) -> Diagnostic {
    let name = String::from_utf8_lossy(name);
    Diagnostic::warning(
        Code::TagDuplicate,
        format!(
            "tag {name} given again before the game's Result tag: read as the same game's, \
             both kept (the first is the one a reader takes)"
        ),
        span,
    )
}

/// The text after a tag pair that ends at `after`, on a line ending at `line_end`, when it is to be
/// skipped: it is no white space and holds no `[` (another tag on the line), and the next line
/// holds a tag of the same game (one not named `first`, the game's first tag, which would start
/// the next game). `None` when the next line is not in `buf` yet.
pub(crate) fn tag_tail(
    buf: &[u8],
    after: usize,
    line_end: usize,
    first: &[u8],
    eof: bool,
) -> Option<Option<std::ops::Range<usize>>> {
    let rest = buf.get(after..line_end).unwrap_or_default();
    let Some(start) = rest.iter().position(|&b| !lexer::is_space(b)) else {
        return Some(None);
    };
    if rest.contains(&b'[') {
        return Some(None);
    }
    let end = rest
        .iter()
        .rposition(|&b| !lexer::is_space(b))
        .map_or(start, |k| k + 1);
    let Some(next) = buf.get(line_end + 1..) else {
        return eof.then_some(None);
    };
    if !lexer::is_tag_line(next, eof)? {
        return Some(None);
    }
    let name = next[1..]
        .iter()
        .take_while(|&&b| lexer::is_name_byte(b))
        .count();
    let same_game = next[1..1 + name] != *first;
    Some(same_game.then_some(after + start..after + end))
}

/// Records `text`, skipped after a tag pair at `span` ([`tag_tail`]), in the game's one warning
/// about such texts, which says how many there were and quotes each kind once.
pub(crate) fn note_tag_tail(
    warnings: &mut Vec<Diagnostic>,
    tails: &mut Vec<String>,
    text: &[u8],
    span: Span,
) {
    tails.push(crate::visible(&String::from_utf8_lossy(text)));
    let mut kinds: Vec<(&str, usize)> = Vec::new();
    for tail in tails.iter() {
        match kinds.iter_mut().find(|(kind, _)| *kind == tail.as_str()) {
            Some((_, count)) => *count += 1,
            None => kinds.push((tail, 1)),
        }
    }
    let listed = kinds
        .iter()
        .map(|(kind, count)| match count {
            1 => format!("`{kind}`"),
            n => format!("`{kind}` ({n} times)"),
        })
        .collect::<Vec<_>>()
        .join(", ");
    let message = match tails.len() {
        1 => {
            format!("{listed} after the tag pair on its line skipped: more tags of the game follow")
        }
        n => format!(
            "text after {n} tag pairs on their lines skipped, more tags of the game following each: {listed}"
        ),
    };
    match warnings
        .iter_mut()
        .find(|w| w.code == Code::TagTrailingText)
    {
        Some(warning) => warning.message = message,
        None => warnings.push(Diagnostic::warning(Code::TagTrailingText, message, span)),
    }
}

/// The index of the `\n` ending the line at `from`, or the buffer's end when the input is over.
fn to_line_end(buf: &[u8], from: usize, eof: bool) -> Option<usize> {
    lexer::line_end(buf, from).or(eof.then_some(buf.len()))
}

enum CommentEnd {
    /// One past the `}`.
    Closed(usize),
    /// The input ended before a `}`: the end of the buffer.
    Unclosed(usize),
    /// The comment was never closed: a line inside it is a tag pair, where the next game starts.
    TagLine(usize),
    NeedMore,
}

/// Where the comment opened at `open` ends; a tag line inside it ends the game when
/// `tag_lines` (a file's games), not when the buffer is one game.
fn comment_end(buf: &[u8], open: usize, eof: bool, tag_lines: bool) -> CommentEnd {
    if !tag_lines {
        return match memchr::memchr(b'}', &buf[open + 1..]) {
            Some(k) => CommentEnd::Closed(open + 1 + k + 1),
            None if eof => CommentEnd::Unclosed(buf.len()),
            None => CommentEnd::NeedMore,
        };
    }
    let mut from = open + 1;
    loop {
        let Some(k) = memchr::memchr2(b'}', b'\n', &buf[from..]) else {
            return if eof {
                CommentEnd::Unclosed(buf.len())
            } else {
                CommentEnd::NeedMore
            };
        };
        let at = from + k;
        if buf[at] == b'}' {
            return CommentEnd::Closed(at + 1);
        }
        match lexer::is_tag_line(&buf[at + 1..], eof) {
            None => return CommentEnd::NeedMore,
            Some(true) => return CommentEnd::TagLine(at + 1),
            Some(false) => from = at + 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where the glued-move path answers, `lexer::split_token_bytes` reads the token the same:
    /// a number and its dots, then the move. Tokens built at random from the pieces real files
    /// glue together (results, glyphs, signs, ellipses, parentheses among them).
    #[test]
    fn glued_moves_split_as_the_lexer_splits_them() {
        const PIECES: &[&str] = &[
            "1",
            "12",
            "0",
            "99999999999999999999",
            ".",
            "...",
            "…",
            "e4",
            "Nf3",
            "exd5",
            "O-O",
            "O-O-O",
            "e8=Q",
            "+",
            "#",
            "!",
            "?",
            "!?",
            "‼",
            "±",
            "+-",
            "-",
            "1-0",
            "0-1",
            "1/2-1/2",
            "½-½",
            "*",
            "(",
            "[",
            "a",
            "Z",
            "é",
            "5",
            "=",
            "/",
        ];
        let mut rng = testkit::Rng::new(0x9_1ced);
        let mut answered = 0;
        // A dialect whose results look like glued moves, which the path must not take as such.
        let glued_results = Dialect::new(&["1-0", "1.e4", "0.Z"], &["12...Nf3"]);
        for dialect in [Dialect::pgn(), Dialect::pdn(), glued_results.clone()] {
            for _ in 0..40_000 {
                // Half of them a number and dots first, the shape the path looks for.
                let mut token = String::new();
                if rng.below(2) == 0 {
                    token.push_str(PIECES[rng.below(4)]);
                    token.push_str(PIECES[4 + rng.below(3)]);
                }
                for _ in 0..1 + rng.below(3) {
                    token.push_str(PIECES[rng.below(PIECES.len())]);
                }
                let token = token.as_bytes();
                let Some((len, number, black)) = glued_move(token, &dialect) else {
                    continue;
                };
                answered += 1;
                let mut pieces = Vec::new();
                lexer::split_token_bytes(token, &dialect, |piece, r| pieces.push((piece, r)));
                assert_eq!(
                    pieces,
                    [
                        (
                            lexer::Piece::Number {
                                number: Some(number),
                                black
                            },
                            0..len
                        ),
                        (lexer::Piece::Move, len..token.len()),
                    ],
                    "{:?}",
                    String::from_utf8_lossy(token)
                );
            }
        }
        assert!(
            answered > 1_000,
            "the glued path answered only {answered} times"
        );
        let pgn = Dialect::pgn();
        assert_eq!(glued_move(b"12.e4", &pgn), Some((3, 12, false)));
        assert_eq!(glued_move(b"3...Nf6+", &pgn), Some((4, 3, true)));
        for other in ["12.", "e4", "1.e4!", "0.5-0.5", "1.(", "12.e4\u{203c}"] {
            assert_eq!(glued_move(other.as_bytes(), &pgn), None, "{other}");
        }
        for result in ["1.e4", "12...Nf3", "0.Z"] {
            assert_eq!(
                glued_move(result.as_bytes(), &glued_results),
                None,
                "{result}"
            );
        }
        assert_eq!(glued_move(b"1.e5", &glued_results), Some((2, 1, false)));
    }

    /// Splits a whole input the way the reader does, returning each game's text.
    fn split(input: &[u8], dialect: &Dialect) -> Vec<String> {
        let mut scanner = Scanner::new();
        let mut games = Vec::new();
        loop {
            match scanner.scan(input, true, true, dialect) {
                Scan::NeedMore => unreachable!("the whole input is there"),
                Scan::Eof => {
                    if let Some(start) = scanner.start {
                        games.push(
                            String::from_utf8_lossy(&input[start..])
                                .trim_end()
                                .to_owned(),
                        );
                    }
                    return games;
                }
                Scan::NextGame(at) => {
                    let start = scanner.start.unwrap_or(at);
                    games.push(
                        String::from_utf8_lossy(&input[start..at])
                            .trim_end()
                            .to_owned(),
                    );
                    scanner.start_game_at(at);
                }
                Scan::Terminated(at) => {
                    let start = scanner.start.unwrap_or(at);
                    games.push(String::from_utf8_lossy(&input[start..at]).into_owned());
                    scanner.end_game_at(at);
                }
            }
        }
    }

    #[test]
    fn games_end_at_terminators_and_tag_sections() {
        let pgn = Dialect::pgn();
        assert_eq!(
            split(b"e4 e5 *\nNf3 Nc6 1-0\n", &pgn),
            ["e4 e5 *", "Nf3 Nc6 1-0"]
        );
        assert_eq!(
            split(b"[A \"1\"]\n1. e4\n\n[B \"2\"] e4 *", &pgn),
            ["[A \"1\"]\n1. e4", "[B \"2\"] e4 *"]
        );
        assert_eq!(split(b"e4 (1-0) *", &pgn), ["e4 (1-0) *"]);
        assert_eq!(split(b"e4 {1-0 [x} *", &pgn), ["e4 {1-0 [x} *"]);
    }

    #[test]
    fn pdn_moves_are_no_results() {
        let pdn = Dialect::pdn();
        assert_eq!(
            split(b"32-28 19x30 0-0 2-0 e4", &pdn),
            ["32-28 19x30 0-0 2-0", "e4"]
        );
        assert_eq!(
            split(b"32-28 0-0\n[Event \"x\"]", &pdn),
            ["32-28 0-0", "[Event \"x\"]"]
        );
    }

    #[test]
    fn an_unclosed_comment_stops_at_a_tag_line() {
        let games = split(
            b"e4 { open\n[%clk 1:00]\n[Event \"next\"]\ne4 *",
            &Dialect::pgn(),
        );
        assert_eq!(games, ["e4 { open\n[%clk 1:00]", "[Event \"next\"]\ne4 *"]);
    }

    /// The same in long movetext, where comments are read from 64-byte blocks: a line end in a
    /// comment closed in its block, or the next, still ends the game at a tag line.
    #[test]
    fn a_tag_line_in_a_comment_ends_the_game_wherever_the_blocks_fall() {
        let tail = " e4".repeat(30) + " *";
        for shift in 0..130 {
            let lead = "e4 ".repeat(shift / 3) + &" ".repeat(shift % 3);
            for comment in [
                "{ open\n[Event \"next\"]\ne4 }",
                "{ a longer remark before the line end, so that it runs on\n[Event \"next\"]\ne4 }",
            ] {
                let input = format!("{lead}e4 {{ [%clk 0:01:00] }} e5 {comment}{tail}");
                let (head, rest) = input.split_once("\n[Event").unwrap();
                let games = split(input.as_bytes(), &Dialect::pgn());
                assert_eq!(
                    games,
                    [head.trim_start().to_owned(), format!("[Event{rest}")],
                    "{input:?}"
                );
            }
        }
    }

    /// Comments of every length from every offset, closing in the block that opened them or
    /// found past it eight bytes at a time, end where they close: a `}` or `{` inside a
    /// comment's text is no split, and the game ends at its result.
    #[test]
    fn comments_end_at_their_brace_wherever_the_blocks_fall() {
        for shift in 0..70 {
            let lead = "e4 ".repeat(shift / 3) + &" ".repeat(shift % 3);
            for len in 0..150 {
                let text: String = (0..len)
                    .map(|k| ['a', ' ', '[', '%', '*', '{', '1'][k % 7])
                    .collect();
                let game = format!("{lead}e4 {{{text}}} e5 {{ [%clk 0:01:00] }} 1-0");
                let input = format!("{game}\n[Event \"next\"]\ne4 *");
                let games = split(input.as_bytes(), &Dialect::pgn());
                assert_eq!(
                    games,
                    [
                        game.trim_start().to_owned(),
                        "[Event \"next\"]\ne4 *".to_owned()
                    ],
                    "{input:?}"
                );
            }
        }
    }

    /// The move numbers read without the lexer's split read as it reads them, long runs of
    /// digits (saturated, or led by zeros) included.
    #[test]
    fn lone_move_numbers_read_as_the_lexer_reads_them() {
        let pgn = Dialect::pgn();
        for token in [
            "12.",
            "12...",
            "7",
            "4294967295.",
            "4294967296.",
            "0000000000000000000001.",
            "00000000000000000000000000042..",
            "99999999999999999999999..",
            "12.e4",
            "...",
            "1-0",
        ] {
            let mut pieces = Vec::new();
            lexer::split_token_bytes(token.as_bytes(), &pgn, |piece, r| pieces.push((piece, r)));
            let want = match pieces[..] {
                [
                    (
                        lexer::Piece::Number {
                            number: Some(n),
                            black,
                        },
                        ref r,
                    ),
                ] if *r == (0..token.len()) => Some((n, black)),
                _ => None,
            };
            assert_eq!(lone_number(token.as_bytes()), want, "{token}");
            let spaced = format!("{token} ");
            let at = lone_number_at(spaced.as_bytes());
            assert_eq!(at.map(|(_, n, black)| (n, black)), want, "{token}");
            assert!(at.is_none_or(|(len, ..)| len == token.len()), "{token}");
            assert_eq!(lone_number_at(token.as_bytes()), None, "{token} at the end");
        }
    }

    #[test]
    fn move_numbers_read_eight_bytes_at_a_time_as_a_byte_at_a_time() {
        // Words of digits, dots and a few other bytes: where the word decides, it gives what the
        // byte loop gives; where it does not, the byte loop finds no number ending in it.
        let alphabet = [b'0', b'1', b'9', b'.', b' ', b'{', b'e', b'-', b'\n', 0xE2];
        let mut word = [0u8; 8];
        let mut decided = 0;
        for n in 0..alphabet.len().pow(6) {
            let mut k = n;
            for b in &mut word[..6] {
                *b = alphabet[k % alphabet.len()];
                k /= alphabet.len();
            }
            for tail in [*b"  ", *b"..", *b"5.", *b"}x"] {
                word[6..].copy_from_slice(&tail);
                let at = lone_number_at(&word);
                match lexer::lone_number_word(&word) {
                    Some(read) => {
                        decided += 1;
                        assert_eq!(Some(read), at, "{word:?}");
                    }
                    None => assert_eq!(at, None, "{word:?}"),
                }
            }
        }
        assert!(decided > 10_000, "{decided}");
        assert_eq!(
            lexer::lone_number_word(b"1234567 "),
            Some((7, 1_234_567, false))
        );
        assert_eq!(lexer::lone_number_word(b"0007... "), Some((7, 7, true)));
        assert_eq!(lexer::lone_number_word(b"12345678"), None);
    }

    #[test]
    fn byte_order_marks_and_escape_lines_are_skipped() {
        let games = split(
            b"\xEF\xBB\xBF% header\n[A \"1\"] *\n\xEF\xBB\xBF[B \"2\"] *",
            &Dialect::pgn(),
        );
        assert_eq!(games, ["[A \"1\"] *", "[B \"2\"] *"]);
    }
}
