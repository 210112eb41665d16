//! The streaming reader: bytes in, one [`RawGame`] at a time out, in constant memory.

use std::fmt;
use std::io::{self, Read};

use crate::{Code, Diagnostic, LineCol, Span};

use super::dialect::Dialect;
use super::encoding;
use super::game::{Ev, RawGame, TagSpans, file_line_col, game_name, render_in_file};
use super::lenient;
use super::lexer;
#[cfg(test)]
use super::parser;
use super::splitter::{self, Failure, Found, Parsed, Scan, Scanner};

/// How much the reader asks its source for at a time.
const CHUNK: usize = 64 * 1024;

/// How much of the start of an input is looked at to tell text from binary: at most
/// `TEXT_SAMPLE` bytes of what the first reads gave, and no fewer than `TEXT_SAMPLE_MIN` unless
/// the input is shorter (a pipe that delivers a game at a time is not kept waiting for more).
const TEXT_SAMPLE: usize = 8 * 1024;
const TEXT_SAMPLE_MIN: usize = 512;

/// The error for an input that is not text: one, in place of a diagnostic per byte.
fn not_text(sample: &[u8]) -> GameError {
    let head = &sample[..sample.len().min(60)];
    let head = head.split(|&b| b == b'\n').next().unwrap_or_default();
    let text = String::from_utf8_lossy(head).into_owned();
    GameError {
        number: 1,
        offset: 0,
        first_line: 1,
        first_column: 0,
        name: String::new(),
        span: Span::new(0, 0),
        text,
        kind: GameErrorKind::NotText {
            utf16: sample.starts_with(b"\xFF\xFE") || sample.starts_with(b"\xFE\xFF"),
        },
        warnings: Vec::new(),
    }
}

/// Reads the games of a PGN-family file one at a time.
///
/// The reader splits the input into games at the byte level (a game ends after a terminating
/// result outside variations, or where a line of movetext starts a new tag section), reading
/// each game's syntax on the way, then decodes each game on its own. It keeps only the game in
/// progress in memory, so a file of any size streams. It does its own buffering: hand it a
/// `File` directly.
///
/// # Errors
///
/// A game that cannot be read (an unclosed comment, variations nested too deep) is yielded as
/// [`ReadError::Game`], and reading goes on with the next game. An I/O error is yielded once as
/// [`ReadError::Io`] and ends the iteration.
///
/// # Examples
///
/// ```
/// use board_core::{Dialect, ReadError, RecordReader};
///
/// let file = "[Event \"A\"]\n\n1. e4 e5 1-0\n\n[Event \"B\"]\n\n1. d4 { never closed\n\n[Event \"C\"]\n\n1. c4 *\n";
/// let items: Vec<_> = RecordReader::new(file.as_bytes(), Dialect::pgn()).collect();
/// assert_eq!(items.len(), 3);
/// let a = items[0].as_ref().unwrap();
/// assert_eq!((a.number(), a.first_line(), a.result().unwrap().text), (1, 1, "1-0"));
/// let Err(ReadError::Game(b)) = &items[1] else { panic!() };
/// assert_eq!((b.number(), b.first_line()), (2, 5));
/// assert_eq!(b.to_string(), "game 2: comment is not closed");
/// assert_eq!(items[2].as_ref().unwrap().tag("Event").as_deref(), Some("C"));
/// ```
#[derive(Debug)]
pub struct RecordReader<R> {
    source: R,
    dialect: Dialect,
    /// Input bytes in `buf[..end]`; the rest is zeroed room to read into.
    buf: Vec<u8>,
    end: usize,
    eof: bool,
    done: bool,
    scanner: Scanner,
    /// File offset of `buf[0]`.
    base_offset: u64,
    /// `buf[0]` begins a line of the file.
    line_start: bool,
    /// Characters of the file's line before `buf[0]`.
    base_column: usize,
    /// Characters of the file's line before `buf[col_mark]`, the offset last asked for: columns
    /// are counted once, as lines are, so many games on one long line cost linear time.
    col_mark: usize,
    col_at_mark: usize,
    /// Whether the start of the input was looked at for being text.
    checked_text: bool,
    /// File line of `buf[mark]`; lines are counted once, up to the games as they are found.
    mark: usize,
    mark_line: usize,
    games: usize,
    /// Warnings about skipped text, for the next game.
    pending: Vec<Diagnostic>,
    /// Warnings about skipped text after the last game.
    trailing: Vec<Diagnostic>,
    /// Every game read again by the winnow grammar kept as the tests' oracle, to compare the two.
    #[cfg(test)]
    oracle: bool,
    /// The memory of a game given back with [`RecordReader::recycle`], for the next game.
    spare: Spare,
    /// For a part of a file (see [`super::chunks`]): games that start at this file offset or
    /// later are left to the next part.
    limit: Option<u64>,
    /// What the scanner said about a game that starts at or past `limit`, kept for when the
    /// limit is moved on.
    held: Option<Scan>,
    /// A source that has no bytes yet says so with [`io::ErrorKind::WouldBlock`]: the reader
    /// waits to be fed instead of failing.
    resumable: bool,
    /// A game too large to keep was reported; its bytes are being skipped.
    skipping: bool,
    /// Why the last call to `step` gave no game.
    stop: Stop,
}

