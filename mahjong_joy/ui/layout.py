"""Table geometry: where every hand, meld, river tile and panel goes for a window size.

Pure arithmetic on rectangles (pygame.Rect only), so the minimum-size test can
check that no two areas overlap. Seats are relative to the player:
``seat_from_me`` 0 bottom, 1 right, 2 top, 3 left, as on a real table where the
next player in turn order sits on your right.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from mahjong_joy.ui.theme import scale_for
from mahjong_joy.ui.tiles_art import depth_of, tile_height

ROTATION = (0, 90, 180, 270)  # tile art rotation per seat_from_me
RIVER_COLUMNS = 6
RIVER_ROWS = 3  # rows reserved: two of six, then the third runs on along its line (as online riichi tables lay them)
RIVER_LARGEST = 44  # the largest pond tile at scale 1, on a felt with room for it
# Along-the-line direction u and the direction from the seat's edge toward the centre n.
DIRECTIONS = (((1, 0), (0, -1)), ((0, -1), (-1, 0)), ((-1, 0), (0, 1)), ((0, 1), (1, 0)))


@dataclass(frozen=True)
class Frame:
    """A line of tiles: start point ``origin``, direction ``u`` along it, ``n`` across it."""

    origin: tuple[float, float]
    u: tuple[int, int]
    n: tuple[int, int]

    def rect(self, along: float, length: float, across: float, thickness: float) -> pygame.Rect:
        """Screen rectangle covering [along, along+length] x [across, across+thickness]."""
        xs, ys = [], []
        for a in (along, along + length):
            for b in (across, across + thickness):
                xs.append(self.origin[0] + self.u[0] * a + self.n[0] * b)
                ys.append(self.origin[1] + self.u[1] * a + self.n[1] * b)
        return pygame.Rect(round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), round(max(ys) - min(ys)))


@dataclass(frozen=True)
class TableLayout:
    """Every size and frame the table scene draws with, for one window size."""

    size: tuple[int, int]
    scale: float
    hand_w: int  # the player's hand tiles
    meld_w: int  # the player's meld tiles
    opp_w: int  # opponents' hand and meld tiles
    river_w: int
    center: pygame.Rect
    guide: pygame.Rect
    actions: pygame.Rect  # tsumo / kan buttons and the claim prompt live here
    lines: tuple[Frame, ...]  # per seat_from_me: where hand + melds run
    rivers: tuple[Frame, ...]  # per seat_from_me: river rows of six
    line_length: tuple[int, ...]

    def tile_w(self, seat_from_me: int) -> int:
        """Hand tile width for a seat."""
        return self.hand_w if seat_from_me == 0 else self.opp_w

    def river_slot(self, seat_from_me: int, index: int) -> pygame.Rect:
        """Rectangle of the ``index``-th river tile of a seat (rows of six outward, the
        third running on: :func:`river_row_col`)."""
        row, col = river_row_col(index)
        rw, rh = self.river_w, tile_height(self.river_w)
        return self.rivers[seat_from_me].rect(col * rw, rw, row * rh, rh)

    def river_area(self, seat_from_me: int) -> pygame.Rect:
        """The whole reserved river area of a seat."""
        rw, rh = self.river_w, tile_height(self.river_w)
        return self.rivers[seat_from_me].rect(0, rw * RIVER_COLUMNS, 0, rh * RIVER_ROWS)

    def line_area(self, seat_from_me: int) -> pygame.Rect:
        """The band a seat's hand and melds occupy."""
        w = self.tile_w(seat_from_me)
        return self.lines[seat_from_me].rect(0, self.line_length[seat_from_me], 0, tile_height(w) + depth_of(w))

    def rects(self) -> dict[str, pygame.Rect]:
        """Named areas that must never overlap."""
        named = {"center": self.center, "guide": self.guide, "actions": self.actions}
        for s in range(4):
            named[f"river{s}"] = self.river_area(s)
            named[f"line{s}"] = self.line_area(s)
        return named


def clear_of(rect: pygame.Rect, avoid: pygame.Rect | None, screen: pygame.Rect, gap: int, above: bool) -> pygame.Rect:
    """``rect`` moved just ``above`` (else below) ``avoid`` when it would overlap it, then
    kept on ``screen``: a callout clear of the guide panel, a bubble clear of the top notice.

    >>> clear_of(pygame.Rect(600, 80, 200, 60), pygame.Rect(330, 70, 620, 46), pygame.Rect(0, 0, 1280, 800), 6, above=False)
    Rect(600, 122, 200, 60)
    """
    placed = rect.copy()
    if avoid is not None and placed.colliderect(avoid):
        if above:
            placed.bottom = avoid.top - gap
        else:
            placed.top = avoid.bottom + gap
    return placed.clamp(screen)


