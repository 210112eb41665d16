//! Reading a file in parts, each on its own (a thread, a process, a machine), with the games
//! and diagnostics one reader of the whole file gives.
//!
//! A part is cut where a game likely starts ([`game_start_at_or_after`], [`last_game_start`]):
//! at a tag line after a line of movetext. That guess can be wrong (a tag section broken by a
//! blank line, text between games that holds none), so each part is checked by the part
//! before it: the [`PartReader`] of the bytes from `start` gives the games that *start* before
//! `end`, reading past `end` to finish the last of them, then says where the first game at or
//! past `end` starts ([`PartStep::Boundary`]). The next part's games are the file's exactly when
//! that is the next part's `start` and nothing was left to report with it; else the reader of
//! this part, moved on with [`PartReader::set_end`], reads on for it. An unclosed `{` does not
//! hide a boundary: the reader ends such a comment at the next tag line anyway.
//!
//! # Examples
//!
//! ```
//! use board_core::{Dialect, Origin, PartReader, PartStep, game_start_at_or_after};
//!
//! let file = b"[Event \"a\"]\n1. e4 e5 1-0\n[Event \"b\"]\n1. d4 { [Event \"c\"] } d5 0-1\n";
//! let cut = game_start_at_or_after(file, 1).unwrap();
//! assert_eq!(&file[cut..cut + 12], b"[Event \"b\"]\n");
//! // The first part: games that start before the cut.
//! let mut first = PartReader::new(Dialect::pgn(), Origin::START, Some(cut as u64));
//! first.feed(0, &file[..]);
//! first.finish(None);
//! let PartStep::Game(Ok(game)) = first.step() else { panic!() };
//! assert_eq!(game.tag("Event").as_deref(), Some("a"));
//! // It checks the cut: the next game starts there, and nothing is left to say before it.
//! assert!(matches!(first.step(), PartStep::Boundary { at, clean: true } if at == cut as u64));
//! // So the second part, read on its own from the cut, reads as the whole file does.
//! let origin = Origin { offset: cut as u64, line: 3 };
//! let mut second = PartReader::new(Dialect::pgn(), origin, None);
//! second.feed(cut as u64, &file[cut..]);
//! second.finish(None);
//! let PartStep::Game(Ok(game)) = second.step() else { panic!() };
//! assert_eq!((game.first_line(), game.moves().count()), (3, 2));
//! assert!(matches!(second.step(), PartStep::End));
//! ```

use std::collections::VecDeque;
use std::io::{self, Read};
use std::sync::Arc;

use crate::Diagnostic;

use super::dialect::Dialect;
use super::game::RawGame;
use super::lexer;
use super::reader::{ReadError, RecordReader, Stop};

/// Where a part of a file starts: a byte offset that begins a line, and that line's number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Origin {
    /// The file offset of the part's first byte.
    pub offset: u64,
    /// The file line, from 1, that the part starts.
    pub line: usize,
}

impl Origin {
    /// The start of a file.
    pub const START: Origin = Origin { offset: 0, line: 1 };

    /// The origin of the part that follows `bytes`, a part that starts at `self`.
    #[must_use]
    pub fn after(self, bytes: &[u8]) -> Origin {
        Origin {
            offset: self.offset + bytes.len() as u64,
            line: self.line + memchr::memchr_iter(b'\n', bytes).count(),
        }
    }
}

/// What [`PartReader::step`] found.
#[derive(Debug)]
#[non_exhaustive]
pub enum PartStep {
    /// A game that starts in the part, or why it could not be read.
    Game(Result<RawGame, ReadError>),
    /// The first game at or past the part's end starts at file offset `at`. `clean` when no
    /// warning about skipped text waits to be given with it: then a reader that starts at `at`
    /// reads on as this one would.
    Boundary {
        /// Where that game starts.
        at: u64,
        /// Nothing is left to report with it.
        clean: bool,
    },
    /// More bytes are needed: [`PartReader::feed`] them, or [`PartReader::finish`].
    NeedInput,
    /// The input is over (or is no text): no game follows.
    End,
}

/// Reads the games that start in a part of a file, fed its bytes as they come (see the
/// [module](self) docs).
///
/// Games are numbered from 1 at the part's start, and their lines and offsets are the file's;
/// [`RawGame::renumbered`] and [`crate::GameError::renumbered`] give them their numbers in the
/// file once the games before are counted.
#[derive(Debug)]
pub struct PartReader {
    reader: RecordReader<Feed>,
}

impl PartReader {
    /// A reader of the part that starts at `origin`, where a game starts (or the file does),
    /// and gives the games that start before `end` (every game, when `None`).
    #[must_use]
    pub fn new(dialect: Dialect, origin: Origin, end: Option<u64>) -> PartReader {
        let feed = Feed {
            next: origin.offset,
            ..Feed::default()
        };
        let mut reader = RecordReader::part(feed, dialect, origin.offset, origin.line, true);
        reader.set_limit(end);
        PartReader { reader }
    }

