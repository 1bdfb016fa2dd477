"""Match history: an embedded SQLite database with one row per match and per hand.

The schema is versioned with ``PRAGMA user_version`` and grown by an ordered
list of migrations: migration ``i`` takes a database from version ``i`` to
``i + 1``, each in its own transaction, so adding the next version is one more
function in :data:`MIGRATIONS` (version 2 added the riichi and winner seats of
each hand, the player's final game points, and the ``checked`` mark below;
version 3 the score of each later win of a double ron; version 4 the first hand
that is the player's in a match continued from a record, Play from here). A
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
checks the unmarked matches again before every read, so the summary screens read
plain SQL over the view ``good_matches`` (the match rows that passed) and still
skip and name every row that fails. A file whose triggers are missing is treated
like one missing a table.

Each match row also keeps the player's tally of its hands (:class:`PlayerTally`:
hands, wins and their points, deal-ins, riichi, the best win), computed in Python
from the hand rows whenever the rows are checked, so the Stats screen sums 10,000
match rows (about 5 ms) instead of joining 48,000 hand rows (about 40 ms).

Only what the player played is theirs. A match continued from a record (Play from
here) holds the record's hands before the takeover, played by the AI; its row's
``first_hand`` names the first hand the player played from the deal, and the tally
counts from there (:func:`player_tally`). NULL, as on every match started from
the deal, means every hand is the player's. Such a match left unfinished is not a
match played (:data:`COUNTS_AS_PLAYED`). Rows stored before version 4 never said
whether they were branches; their ids wait in ``branches_unknown`` until the app
has read each one's record once (:meth:`History.settle_branches`), and until then
they count as before.
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
MAX_HAND_NUMBER = 100_000  # as a record's branch point counts (replay.branch.Branch): far beyond any match


@dataclass(frozen=True, slots=True)
class WinScore:
    """One win of a hand: its seat, what the win itself gained (on a double ron the
    sticks go to the first winner) and its score."""

    seat: int
    points: int
    han: int
    fu: int
    limit: str
    yaku: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class HandSummary:
    """One settled hand: ``wins`` the score of each win (empty on a draw), nearest the
    discarder first; ``from_seat`` the discarder (``None`` on a draw or a tsumo).

    ``winners`` lists every seat that won, ``riichi`` the seats that declared riichi
    (both ``None``: a hand stored before version 2). A hand stored before version 3 kept
    the score of its first win only, so ``wins`` may name fewer seats than ``winners``.
    """

    number: int
    label: str  # round wind, hand number and honba, e.g. "E2" or "E3-1"
    dealer: int
    wins: tuple[WinScore, ...]
    from_seat: int | None
    tsumo: bool
    deltas: tuple[int, ...]
    riichi: tuple[int, ...] | None = field(default=None, kw_only=True)
    winners: tuple[int, ...] | None = field(default=None, kw_only=True)

    def win_of(self, seat: int) -> WinScore | None:
        """``seat``'s win in this hand; ``None`` when it did not win (or its score was not kept)."""
        return next((win for win in self.wins if win.seat == seat), None)


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
    # Play from here: the first hand (from 1) the player played from the deal; the earlier ones
    # are the record's, played by the AI. None: every hand is the player's (a match from the deal).
    first_hand: int | None = None


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
             "deltas", "riichi_seats", "winner_seats", "later_wins")  # every hand column but ``match_id``
MATCH_SELECT = "SELECT id, " + ", ".join(MATCH_DATA) + " FROM matches"
HAND_SELECT = "SELECT " + ", ".join(HAND_DATA) + ", match_id FROM hands"
TALLY = ("tally_hands", "wins", "win_points", "deal_ins", "riichi", "best_hand", "best_points", "best_han")
BRANCH_DATA = ("first_hand",)  # version 4: where a match continued from a record became the player's
# A match row counts as a match played unless it is a branch the player left unfinished (SQL over a match row).
COUNTS_AS_PLAYED = "(first_hand IS NULL OR finished = 1)"


def _match_changed(columns: tuple[str, ...]) -> str:
    """The body of the trigger that takes a match's mark away when any of ``columns`` changes."""
    return (f"AFTER UPDATE OF id, {', '.join(columns)} ON matches WHEN NEW.checked IS OLD.checked"
            " BEGIN UPDATE matches SET checked = 0 WHERE id IN (OLD.id, NEW.id); END")


