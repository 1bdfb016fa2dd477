"""Benchmark the core hand analysis against the ``mahjong`` package (2.1.0).

Builds seeded corpora (random 14-tile wall hands, constructed winning hands,
random 13-tile hands, ready hands), times each function on count arrays and the
same work with ``mahjong`` in the same run, and prints microseconds per call
(median of several alternating passes, in process CPU time) and the median
per-pass ratio (reference / ours).

Run: ``python scripts/bench_core.py [--hands N] [--repeats R]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence

from mahjong.agari import Agari
from mahjong.shanten import Shanten

from mahjong_joy.hand.agari import is_winning_hand
from mahjong_joy.hand.samples import random_hand, random_tenpai_hand, random_winning_hand
from mahjong_joy.hand.shanten import shanten
from mahjong_joy.hand.tables import tables
from mahjong_joy.hand.waits import ukeire, waiting_tiles


def one_pass_us(fn: Callable[[list[int]], object], corpus: Sequence[list[int]]) -> float:
    """Microseconds of this process's CPU time per call over one pass of the corpus.

    CPU time rather than wall time: on a shared machine the time this process
    waits for a core while others run is not the work being measured.
    """
    start = time.process_time()
    for hand in corpus:
        fn(hand)
    return (time.process_time() - start) / len(corpus) * 1e6


def compare(ours: Callable, ref: Callable, corpus: Sequence[list[int]], repeats: int) -> tuple[float, float, float]:
    """Median us per call for each side and the median of per-pass ratios.

    Passes alternate (ours, reference, ours, ...) so a burst of load from another
    process hits both sides alike; the ratio is taken pass by pass.
    """
    ours_us, ref_us, ratios = [], [], []
    for _ in range(repeats):
        a = one_pass_us(ours, corpus)
        b = one_pass_us(ref, corpus)
        ours_us.append(a)
        ref_us.append(b)
        ratios.append(b / a)
    return statistics.median(ours_us), statistics.median(ref_us), statistics.median(ratios)


def ref_waits(agari: Agari) -> Callable[[list[int]], list[int]]:
    """Waits the reference way: 34 calls of its agari."""

    def waits(hand: list[int]) -> list[int]:
        found = []
        for tile in range(34):
            if hand[tile] < 4:
                hand[tile] += 1
                if agari.is_agari(hand):
                    found.append(tile)
                hand[tile] -= 1
        return found

    return waits


def ref_ukeire(calc: Shanten) -> Callable[[list[int]], dict[int, int]]:
    """Ukeire the reference way: 35 calls of its shanten."""

    def useful(hand: list[int]) -> dict[int, int]:
        base = calc.calculate_shanten(hand)
        found = {}
        for tile in range(34):
            if hand[tile] < 4:
                hand[tile] += 1
                if calc.calculate_shanten(hand) < base:
                    found[tile] = 4 - hand[tile] + 1
                hand[tile] -= 1
        return found

    return useful


_MEMORY_PROBE = """
import gc, tracemalloc
tracemalloc.start()
from mahjong_joy.hand.tables import tables
tables()
gc.collect()
print(tracemalloc.get_traced_memory()[0] / 1e6)
"""


def table_memory_mb() -> float:
    """Memory held once the tables are loaded (tracemalloc, in a fresh interpreter)."""
    out = subprocess.run([sys.executable, "-c", _MEMORY_PROBE], capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    n = args.hands
    random14 = [random_hand(rng, 14) for _ in range(n)]
    winning14 = [random_winning_hand(rng) for _ in range(n)]
    mixed14 = [hand for pair in zip(winning14, random14) for hand in pair][:n]
    random13 = [random_hand(rng, 13) for _ in range(n)]
    tenpai13 = [random_tenpai_hand(rng) for _ in range(n)]
    mixed13 = [hand for pair in zip(tenpai13, random13) for hand in pair][:n]

    started = time.perf_counter()
    tables()
    load_ms = (time.perf_counter() - started) * 1e3
    agari, calc = Agari(), Shanten()
    for hand in mixed13:  # warm the lazily filled caches, as a running game would
        shanten(hand), ukeire(hand), waiting_tiles(hand)
    rows = [
        ("win check, mixed 14 (half winning)", is_winning_hand, agari.is_agari, mixed14, 3),
        ("win check, random 14", is_winning_hand, agari.is_agari, random14, 1),
        ("win check, winning 14", is_winning_hand, agari.is_agari, winning14, None),
        ("shanten, random 13", shanten, calc.calculate_shanten, random13, 10),
        ("shanten, random 14", shanten, calc.calculate_shanten, random14, None),
        ("waits, mixed 13 vs 34 agari calls", waiting_tiles, ref_waits(agari), mixed13, 15),
        ("ukeire, random 13 vs 35 shanten calls", ukeire, ref_ukeire(calc), random13, 30),
    ]
    print(f"tables loaded in {load_ms:.0f} ms, holding {table_memory_mb():.1f} MB (package imports included)")
    print(f"{n} hands per corpus, median of {args.repeats} passes")
    print(f"{'what':40} {'ours us':>9} {'mahjong us':>11} {'ratio':>7}  target")
    for name, ours, ref, corpus, target in rows:
        ours_us, ref_us, ratio = compare(ours, ref, corpus, args.repeats)
        goal = f">= {target}x {'ok' if ratio >= target else 'MISSED'}" if target else ""
        print(f"{name:40} {ours_us:9.2f} {ref_us:11.2f} {ratio:6.1f}x  {goal}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
