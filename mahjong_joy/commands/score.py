"""``mahjong-joy score``: score a win from its JSON situation.

Reads one situation (a file argument, or stdin) and prints a readable breakdown:
the hand, each yaku with its han, each fu line, the limit and who pays what.
``--json`` prints the result object; ``--jsonl`` reads one situation per line and
writes one result per line, a bad line giving an error object while the rest go
on. The JSON fields are described in the README's "Scoring" section.

Exit codes: 0 when the situation was scored (a hand that does not win or has no
yaku is still an answer), 2 on bad input (unreadable JSON, notation or fields, or
an impossible situation).

``--rules mcr`` scores a Chinese Official (MCR) situation instead (README, "MCR
scoring"): the same modes and exit codes, a breakdown of the fan with their English
and Chinese names.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from mahjong_joy.errors import MahjongJoyError
from mahjong_joy.notation import format_tiles
from mahjong_joy.rulesets.riichi import DISPLAY_NAMES, HandScore, RiichiRules, WinSituation, score_hand
from mahjong_joy.rulesets.riichi.scorer import INVALID_SITUATION


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``score`` and its options."""
    parser = sub.add_parser("score", help="score a winning hand: yaku, fu, limit, payments")
    parser.add_argument("file", nargs="?", help="JSON situation file (default: stdin)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--json", action="store_true", help="print the result as one JSON object")
    mode.add_argument("--jsonl", action="store_true", help="one situation per line in, one result per line out")
    parser.add_argument("--rules", choices=RULESETS, default=None,
                        help="score under another ruleset instead of riichi: mcr (Chinese Official)")


# Rulesets ``--rules`` can name; without the flag the riichi scorer reads the situation.
RULESETS = ("mcr",)


def score_object(data: Any) -> tuple[HandScore, WinSituation]:
    """Score one situation object (its ``rules`` key read as the options); raises on bad fields."""
    situation = WinSituation.from_dict(data)
    rules = RiichiRules.from_dict(data.get("rules"))
    return score_hand(situation, rules), situation


def render(result: HandScore, situation: WinSituation) -> str:
    """Readable text for one scored win."""
    melds = "".join(f"  [{m.kind} {format_tiles(m.tiles, red=m.red)}]" for m in situation.melds)
    how = "tsumo" if situation.tsumo else "ron"
    lines = [f"hand: {format_tiles(situation.hand, red=situation.hand_red)}{melds}",
             f"win: {format_tiles([situation.win_tile])} by {how}"]
    if not result.valid:
        lines.append(f"no score: {result.error}" + (f" ({result.message})" if result.message else ""))
        return "\n".join(lines)
    lines.append("yaku:")
    width = max(len(DISPLAY_NAMES.get(name, name)) for name, _ in result.yaku)
    for name, han in result.yaku:
        lines.append(f"  {DISPLAY_NAMES.get(name, name):<{width}}  {han:>2} han  ({name})")
    lines.append("fu:")
    for line in result.fu_details:
        tiles = f" {line.tiles}" if line.tiles else ""
        lines.append(f"  {line.reason.replace('_', ' ')}{tiles}: {line.fu}")
    summary = f"{result.han} han {result.fu} fu"
    if result.yakuman:
        summary = f"{result.yakuman}x yakuman"
    lines.append(f"total: {summary}" + (f", {result.limit.replace('_', ' ')}" if result.limit else ""))
    lines.append("payments: " + ", ".join(_payment_text(k, v) for k, v in result.payments.items()))
    lines.append(f"winner receives: {result.total}")
    return "\n".join(lines)


def _payment_text(key: str, value: int) -> str:
    return {"ron": f"discarder pays {value}", "tsumo_dealer": f"dealer pays {value}",
            "tsumo_non_dealer": f"each non-dealer pays {value}"}[key]


def _error_object(message: str) -> dict[str, Any]:
    """The result object of a line that could not be read (same keys as any result)."""
    return HandScore(False, INVALID_SITUATION, message).to_dict()


def _run_jsonl(stream: TextIO) -> int:
    for number, line in enumerate(stream, 1):
        if not line.strip():
            continue
        try:
            result, _ = score_object(json.loads(line))
            out = result.to_dict()
        except json.JSONDecodeError as exc:
            out = _error_object(f"line {number}: not JSON: {exc}")
        except MahjongJoyError as exc:
            out = _error_object(f"line {number}: {exc}")
        print(json.dumps(out, ensure_ascii=False), flush=True)
    return 0


