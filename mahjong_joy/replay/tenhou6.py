"""tenhou.net/6 JSON logs: the form Tenhou's viewer and most review services take.

One JSON object: ``title``, ``name`` (four players), ``rule`` (``disp``, ``aka``),
``log`` (one array per hand) and, for a finished game, ``sc`` (each seat's final
score in hundreds, then its game points). A hand is::

    [[kyoku, honba, kyotaku], scores, dora indicators, ura indicators,
     haipai0, takes0, discards0, haipai1, ..., discards3, result]

``kyoku`` counts hands from East 1 (0..3 East, 4..7 South, 8.. West); tiles are
11..19 m, 21..29 p, 31..39 s, 41..47 E S W N P F C and 51/52/53 the red fives. A
*take* is a drawn tile or a call string (``c`` chi, ``p`` pon, ``m`` open kan,
the letter placed by where the tile came from: first from the left, after one tile
from across, after two (pon) or three (kan) from the right); a *discard* is a
tile, ``60`` for the tile just drawn, ``r`` + tile for a riichi declaration,
``0`` after an open kan (no discard before the replacement draw), or a kan string
(``a`` closed kan, ``k`` added kan at the pon's letter). The result is
``["和了", deltas, [winner, from, pao, score text, yaku...], ...]`` (one pair per
winner) or a draw's name with its deltas.

Export goes through the mjai export (our events, translated); import turns the
hands back into mjai events in turn order and sends them through the same checked
import as an mjai log (:mod:`mahjong_joy.replay.mjai_import`), so both formats
are refereed by the same code. Positions in errors are counted in events.

The format does not say which discard a call took: a seat whose next take is a
call on the discarder's kind is taken to call the first such discard. That
reading can only go wrong when the same seat discards that kind twice while the
caller draws nothing in between (turns skipped by other calls); the engine then
reports the hand rather than importing it wrongly.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mahjong_joy.errors import RecordError
from mahjong_joy.mjai_tiles import TILE_CODES, mjai_tile
from mahjong_joy.names import WIND_LETTERS, wind_index
from mahjong_joy.replay.mjai import export_mjai
from mahjong_joy.replay.mjai_import import ImportResult, LogFormatError, check_event, import_events
from mahjong_joy.replay.record import check_record, record_ruleset, replay_match
from mahjong_joy.rulesets.rules import Rules
from mahjong_joy.storage.files import atomic_write_text
from mahjong_joy.tiles import kind_of_code

DRAW_NAMES = {
    "fanpai": "流局", "nagashimangan": "流し満貫", "kyushukyuhai": "九種九牌", "sufonrenda": "四風連打",
    "suukaikan": "四槓散了", "suuchariichi": "四家立直", "sanchaho": "三家和了",
}
"""mjai ryukyoku reasons -> the names Tenhou's results use."""
DRAW_REASONS = {name: reason for reason, name in DRAW_NAMES.items()} | {"全員聴牌": "fanpai", "全員不聴": "fanpai", "四開槓": "suukaikan"}
LIMITS = ((13, "役満"), (11, "三倍満"), (8, "倍満"), (6, "跳満"), (5, "満貫"))
WIN = "和了"
MAX_HANDS = 200


