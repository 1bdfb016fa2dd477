"""The in-game menu (Esc, at the table or at a claim prompt): resume, settings, rules,
quit to Home; the card names the deal (its seed, rules, length and opponents), so a
player can note it and play it again from Home."""

from __future__ import annotations

from typing import Any

import pygame

from mahjong_joy.i18n import N_, tr
from mahjong_joy.ui import theme
from mahjong_joy.ui.game_choice import GameChoice, match_text, opponents_text
from mahjong_joy.ui.scenes.base import Scene, Transition
from mahjong_joy.ui.widgets import Button, ensure_focus, keyboard_focus, pressed_button


def playing_choice(app: Any) -> GameChoice | None:
    """The choices of the match on the stack (the nearest scene holding a live session), if any."""
    for scene in reversed(getattr(app, "stack", [])):
        choice = getattr(getattr(scene, "session", None), "choice", None)
        if callable(choice):
            return choice()
    return None


def seed_line(choice: GameChoice | None) -> str:
    """``Seed 2026 · Joy, East only``: what the menu and the standings say about the deal."""
    if choice is None or choice.seed is None:
        return ""
    return tr("Seed {seed} · {match}", seed=choice.seed, match=match_text(choice.ruleset, choice.length))


class MenuOverlay(Scene):
    """A dimmed table with a small card of choices; the game pauses underneath."""

    opaque = False

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.buttons: list[Button] = []
        self._veil: pygame.Surface | None = None
        self.choice = playing_choice(app)
        self.card = pygame.Rect(0, 0, 1, 1)

    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale
        bw, bh, gap = round(300 * s), round(52 * s), round(12 * s)
        x, y = (size[0] - bw) // 2, size[1] // 2 - 2 * (bh + gap) + round(40 * s)
        items = ((N_("Resume"), "resume", pygame.K_ESCAPE), (N_("Settings"), "settings", pygame.K_s), (N_("Rules and help"), "rules", pygame.K_r), (N_("Quit to Home"), "home", pygame.K_q))
        self.buttons = [Button(label, ident, pygame.Rect(x, y + i * (bh + gap), bw, bh), key, primary=i == 0) for i, (label, ident, key) in enumerate(items)]
        top = self.buttons[0].rect.unionall([b.rect for b in self.buttons])
        self.card = top.inflate(round(120 * s), round(40 * s))
        self.card.top = top.y - round(110 * s)
        self.card.h = top.bottom + round(24 * s) - self.card.top
        ensure_focus(self.buttons)  # Resume, as Esc
        self._veil = pygame.Surface(size, pygame.SRCALPHA)
        self._veil.fill((60, 50, 80, 90))

    def layout_rects(self) -> dict[str, pygame.Rect]:
        return {b.action: b.rect for b in self.buttons}

    def handle(self, event: pygame.event.Event) -> None:
        used, hit = keyboard_focus(self.buttons, event)
        if not used:
            hit = pressed_button(self.buttons, event)
        if hit:
            self.choose(hit.action)

    def choose(self, ident: str) -> None:
        """Carry out a menu choice."""
        from mahjong_joy.ui.controller_session import rules_for

        if ident == "resume":
            self.next = Transition("pop")
        elif ident == "settings":
            self.next = Transition("push", "settings")
        elif ident == "rules":  # the book of the match in play (its preset and length), not Home's last choice
            played = None if self.choice is None else rules_for(self.choice.ruleset, self.choice.length)
            self.next = Transition("push", "rules", kwargs={"rules": played})
        elif ident == "home":
            self.next = Transition("replace", "home")

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        if self._veil is not None:
            surface.blit(self._veil, (0, 0))
        card = self.card
        theme.panel(surface, card, theme.PANEL, round(20 * s))
        theme.blit_text(surface, tr("Paused"), round(30 * s), theme.INK, center=(card.centerx, card.y + round(30 * s)))
        line = seed_line(self.choice)
        if line:
            room = card.w - round(24 * s)
            theme.blit_fit(surface, line, round(17 * s), theme.INK, room, center=(card.centerx, card.y + round(62 * s)))
            theme.blit_fit(surface, tr("Opponents: {opponents}", opponents=opponents_text(self.choice.opponents))
, round(15 * s), theme.INK_SOFT, room,  # type: ignore[union-attr]
                           center=(card.centerx, card.y + round(86 * s)))
        for b in self.buttons:
            b.draw(surface, s)
