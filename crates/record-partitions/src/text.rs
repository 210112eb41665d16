//! The text of a file from a partition's start, decompressed as a stream, with the places where
//! its zstd frames begin.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;

use record_input::frames::{self, Frame};

/// What [`Text::next`] gave.
pub(crate) enum Piece {
    /// Frame `index` begins: the bytes that follow are its text, from its start.
    Frame(usize),
    /// This many bytes of text were read.
    Bytes(usize),
    /// The text is over.
    End,
}

/// A file's text from some place on: its zstd frames one after the other (past the frames a
/// partition owns when the reading goes on), its plain bytes, or a gzip or bzip2 stream.
pub(crate) enum Text {
    Frames {
        file: File,
        /// Frames known to come next.
        queue: VecDeque<Frame>,
        /// The frame being read, to find the one after it when the queue is empty.
        last: Option<Frame>,
        decoder: Option<frames::FrameReader<File>>,
    },
    /// Plain bytes, or a stream decompressed whole; `Send`, as every reader here is, so that
    /// a partition's games can be read on any thread.
    Stream(Box<dyn Read + Send>),
}

impl Text {
    /// The frames `queue`, then those that follow them in the file.
    pub(crate) fn frames(path: &Path, queue: impl IntoIterator<Item = Frame>) -> io::Result<Text> {
        Ok(Text::Frames {
            file: File::open(path)?,
            queue: queue.into_iter().collect(),
            last: None,
            decoder: None,
        })
    }

    /// The plain bytes of the file from `offset`.
    pub(crate) fn plain(path: &Path, offset: u64) -> io::Result<Text> {
        let mut file = File::open(path)?;
        file.seek(SeekFrom::Start(offset))?;
        Ok(Text::Stream(Box::new(file)))
    }

    /// The whole file decompressed as its first bytes say.
    pub(crate) fn stream(path: &Path) -> io::Result<Text> {
        let (_, reader) = record_input::decompress(File::open(path)?)?;
        Ok(Text::Stream(Box::new(reader)))
    }

    /// Reads the next bytes into `buf`, or says where a frame begins.
    pub(crate) fn next(&mut self, buf: &mut [u8]) -> io::Result<Piece> {
        match self {
            Text::Stream(reader) => loop {
                match reader.read(buf) {
                    Ok(0) => return Ok(Piece::End),
                    Ok(n) => return Ok(Piece::Bytes(n)),
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            },
            Text::Frames {
                file,
                queue,
                last,
                decoder,
            } => loop {
                if let Some(reader) = decoder {
                    match reader.read(buf) {
                        Ok(0) => *decoder = None,
                        Ok(n) => return Ok(Piece::Bytes(n)),
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                        Err(e) => return Err(e),
                    }
                    continue;
                }
                let frame = match (queue.pop_front(), last.as_ref()) {
                    (Some(frame), _) => frame,
                    (None, Some(previous)) => match frames::frame_after(&*file, previous)? {
                        Some(frame) => frame,
                        None => return Ok(Piece::End),
                    },
                    (None, None) => return Ok(Piece::End),
                };
                // Each frame from its own offset: the handle is shared with the search for
                // the next frame, which moves it.
                *decoder = Some(frames::read_frame(file.try_clone()?, &frame)?);
                let index = frame.index;
                *last = Some(frame);
                return Ok(Piece::Frame(index));
            },
        }
    }
}

impl std::fmt::Debug for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Text::Frames { last, .. } => f
                .debug_struct("Frames")
                .field("last", &last.as_ref().map(|frame| frame.index))
                .finish_non_exhaustive(),
            Text::Stream(_) => f.write_str("Stream"),
        }
    }
}
