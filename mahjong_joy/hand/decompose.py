"""Every way a complete hand can be grouped.

Scoring needs all of them: ``1112345678999m + 9m`` reads as 111 234 567 899 99
or as 11 123 456 789 999 among others, and each reading scores differently. The
recursion is the dev log's: after a pair is set aside, the smallest remaining tile
must start a set, either a triplet or a run, so both branches are explored on
one shared count array (no copying), backtracking after each.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from mahjong_joy.hand.agari import WIN_SIZES, is_seven_pairs, is_thirteen_orphans, standard_weight
from mahjong_joy.hand.counts import hand_bytes
from mahjong_joy.notation import format_tiles
from mahjong_joy.tiles import KIND_COUNT, TERMINALS_AND_HONORS

RUN, TRIPLET, PAIR, SINGLE = "run", "triplet", "pair", "single"
STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS = "standard", "seven_pairs", "thirteen_orphans"
_SIZE = {RUN: 3, TRIPLET: 3, PAIR: 2, SINGLE: 1}


class Group(NamedTuple):
    """One group of concealed tiles: a run (from ``tile`` up), a triplet, a pair or a single."""

    shape: str
    tile: int

    @property
    def tiles(self) -> tuple[int, ...]:
        """The kinds in this group, lowest first."""
        if self.shape == RUN:
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * _SIZE[self.shape]

    def __str__(self) -> str:
        return format_tiles(self.tiles)


class Decomposition(NamedTuple):
    """A complete reading of the concealed tiles: its form and its groups, sorted.

    Standard: the pair then the sets found in hand (declared melds are not listed).
    Seven pairs: seven pairs. Thirteen orphans: the doubled orphan as a pair, then
    the twelve singles.
    """

    form: str
    groups: tuple[Group, ...]

    @property
    def pair(self) -> int | None:
        """The pair's kind for standard and thirteen-orphan readings."""
        if self.form == SEVEN_PAIRS:
            return None
        return next(g.tile for g in self.groups if g.shape == PAIR)

    @property
    def sets(self) -> tuple[Group, ...]:
        """Runs and triplets of a standard reading."""
        return tuple(g for g in self.groups if g.shape in (RUN, TRIPLET))

    def __str__(self) -> str:
        return " ".join(str(g) for g in self.groups)


def decompositions(
    tiles: Sequence[int], melds: int = 0, *, quad_as_two_pairs: bool = False
) -> list[Decomposition]:
    """Every distinct reading of a complete hand (empty when it does not win).

    ``tiles`` is kinds or a ``counts34`` (34 items) holding ``14 - 3 * melds``
    tiles; raises ``InvalidHandError`` otherwise.

    >>> from mahjong_joy.notation import parse_tiles
    >>> [str(d) for d in decompositions(parse_tiles("111222333m11p789s"))]
    ['11p 789s 111m 222m 333m', '11p 123m 123m 123m 789s']
    """
    key = hand_bytes(tiles, melds, WIN_SIZES)
    if standard_weight(key) < 0 and (
        melds or not (is_seven_pairs(key, quad_as_two_pairs) or is_thirteen_orphans(key))
    ):
        return []  # not a winning hand: skip the search entirely
    counts = list(key)
    found: list[Decomposition] = []
    sets_weight = 14 - 3 * melds - 2  # a pairless standard remainder weighs its tile count
    for pair in range(KIND_COUNT):
        if counts[pair] >= 2:
            counts[pair] -= 2
            # The tables say at once whether the rest splits into sets; only then recurse.
            readings = _set_groupings(counts, 0) if standard_weight(bytes(counts)) == sets_weight else []
            for sets in readings:
                groups = (Group(PAIR, pair),) + tuple(sorted(sets))
                found.append(Decomposition(STANDARD, groups))
            counts[pair] += 2
    if melds == 0:
        if is_seven_pairs(key, quad_as_two_pairs):
            pairs = tuple(Group(PAIR, t) for t in range(KIND_COUNT) for _ in range(counts[t] // 2))
            found.append(Decomposition(SEVEN_PAIRS, pairs))
        if is_thirteen_orphans(key):
            doubled = next(t for t in TERMINALS_AND_HONORS if counts[t] == 2)
            singles = tuple(Group(SINGLE, t) for t in TERMINALS_AND_HONORS if t != doubled)
            found.append(Decomposition(THIRTEEN_ORPHANS, (Group(PAIR, doubled),) + singles))
    return list(dict.fromkeys(found))


def _set_groupings(counts: list[int], start: int) -> list[list[Group]]:
    """All ways to split ``counts`` (from kind ``start`` on) into runs and triplets."""
    tile = start
    while tile < KIND_COUNT and counts[tile] == 0:
        tile += 1
    if tile == KIND_COUNT:
        return [[]]
    found: list[list[Group]] = []
    if counts[tile] >= 3:
        counts[tile] -= 3
        found += [[Group(TRIPLET, tile)] + rest for rest in _set_groupings(counts, tile)]
        counts[tile] += 3
    if tile < 27 and tile % 9 <= 6 and counts[tile + 1] and counts[tile + 2]:
        for t in (tile, tile + 1, tile + 2):
            counts[t] -= 1
        found += [[Group(RUN, tile)] + rest for rest in _set_groupings(counts, tile)]
        for t in (tile, tile + 1, tile + 2):
            counts[t] += 1
    return found
