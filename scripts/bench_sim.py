"""Simulation speed: hands per second and microseconds per decision, per AI.

    python scripts/bench_sim.py [--hands 1000] [--riichi-seconds 5]

For each AI (potential, random-legal) it plays seeded all-AI hands through the
controller and reports hands/s, the whole cost per decision (engine, controller
and AI together, mean) and the AI's own decision time (median). When the
optional ``riichienv`` package (a Rust engine; ``pip install ".[bench]"``) is
installed, its random agent is timed in the same run for comparison: the target
is random-legal decisions at most 3x its per-decision cost.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from mahjong_joy.ai import make_ai
from mahjong_joy.controller import Controller
from mahjong_joy.engine.actions import Action
from mahjong_joy.engine.view import SeatView


class Timed:
    """Wraps an AI and keeps its decision times."""

    def __init__(self, ai: object, timings: list[float]) -> None:
        self.ai = ai
        self.timings = timings

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        start = time.perf_counter()
        action = self.ai.choose(view, legal)  # type: ignore[attr-defined]
        self.timings.append(time.perf_counter() - start)
        return action


def bench_ours(kind: str, hands: int) -> dict[str, float]:
    """Play ``hands`` hands with ``kind`` AIs on every seat; timings in seconds."""
    timings: list[float] = []
    done = decisions = wins = 0
    seed = 0
    start = time.perf_counter()
    while done < hands:
        deciders = [Timed(make_ai(kind, f"{seed}:{s}"), timings) for s in range(4)]
        ctl = Controller(seats=(kind,) * 4, seed=seed, max_hands=hands - done, deciders=deciders)
        while not ctl.is_over:
            ctl.step()
        done += ctl.match.hands_played
        wins += sum(r.winner is not None for r in ctl.match.results)
        decisions += len(timings) - decisions
        seed += 1
    elapsed = time.perf_counter() - start
    return {
        "hands": done,
        "seconds": elapsed,
        "hands_per_s": done / elapsed,
        "us_per_decision": 1e6 * elapsed / len(timings),
        "ai_median_us": 1e6 * statistics.median(timings),
        "win_rate": wins / done,
    }


def bench_riichienv(seconds: float) -> dict[str, float] | None:
    """riichienv's random agent for about ``seconds``; None when it is not installed."""
    try:
        from riichienv import RiichiEnv
        from riichienv.agents import RandomAgent
    except ImportError:
        return None
    agent = RandomAgent(seed=0)
    env = RiichiEnv()
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        observations = env.reset()
        while not env.done():
            actions = {seat: agent.act(obs) for seat, obs in observations.items()}
            decisions += len(actions)
            observations = env.step(actions)
        games += 1
    elapsed = time.perf_counter() - start
    return {"games": games, "seconds": elapsed, "us_per_decision": 1e6 * elapsed / decisions}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--riichi-seconds", type=float, default=5.0)
    args = parser.parse_args()
    results = {}
    for kind in ("potential", "random"):
        r = bench_ours(kind, args.hands)
        results[kind] = r
        print(
            f"{kind:>9}: {r['hands']} hands in {r['seconds']:.1f} s = {r['hands_per_s']:.0f} hands/s; "
            f"{r['us_per_decision']:.0f} us/decision (engine+AI), AI median {r['ai_median_us']:.0f} us; "
            f"wins {100 * r['win_rate']:.1f}%"
        )
    other = bench_riichienv(args.riichi_seconds)
    if other is None:
        print("riichienv: not installed (pip install '.[bench]')")
        return
    ratio = results["random"]["us_per_decision"] / other["us_per_decision"]
    print(
        f"riichienv: {other['games']} games in {other['seconds']:.1f} s = {other['us_per_decision']:.1f} us/decision "
        f"(random agent); ours random-legal / riichienv = {ratio:.2f}x (target <= 3x)"
    )


if __name__ == "__main__":
    main()
