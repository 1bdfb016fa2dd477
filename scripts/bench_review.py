"""How long the coach takes to review one seat of a whole hanchan (issue 26: at most 5 s).

Plays seeded Tenhou hanchan (an Easy seat among Hard, Normal and Hard, so the
reviewed seat makes real mistakes and every kind of decision comes up), then times
:func:`mahjong_joy.app.coach.review_match` of seat 0, several runs each, and prints
the median and the slowest. The replay is part of the time (it is part of a review)::

    python scripts/bench_review.py [--games 3] [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong_joy.app.coach import review_match  # noqa: E402
from mahjong_joy.commands.simulate import simulate  # noqa: E402
from mahjong_joy.replay.record import run_record  # noqa: E402
from mahjong_joy.rulesets.presets import TENHOU  # noqa: E402

SEATS = ["easy", "hard", "normal", "hard"]
LIMIT = 5.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=100)
    args = parser.parse_args()
    times: list[float] = []
    for game in range(args.games):
        seed = args.seed + game
        record = run_record(seed, SEATS, simulate(seed, SEATS, matches=1, rules=TENHOU), TENHOU)
        decisions = len(record["matches"][0]["decisions"])
        runs = []
        for _ in range(args.runs):
            start = time.perf_counter()
            review = review_match(record, 0)
            runs.append(time.perf_counter() - start)
        times += runs
        print(f"seed {seed}: {decisions} decisions in the match, {review.summary.reviewed} of seat 0 reviewed; "
              f"median {statistics.median(runs):.2f} s, slowest {max(runs):.2f} s")
    print(f"all: median {statistics.median(times):.2f} s, slowest {max(times):.2f} s (limit {LIMIT:.0f} s)")


if __name__ == "__main__":
    main()
