"""Chinese Official (MCR) level ordering in our own engine, with the seats rotated.

    python scripts/mcr_level_order.py [--matches 400] [--lineup hard,normal,easy,potential] [--hard-matches 20]
                                      [--seed 0] [--json FILE]
    python scripts/mcr_level_order.py --merge part1.json part2.json ...   # parts run side by side

Each seed is played four times, the lineup shifted one chair each time, until
``--matches`` matches are done (issue 25 section 3). Under MCR players change
chairs between rounds (RULES.md B3), so every figure is kept per *player* (who
sits where is read from each ``HandStarted``). Prints, per AI, the average
placement with a 95% bootstrap interval over seeds, win and deal-in rates per
hand, calls per hand and decision times (median, p99; every decision a level
takes, claims included), and the illegal decisions seen (an action not among
the legal ones, or an engine refusal). Then ``--hard-matches`` all-Hard matches:
the share of hands that end in a win and each whole match's time (process CPU
and wall clock). ``--json FILE`` keeps the figures and the raw rows and times, so
runs over different seeds (``--seed``) can be ``--merge``d into one report.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong_joy.controller import Controller  # noqa: E402
from mahjong_joy.engine import events as ev  # noqa: E402
from mahjong_joy.errors import MahjongJoyError  # noqa: E402
from mahjong_joy.replay.summary import seats_json  # noqa: E402
from mahjong_joy.rulesets.joy import ruleset_for  # noqa: E402
from level_order import bootstrap  # noqa: E402  (scripts/ is this script's own folder on sys.path)

RULESET = ruleset_for("mcr")


class Tally:
    """Decision times per AI kind and the illegal decisions seen."""

    def __init__(self, kinds: list[str]) -> None:
        self.times: dict[str, list[float]] = {k: [] for k in kinds}  # wall clock per decision
        self.cpu: dict[str, list[float]] = {k: [] for k in kinds}  # process CPU per decision
        self.illegal: list[str] = []

    def wrap(self, ctl: Controller) -> None:
        """Time every decider's ``choose`` and check its answer is among the legal actions."""
        for decider in ctl.deciders:
            if decider is None:
                continue
            kind = getattr(decider, "kind", "ai")
            original = decider.choose

            def timed(view, legal, original=original, kind=kind):
                start, start_cpu = time.perf_counter(), time.process_time()
                action = original(view, legal)
                self.cpu.setdefault(kind, []).append(time.process_time() - start_cpu)
                self.times.setdefault(kind, []).append(time.perf_counter() - start)
                if action not in legal:
                    self.illegal.append(f"{kind}: {action.describe()} not among {len(legal)} legal actions")
                return action

            decider.choose = timed  # type: ignore[method-assign]


def play(seed: int, seats: list[str], tally: Tally) -> list[dict]:
    """One match; a row per player: its AI, hands, wins, deal-ins, calls and placement."""
    ctl = Controller(seats=seats, seed=seed, ruleset=RULESET)
    tally.wrap(ctl)
    try:
        while not ctl.is_over:
            ctl.step()
    except MahjongJoyError as error:
        tally.illegal.append(f"seed {seed} {seats}: {error}")
        return []
    return rows_of(ctl.events, seats)


def rows_of(events: list[ev.Event], seats: list[str]) -> list[dict]:
    """One match's line per player from the run summary's own count
    (:func:`~mahjong_joy.replay.summary.seats_json`, per player across chair changes),
    with the placement as a number."""
    return [{"ai": s["ai"], "hands": s["hands"], "wins": s["wins"], "deal_ins": s["deal_ins"], "calls": s["calls"],
             "place": s["placements"].index(1) + 1} for s in seats_json([events], seats)]


