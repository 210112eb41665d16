//! A game record file cut into partitions that separate processes or machines read on their
//! own, together giving each game of the file once, in order, as one reader of the whole file
//! gives it.
//!
//! [`split`] plans the partitions: ranges of zstd frames for a `.pgn.zst` (cut only where a
//! frame ends, found without decompressing: [`record_input::frames`]), byte ranges for a plain
//! file, the whole file for gzip and bzip2 (their streams cannot be entered in the middle). A
//! partition owns the games that *start* in it: it starts at the first game start past its
//! cut that the line before proves (board-core's guess, checked: see the `start` module), and
//! its reader ([`Partition::read`]) reads past its end, decompressing the next frames only as
//! far as its last game goes. Each game comes with its [`Location`]: its frame and its offset in
//! the frame's text for zstd, its byte offset for plain text, so that a run is idempotent and
//! two runs compare row by row.
//!
//! # Examples
//!
//! ```
//! use board_core::Dialect;
//! use record_partitions::split;
//!
//! let dir = std::env::temp_dir().join(format!("record-partitions-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir)?;
//! let path = dir.join("games.pgn.zst");
//! // Two zstd frames, the second game cut by the first frame's end.
//! let text = "[Event \"a\"]\n1. e4 e5 1-0\n\n[Event \"b\"]\n1. d4 d5 0-1\n\n[Event \"c\"]\n1. c4 *\n";
//! let mut file = zstd::encode_all(&text.as_bytes()[..30], 3)?;
//! file.extend(zstd::encode_all(&text.as_bytes()[30..], 3)?);
//! std::fs::write(&path, file)?;
//!
//! let plan = split(&path, 2, &Dialect::pgn())?;
//! assert_eq!(plan.partitions.len(), 2);
//! let mut events = Vec::new();
//! for partition in &plan.partitions {
//!     for game in partition.read(&Dialect::pgn())? {
//!         let game = game?;
//!         let raw = game.game.expect("every game reads");
//!         events.push((raw.tag("Event").unwrap().into_owned(), game.at.frame, game.at.offset));
//!     }
//! }
//! assert_eq!(events, [
//!     ("a".to_owned(), Some(0), 0),
//!     ("b".to_owned(), Some(0), 26),
//!     ("c".to_owned(), Some(1), 22),
//! ]);
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod start;
mod text;

use std::io;
use std::ops::Range;
use std::path::{Path, PathBuf};

use board_core::{
    Diagnostic, Dialect, GameError, Origin, PartReader, PartStep, RawGame, ReadError,
};
// What a caller needs beside the partitions: the packing, and the frames of a zstd file.
pub use record_input::Compression;
use record_input::frames;
pub use record_input::frames::{Frame, frame_index};

use start::Stop;
use text::{Piece, Text};

/// Where a game starts in its file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Location {
    /// The zstd frame it starts in, from 0 (skippable frames not counted); `None` for a file
    /// that is not zstd.
    pub frame: Option<usize>,
    /// Its offset in the frame's decompressed text; in the file for plain text, in the
    /// decompressed stream for gzip and bzip2.
    pub offset: u64,
}

/// A part of a file that reads on its own: the games that start in it (see the [crate] docs).
///
/// Every field is plain data, so a partition planned in one process can be sent to another
/// (with the `serde` feature, as JSON or any serde format) and read there.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Partition {
    /// Its place among the file's partitions, from 0.
    pub index: usize,
    /// The file.
    pub path: PathBuf,
    /// How the file is packed.
    pub compression: Compression,
    /// The zstd frames it owns (its games start in them); empty for other files.
    pub frames: Vec<Frame>,
    /// The file's bytes it owns: its frames', or its byte range in a plain file (the whole file
    /// for gzip and bzip2). A reader reads past them to finish the last game.
    pub bytes: Range<u64>,
    /// Where its first game starts.
    pub start: Location,
    /// Where the next partition's first game starts, where this one's games stop; `None` for
    /// the last partition.
    pub end: Option<Location>,
}