/// Why [`RecordReader::step`] gave no game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The first game that starts at or past the limit starts at this file offset; `clean` when
    /// nothing read before it (skipped text, forum markup) is left to report with it.
    Boundary { at: u64, clean: bool },
    /// A resumable source has no more bytes for now.
    Starved,
    /// The input is over.
    End,
}

/// The buffers of a game the caller is done with: the next game is written into them instead
/// of three fresh allocations, whose calls into the allocator and its code evicted from the
/// instruction cache cost more per game than the copying itself.
#[derive(Debug, Default)]
struct Spare {
    text: String,
    tags: Vec<TagSpans>,
    events: Vec<Ev>,
}

impl<R: Read> RecordReader<R> {
    /// A reader of `source` in `dialect`; nothing is read before the first call to `next`.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// use board_core::{Dialect, RecordReader};
    ///
    /// let file = std::fs::File::open("games.pgn")?;
    /// for game in RecordReader::new(file, Dialect::pgn()) {
    ///     match game {
    ///         Ok(game) => println!("{}: {} moves", game.number(), game.moves().count()),
    ///         Err(e) => eprintln!("{e}"),
    ///     }
    /// }
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn new(source: R, dialect: Dialect) -> RecordReader<R> {
        RecordReader {
            source,
            dialect,
            buf: Vec::new(),
            end: 0,
            eof: false,
            done: false,
            scanner: Scanner::new(),
            base_offset: 0,
            line_start: true,
            base_column: 0,
            col_mark: 0,
            col_at_mark: 0,
            checked_text: false,
            mark: 0,
            mark_line: 1,
            games: 0,
            pending: Vec::new(),
            trailing: Vec::new(),
            #[cfg(test)]
            oracle: false,
            spare: Spare::default(),
            limit: None,
            held: None,
            resumable: false,
            skipping: false,
            stop: Stop::End,
        }
    }

    /// A reader of the part of a file that starts at file offset `offset`, the start of line
    /// `line`: positions and lines are the file's. Only the start of a file is looked at for
    /// being text. `resumable` as for the field.
    pub(crate) fn part(
        source: R,
        dialect: Dialect,
        offset: u64,
        line: usize,
        resumable: bool,
    ) -> RecordReader<R> {
        let mut reader = RecordReader::new(source, dialect);
        reader.base_offset = offset;
        reader.mark_line = line;
        reader.checked_text = offset > 0;
        reader.resumable = resumable;
        reader
    }

    /// Games that start at file offset `limit` or later are left to the next part (`None`: to
    /// the end of the input).
    pub(crate) fn set_limit(&mut self, limit: Option<u64>) {
        self.limit = limit;
    }

    /// The source, to feed it more bytes.
    pub(crate) fn source_mut(&mut self) -> &mut R {
        &mut self.source
    }

    /// Gives back a game the caller is done with, so that the next game read reuses its memory
    /// instead of allocating anew: a loop over millions of games runs faster for it. Optional;
    /// any game of any reader may be given.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_core::{Dialect, RecordReader};
    ///
    /// let mut reader = RecordReader::new(&b"1. e4 e5 1-0\n\n1. d4 d5 0-1\n"[..], Dialect::pgn());
    /// let mut moves = 0;
    /// while let Some(game) = reader.next() {
    ///     let game = game.unwrap();
    ///     moves += game.moves().count();
    ///     reader.recycle(game);
    /// }
    /// assert_eq!(moves, 4);
    /// ```
    pub fn recycle(&mut self, game: RawGame) {
        let RawGame {
            mut text,
            mut tags,
            mut events,
            ..
        } = game;
        text.clear();
        tags.clear();
        events.clear();
        self.spare = Spare { text, tags, events };
    }

    /// Reads every game with the winnow grammar kept as an oracle, instead of the splitter's
    /// walk, so that a test can compare the two.
    #[cfg(test)]
    pub(crate) fn parse_every_game(mut self) -> RecordReader<R> {
        self.oracle = true;
        self
    }

    /// Whether the oracle reads every game (in tests only).
    fn oracle(&self) -> bool {
        #[cfg(test)]
        return self.oracle;
        #[cfg(not(test))]
        false
    }

