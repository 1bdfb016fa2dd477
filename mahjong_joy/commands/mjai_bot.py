"""``mahjong-joy mjai-bot``: an AI level as an mjai stdio bot (the mjai.app contract).

Each line on stdin is a JSON array of the events this seat may see since its
last reply (the first starts with ``{"type":"start_game","id":SEAT}``); each
reply is one JSON action on stdout: ``dahai``, ``reach`` (then the discard, on
the next line), ``chi``/``pon``/``daiminkan``/``ankan``/``kakan`` with
``consumed``, ``hora``, ``ryukyoku`` or ``{"type":"none"}``. The bot keeps its
own table (:class:`~mahjong_joy.ai.mjai_seat.MjaiSeat`): no list of legal
actions is given, so it works out furiten, kuikae and riichi discards itself.
One process plays any number of games at any seat: every ``start_game`` resets it.
``--explain`` writes each decision's reason to stderr; it names the seats by number
(``fold: seat 2 is in riichi; ...``), as an mjai table has no player to call "you".
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO, Any

from mahjong_joy.ai import LEVELS, SeatWords, make_ai
from mahjong_joy.ai.mjai_seat import MjaiSeat, mjai_call
from mahjong_joy.mjai_tiles import mjai_tile
from mahjong_joy.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    Kan,
    NineTerminals,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from mahjong_joy.errors import MahjongJoyError
from mahjong_joy.rulesets.presets import RIICHI_PRESETS
from mahjong_joy.tiles import kind_of_code

NONE = {"type": "none"}
MJAI_WORDS = SeatWords(None, tuple(f"seat {s}" for s in range(4)))  # an mjai table has no player: reasons name seats by number


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("mjai-bot", help="play one seat as an mjai stdio bot")
    parser.add_argument("--level", choices=LEVELS, default="hard", help="the AI level (default hard)")
    parser.add_argument("--rules", choices=RIICHI_PRESETS, default="tenhou", help="the rules it plays by (default tenhou)")
    parser.add_argument("--explain", action="store_true", help="write each decision's reason to stderr")


class MjaiBot:
    """Events in, one mjai action out; the AI decides from the seat view the bot keeps."""

    def __init__(self, level: str = "hard", rules: str = "tenhou") -> None:
        self.level = level
        self.rules = rules
        self.state = MjaiSeat(rules)
        self.ai = make_ai(level, words=MJAI_WORDS)
        self.last_reason = ""

    def react(self, events: list[dict[str, Any]]) -> dict[str, Any]:
        for ev in events:
            if ev["type"] == "start_game":
                self.state = MjaiSeat(self.rules)
                self.ai = make_ai(self.level, ev.get("id", 0), MJAI_WORDS)
            self.state.apply(ev)
        return self.decide()

    def decide(self) -> dict[str, Any]:
        st = self.state
        last = st.last
        if st.pending_riichi is not None and last is not None and last["type"] == "reach" and last.get("actor") == st.seat:
            return self._dahai(st.pending_riichi)
        legal = st.legal()
        if not legal:
            return dict(NONE)
        try:
            action = self.ai.choose(st.view(), legal)
        except Exception as exc:  # noqa: BLE001 - a bot must answer; the fallback is the safest legal move
            print(f"mjai-bot: {type(exc).__name__}: {exc}", file=sys.stderr)
            action = legal[0]
        self.last_reason = getattr(self.ai, "last_reason", "")
        return self.to_mjai(action)

    def to_mjai(self, action: Action) -> dict[str, Any]:
        st = self.state
        seat = st.seat
        if isinstance(action, Riichi):
            st.pending_riichi = action.tile
            return {"type": "reach", "actor": seat}
        if isinstance(action, Discard):
            return self._dahai(action.tile)
        if isinstance(action, Tsumo):
            return {"type": "hora", "actor": seat, "target": seat, "pai": mjai_tile(st.drawn or 0)}
        offer = st.offered()
        if isinstance(action, Ron) and offer is not None:
            return {"type": "hora", "actor": seat, "target": offer[0], "pai": mjai_tile(offer[1])}
        if isinstance(action, (Chi, Pon, Kan)) and offer is not None:
            name, consumed = mjai_call(action, kind_of_code(offer[1]))
            if isinstance(action, Chi) and not action.consumed:  # kinds: the copies the bot holds
                consumed = [self._held(k) for k in consumed]
            return {"type": name, "actor": seat, "target": offer[0], "pai": mjai_tile(offer[1]),
                    "consumed": [mjai_tile(c) for c in consumed]}
        if isinstance(action, ClosedKan):
            codes = [c for c in st.codes if kind_of_code(c) == action.tile]
            return {"type": "ankan", "actor": seat, "consumed": [mjai_tile(c) for c in sorted(codes)]}
        if isinstance(action, AddedKan):
            held = self._held(action.tile)
            pon = next(codes for t, codes in st.meld_codes if t == "pon" and kind_of_code(codes[0]) == action.tile)
            return {"type": "kakan", "actor": seat, "pai": mjai_tile(held), "consumed": [mjai_tile(c) for c in pon]}
        if isinstance(action, NineTerminals):
            return {"type": "ryukyoku", "actor": seat}
        return dict(NONE)

    def _held(self, kind: int) -> int:
        codes = sorted(c for c in self.state.codes if kind_of_code(c) == kind)
        return codes[0]

    def _dahai(self, code: int) -> dict[str, Any]:
        st = self.state
        return {"type": "dahai", "actor": st.seat, "pai": mjai_tile(code), "tsumogiri": code == st.drawn}


def serve(bot: MjaiBot, lines: IO[str], out: IO[str], explain: IO[str] | None = None) -> None:
    """Answer every line of events with one action line; a line that is not JSON events
    the bot can follow raises ``MahjongJoyError`` naming the line."""
    for number, line in enumerate(lines, start=1):
        line = line.strip()
        if not line:
            continue
        reply = _reply(bot, line, number)
        out.write(json.dumps(reply, separators=(",", ":")) + "\n")
        out.flush()
        if explain is not None and reply["type"] != "none" and bot.last_reason:
            explain.write(f"seat {bot.state.seat}: {bot.last_reason}\n")


def _reply(bot: MjaiBot, line: str, number: int) -> dict[str, Any]:
    """The bot's action for one line of events. The line comes from another program, so
    anything it lacks (a field, a type, a tile the bot never saw) is reported, not raised on."""
    try:
        events = json.loads(line)
        if isinstance(events, dict):
            events = [events]
        return bot.react(events)
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
        what = f"{type(exc).__name__}: {exc}" if not isinstance(exc, MahjongJoyError) else str(exc)
        raise MahjongJoyError(f"stdin line {number}: not mjai events the bot can follow ({what})") from None


def run(args: argparse.Namespace) -> int:
    """Serve stdin to stdout; a line it cannot follow is one line on stderr and exit code 2."""
    try:
        serve(MjaiBot(args.level, args.rules), sys.stdin, sys.stdout, sys.stderr if args.explain else None)
    except MahjongJoyError as exc:
        print(f"mahjong-joy mjai-bot: {exc}", file=sys.stderr)
        return 2
    return 0
