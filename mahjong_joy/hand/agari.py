"""The win check: standard (4 sets + pair), seven pairs, thirteen orphans.

The dev log's recursion ("the smallest tile must start a set") is replaced by the
per-suit tables: a hand wins in the standard form exactly when each suit's
arrangement splits into sets on its own and exactly one suit holds the pair.
The recursion still lives in :mod:`mahjong_joy.hand.decompose`, which must list
every grouping, and the tests check both agree.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from operator import itemgetter

from mahjong_joy.hand.counts import hand_bytes
from mahjong_joy.hand.tables import TILES_MASK, TILES_SHIFT, load_steps, tables
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

    Fast path for count arrays: the counts become one int, a byte per kind (the
    C-level ``bytearray`` does the type and 0..255 check). Each group is probed in a
    table that holds only complete arrangements (weight = tiles + 64 if the group
    holds the pair), so a standard win is four hits adding up to 64 + 14 - 3 * melds,
    and the hits themselves prove there is no fifth copy. Otherwise the int is
    validated by arithmetic (no byte above 4: no high bit, before or after adding
    123 to every byte; tile count = the int mod 255, as 256 = 1 mod 255), and a hand
    whose honors fit no form loses at once: that is a random hand's usual path.

    >>> from mahjong_joy.notation import parse_tiles
    >>> is_winning_hand(parse_tiles("1112345678999m9m"))
    True
    """
    try:
        counts = _from_bytes(bytearray(tiles), "little")
    except (TypeError, ValueError):
        counts = -1  # fails every probe and the validation below
    weight = _honor_weight(counts >> _HONOR_SHIFT)
    if (
        weight is not None
        and weight
        + _suit_weight(counts & _SUIT_MASK, _MISS)
        + _suit_weight(counts >> _SUIT_BITS & _SUIT_MASK, _MISS)
        + _suit_weight(counts >> 2 * _SUIT_BITS & _SUIT_MASK, _MISS)
        == _WIN_WEIGHT.get(melds)
        and len(tiles) == KIND_COUNT
    ):
        return True
    if (counts | counts + _FIVE_UP) & _HIGH_BITS or counts % 255 != _WIN_TILES.get(melds) or len(tiles) != KIND_COUNT:
        return _wins_slowly(tiles, melds, seven_pairs, thirteen_orphans, quad_as_two_pairs)
    if weight is None or melds:  # honors no special form can use, or no special form at all
        return False
    # 14 valid counts: seven pairs = every count even (and never 4 unless quads count
    # as two pairs); thirteen orphans = no simple tile and every orphan held.
    if seven_pairs and not counts & (_ODD_BITS if quad_as_two_pairs else _ODD_OR_FOUR_BITS):
        return True
    return thirteen_orphans and not counts & _SIMPLE_BYTES and (counts + _ORPHAN_UP) & _ORPHAN_HIGH == _ORPHAN_HIGH


def _wins_slowly(
    tiles: Sequence[int], melds: int, seven_pairs: bool, thirteen_orphans: bool, quad_as_two_pairs: bool
) -> bool:
    """The win check off the fast path: first use, kinds, invalid input (raises)."""
    key = hand_bytes(tiles, melds, WIN_SIZES)  # raises the precise error, or reads kinds
    if standard_weight(key) == _PAIR_WEIGHT + 14 - 3 * melds:
        return True
    return not melds and _wins_specially(key, seven_pairs, thirteen_orphans, quad_as_two_pairs)


def _wins_specially(key: bytes, seven_pairs: bool, thirteen_orphans: bool, quad_as_two_pairs: bool) -> bool:
    """Seven pairs or thirteen orphans on 14 validated counts-as-bytes."""
    if seven_pairs and is_seven_pairs(key, quad_as_two_pairs):
        return True
    return thirteen_orphans and is_thirteen_orphans(key)