    /// Reads one game's text on its own: the splitter's walk over it (the oracle in tests that
    /// ask for it).
    fn read_alone(&self, text: &str, at_line_start: bool) -> Result<Parsed, Box<Failure>> {
        if self.oracle() {
            #[cfg(test)]
            return parser::parse_game(text, &self.dialect, at_line_start);
        }
        splitter::parse_game(text, &self.dialect, at_line_start)
    }

    /// The dialect the reader reads.
    pub fn dialect(&self) -> &Dialect {
        &self.dialect
    }

    /// Warnings about text after the last game that held no game (only comments, say); empty
    /// until the iteration has ended.
    ///
    /// # Examples
    ///
    /// ```
    /// use board_core::{Dialect, RecordReader};
    ///
    /// let mut reader = RecordReader::new(&b"1. e4 *\n{ the end }\n"[..], Dialect::pgn());
    /// assert_eq!(reader.by_ref().count(), 1);
    /// assert_eq!(
    ///     reader.trailing_warnings()[0].message,
    ///     "skipped text at line 2 that holds no moves: `{ the end }`"
    /// );
    /// ```
    pub fn trailing_warnings(&self) -> &[Diagnostic] {
        &self.trailing
    }

    /// The file line of `buf[at]`, for `at` at or after every offset asked before.
    fn line_at(&mut self, at: usize) -> usize {
        if at >= self.mark {
            self.mark_line += count_lines(&self.buf[self.mark..at]);
        } else {
            self.mark_line -= count_lines(&self.buf[at..self.mark]);
        }
        self.mark = at;
        self.mark_line
    }

    /// Reports the forum markup (`[pgn]`) the scanner skipped between games, with the next game.
    fn note_markup(&mut self) {
        let mut markup = std::mem::take(&mut self.scanner.markup);
        for (at, len) in markup.drain(..) {
            let line = self.line_at(at);
            let written = String::from_utf8_lossy(&self.buf[at..at + len]).into_owned();
            self.pending.push(Diagnostic::warning(
                Code::RecordForumMarkup,
                format!("forum markup `{written}` at line {line} skipped"),
                Span::new(0, 0),
            ));
        }
        self.scanner.markup = markup;
    }

    /// Characters of the file's line before `buf[at]`.
    fn column_at(&mut self, at: usize) -> usize {
        if at < self.col_mark {
            self.col_mark = 0;
            self.col_at_mark = self.base_column;
        }
        let part = &self.buf[self.col_mark..at];
        let column = match memchr::memrchr(b'\n', part) {
            Some(k) => chars_in(&part[k + 1..]),
            None => self.col_at_mark + chars_in(part),
        };
        self.col_mark = at;
        self.col_at_mark = column;
        column
    }

    /// Drops `buf[..n]`.
    fn discard(&mut self, n: usize) {
        if n == 0 {
            return;
        }
        self.base_column = self.column_at(n);
        self.col_mark = 0;
        self.col_at_mark = self.base_column;
        self.line_at(n);
        self.line_start = self.buf[n - 1] == b'\n';
        self.base_offset += n as u64;
        self.buf.copy_within(n..self.end, 0);
        self.end -= n;
        if self.buf.len() > 16 * CHUNK && self.end <= CHUNK {
            // A huge game is gone: give its memory back.
            self.buf.truncate(2 * CHUNK);
            self.buf.shrink_to_fit();
        }
        self.mark = 0;
        self.scanner.shift(n);
    }

    /// Reads more input: at least as much as the construct being scanned already holds, so a
    /// construct that is scanned again after each read costs linear time in all.
    fn fill(&mut self) -> io::Result<()> {
        let keep = self.scanner.start.unwrap_or(self.scanner.pos);
        self.discard(keep);
        let pending = self.end - self.scanner.pos;
        let want = CHUNK.max(pending);
        let need = pending.max(1);
        let old = self.end;
        if self.buf.len() < old + want {
            self.buf.resize(old + want, 0);
        }
        let mut filled = 0;
        let outcome = loop {
            if filled >= need {
                break Ok(());
            }
            match self.source.read(&mut self.buf[old + filled..old + want]) {
                Ok(0) => {
                    self.eof = true;
                    break Ok(());
                }
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => break Err(e),
            }
        };
        self.end = old + filled;
        outcome
    }

