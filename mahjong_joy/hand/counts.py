"""Turning an analysis input into a validated ``counts34``.

Every hand analysis function takes a hand either as a list of tile kinds (what
``parse_tiles`` returns) or as a ``counts34`` list, told apart by length: a hand
holds at most :data:`HAND_MAX` tiles (four kans and a pair), so a sequence of
exactly 34 items can only be a count array. That rule holds for hands alone: a
list of tiles seen on the table can be 34 long, so such lists are counted with
:func:`counts_of_kinds`, which never guesses, and a kinds list longer than a
hand is refused by :func:`counts_of` rather than misread.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_joy.errors import InvalidHandError
from mahjong_joy.tiles import KIND_COUNT, tile_name, to_counts34

HAND_MAX = 18
"""The most tiles a hand holds: four kans and a pair."""


def counts_of(tiles: Sequence[int]) -> list[int]:
    """A fresh, validated ``counts34`` for a hand given as kinds (at most :data:`HAND_MAX`)
    or as 34 counts; checks copies, not the hand's size.

    >>> counts_of([0, 0, 33])[0], counts_of([0] * 33 + [2])[33]
    (2, 2)
    """
    if len(tiles) == KIND_COUNT:
        return _checked_counts(list(tiles))
    if len(tiles) > HAND_MAX:
        raise InvalidHandError(f"{len(tiles)} tiles: a hand holds at most {HAND_MAX} (count seen tiles with counts_of_kinds)")
    return counts_of_kinds(tiles)


def counts_of_kinds(kinds: Sequence[int]) -> list[int]:
    """A fresh, validated ``counts34`` for any number of tile kinds (seen tiles, a hand plus
    them): never read as counts, whatever the length.

    >>> sum(counts_of_kinds(list(range(34))))
    34
    """
    for tile in kinds:
        if not isinstance(tile, int) or not 0 <= tile < KIND_COUNT:
            raise InvalidHandError(f"not a tile kind (0..33): {tile!r}")
    return _checked_counts(to_counts34(kinds))


def _checked_counts(counts: list[int]) -> list[int]:
    """The counts themselves, once each is 0..4."""
    for tile, n in enumerate(counts):
        if not isinstance(n, int) or n < 0:
            raise InvalidHandError(f"count of {tile_name(tile)} must be a non-negative int, got {n!r}")
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
