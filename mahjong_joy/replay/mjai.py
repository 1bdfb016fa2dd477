"""Export a record as mjai-style JSON lines, so other mahjong tools can read our games.

mjai (gimite's protocol, used by Mortal, mjai.app and others) is a stream of
JSON objects, one a line, each with a ``type``: ``start_game``, ``start_kyoku``,
``tsumo``, ``dahai``, ``chi``, ``pon``, ``daiminkan``, ``ankan``, ``kakan``,
``dora``, ``hora``, ``ryukyoku``, ``end_kyoku``, ``end_game``. Seats are
``actor`` / ``target`` 0..3; tiles are ``1m``..``9m``, ``1p``..``9p``,
``1s``..``9s`` and ``E S W N P F C`` (P white, F green, C red dragon).

The export replays the record through the engine (no AI) and translates the
events; each hand's starting tiles come from its wall key, exactly as the
engine dealt them. A record with several matches becomes several games in a
row, each from ``start_game`` to ``end_game``. Our events carry tile kinds, not
physical copies, so red fives are written as plain fives; there is no riichi in
the Joy rules, so no ``reach`` events and ``kyotaku`` is always 0.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from mahjong_joy.engine import events as ev
from mahjong_joy.engine.wall import Wall
from mahjong_joy.errors import RecordError
from mahjong_joy.replay.record import replay_events
from mahjong_joy.storage.files import atomic_write_text

MJAI_TYPES = frozenset(
    "start_game start_kyoku tsumo dahai chi pon daiminkan ankan kakan dora reach reach_accepted "
    "hora ryukyoku end_kyoku end_game".split()
)
_HONORS = ("E", "S", "W", "N", "P", "F", "C")


def mjai_tile(kind: int) -> str:
    """A tile kind (0..33) in mjai notation.

    >>> [mjai_tile(k) for k in (0, 13, 26, 27, 31, 33)]
    ['1m', '5p', '9s', 'E', 'P', 'C']
    """
    if not 0 <= kind < 34:
        raise RecordError(f"tile kind {kind!r} is not 0..33")
    if kind >= 27:
        return _HONORS[kind - 27]
    return f"{kind % 9 + 1}{'mps'[kind // 9]}"


def export_mjai(record: dict[str, Any], name: str = "record") -> list[dict[str, Any]]:
    """Every match of a checked record as mjai events, in order (``RecordError`` if it does not replay)."""
    names = _names(record)
    out: list[dict[str, Any]] = []
    for events in replay_events(record, name):
        out += _Game(names).translate(events)
    return out


def write_mjai(record: dict[str, Any], path: str | Path, name: str = "record") -> None:
    """Write the export atomically, one compact JSON object a line."""
    lines = export_mjai(record, name)
    atomic_write_text(path, "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines))


def _names(record: dict[str, Any]) -> list[str]:
    """Seat names: the player's name on their seat when the record has one, else the seat kinds."""
    names = [str(kind) for kind in record["seats"]]
    seat, player = record.get("player_seat"), record.get("player_name")
    if type(seat) is int and 0 <= seat < 4 and isinstance(player, str) and player:
        names[seat] = player
    return names


def _tiles(kinds: Iterable[int]) -> list[str]:
    return [mjai_tile(k) for k in kinds]


