"""Hostile history.sqlite3: a file SQLite opens but whose contents are wrong is set aside or
its bad rows skipped and named; a history locked by another connection is never renamed,
the game and ``stats`` say it is in use, and a finished match waits in pending/ for it."""

from __future__ import annotations

import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

import pytest

from mahjong_joy.cli import main
from mahjong_joy.controller import Controller
from mahjong_joy.errors import RecordError, StorageUnavailableError
from mahjong_joy.replay import pending
from mahjong_joy.storage import history as history_module
from mahjong_joy.app.archive import archive_match, summarize
from mahjong_joy.app.saved import flush_pending
from mahjong_joy.storage.history import History
from mahjong_joy.storage.paths import history_path
from mahjong_joy.storage.stats import compute_stats

SHORT_WAIT = 0.05  # seconds: tests never sit through SQLite's default 5 s busy wait


@pytest.fixture(autouse=True)
def short_busy_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history_module, "BUSY_SECONDS", SHORT_WAIT)


@cache
def match(seed: int) -> Controller:
    ctl = Controller(seats=("potential",) * 4, seed=seed, max_hands=1)
    while not ctl.is_over:
        ctl.step()
    return ctl


@cache
def _saved_bytes(matches: int) -> bytes:
    """A history of ``matches`` archived matches, built once (archiving fsyncs every record)."""
    folder = Path(tempfile.mkdtemp(prefix="hostile-history-"))
    with History.open(folder / "history.sqlite3") as history:
        for seed in range(1, matches + 1):
            history.add_match(summarize(match(seed), 0, "You", f"2026-02-{seed:02d}T12:00:00+00:00", f"r{seed}.json"))
    return (folder / "history.sqlite3").read_bytes()


def saved_history(matches: int = 3) -> Path:
    """This test's data folder holds a healthy history of ``matches`` matches."""
    history_path().write_bytes(_saved_bytes(matches))
    return history_path()


def set_aside(kind: str = "corrupt") -> list[Path]:
    return sorted(history_path().parent.glob(f"history.sqlite3.{kind}-*"))


# -- files SQLite opens whose contents are wrong ----------------------------------------

def _v1_without_tables(db: sqlite3.Connection) -> None:
    db.execute("PRAGMA user_version = 1")


def _v1_without_hands(db: sqlite3.Connection) -> None:
    db.execute("DROP TABLE hands")


def _v1_missing_a_column(db: sqlite3.Connection) -> None:
    db.execute("DROP TABLE hands")
    db.execute("ALTER TABLE matches RENAME TO old")
    db.execute("CREATE TABLE matches (id INTEGER PRIMARY KEY, played_at TEXT)")
    db.execute("CREATE TABLE hands (match_id INTEGER)")


@pytest.mark.parametrize("damage", [_v1_without_tables, _v1_without_hands, _v1_missing_a_column])
def test_a_history_at_version_1_without_its_tables_is_set_aside(damage, capsys: pytest.CaptureFixture[str]) -> None:
    path = history_path()
    if damage is not _v1_without_tables:
        saved_history(1)
    db = sqlite3.connect(path, isolation_level=None)
    damage(db)
    db.close()
    original = path.read_bytes()
    assert main(["stats", "--json"]) == 0
    err = capsys.readouterr().err
    (kept,) = set_aside()
    assert "could not be read" in err and str(kept) in err and kept.read_bytes() == original
    with History.open() as fresh:  # the new file takes matches again
        archive_match(match(1), history=fresh)
        assert len(fresh.matches()) == 1 and fresh.notice is None


BAD_MATCH_CELLS = {
    "seats not JSON": ("seats", "not json"),
    "seats nested 5,000 deep": ("seats", "[" * 5000 + "]" * 5000),
    "seats a number": ("seats", 7),
    "seats of lists": ("seats", '[["a"], "b", "c", "d"]'),
    "points too few": ("points", "[1, 2]"),
    "points a 5,000-digit number": ("points", "[" + "9" * 5000 + ", 1, 2, 3]"),
    "points as text": ("points", '["a", "b", "c", "d"]'),
    "player seat as text": ("player_seat", "north"),
    "player seat out of range": ("player_seat", 9),
    "placement out of range": ("placement", 7),
    "finished as text": ("finished", "yes"),
    "played_at a blob": ("played_at", b"\x00\xff"),
    "ruleset not UTF-8": ("ruleset", "CAST(X'FF' AS TEXT)"),
    "hands negative": ("hands", -3),
}
BAD_HAND_CELLS = {
    "yaku an object": ("yaku", '{"a": 1}'),
    "yaku pairs of three": ("yaku", '[["riichi", 1, 2]]'),
    "yaku han as text": ("yaku", '[["riichi", "one"]]'),
    "deltas a 5,000-digit number": ("deltas", "1" * 5000),
    "deltas nested": ("deltas", "[[[[1]]]]"),
    "winner out of range": ("winner", 9),
    "dealer as text": ("dealer", "east"),
    "han a float": ("han", 2.5),
    "label a blob": ("label", b"\x80"),
    "later wins not a list": ("later_wins", '{"seat": 2}'),
    "later win seat out of range": ("later_wins", '[[7, 2000, 2, 30, "", [["riichi", 1]]]]'),
    "later win missing its yaku": ("later_wins", '[[2, 2000, 2, 30, ""]]'),
    "later wins more than three": ("later_wins", '[' + ','.join(['[1, 1000, 1, 30, "", []]'] * 4) + ']'),
    "a later win the hand's winners do not name": ("later_wins", '[[2, 2000, 2, 30, "", [["riichi", 1]]]]'),
}


