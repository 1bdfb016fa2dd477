"""A declared set, the one shape every layer shares.

A meld leaves the engine as a :class:`Meld`: its type, its tiles as *codes* (see
:mod:`mahjong_joy.tiles`: a red five keeps its red code, so a called red five stays
red from the table to the score card), the code of the tile claimed and the seat it
came from (both ``None`` for a closed kan). The engine events, the seat snapshot, the
hand's result and the UI carry this shape; hand analysis reads its :attr:`Meld.kinds`.
The engine keeps tile ids for its own bookkeeping only (``engine.state.HeldMeld``).
"""

from __future__ import annotations

from dataclasses import dataclass

from mahjong_joy.tiles import kind_of_code

CHI, PON, KAN, CLOSED_KAN, ADDED_KAN = "chi", "pon", "kan", "closed_kan", "added_kan"
MELD_TYPES = (CHI, PON, KAN, CLOSED_KAN, ADDED_KAN)
KAN_TYPES = (KAN, CLOSED_KAN, ADDED_KAN)


CODE_RANK = tuple(2 * kind_of_code(c) + (c >= 34) for c in range(37))  # by kind, a red five right after its kind


def code_order(code: int) -> int:
    """Sort key of a code: by kind, a red five right after the plain fives of its kind."""
    return CODE_RANK[code]


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set: ``type`` (one of :data:`MELD_TYPES`), ``tiles`` as codes sorted by
    kind, the ``claimed`` code and the seat it came ``from_seat`` (``None`` for a closed kan;
    an added kan keeps its pon's)."""

    type: str
    tiles: tuple[int, ...]
    claimed: int | None = None
    from_seat: int | None = None

    @property
    def kinds(self) -> tuple[int, ...]:
        """The kinds of the set (a red five counts as its five), lowest first."""
        return tuple(sorted(kind_of_code(c) for c in self.tiles))

    @property
    def reds(self) -> tuple[int, ...]:
        """The kinds among the tiles that are red fives."""
        return tuple(sorted(kind_of_code(c) for c in self.tiles if c >= 34))

    @property
    def is_open(self) -> bool:
        """Every meld but a closed kan opens the hand."""
        return self.type != CLOSED_KAN

    def pair(self) -> tuple[str, tuple[int, ...]]:
        """``(type, tiles)``: the form stored event streams give a meld (``Won.melds``)."""
        return self.type, self.tiles