/// The partitions of a file, from [`split`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split {
    /// In file order; at least one.
    pub partitions: Vec<Partition>,
    /// Why there are fewer partitions than asked for, when a reason other than the file's size
    /// made it so: a packing that cannot be entered in the middle, cuts with no provable game
    /// start after them.
    pub warnings: Vec<String>,
}

/// Plans `n` partitions of the file at `path` (fewer when the file has fewer frames or bytes
/// than that, or when some cut has no provable game start after it: said in
/// [`Split::warnings`]), as balanced as the frames allow by packed size. Each cut past the
/// first partition decompresses the frames after it up to its first game start; nothing else
/// is decompressed.
///
/// # Errors
///
/// When the file cannot be read, or a zstd file is not frames to its end.
pub fn split(path: impl AsRef<Path>, n: usize, dialect: &Dialect) -> io::Result<Split> {
    let path = path.as_ref();
    let compression = {
        let mut start = Vec::new();
        io::Read::read_to_end(
            &mut io::Read::take(std::fs::File::open(path)?, 4),
            &mut start,
        )?;
        Compression::from_magic(&start)
    };
    let len = std::fs::metadata(path)?.len();
    let mut warnings = Vec::new();
    let whole = |start: Location, frames: Vec<Frame>| Partition {
        index: 0,
        path: path.to_owned(),
        compression,
        frames,
        bytes: 0..len,
        start,
        end: None,
    };
    let partitions = match compression {
        Compression::Zstd => {
            let frames = frames::frame_index(path)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
            if frames.len() < n {
                warnings.push(format!(
                    "{}: {} zstd frame{}, read apart or not at all: at most as many partitions \
                     (pzstd packs a file in frames of a few MiB)",
                    path.display(),
                    frames.len(),
                    if frames.len() == 1 { "" } else { "s" },
                ));
            }
            let starts = zstd_cuts(path, &frames, n, dialect, &mut warnings)?;
            let mut partitions = Vec::new();
            for (k, &(first, start)) in starts.iter().enumerate() {
                let next = starts.get(k + 1);
                let last = next.map_or(frames.len(), |&(f, _)| f);
                let owned = frames[first..last].to_vec();
                let bytes = match (owned.first(), owned.last()) {
                    (Some(a), Some(b)) => a.compressed.start..b.compressed.end,
                    _ => 0..len,
                };
                partitions.push(Partition {
                    index: k,
                    path: path.to_owned(),
                    compression,
                    frames: owned,
                    bytes,
                    start,
                    end: next.map(|&(_, start)| start),
                });
            }
            partitions
        }
        Compression::None => {
            let starts = plain_cuts(path, len, n, dialect, &mut warnings)?;
            starts
                .iter()
                .enumerate()
                .map(|(k, &start)| {
                    let end = starts.get(k + 1).copied();
                    let from = if k == 0 { 0 } else { start.offset };
                    Partition {
                        index: k,
                        path: path.to_owned(),
                        compression,
                        frames: Vec::new(),
                        bytes: from..end.map_or(len, |e| e.offset),
                        start,
                        end,
                    }
                })
                .collect()
        }
        _ => {
            if n > 1 {
                warnings.push(format!(
                    "{}: {compression} cannot be read from the middle: one partition",
                    path.display()
                ));
            }
            vec![whole(
                Location {
                    frame: None,
                    offset: 0,
                },
                Vec::new(),
            )]
        }
    };
    Ok(Split {
        partitions,
        warnings,
    })
}

