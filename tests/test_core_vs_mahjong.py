"""Differential tests against the ``mahjong`` package (2.1.0, test-only oracle).

Over 12,000 seeded hands of six kinds (random wall hands, ready hands, dense
single-suit hands, winning hands; 13 and 14 tiles): the win check, shanten of
each form, and waits must agree exactly.

Known conventions, not disagreements:
* ``mahjong`` accepts a fifth copy of a kind; we raise ``InvalidHandError``
  (tested in ``test_hand_analysis``), so the corpora never hold one.
* its seven pairs need distinct pairs, as ours do by default.
* its waits are computed here the way it would: adding each kind held fewer than
  four times and asking ``Agari.is_agari``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from mahjong.agari import Agari
from mahjong.shanten import Shanten

from mahjong_joy import is_winning_hand, shanten, shanten_by_form, waiting_tiles
from mahjong_joy.hand.samples import (
    random_hand,
    random_single_suit_hand,
    random_tenpai_hand,
    random_winning_hand,
)

HANDS_PER_KIND = 2000

GENERATORS: dict[str, Callable[[random.Random], list[int]]] = {
    "random13": lambda rng: random_hand(rng, 13),
    "tenpai13": random_tenpai_hand,
    "one_suit13": lambda rng: random_single_suit_hand(rng, 13),
    "random14": lambda rng: random_hand(rng, 14),
    "winning14": random_winning_hand,
    "one_suit14": lambda rng: random_single_suit_hand(rng, 14),
}


def corpus(name: str) -> list[list[int]]:
    rng = random.Random(f"core-vs-mahjong:{name}")
    return [GENERATORS[name](rng) for _ in range(HANDS_PER_KIND)]


def reference_waits(counts: list[int]) -> list[int]:
    waits = []
    for tile in range(34):
        if counts[tile] < 4:
            counts[tile] += 1
            if Agari.is_agari(counts):
                waits.append(tile)
            counts[tile] -= 1
    return waits


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_shanten_of_each_form_agrees(name: str) -> None:
    calc = Shanten()
    mismatches = []
    for counts in corpus(name):
        ours = shanten_by_form(counts)
        ref = (
            calc.calculate_shanten_for_regular_hand(counts),
            calc.calculate_shanten_for_chiitoitsu_hand(counts),
            calc.calculate_shanten_for_kokushi_hand(counts),
        )
        if tuple(ours) != ref or shanten(counts) != min(ref):
            mismatches.append((counts, tuple(ours), ref))
    assert mismatches == []


@pytest.mark.parametrize("name", ["random14", "winning14", "one_suit14"])
def test_win_check_agrees(name: str) -> None:
    hands = corpus(name)
    mismatches = [c for c in hands if is_winning_hand(c) != Agari.is_agari(c)]
    assert mismatches == []
    if name == "winning14":
        assert all(is_winning_hand(c) for c in hands)


@pytest.mark.parametrize("name", ["random13", "tenpai13", "one_suit13"])
def test_waits_agree(name: str) -> None:
    hands = corpus(name)
    mismatches = [c for c in hands if waiting_tiles(c) != reference_waits(list(c))]
    assert mismatches == []
    if name == "tenpai13":  # the corpus really exercises waits
        assert sum(1 for c in hands if waiting_tiles(c)) > HANDS_PER_KIND // 2