    /// The game in progress outgrew the limit: report it, and skip (see
    /// [`RecordReader::skip_step`]) to the next line that starts with `[`.
    fn skip_oversized(&mut self) -> ReadError {
        let start = self.scanner.start.unwrap_or(self.scanner.pos);
        self.games += 1;
        let first_line = self.line_at(start);
        let offset = self.base_offset + start as u64;
        let head_end = lexer::line_end(&self.buf[..self.end], start)
            .unwrap_or(self.end)
            .min(start + 200);
        let text = String::from_utf8_lossy(&self.buf[start..head_end]).into_owned();
        let first_column = self.column_at(start);
        let error = GameError {
            number: self.games,
            offset,
            first_line,
            first_column,
            name: String::new(),
            span: Span::new(0, text.len()),
            text,
            kind: GameErrorKind::TooLarge {
                limit: self.dialect.max_game_bytes(),
            },
            warnings: Vec::new(),
        };
        self.discard(start + 1);
        self.skipping = true;
        ReadError::Game(Box::new(error))
    }

    /// Skips the bytes of a game too large to keep, up to the next line that starts with `[`
    /// (where the next game starts) or the end of the input.
    ///
    /// # Errors
    ///
    /// When the source fails (or, resumable, has nothing yet: the skip goes on when called
    /// again).
    fn skip_step(&mut self) -> io::Result<()> {
        loop {
            if let Some(k) = self.buf[..self.end].windows(2).position(|w| w == b"\n[") {
                self.discard(k + 1);
                self.scanner.start_game_at(0);
                break;
            }
            if self.line_start && self.end > 0 && self.buf[0] == b'[' {
                self.scanner.start_game_at(0);
                break;
            }
            let keep_last = self.end.saturating_sub(1);
            self.discard(keep_last);
            self.scanner.end_game_at(0);
            if self.eof {
                self.discard(self.end);
                self.scanner.end_game_at(0);
                break;
            }
            self.fill()?;
        }
        self.skipping = false;
        Ok(())
    }

    /// A failed read: the end of the iteration, or for a resumable source with nothing yet, a
    /// pause.
    fn failed(&mut self, e: io::Error) -> Option<Result<RawGame, ReadError>> {
        if self.resumable && e.kind() == io::ErrorKind::WouldBlock {
            self.stop = Stop::Starved;
            return None;
        }
        self.done = true;
        Some(Err(ReadError::Io(e)))
    }

    /// Why the last call to [`RecordReader::step`] gave no game.
    pub(crate) fn stop(&self) -> Stop {
        self.stop
    }

    /// Where the game in progress starts, when that is at or past the limit.
    #[inline]
    fn past_limit(&self) -> Option<Stop> {
        let limit = self.limit?;
        let start = self.base_offset + self.scanner.start? as u64;
        (start >= limit).then_some(Stop::Boundary {
            at: start,
            clean: self.pending.is_empty(),
        })
    }

    /// The game at `buf[start..end]`, which the scanner has just left: it is taken as `found`
    /// when that is complete and the text is UTF-8, else decoded and parsed again. `None` when it
    /// holds no game, only skipped text.
    /// The game in progress, cut where it runs on into the next one ([`splitter::cut_at_restart`]:
    /// no result, then a blank line and `1.`), when the scanner found it to end at `end`; the
    /// next game starts at the cut, and is scanned again from there. `None` when there is no
    /// such cut; `Some(None)` when the part before it held no game.
    #[cold]
    fn restart(&mut self, end: usize) -> Option<Option<Result<RawGame, ReadError>>> {
        let start = self.scanner.start?;
        let text = &self.buf[start..end];
        let cut = start + splitter::cut_at_restart(self.scanner.found_mut(), text)?;
        let item = self.game(start, cut, false);
        self.scanner.start_game_at(cut);
        Some(item)
    }

    fn game(
        &mut self,
        start: usize,
        end: usize,
        at_eof: bool,
    ) -> Option<Result<RawGame, ReadError>> {
        let mut found = self.scanner.take_found();
        let item = self.chunk(start, end, &mut found, at_eof);
        self.scanner.give_back(found);
        item
    }