/// The partition of the zstd file at `path` that owns the games that start in the frames
/// `frames` (indexes as [`frame_index`] numbers them, skippable frames not counted): from the
/// first proven game start at or after frame `frames.start` (the file's start for frame 0) to
/// the first one at or after frame `frames.end`, read past its last frame to finish its last
/// game. `None` when no game starts there (a game that runs through the frames). Ranges that tile the file give each of its games
/// once, as [`split`]'s partitions do: a range is a partition planned by hand (a worker given
/// frame numbers, a rerun of one part).
///
/// # Errors
///
/// [`io::ErrorKind::InvalidInput`] when the file is not zstd or the range goes past its
/// frames; otherwise as for [`split`].
pub fn frames_partition(
    path: impl AsRef<Path>,
    frames: Range<usize>,
    dialect: &Dialect,
) -> io::Result<Option<Partition>> {
    let path = path.as_ref();
    let mut magic = Vec::new();
    io::Read::read_to_end(
        &mut io::Read::take(std::fs::File::open(path)?, 4),
        &mut magic,
    )?;
    let compression = Compression::from_magic(&magic);
    if compression != Compression::Zstd {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{}: frames are those of a zstd file, and this one is {compression}",
                path.display()
            ),
        ));
    }
    let index = frames::frame_index(path)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    if frames.start > frames.end || frames.end > index.len() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{}: frames {}..{} are not a range of its {} frames",
                path.display(),
                frames.start,
                frames.end,
                index.len()
            ),
        ));
    }
    if frames.is_empty() {
        return Ok(None);
    }
    // Where the games from frame `k` on start: the same search whichever range asks, so that
    // a range's end is the next range's start.
    let start_from = |k: usize| -> io::Result<Option<Location>> {
        if k == 0 {
            return Ok(Some(Location {
                frame: Some(0),
                offset: 0,
            }));
        }
        let mut text = Text::frames(path, index[k..].iter().take(1).cloned())?;
        Ok(start::proven_start(&mut text, dialect, Stop::None)?
            .map(|(frame, offset)| Location { frame, offset }))
    };
    let Some(start) = start_from(frames.start)? else {
        return Ok(None);
    };
    let end = match frames.end < index.len() {
        true => start_from(frames.end)?,
        false => None,
    };
    if end.is_some_and(|end| end <= start) {
        return Ok(None);
    }
    // A start found past the range's frames (its line before ends the range) is read there.
    let last = frames.end.max(start.frame.map_or(0, |f| f + 1));
    let owned = index[frames.start..last].to_vec();
    let bytes = owned[0].compressed.start..owned[owned.len() - 1].compressed.end;
    Ok(Some(Partition {
        index: 0,
        path: path.to_owned(),
        compression,
        frames: owned,
        bytes,
        start,
        end,
    }))
}

/// The first frame and the start of each partition of a zstd file.
fn zstd_cuts(
    path: &Path,
    frames: &[Frame],
    n: usize,
    dialect: &Dialect,
    warnings: &mut Vec<String>,
) -> io::Result<Vec<(usize, Location)>> {
    let file_start = Location {
        frame: Some(0),
        offset: 0,
    };
    let total = frames.last().map_or(0, |f| f.compressed.end);
    // The first frame of each partition after the first, by packed size.
    let mut cuts: Vec<usize> = Vec::new();
    for k in 1..n.min(frames.len()) {
        let target = total * k as u64 / n as u64;
        // The frame that starts nearest the target, past the first.
        let after = frames
            .partition_point(|f| f.compressed.start < target)
            .clamp(1, frames.len() - 1);
        let before = (after - 1).max(1);
        let distance = |i: usize| frames[i].compressed.start.abs_diff(target);
        let cut = if distance(before) <= distance(after) {
            before
        } else {
            after
        };
        if cuts.last().is_none_or(|&c| c < cut) {
            cuts.push(cut);
        }
    }
    let mut starts = vec![(0, file_start)];
    let mut dropped = 0;
    for (k, &cut) in cuts.iter().enumerate() {
        let next = cuts.get(k + 1).copied();
        let stop = next.map_or(Stop::None, Stop::Frame);
        // The frames up to the next cut; past them the text reads on from the file itself,
        // so that many cuts of a long index do not each copy the rest of it.
        let mut text = Text::frames(path, frames[cut..next.unwrap_or(frames.len())].to_vec())?;
        match start::proven_start(&mut text, dialect, stop)? {
            Some((frame, offset)) => starts.push((cut, Location { frame, offset })),
            None => dropped += 1,
        }
    }
    if dropped > 0 {
        warnings.push(cut_warning(path, dropped, starts.len()));
    }
    Ok(starts)
}

