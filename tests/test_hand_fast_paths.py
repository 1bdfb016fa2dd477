"""The table fast paths (count arrays) agree with the validated slow paths (kinds).

The win check, shanten and waits validate a ``counts34`` through the table probes
and arithmetic on packed values instead of a pass over the counts; a list of kinds
always takes the slow path (``hand_bytes`` then the generic code). Passing the same
hand both ways must give the same answer, and every kind of bad input must still
raise ``InvalidHandError`` from the fast path, never return a wrong answer.
"""

from __future__ import annotations

import random

import pytest

from mahjong_joy import InvalidHandError, is_winning_hand, shanten, shanten_by_form, waiting_tiles
from mahjong_joy.hand.samples import random_hand, random_tenpai_hand, random_winning_hand
from mahjong_joy.tiles import TERMINALS_AND_HONORS
from tests.helpers import h


def kinds_of(counts: list[int]) -> list[int]:
    return [tile for tile, n in enumerate(counts) for _ in range(n)]


def special_hand(rng: random.Random) -> list[int]:
    """Seven pairs (some with a quad) or thirteen orphans, sometimes one tile off."""
    counts = [0] * 34
    if rng.random() < 0.5:
        kinds = rng.sample(range(34), 7)
        for tile in kinds:
            counts[tile] = 2
        if rng.random() < 0.3:
            counts[kinds[0]], counts[kinds[1]] = 4, 0
    else:
        for tile in TERMINALS_AND_HONORS:
            counts[tile] = 1
        counts[rng.choice(TERMINALS_AND_HONORS)] += 1
    if rng.random() < 0.3:
        counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
        counts[rng.choice([t for t in range(34) if counts[t] < 4])] += 1
    return counts


def hands14(seed: int, n: int) -> list[tuple[list[int], int]]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        melds = (0, 0, 1, 2, 4)[i % 5]
        if i % 4 == 0:
            out.append((random_hand(rng, 14 - 3 * melds), melds))
        elif i % 4 == 1:
            out.append((random_winning_hand(rng, melds), melds))
        else:
            out.append((special_hand(rng), 0))
    return out


@pytest.mark.parametrize("options", [{}, {"quad_as_two_pairs": True}, {"seven_pairs": False, "thirteen_orphans": False}])
def test_win_check_counts_agree_with_kinds(options: dict) -> None:
    wins = 0
    for counts, melds in hands14(2026, 2000):
        fast = is_winning_hand(counts, melds, **options)
        assert fast == is_winning_hand(kinds_of(counts), melds, **options), (counts, melds)
        wins += fast
    assert 500 < wins < 2000  # both outcomes are exercised


def test_shanten_and_waits_counts_agree_with_kinds() -> None:
    rng = random.Random(7)
    for i in range(1500):
        melds = (0, 0, 1, 3)[i % 4]
        hand = random_hand(rng, 13 - 3 * melds) if i % 2 else random_tenpai_hand(rng, melds)
        assert shanten(hand, melds) == shanten(kinds_of(hand), melds)
        assert shanten_by_form(hand, melds) == shanten_by_form(kinds_of(hand), melds)
        assert waiting_tiles(hand, melds) == waiting_tiles(kinds_of(hand), melds)
    for _ in range(300):
        hand = special_hand(rng)
        hand[rng.choice([t for t in range(34) if hand[t]])] -= 1  # 13 tiles
        assert shanten(hand) == shanten(kinds_of(hand))
        assert waiting_tiles(hand) == waiting_tiles(kinds_of(hand))


def test_fast_paths_reject_what_the_sum_of_probes_could_hide() -> None:
    winning = [0] * 34
    for tile in h("123m456p789s11122z"):
        winning[tile] += 1
    seventeen = winning[:]
    seventeen[0] += 1
    seventeen[1] += 1
    seventeen[2] += 1  # every group still complete: only the count is wrong
    with pytest.raises(InvalidHandError, match="17 tiles"):
        is_winning_hand(seventeen)
    with pytest.raises(InvalidHandError, match="melds must be 0..4"):
        is_winning_hand(seventeen, -1)  # 17 tiles would fit -1 melds arithmetically
    with pytest.raises(InvalidHandError, match="melds must be 0..4"):
        shanten(seventeen[:27] + [0] * 7, 5)
    fifth = winning[:]
    fifth[27], fifth[28] = 5, 0  # 14 tiles, 1z five times
    fifth13 = fifth[:]
    fifth13[0] = 0
    for call, hand in ((is_winning_hand, fifth), (shanten, fifth), (shanten, fifth13), (waiting_tiles, fifth13)):
        with pytest.raises(InvalidHandError, match="5 copies of 1z"):
            call(hand)


def test_other_count_sequences_take_the_same_paths() -> None:
    counts = [0] * 34
    for tile in h("123m456p789s11122z"):
        counts[tile] += 1
    for same in (tuple(counts), bytes(counts), bytearray(counts)):
        assert is_winning_hand(same)
        assert shanten(same) == -1
    assert is_winning_hand(h("123m456p11z"), 2)  # eight kinds with two melds: the slow path
    assert waiting_tiles(h("123m456p1z"), 2) == [27]