    /// [`RecordReader::game`] with what the scanner found. `at_eof` tells that the game runs to
    /// the end of the input.
    fn chunk(
        &mut self,
        start: usize,
        end: usize,
        found: &mut Found,
        at_eof: bool,
    ) -> Option<Result<RawGame, ReadError>> {
        let untrimmed = end;
        let mut end = end;
        while end > start && lexer::is_space(self.buf[end - 1]) {
            end -= 1;
        }
        let first_line = self.line_at(start);
        let first_column = self.column_at(start);
        let offset = self.base_offset + start as u64;
        let at_line_start = if start == 0 {
            self.line_start
        } else {
            self.buf[start - 1] == b'\n'
        };
        let bytes = &self.buf[start..end];
        let mut decode_warnings = Vec::new();
        let (mut text, one_byte_each, mut parsed) = match std::str::from_utf8(bytes) {
            // What the splitter read stands unless the game must be read again on its own: for
            // an error (a variation left open is one), for Latin-1, or for an element that the
            // trimming of white space above cuts short.
            Ok(text)
                if !self.oracle()
                    && !found.defer
                    && found.depth == 0
                    && found.end <= text.len() =>
            {
                let parsed = finish(text, found, &self.dialect, &mut self.spare);
                let mut owned = std::mem::take(&mut self.spare.text);
                owned.push_str(text);
                (owned, false, Ok(parsed))
            }
            Ok(text) => {
                let parsed = self.read_alone(text, at_line_start);
                (text.to_owned(), false, parsed)
            }
            Err(_) => {
                let decoded = encoding::decode(bytes);
                decode_warnings = decoded.warnings;
                let parsed = self.read_alone(&decoded.text, at_line_start);
                (decoded.text, decoded.one_byte_each, parsed)
            }
        };
        let is_junk = matches!(&parsed, Ok(p) if p.tags.is_empty()
            && p.result.is_none()
            && !p.events.iter().any(|e| matches!(e, Ev::Move(_))));
        if is_junk {
            self.pending
                .push(skipped_text(&text, first_line, Span::new(0, 0)));
            return None;
        }
        let source_len = bytes.len();
        self.games += 1;
        let number = self.games;
        let mut warnings = decode_warnings;
        warnings.append(&mut self.pending);
        // Dash look-alikes in moves and results (`O‑O`, `1–0`) are read as hyphens: the text is
        // put right and read again.
        if let Ok(p) = &parsed
            && memchr::memchr(0xE2, text.as_bytes()).is_some()
            && let Some((fixed, warning)) =
                lenient::dashes(&text, &p.events, p.result, &self.dialect)
        {
            text = fixed;
            warnings.push(warning);
            parsed = self.read_alone(&text, at_line_start);
        }
        // A file cut short inside a tag (`[Res`): the game is not taken for whole.
        let truncated =
            at_eof && untrimmed == self.end && !self.buf[end..untrimmed].contains(&b'\n') && {
                let tags = match &parsed {
                    Ok(p) => &p.tags,
                    Err(f) => &f.tags,
                };
                tags.last()
                    .is_some_and(|t| t.span.end == text.len() && !text.ends_with(']'))
            };
        if truncated && let Ok(p) = &mut parsed {
            let tag = p.tags.last().map_or(Span::new(0, 0), |t| t.span);
            let failure = Failure {
                kind: GameErrorKind::TruncatedTag,
                span: tag,
                tags: std::mem::take(&mut p.tags),
                warnings: Vec::new(),
            };
            parsed = Err(Box::new(failure));
        }
        Some(match parsed {
            Ok(Parsed {
                tags,
                events,
                result,
                warnings: found,
                lenient: symbols,
            }) => {
                warnings.extend(found);
                let mut result_as = None;
                if let Some(span) = result {
                    let written = &text[span.range()];
                    if let Some((canonical, lenient)) = self.dialect.canonical_result(written) {
                        result_as = Some(canonical);
                        if lenient {
                            warnings.push(Diagnostic::warning(
                                Code::RecordResultForm,
                                format!("result {written} read as {canonical}"),
                                span,
                            ));
                        }
                    }
                }
                if symbols {
                    lenient::symbols(&text, &events, &mut warnings);
                }
                let mut game = RawGame {
                    number,
                    offset,
                    first_line,
                    first_column,
                    source_len,
                    latin1: one_byte_each,
                    text,
                    tags,
                    events,
                    result,
                    result_as,
                    warnings: Vec::new(),
                };
                if !warnings.is_empty() {
                    let name = game.name();
                    game.warnings = warnings
                        .into_iter()
                        .map(|w| w.in_game(number, name.clone()))
                        .collect();
                }
                Ok(game)
            }
            Err(failure) => {
                let slice = |s: Span| text.get(s.range()).unwrap_or_default();
                let tag = |wanted: &str| {
                    failure
                        .tags
                        .iter()
                        .find(|t| slice(t.name) == wanted)
                        .map(|t| slice(t.value))
                };
                let name = game_name(tag("White"), tag("Black"));
                warnings.extend(failure.warnings);
                let warnings = warnings
                    .into_iter()
                    .map(|w| w.in_game(number, name.clone()))
                    .collect();
                Err(ReadError::Game(Box::new(GameError {
                    number,
                    offset,
                    first_line,
                    first_column,
                    name,
                    text,
                    kind: failure.kind,
                    span: failure.span,
                    warnings,
                })))
            }
        })
    }
}

