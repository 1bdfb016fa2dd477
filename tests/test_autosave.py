"""Autosave and resume: saved after every decision, rebuilt exactly, bad files set aside, never a crash."""

from __future__ import annotations

import json
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from mahjong_joy.rulesets.joy import ruleset_for

from mahjong_joy.controller import Controller
from mahjong_joy.errors import RecordError
from mahjong_joy.replay import autosave as autosave_module
from mahjong_joy.replay.autosave import (
    AutosaveMeta,
    AutosaveWriter,
    autosave_exists,
    autosave_record,
    clear_autosave,
    new_meta,
)
from mahjong_joy.app.saved import load_autosave
from mahjong_joy.replay.record import SCHEMA, read_record, run_record, write_record
from mahjong_joy.storage.history import History
from mahjong_joy.storage.paths import autosave_path, records_dir
from mahjong_joy.ui.controller_session import ControllerSession

SEATS = ("potential",) * 4
META = AutosaveMeta(0, "Mei", "2026-01-02T03:04:05Z")
CHILD = Path(__file__).with_name("autosave_child.py")


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MAHJONG_JOY_HOME", str(tmp_path))
    return tmp_path


def played(seed: int, decisions: int, seats: tuple[str, ...] = SEATS, rules: str = "joy") -> Controller:
    """A match stopped as soon as it holds at least ``decisions`` decisions."""
    ctl = Controller(seats, seed, ruleset=ruleset_for(rules), auto_deal=False)
    while len(ctl.decisions) < decisions and not ctl.is_over:
        if ctl.hand.is_finished:
            ctl.next_hand()
        elif ctl.pending is not None:
            ctl.submit(ctl.pending.actions[-1])  # a human seat: its last legal choice
        else:
            ctl.step(1)
    return ctl


def play_session(session: ControllerSession) -> ControllerSession:
    while not session.ctl.is_over:
        if session.ctl.hand.is_finished:
            session.next_hand()
        else:
            session.step()
    return session


def corrupt_files(home: Path) -> list[Path]:
    return sorted(home.glob("autosave.json.corrupt-*"))


# -- writing and loading -----------------------------------------------------------------

@pytest.mark.parametrize("rules", ["joy", "tenhou", "mahjong_soul"])
def test_the_autosave_is_the_record_with_player_keys_and_loads_back_exactly(rules: str) -> None:
    ctl = played(3, 120, rules=rules)
    AutosaveWriter(META).save(ctl)
    text = autosave_path().read_text(encoding="utf-8")
    data = json.loads(text)
    assert text == json.dumps(autosave_record(ctl, META), separators=(",", ":")) + "\n" and text.count("\n") == 1
    assert data["autosave"] is True and (data["player_seat"], data["player_name"], data["started_at"]) == (0, "Mei", META.started_at)
    assert data["rules"] == ruleset_for(rules).rules.to_dict() and data["schema"] == SCHEMA and data["seats"] == list(SEATS)
    loaded = load_autosave()
    assert loaded is not None
    resumed, meta = loaded
    assert meta == META and resumed.record() == ctl.record() and not resumed.auto_deal
    assert [e.to_dict() for e in resumed.events] == [e.to_dict() for e in ctl.events]


def test_each_save_encodes_only_new_decisions_yet_equals_a_fresh_encoding() -> None:
    writer = AutosaveWriter(META)
    ctl = Controller(SEATS, 4, auto_deal=False)
    for _ in range(80):
        if ctl.hand.is_finished:
            ctl.next_hand()
        ctl.step(1)
        assert writer.text(ctl) == AutosaveWriter(META).text(ctl)
    other = played(5, 10)
    assert writer.text(other) == AutosaveWriter(META).text(other)  # another match starts afresh


def test_encoding_a_late_hand_save_is_cheap() -> None:
    ctl = played(8, 100_000)
    writer = AutosaveWriter(META)
    writer.text(ctl)
    timings = []
    for _ in range(30):
        start = time.perf_counter()
        writer.text(ctl)
        timings.append(time.perf_counter() - start)
    assert len(ctl.decisions) > 200 and statistics.median(timings) < 0.002


def test_no_autosave_means_no_continue() -> None:
    assert not autosave_exists() and load_autosave() is None
    clear_autosave()  # nothing to clear is fine
    with pytest.raises(RecordError, match="no unfinished match"):
        ControllerSession.resume()


def test_a_saved_match_that_already_ended_is_archived_not_continued(home: Path) -> None:
    ctl = played(2, 100_000)
    assert ctl.is_over
    AutosaveWriter(new_meta()).save(ctl)
    assert load_autosave() is None and not autosave_exists()
    assert len(list(records_dir().iterdir())) == 1


# -- bad files ---------------------------------------------------------------------------

