"""Table geometry: where every hand, meld, river tile and panel goes for a window size.

Pure arithmetic on rectangles (pygame.Rect only), so the minimum-size test can
check that no two areas overlap. Seats are relative to the player:
``seat_from_me`` 0 bottom, 1 right, 2 top, 3 left, as on a real table where the
next player in turn order sits on your right.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import pygame

from mahjong_joy.ui.theme import scale_for
from mahjong_joy.ui.tiles_art import depth_of, tile_height

ROTATION = (0, 90, 180, 270)  # tile art rotation per seat_from_me
RIVER_COLUMNS = 6
RIVER_ROWS = 3  # rows reserved: two of six, then the third runs on along its line (as online riichi tables lay them)
RIVER_LARGEST = 44  # the largest pond tile at scale 1, on a felt with room for it
ZOOM_STEP = 0.05  # a window too small for the chosen size gets the largest fitting one in these steps
OPP_ZOOM = 1.25  # opponents' tiles grow at most this much: their side lines hold 13 tiles and 4 melds
HAND_ZOOM = 1.25  # my hand, already the largest tiles, grows at most this much: the height goes to the ponds
REVIEW_STRIP = 20  # px (at scale 1) the replay viewer's bar grows by in review mode, for the grade marks
LONGEST_RIVER = 21  # discards every zoomed pond must hold on screen (with one riichi tile lying sideways)
# Pond shapes (columns, reserved rows) tried for a zoomed table, (top and bottom, sides) each: long
# two-row ponds across and deep four-wide ponds at the sides, which spend the window's spare width
# instead of the height the hands and ponds share (three rows of six stop at about 41 px at 1280x800).
ZOOM_SHAPES = (((9, 2), (4, 6)), ((10, 2), (4, 6)), ((9, 2), (4, 5)), ((10, 2), (4, 5)), ((11, 2), (4, 5)))
Shapes = tuple[tuple[int, int], tuple[int, int]]  # across (columns, rows), sides (columns, rows)
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
    zoom: float = 1.0  # the tile size (UI scale) this layout reached: 1.0, or up to the size chosen in Settings
    ponds: tuple[tuple[int, int], ...] = ((RIVER_COLUMNS, RIVER_ROWS),) * 4  # per seat_from_me: columns, reserved rows
    reviewing: bool = False  # laid out for the replay viewer in review mode: clear of its taller bar

    def tile_w(self, seat_from_me: int) -> int:
        """Hand tile width for a seat."""
        return self.hand_w if seat_from_me == 0 else self.opp_w

    def river_slot(self, seat_from_me: int, index: int) -> pygame.Rect:
        """Rectangle of the ``index``-th river tile of a seat (rows of six outward, the
        third running on: :func:`river_row_col`)."""
        row, col = self.river_row_col(seat_from_me, index)
        rw, rh = self.river_w, tile_height(self.river_w)
        return self.rivers[seat_from_me].rect(col * rw, rw, row * rh, rh)

    def river_row_col(self, seat_from_me: int, index: int) -> tuple[int, int]:
        """:func:`river_row_col` in this seat's pond shape (rows of six unless zoomed)."""
        return river_row_col(index, *self.ponds[seat_from_me])

    def river_area(self, seat_from_me: int) -> pygame.Rect:
        """The whole reserved river area of a seat."""
        rw, rh = self.river_w, tile_height(self.river_w)
        columns, rows = self.ponds[seat_from_me]
        return self.rivers[seat_from_me].rect(0, rw * columns, 0, rh * rows)

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