def report(rows_per_set: list[list[dict]], lineup: list[str], tally: Tally) -> dict:
    out = {}
    for kind in dict.fromkeys(lineup):
        per_set, totals = [], {"hands": 0, "wins": 0, "deal_ins": 0, "calls": 0, "games": 0}
        for rows in rows_per_set:
            places = [r["place"] for r in rows if r["ai"] == kind]
            if not places:
                continue
            per_set.append(statistics.mean(places))
            for r in rows:
                if r["ai"] == kind:
                    for key in ("hands", "wins", "deal_ins", "calls"):
                        totals[key] += r[key]
                    totals["games"] += 1
        if not per_set:
            continue
        low, high = bootstrap(per_set)
        ts = sorted(tally.times.get(kind, [])) or [0.0]
        cpu = sorted(tally.cpu.get(kind, [])) or [0.0]
        hands = max(1, totals["hands"])
        out[kind] = {
            "avg_place": statistics.mean(per_set), "ci": [low, high], "games": totals["games"],
            "win": totals["wins"] / hands, "deal_in": totals["deal_ins"] / hands, "calls_per_hand": totals["calls"] / hands,
            "decisions": len(tally.times.get(kind, [])),
            "ms_median": 1000 * ts[len(ts) // 2], "ms_p99": 1000 * ts[int(0.99 * len(ts))], "ms_max": 1000 * ts[-1],
            "cpu_ms_median": 1000 * cpu[len(cpu) // 2], "cpu_ms_p99": 1000 * cpu[int(0.99 * len(cpu))],
        }
    return out


def hard_table(matches: int, seed: int, tally: Tally) -> dict:
    """All-Hard matches: the share of hands won and each whole match's time."""
    hands = wins = 0
    cpu, wall = [], []
    for i in range(matches):
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        ctl = Controller(seats=["hard"] * 4, seed=seed + i, ruleset=RULESET)
        tally.wrap(ctl)
        while not ctl.is_over:
            ctl.step()
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start_wall)
        for event in ctl.events:
            if isinstance(event, ev.HandScored):
                hands += 1
                wins += bool(event.outcome.wins)
    return {"matches": matches, "hands": hands, "hands_won": wins, "win_share": wins / max(1, hands),
            "match_cpu": cpu, "match_wall": wall,
            "match_cpu_s": {"median": statistics.median(cpu), "max": max(cpu)},
            "match_wall_s": {"median": statistics.median(wall), "max": max(wall)}}


def print_report(rows_per_set: list[list[dict]], lineup: list[str], tally: Tally, hard: dict | None, took: float) -> dict:
    figures = report(rows_per_set, lineup, tally)
    played = 4 * len(rows_per_set)
    print(f"mcr: {len(rows_per_set)} seeds x 4 rotations = {played} matches, {took:.0f} s")
    print("| ai | player-matches | avg place [95% CI] | win % | deal-in % | calls/hand | decisions "
          "| ms med | ms p99 | ms max | CPU ms med | CPU ms p99 |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for kind, f in figures.items():
        print(f"| {kind} | {f['games']} | {f['avg_place']:.3f} [{f['ci'][0]:.3f}, {f['ci'][1]:.3f}] | "
              f"{100 * f['win']:.1f} | {100 * f['deal_in']:.1f} | {f['calls_per_hand']:.2f} | {f['decisions']} | "
              f"{f['ms_median']:.2f} | {f['ms_p99']:.2f} | {f['ms_max']:.1f} | {f['cpu_ms_median']:.2f} | {f['cpu_ms_p99']:.2f} |")
    if hard:
        print(f"all-Hard: {hard['matches']} matches, {hard['hands']} hands, {hard['hands_won']} won "
              f"({100 * hard['win_share']:.1f}%); a match takes {hard['match_cpu_s']['median']:.1f} s CPU "
              f"(max {hard['match_cpu_s']['max']:.1f}), {hard['match_wall_s']['median']:.1f} s wall "
              f"(max {hard['match_wall_s']['max']:.1f})")
    ts = sorted(tally.times.get("hard", [])) or [0.0]
    cpu = sorted(tally.cpu.get("hard", [])) or [0.0]
    print(f"hard decisions over both parts: {len(ts)}, median {1000 * ts[len(ts) // 2]:.2f} ms "
          f"({1000 * cpu[len(cpu) // 2]:.2f} ms CPU), p99 {1000 * ts[int(0.99 * len(ts))]:.2f} ms "
          f"({1000 * cpu[int(0.99 * len(cpu))]:.2f} ms CPU)")
    print(f"illegal decisions: {len(tally.illegal)}")
    for line in tally.illegal[:10]:
        print("  ", line)
    return figures


def merge(paths: list[str]) -> None:
    """One report over several runs' ``--json`` files (their rows, times and all-Hard tables)."""
    parts = [json.loads(Path(p).read_text()) for p in paths]
    lineup = parts[0]["lineup"]
    tally = Tally(lineup)
    rows_per_set = []
    hard_parts = []
    for part in parts:
        rows_per_set += part["rows"]
        for kind, times in part["times"].items():
            tally.times.setdefault(kind, []).extend(times)
        for kind, times in part.get("cpu", {}).items():
            tally.cpu.setdefault(kind, []).extend(times)
        tally.illegal += part["illegal"]
        if part.get("hard_table"):
            hard_parts.append(part["hard_table"])
    hard = None
    if hard_parts:
        hands = sum(h["hands"] for h in hard_parts)
        won = sum(h["hands_won"] for h in hard_parts)
        cpu = [t for h in hard_parts for t in h["match_cpu"]]
        wall = [t for h in hard_parts for t in h["match_wall"]]
        hard = {"matches": len(cpu), "hands": hands, "hands_won": won, "win_share": won / max(1, hands),
                "match_cpu": cpu, "match_wall": wall,
                "match_cpu_s": {"median": statistics.median(cpu), "max": max(cpu)},
                "match_wall_s": {"median": statistics.median(wall), "max": max(wall)}}
    print_report(rows_per_set, lineup, tally, hard, sum(p["took"] for p in parts))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=400, help="matches of the rotated lineup (4 per seed)")
    parser.add_argument("--lineup", default="hard,normal,easy,potential")
    parser.add_argument("--hard-matches", type=int, default=20, help="all-Hard matches for the win share and match time")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", default=None)
    parser.add_argument("--merge", nargs="+", default=None, metavar="FILE", help="report over these runs' --json files")
    args = parser.parse_args()
    if args.merge:
        merge(args.merge)
        return
    lineup = args.lineup.split(",")
    tally = Tally(lineup)
    rows_per_set: list[list[dict]] = []
    start = time.time()
    seed = args.seed
    played = 0
    while played < args.matches:
        rows: list[dict] = []
        for shift in range(4):
            rows += play(seed, lineup[shift:] + lineup[:shift], tally)
            played += 1
        rows_per_set.append(rows)
        seed += 1
        if len(rows_per_set) % 5 == 0:
            print(f"... {played} matches, {time.time() - start:.0f} s", flush=True)
        if args.json:  # kept after every seed, so a run stopped early still counts
            save(args.json, lineup, played, start, None, tally, rows_per_set)
    hard = hard_table(args.hard_matches, 10_000 + args.seed, tally) if args.hard_matches else None
    figures = print_report(rows_per_set, lineup, tally, hard, time.time() - start)
    if args.json:
        save(args.json, lineup, played, start, hard, tally, rows_per_set, figures)


def save(path: str, lineup: list[str], played: int, start: float, hard: dict | None, tally: Tally,
         rows_per_set: list[list[dict]], figures: dict | None = None) -> None:
    Path(path).write_text(json.dumps({
        "lineup": lineup, "matches": played, "took": time.time() - start, "figures": figures, "hard_table": hard,
        "illegal": tally.illegal, "rows": rows_per_set, "times": tally.times, "cpu": tally.cpu}))


if __name__ == "__main__":
    main()
