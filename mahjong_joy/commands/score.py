"""``mahjong-joy score``: score a win from its JSON situation.

Reads one situation (a file argument, or stdin) and prints a readable breakdown:
the hand, each yaku with its han, each fu line, the limit and who pays what.
``--json`` prints the result object; ``--jsonl`` reads one situation per line and
writes one result per line, a bad line giving an error object while the rest go
on. The JSON fields are described in the README's "Scoring" section.

``--rules NAME`` picks the ruleset: a riichi preset (``joy``, ``mahjong_soul``,
``tenhou``) scores with that preset's options, which a situation's own ``rules``
key may still change one by one; ``mcr`` scores a Chinese Official situation
(README, "MCR scoring"): the same modes and exit codes, a breakdown of the fan
with their English and Chinese names. Without it, the riichi defaults (Mahjong
Soul's options) apply.

Exit codes: 0 when the situation was scored (a hand that does not win or has no
yaku is still an answer), 2 on bad input (unreadable JSON, notation or fields, or
an impossible situation).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TextIO

from mahjong_joy.errors import MahjongJoyError, ScoringError
from mahjong_joy.notation import format_tiles
from mahjong_joy.rulesets.presets import PRESETS
from mahjong_joy.rulesets.riichi import DISPLAY_NAMES, HandScore, RiichiRules, WinSituation, score_hand
from mahjong_joy.rulesets.riichi.scorer import INVALID_SITUATION
from mahjong_joy.untrusted import LINE_LIMIT, bounded_lines, decode, parse_json, shown, size_text


SITUATION_HELP = """\
the situation: one JSON object (all fields but hand and win_tile optional)

riichi presets (joy, mahjong_soul, tenhou; the default):
  hand              concealed tiles in MPSZ, winning tile included ("0" = red five)
  win_tile          the winning tile, e.g. "2s"
  melds             [{"type": "chi"|"pon"|"kan"|"closed_kan"|"added_kan", "tiles": "555z"}]
  tsumo             true for a self-draw (default false: ron)
  riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou
                    true when the win has that condition
  seat_wind, round_wind   "E", "S", "W" or "N" (default "E"; East deals)
  dora_indicators, ura_indicators   MPSZ strings
  honba, riichi_sticks    counters on the table
  rules             options changed one by one, e.g. {"open_tanyao": false}

--rules mcr (Chinese Official):
  hand, win_tile    as above
  melds             [{"type": "chow"|"pung"|"kong"|"concealed_kong", "tiles": "456m"}]
  tsumo, last_tile, kong_replacement, robbing_kong, last_wall_tile   true or false
  seat_wind, round_wind   "E", "S", "W" or "N"
  flowers           0-8
  rules             {"kong_convention": "official"|"library", "seven_pairs_tile_hog": bool}

example:
  echo '{"hand": "123m406p789s22s777z", "win_tile": "2s", "seat_wind": "S"}' | mahjong-joy score
