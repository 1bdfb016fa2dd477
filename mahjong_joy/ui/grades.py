"""How the coach's grades look: a colour AND a shape each, so no grade is told by hue alone.

Colours come from the Okabe-Ito palette already used for the colour-blind tiles
(docs/colour-safe-tiles.md): bluish green, yellow, orange, vermillion. The shapes differ
with no colour at all (a dot, a triangle, a square, a cross) and each has a dark ink rim,
so it shows on the pale step bar, on the cream panels and in greyscale.
"""

from __future__ import annotations

import math

import pygame

from mahjong_joy.i18n import tr
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
    """The grade in the player's words."""
    names = {"good": tr("good"), "inaccuracy": tr("inaccuracy"), "mistake": tr("mistake"), "blunder": tr("blunder")}
    return names.get(grade, grade)


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


def legend_entries(thresholds: dict[str, float], unit: str) -> list[tuple[str, str]]:
    """``(grade, words)`` for each grade: its name and the loss that earns it, e.g.
    ``mistake: loss 0.30 to 0.80 {unit}``. ``thresholds`` maps a grade to the smallest loss
    that earns it (``good`` has none: everything below the first threshold)."""
    lows = [thresholds.get(g) for g in GRADES]
    out: list[tuple[str, str]] = []
    for i, grade in enumerate(GRADES):
        low = lows[i]
        high = next((v for v in lows[i + 1:] if v is not None), None)
        name = grade_name(grade)
        if low is None:
            words = tr("{grade}: loss under {high} {unit}", grade=name, high=_num(high), unit=unit) if high is not None else name
        elif high is None:
            words = tr("{grade}: loss {low} {unit} or more", grade=name, low=_num(low), unit=unit)
        else:
            words = tr("{grade}: loss {low} to {high} {unit}", grade=name, low=_num(low), high=_num(high), unit=unit)
        out.append((grade, words))
    return out


def _num(value: float | None) -> str:
    """A threshold as the legend prints it: ``0.3``, ``1``, ``2.5``."""
    return "" if value is None else f"{value:g}"


def draw_legend(surface: pygame.Surface, entries: list[tuple[str, str]], topleft: tuple[int, int], size: int, width: int) -> int:
    """The legend, one grade a line (mark, then words); returns the y below it."""
    x, y = topleft
    step = round(size * 1.45)
    for grade, words in entries:
        draw_mark(surface, grade, (x + size // 2, y + step // 2), size)
        theme.blit_fit(surface, words, size, theme.INK, width - size - round(size * 0.6), midleft=(x + size + round(size * 0.6), y + step // 2))
        y += step
    return y
