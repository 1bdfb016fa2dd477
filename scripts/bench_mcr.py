"""Benchmark ``score_mcr`` against pymahjonggb 1.4.0 (C++) on the same seeded hands.

Seeded winning situations (the MCR differential suite's generator, ``random.Random``)
are prepared for both sides up front (our ``McrSituation``; the library's positional
arguments), so only scoring is timed, the library's Python call included. Passes
alternate between the two and are timed in this process's CPU time
(``time.process_time``, as ``scripts/bench_score.py`` explains); the script prints the
median microseconds per hand of each and the median of the per-pass ratios
(ours / library). The target is at most 10x.

Run: ``python scripts/bench_mcr.py [--hands N] [--repeats R] [--seed S]``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import MahjongGB  # noqa: E402

from mahjong_joy.rulesets.mcr import McrRules, McrSituation, score_mcr  # noqa: E402
from tests.mcr_gen import situations  # noqa: E402
from tests.mcr_reference import library_arguments  # noqa: E402

RULES = McrRules.library()


def prepare(seed: int, count: int) -> tuple[list[McrSituation], list[tuple]]:
    """Winning situations (valid or below the minimum: both are fully scored) and the
    library's arguments for each."""
    ours, theirs = [], []
    for data in situations(seed, count):
        situation = McrSituation.from_dict(data)
        ours.append(situation)
        theirs.append(library_arguments(situation))
    return ours, theirs


def time_ours(cases: list[McrSituation]) -> float:
    """Microseconds of this process's CPU time per hand for ``score_mcr``."""
    start = time.process_time()
    for situation in cases:
        score_mcr(situation, RULES)
    return (time.process_time() - start) / len(cases) * 1e6


def time_library(cases: list[tuple]) -> float:
    """Microseconds of this process's CPU time per hand for the library."""
    calculate = MahjongGB.MahjongFanCalculator
    start = time.process_time()
    for args in cases:
        calculate(*args)
    return (time.process_time() - start) / len(cases) * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    ours, theirs = prepare(args.seed, args.hands)
    time_ours(ours)  # warm-up: per-suit tables and the combination answers fill once
    time_library(theirs)
    our_us, lib_us, ratios = [], [], []
    for _ in range(args.repeats):
        a = time_ours(ours)
        b = time_library(theirs)
        our_us.append(a)
        lib_us.append(b)
        ratios.append(a / b)
    print(f"hands: {len(ours)}  passes: {args.repeats}")
    print(f"score_mcr:   {statistics.median(our_us):8.1f} us/hand (median)")
    print(f"pymahjonggb: {statistics.median(lib_us):8.1f} us/hand (median)")
    print(f"ratio ours/library: {statistics.median(ratios):.1f}x (median of per-pass ratios; target <= 10x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
