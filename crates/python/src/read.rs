//! Record files into games tables (game-table's columns), a batch at a time, and the
//! partitions that let separate processes read parts of one file (record-partitions). Pure
//! Rust: the binding hands the readers to Python as Arrow streams, which pyarrow pulls with
//! the interpreter released.

use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::{Arc, mpsc};

use arrow_array::builder::UInt64Builder;
use arrow_array::{ArrayRef, RecordBatch, RecordBatchReader};
use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef};
use game_table::{FrameStart, Provenance, Table};
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

/// [`PartitionBatches`] read on a thread of their own, a batch ahead of the consumer: the
/// partition reader is not `Send` (its decompressor is a `Box<dyn Read>`), and Python's Arrow
/// stream must be. The thread ends when the batches do or when the consumer drops this.
pub struct ThreadedBatches {
    schema: SchemaRef,
    batches: mpsc::Receiver<Result<RecordBatch, ArrowError>>,
}

impl ThreadedBatches {
    /// Starts reading `partition` on a thread, `file` in the `source_file` column.
    ///
    /// # Errors
    ///
    /// When the file cannot be opened, or the thread cannot be started.
    pub fn start(
        table: Table,
        partition: Partition,
        file: String,
        rows: usize,
    ) -> io::Result<Self> {
        let schema = table.schema();
        let (opened_tx, opened_rx) = mpsc::sync_channel::<io::Result<()>>(1);
        let (batch_tx, batch_rx) = mpsc::sync_channel(1);
        std::thread::Builder::new()
            .name(format!("scoresheet read {}", partition.index))
            .spawn(move || {
                let batches = match PartitionBatches::new(table, &partition, &file, rows) {
                    Ok(batches) => {
                        let _ = opened_tx.send(Ok(()));
                        batches
                    }
                    Err(error) => {
                        let _ = opened_tx.send(Err(error));
                        return;
                    }
                };
                for batch in batches {
                    // The consumer is gone: stop reading.
                    if batch_tx.send(batch).is_err() {
                        return;
                    }
                }
            })?;
        opened_rx.recv().map_err(|_| {
            io::Error::other("the reading thread ended before it opened the file")
        })??;
        Ok(ThreadedBatches {
            schema,
            batches: batch_rx,
        })
    }
}

impl Iterator for ThreadedBatches {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.batches.recv().ok()
    }
}

impl RecordBatchReader for ThreadedBatches {
    fn schema(&self) -> SchemaRef {
        Arc::clone(&self.schema)
    }
}

/// The games of a record file held in memory (`bytes`, maybe compressed), as batches.
///
/// # Errors
///
/// When the bytes are compressed and cannot be decompressed.
pub fn bytes_batches(
    table: &Table,
    bytes: Vec<u8>,
    file: &str,
) -> io::Result<Box<dyn RecordBatchReader + Send>> {
    let provenance = Provenance::plain(file);
    if record_input::Compression::from_magic(&bytes) == record_input::Compression::None {
        return Ok(Box::new(table.read(io::Cursor::new(bytes), provenance)));
    }
    // The decompressor is no `Send` reader, which Python's Arrow stream needs: the text is
    // decompressed here, once, and the batches read it from memory.
    let (_, mut plain) = record_input::decompress(io::Cursor::new(bytes))?;
    let mut text = Vec::new();
    plain.read_to_end(&mut text)?;
    Ok(Box::new(table.read(io::Cursor::new(text), provenance)))
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
