"""Blocks: the sets of a reading, every one of them made once at import.

A reading picks its blocks out of these tables instead of building them per
hand: the per-suit grouping tables (:mod:`~mahjong_joy.rulesets.riichi.groupings`)
hold the concealed-triplet blocks of each arrangement, and the fu lines are
looked up by block (:mod:`~mahjong_joy.rulesets.riichi.fu`).
"""

from __future__ import annotations

from typing import NamedTuple

from mahjong_joy.hand.decompose import RUN
from mahjong_joy.melds import CHI, CLOSED_KAN, PON
from mahjong_joy.tiles import KIND_COUNT

TRIPLET, KAN = "triplet", "kan"


class Block(NamedTuple):
    """A set in a reading: ``shape`` run/triplet/kan from ``tile``; ``called`` when
    declared open; ``concealed`` when it counts as concealed (ankou)."""

    shape: str
    tile: int
    called: bool
    concealed: bool


HAND_RUN = tuple(Block(RUN, t, False, True) for t in range(KIND_COUNT))
HAND_TRIPLET = tuple(Block(TRIPLET, t, False, True) for t in range(KIND_COUNT))
RON_TRIPLET = tuple(Block(TRIPLET, t, False, False) for t in range(KIND_COUNT))
"""A hand triplet a ron completed: it counts as called (riichi.wiki: "Sanankou")."""
MELD_BLOCK = {
    CHI: tuple(Block(RUN, t, True, False) for t in range(KIND_COUNT)),
    PON: tuple(Block(TRIPLET, t, True, False) for t in range(KIND_COUNT)),
    CLOSED_KAN: tuple(Block(KAN, t, False, True) for t in range(KIND_COUNT)),
}
OPEN_KAN = tuple(Block(KAN, t, True, False) for t in range(KIND_COUNT))
SET_BLOCKS = HAND_TRIPLET + RON_TRIPLET + MELD_BLOCK[PON] + MELD_BLOCK[CLOSED_KAN] + OPEN_KAN
"""Every triplet and kan block (the ones ``Reading.sets`` holds)."""