TRIGGERS = {  # any change to a match or its hands made through SQLite takes the match's checked mark away
    "match_changed": _match_changed(MATCH_DATA + TALLY + BRANCH_DATA),
    "hand_changed": "AFTER UPDATE ON hands BEGIN UPDATE matches SET checked = 0 WHERE id IN (OLD.match_id, NEW.match_id); END",
    "hand_added": "AFTER INSERT ON hands BEGIN UPDATE matches SET checked = 0 WHERE id = NEW.match_id; END",
    "hand_removed": "AFTER DELETE ON hands BEGIN UPDATE matches SET checked = 0 WHERE id = OLD.match_id; END",
}


# Each summary query reads one of these and never the table: the sums per ruleset (already
# grouped by the index order), the latest placements (of a ruleset, or of all), the best win.
INDEXES = {
    "matches_tally": "checked, ruleset, placement, game_points, " + ", ".join(TALLY[:5]) + ", finished, first_hand",
    "matches_recent": "checked, ruleset, played_at, id, placement",
    "matches_latest": "checked, played_at, id, placement",
    "matches_best": "checked, ruleset, best_points DESC, best_han DESC, played_at, id, best_hand",
}
# The index and the trigger as version 2 built them; version 4 replaces both.
V2_INDEXES = {"matches_tally": "checked, ruleset, placement, game_points, " + ", ".join(TALLY[:5])}
V2_TRIGGERS = {"match_changed": _match_changed(MATCH_DATA + TALLY)}


def _v2(db: sqlite3.Connection) -> None:
    """Version 2: riichi and winner seats per hand (bit masks, NULL on older hands: not known),
    the player's game points and tally per match, and the remembered row check with its triggers.

    The rows already stored are checked (and tallied) here once, so an old history opens as fast as a new one.
    """
    db.execute("ALTER TABLE hands ADD COLUMN riichi_seats INTEGER")
    db.execute("ALTER TABLE hands ADD COLUMN winner_seats INTEGER")
    for column in ("game_points REAL",) + tuple(f"{name} INTEGER" for name in TALLY):
        db.execute(f"ALTER TABLE matches ADD COLUMN {column}")
    db.execute("ALTER TABLE matches ADD COLUMN checked INTEGER NOT NULL DEFAULT 0")
    for name, columns in INDEXES.items():  # as version 2 built them (version 4 grows two)
        db.execute(f"CREATE INDEX {name} ON matches ({V2_INDEXES.get(name, columns)})")
    for name, body in TRIGGERS.items():
        db.execute(f"CREATE TRIGGER {name} {V2_TRIGGERS.get(name, body)}")
    _mark_checked(db, _check_unmarked(db)[0])


def _v3(db: sqlite3.Connection) -> None:
    """Version 3: the score of each later win of a double ron (JSON; NULL on older hands: not
    known), so the Stats screen's best hand can be a second winner's. No row changes meaning,
    so the checked marks stand."""
    db.execute("ALTER TABLE hands ADD COLUMN later_wins TEXT")


