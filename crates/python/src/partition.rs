//! `scoresheet.Partition`: a part of a record file that reads on its own (record-partitions'
//! `Partition`), as plain Python data that pickles, so that a scheduler can plan partitions in
//! one process and send each to the worker that reads it.

use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use record_input::Compression;
use record_input::frames::Frame;
use record_partitions::Location;

/// A frame as Python holds it: (index, first byte, end byte, content size or None).
type FrameTuple = (usize, u64, u64, Option<u64>);

/// A place in a file as Python holds it: (frame or None, offset).
type LocationTuple = (Option<usize>, u64);

/// A part of a record file that reads on its own, from `split`: the games that start in it.
///
/// `frames` are the zstd frames it owns, each `(index, start, end, content_size)` with
/// `start:end` its bytes in the file; `bytes` is the file's bytes it owns; `start` and `end`
/// are `(frame, offset)` where its first game starts and where the next partition's does
/// (`end` is None for the last one; `frame` is None for a file that is not zstd). Plain data:
/// it pickles, and `read(partition.path, frames=partition)` reads it in any process.
#[pyclass(module = "scoresheet", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct Partition {
    /// Its place among the file's partitions, from 0.
    #[pyo3(get)]
    index: usize,
    /// The file.
    #[pyo3(get)]
    path: String,
    /// How the file is packed: `zstd`, `none`, `gzip` or `bzip2`.
    #[pyo3(get)]
    compression: String,
    /// The zstd frames it owns.
    #[pyo3(get)]
    frames: Vec<FrameTuple>,
    /// The file's bytes it owns, `(start, end)`.
    #[pyo3(get)]
    bytes: (u64, u64),
    /// Where its first game starts.
    #[pyo3(get)]
    start: LocationTuple,
    /// Where the next partition's first game starts; None for the last one.
    #[pyo3(get)]
    end: Option<LocationTuple>,
}

fn location(at: Location) -> LocationTuple {
    (at.frame, at.offset)
}

fn from_location((frame, offset): LocationTuple) -> Location {
    Location { frame, offset }
}

impl Partition {
    /// The partition `p` of record-partitions.
    pub(crate) fn of(p: &record_partitions::Partition) -> Partition {
        Partition {
            index: p.index,
            path: p.path.display().to_string(),
            compression: p.compression.name().to_owned(),
            frames: p
                .frames
                .iter()
                .map(|f| {
                    (
                        f.index,
                        f.compressed.start,
                        f.compressed.end,
                        f.content_size,
                    )
                })
                .collect(),
            bytes: (p.bytes.start, p.bytes.end),
            start: location(p.start),
            end: p.end.map(location),
        }
    }

    /// The partition as record-partitions reads it.
    ///
    /// # Errors
    ///
    /// The message of a usage error when `compression` is no packing the reader knows.
    pub(crate) fn to_rust(&self) -> Result<record_partitions::Partition, String> {
        let compression = match self.compression.as_str() {
            "none" => Compression::None,
            "zstd" => Compression::Zstd,
            "gzip" => Compression::Gzip,
            "bzip2" => Compression::Bzip2,
            other => {
                return Err(format!(
                    "unknown compression {other:?}: it is zstd, none, gzip or bzip2"
                ));
            }
        };
        Ok(record_partitions::Partition {
            index: self.index,
            path: PathBuf::from(&self.path),
            compression,
            frames: self
                .frames
                .iter()
                .map(|&(index, start, end, content_size)| Frame {
                    index,
                    compressed: start..end,
                    content_size,
                })
                .collect(),
            bytes: self.bytes.0..self.bytes.1,
            start: from_location(self.start),
            end: self.end.map(from_location),
        })
    }

    /// The file, as given to `split`.
    pub(crate) fn path(&self) -> &str {
        &self.path
    }
}

#[pymethods]
impl Partition {
    #[new]
    #[pyo3(signature = (index, path, compression, frames, bytes, start, end))]
    fn new(
        index: usize,
        path: String,
        compression: String,
        frames: Vec<FrameTuple>,
        bytes: (u64, u64),
        start: LocationTuple,
        end: Option<LocationTuple>,
    ) -> Partition {
        Partition {
            index,
            path,
            compression,
            frames,
            bytes,
            start,
            end,
        }
    }

    /// Pickles as the constructor's arguments.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let p = slf.get();
        let args = (
            p.index,
            p.path.clone(),
            p.compression.clone(),
            p.frames.clone(),
            p.bytes,
            p.start,
            p.end,
        )
            .into_pyobject(py)?;
        Ok((slf.get_type().into_any(), args))
    }

    fn __repr__(&self) -> String {
        let at = |l: &LocationTuple| match l.0 {
            Some(frame) => format!("(frame {frame}, offset {})", l.1),
            None => format!("(offset {})", l.1),
        };
        format!(
            "Partition({} of {:?}, {}, bytes {}..{}, {} frames, from {} to {})",
            self.index,
            self.path,
            self.compression,
            self.bytes.0,
            self.bytes.1,
            self.frames.len(),
            at(&self.start),
            self.end.as_ref().map_or_else(|| "the end".to_owned(), at),
        )
    }
}