def river_row_col(index: int) -> tuple[int, int]:
    """The row and column of a river's ``index``-th tile: rows of six, and the third row
    runs on past six instead of a fourth opening (a seat rarely discards more than 18
    tiles, and three rows let the ponds take larger tiles; play test: the felt looked
    empty around small ponds).

    >>> river_row_col(5), river_row_col(6), river_row_col(12), river_row_col(19)
    ((0, 5), (1, 0), (2, 0), (2, 7))
    """
    row = min(index // RIVER_COLUMNS, RIVER_ROWS - 1)
    return row, index - row * RIVER_COLUMNS


def pond_size(felt: tuple[int, int], s: float, gap: int) -> tuple[int, int]:
    """River tile width and centre panel side that fill the felt between the hands: the
    largest river tiles (31 to :data:`RIVER_LARGEST` px at scale 1) whose four ponds and the centre fit
    ``felt`` (width, height) across both ways. The centre grows with the tiles so a row
    of six stays within the centre's side and the ponds never meet at a corner.

    >>> pond_size((1100, 600), 1.0, 6), pond_size((1100, 400), 1.0, 6)
    ((43, 246), (31, 178))
    """
    smallest, largest = round(31 * s), round(RIVER_LARGEST * s)
    for river_w in range(largest, smallest - 1, -1):
        side = max(round(178 * s), RIVER_COLUMNS * river_w - 2 * gap)
        across = side + 2 * gap + 2 * RIVER_ROWS * tile_height(river_w)
        if across <= min(felt):
            return river_w, side
    return smallest, max(round(178 * s), RIVER_COLUMNS * smallest - 2 * gap)


def table_layout(size: tuple[int, int]) -> TableLayout:
    """Compute the table for a window size (everything scales with the smaller ratio)."""
    w, h = size
    s = scale_for(size)
    hand_w, meld_w, opp_w = round(50 * s), round(40 * s), round(29 * s)
    margin = round(12 * s)
    hand_h = tile_height(hand_w) + depth_of(hand_w)
    opp_h = tile_height(opp_w) + depth_of(opp_w)
    guide = pygame.Rect(round(60 * s), h - margin - hand_h - round(44 * s), round(640 * s), round(38 * s))
    top_band = margin + opp_h + round(6 * s)
    cx, cy = w // 2, (top_band + guide.top) // 2
    gap = round(6 * s)
    # the felt the ponds may fill: between the side hands, and clear of the replay viewer's
    # control bar (18 px taller than the guide, on both sides of the centre by symmetry)
    felt = (w - 2 * (margin + opp_h + round(24 * s)), guide.top - top_band - round(40 * s))
    river_w, side = pond_size(felt, s, gap)
    center = pygame.Rect(cx - side // 2, cy - side // 2, side, side)
    half = side // 2 + gap
    rw6 = river_w * RIVER_COLUMNS
    rivers = (
        Frame((cx - rw6 / 2, cy + half), (1, 0), (0, 1)),
        Frame((cx + half, cy + rw6 / 2), (0, -1), (1, 0)),
        Frame((cx + rw6 / 2, cy - half), (-1, 0), (0, -1)),
        Frame((cx - half, cy - rw6 / 2), (0, 1), (-1, 0)),
    )
    vertical_len = guide.top - top_band - round(40 * s)
    lines = (
        Frame((round(60 * s), h - margin - hand_h), (1, 0), (0, 1)),
        Frame((w - margin - opp_h, guide.top - round(20 * s)), (0, -1), (1, 0)),
        Frame((w - round(200 * s), margin), (-1, 0), (0, 1)),
        Frame((margin, top_band + round(20 * s)), (0, 1), (1, 0)),
    )
    lengths = (w - round(120 * s), vertical_len, w - round(400 * s), vertical_len)
    right_river = pygame.Rect(0, 0, 0, 0)
    actions_w, actions_h = round(300 * s), round(150 * s)
    actions = pygame.Rect(w - margin - opp_h - round(10 * s) - actions_w, guide.top - round(6 * s) - actions_h, actions_w, actions_h)
    del right_river
    return TableLayout(size, s, hand_w, meld_w, opp_w, river_w, center, guide, actions, lines, rivers, lengths)


def hand_start(line_length: int, hand_length: int, melds_length: int, gap: int) -> int:
    """Where an opponent's concealed tiles begin along its line: centred on the side, as a
    player sits in the middle of theirs, but never closer than ``gap`` to its melds (which
    pack from the line's far end), and never before the line's start.

    >>> hand_start(880, 377, 0, 8), hand_start(880, 377, 400, 8)
    (251, 95)
    """
    centred = (line_length - hand_length) // 2
    return max(0, min(centred, line_length - melds_length - gap - hand_length))
