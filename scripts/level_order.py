"""Level ordering inside our own engine: seeded matches with the lineup rotated over the seats.

    python scripts/level_order.py [--rules tenhou] [--hands 2000] [--lineup hard,normal,easy,potential] [--seed 0]

Each seed is played four times, the lineup shifted one seat each time, until at
least ``--hands`` hands are done. Prints, per AI, average placement with a 95%
bootstrap interval over seeds, win, deal-in, riichi and call rates per hand, and
decision times; ``--json FILE`` keeps the figures.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong_joy.controller import Controller  # noqa: E402
from mahjong_joy.replay.summary import seats_json  # noqa: E402
from mahjong_joy.rulesets.joy import ruleset_for  # noqa: E402


def play_set(seed: int, lineup: list[str], rules: str, times: dict[str, list[float]]) -> list[dict]:
    """One seed, four rotations; the per-seat rows of each game."""
    rows = []
    for shift in range(4):
        seats = lineup[shift:] + lineup[:shift]
        ctl = Controller(seats=seats, seed=seed, ruleset=ruleset_for(rules))
        for decider, kind in zip(ctl.deciders, seats):
            original = decider.choose

            def timed(view, legal, original=original, kind=kind):
                start = time.perf_counter()
                action = original(view, legal)
                times[kind].append(time.perf_counter() - start)
                return action

            decider.choose = timed  # type: ignore[method-assign]
        while not ctl.is_over:
            ctl.step()
        rows += seats_json([ctl.events], seats)
    return rows


def bootstrap(per_set: list[float], rounds: int = 2000, rng: random.Random | None = None) -> tuple[float, float]:
    rng = rng or random.Random(1)
    n = len(per_set)
    means = sorted(sum(rng.choice(per_set) for _ in range(n)) / n for _ in range(rounds))
    return means[int(0.025 * rounds)], means[int(0.975 * rounds)]


def report(rows_per_set: list[list[dict]], lineup: list[str], times: dict[str, list[float]]) -> dict:
    out = {}
    for kind in dict.fromkeys(lineup):
        per_set = []
        totals = {"hands": 0, "wins": 0, "deal_ins": 0, "riichi": 0, "calls": 0, "games": 0, "place": 0}
        for rows in rows_per_set:
            places = []
            for r in rows:
                if r["ai"] != kind:
                    continue
                place = 1 + r["placements"].index(1)
                places.append(place)
                for key in ("hands", "wins", "deal_ins", "riichi", "calls"):
                    totals[key] += r[key]
                totals["games"] += 1
            per_set.append(statistics.mean(places))
        low, high = bootstrap(per_set)
        ts = sorted(times[kind])
        hands = max(1, totals["hands"])
        out[kind] = {
            "avg_place": statistics.mean(per_set), "ci": [low, high], "games": totals["games"],
            "win": totals["wins"] / hands, "deal_in": totals["deal_ins"] / hands,
            "riichi": totals["riichi"] / hands, "calls_per_hand": totals["calls"] / hands,
            "ms_median": 1000 * ts[len(ts) // 2], "ms_p99": 1000 * ts[int(0.99 * len(ts))],
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rules", default="tenhou")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--lineup", default="hard,normal,easy,potential")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    lineup = args.lineup.split(",")
    times: dict[str, list[float]] = {k: [] for k in lineup}
    rows_per_set: list[list[dict]] = []
    hands = 0
    seed = args.seed
    start = time.time()
    while hands < args.hands:
        rows = play_set(seed, lineup, args.rules, times)
        rows_per_set.append(rows)
        hands += sum(r["hands"] for r in rows) // 4
        seed += 1
    figures = report(rows_per_set, lineup, times)
    print(f"{args.rules}: {len(rows_per_set)} seeds x 4 rotations, {hands} hands, {time.time() - start:.0f} s")
    print("| ai | games | avg place [95% CI] | win % | deal-in % | riichi % | calls/hand | ms med | ms p99 |")
    print("|---|---|---|---|---|---|---|---|---|")
    for kind, f in figures.items():
        print(f"| {kind} | {f['games']} | {f['avg_place']:.3f} [{f['ci'][0]:.3f}, {f['ci'][1]:.3f}] | "
              f"{100 * f['win']:.1f} | {100 * f['deal_in']:.1f} | {100 * f['riichi']:.1f} | {f['calls_per_hand']:.2f} | "
              f"{f['ms_median']:.2f} | {f['ms_p99']:.2f} |")
    if args.json:
        Path(args.json).write_text(json.dumps({"rules": args.rules, "hands": hands, "figures": figures}, indent=1))


if __name__ == "__main__":
    main()
