//! Game records as the command line reads them: plain or compressed, from a file or stdin.
//!
//! The compression is told by the first bytes of the input, not by its name: a `.pgn` that is
//! really gzip reads, a `.zst` that is plain text reads too. Decompression is a stream: memory
//! stays bounded whatever the size of the input.
//!
//! # Examples
//!
//! ```
//! use std::io::Read;
//! use record_input::{Compression, decompress};
//!
//! let (compression, mut plain) = decompress(&b"[Event \"x\"]\n"[..]).unwrap();
//! assert_eq!(compression, Compression::None);
//! let mut text = String::new();
//! plain.read_to_string(&mut text).unwrap();
//! assert_eq!(text, "[Event \"x\"]\n");
//! ```

use std::fmt;
use std::io::{self, BufReader, Read};

pub mod frames;
mod zstd_frames;

#[cfg(test)]
mod test_packing;

/// How an input is packed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Compression {
    /// Plain text.
    None,
    /// Zstandard, one frame or several one after the other, maybe with skippable frames
    /// between them (`pzstd`, the lichess database).
    Zstd,
    /// gzip, one member or several.
    Gzip,
    /// bzip2, one stream or several.
    Bzip2,
}

impl Compression {
    /// The compression whose magic bytes `start` begins with; [`Compression::None`] when none.
    ///
    /// # Examples
    ///
    /// ```
    /// use record_input::Compression;
    ///
    /// assert_eq!(Compression::from_magic(b"\x28\xb5\x2f\xfd..."), Compression::Zstd);
    /// // pzstd (and the lichess database) starts with a skippable frame.
    /// assert_eq!(Compression::from_magic(b"\x50\x2a\x4d\x18..."), Compression::Zstd);
    /// assert_eq!(Compression::from_magic(b"\x1f\x8b\x08"), Compression::Gzip);
    /// assert_eq!(Compression::from_magic(b"BZh91AY&SY"), Compression::Bzip2);
    /// assert_eq!(Compression::from_magic(b"[Event"), Compression::None);
    /// ```
    #[must_use]
    pub fn from_magic(start: &[u8]) -> Compression {
        match start {
            [0x28, 0xb5, 0x2f, 0xfd, ..] => Compression::Zstd,
            // A skippable frame, magic 0x184D2A50 to 0x184D2A5F: what pzstd writes first.
            [0x50..=0x5f, 0x2a, 0x4d, 0x18, ..] => Compression::Zstd,
            [0x1f, 0x8b, ..] => Compression::Gzip,
            // "BZh" then the block size, a digit 1 to 9.
            [b'B', b'Z', b'h', b'1'..=b'9', ..] => Compression::Bzip2,
            _ => Compression::None,
        }
    }

    /// Its name as people say it: `zstd`, `gzip`, `bzip2`, `none`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Compression::None => "none",
            Compression::Zstd => "zstd",
            Compression::Gzip => "gzip",
            Compression::Bzip2 => "bzip2",
        }
    }
}

impl fmt::Display for Compression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How many bytes the magic numbers take at most.
const MAGIC: usize = 4;

/// The input with the first bytes, read to tell the packing, in front of it again.
type Whole<R> = io::Chain<io::Take<io::Cursor<[u8; MAGIC]>>, R>;

/// An input decompressed as its first bytes say, from [`decompress`]: plain text as it is,
/// zstd frame after frame, gzip member after member, bzip2 stream after stream.
///
/// It is [`Send`] when the input is, so a reader can be moved to the thread (or handed to the
/// Python binding, which releases the interpreter while it reads) that does the work.
pub struct Decompressed<R> {
    inner: Inner<R>,
}

enum Inner<R> {
    Plain(BufReader<Whole<R>>),
    Zstd(zstd_frames::ZstdFrames<Whole<R>>),
    Gzip(flate2::bufread::MultiGzDecoder<BufReader<Whole<R>>>),
    Bzip2(bzip2::bufread::MultiBzDecoder<BufReader<Whole<R>>>),
}

