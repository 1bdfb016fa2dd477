"""Archiving cannot disagree with the autosave after a crash at any step.

A match end saves the finished match first, then archives it from that save
(record, then history row) and only then removes the save. Each test kills the
process (an exception no handler catches) at one step, then starts again; the
history must end with one row whose record holds exactly the decisions the
player made, and no save left behind.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from mahjong_joy.controller import Controller

from mahjong_joy.errors import RecordError, StorageUnavailableError
from mahjong_joy.replay import autosave, pending
from mahjong_joy.replay.record import read_record
from mahjong_joy.app import archive, saved
from mahjong_joy.storage.history import History
from mahjong_joy.storage.paths import autosave_path, pending_dir
from mahjong_joy.ui import controller_session
from mahjong_joy.ui.controller_session import ControllerSession


class Killed(BaseException):
    """The process dies here: no ``except Exception`` (or ``OSError``) handler stops it."""


def die(*args: object, **kwargs: object) -> None:
    raise Killed


def finish(session: ControllerSession, last: int = 0) -> None:
    """Play the human seat's choice number ``last`` (or the first) until the match ends."""
    while not session.ctl.is_over:
        if session.ctl.hand.is_finished:
            session.next_hand()
        elif session.needs_human():
            actions = session.ctl.pending.actions
            session.submit(actions[min(last, len(actions) - 1)])
        else:
            session.step()


def history_rows() -> list:
    with History.open() as history:
        return history.matches()


def start_again() -> None:
    """The next start: Continue finds the finished save, archives it and says so."""
    with pytest.raises(RecordError, match="already ended; it is now in your history"):
        ControllerSession.resume()


def assert_one_agreeing_row(session: ControllerSession) -> None:
    (row,) = history_rows()
    record = read_record(row.record_path)
    assert record["matches"][0]["decisions"] == [a.to_dict() for a in session.ctl.decisions]
    assert record["played_at"] == row.played_at and row.finished
    assert not autosave.autosave_exists() and pending.queued() == []


def _after_archive_before_clear(m: pytest.MonkeyPatch) -> None:
    real = archive.archive_match

    def archived_then_killed(*args: object, **kwargs: object) -> None:
        real(*args, **kwargs)  # type: ignore[arg-type]
        raise Killed

    m.setattr(archive, "archive_match", archived_then_killed)


CRASH_POINTS = {
    "after the final save, before archiving": lambda m: m.setattr(controller_session, "archive_saved", die),
    "in the record's rename": lambda m: m.setattr(archive, "write_record", die),
    "after the record, before its history row": lambda m: m.setattr(History, "add_match", die),
    "after the history row, before the save is removed": _after_archive_before_clear,
}


@pytest.mark.parametrize("point", list(CRASH_POINTS))
def test_a_crash_at_each_archive_step_ends_in_one_row_that_agrees_with_its_record(
        monkeypatch: pytest.MonkeyPatch, point: str) -> None:
    session = ControllerSession(seed=21, max_hands=1)
    with monkeypatch.context() as m:
        CRASH_POINTS[point](m)
        with pytest.raises(Killed):
            finish(session)
    assert autosave.autosave_exists() and session.ctl.is_over
    assert len(history_rows()) <= 1
    start_again()
    assert_one_agreeing_row(session)