impl<R: Read> RecordReader<R> {
    /// The next game; when there is none for now, [`RecordReader::stop`] says why. It gives
    /// what `next` gives, so that a game is not moved from one type into another on the way.
    #[inline]
    pub(crate) fn step(&mut self) -> Option<Result<RawGame, ReadError>> {
        if !self.checked_text && !self.done {
            while self.end < TEXT_SAMPLE_MIN && !self.eof {
                if let Err(e) = self.fill() {
                    return self.failed(e);
                }
            }
            self.checked_text = true;
            let sample = &self.buf[..self.end.min(TEXT_SAMPLE)];
            if is_binary(sample, self.eof) {
                self.done = true;
                return Some(Err(ReadError::Game(Box::new(not_text(sample)))));
            }
        }
        while !self.done {
            if self.skipping {
                if let Err(e) = self.skip_step() {
                    return self.failed(e);
                }
                continue;
            }
            if let Some(boundary) = self.past_limit() {
                self.stop = boundary;
                return None;
            }
            let scan = match self.held.take() {
                Some(scan) => scan,
                None => {
                    let scan = self.scanner.scan(
                        &self.buf[..self.end],
                        self.line_start,
                        self.eof,
                        &self.dialect,
                    );
                    if !self.scanner.markup.is_empty() {
                        self.note_markup();
                    }
                    scan
                }
            };
            if let Some(boundary) = self.past_limit() {
                self.held = Some(scan);
                self.stop = boundary;
                return None;
            }
            match scan {
                Scan::NeedMore => {
                    match self.scanner.start {
                        Some(start) if self.end - start > self.dialect.max_game_bytes() => {
                            return Some(Err(self.skip_oversized()));
                        }
                        _ => {}
                    }
                    if let Err(e) = self.fill() {
                        return self.failed(e);
                    }
                }
                Scan::Eof => {
                    if let Some(item) = self.restart(self.end) {
                        match item {
                            Some(item) => return Some(item),
                            None => continue,
                        }
                    }
                    self.done = true;
                    if let Some(start) = self.scanner.start.take() {
                        let end = self.end;
                        if let Some(item) = self.game(start, end, true) {
                            return Some(item);
                        }
                    }
                }
                Scan::NextGame(at) => {
                    if let Some(item) = self.restart(at) {
                        match item {
                            Some(item) => return Some(item),
                            None => continue,
                        }
                    }
                    let start = self.scanner.start.unwrap_or(at);
                    let item = self.game(start, at, false);
                    self.scanner.start_game_at(at);
                    if let Some(item) = item {
                        return Some(item);
                    }
                }
                Scan::Terminated(end) => {
                    let start = self.scanner.start.unwrap_or(end);
                    let item = self.game(start, end, false);
                    self.scanner.end_game_at(end);
                    if let Some(item) = item {
                        return Some(item);
                    }
                }
            }
        }
        if !self.pending.is_empty() {
            self.trailing.append(&mut self.pending);
        }
        self.stop = Stop::End;
        None
    }
}

impl<R: Read> Iterator for RecordReader<R> {
    type Item = Result<RawGame, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.step()
    }
}

impl<R: Read> std::iter::FusedIterator for RecordReader<R> {}

fn count_lines(bytes: &[u8]) -> usize {
    memchr::memchr_iter(b'\n', bytes).count()
}

/// Characters in `bytes`, counted by UTF-8 lead bytes.
fn chars_in(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b & 0xC0) != 0x80).count()
}

/// Whether the start of an input (`sample`) is no text: more than three bytes in ten are
/// control characters (white space aside), or, when it is not UTF-8, control characters and
/// bytes of 0x80 and up. A PGN file in Latin-1 has few of those; an image or an archive, and
/// UTF-16 text, a third or more.
///
/// A sample that starts as a record does, with a tag pair (`[Event "`, after white space or a
/// byte order mark), is text whatever follows: images, archives and UTF-16 never start so, and
/// control characters inside a comment (which the writer keeps, as it keeps every byte of a
/// comment) must not make a file it wrote unreadable.
fn is_binary(sample: &[u8], eof: bool) -> bool {
    // A few bytes say too little: their diagnostics are few and short anyway.
    if sample.len() < 32 {
        return false;
    }
    let start = sample.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(sample);
    let start = &start[start.iter().take_while(|&&b| lexer::is_space(b)).count()..];
    if start.first() == Some(&b'[') && lexer::is_tag_line(start, true) == Some(true) {
        return false;
    }
    let controls = sample
        .iter()
        .filter(|&&b| b < 0x20 && !lexer::is_space(b) || b == 0x7F)
        .count();
    let high = match std::str::from_utf8(sample) {
        Ok(_) => 0,
        // A character cut by the end of the sample is no sign of binary input.
        Err(e) if e.error_len().is_none() && !eof => 0,
        Err(_) => sample.iter().filter(|&&b| b >= 0x80).count(),
    };
    (controls + high) * 10 > sample.len() * 3
}

