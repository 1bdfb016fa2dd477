"""Match history: an embedded SQLite database with one row per match and per hand.

The schema is versioned with ``PRAGMA user_version`` and grown by an ordered
list of migrations: migration ``i`` takes a database from version ``i`` to
``i + 1``, each in its own transaction, so adding version 2 is one more
function in :data:`MIGRATIONS`. A file that is not a readable database, or one
written by a newer version, or one at a known version without its tables, is
set aside and a fresh history started; the player is told through
:attr:`History.notice`, and the game still starts.

A history another program holds locked is not corrupt: it is never set aside.
Opening or writing it raises :class:`~mahjong_joy.errors.StorageUnavailableError`
after a short wait (:data:`BUSY_SECONDS`, not SQLite's 5 s), and the caller
says so and tries later. Rows are checked field by field as they are read; a
bad one is skipped and named in :attr:`History.problems`, never fatal to a screen.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import TracebackType
from typing import Any

from mahjong_joy.errors import RecordError, StorageUnavailableError
from mahjong_joy.storage.files import quarantine
from mahjong_joy.storage.paths import history_path
from mahjong_joy.untrusted import KIB, listed, parse_json, shown, text, whole

BUSY_SECONDS = 0.5  # how long to wait for another program's lock before saying the history is in use
CELL_LIMIT = 64 * KIB  # one JSON cell (seats, points, yaku, deltas) is a few dozen bytes


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
    """The open history database; use :meth:`open` (it never raises on a bad file, only on a busy one)."""

    def __init__(self, db: sqlite3.Connection, path: Path, notice: str | None = None) -> None:
        self.db = db
        self.path = path
        self.notice = notice  # a short message for the player when the old file was set aside
        self._problems: dict[str, None] = {}  # rows skipped as unreadable, each named once, in order

    @classmethod
    def open(cls, path: str | Path | None = None, busy_seconds: float | None = None) -> History:
        """Open (creating and migrating as needed) the history at ``path`` or the data folder's.

        A corrupt or unreadable file, or one from a newer version, is renamed
        aside and a fresh, empty history is started; ``notice`` says so. A file
        locked by another program for longer than ``busy_seconds`` is left alone
        and :class:`StorageUnavailableError` raised (``None``: :data:`BUSY_SECONDS`).
        """
        target = Path(path) if path is not None else history_path()
        busy_seconds = BUSY_SECONDS if busy_seconds is None else busy_seconds
        _set_aside_orphan_journal(target)
        try:
            return cls(_connect(target, busy_seconds), target)
        except NewerHistoryError as exc:
            kept = _set_aside(target, "newer")
            message = (f"Your match history was written by a newer Mahjong Joy (schema {exc.found}; this version "
                       f"reads {exc.known}), so a new history was started. The old file was kept as {kept}.")
        except sqlite3.DatabaseError as exc:
            if is_busy(exc):
                raise _busy(target) from None
            kept = _set_aside(target, "corrupt")
            message = f"Your match history could not be read, so a new history was started. The old file was kept as {kept}."
        return cls(_connect(target, busy_seconds), target, message)

    @property
    def problems(self) -> list[str]:
        """One line per row skipped as unreadable since the history was opened."""
        return list(self._problems)

    def message(self) -> str | None:
        """Everything the player should hear about this history: the notice, then any skipped rows."""
        parts = [self.notice] if self.notice else []
        if self._problems:
            count = len(self._problems)
            first = next(iter(self._problems))
            parts.append(f"{count} damaged entr{'y' if count == 1 else 'ies'} of your history could not be read"
                         f" and {'was' if count == 1 else 'were'} skipped ({first}).")
        return " ".join(parts) or None

    def add_match(self, summary: MatchSummary) -> int:
        """Store a match and its hands in one transaction; returns the match id.

        Raises :class:`StorageUnavailableError` (and stores nothing) when another
        program holds the database locked.
        """
        with self._guard(), self.db:
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
        with self._guard():
            found = self.db.execute("SELECT 1 FROM matches WHERE record_path = ? LIMIT 1", (record_path,)).fetchone()
        return found is not None

    def matches(self, limit: int | None = None) -> list[MatchRow]:
        """Past matches, newest first (at most ``limit``); unreadable rows are skipped and named."""
        rows = self._select(
            "SELECT id, played_at, ruleset, seed, seats, player_seat, player_name, points, placement, hands,"
            " record_path, finished FROM matches ORDER BY played_at DESC, id DESC LIMIT ?",
            (-1 if limit is None else limit,),
        )
        return self._readable(rows, _match_row)

    def hands(self, match_id: int) -> list[HandRow]:
        """The hands of one match, in order; unreadable rows are skipped and named."""
        rows = self._select(
            "SELECT number, label, dealer, winner, from_seat, tsumo, han, fu, limit_name, yaku, points, deltas,"
            " match_id FROM hands WHERE match_id = ? ORDER BY number",
            (match_id,),
        )
        return self._readable(rows, _hand_row)

    def _select(self, sql: str, parameters: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        """The rows of a query; a database that fails mid-read gives none and a named problem (busy still raises)."""
        try:
            with self._guard():
                return self.db.execute(sql, parameters).fetchall()
        except RecordError as exc:
            self._problems[str(exc)] = None
            return []

    def _readable(self, rows: list[tuple[Any, ...]], read: Callable[[tuple[Any, ...]], Any]) -> list[Any]:
        """The rows ``read`` accepts; each refused one is noted in :attr:`problems` instead."""
        out = []
        for row in rows:
            try:
                out.append(read(row))
            except RecordError as exc:
                self._problems[str(exc)] = None
        return out

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """A lock held elsewhere becomes :class:`StorageUnavailableError`, any other database
        failure a ``RecordError`` naming the file: never a bare ``sqlite3`` error for a caller."""
        try:
            yield
        except sqlite3.Error as exc:
            if is_busy(exc):
                raise _busy(self.path) from None
            raise RecordError(f"the history {self.path.name} failed: {exc}") from None

    def close(self) -> None:
        """Close the database (safe to call twice)."""
        self.db.close()

    def __enter__(self) -> History:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


def is_busy(exc: sqlite3.Error) -> bool:
    """True when SQLite gave up waiting for another connection's lock (busy or locked, any variant)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return "locked" in str(exc) or "busy" in str(exc)


