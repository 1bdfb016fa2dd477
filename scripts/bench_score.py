"""Benchmark ``score_hand`` against ``mahjong`` 2.1.0's ``HandCalculator`` in one run.

Seeded winning situations (the differential suite's generator, ``random.Random``)
are prepared for both sides up front (our ``WinSituation``; the library's tile ids,
melds and ``HandConfig``), so only scoring is timed. Passes alternate between the
two; the script prints the median microseconds per hand of each and the median of
the per-pass ratios (reference / ours). The target is at least 3x.

Each pass is timed in this process's CPU time (``time.process_time``), as
``scripts/bench_core.py`` does: on a machine shared with other jobs, wall time
also counts the moments this process waits for a core, which is load from
elsewhere, not scoring work, and it lands on whichever side happens to be running.
Alternating passes and taking the ratio pass by pass still even out what CPU
time cannot (cache and frequency effects of the other jobs).

Run: ``python scripts/bench_score.py [--hands N] [--repeats R] [--seed S]``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402

from mahjong_joy.rulesets.riichi import RiichiRules, WinSituation, score_hand  # noqa: E402
from tests.score_gen import situations  # noqa: E402
from tests.score_reference import library_call  # noqa: E402


def prepare(seed: int, count: int, rules: RiichiRules) -> tuple[list[WinSituation], list[tuple]]:
    """Valid winning situations and the library's arguments for each."""
    ours, theirs = [], []
    for data in situations(seed, count * 2):
        situation = WinSituation.from_dict(data)
        if not score_hand(situation, rules).valid:
            continue
        ours.append(situation)
        theirs.append(library_call(situation, rules))
        if len(ours) == count:
            break
    return ours, theirs


def time_ours(cases: list[WinSituation], rules: RiichiRules) -> float:
    """Microseconds of this process's CPU time per hand for ``score_hand``."""
    start = time.process_time()
    for situation in cases:
        score_hand(situation, rules)
    return (time.process_time() - start) / len(cases) * 1e6


def time_library(cases: list[tuple]) -> float:
    """Microseconds of this process's CPU time per hand for the reference."""
    estimate = HandCalculator.estimate_hand_value
    start = time.process_time()
    for args, kwargs in cases:
        estimate(*args, **kwargs)
    return (time.process_time() - start) / len(cases) * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rules = RiichiRules()
    ours, theirs = prepare(args.seed, args.hands, rules)
    our_us, ref_us, ratios = [], [], []
    for _ in range(args.repeats):
        a = time_ours(ours, rules)
        b = time_library(theirs)
        our_us.append(a)
        ref_us.append(b)
        ratios.append(b / a)
    print(f"{len(ours)} seeded winning hands, {args.repeats} alternating passes, process CPU time")
    print(f"score_hand                          median {statistics.median(our_us):8.1f} us/hand")
    print(f"HandCalculator.estimate_hand_value  median {statistics.median(ref_us):8.1f} us/hand")
    print(f"ratio (reference / ours)            median {statistics.median(ratios):8.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