/// What the parser reads after the last element of a game the scanner read whole (`text`): the
/// result token, or a warning that there is none.
fn finish(text: &str, found: &mut Found, dialect: &Dialect, spare: &mut Spare) -> Parsed {
    let result = splitter::take_result(text, found, dialect);
    // The events go to the game; the next game gets a recycled buffer (or a new one) with room
    // for as many as this one had.
    let room = found.events.len() + found.events.len() / 4 + 16;
    let mut next = std::mem::take(&mut spare.events);
    next.reserve(room);
    let mut tags = std::mem::take(&mut spare.tags);
    tags.extend_from_slice(&found.tags);
    Parsed {
        tags,
        events: std::mem::replace(&mut found.events, next),
        result,
        warnings: std::mem::take(&mut found.warnings),
        lenient: found.lenient,
    }
}

/// The warning for `text`, at file line `line`, skipped as text between games that holds no
/// moves: quoted in part, the rest counted, so that no byte goes unaccounted for.
pub(crate) fn skipped_text(text: &str, line: usize, span: Span) -> Diagnostic {
    let snippet: String = text.chars().take(40).collect();
    let rest = match text.len() - snippet.len() {
        0 => String::new(),
        n => format!(" and {n} more byte{}", if n == 1 { "" } else { "s" }),
    };
    Diagnostic::warning(
        Code::RecordSkippedText,
        format!(
            "skipped text at line {line} that holds no moves: `{}`{rest}",
            crate::visible(&snippet)
        ),
        span,
    )
}

/// Why the reader could not give a game.
#[derive(Debug)]
#[non_exhaustive]
pub enum ReadError {
    /// The source failed; the iteration ends.
    Io(io::Error),
    /// One game could not be read; the iteration goes on with the next.
    Game(Box<GameError>),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "cannot read the input: {e}"),
            ReadError::Game(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadError::Io(e) => Some(e),
            ReadError::Game(e) => Some(e),
        }
    }
}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> ReadError {
        ReadError::Io(e)
    }
}

/// What made a game unreadable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GameErrorKind {
    /// A `{` with no `}` before the end of the game.
    UnterminatedComment,
    /// A `}` outside a comment; PGN comments do not nest.
    UnmatchedBrace,
    /// A `)` outside a variation.
    UnmatchedParenthesis,
    /// A `(` with no `)` before the end of the game.
    UnclosedVariation,
    /// Variations nested deeper than the dialect allows.
    TooDeep {
        /// The dialect's limit.
        limit: usize,
    },
    /// A NAG above the dialect's largest (`$256` in PGN).
    NagOutOfRange {
        /// The largest NAG the dialect reads.
        max: u16,
    },
    /// A game larger than the dialect allows; it was skipped.
    TooLarge {
        /// The dialect's limit, in bytes.
        limit: usize,
    },
    /// The input ends inside a tag (`[Res`): it was cut short, and the game is not taken.
    TruncatedTag,
    /// The input is not text (an image, an archive, UTF-16): nothing of it is read.
    NotText {
        /// It starts with a UTF-16 byte-order mark.
        utf16: bool,
    },
}

impl fmt::Display for GameErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameErrorKind::UnterminatedComment => f.write_str("comment is not closed"),
            GameErrorKind::UnmatchedBrace => f.write_str("`}` closes no comment"),
            GameErrorKind::UnmatchedParenthesis => f.write_str("`)` closes no variation"),
            GameErrorKind::UnclosedVariation => f.write_str("variation is not closed"),
            GameErrorKind::TooDeep { limit } => {
                write!(f, "variations nest more than {limit} deep")
            }
            GameErrorKind::NagOutOfRange { max } => write!(f, "NAG out of range: above ${max}"),
            GameErrorKind::TooLarge { limit } => {
                write!(f, "game is larger than {limit} bytes; skipped")
            }
            GameErrorKind::TruncatedTag => f.write_str("file ends inside a tag"),
            GameErrorKind::NotText { .. } => f.write_str("not a text file"),
        }
    }
}

impl GameErrorKind {
    /// The stable code of the error: `record.unterminated-comment`...
    #[must_use]
    pub const fn code(self) -> Code {
        match self {
            GameErrorKind::UnterminatedComment => Code::RecordUnterminatedComment,
            GameErrorKind::UnmatchedBrace => Code::RecordUnmatchedBrace,
            GameErrorKind::UnmatchedParenthesis => Code::RecordUnmatchedParenthesis,
            GameErrorKind::UnclosedVariation => Code::RecordUnclosedVariation,
            GameErrorKind::TooDeep { .. } => Code::RecordTooDeep,
            GameErrorKind::NagOutOfRange { .. } => Code::RecordNagOutOfRange,
            GameErrorKind::TooLarge { .. } => Code::RecordTooLarge,
            GameErrorKind::TruncatedTag => Code::RecordTruncatedTag,
            GameErrorKind::NotText { .. } => Code::RecordNotText,
        }
    }

