"""The standings' chart of each seat's points over the hands, with its axes labelled.

The frame holds the title on top, the points on a left axis (round values with a
grid line each), the hands along the bottom (``start``, then 1, 2, ...) and the
plot between, inset so the highest and lowest points and their dots stay clear of
the title and the labels. Geometry is plain arithmetic (:func:`plot_area`,
:func:`point_ticks`, :func:`chart_points`), so tests can check it without pixels.
"""

from __future__ import annotations

import pygame

from mahjong_joy.i18n import tr
from mahjong_joy.ui import theme

TICK_STEPS = (500, 1000, 2000, 2500, 5000, 10_000, 20_000, 25_000, 50_000, 100_000)


def point_ticks(history: tuple[tuple[int, ...], ...], most: int = 5) -> list[int]:
    """Round point values for the left axis, covering every value in ``history``: the
    smallest step that needs at most ``most`` ticks.

    >>> point_ticks(((25000,) * 4, (33000, 21000, 23000, 23000)))
    [20000, 25000, 30000, 35000]
    """
    values = [v for row in history for v in row] or [0]
    lo, hi = min(values), max(values)
    for step in TICK_STEPS:
        first, last = (lo // step) * step, -(-hi // step) * step
        if last == first:
            last = first + step
        if (last - first) // step + 1 <= most:
            return list(range(first, last + 1, step))
    step = TICK_STEPS[-1]
    return [(lo // step) * step, -(-hi // step) * step]


def plot_area(frame: pygame.Rect, s: float) -> pygame.Rect:
    """The plot inside the chart's frame: below the title, right of the point labels,
    above the hand labels, with room for a dot's radius on every side."""
    title = theme.font(round(17 * s)).get_height()
    label = theme.font(round(13 * s)).get_height()
    left = frame.x + theme.font(round(13 * s)).size("-100,000")[0] + round(14 * s)
    top = frame.y + round(8 * s) + title + round(12 * s)
    bottom = frame.bottom - round(8 * s) - 2 * label - round(8 * s)
    return pygame.Rect(left, top, frame.right - round(22 * s) - left, bottom - top)


def chart_points(history: tuple[tuple[int, ...], ...], seat: int, rect: pygame.Rect,
                 bounds: tuple[int, int] | None = None) -> list[tuple[int, int]]:
    """Screen points of one seat's line: x = hand number, y = points on the shared scale
    ``bounds`` (lowest, highest; by default the values' own range)."""
    if len(history) < 2:
        history = history + history if history else ((0, 0, 0, 0),) * 2
    values = [v for row in history for v in row]
    lo, hi = bounds or (min(values), max(values))
    span = max(1, hi - lo)
    step = rect.w / (len(history) - 1)
    return [(round(rect.x + i * step), round(rect.bottom - (row[seat] - lo) / span * rect.h)) for i, row in enumerate(history)]


def hand_labels(count: int) -> list[str]:
    """The bottom axis: ``start`` for the deal's points, then each hand's number.

    >>> hand_labels(4)
    ['start', '1', '2', '3']
    """
    return [tr("start")] + [str(i) for i in range(1, count)]


def draw_points_chart(surface: pygame.Surface, frame: pygame.Rect, history: tuple[tuple[int, ...], ...],
                      colors: tuple[theme.Color, ...], s: float) -> pygame.Rect:
    """Draw the framed chart; returns the plot area the lines were drawn in."""
    theme.panel(surface, frame, theme.PANEL, round(16 * s))
    theme.blit_text(surface, tr("Points over the hands"), round(17 * s)
, theme.INK_SOFT, midtop=(frame.centerx, frame.y + round(8 * s)))
    plot = plot_area(frame, s)
    rows = history if len(history) >= 2 else (history + history if history else ((0,) * 4,) * 2)
    ticks = point_ticks(rows)
    bounds = (ticks[0], ticks[-1])
    size = round(13 * s)
    for value in ticks:
        y = chart_points(((value,) * 4, (value,) * 4), 0, plot, bounds)[0][1]
        pygame.draw.line(surface, theme.PANEL_EDGE, (plot.x, y), (plot.right, y), 1)
        theme.blit_text(surface, f"{value:,}", size, theme.INK_SOFT, midright=(plot.x - round(8 * s), y))
    labels = hand_labels(len(rows))
    every = max(1, -(-len(labels) * theme.font(size).size(tr("start"))[0] // max(1, plot.w)))  # thin the labels when crowded
    for i, (x, _) in enumerate(chart_points(rows, 0, plot, bounds)):
        pygame.draw.line(surface, theme.PANEL_EDGE, (x, plot.y), (x, plot.bottom), 1)
        if i % every == 0 or i == len(labels) - 1:
            theme.blit_text(surface, labels[i], size, theme.INK_SOFT, midtop=(x, plot.bottom + round(6 * s)))
    theme.blit_text(surface, tr("hand"), size, theme.INK_SOFT, midtop=(plot.centerx, plot.bottom + round(6 * s) + theme.font(size).get_height()))
    for seat, color in enumerate(colors):
        pts = chart_points(rows, seat, plot, bounds)
        pygame.draw.lines(surface, color, False, pts, max(2, round(3 * s)))
        for p in pts:
            pygame.draw.circle(surface, color, p, max(3, round(4 * s)))
    return plot
