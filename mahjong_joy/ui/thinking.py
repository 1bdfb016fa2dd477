""""Show AI thinking": a small speech bubble by each AI seat with its last reason.

The controller keeps a plain-words reason beside every AI decision (issue 13,
``Controller.reasons``); with the setting on, the table shows each opponent's newest
one by its hand for a few seconds, then lets it fade. Timers run on frame time (dt).
With the setting off nothing is kept or drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from mahjong_joy.ui import theme
from mahjong_joy.ui.layout import TableLayout, clear_of
from mahjong_joy.ui.tiles_art import depth_of, tile_height

HOLD_SECONDS = 4.0  # long enough to read a line or two
FADE_SECONDS = 1.0
MAX_LINES = 3


@dataclass
class Bubble:
    """One seat's thought: which decision it explains, its words and its age."""

    number: int
    text: str
    age: float = 0.0

    @property
    def alpha(self) -> float:
        """Opacity 0..1: full while held, then fading out."""
        if self.age <= HOLD_SECONDS:
            return 1.0
        return max(0.0, 1 - (self.age - HOLD_SECONDS) / FADE_SECONDS)


def bubble_anchor(layout: TableLayout, rel: int) -> tuple[str, tuple[int, int]]:
    """Where an opponent's bubble goes, as a rect anchor and point: beside the seat's
    hand on the felt's free side, clear of the river and of the action buttons."""
    s = layout.scale
    band = tile_height(layout.opp_w) + depth_of(layout.opp_w)
    gap = round(12 * s)
    if rel == 1:  # right: left of its hand, level with the centre's top edge
        x = layout.lines[1].origin[0] - gap
        return "topright", (round(x), layout.center.top - round(40 * s))
    if rel == 3:  # left: right of its hand
        x = layout.lines[3].origin[0] + band + gap
        return "topleft", (round(x), layout.center.top - round(40 * s))
    x, y = layout.lines[2].origin  # across: under its hand, which starts at the line's right end
    return "topright", (round(x), round(y) + band + gap)


class ThinkingBubbles:
    """The opponents' bubbles; :meth:`note` takes the session's newest reasons."""

    def __init__(self) -> None:
        self.bubbles: dict[int, Bubble] = {}  # seat -> its bubble
        self._images: dict[tuple[str, int, int], pygame.Surface] = {}

    def note(self, reasons: tuple[tuple[int, str] | None, ...], me: int) -> None:
        """Start a bubble for every seat whose newest reason is new (not the player's)."""
        for seat, found in enumerate(reasons):
            if found is None or seat == me:
                continue
            number, text = found
            shown = self.bubbles.get(seat)
            if shown is None or shown.number != number:
                self.bubbles[seat] = Bubble(number, text)

    def clear(self) -> None:
        self.bubbles.clear()

    def texts(self) -> dict[int, str]:
        """Seat -> the words showing now (what tests read)."""
        return {seat: b.text for seat, b in self.bubbles.items() if b.alpha > 0}

    def update(self, dt: float) -> None:
        for bubble in self.bubbles.values():
            bubble.age += dt
        self.bubbles = {seat: b for seat, b in self.bubbles.items() if b.alpha > 0}

    def draw(self, surface: pygame.Surface, layout: TableLayout, me: int, avoid: pygame.Rect | None = None) -> None:
        """Each opponent's bubble by its seat; one that would sit under ``avoid`` (the top
        notice, drawn later) moves down below it (play test: the notice hid the bubble)."""
        for seat, bubble in self.bubbles.items():
            rel = (seat - me) % 4
            if rel == 0:
                continue
            key = (bubble.text, round(layout.scale * 100), rel)
            if key not in self._images:
                if len(self._images) > 32:
                    self._images.clear()
                self._images[key] = bubble_image(bubble.text, layout.scale, rel)
            image = self._images[key]
            image.set_alpha(round(255 * bubble.alpha))
            corner, point = bubble_anchor(layout, rel)
            surface.blit(image, clear_of(image.get_rect(**{corner: point}), avoid, surface.get_rect(), round(6 * layout.scale), above=False))


def bubble_image(text: str, scale: float, rel: int) -> pygame.Surface:
    """A cream speech bubble with the reason in up to three lines and a small tail
    pointing at the seat (right, up or left)."""
    size, width = round(14 * scale), round(250 * scale)
    lines = theme.wrap(text, size, width)
    if len(lines) > MAX_LINES:
        lines = lines[: MAX_LINES - 1] + [_cut(" ".join(lines[MAX_LINES - 1 :]), size, width)]
    images = [theme.text(line, size, theme.INK) for line in lines]
    pad, tail = round(9 * scale), round(10 * scale)
    w = max(i.get_width() for i in images) + 2 * pad
    h = sum(i.get_height() for i in images) + 2 * pad
    surface = pygame.Surface((w + 2 * tail, h + 2 * tail), pygame.SRCALPHA)
    body = pygame.Rect(tail, tail, w, h)
    radius = round(10 * scale)
    tip = {1: [(body.right - 2, body.y + radius), (body.right + tail, body.y + radius + tail // 2), (body.right - 2, body.y + radius + tail)],
           3: [(body.x + 2, body.y + radius), (body.x - tail, body.y + radius + tail // 2), (body.x + 2, body.y + radius + tail)],
           2: [(body.right - radius - tail, body.y + 2), (body.right - radius - tail // 2, body.y - tail), (body.right - radius, body.y + 2)]}[rel]
    edge = theme.LAVENDER_DEEP
    pygame.draw.rect(surface, (*theme.PANEL, 245), body, border_radius=radius)
    pygame.draw.rect(surface, (*theme.lighter(edge, 0.3), 255), body, width=max(1, round(2 * scale)), border_radius=radius)
    pygame.draw.polygon(surface, (*theme.PANEL, 245), tip)  # over the rim: the tail opens into the body
    pygame.draw.lines(surface, (*theme.lighter(edge, 0.3), 255), False, tip, max(1, round(2 * scale)))
    y = body.y + pad
    for image in images:
        surface.blit(image, (body.x + pad, y))
        y += image.get_height()
    return surface


def _cut(text: str, size: int, width: int) -> str:
    """The last line of a long reason, shortened behind an ellipsis to fit ``width``."""
    while len(text) > 1 and theme.font(size).size(text)[0] > width:
        text = text[:-2] + "…"
    return text