    /// The file's bytes from offset `at`: what was fed before is not fed again, and a gap
    /// (`at` past the bytes fed so far) is ignored as unusable.
    ///
    /// # Panics
    ///
    /// When `at` lies past the bytes fed so far: the reader cannot skip bytes.
    pub fn feed(&mut self, at: u64, bytes: &[u8]) {
        self.reader.source_mut().push(at, Arc::new(bytes.to_vec()));
    }

    /// [`PartReader::feed`] with bytes the caller shares, not copied: a pipeline's part is
    /// read by its worker and kept for what comes after it (a stitch, a file rewritten in
    /// place) without a second copy of its bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    ///
    /// use board_core::{Dialect, Origin, PartReader, PartStep};
    ///
    /// let part = Arc::new(b"1. e4 e5 1-0\n".to_vec());
    /// let mut reader = PartReader::new(Dialect::pgn(), Origin::START, None);
    /// reader.feed_shared(0, Arc::clone(&part));
    /// reader.finish(None);
    /// assert!(matches!(reader.step(), PartStep::Game(Ok(_))));
    /// assert_eq!(part.len(), 13);
    /// ```
    ///
    /// # Panics
    ///
    /// As [`PartReader::feed`].
    pub fn feed_shared(&mut self, at: u64, bytes: Arc<Vec<u8>>) {
        self.reader.source_mut().push(at, bytes);
    }

    /// No bytes follow those fed: the end of the file, or the error that stopped reading it
    /// (given as [`ReadError::Io`] after the games read before it).
    pub fn finish(&mut self, error: Option<io::Error>) {
        let feed = self.reader.source_mut();
        feed.finished = true;
        feed.error = error;
    }

    /// Moves the part's end (`None`: the end of the file), to read on where the next part's
    /// start was not a boundary.
    pub fn set_end(&mut self, end: Option<u64>) {
        self.reader.set_limit(end);
    }

    /// The next game of the part, or why there is none for now.
    pub fn step(&mut self) -> PartStep {
        if let Some(item) = self.reader.step() {
            return PartStep::Game(item);
        }
        match self.reader.stop() {
            Stop::Boundary { at, clean } => PartStep::Boundary { at, clean },
            Stop::Starved => PartStep::NeedInput,
            Stop::End => PartStep::End,
        }
    }

    /// Warnings about text after the last game that holds no game, once [`PartStep::End`] was
    /// given (see [`RecordReader::trailing_warnings`]).
    #[must_use]
    pub fn trailing_warnings(&self) -> &[Diagnostic] {
        self.reader.trailing_warnings()
    }

    /// Gives back a game the caller is done with (see [`RecordReader::recycle`]).
    pub fn recycle(&mut self, game: RawGame) {
        self.reader.recycle(game);
    }
}

/// Joins the parts of one file, in file order, into the games one reader of the whole file
/// gives, reading again where a part did not start at a boundary.
///
/// For each part, [`Stitcher::part`] first gives the games that a part before ran into it with,
/// and tells whether the part's own games stand (its start was a boundary); when they do,
/// [`Stitcher::then`] takes the part's reader if its end was not found to be a boundary, to read
/// on with the next part's bytes.
#[derive(Debug, Default)]
pub struct Stitcher {
    carry: Option<PartReader>,
    trailing: Option<Vec<Diagnostic>>,
}

impl Stitcher {
    /// A stitcher for a new file.
    #[must_use]
    pub fn new() -> Stitcher {
        Stitcher::default()
    }

    /// The part that starts at `start` and holds `bytes`, up to `end` (`None` for the last
    /// part, which `error`, if any, cut short). Gives to `game` what a reader of the parts
    /// before reads from these bytes, in file order; `true` when the part's own games stand,
    /// to be taken next.
    pub fn part(
        &mut self,
        start: u64,
        bytes: &[u8],
        end: Option<u64>,
        error: Option<io::Error>,
        mut game: impl FnMut(Result<RawGame, ReadError>),
    ) -> bool {
        // A reader of the parts before read to the end of the file: nothing is left here.
        if self.trailing.is_some() {
            return false;
        }
        let Some(mut reader) = self.carry.take() else {
            return true;
        };
        reader.feed(start, bytes);
        if end.is_none() {
            reader.finish(error);
        }
        loop {
            match reader.step() {
                PartStep::Game(item) => game(item),
                PartStep::Boundary { at, clean } if at == start && clean => return true,
                PartStep::Boundary { .. } | PartStep::NeedInput => break,
                PartStep::End => {
                    self.trailing = Some(reader.trailing_warnings().to_vec());
                    return false;
                }
            }
        }
        // The part did not start at a boundary: its games are read here.
        reader.set_end(end);
        loop {
            match reader.step() {
                PartStep::Game(item) => game(item),
                PartStep::Boundary { .. } | PartStep::NeedInput => {
                    self.carry = Some(reader);
                    return false;
                }
                PartStep::End => {
                    self.trailing = Some(reader.trailing_warnings().to_vec());
                    return false;
                }
            }
        }
    }

    /// After the own games of a part that stands: `reader` is its reader when the part's end
    /// was not found to be a boundary (`None` when it was, or when the part was the last).
    pub fn then(&mut self, reader: Option<PartReader>) {
        self.carry = reader;
    }

