"""Seeded sample hands for tests, benchmarks and simulations.

Every generator takes a ``random.Random`` so corpora are reproducible from a seed
(never the global RNG). Hands are ``counts34`` lists.
"""

from __future__ import annotations

import random

from mahjong_joy.tiles import KIND_COUNT


def random_hand(rng: random.Random, size: int) -> list[int]:
    """``size`` tiles drawn from a shuffled 136-tile wall."""
    wall = [tile for tile in range(KIND_COUNT) for _ in range(4)]
    counts = [0] * KIND_COUNT
    for tile in rng.sample(wall, size):
        counts[tile] += 1
    return counts


def random_winning_hand(rng: random.Random, melds: int = 0, run_share: float = 0.6) -> list[int]:
    """A complete standard hand of ``4 - melds`` random sets and a pair (no fifth copy)."""
    while True:
        counts = [0] * KIND_COUNT
        for _ in range(4 - melds):
            if rng.random() < run_share:
                low = rng.randrange(3) * 9 + rng.randrange(7)
                for tile in (low, low + 1, low + 2):
                    counts[tile] += 1
            else:
                counts[rng.randrange(KIND_COUNT)] += 3
        counts[rng.randrange(KIND_COUNT)] += 2
        if max(counts) <= 4:
            return counts


def random_tenpai_hand(rng: random.Random, melds: int = 0) -> list[int]:
    """A complete hand with one random tile taken out (ready, or sometimes better)."""
    counts = random_winning_hand(rng, melds)
    held = [tile for tile in range(KIND_COUNT) for _ in range(counts[tile])]
    counts[rng.choice(held)] -= 1
    return counts


def random_single_suit_hand(rng: random.Random, size: int, suit: int | None = None) -> list[int]:
    """``size`` tiles from one number suit: dense hands full of overlapping shapes."""
    suit = rng.randrange(3) if suit is None else suit
    wall = [suit * 9 + rank for rank in range(9) for _ in range(4)]
    counts = [0] * KIND_COUNT
    for tile in rng.sample(wall, size):
        counts[tile] += 1
    return counts
