"""Waits, useful tiles (ukeire) and discard candidates.

These power the table's remaining-tile guide and the AI. A wait never includes a
kind the hand already holds all four of; ukeire counts copies still unseen (not in
the hand and not among the ``visible`` tiles).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from mahjong_joy.errors import InvalidHandError
from mahjong_joy.hand.agari import is_seven_pairs, is_standard_win, is_thirteen_orphans
from mahjong_joy.hand.counts import counts_of, hand_bytes
from mahjong_joy.hand.shanten import shanten_of_key
from mahjong_joy.tiles import KIND_COUNT, tile_name

READY_SIZES = (13,)
DISCARD_SIZES = (14,)


class DiscardCandidate(NamedTuple):
    """One possible discard: the shanten it leaves and the useful draws after it."""

    tile: int
    shanten: int
    ukeire: dict[int, int]

    @property
    def ukeire_total(self) -> int:
        """Unseen copies of all useful kinds together."""
        return sum(self.ukeire.values())


def _add(key: bytes, tile: int) -> bytes:
    """Counts-as-bytes with one more ``tile``."""
    return key[:tile] + bytes((key[tile] + 1,)) + key[tile + 1 :]


def _wins(key: bytes, melds: int) -> bool:
    if is_standard_win(key):
        return True
    return melds == 0 and (is_seven_pairs(key) or is_thirteen_orphans(key))


def waiting_tiles(hand13: Sequence[int], melds: int = 0) -> list[int]:
    """Kinds that complete a ``13 - 3 * melds`` tile hand, leaving out kinds held four times.

    ``hand13`` is kinds or a ``counts34`` (34 items).

    >>> from mahjong_joy.notation import parse_tiles
    >>> waiting_tiles(parse_tiles("1112345678999m"))
    [0, 1, 2, 3, 4, 5, 6, 7, 8]
    """
    key = hand_bytes(hand13, melds, READY_SIZES)
    return waits_of_key(key, melds)


def waits_of_key(key: bytes, melds: int) -> list[int]:
    """Waits on validated counts-as-bytes."""
    return [t for t in range(KIND_COUNT) if key[t] < 4 and _wins(_add(key, t), melds)]


def visible_counts(visible: Sequence[int] | None) -> list[int]:
    """Counts of tiles seen elsewhere (kinds or ``counts34``; ``None`` = nothing seen)."""
    if visible is None:
        return [0] * KIND_COUNT
    return counts_of(visible)


def ukeire(
    hand13: Sequence[int], melds: int = 0, visible: Sequence[int] | None = None
) -> dict[int, int]:
    """Each kind whose draw lowers shanten, mapped to its copies still unseen.

    ``hand13`` and ``visible`` are kinds or ``counts34``; a kind the hand holds four
    of is never listed. Raises ``InvalidHandError`` when hand and visible tiles
    together hold a fifth copy.
    """
    key = hand_bytes(hand13, melds, READY_SIZES)
    return ukeire_of_key(key, melds, visible_counts(visible))


def ukeire_of_key(key: bytes, melds: int, seen: Sequence[int]) -> dict[int, int]:
    """Ukeire on validated counts-as-bytes, with ``seen`` as a ``counts34``."""
    base = shanten_of_key(key, melds)
    useful: dict[int, int] = {}
    for tile in range(KIND_COUNT):
        held = key[tile]
        if held >= 4:
            continue
        if held + seen[tile] > 4:
            raise InvalidHandError(f"hand and visible tiles hold {held + seen[tile]} copies of {tile_name(tile)}")
        if shanten_of_key(_add(key, tile), melds) < base:
            useful[tile] = 4 - held - seen[tile]
    return useful


def discard_candidates(
    hand14: Sequence[int], melds: int = 0, visible: Sequence[int] | None = None
) -> list[DiscardCandidate]:
    """Every distinct discard from a ``14 - 3 * melds`` tile hand, best first.

    Best = lowest shanten after the discard, then most unseen useful tiles, then
    the lower kind (a stable order for ties).
    """
    key = hand_bytes(hand14, melds, DISCARD_SIZES)
    seen = visible_counts(visible)
    found = []
    for tile in range(KIND_COUNT):
        if key[tile]:
            rest = key[:tile] + bytes((key[tile] - 1,)) + key[tile + 1 :]
            found.append(DiscardCandidate(tile, shanten_of_key(rest, melds), ukeire_of_key(rest, melds, seen)))
    found.sort(key=lambda c: (c.shanten, -c.ukeire_total, c.tile))
    return found