    /// The file's trailing warnings (see [`RecordReader::trailing_warnings`]) when the reader
    /// that reached the end of the file was one of the stitcher's; else (`None`) they are those
    /// of the last part's own reader.
    #[must_use]
    pub fn trailing(&self) -> Option<&[Diagnostic]> {
        self.trailing.as_deref()
    }
}

/// The bytes fed to a [`PartReader`], read by its [`RecordReader`]: "would block" when there
/// are none yet.
#[derive(Debug, Default)]
pub(crate) struct Feed {
    /// The bytes fed, each with where its unread bytes start (past those fed twice).
    parts: VecDeque<(Arc<Vec<u8>>, usize)>,
    /// How much of the front part was read.
    read: usize,
    /// The file offset just past the bytes fed.
    next: u64,
    finished: bool,
    error: Option<io::Error>,
}

impl Feed {
    fn push(&mut self, at: u64, bytes: Arc<Vec<u8>>) {
        assert!(at <= self.next, "bytes fed with a gap before them");
        let skip = usize::try_from(self.next - at).unwrap_or(usize::MAX);
        if skip < bytes.len() {
            self.next += (bytes.len() - skip) as u64;
            if self.parts.is_empty() {
                self.read = skip;
            }
            self.parts.push_back((bytes, skip));
        }
    }
}

impl Read for Feed {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let mut n = 0;
        while n < out.len() {
            let Some((front, _)) = self.parts.front() else {
                break;
            };
            let take = (front.len() - self.read).min(out.len() - n);
            out[n..n + take].copy_from_slice(&front[self.read..self.read + take]);
            n += take;
            self.read += take;
            if self.read == front.len() {
                self.parts.pop_front();
                self.read = self.parts.front().map_or(0, |&(_, skip)| skip);
            }
        }
        if n > 0 || out.is_empty() {
            return Ok(n);
        }
        if !self.finished {
            return Err(io::ErrorKind::WouldBlock.into());
        }
        match self.error.take() {
            Some(e) => Err(e),
            None => Ok(0),
        }
    }
}

/// The first place at or after `from` where a game likely starts: a line that opens a tag pair
/// (`[Name "`) after a line that does not start with `[` (movetext, a comment), blank lines
/// between aside. A guess, for cutting a file in parts: see the [module](self) docs.
///
/// # Examples
///
/// ```
/// use board_core::game_start_at_or_after;
///
/// let file = b"[A \"1\"]\n[B \"2\"]\n\n1. e4 *\n\n[A \"3\"]\n1. d4 *\n";
/// assert_eq!(game_start_at_or_after(file, 0), Some(0));
/// assert_eq!(game_start_at_or_after(file, 1), Some(26));
/// assert_eq!(game_start_at_or_after(file, 27), None);
/// ```
#[must_use]
pub fn game_start_at_or_after(bytes: &[u8], from: usize) -> Option<usize> {
    if from == 0 && is_start(bytes, 0) {
        return Some(0);
    }
    let mut at = from.max(1);
    while at < bytes.len() {
        let k = memchr::memchr(b'[', &bytes[at..])?;
        let i = at + k;
        if bytes[i - 1] == b'\n' && is_start(bytes, i) {
            return Some(i);
        }
        at = i + 1;
    }
    None
}

/// The last place after `after` where a game likely starts (as
/// [`game_start_at_or_after`] finds them) whose line is whole in `bytes`: where to cut a
/// block read from a stream.
///
/// # Examples
///
/// ```
/// use board_core::last_game_start;
///
/// let block = b"1. e4 *\n\n[A \"3\"]\n1. d4 *\n[A \"4\"";
/// assert_eq!(last_game_start(block, 0), Some(9));
/// assert_eq!(last_game_start(block, 9), None);
/// ```
#[must_use]
pub fn last_game_start(bytes: &[u8], after: usize) -> Option<usize> {
    let mut end = bytes.len();
    while end > after + 1 {
        let k = memchr::memrchr(b'[', &bytes[after + 1..end])?;
        let i = after + 1 + k;
        if bytes[i - 1] == b'\n' && lexer::line_end(bytes, i).is_some() && is_start(bytes, i) {
            return Some(i);
        }
        end = i;
    }
    None
}

/// Whether the line at `bytes[i]` (a line start) opens a tag pair after a line that does not.
fn is_start(bytes: &[u8], i: usize) -> bool {
    if lexer::is_tag_line(&bytes[i..], true) != Some(true) {
        return false;
    }
    // The line before, blank lines skipped.
    let mut end = i;
    loop {
        while end > 0 && lexer::is_space(bytes[end - 1]) && bytes[end - 1] != b'\n' {
            end -= 1;
        }
        if end == 0 {
            return true;
        }
        // `bytes[end - 1]` ends a line: find the start of that line.
        let line_end = end - 1;
        let start = memchr::memrchr(b'\n', &bytes[..line_end]).map_or(0, |k| k + 1);
        let line = &bytes[start..line_end];
        match line.iter().position(|&b| !lexer::is_space(b)) {
            None if start == 0 => return true,
            None => end = start,
            Some(first) => return line[first] != b'[',
        }
    }
}
