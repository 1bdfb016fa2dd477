"""The in-game menu (Esc): resume, settings, rules, quit to Home."""

from __future__ import annotations

from typing import Any

import pygame

from mahjong_joy.ui import theme
from mahjong_joy.ui.scenes.base import Scene, Transition
from mahjong_joy.ui.widgets import Button, pressed_button


class MenuOverlay(Scene):
    """A dimmed table with a small card of choices; the game pauses underneath."""

    opaque = False

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.buttons: list[Button] = []
        self._veil: pygame.Surface | None = None

    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale
        bw, bh, gap = round(280 * s), round(52 * s), round(12 * s)
        x, y = (size[0] - bw) // 2, size[1] // 2 - 2 * (bh + gap) + round(20 * s)
        items = (("Resume", "resume", pygame.K_ESCAPE), ("Settings", "settings", pygame.K_s), ("Rules and help", "rules", pygame.K_r), ("Quit to Home", "home", pygame.K_q))
        self.buttons = [Button(label, ident, pygame.Rect(x, y + i * (bh + gap), bw, bh), key, primary=i == 0) for i, (label, ident, key) in enumerate(items)]
        self._veil = pygame.Surface(size, pygame.SRCALPHA)
        self._veil.fill((60, 50, 80, 90))

    def handle(self, event: pygame.event.Event) -> None:
        hit = pressed_button(self.buttons, event)
        if hit:
            self.choose(hit.action)

    def choose(self, ident: str) -> None:
        """Carry out a menu choice."""
        from mahjong_joy.ui.scenes.home import HomeScene
        from mahjong_joy.ui.scenes.rules import RulesScene
        from mahjong_joy.ui.scenes.settings import SettingsScene

        if ident == "resume":
            self.next = Transition("pop")
        elif ident == "settings":
            self.next = Transition("push", SettingsScene(self.app))
        elif ident == "rules":
            self.next = Transition("push", RulesScene(self.app))
        elif ident == "home":
            self.next = Transition("replace", HomeScene(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        if self._veil is not None:
            surface.blit(self._veil, (0, 0))
        card = self.buttons[0].rect.unionall([b.rect for b in self.buttons]).inflate(round(60 * s), round(100 * s)).move(0, -round(20 * s))
        theme.panel(surface, card, theme.PANEL, round(20 * s))
        theme.blit_text(surface, "Paused", round(30 * s), theme.INK, center=(card.centerx, card.y + round(30 * s)))
        for b in self.buttons:
            b.draw(surface, s)
