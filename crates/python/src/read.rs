//! Record files into games tables (game-table's columns), a batch at a time, and the
//! partitions that let separate processes read parts of one file (record-partitions). Pure
//! Rust: the binding hands the readers to Python as Arrow streams, which pyarrow pulls with
//! the interpreter released. Every reader here is `Send` (the decompressors and the partition
//! reader are), so pyarrow reads each batch on whichever thread pulls it, and the threads of a
//! Dask worker read their partitions side by side.

use std::io;
use std::path::PathBuf;
use std::sync::Arc;

use arrow_array::builder::UInt64Builder;
use arrow_array::{ArrayRef, RecordBatch, RecordBatchReader};
use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef};
use game_table::{FrameLog, FrameStart, Provenance, Table};
use record_partitions::{Games, PartGame, Partition};

/// The games of one partition as batches of `table`'s rows, each game placed where the
/// partition reader found it (its frame and its offset in the frame's text for zstd, its
/// offset for other files), as `scoresheet export` places it.
pub struct PartitionBatches {
    table: Table,
    games: Games,
    file: Arc<str>,
    rows: usize,
    done: bool,
}

impl PartitionBatches {
    /// The batches of `partition`, read in `table`'s dialect; the `source_file` column says
    /// `file`.
    ///
    /// # Errors
    ///
    /// When the file cannot be opened.
    pub fn new(table: Table, partition: &Partition, file: &str, rows: usize) -> io::Result<Self> {
        let games = partition.read(table.dialect())?;
        Ok(PartitionBatches {
            table,
            games,
            file: Arc::from(file),
            rows: rows.max(1),
            done: false,
        })
    }

    /// Where a game that starts at `offset` in the partition's count and at `at` in its file
    /// is: a provenance that places it so.
    fn provenance(&self, offset: u64, at: &PartGame) -> Provenance {
        match at.at.frame {
            Some(frame) => Provenance::framed(
                Arc::clone(&self.file),
                vec![FrameStart {
                    frame: frame as u64,
                    offset: offset - at.at.offset,
                }],
            ),
            None => Provenance::plain(Arc::clone(&self.file)),
        }
    }
}

impl Iterator for PartitionBatches {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let mut builder = self.table.builder();
        while builder.len() < self.rows {
            match self.games.next() {
                Some(Ok(part)) => {
                    match &part.game {
                        Ok(game) => {
                            let provenance = self.provenance(game.offset(), &part);
                            builder.push_game(game, &provenance);
                        }
                        Err(error) => {
                            let provenance = self.provenance(error.offset(), &part);
                            builder.push_unreadable(error, &provenance);
                        }
                    }
                    if let Ok(game) = part.game {
                        self.games.recycle(game);
                    }
                }
                Some(Err(error)) => {
                    self.done = true;
                    return Some(Err(ArrowError::IoError(
                        format!("cannot read {}: {error}", self.file),
                        error,
                    )));
                }
                None => {
                    self.done = true;
                    break;
                }
            }
        }
        if builder.is_empty() {
            return None;
        }
        Some(builder.finish())
    }
}

impl RecordBatchReader for PartitionBatches {
    fn schema(&self) -> SchemaRef {
        self.table.schema()
    }
}

/// The games of a record file held in memory (`bytes`, maybe compressed), as batches, read
/// as pyarrow pulls them: a zstd file's games placed by (frame, offset in the frame's text),
/// as `scoresheet export` and the partitions of a file place them.
///
/// # Errors
///
/// When the bytes are compressed and the decoder cannot start.
pub fn bytes_batches(
    table: &Table,
    bytes: Vec<u8>,
    file: &str,
) -> io::Result<Box<dyn RecordBatchReader + Send>> {
    let (_, mut plain) = record_input::decompress(io::Cursor::new(bytes))?;
    let log = FrameLog::new();
    plain.on_frame(log.recorder());
    Ok(Box::new(
        table.read(plain, Provenance::following(file, log)),
    ))
}

/// The partition of the zstd file at `path` that owns the games starting in frames `frames`
/// (see [`record_partitions::frames_partition`]); `None` when no game starts there.
///
/// # Errors
///
/// When the file cannot be read, is not zstd, or has fewer frames.
pub fn frames_partition(
    path: &PathBuf,
    frames: std::ops::Range<usize>,
    table: &Table,
) -> io::Result<Option<Partition>> {
    record_partitions::frames_partition(path, frames, table.dialect())
}

/// The whole file at `path` as one partition (what [`record_partitions::split`] gives for one).
///
/// # Errors
///
/// When the file cannot be read.
pub fn whole(path: &PathBuf, table: &Table) -> io::Result<Partition> {
    let plan = record_partitions::split(path, 1, table.dialect())?;
    plan.partitions
        .into_iter()
        .next()
        .ok_or_else(|| io::Error::other(format!("{}: no partition", path.display())))
}

/// The schema of [`frame_index_batch`].
fn frame_schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        Field::new("index", DataType::UInt64, false),
        Field::new("start", DataType::UInt64, false),
        Field::new("end", DataType::UInt64, false),
        Field::new("content_size", DataType::UInt64, true),
    ]))
}

/// The zstd frames of the file at `path` as a batch: each frame's index, its bytes in the
/// file (`start..end`) and the size of its text when its header says.
///
/// # Errors
///
/// When the file cannot be read, or is not zstd frames to its end.
pub fn frame_index_batch(path: &PathBuf) -> io::Result<RecordBatch> {
    let frames = record_input::frames::frame_index(path)?;
    let mut index = UInt64Builder::with_capacity(frames.len());
    let mut start = UInt64Builder::with_capacity(frames.len());
    let mut end = UInt64Builder::with_capacity(frames.len());
    let mut size = UInt64Builder::with_capacity(frames.len());
    for frame in &frames {
        index.append_value(frame.index as u64);
        start.append_value(frame.compressed.start);
        end.append_value(frame.compressed.end);
        size.append_option(frame.content_size);
    }
    let columns: Vec<ArrayRef> = vec![
        Arc::new(index.finish()),
        Arc::new(start.finish()),
        Arc::new(end.finish()),
        Arc::new(size.finish()),
    ];
    RecordBatch::try_new(frame_schema(), columns).map_err(io::Error::other)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Compiles only if `T` can move to another thread.
    fn assert_send<T: Send>() {}

    #[test]
    fn the_readers_handed_to_python_are_sendable() {
        // What lets pyarrow pull batches with the interpreter released, on any thread, with
        // no thread of our own in between.
        assert_send::<PartitionBatches>();
        assert_send::<game_table::GameBatches<record_input::Decompressed<io::Cursor<Vec<u8>>>>>();
    }
}
