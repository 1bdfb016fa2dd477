"""Tile faces drawn by our own code, rendered once per kind, size, rotation and label style.

Dots are rings, bamboo are jointed sticks with a bird on the 1, the character
suit shows a CJK numeral over 萬, winds and dragons use CJK glyphs from the bundled
font (or Latin labels when the player prefers). Faces are drawn at twice the size
and smoothscaled down, which gives soft anti-aliased edges for free; the result is
cached, so a frame only blits.
"""

from __future__ import annotations

import math

import pygame

from mahjong_joy.names import (
    FIRST_FLOWER,
    FLOWER_GLYPHS,
    FLOWER_SHORT,
    WIND_GLYPHS,
    WIND_LETTERS,
    flower_is_season,
    flower_number,
    is_flower,
)
from mahjong_joy.tiles import FIVES, RED_CODES, is_honor, rank_of, suit_of
from mahjong_joy.ui import theme

BACK = -1  # pseudo-kind for a face-down tile
NUMERALS = "一二三四五六七八九"
WIND_LATIN = WIND_LETTERS  # the Latin letter drawn on a wind tile
SUPERSAMPLE = 2
RED_INK = (214, 58, 74)  # a red five's pips and badge: stronger than the pastel rose of ordinary accents
RED_FACE = (255, 232, 230)  # a red five's face, faintly pink
# The colour-blind-safe style (issue 28): a red five carries a star outlined in dark ink,
# filled with Okabe-Ito vermillion (Okabe & Ito 2008, "Color Universal Design"), and its
# dots are solid discs and its sticks outlined, so it differs from a plain five by shape
# and by lightness, not by hue alone (see scripts/cvd_sheets.py for the measurements).
SAFE_STAR = (213, 94, 0)  # Okabe-Ito vermillion

AMBER = (206, 132, 28)  # the chrysanthemum's and autumn's ink: a deep gold that reads on the cream face
# Each flower's ink, in code order (plum, orchid, chrysanthemum, bamboo, spring, summer, autumn, winter).
FLOWER_INKS: tuple[theme.Color, ...] = (theme.ROSE_DEEP, theme.LAVENDER_DEEP, AMBER, theme.MINT_DEEP,
                                        theme.MINT_DEEP, theme.ROSE_DEEP, AMBER, theme.SKY_DEEP)

DOT_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.5, 0.26), (0.5, 0.74)),
    3: ((0.24, 0.2), (0.5, 0.5), (0.76, 0.8)),
    4: ((0.28, 0.26), (0.72, 0.26), (0.28, 0.74), (0.72, 0.74)),
    5: ((0.26, 0.22), (0.74, 0.22), (0.5, 0.5), (0.26, 0.78), (0.74, 0.78)),
    6: ((0.3, 0.2), (0.7, 0.2), (0.3, 0.5), (0.7, 0.5), (0.3, 0.8), (0.7, 0.8)),
    7: ((0.22, 0.13), (0.5, 0.23), (0.78, 0.33), (0.3, 0.59), (0.7, 0.59), (0.3, 0.85), (0.7, 0.85)),
    8: tuple((x, y) for y in (0.13, 0.38, 0.63, 0.88) for x in (0.3, 0.7)),
    9: tuple((x, y) for y in (0.18, 0.5, 0.82) for x in (0.2, 0.5, 0.8)),
}
BAMBOO_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 0.27), (0.5, 0.73)),
    3: ((0.5, 0.27), (0.3, 0.73), (0.7, 0.73)),
    4: ((0.3, 0.27), (0.7, 0.27), (0.3, 0.73), (0.7, 0.73)),
    5: ((0.24, 0.27), (0.76, 0.27), (0.5, 0.5), (0.24, 0.73), (0.76, 0.73)),
    6: tuple((x, y) for y in (0.27, 0.73) for x in (0.2, 0.5, 0.8)),
    7: ((0.5, 0.17),) + tuple((x, y) for y in (0.5, 0.83) for x in (0.2, 0.5, 0.8)),
    8: tuple((x, y) for y in (0.27, 0.73) for x in (0.14, 0.38, 0.62, 0.86)),
    9: tuple((x, y) for y in (0.17, 0.5, 0.83) for x in (0.2, 0.5, 0.8)),
}
# Red accents as on real sets: the centre of 5s, the top of 7s, the middle column of 9s.
BAMBOO_RED = {(5, 2), (7, 0), (9, 1), (9, 4), (9, 7)}
DOT_COLORS = {1: theme.ROSE_DEEP, 2: theme.MINT_DEEP, 3: theme.SKY_DEEP, 4: theme.SKY_DEEP,
              5: theme.ROSE_DEEP, 6: theme.MINT_DEEP, 7: theme.SKY_DEEP, 8: theme.SKY_DEEP, 9: theme.ROSE_DEEP}


