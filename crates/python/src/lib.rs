//! The native module of the `scoresheet` Python package (`scoresheet._scoresheet`): columns of
//! movetext converted and checked, and record files read into Arrow tables, all in Rust with
//! the interpreter released. Arrow goes in and out through the C Data Interface (pyo3-arrow),
//! never through Python lists, which cost as much as the work.
//!
//! The Rust side of each function is plain Rust over Arrow arrays ([`column`]), tested without
//! an interpreter; this file only moves arguments and results across.

pub mod column;
mod errors;
mod notations;
mod partition;
pub mod read;

use std::ffi::CString;
use std::ops::Range;
use std::path::PathBuf;
use std::sync::Arc;

use arrow_array::ArrayRef;
use arrow_schema::Field;
use pyo3::exceptions::PyUserWarning;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyMemoryView, PyRange, PyRangeMethods, PyString};
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::{PyArray, PyChunkedArray, PyRecordBatchReader, PySchema, PyTable};

use crate::column::Failure;
use crate::notations::Request;
use crate::partition::Partition;

/// A column as its chunks, and whether it came as one array (given back as one array).
fn chunks_of(array: AnyArray) -> PyResult<(Vec<ArrayRef>, Arc<Field>, bool)> {
    match array {
        AnyArray::Array(array) => {
            let (array, field) = array.into_inner();
            Ok((vec![array], field, true))
        }
        stream @ AnyArray::Stream(_) => {
            let (chunks, field) = stream.into_chunked_array()?.into_inner();
            Ok((chunks, field, false))
        }
    }
}

/// What a call names, owned so that it can go where the interpreter is released.
struct Names {
    game: Option<String>,
    from: Option<String>,
    to: Option<String>,
    style: Option<String>,
}

impl Names {
    /// Runs `task` with the notations named, on the column `chunks`.
    fn run<T: notations::Task>(&self, chunks: &[ArrayRef], task: T) -> Result<T::Output, String> {
        let game = notations::game(self.game.as_deref())?;
        let dialect = (notation_registry::game(game).dialect)();
        let first = match &self.from {
            None => column::first_game(chunks, &dialect),
            Some(_) => None,
        };
        let request = Request {
            game,
            from: self.from.as_deref(),
            to: self.to.as_deref(),
            style: self.style.as_deref(),
            first: first.as_ref(),
        };
        notations::run(&request, task)
    }
}

/// The Python error of a failure.
fn failure(py: Python<'_>, failure: Failure) -> PyErr {
    match failure {
        Failure::Type(message) => errors::type_error(message),
        Failure::Game(found) => errors::game(py, &found),
    }
}

