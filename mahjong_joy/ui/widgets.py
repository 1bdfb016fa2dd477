"""Buttons, rows of choice pills and a one-line text field: the interactive controls the screens need.

They hit-test with ``event.pos`` (posted test events do not move the real mouse).
A button bound to a key shows that key in a small cap, so every key the game
promises is visible where it acts. Labels are kept as English keys and
translated as they are drawn (``tr``), so a language switch shows at the next frame.

Keyboard focus looks the same everywhere (issue 28): :func:`draw_focus_ring` is the
one ring, drawn by every focused control; :func:`keyboard_focus` moves the focus
with Tab / Shift-Tab (and the arrows where a scene gives them no other meaning) and
returns the control Enter or Space presses.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from mahjong_joy.i18n import N_, tr
from mahjong_joy.ui import theme


FOCUS_RING = theme.SKY_DEEP  # cool and deep: apart from the warm hover and the lit pills, on cream and felt alike
FORWARD_KEYS = (pygame.K_DOWN, pygame.K_RIGHT)
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, scale: float = 1.0) -> pygame.Rect:
    """The keyboard focus: a deep blue ring a few pixels outside ``rect`` with a pale
    halo, so it reads on the cream screens, the felt and a lit button. Returns the ring's rect."""
    pad, width = max(3, round(5 * scale)), max(2, round(3 * scale))
    ring = rect.inflate(2 * pad, 2 * pad)
    radius = max(6, min(ring.h // 2, round(16 * scale)))
    pygame.draw.rect(surface, theme.PANEL, ring.inflate(4, 4), width=2, border_radius=radius + 2)
    pygame.draw.rect(surface, FOCUS_RING, ring, width=width, border_radius=radius)
    return ring


def draw_progress_bar(surface: pygame.Surface, track: pygame.Rect, part: float, whole: float = 1) -> None:
    """A rounded track filled ``part`` of ``whole`` of the way in lavender: the coach's review
    being made (a fraction of 1), and how far into a hand the replay viewer's cursor is
    (a step of the hand's steps)."""
    pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=track.h)
    done = track.copy()
    done.w = max(track.h, round(track.w * part / whole))
    pygame.draw.rect(surface, theme.LAVENDER_DEEP, done, border_radius=track.h)


def focus_step(event: pygame.event.Event, arrows: bool = True) -> int:
    """How far a key moves the focus: Tab 1, Shift-Tab -1, and with ``arrows`` Down/Right 1,
    Up/Left -1; 0 for any other event."""
    if event.type != pygame.KEYDOWN:
        return 0
    if event.key == pygame.K_TAB:
        return -1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1
    if arrows and event.key in (*FORWARD_KEYS, pygame.K_UP, pygame.K_LEFT):
        return 1 if event.key in FORWARD_KEYS else -1
    return 0


def move_focus(items: Sequence[Any], step: int) -> Any:
    """Move the ``focused`` flag ``step`` places along the enabled ``items`` (wrapping;
    from none, onto the first or the last); returns the focused item."""
    usable = [item for item in items if getattr(item, "enabled", True)]
    if not usable:
        return None
    current = next((i for i, item in enumerate(usable) if item.focused), None)
    index = (0 if step > 0 else len(usable) - 1) if current is None else (current + step) % len(usable)
    for item in items:
        item.focused = False
    usable[index].focused = True
    return usable[index]


def focused_item(items: Sequence[Any]) -> Any:
    """The enabled item with the focus, if any."""
    return next((item for item in items if item.focused and getattr(item, "enabled", True)), None)


def ensure_focus(items: Sequence[Any], default: Any = None) -> None:
    """Give the focus to ``default`` (else the first enabled item) when no enabled item holds it,
    so a scene always shows where Enter goes."""
    if focused_item(items) is None and items:
        for item in items:
            item.focused = False
        usable = [item for item in items if getattr(item, "enabled", True)]
        target = default if default in usable else (usable[0] if usable else None)
        if target is not None:
            target.focused = True


def focus_on(items: Sequence[Any], action: str) -> None:
    """Give the focus to the item whose ``action`` it is (rebuilt buttons keep the player's place)."""
    target = next((item for item in items if getattr(item, "action", None) == action), None)
    if target is not None:
        for item in items:
            item.focused = item is target


def keyboard_focus(items: Sequence[Any], event: pygame.event.Event, arrows: bool = True,
                   space: bool = True) -> tuple[bool, Any]:
    """The keyboard side of a scene's controls: (whether the key was used, the item it
    presses). Tab / Shift-Tab (and the arrows with ``arrows``) move the focus; Enter (and
    Space with ``space``) presses the focused item."""
    step = focus_step(event, arrows)
    if step:
        move_focus(items, step)
        return True, None
    keys = ACTIVATE_KEYS if space else ACTIVATE_KEYS[:2]
    if event.type == pygame.KEYDOWN and event.key in keys:
        hit = focused_item(items)
        return hit is not None, hit
    return False, None


def same_as(event: pygame.event.Event) -> int:
    """The key a scene with its own focus order reads: Shift-Tab as Up, Space as Enter, else the key."""
    if event.key == pygame.K_TAB and getattr(event, "mod", 0) & pygame.KMOD_SHIFT:
        return pygame.K_UP
    return pygame.K_RETURN if event.key == pygame.K_SPACE else event.key


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
    keycap: str = ""  # the key shown in the cap (default: the hotkey's name; none when a hint is given)

    def hit(self, pos: tuple[int, int]) -> bool:
        """True when an enabled button contains ``pos``."""
        return self.enabled and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, scale: float = 1.0) -> None:
        """Card-like button; hover and keyboard focus lift it with a warmer fill. A hotkey
        without a hint shows as a key cap at the right edge (the label moves over for it)."""
        fill = theme.BUTTON_PRIMARY if self.primary else theme.BUTTON
        if not self.enabled:
            fill = theme.BUTTON_DISABLED
        elif self.hover or self.focused:
            fill = theme.lighter(fill)
        radius = max(8, int(14 * scale))
        theme.panel(surface, self.rect, fill, radius, theme.HIGHLIGHT if self.focused else theme.darker(fill, 0.9))
        if self.focused and self.enabled:
            draw_focus_ring(surface, self.rect, scale)
        size = int(min(self.rect.h * 0.42, 24 * scale + 4))
        color = theme.INK if self.enabled else theme.INK_SOFT
        room = self.rect.copy()
        label = tr(self.label)
        cap = self.cap_text()
        if cap:
            cap_rect = draw_key_cap(surface, cap, self.rect, scale)
            if self.rect.centerx + theme.font(size).size(label)[0] // 2 > cap_rect.x - 6:
                room.width = cap_rect.x - self.rect.x  # a long label keeps left of the cap
        if self.hint:
            theme.blit_fit(surface, label, size, color, self.rect.w - 8, center=(self.rect.centerx, self.rect.centery - size * 0.25))
            theme.blit_fit(surface, tr(self.hint), max(11, int(size * 0.55)), theme.INK_SOFT, self.rect.w - 8,
                           center=(self.rect.centerx, self.rect.bottom - size * 0.55))
        else:
            theme.blit_fit(surface, label, size, color, room.w - 8, center=room.center)

    def cap_text(self) -> str:
        """The key cap's text: ``keycap``, else the hotkey's name; empty with a hint or when disabled."""
        if self.hint or not self.enabled:
            return ""
        return self.keycap or (key_label(self.hotkey) if self.hotkey is not None else "")


