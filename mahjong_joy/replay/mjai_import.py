"""Import an mjai log: another program's game, refereed step by step by our engine.

An mjai log (one JSON event a line, see :mod:`mahjong_joy.replay.mjai`) records
what happened, not the wall. So each hand's deck is rebuilt from the log (DESIGN
2.3.6): the dealt hands go to the deal positions, every live draw in order to the
live wall, draws after a kan to the rinshan slots, the ``dora_marker``\\ s and
``ura_markers`` to the indicator slots, and the tiles nobody saw fill the rest in
id order (so the rebuild is deterministic). A :class:`~mahjong_joy.engine.match.Match`
then plays those decks from the first hand's table, and every event is checked:

- ``dahai`` (``reach`` + ``dahai`` is a riichi), ``chi``/``pon``/``daiminkan`` with
  their ``consumed`` tiles, ``ankan``, ``kakan``, ``hora`` (tsumo, or one ron per
  winner) and ``ryukyoku`` on a player's turn (nine terminals) become engine
  actions, which must be legal; the seats that did not call pass, as mjai logs no
  passes;
- ``tsumo``, ``dora`` and ``reach_accepted`` are *expected* events: the engine
  must draw that tile, reveal that indicator, accept that riichi. A kan dora or an
  accepted riichi may come one action early or late in the log (riichienv writes
  the kan dora before the discard that turns it, our export after), a draw may not;
- the hand must end as the log says, each ``hora`` and ``ryukyoku`` ``deltas``
  must be ours, and each ``start_kyoku`` must be the table our match reached.

The first difference raises :class:`ImportMismatch` naming the hand (``S2-1``:
round, hand number, honba), the log line, what the log says and what the engine
says; with ``keep_going`` every failing hand is reported and the next hand starts
again from its own ``start_kyoku``. Parsing is strict and bounded: a file that is
too large, a line that is not a JSON object, an unknown ``type``, a seat or tile
out of range is a :class:`LogFormatError` naming the line.

The result is a schema-2 record with ``deals`` and ``start``, so the viewer,
``--text``, the summaries and the exports work on an imported game unchanged,
and a saved import replays on its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mahjong_joy.engine import events as ev
from mahjong_joy.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    Kan,
    NineTerminals,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from mahjong_joy.engine.match import Match
from mahjong_joy.engine.outcome import HandOutcome
from mahjong_joy.engine.state import HandState, Phase
from mahjong_joy.untrusted import parse_json
from mahjong_joy.errors import MahjongJoyError, RecordError
from mahjong_joy.mjai_tiles import TILE_CODES, mjai_tile
from mahjong_joy.names import WIND_LETTERS
from mahjong_joy.replay.mjai import MJAI_TYPES
from mahjong_joy.replay.record import FORMAT, SCHEMA, table_dict
from mahjong_joy.rulesets.base import TableState
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.rulesets.rules import Rules
from mahjong_joy.tiles import RED_FIVE_IDS, kind_of_code

MAX_BYTES = 16 * 1024 * 1024
"""A hanchan is about 200 KB of mjai; anything this large is not one game."""
MAX_LINES = 100_000
MAX_LINE_CHARS = 64 * 1024

WINDS = WIND_LETTERS  # mjai writes winds as our records do
ABORTS = {
    "kyushukyuhai": "nine_terminals", "sufonrenda": "four_winds", "sufuurenta": "four_winds",
    "suufonrenda": "four_winds", "suukaikan": "four_kans", "sukaikan": "four_kans", "suukansanra": "four_kans", "suukansansen": "four_kans",
    "suuchariichi": "four_riichi", "suuchareach": "four_riichi", "sanchaho": "triple_ron", "sanchahou": "triple_ron",
}
"""Abortive-draw reasons as tools spell them (lower case, ``_`` dropped) -> our reason."""
EXHAUSTIVE = frozenset({"", "fanpai", "exhaustivedraw", "ryukyoku", "howanpai", "nagashimangan"})
_EXPECTED = {"tsumo": ev.Drew, "dora": ev.DoraRevealed, "reach_accepted": ev.RiichiAccepted}
_CALLS = {"chi": (Chi, 2), "pon": (Pon, 2), "daiminkan": (Kan, 3)}


class LogFormatError(RecordError):
    """A log that cannot be read as a game: not JSON lines, an unknown event, a bad seat or tile."""


class ImportMismatch(RecordError):
    """The log and our engine disagree: ``hand`` (``E2-1``), the log ``line``, what each says."""

    def __init__(self, hand: str, line: int, log: str, engine: str, unit: str = "line") -> None:
        self.hand, self.line, self.log, self.engine = hand, line, log, engine
        super().__init__(f"{hand} {unit} {line}: the log says {log}; the engine says {engine}")


@dataclass(frozen=True)
class LogEvent:
    """One event of a log: its line number (from 1), its type and its fields."""

    line: int
    type: str
    data: dict[str, Any]

    def tile(self, key: str = "pai") -> int:
        return TILE_CODES[self.data[key]]

    def tiles(self, key: str) -> list[int]:
        return [TILE_CODES[t] for t in self.data.get(key) or []]


@dataclass
class ImportResult:
    """An imported game: the record (replays on its own), the matches played, and any errors."""

    record: dict[str, Any]
    matches: list[Match]
    errors: list[ImportMismatch] = field(default_factory=list)
    hands: int = 0


# ---------------------------------------------------------------------------------- parsing


def parse_mjai(text: str, name: str = "log") -> list[LogEvent]:
    """Every event of an mjai log, strictly checked; ``LogFormatError`` names the first bad line."""
    if len(text) > MAX_BYTES:
        raise LogFormatError(f"{name} is {len(text)} bytes, too large to be one game (at most {MAX_BYTES})")
    out: list[LogEvent] = []
    for number, raw in enumerate(text.split("\n"), start=1):
        if number > MAX_LINES:
            raise LogFormatError(f"{name} has more than {MAX_LINES} lines, too many for one game")
        if not raw.strip():
            continue
        if len(raw) > MAX_LINE_CHARS:
            raise LogFormatError(f"{name} line {number}: longer than {MAX_LINE_CHARS} characters")
        data = parse_json(raw, f"{name} line {number}", LogFormatError)  # bounded depth and numbers
        out.append(check_event(data, number, name))
    if not out:
        raise LogFormatError(f"{name} has no events")
    return out


def check_event(data: Any, line: int, name: str = "log") -> LogEvent:
    """One event with every field the import reads checked for its type and range."""
    where = f"{name} line {line}"
    if not isinstance(data, dict):
        raise LogFormatError(f"{where}: an event must be a JSON object, got {type(data).__name__}")
    kind = data.get("type")
    if not isinstance(kind, str):  # a list or an object cannot even be looked up in the table
        raise LogFormatError(f"{where}: the event type must be a string, got {type(kind).__name__} {str(kind)[:40]!r}")
    if kind not in MJAI_TYPES:
        raise LogFormatError(f"{where}: unknown event type {kind[:40]!r}")
    check = _Checker(data, where)
    if kind == "start_kyoku":
        check.choice("bakaze", WINDS)
        check.integer("kyoku", 1, 4)
        check.integer("honba", 0, 999)
        check.integer("kyotaku", 0, 999)
        check.seat("oya")
        check.tile("dora_marker")
        check.ints("scores", 4, optional=True)
        tehais = data.get("tehais")
        if not isinstance(tehais, list) or len(tehais) != 4:
            raise LogFormatError(f"{where}: tehais must list four hands")
        for seat, hand in enumerate(tehais):
            check.tile_list(hand, f"tehais[{seat}]", 13, 13)
    elif kind in ("tsumo", "dahai"):
        check.seat("actor")
        check.tile("pai")
        if kind == "dahai" and "tsumogiri" in data and type(data["tsumogiri"]) is not bool:
            raise LogFormatError(f"{where}: tsumogiri must be true or false")
    elif kind in _CALLS:
        check.seat("actor")
        check.seat("target")
        check.tile("pai")
        size = _CALLS[kind][1]
        check.tile_list(data.get("consumed"), "consumed", size, size)
        if data["actor"] == data["target"]:
            raise LogFormatError(f"{where}: a seat cannot call its own discard")
    elif kind == "ankan":
        check.seat("actor")
        check.tile_list(data.get("consumed"), "consumed", 4, 4)
    elif kind == "kakan":
        check.seat("actor")
        check.tile("pai")
    elif kind == "dora":
        check.tile("dora_marker")
    elif kind in ("reach", "reach_accepted"):
        check.seat("actor")
        check.ints("deltas", 4, optional=True)
        check.ints("scores", 4, optional=True)
    elif kind == "hora":
        check.seat("actor")
        check.seat("target")
        check.ints("deltas", 4, optional=True)
        check.ints("scores", 4, optional=True)
        for key in ("ura_markers", "uradora_markers"):
            if data.get(key) is not None:
                check.tile_list(data[key], key, 0, 5)
    elif kind == "ryukyoku":
        check.ints("deltas", 4, optional=True)
        check.ints("scores", 4, optional=True)
        if "reason" in data and not isinstance(data["reason"], str):
            raise LogFormatError(f"{where}: reason must be a string")
    elif kind == "end_game":
        check.ints("scores", 4, optional=True)
    return LogEvent(line, kind, data)


class _Checker:
    """Field checks for one event, each failure naming the line and the field."""

    def __init__(self, data: dict[str, Any], where: str) -> None:
        self.data, self.where = data, where

    def fail(self, text: str) -> LogFormatError:
        return LogFormatError(f"{self.where}: {text}")

    def integer(self, key: str, low: int, high: int) -> None:
        value = self.data.get(key)
        if type(value) is not int or not low <= value <= high:
            raise self.fail(f"{key} must be an integer {low}..{high}, got {value!r}")

    def seat(self, key: str) -> None:
        value = self.data.get(key)
        if type(value) is not int or not 0 <= value < 4:
            raise self.fail(f"{key} must be a seat 0..3, got {value!r}")

    def choice(self, key: str, allowed: Sequence[str]) -> None:
        if self.data.get(key) not in allowed:
            raise self.fail(f"{key} must be one of {' '.join(allowed)}, got {self.data.get(key)!r}")

    def tile(self, key: str) -> None:
        value = self.data.get(key)
        if not isinstance(value, str) or value not in TILE_CODES:
            raise self.fail(f"{key} {value!r} is not an mjai tile (1m..9s, 5mr/5pr/5sr, E S W N P F C)")

    def tile_list(self, value: Any, key: str, low: int, high: int) -> None:
        if not isinstance(value, list) or not low <= len(value) <= high:
            raise self.fail(f"{key} must list {low if low == high else f'{low}..{high}'} tiles")
        for tile in value:
            if not isinstance(tile, str) or tile not in TILE_CODES:
                raise self.fail(f"{key} holds {tile!r}, not an mjai tile")

    def ints(self, key: str, size: int, optional: bool) -> None:
        value = self.data.get(key)
        if value is None and optional:
            return
        if not isinstance(value, list) or len(value) != size or not all(type(v) is int for v in value):
            raise self.fail(f"{key} must list {size} integers")


# ---------------------------------------------------------------------------------- hands


@dataclass
class Kyoku:
    """One hand of the log: its ``start_kyoku`` and the events up to its ``end_kyoku``."""

    start: LogEvent
    events: list[LogEvent]

    @property
    def label(self) -> str:
        """``E1-0``: round wind, hand number, honba."""
        s = self.start.data
        return f"{s['bakaze']}{s['kyoku']}-{s['honba']}"

    def table(self, default_points: int) -> TableState:
        s = self.start.data
        points = tuple(s.get("scores") or (default_points,) * 4)
        return TableState(s["bakaze"], s["kyoku"], s["honba"], s["oya"], points, s["kyotaku"])


def split_kyokus(events: Sequence[LogEvent], name: str = "log") -> tuple[list[Kyoku], LogEvent | None]:
    """The hands of a log, and its ``end_game`` when it has one."""
    kyokus: list[Kyoku] = []
    end: LogEvent | None = None
    for event in events:
        if end is not None:
            raise LogFormatError(f"{name} line {event.line}: {event.type} after end_game")
        if event.type == "start_game":
            if kyokus:
                raise LogFormatError(f"{name} line {event.line}: a second start_game (one game a log)")
        elif event.type == "start_kyoku":
            kyokus.append(Kyoku(event, []))
        elif event.type == "end_game":
            end = event
        elif not kyokus:
            raise LogFormatError(f"{name} line {event.line}: {event.type} before the first start_kyoku")
        else:
            kyokus[-1].events.append(event)
    if not kyokus:
        raise LogFormatError(f"{name} has no start_kyoku")
    return kyokus, end


def build_deck(kyoku: Kyoku, red_fives: int, name: str = "log") -> list[int]:
    """The hand's 136 ids in :class:`~mahjong_joy.engine.wall.Wall` order, rebuilt from the log.

    A red five's code takes the red id (16, 52, 88), a plain five the other copies;
    each code takes its lowest free id, and unseen positions get the ids left over
    in order, so the same log always gives the same deck.
    """
    pools = _id_pools(red_fives)
    deck: list[int | None] = [None] * 136

    def put(position: int, code: int, event: LogEvent) -> None:
        pool = pools[code]
        if not pool:
            raise ImportMismatch(kyoku.label, event.line, f"another {mjai_tile(code)}",
                                 f"every copy of {mjai_tile(code)} is already in play")
        deck[position] = pool.pop(0)

    start = kyoku.start
    for seat, hand in enumerate(start.data["tehais"]):
        offset = (seat - start.data["oya"]) % 4
        for j, tile in enumerate(hand):
            put(offset + 4 * j, TILE_CODES[tile], start)
    put(126, start.tile("dora_marker"), start)
    live, kans, doras, after_kan, ura_set = 52, 0, 1, False, False
    for event in kyoku.events:
        if event.type == "tsumo":
            if after_kan:
                put(122 + kans - 1, event.tile(), event)  # the kan's rinshan tile (Wall.draw_replacement)
            elif live >= 122 - kans:
                raise ImportMismatch(kyoku.label, event.line, "another draw", "the live wall is empty")
            else:
                put(live, event.tile(), event)
                live += 1
            after_kan = False
        elif event.type in ("ankan", "kakan", "daiminkan"):
            if kans == 4:
                raise ImportMismatch(kyoku.label, event.line, "a fifth kan", "a hand has at most four")
            kans += 1
            after_kan = True
        elif event.type == "dora":
            if doras == 5:
                raise ImportMismatch(kyoku.label, event.line, "a sixth dora indicator", "there are five")
            put(126 + doras, event.tile("dora_marker"), event)
            doras += 1
        else:
            if event.type == "hora" and not ura_set:
                ura = event.tiles("ura_markers") or event.tiles("uradora_markers")
                for i, code in enumerate(ura):
                    put(131 + i, code, event)
                ura_set = bool(ura)
            after_kan = False
    rest = sorted(t for pool in pools.values() for t in pool)
    return [t if t is not None else rest.pop(0) for t in deck]  # type: ignore[misc]


def _id_pools(red_fives: int) -> dict[int, list[int]]:
    """Free ids per code: a red code owns its red id; a plain code every other copy."""
    pools: dict[int, list[int]] = {code: [] for code in range(37)}
    for tile_id in range(136):
        if red_fives and tile_id in RED_FIVE_IDS:
            pools[34 + RED_FIVE_IDS.index(tile_id)].append(tile_id)
        else:
            pools[tile_id // 4].append(tile_id)
    return pools


# ---------------------------------------------------------------------------------- replay


def import_mjai(
    text: str,
    rules: Rules | str = "tenhou",
    name: str = "log",
    keep_going: bool = False,
    unit: str = "line",
) -> ImportResult:
    """Referee a whole mjai log; raise the first :class:`ImportMismatch`, or with
    ``keep_going`` collect one per failing hand in ``errors``."""
    return import_events(parse_mjai(text, name), rules, name, keep_going, unit)


def import_events(
    events: Sequence[LogEvent],
    rules: Rules | str = "tenhou",
    name: str = "log",
    keep_going: bool = False,
    unit: str = "line",
) -> ImportResult:
    """As :func:`import_mjai`, from parsed events (the tenhou.net/6 import builds them too)."""
    ruleset = ruleset_for(rules)
    kyokus, end = split_kyokus(events, name)
    game = _Game(ruleset, name, unit)
    first = events[0].data if events and events[0].type == "start_game" else {}
    seed = first.get("seed")
    if (type(seed) is int or isinstance(seed, str)) and len(str(seed)) <= 200:
        game.seed = seed  # our own export names the match's seed
    names = first.get("names")
    if isinstance(names, list) and len(names) == 4 and all(isinstance(n, str) and 0 < len(n) <= 64 for n in names):
        game.names = list(names)
    errors: list[ImportMismatch] = []
    for index, kyoku in enumerate(kyokus):
        try:
            game.play(kyoku, kyokus[index + 1] if index + 1 < len(kyokus) else None)
        except ImportMismatch as exc:
            if not keep_going:
                raise
            errors.append(exc)
            game.broken = True
    if not game.broken:
        try:
            game.finish(end)
        except ImportMismatch as exc:
            if not keep_going:
                raise
            errors.append(exc)
    return ImportResult(game.record(), game.matches, errors, len(kyokus))


def _observable(event: ev.Event) -> bool:
    return isinstance(event, (ev.Drew, ev.DoraRevealed, ev.RiichiAccepted))


class _Game:
    """One log's matches (one, unless ``keep_going`` restarted after a failing hand)."""

    def __init__(self, ruleset: Any, name: str, unit: str) -> None:
        self.ruleset = ruleset
        self.rules: Rules = ruleset.rules
        self.name = name
        self.unit = unit
        self.matches: list[Match] = []
        self.entries: list[dict[str, Any]] = []
        self.broken = True  # the next hand starts a new match from its own start_kyoku
        self.last: Kyoku | None = None
        self.seed: int | str = "mjai"
        self.names = ["mjai"] * 4  # the record's seat kinds: the log's player names when it has them

    @property
    def match(self) -> Match:
        return self.matches[-1]

    def play(self, kyoku: Kyoku, following: Kyoku | None) -> None:
        """Deal ``kyoku`` from its rebuilt deck and referee every event of it."""
        deck = build_deck(kyoku, self.rules.tiles.red_fives, self.name)
        if self.broken:
            self._new_match(kyoku, deck)
        else:
            self._check_table(kyoku)
            self.entries[-1]["deals"].append(deck)
            self.match.next_hand()
        self.broken = False
        self.last = kyoku
        _Hand(self, kyoku).run()

    def _new_match(self, kyoku: Kyoku, deck: list[int]) -> None:
        start = kyoku.table(self.rules.table.starting_points)
        entry: dict[str, Any] = {
            "seed": self.seed, "max_hands": None, "decisions": [], "deals": [deck], "start": table_dict(start),
        }
        self.entries.append(entry)
        self.matches.append(Match(self.seed, self.ruleset, None, entry["deals"], start))

    def _check_table(self, kyoku: Kyoku) -> None:
        """The log's next hand must start where our match went after the last one."""
        line = kyoku.start.line
        if self.match.is_over:
            raise self._mismatch(kyoku, line, f"another hand ({kyoku.label})", "the game is over after the last hand")
        table = self.match.table
        ours = f"{table.round_wind}{table.hand_number}-{table.honba}"
        if ours != kyoku.label or table.dealer != kyoku.start.data["oya"]:
            raise self._mismatch(kyoku, line, f"the next hand is {kyoku.label} dealt by seat {kyoku.start.data['oya']}",
                                 f"{ours} dealt by seat {table.dealer}")
        if table.sticks != kyoku.start.data["kyotaku"]:
            raise self._mismatch(kyoku, line, f"kyotaku {kyoku.start.data['kyotaku']}", f"{table.sticks} stick(s) on the table")
        scores = kyoku.start.data.get("scores")
        if scores is not None and list(scores) != list(table.points):
            raise self._mismatch(kyoku, line, f"scores {scores}", f"scores {list(table.points)}")

    def finish(self, end: LogEvent | None) -> None:
        """``end_game``: our match must be over too, with the same final scores."""
        if end is None or self.last is None:
            return
        if not self.match.is_over:
            t = self.match.table
            raise self._mismatch(self.last, end.line, "the game ends", f"it goes on to {t.round_wind}{t.hand_number}-{t.honba}")
        scores = end.data.get("scores")
        ours = [0] * 4
        for standing in self.match.standings():
            ours[standing.seat] = standing.points
        if scores is not None and list(scores) != ours:
            raise self._mismatch(self.last, end.line, f"final scores {scores}", f"final scores {ours}")

    def _mismatch(self, kyoku: Kyoku, line: int, log: str, engine: str) -> ImportMismatch:
        return ImportMismatch(kyoku.label, line, log, engine, self.unit)

    def record(self) -> dict[str, Any]:
        """The imported game as a schema-2 record (decisions, deals, start per match)."""
        return {
            "schema": SCHEMA, "format": FORMAT, "rules": self.rules.to_dict(), "seed": self.seed,
            "seats": list(self.names), "source": self.name, "matches": self.entries,
        }


