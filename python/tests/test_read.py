"""`read`, `split` and `frame_index` against `scoresheet export` and against each other."""

from __future__ import annotations

import gzip
import pickle

import pyarrow as pa
import pytest

import scoresheet
from conftest import EDGE_CASES, assert_same_rows, by_provenance, export


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
        # Placed by frame, by export as by the reader: every game has one.
        assert got["source_frame"].null_count == 0 == want["source_frame"].null_count
    else:
        assert got["source_frame"].null_count == got.num_rows
    assert_same_rows(by_provenance(got), by_provenance(want))


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


def test_frame_ranges_that_tile_the_file_give_its_games(small_zst):
    whole = read_all(str(small_zst))
    n = scoresheet.frame_index(str(small_zst)).num_rows
    cuts = [0, 1, 2, 9, 10, 23, n - 1, n]
    parts = [read_all(str(small_zst), frames=range(a, b)) for a, b in zip(cuts, cuts[1:])]
    assert all(p.schema == whole.schema for p in parts)
    assert_same_rows(pa.concat_tables(parts).combine_chunks(), whole.combine_chunks())
    # Each range holds the games that start in its frames (or on the line its last frame
    # ends, read where the range's reading begins).
    for (a, b), part in zip(zip(cuts, cuts[1:]), parts):
        frames = part["source_frame"].to_pylist()
        assert all(a <= f <= b for f in frames), (a, b, set(frames))
    # A pair is a range too.
    assert_same_rows(read_all(str(small_zst), frames=(9, 23)), read_all(str(small_zst), frames=range(9, 23)))


def test_frame_ranges_that_are_not_ranges_of_the_file_are_errors(small_zst, small_pgn):
    n = scoresheet.frame_index(str(small_zst)).num_rows
    with pytest.raises(scoresheet.UsageError, match="step is 1"):
        scoresheet.read(str(small_zst), frames=range(0, 10, 2))
    with pytest.raises(scoresheet.UsageError, match="0 <= a <= b"):
        scoresheet.read(str(small_zst), frames=(5, 2))
    with pytest.raises(scoresheet.InputError, match=f"not a range of its {n} frames"):
        scoresheet.read(str(small_zst), frames=(0, n + 1))
    with pytest.raises(scoresheet.InputError, match="zstd file"):
        scoresheet.read(str(small_pgn), frames=(0, 1))
    with pytest.raises(scoresheet.UsageError, match="give the file's path"):
        scoresheet.read(b"1. e4 *", frames=(0, 1))
    assert read_all(str(small_zst), frames=(3, 3)).num_rows == 0


def test_zstd_bytes_are_placed_by_frame_as_the_file_is(small_zst, small_text):
    from_file = read_all(str(small_zst))
    from_bytes = read_all(small_zst.read_bytes(), name=str(small_zst))
    assert from_bytes["source_frame"].null_count == 0
    assert_same_rows(from_bytes, from_file)


def test_reading_releases_the_interpreter(small_zst):
    # While a thread reads a file, the interpreter runs this one: the reading (decompression,
    # replay, the batches) holds no GIL.
    import threading

    reader = scoresheet.read(str(small_zst), batch_rows=200)
    done = {}
    thread = threading.Thread(target=lambda: done.setdefault("table", reader.read_all()))
    ticks = 0
    thread.start()
    while thread.is_alive():
        ticks += 1
    thread.join()
    assert done["table"].num_rows > 3000
    assert ticks > 10_000, ticks
