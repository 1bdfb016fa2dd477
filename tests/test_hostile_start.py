"""Everything hostile at once: the game still starts, says what it set aside, and plays."""

from __future__ import annotations

import os
import sqlite3
import time

import pytest

from mahjong_joy.storage import paths
from mahjong_joy.storage.files import STALE_SECONDS

pygame = pytest.importorskip("pygame")

from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402
from mahjong_joy.ui.scenes.replay import ReplaysScene  # noqa: E402
from mahjong_joy.ui.scenes.stats import StatsScene  # noqa: E402
from mahjong_joy.ui.scenes.table import TableScene  # noqa: E402


def spoil_every_file() -> None:
    paths.settings_path().write_bytes(b'{"volume": ' + b"[" * 100_000)
    paths.autosave_path().write_bytes(b'{"schema": ' + b"7" * 5000 + b"}")
    db = sqlite3.connect(paths.history_path())
    db.execute("PRAGMA user_version = 1")  # says the tables exist; they do not
    db.close()
    paths.pending_dir().mkdir()
    (paths.pending_dir() / "match-20260101-000000.json").write_bytes(b"\xff\xfe not a saved match")
    stale = paths.data_dir() / ".autosave.json.k2j4h7x_.tmp"
    stale.write_text('{"half": ', encoding="utf-8")
    old = time.time() - STALE_SECONDS - 1
    os.utime(stale, (old, old))


def set_aside() -> list[str]:
    found = [p.name for p in paths.data_dir().iterdir() if ".corrupt-" in p.name]
    found += [p.name for p in paths.pending_dir().iterdir() if ".corrupt-" in p.name]
    return sorted(found)


def test_the_game_starts_plays_and_explains_with_every_file_hostile() -> None:
    spoil_every_file()
    app = App(size=(1024, 640))
    home = HomeScene(app)
    app.replace(home)
    app.step(1 / 60)
    assert isinstance(app.top, HomeScene) and app.notice
    assert "settings" in app.notice and "waiting match could not be read" in app.notice
    assert not list(paths.data_dir().glob(".*.tmp"))
    home.activate("continue")
    app.step(1 / 60)
    assert app.top is home and app.notice and "could not be restored" in app.notice
    stats = StatsScene(app)
    app.push(stats)
    app.step(1 / 60)
    assert app.top is stats and stats.stats.is_empty and "history could not be read" in (stats.notice or "")
    app.pop()
    replays = ReplaysScene(app)
    app.push(replays)
    app.step(1 / 60)
    assert app.top is replays and replays.rows == [] and replays.notice is None  # the fresh history is fine
    app.pop()
    kinds = {name.split(".corrupt-")[0] for name in set_aside()}
    assert kinds == {"settings.json", "autosave.json", "history.sqlite3", "match-20260101-000000.json"}
    home.activate("new")
    app._apply(home)
    app.step(1 / 60)
    assert isinstance(app.top, TableScene) and app.top.session.ctl is not None
