"""Archiving is idempotent: a process killed after archiving a finished match but
before clearing its autosave must not put the match in the history twice."""

from __future__ import annotations

import pytest

from mahjong_joy.replay import autosave
from mahjong_joy.replay.record import read_record
from mahjong_joy.storage.history import History
from mahjong_joy.ui import controller_session
from mahjong_joy.ui.controller_session import ControllerSession


def finish(session: ControllerSession) -> None:
    """Play the human seat's first choice each time until the match ends."""
    while not session.ctl.is_over:
        if session.ctl.hand.is_finished:
            session.next_hand()
        elif session.needs_human():
            session.submit(session.ctl.pending.actions[0])
        else:
            session.step()


def history_rows() -> list:
    with History.open() as history:
        return history.matches()


def test_a_death_between_archive_and_clear_archives_the_match_once(monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as m:
        m.setattr(controller_session, "clear_autosave", lambda: None)  # the process "dies" here
        first = ControllerSession(seed=21, max_hands=2)
        finish(first)
    assert autosave.autosave_exists() and len(history_rows()) == 1

    again = ControllerSession.resume()  # the next start: Continue finds the save
    finish(again)
    rows = history_rows()
    assert len(rows) == 1 and not autosave.autosave_exists()
    decisions = read_record(rows[0].record_path)["matches"][0]["decisions"]
    assert decisions == [a.to_dict() for a in first.ctl.decisions]


def test_two_different_matches_are_two_rows() -> None:
    for seed in (21, 22):
        finish(ControllerSession(seed=seed, max_hands=1))
    assert sorted(row.seed for row in history_rows()) == ["21", "22"]
