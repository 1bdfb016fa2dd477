"""Benchmark ``score_mcr`` against pymahjonggb 1.4.0 (C++) on hands neither has seen.

Two kinds of hands, both seeded (``random.Random``), from ``tests/mcr_gen.py``:

* ``generated``: the differential suite's situations, patterns cycled so that every
  fan and form turns up (big hands, kongs, special forms, every flag);
* ``played``: wins as a table produces them (a shuffled wall, a player drawing and
  discarding toward a complete hand, calls, self-draws and discard wins).

Every pass gets a fresh hand set (seed ``base + pass``), so no hand is scored in
two passes, and the scorer's memo (the rows open per gate set, per row table) is
emptied before each pass: cold in every sense the scorer has. The complete tables
(``rulesets/mcr/tables.py``) are built once before timing; they are fixed in
size and never hold an answer about a hand. Before any timing, every hand of
every pass is checked: our fan list must equal the library's (under the library's
kong convention; an equal-total tie, where the library picked another of our
readings with the same total, is counted and named as in the differential test).
Then each pass times both sides on its hands, alternating who
goes first, in this process's CPU time (``time.process_time``); the script prints
the median of the per-pass ratios (ours / library). The target is at most 5x.

``--memory N`` instead scores N fresh hands (half of each kind, made by a child
process so that the generator's caches stay out of the figure) and prints the
resident memory before and after, what allocations made in ``rulesets/mcr`` still
hold, and the sizes of every table and memo the scorer keeps (the memos never
hold more than their bounds; the row tables' runs and the combination tables are
complete and fixed).

Run: ``python scripts/bench_mcr.py [--kind generated|played|both] [--hands N] [--passes P] [--seed S]``
     ``python scripts/bench_mcr.py --memory 100000``
"""

from __future__ import annotations

import argparse
import gc
import pickle
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Iterator
from itertools import islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import MahjongGB  # noqa: E402

from mahjong_joy.rulesets.mcr import McrRules, McrSituation, score_mcr  # noqa: E402
from mahjong_joy.rulesets.mcr import scorer, tables  # noqa: E402
from mahjong_joy.rulesets.mcr.scorer import scored_readings  # noqa: E402
from tests.mcr_gen import played_situations, situations  # noqa: E402
from tests.mcr_reference import library_arguments, library_fan  # noqa: E402

RULES = McrRules.library()
SOURCES = {"generated": situations, "played": played_situations}


def prepare(kind: str, seed: int, count: int) -> tuple[list[McrSituation], list[tuple]]:
    """Fresh situations of one kind and the library's arguments for each."""
    ours = [McrSituation.from_dict(data) for data in SOURCES[kind](seed, count)]
    return ours, [library_arguments(s) for s in ours]


def disagreements(cases: list[McrSituation]) -> tuple[list[str], int]:
    """Hands where our fan list differs from the library's (there must be none), and
    how many equal-total ties there were: with equal totals any reading is legal
    (RULES.md B5 row 5, B7 row 11), so a different list is accepted exactly when the
    totals are equal and the library's list is one of our readings' (as in
    ``tests/test_mcr_differential.py``)."""
    wrong, ties = [], 0
    for s in cases:
        ours, theirs = score_mcr(s, RULES), library_fan(s)
        if sorted(ours.fan) == theirs:
            continue
        without_flowers = [line for line in theirs if line[0] != "flower_tiles"]
        if sum(p * c for _, p, c in theirs) == ours.total and \
                without_flowers in [sorted(f) for _, f, _ in scored_readings(s, RULES)]:
            ties += 1
        else:
            wrong.append(str(s.to_dict()))
    return wrong, ties


def time_ours(cases: list[McrSituation]) -> float:
    """Seconds of this process's CPU time for ``score_mcr`` over ``cases``."""
    start = time.process_time()
    for situation in cases:
        score_mcr(situation, RULES)
    return time.process_time() - start


def time_library(cases: list[tuple]) -> float:
    """Seconds of this process's CPU time for the library over the same hands."""
    calculate = MahjongGB.MahjongFanCalculator
    start = time.process_time()
    for args in cases:
        calculate(*args)
    return time.process_time() - start


def bench(kind: str, seed: int, hands: int, passes: int) -> float:
    """Time ``passes`` fresh hand sets; print per-pass figures; return the median ratio."""
    sets = [prepare(kind, seed + k, hands) for k in range(passes)]
    ties = 0
    for ours, _ in sets:
        wrong, tied = disagreements(ours)
        if wrong:
            raise SystemExit(f"{kind}: {len(wrong)} hands disagree with pymahjonggb, first: {wrong[0]}")
        ties += tied
    print(f"{kind}: {passes} passes of {hands} fresh hands, all {passes * hands} agree with pymahjonggb"
          f" ({ties} by an equal-total tie: the library's fan list is another reading of ours with the same total)")
    ratios = []
    for k, (ours, theirs) in enumerate(sets):
        scorer.clear_memos()
        if k % 2 == 0:
            a = time_ours(ours)
            b = time_library(theirs)
        else:
            b = time_library(theirs)
            a = time_ours(ours)
        ratios.append(a / b)
        print(f"  pass {k + 1}: score_mcr {a / hands * 1e6:6.1f} us/hand, pymahjonggb {b / hands * 1e6:5.1f} us/hand,"
              f" ratio {a / b:4.1f}x ({'ours' if k % 2 == 0 else 'library'} first)")
    median = statistics.median(ratios)
    print(f"{kind}: median ratio ours/library {median:.1f}x (target <= 5x)")
    return median


