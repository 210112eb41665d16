"""Type stubs of the native module; the docstrings are the functions' own."""

from typing import Literal, Optional, Union

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
