"""Chess and draughts game records read, checked and converted in Rust, as Arrow data.

The work happens in the native module (``scoresheet._scoresheet``) with the interpreter
released; columns and tables cross as Arrow through the C Data Interface, never as Python
lists. ``scoresheet.dask`` spreads the reading of large files over a Dask cluster.

>>> import pyarrow as pa, scoresheet
>>> scoresheet.convert(pa.array(["1. e4 e5 2. Nf3 Nc6 1-0"]), to="fr").to_pylist()
['1. e4 e5 2. Cf3 Cc6 1-0']
"""

from ._scoresheet import (
    GameError,
    InputError,
    Partition,
    ScoresheetError,
    UsageError,
    __version__,
    check,
    convert,
    frame_index,
    notations,
    read,
    schema,
    split,
)

__all__ = [
    "GameError",
    "InputError",
    "Partition",
    "ScoresheetError",
    "UsageError",
    "__version__",
    "check",
    "convert",
    "frame_index",
    "notations",
    "read",
    "schema",
    "split",
]
