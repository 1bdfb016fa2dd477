"""Rules and help as a small book: a page list on the left, one page at a time on the right.

The pages come from :func:`mahjong_joy.help_content.pages_for` for the chosen rules;
this module only lays them out and draws them. Layout is a pure step
(:func:`layout_page` returns every text line and tile picture with its rect), so
tests measure exactly what is drawn: nothing may leave the page's panel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from mahjong_joy.i18n import N_, tr
from mahjong_joy.help_content import Page, Paragraph, TileRow, YakuEntry, pages_for
from mahjong_joy.melds import CLOSED_KAN
from mahjong_joy.notation import parse_tiles
from mahjong_joy.rulesets.presets import DEFAULT_PRESET, PRESETS, find_preset
from mahjong_joy.rulesets.rules import Rules
from mahjong_joy.tiles import FLOWER_CODES
from mahjong_joy.ui import theme
from mahjong_joy.ui.game_choice import ruleset_label
from mahjong_joy.ui.scenes.base import Scene, Transition
from mahjong_joy.ui.tiles_art import BACK, depth_of, footprint, tile_height
from mahjong_joy.ui.widgets import Button, focus_step, pressed_button

YAKU_COLUMNS, YAKU_ROWS = 2, 4
FLOWERS = "flowers"  # the pseudo-meld of an example's flowers: upright tiles, none turned


@dataclass(frozen=True)
class Item:
    """One thing drawn on a page: a line of text (``text``, ``size``, ``color``) or a
    tile (``tile`` and ``rotation``), at ``rect``."""

    rect: pygame.Rect
    text: str = ""
    size: int = 0
    color: theme.Color = theme.INK
    tile: int | None = None
    width: int = 0
    rotation: int = 0


def _lines(text: str, size: int, color: theme.Color, x: int, y: int, width: int) -> tuple[list[Item], int]:
    """Wrapped text from (x, y); returns its items and the y below it."""
    out, step = [], int(size * 1.3)
    for line in theme.wrap(text, size, width):
        w, h = theme.font(size).size(line)
        out.append(Item(pygame.Rect(x, y, w, h), line, size, color))
        y += step
    return out, y


def _tile_run(groups: tuple[tuple[int, ...], ...], x: int, y: int, width: int, gap: int) -> tuple[list[Item], int]:
    """Tiles in groups with a gap between groups; returns the items and the x after them."""
    out = []
    for group in groups:
        for tile in group:
            out.append(Item(pygame.Rect(x, y, width, tile_height(width) + depth_of(width)), tile=tile, width=width))
            x += width + 1
        x += gap
    return out, x - gap


def _row_items(row: TileRow, box: pygame.Rect, body: int) -> tuple[list[Item], int]:
    """A labelled tile row: the label and note on the left, the tiles to their right."""
    label_w = box.w * 32 // 100
    head, y1 = _lines(row.label, body + 1, theme.ROSE_DEEP, box.x, box.y, label_w)
    note, y2 = _lines(row.note, max(11, body - 3), theme.INK_SOFT, box.x, y1, label_w)
    count = sum(len(g) for g in row.groups)
    gap = body // 2 if len(row.groups) > 1 and any(len(g) > 1 for g in row.groups) else 2
    room = box.w - label_w - body
    width = max(10, min(int(body * 2.2), (room - gap * (len(row.groups) - 1)) // count - 1))
    tiles, _ = _tile_run(row.groups, box.x + label_w + body, box.y, width, gap)
    return head + note + tiles, max(y2, box.y + tile_height(width) + width // 6) + body // 2


MELD_KINDS = {"concealed_kong": CLOSED_KAN}  # an MCR example's meld type as the table's meld shape names it


def example_groups(example: dict[str, Any]) -> tuple[tuple[int, ...], tuple[int, ...], list[tuple[str, tuple[int, ...]]]]:
    """(concealed tiles without the winning one, the winning tile, melds) of a yaku or fan
    example; an MCR example's flowers (a count) follow as one more group of flower tiles."""
    hand = parse_tiles(example["hand"])
    (win,) = parse_tiles(example["win_tile"])
    hand.remove(win)
    melds = [(MELD_KINDS.get(m["type"], m["type"]), tuple(parse_tiles(m["tiles"]))) for m in example.get("melds", [])]
    flowers = example.get("flowers", 0)
    if flowers:
        melds.append((FLOWERS, FLOWER_CODES[:flowers]))
    return tuple(sorted(hand)), (win,), melds


