//! A zstd stream decompressed a frame at a time, saying where each frame's text begins in the
//! decompressed stream: what lets a reader of a whole `.pgn.zst` place each game by (frame,
//! offset in the frame's text), as partitions that start at a frame do, whether or not the
//! frame headers give their content sizes.
//!
//! The input is read into a buffer of its own, so the end of each frame is known to the byte:
//! skippable frames between them (pzstd's) are passed over, and anything after the last frame
//! that is not a frame is an error that says where, never text lost.

use std::fmt;
use std::io::{self, Read};

use zstd::stream::raw::{Decoder, InBuffer, Operation, OutBuffer};

/// The magic number of a zstd frame, as its first four bytes read it little-endian.
const ZSTD_MAGIC: u32 = 0xFD2F_B528;

/// Packed bytes read at a time: about what libzstd asks for (`ZSTD_DStreamInSize`).
const INPUT_BUFFER: usize = 1 << 17;

/// What is told, for each frame, when it begins: its index and where its text starts.
pub(crate) type OnFrame = Box<dyn FnMut(usize, u64) + Send>;

/// The text of the zstd frames of `input`, one after the other.
pub(crate) struct ZstdFrames<R> {
    input: R,
    buf: Box<[u8]>,
    /// The unread packed bytes are `buf[pos..len]`.
    pos: usize,
    len: usize,
    /// `input` gave its last byte.
    eof: bool,
    /// Packed bytes consumed before `buf[pos]`: the input offset, for error messages.
    consumed: u64,
    decoder: Decoder<'static>,
    /// A frame was begun and not finished.
    in_frame: bool,
    /// Bytes of a skippable frame still to pass over.
    skip: u64,
    /// Frames begun so far; the index of the next one.
    frames: usize,
    /// Text given so far.
    text: u64,
    on_frame: Option<OnFrame>,
}

impl<R> fmt::Debug for ZstdFrames<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ZstdFrames")
            .field("frames", &self.frames)
            .field("text", &self.text)
            .field("consumed", &self.consumed)
            .finish_non_exhaustive()
    }
}

impl<R: Read> ZstdFrames<R> {
    pub(crate) fn new(input: R) -> io::Result<ZstdFrames<R>> {
        Ok(ZstdFrames {
            input,
            buf: vec![0; INPUT_BUFFER].into_boxed_slice(),
            pos: 0,
            len: 0,
            eof: false,
            consumed: 0,
            decoder: Decoder::new()?,
            in_frame: false,
            skip: 0,
            frames: 0,
            text: 0,
            on_frame: None,
        })
    }

    pub(crate) fn set_on_frame(&mut self, on_frame: OnFrame) {
        self.on_frame = Some(on_frame);
    }

