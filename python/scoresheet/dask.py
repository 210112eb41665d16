"""Game record files read as Dask DataFrames, a partition of a file per task.

Each file is cut with ``scoresheet.split`` (ranges of zstd frames, byte ranges of plain text,
the whole file for gzip and bzip2) on the client, which reads only frame headers and the
first lines after each cut; each task reads its partition with ``scoresheet.read`` on a
worker, so no task decompresses another's frames and the rows of a run are those of
``scoresheet export`` on the same files, placed by the same provenance columns. Works with a
``distributed.LocalCluster`` and with any Dask cluster whose workers can open the paths
(a shared file system, or the same files on each node).

>>> import scoresheet.dask as sd                                       # doctest: +SKIP
>>> games = sd.read_pgn("lichess_db_standard_rated_2013-01.pgn.zst")   # doctest: +SKIP
>>> strong = games[games.WhiteElo > 2400]                              # doctest: +SKIP
>>> sd.to_parquet(strong, "games/", hive=True)                         # doctest: +SKIP
"""

from __future__ import annotations

import glob
import math
import os
from typing import Any, Iterable, Optional, Sequence, Union

import dask.dataframe as dd
import pandas as pd
import pyarrow as pa

from . import _scoresheet as _native

__all__ = ["convert", "meta", "partitions", "read_pgn", "to_parquet"]

#: How many packed bytes of a file one task reads by default: a few seconds of work.
DEFAULT_BLOCKSIZE = 64 * 2**20

PathLike = Union[str, "os.PathLike[str]"]


def _paths(paths: Union[PathLike, Iterable[PathLike]]) -> list[str]:
    """The files named, with glob patterns expanded, in a stable order."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    found: list[str] = []
    for path in paths:
        path = os.fspath(path)
        if glob.has_magic(path):
            matched = sorted(glob.glob(path))
            if not matched:
                raise FileNotFoundError(f"no file matches {path}")
            found.extend(matched)
        else:
            found.append(path)
    if not found:
        raise ValueError("read_pgn needs at least one file")
    return found


def partitions(
    paths: Union[PathLike, Iterable[PathLike]],
    *,
    blocksize: int = DEFAULT_BLOCKSIZE,
    npartitions: Optional[int] = None,
    game: Optional[str] = None,
) -> list[_native.Partition]:
    """The partitions of every file: ``npartitions`` per file, or one per ``blocksize`` packed
    bytes. A file that cannot be cut safely is fewer partitions, said in a ``UserWarning``."""
    planned: list[_native.Partition] = []
    for path in _paths(paths):
        n = npartitions or max(1, math.ceil(os.path.getsize(path) / max(1, blocksize)))
        planned.extend(_native.split(path, n, game=game))
    return planned


def _table_args(game, from_, to, columns) -> dict[str, Any]:
    return {"game": game, "from_": from_, "to": to, "columns": columns}


def meta(
    *,
    game: Optional[str] = None,
    from_: Optional[str] = None,
    to: Union[str, Sequence[str], None] = None,
    columns: Optional[Sequence[str]] = None,
) -> pd.DataFrame:
    """The empty DataFrame ``read_pgn``'s partitions look like: the table's schema, every
    column an Arrow-backed pandas dtype (lists, maps and dates kept as they are)."""
    schema = _native.schema(**_table_args(game, from_, to, columns))
    return _to_pandas(schema.empty_table())


def _to_pandas(table: pa.Table) -> pd.DataFrame:
    return table.to_pandas(types_mapper=pd.ArrowDtype)


def _read_partition(partition: _native.Partition, args: dict[str, Any]) -> pd.DataFrame:
    """One task: a partition's games, read on the worker."""
    return _to_pandas(_native.read(partition, **args).read_all())


def read_pgn(
    paths: Union[PathLike, Iterable[PathLike]],
    *,
    blocksize: int = DEFAULT_BLOCKSIZE,
    npartitions: Optional[int] = None,
    game: Optional[str] = None,
    from_: Optional[str] = None,
    to: Union[str, Sequence[str], None] = None,
    columns: Optional[Sequence[str]] = None,
    batch_rows: int = 8192,
) -> dd.DataFrame:
    """Game record files (PGN or PDN, plain or compressed; glob patterns allowed) as a Dask
    DataFrame with the columns of ``scoresheet.read`` (and ``scoresheet export``), one Dask
    partition per file partition (see ``partitions``)."""
    table = _table_args(game, from_, to, columns)
    planned = partitions(paths, blocksize=blocksize, npartitions=npartitions, game=game)
    return dd.from_map(
        _read_partition,
        planned,
        args=(dict(table, batch_rows=batch_rows),),
        meta=meta(**table),
        label="read-pgn",
        enforce_metadata=False,
    )


def _convert_partition(
    series: pd.Series, to: str, from_: Optional[str], game: Optional[str], errors: str
) -> pd.Series:
    converted = _native.convert(
        pa.array(series.array) if len(series) else pa.array([], pa.string()),
        to,
        from_,
        game=game,
        errors=errors,
    )
    if isinstance(converted, pa.ChunkedArray):
        converted = converted.combine_chunks()
    return pd.Series(
        pd.arrays.ArrowExtensionArray(converted),
        index=series.index,
        name=_column_name(to),
    )


def _column_name(to: str) -> str:
    return "movetext_" + to.replace("-", "_")


def convert(
    frame: Union[dd.DataFrame, dd.Series],
    to: str,
    from_: Optional[str] = None,
    *,
    column: str = "movetext",
    game: Optional[str] = None,
    errors: str = "null",
) -> dd.Series:
    """``scoresheet.convert`` over each partition of a movetext column (``column`` of a
    DataFrame, or a Series): a Series named ``movetext_<to>``, null where a game has an error
    (``errors="raise"`` fails the task instead)."""
    series = frame[column] if isinstance(frame, dd.DataFrame) else frame
    empty = pd.Series(pd.array([], dtype=pd.ArrowDtype(pa.string())), name=_column_name(to))
    return series.map_partitions(
        _convert_partition, to, from_, game, errors, meta=empty
    )


def _with_year_month(frame: pd.DataFrame) -> pd.DataFrame:
    """``year`` and ``month`` columns from ``UTCDate`` (0 for a game without a date, so that
    every game has a folder)."""
    dates = frame["UTCDate"].astype("datetime64[ms]")
    frame = frame.copy()
    frame["year"] = dates.dt.year.fillna(0).astype("int32")
    frame["month"] = dates.dt.month.fillna(0).astype("int32")
    return frame


def to_parquet(
    frame: dd.DataFrame,
    path: PathLike,
    *,
    hive: bool = False,
    **kwargs: Any,
) -> Any:
    """Writes ``frame`` as Parquet under ``path`` (``dask.dataframe.to_parquet``, zstd
    compressed); with ``hive=True``, in a ``year=YYYY/month=M/`` folder per month of
    ``UTCDate`` (``year=0/month=0`` for games without a date), which DuckDB, Polars and
    pyarrow read as partition columns. Other keyword arguments go to Dask."""
    kwargs.setdefault("compression", "zstd")
    kwargs.setdefault("write_index", False)
    if hive:
        if "UTCDate" not in frame.columns:
            raise ValueError("hive=True partitions by UTCDate: keep that column")
        meta_frame = _with_year_month(frame._meta)
        frame = frame.map_partitions(_with_year_month, meta=meta_frame)
        kwargs["partition_on"] = ["year", "month"]
    return dd.to_parquet(frame, os.fspath(path), **kwargs)
