"""Stats: the player's figures for every match or one ruleset, recent placements as a line,
and win rate by ruleset (All) or the placement counts (one ruleset) as bars.

The scene reads the history itself on enter (a corrupt file is set aside by
:meth:`History.open`, and its notice shown here), so Home only pushes it. Tabs
along the top choose the ruleset (click, or Left/Right); a riichi ruleset adds
its riichi rate and average game points to the figures.
"""

from __future__ import annotations

from pathlib import Path
from collections.abc import Callable
from typing import Any

import pygame

from mahjong_joy.i18n import N_, ntr, tr
from mahjong_joy.app.archive import player_stats
from mahjong_joy.errors import StorageUnavailableError
from mahjong_joy.names import limit_name, ruleset_title
from mahjong_joy.rulesets.presets import PRESETS
from mahjong_joy.storage.history import History
from mahjong_joy.storage.stats import Figures, Stats, has_riichi, pays_game_points, ruleset_order, scores_fan, yaku_label
from mahjong_joy.ui import theme
from mahjong_joy.ui.scenes.base import Scene, Transition
from mahjong_joy.ui.widgets import Button, ensure_focus, focus_on, hotkey_button, keyboard_focus, pointer_hit

PLACES = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))
PLACE_COLORS = (theme.ROSE_DEEP, theme.SKY_DEEP, theme.MINT_DEEP, theme.LAVENDER_DEEP)
BAR_COLORS = (theme.ROSE, theme.SKY, theme.BUTTER, theme.LAVENDER, theme.PEACH)
MAX_TABS = 6  # All, the presets, and a couple of rulesets the game no longer ships
TAB_CHARS = 16


def _pct(rate: float | None) -> str:
    return "-" if rate is None else f"{rate * 100:.1f}%"


def figures(stats: Figures) -> list[tuple[str, str]]:
    """The headline figures as (label, value) pairs, "-" where there is nothing to show; a riichi
    ruleset adds its riichi rate, one that pays uma its average game points."""
    out = [
        (tr("Matches played"), f"{stats.matches}"),
        (tr("Average placement"), "-" if stats.average_placement is None else f"{stats.average_placement:.2f}"),
        (tr("Win rate"), _pct(stats.win_rate)),
        (tr("Deal-in rate"), _pct(stats.deal_in_rate)),
        (tr("Points per win"), "-" if stats.average_win_points is None else f"{stats.average_win_points:,.0f}"),
        (tr("Hands played"), f"{stats.hands}"),
    ]
    if has_riichi(stats.ruleset):
        out.append((tr("Riichi rate"), _pct(stats.riichi_rate)))
    if scores_fan(stats.ruleset):
        out.append((tr("Average fan a win"), "-" if stats.average_fan is None else f"{stats.average_fan:.1f}"))
    if pays_game_points(stats.ruleset):
        label = tr("Average table points") if scores_fan(stats.ruleset) else tr("Average game points")  # MCR: 4, 2, 1, 0 by place
        out.append((label, "-" if stats.average_game_points is None else f"{stats.average_game_points:+.1f}"))
    return out


def tab_names(stats: Stats) -> list[str]:
    """The tabs: All (``""``), every preset, then other recorded rulesets, as many as fit."""
    names = sorted((set(PRESETS) | set(stats.by_ruleset)) - {""}, key=ruleset_order)
    return [""] + names[:MAX_TABS - 1]


def tab_label(name: str) -> str:
    """A tab's text: a long recorded ruleset name is cut (a history may hold any 64 characters)."""
    title = ruleset_title(name)
    return title if len(title) <= TAB_CHARS else title[:TAB_CHARS - 1] + "…"


def placement_points(placements: tuple[int, ...], rect: pygame.Rect) -> list[tuple[int, int]]:
    """Screen points of the placement line: oldest on the left, 1st at the top."""
    n = len(placements)
    step = rect.w / (n - 1) if n > 1 else 0
    return [(round(rect.x + (i * step if n > 1 else rect.w / 2)), round(rect.y + (p - 1) / 3 * rect.h))
            for i, p in enumerate(placements)]