    /// Reads more packed bytes after those unread; `false` at the end of the input.
    fn fill(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        if self.pos > 0 {
            self.buf.copy_within(self.pos..self.len, 0);
            self.len -= self.pos;
            self.pos = 0;
        }
        loop {
            match self.input.read(&mut self.buf[self.len..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.len += n;
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// At least `n` unread bytes (fewer only at the end of the input): how many there are.
    fn want(&mut self, n: usize) -> io::Result<usize> {
        while self.len - self.pos < n && self.fill()? {}
        Ok(self.len - self.pos)
    }

    fn advance(&mut self, n: usize) {
        self.pos += n;
        self.consumed += n as u64;
    }

    fn u32_at(&self, k: usize) -> u32 {
        let at = self.pos + k;
        u32::from_le_bytes([
            self.buf[at],
            self.buf[at + 1],
            self.buf[at + 2],
            self.buf[at + 3],
        ])
    }

    fn invalid(&self, what: &str) -> io::Error {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{what} at byte {}", self.consumed),
        )
    }

    /// Passes over skippable frames and begins the next zstd frame; `false` at the end of the
    /// input, between frames.
    fn begin_frame(&mut self) -> io::Result<bool> {
        loop {
            while self.skip > 0 {
                if self.pos == self.len && !self.fill()? {
                    return Err(io::Error::new(
                        io::ErrorKind::UnexpectedEof,
                        format!("a skippable zstd frame cut short at byte {}", self.consumed),
                    ));
                }
                let n = (self.len - self.pos).min(usize::try_from(self.skip).unwrap_or(usize::MAX));
                self.advance(n);
                self.skip -= n as u64;
            }
            match self.want(4)? {
                0 => return Ok(false),
                1..=3 => return Err(self.invalid("not a zstd frame")),
                _ => {}
            }
            let magic = self.u32_at(0);
            if magic & 0xFFFF_FFF0 == 0x184D_2A50 {
                if self.want(8)? < 8 {
                    return Err(self.invalid("a skippable zstd frame cut short"));
                }
                self.skip = u64::from(self.u32_at(4));
                self.advance(8);
                continue;
            }
            if magic != ZSTD_MAGIC {
                return Err(self.invalid("not a zstd frame"));
            }
            self.decoder.reinit()?;
            self.in_frame = true;
            if let Some(on_frame) = &mut self.on_frame {
                on_frame(self.frames, self.text);
            }
            self.frames += 1;
            return Ok(true);
        }
    }
}

impl<R: Read> Read for ZstdFrames<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if out.is_empty() {
            return Ok(0);
        }
        loop {
            if !self.in_frame && !self.begin_frame()? {
                return Ok(0);
            }
            if self.pos == self.len {
                self.fill()?;
            }
            let mut src = InBuffer::around(&self.buf[self.pos..self.len]);
            let mut dst = OutBuffer::around(&mut *out);
            let frame = self.frames - 1;
            let hint = self
                .decoder
                .run(&mut src, &mut dst)
                .map_err(|e| io::Error::new(e.kind(), format!("zstd frame {frame}: {e}")))?;
            let (read, written) = (src.pos(), dst.pos());
            self.advance(read);
            if hint == 0 {
                self.in_frame = false;
            }
            if written > 0 {
                self.text += written as u64;
                return Ok(written);
            }
            if hint != 0 && read == 0 && self.pos == self.len && self.eof {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    format!("zstd frame {frame} cut short at byte {}", self.consumed),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_packing::pack;

    fn games(n: usize) -> Vec<u8> {
        (0..n)
            .map(|i| format!("[Event \"{i}\"]\n\n1. e4 e5 2. Nf3 {{ {i} }} Nc6 *\n\n"))
            .collect::<String>()
            .into_bytes()
    }

    /// The text, read through a small buffer, and the frame starts told.
    fn read(packed: &[u8]) -> (io::Result<Vec<u8>>, Vec<(usize, u64)>) {
        let starts = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut reader = ZstdFrames::new(packed).unwrap();
        let told = std::sync::Arc::clone(&starts);
        reader.set_on_frame(Box::new(move |k, at| told.lock().unwrap().push((k, at))));
        let mut text = Vec::new();
        let mut chunk = [0; 1000];
        let result = loop {
            match reader.read(&mut chunk) {
                Ok(0) => break Ok(text),
                Ok(n) => text.extend_from_slice(&chunk[..n]),
                Err(e) => break Err(e),
            }
        };
        let starts = starts.lock().unwrap().clone();
        (result, starts)
    }

    #[test]
    fn every_frame_is_told_where_its_text_begins() {
        let text = games(2000);
        for (sized, pzstd) in [(true, false), (false, false), (true, true), (false, true)] {
            let (got, starts) = read(&pack(&text, 7000, sized, pzstd));
            assert_eq!(got.unwrap(), text, "{sized} {pzstd}");
            let want: Vec<(usize, u64)> = (0..text.len().div_ceil(7000))
                .map(|k| (k, (k * 7000) as u64))
                .collect();
            assert_eq!(starts, want, "{sized} {pzstd}");
        }
    }

    #[test]
    fn an_empty_frame_and_an_empty_input_read_as_no_text() {
        let mut packed = zstd::encode_all(&b""[..], 3).unwrap();
        packed.extend(zstd::encode_all(&b"1. e4 *\n"[..], 3).unwrap());
        let (got, starts) = read(&packed);
        assert_eq!(got.unwrap(), b"1. e4 *\n");
        assert_eq!(starts, [(0, 0), (1, 0)]);
        let (got, starts) = read(b"");
        assert!(got.unwrap().is_empty() && starts.is_empty());
    }

    #[test]
    fn what_follows_the_frames_or_cuts_them_is_an_error_that_says_where() {
        let text = games(300);
        let packed = pack(&text, 5000, false, true);
        let mut junk = packed.clone();
        junk.extend_from_slice(b"[Event");
        let (got, _) = read(&junk);
        let e = got.unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
        assert_eq!(
            e.to_string(),
            format!("not a zstd frame at byte {}", packed.len())
        );
        let (got, _) = read(&packed[..packed.len() - 7]);
        let e = got.unwrap_err();
        assert!(e.to_string().contains("cut short"), "{e}");
        let mut corrupt = packed.clone();
        corrupt[packed.len() / 2] ^= 0x55;
        assert!(read(&corrupt).0.is_err());
    }
}