/// Converts a column of movetext to another notation.
///
/// `array` is a `pyarrow.Array` or `pyarrow.ChunkedArray` (or anything with
/// `__arrow_c_array__` / `__arrow_c_stream__`) of `string`, `large_string`, `string_view` or
/// binary cells, one game each: its movetext (`1. e4 e5 2. Nf3 Nc6 1-0`), or a whole record
/// with tags, which converts to a whole record. `to` and `from_` are the command line's
/// notation names (`en`, `fr`, `uci`, `descriptive`, `manoury`...); without `from_`, the
/// notation is detected as the command line detects a file's: the first game that decides
/// names it for the rest. `game` is `"chess"` (default) or `"draughts"`; `style` a
/// descriptive notation's style.
///
/// Gives back the same kind of object (an array for an array, a chunked array for a chunked
/// one), row for row, as `string` (`large_string` for a `large_string` column, or past 2 GiB of
/// text). A null cell stays null. A game with an error raises `GameError` (its code, message,
/// row, line and column) with `errors="raise"` (default), or leaves its row null with
/// `errors="null"`, for `check` to explain.
#[pyfunction]
#[pyo3(signature = (array, to, from_ = None, *, game = None, style = None, errors = "raise".to_owned()))]
#[allow(
    clippy::too_many_arguments,
    clippy::needless_pass_by_value,
    reason = "Python's keyword arguments, taken by value as PyO3 extracts them"
)]
fn convert(
    py: Python<'_>,
    array: AnyArray,
    to: String,
    from_: Option<String>,
    game: Option<String>,
    style: Option<String>,
    errors: String,
) -> PyResult<Bound<'_, PyAny>> {
    let raise = match errors.as_str() {
        "raise" => true,
        "null" => false,
        other => {
            return Err(errors::usage(
                py,
                &format!("errors={other:?}: it takes \"raise\" or \"null\""),
            ));
        }
    };
    let (chunks, field, single) = chunks_of(array)?;
    let names = Names {
        game,
        from: from_,
        to: Some(to),
        style,
    };
    let converted = py.detach(|| {
        names.run(
            &chunks,
            column::Cellwise {
                chunks: &chunks,
                visit: column::Convert::new(raise),
            },
        )
    });
    let converted = converted
        .map_err(|message| errors::usage(py, &message))?
        .map_err(|f| failure(py, f))?;
    let data_type = converted
        .first()
        .map_or(arrow_schema::DataType::Utf8, |c| c.data_type().clone());
    let field = Arc::new(Field::new(field.name(), data_type, true));
    if single && converted.len() == 1 {
        let array = converted.into_iter().next().expect("one chunk");
        // `PyArray::to_pyarrow` borrows the array for the result's lifetime: call pyarrow here.
        let array = PyArray::new(array, field).into_pyobject(py)?;
        return py.import("pyarrow")?.getattr("array")?.call1((array,));
    }
    PyChunkedArray::try_new(converted, field)?.into_pyarrow(py)
}

/// Checks a column of movetext: every move legal, every result consistent, every repair said.
///
/// Takes what `convert` takes (but `to`), and gives back a `pyarrow.Table` with a row per
/// diagnostic, in row order: `index` (the row, from 0), `game` (within its cell, from 1),
/// `severity` (`error` or `warning`), `code` (the command line's stable code,
/// `move.illegal`), `message`, `line` and `column` in the cell's text (from 1), `help`. A
/// column with no diagnostic gives an empty table.
#[pyfunction]
#[pyo3(signature = (array, from_ = None, *, game = None, style = None))]
fn check(
    py: Python<'_>,
    array: AnyArray,
    from_: Option<String>,
    game: Option<String>,
    style: Option<String>,
) -> PyResult<Bound<'_, PyAny>> {
    let (chunks, _, _) = chunks_of(array)?;
    let names = Names {
        game,
        from: from_,
        to: None,
        style,
    };
    let checked = py.detach(|| {
        names.run(
            &chunks,
            column::Cellwise {
                chunks: &chunks,
                visit: column::Check::default(),
            },
        )
    });
    let batch = checked
        .map_err(|message| errors::usage(py, &message))?
        .map_err(|f| failure(py, f))?;
    let schema = batch.schema();
    PyTable::try_new(vec![batch], schema)?.into_pyarrow(py)
}

/// The notations of `game` (`"chess"`, default, or `"draughts"`) as (name, description)
/// pairs, in the order the command line lists them.
#[pyfunction]
#[pyo3(name = "notations", signature = (game = None))]
#[allow(
    clippy::needless_pass_by_value,
    reason = "taken by value as PyO3 extracts it"
)]
fn notation_names(
    py: Python<'_>,
    game: Option<String>,
) -> PyResult<Vec<(&'static str, &'static str)>> {
    let game = notations::game(game.as_deref()).map_err(|m| errors::usage(py, &m))?;
    Ok(notations::registry().names(game))
}

/// `to` as Python gives it: one name or a list of them.
fn names_of(to: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    match to {
        None => Ok(Vec::new()),
        Some(one) if one.is_instance_of::<PyString>() => Ok(vec![one.extract()?]),
        Some(many) => many.extract(),
    }
}