    fn help(self) -> Option<&'static str> {
        match self {
            GameErrorKind::UnterminatedComment => {
                Some("a `{` comment ends at the first `}`; this one has none before the game ends")
            }
            GameErrorKind::UnmatchedBrace => {
                Some("comments do not nest: the first `}` after a `{` ends the comment")
            }
            GameErrorKind::TruncatedTag => Some(
                "the file was cut short: the game is left out rather than read without its end",
            ),
            GameErrorKind::NotText { utf16: true } => {
                Some("the file is UTF-16; save it as UTF-8 to read it")
            }
            GameErrorKind::NotText { utf16: false } => {
                Some("most of its first bytes are control characters or not UTF-8 text")
            }
            _ => None,
        }
    }
}

/// A game the reader could not read, with its text so the error can be shown in place.
///
/// Like a [`RawGame`]'s, the span indexes [`GameError::text`], which starts on file line
/// [`GameError::first_line`].
///
/// # Examples
///
/// ```
/// use board_core::{Dialect, GameErrorKind, ReadError, RecordReader};
///
/// let file = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 (1. d4 (1. c4)) *\n";
/// let dialect = Dialect::pgn().with_max_depth(1);
/// let Some(Err(ReadError::Game(e))) = RecordReader::new(file.as_bytes(), dialect).next() else { panic!() };
/// assert_eq!(e.kind(), GameErrorKind::TooDeep { limit: 1 });
/// assert_eq!(
///     e.render("a.pgn"),
///     "error: variations nest more than 1 deep\n --> a.pgn:4:14 (game 1: A - B)\n  |\n4 | 1. e4 (1. d4 (1. c4)) *\n  |              ^\n"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameError {
    number: usize,
    offset: u64,
    first_line: usize,
    first_column: usize,
    name: String,
    text: String,
    kind: GameErrorKind,
    span: Span,
    warnings: Vec<Diagnostic>,
}

impl GameError {
    /// The game's number in its file, from 1.
    #[must_use]
    pub fn number(&self) -> usize {
        self.number
    }

    /// The file offset of the first byte of the game's text.
    #[must_use]
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The error of the game numbered `number` instead (see [`RawGame::renumbered`]).
    #[must_use]
    pub fn renumbered(mut self, number: usize) -> GameError {
        self.number = number;
        for warning in &mut self.warnings {
            if warning.game.is_some() {
                warning.game = Some(number);
            }
        }
        self
    }

    /// The file line of the first line of the game's text.
    #[must_use]
    pub fn first_line(&self) -> usize {
        self.first_line
    }

    /// Characters of the file's line before the game's text (see [`RawGame::first_column`]).
    #[must_use]
    pub fn first_column(&self) -> usize {
        self.first_column
    }

    /// The file's line and column of the error, as [`GameError::render`] prints them.
    #[must_use]
    pub fn line_col(&self) -> LineCol {
        file_line_col(&self.text, self.span, self.first_line, self.first_column)
    }

    /// The game's text (for a game too large to keep, its first line).
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// What went wrong.
    #[must_use]
    pub fn kind(&self) -> GameErrorKind {
        self.kind
    }

    /// Where, in [`GameError::text`].
    #[must_use]
    pub fn span(&self) -> Span {
        self.span
    }

    /// Repairs made before the error, as for a game read whole.
    #[must_use]
    pub fn warnings(&self) -> &[Diagnostic] {
        &self.warnings
    }

    /// The error as a diagnostic naming the game.
    #[must_use]
    pub fn diagnostic(&self) -> Diagnostic {
        let diagnostic = Diagnostic::error(self.kind.code(), self.kind.to_string(), self.span);
        // An input that is not text holds no game to name.
        let diagnostic = match self.kind {
            GameErrorKind::NotText { .. } => diagnostic,
            _ => diagnostic.in_game(self.number, self.name.clone()),
        };
        match self.kind.help() {
            Some(help) => diagnostic.with_help(help),
            None => diagnostic,
        }
    }

    /// Renders the error with the file's line numbers.
    #[must_use]
    pub fn render(&self, file: &str) -> String {
        render_in_file(
            &self.diagnostic(),
            file,
            &self.text,
            self.first_line,
            self.first_column,
        )
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}: {}", self.number, self.kind)
    }
}

impl std::error::Error for GameError {}
