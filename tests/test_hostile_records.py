"""Hostile records: ``mahjong-joy replay`` exits 2 with one line and no traceback, the Replays
screen marks the row and stays up, ``/dev/zero`` is refused at once, exports into folders
are one-line errors, and ``--text`` prints while it replays."""

from __future__ import annotations

import json
import random
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from mahjong_joy.cli import main
from mahjong_joy.commands import replay as replay_command
from mahjong_joy.commands.simulate import simulate
from mahjong_joy.engine.match import Match
from mahjong_joy.replay.record import RECORD_LIMIT, read_record, run_record, write_record
from tests.hostile import FIRST, SYNTAX, V1_WRONG_TYPES, WRONG_TYPES, changed, encoded, endless, numbers_at, oversized, with_bom

V1_RECORD = Path(__file__).with_name("fixtures") / "v1_joy_seed3.json"

RECORD_ONLY = {name: make for name, make in WRONG_TYPES.items() if not name.startswith(("autosave", "player", "start"))}
VARIANTS = {
    **SYNTAX,
    **numbers_at(("seed",)),
    **numbers_at(FIRST + ("seat",)),
    **numbers_at(("matches", 0, "max_hands")),
    **RECORD_ONLY,
    "played_at as a list": changed(("played_at",), ["2026"]),
    "newer schema": changed(("schema",), 99),
    "decision that does not apply": changed(FIRST, {"type": "tsumo", "seat": 3}),
}


@cache
def good() -> dict[str, Any]:
    return run_record(3, ("potential",) * 4, simulate(3, hands=2))


def replay(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["replay", *args])
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code: int, err: str) -> None:
    assert code == 2 and err.startswith("mahjong-joy replay: ") and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("mode", ["--text", "--summary", "view"])
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_replay_on_a_hostile_record_exits_2_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          variant: str, mode: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(VARIANTS[variant](good()))
    args = [str(path)] if mode == "view" else [str(path), mode]
    code, out, err = replay(capsys, *args, "--frames", "1") if mode == "view" else replay(capsys, *args)
    assert_one_line_error(code, err)
    assert out == "" or mode == "--text"  # --text streams: the lines before a bad decision are already out


@pytest.mark.parametrize("variant", list(V1_WRONG_TYPES))
def test_replay_on_a_hostile_schema_1_record_exits_2_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                 variant: str) -> None:
    path = tmp_path / "old.json"
    path.write_bytes(V1_WRONG_TYPES[variant](json.loads(V1_RECORD.read_text(encoding="utf-8"))))
    code, out, err = replay(capsys, str(path), "--summary")
    assert_one_line_error(code, err)
    assert out == ""
    assert replay(capsys, str(V1_RECORD), "--summary")[0] == 0  # the good schema-1 record still replays


def test_replay_of_dev_zero_is_refused_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = replay(capsys, "/dev/zero", "--text")
    assert_one_line_error(code, err)
    assert "larger than the 32 MiB limit" in err


def test_an_endless_or_oversized_record_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    link, big = tmp_path / "endless.json", tmp_path / "big.json"
    endless(link)
    oversized(big, RECORD_LIMIT + 1)
    for path in (link, big):
        code, _, err = replay(capsys, str(path), "--summary")
        assert_one_line_error(code, err)
        assert "larger than the 32 MiB limit" in err


def test_a_folder_or_an_unreadable_path_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for path in (str(tmp_path), str(tmp_path / "missing.json"), "bad\x00name.json"):
        code, _, err = replay(capsys, path, "--text")
        assert_one_line_error(code, err)


def test_a_record_with_a_byte_order_mark_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plain, marked = tmp_path / "plain.json", tmp_path / "marked.json"
    plain.write_bytes(encoded(good()))
    marked.write_bytes(with_bom(good()))
    assert replay(capsys, str(plain), "--text")[:2] == replay(capsys, str(marked), "--text")[:2]
    assert read_record(marked) == read_record(plain)


@pytest.mark.parametrize("target", ["folder", "missing folder", "folder with files"])
def test_export_into_a_folder_or_a_missing_one_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                           target: str) -> None:
    record = tmp_path / "run.json"
    write_record(good(), record)
    out = {"folder": tmp_path / "out", "missing folder": tmp_path / "nope" / "out.jsonl",
           "folder with files": tmp_path / "full"}[target]
    if target != "missing folder":
        out.mkdir()
    if target == "folder with files":
        (out / "keep.txt").write_text("mine", encoding="utf-8")
    before = sorted(p.name for p in tmp_path.rglob("*"))
    code, _, err = replay(capsys, str(record), "--export", "mjai", str(out))
    assert_one_line_error(code, err)
    assert f"cannot write {out}" in err
    assert sorted(p.name for p in tmp_path.rglob("*")) == before  # no temporary file left behind