def tile_height(width: int) -> int:
    """Tiles are 3:4 (width:height) upright."""
    return round(width * 4 / 3)


def footprint(width: int, rotation: int = 0) -> tuple[int, int]:
    """Screen size of a tile's top face (rotation 90/270 lies sideways)."""
    h = tile_height(width)
    return (h, width) if rotation % 180 else (width, h)


def depth_of(width: int) -> int:
    """Thickness shown under the face; scales with size so small tiles stay crisp."""
    return max(2, width // 9)


def _glyph(surface: pygame.Surface, char: str, size: int, color: theme.Color, center: tuple[float, float]) -> None:
    """A glyph centred on its visible ink, not on the font's line box."""
    image = theme.text(char, size, color)
    ink = image.get_bounding_rect()
    surface.blit(image, (center[0] - ink.centerx, center[1] - ink.centery))


def _ring(surface: pygame.Surface, color: theme.Color, center: tuple[float, float], radius: float) -> None:
    """A pastel ring with a coloured centre: one pip of the dots suit."""
    cx, cy = int(center[0]), int(center[1])
    r = max(2, int(radius))
    pygame.draw.circle(surface, color, (cx, cy), r)
    pygame.draw.circle(surface, theme.TILE_FACE, (cx, cy), int(r * 0.7))
    pygame.draw.circle(surface, color, (cx, cy), max(1, int(r * 0.38)))


def _disc(surface: pygame.Surface, color: theme.Color, center: tuple[float, float], radius: float) -> None:
    """A solid pip with a dark rim: a red five's dot in the colour-safe style (a ring's hole filled)."""
    cx, cy, r = int(center[0]), int(center[1]), max(2, int(radius))
    pygame.draw.circle(surface, theme.INK, (cx, cy), r)
    pygame.draw.circle(surface, color, (cx, cy), max(1, int(r * 0.78)))


def _draw_dots(surface: pygame.Surface, rank: int, red: bool = False, safe: bool = False) -> None:
    w, h = surface.get_size()
    spots = DOT_LAYOUTS[rank]
    radius = {1: 0.36, 2: 0.2, 3: 0.17}.get(rank, 0.155 if rank < 7 else 0.13) * w
    if rank == 1:
        pygame.draw.circle(surface, theme.SKY_DEEP, (w // 2, h // 2), int(w * 0.44), width=max(2, w // 30))
    for i, (x, y) in enumerate(spots):
        color = DOT_COLORS[rank]
        if rank in (7, 8, 9) and i >= (3 if rank == 7 else 6 if rank == 9 else 4):
            color = theme.ROSE_DEEP if rank != 9 else theme.MINT_DEEP
        if red:
            color = RED_INK
        (_disc if red and safe else _ring)(surface, color, (x * w, y * h), radius)


def _stick(surface: pygame.Surface, color: theme.Color, center: tuple[float, float], w: float, h: float,
           rim: bool = False) -> None:
    """One bamboo stick: a rounded rod with joints at the ends and the middle
    (``rim``: outlined in dark ink, a red five's stick in the colour-safe style)."""
    rect = pygame.Rect(0, 0, int(w), int(h))
    rect.center = (int(center[0]), int(center[1]))
    if rim:
        pygame.draw.rect(surface, theme.INK, rect.inflate(int(w * 0.5), int(w * 0.5)), border_radius=int(w * 0.75))
    pygame.draw.rect(surface, color, rect, border_radius=int(w / 2))
    joint = max(1, int(h * 0.07))
    light = tuple(min(255, c + 90) for c in color)
    for fy in (0.5,):
        pygame.draw.line(surface, light, (rect.left + 2, rect.top + rect.h * fy), (rect.right - 3, rect.top + rect.h * fy), joint)
    pygame.draw.line(surface, light, (rect.centerx, rect.top + h * 0.14), (rect.centerx, rect.top + h * 0.4), max(1, joint // 2))


def _bird(surface: pygame.Surface) -> None:
    """The 1 of bamboo: a round little bird standing on a stick."""
    w, h = surface.get_size()
    body = pygame.Rect(0, 0, int(w * 0.56), int(h * 0.4))
    body.center = (int(w * 0.46), int(h * 0.54))
    tail = [(body.left + 4, body.centery), (int(w * 0.06), int(h * 0.3)), (int(w * 0.14), int(h * 0.62))]
    pygame.draw.polygon(surface, theme.SKY_DEEP, tail)
    tail2 = [(body.left + 6, body.centery + 6), (int(w * 0.1), int(h * 0.78)), (int(w * 0.3), int(h * 0.7))]
    pygame.draw.polygon(surface, theme.ROSE_DEEP, tail2)
    pygame.draw.ellipse(surface, theme.MINT_DEEP, body)
    wing = pygame.Rect(0, 0, int(w * 0.32), int(h * 0.2))
    wing.center = (int(w * 0.42), int(h * 0.54))
    pygame.draw.ellipse(surface, theme.ROSE_DEEP, wing)
    head = (int(w * 0.72), int(h * 0.33))
    pygame.draw.circle(surface, theme.MINT_DEEP, head, int(w * 0.14))
    beak = [(head[0] + int(w * 0.11), head[1] - int(h * 0.02)), (int(w * 0.96), head[1] + int(h * 0.02)), (head[0] + int(w * 0.1), head[1] + int(h * 0.05))]
    pygame.draw.polygon(surface, theme.HIGHLIGHT, beak)
    pygame.draw.circle(surface, theme.TILE_FACE, (head[0] + int(w * 0.03), head[1] - int(h * 0.02)), max(2, int(w * 0.045)))
    pygame.draw.circle(surface, theme.INK, (head[0] + int(w * 0.04), head[1] - int(h * 0.02)), max(1, int(w * 0.022)))
    leg_top = body.bottom - int(h * 0.03)
    for x in (0.42, 0.54):
        pygame.draw.line(surface, theme.INK_SOFT, (int(w * x), leg_top), (int(w * x), int(h * 0.9)), max(2, w // 30))


def _draw_bamboo(surface: pygame.Surface, rank: int, red: bool = False, safe: bool = False) -> None:
    if rank == 1:
        _bird(surface)
        return
    w, h = surface.get_size()
    rows = 3 if rank in (7, 9) else 2
    stick_h = h * (0.27 if rows == 3 else 0.4)
    stick_w = w * (0.13 if rank == 8 else 0.16)
    for i, (x, y) in enumerate(BAMBOO_LAYOUTS[rank]):
        color = RED_INK if red else theme.ROSE_DEEP if (rank, i) in BAMBOO_RED else theme.MINT_DEEP
        _stick(surface, color, (x * w, y * h), stick_w, stick_h, rim=red and safe)


def _draw_characters(surface: pygame.Surface, rank: int, latin: bool, red: bool = False, labels: bool = True,
                     safe: bool = False) -> None:
    w, h = surface.get_size()
    ink = RED_INK if red else theme.INK
    if red and safe:  # a dark ring round the numeral: the colour-safe red five's second mark
        top, tall = (0.06, 0.6) if latin else (0.02, 0.5)
        ring = pygame.Rect(int(w * 0.08), int(h * top), int(w * 0.84), int(h * tall))
        pygame.draw.ellipse(surface, theme.INK, ring, width=max(2, w // 16))
    if latin:
        if labels:
            _glyph(surface, str(rank), int(h * 0.5), ink, (w * 0.5, h * 0.36))
            _glyph(surface, "m", int(h * 0.3), theme.ROSE_DEEP, (w * 0.5, h * 0.78))
        return
    _glyph(surface, NUMERALS[rank - 1], int(h * 0.4), ink, (w * 0.5, h * 0.27))
    _glyph(surface, "萬", int(h * 0.44), theme.ROSE_DEEP, (w * 0.5, h * 0.72))


def _draw_white(surface: pygame.Surface) -> None:
    """White dragon: the traditional blank with a blue frame."""
    w, h = surface.get_size()
    outer = pygame.Rect(int(w * 0.14), int(h * 0.12), int(w * 0.72), int(h * 0.76))
    pygame.draw.rect(surface, theme.SKY_DEEP, outer, width=max(2, w // 16), border_radius=max(2, w // 12))
    pygame.draw.rect(surface, theme.SKY, outer.inflate(-w * 0.2, -w * 0.2), width=max(1, w // 28), border_radius=max(2, w // 16))


LATIN_HONORS: dict[int, tuple[str, float, theme.Color]] = {  # rank -> label, size (of the face height), ink
    1: ("E", 0.62, theme.INK), 2: ("S", 0.62, theme.INK), 3: ("W", 0.62, theme.INK), 4: ("N", 0.62, theme.INK),
    5: ("Wh", 0.26, theme.SKY_DEEP), 6: ("Gr", 0.4, theme.MINT_DEEP), 7: ("Rd", 0.4, theme.ROSE_DEEP),
}


def _draw_honor(surface: pygame.Surface, tile: int, latin: bool, labels: bool = True) -> None:
    w, h = surface.get_size()
    rank = rank_of(tile)
    if rank == 5:
        _draw_white(surface)
    if latin:
        if labels:
            label, size, ink = LATIN_HONORS[rank]
            _glyph(surface, label, int(h * size), ink, (w * 0.5, h * 0.5))
    elif rank <= 4:
        _glyph(surface, WIND_GLYPHS[rank - 1], int(h * 0.6), theme.INK, (w * 0.5, h * 0.5))
    elif rank == 6:
        _glyph(surface, "發", int(h * 0.58), theme.MINT_DEEP, (w * 0.5, h * 0.5))
    elif rank == 7:
        _glyph(surface, "中", int(h * 0.62), theme.ROSE_DEEP, (w * 0.5, h * 0.5))


def _blossom(surface: pygame.Surface, ink: theme.Color, center: tuple[float, float], radius: float, rim: bool) -> None:
    """A plant's mark: five round petals about a gold heart (``rim``: outlined in dark ink)."""
    cx, cy, r = center[0], center[1], max(2.0, radius)
    petals = [(cx + r * 0.55 * math.cos(math.pi * (2 * i / 5 - 0.5)), cy + r * 0.55 * math.sin(math.pi * (2 * i / 5 - 0.5)))
              for i in range(5)]
    for px, py in petals:
        if rim:
            pygame.draw.circle(surface, theme.INK, (int(px), int(py)), int(r * 0.5) + max(1, int(r * 0.12)))
    for px, py in petals:
        pygame.draw.circle(surface, ink, (int(px), int(py)), int(r * 0.5))
    pygame.draw.circle(surface, theme.HIGHLIGHT, (int(cx), int(cy)), max(1, int(r * 0.3)))


def _sun(surface: pygame.Surface, ink: theme.Color, center: tuple[float, float], radius: float, rim: bool) -> None:
    """A season's mark: a small sun, a disc with eight rays (``rim``: outlined in dark ink)."""
    cx, cy, r = center[0], center[1], max(2.0, radius)
    width = max(1, int(r * 0.22))
    for i in range(8):
        angle = math.pi * i / 4
        inner, outer = r * 0.62, r * 1.02
        start = (cx + inner * math.cos(angle), cy + inner * math.sin(angle))
        end = (cx + outer * math.cos(angle), cy + outer * math.sin(angle))
        pygame.draw.line(surface, theme.INK if rim else ink, start, end, width + (1 if rim else 0))
    if rim:
        pygame.draw.circle(surface, theme.INK, (int(cx), int(cy)), int(r * 0.5) + max(1, int(r * 0.12)))
    pygame.draw.circle(surface, ink, (int(cx), int(cy)), int(r * 0.5))


def _number_badge(surface: pygame.Surface, code: int, center: tuple[float, float], radius: float, safe: bool,
                  digit: bool = True) -> None:
    """The flower's number 1..4 on a badge: round for the plants, square for the seasons,
    so the two sets differ by shape and not by colour alone. The classic style fills the
    badge pale with the flower's ink; the colour-safe style fills it dark with a white digit."""
    ink = FLOWER_INKS[code - FIRST_FLOWER]
    fill = theme.INK if safe else theme.lighter(ink, 0.7)
    rect = pygame.Rect(0, 0, int(radius * 2), int(radius * 2))
    rect.center = (int(center[0]), int(center[1]))
    if flower_is_season(code):
        pygame.draw.rect(surface, fill, rect.inflate(-int(radius * 0.2), -int(radius * 0.2)), border_radius=max(1, int(radius * 0.3)))
    else:
        pygame.draw.circle(surface, fill, rect.center, int(radius))
    if digit:
        _glyph(surface, str(flower_number(code)), int(radius * 1.55), theme.TILE_FACE if safe else ink, rect.center)


def _draw_flower(surface: pygame.Surface, code: int, latin: bool, labels: bool = True, safe: bool = False) -> None:
    """A flower or season: its number on a badge (round: plant, square: season) in the
    top-left corner, its mark (a blossom or a sun) in the top-right, and its glyph
    (梅兰菊竹 春夏秋冬) large below; with Latin labels the number and a two-letter
    name (``Pl``, ``Wi``) stand in for the glyph. The colour-safe style inks the glyph
    dark and outlines the marks, so every flower reads without hue."""
    w, h = surface.get_size()
    index = code - FIRST_FLOWER
    ink = FLOWER_INKS[index]
    mark = _sun if flower_is_season(code) else _blossom
    if latin:
        _number_badge(surface, code, (w * 0.5, h * 0.3), w * 0.3, safe, digit=labels)
        mark(surface, ink, (w * 0.84, h * 0.08), w * 0.14, safe)
        if labels:
            _glyph(surface, FLOWER_SHORT[index], int(h * 0.3), theme.INK if safe else ink, (w * 0.5, h * 0.74))
        return
    _number_badge(surface, code, (w * 0.2, h * 0.12), w * 0.19, safe)
    mark(surface, ink, (w * 0.78, h * 0.12), w * 0.17, safe)
    _glyph(surface, FLOWER_GLYPHS[index], int(h * 0.5), theme.INK if safe else ink, (w * 0.5, h * 0.6))


def _corner_index(surface: pygame.Surface, tile: int, red: bool = False) -> None:
    """Latin mode: a small rank in the corner of dots and bamboo for quick reading
    (a red five reads ``5r`` in red)."""
    w, h = surface.get_size()
    if red:
        _glyph(surface, "5r", int(h * 0.17), RED_INK, (w * 0.13, h * 0.07))
        return
    _glyph(surface, str(rank_of(tile)), int(h * 0.17), theme.INK, (w * 0.08, h * 0.07))


def _red_mark(surface: pygame.Surface) -> None:
    """A red five's badge: a small solid red diamond in the face's top-right corner."""
    w, h = surface.get_size()
    cx, cy, r = w * 0.88, h * 0.07, max(2.0, w * 0.1)
    pygame.draw.polygon(surface, RED_INK, [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)])


def _star_mark(surface: pygame.Surface) -> None:
    """A red five's badge in the colour-safe style: a five-pointed vermillion star with a
    dark rim in the face's top-right corner, told from the plain five by its shape and
    its dark outline even in greyscale."""
    w, h = surface.get_size()
    cx, cy, r = w * 0.8, h * 0.12, max(3.0, w * 0.21)
    points = []
    for i in range(10):
        angle = math.pi * (i / 5 - 0.5)
        reach = r if i % 2 == 0 else r * 0.48
        points.append((cx + reach * math.cos(angle), cy + reach * math.sin(angle)))
    pygame.draw.polygon(surface, theme.INK, [(cx + (x - cx) * 1.28, cy + (y - cy) * 1.28) for x, y in points])
    pygame.draw.polygon(surface, SAFE_STAR, points)


def draw_face(surface: pygame.Surface, tile: int, latin: bool = False, labels: bool = True, safe: bool = False) -> None:
    """Paint the picture of ``tile`` onto ``surface`` (the face area, any size).

    ``tile`` is a code: a kind, or 34..36 for a red five, drawn in red ink with a red
    badge (its face is tinted too, by :class:`TileArt`). ``labels=False`` leaves out
    the Latin letters and digits, which a turned tile draws upright afterwards
    (:func:`draw_upright_labels`). ``safe`` is the colour-blind-safe style: a red
    five's badge is a dark-rimmed star drawn over the picture, its dots solid, its
    sticks outlined; every other tile looks as in the classic style. A flower code
    (37..44) is drawn by :func:`_draw_flower`, in either style."""
    if is_flower(tile):
        _draw_flower(surface, tile, latin, labels, safe)
        return
    red = tile >= 34
    if red:
        tile = FIVES[tile - 34]
    suit, rank = suit_of(tile), rank_of(tile)
    if red and not safe:
        _red_mark(surface)
    whole = surface
    if latin and suit in (1, 2):
        if labels:
            _corner_index(surface, tile, red)
        w, h = surface.get_size()
        surface = surface.subsurface(pygame.Rect(int(w * 0.14), int(h * 0.12), int(w * 0.86), int(h * 0.88)))
    if is_honor(tile):
        _draw_honor(surface, tile, latin, labels)
    elif suit == 0:
        _draw_characters(surface, rank, latin, red, labels, safe)
    elif suit == 1:
        _draw_dots(surface, rank, red, safe)
    else:
        _draw_bamboo(surface, rank, red, safe)
    if red and safe:
        _star_mark(whole)


def _turned(fx: float, fy: float, rotation: int) -> tuple[float, float]:
    """Where a point of the upright face (fractions of its width and height) lies once
    the face is turned ``rotation`` degrees counter-clockwise (pygame's sense).

    >>> _turned(0.0, 0.0, 90), _turned(0.0, 0.0, 180), _turned(0.0, 0.0, 270)
    ((0.0, 1.0), (1.0, 1.0), (1.0, 0.0))
    """
    return {90: (fy, 1 - fx), 180: (1 - fx, 1 - fy), 270: (1 - fy, fx)}.get(rotation % 360, (fx, fy))


def draw_upright_labels(surface: pygame.Surface, area: pygame.Rect, tile: int, rotation: int) -> None:
    """The Latin labels of a turned tile, upright on the screen, so a 9 in a side pond
    never reads as 6 nor a sideways 8 as an infinity sign. ``area`` is the turned face;
    the labels keep the sizes they have on an upright tile (fractions of its height)."""
    height = max(area.w, area.h) if rotation % 180 else area.h  # the face's height as it stands upright
    if is_flower(tile):
        _upright_flower(surface, area, tile, rotation, height)
        return
    red = tile >= 34
    kind = FIVES[tile - 34] if red else tile
    if is_honor(kind):
        label, size, ink = LATIN_HONORS[rank_of(kind)]
        _glyph(surface, label, int(height * size), ink, area.center)
    elif suit_of(kind) == 0:
        _upright_characters(surface, area, rank_of(kind), RED_INK if red else theme.INK, height)
    else:
        x, y = _turned(0.13 if red else 0.08, 0.07, rotation)  # the corner index, in its turned corner
        x, y = min(max(x, 0.1), 0.9), min(max(y, 0.1), 0.9)
        text, ink = ("5r", RED_INK) if red else (str(rank_of(kind)), theme.INK)
        _glyph(surface, text, int(height * 0.17), ink, (area.x + x * area.w, area.y + y * area.h))


def _upright_flower(surface: pygame.Surface, area: pygame.Rect, code: int, rotation: int, height: int) -> None:
    """A turned flower's Latin labels upright, each where the turned face put its place:
    the number on its badge, the short name below it (beside it, on a sideways tile)."""
    index = code - FIRST_FLOWER
    ink = FLOWER_INKS[index]
    for (fx, fy), text, size in (((0.5, 0.3), str(flower_number(code)), 0.3 * 1.55 * 0.75),
                                 ((0.5, 0.74), FLOWER_SHORT[index], 0.3 if area.w <= area.h else 0.24)):
        x, y = _turned(fx, fy, rotation)
        _glyph(surface, text, int(height * size), ink, (area.x + x * area.w, area.y + y * area.h))


def _upright_characters(surface: pygame.Surface, area: pygame.Rect, rank: int, ink: theme.Color, height: int) -> None:
    """``7`` over ``m`` on an upside-down tile, ``7m`` side by side on a sideways one."""
    if area.w <= area.h:
        _glyph(surface, str(rank), int(height * 0.5), ink, (area.centerx, area.y + area.h * 0.36))
        _glyph(surface, "m", int(height * 0.3), theme.ROSE_DEEP, (area.centerx, area.y + area.h * 0.78))
        return
    digit = theme.text(str(rank), int(height * 0.5), ink)
    letter = theme.text("m", int(height * 0.3), theme.ROSE_DEEP)
    d_ink, m_ink = digit.get_bounding_rect(), letter.get_bounding_rect()
    gap = max(1, area.w // 20)
    left = area.centerx - (d_ink.w + gap + m_ink.w) // 2
    top = area.centery - d_ink.h // 2
    surface.blit(digit, (left - d_ink.x, top - d_ink.y))
    surface.blit(letter, (left + d_ink.w + gap - m_ink.x, top + d_ink.h - m_ink.h - m_ink.y))  # bottoms aligned


class TileArt:
    """Cache of finished tile images keyed by (code, width, rotation, labels, safe): a code
    is a kind 0..33, a red five 34..36, or ``BACK``; ``safe`` is the colour-blind-safe style."""

    def __init__(self, latin: bool = False, safe: bool = False) -> None:
        self.latin = latin
        self.safe = safe
        self._cache: dict[tuple[int, int, int, bool, bool], pygame.Surface] = {}

    def image(self, tile: int, width: int, rotation: int = 0) -> pygame.Surface:
        """A tile (``BACK`` for face-down) with its thickness and soft shadow.

        The top face occupies ``footprint(width, rotation)`` from the image's
        top-left; the thickness and shadow extend below and to the right.
        """
        key = (tile, int(width), rotation % 360, self.latin and tile != BACK, self.safe and tile >= 34)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._render(*key)
        return found

    def _render(self, tile: int, width: int, rotation: int, latin: bool, safe: bool = False) -> pygame.Surface:
        fw, fh = footprint(width, rotation)
        depth = depth_of(width)
        radius = max(3, width // 7)
        image = pygame.Surface((fw + 3, fh + depth + 4), pygame.SRCALPHA)
        for grow, alpha in ((2, 22), (0, 38)):
            shadow = pygame.Rect(1 - grow // 2, depth + 2 - grow // 2, fw + 1 + grow, fh + grow)
            pygame.draw.rect(image, (60, 50, 80, alpha), shadow, border_radius=radius + 1)
        side = theme.TILE_BACK_DEEP if tile == BACK else theme.TILE_BACK
        pygame.draw.rect(image, side, (0, depth, fw, fh), border_radius=radius)
        top = pygame.Rect(0, 0, fw, fh)
        if tile == BACK:
            pygame.draw.rect(image, theme.TILE_BACK, top, border_radius=radius)
            pygame.draw.rect(image, theme.TILE_BACK_LIGHT, top.inflate(-width // 4, -width // 4), border_radius=radius)
            return image
        pygame.draw.rect(image, theme.TILE_SIDE, top, border_radius=radius)
        pygame.draw.rect(image, RED_FACE if tile in RED_CODES else theme.TILE_FACE, top.inflate(-2, -2), border_radius=radius - 1)
        image.blit(self._face(tile, width, rotation, latin, safe), (0, 0))
        return image

    def _face(self, tile: int, width: int, rotation: int, latin: bool, safe: bool = False) -> pygame.Surface:
        """The picture alone, supersampled, then turned to the tile's rotation."""
        pad = max(2, width // 9)
        cw, ch = width - 2 * pad, tile_height(width) - 2 * pad
        big = pygame.Surface((cw * SUPERSAMPLE, ch * SUPERSAMPLE), pygame.SRCALPHA)
        upright = latin and rotation % 360 != 0
        draw_face(big, tile, latin, labels=not upright, safe=safe)
        small = pygame.transform.smoothscale(big, (cw, ch))
        small = pygame.transform.rotate(small, rotation) if rotation else small
        canvas = pygame.Surface(footprint(width, rotation), pygame.SRCALPHA)
        area = small.get_rect(center=canvas.get_rect().center)
        canvas.blit(small, area)
        if upright:
            draw_upright_labels(canvas, area, tile, rotation)
        return canvas

    def clear(self) -> None:
        """Forget every cached image (a size or label change renders fresh ones lazily)."""
        self._cache.clear()