class _Hand:
    """Referees one hand: applies the log's actions, matches the expected events."""

    def __init__(self, game: _Game, kyoku: Kyoku) -> None:
        self.game = game
        self.kyoku = kyoku
        self.match = game.match
        self.decisions: list[dict[str, Any]] = game.entries[-1]["decisions"]
        self.applied = 0
        self.emitted: list[tuple[int, ev.Event]] = []  # engine events the log has not shown yet
        self.expected: list[tuple[int, LogEvent]] = []  # log events the engine has not made yet
        self.reach: LogEvent | None = None
        self.horas: list[LogEvent] = []
        self.draw: LogEvent | None = None
        self.line = kyoku.start.line
        start_points = game.match.hand.points
        scores = kyoku.start.data.get("scores")
        if scores is not None and list(scores) != list(start_points):
            raise self.mismatch(f"scores {scores}", f"scores {list(start_points)}")
        self._take([e for e in self.match.hand.events if _observable(e)])

    @property
    def hand(self) -> HandState:
        return self.match.hand

    def mismatch(self, log: str, engine: str, line: int | None = None) -> ImportMismatch:
        return ImportMismatch(self.kyoku.label, self.line if line is None else line, log, engine, self.game.unit)

    # -- driving ---------------------------------------------------------------------
    def run(self) -> None:
        for event in self.kyoku.events:
            self.line = event.line
            handler = getattr(self, f"_on_{event.type}")
            handler(event)
            self._match_expected()
        self._end()

    def _apply(self, action: Action, what: str) -> list[ev.Event]:
        if self.hand.is_finished:
            raise self.mismatch(what, f"the hand is already over ({_how_it_ended(self.match.results[-1])})")
        try:
            events = self.match.apply(action)
        except MahjongJoyError as exc:
            raise self.mismatch(what, str(exc)) from None
        self.decisions.append(action.to_dict())
        if not isinstance(action, Pass):
            self.applied += 1
        self._take([e for e in events if _observable(e)])
        return events

    def _take(self, events: Iterable[ev.Event]) -> None:
        self.emitted += [(self.applied, e) for e in events]

    def _pass_all(self) -> None:
        """Nobody the log shows calling: every seat with a chance on the last tile passes."""
        while not self.hand.is_finished and self.hand.phase in (Phase.AWAITING_CLAIMS, Phase.AWAITING_ROBBERY):
            for seat in self.hand.seats_to_act():
                self._apply(Pass(seat), f"no call by seat {seat}")

    def _act(self, action: Action, what: str) -> list[ev.Event]:
        """Apply the log's own action. An illegal one is reported as such (the clearest
        message); a legal one first needs every earlier expectation met."""
        if not self.hand.is_finished and not _is_legal(self.hand, action):
            return self._apply(action, what)  # raises, naming the engine's reason
        self._check_stale()
        return self._apply(action, what)

    def _check_stale(self) -> None:
        """Before an action: every draw shown and made; a dora or riichi acceptance may lag one action."""
        for gen, event in self.emitted:
            if isinstance(event, ev.Drew) or gen < self.applied:
                raise self.mismatch("nothing more before this", _engine_text(event))
        for gen, logged in self.expected:
            if logged.type == "tsumo" or gen < self.applied:
                raise self.mismatch(_log_text(logged), "nothing of the kind", logged.line)

    def _match_expected(self) -> None:
        """Pair each expected log event with the engine's first event of its kind; compare them."""
        for item in list(self.expected):
            gen, event = item
            kind = _EXPECTED[event.type]
            found = next((pair for pair in self.emitted if isinstance(pair[1], kind)), None)
            if found is None:
                continue
            self.expected.remove(item)
            self.emitted.remove(found)
            self._compare(event, found[1])

    def _compare(self, event: LogEvent, made: ev.Event) -> None:
        data = event.data
        if isinstance(made, ev.Drew):
            same = made.seat == data["actor"] and made.tile == event.tile()
        elif isinstance(made, ev.DoraRevealed):
            same = made.indicator == event.tile("dora_marker")
        else:
            same = isinstance(made, ev.RiichiAccepted) and made.seat == data["actor"]
            scores = data.get("scores")
            if same and scores is not None and list(scores) != list(self.hand.points):
                raise self.mismatch(f"scores {scores} after the riichi", f"scores {list(self.hand.points)}", event.line)
        if not same:
            raise self.mismatch(_log_text(event), _engine_text(made), event.line)

    # -- one handler per event type --------------------------------------------------
    def _on_tsumo(self, event: LogEvent) -> None:
        self._pass_all()
        self.expected.append((self.applied, event))

    def _on_dora(self, event: LogEvent) -> None:
        self.expected.append((self.applied, event))

    def _on_reach_accepted(self, event: LogEvent) -> None:
        self.expected.append((self.applied, event))

    def _on_reach(self, event: LogEvent) -> None:
        self._pass_all()
        self.reach = event

    def _on_dahai(self, event: LogEvent) -> None:
        self._pass_all()
        seat, code = event.data["actor"], event.tile()
        if self.reach is not None and self.reach.data["actor"] != seat:
            raise self.mismatch(f"seat {seat} discards after seat {self.reach.data['actor']}'s reach", "the reach seat discards next")
        riichi = self.reach is not None
        self.reach = None
        choice = False if event.data.get("tsumogiri") is False and self._holds_another(seat, code) else None
        action = Riichi(seat, code, choice) if riichi else Discard(seat, code, choice)
        what = f"{'riichi with ' if riichi else ''}dahai {event.data['pai']} by seat {seat}"
        events = self._act(action, what)
        discarded = next(e for e in events if isinstance(e, ev.Discarded))
        if event.data.get("tsumogiri") is True and not discarded.tsumogiri:
            raise self.mismatch(f"{event.data['pai']} is the tile just drawn (tsumogiri)", "it comes from the hand")

    def _holds_another(self, seat: int, code: int) -> bool:
        """Whether a tedashi of ``code`` names a held copy rather than the drawn tile.

        Only then does the log's flag choose a copy. Mahjong Soul (and riichienv's
        ``default_mjsoul()``) marks the dealer's first discard tedashi even when it
        is the 14th tile dealt (RULES.md A1: a log flag with no rule effect), so a
        tedashi with no other copy held is read as the drawn tile."""
        drawn = self.hand.drawn
        if drawn is None or self.hand.code(drawn) != code:
            return False
        return any(t != drawn and self.hand.code(t) == code for t in self.hand.seats[seat].concealed)

    def _on_call(self, event: LogEvent) -> None:
        cls, _ = _CALLS[event.type]
        seat, target = event.data["actor"], event.data["target"]
        what = f"{event.type} {event.data['pai']} with {' '.join(event.data['consumed'])} by seat {seat} from seat {target}"
        last = self.hand.last_discard
        if last is None or last[0] != target or self.hand.code(last[1]) != event.tile():
            shown = "no discard" if last is None else f"the last discard is {mjai_tile(self.hand.code(last[1]))} by seat {last[0]}"
            raise self.mismatch(what, shown)
        self._act(self._call_action(cls, seat, event), what)

    _on_chi = _on_pon = _on_daiminkan = _on_call

    def _call_action(self, cls: type, seat: int, event: LogEvent) -> Action:
        """The legal call taking exactly the log's ``consumed`` codes (any order)."""
        consumed = sorted(event.tiles("consumed"))
        for action in self.hand.legal_actions(seat):
            if type(action) is cls and action.consumed is not None and sorted(action.consumed) == consumed:  # type: ignore[attr-defined]
                return action
        kinds = sorted([kind_of_code(c) for c in consumed] + [kind_of_code(event.tile())])
        if cls is Chi:
            return Chi(seat, tuple(kinds), tuple(consumed))
        return cls(seat, tuple(consumed))  # illegal: apply says why

    def _on_ankan(self, event: LogEvent) -> None:
        self._pass_all()
        seat, kind = event.data["actor"], kind_of_code(event.tiles("consumed")[0])
        self._act(ClosedKan(seat, kind), f"ankan {' '.join(event.data['consumed'])} by seat {seat}")

    def _on_kakan(self, event: LogEvent) -> None:
        self._pass_all()
        seat = event.data["actor"]
        self._act(AddedKan(seat, kind_of_code(event.tile())), f"kakan {event.data['pai']} by seat {seat}")

    def _on_hora(self, event: LogEvent) -> None:
        seat, target = event.data["actor"], event.data["target"]
        self.horas.append(event)
        if seat == target:
            self._pass_all()
            self._act(Tsumo(seat), f"tsumo by seat {seat}")
        else:
            self._act(Ron(seat), f"ron by seat {seat} from seat {target}")

    def _on_ryukyoku(self, event: LogEvent) -> None:
        reason = _reason(event)
        self.draw = event
        if reason == "nine_terminals":
            self._act(NineTerminals(self.hand.current), "nine terminals (kyushukyuhai)")
            return
        if reason == "triple_ron":
            for seat in list(self.hand.seats_to_act()):
                if any(isinstance(a, Ron) for a in self.hand.legal_actions(seat)):
                    self._act(Ron(seat), f"ron by seat {seat} (sanchaho)")
        self._check_stale()
        self._pass_all()
        if not self.hand.is_finished:
            raise self.mismatch(f"the hand ends in a draw ({event.data.get('reason', 'exhaustive')})", "play goes on")

    def _on_end_kyoku(self, event: LogEvent) -> None:
        self._pass_all()

    def _on_start_game(self, event: LogEvent) -> None:  # pragma: no cover - split_kyokus keeps these out
        raise self.mismatch("start_game inside a hand", "a hand in play")

    _on_start_kyoku = _on_end_game = _on_start_game

    # -- the end of the hand ---------------------------------------------------------
    def _end(self) -> None:
        """After the hand's last event: all matched, ended as the log says, paid as the log says."""
        self._pass_all()
        self._match_expected()
        for _, event in self.emitted:
            raise self.mismatch("nothing more in this hand", _engine_text(event))
        for _, logged in self.expected:
            raise self.mismatch(_log_text(logged), "nothing of the kind", logged.line)
        if self.reach is not None:
            raise self.mismatch("a reach with no discard", "a reach needs its discard", self.reach.line)
        if not self.hand.is_finished:
            raise self.mismatch("the hand ends here", "play goes on (no hora or ryukyoku)")
        result = self.match.results[-1]
        if self.horas:
            self._check_wins(result)
        elif self.draw is not None:
            self._check_draw(result, self.draw)
        else:
            raise self.mismatch("the hand ends with no hora or ryukyoku", _how_it_ended(result))

    def _check_wins(self, result: HandOutcome) -> None:
        wins = {w.seat: w for w in result.wins}
        logged = [h.data["actor"] for h in self.horas]
        if sorted(logged) != sorted(wins):
            raise self.mismatch(f"hora by seat(s) {sorted(logged)}", _how_it_ended(result), self.horas[-1].line)
        for hora in self.horas:
            win = wins[hora.data["actor"]]
            pai = hora.data.get("pai")
            if pai in TILE_CODES and kind_of_code(TILE_CODES[pai]) != kind_of_code(win.win_tile):
                raise self.mismatch(f"hora on {pai}", f"the winning tile is {mjai_tile(win.win_tile)}", hora.line)
            deltas = hora.data.get("deltas")
            if deltas is not None and list(deltas) != list(win.deltas):
                raise self.mismatch(f"hora deltas {deltas}", f"deltas {list(win.deltas)} ({_win_text(win)})", hora.line)
            ura = hora.tiles("ura_markers") or hora.tiles("uradora_markers")
            if ura and ura != list(win.ura_indicators) and [kind_of_code(c) for c in ura] != list(win.ura_indicators):
                raise self.mismatch(f"ura markers {_names(ura)}", f"ura markers {_names(win.ura_indicators)}", hora.line)
        self._check_scores(self.horas[-1], result)

    def _check_draw(self, result: HandOutcome, event: LogEvent) -> None:
        reason = _reason(event)
        ours = result.abort or "exhaustive"
        if reason != ours:
            raise self.mismatch(f"ryukyoku ({event.data.get('reason')})", _how_it_ended(result), event.line)
        deltas = event.data.get("deltas")
        if deltas is not None and list(deltas) != list(result.deltas):
            raise self.mismatch(f"ryukyoku deltas {deltas}", f"deltas {list(result.deltas)} ({_how_it_ended(result)})", event.line)
        tenpais = event.data.get("tenpais")
        ready = sorted(seat for seat, _ in result.ready)
        if isinstance(tenpais, list) and len(tenpais) == 4 and result.end == "exhaustive_draw":
            if sorted(s for s in range(4) if tenpais[s]) != ready:
                raise self.mismatch(f"tenpai seats {[s for s in range(4) if tenpais[s]]}", f"tenpai seats {ready}", event.line)
        self._check_scores(event, result)

    def _check_scores(self, event: LogEvent, result: HandOutcome) -> None:
        scores = event.data.get("scores")
        if scores is not None and list(scores) != list(result.points):
            raise self.mismatch(f"scores {scores} after the hand", f"scores {list(result.points)}", event.line)