def _yaku_items(entry: YakuEntry, box: pygame.Rect, body: int) -> list[Item]:
    """A yaku: its name, romaji and han, then its example hand (winning tile apart, melds after)."""
    name, y = _lines(entry.name, body + 1, theme.INK, box.x, box.y, box.w)
    sub, y = _lines(tr("{romaji} · {han}", romaji=entry.romaji, han=entry.han) if entry.romaji else entry.han, max(11, body - 4), theme.ROSE_DEEP, box.x, y, box.w)
    what, y = _lines(entry.what, max(11, body - 3), theme.INK_SOFT, box.x, y, box.w)
    concealed, win, melds = example_groups(entry.example)
    count = len(concealed) + 1 + sum(len(t) for _, t in melds)
    gaps = 1 + len(melds)
    sideways = sum(1 for kind, _ in melds if kind not in (CLOSED_KAN, FLOWERS))
    gap = max(4, body // 3)
    room = box.w - gaps * gap
    tall = box.bottom - y - body // 2  # the tiles take what the box has left below the words
    width = max(9, min(int(body * 1.7), int(tall * 3 / 4) - depth_of(body), int(room / (count + sideways * 0.34)) - 1))
    items = name + sub + what
    tiles, x = _tile_run((concealed, win), box.x, y + 2, width, gap)
    items += tiles
    for kind, meld in melds:
        x += gap
        for i, tile in enumerate(meld):
            shown = BACK if kind == CLOSED_KAN and i in (0, 3) else tile
            lying = i == 0 and kind not in (CLOSED_KAN, FLOWERS)
            w, h = footprint(width, 90 if lying else 0)
            items.append(Item(pygame.Rect(x, y + 2 + tile_height(width) - h, w, h + depth_of(width)), tile=shown, width=width,
                              rotation=90 if lying else 0))
            x += w + 1
    return items


def layout_page(page: Page, panel: pygame.Rect, body: int) -> list[Item]:
    """Every line and tile of ``page`` inside ``panel`` at body text size ``body``."""
    pad = max(10, body)
    inner = panel.inflate(-2 * pad, -2 * pad)
    entries = [b for b in page.blocks if isinstance(b, YakuEntry)]
    if entries:
        return _yaku_grid(entries, inner, body)
    items: list[Item] = []
    y = inner.y
    for block in page.blocks:
        if isinstance(block, Paragraph):
            lines, y = _lines(block.text, body, theme.INK, inner.x, y, inner.w)
            items += lines
            y += body // 2
        elif isinstance(block, TileRow):
            row, y = _row_items(block, pygame.Rect(inner.x, y, inner.w, 0), body)
            items += row
    return items


def _yaku_grid(entries: list[YakuEntry], inner: pygame.Rect, body: int) -> list[Item]:
    col_w = (inner.w - body) // YAKU_COLUMNS
    row_h = inner.h // YAKU_ROWS
    items: list[Item] = []
    for i, entry in enumerate(entries):
        col, row = i % YAKU_COLUMNS, i // YAKU_COLUMNS
        box = pygame.Rect(inner.x + col * (col_w + body), inner.y + row * row_h, col_w, row_h)
        items += _yaku_items(entry, box, body)
    return items


def fits(items: list[Item], panel: pygame.Rect) -> bool:
    """Whether every item lies inside ``panel`` (tiles with their thickness)."""
    return all(panel.contains(item.rect) for item in items)


class HelpBookScene(Scene):
    """The book for one ruleset; ``offer_tutorial`` adds "Play the guided first hand" (from Home)."""

    def __init__(self, app: Any, preset: str | None = None, offer_tutorial: bool = False, rules: Rules | None = None) -> None:
        """``rules``: the match in play's own rules (from the in-game menu); else ``preset``'s,
        else the last ruleset chosen on Home."""
        super().__init__(app)
        preset = rules.name if rules is not None else preset or getattr(getattr(app, "settings", None), "ruleset", DEFAULT_PRESET)
        self.preset = preset if preset in PRESETS else DEFAULT_PRESET
        self.rules: Rules = rules if rules is not None else find_preset(self.preset)
        self.pages = pages_for(self.rules)
        self.index = 0
        self.bar_focus: str | None = None  # the bottom button holding the keyboard focus (None: the page list)
        self.offer_tutorial = offer_tutorial
        self.buttons: list[Button] = []
        self.page_buttons: list[Button] = []
        self.panel = pygame.Rect(0, 0, 1, 1)
        self._items: list[Item] | None = None

    # -- layout ----------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale
        w, h = size
        self.pages, self._items = pages_for(self.rules), None  # the words of the language spoken now
        margin, bh = int(24 * s), int(48 * s)
        side_w = int(230 * s)
        top, bottom = int(86 * s), h - int(76 * s)
        self.panel = pygame.Rect(margin + side_w + int(14 * s), top, w - 2 * margin - side_w - int(14 * s), bottom - top)
        row_h = min(int(36 * s), (bottom - top) // len(self.pages))
        self.page_buttons = [Button(p.title, f"page{i}", pygame.Rect(margin, top + i * row_h, side_w, row_h - int(4 * s)))
                             for i, p in enumerate(self.pages)]
        y = h - int(64 * s)
        bw = int(150 * s)
        self.buttons = [
            Button(N_("< Previous"), "prev", pygame.Rect(self.panel.x, y, bw, bh), pygame.K_LEFT, hint="Left"),
            Button(N_("Next >"), "next", pygame.Rect(self.panel.x + bw + int(12 * s), y, bw, bh), pygame.K_RIGHT, hint="Right"),
            Button(N_("Back"), "back", pygame.Rect(self.panel.right - bw, y, bw, bh), pygame.K_ESCAPE, primary=True, hint="Esc"),
        ]
        if self.offer_tutorial:
            x = self.panel.x + 2 * (bw + int(12 * s))
            self.buttons.append(Button(N_("Play the guided first hand"), "tutorial",
                                       pygame.Rect(x, y, self.panel.right - bw - int(12 * s) - x, bh), pygame.K_g, hint="G"))
        self._mark()

    def layout_rects(self) -> dict[str, pygame.Rect]:
        rects = {b.action: b.rect for b in self.buttons + self.page_buttons}
        rects["page"] = self.panel
        return rects

    def page_items(self) -> list[Item]:
        """The current page laid out: the body type shrinks until it all fits the panel."""
        if self._items is None:
            page = self.pages[self.index]
            body = max(12, int(19 * self.scale))
            items = layout_page(page, self.panel, body)
            while body > 11 and not fits(items, self.panel):
                body -= 1
                items = layout_page(page, self.panel, body)
            self._items = items
        return self._items

    def _mark(self) -> None:
        bar = self.bar_focus
        for i, b in enumerate(self.page_buttons):
            b.focused = i == self.index and bar is None
        self.buttons[0].enabled = self.index > 0
        self.buttons[1].enabled = self.index < len(self.pages) - 1
        for b in self.buttons:
            b.focused = b.action == bar and b.enabled
        self._items = None

    # -- input -----------------------------------------------------------------------
    def turn_to(self, index: int) -> None:
        """Open page ``index`` (clamped to the book)."""
        self.index = max(0, min(len(self.pages) - 1, index))
        self._mark()

    def handle(self, event: pygame.event.Event) -> None:
        if self._focus_key(event):
            return
        hit = pressed_button(self.buttons + self.page_buttons, event)
        bar = self.bar_focus
        if hit is None and event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            hit = next((b for b in self.buttons if b.action == bar and b.enabled), None)
            hit = hit or (self.buttons[1] if self.index < len(self.pages) - 1 else self.buttons[2])
        if hit is not None:
            self.choose(hit.action)

    def _focus_key(self, event: pygame.event.Event) -> bool:
        """Tab / Shift-Tab move the focus from the page list (the open page) along the bottom
        buttons and back; Up/Down open the page above or below, the focus on the list."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.bar_focus = None
            self.turn_to(self.index + (1 if event.key == pygame.K_DOWN else -1))
            return True
        step = focus_step(event, arrows=False)
        if not step:
            return False
        order = [None, *(b.action for b in self.buttons if b.enabled)]
        bar = self.bar_focus
        self.bar_focus = order[(order.index(bar) + step) % len(order) if bar in order else 0]
        self._mark()
        return True

    def choose(self, action: str) -> None:
        """Carry out a button of the book."""
        if action.startswith("page"):
            self.turn_to(int(action[4:]))
        elif action in ("prev", "next"):
            self.turn_to(self.index + (1 if action == "next" else -1))
        elif action == "back":
            self.next = Transition("pop")
        elif action == "tutorial":
            self.next = Transition("replace", "tutorial", {})

    # -- drawing ---------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        surface.fill(theme.BACKGROUND)
        side = self.page_buttons[0].rect
        theme.blit_fit(surface, tr("Rules and help"), int(30 * s), theme.INK, side.w, midleft=(side.x, int(34 * s)))
        theme.blit_fit(surface, ruleset_label(self.preset, "title"), int(17 * s), theme.ROSE_DEEP, side.w,
                       midleft=(side.x, int(64 * s)))
        page = self.pages[self.index]
        theme.blit_fit(surface, page.title, int(34 * s), theme.INK, self.panel.w - int(120 * s),
                       midleft=(self.panel.x + int(8 * s), int(46 * s)))
        theme.blit_text(surface, tr("page {number} of {count}", number=self.index + 1, count=len(self.pages)), int(16 * s)
, theme.INK_SOFT,
                        midright=(self.panel.right - int(8 * s), int(50 * s)))
        theme.panel(surface, self.panel, theme.PANEL, int(18 * s))
        for item in self.page_items():
            if item.tile is None:
                theme.blit_text(surface, item.text, item.size, item.color, topleft=item.rect.topleft)
            else:
                surface.blit(self.app.art.image(item.tile, item.width, item.rotation), item.rect.topleft)
        for b in self.page_buttons:
            b.draw(surface, s * 0.62)
        for b in self.buttons:
            b.draw(surface, s)
