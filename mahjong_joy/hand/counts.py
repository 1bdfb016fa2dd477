"""Turning an analysis input into a validated ``counts34``.

Every analysis function takes either a list of tile kinds (what ``parse_tiles``
returns) or a ``counts34`` list. They are told apart by length: a sequence of
exactly 34 items is a count array (no hand holds 34 tiles: 18 is the most, with
four kans), anything else is a list of kinds.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_joy.errors import InvalidHandError
from mahjong_joy.tiles import KIND_COUNT, tile_name


def counts_of(tiles: Sequence[int]) -> list[int]:
    """A fresh, validated ``counts34`` for kinds or counts; checks copies, not size."""
    if len(tiles) == KIND_COUNT:
        counts = list(tiles)
        for tile, n in enumerate(counts):
            if not isinstance(n, int) or n < 0:
                raise InvalidHandError(f"count of {tile_name(tile)} must be a non-negative int, got {n!r}")
    else:
        counts = [0] * KIND_COUNT
        for tile in tiles:
            if not isinstance(tile, int) or not 0 <= tile < KIND_COUNT:
                raise InvalidHandError(f"not a tile kind (0..33): {tile!r}")
            counts[tile] += 1
    if max(counts) > 4:
        tile = max(range(KIND_COUNT), key=counts.__getitem__)
        raise InvalidHandError(f"{counts[tile]} copies of {tile_name(tile)}: a kind has only 4")
    return counts


def hand_counts(tiles: Sequence[int], melds: int, sizes: tuple[int, ...]) -> list[int]:
    """Validated counts whose total is one of ``sizes`` minus three per declared meld."""
    if not isinstance(melds, int) or not 0 <= melds <= 4:
        raise InvalidHandError(f"melds must be 0..4, got {melds!r}")
    counts = counts_of(tiles)
    total = sum(counts)
    allowed = [size - 3 * melds for size in sizes]
    if total not in allowed:
        wanted = " or ".join(str(n) for n in allowed)
        raise InvalidHandError(f"{total} tiles with {melds} melds: expected {wanted}")
    return counts


_COUNT_BYTES = bytes(range(5))
_MELD_COUNTS = (0, 1, 2, 3, 4)


def hand_bytes(tiles: Sequence[int], melds: int, sizes: tuple[int, ...]) -> bytes:
    """Validated counts as ``bytes`` (the table key form), fast path for count arrays.

    ``bytes`` rejects negatives; deleting the bytes 0..4 leaves nothing exactly when
    no kind has a fifth copy. Anything odd falls through to the slow path, which
    raises the precise error.
    """
    if len(tiles) == KIND_COUNT and melds in _MELD_COUNTS:
        try:
            key = bytes(tiles)
        except (TypeError, ValueError):
            key = b""
        if key and not key.translate(None, _COUNT_BYTES) and sum(key) + 3 * melds in sizes:
            return key
    return bytes(hand_counts(tiles, melds, sizes))
