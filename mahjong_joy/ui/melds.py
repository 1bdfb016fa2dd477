"""How a meld lies on the table: which tile turns sideways, where an added kan's tile
stacks, which tiles of a closed kan show their backs.

One place decides the shape of a meld for every screen that draws one (the table,
the score card, the win reveal's hand rows), so a pon claimed from the left looks
the same everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from mahjong_joy.melds import ADDED_KAN, CLOSED_KAN
from mahjong_joy.ui.session import Meld
from mahjong_joy.ui.tiles_art import BACK, tile_height

SIDEWAYS_INDEX = {3: 0, 2: 1, 1: -1}  # claimed from left / across / right -> which tile lies sideways

def sideways_index(meld: Meld, seat: int) -> int | None:
    """Which tile of a meld lies sideways: it points at the seat it was claimed from.

    An added kan keeps its pon's three-tile row (the fourth tile is stacked on the
    sideways one), so its index counts within three tiles.
    """
    if meld.from_seat is None or meld.type == CLOSED_KAN:
        return None
    rel = (meld.from_seat - seat) % 4
    index = SIDEWAYS_INDEX.get(rel)
    if index is None:
        return None
    return index % (3 if meld.type == ADDED_KAN else len(meld.tiles))


def meld_order(meld: Meld) -> list[int]:
    """Tiles in display order: a chi shows the claimed tile first, as it was taken."""
    tiles = list(meld.tiles)
    if meld.type == "chi" and meld.claimed in tiles:
        tiles.remove(meld.claimed)
        tiles.insert(0, meld.claimed)
    return tiles


@dataclass(frozen=True)
class MeldTile:
    """One tile of a laid-out meld, relative to the meld's start along its row."""

    along: int  # offset from the meld's first edge
    tile: int  # kind, or BACK for a closed kan's outer tiles
    lying: bool  # turned sideways toward the seat it was claimed from
    stacked: bool  # an added kan's fourth tile, on top of the sideways one
    role: str  # "claimed", "added" or ""


def meld_tiles(meld: Meld, seat: int, width: int) -> tuple[list[MeldTile], int]:
    """How a meld of ``seat`` lies on the table with tiles ``width`` wide, and its length.

    The one place that decides the shape of a meld, shared by the table and the
    score screen: the claimed tile lies sideways (pointing at its source), an
    added kan's fourth tile stacks on that one, a closed kan shows its two outer
    tiles face down.
    """
    tiles = meld_order(meld)[: 3 if meld.type == ADDED_KAN else None]
    side = sideways_index(meld, seat)
    th = tile_height(width)
    along, out = 0, []
    for i, tile in enumerate(tiles):
        lying = i == side
        shown = BACK if meld.type == CLOSED_KAN and i in (0, 3) else tile
        out.append(MeldTile(along, shown, lying, False, "claimed" if lying else ""))
        if lying and meld.type == ADDED_KAN:
            out.append(MeldTile(along, tile, True, True, "added"))
        along += th if lying else width
    return out, along


def stack_lift(melds: tuple[Meld, ...] | list[Meld], width: int) -> int:
    """How far an added kan's stacked tile rises above a row of upright tiles ``width`` wide
    (0 without one): two sideways tiles are two widths tall, an upright tile one height."""
    if not any(m.type == ADDED_KAN and m.from_seat is not None for m in melds):
        return 0
    return max(0, 2 * width - tile_height(width))