class _Game:
    """Translates one match's events; keeps each seat's concealed kinds for the end-of-hand lines."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.hands: list[list[int]] = [[] for _ in range(4)]
        self.won: ev.Won | None = None
        self.ready: tuple[int, ...] = ()
        self.started: ev.HandStarted | None = None

    def translate(self, events: list[ev.Event]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = [{"type": "start_game", "names": list(self.names)}]
        for event in events:
            out += self._one(event)
        return out

    def _one(self, e: ev.Event) -> list[dict[str, Any]]:
        handler = getattr(self, f"_{e.name}", None)
        return handler(e) if handler is not None else []  # passed: mjai has no event for it

    def _hand_started(self, e: ev.HandStarted) -> list[dict[str, Any]]:
        self.started = e
        return []

    def _dealt(self, e: ev.Dealt) -> list[dict[str, Any]]:
        start = self.started
        if start is None:
            raise RecordError("a deal without a hand start")
        dealt = Wall.from_key(start.wall_key).dealt_hands(start.dealer)
        self.hands = [sorted(t // 4 for t in tiles) for tiles in dealt]
        self.won, self.ready = None, ()
        return [{
            "type": "start_kyoku", "bakaze": start.round_wind, "dora_marker": mjai_tile(e.dora_indicator),
            "kyoku": start.hand_number, "honba": start.honba, "kyotaku": 0, "oya": start.dealer,
            "scores": list(start.points), "tehais": [_tiles(hand) for hand in self.hands],
        }]

    def _drew(self, e: ev.Drew) -> list[dict[str, Any]]:
        self.hands[e.seat].append(e.tile)
        return [{"type": "tsumo", "actor": e.seat, "pai": mjai_tile(e.tile)}]

    def _discarded(self, e: ev.Discarded) -> list[dict[str, Any]]:
        self._take(e.seat, [e.tile])
        return [{"type": "dahai", "actor": e.seat, "pai": mjai_tile(e.tile), "tsumogiri": e.tsumogiri}]

    def _chied(self, e: ev.Chied) -> list[dict[str, Any]]:
        consumed = list(e.tiles)
        consumed.remove(e.claimed)
        return [self._call("chi", e.seat, e.from_seat, e.claimed, consumed)]

    def _ponned(self, e: ev.Ponned) -> list[dict[str, Any]]:
        return [self._call("pon", e.seat, e.from_seat, e.tile, [e.tile] * 2)]

    def _kanned(self, e: ev.Kanned) -> list[dict[str, Any]]:
        return [self._call("daiminkan", e.seat, e.from_seat, e.tile, [e.tile] * 3)]

    def _closed_kanned(self, e: ev.ClosedKanned) -> list[dict[str, Any]]:
        self._take(e.seat, [e.tile] * 4)
        return [{"type": "ankan", "actor": e.seat, "consumed": _tiles([e.tile] * 4)}]

    def _added_kanned(self, e: ev.AddedKanned) -> list[dict[str, Any]]:
        self._take(e.seat, [e.tile])
        return [{"type": "kakan", "actor": e.seat, "pai": mjai_tile(e.tile), "consumed": _tiles([e.tile] * 3)}]

    def _dora_revealed(self, e: ev.DoraRevealed) -> list[dict[str, Any]]:
        return [{"type": "dora", "dora_marker": mjai_tile(e.indicator)}]

    def _won(self, e: ev.Won) -> list[dict[str, Any]]:
        self.won = e
        return []

    def _exhausted(self, e: ev.Exhausted) -> list[dict[str, Any]]:
        self.ready = tuple(seat for seat, _ in e.ready)
        return []

    def _hand_scored(self, e: ev.HandScored) -> list[dict[str, Any]]:
        won = self.won
        if won is None:
            line = {
                "type": "ryukyoku", "reason": "fanpai", "tehais": [_tiles(sorted(h)) for h in self.hands],
                "tenpais": [seat in self.ready for seat in range(4)],
                "deltas": list(e.deltas), "scores": list(e.points),
            }
        else:
            line = {
                "type": "hora", "actor": won.seat, "target": won.from_seat, "pai": mjai_tile(won.tile),
                "uradora_markers": [], "hora_tehais": _tiles(won.hand),
                "yakus": [[str(name), int(han)] for name, han in e.yaku], "fu": e.fu, "fan": e.han,
                "hora_points": e.deltas[won.seat], "deltas": list(e.deltas), "scores": list(e.points),
            }
        return [line, {"type": "end_kyoku"}]

    def _match_ended(self, e: ev.MatchEnded) -> list[dict[str, Any]]:
        scores = [0] * 4
        for seat, points, _ in e.standings:
            scores[seat] = points
        return [{"type": "end_game", "scores": scores}]

    def _call(self, kind: str, seat: int, target: int, tile: int, consumed: list[int]) -> dict[str, Any]:
        self._take(seat, consumed)
        return {"type": kind, "actor": seat, "target": target, "pai": mjai_tile(tile), "consumed": _tiles(consumed)}

    def _take(self, seat: int, kinds: list[int]) -> None:
        """Tiles leave a seat's concealed hand; a tile it does not hold means the events are inconsistent."""
        hand = self.hands[seat]
        for kind in kinds:
            if kind not in hand:
                raise RecordError(f"seat {seat} plays {mjai_tile(kind)} without holding it")
            hand.remove(kind)
