"""Match history: an embedded SQLite database with one row per match and per hand.

The schema is versioned with ``PRAGMA user_version`` and grown by an ordered
list of migrations: migration ``i`` takes a database from version ``i`` to
``i + 1``, each in its own transaction, so adding version 2 is one more
function in :data:`MIGRATIONS` (version 2 added the riichi and winner seats of
each hand, the player's final game points, and the ``checked`` mark below). A
file that is not a readable database, or one
written by a newer version, or one at a known version without its tables, is
set aside and a fresh history started; the player is told through
:attr:`History.notice`, and the game still starts.

A history another program holds locked is not corrupt: it is never set aside.
Opening or writing it raises :class:`~mahjong_joy.errors.StorageUnavailableError`
after a short wait (:data:`BUSY_SECONDS`, not SQLite's 5 s), and the caller
says so and tries later. Rows are checked field by field as they are read; a
bad one is skipped and named in :attr:`History.problems`, never fatal to a screen.

Checking every row in Python each time a screen opens costs about 30 us a row,
far too slow at 10,000 matches, so the check is remembered: ``matches.checked``
is 1 once a match row and all its hand rows passed it (at :meth:`History.add_match`,
or when a migration first reads an old row). Triggers clear the mark whenever
any program changes a match or its hands through SQLite, and :meth:`History.query`
checks the unmarked matches again before every read, so the summary screens can
read plain SQL aggregates over the views ``good_matches`` and ``good_hands``
(the rows that passed) and still skip and name every row that fails. A file
whose triggers are missing is treated like one missing a table.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
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
GAME_POINTS_LIMIT = 100_000  # a bust at -200,000 points is about -240 game points


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
    # Seats that declared riichi in the hand, and every seat that won (several on a
    # double ron; ``winner`` is the first). ``None``: a hand stored before version 2.
    riichi: tuple[int, ...] | None = field(default=None, kw_only=True)
    winners: tuple[int, ...] | None = field(default=None, kw_only=True)


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
    game_points: float | None = None  # the player's final game points (uma and oka included); None when unfinished


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
    game_points: float | None = None  # None: unfinished, or stored before version 2


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


MATCH_DATA = ("played_at", "ruleset", "seed", "seats", "player_seat", "player_name", "points", "placement", "hands",
              "record_path", "finished", "game_points")  # every match column but ``id`` and ``checked``
HAND_DATA = ("number", "label", "dealer", "winner", "from_seat", "tsumo", "han", "fu", "limit_name", "yaku", "points",
             "deltas", "riichi_seats", "winner_seats")  # every hand column but ``match_id``
MATCH_SELECT = "SELECT id, " + ", ".join(MATCH_DATA) + " FROM matches"
HAND_SELECT = "SELECT " + ", ".join(HAND_DATA) + ", match_id FROM hands"
TRIGGERS = {  # any change to a match or its hands made through SQLite takes the match's checked mark away
    "match_changed": f"AFTER UPDATE OF id, {', '.join(MATCH_DATA)} ON matches"
                     " BEGIN UPDATE matches SET checked = 0 WHERE id IN (OLD.id, NEW.id); END",
    "hand_changed": "AFTER UPDATE ON hands BEGIN UPDATE matches SET checked = 0 WHERE id IN (OLD.match_id, NEW.match_id); END",
    "hand_added": "AFTER INSERT ON hands BEGIN UPDATE matches SET checked = 0 WHERE id = NEW.match_id; END",
    "hand_removed": "AFTER DELETE ON hands BEGIN UPDATE matches SET checked = 0 WHERE id = OLD.match_id; END",
}


def _v2(db: sqlite3.Connection) -> None:
    """Version 2: riichi and winner seats per hand (bit masks, NULL on older hands: not known),
    the player's game points per match, and the remembered row check with its triggers.

    The rows already stored are checked here once, so an old history opens as fast as a new one.
    """
    db.execute("ALTER TABLE hands ADD COLUMN riichi_seats INTEGER")
    db.execute("ALTER TABLE hands ADD COLUMN winner_seats INTEGER")
    db.execute("ALTER TABLE matches ADD COLUMN game_points REAL")
    db.execute("ALTER TABLE matches ADD COLUMN checked INTEGER NOT NULL DEFAULT 0")
    db.execute("CREATE INDEX matches_checked ON matches (checked)")
    db.execute("CREATE INDEX matches_ruleset ON matches (ruleset, played_at, id)")
    for name, body in TRIGGERS.items():
        db.execute(f"CREATE TRIGGER {name} {body}")
    _mark_checked(db, _check_unmarked(db).whole)


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_v1, _v2]


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

        The rows are read back through the same check every reader applies and
        marked checked when they pass (a summary with, say, a 300-character name
        is kept but skipped and named when read, as before). Raises
        :class:`StorageUnavailableError` (and stores nothing) when another
        program holds the database locked.
        """
        with self._guard(), self.db:
            cursor = self.db.execute(
                f"INSERT INTO matches ({', '.join(MATCH_DATA)}) VALUES ({', '.join('?' * len(MATCH_DATA))})",
                (summary.played_at, summary.ruleset, summary.seed, json.dumps(list(summary.seats)),
                 summary.player_seat, summary.player_name, json.dumps(list(summary.points)), summary.placement,
                 len(summary.hands), summary.record_path, int(summary.finished), summary.game_points),
            )
            match_id = int(cursor.lastrowid or 0)
            self.db.executemany(
                f"INSERT INTO hands (match_id, {', '.join(HAND_DATA)}) VALUES (?, {', '.join('?' * len(HAND_DATA))})",
                [(match_id, h.number, h.label, h.dealer, h.winner, h.from_seat, int(h.tsumo), h.han, h.fu, h.limit,
                  json.dumps([list(y) for y in h.yaku]), h.points, json.dumps(list(h.deltas)),
                  seat_mask(h.riichi), seat_mask(h.winners)) for h in summary.hands],
            )
            _mark_checked(self.db, _check_unmarked(self.db, match_id).whole)
        return match_id

    def has_record(self, record_path: str) -> bool:
        """True when a stored match points at ``record_path`` (archiving twice adds nothing)."""
        with self._guard():
            found = self.db.execute("SELECT 1 FROM matches WHERE record_path = ? LIMIT 1", (record_path,)).fetchone()
        return found is not None

    def matches(self, limit: int | None = None) -> list[MatchRow]:
        """Past matches, newest first (at most ``limit``); unreadable rows are skipped and named."""
        rows = self._select(MATCH_SELECT + " ORDER BY played_at DESC, id DESC LIMIT ?", (-1 if limit is None else limit,))
        return self._readable(rows, _match_row)

    def hands(self, match_id: int) -> list[HandRow]:
        """The hands of one match, in order; unreadable rows are skipped and named."""
        rows = self._select(HAND_SELECT + " WHERE match_id = ? ORDER BY number", (match_id,))
        return self._readable(rows, _hand_row)

    def hand(self, match_id: int, number: int) -> HandRow | None:
        """One stored hand, or ``None`` when it is missing or unreadable (then named)."""
        rows = self._readable(self._select(HAND_SELECT + " WHERE match_id = ? AND number = ?", (match_id, number)), _hand_row)
        return rows[0] if rows else None

    def match_list(self) -> MatchList:
        """Every readable match, newest first, as a list that checks each row only when it is looked at.

        One query fetches the rows (about 20 ms at 10,000 matches); turning all of
        them into :class:`MatchRow` values up front would cost far more, and the
        Replays screen shows a dozen at a time.
        """
        return MatchList(self.query(f"SELECT id, {', '.join(MATCH_DATA)} FROM good_matches ORDER BY played_at DESC, id DESC"))

    def query(self, sql: str, parameters: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of a read-only ``sql`` over the views ``good_matches`` and ``good_hands``:
        the rows that passed the check, their cells safe to aggregate.

        Matches not marked checked are checked first (each bad row named in
        :attr:`problems`); a database that fails gives no rows and a named problem.
        """
        try:
            with self._guard():
                self._vet()
        except RecordError as exc:
            self._problems[str(exc)] = None
            return []
        return self._select(sql, parameters)

    def _vet(self) -> None:
        """Fill the temporary tables behind the views with the unmarked rows that pass the check now."""
        for statement in VETTING_SCHEMA:
            self.db.execute(statement)
        vetting = _check_unmarked(self.db)
        for problem in vetting.problems:
            self._problems[problem] = None
        with self.db:
            self.db.execute("DELETE FROM temp.passed_matches")
            self.db.execute("DELETE FROM temp.passed_hands")
            self.db.executemany("INSERT INTO temp.passed_matches (id) VALUES (?)", [(i,) for i in vetting.matches])
            self.db.executemany("INSERT INTO temp.passed_hands (match_id, number) VALUES (?, ?)", vetting.hands)

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


VETTING_SCHEMA = (
    "CREATE TEMP TABLE IF NOT EXISTS passed_matches (id INTEGER PRIMARY KEY)",
    "CREATE TEMP TABLE IF NOT EXISTS passed_hands (match_id INTEGER, number INTEGER, PRIMARY KEY (match_id, number))",
    "CREATE TEMP VIEW IF NOT EXISTS good_matches AS SELECT * FROM main.matches"
    " WHERE checked = 1 OR id IN (SELECT id FROM temp.passed_matches)",
    "CREATE TEMP VIEW IF NOT EXISTS good_hands AS SELECT * FROM main.hands"
    " WHERE match_id IN (SELECT id FROM main.matches WHERE checked = 1)"
    " OR (match_id, number) IN (SELECT match_id, number FROM temp.passed_hands)",
)


@dataclass(frozen=True, slots=True)
class Vetting:
    """What checking the unmarked matches found: the match rows and hand rows that passed
    (hands only of matches that passed), the matches that passed whole, and each failure."""

    matches: list[int]
    hands: list[tuple[int, int]]
    whole: list[int]
    problems: list[str]


def _check_unmarked(db: sqlite3.Connection, match_id: int | None = None) -> Vetting:
    """Check every match not marked checked (or only ``match_id``) and its hands, row by row."""
    where = " WHERE (checked < 1 OR checked > 1)" + ("" if match_id is None else " AND id = ?")
    vetting = Vetting([], [], [], [])
    for row in db.execute(MATCH_SELECT + where, () if match_id is None else (match_id,)).fetchall():
        try:
            match = _match_row(row)
        except RecordError as exc:
            vetting.problems.append(str(exc))
            continue
        whole = True
        for hand_row in db.execute(HAND_SELECT + " WHERE match_id = ?", (match.id,)).fetchall():
            try:
                vetting.hands.append((match.id, _hand_row(hand_row).number))
            except RecordError as exc:
                vetting.problems.append(str(exc))
                whole = False
        vetting.matches.append(match.id)
        if whole:
            vetting.whole.append(match.id)
    return vetting


def _mark_checked(db: sqlite3.Connection, match_ids: list[int]) -> None:
    db.executemany("UPDATE matches SET checked = 1 WHERE id = ?", [(i,) for i in match_ids])


class MatchList(Sequence[MatchRow]):
    """Rows fetched in one query, each checked and turned into a :class:`MatchRow` when first read.

    The rows passed the check before (see the module docstring), so reading one
    fails only in a file crafted to claim otherwise; that row then reads as a
    stand-in named "damaged entry" whose record cannot be opened, never an error.
    """

    def __init__(self, rows: list[tuple[Any, ...]]) -> None:
        self._rows = rows
        self._read: dict[int, MatchRow] = {}

    def __len__(self) -> int:
        return len(self._rows)

    def __getitem__(self, index: int) -> MatchRow:  # type: ignore[override]
        if not isinstance(index, int):
            raise TypeError("a MatchList is read one row at a time")
        index = range(len(self._rows))[index]  # negative indices as lists take them; IndexError past the end
        if index not in self._read:
            try:
                self._read[index] = _match_row(self._rows[index])
            except RecordError:
                self._read[index] = MatchRow(0, "damaged entry", "", "", (), 0, "", (), None, 0, "", False)
        return self._read[index]

    def __eq__(self, other: object) -> bool:
        """Equal to any sequence of the same rows (``rows == []`` reads as it does for a list)."""
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]


def seat_mask(seats: Sequence[int] | None) -> int | None:
    """Seats as a bit mask (seat 0 is bit 0), as the hands table keeps them; ``None`` stays unknown.

    >>> seat_mask((0, 2)), seat_mask(()), seat_mask(None)
    (5, 0, None)
    """
    return None if seats is None else sum(1 << seat for seat in set(seats))


def seats_of(mask: int | None) -> tuple[int, ...] | None:
    """The seats of a bit mask, in order.

    >>> seats_of(5), seats_of(None)
    ((0, 2), None)
    """
    return None if mask is None else tuple(seat for seat in range(4) if mask >> seat & 1)


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
    """A file whose version says the tables exist but which lacks one (or a column, or a
    trigger that keeps the checked marks honest) is corrupt, not empty."""
    for table, columns in expected_columns().items():
        missing = columns - _columns(db, table)
        if missing:
            raise sqlite3.DatabaseError(f"table {table} lacks {', '.join(sorted(missing))}")
    triggers = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
    if not set(TRIGGERS) <= triggers:
        raise sqlite3.DatabaseError(f"the history lacks the triggers {', '.join(sorted(set(TRIGGERS) - triggers))}")


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
    (id_, played_at, ruleset, seed, seats, player_seat, name, points, placement, hands, record, finished, game_points) = row
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
        None if game_points is None else _game_points(game_points, f"{where} game_points"),
    )


def _game_points(value: Any, where: str) -> float:
    """Game points are a few dozen either way; anything else (text, NaN, 1e300) is not ours."""
    if type(value) not in (int, float) or not -GAME_POINTS_LIMIT <= value <= GAME_POINTS_LIMIT:
        raise RecordError(f"{where} must be a number within {GAME_POINTS_LIMIT:,} either way, not {shown(value)}")
    return float(value)


def _hand_row(row: tuple[Any, ...]) -> HandRow:
    """A hand row checked field by field; ``RecordError`` names the first bad field."""
    (number, label, dealer, winner, from_seat, tsumo, han, fu, limit, yaku, points, deltas, riichi, winners, match_id) = row
    where = f"match {shown(match_id)} hand {shown(number)}"
    return HandRow(
        whole(number, f"{where} number", 1), text(label, f"{where} label", 32), whole(dealer, f"{where} dealer", 0, 3),
        _seat(winner, f"{where} winner"), _seat(from_seat, f"{where} from_seat"), bool(whole(tsumo, f"{where} tsumo", 0, 1)),
        whole(han, f"{where} han"), whole(fu, f"{where} fu"), text(limit, f"{where} limit", 64),
        tuple(_yaku(item, f"{where} yaku") for item in listed(_cell(yaku, f"{where} yaku"), f"{where} yaku")),
        whole(points, f"{where} points"),
        tuple(whole(d, f"{where} deltas") for d in listed(_cell(deltas, f"{where} deltas"), f"{where} deltas", 4)),
        whole(match_id, f"{where} match_id"),
        riichi=_seats(riichi, f"{where} riichi_seats"), winners=_seats(winners, f"{where} winner_seats"),
    )


def _seats(mask: Any, where: str) -> tuple[int, ...] | None:
    return seats_of(None if mask is None else whole(mask, where, 0, 15))


def _yaku(item: Any, where: str) -> tuple[str, int]:
    name, han = listed(item, where, 2)
    return text(name, where, 64), whole(han, where)
