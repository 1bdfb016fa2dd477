"""Simulation speed under a riichi preset: ours against riichienv, in alternating passes.

    python scripts/bench_sim.py [--rules tenhou] [--passes 7] [--hands 60] [--games 6]

Each pass plays ``--hands`` seeded all-random-legal hands through our controller
and ``--games`` riichienv games (its Tenhou preset, its random agent), timing
each side with process CPU time (``time.process_time``: the machines are shared,
and wall time charges us for other jobs). A decision is one call of an AI (a
turn or a claim answer) on our side, one action handed to ``env.step`` on
theirs. The ratio of the per-decision costs is taken per pass and the median
is printed: the target is at most 3x. A last block times the potential AI's own
decisions under the same rules (target: median at most 1 ms).

riichienv is the optional ``bench`` extra: ``pip install ".[bench]"``.
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
from mahjong_joy.rulesets.joy import ruleset_for


class Counted:
    """Wraps an AI; counts its decisions and keeps their CPU times."""

    def __init__(self, ai: object, timings: list[float]) -> None:
        self.ai = ai
        self.timings = timings

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        start = time.process_time()
        action = self.ai.choose(view, legal)  # type: ignore[attr-defined]
        self.timings.append(time.process_time() - start)
        return action


def play_ours(kind: str, rules: str, hands: int, first_seed: int, timings: list[float]) -> int:
    """Play ``hands`` hands of ``kind`` AIs; returns the hands played."""
    ruleset = ruleset_for(rules)
    done, seed = 0, first_seed
    while done < hands:
        deciders = [Counted(make_ai(kind, f"{seed}:{s}"), timings) for s in range(4)]
        ctl = Controller((kind,) * 4, seed, ruleset, max_hands=hands - done, deciders=deciders)
        while not ctl.is_over:
            ctl.step()
        done += ctl.match.hands_played
        seed += 1
    return done


def ours_pass(rules: str, hands: int, seed: int) -> float:
    """CPU seconds per decision for one pass of ours (engine, controller and AI together)."""
    timings: list[float] = []
    start = time.process_time()
    play_ours("random", rules, hands, seed, timings)
    return (time.process_time() - start) / len(timings)


def riichienv_pass(games: int, seed: int) -> float:
    """CPU seconds per decision for one pass of riichienv's random agent."""
    from riichienv import GameRule, RiichiEnv
    from riichienv.agents import RandomAgent

    agent = RandomAgent(seed=seed)
    decisions = 0
    start = time.process_time()
    for _ in range(games):
        env = RiichiEnv(game_mode="4p-red-half", rule=GameRule.default_tenhou())
        observations = env.reset()
        while not env.done():
            actions = {seat: agent.act(obs) for seat, obs in observations.items()}
            decisions += len(actions)
            observations = env.step(actions)
    return (time.process_time() - start) / decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="tenhou")
    parser.add_argument("--passes", type=int, default=7)
    parser.add_argument("--hands", type=int, default=60, help="our hands per pass")
    parser.add_argument("--games", type=int, default=6, help="riichienv hanchan per pass")
    parser.add_argument("--potential-hands", type=int, default=200)
    args = parser.parse_args()
    try:
        import riichienv  # noqa: F401
    except ImportError:
        riichienv = None
    play_ours("potential", args.rules, 8, 99_999, [])  # warm up: the packed and scoring tables load on first use
    ratios = []
    for index in range(args.passes):
        ours = ours_pass(args.rules, args.hands, 1000 * index)
        if riichienv is None:
            print(f"pass {index + 1}: ours {1e6 * ours:.1f} us/decision (riichienv not installed)")
            continue
        theirs = riichienv_pass(args.games, index)
        ratios.append(ours / theirs)
        print(f"pass {index + 1}: ours {1e6 * ours:.1f} us/decision, riichienv {1e6 * theirs:.1f} us/decision, "
              f"ratio {ours / theirs:.2f}x")
    if ratios:
        print(f"median ratio (random-legal, {args.rules}): {statistics.median(ratios):.2f}x (target <= 3x)")
    timings: list[float] = []
    start = time.process_time()
    hands = play_ours("potential", args.rules, args.potential_hands, 7, timings)
    elapsed = time.process_time() - start
    timings.sort()
    print(f"potential AI ({args.rules}): {hands} hands, {hands / elapsed:.0f} hands/s; decision median "
          f"{1e6 * statistics.median(timings):.0f} us, p99 {1e6 * timings[int(0.99 * len(timings))]:.0f} us (target median <= 1000 us)")


if __name__ == "__main__":
    main()
