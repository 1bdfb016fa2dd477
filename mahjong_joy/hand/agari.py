"""The win check: standard (4 sets + pair), seven pairs, thirteen orphans.

The dev log's recursion ("the smallest tile must start a set") is replaced by the
per-suit tables: a hand wins in the standard form exactly when each suit's
arrangement splits into sets on its own and exactly one suit holds the pair.
The recursion still lives in :mod:`mahjong_joy.hand.decompose`, which must list
every grouping, and the tests check both agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from mahjong_joy.hand.counts import hand_bytes
from mahjong_joy.hand.tables import tables
from mahjong_joy.tiles import KIND_COUNT, TERMINALS_AND_HONORS

_COUNT_BYTES = bytes(range(5))
_orphans = itemgetter(*TERMINALS_AND_HONORS)
_MELD_COUNTS = (0, 1, 2, 3, 4)

WIN_SIZES = (14,)


def is_winning_hand(
    tiles: Sequence[int],
    melds: int = 0,
    *,
    seven_pairs: bool = True,
    thirteen_orphans: bool = True,
    quad_as_two_pairs: bool = False,
) -> bool:
    """True when the concealed tiles plus ``melds`` declared sets form a complete hand.

    ``tiles`` is a list of kinds or a ``counts34`` (34 items). Seven pairs needs
    seven distinct pairs unless ``quad_as_two_pairs`` (MCR counts four of a kind as
    two pairs). Raises ``InvalidHandError`` unless there are ``14 - 3 * melds``
    tiles with no fifth copy.

    >>> from mahjong_joy.notation import parse_tiles
    >>> is_winning_hand(parse_tiles("1112345678999m9m"))
    True
    """
    if len(tiles) == KIND_COUNT and melds in _MELD_COUNTS:
        try:
            key = bytes(tiles)
        except (TypeError, ValueError):
            key = b""
        if not key or key.translate(None, _COUNT_BYTES):
            key = hand_bytes(tiles, melds, WIN_SIZES)  # raises the precise error
    else:
        key = hand_bytes(tiles, melds, WIN_SIZES)
    if standard_weight(key) == _PAIR_WEIGHT + 14 - 3 * melds:
        return True  # the tables hold no fifth copy, and the weight fixes the count
    if sum(key) + 3 * melds != 14:
        hand_bytes(tiles, melds, WIN_SIZES)  # raises: wrong tile count
    if melds:
        return False
    if seven_pairs and (key.count(2) + 2 * key.count(4) == 7 if quad_as_two_pairs else key.count(2) == 7):
        return True
    return thirteen_orphans and key.count(0) == 21 and is_thirteen_orphans(key)


_PAIR_WEIGHT = 100
_weights: list[dict[bytes, int]] = []


def standard_weight(key: bytes) -> int:
    """Sum over suit groups of (tiles + 100 if the group holds the pair), or -1 when
    a group does not split into sets. A standard win weighs 100 + its tile count."""
    if not _weights:
        t = tables()
        for complete in (t.complete_suit, t.complete_honor):
            _weights.append({k: sum(k) + _PAIR_WEIGHT * pair for k, pair in complete.items()})
    suit, honor = _weights
    weight = honor.get(key[27:34])
    if weight is None:
        return -1
    more = suit.get(key[0:9])
    if more is None:
        return -1
    weight += more
    more = suit.get(key[9:18])
    if more is None:
        return -1
    weight += more
    more = suit.get(key[18:27])
    return -1 if more is None else weight + more


def is_standard_win(key: bytes) -> bool:
    """Standard form on validated counts-as-bytes (sets found in hand only).

    Honors are checked first: a random hand usually fails there at once.
    """
    t = tables()
    honor = t.complete_honor.get(key[27:34])
    if honor is None:
        return False
    suit = t.complete_suit
    pairs = suit.get(key[0:9])
    if pairs is None:
        return False
    more = suit.get(key[9:18])
    if more is None:
        return False
    pairs += more + honor
    more = suit.get(key[18:27])
    return more is not None and pairs + more == 1


def is_seven_pairs(key: bytes, quad_as_two_pairs: bool = False) -> bool:
    """Seven pairs on 14 validated counts: distinct pairs, or quads as two pairs."""
    if quad_as_two_pairs:
        return key.count(2) + 2 * key.count(4) == 7
    return key.count(2) == 7


def is_thirteen_orphans(key: bytes) -> bool:
    """One of each terminal and honor plus one more of them, on 14 validated counts."""
    return key.count(0) == 21 and 0 not in _orphans(key)  # 13 kinds, all of them orphans
