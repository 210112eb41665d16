"""What the tests share: the `scoresheet` binary, a file of random legal games, and the
pzstd-style file with edge cases built from it.

Each fixture looks for what it needs (environment variables first, then the checkout's
target/); when something is missing it skips, except under CI (env `CI` set), where it fails.
"""

from __future__ import annotations

import os
import random
import shutil
import struct
import subprocess
from pathlib import Path

import pyarrow as pa
import pytest

ROOT = Path(__file__).resolve().parents[2]

#: How many random games the big file holds; with the edge cases, about 20,000 games.
RANDOM_GAMES = 20_000

#: Text per zstd frame: small, so that the file has hundreds of frames and frames cut games.
FRAME_TEXT = 48 * 1024


def missing(what: str) -> None:
    """Skips the test, or fails it under CI, where everything must be there."""
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing, and CI must run every test")
    pytest.skip(f"{what} is missing")


@pytest.fixture(scope="session")
def scoresheet_bin() -> Path:
    """The command line, to compare with: `SCORESHEET_BIN`, else target/debug/scoresheet."""
    path = Path(os.environ.get("SCORESHEET_BIN", ROOT / "target/debug/scoresheet"))
    if not path.is_file():
        missing(f"the scoresheet binary ({path}; cargo build -p scoresheet)")
    return path


@pytest.fixture(scope="session")
def random_games(tmp_path_factory) -> Path:
    """A PGN of random legal games from our engine: `SCORESHEET_RANDOM_GAMES`, else made with
    `cargo xtask corpus`."""
    given = os.environ.get("SCORESHEET_RANDOM_GAMES")
    if given:
        return Path(given)
    if shutil.which("cargo") is None:
        missing("cargo, to make the random games (or set SCORESHEET_RANDOM_GAMES)")
    folder = tmp_path_factory.mktemp("corpus")
    subprocess.run(
        ["cargo", "xtask", "corpus", str(folder), "--games", str(RANDOM_GAMES)],
        cwd=ROOT,
        check=True,
    )
    return folder / "random-games.pgn"


#: Games that are read or replayed in unusual ways, each a whole record.
EDGE_CASES = [
    # A `{` inside a comment is text; clock commands inside comments are read.
    '[Event "braces"]\n[Result "1-0"]\n\n'
    "1. e4 { a { brace inside [%clk 0:00:59] } e5 { [%eval 0.3] } 2. Nf3 1-0\n",
    # A `}` outside any comment: the game cannot be read.
    '[Event "stray brace"]\n[Result "*"]\n\n1. e4 e5 } 2. Nf3 *\n',
    # Castling through the pieces that stand in the way: illegal.
    '[Event "illegal castling"]\n[Result "*"]\n\n1. e4 e5 2. O-O Nc6 *\n',
    # Castling with zeros, read leniently (a warning).
    '[Event "zeros"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *\n',
    # No movetext: the result alone, as lichess writes an abandoned game.
    '[Event "abandoned"]\n[Termination "Abandoned"]\n[Result "0-1"]\n\n0-1\n',
    # No movetext and no result: the game ends at the next tag section.
    '[Event "empty"]\n[White "nobody"]\n\n',
    # An abandoned game with one move.
    '[Event "abandoned after one move"]\n[Termination "Abandoned"]\n[Result "1-0"]\n\n1. d4 1-0\n',
]


def pzstd(text: bytes, frame_text: int = FRAME_TEXT) -> bytes:
    """`text` as pzstd writes it: independent zstd frames of `frame_text` bytes of text, each
    after a skippable frame that gives its packed size (the lichess database's layout). The
    cuts fall wherever the sizes say, in the middle of games."""
    codec = pa.Codec("zstd", compression_level=3)
    out = bytearray()
    for start in range(0, len(text), frame_text):
        frame = codec.compress(text[start : start + frame_text], asbytes=True)
        out += struct.pack("<III", 0x184D2A50, 4, len(frame))
        out += frame
    return bytes(out)


