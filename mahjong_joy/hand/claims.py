"""Which sets a hand can form by claiming a discard, or declare on its own turn."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from mahjong_joy.errors import InvalidHandError
from mahjong_joy.hand.counts import counts_of
from mahjong_joy.melds import ADDED_KAN, CHI, CLOSED_KAN, KAN, PON
from mahjong_joy.tiles import KIND_COUNT, tile_name



class ClaimOption(NamedTuple):
    """A set that can be declared: its type, all its kinds (sorted), and the claimed tile.

    ``claimed`` is the discard taken (``None`` for a closed kan; the added tile for
    an added kan).
    """

    kind: str
    tiles: tuple[int, ...]
    claimed: int | None

    @property
    def from_hand(self) -> tuple[int, ...]:
        """The kinds this declaration takes out of the concealed hand."""
        if self.kind == CLOSED_KAN:
            return self.tiles
        if self.kind == ADDED_KAN:
            return (self.tiles[0],)
        rest = list(self.tiles)
        rest.remove(self.claimed)
        return tuple(rest)


def claimable_sets(
    hand: Sequence[int],
    tile: int | None = None,
    *,
    from_left: bool = False,
    pons: Iterable[int] = (),
) -> list[ClaimOption]:
    """Options on a discarded ``tile``, or, with ``tile=None``, kans on one's own turn.

    On a discard: chi only when it comes from the seat on the left (``from_left``;
    the three run positions, never honors), pon with two in hand, open kan with
    three. On one's own turn: a closed kan for each kind held four times, an added
    kan for each ponned kind (``pons``) still held once. ``hand`` is kinds or a
    ``counts34`` of the concealed tiles.

    >>> [(o.kind, o.tiles) for o in claimable_sets([1, 2, 3, 3, 4], 3, from_left=True)]
    [('chi', (1, 2, 3)), ('chi', (2, 3, 4)), ('pon', (3, 3, 3))]
    """
    counts = counts_of(hand)
    if tile is None:
        return _own_turn_kans(counts, pons)
    if not isinstance(tile, int) or not 0 <= tile < KIND_COUNT:
        raise InvalidHandError(f"not a tile kind (0..33): {tile!r}")
    if counts[tile] >= 4:
        raise InvalidHandError(f"a discarded {tile_name(tile)} would be a fifth copy")
    return claims_on_counts(counts, tile, from_left)


def claims_on_counts(counts: Sequence[int], tile: int, from_left: bool) -> list[ClaimOption]:
    """:func:`claimable_sets` on a discard, for counts the caller already keeps valid
    (the engine's own): no copy of the counts, no checks."""
    options: list[ClaimOption] = []
    if from_left and tile < 27:
        rank = tile % 9
        for low in (tile - 2, tile - 1, tile):
            if low < tile - rank or low + 2 > tile - rank + 8:
                continue
            others = [t for t in (low, low + 1, low + 2) if t != tile]
            if all(counts[t] for t in others):
                options.append(ClaimOption(CHI, (low, low + 1, low + 2), tile))
    if counts[tile] >= 2:
        options.append(ClaimOption(PON, (tile,) * 3, tile))
    if counts[tile] == 3:
        options.append(ClaimOption(KAN, (tile,) * 4, tile))
    return options


def own_turn_kans_on_counts(counts: Sequence[int], pons: Iterable[int]) -> list[ClaimOption]:
    """Own-turn kans for counts the caller keeps valid (the engine's own)."""
    return _own_turn_kans(counts, pons)


def _own_turn_kans(counts: Sequence[int], pons: Iterable[int]) -> list[ClaimOption]:
    options = [ClaimOption(CLOSED_KAN, (t,) * 4, None) for t in range(KIND_COUNT) if counts[t] == 4]
    options += [ClaimOption(ADDED_KAN, (t,) * 4, t) for t in sorted(set(pons)) if counts[t] >= 1]
    return options