def river_row_col(index: int, columns: int = RIVER_COLUMNS, rows: int = RIVER_ROWS) -> tuple[int, int]:
    """The row and column of a river's ``index``-th tile: rows of six, and the third row
    runs on past six instead of a fourth opening (a seat rarely discards more than 18
    tiles, and three rows let the ponds take larger tiles; play test: the felt looked
    empty around small ponds).

    >>> river_row_col(5), river_row_col(6), river_row_col(12), river_row_col(19)
    ((0, 5), (1, 0), (2, 0), (2, 7))
    """
    row = min(index // columns, rows - 1)
    return row, index - row * columns


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


def table_layout(size: tuple[int, int], ui_scale: float = 1.0, reviewing: bool = False) -> TableLayout:
    """Compute the table for a window size (everything scales with the smaller ratio),
    with its tiles at ``ui_scale`` (Settings' tile size) where the window has room for
    them, else at the largest size that fits (:func:`zoomed_layout`). ``reviewing``: for
    the replay viewer in review mode, whose control bar is taller (:func:`replay_bar`),
    so the ponds keep clear of it."""
    plain = _plain_layout(size, reviewing)
    fit = fitting_zoom(size, ui_scale, reviewing)
    if fit is None:
        return plain
    layout = zoomed_layout(size, *fit, plain.river_w, reviewing)
    assert layout is not None  # fitting_zoom built it once already
    return layout


def reached_zoom(size: tuple[int, int], ui_scale: float) -> float:
    """The tile zoom the table gets in this window for the size chosen (1.0: 100%), without
    laying the table out (cached: Settings asks it every frame)."""
    fit = fitting_zoom(size, ui_scale)
    return fit[0] if fit is not None else 1.0


@functools.lru_cache(maxsize=32)
def fitting_zoom(size: tuple[int, int], ui_scale: float, reviewing: bool = False) -> tuple[float, Shapes] | None:
    """The largest tile zoom up to ``ui_scale`` (in :data:`ZOOM_STEP` steps) and the pond
    shapes at which the table fits ``size`` with nothing clashing; None for 100%. Cached:
    the search builds a few dozen layouts, and a window has few sizes."""
    plain_river = _plain_layout(size, reviewing).river_w
    for step in range(round((ui_scale - 1.0) / ZOOM_STEP), 0, -1):
        for shapes in ZOOM_SHAPES:
            layout = zoomed_layout(size, 1.0 + step * ZOOM_STEP, shapes, plain_river, reviewing)
            if layout is not None and not layout_clashes(layout):
                return layout.zoom, shapes
    return None


def _plain_layout(size: tuple[int, int], reviewing: bool = False) -> TableLayout:
    """The table at 100%: ponds of six in three rows, as large as the felt allows."""
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
    # control bar (18 px taller than the guide, on both sides of the centre by symmetry; in
    # review mode :data:`REVIEW_STRIP` more)
    review = 2 * round(REVIEW_STRIP * s) if reviewing else 0
    felt = (w - 2 * (margin + opp_h + round(24 * s)), guide.top - top_band - round(40 * s) - review)
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
    lines, lengths = _hand_lines(size, s, margin, hand_h, opp_h, guide, top_band)
    actions_w, actions_h = round(300 * s), round(150 * s)
    actions = pygame.Rect(w - margin - opp_h - round(10 * s) - actions_w, guide.top - round(6 * s) - actions_h, actions_w, actions_h)
    return TableLayout(size, s, hand_w, meld_w, opp_w, river_w, center, guide, actions, lines, rivers, lengths, reviewing=reviewing)


def zoomed_layout(size: tuple[int, int], zoom: float, shapes: Shapes, plain_river: int, reviewing: bool = False) -> TableLayout | None:
    """The table with larger tiles (issue 28): the ponds, the melds and the dora ``zoom``
    times their 100% size, my hand up to :data:`HAND_ZOOM` (it was the largest already)
    and opponents' tiles up to :data:`OPP_ZOOM` (their side lines are short); the words
    and panels keep the window's scale (they were never the small part). The ponds take
    ``shapes`` (columns, reserved rows) across and at the sides (:data:`ZOOM_SHAPES`) in
    a pinwheel: each pond starts at its owner's left corner of the centre, as on a real
    table whose rows outrun the centre, so a row's end (which a riichi tile lying
    sideways pushes on) points at a corner no other pond takes. My pond runs right
    toward where the buttons were, so they move left of it. None when the
    ponds do not fit the height between the top hand and the replay viewer's bar.
    :func:`layout_clashes` checks the rest."""
    w, h = size
    s = scale_for(size)
    hand_w, meld_w = round(50 * s * min(zoom, HAND_ZOOM)), round(40 * s * zoom)
    margin, gap = round(12 * s), round(6 * s)
    hand_h = tile_height(hand_w) + depth_of(hand_w)
    guide = pygame.Rect(round(60 * s), h - margin - hand_h - round(44 * s), round(640 * s), round(38 * s))
    opp_w = side_tile_width(guide.top - margin - round(46 * s), round(29 * s), round(29 * s * min(zoom, OPP_ZOOM)), s)
    opp_h = tile_height(opp_w) + depth_of(opp_w)
    top_band = margin + opp_h + round(6 * s)
    river_w = round(plain_river * zoom)
    rh = tile_height(river_w)
    (across_cols, across_rows), (side_cols, side_rows) = shapes
    side = max(round(178 * s), side_cols * river_w - 2 * gap)
    high = top_band + gap
    low = min(guide.top, replay_bar(size, hand_h, reviewing).top) - gap  # the replay viewer's bar sits over the guide's row
    room = low - high - (2 * across_rows * rh + side + 2 * gap)
    if room < 0:
        return None
    cx, cy = w // 2, high + across_rows * rh + gap + room // 2 + side // 2
    center = pygame.Rect(cx - side // 2, cy - side // 2, side, side)
    half = side // 2 + gap
    actions_w, actions_h = round(300 * s), round(150 * s)
    actions = pygame.Rect(center.x - gap - actions_w, guide.top - round(6 * s) - actions_h, actions_w, actions_h)  # left of my pond
    rivers = (
        Frame((center.x, cy + half), (1, 0), (0, 1)),
        Frame((cx + half, center.bottom), (0, -1), (1, 0)),
        Frame((center.right, cy - half), (-1, 0), (0, -1)),
        Frame((cx - half, center.y), (0, 1), (-1, 0)),
    )
    lines, lengths = _hand_lines(size, s, margin, hand_h, opp_h, guide, top_band)
    ponds = ((across_cols, across_rows), (side_cols, side_rows)) * 2
    return TableLayout(size, s, hand_w, meld_w, opp_w, river_w, center, guide, actions, lines, rivers, lengths, zoom, ponds, reviewing)


def _hand_lines(size: tuple[int, int], s: float, margin: int, hand_h: int, opp_h: int, guide: pygame.Rect,
                top_band: int) -> tuple[tuple[Frame, ...], tuple[int, ...]]:
    """Where each seat's hand and melds run (per seat from me) and how long each line is:
    the same at every tile size (only the ponds move when they grow)."""
    w, h = size
    vertical_len = guide.top - top_band - round(40 * s)
    lines = (
        Frame((round(60 * s), h - margin - hand_h), (1, 0), (0, 1)),
        Frame((w - margin - opp_h, guide.top - round(20 * s)), (0, -1), (1, 0)),
        Frame((w - round(200 * s), margin), (-1, 0), (0, 1)),
        Frame((margin, top_band + round(20 * s)), (0, 1), (1, 0)),
    )
    return lines, (w - round(120 * s), vertical_len, w - round(400 * s), vertical_len)


def side_tile_width(span: int, smallest: int, largest: int, s: float) -> int:
    """The opponents' tile width: the largest up to ``largest`` whose side line (``span``
    from the window's top margin to the guide, less their own band) holds 14 tiles, or
    four melds and a tile; never below the 100% width ``smallest``.

    >>> side_tile_width(600, 29, 36, 1.0), side_tile_width(800, 29, 36, 1.0)
    (33, 36)
    """
    for width in range(largest, smallest, -1):
        line = span - tile_height(width) - depth_of(width) - round(40 * s)
        if max(14 * width, 4 * meld_length(width, s) + width + round(8 * s)) <= line:
            return width
    return smallest


def meld_length(width: int, s: float) -> int:
    """One pon's length along a line with its gap: two upright tiles, one lying."""
    return 2 * width + tile_height(width) + round(8 * s)


def replay_bar(size: tuple[int, int], hand_h: int, reviewing: bool = False, right: int | None = None) -> pygame.Rect:
    """Where the replay viewer's control bar lies (the one geometry: the viewer places its
    bar here, the zoomed layouts keep their ponds clear of it): the strip just above my
    hand, from the guide's left edge to ``right`` (by default the window's margin). In
    review mode it is :data:`REVIEW_STRIP` taller, for the grade marks under its labels."""
    w, h = size
    s = scale_for(size)
    bottom = h - round(12 * s) - hand_h - round(6 * s)
    height = round(56 * s) + (round(REVIEW_STRIP * s) if reviewing else 0)
    left = round(60 * s)
    return pygame.Rect(left, bottom - height, (w - left if right is None else right) - left, height)


def layout_clashes(layout: TableLayout) -> list[str]:
    """What a zoomed layout gets wrong, in words (empty when it fits): an area off the
    window, a pond slot (up to :data:`LONGEST_RIVER`) off the window or over another area
    or pond (a row's end pushed on by a sideways riichi tile), my hand's line too short for 14 tiles or for four melds and two tiles, an
    opponent's line too short for 14 tiles or four melds and a tile. The tests ask the
    same of every tile size at 1280x800."""
    s, window = layout.scale, pygame.Rect((0, 0), layout.size)
    areas = layout.rects()
    hand_h = tile_height(layout.hand_w) + depth_of(layout.hand_w)
    areas["bar"] = replay_bar(layout.size, hand_h, layout.reviewing)
    found = [f"{name} leaves the window" for name, rect in areas.items() if not window.contains(rect)]
    slots = {rel: [layout.river_slot(rel, i) for i in range(LONGEST_RIVER)] for rel in range(4)}
    lying = tile_height(layout.river_w) - layout.river_w  # a sideways riichi tile pushes its row on by this
    for rel, rects in slots.items():
        (ux, uy), columns = layout.rivers[rel].u, layout.ponds[rel][0]
        for i, rect in enumerate(rects):  # the end of each row, and the last tile, as if a riichi tile lay in its row
            if i % columns == columns - 1 or i == len(rects) - 1:
                rects[i] = rect.union(rect.move(ux * lying, uy * lying))
    for rel, rects in slots.items():
        others = [rect for name, rect in areas.items() if name != f"river{rel}"]
        others += [r for other, rs in slots.items() if other != rel for r in rs]
        for i, rect in enumerate(rects):
            if not window.contains(rect) or rect.collidelist(others) >= 0:
                found.append(f"pond {rel} tile {i} at {tuple(rect)} meets another area or leaves the window")
                break
    if max(14 * layout.hand_w + round(14 * s), 4 * meld_length(layout.meld_w, s) + 2 * layout.hand_w + round(22 * s)) > layout.line_length[0]:
        found.append("my hand's line is too short")
    if max(14 * layout.opp_w, 4 * meld_length(layout.opp_w, s) + layout.opp_w + round(8 * s)) > layout.line_length[1]:
        found.append("the side seats' lines are too short")
    return found


def hand_start(line_length: int, hand_length: int, melds_length: int, gap: int) -> int:
    """Where an opponent's concealed tiles begin along its line: centred on the side, as a
    player sits in the middle of theirs, but never closer than ``gap`` to its melds (which
    pack from the line's far end), and never before the line's start.

    >>> hand_start(880, 377, 0, 8), hand_start(880, 377, 400, 8)
    (251, 95)
    """
    centred = (line_length - hand_length) // 2
    return max(0, min(centred, line_length - melds_length - gap - hand_length))
