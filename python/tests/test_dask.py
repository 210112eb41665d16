"""`scoresheet.dask` on a two-worker LocalCluster: the rows of `scoresheet export`."""

from __future__ import annotations

import pyarrow as pa
import pyarrow.dataset as ds
import pytest

distributed = pytest.importorskip("distributed")
dd = pytest.importorskip("dask.dataframe")

import scoresheet  # noqa: E402
import scoresheet.dask as sd  # noqa: E402
from conftest import assert_same_rows, by_provenance  # noqa: E402


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with distributed.Client(cluster) as client:
        client.wait_for_workers(2)
        yield client
    cluster.close()


def computed(frame) -> tuple[pa.Table, set[str]]:
    """The frame computed, as an Arrow table, and the workers that ran its tasks."""
    with distributed.get_task_stream() as stream:
        result = frame.compute()
    workers = {task["worker"] for task in stream.data}
    return pa.Table.from_pandas(result, preserve_index=False), workers


def test_two_workers_give_the_rows_of_export(client, games_zst, exported_zst):
    exported = exported_zst
    want = by_provenance(exported)
    # Export places each game by (frame, offset in the frame's text), as the partitions do:
    # the rows compare as they are, frames included.
    assert want["source_frame"].null_count == 0
    frame = sd.read_pgn(str(games_zst), npartitions=8, to="fr")
    assert frame.npartitions == 8
    got, workers = computed(frame)
    assert len(workers) == 2, f"both workers ran tasks: {workers}"
    got = by_provenance(got.cast(exported.schema))
    assert got["source_frame"].null_count == 0
    assert_same_rows(got, want)
    # A second run gives the same rows, placed the same way (frames included).
    again, _ = computed(sd.read_pgn(str(games_zst), npartitions=8, to="fr"))
    assert_same_rows(by_provenance(again.cast(exported.schema)), got)


def test_meta_is_the_schema(client, small_pgn):
    frame = sd.read_pgn(str(small_pgn), npartitions=3, columns=["White", "WhiteElo", "UTCDate", "uci", "valid"])
    schema = scoresheet.schema(columns=["White", "WhiteElo", "UTCDate", "uci", "valid"])
    assert pa.Schema.from_pandas(frame._meta, preserve_index=False).types == schema.types
    assert len(frame.partitions[1].compute()) > 0


def test_convert_over_partitions_is_the_tables_column(client, small_zst):
    frame = sd.read_pgn(str(small_zst), npartitions=4, to="fr", columns=["movetext", "movetext_fr", "source_offset"])
    both = frame.assign(converted=sd.convert(frame, to="fr", from_="en")).compute()
    assert both["converted"].tolist() == both["movetext_fr"].tolist()
    assert both["converted"].notna().sum() > 2900


def test_hive_parquet_by_month(client, small_text, tmp_path):
    # Dates spread over two years, one game without a date.
    text = small_text[:400_000].decode()
    games = text.split("\n\n[")
    dated = []
    for k, game in enumerate(games):
        game = game if k == 0 else "[" + game
        if k % 50 != 7:
            game = f'[UTCDate "{2013 + k % 2}.{1 + k % 12:02}.15"]\n' + game
        dated.append(game)
    path = tmp_path / "dated.pgn"
    path.write_text("\n\n".join(dated))
    frame = sd.read_pgn(str(path), npartitions=3, columns=["White", "UTCDate", "source_offset"])
    out = tmp_path / "parquet"
    sd.to_parquet(frame, out, hive=True)
    folders = sorted(p.relative_to(out).as_posix() for p in out.glob("year=*/month=*"))
    assert "year=2013/month=1" in folders and "year=2014/month=2" in folders
    assert "year=0/month=0" in folders
    back = ds.dataset(out, format="parquet", partitioning="hive").to_table()
    assert back.num_rows == scoresheet.read(str(path)).read_all().num_rows
    march = back.filter((ds.field("year") == 2013) & (ds.field("month") == 3))
    assert march.num_rows > 0
    assert all(d.year == 2013 and d.month == 3 for d in march["UTCDate"].to_pylist())