"""


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``score`` and its options; ``--help`` spells out the situation's JSON
    fields (a player asked where the format was written)."""
    parser = sub.add_parser("score", help="score a winning hand: yaku, fu, limit, payments",
                            epilog=SITUATION_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", nargs="?", help="JSON situation file (default: stdin)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--json", action="store_true", help="print the result as one JSON object")
    mode.add_argument("--jsonl", action="store_true", help="one situation per line in, one result per line out")
    parser.add_argument("--rules", choices=RULESETS, default=None,
                        help="the ruleset: a riichi preset (joy, mahjong_soul, tenhou) or mcr (Chinese Official)")


RULESETS = tuple(dict.fromkeys((*PRESETS, "mcr")))  # every preset; mcr scores an MCR situation
"""What ``--rules`` can name: the riichi-family presets and MCR."""


def score_object(data: Any, base: RiichiRules | None = None) -> tuple[HandScore, WinSituation]:
    """Score one riichi situation object; its ``rules`` key changes options of ``base``
    (the riichi defaults when ``None``); raises on bad fields."""
    situation = WinSituation.from_dict(data)
    given = data.get("rules")
    RiichiRules.from_dict(given)  # unknown options and bad values are refused here
    rules = replace(base or RiichiRules(), **(given or {}))
    return score_hand(situation, rules), situation


def render(result: HandScore, situation: WinSituation) -> str:
    """Readable text for one scored win."""
    melds = "".join(f"  [{m.type} {format_tiles(m.kinds, red=m.reds)}]" for m in situation.melds)
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


class Scoring:
    """What one ``--rules`` choice scores with: the object scorer, its text and its error object."""

    def __init__(self, rules: str | None) -> None:
        if rules == "mcr":
            self.score: Callable[[Any], tuple[Any, Any]] = mcr_score_object
            self.render: Callable[[Any, Any], str] = mcr_render
            self.error_object: Callable[[str], dict[str, Any]] = _mcr_error_object
        else:
            base = PRESETS[rules].scoring if rules else None
            self.score = lambda data: score_object(data, base)
            self.render = render
            self.error_object = _error_object


def score_text(text: str, scoring: Scoring | None = None) -> tuple[Any, Any]:
    """Score one situation's JSON text, read like any untrusted input (bounded size,
    depth and numbers); a field of the wrong type is a ``ScoringError``, never a crash."""
    scoring = scoring or Scoring(None)
    data = parse_json(text, "the situation", ScoringError)
    for key in ("seat_wind", "round_wind"):
        if isinstance(data, dict) and isinstance(data.get(key), (list, dict)):
            raise ScoringError(f"{key} must be a wind such as \"E\", not {shown(data[key])}")
    try:
        return scoring.score(data)
    except (TypeError, KeyError, AttributeError, IndexError) as exc:
        raise ScoringError(f"the situation has a field of the wrong type ({type(exc).__name__}: {exc})") from None


def _run_jsonl(stream: TextIO, scoring: Scoring) -> int:
    """One answer per line, in order: a line that cannot be read or scored gets its error object."""
    for number, line in bounded_lines(stream, error=ScoringError):
        try:
            if isinstance(line, MahjongJoyError):
                raise line
            result, _ = score_text(line, scoring)
            out = result.to_dict()
        except MahjongJoyError as exc:
            out = scoring.error_object(f"line {number}: {exc}")
        print(json.dumps(out, ensure_ascii=False), flush=True)
    return 0


def run(args: argparse.Namespace) -> int:
    """Entry point for ``mahjong-joy score``."""
    scoring = Scoring(getattr(args, "rules", None))
    try:
        stream = open(args.file, encoding="utf-8") if args.file else sys.stdin
    except OSError as exc:
        print(f"mahjong-joy score: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        if args.jsonl:
            return _run_jsonl(stream, scoring)
        text = _read_all(stream)
    except (OSError, MahjongJoyError) as exc:
        print(f"mahjong-joy score: cannot read {args.file or 'stdin'}: {getattr(exc, 'strerror', None) or exc}", file=sys.stderr)
        return 2
    finally:
        if stream is not sys.stdin:
            stream.close()
    try:
        result, situation = score_text(text, scoring)
    except MahjongJoyError as exc:
        print(f"mahjong-joy score: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result.to_dict(), ensure_ascii=False) if args.json else scoring.render(result, situation))
    if result.error == INVALID_SITUATION:
        print(f"mahjong-joy score: invalid situation: {result.message}", file=sys.stderr)
        return 2
    return 0


def _read_all(stream: TextIO) -> str:
    """One situation from a file or stdin: at most :data:`LINE_LIMIT` bytes, UTF-8 (a BOM dropped)."""
    source = getattr(stream, "buffer", None)
    data = source.read(LINE_LIMIT + 1) if source is not None else stream.read(LINE_LIMIT + 1)
    if len(data) > LINE_LIMIT:
        raise ScoringError(f"the situation is larger than the {size_text(LINE_LIMIT)} limit")
    return decode(data, "the situation", ScoringError) if isinstance(data, bytes) else data


# ---------------------------------------------------------------- --rules mcr

def mcr_score_object(data: Any) -> tuple[Any, Any]:
    """Score one MCR situation object; raises on bad fields (imported only when asked)."""
    from mahjong_joy.rulesets.mcr import McrSituation, score_mcr

    situation = McrSituation.from_dict(data)
    return score_mcr(situation), situation


def mcr_render(result: Any, situation: Any) -> str:
    """Readable text for one MCR result: each fan with both names, totals, payments."""
    from mahjong_joy.names import WIND_LETTERS
    from mahjong_joy.rulesets.mcr.fan import ROW_BY_ID

    melds = "".join(f"  [{m.kind.replace('_', ' ')} {format_tiles(m.tiles)}]" for m in situation.melds)
    how = "self-draw" if situation.tsumo else "discard"
    lines = [f"hand: {format_tiles(situation.hand)}{melds}",
             f"win: {format_tiles([situation.win_tile])} by {how}"
             f" (seat {WIND_LETTERS[situation.seat_wind - 27]}, prevalent {WIND_LETTERS[situation.round_wind - 27]})"]
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