/// The start of each partition of a plain file.
fn plain_cuts(
    path: &Path,
    len: u64,
    n: usize,
    dialect: &Dialect,
    warnings: &mut Vec<String>,
) -> io::Result<Vec<Location>> {
    let mut starts = vec![Location {
        frame: None,
        offset: 0,
    }];
    let mut dropped = 0;
    let cuts: Vec<u64> = (1..n.max(1) as u64).map(|k| len * k / n as u64).collect();
    for (k, &cut) in cuts.iter().enumerate() {
        if cut == 0 || starts.last().is_some_and(|s| s.offset >= cut) {
            continue;
        }
        let stop = cuts
            .get(k + 1)
            .map_or(Stop::None, |&next| Stop::Offset(next - cut));
        let mut text = Text::plain(path, cut)?;
        match start::proven_start(&mut text, dialect, stop)? {
            Some((_, offset)) => starts.push(Location {
                frame: None,
                offset: cut + offset,
            }),
            None => dropped += 1,
        }
    }
    if dropped > 0 {
        warnings.push(cut_warning(path, dropped, starts.len()));
    }
    Ok(starts)
}

fn cut_warning(path: &Path, dropped: usize, kept: usize) -> String {
    format!(
        "{}: {dropped} cut{} with no game start the line before proves (a result ending it): \
         {kept} partition{}",
        path.display(),
        if dropped == 1 { "" } else { "s" },
        if kept == 1 { "" } else { "s" },
    )
}

/// A game of a partition, or the game the reader could not read there, with where it starts.
#[derive(Debug)]
pub struct PartGame {
    /// Where it starts in the file.
    pub at: Location,
    /// The game, or why it could not be read (a game in the file all the same: a sequential
    /// reader gives the same error at the same place).
    pub game: Result<RawGame, Box<GameError>>,
}

impl Partition {
    /// Reads the partition's games in `dialect`, in file order, in constant memory: the frames
    /// are decompressed as a stream, a block at a time, and only as far as the last game goes.
    ///
    /// The games' numbers, lines and offsets ([`RawGame::number`], [`RawGame::first_line`],
    /// [`RawGame::offset`]) count from the partition's start, except in the first partition;
    /// [`PartGame::at`] is where each is in the file.
    ///
    /// # Errors
    ///
    /// When the file cannot be opened. Reading errors come from the iterator, and end it.
    pub fn read(&self, dialect: &Dialect) -> io::Result<Games> {
        let first = self.start.frame.unwrap_or(0);
        let (text, limit) = match self.compression {
            Compression::Zstd => {
                let owned = self.frames.iter().filter(|f| f.index >= first).cloned();
                (Text::frames(&self.path, owned)?, None)
            }
            Compression::None => (
                Text::plain(&self.path, self.start.offset)?,
                self.end.map(|e| e.offset),
            ),
            _ => (Text::stream(&self.path)?, None),
        };
        let zstd = self.compression == Compression::Zstd;
        // Positions inside a zstd partition count from the start of its first frame's text.
        let origin = Origin {
            offset: self.start.offset,
            line: 1,
        };
        let at = if zstd || self.compression != Compression::None {
            0
        } else {
            self.start.offset
        };
        Ok(Games {
            reader: PartReader::new(dialect.clone(), origin, limit),
            text,
            buf: vec![0; 1 << 20],
            at,
            frames: Vec::new(),
            zstd,
            end: self.end,
            limit,
            index: self.index,
            path: self.path.clone(),
            done: false,
        })
    }
}

/// The games of a partition, from [`Partition::read`].
#[derive(Debug)]
pub struct Games {
    reader: PartReader,
    text: Text,
    buf: Vec<u8>,
    /// The position, in the partition's count, of the next byte of text.
    at: u64,
    /// Where each frame read begins, in the partition's count.
    frames: Vec<(usize, u64)>,
    zstd: bool,
    end: Option<Location>,
    /// Where the next partition's first game starts, in the partition's count, once known.
    limit: Option<u64>,
    index: usize,
    path: PathBuf,
    done: bool,
}

impl Games {
    /// Warnings about text after the file's last game that holds no game, once the last
    /// partition's games are all read (see [`PartReader::trailing_warnings`]).
    #[must_use]
    pub fn trailing_warnings(&self) -> &[Diagnostic] {
        self.reader.trailing_warnings()
    }

