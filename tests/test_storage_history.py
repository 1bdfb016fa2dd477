"""Match history: round trips from real seeded matches, migrations, and bad files set aside."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from datetime import datetime, timezone
from functools import cache
from pathlib import Path

import pytest

from mahjong_joy.controller import Controller
from mahjong_joy.engine.events import HandScored, HandStarted, RiichiDeclared, Won
from mahjong_joy.replay.record import read_record, replay_events
from mahjong_joy.storage import paths
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.app.archive import archive_match, summarize
from mahjong_joy.storage.history import MIGRATIONS, History, MatchList, MatchRow, hand_cells, migrate, schema_version
from mahjong_joy.storage.stats import compute_stats


@cache
def played(seed: int, hands: int = 2) -> Controller:
    """An all-AI match on ``seed``, stepped to its end (cached: tests only read it)."""
    ctl = Controller(seats=("potential",) * 4, seed=seed, max_hands=hands)
    while not ctl.is_over:
        ctl.step()
    return ctl


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path))
    return tmp_path


def when(day: int) -> datetime:
    return datetime(2026, 3, day, 20, 15, 0, tzinfo=timezone.utc)


def test_an_archived_match_round_trips_through_record_and_history(home: Path) -> None:
    ctl = played(4)
    path = archive_match(ctl, 2, player_name="Mei", now=when(1))
    assert path.parent == home / "records" and path.name == "20260301T201500-seed4.json"  # the shape every record has (README)
    record = read_record(path)
    assert record["player_seat"] == 2 and record["player_name"] == "Mei" and record["played_at"].startswith("2026-03-01T20:15:00")
    assert [e.to_dict() for e in replay_events(record)[0]] == [e.to_dict() for e in ctl.events]
    with History.open() as history:
        (row,) = history.matches()
        standing = next(s for s in ctl.snapshot().standings if s.seat == 2)
        assert row == MatchRow(row.id, record["played_at"], "joy", "4", ("potential",) * 4, 2, "Mei",
                               tuple(ctl.match.points), standing.placement, 2, str(path), True, standing.score)
        hands = history.hands(row.id)
    scored = [e for e in ctl.events if isinstance(e, HandScored)]
    starts = [e for e in ctl.events if isinstance(e, HandStarted)]
    assert [h.number for h in hands] == [1, 2]
    assert [h.dealer for h in hands] == [s.dealer for s in starts]
    assert [h.deltas for h in hands] == [e.outcome.deltas for e in scored]
    assert [h.winners for h in hands] == [e.outcome.winners for e in scored]
    assert [[(w.seat, w.han, w.fu, w.limit, w.yaku) for w in h.wins] for h in hands] == \
        [[(w.seat, w.han, w.fu, w.limit, w.yaku) for w in e.outcome.wins] for e in scored]
    for hand, event in zip(hands, scored):
        assert [w.points for w in hand.wins[:1]] == [event.outcome.deltas[w.seat] for w in event.outcome.wins[:1]]


def test_tsumo_and_ron_are_told_apart(home: Path) -> None:
    seen = set()
    for seed in range(1, 7):
        ctl = played(seed)
        archive_match(ctl, now=when(seed))
        wins = [e for e in ctl.events if isinstance(e, Won)]
        with History.open() as history:
            hands = [h for h in history.hands(history.matches()[0].id) if h.wins]
        assert [(h.wins[0].seat, h.tsumo, h.from_seat) for h in hands] == [(w.seat, w.tsumo, None if w.tsumo else w.from_seat) for w in wins]
        seen |= {h.tsumo for h in hands}
    assert seen == {True, False}  # the seeds cover both kinds of win


def test_matches_are_listed_newest_first_and_limited(home: Path) -> None:
    with History.open() as history:
        for day in (3, 1, 2):
            archive_match(played(day), history=history, now=when(day))
        assert [m.seed for m in history.matches()] == ["3", "2", "1"]
        assert [m.seed for m in history.matches(limit=2)] == ["3", "2"]
    with History.open() as again:  # the data is on disk, not only in the connection
        assert len(again.matches()) == 3 and again.notice is None


def test_two_matches_in_the_same_second_get_two_record_files(home: Path) -> None:
    first = archive_match(played(5), now=when(5))
    second = archive_match(played(5), now=when(5))
    assert first != second and first.exists() and second.exists()


def test_an_abandoned_match_is_kept_without_a_placement(home: Path) -> None:
    ctl = Controller(seats=("potential",) * 4, seed=9)
    ctl.step(40)
    archive_match(ctl, now=when(9))
    with History.open() as history:
        (row,) = history.matches()
    assert row.finished is False and row.placement is None
    assert row.hands == sum(isinstance(e, HandScored) for e in ctl.events)


def test_a_new_file_migrates_from_version_zero(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    sqlite3.connect(path).close()  # an empty database, user_version 0
    with History.open(path) as history:
        assert history.notice is None and history.matches() == []
        assert history.db.execute("PRAGMA user_version").fetchone()[0] == schema_version() == 4
        tables = {r[0] for r in history.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert tables == {"matches", "hands", "branches_unknown"}


def test_the_migration_runner_applies_each_later_step_once(tmp_path: Path) -> None:
    calls: list[int] = []

    def v1(db: sqlite3.Connection) -> None:
        calls.append(1)
        db.execute("CREATE TABLE t (a INTEGER)")

    def v2(db: sqlite3.Connection) -> None:
        calls.append(2)
        db.execute("ALTER TABLE t ADD COLUMN b TEXT")

    db = sqlite3.connect(tmp_path / "m.sqlite3", isolation_level=None)
    assert migrate(db, [v1]) == 1
    assert migrate(db, [v1, v2]) == 2 and migrate(db, [v1, v2]) == 2
    assert calls == [1, 2]
    assert [r[1] for r in db.execute("PRAGMA table_info(t)")] == ["a", "b"]

    def broken(db: sqlite3.Connection) -> None:
        db.execute("CREATE TABLE u (a INTEGER)")
        raise sqlite3.OperationalError("half-way")

    with pytest.raises(sqlite3.OperationalError):
        migrate(db, [v1, v2, broken])
    assert db.execute("PRAGMA user_version").fetchone()[0] == 2  # rolled back: version and table
    assert db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'u'").fetchone()[0] == 0
    db.close()


def _saved_history(folder: Path) -> Path:
    path = folder / "history.sqlite3"
    with History.open(path) as history:
        for day in range(1, 7):
            archive_match(played(day), history=history, now=when(day))
    return path


@pytest.mark.parametrize("damage", ["garbage", "binary", "head", "half", "header_only"])
def test_a_corrupt_database_is_set_aside_and_a_fresh_one_started(home: Path, damage: str) -> None:
    path = _saved_history(home)
    original = path.read_bytes()
    bad = {"garbage": b"this is not a database at all" * 10, "binary": bytes(range(256)) * 8,
           "head": original[:60], "half": original[: len(original) // 2], "header_only": original[:100]}[damage]
    path.write_bytes(bad)
    with History.open() as history:
        assert history.matches() == []
        assert history.notice is not None and "could not be read" in history.notice
        archive_match(played(1), history=history, now=when(1))  # the fresh history takes new matches
        assert len(history.matches()) == 1
    kept = [p for p in home.iterdir() if p.name.startswith("history.sqlite3.corrupt-")]
    assert len(kept) == 1 and kept[0].read_bytes() == bad and str(kept[0]) in (history.notice or "")
    with History.open() as history:  # the fresh file is fine next time
        assert history.notice is None and len(history.matches()) == 1


def test_a_database_from_a_newer_version_is_refused_and_kept(home: Path) -> None:
    path = _saved_history(home)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {schema_version() + 1}")
    db.commit()
    db.close()
    original = path.read_bytes()
    with History.open() as history:
        assert history.matches() == []  # not misread as our schema
        notice = history.notice or ""
    assert "newer" in notice and f"schema {schema_version() + 1}" in notice
    kept = [p for p in home.iterdir() if p.name.startswith("history.sqlite3.newer-")]
    assert len(kept) == 1 and kept[0].read_bytes() == original and str(kept[0]) in notice


def test_records_are_compact_json_with_the_extra_keys(home: Path) -> None:
    path = archive_match(played(2), 1, now=when(2))
    data = json.loads(path.read_text(encoding="utf-8"))
    assert {"played_at", "player_seat", "player_name", "schema", "matches"} <= set(data)


# -- version 1 files --------------------------------------------------------------------

def _v1_history(path: Path, matches: list[tuple[str, Controller, int]]) -> None:
    """A history as version 1 wrote it: the v1 tables and rows (no riichi, winners, game points or marks)."""
    db = sqlite3.connect(path, isolation_level=None)
    migrate(db, MIGRATIONS[:1])
    for day, (ruleset, ctl, seat) in enumerate(matches, 1):
        s = summarize(ctl, seat, "You", when(day).isoformat(), f"old{day}.json")
        cursor = db.execute(
            "INSERT INTO matches (played_at, ruleset, seed, seats, player_seat, player_name, points, placement, hands,"
            " record_path, finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (s.played_at, ruleset, s.seed, json.dumps(list(s.seats)), s.player_seat, s.player_name,
             json.dumps(list(s.points)), s.placement, len(s.hands), s.record_path, int(s.finished)))
        db.executemany(
            "INSERT INTO hands (match_id, number, label, dealer, winner, from_seat, tsumo, han, fu, limit_name, yaku,"
            " points, deltas) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(cursor.lastrowid, *hand_cells(h)[:12]) for h in s.hands])  # the columns of version 1
    db.execute("UPDATE matches SET points = 'not json' WHERE id = 3")  # one old row already damaged
    db.close()


def _riichi(seed: int) -> Controller:
    ctl = Controller(seats=("potential",) * 4, seed=seed, ruleset=ruleset_for("tenhou"), max_hands=3)
    while not ctl.is_over:
        ctl.step()
    return ctl


def test_a_version_1_history_migrates_keeping_its_rows_and_leaving_the_new_figures_unknown(home: Path) -> None:
    old = [("joy", played(1), 0), ("tenhou", _riichi(1), 1), ("tenhou", _riichi(2), 2)]
    _v1_history(home / "history.sqlite3", old)
    with History.open() as history:
        assert history.notice is None
        assert history.db.execute("PRAGMA user_version").fetchone()[0] == schema_version() == 4
        assert [m.seed for m in history.matches()] == ["1", "1"] and "match 3 points" in (history.message() or "")
        marks = dict(history.db.execute("SELECT id, checked FROM matches"))
        assert marks == {1: 1, 2: 1, 3: 0}  # checked once by the migration; the damaged row is not
        (row,) = [m for m in history.matches() if m.ruleset == "tenhou"]
        assert row.game_points is None  # not stored by version 1: unknown, not zero
        assert all(h.riichi is None and h.winners is None for h in history.hands(row.id))
        stats = compute_stats(history)
    tenhou = stats.by_ruleset["tenhou"]
    ctl = _riichi(1)
    scored = [e for e in ctl.events if isinstance(e, HandScored)]
    assert tenhou.matches == 1 and tenhou.hands == len(scored)
    assert tenhou.wins == sum(e.outcome.winners[:1] == (1,) for e in scored) and tenhou.placements[row.placement - 1] == 1
    assert tenhou.riichi_rate is None and tenhou.riichi_hands == 0  # the old hands do not say
    assert tenhou.average_game_points is None and tenhou.game_point_matches == 0
    with History.open() as history:  # a match archived after the migration brings the new figures
        archive_match(_riichi(3), 2, history=history, now=when(20))
        tenhou = compute_stats(history).by_ruleset["tenhou"]
    new = _riichi(3)
    new_hands = sum(isinstance(e, HandScored) for e in new.events)
    assert tenhou.matches == 2 and tenhou.riichi_hands == new_hands
    assert tenhou.riichi_rate == pytest.approx(sum(isinstance(e, RiichiDeclared) and e.seat == 2 for e in new.events) / new_hands)
    assert tenhou.average_game_points == next(s.score for s in new.match.final if s.seat == 2)


def test_a_version_2_history_migrates_keeping_its_checked_rows_and_later_wins_unknown(home: Path) -> None:
    """Version 3 only adds the later wins' scores: the rows version 2 checked keep their
    marks and tallies, and their later wins read as not known (None), never as none."""
    from mahjong_joy.storage import history as store

    ctl = _riichi(1)
    s = summarize(ctl, 1, "You", when(1).isoformat(), "old.json")
    db = sqlite3.connect(home / "history.sqlite3", isolation_level=None)
    migrate(db, MIGRATIONS[:2])
    cursor = db.execute(
        f"INSERT INTO matches ({', '.join(store.MATCH_DATA)}) VALUES ({', '.join('?' * len(store.MATCH_DATA))})",
        (s.played_at, "tenhou", s.seed, json.dumps(list(s.seats)), s.player_seat, s.player_name,
         json.dumps(list(s.points)), s.placement, len(s.hands), s.record_path, int(s.finished), s.game_points))
    v2_columns = store.HAND_DATA[:-1]
    db.executemany(
        f"INSERT INTO hands (match_id, {', '.join(v2_columns)}) VALUES (?, {', '.join('?' * len(v2_columns))})",
        [(cursor.lastrowid, *store.hand_cells(h)[:14]) for h in s.hands])  # the columns of version 2
    store._mark_checked(db, store._check_unmarked(db)[0])
    tally = db.execute(f"SELECT {', '.join(store.TALLY)} FROM matches").fetchone()
    db.close()
    with History.open() as history:
        assert history.notice is None and history.message() is None
        assert history.db.execute("PRAGMA user_version").fetchone()[0] == schema_version() == 4
        assert history.db.execute(f"SELECT checked, {', '.join(store.TALLY)} FROM matches").fetchone() == (1, *tally)
        (row,) = history.matches()
        hands = history.hands(row.id)
        assert len(hands) == len(s.hands) and all(len(h.wins) <= 1 for h in hands)  # later wins' scores: not kept
        assert [h.wins for h in hands] == [h.wins[:1] for h in s.hands]
        assert [h.winners for h in hands] == [h.winners for h in s.hands]  # version 2's columns read as before


def test_a_change_made_by_another_program_is_checked_again(home: Path) -> None:
    with History.open() as history:
        for day in (1, 2):
            archive_match(played(day), history=history, now=when(day))
        before = compute_stats(history)
    other = sqlite3.connect(home / "history.sqlite3", isolation_level=None)
    other.execute("UPDATE hands SET deltas = '[1, 2]' WHERE match_id = 1 AND number = 2")  # one hand spoilt
    assert other.execute("SELECT checked FROM matches WHERE id = 1").fetchone() == (0,)  # the trigger took the mark
    other.close()
    with History.open() as history:
        after = compute_stats(history)
        assert "match 1 hand 2 deltas" in (history.message() or "")
    assert after.matches == before.matches and after.hands == before.hands - 1  # the match stays, that hand goes


def test_the_match_list_reads_pages_as_matches_reads_everything(home: Path) -> None:
    count = 2 * MatchList.PAGE + 5  # three pages
    with History.open() as history:
        history.db.execute("PRAGMA synchronous = OFF")  # a throwaway file: no fsync per match
        base = summarize(played(1), 0, "You", "", "r.json")
        for i in range(count):
            history.add_match(dataclasses.replace(base, played_at=f"2026-01-01T00:{i // 60:02d}:{i % 60:02d}", seed=str(i)))
        listed = history.match_list()
        assert len(listed) == count and list(listed) == history.matches()  # newest first, the same rows
    assert listed[-1].seed == "0" and listed[0].seed == str(count - 1)
    other = sqlite3.connect(home / "history.sqlite3", isolation_level=None)
    other.execute("UPDATE matches SET seats = 'spoilt' WHERE seed = '3'")  # after the list was made
    other.close()
    with History.open() as history:  # a new list skips it; the old one shows a stand-in, never fails
        fresh = history.match_list()
    assert len(fresh) == count - 1 and "3" not in [row.seed for row in fresh]
    late = MatchList(listed.path, [row.id for row in listed])
    damaged = next(row for row in late if row.played_at == "damaged entry")
    assert damaged.id == listed[count - 4].id and damaged.placement is None


def test_the_match_list_shows_a_locked_history_as_in_use_and_reads_it_once_free(home: Path) -> None:
    with History.open() as history:
        archive_match(played(1), history=history, now=when(1))
        listed = history.match_list()
    other = sqlite3.connect(home / "history.sqlite3", isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    assert listed[0].played_at == "history in use"  # at once: a frame never waits for the lock
    other.execute("ROLLBACK")
    other.close()
    assert listed[0].seed == "1" and listed[0].played_at.startswith("2026-03-01")
