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

/// `input` decompressed as its first bytes say, and how it was packed.
///
/// # Errors
///
/// When the first bytes cannot be read, or the decoder cannot start.
pub fn decompress<'a, R: Read + 'a>(mut input: R) -> io::Result<(Compression, Box<dyn Read + 'a>)> {
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
    let whole = BufReader::with_capacity(
        1 << 16,
        io::Cursor::new(start).take(len as u64).chain(input),
    );
    let reader: Box<dyn Read + 'a> = match compression {
        Compression::None => Box::new(whole),
        Compression::Zstd => Box::new(zstd::stream::read::Decoder::with_buffer(whole)?),
        Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(whole)),
        Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(whole)),
    };
    Ok((compression, reader))
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