    /// Gives back a game the caller is done with, for the next one to reuse its memory.
    pub fn recycle(&mut self, game: RawGame) {
        self.reader.recycle(game);
    }

    /// The file location of a position in the partition's count.
    fn locate(&self, at: u64) -> Location {
        if !self.zstd {
            return Location {
                frame: None,
                offset: at,
            };
        }
        match self.frames.iter().rev().find(|&&(_, start)| start <= at) {
            Some(&(frame, start)) => Location {
                frame: Some(frame),
                offset: at - start,
            },
            None => Location {
                frame: None,
                offset: at,
            },
        }
    }

    /// Feeds the reader the next block of text.
    fn feed(&mut self) {
        loop {
            let piece = match self.text.next(&mut self.buf) {
                Ok(piece) => piece,
                Err(e) => {
                    // As a reader of the whole file: the games before, then the error.
                    let frame = match self.frames.last() {
                        Some((index, _)) if self.zstd => format!(" in frame {index}"),
                        _ => String::new(),
                    };
                    let message = format!("{}{frame}: {e}", self.path.display());
                    self.reader.finish(Some(io::Error::new(e.kind(), message)));
                    return;
                }
            };
            match piece {
                Piece::Frame(index) => {
                    self.frames.push((index, self.at));
                    if let Some(end) = self.end
                        && end.frame == Some(index)
                    {
                        self.limit = Some(self.at + end.offset);
                        self.reader.set_end(self.limit);
                    }
                }
                Piece::Bytes(n) => {
                    self.reader.feed(self.at, &self.buf[..n]);
                    self.at += n as u64;
                    return;
                }
                Piece::End => {
                    self.reader.finish(None);
                    return;
                }
            }
        }
    }

    /// The error of a partition whose end is not where the next one's first game starts.
    fn misplaced(&self, at: u64, clean: bool) -> io::Error {
        let found = self.locate(at);
        let said = self.end.map_or_else(String::new, where_);
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "{}: partition {} should end where the next one's first game starts ({said}), \
                 but {}: the file cannot be split there; read it as one partition",
                self.path.display(),
                self.index,
                if clean && Some(at) != self.limit {
                    format!("the next game starts at {}", where_(found))
                } else {
                    "text that holds no game comes before it".to_owned()
                },
            ),
        )
    }
}

/// A location as people read it.
fn where_(at: Location) -> String {
    match at.frame {
        Some(frame) => format!("frame {frame}, offset {}", at.offset),
        None => format!("offset {}", at.offset),
    }
}

impl Iterator for Games {
    type Item = io::Result<PartGame>;

    fn next(&mut self) -> Option<io::Result<PartGame>> {
        while !self.done {
            match self.reader.step() {
                PartStep::Game(Ok(game)) => {
                    let at = self.locate(game.offset());
                    return Some(Ok(PartGame { at, game: Ok(game) }));
                }
                PartStep::Game(Err(ReadError::Game(error))) => {
                    let at = self.locate(error.offset());
                    return Some(Ok(PartGame {
                        at,
                        game: Err(error),
                    }));
                }
                PartStep::Game(Err(error)) => {
                    self.done = true;
                    return Some(Err(match error {
                        ReadError::Io(e) => e,
                        other => io::Error::other(other.to_string()),
                    }));
                }
                PartStep::Boundary { at, clean } => {
                    self.done = true;
                    if clean && Some(at) == self.limit {
                        return None;
                    }
                    return Some(Err(self.misplaced(at, clean)));
                }
                PartStep::NeedInput => self.feed(),
                PartStep::End => self.done = true,
                // A stop this crate does not know of: said, not taken for the end.
                other => {
                    self.done = true;
                    return Some(Err(io::Error::other(format!(
                        "partition {}: the reader stopped ({other:?})",
                        self.index
                    ))));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    /// Compiles only if `T` can move to another thread.
    fn assert_send<T: Send>() {}

    #[test]
    fn a_partition_reader_can_move_to_another_thread() {
        assert_send::<super::Games>();
        assert_send::<super::Partition>();
    }
}

/// The README's example, compiled as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
