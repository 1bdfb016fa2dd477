"""Where Hard and kobalab's majiang-ai disagree, decision by decision, in the arena.

An arena agent (``ShadowHard``) plays Hard's seat and, at every decision, also asks a
majiang-ai process what it would do with the same events; Hard's choice is played,
both are logged as one JSON line. ``summarize`` then counts agreement by kind of
decision: discards (calm or facing a riichi, by Hard's reason and shanten, and
whether majiang-ai's tile keeps a shape Hard's breaks, or the other way round),
calls and riichi. This is how the sixth session found that majiang-ai takes every
call Hard takes and some 2 more a game (docs/ai-measurements.md). Play it
(the arena's venv has majiang-ai; our code and the arena's agents on the path)::

    PYTHONPATH=.:scripts:../shared/arena SHADOW_LOG=/tmp/shadow.jsonl \\
      /tmp/mahjong-arena-venv/bin/python ../shared/arena/harness.py \\
      --agents "hard=py:arena_shadow:ShadowHard,majiang,majiang,majiang" --sets 5 --seed 2100 --quiet

    python scripts/arena_shadow.py summarize /tmp/shadow.jsonl [--show "claim none chi"]

majiang-ai keeps its own table from the events, so after a decision where the two
differ it follows the game Hard made; its answers stay comparable. One exception:
the discard that follows Hard's riichi is compared only when majiang-ai declared
riichi too (its bridge answers that step with its own riichi tile). The log is
appended to, so give each run its own ``SHADOW_LOG``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong_joy.ai import reading as rd  # noqa: E402
from mahjong_joy.mjai_tiles import code_of_mjai  # noqa: E402
from mahjong_joy.commands.mjai_bot import MjaiBot  # noqa: E402
from mahjong_joy.tiles import kind_of_code  # noqa: E402

LOG = os.environ.get("SHADOW_LOG", "shadow.jsonl")


class ShadowHard:
    """The arena's Agent protocol (``start``, ``act``, ``close``): Hard plays, majiang-ai is asked."""

    name = "hard"

    def __init__(self) -> None:
        from agents.external import majiang_agent  # the arena's own: only on its path

        self.majiang = majiang_agent()
        self.hard = MjaiBot("hard", "tenhou")
        self.game = 0
        self.before: tuple[str, str] = ("", "")  # the two answers to the last decision

    def start(self, seat: int) -> None:
        self.seat = seat
        self.majiang.start(seat)
        self.hard = MjaiBot("hard", "tenhou")
        self.game += 1
        self.before = ("", "")

    def act(self, events: list[dict[str, Any]], legal: list[dict[str, Any]]) -> dict[str, Any]:
        theirs = self.majiang.act(events, legal)
        ours = self.hard.react(events)
        try:
            line = self._line(ours, theirs, legal)
            line["after_riichi"] = [answer == "reach" for answer in self.before]
            with open(LOG, "a", encoding="utf-8") as out:
                out.write(json.dumps(line) + "\n")
        except Exception as exc:  # noqa: BLE001 - a diagnostic must never cost Hard its seat
            print(f"arena_shadow: not logged ({type(exc).__name__}: {exc})")
        self.before = (ours["type"], theirs["type"])
        return ours

    def _line(self, ours: dict[str, Any], theirs: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        view = self.hard.state.view()
        return {"game": self.game, "seat": self.seat, "hard": ours, "majiang": theirs, "why": self.hard.last_reason,
                "legal": [a["type"] for a in legal], "wall": view.wall_count, "counts34": view.counts34(),
                "melds": view.meld_count, "riichi": [t.seat for t in rd.threats(view) if t.riichi]}

    def close(self) -> None:
        self.majiang.close()


# ---------------------------------------------------------------- summary


def kind_of(tile: str) -> int:
    return kind_of_code(code_of_mjai(tile))


def shanten_after(counts34: list[int], melds: int, discard: int) -> int | None:
    """Shanten once ``discard`` goes; ``None`` when the hand does not hold it."""
    if not counts34[discard]:
        return None
    counts = list(counts34)
    counts[discard] -= 1
    return rd.shanten_of(counts, melds)


def category(line: dict[str, Any]) -> tuple[str, ...]:
    """What kind of decision the line is and how the two answered it."""
    ours, theirs, legal = line["hard"], line["majiang"], line["legal"]
    table = "riichi" if line["riichi"] else "calm"
    hard_reached, majiang_reached = line.get("after_riichi", [False, False])
    if hard_reached:  # Hard's riichi discard; majiang-ai's answer is the tile of its own riichi, if it declared one
        if not majiang_reached:
            return ("riichi discard", table, "majiang-ai stayed dama")
        return ("riichi discard", table, "same" if kind_of(ours["pai"]) == kind_of(theirs["pai"]) else "differ")
    if "none" in legal:
        return ("claim", table, ours["type"], theirs["type"])
    if ours["type"] == theirs["type"] == "dahai" and legal.count("dahai") > 1:
        counts, melds = line["counts34"], line["melds"]
        now = min(rd.shanten_of(counts, melds), 3)
        reason = line["why"].split(":")[0].split(" ")[0]
        mine, other = kind_of(ours["pai"]), kind_of(theirs["pai"])
        if mine == other:
            return ("discard", table, reason, f"{now} from ready", "same")
        after_mine, after_other = shanten_after(counts, melds, mine), shanten_after(counts, melds, other)
        if after_mine is None or after_other is None:
            return ("discard", table, reason, f"{now} from ready", "differ, a tile not in hand")
        return ("discard", table, reason, f"{now} from ready", f"differ, Hard's shanten {after_mine - after_other:+d}")
    return ("turn", table, ours["type"], theirs["type"])


def summarize(paths: list[Path], show: str | None) -> None:
    counts: Counter[tuple[str, ...]] = Counter()
    examples: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for path in paths:
        for text in path.read_text(encoding="utf-8").splitlines():
            line = json.loads(text)
            key = category(line)
            counts[key] += 1
            examples[key].append(f"{line['why']} | majiang-ai: {json.dumps(line['majiang'])}")
    for key in sorted(counts):
        print(f"{counts[key]:6d}  {' / '.join(key)}")
    if show:
        words = show.split()
        for key, found in examples.items():
            if all(w in key for w in words):
                print(f"\n{' / '.join(key)}:")
                for example, n in Counter(found).most_common(20):
                    print(f"  {n:3d}x {example}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    summary = sub.add_parser("summarize", help="count agreement by kind of decision")
    summary.add_argument("logs", nargs="+", type=Path)
    summary.add_argument("--show", help="words of a category whose examples to print, e.g. 'claim none chi'")
    args = parser.parse_args()
    summarize(args.logs, args.show)


if __name__ == "__main__":
    main()