/// The games table that `game`, `from_`, `to`, `columns` and `batch_rows` describe.
fn table_of(
    py: Python<'_>,
    game: Option<&str>,
    from: Option<String>,
    to: Option<&Bound<'_, PyAny>>,
    columns: Option<Vec<String>>,
    batch_rows: usize,
) -> PyResult<game_table::Table> {
    let game = notations::game(game).map_err(|m| errors::usage(py, &m))?;
    let options = game_table::TableOptions {
        game,
        from,
        to: names_of(to)?,
        columns,
        batch_rows,
        jobs: 1,
    };
    game_table::Table::new(options).map_err(|e| errors::usage(py, &e.to_string()))
}

/// What `read` is given to read.
enum Input {
    /// A record file (maybe compressed) held in memory.
    Bytes(Vec<u8>),
    /// A file, by its path as given.
    Path(String),
    /// A partition of a file, from `split`.
    Partition(Partition),
}

fn input_of(source: &Bound<'_, PyAny>) -> PyResult<Input> {
    if let Ok(partition) = source.cast::<Partition>() {
        return Ok(Input::Partition(partition.get().clone()));
    }
    if source.is_instance_of::<PyBytes>()
        || source.is_instance_of::<PyByteArray>()
        || source.is_instance_of::<PyMemoryView>()
    {
        return Ok(Input::Bytes(source.extract()?));
    }
    let path: PathBuf = source.extract()?;
    Ok(Input::Path(path.display().to_string()))
}

/// What `frames=` names: a partition from `split`, or a range of zstd frames.
enum Frames {
    Partition(Partition),
    Range(Range<usize>),
}

/// `frames=` as Python gives it: a `Partition`, `range(a, b)` (step 1) or `(a, b)`.
fn frames_of(py: Python<'_>, frames: &Bound<'_, PyAny>) -> PyResult<Frames> {
    if let Ok(partition) = frames.cast::<Partition>() {
        return Ok(Frames::Partition(partition.get().clone()));
    }
    if let Ok(range) = frames.cast::<PyRange>() {
        if range.step()? != 1 {
            return Err(errors::usage(
                py,
                "frames=range(a, b) takes consecutive frames: its step is 1",
            ));
        }
        return Ok(Frames::Range(range_of(py, range.start()?, range.stop()?)?));
    }
    if let Ok((start, stop)) = frames.extract::<(isize, isize)>() {
        return Ok(Frames::Range(range_of(py, start, stop)?));
    }
    Err(errors::usage(
        py,
        "frames is a Partition from split, a range(a, b) or an (a, b) pair of zstd frames",
    ))
}

fn range_of(py: Python<'_>, start: isize, stop: isize) -> PyResult<Range<usize>> {
    match (usize::try_from(start), usize::try_from(stop)) {
        (Ok(a), Ok(b)) if a <= b => Ok(a..b),
        _ => Err(errors::usage(
            py,
            &format!("frames {start}..{stop} is not a range of frames: 0 <= a <= b"),
        )),
    }
}

