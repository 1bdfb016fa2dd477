"""A speech bubble: a small card with a name line and wrapped words, its tail toward a seat.

The replay viewer puts an AI's reason beside the seat that decided; the bubble
only draws (where it goes is the caller's layout), so any table overlay can use it.
"""

from __future__ import annotations

import pygame

from mahjong_joy.ui import theme

TAIL_SIDES = ("bottom", "right", "top", "left")  # per seat_from_me: the bubble's edge that faces the seat
MAX_LINES = 4


def bubble_lines(text: str, size: int, width: int, limit: int = MAX_LINES) -> list[str]:
    """``text`` wrapped to ``width`` px, at most ``limit`` lines (the last cut behind an ellipsis)."""
    lines = theme.wrap(text, size, width)
    if len(lines) <= limit:
        return lines
    last = " ".join(lines[limit - 1 :])
    while last and theme.font(size).size(last + "…")[0] > width:
        last = last[:-1]
    return lines[: limit - 1] + [last.rstrip() + "…"]


def bubble_size(title: str, text: str, width: int, s: float) -> tuple[int, int]:
    """The height a bubble of ``width`` px needs for its title and words."""
    pad, title_size, size = round(10 * s), round(14 * s), round(14 * s)
    lines = bubble_lines(text, size, width - 2 * pad)
    return width, 2 * pad + round(title_size * 1.35) + len(lines) * round(size * 1.3)


def draw_bubble(surface: pygame.Surface, rect: pygame.Rect, title: str, text: str, tail: str, s: float) -> None:
    """A white bubble in ``rect``: ``title`` (who speaks) over ``text``, with a small
    tail on the ``tail`` side (``bottom``, ``right``, ``top`` or ``left``)."""
    pad, title_size, size = round(10 * s), round(14 * s), round(14 * s)
    fill, edge = theme.lighter(theme.PANEL, 0.5), theme.LAVENDER_DEEP
    _draw_tail(surface, rect, tail, round(9 * s), fill, edge)
    theme.panel(surface, rect, fill, round(12 * s), edge)
    _draw_tail(surface, rect, tail, round(9 * s), fill, None)  # cover the card's edge where the tail joins
    theme.blit_fit(surface, title, title_size, theme.LAVENDER_DEEP, rect.w - 2 * pad, topleft=(rect.x + pad, rect.y + pad))
    y = rect.y + pad + round(title_size * 1.35)
    for line in bubble_lines(text, size, rect.w - 2 * pad):
        theme.blit_text(surface, line, size, theme.INK, topleft=(rect.x + pad, y))
        y += round(size * 1.3)


def _draw_tail(surface: pygame.Surface, rect: pygame.Rect, side: str, u: int, fill: tuple[int, int, int],
               edge: tuple[int, int, int] | None) -> None:
    """A triangle on ``side`` of ``rect``, a quarter of the way in from its end nearer the seat."""
    if side == "bottom":
        x = rect.x + rect.w // 4
        points = [(x - u, rect.bottom - 2), (x + u, rect.bottom - 2), (x, rect.bottom + u)]
    elif side == "top":  # the top seat's hand lies to the right of its bubble
        x = rect.right - rect.w // 4
        points = [(x - u, rect.y + 2), (x + u, rect.y + 2), (x, rect.y - u)]
    elif side == "right":
        y = rect.y + rect.h // 2
        points = [(rect.right - 2, y - u), (rect.right - 2, y + u), (rect.right + u, y)]
    else:
        y = rect.y + rect.h // 2
        points = [(rect.x + 2, y - u), (rect.x + 2, y + u), (rect.x - u, y)]
    pygame.draw.polygon(surface, fill, points)
    if edge is not None:
        pygame.draw.polygon(surface, edge, points, width=2)
