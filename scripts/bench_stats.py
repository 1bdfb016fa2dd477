"""Benchmark the Stats and Replays screens on a large history: milliseconds to open each.

    SDL_VIDEODRIVER=dummy python scripts/bench_stats.py [--matches 10000] [--passes 7] [--seed 1]

Target (issue 12, section 4): at 10,000 recorded matches the Stats screen opens in
under 100 ms, and the Replays list as fast. A temporary history is filled with
seeded synthetic matches that pass every row check (deltas sum to zero, points
follow from them, placements and game points from the points, each preset's own
figures), then each step is timed several times; the medians of process CPU time
and wall time are printed; the verdict is on CPU time, since wall time on a shared
machine mostly measures the wait for a core (the load average is printed beside it).
"Figures" and "rows" are the reads the screens make
(open the history, then :func:`compute_stats` or :meth:`History.match_list`);
"scene" is the whole screen pushed headless and its first frame drawn.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from mahjong_joy.rulesets.presets import PRESETS  # noqa: E402
from mahjong_joy.rulesets.riichi.flow import game_points, order_of  # noqa: E402
from mahjong_joy.storage.history import HandSummary, History, MatchSummary, WinScore  # noqa: E402
from mahjong_joy.storage.stats import compute_stats  # noqa: E402

TARGET_MS = 100.0
YAKU = ("riichi", "menzen_tsumo", "pinfu", "tanyao", "iipeikou", "yakuhai_haku", "chiitoitsu", "honitsu", "toitoi", "ittsu")
WINS = ((1, 30, 1000, ""), (2, 30, 2000, ""), (3, 40, 5200, ""), (4, 30, 7700, ""), (5, 40, 8000, "mangan"),
        (6, 30, 12000, "haneman"), (8, 40, 16000, "baiman"), (13, 40, 32000, "yakuman"))  # han, fu, ron value, limit


def synthetic_hand(rng: random.Random, number: int, riichi_rules: bool) -> HandSummary:
    """One settled hand: a ron, a tsumo (the others pay a third each) or a draw; deltas sum to zero."""
    dealer = (number - 1) % 4
    riichi = tuple(seat for seat in range(4) if riichi_rules and rng.random() < 0.2)
    deltas = [0, 0, 0, 0]
    if rng.random() < 0.2:
        return HandSummary(number, f"E{dealer + 1}", dealer, (), None, False, tuple(deltas), riichi=riichi, winners=())
    han, fu, value, limit = rng.choice(WINS)
    winner, tsumo = rng.randrange(4), rng.random() < 0.4
    from_seat = None if tsumo else rng.choice([s for s in range(4) if s != winner])
    if tsumo:
        share = -(-value // 300) * 100
        for seat in range(4):
            deltas[seat] = 3 * share if seat == winner else -share
    else:
        deltas[winner], deltas[from_seat] = value, -value  # type: ignore[index]
    yaku = tuple((name, 1) for name in rng.sample(YAKU, min(han, 3)))
    win = WinScore(winner, deltas[winner], han, fu, limit, yaku)
    return HandSummary(number, f"E{dealer + 1}", dealer, (win,), from_seat, tsumo, tuple(deltas), riichi=riichi, winners=(winner,))


def synthetic_match(rng: random.Random, index: int) -> MatchSummary:
    """A finished match under a random preset: points, placement and game points follow from its hands."""
    name = rng.choice(sorted(PRESETS))
    rules = PRESETS[name]
    hands = tuple(synthetic_hand(rng, n, rules.hand.riichi) for n in range(1, rng.choice((4, 4, 5, 5, 5, 6)) + 1))
    points = [rules.table.starting_points] * 4
    for hand in hands:
        points = [p + d for p, d in zip(points, hand.deltas)]
    order = order_of(points)
    seat = rng.randrange(4)
    when = f"2025-{1 + index // 28 % 12:02d}-{1 + index % 28:02d}T{index % 24:02d}:{index % 60:02d}:00+00:00"
    return MatchSummary(when, name, str(index), ("human", "potential", "potential", "potential"), seat, "You",
                        tuple(points), order.index(seat) + 1, hands, f"bench-{index}.json", True,
                        game_points(points, order, rules)[seat])


def build(path: Path, matches: int, seed: int) -> None:
    """Fill a fresh history with ``matches`` seeded synthetic matches (unsynced writes: it is thrown away)."""
    rng = random.Random(seed)
    with History.open(path) as history:
        history.db.execute("PRAGMA synchronous = OFF")
        for index in range(matches):
            history.add_match(synthetic_match(rng, index))


def timed(step: Callable[[], object], passes: int) -> tuple[float, float]:
    """Median (CPU ms, wall ms) of ``passes`` runs of ``step``."""
    cpu, wall = [], []
    for _ in range(passes):
        c, w = time.process_time(), time.perf_counter()
        step()
        cpu.append((time.process_time() - c) * 1000)
        wall.append((time.perf_counter() - w) * 1000)
    return statistics.median(cpu), statistics.median(wall)


def read_figures(path: Path) -> None:
    with History.open(path) as history:
        compute_stats(history)


def read_rows(path: Path) -> None:
    from mahjong_joy.ui.scenes.replay import load_rows

    rows, _ = load_rows(path)
    for index in range(min(len(rows), 12)):  # the rows the first screen shows
        rows[index]


def scene_step(path: Path, which: str) -> Callable[[], object]:
    """Push the screen over Home headless and draw its first frame."""
    from mahjong_joy.storage.settings import Settings
    from mahjong_joy.ui.app import App
    from mahjong_joy.ui.scenes.home import HomeScene
    from mahjong_joy.ui.scenes.replay import ReplaysScene
    from mahjong_joy.ui.scenes.stats import StatsScene

    app = App(size=(1280, 800), settings=Settings())
    app.replace(HomeScene(app))
    app.step(0.0)

    def step() -> None:
        app.push(StatsScene(app, path) if which == "stats" else ReplaysScene(app, path=path))
        app.step(0.0)
        app.pop()

    return step


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--passes", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-stats-") as folder:
        path = Path(folder) / "history.sqlite3"
        started = time.perf_counter()
        build(path, args.matches, args.seed)
        with History.open(path) as history:
            hands = history.db.execute("SELECT count(*) FROM hands").fetchone()[0]
        print(f"history: {args.matches:,} matches, {hands:,} hands, {path.stat().st_size / 1e6:.1f} MB"
              f" (built in {time.perf_counter() - started:.1f} s)")
        steps = {
            "stats figures (open + compute_stats)": lambda: read_figures(path),
            "replays rows (load_rows + first 12 rows)": lambda: read_rows(path),
            "stats scene (push + first frame)": scene_step(path, "stats"),
            "replays scene (push + first frame)": scene_step(path, "replays"),
        }
        ok = True
        for label, step in steps.items():
            step()  # warm: imports, fonts, the tile art
            cpu, wall = timed(step, args.passes)
            ok &= cpu < TARGET_MS
            print(f"{label:44} median CPU {cpu:6.1f} ms ({'under' if cpu < TARGET_MS else 'OVER'} {TARGET_MS:.0f})"
                  f"  wall {wall:6.1f} ms ({'under' if wall < TARGET_MS else 'over'} {TARGET_MS:.0f})")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average while measuring: {load:.2f} on {os.cpu_count()} cores (wall time counts waiting for a core)")
    print("within target (CPU)" if ok else "OUTSIDE target (CPU)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
