"""How the coach's grades look: a colour AND a shape each, so no grade is told by hue alone.

Colours come from the Okabe-Ito palette already used for the colour-blind tiles
(docs/colour-safe-tiles.md): bluish green, yellow, orange, vermillion. The shapes differ
with no colour at all (a dot, a triangle, a square, a cross) and each has a dark ink rim,
so it shows on the pale step bar, on the cream panels and in greyscale.
"""

from __future__ import annotations

import math

import pygame

from mahjong_joy.ui import theme

GRADES = ("good", "inaccuracy", "mistake", "blunder")  # best to worst
SHAPES = {"good": "dot", "inaccuracy": "triangle", "mistake": "square", "blunder": "cross"}
COLOURS: dict[str, theme.Color] = {
    "good": (0, 158, 115),  # Okabe-Ito bluish green
    "inaccuracy": (240, 228, 66),  # yellow
    "mistake": (230, 159, 0),  # orange
    "blunder": (213, 94, 0),  # vermillion
}
RIM: theme.Color = theme.INK


def grade_name(grade: str) -> str:
    """The grade in the player's words (the coach's own word for it)."""
    from mahjong_joy.app.coach import grade_word

    return grade_word(grade) if grade in SHAPES else grade


def draw_mark(surface: pygame.Surface, grade: str, center: tuple[int, int], size: int) -> pygame.Rect:
    """The grade's shape, ``size`` px across, centred on ``center``; returns its bounds."""
    cx, cy = center
    r = max(3, size // 2)
    rim = max(1, round(size / 9))
    colour = COLOURS.get(grade, theme.INK_SOFT)
    shape = SHAPES.get(grade, "dot")
    if shape == "dot":
        pygame.draw.circle(surface, RIM, center, r)
        pygame.draw.circle(surface, colour, center, max(1, r - rim))
    elif shape == "triangle":
        points = [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)]
        points = [(x, y + r * 0.15) for x, y in points]
        pygame.draw.polygon(surface, colour, points)
        pygame.draw.polygon(surface, RIM, points, rim)
    elif shape == "square":
        box = pygame.Rect(0, 0, round(r * 1.7), round(r * 1.7))
        box.center = center
        pygame.draw.rect(surface, colour, box)
        pygame.draw.rect(surface, RIM, box, rim)
    else:  # a cross: thick ink strokes under thinner coloured ones
        d = round(r * 0.8)
        for w, c in ((max(3, round(size / 3)), RIM), (max(1, round(size / 3) - 2 * rim), colour)):
            pygame.draw.line(surface, c, (cx - d, cy - d), (cx + d, cy + d), w)
            pygame.draw.line(surface, c, (cx - d, cy + d), (cx + d, cy - d), w)
    return pygame.Rect(cx - r, cy - r, 2 * r, 2 * r)
