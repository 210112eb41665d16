//! The frames of a zstd file, found without decompressing them: where each starts and ends,
//! and how much text it holds when its header says so.
//!
//! A zstd file is frames one after the other, each decompressed on its own. The lichess
//! database packs its files as `pzstd` does: before each frame a skippable frame (magic
//! `0x184D2A50` to `0x184D2A5F`) whose four bytes of content give the size of the frame after
//! it, so the index is one jump per frame. Other files (`zstd -B`, `zstd --long` output cut in
//! frames, frames written one by one) are walked block by block: each block header gives the
//! block's size, so no block is decompressed. Either way the index costs a few reads per frame,
//! whatever the file's size.
//!
//! # Examples
//!
//! ```
//! use std::io::{Cursor, Read};
//! use record_input::frames::{frame_index_of, read_frame};
//!
//! let mut file = zstd::encode_all(&b"[Event \"a\"]\n1. e4 *\n"[..], 3).unwrap();
//! file.extend(zstd::encode_all(&b"[Event \"b\"]\n1. d4 *\n"[..], 3).unwrap());
//! let frames = frame_index_of(Cursor::new(&file)).unwrap();
//! assert_eq!(frames.len(), 2);
//! assert_eq!(frames[1].content_size, Some(20));
//! let mut second = String::new();
//! read_frame(Cursor::new(&file), &frames[1]).unwrap().read_to_string(&mut second).unwrap();
//! assert_eq!(second, "[Event \"b\"]\n1. d4 *\n");
//! ```

use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, Read, Seek, SeekFrom};
use std::ops::Range;
use std::path::Path;

/// The magic number of a zstd frame, as its first four bytes read it little-endian.
const ZSTD_MAGIC: u32 = 0xFD2F_B528;

/// Whether a frame's magic number is that of a skippable frame (`0x184D2A50` to `0x184D2A5F`).
const fn is_skippable(magic: u32) -> bool {
    magic & 0xFFFF_FFF0 == 0x184D_2A50
}

/// One zstd frame of a file (skippable frames are not listed).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Frame {
    /// Its place among the file's frames, from 0.
    pub index: usize,
    /// Its bytes in the file, from its magic number to its last byte (its checksum, if any).
    pub compressed: Range<u64>,
    /// How many bytes it decompresses to, when its header says (`Frame_Content_Size`); pzstd
    /// and streaming compressors often leave it out.
    pub content_size: Option<u64>,
}

/// The frames of the zstd file at `path`.
///
/// # Errors
///
/// When the file cannot be read, or is not zstd frames to its end
/// ([`io::ErrorKind::InvalidData`], with the offset where it stops being one).
pub fn frame_index(path: impl AsRef<Path>) -> io::Result<Vec<Frame>> {
    frame_index_of(File::open(path)?)
}

/// The frames of a zstd stream that can be read at any offset (a file, a `Cursor`).
///
/// # Errors
///
/// As for [`frame_index`].
pub fn frame_index_of<R: Read + Seek>(input: R) -> io::Result<Vec<Frame>> {
    let mut walker = Walker::new(input, 0, 0)?;
    let mut frames = Vec::new();
    while let Some(frame) = walker.next_frame()? {
        frames.push(frame);
    }
    Ok(frames)
}

/// The frame that follows `previous` in `input` (skippable frames passed over), `None` at the
/// end of the input: for reading on past a known frame without indexing the whole file.
///
/// # Errors
///
/// As for [`frame_index`], for the bytes after `previous`.
pub fn frame_after<R: Read + Seek>(input: R, previous: &Frame) -> io::Result<Option<Frame>> {
    Walker::new(input, previous.compressed.end, previous.index + 1)?.next_frame()
}

/// Finds frames one after the other from a frame's (or a skippable frame's) start.
struct Walker<R> {
    input: BufReader<R>,
    len: u64,
    at: u64,
    index: usize,
}