def _busy(path: Path) -> StorageUnavailableError:
    return StorageUnavailableError(f"Your match history ({path.name}) is in use by another program, so it was left as it is;"
                                   " it will be used again when it is free.")


def _connect(path: Path, busy_seconds: float = BUSY_SECONDS) -> sqlite3.Connection:
    """Open, check, migrate and check the tables; raises ``sqlite3.DatabaseError`` or :class:`NewerHistoryError`."""
    db = sqlite3.connect(path, timeout=busy_seconds, isolation_level=None)
    db.text_factory = _tolerant_text
    try:
        db.execute("PRAGMA foreign_keys = ON")
        check = db.execute("PRAGMA quick_check").fetchone()
        if check is None or check[0] != "ok":
            raise sqlite3.DatabaseError(f"quick_check: {check!r}")
        migrate(db)
        _check_tables(db)
    except BaseException:
        db.close()
        raise
    db.isolation_level = ""  # from here on, ``with db:`` wraps writes in a transaction
    return db


def _tolerant_text(raw: bytes) -> str:
    """Text cells as ``str`` even when not UTF-8 (the row check then refuses them), never a fetch error."""
    return raw.decode("utf-8", "surrogateescape")


@cache
def expected_columns() -> dict[str, frozenset[str]]:
    """Each table's columns as the migrations build them (built once in memory, so a new migration is seen)."""
    db = sqlite3.connect(":memory:", isolation_level=None)
    try:
        migrate(db)
        return {table: _columns(db, table) for (table,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        db.close()


def _columns(db: sqlite3.Connection, table: str) -> frozenset[str]:
    return frozenset(row[1] for row in db.execute(f"PRAGMA table_info({table})"))


def _check_tables(db: sqlite3.Connection) -> None:
    """A file whose version says the tables exist but which lacks one (or a column) is corrupt, not empty."""
    for table, columns in expected_columns().items():
        missing = columns - _columns(db, table)
        if missing:
            raise sqlite3.DatabaseError(f"table {table} lacks {', '.join(sorted(missing))}")


def _set_aside(path: Path, label: str) -> Path:
    """Quarantine the database (and a leftover journal) under ``<name>.<label>-<time>``.

    A file that cannot be moved either is left alone: :class:`StorageUnavailableError`.
    """
    try:
        kept = quarantine(path, label)
    except OSError as exc:
        raise StorageUnavailableError(f"Your match history {path} could not be read and could not be moved aside"
                                      f" ({exc.strerror or exc}); it was left as it is.") from None
    journal = path.with_name(path.name + "-journal")
    if journal.exists():
        journal.replace(kept.with_name(kept.name + "-journal"))
    return kept


def _set_aside_orphan_journal(path: Path) -> None:
    """A journal without its database (a crash between the two renames of :func:`_set_aside`)
    belongs to the file set aside; SQLite must never replay it into a fresh history."""
    journal = path.with_name(path.name + "-journal")
    if journal.exists() and not path.exists():
        try:
            quarantine(journal)
        except OSError as exc:
            raise StorageUnavailableError(f"A leftover {journal.name} could not be moved aside ({exc.strerror or exc});"
                                          " the history was left as it is.") from None


def _cell(value: Any, where: str) -> Any:
    """A JSON cell, bounded like any file the game reads."""
    return parse_json(text(value, where, CELL_LIMIT), where)


def _seat(value: Any, where: str) -> int | None:
    return None if value is None else whole(value, where, 0, 3)


def _match_row(row: tuple[Any, ...]) -> MatchRow:
    """A match row checked field by field; ``RecordError`` names the first bad field."""
    (id_, played_at, ruleset, seed, seats, player_seat, name, points, placement, hands, record, finished) = row
    where = f"match {shown(id_)}"
    return MatchRow(
        whole(id_, f"{where} id"), text(played_at, f"{where} played_at", 64), text(ruleset, f"{where} ruleset", 64),
        text(seed, f"{where} seed", 200),
        tuple(text(kind, f"{where} seats", 64) for kind in listed(_cell(seats, f"{where} seats"), f"{where} seats", 4)),
        whole(player_seat, f"{where} player_seat", 0, 3), text(name, f"{where} player_name", 200),
        tuple(whole(p, f"{where} points") for p in listed(_cell(points, f"{where} points"), f"{where} points", 4)),
        None if placement is None else whole(placement, f"{where} placement", 1, 4),
        whole(hands, f"{where} hands", 0), text(record, f"{where} record_path", 4096),
        bool(whole(finished, f"{where} finished", 0, 1)),
    )


def _hand_row(row: tuple[Any, ...]) -> HandRow:
    """A hand row checked field by field; ``RecordError`` names the first bad field."""
    (number, label, dealer, winner, from_seat, tsumo, han, fu, limit, yaku, points, deltas, match_id) = row
    where = f"match {shown(match_id)} hand {shown(number)}"
    return HandRow(
        whole(number, f"{where} number", 1), text(label, f"{where} label", 32), whole(dealer, f"{where} dealer", 0, 3),
        _seat(winner, f"{where} winner"), _seat(from_seat, f"{where} from_seat"), bool(whole(tsumo, f"{where} tsumo", 0, 1)),
        whole(han, f"{where} han"), whole(fu, f"{where} fu"), text(limit, f"{where} limit", 64),
        tuple(_yaku(item, f"{where} yaku") for item in listed(_cell(yaku, f"{where} yaku"), f"{where} yaku")),
        whole(points, f"{where} points"),
        tuple(whole(d, f"{where} deltas") for d in listed(_cell(deltas, f"{where} deltas"), f"{where} deltas", 4)),
        whole(match_id, f"{where} match_id"),
    )


def _yaku(item: Any, where: str) -> tuple[str, int]:
    name, han = listed(item, where, 2)
    return text(name, where, 64), whole(han, where)
