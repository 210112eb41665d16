"""The issue's done-when: `scoresheet export --format parquet sample.pgn.zst` writes a file that
pyarrow, Polars and DuckDB read, with the lichess dataset's column names and types, and that
they filter by Elo without replaying a move."""

from __future__ import annotations

import datetime
import random
import subprocess

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from conftest import pzstd

#: The columns the issue lists, and their Arrow types.
COLUMNS = {
    "Event": pa.string(),
    "Site": pa.string(),
    "White": pa.string(),
    "Black": pa.string(),
    "Result": pa.string(),
    "WhiteTitle": pa.string(),
    "BlackTitle": pa.string(),
    "WhiteElo": pa.int16(),
    "BlackElo": pa.int16(),
    "WhiteRatingDiff": pa.int16(),
    "BlackRatingDiff": pa.int16(),
    "UTCDate": pa.date32(),
    "UTCTime": pa.time32("ms"),
    "ECO": pa.string(),
    "Opening": pa.string(),
    "Termination": pa.string(),
    "TimeControl": pa.string(),
    "movetext": pa.string(),
    "ply_count": pa.uint32(),
    "game_hash": pa.string(),
    "valid": pa.bool_(),
    "source_file": pa.string(),
    "source_frame": pa.uint64(),
    "source_offset": pa.uint64(),
    "movetext_fr": pa.string(),
}


@pytest.fixture(scope="module")
def lichess_sample(random_games, tmp_path_factory):
    """Games written as the lichess database writes them (its tags, clocks and evaluations),
    their moves those of the random games, packed as pzstd packs the database's files; and
    the games' White Elo ratings."""
    rng = random.Random(5)
    records = random_games.read_bytes().decode().split("\n\n[")[:1500]
    out, elos = [], []
    for k, record in enumerate(records):
        movetext = record.split("\n\n", 1)[1].strip()
        moves = movetext.split()
        # A clock and an evaluation after the first move, as lichess writes them.
        if len(moves) > 2:
            moves.insert(2, "{ [%eval 0.17] [%clk 0:03:00] }")
        elo = rng.randrange(800, 2900)
        elos.append(elo)
        title = '[WhiteTitle "GM"]\n' if k % 40 == 0 else ""
        when = datetime.date(2013, 1, 1) + datetime.timedelta(days=k % 31)
        out.append(
            f'[Event "Rated Blitz game"]\n[Site "https://lichess.org/{k:08d}"]\n'
            f'[White "w{k}"]\n[Black "b{k}"]\n[Result "*"]\n'
            f'[UTCDate "{when:%Y.%m.%d}"]\n[UTCTime "12:{k % 60:02d}:05"]\n'
            f'[WhiteElo "{elo}"]\n[BlackElo "{rng.randrange(800, 2900)}"]\n'
            f'[WhiteRatingDiff "+{k % 9}"]\n[BlackRatingDiff "-{k % 7}"]\n{title}'
            f'[ECO "B01"]\n[Opening "Scandinavian Defense"]\n[TimeControl "180+0"]\n'
            f'[Termination "Normal"]\n\n{" ".join(moves)}\n\n'
        )
    path = tmp_path_factory.mktemp("lichess") / "lichess-sample.pgn.zst"
    path.write_bytes(pzstd("".join(out).encode(), frame_text=32 * 1024))
    return path, elos


@pytest.fixture(scope="module")
def parquet_file(scoresheet_bin, lichess_sample, tmp_path_factory):
    path, _ = lichess_sample
    out = tmp_path_factory.mktemp("parquet") / "games.parquet"
    done = subprocess.run(
        [str(scoresheet_bin), "export", "--quiet", "--format", "parquet", "--to", "fr", "-o", str(out), str(path)],
        capture_output=True,
        text=True,
    )
    assert done.returncode in (0, 1), done.stderr
    return out


def test_pyarrow_reads_the_columns_and_types(parquet_file, lichess_sample):
    _, elos = lichess_sample
    table = pq.read_table(parquet_file)
    assert table.num_rows == len(elos)
    for name, type_ in COLUMNS.items():
        assert table.schema.field(name).type == type_, name
    for name in ["uci", "clocks", "evals"]:
        assert pa.types.is_list(table.schema.field(name).type), name
    assert pa.types.is_map(table.schema.field("other_tags").type)
    assert pa.types.is_struct(table.schema.field("error").type)
    assert table["WhiteElo"].to_pylist() == elos
    assert table["UTCDate"][3].as_py() == datetime.date(2013, 1, 4)
    assert table["UTCTime"][3].as_py() == datetime.time(12, 3, 5)
    assert table["WhiteTitle"].to_pylist().count("GM") == len(range(0, len(elos), 40))
    # A value per half-move, null where the comment after it gives none.
    clocks, evals = table["clocks"][0].as_py(), table["evals"][0].as_py()
    assert len(clocks) == len(evals) == table["ply_count"][0].as_py()
    assert clocks[0] == 180.0 and set(clocks[1:]) == {None}
    assert evals[0] == pytest.approx(0.17)
    assert table["source_frame"].null_count == 0
    assert table.num_rows == pq.ParquetFile(parquet_file).metadata.num_rows


def test_polars_reads_it_and_filters_by_elo(parquet_file, lichess_sample):
    pl = pytest.importorskip("polars")
    _, elos = lichess_sample
    frame = pl.read_parquet(parquet_file)
    assert frame.height == len(elos)
    assert frame.schema["WhiteElo"] == pl.Int16
    assert frame.schema["UTCDate"] == pl.Date
    assert frame.schema["UTCTime"] == pl.Time
    assert isinstance(frame.schema["uci"], pl.List)
    strong = pl.scan_parquet(parquet_file).filter(pl.col("WhiteElo") > 2400).select("White", "uci").collect()
    assert strong.height == sum(e > 2400 for e in elos) > 0


def test_duckdb_reads_it_and_filters_by_elo(parquet_file, lichess_sample):
    duckdb = pytest.importorskip("duckdb")
    _, elos = lichess_sample
    con = duckdb.connect()
    types = dict(con.execute(f"select column_name, column_type from (describe select * from '{parquet_file}')").fetchall())
    assert types["WhiteElo"] == "SMALLINT"
    assert types["UTCDate"] == "DATE"
    assert types["UTCTime"] == "TIME"
    assert types["uci"] == "VARCHAR[]"
    assert types["valid"] == "BOOLEAN"
    (count,) = con.execute(f"select count(*) from '{parquet_file}' where WhiteElo > 2400").fetchone()
    assert count == sum(e > 2400 for e in elos) > 0
    (months,) = con.execute(f"select count(distinct month(UTCDate)) from '{parquet_file}'").fetchone()
    assert months == 1
