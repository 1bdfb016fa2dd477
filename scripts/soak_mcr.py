"""Soak Chinese Official play: many seeded all-AI matches under the independent checks.

    python scripts/soak_mcr.py [--matches 40] [--first-seed 100] [--ai normal]

Each match is played one move at a time with the checks of ``tests/test_mcr_simulation.py``
after every action (144 tiles and every flower accounted for, points summing to 0) and
every win's recorded situation scored again by pymahjonggb 1.4.0 (the same total, at
least 8 fan without flowers, payments as RULES.md B2 says). Prints one line per failing
match and a summary of what the wins covered (self-draws, robbed kongs, kong replacements,
last tiles, flowers), so a run shows which rules it exercised. Exit status 1 on a failure.
Too slow for CI: the test runs three seeds.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.test_mcr_simulation import checked_match  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--first-seed", type=int, default=100)
    parser.add_argument("--ai", default="normal", help="one AI for every seat, or four separated by commas")
    args = parser.parse_args()
    seen: Counter = Counter()
    failed = 0
    start = time.process_time()
    for seed in range(args.first_seed, args.first_seed + args.matches):
        try:
            ctl, wins = checked_match(seed, args.ai)
        except AssertionError:
            failed += 1
            print(f"seed {seed}: {traceback.format_exc().splitlines()[-1]}")
            continue
        seen["matches"] += 1
        seen["wins"] += wins
        for outcome in ctl.match.results:
            seen["hands"] += 1
            seen["flowers laid"] += sum(len(f) for f in outcome.flowers)
            for win in outcome.wins:
                s = win.situation
                for flag in ("tsumo", "last_tile", "kong_replacement", "robbing_kong", "last_wall_tile"):
                    seen[flag] += bool(s[flag])
                seen["wins with flowers"] += s["flowers"] > 0
    took = time.process_time() - start
    print(" ".join(f"{name}: {count}" for name, count in seen.items()))
    print(f"failed matches: {failed}; {took:.1f} s CPU")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
