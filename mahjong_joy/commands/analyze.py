"""``mahjong-joy analyze``: a hand calculator for players.

Prints shanten per form, waits (13 tiles) or the discard table (14 tiles), and the
decompositions of a complete hand; ``--json`` / ``--jsonl`` give machine output.
``--rules mcr`` analyses the hand in the Chinese Official forms instead (shanten
per MCR form, waits, the readings of a complete hand).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from mahjong_joy.errors import MahjongJoyError, NotationError
from mahjong_joy.hand.counts import counts_of_kinds
from mahjong_joy.hand.decompose import decompositions
from mahjong_joy.hand.shanten import shanten_by_form
from mahjong_joy.hand.waits import discard_candidates, ukeire, waiting_tiles
from mahjong_joy.notation import format_tile, format_tiles, parse_tiles
from mahjong_joy.untrusted import bounded_lines


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``analyze`` and its options."""
    parser = sub.add_parser("analyze", help="analyse a hand: shanten, waits, discards, decompositions")
    parser.add_argument("hand", nargs="?", help='the hand, e.g. "123m456p789s1122z"')
    parser.add_argument("--melds", type=int, default=0, help="declared melds (the hand then has 3 fewer tiles each)")
    parser.add_argument("--visible", default="", help="tiles already seen elsewhere (for unseen counts)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--json", action="store_true", help="print one JSON object")
    mode.add_argument("--jsonl", action="store_true", help="read hands from stdin, one per line; write JSON lines")
    parser.add_argument("--rules", choices=RULESETS, default=None,
                        help="analyse in another ruleset's forms instead of riichi: mcr (Chinese Official)")


# Rulesets ``--rules`` can name; without the flag the riichi forms are used.
RULESETS = ("mcr",)


def analyze(text: str, melds: int = 0, visible: str = "") -> dict[str, Any]:
    """The analysis of one hand as a JSON-ready dict (raises on bad input)."""
    tiles = parse_tiles(text)
    seen = _seen_counts(tiles, visible)
    if melds and not 0 <= melds <= 4:
        raise MahjongJoyError(f"--melds must be 0..4, got {melds}")
    forms = shanten_by_form(tiles, melds)
    present = [f for f in forms if f is not None]
    result: dict[str, Any] = {
        "tiles": format_tiles(tiles),
        "melds": melds,
        "shanten": min(present),
        "shanten_by_form": forms._asdict(),
        "winning": min(present) == -1,
    }
    if len(tiles) + 3 * melds == 13:
        result["waits"] = [format_tile(t) for t in waiting_tiles(tiles, melds)]
        result["ukeire"] = {format_tile(t): n for t, n in ukeire(tiles, melds, seen).items()}
    else:
        result["discards"] = [
            {"tile": format_tile(c.tile), "shanten": c.shanten, "ukeire": {format_tile(t): n for t, n in c.ukeire.items()}}
            for c in discard_candidates(tiles, melds, seen)
        ]
        if result["winning"]:
            result["decompositions"] = [[str(g) for g in d.groups] for d in decompositions(tiles, melds)]
    return result


def _seen_counts(tiles: list[int], visible: str) -> list[int]:
    """The ``--visible`` tiles as counts (any number of them, 34 included); a fifth copy
    between them and the hand is an error."""
    seen = parse_tiles(visible, allow_empty=True, max_copies=4)
    counts_of_kinds(tiles + seen)
    return counts_of_kinds(seen)


