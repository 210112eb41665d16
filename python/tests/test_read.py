"""`read`, `split` and `frame_index` against `scoresheet export` and against each other."""

from __future__ import annotations

import gzip
import pickle

import pyarrow as pa
import pytest

import scoresheet
from conftest import EDGE_CASES, assert_same_rows, by_provenance, export, in_stream


def read_all(source, **kwargs) -> pa.Table:
    return scoresheet.read(source, **kwargs).read_all()


@pytest.mark.parametrize("kind", ["pgn", "zst"])
def test_read_gives_the_rows_of_export(kind, small_pgn, games_zst, exported_zst, scoresheet_bin, tmp_path):
    if kind == "zst":
        path, want = games_zst, exported_zst
    else:
        path = small_pgn
        want = export(scoresheet_bin, path, tmp_path / "want.arrow", "--to", "fr")
    got = read_all(str(path), to="fr")
    assert got.num_rows == want.num_rows > (20_000 if kind == "zst" else 3000)
    if kind == "zst":
        # Placed by frame: every game has one, in the frame its first byte is in.
        assert got["source_frame"].null_count == 0
    assert_same_rows(by_provenance(in_stream(got)), by_provenance(in_stream(want)))


def test_the_file_holds_what_the_tests_need(games_zst):
    columns = ["Event", "valid", "error", "source_frame", "source_offset"]
    table = read_all(str(games_zst), columns=columns)
    events = table["Event"].to_pylist()
    # (The stray brace's game cannot be read: its row has its error, no tags.)
    for case in ["braces", "illegal castling", "zeros", "abandoned", "empty"]:
        assert case in events, case
    errors = {e["code"] for e in table["error"].to_pylist() if e}
    assert {"move.illegal", "record.unmatched-brace"} <= errors
    frames = scoresheet.frame_index(str(games_zst))
    assert frames.num_rows > 100
    # Games cut by a frame's end: a game starts in one frame and its next one starts in the
    # frame after, more often than not.
    starts = set(table["source_frame"].to_pylist())
    assert len(starts) > 100


@pytest.mark.parametrize("kind, counts", [("zst", [1, 3, 7]), ("pgn", [3])])
def test_partitions_read_apart_give_the_whole_files_games(kind, counts, small_zst, small_pgn):
    path = small_zst if kind == "zst" else small_pgn
    whole = read_all(str(path))
    for n in counts:
        parts = scoresheet.split(str(path), n)
        assert len(parts) == n
        assert [p.index for p in parts] == list(range(n))
        tables = [read_all(p) for p in parts]
        assert all(t.num_rows > 0 for t in tables)
        assert_same_rows(pa.concat_tables(tables).combine_chunks(), whole.combine_chunks())


def test_partitions_pickle_and_read_with_their_path(small_zst):
    games_zst = small_zst
    parts = scoresheet.split(str(games_zst), 4)
    again = pickle.loads(pickle.dumps(parts))
    assert again == parts
    assert hash(again[1]) == hash(parts[1])
    assert parts[1].compression == "zstd"
    assert parts[1].start[0] is not None and parts[0].end == parts[1].start
    assert "frame" in repr(parts[1])
    direct = read_all(str(games_zst), frames=parts[2])
    assert_same_rows(direct, read_all(again[2]))
    with pytest.raises(scoresheet.UsageError, match="not of"):
        scoresheet.read("elsewhere.pgn.zst", frames=parts[2])


def test_frame_index_reads_the_headers(games_zst):
    frames = scoresheet.frame_index(str(games_zst))
    assert frames.column_names == ["index", "start", "end", "content_size"]
    rows = frames.to_pylist()
    assert [r["index"] for r in rows] == list(range(len(rows)))
    # pzstd: a 12-byte skippable frame before each frame.
    for before, after in zip(rows, rows[1:]):
        assert after["start"] == before["end"] + 12
    assert rows[-1]["end"] == games_zst.stat().st_size


def test_gzip_is_one_partition_said_in_a_warning(small_text, tmp_path):
    path = tmp_path / "games.pgn.gz"
    path.write_bytes(gzip.compress(small_text[:200_000]))
    with pytest.warns(UserWarning, match="cannot be read from the middle"):
        parts = scoresheet.split(str(path), 3)
    assert len(parts) == 1
    assert_same_rows(read_all(parts[0]), read_all(str(path)))


def test_bytes_read_as_a_file_does(tmp_path):
    text = "\n".join(EDGE_CASES).encode()
    path = tmp_path / "edge.pgn"
    path.write_bytes(text)
    from_file = read_all(str(path))
    from_bytes = read_all(text, name=str(path))
    assert_same_rows(from_bytes, from_file)
    packed = read_all(gzip.compress(text), name=str(path))
    assert_same_rows(packed, from_file)
    assert read_all(text)["source_file"][0].as_py() == "<bytes>"


def test_batches_are_bounded_and_the_schema_known(games_zst):
    reader = scoresheet.read(str(games_zst), batch_rows=1000, columns=["White", "valid"])
    assert reader.schema == scoresheet.schema(columns=["White", "valid"])
    sizes = [batch.num_rows for batch in reader]
    assert max(sizes) == 1000 and len(sizes) > 20


def test_input_and_usage_errors(tmp_path):
    with pytest.raises(scoresheet.InputError) as raised:
        scoresheet.read(str(tmp_path / "absent.pgn"))
    assert isinstance(raised.value, OSError)
    assert raised.value.code == "input.unreadable"
    with pytest.raises(scoresheet.InputError):
        scoresheet.split(str(tmp_path / "absent.pgn"), 2)
    with pytest.raises(scoresheet.UsageError, match="unknown column"):
        scoresheet.read(b"1. e4 *", columns=["Elo"])
