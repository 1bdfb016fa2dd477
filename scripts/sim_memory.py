"""Peak memory of ``mahjong-joy simulate`` as the run grows: it should stay flat.

    python scripts/sim_memory.py [--hands 1000 10000] [--rules tenhou] [--ai random] [-- extra simulate options]

Each size runs ``simulate --hands N`` in a fresh child process (so one run's heap
does not carry into the next) and reads the child's peak resident set size
(``ru_maxrss`` of ``RUSAGE_CHILDREN``, Linux: KiB). Before issue 24 ``simulate``
kept every finished match's controller, about 21 KB a hand (299 MB at 10,000
hands); now a match is summarised and dropped, so the peak should barely move
between the sizes. Options after ``--`` go to ``simulate`` (``--json`` and
``--record`` keep their own per-hand output, which does grow with the run).
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time


def peak_rss_kib(hands: int, rules: str, ai: str, extra: list[str]) -> tuple[int, float]:
    """The child's peak RSS in KiB and its wall seconds, for one ``simulate --hands`` run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    command = [sys.executable, "-m", "mahjong_joy.cli", "simulate", "--hands", str(hands), "--rules", rules, "--ai", ai, *extra]
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if peak < before:  # the maximum over all children so far: sizes must run smallest first
        raise SystemExit("peak RSS went down between runs: give --hands in increasing order")
    return peak, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, nargs="+", default=[1_000, 10_000], help="run sizes, smallest first")
    parser.add_argument("--rules", default="tenhou")
    parser.add_argument("--ai", default="random", help="the AI on every seat (random is the quickest)")
    parser.add_argument("extra", nargs="*", help="further simulate options, after --")
    args = parser.parse_args()
    first: int | None = None
    for hands in sorted(args.hands):
        peak, elapsed = peak_rss_kib(hands, args.rules, args.ai, args.extra)
        first = first or peak
        print(f"simulate --hands {hands} --rules {args.rules} --ai {args.ai}: peak RSS {peak / 1024:.1f} MiB "
              f"({(peak - first) / 1024:+.1f} MiB on the smallest run; {elapsed:.0f} s)")


if __name__ == "__main__":
    main()