def t6_tile(name: str) -> int:
    """An mjai tile as a tenhou.net/6 number.

    >>> [t6_tile(t) for t in ("1m", "9s", "E", "C", "5mr", "5sr")]
    [11, 39, 41, 47, 51, 53]
    """
    code = TILE_CODES[name]
    if code >= 34:
        return 51 + code - 34
    return 10 * (code // 9 + 1) + code % 9 + 1


def mjai_of(number: Any, where: str) -> str:
    """A tenhou.net/6 tile number as an mjai tile; ``LogFormatError`` for anything else."""
    if type(number) is int:
        if number in (51, 52, 53):
            return mjai_tile(34 + number - 51)
        suit, rank = divmod(number, 10)
        if 1 <= suit <= 3 and 1 <= rank <= 9:
            return mjai_tile(9 * (suit - 1) + rank - 1)
        if suit == 4 and 1 <= rank <= 7:
            return mjai_tile(26 + rank)
    raise LogFormatError(f"{where}: {number!r} is not a tenhou.net/6 tile")


# ------------------------------------------------------------------------------ export


def export_tenhou6(record: dict[str, Any], name: str = "record") -> dict[str, Any]:
    """The first match of a checked record as a tenhou.net/6 log (``RecordError`` if it does not replay)."""
    check_record(record, name)
    if not record["matches"]:
        raise RecordError(f"{name} has no match to export")
    lines = export_mjai({**record, "matches": record["matches"][:1]}, name)
    match = replay_match(record["matches"][0], record_ruleset(record, name), name)
    names = next((line.get("names") for line in lines if line["type"] == "start_game"), None) or [""] * 4
    out: dict[str, Any] = {
        "title": ["Mahjong Joy", str(match.seed)], "name": list(names),
        "rule": {"disp": match.rules.name, "aka": match.rules.tiles.red_fives},
        "log": _hands(lines, [[w.pao_seat for w in r.wins] for r in match.results]),
    }
    if match.is_over:
        standings = sorted(match.standings(), key=lambda s: s.seat)
        out["sc"] = [v for s in standings for v in (s.points // 100, s.score)]
    return out


def write_tenhou6(record: dict[str, Any], path: str | Path, name: str = "record") -> None:
    """Write the export atomically as one JSON object."""
    atomic_write_text(path, json.dumps(export_tenhou6(record, name), ensure_ascii=False, separators=(",", ":")) + "\n")


def _hands(lines: Sequence[dict[str, Any]], paos: Sequence[Sequence[int | None]]) -> list[list[Any]]:
    """Each hand's array; ``paos`` gives, per hand, each win's responsible seat (or ``None``)."""
    hands: list[list[Any]] = []
    writer: _HandWriter | None = None
    for line in lines:
        if line["type"] == "start_kyoku":
            writer = _HandWriter(line, list(paos[len(hands)]) if len(hands) < len(paos) else [])
        elif line["type"] == "end_kyoku" and writer is not None:
            hands.append(writer.hand())
            writer = None
        elif writer is not None:
            writer.add(line)
    return hands


class _HandWriter:
    """Collects one hand's takes, discards and result from its mjai events."""

    def __init__(self, start: dict[str, Any], paos: list[int | None]) -> None:
        self.paos = paos
        winds = wind_index(start["bakaze"])
        self.header = [4 * winds + start["kyoku"] - 1, start["honba"], start["kyotaku"]]
        self.scores = list(start["scores"])
        self.doras = [t6_tile(start["dora_marker"])]
        self.uras: list[int] = []
        keyed = [sorted(t6_sort_key(t) for t in hand) for hand in start["tehais"]]
        self.haipai = [[number for _, number in hand] for hand in keyed]
        self.takes: list[list[Any]] = [[] for _ in range(4)]
        self.discards: list[list[Any]] = [[] for _ in range(4)]
        self.reach = [False] * 4
        self.pons: dict[tuple[int, int], tuple[int, list[str]]] = {}
        self.result: list[Any] = []

    def hand(self) -> list[Any]:
        out: list[Any] = [self.header, self.scores, self.doras, self.uras]
        for seat in range(4):
            out += [self.haipai[seat], self.takes[seat], self.discards[seat]]
        return out + [self.result]

    def add(self, e: dict[str, Any]) -> None:
        kind = e["type"]
        if kind == "tsumo":
            self.takes[e["actor"]].append(t6_tile(e["pai"]))
        elif kind == "reach":
            self.reach[e["actor"]] = True
        elif kind == "dahai":
            tile: Any = 60 if e.get("tsumogiri") else t6_tile(e["pai"])
            if self.reach[e["actor"]]:
                tile, self.reach[e["actor"]] = f"r{tile}", False
            self.discards[e["actor"]].append(tile)
        elif kind in ("chi", "pon", "daiminkan"):
            self._call(e)
        elif kind == "ankan":
            own = [str(t6_tile(t)) for t in e["consumed"]]
            self.discards[e["actor"]].append("".join(own[:3]) + "a" + own[3])
        elif kind == "kakan":
            self._kakan(e)
        elif kind == "dora":
            self.doras.append(t6_tile(e["dora_marker"]))
        elif kind == "hora":
            ura = e.get("uradora_markers") or e.get("ura_markers") or []
            if ura and not self.uras:
                self.uras = [t6_tile(t) for t in ura]
            self._win(e)
        elif kind == "ryukyoku":
            self.result = [DRAW_NAMES.get(e.get("reason", "fanpai"), "流局")]
            if e.get("deltas") is not None and any(e["deltas"]):
                self.result.append(list(e["deltas"]))

    def _call(self, e: dict[str, Any]) -> None:
        seat, called = e["actor"], str(t6_tile(e["pai"]))
        own = [str(t6_tile(t)) for t in e["consumed"]]
        rel = (e["target"] - seat) % 4  # 3: the left, 2: across, 1: the right
        letter = {"chi": "c", "pon": "p", "daiminkan": "m"}[e["type"]]
        before = {3: 0, 2: 1, 1: len(own)}[rel]
        text = "".join(own[:before]) + letter + called + "".join(own[before:])
        self.takes[seat].append(text)
        if letter == "p":
            self.pons[(seat, kind_of_code(TILE_CODES[e["pai"]]))] = (before, own + [called])
        if letter == "m":
            self.discards[seat].append(0)

    def _kakan(self, e: dict[str, Any]) -> None:
        seat, kind = e["actor"], kind_of_code(TILE_CODES[e["pai"]])
        before, tiles = self.pons.get((seat, kind), (0, [str(t6_tile(t)) for t in e["consumed"]]))
        own, called = tiles[:-1], tiles[-1]
        text = "".join(own[:before]) + "k" + str(t6_tile(e["pai"])) + called + "".join(own[before:])
        self.discards[seat].append(text)

    def _win(self, e: dict[str, Any]) -> None:
        if not self.result:
            self.result = [WIN]
        points = e.get("hora_points", max(e.get("deltas") or [0]))
        han, fu = e.get("fan", 0), e.get("fu", 0)
        limit = next((name for least, name in LIMITS if han >= least), None)
        if limit is None and (han == 4 and fu >= 40 or han == 3 and fu >= 70):
            limit = "満貫"
        text = f"{limit or f'{fu}符{han}飜'}{points}点"
        yaku = [f"{name}({'役満' if value >= 13 else f'{value}飜'})" for name, value in e.get("yakus") or []]
        wins = (len(self.result) - 1) // 2
        pao = self.paos[wins] if wins < len(self.paos) and self.paos[wins] is not None else e["actor"]  # Tenhou: the winner when none
        self.result += [list(e.get("deltas") or [0, 0, 0, 0]), [e["actor"], e["target"], pao, text, *yaku]]


def t6_sort_key(name: str) -> tuple[tuple[int, int], int]:
    """A dealt tile's place in a tenhou.net/6 haipai (by kind, a red five with its fives) and its number."""
    code = TILE_CODES[name]
    return (kind_of_code(code), 0 if code >= 34 else 1), t6_tile(name)


# ------------------------------------------------------------------------------ import


def import_tenhou6(data: Any, rules: Rules | str = "tenhou", name: str = "log", keep_going: bool = False) -> ImportResult:
    """Referee a tenhou.net/6 log through the mjai import (positions counted in events)."""
    return import_events(tenhou6_events(data, name), rules, name, keep_going, unit="event")


def tenhou6_events(data: Any, name: str = "log") -> list[Any]:
    """The log as checked mjai events in turn order, numbered from 1."""
    if not isinstance(data, dict) or not isinstance(data.get("log"), list):
        raise LogFormatError(f"{name} is not a tenhou.net/6 log (no log list)")
    hands = data["log"]
    if not hands or len(hands) > MAX_HANDS:
        raise LogFormatError(f"{name} must hold 1..{MAX_HANDS} hands, not {len(hands)}")
    raw: list[dict[str, Any]] = [{"type": "start_game", **_names(data)}]
    for number, hand in enumerate(hands, start=1):
        raw += _HandReader(hand, f"{name} hand {number}").events()
    sc = data.get("sc")
    if isinstance(sc, list) and len(sc) == 8 and all(isinstance(v, (int, float)) for v in sc):
        raw.append({"type": "end_game", "scores": [int(round(sc[2 * s] * 100)) for s in range(4)]})
    return [check_event(event, index, name) for index, event in enumerate(raw, start=1)]


def _accept_riichi(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """tenhou.net/6 marks no accepted riichi: the stick is down unless the declaration
    tile was ronned (or made a triple-ron draw), so a ``reach_accepted`` follows it."""
    out: list[dict[str, Any]] = []
    declared: int | None = None
    for index, event in enumerate(events):
        out.append(event)
        if event["type"] == "reach":
            declared = event["actor"]
        elif event["type"] == "dahai" and declared is not None:
            following = events[index + 1] if index + 1 < len(events) else {}
            ronned = following.get("type") == "hora" or following.get("reason") == "sanchaho"
            if not ronned:
                out.append({"type": "reach_accepted", "actor": declared})
            declared = None
    return out


def _names(data: dict[str, Any]) -> dict[str, Any]:
    """``start_game`` fields: the players' names, and the seed our own export keeps in the title."""
    out: dict[str, Any] = {}
    names = data.get("name")
    if isinstance(names, list) and len(names) == 4 and all(isinstance(n, str) and 0 < len(n) <= 64 for n in names):
        out["names"] = list(names)
    title = data.get("title")
    if isinstance(title, list) and len(title) == 2 and title[0] == "Mahjong Joy" and isinstance(title[1], str):
        seed = title[1]
        out["seed"] = int(seed) if seed.lstrip("-").isdigit() and len(seed) < 19 else seed
    return out


class _HandReader:
    """Replays one hand's columns in turn order into mjai events."""

    def __init__(self, hand: Any, where: str) -> None:
        self.where = where
        if not isinstance(hand, list) or len(hand) != 17:
            raise LogFormatError(f"{where}: a hand must be a list of 17 entries")
        header, scores, doras, uras = hand[:4]
        if not (isinstance(header, list) and len(header) == 3 and all(type(v) is int and 0 <= v < 1000 for v in header)):
            raise LogFormatError(f"{where}: the first entry must be [kyoku, honba, kyotaku]")
        if not (isinstance(scores, list) and len(scores) == 4 and all(type(v) is int for v in scores)):
            raise LogFormatError(f"{where}: scores must list four integers")
        for key, value in (("dora indicators", doras), ("ura indicators", uras)):
            if not isinstance(value, list) or len(value) > 5:
                raise LogFormatError(f"{where}: {key} must be a list of at most five tiles")
        if not doras:
            raise LogFormatError(f"{where}: no dora indicator")
        self.kyoku, self.honba, self.kyotaku = header
        if self.kyoku >= 16:
            raise LogFormatError(f"{where}: kyoku {self.kyoku} is past North 4")
        self.scores = scores
        self.doras = [mjai_of(t, f"{where} dora") for t in doras]
        self.uras = [mjai_of(t, f"{where} ura") for t in uras]
        self.haipai = [self._column(hand[4 + 3 * s], f"haipai {s}") for s in range(4)]
        self.takes = [self._column(hand[5 + 3 * s], f"takes {s}") for s in range(4)]
        self.discards = [self._column(hand[6 + 3 * s], f"discards {s}") for s in range(4)]
        self.result = hand[16]
        if not isinstance(self.result, list) or not self.result or not isinstance(self.result[0], str):
            raise LogFormatError(f"{where}: the result must be a list starting with its name")
        self.oya = self.kyoku % 4
        self.out: list[dict[str, Any]] = []
        self.ti, self.di = [0] * 4, [0] * 4
        self.drawn: list[str | None] = [None] * 4
        self.reach = [False] * 4
        self.dora_next = 1
        self.dora_after_discard = 0

    def _column(self, value: Any, key: str) -> list[Any]:
        if not isinstance(value, list) or len(value) > 40:
            raise LogFormatError(f"{self.where}: {key} must be a list of at most 40 entries")
        return value

    def events(self) -> list[dict[str, Any]]:
        start = {
            "type": "start_kyoku", "bakaze": WIND_LETTERS[self.kyoku // 4], "kyoku": self.kyoku % 4 + 1, "honba": self.honba,
            "kyotaku": self.kyotaku, "oya": self.oya, "scores": list(self.scores), "dora_marker": self.doras[0],
            "tehais": [[mjai_of(t, f"{self.where} haipai") for t in hand] for hand in self.haipai],
        }
        self.out.append(start)
        self._play()
        self._finish()
        self.out.append({"type": "end_kyoku"})
        return _accept_riichi(self.out)

    # -- turn order ------------------------------------------------------------------
    def _play(self) -> None:
        seat: int | None = self.oya
        guard = 0
        while seat is not None and guard < 400:
            guard += 1
            if self.ti[seat] >= len(self.takes[seat]):
                return
            take = self.takes[seat][self.ti[seat]]
            self.ti[seat] += 1
            if type(take) is not int:
                raise LogFormatError(f"{self.where}: seat {seat} take {self.ti[seat]} is a call ({take!r}) with no discard to call")
            self._tsumo(seat, mjai_of(take, f"{self.where} takes {seat}"))
            seat = self._own_turn(seat)

    def _tsumo(self, seat: int, tile: str) -> None:
        self.drawn[seat] = tile
        self.out.append({"type": "tsumo", "actor": seat, "pai": tile})

    def _own_turn(self, seat: int) -> int | None:
        """After a draw: kans (then the replacement draw) and a discard; returns who acts next."""
        while True:
            if self.di[seat] >= len(self.discards[seat]):
                return None  # a tsumo win or nine terminals ends the hand here
            entry = self.discards[seat][self.di[seat]]
            self.di[seat] += 1
            if isinstance(entry, str) and ("a" in entry or "k" in entry):
                self._own_kan(seat, entry)
                if self.ti[seat] >= len(self.takes[seat]):
                    return None  # robbed (chankan)
                take = self.takes[seat][self.ti[seat]]
                self.ti[seat] += 1
                self._tsumo(seat, mjai_of(take, f"{self.where} takes {seat}"))
                continue
            return self._discard(seat, entry)

    def _discard(self, seat: int, entry: Any) -> int | None:
        riichi = isinstance(entry, str) and entry.startswith("r")
        value = entry[1:] if riichi else entry
        if isinstance(value, str) and value.isdigit():
            value = int(value)
        if value == 60:
            tile, tsumogiri = self.drawn[seat], True
            if tile is None:
                raise LogFormatError(f"{self.where}: seat {seat} discards the drawn tile (60) without a draw")
        else:
            tile, tsumogiri = mjai_of(value, f"{self.where} discards {seat}"), False
        if riichi:
            self.out.append({"type": "reach", "actor": seat})
            self.reach[seat] = True
        self.out.append({"type": "dahai", "actor": seat, "pai": tile, "tsumogiri": tsumogiri})
        self.drawn[seat] = None
        for _ in range(self.dora_after_discard):
            self._dora()
        self.dora_after_discard = 0
        return self._claims(seat, tile)

    def _claims(self, discarder: int, tile: str) -> int | None:
        """Who takes the discard: a pon or open kan before a chi; else the next seat draws."""
        calls = []
        for step in (1, 2, 3):
            seat = (discarder + step) % 4
            if self.ti[seat] < len(self.takes[seat]):
                take = self.takes[seat][self.ti[seat]]
                if isinstance(take, str):
                    parsed = self._parse_call(seat, take)
                    if parsed[1] == discarder and kind_of_code(TILE_CODES[parsed[2]]) == kind_of_code(TILE_CODES[tile]):
                        calls.append((parsed[0] == "chi", seat, parsed))
        if not calls:
            return (discarder + 1) % 4
        _, seat, (kind, target, called, consumed) = min(calls)
        self.ti[seat] += 1
        self.out.append({"type": kind, "actor": seat, "target": target, "pai": tile, "consumed": consumed})
        if kind == "daiminkan":
            self.dora_after_discard += 1
            if self.di[seat] < len(self.discards[seat]) and self.discards[seat][self.di[seat]] == 0:
                self.di[seat] += 1
            if self.ti[seat] >= len(self.takes[seat]):
                return None
            take = self.takes[seat][self.ti[seat]]
            self.ti[seat] += 1
            self._tsumo(seat, mjai_of(take, f"{self.where} takes {seat}"))
            return self._own_turn(seat)
        entry = self.discards[seat][self.di[seat]] if self.di[seat] < len(self.discards[seat]) else None
        if entry is None:
            return None
        self.di[seat] += 1
        return self._discard(seat, entry)

    def _parse_call(self, seat: int, text: str) -> tuple[str, int, str, list[str]]:
        """A call string: its mjai type, the seat called from, the called tile, the tiles consumed."""
        for letter, kind in (("c", "chi"), ("p", "pon"), ("m", "daiminkan")):
            at = text.find(letter)
            if at < 0:
                continue
            numbers = text[:at] + text[at + 1 :]
            tiles = self._tiles_of(numbers)
            called_at = at // 2
            called = tiles[called_at]
            consumed = tiles[:called_at] + tiles[called_at + 1 :]
            rel = {0: 3, 2: 2}.get(at, 1)  # the left, across, else the right
            return kind, (seat + rel) % 4, called, consumed
        raise LogFormatError(f"{self.where}: seat {seat} take {text!r} is not a call")

    def _tiles_of(self, digits: str) -> list[str]:
        if len(digits) % 2 or not digits.isdigit():
            raise LogFormatError(f"{self.where}: {digits!r} is not a list of tiles")
        return [mjai_of(int(digits[i : i + 2]), self.where) for i in range(0, len(digits), 2)]

    def _own_kan(self, seat: int, text: str) -> None:
        letter = "a" if "a" in text else "k"
        at = text.find(letter)
        tiles = self._tiles_of(text[:at] + text[at + 1 :])
        for _ in range(self.dora_after_discard):
            self._dora()  # an earlier open kan's indicator turns before the next kan
        self.dora_after_discard = 0
        if letter == "a":
            self.out.append({"type": "ankan", "actor": seat, "consumed": tiles})
            self._dora()
        else:
            added = tiles[at // 2]
            rest = tiles[: at // 2] + tiles[at // 2 + 1 :]
            self.out.append({"type": "kakan", "actor": seat, "pai": added, "consumed": rest})
            self.dora_after_discard += 1

    def _dora(self) -> None:
        if self.dora_next < len(self.doras):
            self.out.append({"type": "dora", "dora_marker": self.doras[self.dora_next]})
            self.dora_next += 1

    # -- the result ------------------------------------------------------------------
    def _finish(self) -> None:
        name = self.result[0]
        if name == WIN:
            pairs = self.result[1:]
            for i in range(0, len(pairs) - 1, 2):
                deltas, info = pairs[i], pairs[i + 1]
                if not (isinstance(info, list) and len(info) >= 2 and all(type(v) is int and 0 <= v < 4 for v in info[:2])):
                    raise LogFormatError(f"{self.where}: a win must name its winner and the seat it came from")
                event: dict[str, Any] = {"type": "hora", "actor": info[0], "target": info[1], "deltas": deltas}
                if self.reach[info[0]] and self.uras:
                    event["ura_markers"] = list(self.uras)
                self.out.append(event)
            return
        reason = DRAW_REASONS.get(name)
        if reason is None:
            raise LogFormatError(f"{self.where}: unknown result {name[:20]!r}")
        event = {"type": "ryukyoku", "reason": reason}
        if len(self.result) > 1 and isinstance(self.result[1], list):
            event["deltas"] = self.result[1]
        elif reason == "fanpai":
            event["deltas"] = [0, 0, 0, 0]
        self.out.append(event)