def _v4(db: sqlite3.Connection) -> None:
    """Version 4: ``first_hand``, the first hand the player played from the deal in a match
    continued from a record (NULL: every hand, as every row stored so far counts). The trigger
    watches it and the tally index holds it and ``finished`` (Stats counts a match played from
    them). No row changes meaning, so the checked marks and tallies stand; the rows stored so
    far are listed in ``branches_unknown``, as only their records say whether they were branches."""
    db.execute("ALTER TABLE matches ADD COLUMN first_hand INTEGER")
    db.execute("CREATE TABLE branches_unknown (match_id INTEGER PRIMARY KEY)")
    db.execute("INSERT INTO branches_unknown SELECT id FROM matches")
    db.execute("DROP TRIGGER match_changed")
    db.execute(f"CREATE TRIGGER match_changed {TRIGGERS['match_changed']}")
    db.execute("DROP INDEX matches_tally")
    db.execute(f"CREATE INDEX matches_tally ON matches ({INDEXES['matches_tally']})")


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_v1, _v2, _v3, _v4]


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
        self._good_view: bool | None = None  # how good_matches is defined now (None: not yet)
        self._vetted_at: int | None = None  # PRAGMA data_version when the unmarked rows were last checked

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
            columns = MATCH_DATA + BRANCH_DATA
            cursor = self.db.execute(
                f"INSERT INTO matches ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
                (summary.played_at, summary.ruleset, summary.seed, json.dumps(list(summary.seats)),
                 summary.player_seat, summary.player_name, json.dumps(list(summary.points)), summary.placement,
                 len(summary.hands), summary.record_path, int(summary.finished), summary.game_points,
                 summary.first_hand),
            )
            match_id = int(cursor.lastrowid or 0)
            self.db.executemany(
                f"INSERT INTO hands (match_id, {', '.join(HAND_DATA)}) VALUES (?, {', '.join('?' * len(HAND_DATA))})",
                [(match_id, *hand_cells(h)) for h in summary.hands],
            )
            _mark_checked(self.db, _check_unmarked(self.db, match_id)[0])
        self._vetted_at = None  # our own writes leave data_version alone: check again on the next read
        return match_id

    def unknown_branches(self) -> list[tuple[int, str]]:
        """``(match id, record path)`` of each match stored before version 4 whose record
        has not been read yet to learn whether it was continued from another (Play from here)."""
        with self._guard():
            rows = self.db.execute("SELECT u.match_id, m.record_path FROM branches_unknown u"
                                   " LEFT JOIN matches m ON m.id = u.match_id ORDER BY u.match_id").fetchall()
        return [(match_id, path if isinstance(path, str) else "") for match_id, path in rows]

    def settle_branches(self, first_hands: dict[int, int | None]) -> None:
        """Record what the records said: each match's first hand of the player's (``None``:
        not a branch, or its record did not say), in one transaction; the matches settled
        leave ``branches_unknown`` and a branch's tally is checked and counted again.
        Raises :class:`StorageUnavailableError` (and stores nothing) when the history is busy."""
        if not first_hands:
            return
        with self._guard(), self.db:
            self.db.executemany("UPDATE matches SET first_hand = ? WHERE id = ? AND first_hand IS NULL",
                                [(first, match_id) for match_id, first in first_hands.items() if first is not None])
            self.db.executemany("DELETE FROM branches_unknown WHERE match_id = ?", [(i,) for i in first_hands])
            for match_id, first in first_hands.items():
                if first is not None:
                    _mark_checked(self.db, _check_unmarked(self.db, match_id)[0])
        self._vetted_at = None

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
        """Every readable match, newest first, as a list that reads and checks each row only
        when it is looked at (the Replays screen shows a dozen of 10,000 at a time)."""
        ids = self.query("SELECT id FROM good_matches ORDER BY played_at DESC, id DESC")
        return MatchList(self.path, [match_id for (match_id,) in ids])

    def query(self, sql: str, parameters: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of a read-only ``sql`` over the view ``good_matches``: the match rows that
        passed the check, each with the player's tally of its readable hands, safe to aggregate.

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
        """Copy the unmarked matches that pass the check now, tallied over their readable hands,
        into the temporary table behind ``good_matches``.

        The marks are only as good as the triggers that clear them, so the tables and
        triggers are looked for again first (another program may have dropped them
        since the file was opened): without them nothing is read.
        """
        _check_tables(self.db)
        version = self.db.execute("PRAGMA data_version").fetchone()[0]
        if version == self._vetted_at:
            return  # no other connection has written since: the last check still holds
        passed, problems = _check_unmarked(self.db)
        for problem in problems:
            self._problems[problem] = None
        self.db.execute("CREATE TEMP TABLE IF NOT EXISTS vetted AS SELECT * FROM main.matches WHERE 0")
        columns = ("id",) + MATCH_DATA + BRANCH_DATA
        with self.db:
            self.db.execute("DELETE FROM temp.vetted")
            self.db.executemany(f"INSERT INTO temp.vetted ({', '.join(columns + TALLY)}, checked)"
                                f" SELECT {', '.join(columns)}, {', '.join('?' * len(TALLY))}, 0 FROM main.matches WHERE id = ?",
                                [(*tally_cells(c.tally), c.match_id) for c in passed])
        self._define_good_matches(bool(passed))
        self._vetted_at = version

    def _define_good_matches(self, with_vetted: bool) -> None:
        """The view over the marked rows alone (each query then reads one index), or with the
        vetted copies added (a union SQLite cannot read from one index: slower, and rare)."""
        if self._good_view == with_vetted:
            return
        self.db.execute("DROP VIEW IF EXISTS temp.good_matches")
        self.db.execute("CREATE TEMP VIEW good_matches AS SELECT * FROM main.matches WHERE checked = 1"
                        + (" UNION ALL SELECT * FROM temp.vetted" if with_vetted else ""))
        self._good_view = with_vetted

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


@dataclass(frozen=True, slots=True)
class PlayerTally:
    """The player's side of one match's hands, as the Stats screen sums them.

    A second winner of a double ron wins too (its value is its own delta); its han, fu
    and yaku are kept from version 3 on, so from then on its win can be the best.
    ``riichi`` is ``None`` when the hands do not say (before version 2).
    """

    hands: int = 0
    wins: int = 0
    win_points: int = 0
    deal_ins: int = 0
    riichi: int | None = 0
    best: tuple[int, int, int] | None = None  # (points, han, hand number); the earlier keeps a tie


def player_tally(seat: int, hands: Sequence[HandSummary], first_hand: int | None = None) -> PlayerTally:
    """What ``seat`` made of ``hands``: those numbered ``first_hand`` and later when it is given
    (Play from here: the earlier hands were the AI's, so they are not the player's figures)."""
    wins = win_points = deal_ins = riichi = 0
    best: tuple[int, int, int] | None = None
    known = True
    hands = [hand for hand in hands if first_hand is None or hand.number >= first_hand]
    for hand in hands:
        win = hand.win_of(seat)
        value = win.points if win is not None else hand.deltas[seat] if seat in (hand.winners or ()) else None
        if value is not None:  # a later winner stored before version 3: its delta is its gain
            wins, win_points = wins + 1, win_points + value
        if win is not None and (best is None or (win.points, win.han) > best[:2]):
            best = (win.points, win.han, hand.number)
        deal_ins += bool(hand.wins) and hand.from_seat == seat
        known = known and hand.riichi is not None
        riichi += seat in (hand.riichi or ())
    return PlayerTally(len(hands), wins, win_points, deal_ins, riichi if known else None, best)


def tally_cells(tally: PlayerTally) -> tuple[int | None, ...]:
    """The tally as the :data:`TALLY` columns hold it."""
    best = tally.best or (None, None, None)
    return (tally.hands, tally.wins, tally.win_points, tally.deal_ins, tally.riichi, best[2], best[0], best[1])


@dataclass(frozen=True, slots=True)
class Checked:
    """One unmarked match whose row passed the check: its tally over the hand rows that
    passed, and whether every hand passed (only then may it be marked)."""

    match_id: int
    tally: PlayerTally
    whole: bool


def _check_unmarked(db: sqlite3.Connection, match_id: int | None = None) -> tuple[list[Checked], list[str]]:
    """Check every match not marked checked (or only ``match_id``) and its hands, row by row:
    the matches whose row passed, and a line for each row that failed."""
    where = " WHERE (checked < 1 OR checked > 1)" + ("" if match_id is None else " AND id = ?")
    passed: list[Checked] = []
    problems: list[str] = []
    hand_select = _hand_select(db)
    for row in db.execute(_match_select(db) + where, () if match_id is None else (match_id,)).fetchall():
        try:
            match = _match_row(row[:-1])
            first_hand = _first_hand(row[-1], f"match {shown(row[0])} first_hand")
        except RecordError as exc:
            problems.append(str(exc))
            continue
        hands, before = [], len(problems)
        for hand_row in db.execute(hand_select + " WHERE match_id = ? ORDER BY number", (match.id,)).fetchall():
            try:
                hands.append(_hand_row(hand_row))
            except RecordError as exc:
                problems.append(str(exc))
        passed.append(Checked(match.id, player_tally(match.player_seat, hands, first_hand), len(problems) == before))
    return passed, problems


def _match_select(db: sqlite3.Connection) -> str:
    """The columns of :data:`MATCH_SELECT`, then ``first_hand`` (read as NULL before version 4
    added it: a migration checks the rows before the later steps have run)."""
    have = _columns(db, "matches")
    later = ", ".join(c if c in have else f"NULL AS {c}" for c in BRANCH_DATA)
    return f"SELECT id, {', '.join(MATCH_DATA)}, {later} FROM matches"


def _first_hand(value: Any, where: str) -> int | None:
    """A branch's first hand of the player's: from 1 (past the last hand when the player
    played none from its deal); ``None`` when the whole match is the player's."""
    return None if value is None else whole(value, where, 1, MAX_HAND_NUMBER)


def _hand_select(db: sqlite3.Connection) -> str:
    """:data:`HAND_SELECT` for the hands table as it stands, a column a later version adds
    read as NULL (not known): a migration checks the rows before the later steps have run."""
    have = _columns(db, "hands")
    return "SELECT " + ", ".join(c if c in have else f"NULL AS {c}" for c in HAND_DATA) + ", match_id FROM hands"


def _mark_checked(db: sqlite3.Connection, checked: list[Checked]) -> None:
    """Store the tally and the mark of each match that passed whole."""
    db.executemany(f"UPDATE matches SET {', '.join(f'{name} = ?' for name in TALLY)}, checked = 1 WHERE id = ?",
                   [(*tally_cells(c.tally), c.match_id) for c in checked if c.whole])


class MatchList(Sequence[MatchRow]):
    """The readable matches in order, read from the file a page at a time as they are looked at.

    Only the ids are fetched up front (about 4 ms at 10,000 matches, against 40 ms for
    every row's cells); a page of :data:`PAGE` rows is read and checked when one of
    them is first wanted, through a short read-only connection of its own, so the
    list outlives the :class:`History` it came from. A row that is gone or no longer
    reads (the file changed meanwhile) stands in as a "damaged entry" whose record
    cannot be opened, and while another program holds the file locked a row reads as
    "history in use" until it can be read: never an error, never a wait.
    """

    PAGE = 32  # a little more than a screenful

    def __init__(self, path: Path, ids: list[int]) -> None:
        self.path = path
        self._ids = ids
        self._read: dict[int, MatchRow] = {}

    def __len__(self) -> int:
        return len(self._ids)

    def __getitem__(self, index: int) -> MatchRow:  # type: ignore[override]
        if not isinstance(index, int):
            raise TypeError("a MatchList is read one row at a time")
        index = range(len(self._ids))[index]  # negative indices as lists take them; IndexError past the end
        if index not in self._read:
            self._load(index - index % self.PAGE)
        return self._read.get(index) or _stand_in(self._ids[index], "history in use")

    def _load(self, start: int) -> None:
        ids = self._ids[start:start + self.PAGE]
        rows = _rows_by_id(self.path, ids)
        for offset, match_id in enumerate(ids):
            if rows is None:
                continue  # the file is busy or gone for now: a stand-in this time, read again next time
            try:
                self._read[start + offset] = _match_row(rows[match_id])
            except (KeyError, RecordError):
                self._read[start + offset] = _stand_in(match_id, "damaged entry")

    def __eq__(self, other: object) -> bool:
        """Equal to any sequence of the same rows (``rows == []`` reads as it does for a list)."""
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]


