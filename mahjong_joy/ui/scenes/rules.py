"""Rules and help: how a hand wins, how points arise, and the controls."""

from __future__ import annotations

from typing import Any

import pygame

from mahjong_joy.ui import theme
from mahjong_joy.ui.scenes.base import Scene, Transition
from mahjong_joy.ui.widgets import Button, pressed_button

SECTIONS = (
    ("How a hand wins",
     "A hand is 14 tiles: four sets and a pair. A set is three of a kind (pon), a run of three in one suit "
     "(chi, e.g. 3-4-5 of dots) or four of a kind (kan). Seven pairs also wins. Winds and dragons never make runs. "
     "Win on a tile you draw (tsumo) or on another player's discard (ron)."),
    ("Claiming",
     "When someone discards, you may claim it: pon from anyone, chi only from the player on your left, "
     "kan with three in hand. A win beats every other claim. Claimed sets lie face up with the taken tile turned sideways."),
    ("How points arise",
     "Each winning pattern (yaku) is worth points; the score screen lists every line. The discarder pays for ron, "
     "everyone pays for tsumo, the dealer earns more. After an exhaustive draw, ready players receive from the others."),
    ("Controls",
     "Click a tile or pick it with Left/Right and press Enter to discard. Claim buttons have number keys (1, 2, ...) "
     "and letters (R ron, P pon, C chi, K kan, Space pass; T tsumo on your turn). Esc opens the menu; F11 toggles fullscreen. "
     "Hover a tile to see what your hand would be after discarding it; the guide shows your waits and how many are unseen."),
)


class RulesScene(Scene):
    """A scrolling-free page of short sections sized to the window."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.back = Button("Back", "back", pygame.Rect(0, 0, 1, 1), pygame.K_ESCAPE, primary=True)

    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale
        self.back.rect = pygame.Rect(size[0] // 2 - int(120 * s), size[1] - int(80 * s), int(240 * s), int(54 * s))

    def layout_rects(self) -> dict[str, pygame.Rect]:
        return {"back": self.back.rect}

    def handle(self, event: pygame.event.Event) -> None:
        if pressed_button([self.back], event) or (event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN):
            self.next = Transition("pop")

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        w, h = surface.get_size()
        surface.fill(theme.BACKGROUND)
        theme.blit_text(surface, "Rules and help", int(48 * s), theme.INK, center=(w // 2, int(52 * s)))
        card = pygame.Rect(int(w * 0.08), int(100 * s), int(w * 0.84), self.back.rect.y - int(120 * s))
        theme.panel(surface, card, theme.PANEL, int(18 * s))
        y = card.y + int(18 * s)
        body = max(14, int(19 * s))
        for title, text in SECTIONS:
            theme.blit_text(surface, title, int(25 * s), theme.ROSE_DEEP, topleft=(card.x + int(24 * s), y))
            y += int(34 * s)
            for line in theme.wrap(text, body, card.w - int(48 * s)):
                theme.blit_text(surface, line, body, theme.INK, topleft=(card.x + int(24 * s), y))
                y += int(body * 1.35)
            y += int(10 * s)
        self.back.draw(surface, s)
