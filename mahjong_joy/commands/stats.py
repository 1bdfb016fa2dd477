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

from mahjong_joy.app.archive import player_stats
from mahjong_joy.errors import StorageUnavailableError
from mahjong_joy.names import ruleset_title
from mahjong_joy.storage.history import History
from mahjong_joy.storage.stats import Figures, Stats, best_hand_text, scores_fan

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
    return "\n".join(lines + ruleset_table(list(stats.by_ruleset.values())))


FAN_ROW = "Average fan a win"
RULESET_ROWS = (  # label, the figure as text ("-" where the ruleset has none or the history does not know)
    ("Matches played", lambda f: f"{f.matches}"),
    ("Hands played", lambda f: f"{f.hands}"),
    ("Win rate", lambda f: _percent(f.win_rate)),
    ("Deal-in rate", lambda f: _percent(f.deal_in_rate)),
    ("Average points a win", lambda f: _number(f.average_win_points, 0)),
    ("Riichi rate", lambda f: _percent(f.riichi_rate)),
    (FAN_ROW, lambda f: _number(f.average_fan, 1)),
    ("Placements 1st-4th", lambda f: "/".join(str(n) for n in f.placements)),
    ("Average placement", lambda f: _number(f.average_placement, 2)),
    ("Average game points", lambda f: _signed(f.average_game_points)),
)


def ruleset_table(rulesets: list[Figures]) -> list[str]:
    """The per-ruleset figures as a table, one column per ruleset played."""
    if not rulesets:
        return []
    width = max(14, *(len(ruleset_title(f.ruleset)) + 2 for f in rulesets))
    lines = ["By ruleset:".ljust(24) + "".join(ruleset_title(f.ruleset).rjust(width) for f in rulesets)]
    fan = any(scores_fan(f.ruleset) for f in rulesets)
    for label, shown in RULESET_ROWS:
        if label == FAN_ROW and not fan:
            continue  # only a ruleset scored in fan (Chinese Official) has this figure
        lines.append(f"  {label:<22}" + "".join(shown(f).rjust(width) for f in rulesets))
    return lines


def _signed(value: float | None) -> str:
    return "-" if value is None else f"{value:+.1f}"


def _percent(rate: float | None) -> str:
    return "-" if rate is None else f"{rate * 100:.1f}%"


def _number(value: float | None, digits: int) -> str:
    return "-" if value is None else f"{value:,.{digits}f}"


def run(args: argparse.Namespace) -> int:
    """Entry point for ``mahjong-joy stats``."""
    try:
        with History.open() as history:
            stats = player_stats(history)
            message = history.message()
    except StorageUnavailableError as exc:
        print(f"mahjong-joy stats: {exc}", file=sys.stderr)
        return 1
    if message:
        print(f"mahjong-joy stats: {message}", file=sys.stderr)
    print(json.dumps(stats.to_dict(), ensure_ascii=False, indent=2) if args.json else render(stats))
    return 0