def _stand_in(match_id: int, what: str) -> MatchRow:
    """A row the list can show in place of one it cannot read (no record: it cannot be opened)."""
    return MatchRow(match_id, what, "", "", (), 0, "", (), None, 0, "", False)


def _rows_by_id(path: Path, ids: list[int]) -> dict[Any, tuple[Any, ...]] | None:
    """The raw match rows of ``ids``, or ``None`` when the file cannot be read now (locked by
    another program, gone, damaged); it never waits for a lock, as a frame is being drawn."""
    try:
        db = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True, timeout=0)
    except sqlite3.Error:
        return None
    try:
        db.text_factory = _tolerant_text
        rows = db.execute(MATCH_SELECT + f" WHERE id IN ({', '.join('?' * len(ids))})", ids).fetchall()
        return {row[0]: row for row in rows}
    except sqlite3.Error:
        return None
    finally:
        db.close()


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


def hand_cells(h: HandSummary) -> tuple[Any, ...]:
    """A hand's :data:`HAND_DATA` cells: the row keeps its first win in the columns of
    version 1 (``winner`` ... ``points``; NULL, 0 and "" on a draw) and the later ones in
    ``later_wins``."""
    first = h.wins[0] if h.wins else WinScore(None, 0, 0, 0, "", ())  # type: ignore[arg-type]
    return (h.number, h.label, h.dealer, first.seat, h.from_seat, int(h.tsumo), first.han, first.fu, first.limit,
            json.dumps([list(y) for y in first.yaku]), first.points, json.dumps(list(h.deltas)),
            seat_mask(h.riichi), seat_mask(h.winners), _later_cell(h.wins[1:]))


