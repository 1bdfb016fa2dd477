"""Shanten: how many tiles a hand is from ready (0) or complete (-1).

Standard form: each suit's distance vector (see :mod:`tables`) says how many tiles
that suit needs for ``m`` sets and ``h`` pairs; the hand needs ``4 - melds`` sets
and one pair split over the four suits, and shanten is the least total distance
minus one. Because the tables never use a fifth copy, a hand whose only wait is a
kind it holds four of is not counted as ready (the ``mahjong`` package counts it;
see the tests for the documented cases).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from operator import itemgetter
from typing import NamedTuple

from mahjong_joy.hand.counts import hand_bytes
from mahjong_joy.hand.tables import (
    ID_MASK,
    KINDS_MASK,
    KINDS_SHIFT,
    ORPHAN_PAIRS_MASK,
    ORPHAN_PAIRS_SHIFT,
    ORPHANS_MASK,
    ORPHANS_SHIFT,
    PAIRS_MASK,
    SPECIAL_SHIFT,
    TILES_MASK,
    TILES_SHIFT,
    Vector,
    tables,
)
from mahjong_joy.tiles import TERMINALS_AND_HONORS

HAND_SIZES = (13, 14)
_orphans = itemgetter(*TERMINALS_AND_HONORS)
_UNREACHABLE = 99


class ShantenByForm(NamedTuple):
    """Shanten of each hand form; ``None`` for a form a melded hand cannot take."""

    standard: int
    seven_pairs: int | None
    thirteen_orphans: int | None


class _Registry:
    """Distance vectors by small-int id: the table's own, then every combination made.

    Combining is min-plus over how the sets and the pair split between two groups
    of suits; results are cached by the pair of ids. The hot paths read two flatter
    caches: ``halves`` (a list indexed ``a << 8 | b`` for two table groups: m+p or
    s+z) and ``wholes`` (the combined vector of two halves, keyed ``ab << 32 | cd``),
    so after warm-up a hand's standard distance is two list reads and one dict probe.
    """

    def __init__(self) -> None:
        self.vectors: list[Vector] = list(tables().vectors)
        self.ids: dict[Vector, int] = {v: i for i, v in enumerate(self.vectors)}
        self.pairs: dict[int, int] = {}
        self.halves: list[int | None] = [None] * (1 << 16)  # table ids are below 256
        self.wholes: dict[int, Vector] = {}

    def whole(self, a: int, b: int, c: int, d: int) -> Vector:
        """Vector of the four table groups ``a`` to ``d`` together, filling the flat caches."""
        ab = self.halves[a << 8 | b] = self.combine(a, b)
        cd = self.halves[c << 8 | d] = self.combine(c, d)
        found = self.wholes[ab << 32 | cd] = self.vectors[self.combine(ab, cd)]
        return found

    def combine(self, a: int, b: int) -> int:
        """Id of the vector of groups ``a`` and ``b`` together."""
        cache_key = a << 24 | b
        found = self.pairs.get(cache_key)
        if found is None:
            found = self.pairs[cache_key] = self._intern(_min_plus(self.vectors[a], self.vectors[b]))
        return found

    def _intern(self, vector: Vector) -> int:
        found = self.ids.get(vector)
        if found is None:
            found = self.ids[vector] = len(self.vectors)
            self.vectors.append(vector)
        return found


def _min_plus(va: Vector, vb: Vector) -> Vector:
    """out[m, h] = least va[ma, ha] + vb[m - ma, h - ha]."""
    out = []
    for m in range(5):
        for h in range(2):
            best = _UNREACHABLE
            for ma in range(m + 1):
                ma2, mb2 = ma * 2, (m - ma) * 2
                best = min(best, va[ma2] + vb[mb2 + h])
                if h:
                    best = min(best, va[ma2 + 1] + vb[mb2])
            out.append(best)
    return tuple(out)


@cache
def registry() -> _Registry:
    """The shared vector registry (created with the tables on first use)."""
    return _Registry()


def suit_ids(key: bytes) -> tuple[int, int, int, int]:
    """Vector ids of the four suit groups (m, p, s, honors) of counts-as-bytes."""
    t = tables()
    suit = t.suit
    return (
        suit[key[0:9]] & ID_MASK,
        suit[key[9:18]] & ID_MASK,
        suit[key[18:27]] & ID_MASK,
        t.honor[key[27:34]] & ID_MASK,
    )


_hot: list = []  # [suit table, honor table, halves, wholes, registry] once bound


def _bind() -> list:
    reg = registry()
    t = tables()
    _hot.extend((t.suit, t.honor, reg.halves, reg.wholes, reg))
    return _hot


def standard_distance(key: bytes, melds: int) -> int:
    """Tiles needed to complete ``4 - melds`` sets and a pair from counts-as-bytes.

    The hot path of every analysis: the registry's flat caches are probed inline.
    """
    suit, honor, halves, wholes, reg = _hot or _bind()
    a, b = suit[key[0:9]] & ID_MASK, suit[key[9:18]] & ID_MASK
    c, d = suit[key[18:27]] & ID_MASK, honor[key[27:34]] & ID_MASK
    ab, cd = halves[a << 8 | b], halves[c << 8 | d]
    vector = None if ab is None or cd is None else wholes.get(ab << 32 | cd)
    if vector is None:
        vector = reg.whole(a, b, c, d)
    return vector[(4 - melds) * 2 + 1]


def seven_pairs_shanten(key: bytes) -> int:
    """Seven distinct pairs: 6 - pairs, plus one per missing kind when fewer than 7 kinds."""
    zeros = key.count(0)
    pairs = 34 - zeros - key.count(1)
    return 6 - pairs + max(0, zeros - 27)


def thirteen_orphans_shanten(key: bytes) -> int:
    """13 - orphan kinds held - (1 if any orphan is doubled)."""
    held = _orphans(key)
    return held.count(0) - (1 if max(held) > 1 else 0)


def shanten(tiles: Sequence[int], melds: int = 0) -> int:
    """Least shanten over the hand forms (-1 = complete) for 13 or 14 tiles less 3 per meld.

    ``tiles`` is kinds or a ``counts34`` (34 items); melded hands take only the
    standard form.

    The fast path (count arrays) validates through the tables themselves: a probe
    misses for a fifth copy, a wrong length or a list of kinds, and the packed
    values' sum gives the tile count, so no separate pass over the counts is made.

    >>> from mahjong_joy.notation import parse_tiles
    >>> shanten(parse_tiles("123m456p789s1122z"))
    0
    """
    suit, honor, halves, wholes, _ = _hot or _bind()
    try:
        key = bytes(tiles)
        va, vb, vc = suit[key[:9]], suit[key[9:18]], suit[key[18:27]]
        vd = honor[key[27:]]
        packed = va + vb + vc + vd
        column = _COLUMN[(packed >> TILES_SHIFT & TILES_MASK) + (melds << _MELD_SHIFT)]
        half = halves[(vc & ID_MASK) << 8 | vd & ID_MASK]  # None (uncached) fails the shift
        best = wholes[halves[(va & ID_MASK) << 8 | vb & ID_MASK] << 32 | half][column] - 1
    except (KeyError, TypeError, ValueError):  # invalid, kinds, or not cached yet
        return shanten_of_key(hand_bytes(tiles, melds, HAND_SIZES), melds)
    if column != _NO_MELD_COLUMN or best < 0:
        return best
    return _special_shanten(packed >> SPECIAL_SHIFT, best)


# (tile count + melds << 6) -> the distance column for 4 - melds sets and a pair; any
# other tile count or meld number misses (64 exceeds every tile count; a shift
# refuses a float or a string, so those reach the slow path's precise error).
_MELD_SHIFT = 6
_COLUMN = {size - 3 * m + (m << _MELD_SHIFT): (4 - m) * 2 + 1 for m in range(5) for size in HAND_SIZES}
_NO_MELD_COLUMN = 9


def _special_shanten(special: int, best: int) -> int:
    """Least of ``best`` and the seven-pairs and thirteen-orphans shanten, from the
    summed special fields (pairs, kinds, orphan kinds, orphan pairs)."""
    seven = 6 - (special & PAIRS_MASK)
    if seven < best:
        kinds = special >> KINDS_SHIFT & KINDS_MASK
        if kinds < 7:
            seven += 7 - kinds
        if seven < best:
            best = seven
    orphans = 13 - (special >> ORPHANS_SHIFT & ORPHANS_MASK)
    if orphans - 1 < best:
        if special >> ORPHAN_PAIRS_SHIFT & ORPHAN_PAIRS_MASK:
            orphans -= 1
        if orphans < best:
            best = orphans
    return best


def shanten_of_key(key: bytes, melds: int) -> int:
    """Least shanten over the forms on validated counts-as-bytes."""
    best = standard_distance(key, melds) - 1
    if melds or best < 0:
        return best
    zeros = key.count(0)
    seven = zeros + key.count(1) - 28 + (zeros - 27 if zeros > 27 else 0)
    if seven < best:
        best = seven
    held = _orphans(key)
    orphans = held.count(0) - (1 if max(held) > 1 else 0)
    return orphans if orphans < best else best


def shanten_by_form(tiles: Sequence[int], melds: int = 0) -> ShantenByForm:
    """Shanten of each form; a melded hand cannot take the special forms (``None``)."""
    key = hand_bytes(tiles, melds, HAND_SIZES)
    standard = standard_distance(key, melds) - 1
    if melds:
        return ShantenByForm(standard, None, None)
    return ShantenByForm(standard, seven_pairs_shanten(key), thirteen_orphans_shanten(key))