/// Reads a record file into a games table, a batch at a time.
///
/// `source` is a path (a `str` or `os.PathLike`), the bytes of a record file, or a
/// `Partition` from `split`. `frames` reads part of the zstd file at `source`: a `Partition`
/// of it, or a range of its frames, `range(a, b)` or `(a, b)` (frames counted from 0 as
/// `frame_index` lists them), which gives the games that start in frames `a` to `b - 1`,
/// reading on past frame `b - 1` to finish the last one; ranges that tile the file give each
/// of its games once, as `split`'s partitions do. Compressed input (zstd, including the
/// lichess database's multi-frame files, gzip, bzip2) is told by its bytes. Gives back a
/// `pyarrow.RecordBatchReader` whose batches (`batch_rows` games each) are read, split,
/// replayed and checked in Rust as pyarrow pulls them, with the interpreter released; memory
/// holds one batch.
///
/// The columns are `scoresheet export`'s (the lichess Parquet dataset's header columns,
/// `other_tags`, `uci`, `movetext_<notation>` for each notation in `to`, `ply_count`,
/// `clocks`, `evals`, `game_hash`, `valid`, `error`, `source_file`, `source_frame`,
/// `source_offset`), or those named in `columns`. A game with an error is a row with
/// `valid = False` and its first error in `error`, never dropped. `source_file` is the path as
/// given (`name`, or `"<bytes>"`, for bytes); each game of a zstd file is placed by its frame
/// and its offset in the frame's text, as `scoresheet export` places it, and by its offset in
/// the file's text for other files (frame None).
///
/// Raises `UsageError` for an unknown notation or column or a `frames` that is no partition
/// or range of the file, `InputError` when the file cannot be opened, its frames indexed, or
/// `frames` is a range of a file that is not zstd or past its frames.
#[pyfunction]
#[pyo3(name = "read", signature = (source, frames = None, *, game = None, from_ = None, to = None, columns = None, batch_rows = game_table::DEFAULT_BATCH_ROWS, name = None))]
#[allow(
    clippy::too_many_arguments,
    clippy::needless_pass_by_value,
    reason = "Python's keyword arguments, taken by value as PyO3 extracts them"
)]
fn read_games<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    frames: Option<&Bound<'py, PyAny>>,
    game: Option<String>,
    from_: Option<String>,
    to: Option<&Bound<'py, PyAny>>,
    columns: Option<Vec<String>>,
    batch_rows: usize,
    name: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    let table = table_of(py, game.as_deref(), from_, to, columns, batch_rows)?;
    let frames = frames.map(|f| frames_of(py, f)).transpose()?;
    let input = input_of(source)?;
    let (path, frames) = match (input, frames) {
        (input, None) => (input, None),
        (Input::Path(path), Some(Frames::Partition(partition))) if path == partition.path() => {
            (Input::Partition(partition), None)
        }
        (Input::Path(path), Some(Frames::Partition(partition))) => {
            return Err(errors::usage(
                py,
                &format!(
                    "frames is a partition of {}, not of {path}",
                    partition.path()
                ),
            ));
        }
        (Input::Path(path), Some(Frames::Range(range))) => (Input::Path(path), Some(range)),
        (_, Some(_)) => {
            return Err(errors::usage(
                py,
                "frames is a part of a file: give the file's path with it",
            ));
        }
    };
    let opened: Result<Box<dyn arrow_array::RecordBatchReader + Send>, String> = py.detach(|| {
        let partition = match path {
            Input::Bytes(bytes) => {
                let file = name.unwrap_or_else(|| "<bytes>".to_owned());
                return read::bytes_batches(&table, bytes, &file)
                    .map_err(|e| format!("cannot read {file}: {e}"));
            }
            Input::Path(path) => {
                let rust = match frames {
                    None => Some(read::whole(&PathBuf::from(&path), &table)),
                    Some(range) => {
                        read::frames_partition(&PathBuf::from(&path), range, &table).transpose()
                    }
                };
                let rust = rust
                    .transpose()
                    .map_err(|e| format!("cannot read {path}: {e}"))?;
                (rust, path)
            }
            Input::Partition(partition) => {
                let rust = partition.to_rust()?;
                (Some(rust), partition.path().to_owned())
            }
        };
        let (rust, path) = partition;
        let file = name.unwrap_or_else(|| path.clone());
        let Some(rust) = rust else {
            // A range of frames in which no game starts: a table of no rows.
            let empty = arrow_array::RecordBatchIterator::new(std::iter::empty(), table.schema());
            return Ok(Box::new(empty) as Box<dyn arrow_array::RecordBatchReader + Send>);
        };
        read::PartitionBatches::new(table, &rust, &file, batch_rows)
            .map(|b| Box::new(b) as Box<dyn arrow_array::RecordBatchReader + Send>)
            .map_err(|e| format!("cannot open {path}: {e}"))
    });
    let reader = opened.map_err(|m| errors::input(py, &m))?;
    PyRecordBatchReader::new(reader).into_pyarrow(py)
}