impl<R> fmt::Debug for Decompressed<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match &self.inner {
            Inner::Plain(_) => Compression::None,
            Inner::Zstd(_) => Compression::Zstd,
            Inner::Gzip(_) => Compression::Gzip,
            Inner::Bzip2(_) => Compression::Bzip2,
        };
        f.debug_struct("Decompressed")
            .field("compression", &name)
            .finish_non_exhaustive()
    }
}

impl<R: Read> Decompressed<R> {
    /// Has `on_frame(index, offset)` called as each zstd frame begins, before any of its text
    /// is read: its index in the input (from 0, skippable frames not counted) and the offset
    /// of its first byte of text in the decompressed stream. Nothing is called for input that
    /// is not zstd. What lets a reader of the whole stream place a game by its frame and its
    /// offset in the frame's text, as a partition that starts at a frame does, whether or not
    /// the frame headers give their sizes.
    pub fn on_frame(&mut self, on_frame: impl FnMut(usize, u64) + Send + 'static) {
        if let Inner::Zstd(frames) = &mut self.inner {
            frames.set_on_frame(Box::new(on_frame));
        }
    }
}

impl<R: Read> Read for Decompressed<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match &mut self.inner {
            Inner::Plain(r) => r.read(buf),
            Inner::Zstd(r) => r.read(buf),
            Inner::Gzip(r) => r.read(buf),
            Inner::Bzip2(r) => r.read(buf),
        }
    }
}

