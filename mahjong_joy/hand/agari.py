"""The win check: standard (4 sets + pair), seven pairs, thirteen orphans.

The dev log's recursion ("the smallest tile must start a set") is replaced by the
per-suit tables: a hand wins in the standard form exactly when each suit's
arrangement splits into sets on its own and exactly one suit holds the pair.
The recursion still lives in :mod:`mahjong_joy.hand.decompose`, which must list
every grouping, and the tests check both agree.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_joy.hand.counts import hand_bytes
from mahjong_joy.hand.tables import tables
from mahjong_joy.tiles import TERMINALS_AND_HONORS

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
    key = hand_bytes(tiles, melds, WIN_SIZES)
    if is_standard_win(key):
        return True
    if melds:
        return False
    if seven_pairs and (key.count(2) + 2 * key.count(4) == 7 if quad_as_two_pairs else key.count(2) == 7):
        return True
    return thirteen_orphans and key.count(0) == 21 and is_thirteen_orphans(key)


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
    if key.count(0) != 21:
        return False
    return all(key[tile] for tile in TERMINALS_AND_HONORS)