impl<R: Read + Seek> Walker<R> {
    fn new(input: R, at: u64, index: usize) -> io::Result<Walker<R>> {
        let mut input = BufReader::with_capacity(1 << 12, input);
        let len = input.seek(SeekFrom::End(0))?;
        input.seek(SeekFrom::Start(at.min(len)))?;
        Ok(Walker {
            input,
            len,
            at,
            index,
        })
    }

    fn next_frame(&mut self) -> io::Result<Option<Frame>> {
        let (input, len) = (&mut self.input, self.len);
        // The size of the next frame, as the skippable frame before it says (pzstd).
        let mut told: Option<u64> = None;
        while self.at < len {
            let at = self.at;
            let magic = read_u32(input, at)?;
            if is_skippable(magic) {
                let size = u64::from(read_u32(input, at + 4)?);
                let end = at + 8 + size;
                if end > len {
                    return Err(invalid(
                        at,
                        "a skippable frame runs past the end of the file",
                    ));
                }
                told = if size == 4 {
                    Some(u64::from(read_u32(input, at + 8)?))
                } else {
                    None
                };
                self.at = end;
                continue;
            }
            if magic != ZSTD_MAGIC {
                return Err(invalid(at, "not a zstd frame"));
            }
            let header = frame_header(input, at, len)?;
            let end = match told.take() {
                Some(size) if at + size <= len && starts_frame(input, at + size, len)? => at + size,
                // No size told, or one that does not end where a frame (or the file) does.
                _ => walk_blocks(input, at, header.blocks_at, header.checksum, len)?,
            };
            let frame = Frame {
                index: self.index,
                compressed: at..end,
                content_size: header.content_size,
            };
            self.index += 1;
            self.at = end;
            return Ok(Some(frame));
        }
        Ok(None)
    }
}

/// The text of one frame of `input`, decompressed as a stream: what [`read_frame`] gives.
/// It is [`Send`] when the input is.
pub struct FrameReader<R: Read> {
    decoder: zstd::stream::read::Decoder<'static, BufReader<io::Take<R>>>,
}

impl<R: Read> fmt::Debug for FrameReader<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FrameReader").finish_non_exhaustive()
    }
}

impl<R: Read> Read for FrameReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.decoder.read(buf)
    }
}

/// The text of one frame of `input`, decompressed as a stream.
///
/// # Errors
///
/// When `input` cannot be read at the frame's offset, or the decoder cannot start; a frame
/// whose bytes are corrupt gives an error when read, never a short text.
pub fn read_frame<R: Read + Seek>(mut input: R, frame: &Frame) -> io::Result<FrameReader<R>> {
    input.seek(SeekFrom::Start(frame.compressed.start))?;
    let bytes = frame.compressed.end - frame.compressed.start;
    let packed = BufReader::with_capacity(1 << 17, input.take(bytes));
    let decoder = zstd::stream::read::Decoder::with_buffer(packed)?.single_frame();
    Ok(FrameReader { decoder })
}

/// What a frame header says.
struct Header {
    /// The offset of the first block header.
    blocks_at: u64,
    content_size: Option<u64>,
    /// The frame ends with a four-byte checksum.
    checksum: bool,
}

/// Reads the header of the frame at `at` (its magic number checked).
fn frame_header<R: Read + Seek>(input: &mut BufReader<R>, at: u64, len: u64) -> io::Result<Header> {
    let descriptor = read_bytes::<1>(input, at + 4)?[0];
    let fcs_flag = descriptor >> 6;
    let single_segment = descriptor & 0x20 != 0;
    if descriptor & 0x08 != 0 {
        return Err(invalid(at, "a zstd frame header with its reserved bit set"));
    }
    let checksum = descriptor & 0x04 != 0;
    let dictionary = [0, 1, 2, 4][usize::from(descriptor & 0x03)];
    let window = u64::from(!single_segment);
    let fcs_len = match (fcs_flag, single_segment) {
        (0, false) => 0,
        (0, true) => 1,
        (1, _) => 2,
        (2, _) => 4,
        _ => 8,
    };
    let fcs_at = at + 5 + window + dictionary;
    let blocks_at = fcs_at + fcs_len;
    if blocks_at > len {
        return Err(invalid(at, "a zstd frame header cut short"));
    }
    let content_size = match fcs_len {
        0 => None,
        1 => Some(u64::from(read_bytes::<1>(input, fcs_at)?[0])),
        2 => Some(u64::from(u16::from_le_bytes(read_bytes::<2>(input, fcs_at)?)) + 256),
        4 => Some(u64::from(u32::from_le_bytes(read_bytes::<4>(
            input, fcs_at,
        )?))),
        _ => Some(u64::from_le_bytes(read_bytes::<8>(input, fcs_at)?)),
    };
    Ok(Header {
        blocks_at,
        content_size,
        checksum,
    })
}