def test_replay_text_prints_each_hand_while_the_record_is_still_replaying(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "run.json"
    write_record(good(), path)
    total = len(good()["matches"][0]["decisions"])
    applied = {"n": 0}
    real_apply = Match.apply

    def counting_apply(self: Match, action: Any) -> Any:
        applied["n"] += 1
        return real_apply(self, action)

    printed: list[tuple[str, int]] = []
    monkeypatch.setattr(Match, "apply", counting_apply)
    monkeypatch.setattr(replay_command, "print", lambda line, **kw: printed.append((line, applied["n"])), raising=False)
    assert main(["replay", str(path), "--text"]) == 0
    starts = [n for line, n in printed if line.startswith("-- ")]
    assert len(starts) == 2 and starts[0] == 0 and 0 < starts[1] < total  # hand 1 printed before hand 2 replayed
    assert printed[-1][1] == total


def _row_with_record(content: bytes) -> None:
    """One archived match whose record file then holds ``content``."""
    from mahjong_joy.app.archive import archive_match
    from mahjong_joy.storage.history import History

    with History.open() as history:
        path = archive_match(simulate(5, hands=1)[0], history=history, now=datetime(2026, 1, 5))
    path.write_bytes(content)


@pytest.mark.parametrize("variant", ["nested 100,000 deep", "5,000-digit number", "decision type as a list",
                                     "rules name as a list", "not UTF-8", "decision that does not apply"])
def test_the_replays_screen_marks_a_hostile_record_and_stays_up(variant: str) -> None:
    pytest.importorskip("pygame")
    from mahjong_joy.ui.app import App
    from mahjong_joy.ui.scenes.base import Scene
    from mahjong_joy.ui.scenes.replay import ReplaysScene
    from mahjong_joy.storage.settings import Settings

    _row_with_record(VARIANTS[variant](json.loads(json.dumps(good()))))
    app = App(size=(1024, 640), settings=Settings())
    app.replace(Scene(app))
    scene = ReplaysScene(app)
    app.push(scene)
    scene.open(0)
    app.step(1 / 60)
    assert app.top is scene and scene.problems[0].startswith("its record")


@pytest.mark.parametrize("where", ["folder", "missing folder"])
def test_a_screenshot_into_a_folder_or_a_missing_one_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                 where: str) -> None:
    record = tmp_path / "run.json"
    write_record(good(), record)
    png = tmp_path if where == "folder" else tmp_path / "nope" / "shot.png"
    code, _, err = replay(capsys, str(record), "--screenshot", str(png))
    assert_one_line_error(code, err)
    assert f"cannot write {png}" in err


def test_a_named_pipe_without_a_writer_is_refused_without_waiting(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import os

    fifo = tmp_path / "pipe.json"
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    os.mkfifo(fifo)
    code, _, err = replay(capsys, str(fifo), "--text")
    assert_one_line_error(code, err)
    assert "not valid JSON" in err


HOSTILE_VALUES = (None, True, 0, -1, 3, 4, 33, 34, 10**18, 1.5, "", "joy", "\ud800", [], [1], [[]], {}, {"a": 1},
                  list(range(20)))


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key and index path into ``value`` (the first few decisions only)."""
    out = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value[:4]):
            out += _paths(item, path + (index,))
    return out


def test_seeded_random_damage_to_a_record_is_always_a_record_error() -> None:
    """Up to three fields anywhere replaced by hostile values (or removed): checking and replaying
    the record, and opening it in the viewer's session, raise only the project's errors."""
    from mahjong_joy.errors import MahjongJoyError
    from mahjong_joy.replay.record import check_record, replay_events
    from mahjong_joy.ui.replay_session import ReplaySession

    rng = random.Random(1616)
    base = run_record(3, ("potential",) * 4, simulate(3, hands=1))
    places = _paths(base)
    refused = 0
    for _ in range(120):
        data = json.loads(json.dumps(base))
        for _ in range(rng.randint(1, 3)):
            *parents, last = rng.choice(places)
            target: Any = data
            try:
                for key in parents:
                    target = target[key]
                if rng.random() < 0.15 and isinstance(target, dict):
                    target.pop(last, None)
                else:
                    target[last] = json.loads(json.dumps(rng.choice(HOSTILE_VALUES)))
            except (KeyError, IndexError, TypeError):
                continue  # an earlier change already replaced a parent
        try:
            check_record(data, "fuzzed")
            replay_events(data, "fuzzed")
            ReplaySession(data, 0, "fuzzed")
        except MahjongJoyError:
            refused += 1
    assert refused > 60  # most damage is caught (some lands on fields replay ignores, like options)
