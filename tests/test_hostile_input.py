"""Hostile input lines: ``score --jsonl`` and ``analyze --jsonl`` answer every line, a bad one
with its error object; a single bad ``score`` exits 2 with one line. Also the reading
layer's own bounds, and the clean-up of temporary files a killed save left behind."""

from __future__ import annotations

import io
import json
import os
import random
import time
from pathlib import Path
from typing import Any

import pytest

from mahjong_joy.cli import main
from mahjong_joy.errors import RecordError
from mahjong_joy.storage import paths
from mahjong_joy.storage.files import STALE_SECONDS, remove_leftovers
from mahjong_joy.untrusted import LINE_LIMIT, MAX_DEPTH, bounded_lines, nesting_depth_ok, parse_json

WIN = {"hand": "123m406p789s22s777z", "win_tile": "2s", "seat_wind": "S", "round_wind": "E"}
GOOD_LINE = json.dumps(WIN)

BAD_SCORE_LINES: dict[str, bytes] = {
    "wind as a list": json.dumps({**WIN, "seat_wind": ["S"]}).encode(),
    "wind as an object": json.dumps({**WIN, "round_wind": {"E": 1}}).encode(),
    "5,000-digit honba": GOOD_LINE[:-1].encode() + b', "honba": ' + b"9" * 5000 + b"}",
    "nested 100,000 deep": b"[" * 100_000,
    "deep inside a field": GOOD_LINE[:-1].encode() + b', "melds": ' + b"[" * 5000 + b"]" * 5000 + b"}",
    "NaN": GOOD_LINE[:-1].encode() + b', "honba": NaN}',
    "not UTF-8": b'{"hand": "\xff\xfe"}',
    "a list": b"[1, 2]",
    "not JSON": b"hand: 123m",
    "a meld of the wrong shape": json.dumps({**WIN, "melds": [{"type": ["pon"], "tiles": "555z"}]}).encode(),
    "rules as a list": json.dumps({**WIN, "rules": [1]}).encode(),
}


