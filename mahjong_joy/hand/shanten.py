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
from operator import itemgetter
from typing import NamedTuple

from mahjong_joy.hand.counts import hand_bytes
from mahjong_joy.hand.tables import Vector, tables
from mahjong_joy.tiles import TERMINALS_AND_HONORS

HAND_SIZES = (13, 14)
_orphans = itemgetter(*TERMINALS_AND_HONORS)
_UNREACHABLE = 99


class ShantenByForm(NamedTuple):
    """Shanten of each hand form; ``None`` for a form a melded hand cannot take."""

    standard: int
    seven_pairs: int | None
    thirteen_orphans: int | None


_pair_ids: dict[int, int] = {}  # (id a << 8 | id b) -> combined id
_combined: list[Vector] = []  # combined id -> distance vector of two suits
_combined_ids: dict[Vector, int] = {}
_distance: dict[int, int] = {}  # (combined ids, sets needed) -> least distance


def _combine(a: int, b: int) -> int:
    """Id of the distance vector of two suits together (min-plus over the split)."""
    cache_key = a << 8 | b
    found = _pair_ids.get(cache_key)
    if found is not None:
        return found
    vectors = tables().vectors
    va, vb = vectors[a], vectors[b]
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
    vector = tuple(out)
    combined = _combined_ids.setdefault(vector, len(_combined))
    if combined == len(_combined):
        _combined.append(vector)
    _pair_ids[cache_key] = combined
    return combined


def _least_distance(ab: int, cd: int, need: int) -> int:
    """Least distance for ``need`` sets and one pair over two suit pairs."""
    va, vb = _combined[ab], _combined[cd]
    best = _UNREACHABLE
    for m in range(need + 1):
        rest = (need - m) * 2
        best = min(best, va[m * 2] + vb[rest + 1], va[m * 2 + 1] + vb[rest])
    return best


def standard_distance(key: bytes, melds: int) -> int:
    """Tiles needed to complete ``4 - melds`` sets and a pair from counts-as-bytes."""
    t = tables()
    suit = t.suit
    ab = _combine(suit[key[0:9]], suit[key[9:18]])
    cd = _combine(suit[key[18:27]], t.honor[key[27:34]])
    cache_key = ab << 24 | cd << 3 | melds
    found = _distance.get(cache_key)
    if found is None:
        found = _distance[cache_key] = _least_distance(ab, cd, 4 - melds)
    return found


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

    >>> from mahjong_joy.notation import parse_tiles
    >>> shanten(parse_tiles("123m456p789s1122z"))
    0
    """
    key = hand_bytes(tiles, melds, HAND_SIZES)
    return shanten_of_key(key, melds)


def shanten_of_key(key: bytes, melds: int) -> int:
    """Least shanten over the forms on validated counts-as-bytes."""
    best = standard_distance(key, melds) - 1
    if melds or best < 0:
        return best
    zeros = key.count(0)
    pairs = 34 - zeros - key.count(1)
    seven = 6 - pairs + (zeros - 27 if zeros > 27 else 0)
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