/// Plans `n` partitions of the record file at `path`, each a `Partition` that `read` reads on
/// its own, in any process: together they give every game of the file once, in order, as one
/// reader of the whole file gives it.
///
/// A zstd file is cut where frames end (found from the frame headers, without decompressing),
/// a plain file at byte offsets, each cut moved to the first game start the line before it
/// proves. gzip and bzip2 cannot be read from the middle: one partition. Fewer partitions than
/// asked for, for any reason but the file's size, are said in a `UserWarning`.
///
/// Raises `InputError` when the file cannot be read or a zstd file is not frames to its end.
#[pyfunction]
#[pyo3(signature = (path, n, *, game = None))]
#[allow(
    clippy::needless_pass_by_value,
    reason = "taken by value as PyO3 extracts it"
)]
fn split(
    py: Python<'_>,
    path: PathBuf,
    n: usize,
    game: Option<String>,
) -> PyResult<Vec<Partition>> {
    let game = notations::game(game.as_deref()).map_err(|m| errors::usage(py, &m))?;
    let dialect = (notation_registry::game(game).dialect)();
    let plan = py
        .detach(|| record_partitions::split(&path, n.max(1), &dialect))
        .map_err(|e| errors::input(py, &format!("cannot split {}: {e}", path.display())))?;
    for warning in &plan.warnings {
        let message = CString::new(warning.replace('\0', " ")).unwrap_or_default();
        PyErr::warn(py, &py.get_type::<PyUserWarning>(), &message, 1)?;
    }
    Ok(plan.partitions.iter().map(Partition::of).collect())
}

/// The zstd frames of the file at `path`, read from their headers without decompressing: a
/// `pyarrow.Table` with a row per frame, `index`, `start` and `end` (its bytes in the file)
/// and `content_size` (its text's size, when its header says; null otherwise).
///
/// Raises `InputError` when the file cannot be read or is not zstd frames to its end.
#[pyfunction]
#[allow(
    clippy::needless_pass_by_value,
    reason = "taken by value as PyO3 extracts it"
)]
fn frame_index(py: Python<'_>, path: PathBuf) -> PyResult<Bound<'_, PyAny>> {
    let batch = py
        .detach(|| read::frame_index_batch(&path))
        .map_err(|e| errors::input(py, &format!("cannot index {}: {e}", path.display())))?;
    let schema = batch.schema();
    PyTable::try_new(vec![batch], schema)?.into_pyarrow(py)
}

/// The schema of the table `read` gives with the same arguments, without reading anything:
/// what a Dask `meta` is made from.
#[pyfunction]
#[pyo3(signature = (*, game = None, from_ = None, to = None, columns = None))]
#[allow(
    clippy::needless_pass_by_value,
    reason = "Python's keyword arguments, taken by value as PyO3 extracts them"
)]
fn schema<'py>(
    py: Python<'py>,
    game: Option<String>,
    from_: Option<String>,
    to: Option<&Bound<'py, PyAny>>,
    columns: Option<Vec<String>>,
) -> PyResult<Bound<'py, PyAny>> {
    let table = table_of(py, game.as_deref(), from_, to, columns, 1)?;
    PySchema::new(table.schema()).into_pyarrow(py)
}

/// The module.
#[pymodule]
fn _scoresheet(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    errors::register(module)?;
    module.add_function(wrap_pyfunction!(convert, module)?)?;
    module.add_function(wrap_pyfunction!(check, module)?)?;
    module.add_function(wrap_pyfunction!(notation_names, module)?)?;
    module.add_function(wrap_pyfunction!(read_games, module)?)?;
    module.add_function(wrap_pyfunction!(split, module)?)?;
    module.add_function(wrap_pyfunction!(frame_index, module)?)?;
    module.add_function(wrap_pyfunction!(schema, module)?)?;
    module.add_class::<Partition>()?;
    Ok(())
}
