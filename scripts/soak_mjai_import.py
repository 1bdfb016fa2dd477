"""Soak the mjai import on many fresh riichienv games: every hand refereed, every payment matched.

    python scripts/soak_mjai_import.py [--games 100] [--first-seed 1000] [--rules tenhou mahjong_soul]

Each seed plays one riichienv hanchan with the seeded greedy agents of
``scripts/make_riichienv_logs.py`` (riichienv is the ``bench`` extra), then imports
its mjai log through our engine, collecting every hand that fails. A game counts
as clean when no hand fails, the match is over, and each hand's score changes equal
the log's. A Tenhou game that fails only because riichienv counts a karaten hand
as ready (every wait's four copies in the seat's own hand; RULES.md C1-17, see
``test_riichienv_counts_karaten_as_ready_where_tenhou_does_not``) is counted apart:
it must import cleanly once karaten counts. Prints one line per failing game
(seed, hand, our message) and a summary; exit status 1 when any other game failed.
Too slow for CI: the committed fixtures cover the suite.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_riichienv_logs import play  # noqa: E402

from mahjong_joy.replay.mjai_import import import_mjai  # noqa: E402
from mahjong_joy.replay.summary import match_json  # noqa: E402
from mahjong_joy.rulesets.presets import TENHOU  # noqa: E402
from mahjong_joy.rulesets.rules import Rules  # noqa: E402

KARATEN_COUNTS = replace(TENHOU, hand=replace(TENHOU.hand, karaten_is_noten=False))
KARATEN = "riichienv counts karaten as ready"


def paid_in_log(events: list[dict]) -> list[list[int]]:
    """Each hand's summed score changes, as the log's hora and ryukyoku events give them."""
    hands: list[list[int]] = []
    for event in events:
        if event["type"] == "start_kyoku":
            hands.append([0, 0, 0, 0])
        elif event["type"] in ("hora", "ryukyoku") and hands:
            hands[-1] = [a + b for a, b in zip(hands[-1], event["deltas"])]
    return hands


def soak_one(seed: int, rules: str) -> str | None:
    """None when the game imports cleanly; otherwise what went wrong, in one line
    (starting with ``KARATEN`` when only the karaten rule tells the engines apart)."""
    events = play(seed, rules)
    problem = check_import(events, rules, f"{rules}-seed{seed}")
    if problem is not None and rules == "tenhou" and check_import(events, KARATEN_COUNTS, f"{rules}-seed{seed}") is None:
        return f"{KARATEN}: {problem}"
    return problem


def check_import(events: list[dict], rules: Rules | str, name: str) -> str | None:
    """None when the log imports cleanly under ``rules`` with every payment matched."""
    text = "".join(json.dumps(e) + "\n" for e in events)
    result = import_mjai(text, rules, name, keep_going=True)
    if result.errors:
        return str(result.errors[0]).splitlines()[0]
    (match,) = result.matches
    if not match.is_over:
        return "the match is not over at the log's end"
    ours = [hand["deltas"] for hand in match_json(match)["hands"]]
    theirs = paid_in_log(events)
    for index, (a, b) in enumerate(zip(ours, theirs)):
        if a != b:
            return f"hand {index + 1}: we pay {a}, the log pays {b}"
    if len(ours) != len(theirs):
        return f"{len(ours)} hands played, the log has {len(theirs)}"
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per ruleset")
    parser.add_argument("--first-seed", type=int, default=1000)
    parser.add_argument("--rules", nargs="*", default=["tenhou", "mahjong_soul"], choices=("tenhou", "mahjong_soul"))
    args = parser.parse_args()
    failed = karaten = 0
    kinds: Counter[str] = Counter()
    start = time.process_time()
    for rules in args.rules:
        for seed in range(args.first_seed, args.first_seed + args.games):
            problem = soak_one(seed, rules)
            if problem is not None and problem.startswith(KARATEN):
                karaten += 1
                print(f"{rules} seed {seed}: {problem}", flush=True)
            elif problem is not None:
                failed += 1
                kinds[problem.split(":")[0][:60]] += 1
                print(f"{rules} seed {seed}: {problem}", flush=True)
    total = args.games * len(args.rules)
    print(f"{total - failed - karaten}/{total} games clean, {karaten} differ only on karaten, {failed} failed; "
          f"{time.process_time() - start:.0f} s CPU")
    for kind, count in kinds.most_common():
        print(f"  {count} x {kind}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
