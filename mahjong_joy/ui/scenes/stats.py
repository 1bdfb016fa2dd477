"""Stats: the player's figures, recent placements as a line and win rate by ruleset as bars.

The scene reads the history itself on enter (a corrupt file is set aside by
:meth:`History.open`, and its notice shown here), so Home only pushes it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from mahjong_joy.errors import StorageUnavailableError
from mahjong_joy.storage.history import History
from mahjong_joy.storage.stats import Stats, compute_stats, yaku_label
from mahjong_joy.ui import theme
from mahjong_joy.ui.scenes.base import Scene, Transition
from mahjong_joy.ui.widgets import Button, pressed_button

PLACES = ("1st", "2nd", "3rd", "4th")
PLACE_COLORS = (theme.ROSE_DEEP, theme.SKY_DEEP, theme.MINT_DEEP, theme.LAVENDER_DEEP)
BAR_COLORS = (theme.ROSE, theme.SKY, theme.BUTTER, theme.LAVENDER, theme.PEACH)


def figures(stats: Stats) -> list[tuple[str, str]]:
    """The six headline figures as (label, value) pairs, "-" where there is nothing to show."""
    def pct(rate: float | None) -> str:
        return "-" if rate is None else f"{rate * 100:.1f}%"

    return [
        ("Matches played", f"{stats.matches}"),
        ("Average placement", "-" if stats.average_placement is None else f"{stats.average_placement:.2f}"),
        ("Win rate", pct(stats.win_rate)),
        ("Deal-in rate", pct(stats.deal_in_rate)),
        ("Points per win", "-" if stats.average_win_points is None else f"{stats.average_win_points:,.0f}"),
        ("Hands played", f"{stats.hands}"),
    ]


def placement_points(placements: tuple[int, ...], rect: pygame.Rect) -> list[tuple[int, int]]:
    """Screen points of the placement line: oldest on the left, 1st at the top."""
    n = len(placements)
    step = rect.w / (n - 1) if n > 1 else 0
    return [(round(rect.x + (i * step if n > 1 else rect.w / 2)), round(rect.y + (p - 1) / 3 * rect.h))
            for i, p in enumerate(placements)]


class StatsScene(Scene):
    """Figures on the left, the two charts on the right; Esc or Back returns."""

    def __init__(self, app: Any, path: str | Path | None = None) -> None:
        super().__init__(app)
        self.path = path  # the history file (default: the data folder's)
        self.stats = Stats()
        self.notice: str | None = None
        self.buttons: list[Button] = []
        self.cards: list[pygame.Rect] = []
        self.best = self.placements = self.rulesets = self.plot = self.empty = pygame.Rect(0, 0, 1, 1)

    def enter(self, context: Any = None) -> None:
        """Read the history; one in use by another program shows empty figures and says so."""
        try:
            with History.open(self.path) as history:
                self.stats = compute_stats(history)
                self.notice = history.message()
        except StorageUnavailableError as exc:
            self.stats, self.notice = Stats(), str(exc)

    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale
        w, h = size
        margin, gap = round(40 * s), round(16 * s)
        top = round(112 * s)
        bw, bh = round(220 * s), round(54 * s)
        back_y = h - round(24 * s) - bh
        self.buttons = [Button("Back", "back", pygame.Rect((w - bw) // 2, back_y, bw, bh), pygame.K_b, primary=True)]
        bottom = back_y - round(22 * s)
        left_w = round((w - 3 * margin) * 0.47)
        card_w, card_h = (left_w - gap) // 2, round(88 * s)
        self.cards = [pygame.Rect(margin + (i % 2) * (card_w + gap), top + (i // 2) * (card_h + gap), card_w, card_h)
                      for i in range(6)]
        best_y = top + 3 * (card_h + gap)
        self.best = pygame.Rect(margin, best_y, left_w, bottom - best_y)
        right_x = margin * 2 + left_w
        right = pygame.Rect(right_x, top, w - margin - right_x, bottom - top)
        chart_h = round((right.h - gap) * 0.56)
        self.placements = pygame.Rect(right.x, right.y, right.w, chart_h)
        self.rulesets = pygame.Rect(right.x, right.y + chart_h + gap, right.w, right.h - chart_h - gap)
        head, label_w = round(50 * s), round(68 * s)  # the card's heading; the 1st..4th labels
        self.plot = pygame.Rect(right.x + label_w, right.y + head, right.w - label_w - round(28 * s), chart_h - head - round(34 * s))
        self.empty = pygame.Rect(0, 0, round(620 * s), round(150 * s))
        self.empty.center = (w // 2, (top + bottom) // 2)

    def layout_rects(self) -> dict[str, pygame.Rect]:
        rects = {b.action: b.rect for b in self.buttons}
        if self.stats.is_empty:
            return rects | {"empty": self.empty}
        rects |= {f"figure{i}": r for i, r in enumerate(self.cards)}
        return rects | {"best": self.best, "placements": self.placements, "rulesets": self.rulesets}

    def handle(self, event: pygame.event.Event) -> None:
        if pressed_button(self.buttons, event) or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.next = Transition("pop")

    # -- drawing -----------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        w, _ = surface.get_size()
        surface.fill(theme.BACKGROUND)
        theme.blit_text(surface, "Your statistics", round(46 * s), theme.INK, center=(w // 2, round(50 * s)))
        if self.notice:
            line = theme.wrap(self.notice, round(15 * s), w - round(80 * s))[0]
            theme.blit_text(surface, line, round(15 * s), theme.ROSE_DEEP, center=(w // 2, round(90 * s)))
        if self.stats.is_empty:
            self._draw_empty(surface, s)
        else:
            for rect, (label, value) in zip(self.cards, figures(self.stats)):
                self._figure(surface, rect, label, value, s)
            self._draw_best(surface, s)
            self._draw_placements(surface, s)
            self._draw_rulesets(surface, s)
        for b in self.buttons:
            b.draw(surface, s)

    def _draw_empty(self, surface: pygame.Surface, s: float) -> None:
        theme.panel(surface, self.empty, theme.PANEL, round(18 * s))
        theme.blit_text(surface, "No matches yet", round(30 * s), theme.INK, center=(self.empty.centerx, self.empty.centery - round(20 * s)))
        theme.blit_text(surface, "Finish a match and your statistics appear here.", round(18 * s), theme.INK_SOFT,
                        center=(self.empty.centerx, self.empty.centery + round(24 * s)))

    def _figure(self, surface: pygame.Surface, rect: pygame.Rect, label: str, value: str, s: float) -> None:
        theme.panel(surface, rect, theme.PANEL, round(14 * s))
        theme.blit_text(surface, label, round(16 * s), theme.INK_SOFT, topleft=(rect.x + round(16 * s), rect.y + round(12 * s)))
        theme.blit_text(surface, value, round(32 * s), theme.INK, bottomleft=(rect.x + round(16 * s), rect.bottom - round(8 * s)))

    def _title(self, surface: pygame.Surface, rect: pygame.Rect, title: str, s: float) -> int:
        """A card with a small heading; returns the y where its content starts."""
        theme.panel(surface, rect, theme.PANEL, round(16 * s))
        r = theme.blit_text(surface, title, round(17 * s), theme.INK_SOFT, topleft=(rect.x + round(16 * s), rect.y + round(10 * s)))
        return r.bottom + round(8 * s)

    def _draw_best(self, surface: pygame.Surface, s: float) -> None:
        rect, best = self.best, self.stats.best_hand
        y = self._title(surface, rect, "Best hand", s)
        x = rect.x + round(16 * s)
        if best is None:
            theme.blit_text(surface, "No wins yet: your best hand shows here.", round(20 * s), theme.INK, topleft=(x, y + round(8 * s)))
            return
        r = theme.blit_text(surface, f"{best.points:,}", round(44 * s), theme.ROSE_DEEP, topleft=(x, y))
        unit = theme.blit_text(surface, "points", round(20 * s), theme.ROSE_DEEP, bottomleft=(r.right + round(8 * s), r.bottom - round(9 * s)))
        value = f"{best.han} han {best.fu} fu" + (f", {best.limit.replace('_', ' ')}" if best.limit else "")
        theme.blit_text(surface, value, round(20 * s), theme.INK, bottomleft=(unit.right + round(18 * s), unit.bottom))
        bottom = rect.bottom - round(14 * s)
        when = theme.blit_text(surface, f"{best.played_at[:10]}  ·  hand {best.label}  ·  {best.ruleset.title()}",
                               round(15 * s), theme.INK_SOFT, bottomleft=(x, bottom))
        self._chips(surface, [yaku_label(name) for name in best.yaku],
                    pygame.Rect(x, r.bottom + round(10 * s), rect.w - round(32 * s), when.y - r.bottom - round(18 * s)), s)

    def _chips(self, surface: pygame.Surface, labels: list[str], area: pygame.Rect, s: float) -> None:
        """Yaku names as pastel pills, wrapped into ``area`` (those that do not fit are left out)."""
        size, pad, chip_h, gap = round(17 * s), round(12 * s), round(32 * s), round(8 * s)
        cx, cy = area.x, area.y
        for i, label in enumerate(labels):
            cw = theme.font(size).size(label)[0] + 2 * pad
            if cx + cw > area.right and cx > area.x:
                cx, cy = area.x, cy + chip_h + gap
            if cy + chip_h > area.bottom:
                return
            chip = pygame.Rect(cx, cy, min(cw, area.w), chip_h)
            pygame.draw.rect(surface, theme.lighter(BAR_COLORS[i % len(BAR_COLORS)], 0.25), chip, border_radius=chip_h // 2)
            theme.blit_text(surface, label, size, theme.INK, center=chip.center)
            cx += cw + gap

    def _draw_placements(self, surface: pygame.Surface, s: float) -> None:
        rect = self.placements
        self._title(surface, rect, placements_title(len(self.stats.recent_placements)), s)
        plot = self.plot
        for place in range(1, 5):
            gy = round(plot.y + (place - 1) / 3 * plot.h)
            pygame.draw.line(surface, theme.PANEL_EDGE, (plot.x, gy), (plot.right, gy), max(1, round(2 * s)))
            theme.blit_text(surface, PLACES[place - 1], round(15 * s), PLACE_COLORS[place - 1], midright=(plot.x - round(10 * s), gy))
        hint = round(13 * s)
        theme.blit_text(surface, "older", hint, theme.INK_SOFT, topleft=(plot.x, plot.bottom + round(6 * s)))
        theme.blit_text(surface, "newer", hint, theme.INK_SOFT, topright=(plot.right, plot.bottom + round(6 * s)))
        points = placement_points(self.stats.recent_placements, plot)
        if len(points) > 1:
            pygame.draw.lines(surface, theme.LAVENDER, False, points, max(2, round(4 * s)))
        for (px, py), place in zip(points, self.stats.recent_placements):
            pygame.draw.circle(surface, theme.PANEL, (px, py), max(5, round(8 * s)))
            pygame.draw.circle(surface, PLACE_COLORS[place - 1], (px, py), max(4, round(6 * s)))

    def _draw_rulesets(self, surface: pygame.Surface, s: float) -> None:
        rect = self.rulesets
        y = self._title(surface, rect, "Win rate by ruleset", s)
        rates = list(self.stats.win_rate_by_ruleset.items())
        label_w = round(110 * s)
        x0 = rect.x + round(16 * s) + label_w
        full = rect.right - round(92 * s) - x0  # the track is 100%; the percentage sits after it
        space = rect.bottom - round(16 * s) - y
        row_gap = round(14 * s)
        bar_h = max(round(10 * s), min(round(40 * s), space // max(1, len(rates)) - row_gap))
        y += max(0, (space - len(rates) * (bar_h + row_gap) + row_gap) // 2)
        for i, (name, rate) in enumerate(rates):
            by = y + i * (bar_h + row_gap)
            bar = pygame.Rect(x0, by, max(round(6 * s), round(full * rate)), bar_h)
            track = pygame.Rect(x0, by, full, bar_h)
            pygame.draw.rect(surface, theme.lighter(theme.PANEL_EDGE, 0.4), track, border_radius=bar_h // 2)
            pygame.draw.rect(surface, BAR_COLORS[i % len(BAR_COLORS)], bar, border_radius=bar_h // 2)
            theme.blit_text(surface, name.title(), round(18 * s), theme.INK, midright=(x0 - round(12 * s), bar.centery))
            theme.blit_text(surface, f"{rate * 100:.1f}%", round(18 * s), theme.INK, midleft=(track.right + round(10 * s), bar.centery))


def placements_title(count: int) -> str:
    """The placement chart's title, in the singular for one match.

    >>> placements_title(1), placements_title(20)
    ('Placement, last match', 'Placement, last 20 matches')
    """
    return "Placement, last match" if count == 1 else f"Placement, last {count} matches"
