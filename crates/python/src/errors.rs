//! The package's exceptions: `ScoresheetError` and the three it is split in, each also the
//! built-in exception a Python caller expects (`UsageError` is a `ValueError`, `InputError` an
//! `OSError`), made with `type()` since a class of two bases is no `create_exception!`.
//! Messages and codes are the command line's.

use pyo3::exceptions::{PyException, PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};

use crate::column::Found;

/// The classes, made once when the module is first imported.
struct Classes {
    base: Py<PyType>,
    usage: Py<PyType>,
    input: Py<PyType>,
    game: Py<PyType>,
}

static CLASSES: PyOnceLock<Classes> = PyOnceLock::new();

/// A class of the module `scoresheet`, subclass of `bases`, with its docstring.
fn class<'py>(
    py: Python<'py>,
    name: &str,
    doc: &str,
    bases: &[&Bound<'py, PyType>],
) -> PyResult<Py<PyType>> {
    let dict = PyDict::new(py);
    dict.set_item("__module__", "scoresheet")?;
    dict.set_item("__doc__", doc)?;
    let bases = PyTuple::new(py, bases)?;
    let made = py.get_type::<PyType>().call1((name, bases, dict))?;
    Ok(made.cast_into::<PyType>()?.unbind())
}

fn classes(py: Python<'_>) -> PyResult<&Classes> {
    CLASSES.get_or_try_init(py, || {
        let exception = py.get_type::<PyException>();
        let base = class(
            py,
            "ScoresheetError",
            "What went wrong in scoresheet; `code` is the stable code the command line writes \
             in its JSON reports (`move.illegal`), or None when the error has none.",
            &[&exception],
        )?;
        let bound = base.bind(py).clone();
        let usage = class(
            py,
            "UsageError",
            "An argument the functions do not take: an unknown notation, game or style (the \
             command line's usage errors, exit status 2). Also a ValueError.",
            &[&bound, &py.get_type::<PyValueError>()],
        )?;
        let input = class(
            py,
            "InputError",
            "An input that cannot be opened or read. Also an OSError.",
            &[&bound, &py.get_type::<PyOSError>()],
        )?;
        let game = class(
            py,
            "GameError",
            "A game with an error, raised by convert(errors=\"raise\"): `code`, `message`, the \
             row `index`, the `game` within its cell, `line` and `column` in the cell's text, \
             `help`; str() is the command line's rendering, with the line and a caret.",
            &[&bound],
        )?;
        Ok::<_, PyErr>(Classes {
            base,
            usage,
            input,
            game,
        })
    })
}

/// Adds the classes to `module`.
pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    let c = classes(py)?;
    module.add("ScoresheetError", c.base.bind(py))?;
    module.add("UsageError", c.usage.bind(py))?;
    module.add("InputError", c.input.bind(py))?;
    module.add("GameError", c.game.bind(py))?;
    Ok(())
}

/// An instance of `class` with `message` and its `code`.
fn raise(
    py: Python<'_>,
    class: &Py<PyType>,
    text: &str,
    message: &str,
    code: Option<&str>,
) -> PyErr {
    let made = class.bind(py).call1((text,)).and_then(|e| {
        e.setattr("message", message)?;
        e.setattr("code", code)?;
        Ok(e)
    });
    match made {
        Ok(e) => PyErr::from_value(e),
        Err(e) => e,
    }
}

/// A usage error: an unknown notation, game or style.
pub(crate) fn usage(py: Python<'_>, message: &str) -> PyErr {
    match classes(py) {
        Ok(c) => raise(py, &c.usage, message, message, None),
        Err(e) => e,
    }
}

/// An input that cannot be read, with the code the command line's report gives it.
pub(crate) fn input(py: Python<'_>, message: &str) -> PyErr {
    match classes(py) {
        Ok(c) => raise(
            py,
            &c.input,
            message,
            message,
            Some(board_core::Code::InputUnreadable.as_str()),
        ),
        Err(e) => e,
    }
}

/// An array that holds no text.
pub(crate) fn type_error(message: String) -> PyErr {
    PyTypeError::new_err(message)
}

/// The first error of a game, as `GameError`.
pub(crate) fn game(py: Python<'_>, found: &Found) -> PyErr {
    let c = match classes(py) {
        Ok(c) => c,
        Err(e) => return e,
    };
    let d = &found.diagnostic;
    let text = found.rendered.as_deref().unwrap_or(&d.message);
    let err = raise(
        py,
        &c.game,
        text.trim_end(),
        &d.message,
        Some(d.code.as_str()),
    );
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("index", found.index)?;
        value.setattr("game", d.game.unwrap_or(1))?;
        value.setattr("line", found.at.line)?;
        value.setattr("column", found.at.column)?;
        value.setattr("help", d.help.clone())?;
        Ok(())
    };
    match set() {
        Ok(()) => err,
        Err(e) => e,
    }
}