def _spoil(table: str, column: str, value: object, row_id: int = 2) -> None:
    """Write a bad value into one cell (``CAST(...)`` text is SQL, everything else a parameter)."""
    db = sqlite3.connect(history_path(), isolation_level=None)
    key = "id" if table == "matches" else "match_id"
    if isinstance(value, str) and value.startswith("CAST("):
        db.execute(f"UPDATE {table} SET {column} = {value} WHERE {key} = ?", (row_id,))
    else:
        db.execute(f"UPDATE {table} SET {column} = ? WHERE {key} = ?", (value, row_id))
    db.close()


@pytest.mark.parametrize("case", list(BAD_MATCH_CELLS))
def test_a_bad_match_row_is_skipped_and_named(case: str, capsys: pytest.CaptureFixture[str]) -> None:
    saved_history(3)
    _spoil("matches", *BAD_MATCH_CELLS[case])
    with History.open() as history:
        rows = history.matches()
        assert sorted(row.id for row in rows) == [1, 3]
        assert compute_stats(history).matches == 2
        message = history.message() or ""
    assert "match 2" in message and "skipped" in message and set_aside() == []
    assert main(["stats"]) == 0
    out = capsys.readouterr()
    assert "Matches played:        2" in out.out and "skipped" in out.err and out.err.count("\n") == 1


@pytest.mark.parametrize("case", list(BAD_HAND_CELLS))
def test_a_bad_hand_row_is_skipped_and_named(case: str) -> None:
    saved_history(3)
    _spoil("hands", *BAD_HAND_CELLS[case])
    with History.open() as history:
        assert len(history.matches()) == 3 and history.hands(2) == [] and len(history.hands(1)) == 1
        stats = compute_stats(history)
        assert stats.matches == 3 and stats.hands == 2
        assert "match 2 hand 1" in (history.message() or "")


@pytest.mark.parametrize("screen", ["stats", "replays"])
def test_the_screens_show_the_good_rows_of_a_damaged_history(screen: str) -> None:
    pytest.importorskip("pygame")
    from mahjong_joy.ui.app import App
    from mahjong_joy.ui.scenes.home import HomeScene
    from mahjong_joy.ui.scenes.replay import ReplaysScene
    from mahjong_joy.ui.scenes.stats import StatsScene
    from mahjong_joy.storage.settings import Settings

    saved_history(3)
    _spoil("matches", "points", "not json")
    _spoil("hands", "yaku", "[[[[[[", row_id=1)
    app = App(size=(1024, 640), settings=Settings())
    app.replace(HomeScene(app))
    scene = StatsScene(app) if screen == "stats" else ReplaysScene(app)
    app.push(scene)
    app.step(1 / 60)
    assert app.top is scene and scene.notice and "skipped" in scene.notice
    if screen == "stats":
        assert scene.stats.matches == 2
    else:
        assert len(scene.rows) == 2


# -- a healthy history locked by another connection -------------------------------------

@contextmanager
def locked(mode: str = "EXCLUSIVE") -> Iterator[None]:
    """Another program holds the history: ``EXCLUSIVE`` blocks reads too, ``IMMEDIATE`` only writes."""
    other = sqlite3.connect(history_path(), isolation_level=None)
    other.execute(f"BEGIN {mode}")
    if mode == "IMMEDIATE":
        other.execute("UPDATE matches SET ruleset = ruleset")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_a_locked_history_is_in_use_not_corrupt(capsys: pytest.CaptureFixture[str]) -> None:
    path = saved_history(2)
    original = path.read_bytes()
    with locked():
        with pytest.raises(StorageUnavailableError, match="in use by another program"):
            History.open()
        assert main(["stats"]) == 1
        err = capsys.readouterr().err
        assert err.startswith("mahjong-joy stats: ") and "in use" in err and err.count("\n") == 1
    assert set_aside() == [] and path.read_bytes() == original
    with History.open() as history:  # free again: every match is still there
        assert len(history.matches()) == 2 and history.notice is None


def test_a_write_locked_history_still_reads_and_refuses_only_the_write() -> None:
    saved_history(2)
    with locked("IMMEDIATE"), History.open() as history:
        assert len(history.matches()) == 2
        with pytest.raises(StorageUnavailableError, match="in use"):
            archive_match(match(3), history=history)
    assert set_aside() == []
    with History.open() as history:
        assert len(history.matches()) == 2


