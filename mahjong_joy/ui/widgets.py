"""Buttons and a one-line text field: the only interactive controls the screens need.

They hit-test with ``event.pos`` (posted test events do not move the real mouse).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from mahjong_joy.ui import theme


@dataclass
class Button:
    """A rounded pastel button; ``hotkey`` is a pygame key that presses it too."""

    label: str
    action: str
    rect: pygame.Rect
    hotkey: int | None = None
    primary: bool = False
    enabled: bool = True
    hover: bool = False
    focused: bool = False
    hint: str = ""  # small text under the label, e.g. the hotkey name

    def hit(self, pos: tuple[int, int]) -> bool:
        """True when an enabled button contains ``pos``."""
        return self.enabled and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, scale: float = 1.0) -> None:
        """Card-like button; hover and keyboard focus lift it with a warmer fill."""
        fill = theme.BUTTON_PRIMARY if self.primary else theme.BUTTON
        if not self.enabled:
            fill = theme.BUTTON_DISABLED
        elif self.hover or self.focused:
            fill = theme.lighter(fill)
        radius = max(8, int(14 * scale))
        theme.panel(surface, self.rect, fill, radius, theme.HIGHLIGHT if self.focused else theme.darker(fill, 0.9))
        size = int(min(self.rect.h * 0.42, 24 * scale + 4))
        color = theme.INK if self.enabled else theme.INK_SOFT
        if self.hint:
            theme.blit_fit(surface, self.label, size, color, self.rect.w - 12, center=(self.rect.centerx, self.rect.centery - size * 0.25))
            theme.blit_text(surface, self.hint, max(11, int(size * 0.55)), theme.INK_SOFT, center=(self.rect.centerx, self.rect.bottom - size * 0.55))
        else:
            theme.blit_fit(surface, self.label, size, color, self.rect.w - 12, center=self.rect.center)


def button_at(buttons: list[Button], pos: tuple[int, int]) -> Button | None:
    """The enabled button under ``pos``, if any."""
    return next((b for b in buttons if b.hit(pos)), None)


def track_hover(buttons: list[Button], pos: tuple[int, int]) -> None:
    """Update every button's hover flag from a MOUSEMOTION position."""
    for b in buttons:
        b.hover = b.hit(pos)


def pointer_hit(buttons: list[Button], event: pygame.event.Event) -> Button | None:
    """Handle the mouse side of a button row: hover on motion, the button on a left click.

    Every scene with buttons routes pointer events through here; keys stay with
    the scene, since each binds them differently.
    """
    if event.type == pygame.MOUSEMOTION:
        track_hover(buttons, event.pos)
    elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return button_at(buttons, event.pos)
    return None


def hotkey_button(buttons: list[Button], key: int) -> Button | None:
    """The enabled button bound to ``key``, if any."""
    return next((b for b in buttons if b.enabled and b.hotkey == key), None)


def pressed_button(buttons: list[Button], event: pygame.event.Event) -> Button | None:
    """The button an event presses: a left click on it, or its hotkey (hover tracked too).

    For scenes whose keys are only their buttons' hotkeys plus fixed extras."""
    if event.type == pygame.KEYDOWN:
        return hotkey_button(buttons, event.key)
    return pointer_hit(buttons, event)


@dataclass
class TextField:
    """A one-line field: digits only for the seed, any printable text for a name;
    typing works while it has focus."""

    rect: pygame.Rect
    value: str = ""
    focused: bool = False
    placeholder: str = "random"
    max_len: int = 9
    digits: bool = True

    def handle(self, event: pygame.event.Event) -> bool:
        """Take a click or a key; returns True when the event was used."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.focused = self.rect.collidepoint(event.pos)
            return self.focused
        if event.type == pygame.KEYDOWN and self.focused:
            if event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
                return True
            typed = event.unicode
            fits = typed.isdigit() if self.digits else typed.isprintable() and typed != ""
            if fits and len(self.value) + len(typed) <= self.max_len:
                self.value += typed
                return True
        return False

    def draw(self, surface: pygame.Surface, scale: float = 1.0) -> None:
        """A white slot with the value or a grey placeholder."""
        edge = theme.HIGHLIGHT if self.focused else theme.PANEL_EDGE
        theme.panel(surface, self.rect, theme.TILE_FACE, max(6, int(10 * scale)), edge)
        size = int(self.rect.h * 0.5)
        shown = self.value + ("|" if self.focused else "") if self.value or self.focused else self.placeholder
        color = theme.INK if self.value else theme.INK_SOFT
        room = self.rect.w - int(size * 1.2)
        while size > max(10, int(self.rect.h * 0.34)) and theme.font(size).size(shown)[0] > room:
            size -= 1  # a long name first shrinks a little...
        while len(shown) > 1 and theme.font(size).size(shown)[0] > room:
            shown = "…" + shown[2:]  # ...then scrolls, keeping the end being typed in view
        theme.blit_text(surface, shown, size, color, midleft=(self.rect.x + int(self.rect.h * 0.3), self.rect.centery))

    @property
    def seed(self) -> int | None:
        """The typed seed, or None for a random deal."""
        return int(self.value) if self.value else None
