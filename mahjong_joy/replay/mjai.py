"""Export a record as mjai JSON lines, so other mahjong tools can read our games.

mjai (gimite's protocol, used by Mortal, mjai.app and others) is a stream of
JSON objects, one a line, each with a ``type``: ``start_game``, ``start_kyoku``,
``tsumo``, ``dahai``, ``reach``, ``reach_accepted``, ``chi``, ``pon``,
``daiminkan``, ``ankan``, ``kakan``, ``dora``, ``hora``, ``ryukyoku``,
``end_kyoku``, ``end_game``. Seats are ``actor`` / ``target`` 0..3; tiles are
``1m``..``9m``, ``1p``..``9p``, ``1s``..``9s``, ``5mr``/``5pr``/``5sr`` for the
red fives and ``E S W N P F C`` (P white, F green, C red dragon).

The export replays the record through the engine (no AI) and translates the
events: each hand's starting tiles come from its wall, exactly as the engine
dealt them; ``reach_accepted``, ``dora`` and every ``hora`` (one per winner of
a multiple ron, each with its own ``deltas`` and ``ura_markers``) come where the
engine made them. A record with several matches becomes several games in a row.
An abortive draw is a ``ryukyoku`` whose ``reason`` names it (``kyushukyuhai``,
``sufonrenda``, ``suukaikan``, ``suuchariichi``, ``sanchaho``); an exhaustive
draw's reason is ``fanpai``, or ``nagashimangan`` when one was paid.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from mahjong_joy.engine import events as ev
from mahjong_joy.engine.match import Match
from mahjong_joy.engine.outcome import HandOutcome
from mahjong_joy.engine.wall import Wall
from mahjong_joy.errors import RecordError
from mahjong_joy.mjai_tiles import mjai_tile, tile_order
from mahjong_joy.replay.record import check_record, record_ruleset, replay_match
from mahjong_joy.replay.seats import seat_names
from mahjong_joy.storage.files import atomic_write_text
from mahjong_joy.tiles import code_of

MJAI_TYPES = frozenset(
    "start_game start_kyoku tsumo dahai chi pon daiminkan ankan kakan dora reach reach_accepted "
    "hora ryukyoku end_kyoku end_game".split()
)
ABORT_REASONS = {
    "nine_terminals": "kyushukyuhai", "four_winds": "sufonrenda", "four_kans": "suukaikan",
    "four_riichi": "suuchariichi", "triple_ron": "sanchaho",
}


def export_mjai(record: dict[str, Any], name: str = "record") -> list[dict[str, Any]]:
    """Every match of a checked record as mjai events, in order (``RecordError`` if it does not replay)."""
    check_record(record, name)
    names = list(seat_names(record))  # the names the table showed, not the seats' AI
    ruleset = record_ruleset(record, name)
    out: list[dict[str, Any]] = []
    for index, entry in enumerate(record["matches"]):
        match = replay_match(entry, ruleset, name, index)
        out += _Game(names, match).translate(match.events)
    return out


def write_mjai(record: dict[str, Any], path: str | Path, name: str = "record") -> None:
    """Write the export atomically, one compact JSON object a line."""
    lines = export_mjai(record, name)
    atomic_write_text(path, "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines))


def _tiles(kinds: Iterable[int]) -> list[str]:
    return [mjai_tile(k) for k in kinds]


class _Game:
    """Translates one match's events; keeps each seat's concealed codes for the end-of-hand
    lines, the scores for ``reach_accepted``, and reads each hand's result from the match."""

    def __init__(self, names: list[str], match: Match) -> None:
        self.names = names
        self.reds = match.rules.tiles.red_fives
        self.scores_dora = match.rules.scores_dora
        self.results: list[HandOutcome] = list(match.results)
        self.hands: list[list[int]] = [[] for _ in range(4)]
        self.won: list[ev.Won] = []
        self.started: ev.HandStarted | None = None
        self.scores: list[int] = []
        self.last_discard = 0
        self.last_drawn = [0, 0, 0, 0]
        self.aborted: ev.Aborted | None = None
        self.decks = list(match.decks)
        self.deck: list[int] = []
        self.seed = match.seed  # an import reads it back, so export then import summarises identically

    def translate(self, events: list[ev.Event]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = [{"type": "start_game", "names": list(self.names), "seed": self.seed}]
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
        if not self.decks:
            raise RecordError("a deal the match did not record")
        self.deck = self.decks.pop(0)
        dealt = Wall(self.deck).dealt_hands(start.dealer)
        self.hands = [sorted((code_of(t, self.reds) for t in tiles), key=tile_order) for tiles in dealt]
        self.won, self.aborted = [], None
        self.scores = list(start.points)
        # mjai requires ``dora_marker`` in every start_kyoku (Mortal and mjai.app refuse a
        # kyoku without it), so even a Joy hand, which scores no dora, names the dead-wall
        # tile the engine set aside; Joy's kans add no ``dora`` lines and no hora counts it.
        return [{
            "type": "start_kyoku", "bakaze": start.round_wind, "dora_marker": mjai_tile(e.dora_indicator),
            "kyoku": start.hand_number, "honba": start.honba, "kyotaku": start.sticks, "oya": start.dealer,
            "scores": list(start.points), "tehais": [_tiles(hand) for hand in self.hands],
        }]

    def _drew(self, e: ev.Drew) -> list[dict[str, Any]]:
        self.hands[e.seat].append(e.tile)
        self.last_drawn[e.seat] = e.tile
        return [{"type": "tsumo", "actor": e.seat, "pai": mjai_tile(e.tile)}]

    def _discarded(self, e: ev.Discarded) -> list[dict[str, Any]]:
        self._take(e.seat, [e.tile])
        self.last_discard = e.tile
        return [{"type": "dahai", "actor": e.seat, "pai": mjai_tile(e.tile), "tsumogiri": e.tsumogiri}]

    def _riichi_declared(self, e: ev.RiichiDeclared) -> list[dict[str, Any]]:
        return [{"type": "reach", "actor": e.seat}]

    def _riichi_accepted(self, e: ev.RiichiAccepted) -> list[dict[str, Any]]:
        self.scores[e.seat] -= 1000
        deltas = [-1000 if seat == e.seat else 0 for seat in range(4)]
        return [{"type": "reach_accepted", "actor": e.seat, "deltas": deltas, "scores": list(self.scores)}]

    def _chied(self, e: ev.Chied) -> list[dict[str, Any]]:
        consumed = list(e.consumed)
        if not consumed:
            consumed = list(e.tiles)
            consumed.remove(e.claimed)
        return [self._call("chi", e.seat, e.from_seat, consumed)]

    def _ponned(self, e: ev.Ponned) -> list[dict[str, Any]]:
        return [self._call("pon", e.seat, e.from_seat, list(e.consumed) or [e.tile] * 2)]

    def _kanned(self, e: ev.Kanned) -> list[dict[str, Any]]:
        return [self._call("daiminkan", e.seat, e.from_seat, list(e.consumed) or [e.tile] * 3)]

    def _closed_kanned(self, e: ev.ClosedKanned) -> list[dict[str, Any]]:
        consumed = list(e.consumed) or [e.tile] * 4
        self._take(e.seat, consumed)
        self.last_discard = consumed[-1]  # a thirteen-orphans robbery wins on it
        return [{"type": "ankan", "actor": e.seat, "consumed": _tiles(sorted(consumed, key=tile_order))}]

    def _added_kanned(self, e: ev.AddedKanned) -> list[dict[str, Any]]:
        added, pon = (e.consumed[0], list(e.consumed[1:])) if e.consumed else (e.tile, [e.tile] * 3)
        self._take(e.seat, [added])
        self.last_discard = added  # the tile on offer: a chankan wins on it
        return [{"type": "kakan", "actor": e.seat, "pai": mjai_tile(added), "consumed": _tiles(sorted(pon, key=tile_order))}]

    def _dora_revealed(self, e: ev.DoraRevealed) -> list[dict[str, Any]]:
        """A kan's new indicator; none where dora do not score (Joy), as the table shows none.
        (``start_kyoku`` still names the first one: see :meth:`_dealt`.)"""
        if not self.scores_dora:
            return []
        return [{"type": "dora", "dora_marker": mjai_tile(e.indicator)}]

    def _won(self, e: ev.Won) -> list[dict[str, Any]]:
        self.won.append(e)
        return []

    def _aborted(self, e: ev.Aborted) -> list[dict[str, Any]]:
        self.aborted = e
        return []

    def _hand_scored(self, e: ev.HandScored) -> list[dict[str, Any]]:
        result = self.results.pop(0)
        if not result.wins:
            return [self._ryukyoku(result), {"type": "end_kyoku"}]
        lines = []
        scores = list(self.scores)
        for won, win in zip(self.won, result.wins):
            scores = [a + b for a, b in zip(scores, win.deltas)]
            hand = [c for c in self.hands[won.seat]] + ([self.last_discard] if not won.tsumo else [])
            lines.append({
                "type": "hora", "actor": win.seat, "target": win.from_seat,
                "pai": mjai_tile(hand[-1] if not won.tsumo else self._drawn(won)),
                "uradora_markers": self._ura(len(win.ura_indicators)), "hora_tehais": _tiles(sorted(hand, key=tile_order)),
                "yakus": [[str(name), int(han)] for name, han in win.yaku], "fu": win.fu, "fan": win.han,
                "hora_points": win.deltas[win.seat], "deltas": list(win.deltas), "scores": scores,
            })
        return lines + [{"type": "end_kyoku"}]

    def _ryukyoku(self, result: HandOutcome) -> dict[str, Any]:
        reason = ABORT_REASONS[result.abort] if result.abort else "nagashimangan" if result.nagashi else "fanpai"
        ready = {seat for seat, _ in result.ready}
        return {
            "type": "ryukyoku", "reason": reason, "tehais": [_tiles(sorted(h, key=tile_order)) for h in self.hands],
            "tenpais": [seat in ready for seat in range(4)],
            "deltas": list(result.deltas), "scores": list(result.points),
        }

    def _ura(self, count: int) -> list[str]:
        """The first ``count`` ura indicators as the deck holds them, so a red five shows as ``5mr``
        (the win result keeps only their kinds)."""
        return [mjai_tile(code_of(t, self.reds)) for t in self.deck[131 : 131 + count]]

    def _drawn(self, won: ev.Won) -> int:
        """The code of a tsumo's winning tile: the last tile the winner drew."""
        return self.last_drawn[won.seat]

    def _match_ended(self, e: ev.MatchEnded) -> list[dict[str, Any]]:
        scores = [0] * 4
        for seat, points, _ in e.standings:
            scores[seat] = points
        return [{"type": "end_game", "scores": scores}]

    def _call(self, kind: str, seat: int, target: int, consumed: list[int]) -> dict[str, Any]:
        self._take(seat, consumed)
        pai = mjai_tile(self.last_discard)
        return {"type": kind, "actor": seat, "target": target, "pai": pai, "consumed": _tiles(sorted(consumed, key=tile_order))}

    def _take(self, seat: int, kinds: list[int]) -> None:
        """Tiles leave a seat's concealed hand; a tile it does not hold means the events are inconsistent."""
        hand = self.hands[seat]
        for kind in kinds:
            if kind not in hand:
                raise RecordError(f"seat {seat} plays {mjai_tile(kind)} without holding it")
            hand.remove(kind)
