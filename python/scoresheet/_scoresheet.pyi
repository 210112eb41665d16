"""Type stubs of the native module; the docstrings are the functions' own."""

import os
from typing import Literal, Optional, Sequence, Union

import pyarrow as pa

__version__: str

class ScoresheetError(Exception):
    """What went wrong in scoresheet."""

    #: The stable code the command line writes in its JSON reports, or None.
    code: Optional[str]
    #: The message, as the command line words it.
    message: str

class UsageError(ScoresheetError, ValueError):
    """An unknown notation, game or style, or an argument out of range."""

class InputError(ScoresheetError, OSError):
    """An input that cannot be opened or read."""

class GameError(ScoresheetError):
    """A game with an error (``convert(errors="raise")``)."""

    code: str
    #: The row of the column, from 0.
    index: int
    #: The game within its cell, from 1.
    game: int
    #: Line and column in the cell's text, from 1.
    line: int
    column: int
    help: list[str]

#: What ``convert`` and ``check`` take: an Arrow array or chunked array of text, or any
#: object with ``__arrow_c_array__`` or ``__arrow_c_stream__``.
ArrayLike = Union[pa.Array, pa.ChunkedArray, object]

Game = Literal["chess", "draughts"]

def convert(
    array: ArrayLike,
    to: str,
    from_: Optional[str] = None,
    *,
    game: Optional[Game] = None,
    style: Optional[str] = None,
    errors: Literal["raise", "null"] = "raise",
) -> Union[pa.Array, pa.ChunkedArray]:
    """Converts a column of movetext to another notation, row for row."""

def check(
    array: ArrayLike,
    from_: Optional[str] = None,
    *,
    game: Optional[Game] = None,
    style: Optional[str] = None,
) -> pa.Table:
    """Checks a column of movetext: a row per diagnostic (index, game, severity, code,
    message, line, column, help)."""

def notations(game: Optional[Game] = None) -> list[tuple[str, str]]:
    """The notations of a game as (name, description) pairs."""

class Partition:
    """A part of a record file that reads on its own, from ``split``; it pickles."""

    index: int
    path: str
    #: ``zstd``, ``none``, ``gzip`` or ``bzip2``.
    compression: str
    #: The zstd frames it owns: (index, start, end, content_size or None).
    frames: list[tuple[int, int, int, Optional[int]]]
    #: The file's bytes it owns, (start, end).
    bytes: tuple[int, int]
    #: Where its first game starts, (frame or None, offset).
    start: tuple[Optional[int], int]
    #: Where the next partition's first game starts; None for the last one.
    end: Optional[tuple[Optional[int], int]]
    def __init__(
        self,
        index: int,
        path: str,
        compression: str,
        frames: list[tuple[int, int, int, Optional[int]]],
        bytes: tuple[int, int],
        start: tuple[Optional[int], int],
        end: Optional[tuple[Optional[int], int]],
    ) -> None: ...

Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, Partition]

#: What ``read(frames=...)`` takes: a ``Partition`` of the file, or a range of its zstd
#: frames, ``range(a, b)`` or ``(a, b)``, which reads the games that start in frames ``a`` to
#: ``b - 1`` (reading on past them to finish the last one).
Frames = Union[Partition, range, tuple[int, int]]

def read(
    source: Source,
    frames: Optional[Frames] = None,
    *,
    game: Optional[Game] = None,
    from_: Optional[str] = None,
    to: Union[str, Sequence[str], None] = None,
    columns: Optional[Sequence[str]] = None,
    batch_rows: int = 8192,
    name: Optional[str] = None,
) -> pa.RecordBatchReader:
    """Reads a record file (or one partition of it, or the games that start in a range of its
    zstd frames) into a games table, a batch at a time; zstd games are placed by (frame,
    offset in the frame's text), as ``scoresheet export`` places them."""

def split(path: Union[str, "os.PathLike[str]"], n: int, *, game: Optional[Game] = None) -> list[Partition]:
    """Plans ``n`` partitions of a record file, each readable on its own."""

def frame_index(path: Union[str, "os.PathLike[str]"]) -> pa.Table:
    """The zstd frames of a file (index, start, end, content_size), from their headers."""

def schema(
    *,
    game: Optional[Game] = None,
    from_: Optional[str] = None,
    to: Union[str, Sequence[str], None] = None,
    columns: Optional[Sequence[str]] = None,
) -> pa.Schema:
    """The schema ``read`` gives with the same arguments."""
