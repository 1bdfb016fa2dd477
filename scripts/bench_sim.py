"""Simulation speed under a riichi preset: ours against riichienv, per decision.

    python scripts/bench_sim.py [--rules tenhou] [--passes 7] [--runs 3] [--hands 60] [--games 6] [--seed 0]

The method (issue 24), the same on both sides so the ratio means something:

- **Both sides random legal agents.** Ours: four ``random`` seats (the engine,
  the controller and :class:`~mahjong_joy.ai.random_legal.RandomLegalAI`) under
  the ``--rules`` preset; theirs: riichienv 0.4.x's own ``RandomAgent`` on its
  Tenhou rule (``GameRule.default_tenhou()``, ``4p-red-half``).
- **riichienv at its fastest honest setting**: ``skip_mjai_logging=True``, so it
  does not build its mjai game log (which nothing here reads; with the log on it
  is about a third slower). The agent still reads each observation's legal
  actions, as ours reads its legal list.
- **Alternating passes in one process, the order rotating every pass**: odd
  passes time ours first, even passes riichienv first, so neither side always
  runs on the caches (CPU, allocator) the other left behind.
- **Process CPU time** (``time.process_time``): the machines are shared and
  wall time would charge either side for other jobs.
- **Inputs not seen before**: every pass of every run plays new seeds on both
  sides, so no memo of an earlier pass's positions flatters either.
- **Median of ``--passes`` (7) passes** of the per-pass ratio; each side's median
  cost per decision is printed beside it. ``--runs N`` repeats the whole
  measurement N times on fresh seeds and prints each run's median (quote three).

A decision is one call of an AI on our side (a turn or a claim answer) and one
action handed to ``env.step`` on theirs. The target after issue 24 is a median
ratio of at most 2.5x. A last block (``--potential-hands``, 0 to skip) times the
potential AI's own decisions (target: median at most 1 ms).

riichienv is the optional ``bench`` extra: ``pip install ".[bench]"``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence

from mahjong_joy.ai import make_ai
from mahjong_joy.controller import Controller
from mahjong_joy.engine.actions import Action
from mahjong_joy.engine.view import SeatView
from mahjong_joy.rulesets.joy import ruleset_for

SEEDS_PER_PASS = 1_000  # our matches of one pass use seeds base .. base + 999 at most (a pass plays far fewer)
RATIO_TARGET = 2.5
WARM_UP_SEED = 1_000_000_000  # far above any pass's seeds


class Counted:
    """Wraps an AI and counts its decisions (no clock call per decision: that would charge us for timing)."""

    def __init__(self, ai: object, counter: list[int]) -> None:
        self.ai = ai
        self.counter = counter

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        self.counter[0] += 1
        return self.ai.choose(view, legal)  # type: ignore[attr-defined]


class Timed:
    """Wraps an AI; keeps the CPU time of each of its decisions (for the potential AI's own figures)."""

    def __init__(self, ai: object, timings: list[float]) -> None:
        self.ai = ai
        self.timings = timings

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        start = time.process_time()
        action = self.ai.choose(view, legal)  # type: ignore[attr-defined]
        self.timings.append(time.process_time() - start)
        return action


def play_ours(kind: str, rules: str, hands: int, first_seed: int, wrap: Callable[[object], object]) -> int:
    """Play ``hands`` hands of ``kind`` AIs, each wrapped by ``wrap``; returns the hands played."""
    ruleset = ruleset_for(rules)
    done, seed = 0, first_seed
    while done < hands:
        deciders = [wrap(make_ai(kind, f"{seed}:{s}")) for s in range(4)]
        ctl = Controller((kind,) * 4, seed, ruleset, max_hands=hands - done, deciders=deciders)  # type: ignore[arg-type]
        while not ctl.is_over:
            ctl.step()
        done += ctl.match.hands_played
        seed += 1
    return done


def ours_pass(rules: str, hands: int, seed: int) -> float:
    """CPU seconds per decision for one pass of ours (engine, controller and random AI together)."""
    counter = [0]
    start = time.process_time()
    play_ours("random", rules, hands, seed, lambda ai: Counted(ai, counter))
    return (time.process_time() - start) / counter[0]


def riichienv_pass(games: int, seed: int) -> float:
    """CPU seconds per decision for one pass of riichienv's random agent, its game log off."""
    from riichienv import GameRule, RiichiEnv
    from riichienv.agents import RandomAgent

    agent = RandomAgent(seed=seed)
    decisions = 0
    start = time.process_time()
    for game in range(games):
        env = RiichiEnv(game_mode="4p-red-half", rule=GameRule.default_tenhou(), skip_mjai_logging=True, seed=seed + game)
        observations = env.reset()
        while not env.done():
            actions = {seat: agent.act(obs) for seat, obs in observations.items()}
            decisions += len(actions)
            observations = env.step(actions)
    return (time.process_time() - start) / decisions


def measure(args: argparse.Namespace, run: int) -> float | None:
    """One run of ``--passes`` alternating passes; prints each and returns the median ratio (None without riichienv)."""
    ours_costs: list[float] = []
    their_costs: list[float] = []
    ratios: list[float] = []
    for index in range(args.passes):
        seed = args.seed + SEEDS_PER_PASS * (run * args.passes + index)  # fresh inputs for every pass of every run
        ours_first = index % 2 == 0
        if not args.has_riichienv:
            ours = ours_pass(args.rules, args.hands, seed)
            ours_costs.append(ours)
            print(f"run {run + 1} pass {index + 1}: ours {1e6 * ours:.1f} us/decision (riichienv not installed)")
            continue
        if ours_first:
            ours = ours_pass(args.rules, args.hands, seed)
            theirs = riichienv_pass(args.games, seed)
        else:
            theirs = riichienv_pass(args.games, seed)
            ours = ours_pass(args.rules, args.hands, seed)
        ours_costs.append(ours)
        their_costs.append(theirs)
        ratios.append(ours / theirs)
        order = "ours first" if ours_first else "riichienv first"
        print(f"run {run + 1} pass {index + 1} ({order}): ours {1e6 * ours:.1f} us/decision, "
              f"riichienv {1e6 * theirs:.1f} us/decision, ratio {ours / theirs:.2f}x")
    if not ratios:
        print(f"run {run + 1}: ours median {1e6 * statistics.median(ours_costs):.1f} us/decision")
        return None
    median = statistics.median(ratios)
    print(f"run {run + 1} median ({args.rules}, random legal): ours {1e6 * statistics.median(ours_costs):.1f} us, "
          f"riichienv {1e6 * statistics.median(their_costs):.1f} us per decision; ratio {median:.2f}x "
          f"(target <= {RATIO_TARGET}x)")
    return median


def potential_block(rules: str, hands: int) -> None:
    """The potential AI's own decision times under ``rules``."""
    timings: list[float] = []
    start = time.process_time()
    played = play_ours("potential", rules, hands, 7, lambda ai: Timed(ai, timings))
    elapsed = time.process_time() - start
    timings.sort()
    print(f"potential AI ({rules}): {played} hands, {played / elapsed:.0f} hands/s; decision median "
          f"{1e6 * statistics.median(timings):.0f} us, p99 {1e6 * timings[int(0.99 * len(timings))]:.0f} us "
          f"(target median <= 1000 us)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="tenhou")
    parser.add_argument("--passes", type=int, default=7, help="alternating passes per run (the median is over these)")
    parser.add_argument("--runs", type=int, default=1, help="repeat the whole measurement on fresh seeds (quote 3)")
    parser.add_argument("--hands", type=int, default=60, help="our hands per pass")
    parser.add_argument("--games", type=int, default=6, help="riichienv hanchan per pass")
    parser.add_argument("--seed", type=int, default=0, help="first seed; passes and runs count on from it")
    parser.add_argument("--potential-hands", type=int, default=200, help="hands for the potential AI block (0: skip)")
    args = parser.parse_args()
    try:
        import riichienv  # noqa: F401
        args.has_riichienv = True
    except ImportError:
        args.has_riichienv = False
    # Warm up once on seeds no pass uses: the packed and scoring tables load on first use, on both sides
    # (the potential AI reaches a win within a few hands, which loads the agari weights and the scorer's tables).
    play_ours("potential", args.rules, 8, WARM_UP_SEED, lambda ai: ai)
    play_ours("random", args.rules, 8, WARM_UP_SEED, lambda ai: ai)
    if args.has_riichienv:
        riichienv_pass(1, WARM_UP_SEED)
    medians = [m for run in range(args.runs) if (m := measure(args, run)) is not None]
    if len(medians) > 1:
        print(f"medians of {len(medians)} runs: {', '.join(f'{m:.2f}x' for m in medians)}")
    if args.potential_hands > 0:
        potential_block(args.rules, args.potential_hands)


if __name__ == "__main__":
    main()