/// The end of the frame at `at` whose blocks start at `blocks_at`, found from the blocks'
/// headers alone.
fn walk_blocks<R: Read + Seek>(
    input: &mut BufReader<R>,
    at: u64,
    blocks_at: u64,
    checksum: bool,
    len: u64,
) -> io::Result<u64> {
    let mut block = blocks_at;
    loop {
        if block + 3 > len {
            return Err(invalid(at, "a zstd frame cut short"));
        }
        let [a, b, c] = read_bytes::<3>(input, block)?;
        let header = u32::from_le_bytes([a, b, c, 0]);
        let last = header & 1 != 0;
        let size = u64::from(header >> 3);
        let stored = match (header >> 1) & 3 {
            // Raw and compressed blocks hold `size` bytes; an RLE block one byte repeated.
            0 | 2 => size,
            1 => 1,
            _ => return Err(invalid(block, "a zstd block of the reserved type")),
        };
        block += 3 + stored;
        if last {
            break;
        }
    }
    let end = block + if checksum { 4 } else { 0 };
    if end > len {
        return Err(invalid(at, "a zstd frame cut short"));
    }
    Ok(end)
}

/// Whether `at` is the end of the input or the start of a frame (zstd or skippable).
fn starts_frame<R: Read + Seek>(input: &mut BufReader<R>, at: u64, len: u64) -> io::Result<bool> {
    if at == len {
        return Ok(true);
    }
    if at + 4 > len {
        return Ok(false);
    }
    let magic = read_u32(input, at)?;
    Ok(magic == ZSTD_MAGIC || is_skippable(magic))
}

/// The little-endian `u32` at `at`.
fn read_u32<R: Read + Seek>(input: &mut BufReader<R>, at: u64) -> io::Result<u32> {
    read_bytes::<4>(input, at).map(u32::from_le_bytes)
}

/// `N` bytes at offset `at`, seeking there first (within the buffer when it holds them).
fn read_bytes<const N: usize>(
    input: &mut BufReader<impl Read + Seek>,
    at: u64,
) -> io::Result<[u8; N]> {
    let here = input.stream_position()?;
    if here != at {
        input.seek_relative(at as i64 - here as i64)?;
    }
    let mut bytes = [0; N];
    input.read_exact(&mut bytes).map_err(|e| {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            invalid(at, "a zstd file cut short")
        } else {
            e
        }
    })?;
    Ok(bytes)
}

fn invalid(at: u64, what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("{what} at byte {at}"))
}

#[cfg(test)]
mod tests {
    use crate::test_packing::pack;
    use std::io::Cursor;

    use super::*;

    fn text(n: usize) -> Vec<u8> {
        (0..n)
            .map(|i| format!("[Event \"{i}\"]\n1. e4 e5 2. Nf3 {{ {i} }} Nc6 *\n\n"))
            .collect::<String>()
            .into_bytes()
    }

    fn unpacked(file: &[u8], frames: &[Frame]) -> Vec<u8> {
        let mut all = Vec::new();
        for frame in frames {
            read_frame(Cursor::new(file), frame)
                .unwrap()
                .read_to_end(&mut all)
                .unwrap();
        }
        all
    }

