"""``mahjong-joy stats``: the player's statistics from the match history, as text or JSON.

Exit code 0 whenever the history could be opened or was set aside (a corrupt
file is quarantined, its notice printed on stderr, and empty statistics shown;
damaged rows are skipped and named on stderr). Exit code 1, with one line on
stderr, when another program holds the history locked: it is left as it is.
"""

from __future__ import annotations

import argparse
import json
import sys

from mahjong_joy.errors import StorageUnavailableError
from mahjong_joy.storage.history import History
from mahjong_joy.storage.stats import Stats, best_hand_text, compute_stats

PLACES = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``stats`` and its options."""
    parser = sub.add_parser("stats", help="your statistics from past matches")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")


def render(stats: Stats) -> str:
    """The figures as readable lines (the same ones the Stats screen shows)."""
    if stats.is_empty:
        return "No matches yet: finish a match and your statistics appear here."
    lines = [
        f"Matches played:        {stats.matches}",
        f"Hands played:          {stats.hands}",
        f"Average placement:     {_number(stats.average_placement, 2)}",
        f"Win rate:              {_percent(stats.win_rate)} ({stats.wins} of {stats.hands} hands)",
        f"Deal-in rate:          {_percent(stats.deal_in_rate)} ({stats.deal_ins} of {stats.hands} hands)",
        f"Average points a win:  {_number(stats.average_win_points, 0)}",
        f"Best hand:             {best_hand_text(stats.best_hand)}",
        f"Recent placements:     {' '.join(PLACES.get(p, str(p)) for p in stats.recent_placements) or '-'}",
        "Win rate by ruleset:",
    ]
    lines += [f"  {name:<20} {_percent(rate)}" for name, rate in stats.win_rate_by_ruleset.items()]
    return "\n".join(lines)


def _percent(rate: float | None) -> str:
    return "-" if rate is None else f"{rate * 100:.1f}%"


def _number(value: float | None, digits: int) -> str:
    return "-" if value is None else f"{value:,.{digits}f}"


def run(args: argparse.Namespace) -> int:
    """Entry point for ``mahjong-joy stats``."""
    try:
        with History.open() as history:
            stats = compute_stats(history)
            message = history.message()
    except StorageUnavailableError as exc:
        print(f"mahjong-joy stats: {exc}", file=sys.stderr)
        return 1
    if message:
        print(f"mahjong-joy stats: {message}", file=sys.stderr)
    print(json.dumps(stats.to_dict(), ensure_ascii=False, indent=2) if args.json else render(stats))
    return 0