def test_a_crash_in_the_final_save_replays_the_last_decision_and_the_record_follows_the_new_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The old save lacks the last decision; a different last decision after Continue is what gets archived."""
    session = ControllerSession(seed=21, max_hands=1)
    real_save = autosave.AutosaveWriter.save

    def save_unless_over(writer: autosave.AutosaveWriter, ctl: Controller) -> None:
        if ctl.is_over:
            raise Killed  # killed while writing the save that would hold the final decision
        real_save(writer, ctl)

    with monkeypatch.context() as m:
        m.setattr(autosave.AutosaveWriter, "save", save_unless_over)
        with pytest.raises(Killed):
            finish(session)
    assert history_rows() == [] and autosave.autosave_exists()
    again = ControllerSession.resume()
    assert len(again.ctl.decisions) == len(session.ctl.decisions) - 1
    finish(again, last=-1)  # any choice: the record must follow what was played now
    assert_one_agreeing_row(again)


def test_a_crash_while_queueing_for_a_busy_history_keeps_the_save(monkeypatch: pytest.MonkeyPatch) -> None:
    session = ControllerSession(seed=22, max_hands=1)
    with monkeypatch.context() as m:
        m.setattr(archive, "History", _BusyHistory)
        real_replace = os.replace

        def replace(src: str, dst: str) -> None:
            if Path(dst).parent == pending_dir():
                raise Killed  # killed in the rename into pending/
            real_replace(src, dst)

        m.setattr(os, "replace", replace)
        with pytest.raises(Killed):
            finish(session)
    assert autosave.autosave_exists() and pending.queued() == []
    start_again()
    assert_one_agreeing_row(session)


def test_a_crash_after_archiving_a_queued_match_archives_it_once(monkeypatch: pytest.MonkeyPatch) -> None:
    session = ControllerSession(seed=22, max_hands=1)
    with monkeypatch.context() as m:
        m.setattr(archive, "History", _BusyHistory)
        finish(session)
    assert "in use by another program" in session.storage_error and len(pending.queued()) == 1
    assert not autosave.autosave_exists()
    with monkeypatch.context() as m:
        _after_archive_before_clear(m)
        with pytest.raises(Killed):
            saved.flush_pending()
    assert len(pending.queued()) == 1 and len(history_rows()) == 1
    assert saved.flush_pending() is None
    assert_one_agreeing_row(session)


def test_a_busy_history_at_match_end_queues_the_match_and_home_archives_it_when_free(
        monkeypatch: pytest.MonkeyPatch) -> None:
    session = ControllerSession(seed=23, max_hands=1)
    with monkeypatch.context() as m:
        m.setattr(archive, "History", _BusyHistory)
        finish(session)
        assert "will be added to your history later" in session.storage_error
        (queued,) = pending.queued()
        assert queued.parent == pending_dir() and json.loads(queued.read_text(encoding="utf-8"))["autosave"] is True
        message = saved.flush_pending()  # still busy: it stays, and the player is told
        assert message and "in use by another program" in message and pending.queued() == [queued]
    assert not autosave.autosave_exists()  # the slot is free for the next match
    assert saved.flush_pending() is None
    assert_one_agreeing_row(session)


def test_two_different_matches_are_two_rows() -> None:
    for seed in (21, 22):
        finish(ControllerSession(seed=seed, max_hands=1))
    assert sorted(row.seed for row in history_rows()) == ["21", "22"]


class _BusyHistory(History):
    """A history another program holds: opening it fails the way a lock does."""

    @classmethod
    def open(cls, *args: object, **kwargs: object) -> History:
        raise StorageUnavailableError("Your match history (history.sqlite3) is in use by another program, so it was"
                                      " left as it is; it will be used again when it is free.")


def test_the_save_is_written_before_the_record(monkeypatch: pytest.MonkeyPatch) -> None:
    """The order the crash tests rely on: the finished match is on disk as the autosave first."""
    order: list[str] = []
    real_save, real_write = autosave.AutosaveWriter.save, archive.write_record

    def save(writer: autosave.AutosaveWriter, ctl: Controller) -> None:
        order.append("save")
        real_save(writer, ctl)

    def write(record: dict[str, Any], path: Path) -> None:
        order.append("record")
        real_write(record, path)

    monkeypatch.setattr(autosave.AutosaveWriter, "save", save)
    monkeypatch.setattr(archive, "write_record", write)
    session = ControllerSession(seed=24, max_hands=1)
    finish(session)
    assert order[-2:] == ["save", "record"] and order.count("record") == 1
    assert not autosave_path().exists()


def test_a_crash_while_setting_a_bad_autosave_aside_leaves_it_to_be_set_aside_next_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from mahjong_joy.storage import files

    autosave_path().write_text("[" * 1000, encoding="utf-8")
    with monkeypatch.context() as m:
        m.setattr(files.os, "replace", die)  # killed in the rename to .corrupt-
        with pytest.raises(Killed):
            saved.load_autosave()
    assert autosave_path().read_text(encoding="utf-8") == "[" * 1000  # untouched, not half-moved
    with pytest.raises(RecordError, match="nests deeper"):
        saved.load_autosave()
    assert not autosave.autosave_exists() and len(list(autosave_path().parent.glob("autosave.json.corrupt-*"))) == 1