    #[test]
    fn frames_are_found_with_and_without_sizes_and_skippable_frames() {
        let text = text(3000);
        for (sized, pzstd) in [(true, false), (false, false), (true, true), (false, true)] {
            let file = pack(&text, 10_000, sized, pzstd);
            let frames = frame_index_of(Cursor::new(&file)).unwrap();
            assert_eq!(frames.len(), text.len().div_ceil(10_000), "{sized} {pzstd}");
            assert!(frames.iter().enumerate().all(|(k, f)| f.index == k));
            assert!(
                frames
                    .windows(2)
                    .all(|w| w[0].compressed.end <= w[1].compressed.start)
            );
            assert_eq!(frames.last().unwrap().compressed.end, file.len() as u64);
            let sizes: Vec<_> = frames.iter().map(|f| f.content_size).collect();
            let expected: Vec<_> = text
                .chunks(10_000)
                .map(|c| sized.then_some(c.len() as u64))
                .collect();
            assert_eq!(sizes, expected);
            assert_eq!(unpacked(&file, &frames), text);
        }
    }

    #[test]
    fn the_frame_after_one_is_found_from_it() {
        let text = text(500);
        let file = pack(&text, 3000, false, true);
        let frames = frame_index_of(Cursor::new(&file)).unwrap();
        for pair in frames.windows(2) {
            let next = frame_after(Cursor::new(&file), &pair[0]).unwrap();
            assert_eq!(next.as_ref(), Some(&pair[1]));
        }
        let last = frames.last().unwrap();
        assert_eq!(frame_after(Cursor::new(&file), last).unwrap(), None);
    }

    #[test]
    fn raw_and_rle_blocks_are_walked() {
        // Incompressible bytes make raw blocks, a run of one byte an RLE block.
        let mut state = 0x1234_5678_u64;
        let mut text: Vec<u8> = (0..300_000)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state as u8
            })
            .collect();
        text.extend(std::iter::repeat_n(b'a', 300_000));
        let file = pack(&text, 200_000, false, false);
        let frames = frame_index_of(Cursor::new(&file)).unwrap();
        assert_eq!(frames.len(), 3);
        assert_eq!(unpacked(&file, &frames), text);
    }

    #[test]
    fn a_wrong_size_in_a_skippable_frame_is_not_trusted() {
        let text = text(200);
        let mut file = pack(&text, 4000, false, true);
        // The first skippable frame says one byte less than the frame holds.
        let told = u32::from_le_bytes(file[8..12].try_into().unwrap());
        file[8..12].copy_from_slice(&(told - 1).to_le_bytes());
        let frames = frame_index_of(Cursor::new(&file)).unwrap();
        assert_eq!(frames[0].compressed, 12..12 + u64::from(told));
        assert_eq!(unpacked(&file, &frames), text);
    }

    #[test]
    fn what_is_not_zstd_or_is_cut_is_an_error_that_says_where() {
        let e = frame_index_of(Cursor::new(b"[Event \"x\"]\n")).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
        assert_eq!(e.to_string(), "not a zstd frame at byte 0");
        let text = text(100);
        let mut file = pack(&text, 2000, false, false);
        file.truncate(file.len() - 5);
        let e = frame_index_of(Cursor::new(&file)).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
        assert!(e.to_string().contains("cut short"), "{e}");
        assert!(frame_index_of(Cursor::new(b"")).unwrap().is_empty());
    }

    #[test]
    fn a_corrupt_or_cut_frame_reads_as_an_error() {
        let text = text(100);
        // With checksums: a changed byte cannot go unseen.
        let file = pack(&text, 100_000, false, false);
        let frames = frame_index_of(Cursor::new(&file)).unwrap();
        let mut corrupt = file.clone();
        corrupt[file.len() / 2] ^= 0xFF;
        let mut out = Vec::new();
        let read = read_frame(Cursor::new(&corrupt), &frames[0])
            .unwrap()
            .read_to_end(&mut out);
        assert!(read.is_err());
        // A frame that says it is longer than the file holds.
        let cut = Frame {
            compressed: 0..file.len() as u64 - 10,
            ..frames[0].clone()
        };
        let read = read_frame(Cursor::new(&file), &cut)
            .unwrap()
            .read_to_end(&mut Vec::new());
        assert!(read.is_err());
    }
}