def _hand_row(row: tuple[Any, ...]) -> HandRow:
    """A hand row checked field by field; ``RecordError`` names the first bad field."""
    (number, label, dealer, winner, from_seat, tsumo, han, fu, limit, yaku, points, deltas, riichi, winners, later,
     match_id) = row
    where = f"match {shown(match_id)} hand {shown(number)}"
    first = _seat(winner, f"{where} winner")
    score = (whole(han, f"{where} han"), whole(fu, f"{where} fu"), text(limit, f"{where} limit", 64),
             tuple(_yaku(item, f"{where} yaku") for item in listed(_cell(yaku, f"{where} yaku"), f"{where} yaku")),
             whole(points, f"{where} points"))
    later_wins = None if later is None else _later_wins(later, f"{where} later_wins")
    winners = _seats(winners, f"{where} winner_seats")
    _check_later_wins(first, later_wins, winners, where)
    wins = () if first is None else (WinScore(first, score[4], score[0], score[1], score[2], score[3]),)
    return HandRow(
        whole(number, f"{where} number", 1), text(label, f"{where} label", 32), whole(dealer, f"{where} dealer", 0, 3),
        wins + (later_wins or ()), _seat(from_seat, f"{where} from_seat"), bool(whole(tsumo, f"{where} tsumo", 0, 1)),
        tuple(whole(d, f"{where} deltas") for d in listed(_cell(deltas, f"{where} deltas"), f"{where} deltas", 4)),
        whole(match_id, f"{where} match_id"),
        riichi=_seats(riichi, f"{where} riichi_seats"), winners=winners,
    )