def render(result: dict[str, Any]) -> str:
    """Readable text for one analysis."""
    forms = result["shanten_by_form"]
    lines = [f"hand: {result['tiles']}" + (f"  (+{result['melds']} melds)" if result["melds"] else "")]
    lines.append(f"shanten: {_shanten_word(result['shanten'])}")
    lines.append("  " + "  ".join(f"{name.replace('_', ' ')}: {v if v is not None else '-'}" for name, v in forms.items()))
    if "waits" in result:
        if result["waits"]:
            lines.append("waits: " + " ".join(f"{t}({result['ukeire'].get(t, 0)})" for t in result["waits"]))
        lines.append(f"useful tiles ({sum(result['ukeire'].values())} unseen): " + " ".join(f"{t}({n})" for t, n in result["ukeire"].items()))
    for reading in result.get("decompositions", []):
        lines.append("complete: " + " ".join(reading))
    if "discards" in result:
        lines.append("discard  shanten  ukeire  useful tiles")
        for c in result["discards"]:
            useful = " ".join(c["ukeire"])
            lines.append(f"{c['tile']:>7}  {c['shanten']:>7}  {sum(c['ukeire'].values()):>6}  {useful}")
    return "\n".join(lines)


def _shanten_word(n: int) -> str:
    return {-1: "-1 (complete)", 0: "0 (ready)"}.get(n, str(n))


def run(args: argparse.Namespace) -> int:
    """Entry point for ``mahjong-joy analyze``."""
    mcr = getattr(args, "rules", None) == "mcr"
    analyse, show = (analyze_mcr, render_mcr) if mcr else (analyze, render)
    if args.jsonl:
        for _, line in bounded_lines(sys.stdin, error=NotationError):  # an over-long or non-UTF-8 line is its own error
            try:
                if isinstance(line, MahjongJoyError):
                    raise line
                out = analyse(line.strip(), args.melds, args.visible)
            except MahjongJoyError as exc:
                out = {"error": str(exc)}
            print(json.dumps(out, ensure_ascii=False), flush=True)
        return 0
    if args.hand is None:
        print("mahjong-joy analyze: a hand is required (or use --jsonl)", file=sys.stderr)
        return 2
    try:
        result = analyse(args.hand, args.melds, args.visible)
    except MahjongJoyError as exc:
        print(f"mahjong-joy analyze: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result, ensure_ascii=False) if args.json else show(result))
    return 0


# ---------------------------------------------------------------- --rules mcr

def analyze_mcr(text: str, melds: int = 0, visible: str = "") -> dict[str, Any]:
    """The MCR analysis of one hand: shanten per MCR form, and the waits (13 tiles
    less 3 per meld) or the readings of a complete hand (14)."""
    from mahjong_joy.hand import mcr_forms

    tiles = parse_tiles(text)
    seen = _seen_counts(tiles, visible)
    forms = mcr_forms.mcr_shanten_by_form(tiles, melds)
    present = [v for v in forms if v is not None]
    result: dict[str, Any] = {"rules": "mcr", "tiles": format_tiles(tiles), "melds": melds,
                              "shanten": min(present), "shanten_by_form": forms._asdict(),
                              "winning": min(present) == -1}
    if len(tiles) + 3 * melds == 13:
        waits = mcr_forms.mcr_waits(tiles, melds)
        result["waits"] = [format_tile(t) for t in waits]
        result["unseen"] = {format_tile(t): 4 - tiles.count(t) - seen[t] for t in waits}
    elif result["winning"]:
        result["decompositions"] = [{"form": d.form, "reading": str(d)}
                                    for d in mcr_forms.mcr_decompositions(tiles, melds)]
    return result


def render_mcr(result: dict[str, Any]) -> str:
    """Readable text for one MCR analysis."""
    melds = f"  (+{result['melds']} melds)" if result["melds"] else ""
    lines = [f"hand: {result['tiles']}{melds}  [MCR]", f"shanten: {_shanten_word(result['shanten'])}"]
    lines.append("  " + "  ".join(f"{name.replace('_', ' ')}: {'-' if v is None else v}"
                                  for name, v in result["shanten_by_form"].items()))
    if "waits" in result:
        waits = " ".join(f"{t}({result['unseen'][t]})" for t in result["waits"])
        lines.append(f"waits: {waits}" if waits else "waits: none")
    for d in result.get("decompositions", []):
        lines.append(f"complete ({d['form'].replace('_', ' ')}): {d['reading']}")
    return "\n".join(lines)