_from_bytes = int.from_bytes
_SUIT_BITS = 72  # nine kinds, a byte each
_SUIT_MASK = (1 << _SUIT_BITS) - 1
_HONOR_SHIFT = 3 * _SUIT_BITS
_HIGH_BITS = int.from_bytes(b"\x80" * KIND_COUNT, "little")
_FIVE_UP = int.from_bytes(b"\x7b" * KIND_COUNT, "little")  # 5 + 123 = 128 sets a byte's high bit
_ODD_BITS = int.from_bytes(b"\x01" * KIND_COUNT, "little")
_ODD_OR_FOUR_BITS = int.from_bytes(b"\x05" * KIND_COUNT, "little")  # clear for counts 0 and 2 only
_SIMPLE_BYTES = sum(0xFF << 8 * tile for tile in range(KIND_COUNT) if tile not in TERMINALS_AND_HONORS)
_ORPHAN_UP = sum(0x7F << 8 * tile for tile in TERMINALS_AND_HONORS)  # 1 + 127 = 128: the high bit
_ORPHAN_HIGH = sum(0x80 << 8 * tile for tile in TERMINALS_AND_HONORS)
_PAIR_WEIGHT = 64  # above any tile count, so one sum tells the pair count and the tiles
_MISS = -1000  # a missed group probe: no sum can reach a winning weight
_WIN_TILES = {m: 14 - 3 * m for m in range(5)}
_WIN_WEIGHT = {m: _PAIR_WEIGHT + tiles for m, tiles in _WIN_TILES.items()}

# Filled in place on first use (so the bound ``get`` methods below stay valid):
# complete arrangement -> tiles + 64 if it holds the pair; the win check's honor
# table also holds, with weight _MISS, the arrangements a special form can use.
# The win check keys its own copies by the group's counts as a little-endian int.
_SUIT_WEIGHTS: dict[bytes, int] = {}
_HONOR_WEIGHTS: dict[bytes, int] = {}
_WIN_SUIT_WEIGHTS: dict[int, int] = {}
_WIN_HONOR_WEIGHTS: dict[int, int] = {}
_suit_weight = _WIN_SUIT_WEIGHTS.get


def _first_honor_weight(honors: int) -> int | None:
    """Load the weights on the first probe, then hand the probing to the filled table."""
    global _honor_weight
    _load_weights()
    _honor_weight = _WIN_HONOR_WEIGHTS.get
    return _honor_weight(honors)


_honor_weight = _first_honor_weight  # becomes _WIN_HONOR_WEIGHTS.get on first use


def _load_weights() -> None:
    """Fill the weight tables from the packed tables (about 25k arrangements), once."""
    for _ in weight_steps():
        pass


_weigher: Iterator[int] | None = None


def weight_steps() -> Iterator[int]:
    """The weight tables' fill as small steps (each yields the arrangements it did),
    for a game loop to run between frames; one shared run, which :func:`_load_weights`
    finishes when a win check needs the tables mid-way."""
    global _weigher
    if _weigher is None or (not _WIN_HONOR_WEIGHTS and _weigher.gi_frame is None):
        _weigher = _weight_steps()
    return _weigher


def _weight_steps() -> Iterator[int]:
    if _WIN_HONOR_WEIGHTS:
        return
    yield from load_steps()
    t = tables()
    for complete, packed, out in (
        (t.complete_suit, t.suit, _SUIT_WEIGHTS),
        (t.complete_honor, t.honor, _HONOR_WEIGHTS),
    ):
        out.update({k: (packed[k] >> TILES_SHIFT & TILES_MASK) + _PAIR_WEIGHT * pair for k, pair in complete.items()})
        yield len(complete)
    special = {}
    for head in itertools.product(range(5), repeat=2):  # 25 steps of 3,125 arrangements
        for tail in itertools.product(range(5), repeat=5):
            counts = head + tail
            pairs_only = all(n in (0, 2, 4) for n in counts)
            orphans = all(n in (1, 2) for n in counts) and counts.count(2) <= 1
            if pairs_only or orphans:
                special[bytes(counts)] = _MISS
        yield 5**5
    special.update(_HONOR_WEIGHTS)
    _WIN_SUIT_WEIGHTS.update({_from_bytes(k, "little"): w for k, w in _SUIT_WEIGHTS.items()})
    yield len(_SUIT_WEIGHTS)
    _WIN_HONOR_WEIGHTS.update({_from_bytes(k, "little"): w for k, w in special.items()})  # last: non-empty means loaded


def standard_weight(key: bytes) -> int:
    """Sum over suit groups of (tiles + 64 if the group holds the pair), or -1 when
    a group does not split into sets. A standard win weighs 64 + its tile count."""
    if not _WIN_HONOR_WEIGHTS:
        _load_weights()
    suit, honor = _SUIT_WEIGHTS, _HONOR_WEIGHTS
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
