"""Match history: an embedded SQLite database with one row per match and per hand.

The schema is versioned with ``PRAGMA user_version`` and grown by an ordered
list of migrations: migration ``i`` takes a database from version ``i`` to
``i + 1``, each in its own transaction, so adding version 2 is one more
function in :data:`MIGRATIONS`. A file that is not a readable database, or one
written by a newer version, is set aside and a fresh history started; the
player is told through :attr:`History.notice`, and the game still starts.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from mahjong_joy.storage.files import quarantine
from mahjong_joy.storage.paths import history_path


@dataclass(frozen=True, slots=True)
class HandSummary:
    """One settled hand: ``winner``/``from_seat`` are ``None`` on a draw; ``from_seat``
    (the discarder) is also ``None`` for a tsumo. ``points`` is what the winner gained."""

    number: int
    label: str  # round wind, hand number and honba, e.g. "E2" or "E3-1"
    dealer: int
    winner: int | None
    from_seat: int | None
    tsumo: bool
    han: int
    fu: int
    limit: str  # "" below mangan
    yaku: tuple[tuple[str, int], ...]
    points: int
    deltas: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandRow(HandSummary):
    """A stored hand, with the id of its match."""

    match_id: int


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """What :meth:`History.add_match` stores: the match and its hands."""

    played_at: str  # ISO 8601 with seconds
    ruleset: str
    seed: str
    seats: tuple[str, ...]
    player_seat: int
    player_name: str
    points: tuple[int, ...]  # final (or, abandoned, current) points per seat
    placement: int | None  # the player's placement; None when the match was abandoned
    hands: tuple[HandSummary, ...]
    record_path: str
    finished: bool


@dataclass(frozen=True, slots=True)
class MatchRow:
    """One past match as listed on the Replays and Stats screens."""

    id: int
    played_at: str
    ruleset: str
    seed: str
    seats: tuple[str, ...]
    player_seat: int
    player_name: str
    points: tuple[int, ...]
    placement: int | None
    hands: int
    record_path: str
    finished: bool = True


def _v1(db: sqlite3.Connection) -> None:
    """Version 1: the matches and hands tables."""
    db.execute(
        """CREATE TABLE matches (
            id INTEGER PRIMARY KEY,
            played_at TEXT NOT NULL,
            ruleset TEXT NOT NULL,
            seed TEXT NOT NULL,
            seats TEXT NOT NULL,
            player_seat INTEGER NOT NULL,
            player_name TEXT NOT NULL,
            points TEXT NOT NULL,
            placement INTEGER,
            hands INTEGER NOT NULL,
            record_path TEXT NOT NULL,
            finished INTEGER NOT NULL)"""
    )
    db.execute("CREATE INDEX matches_played_at ON matches (played_at)")
    db.execute(
        """CREATE TABLE hands (
            match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            label TEXT NOT NULL,
            dealer INTEGER NOT NULL,
            winner INTEGER,
            from_seat INTEGER,
            tsumo INTEGER NOT NULL,
            han INTEGER NOT NULL,
            fu INTEGER NOT NULL,
            limit_name TEXT NOT NULL,
            yaku TEXT NOT NULL,
            points INTEGER NOT NULL,
            deltas TEXT NOT NULL,
            PRIMARY KEY (match_id, number))"""
    )


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_v1]


def schema_version() -> int:
    """The newest schema this version reads and writes."""
    return len(MIGRATIONS)


def migrate(db: sqlite3.Connection, migrations: Sequence[Callable[[sqlite3.Connection], None]] = MIGRATIONS) -> int:
    """Bring ``db`` up to ``len(migrations)``, one transaction per step; returns the version reached.

    Raises :class:`NewerHistoryError` for a database from a newer version
    (never guess at a schema we do not know).
    """
    current = db.execute("PRAGMA user_version").fetchone()[0]
    if current > len(migrations):
        raise NewerHistoryError(current, len(migrations))
    for version in range(current, len(migrations)):
        db.execute("BEGIN")
        try:
            migrations[version](db)
            db.execute(f"PRAGMA user_version = {version + 1}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
    return len(migrations)


class NewerHistoryError(Exception):
    """The history file was written by a newer Mahjong Joy (internal to :meth:`History.open`)."""

    def __init__(self, found: int, known: int) -> None:
        super().__init__(f"history schema {found} is newer than this version reads ({known})")
        self.found, self.known = found, known


class History:
    """The open history database; use :meth:`open` (it never raises on a bad file)."""

    def __init__(self, db: sqlite3.Connection, path: Path, notice: str | None = None) -> None:
        self.db = db
        self.path = path
        self.notice = notice  # a short message for the player when the old file was set aside

    @classmethod
    def open(cls, path: str | Path | None = None) -> History:
        """Open (creating and migrating as needed) the history at ``path`` or the data folder's.

        A corrupt or unreadable file, or one from a newer version, is renamed
        aside and a fresh, empty history is started; ``notice`` says so.
        """
        target = Path(path) if path is not None else history_path()
        try:
            return cls(_connect(target), target)
        except NewerHistoryError as exc:
            kept = _set_aside(target, "newer")
            message = (f"Your match history was written by a newer Mahjong Joy (schema {exc.found}; this version "
                       f"reads {exc.known}), so a new history was started. The old file was kept as {kept}.")
        except sqlite3.DatabaseError:
            kept = _set_aside(target, "corrupt")
            message = f"Your match history could not be read, so a new history was started. The old file was kept as {kept}."
        return cls(_connect(target), target, message)

    def add_match(self, summary: MatchSummary) -> int:
        """Store a match and its hands in one transaction; returns the match id."""
        with self.db:
            cursor = self.db.execute(
                "INSERT INTO matches (played_at, ruleset, seed, seats, player_seat, player_name, points, placement,"
                " hands, record_path, finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (summary.played_at, summary.ruleset, summary.seed, json.dumps(list(summary.seats)),
                 summary.player_seat, summary.player_name, json.dumps(list(summary.points)), summary.placement,
                 len(summary.hands), summary.record_path, int(summary.finished)),
            )
            match_id = int(cursor.lastrowid or 0)
            self.db.executemany(
                "INSERT INTO hands (match_id, number, label, dealer, winner, from_seat, tsumo, han, fu, limit_name,"
                " yaku, points, deltas) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(match_id, h.number, h.label, h.dealer, h.winner, h.from_seat, int(h.tsumo), h.han, h.fu, h.limit,
                  json.dumps([list(y) for y in h.yaku]), h.points, json.dumps(list(h.deltas))) for h in summary.hands],
            )
        return match_id

    def has_record(self, record_path: str) -> bool:
        """True when a stored match points at ``record_path`` (archiving twice adds nothing)."""
        return self.db.execute("SELECT 1 FROM matches WHERE record_path = ? LIMIT 1", (record_path,)).fetchone() is not None

    def matches(self, limit: int | None = None) -> list[MatchRow]:
        """Past matches, newest first (at most ``limit``)."""
        rows = self.db.execute(
            "SELECT id, played_at, ruleset, seed, seats, player_seat, player_name, points, placement, hands,"
            " record_path, finished FROM matches ORDER BY played_at DESC, id DESC LIMIT ?",
            (-1 if limit is None else limit,),
        ).fetchall()
        return [_match_row(row) for row in rows]

    def hands(self, match_id: int) -> list[HandRow]:
        """The hands of one match, in order."""
        rows = self.db.execute(
            "SELECT number, label, dealer, winner, from_seat, tsumo, han, fu, limit_name, yaku, points, deltas,"
            " match_id FROM hands WHERE match_id = ? ORDER BY number",
            (match_id,),
        ).fetchall()
        return [_hand_row(row) for row in rows]

    def close(self) -> None:
        """Close the database (safe to call twice)."""
        self.db.close()

    def __enter__(self) -> History:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


def _connect(path: Path) -> sqlite3.Connection:
    """Open, check and migrate; raises ``sqlite3.DatabaseError`` or :class:`NewerHistoryError`."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA foreign_keys = ON")
        check = db.execute("PRAGMA quick_check").fetchone()
        if check is None or check[0] != "ok":
            raise sqlite3.DatabaseError(f"quick_check: {check!r}")
        migrate(db)
    except BaseException:
        db.close()
        raise
    db.isolation_level = ""  # from here on, ``with db:`` wraps writes in a transaction
    return db


def _set_aside(path: Path, label: str) -> Path:
    """Quarantine the database (and a leftover journal) under ``<name>.<label>-<time>``."""
    kept = quarantine(path, label)
    journal = path.with_name(path.name + "-journal")
    if journal.exists():
        journal.replace(kept.with_name(kept.name + "-journal"))
    return kept


def _match_row(row: tuple[Any, ...]) -> MatchRow:
    (id_, played_at, ruleset, seed, seats, player_seat, name, points, placement, hands, record, finished) = row
    return MatchRow(id_, played_at, ruleset, seed, tuple(json.loads(seats)), player_seat, name,
                    tuple(json.loads(points)), placement, hands, record, bool(finished))


def _hand_row(row: tuple[Any, ...]) -> HandRow:
    (number, label, dealer, winner, from_seat, tsumo, han, fu, limit, yaku, points, deltas, match_id) = row
    return HandRow(number, label, dealer, winner, from_seat, bool(tsumo), han, fu, limit,
                   tuple((str(n), int(v)) for n, v in json.loads(yaku)), points, tuple(json.loads(deltas)), match_id)