def _is_legal(hand: HandState, action: Action) -> bool:
    """Whether ``apply`` would take the action (a discard naming its copy is checked by apply itself)."""
    if isinstance(action, (Discard, Riichi)) and action.tsumogiri is not None:
        return True
    return action in hand.legal_actions(action.seat)


def _reason(event: LogEvent) -> str:
    """Our name for a ryukyoku's reason: an abortive draw's, or ``exhaustive``."""
    text = str(event.data.get("reason") or "").lower().replace("_", "").replace(" ", "")
    if text in ABORTS:
        return ABORTS[text]
    if text in EXHAUSTIVE:
        return "exhaustive"
    return text


def _how_it_ended(result: HandOutcome) -> str:
    if result.wins:
        return "won by " + ", ".join(_win_text(w) for w in result.wins)
    if result.abort:
        return f"an abortive draw ({result.abort})"
    return "an exhaustive draw" + (f", nagashi mangan by {list(result.nagashi)}" if result.nagashi else "")


def _win_text(win: Any) -> str:
    how = "tsumo" if win.tsumo else f"ron from seat {win.from_seat}"
    return f"seat {win.seat} {how}, {win.han} han {win.fu} fu"


def _names(codes: Iterable[int]) -> str:
    return " ".join(mjai_tile(c) for c in codes) or "none"


def _log_text(event: LogEvent) -> str:
    data = event.data
    if event.type == "tsumo":
        return f"tsumo {data['pai']} by seat {data['actor']}"
    if event.type == "dora":
        return f"dora marker {data['dora_marker']}"
    if event.type == "reach_accepted":
        return f"reach_accepted by seat {data['actor']}"
    return event.type


def _engine_text(event: ev.Event) -> str:
    if isinstance(event, ev.Drew):
        return f"seat {event.seat} draws {mjai_tile(event.tile)}{' (rinshan)' if event.replacement else ''}"
    if isinstance(event, ev.DoraRevealed):
        return f"dora marker {mjai_tile(event.indicator)}"
    if isinstance(event, ev.RiichiAccepted):
        return f"seat {event.seat}'s riichi is accepted"
    return event.name