def test_an_autosave_truncated_at_any_byte_of_its_last_line_is_set_aside(home: Path) -> None:
    AutosaveWriter(META).save(played(6, 25))
    whole = autosave_path().read_bytes()
    last_line = whole.rstrip(b"\n").rfind(b"\n") + 1
    refused = 0
    for cut in range(last_line, len(whole) + 1):
        autosave_path().write_bytes(whole[:cut])
        if cut >= len(whole) - 1:  # only the final newline missing: the save is whole
            assert load_autosave() is not None
            continue
        with pytest.raises(RecordError, match="could not be restored.*kept as autosave.json.corrupt-"):
            load_autosave()
        (kept,) = corrupt_files(home)
        assert kept.read_bytes() == whole[:cut] and not autosave_exists()
        kept.unlink()
        refused += 1
    assert refused == len(whole) - 1 - last_line


def test_a_record_truncated_at_any_byte_of_its_last_line_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "run.json"
    write_record(run_record(2, SEATS, [played(2, 30)]), path)
    whole = path.read_bytes()
    last_line = whole.rstrip(b"\n").rfind(b"\n") + 1
    for cut in range(last_line, len(whole) - 1):
        path.unlink()  # a fresh file: truncating one in place makes ext4 flush it, slowly
        path.write_bytes(whole[:cut])
        with pytest.raises(RecordError, match="is not valid JSON"):
            read_record(path)
    path.write_bytes(whole[:-1])
    assert read_record(path)["matches"][0]["decisions"]


def _newer(data: dict) -> dict:
    return {**data, "schema": SCHEMA + 1}


def _bad_decision(data: dict) -> dict:
    entry = data["matches"][0]
    return {**data, "matches": [{**entry, "decisions": entry["decisions"][:5] + [{"type": "ron", "seat": 1}]}]}


def _plain_record(data: dict) -> dict:
    return {k: v for k, v in data.items() if k != "autosave"}


def _bad_seat(data: dict) -> dict:
    return {**data, "player_seat": 7}


def _two_matches(data: dict) -> dict:
    return {**data, "matches": data["matches"] * 2}


def _unknown_ai(data: dict) -> dict:
    return {**data, "seats": ["human", "wizard", "potential", "potential"]}


@pytest.mark.parametrize(
    "change, reason",
    [
        (_newer, f"uses schema {SCHEMA + 1}, newer than this version reads"),
        (_bad_decision, "decision 6 does not apply: seat 1 cannot"),
        (_plain_record, "a record, not an autosave"),
        (_bad_seat, "player seat, name or start time"),
        (_two_matches, "exactly one match"),
        (_unknown_ai, "unknown AI 'wizard'"),
    ],
)
def test_bad_autosave_contents_are_set_aside_with_a_message(home: Path, change, reason: str) -> None:
    AutosaveWriter(META).save(played(7, 30))
    bad = json.dumps(change(json.loads(autosave_path().read_text(encoding="utf-8"))))
    autosave_path().write_text(bad, encoding="utf-8")
    with pytest.raises(RecordError, match=f"could not be restored: .*{reason}") as caught:
        load_autosave()
    (kept,) = corrupt_files(home)
    assert kept.read_text(encoding="utf-8") == bad and kept.name in str(caught.value)
    assert not autosave_exists() and load_autosave() is None


@pytest.mark.parametrize(
    "content, reason",
    [(b"\xff\xfe\x00\x81garbage", "cannot be read"), (b"not json at all", "not valid JSON"), (b"[1, 2, 3]", "not a Mahjong Joy record"), (b"", "not valid JSON")],
)
def test_garbage_autosaves_are_set_aside_with_a_message(home: Path, content: bytes, reason: str) -> None:
    autosave_path().write_bytes(content)
    with pytest.raises(RecordError, match=reason):
        load_autosave()
    (kept,) = corrupt_files(home)
    assert kept.read_bytes() == content and not autosave_exists()


def test_an_unreadable_autosave_is_set_aside(home: Path) -> None:
    autosave_path().mkdir()  # a folder where the file should be: reading fails
    with pytest.raises(RecordError, match="cannot be read"):
        load_autosave()
    assert corrupt_files(home) and not autosave_path().exists()


# -- the table's session -----------------------------------------------------------------

def test_the_session_saves_after_every_decision_and_never_rewrites_an_unchanged_match(monkeypatch: pytest.MonkeyPatch) -> None:
    saves: list[int] = []
    real = AutosaveWriter.save
    monkeypatch.setattr(AutosaveWriter, "save", lambda self, ctl: (saves.append(len(ctl.decisions)), real(self, ctl)))
    session = ControllerSession(seed=11, human=False, autosave=True)
    for _ in range(120):
        before = len(session.ctl.decisions)
        if session.ctl.hand.is_finished:
            session.next_hand()
        else:
            session.step()
        after = len(session.ctl.decisions)
        on_disk = json.loads(autosave_path().read_text(encoding="utf-8"))["matches"][0]["decisions"] if after else []
        assert len(on_disk) == after
        assert saves.count(after) == (1 if after else 0) and (after == before or saves[-1] == after)
    assert len(saves) == len(set(saves)) > 50


