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
from mahjong_joy.hand.tables import TILES_MASK, TILES_SHIFT, tables
from mahjong_joy.tiles import KIND_COUNT, TERMINALS_AND_HONORS

_COUNT_BYTES = bytes(range(5))
_orphans = itemgetter(*TERMINALS_AND_HONORS)

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

    Fast path for count arrays: the four groups are probed in tables that hold only
    complete arrangements (weight = tiles + 64 if the group holds the pair), so a
    standard win is four hits whose weights add up to 64 + 14 - 3 * melds; the hits
    themselves prove there is no fifth copy. Anything else (a random hand usually
    misses at the honors) is validated once and tried for the special forms.

    >>> from mahjong_joy.notation import parse_tiles
    >>> is_winning_hand(parse_tiles("1112345678999m9m"))
    True
    """
    suit, honor = _weights or _load_weights()
    try:
        key = bytes(tiles)
    except (TypeError, ValueError):
        key = b""
    weight = honor.get(key[27:])
    if (
        weight is not None
        and weight + suit.get(key[:9], _MISS) + suit.get(key[9:18], _MISS) + suit.get(key[18:27], _MISS)
        == _WIN_WEIGHT.get(melds)
    ):
        return True
    if len(key) != KIND_COUNT or key.translate(None, _COUNT_BYTES) or sum(key) != _WIN_TILES.get(melds):
        key = hand_bytes(tiles, melds, WIN_SIZES)  # raises the precise error, or reads kinds
        if standard_weight(key) == _PAIR_WEIGHT + 14 - 3 * melds:
            return True
    if melds:
        return False
    if seven_pairs and (key.count(2) + 2 * key.count(4) == 7 if quad_as_two_pairs else key.count(2) == 7):
        return True
    return thirteen_orphans and key.count(0) == 21 and is_thirteen_orphans(key)


_PAIR_WEIGHT = 64  # above any tile count, so one sum tells the pair count and the tiles
_MISS = -1000  # a missed group probe: no sum can reach a winning weight
_WIN_TILES = {m: 14 - 3 * m for m in range(5)}
_WIN_WEIGHT = {m: _PAIR_WEIGHT + tiles for m, tiles in _WIN_TILES.items()}
_weights: list[dict[bytes, int]] = []


def _load_weights() -> list[dict[bytes, int]]:
    """Complete arrangements (suits, honors) -> tiles + 64 if the group holds the pair."""
    t = tables()
    for complete, packed in ((t.complete_suit, t.suit), (t.complete_honor, t.honor)):
        _weights.append(
            {k: (packed[k] >> TILES_SHIFT & TILES_MASK) + _PAIR_WEIGHT * pair for k, pair in complete.items()}
        )
    return _weights


def standard_weight(key: bytes) -> int:
    """Sum over suit groups of (tiles + 64 if the group holds the pair), or -1 when
    a group does not split into sets. A standard win weighs 64 + its tile count."""
    suit, honor = _weights or _load_weights()
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
