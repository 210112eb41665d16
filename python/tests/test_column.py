"""`convert` and `check` over Arrow columns of movetext, against the command line."""

from __future__ import annotations

import json
import subprocess
import threading
import time

import pyarrow as pa
import pytest

import scoresheet

BAD = [
    "1. e4 e5 2. O-O Nc6 *",
    "1. e4 e5 2. Nf9 *",
    "1. e4 e5 2. Nf3 { open\n3. Nc3 *",
    "1. d4 d5 2. c4 } e6 *",
]


def cli_diagnostics(scoresheet_bin, text: str, tmp_path) -> list[dict]:
    """The diagnostics `scoresheet check --format json` gives for `text` as a file."""
    path = tmp_path / "one.pgn"
    path.write_text(text)
    done = subprocess.run(
        [str(scoresheet_bin), "check", "--from", "en", "--format", "json", str(path)],
        capture_output=True,
        text=True,
    )
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    return [line for line in lines if "summary" not in line]


def test_convert_keeps_rows_nulls_and_kind():
    array = pa.array(["1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0", None, "", "1. d4 *"])
    fr = scoresheet.convert(array, to="fr")
    assert isinstance(fr, pa.Array)
    # An empty cell is a game without moves or result, written `*` as the games table does.
    assert fr.to_pylist() == ["1. e4 e5 2. Cf3 Cc6 3. Fb5 a6 1-0", None, "*", "1. d4 *"]
    chunked = scoresheet.convert(pa.chunked_array([array[:2], array[2:]]), to="uci")
    assert isinstance(chunked, pa.ChunkedArray)
    assert chunked.num_chunks == 2
    assert chunked.to_pylist()[0] == "1. e2e4 e7e5 2. g1f3 b8c6 3. f1b5 a7a6 1-0"
    large = scoresheet.convert(array.cast(pa.large_string()), to="fr")
    assert large.type == pa.large_string()
    assert large.to_pylist() == fr.to_pylist()


def test_convert_round_trips_through_other_notations():
    games = ["1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1/2-1/2"]
    array = pa.array(games)
    for name in ["fr", "de", "uci", "lan", "descriptive", "figurine"]:
        there = scoresheet.convert(array, to=name)
        back = scoresheet.convert(there, to="en", from_=name)
        assert back.to_pylist() == games, name


def test_convert_detects_the_source_as_the_command_line_does():
    # French letters: detected, as `scoresheet convert` detects a file's notation.
    assert scoresheet.convert(pa.array(["1. e4 e5 2. Cf3 Cc6 3. Fb5 *"]), to="en").to_pylist() == [
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 *"
    ]
    assert scoresheet.convert(pa.array(["1. P-K4 P-K4 2. N-KB3 *"]), to="en").to_pylist() == [
        "1. e4 e5 2. Nf3 *"
    ]
    draughts = pa.array(["1. 32-28 19-23 2. 28x19 14x23 *"])
    assert scoresheet.convert(draughts, to="manoury", game="draughts").to_pylist() == [
        "1. 32-28 19-23 2. 28x19 14x23 *"
    ]


def test_convert_equals_the_tables_notation_column(small_pgn):
    table = scoresheet.read(str(small_pgn), to="fr", columns=["movetext", "movetext_fr", "valid"]).read_all()
    converted = scoresheet.convert(table["movetext"], to="fr", from_="en", errors="null")
    assert converted.to_pylist() == table["movetext_fr"].to_pylist()


@pytest.mark.parametrize("text", BAD)
def test_errors_carry_the_command_lines_codes_messages_and_places(scoresheet_bin, text, tmp_path):
    want = [d for d in cli_diagnostics(scoresheet_bin, text, tmp_path) if d["severity"] == "error"]
    assert want, "the command line finds an error"
    with pytest.raises(scoresheet.GameError) as raised:
        scoresheet.convert(pa.array(["1. e4 *", text]), to="fr", from_="en")
    error = raised.value
    assert isinstance(error, scoresheet.ScoresheetError)
    first = want[0]
    assert (error.code, error.message, error.line, error.column) == (
        first["code"],
        first["message"],
        first["line"],
        first["column"],
    )
    assert error.index == 1
    assert error.help == first.get("help", [])
    # str() is the command line's rendering: the message, the place, the line and a caret.
    assert str(error).startswith(f"error: {first['message']}\n --> row 1:{first['line']}:")
    assert "^" in str(error)
    assert scoresheet.convert(pa.array([text]), to="fr", from_="en", errors="null").to_pylist() == [None]


def test_check_gives_the_command_lines_diagnostics(scoresheet_bin, tmp_path):
    texts = BAD + ["1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *", "1. e4 e5 *"]
    found = scoresheet.check(pa.array(texts), from_="en")
    assert found.column_names == ["index", "game", "severity", "code", "message", "line", "column", "help"]
    rows = found.to_pylist()
    for index, text in enumerate(texts):
        want = [
            (d["severity"], d["code"], d["message"], d["line"], d["column"], d.get("help", []))
            for d in cli_diagnostics(scoresheet_bin, text, tmp_path)
        ]
        got = [
            (r["severity"], r["code"], r["message"], r["line"], r["column"], r["help"])
            for r in rows
            if r["index"] == index
        ]
        assert got == want, text
    assert scoresheet.check(pa.array(["1. e4 e5 *"])).num_rows == 0


def test_usage_and_type_errors(scoresheet_bin):
    with pytest.raises(scoresheet.UsageError) as raised:
        scoresheet.convert(pa.array(["1. e4 *"]), to="french")
    assert isinstance(raised.value, ValueError)
    done = subprocess.run(
        [str(scoresheet_bin), "convert", "--to", "french"], input="", capture_output=True, text=True
    )
    assert done.returncode == 2
    assert raised.value.message.splitlines()[0] in done.stderr
    assert "did you mean `fr`?" in str(raised.value)
    with pytest.raises(scoresheet.UsageError):
        scoresheet.convert(pa.array(["1. e4 *"]), to="fr", game="go")
    with pytest.raises(scoresheet.UsageError):
        scoresheet.convert(pa.array(["1. e4 *"]), to="fr", errors="ignore")
    with pytest.raises(TypeError, match="column of text"):
        scoresheet.convert(pa.array([1, 2]), to="fr")


def test_the_interpreter_is_released_while_converting(small_pgn):
    """Another Python thread runs while convert works: the work holds no interpreter lock."""
    movetext = scoresheet.read(str(small_pgn), columns=["movetext"]).read_all()["movetext"]
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    ticker = threading.Thread(target=tick)
    ticker.start()
    try:
        time.sleep(0.05)
        start = time.perf_counter()
        scoresheet.convert(movetext, to="fr", errors="null")
        end = time.perf_counter()
    finally:
        stop.set()
        ticker.join()
    during = [t for t in ticks if start < t < end]
    assert end - start > 0.2, "enough work to tell"
    assert len(during) > 20, f"{len(during)} ticks in {end - start:.2f} s"


def test_notations_are_the_registrys():
    names = [name for name, _ in scoresheet.notations()]
    assert names[:3] == ["en", "lan", "uci"]
    assert "descriptive-fr" in names
    assert scoresheet.notations("draughts")[0][0] == "manoury"