def with_edge_cases(games: bytes, seed: int = 16, limit: int | None = None) -> bytes:
    """The games of `games` (the first `limit` of them) with an edge case after every few."""
    records = games.split(b"\n\n[")[:limit]
    rng = random.Random(seed)
    out = []
    for k, record in enumerate(records):
        if k:
            record = b"[" + record
        out.append(record.rstrip(b"\n") + b"\n\n")
        if k % 97 == 50:
            out.append(rng.choice(EDGE_CASES).encode() + b"\n")
    return b"".join(out)


@pytest.fixture(scope="session")
def games_text(random_games) -> bytes:
    """About 20,000 games, edge cases among them, as plain text."""
    return with_edge_cases(random_games.read_bytes())


@pytest.fixture(scope="session")
def games_zst(games_text, tmp_path_factory) -> Path:
    """`games_text` as a pzstd file of many frames: the file the Dask test reads."""
    path = tmp_path_factory.mktemp("zst") / "games.pgn.zst"
    path.write_bytes(pzstd(games_text))
    return path


#: Games in the smaller files the other tests read (the wheel CI tests is a debug build).
SMALL_GAMES = 3000


@pytest.fixture(scope="session")
def small_text(random_games) -> bytes:
    """The first few thousand games, with the same edge cases among them."""
    return with_edge_cases(random_games.read_bytes(), limit=SMALL_GAMES)


@pytest.fixture(scope="session")
def small_zst(small_text, tmp_path_factory) -> Path:
    """`small_text` as a pzstd file, some fifty frames."""
    path = tmp_path_factory.mktemp("small-zst") / "small.pgn.zst"
    path.write_bytes(pzstd(small_text))
    return path


@pytest.fixture(scope="session")
def small_pgn(small_text, tmp_path_factory) -> Path:
    """`small_text` as a plain file."""
    path = tmp_path_factory.mktemp("small-pgn") / "small.pgn"
    path.write_bytes(small_text)
    return path


def export(scoresheet_bin: Path, path: Path, out: Path, *args: str) -> pa.Table:
    """`scoresheet export` of `path` as an Arrow IPC file, read back."""
    done = subprocess.run(
        [str(scoresheet_bin), "export", "--quiet", "-o", str(out), *args, str(path)],
        capture_output=True,
        text=True,
    )
    # Exit status 1: some games have errors, which are rows all the same.
    assert done.returncode in (0, 1), done.stderr
    with pa.memory_map(str(out)) as source:
        return pa.ipc.open_file(source).read_all()


@pytest.fixture(scope="session")
def exported_zst(scoresheet_bin, games_zst, tmp_path_factory) -> pa.Table:
    """`scoresheet export --to fr` of the big file: what the readers must give."""
    return export(scoresheet_bin, games_zst, tmp_path_factory.mktemp("export") / "games.arrow", "--to", "fr")


PROVENANCE = [
    ("source_file", "ascending"),
    ("source_frame", "ascending"),
    ("source_offset", "ascending"),
]


def by_provenance(table: pa.Table) -> pa.Table:
    """The rows ordered by where each game is in its file: how two runs are compared."""
    return table.sort_by(PROVENANCE).combine_chunks()


def assert_same_rows(got: pa.Table, want: pa.Table) -> None:
    """The same rows, column by column, with the first difference named when they differ."""
    assert got.schema == want.schema, f"{got.schema}\n!=\n{want.schema}"
    assert got.num_rows == want.num_rows
    for name in want.column_names:
        a, b = got[name], want[name]
        if not a.equals(b):
            for row in range(want.num_rows):
                if a[row] != b[row]:
                    where = {k: want[k][row].as_py() for k, _ in PROVENANCE}
                    raise AssertionError(
                        f"column {name}, row {row} ({where}): {a[row]!r} != {b[row]!r}"
                    )
            raise AssertionError(f"column {name} differs")