KEY_NAMES = {pygame.K_ESCAPE: "Esc", pygame.K_RETURN: "Enter", pygame.K_KP_ENTER: "Enter", pygame.K_SPACE: "Space",
             pygame.K_BACKSPACE: "Bksp", pygame.K_TAB: "Tab", pygame.K_LEFT: "←", pygame.K_RIGHT: "→"}


def key_label(key: int) -> str:
    """How a key reads on its cap: ``Esc``, ``Enter``, ``Space`` or the letter/digit in capitals."""
    return KEY_NAMES.get(key) or pygame.key.name(key).upper()


def _cap_size(button: pygame.Rect, scale: float) -> int:
    return max(10, int(min(button.h * 0.3, 14 * scale + 2)))


def key_cap_rect(label: str, button: pygame.Rect, scale: float = 1.0) -> pygame.Rect:
    """Where the key cap with ``label`` sits: inside the right end of ``button``."""
    size = _cap_size(button, scale)
    w = theme.font(size).size(label)[0] + int(size * 0.9)
    cap = pygame.Rect(0, 0, max(w, int(size * 1.7)), int(size * 1.5))
    cap.midright = (button.right - max(6, int(button.h * 0.18)), button.centery)
    return cap


def draw_key_cap(surface: pygame.Surface, label: str, button: pygame.Rect, scale: float = 1.0) -> pygame.Rect:
    """A small key cap with ``label`` inside the right end of ``button``; returns its rect."""
    size = _cap_size(button, scale)
    cap = key_cap_rect(label, button, scale)
    pygame.draw.rect(surface, theme.darker(theme.PANEL, 0.93), cap.move(0, 2), border_radius=max(3, size // 3))
    pygame.draw.rect(surface, theme.PANEL, cap, border_radius=max(3, size // 3))
    pygame.draw.rect(surface, theme.INK_SOFT, cap, width=1, border_radius=max(3, size // 3))
    theme.blit_text(surface, label, size, theme.INK_SOFT, center=cap.center)
    return cap


@dataclass
class ChoiceRow:
    """A labelled row that shows every value of one setting as a pill, the current one
    highlighted; a click picks a pill, Left/Right step through them in order.

    ``options`` are (value, text) pairs in the order they read (speed order for a pace).
    ``value`` may be none of them (mixed per-seat levels: no pill lit)."""

    key: str
    label: str
    options: Sequence[tuple[Any, str]]
    value: Any
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 1, 1))
    pills: list[pygame.Rect] = field(default_factory=list)
    focused: bool = False
    hover: int | None = None  # the pill under the pointer
    label_width: int = 0

    def layout(self, rect: pygame.Rect, label_width: int, gap: int = 6) -> None:
        """Place the label in the first ``label_width`` px and share the rest among the pills
        (each as wide as its text needs, the spare room spread evenly)."""
        self.rect, self.label_width = rect.copy(), label_width
        area = pygame.Rect(rect.x + label_width, rect.y, rect.w - label_width, rect.h)
        size = self.text_size()
        needs = [theme.font(size).size(tr(text))[0] + size for _, text in self.options]
        spare = max(0, area.w - sum(needs) - gap * (len(needs) - 1)) / max(1, len(needs))
        x = float(area.x)
        self.pills = []
        for need in needs:
            width = need + spare
            self.pills.append(pygame.Rect(round(x), area.y, round(width), area.h))
            x += width + gap

    def text_size(self) -> int:
        return max(11, int(self.rect.h * 0.4))

    @property
    def index(self) -> int | None:
        """The position of the current value among the options (None when it is none of them)."""
        return next((i for i, (value, _) in enumerate(self.options) if value == self.value), None)

    def pill_at(self, pos: tuple[int, int]) -> int | None:
        """The option index of the pill under ``pos``."""
        return next((i for i, pill in enumerate(self.pills) if pill.collidepoint(pos)), None)

    def stepped(self, delta: int) -> Any:
        """The value ``delta`` places along (clamped at the ends; from none, the first or last)."""
        i = self.index
        if i is None:
            i = -1 if delta > 0 else len(self.options)
        return self.options[max(0, min(len(self.options) - 1, i + delta))][0]

    def cycled(self) -> Any:
        """The next value, wrapping (Enter on a focused row)."""
        i = self.index
        return self.options[0 if i is None else (i + 1) % len(self.options)][0]

    def draw(self, surface: pygame.Surface, scale: float = 1.0) -> None:
        """The label, then the pills: the current one filled and bold-edged, the hovered one tinted."""
        if self.focused:
            theme.panel(surface, self.rect.inflate(int(12 * scale), int(8 * scale)), theme.lighter(theme.BUTTER, 0.55),
                        max(6, int(12 * scale)), theme.HIGHLIGHT)
            draw_focus_ring(surface, self.rect.inflate(int(12 * scale), int(8 * scale)), scale * 0.6)
        room = self.label_width - int(10 * scale)
        theme.blit_fit(surface, tr(self.label), max(12, int(self.rect.h * 0.46)), theme.INK, room, midleft=(self.rect.x, self.rect.centery))
        size = self.text_size()
        current = self.index
        for i, (pill, (_, text)) in enumerate(zip(self.pills, self.options)):
            on = i == current
            fill = theme.BUTTON_PRIMARY if on else theme.lighter(theme.BUTTON, 0.55 if self.hover != i else 0.25)
            radius = max(6, pill.h // 2)
            pygame.draw.rect(surface, fill, pill, border_radius=radius)
            pygame.draw.rect(surface, theme.ROSE_DEEP if on else theme.darker(fill, 0.9), pill, width=2 if on else 1, border_radius=radius)
            theme.blit_fit(surface, tr(text), size, theme.INK if on else theme.INK_SOFT, pill.w - 6, center=pill.center)


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
    placeholder: str = N_("random")
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
        if self.focused:
            draw_focus_ring(surface, self.rect, scale * 0.6)
        size = int(self.rect.h * 0.5)
        shown = self.value + ("|" if self.focused else "") if self.value or self.focused else tr(self.placeholder)
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