@pytest.mark.parametrize("screen", ["stats", "replays"])
def test_the_screens_say_a_locked_history_is_in_use(screen: str) -> None:
    pytest.importorskip("pygame")
    from mahjong_joy.ui.app import App
    from mahjong_joy.ui.scenes.home import HomeScene
    from mahjong_joy.ui.scenes.replay import ReplaysScene
    from mahjong_joy.ui.scenes.stats import StatsScene
    from mahjong_joy.storage.settings import Settings

    saved_history(1)
    app = App(size=(1024, 640), settings=Settings())
    app.replace(HomeScene(app))
    scene = StatsScene(app) if screen == "stats" else ReplaysScene(app)
    with locked():
        app.push(scene)
        app.step(1 / 60)
    assert app.top is scene and scene.notice and "in use by another program" in scene.notice
    assert set_aside() == []


def test_a_match_ending_on_a_locked_history_waits_and_home_archives_it_when_free() -> None:
    pytest.importorskip("pygame")
    from mahjong_joy.ui.app import App
    from mahjong_joy.ui.controller_session import ControllerSession
    from mahjong_joy.ui.scenes.home import HomeScene
    from mahjong_joy.storage.settings import Settings

    saved_history(1)
    session = ControllerSession(seed=31, max_hands=1)
    with locked():
        while not session.ctl.is_over:
            if session.ctl.hand.is_finished:
                session.next_hand()
            elif session.needs_human():
                session.submit(session.ctl.pending.actions[0])
            else:
                session.step()
        assert "in use" in session.storage_error and len(pending.queued()) == 1
        app = App(size=(1024, 640), settings=Settings())
        from mahjong_joy.ui.scenes.match_end import MatchEndScene

        ended = MatchEndScene(app, session.snapshot())  # the screen right after the last hand says so too
        app.replace(ended)
        app.step(1 / 60)
        assert "in use by another program. This match waits in pending/" in ended.note
        home = HomeScene(app)
        app.replace(home)  # Home while still locked: the player is told, nothing is lost
        assert app.notice and "in use by another program" in app.notice and len(pending.queued()) == 1
    assert set_aside() == []
    home.enter()  # back on Home once the other program let go
    assert pending.queued() == []
    with History.open() as history:
        assert sorted(row.seed for row in history.matches()) == ["1", "31"]


def test_a_new_game_over_a_saved_match_on_a_locked_history_queues_the_old_match() -> None:
    pytest.importorskip("pygame")
    from mahjong_joy.app.saved import abandon_autosave
    from mahjong_joy.replay.autosave import autosave_exists
    from mahjong_joy.ui.controller_session import ControllerSession

    saved_history(1)
    session = ControllerSession(seed=32)
    while len(session.ctl.decisions) < 8:
        if session.needs_human():
            session.submit(session.ctl.pending.actions[0])
        else:
            session.step()
    with locked():
        message = abandon_autosave()
        assert message and "in use by another program" in message
        assert not autosave_exists() and len(pending.queued()) == 1  # the slot is free, the match kept
    assert flush_pending() is None and pending.queued() == []
    with History.open() as history:
        unfinished = [row for row in history.matches() if row.seed == "32"]
    assert len(unfinished) == 1 and not unfinished[0].finished and unfinished[0].placement is None


def test_a_history_that_fails_mid_read_gives_no_rows_and_a_named_problem_not_a_crash() -> None:
    saved_history(2)
    with History.open() as history:
        other = sqlite3.connect(history_path(), isolation_level=None)
        other.execute("DROP TABLE hands")  # another program damages the file while it is open
        other.close()
        assert history.hands(1) == [] and "no such table" in (history.message() or "")
        assert compute_stats(history).hands == 0
        with pytest.raises(RecordError, match="history.sqlite3 failed"):
            archive_match(match(3), history=history)


def test_continue_with_a_finished_match_waiting_and_a_damaged_history_archives_into_a_fresh_one() -> None:
    pytest.importorskip("pygame")
    from mahjong_joy.replay.autosave import AutosaveWriter, autosave_exists, new_meta
    from mahjong_joy.ui.controller_session import ControllerSession

    ended = match(33)
    AutosaveWriter(new_meta()).save(ended)  # the game stopped after the last decision, before archiving
    db = sqlite3.connect(history_path(), isolation_level=None)
    db.execute("PRAGMA user_version = 1")  # schema 1 says the tables exist; they do not
    db.close()
    with pytest.raises(RecordError, match="already ended; it is now in your history"):
        ControllerSession.resume()
    assert not autosave_exists() and len(set_aside()) == 1
    with History.open() as history:
        (row,) = history.matches()
    assert row.seed == "33" and row.finished


def test_a_journal_left_without_its_database_is_set_aside_before_a_fresh_history_starts() -> None:
    """The state a crash leaves between setting the database aside and its journal: SQLite
    must not replay the old file's journal into the new history."""
    path = history_path()
    journal = path.with_name("history.sqlite3-journal")
    journal.write_bytes(b"journal of a file already set aside" * 40)
    with History.open() as history:
        assert history.matches() == [] and history.notice is None
        archive_match(match(1), history=history)
    (kept,) = path.parent.glob("history.sqlite3-journal.corrupt-*")
    assert kept.read_bytes() == b"journal of a file already set aside" * 40
    with History.open() as history:
        assert len(history.matches()) == 1