def _later_cell(wins: tuple[WinScore, ...]) -> str:
    """The ``later_wins`` cell: ``[[seat, points, han, fu, limit, [[yaku, han], ...]], ...]``."""
    return json.dumps([[w.seat, w.points, w.han, w.fu, w.limit, [list(y) for y in w.yaku]] for w in wins])


def _later_wins(cell: Any, where: str) -> tuple[WinScore, ...]:
    """The later wins of a stored hand: three at most (a table has four seats)."""
    items = listed(_cell(cell, where), where)
    if len(items) > 3:
        raise RecordError(f"{where} must hold at most 3 wins, not {len(items)}")
    found = []
    for item in items:
        seat, points, han, fu, limit, yaku = listed(item, where, 6)
        found.append(WinScore(whole(seat, where, 0, 3), whole(points, where), whole(han, where), whole(fu, where),
                              text(limit, where, 64), tuple(_yaku(y, where) for y in listed(yaku, where))))
    return tuple(found)


def _check_later_wins(winner: int | None, later_wins: tuple[WinScore, ...] | None, winners: tuple[int, ...] | None,
                      where: str) -> None:
    """Later wins only beside a first winner, each by another seat, and, where the hand
    keeps its winners (version 2 on), exactly the winners after the first."""
    if later_wins is None:
        return
    seats = [w.seat for w in later_wins]
    if later_wins and winner is None:
        raise RecordError(f"{where} later_wins has wins in a hand nobody won")
    if len(set(seats)) != len(seats) or winner in seats:
        raise RecordError(f"{where} later_wins names a seat twice or the first winner: {seats}")
    if winners is not None and set(seats) != set(winners) - {winner}:
        raise RecordError(f"{where} later_wins seats {seats} are not the later winners {list(winners)}")


def _seats(mask: Any, where: str) -> tuple[int, ...] | None:
    return seats_of(None if mask is None else whole(mask, where, 0, 15))


def _yaku(item: Any, where: str) -> tuple[str, int]:
    name, han = listed(item, where, 2)
    return text(name, where, 64), whole(han, where)
