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

use std::sync::Arc;

use arrow_array::ArrayRef;
use arrow_schema::Field;
use pyo3::prelude::*;
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::{PyArray, PyChunkedArray, PyTable};

use crate::column::Failure;
use crate::notations::Request;

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
            column::Convert {
                chunks: &chunks,
                raise,
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
    let checked = py.detach(|| names.run(&chunks, column::Check { chunks: &chunks }));
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

/// The module.
#[pymodule]
fn _scoresheet(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    errors::register(module)?;
    module.add_function(wrap_pyfunction!(convert, module)?)?;
    module.add_function(wrap_pyfunction!(check, module)?)?;
    module.add_function(wrap_pyfunction!(notation_names, module)?)?;
    Ok(())
}