def run(args: argparse.Namespace) -> int:
    """Entry point for ``mahjong-joy score``."""
    if getattr(args, "rules", None) == "mcr":
        return _run_mcr(args)
    try:
        stream = open(args.file, encoding="utf-8") if args.file else sys.stdin
    except OSError as exc:
        print(f"mahjong-joy score: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        if args.jsonl:
            return _run_jsonl(stream)
        text = stream.read()
    finally:
        if stream is not sys.stdin:
            stream.close()
    try:
        result, situation = score_object(json.loads(text))
    except json.JSONDecodeError as exc:
        print(f"mahjong-joy score: the situation is not JSON: {exc}", file=sys.stderr)
        return 2
    except MahjongJoyError as exc:
        print(f"mahjong-joy score: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result.to_dict(), ensure_ascii=False) if args.json else render(result, situation))
    if result.error == INVALID_SITUATION:
        print(f"mahjong-joy score: invalid situation: {result.message}", file=sys.stderr)
        return 2
    return 0


# ---------------------------------------------------------------- --rules mcr

def mcr_score_object(data: Any) -> tuple[Any, Any]:
    """Score one MCR situation object; raises on bad fields (imported only when asked)."""
    from mahjong_joy.rulesets.mcr import McrSituation, score_mcr

    situation = McrSituation.from_dict(data)
    return score_mcr(situation), situation


def mcr_render(result: Any, situation: Any) -> str:
    """Readable text for one MCR result: each fan with both names, totals, payments."""
    from mahjong_joy.rulesets.mcr.fan import ROW_BY_ID

    melds = "".join(f"  [{m.kind.replace('_', ' ')} {format_tiles(m.tiles)}]" for m in situation.melds)
    how = "self-draw" if situation.tsumo else "discard"
    winds = "ESWN"
    lines = [f"hand: {format_tiles(situation.hand)}{melds}",
             f"win: {format_tiles([situation.win_tile])} by {how}"
             f" (seat {winds[situation.seat_wind - 27]}, prevalent {winds[situation.round_wind - 27]})"]
    if result.reading:
        lines.append(f"reading ({result.form.replace('_', ' ')}): {result.reading}")
    if result.fan:
        lines.append("fan:")
        width = max(len(ROW_BY_ID[name].name) for name, _, _ in result.fan)
        for name, value, count in result.fan:
            row = ROW_BY_ID[name]
            times = f"  ({count} x {value})" if count > 1 else ""
            lines.append(f"  {row.name:<{width}}  {row.chinese}  {value * count:>3}  ({name}){times}")
        flowers = f" + {result.flowers} flowers = {result.total}" if result.flowers else ""
        lines.append(f"fan total: {result.fan_total}{flowers}")
    if not result.valid:
        lines.append(f"no win: {result.error}" + (f" ({result.message})" if result.message else ""))
        return "\n".join(lines)
    pay = result.payments
    if "each" in pay:
        lines.append(f"payments: each of the three pays {pay['each']}")
    else:
        lines.append(f"payments: discarder pays {pay['discarder']}, the other two {pay['others']} each")
    return "\n".join(lines)


def _mcr_error_object(message: str) -> dict[str, Any]:
    from mahjong_joy.rulesets.mcr import McrScore

    return McrScore(False, INVALID_SITUATION, message).to_dict()


def _run_mcr(args: argparse.Namespace) -> int:
    """``mahjong-joy score --rules mcr``: the riichi command's modes for an MCR situation."""
    try:
        stream = open(args.file, encoding="utf-8") if args.file else sys.stdin
    except OSError as exc:
        print(f"mahjong-joy score: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        if args.jsonl:
            for number, line in enumerate(stream, 1):
                if line.strip():
                    print(json.dumps(_mcr_line(number, line), ensure_ascii=False), flush=True)
            return 0
        text = stream.read()
    finally:
        if stream is not sys.stdin:
            stream.close()
    try:
        result, situation = mcr_score_object(json.loads(text))
    except json.JSONDecodeError as exc:
        print(f"mahjong-joy score: the situation is not JSON: {exc}", file=sys.stderr)
        return 2
    except MahjongJoyError as exc:
        print(f"mahjong-joy score: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result.to_dict(), ensure_ascii=False) if args.json else mcr_render(result, situation))
    if result.error == INVALID_SITUATION:
        print(f"mahjong-joy score: invalid situation: {result.message}", file=sys.stderr)
        return 2
    return 0


def _mcr_line(number: int, line: str) -> dict[str, Any]:
    try:
        return mcr_score_object(json.loads(line))[0].to_dict()
    except json.JSONDecodeError as exc:
        return _mcr_error_object(f"line {number}: not JSON: {exc}")
    except MahjongJoyError as exc:
        return _mcr_error_object(f"line {number}: {exc}")