class StatsScene(Scene):
    """Ruleset tabs on top, figures on the left, the two charts on the right; Esc or Back returns."""

    def __init__(self, app: Any, path: str | Path | None = None) -> None:
        super().__init__(app)
        self.path = path  # the history file (default: the data folder's)
        self.stats = Stats()
        self.choice = ""  # the ruleset shown; "" is every match
        self.notice: str | None = None
        self.buttons: list[Button] = []
        self.tabs: list[Button] = []
        self.cards: list[pygame.Rect] = []
        self.best = self.placements = self.bars = self.plot = self.empty = pygame.Rect(0, 0, 1, 1)

    @property
    def shown(self) -> Figures:
        """The figures of the chosen tab (a preset not played yet has empty ones)."""
        if not self.choice:
            return self.stats
        return self.stats.by_ruleset.get(self.choice) or Figures(ruleset=self.choice)

    def enter(self, context: Any = None) -> None:
        """Read the history; one in use by another program shows empty figures and says so."""
        try:
            with History.open(self.path) as history:
                self.stats = player_stats(history)
                self.notice = history.message()
        except StorageUnavailableError as exc:
            self.stats, self.notice = Stats(), str(exc)
        self._layout_tabs()

    def choose(self, ruleset: str) -> None:
        """Show one ruleset's figures (``""``: every match); the layout follows its number of figures."""
        self.choice = ruleset
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale
        w, h = size
        margin, gap = round(40 * s), round(14 * s)
        top = round(150 * s)
        bw, bh = round(220 * s), round(54 * s)
        back_y = h - round(24 * s) - bh
        self.buttons = [Button(N_("Back"), "back", pygame.Rect((w - bw) // 2, back_y, bw, bh), pygame.K_b, primary=True)]
        self._layout_tabs()
        bottom = back_y - round(22 * s)
        left_w = round((w - 3 * margin) * 0.47)
        count = len(figures(self.shown))
        rows = (count + 1) // 2
        card_w, card_h = (left_w - gap) // 2, round((88 if rows <= 3 else 70) * s)
        self.cards = [pygame.Rect(margin + (i % 2) * (card_w + gap), top + (i // 2) * (card_h + gap), card_w, card_h)
                      for i in range(count)]
        best_y = top + rows * (card_h + gap)
        self.best = pygame.Rect(margin, best_y, left_w, bottom - best_y)
        right_x = margin * 2 + left_w
        right = pygame.Rect(right_x, top, w - margin - right_x, bottom - top)
        chart_h = round((right.h - gap) * 0.56)
        self.placements = pygame.Rect(right.x, right.y, right.w, chart_h)
        self.bars = pygame.Rect(right.x, right.y + chart_h + gap, right.w, right.h - chart_h - gap)
        head, label_w = round(50 * s), round(68 * s)  # the card's heading; the 1st..4th labels
        self.plot = pygame.Rect(right.x + label_w, right.y + head, right.w - label_w - round(28 * s), chart_h - head - round(34 * s))
        self.empty = pygame.Rect(0, 0, round(620 * s), round(150 * s))
        self.empty.center = (w // 2, (top + bottom) // 2)
        ensure_focus(self.focusables(), self.buttons[0])

    def focusables(self) -> list[Button]:
        """What Tab moves over: the ruleset tabs (when there are any), then Back."""
        return ([] if self.stats.is_empty else self.tabs) + self.buttons

    def _layout_tabs(self) -> None:
        """One tab per ruleset, centred under the title; the chosen one is the primary button."""
        s = self.scale
        w, _ = self.app.size
        names = tab_names(self.stats)
        gap, th = round(10 * s), round(40 * s)
        widths = [theme.font(round(18 * s)).size(tab_label(n))[0] + round(44 * s) for n in names]
        while len(names) > 1 + len(PRESETS) and sum(widths) + gap * (len(names) - 1) > w - round(80 * s):
            names, widths = names[:-1], widths[:-1]  # recorded names the game does not ship give way first
        x = (w - sum(widths) - gap * (len(names) - 1)) // 2
        self.tabs = []
        for name, tw in zip(names, widths):
            self.tabs.append(Button(tab_label(name), f"tab:{name}", pygame.Rect(x, round(80 * s), tw, th), primary=name == self.choice))
            x += tw + gap

    def layout_rects(self) -> dict[str, pygame.Rect]:
        rects = {b.action: b.rect for b in self.buttons}
        if self.stats.is_empty:
            return rects | {"empty": self.empty}
        rects |= {b.action: b.rect for b in self.tabs}
        if self.shown.is_empty:
            return rects | {"empty": self.empty}
        rects |= {f"figure{i}": r for i, r in enumerate(self.cards)}
        return rects | {"best": self.best, "placements": self.placements, "rulesets" if not self.choice else "counts": self.bars}

    def handle(self, event: pygame.event.Event) -> None:
        used, pressed = keyboard_focus(self.focusables(), event, arrows=False)
        if used:
            if pressed is not None:
                self.press(pressed.action)
                focus_on(self.focusables(), pressed.action)  # a tab chosen keeps the focus on its new self
            return
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
            return
        hit = pointer_hit(self.buttons + ([] if self.stats.is_empty else self.tabs), event)
        if hit is not None:
            self.press(hit.action)

    def _key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            self.press("back")
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and not self.stats.is_empty:
            self.step_tab(1 if key == pygame.K_RIGHT else -1)
        elif (hit := hotkey_button(self.buttons, key)) is not None:
            self.press(hit.action)

    def press(self, action: str) -> None:
        """Back, or a ruleset tab (``tab:<name>``)."""
        if action == "back":
            self.next = Transition("pop")
        elif action.startswith("tab:"):
            self.choose(action.removeprefix("tab:"))

    def step_tab(self, by: int) -> None:
        """The next (``by`` 1) or previous tab, wrapping around."""
        names = [tab.action[4:] for tab in self.tabs]
        index = names.index(self.choice) if self.choice in names else 0
        self.choose(names[(index + by) % len(names)])

    # -- drawing -----------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        w, _ = surface.get_size()
        surface.fill(theme.BACKGROUND)
        theme.blit_text(surface, tr("Your statistics"), round(42 * s), theme.INK, center=(w // 2, round(42 * s)))
        if self.notice:
            line = theme.wrap(self.notice, round(15 * s), w - round(80 * s))[0]
            theme.blit_text(surface, line, round(15 * s), theme.ROSE_DEEP, center=(w // 2, round(134 * s)))
        if self.stats.is_empty:
            self._draw_empty(surface, s)
        else:
            for tab in self.tabs:
                tab.draw(surface, s)
            shown = self.shown
            if shown.is_empty:
                self._draw_empty(surface, s, tr("No {ruleset} matches yet", ruleset=ruleset_title(shown.ruleset)))
            else:
                for rect, (label, value) in zip(self.cards, figures(shown)):
                    self._figure(surface, rect, label, value, s)
                self._draw_best(surface, s)
                self._draw_placements(surface, s)
                if self.choice:
                    self._draw_counts(surface, s)
                else:
                    self._draw_rulesets(surface, s)
        for b in self.buttons:
            b.draw(surface, s)

    def _draw_empty(self, surface: pygame.Surface, s: float, title: str = N_("No matches yet")) -> None:
        theme.panel(surface, self.empty, theme.PANEL, round(18 * s))
        theme.blit_text(surface, tr(title), round(30 * s), theme.INK, center=(self.empty.centerx, self.empty.centery - round(20 * s)))
        theme.blit_text(surface, tr("Finish a match and your statistics appear here."), round(18 * s), theme.INK_SOFT,
                        center=(self.empty.centerx, self.empty.centery + round(24 * s)))

    def _figure(self, surface: pygame.Surface, rect: pygame.Rect, label: str, value: str, s: float) -> None:
        theme.panel(surface, rect, theme.PANEL, round(14 * s))
        tight = rect.h < round(80 * s)  # eight figures: shorter cards, a smaller value
        theme.blit_text(surface, label, round(16 * s), theme.INK_SOFT, topleft=(rect.x + round(16 * s), rect.y + round((8 if tight else 12) * s)))
        theme.blit_text(surface, value, round((28 if tight else 32) * s), theme.INK, bottomleft=(rect.x + round(16 * s), rect.bottom - round(6 * s)))

    def _title(self, surface: pygame.Surface, rect: pygame.Rect, title: str, s: float) -> int:
        """A card with a small heading; returns the y where its content starts."""
        theme.panel(surface, rect, theme.PANEL, round(16 * s))
        r = theme.blit_text(surface, title, round(17 * s), theme.INK_SOFT, topleft=(rect.x + round(16 * s), rect.y + round(10 * s)))
        return r.bottom + round(8 * s)

    def _draw_best(self, surface: pygame.Surface, s: float) -> None:
        rect, best = self.best, self.shown.best_hand
        y = self._title(surface, rect, tr("Best hand"), s)
        x = rect.x + round(16 * s)
        if best is None:
            theme.blit_text(surface, tr("No wins yet: your best hand shows here."), round(20 * s), theme.INK, topleft=(x, y + round(8 * s)))
            return
        r = theme.blit_text(surface, f"{best.points:,}", round(44 * s), theme.ROSE_DEEP, topleft=(x, y))
        unit = theme.blit_text(surface, tr("points"), round(20 * s), theme.ROSE_DEEP, bottomleft=(r.right + round(8 * s), r.bottom - round(9 * s)))
        value = tr("{han} han {fu} fu", han=best.han, fu=best.fu)
        if best.limit:
            value = tr("{value}, {limit}", value=value, limit=limit_name(best.limit))
        theme.blit_text(surface, value, round(20 * s), theme.INK, bottomleft=(unit.right + round(18 * s), unit.bottom))
        bottom = rect.bottom - round(14 * s)
        when = theme.blit_fit(surface, tr("{date}  ·  hand {label}  ·  {ruleset}", date=best.played_at[:10], label=best.label, ruleset=ruleset_title(best.ruleset)),
                              round(15 * s), theme.INK_SOFT, rect.w - round(32 * s), bottomleft=(x, bottom))
        self._chips(surface, [yaku_label(name) for name in best.yaku],
                    pygame.Rect(x, r.bottom + round(10 * s), rect.w - round(32 * s), when.y - r.bottom - round(18 * s)), s)

    def _chips(self, surface: pygame.Surface, labels: list[str], area: pygame.Rect, s: float) -> None:
        """Yaku names as pastel pills, wrapped into ``area``; those that do not fit are
        counted on a last "+N" pill (play test: a chip was dropped without a word)."""
        size, pad, chip_h, gap = round(17 * s), round(12 * s), round(32 * s), round(8 * s)
        font = theme.font(size)
        placed = chip_places(labels, lambda label: font.size(label)[0] + 2 * pad, area, chip_h, gap)
        for i, (label, chip) in enumerate(placed):
            pygame.draw.rect(surface, theme.lighter(BAR_COLORS[i % len(BAR_COLORS)], 0.25), chip, border_radius=chip_h // 2)
            theme.blit_text(surface, label, size, theme.INK, center=chip.center)

    def _draw_placements(self, surface: pygame.Surface, s: float) -> None:
        rect, recent = self.placements, self.shown.recent_placements
        self._title(surface, rect, placements_title(len(recent)), s)
        plot = self.plot
        for place in range(1, 5):
            gy = round(plot.y + (place - 1) / 3 * plot.h)
            pygame.draw.line(surface, theme.PANEL_EDGE, (plot.x, gy), (plot.right, gy), max(1, round(2 * s)))
            theme.blit_text(surface, tr(PLACES[place - 1]), round(15 * s), PLACE_COLORS[place - 1], midright=(plot.x - round(10 * s), gy))
        hint = round(13 * s)
        theme.blit_text(surface, tr("older"), hint, theme.INK_SOFT, topleft=(plot.x, plot.bottom + round(6 * s)))
        theme.blit_text(surface, tr("newer"), hint, theme.INK_SOFT, topright=(plot.right, plot.bottom + round(6 * s)))
        points = placement_points(recent, plot)
        if len(points) > 1:
            pygame.draw.lines(surface, theme.LAVENDER, False, points, max(2, round(4 * s)))
        for (px, py), place in zip(points, recent):
            pygame.draw.circle(surface, theme.PANEL, (px, py), max(5, round(8 * s)))
            pygame.draw.circle(surface, PLACE_COLORS[place - 1], (px, py), max(4, round(6 * s)))

    def _draw_rulesets(self, surface: pygame.Surface, s: float) -> None:
        rows = [(ruleset_title(name), rate, f"{rate * 100:.1f}%", BAR_COLORS[i % len(BAR_COLORS)])
                for i, (name, rate) in enumerate(self.stats.win_rate_by_ruleset.items())]
        self._draw_bars(surface, tr("Win rate by ruleset"), rows, s)

    def _draw_counts(self, surface: pygame.Surface, s: float) -> None:
        counts = self.shown.placements
        total = sum(counts)
        rows = [(tr(PLACES[i]), n / total if total else 0.0, f"{n}", theme.lighter(PLACE_COLORS[i], 0.35)) for i, n in enumerate(counts)]
        self._draw_bars(surface, ntr("Placements, {count} finished match", "Placements, {count} finished matches", total), rows, s)

    def _draw_bars(self, surface: pygame.Surface, title: str, rows: list[tuple[str, float, str, tuple[int, int, int]]], s: float) -> None:
        """Horizontal bars on a 100% track: a label before each, its figure after."""
        rect = self.bars
        y = self._title(surface, rect, title, s)
        label_w = max([round(60 * s)] + [theme.font(round(18 * s)).size(label)[0] + round(14 * s) for label, *_ in rows])
        x0 = rect.x + round(16 * s) + label_w
        full = rect.right - round(92 * s) - x0  # the track is 100%; the figure sits after it
        space = rect.bottom - round(16 * s) - y
        row_gap = round(12 * s)
        bar_h = max(round(10 * s), min(round(40 * s), space // max(1, len(rows)) - row_gap))
        y += max(0, (space - len(rows) * (bar_h + row_gap) + row_gap) // 2)
        for i, (label, fraction, figure, color) in enumerate(rows):
            by = y + i * (bar_h + row_gap)
            bar = pygame.Rect(x0, by, max(round(6 * s), round(full * fraction)), bar_h)
            track = pygame.Rect(x0, by, full, bar_h)
            pygame.draw.rect(surface, theme.lighter(theme.PANEL_EDGE, 0.4), track, border_radius=bar_h // 2)
            if fraction > 0:  # nothing at all reads as none, not as a sliver
                pygame.draw.rect(surface, color, bar, border_radius=bar_h // 2)
            theme.blit_text(surface, label, round(18 * s), theme.INK, midright=(x0 - round(12 * s), bar.centery))
            theme.blit_text(surface, figure, round(18 * s), theme.INK, midleft=(track.right + round(10 * s), bar.centery))


def placements_title(count: int) -> str:
    """The placement chart's title, in the singular for one match; none yet when only
    unfinished matches (or a branch left unfinished, whose hands still count) are kept.

    >>> placements_title(1), placements_title(20), placements_title(0)
    ('Placement, last match', 'Placement, last 20 matches', 'Placement: no finished match yet')
    """
    if count == 0:
        return tr("Placement: no finished match yet")
    return ntr("Placement, last match", "Placement, last {count} matches", count)



def chip_places(labels: list[str], width_of: Callable[[str], int], area: pygame.Rect, chip_h: int, gap: int) -> list[tuple[str, pygame.Rect]]:
    """Where each pill goes, wrapping rows inside ``area``. When some do not fit, the last
    pill reads "+N" for the N left out, so no yaku disappears without a word.

    >>> [label for label, _ in chip_places(["a", "b", "c", "d"], lambda t: 40, pygame.Rect(0, 0, 100, 30), 30, 5)]
    ['a', '+3']
    """
    for shown in range(len(labels), -1, -1):
        wanted = labels[:shown] + ([f"+{len(labels) - shown}"] if shown < len(labels) else [])
        places = _wrapped(wanted, width_of, area, chip_h, gap)
        if places is not None:
            return places
    return []


def _wrapped(labels: list[str], width_of: Callable[[str], int], area: pygame.Rect, chip_h: int, gap: int) -> list[tuple[str, pygame.Rect]] | None:
    """Every label placed row by row inside ``area``, or ``None`` when they do not all fit."""
    out: list[tuple[str, pygame.Rect]] = []
    cx, cy = area.x, area.y
    for label in labels:
        cw = width_of(label)
        if cx + cw > area.right and cx > area.x:
            cx, cy = area.x, cy + chip_h + gap
        if cy + chip_h > area.bottom:
            return None
        out.append((label, pygame.Rect(cx, cy, min(cw, area.w), chip_h)))
        cx += cw + gap
    return out
