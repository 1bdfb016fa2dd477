"""The Replays list over a history of several pages: rows are read as they come into view."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")

from mahjong_joy.controller import Controller  # noqa: E402
from mahjong_joy.app.archive import summarize  # noqa: E402
from mahjong_joy.storage.history import History, MatchList  # noqa: E402
from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.scenes.base import Scene  # noqa: E402
from mahjong_joy.ui.scenes.replay import ReplaysScene, row_title  # noqa: E402


def _history(path: Path, count: int) -> None:
    ctl = Controller(seats=("potential",) * 4, seed=5, max_hands=1)
    while not ctl.is_over:
        ctl.step()
    base = summarize(ctl, 0, "Ana", "", "missing.json")
    with History.open(path) as history:
        history.db.execute("PRAGMA synchronous = OFF")  # a throwaway file: no fsync per match
        for i in range(count):
            ruleset = ("joy", "mahjong_soul", "tenhou")[i % 3]
            history.add_match(dataclasses.replace(base, played_at=f"2026-02-01T10:{i // 60:02d}:{i % 60:02d}",
                                                  seed=str(i), ruleset=ruleset))


def test_the_list_pages_in_rows_as_it_scrolls_to_the_oldest(tmp_path: Path) -> None:
    count = 3 * MatchList.PAGE + 3  # four pages; the second is never on screen
    path = tmp_path / "history.sqlite3"
    _history(path, count)
    app = App(size=(1024, 640), settings=Settings())
    app.replace(Scene(app))
    scene = ReplaysScene(app, path=path)
    app.push(scene)
    app.step(1 / 60)
    assert isinstance(scene.rows, MatchList) and len(scene.rows) == count and scene.notice is None
    assert scene.rows._read.keys() == set(range(MatchList.PAGE))  # only the first page was read to draw
    assert scene.rows[0].seed == str(count - 1)
    soul = next(scene.rows[i] for i in range(3) if scene.rows[i].ruleset == "mahjong_soul")
    assert row_title(soul).endswith(f" · Mahjong Soul · seed {soul.seed}")  # the ruleset as players read it
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode=""))
    app.step(1 / 60)
    assert scene.selected == count - 1 and scene.rows[scene.selected].seed == "0"  # the oldest, from the last page
    assert count - 1 in scene.rows._read and MatchList.PAGE not in scene.rows._read  # the second page was never needed
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    app.step(1 / 60)
    assert app.top is scene and scene.problems[count - 1] == "its record file is missing"
