"""Compare two arena runs of one agent game by game: same seeds, same rotations.

    python scripts/arena_pair.py NEW.jsonl[,MORE.jsonl] OLD.jsonl[,MORE.jsonl] [--agent hard]

The shared arena's harness (``../shared/arena/``) writes one JSON line per game.
When only one agent's code differs between two runs and the others play the same
game for the same table (majiang-ai does), most games come out exactly alike, so
the placement difference of the games both runs played is far less noisy than
either run's own interval. Prints the games matched, how many ended with the same
scores and with the agent in the same place, each run's average placement over
them, and the paired difference (new minus old; negative = new places better) with
a 95% bootstrap interval over seeds.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections import defaultdict
from pathlib import Path

ROUNDS = 2000  # bootstrap resamples of the seeds


def games(paths: str) -> dict[tuple[int, int], dict]:
    """Each game of the comma-separated JSON-lines files by (seed, rotation)."""
    found = {}
    for path in paths.split(","):
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            if line.strip():
                game = json.loads(line)
                found[(game["seed"], game["rotation"])] = game
    return found


def rank_of(game: dict, agent: str) -> int:
    return next(seat["rank"] for seat in game["seats"] if seat["agent"] == agent)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("new")
    parser.add_argument("old")
    parser.add_argument("--agent", default="hard")
    args = parser.parse_args()
    new, old = games(args.new), games(args.old)
    keys = sorted(set(new) & set(old))
    if not keys:
        raise SystemExit("the two runs share no game (seed and rotation)")
    by_seed: dict[int, list[int]] = defaultdict(list)
    for key in keys:
        by_seed[key[0]].append(rank_of(new[key], args.agent) - rank_of(old[key], args.agent))
    seeds = list(by_seed.values())
    rng = random.Random(1)
    means = sorted(
        statistics.mean(d for s in (rng.choice(seeds) for _ in seeds) for d in s) for _ in range(ROUNDS)
    )
    low, high = means[int(0.025 * ROUNDS)], means[int(0.975 * ROUNDS) - 1]
    same_scores = sum([s["score"] for s in new[k]["seats"]] == [s["score"] for s in old[k]["seats"]] for k in keys)
    diffs = [d for s in seeds for d in s]
    print(f"{len(keys)} games matched; {same_scores} with the same scores, {diffs.count(0)} with {args.agent} in the same place")
    print(f"avg place: new {statistics.mean(rank_of(new[k], args.agent) for k in keys):.4f}, "
          f"old {statistics.mean(rank_of(old[k], args.agent) for k in keys):.4f}")
    print(f"new - old: {statistics.mean(diffs):+.4f} [{low:+.4f}, {high:+.4f}]")


if __name__ == "__main__":
    main()