/// `input` decompressed as its first bytes say, and how it was packed.
///
/// # Errors
///
/// When the first bytes cannot be read, or the decoder cannot start.
pub fn decompress<R: Read>(mut input: R) -> io::Result<(Compression, Decompressed<R>)> {
    // A pipe may hand the first bytes over a few at a time: read until there are enough or
    // the input ends, then read them again in front of the rest.
    let mut start = [0; MAGIC];
    let mut len = 0;
    while len < MAGIC {
        match input.read(&mut start[len..]) {
            Ok(0) => break,
            Ok(n) => len += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    let compression = Compression::from_magic(&start[..len]);
    let whole = io::Cursor::new(start).take(len as u64).chain(input);
    let buffered = |whole| BufReader::with_capacity(1 << 16, whole);
    let inner = match compression {
        Compression::None => Inner::Plain(buffered(whole)),
        Compression::Zstd => Inner::Zstd(zstd_frames::ZstdFrames::new(whole)?),
        Compression::Gzip => Inner::Gzip(flate2::bufread::MultiGzDecoder::new(buffered(whole))),
        Compression::Bzip2 => Inner::Bzip2(bzip2::bufread::MultiBzDecoder::new(buffered(whole))),
    };
    Ok((compression, Decompressed { inner }))
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    const TEXT: &str = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 d5 *\n";

    fn read_all(bytes: &[u8]) -> (Compression, String) {
        let (compression, mut reader) = decompress(bytes).unwrap();
        let mut text = String::new();
        reader.read_to_string(&mut text).unwrap();
        (compression, text)
    }

    /// Each half of the text packed on its own, the packs one after the other.
    fn halves(pack: impl Fn(&[u8]) -> Vec<u8>) -> Vec<u8> {
        let (a, b) = TEXT.split_at(TEXT.len() / 2);
        let mut both = pack(a.as_bytes());
        both.extend(pack(b.as_bytes()));
        both
    }

    #[test]
    fn every_frame_and_member_is_read() {
        let zstd = halves(|t| zstd::encode_all(t, 3).unwrap());
        assert_eq!(read_all(&zstd), (Compression::Zstd, TEXT.to_owned()));
        let gzip = halves(|t| {
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            e.write_all(t).unwrap();
            e.finish().unwrap()
        });
        assert_eq!(read_all(&gzip), (Compression::Gzip, TEXT.to_owned()));
        let bzip2 = halves(|t| {
            let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
            e.write_all(t).unwrap();
            e.finish().unwrap()
        });
        assert_eq!(read_all(&bzip2), (Compression::Bzip2, TEXT.to_owned()));
    }

    #[test]
    fn a_file_that_starts_with_a_skippable_frame_is_zstd() {
        // As pzstd writes each frame: a skippable frame giving the size of the frame after it.
        let mut packed = Vec::new();
        for half in [&TEXT[..20], &TEXT[20..]] {
            let frame = zstd::encode_all(half.as_bytes(), 3).unwrap();
            packed.extend(0x184D_2A50u32.to_le_bytes());
            packed.extend(4u32.to_le_bytes());
            packed.extend((frame.len() as u32).to_le_bytes());
            packed.extend(frame);
        }
        assert_eq!(read_all(&packed), (Compression::Zstd, TEXT.to_owned()));
    }

    #[test]
    fn short_and_empty_inputs_are_plain_text() {
        assert_eq!(read_all(b""), (Compression::None, String::new()));
        assert_eq!(read_all(b"*"), (Compression::None, "*".to_owned()));
        assert_eq!(read_all(b"BZh"), (Compression::None, "BZh".to_owned()));
    }

    /// An input that hands over one byte a read, as a slow pipe may.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let Some((first, rest)) = self.0.split_first() else {
                return Ok(0);
            };
            buf[0] = *first;
            self.0 = rest;
            Ok(1)
        }
    }

    #[test]
    fn magic_bytes_that_come_one_at_a_time_are_recognised() {
        let packed = zstd::encode_all(TEXT.as_bytes(), 3).unwrap();
        let (compression, mut reader) = decompress(Trickle(&packed)).unwrap();
        assert_eq!(compression, Compression::Zstd);
        let mut text = String::new();
        reader.read_to_string(&mut text).unwrap();
        assert_eq!(text, TEXT);
    }

    /// Compiles only if `T` can move to another thread.
    fn assert_send<T: Send>() {}

    #[test]
    fn the_decompressed_reader_of_a_sendable_input_is_sendable() {
        assert_send::<Decompressed<std::fs::File>>();
        assert_send::<Decompressed<io::Cursor<Vec<u8>>>>();
        assert_send::<frames::FrameReader<std::fs::File>>();
    }

    #[test]
    fn each_zstd_frame_is_told_where_its_text_begins() {
        let (a, b) = TEXT.split_at(17);
        let packed = halves(|t| zstd::encode_all(t, 3).unwrap());
        let (_, mut reader) = decompress(&packed[..]).unwrap();
        let told = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let sink = std::sync::Arc::clone(&told);
        reader.on_frame(move |k, at| sink.lock().unwrap().push((k, at)));
        let mut text = String::new();
        reader.read_to_string(&mut text).unwrap();
        assert_eq!(text, TEXT);
        let half = (TEXT.len() / 2) as u64;
        assert_eq!(*told.lock().unwrap(), [(0, 0), (1, half)]);
        // Plain text has no frames to tell.
        let plain = format!("{a}{b}");
        let (_, mut reader) = decompress(plain.as_bytes()).unwrap();
        let sink = std::sync::Arc::clone(&told);
        reader.on_frame(move |k, at| sink.lock().unwrap().push((k, at)));
        reader.read_to_string(&mut String::new()).unwrap();
        assert_eq!(told.lock().unwrap().len(), 2);
    }

    #[test]
    fn a_corrupt_stream_is_an_error_not_a_short_text() {
        let mut packed = zstd::encode_all(TEXT.as_bytes(), 3).unwrap();
        let len = packed.len();
        packed.truncate(len - 3);
        let (_, mut reader) = decompress(&packed[..]).unwrap();
        let mut text = String::new();
        assert!(reader.read_to_string(&mut text).is_err());
    }
}

/// The README's example, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