def test_the_demo_leaves_the_players_autosave_alone() -> None:
    session = ControllerSession(seed=1, human=False)
    for _ in range(20):
        session.step()
    assert session.ctl.decisions and not autosave_exists()


def test_a_match_end_is_archived_once_and_clears_the_autosave() -> None:
    session = play_session(ControllerSession(seed=12, max_hands=2, human=False, autosave=True, player_name="Mei"))
    assert not autosave_exists() and session.storage_error == ""
    session.step()
    session.next_hand()
    (path,) = records_dir().iterdir()
    with History.open() as history:
        rows = history.matches()
    assert len(rows) == 1 and rows[0].record_path == str(path) and rows[0].player_name == "Mei"
    assert read_record(path)["matches"][0] == session.ctl.record()


def test_a_failing_save_becomes_a_message_not_a_crash(home: Path) -> None:
    autosave_path().mkdir()  # cannot replace a folder with a file
    session = ControllerSession(seed=3, human=False, autosave=True)
    session.step()
    assert session.ctl.decisions and "Could not save the match" in session.storage_error


def test_session_resume_continues_where_the_autosave_left_off() -> None:
    first = ControllerSession(seed=13, human=False, autosave=True, player_name="Mei")
    for _ in range(90):
        first.next_hand() if first.ctl.hand.is_finished else first.step()
    resumed = ControllerSession.resume()
    assert resumed.ctl.record() == first.ctl.record() and resumed.player_name == "Mei"
    assert resumed.drain_events() == [] and resumed.snapshot().hand == first.snapshot().hand
    assert resumed.history == first.history


def test_the_table_scene_continues_or_explains() -> None:
    from mahjong_joy.ui.scenes.table import TableScene

    ControllerSession(seed=14, human=True)  # a new match with a human seat: nothing saved before its first decision
    from mahjong_joy.storage.settings import Settings

    app = SimpleNamespace(settings=Settings(player_name="Mika"))  # the name set in Settings names the player
    scene = SimpleNamespace(message="", message_timer=0.0, app=app)
    fresh = TableScene._new_session(scene, {"resume": True})
    assert "no unfinished match" in scene.message.lower() and fresh.ctl.decisions == []
    saved = played(14, 40, ("human", "potential", "potential", "potential"))
    AutosaveWriter(META).save(saved)
    scene = SimpleNamespace(message="", message_timer=0.0, app=app)
    resumed = TableScene._new_session(scene, {"resume": True})
    assert scene.message == "" and resumed.ctl.record() == saved.record()
    assert fresh.player_name == resumed.player_name == "Mika" and resumed.snapshot().names[0] == "Mika"


# -- killed mid-match --------------------------------------------------------------------

def _uninterrupted(seed: int) -> dict:
    ctl = Controller(SEATS, seed, auto_deal=False)
    while not ctl.is_over:
        if ctl.hand.is_finished:
            ctl.next_hand()
        ctl.step(1)
    return ctl.record()


@pytest.mark.parametrize("mode", ["after", "mid-write"])
def test_a_killed_match_resumes_and_ends_as_if_never_interrupted(home: Path, mode: str) -> None:
    seed, target = 21, 77
    env = {**os.environ, "MAHJONG_JOY_HOME": str(home)}
    child = subprocess.run([sys.executable, str(CHILD), str(seed), str(target), mode], env=env, capture_output=True, text=True, timeout=120)
    assert child.returncode == -signal.SIGKILL, child.stderr
    reported = int(child.stdout.split()[0])
    saved = json.loads(autosave_path().read_text(encoding="utf-8"))["matches"][0]["decisions"]
    assert len(saved) == reported
    if mode == "after":
        assert target <= reported <= target + 3  # one step applies a claim round's passes together
    else:
        assert target - 4 <= reported < target and list(home.glob(".autosave.json.*.tmp"))
    session = play_session(ControllerSession.resume())
    expected = _uninterrupted(seed)
    assert session.ctl.record() == expected
    (path,) = records_dir().iterdir()
    assert read_record(path)["matches"][0] == expected and not autosave_exists()


def test_the_module_imports_no_pygame() -> None:
    code = "import sys, mahjong_joy.replay.autosave, mahjong_joy.replay.mjai; print('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "False"
    assert autosave_module.__doc__ and "at most the last decision" in autosave_module.__doc__