def resident_kib() -> int:
    """This process's resident set size in KiB (Linux ``/proc``)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def write_hands(path: str, count: int, seed: int) -> None:
    """Write ``count`` fresh situations (half of each kind) to ``path`` as pickled chunks."""
    half = count // 2
    with open(path, "wb") as out:
        for source in (situations(seed, half), played_situations(seed, count - half)):
            while chunk := list(islice(source, 5000)):
                pickle.dump(chunk, out)


def read_hands(path: str) -> Iterator[list[dict]]:
    with open(path, "rb") as stream:
        while True:
            try:
                yield pickle.load(stream)
            except EOFError:
                return


def _score_all(path: str) -> int:
    done = 0
    for chunk in read_hands(path):
        for data in chunk:
            s = McrSituation.from_dict(data)
            score_mcr(s, RULES)
            score_mcr(s)
        done += len(chunk)
    return done


def memory(count: int, seed: int) -> None:
    """Score ``count`` fresh hands (made by a child process, so the generator's own
    caches stay out of this one) and report what the scorer keeps: resident memory
    before and after, the memory still held by allocations made in the scorer's
    modules (``tracemalloc``), and every table's and memo's size."""
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "hands.pickle")
        subprocess.run([sys.executable, __file__, "--write-hands", path, "--memory", str(count), "--seed", str(seed)],
                       check=True)
        score_mcr(McrSituation.from_dict({"hand": "123m456m789m234p55s", "win_tile": "5s"}))  # builds the tables
        gc.collect()
        before = resident_kib()
        print(f"after the tables are built: {before / 1024:.1f} MiB resident; tables {tables.table_sizes()}")
        done = _score_all(path)
        gc.collect()
        after = resident_kib()
        print(f"after {done} fresh hands (each scored under both kong conventions): {after / 1024:.1f} MiB resident,"
              f" {(after - before) / 1024:+.1f} MiB")
        _score_all(path)
        gc.collect()
        again = resident_kib()
        print(f"after the same {done} hands once more: {again / 1024:.1f} MiB resident,"
              f" {(again - after) / 1024:+.1f} MiB")
        scorer.clear_memos()
        tracemalloc.start()  # a third round, traced from an empty memo: what do the scorer's allocations hold?
        _score_all(path)
        gc.collect()
        kept = sum(stat.size for stat in tracemalloc.take_snapshot().statistics("filename")
                   if "rulesets/mcr" in stat.traceback[0].filename)
        tracemalloc.stop()
    print(f"a third round under tracemalloc, the memos emptied first: allocations made in rulesets/mcr"
          f" still hold {kept / 1024:.0f} KiB")
    print(f"memos: {scorer.open_rows_kept()} open-row sets (bound {scorer._OPEN_ROWS_LIMIT} per row table);"
          f" row tables per form: {scorer._form_rows.cache_info().currsize} (bound: 5 forms x 2 conventions);"
          f" per-set answers: {scorer._set_fan.cache_info().currsize} (bound: 5 forms x 16 wind pairs)")
    print(f"tables (complete, fixed): {tables.table_sizes()}")
    combos = scorer._combination_tables()
    runs = sum(len(answers) for table in scorer._KEPT for _, _, answers in table[3])
    print(f"row tables (complete, fixed): {len(scorer._KEPT)}, their runs {runs} gate sets;"
          f" combination fans (complete, fixed): {len(combos[('chows', 'all')])} chow sets,"
          f" {len(combos[('pungs', 'all')])} pung sets")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", choices=("generated", "played", "both"), default="both")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--passes", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--memory", type=int, default=0, metavar="N", help="measure memory over N fresh hands")
    parser.add_argument("--write-hands", metavar="PATH", help=argparse.SUPPRESS)  # the memory mode's child
    args = parser.parse_args(argv)
    if args.write_hands:
        write_hands(args.write_hands, args.memory, args.seed)
        return 0
    if args.memory:
        memory(args.memory, args.seed)
        return 0
    score_mcr(McrSituation.from_dict({"hand": "123m456m789m234p55s", "win_tile": "5s"}))  # builds the tables once
    kinds = ("generated", "played") if args.kind == "both" else (args.kind,)
    results = {kind: bench(kind, args.seed * 1000, args.hands, args.passes) for kind in kinds}
    print("summary: " + ", ".join(f"{kind} {ratio:.1f}x" for kind, ratio in results.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