def run_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], data: bytes, *args: str) -> tuple[int, str, str]:
    """Run the CLI with ``data`` as binary stdin (as a shell pipe gives it)."""
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_jsonl_answers_every_line_and_goes_on_after_bad_ones(monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(16)
    bad = list(BAD_SCORE_LINES.items())
    rng.shuffle(bad)
    lines = [b"\xef\xbb\xbf" + GOOD_LINE.encode()]  # a BOM on the first line is only a BOM
    for _, line in bad:
        lines += [line, GOOD_LINE.encode()]
    code, out, err = run_stdin(monkeypatch, capsys, b"\n".join(lines) + b"\n", "score", "--jsonl")
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and err == "" and len(answers) == len(lines)
    assert all(a["valid"] for a in answers[::2])  # every good line, before and after each bad one
    for (name, _), answer, number in zip(bad, answers[1::2], range(2, len(lines) + 1, 2)):
        assert answer["valid"] is False and answer["error"] == "invalid_situation", name
        assert answer["message"].startswith(f"line {number}: ") and len(answer["message"]) < 300, name


def test_score_jsonl_skips_an_endless_line_without_holding_it(monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    endless = b"[" + b"1," * (LINE_LIMIT * 2)  # longer than the limit, no newline for megabytes
    data = GOOD_LINE.encode() + b"\n" + endless + b"\n" + GOOD_LINE.encode() + b"\n"
    code, out, _ = run_stdin(monkeypatch, capsys, data, "score", "--jsonl")
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [a["valid"] for a in answers] == [True, False, True]
    assert "line 2: the line is longer than the 1 MiB limit" == answers[1]["message"]


@pytest.mark.parametrize("name", list(BAD_SCORE_LINES))
def test_a_single_bad_score_exits_2_with_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                                 name: str) -> None:
    code, out, err = run_stdin(monkeypatch, capsys, BAD_SCORE_LINES[name], "score")
    assert code == 2 and out == "" and err.startswith("mahjong-joy score: ") and err.count("\n") == 1


def test_a_score_file_that_never_ends_is_refused(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["score", "/dev/zero"])
    err = capsys.readouterr().err
    assert code == 2 and "larger than the 1 MiB limit" in err and err.count("\n") == 1


def test_a_score_file_with_a_byte_order_mark_is_scored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "win.json"
    path.write_bytes(b"\xef\xbb\xbf" + GOOD_LINE.encode())
    assert main(["score", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["valid"] is True


def test_analyze_jsonl_answers_every_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    good = b"123m456p789s1122z"
    hostile = [b"[" * 100_000, b"1" * 5000 + b"m", b"\xff\xfe123m", b"m" * (LINE_LIMIT + 10), b"{\"hand\": 1}"]
    lines = [good]
    for line in hostile:
        lines += [line, good]
    code, out, _ = run_stdin(monkeypatch, capsys, b"\n".join(lines) + b"\n", "analyze", "--jsonl")
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(answers) == len(lines)
    assert [("error" in a) for a in answers] == [False] + [True, False] * len(hostile)
    assert "not UTF-8" in answers[5]["error"] and "longer than the 1 MiB limit" in answers[7]["error"]


# -- the reading layer ------------------------------------------------------------------

@pytest.mark.parametrize(("text", "ok"), [
    ("[]", True), ('{"a": [[{"b": 1}]]}', True), ("[" * MAX_DEPTH + "]" * MAX_DEPTH, True),
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), False), ('["' + "[" * 1000 + '"]', True),
    ('"\\"[[[[["', True), ("[" * 10, True), ("[" * (MAX_DEPTH + 1), False), ("]]]" + "[" * 40, False),
    ("[{" * 20 + "}]" * 20, False), ("[]" * 10_000, True),
    ('["\\\\", ' + "[" * 40 + "]" * 40 + "]", False), ('["\\"]", ' + "[" * 40 + "]" * 40 + ', "\\\\["]', False),
    ('["\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\\"", 1]', True),
])
def test_the_depth_scan_counts_brackets_outside_strings(text: str, ok: bool) -> None:
    assert nesting_depth_ok(text) is ok


def test_the_depth_scan_agrees_with_a_counted_depth_on_random_documents() -> None:
    rng = random.Random(1616)
    seen = set()
    for _ in range(300):
        doc: Any = rng.choice([1, "s[", {}, 'q"\\['])  # the last one is written with escapes
        for _ in range(rng.randrange(0, 45)):
            doc = rng.choice([[doc], {"k]": doc}, [1, doc, "{"], ['\\"]', doc]])
        text = json.dumps(doc)
        seen.add(_depth(doc) <= MAX_DEPTH)
        assert nesting_depth_ok(text) is (_depth(doc) <= MAX_DEPTH), text[:80]
    assert seen == {True, False}


def _depth(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    return 0


def test_parse_json_refuses_each_hostile_class_with_the_inputs_name() -> None:
    for text, reason in [("[" * 50_000, "nests deeper"), ("1" * 5000, "5,000 digits"), ("[NaN]", "NaN"),
                         ("[1e400]", "too large"), ("{", "not valid JSON")]:
        with pytest.raises(RecordError, match=f"^my file .*{reason}"):
            parse_json(text, "my file")
    assert parse_json("[" + "9" * 100 + "]", "x") == [int("9" * 100)]


def test_bounded_lines_reads_text_and_binary_streams_alike() -> None:
    data = "\ufeffone\n\n  \ntwo\nthree"
    for stream in (io.StringIO(data), io.TextIOWrapper(io.BytesIO(data.encode()), encoding="utf-8")):
        assert [(n, line.strip()) for n, line in bounded_lines(stream)] == [(1, "one"), (4, "two"), (5, "three")]


# -- temporary files a killed save left -------------------------------------------------

def test_stale_temporary_files_are_removed_and_fresh_or_foreign_ones_kept(tmp_path: Path) -> None:
    stale, fresh = tmp_path / ".autosave.json.k2j4h7x_.tmp", tmp_path / ".settings.json.a1b2c3d4.tmp"
    foreign = [tmp_path / "notes.tmp", tmp_path / ".hidden.tmp", tmp_path / "autosave.json"]
    for path in [stale, fresh, *foreign]:
        path.write_text("x", encoding="utf-8")
    old = time.time() - STALE_SECONDS - 5
    os.utime(stale, (old, old))
    for path in foreign:
        os.utime(path, (old, old))
    assert remove_leftovers(tmp_path) == [stale]
    assert not stale.exists() and fresh.exists() and all(p.exists() for p in foreign)


def test_the_game_start_removes_what_an_interrupted_save_left(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pygame")
    from mahjong_joy.ui.app import App

    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path))
    left = [paths.data_dir() / ".autosave.json.zz00zz00.tmp", paths.records_dir() / ".20260101-seed1.json.ab12cd34.tmp"]
    old = time.time() - STALE_SECONDS - 5
    for path in left:
        path.write_text('{"half": ', encoding="utf-8")
        os.utime(path, (old, old))
    App(size=(1024, 640))
    assert not any(p.exists() for p in left)


@pytest.mark.parametrize("name", ["mahjong_joy.untrusted", "mahjong_joy.replay.fields"])
def test_the_reading_layers_docstring_examples_hold(name: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0


def test_an_endless_line_is_answered_before_its_end_is_read() -> None:
    class Endless(io.RawIOBase):
        """A stream of ``x`` that never ends (like /dev/zero); counts what was read."""

        def __init__(self) -> None:
            self.read_bytes = 0

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: Any) -> int:
            if self.read_bytes > 10_000_000:
                raise AssertionError("read on into the endless line before answering it")
            buffer[:] = b"x" * len(buffer)
            self.read_bytes += len(buffer)
            return len(buffer)

    source = Endless()
    lines = bounded_lines(io.BufferedReader(source), limit=1000)
    number, item = next(lines)
    assert number == 1 and isinstance(item, RecordError) and "longer than the 1000 bytes limit" in str(item)
    assert source.read_bytes < 100_000  # answered after about one piece, not after the (never) end
