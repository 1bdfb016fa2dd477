"""Settings: the player's name, then rows that cycle a value on click (or Enter); all apply at once."""

from __future__ import annotations

from typing import Any

import pygame

from mahjong_joy.ui import theme
from mahjong_joy.ui.scenes.base import Scene, Transition
from mahjong_joy.storage.settings import AI_PACES, ANIM_SPEEDS, NAME_LENGTH, cycle, valid_name
from mahjong_joy.ui.widgets import Button, TextField, pointer_hit

NAME_LABEL = "Your name"
EDIT_KEYS_KEPT = (pygame.K_ESCAPE, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB)

ROWS = (
    ("ai_pace", "AI pace"),
    ("anim_speed", "Animation speed"),
    ("hints", "Hints (tile guide)"),
    ("latin_labels", "Tile labels"),
    ("volume", "Sound volume"),
    ("fullscreen", "Fullscreen"),
    ("auto_pass", "Auto-pass claims"),
)


def value_text(settings: Any, field: str) -> str:
    """How a setting's current value reads on its button."""
    value = getattr(settings, field)
    if field == "latin_labels":
        return "Latin (1m, E)" if value else "CJK (一萬, 東)"
    if field == "volume":
        return "off" if value <= 0 else f"{round(value * 100)}%"
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


class SettingsScene(Scene):
    """The name field and rows of label + value button; Esc or Back returns to where it was opened from.

    Keyboard focus runs over the name field (index 0) and the buttons (1..);
    it opens on the first button so Enter keeps cycling the AI pace.
    """

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.buttons: list[Button] = []
        self.labels: list[tuple[str, pygame.Rect]] = []
        self.name_field = TextField(pygame.Rect(0, 0, 1, 1), app.settings.player_name, placeholder="your name",
                                    max_len=NAME_LENGTH, digits=False)
        self.focus = 1

    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale
        w, h = size
        rh, gap = int(50 * s), int(10 * s)
        top = int(h * 0.2)
        lw, bw = int(300 * s), int(280 * s)
        x = (w - lw - bw) // 2
        self.buttons, self.labels = [], [(NAME_LABEL, pygame.Rect(x, top, lw, rh))]
        self.name_field.rect = pygame.Rect(x + lw, top, bw, rh)
        for i, (field, label) in enumerate(ROWS, 1):
            y = top + i * (rh + gap)
            self.labels.append((label, pygame.Rect(x, y, lw, rh)))
            self.buttons.append(Button(value_text(self.app.settings, field), field, pygame.Rect(x + lw, y, bw, rh)))
        y = top + (len(ROWS) + 1) * (rh + gap) + gap
        self.buttons.append(Button("Back", "back", pygame.Rect((w - bw) // 2, y, bw, rh), pygame.K_ESCAPE, primary=True))
        self._mark()

    def layout_rects(self) -> dict[str, pygame.Rect]:
        rects = {f"label:{n}": r for n, r in self.labels}
        rects.update({b.action: b.rect for b in self.buttons})
        rects["name"] = self.name_field.rect
        return rects

    def _mark(self) -> None:
        self.name_field.focused = self.focus == 0
        for i, b in enumerate(self.buttons, 1):
            b.focused = i == self.focus

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.name_field.handle(event):
                self.focus = 0
                self._mark()
                return
            if self.focus == 0:
                self.focus = 1
                self._mark()
        if event.type == pygame.KEYDOWN and self.focus == 0 and event.key not in EDIT_KEYS_KEPT:
            if self.name_field.handle(event):
                self.rename()
            return
        hit = pointer_hit(self.buttons, event)
        if hit:
            self.change(hit.action)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.change("back")
            elif event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + (-1 if event.key == pygame.K_UP else 1)) % (len(self.buttons) + 1)
                self._mark()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus == 0:
                self.focus = 1
                self._mark()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_RIGHT):
                self.change(self.buttons[self.focus - 1].action)

    def rename(self) -> None:
        """Take the typed name as soon as it is a valid one (an empty field keeps the last)."""
        name = valid_name(self.name_field.value)
        if name is not None and name != self.app.settings.player_name:
            self.app.settings.player_name = name
            self.app.apply_settings()

    def change(self, field: str) -> None:
        """Cycle one setting and apply it immediately."""
        st = self.app.settings
        if field == "back":
            self.next = Transition("pop")
            return
        if field == "ai_pace":
            st.ai_pace = cycle(AI_PACES, st.ai_pace)
        elif field == "anim_speed":
            st.anim_speed = cycle(ANIM_SPEEDS, st.anim_speed)
        elif field == "volume":
            st.volume = 0.0 if st.volume >= 0.99 else round(min(1.0, st.volume + 0.2), 2)
        elif field == "fullscreen":
            self.app.toggle_fullscreen()
        else:
            setattr(st, field, not getattr(st, field))
        self.app.apply_settings()
        self.app.sounds.play("click")
        self.resize(self.app.size)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        w, h = surface.get_size()
        surface.fill(theme.BACKGROUND)
        theme.blit_text(surface, "Settings", int(52 * s), theme.INK, center=(w // 2, int(h * 0.1)))
        for label, rect in self.labels:
            theme.blit_text(surface, label, int(24 * s), theme.INK, midleft=(rect.x, rect.centery))
        self.name_field.draw(surface, s)
        if valid_name(self.name_field.value) is None:
            theme.blit_text(surface, f"1–{NAME_LENGTH} characters", int(15 * s), theme.ROSE_DEEP,
                            midleft=(self.name_field.rect.right + int(12 * s), self.name_field.rect.centery))
        for b in self.buttons:
            b.draw(surface, s)
        art = self.app.art
        tw = int(40 * s)
        for i, tile in enumerate((0, 13, 18, 27, 32)):
            surface.blit(art.image(tile, tw), (w - int(300 * s) + i * (tw + 6), int(h * 0.08)))
