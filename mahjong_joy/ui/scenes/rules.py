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


RIICHI_SECTIONS = (
    ("Riichi",
     "A hand needs at least one yaku to win (a pattern such as all simples, a dragon triplet or riichi). With a closed hand "
     "one tile from ready, press Riichi, then pick a highlighted discard: 1,000 points go down as a stick, your hand is locked "
     "and riichi itself is your yaku. After riichi every drawn tile is discarded for you unless it wins or makes an allowed kan."),
    ("Furiten",
     "You may not win by ron on a tile you discarded yourself, on any wait when one of your waits is in your own river, "
     "or on a wait that passed since your last discard (for the rest of the hand after riichi). Tsumo still wins. "
     "A Furiten badge by your hand says why; the hint panel marks furiten and no-yaku waits before you discard."),
    ("Dora and sticks",
     "Each dora indicator makes the next tile a dora (1 han each); every kan turns one more over, up to five. Red fives are "
     "dora too. A riichi winner also gets the ura-dora under the indicators. Riichi sticks and honba (300 each) go to the next winner."),
    ("Draws",
     "When the wall runs out, players not ready pay 3,000 to those ready (tenpai); nagashi mangan pays a mangan to a player whose discards "
     "were all terminals and honors, none called. A hand also ends early on nine different terminals and honors in a first draw, "
     "four of the same wind first discarded, four riichi, or four kans by different players."),
)
PRESET_NOTES = {
    "mahjong_soul": ("Mahjong Soul rules",
                     "Start 25,000, East-South. Uma 15 / 5 / -5 / -15 per 1,000 above 25,000, no oka; double and triple ron "
                     "all stand. Unlike Tenhou: three rons all win, a wait you hold all four of still counts as ready, "
                     "double yakuman count double, and thirteen orphans may rob a closed kan."),
    "tenhou": ("Tenhou rules",
               "Start 25,000, return 30,000 with oka, uma 20 / 10 / -10 / -20, game points rounded to the 1,000. "
               "Unlike Mahjong Soul: three rons on one discard abort the hand, a wait you hold all four of is not ready, "
               "yakuman are single, and pao covers the whole hand."),
}


def sections_for(preset: str) -> tuple[tuple[str, str], ...]:
    """The Rules page's sections for a preset: Joy's page, or riichi's with the preset's notes."""
    if preset not in PRESET_NOTES:
        return SECTIONS
    title, text = SECTIONS[3]
    controls = (title, text.replace("T tsumo on your turn)", "T tsumo, R riichi, 9 nine terminals on your turn)"))
    return SECTIONS[:1] + RIICHI_SECTIONS + (PRESET_NOTES[preset], controls)


class RulesScene(Scene):
    """A scrolling-free page of short sections sized to the window (the chosen preset's rules)."""

    def __init__(self, app: Any, preset: str = "joy") -> None:
        super().__init__(app)
        self.preset = preset
        self.sections = sections_for(preset)
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
        title = {"joy": "Rules and help", "mahjong_soul": "Riichi rules: Mahjong Soul", "tenhou": "Riichi rules: Tenhou"}.get(self.preset, "Rules and help")
        theme.blit_text(surface, title, int(44 * s), theme.INK, center=(w // 2, int(50 * s)))
        card = pygame.Rect(int(w * 0.06), int(92 * s), int(w * 0.88), self.back.rect.y - int(106 * s))
        theme.panel(surface, card, theme.PANEL, int(18 * s))
        room = card.h - int(28 * s)
        body = max(12, int(19 * s))
        while body > 11:  # the riichi page has more to say: the type shrinks until it fits
            head = max(body + 3, int(body * 1.3))
            need = sum(int(head * 1.35) + len(theme.wrap(t, body, card.w - int(48 * s))) * int(body * 1.3) + int(8 * s) for _, t in self.sections)
            if need <= room:
                break
            body -= 1
        head = max(body + 3, int(body * 1.3))
        y = card.y + int(14 * s)
        for heading, text in self.sections:
            theme.blit_text(surface, heading, head, theme.ROSE_DEEP, topleft=(card.x + int(24 * s), y))
            y += int(head * 1.35)
            for line in theme.wrap(text, body, card.w - int(48 * s)):
                theme.blit_text(surface, line, body, theme.INK, topleft=(card.x + int(24 * s), y))
                y += int(body * 1.3)
            y += int(8 * s)
        self.back.draw(surface, s)
