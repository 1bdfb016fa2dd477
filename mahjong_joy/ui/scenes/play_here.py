"""Play from here: the replay viewer's seat chooser, and the live table it opens.

The chooser lists the four seats of the hand on screen (East first, each with
its name and points); picking one continues the recorded position as a live
match with the player in that seat (:func:`~mahjong_joy.ui.controller_session.branch_session`)
and replaces the screens with its table, as New game does. A position that
cannot be played on (an imported log, whose wall beyond the tiles it showed is
unknown, or a match already over) shows why instead of the seats.
"""

from __future__ import annotations

from typing import Any

import pygame

from mahjong_joy.i18n import N_, tr
from mahjong_joy.errors import MahjongJoyError
from mahjong_joy.replay.branch import MATCH_OVER, branch_refusal
from mahjong_joy.names import HUMAN, WIND_LETTERS, seat_name
from mahjong_joy.ui import theme
from mahjong_joy.ui.game_choice import LEVEL_NAMES
from mahjong_joy.ui.navigation import build
from mahjong_joy.ui.scenes.base import Scene, Transition
from mahjong_joy.ui.widgets import Button, focus_step, hotkey_button, pointer_hit

WIND_WORDS = {"E": N_("East"), "S": N_("South"), "W": N_("West"), "N": N_("North")}
SEAT_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)


def open_live_table(app: Any, cursor: Any, hand: int, step: int, seat: int, autosave: bool = True) -> Scene:
    """The table of the match continued from ``(hand, step)`` with the player at ``seat``;
    the other seats' levels for a seat that was human come from Settings. Raises
    ``RecordError`` when the position cannot be played on."""
    from mahjong_joy.ui.controller_session import branch_session

    settings = app.settings
    session, notice = branch_session(cursor, hand, step, seat, opponents=settings.opponents,
                                     player_name=settings.player_name, autosave=autosave)
    app.show_notice(notice)
    return build(app, "table", session)


class SeatChooser(Scene):
    """A card over the viewer: which seat do you take? (1-4, a click, or Up/Down and Enter; Esc cancels)."""

    opaque = False

    def __init__(self, app: Any, viewer: Any) -> None:
        super().__init__(app)
        self.viewer = viewer
        cursor = viewer.session.cursor
        self.position = cursor.position
        self.refusal = branch_refusal(cursor) or (MATCH_OVER if cursor.match.is_over else "")
        self.buttons: list[Button] = []
        self.focus = 0  # the button Enter presses (Up/Down move it)
        self.card = pygame.Rect(0, 0, 1, 1)
        self._veil: pygame.Surface | None = None

    def seat_order(self) -> list[int]:
        """Seats East first (the dealer of the hand on screen), then South, West, North."""
        dealer = self.viewer.session.cursor.hand.dealer
        return [(dealer + i) % 4 for i in range(4)]

    def seat_label(self, seat: int) -> tuple[str, str]:
        """``East · Momo`` and ``25,000 · AI: normal`` (or ``was you``) for a seat's button."""
        session = self.viewer.session
        snap = session.snapshot()
        wind = tr(WIND_WORDS[WIND_LETTERS[(seat - snap.dealer) % 4]])
        kinds = session.record.get("seats") or ()  # per player; the seat is a chair of the hand on screen
        player = session.cursor.hand.players[seat]
        kind = kinds[player] if player < len(kinds) else HUMAN
        who = tr("was the player") if kind == HUMAN else tr("AI: {kind}", kind=tr(LEVEL_NAMES[kind]).lower() if kind in LEVEL_NAMES else kind)
        return (tr("{wind} · {name}", wind=wind, name=seat_name(snap.names[seat])),
                tr("{points} points · {who}", points=f"{snap.points[seat]:,}", who=who))

    # -- layout ----------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale
        w, h = size
        cw, bh, gap = round(520 * s), round(56 * s), round(10 * s)
        if self.refusal:
            said = len(theme.wrap(self.refusal, round(16 * s), cw - round(60 * s)))
            ch = round(70 * s) + (1 + said) * round(22 * s) + round(100 * s)
        else:
            ch = round(130 * s) + 4 * (bh + gap) + round(70 * s)
        self.card = pygame.Rect((w - cw) // 2, (h - ch) // 2, cw, ch)
        x, y = self.card.x + round(30 * s), self.card.y + round(130 * s)
        self.buttons = []
        if not self.refusal:
            for i, seat in enumerate(self.seat_order()):
                label, hint = self.seat_label(seat)
                rect = pygame.Rect(x, y + i * (bh + gap), cw - round(60 * s), bh)
                self.buttons.append(Button(label, f"seat{seat}", rect, SEAT_KEYS[i], hint=f"{i + 1} · {hint}"))
        cancel = pygame.Rect(0, 0, round(160 * s), round(48 * s))
        cancel.midbottom = (self.card.centerx, self.card.bottom - round(16 * s))
        self.buttons.append(Button(N_("Cancel") if not self.refusal else N_("Back"), "cancel", cancel, pygame.K_ESCAPE, hint="Esc"))
        self._veil = pygame.Surface(size, pygame.SRCALPHA)
        self._veil.fill((60, 50, 80, 90))
        self.focus = min(self.focus, len(self.buttons) - 1)
        self.buttons[self.focus].focused = True

    def layout_rects(self) -> dict[str, pygame.Rect]:
        return {b.action: b.rect for b in self.buttons} | {"card": self.card}

    # -- input -----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        hit = pointer_hit(self.buttons, event)
        if event.type == pygame.MOUSEMOTION:  # the keyboard focus follows the mouse
            self.focus = next((i for i, b in enumerate(self.buttons) if b.hover), self.focus)
        elif focus_step(event):  # Tab / Shift-Tab and the arrows
            self.focus = (self.focus + focus_step(event)) % len(self.buttons)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            hit = self.buttons[self.focus]
        elif hit is None and event.type == pygame.KEYDOWN:
            hit = hotkey_button(self.buttons, event.key)
        for i, button in enumerate(self.buttons):
            button.focused = i == self.focus
        if hit is not None:
            self.choose(hit.action)

    def choose(self, action: str) -> None:
        """Take a seat (``seat0``..``seat3``) or cancel."""
        if action == "cancel":
            self.next = Transition("pop")
            return
        hand, step = self.position
        try:
            table = open_live_table(self.app, self.viewer.session.cursor, hand, step, int(action.removeprefix("seat")))
        except MahjongJoyError as exc:  # e.g. the position does not rebuild: say so, stay here
            self.refusal = str(exc)
            self.resize(self.app.size)
            return
        self.next = Transition("replace", table, {})

    # -- drawing ---------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        if self._veil is not None:
            surface.blit(self._veil, (0, 0))
        theme.panel(surface, self.card, theme.PANEL, round(20 * s))
        cx, inner = self.card.centerx, self.card.w - round(60 * s)
        theme.blit_text(surface, tr("Play from here"), round(30 * s), theme.INK, center=(cx, self.card.y + round(36 * s)))
        hand, step = self.position
        where = tr("Hand {number} · step {step}", number=hand + 1, step=step)
        if self.refusal:
            lines = [(tr("{where}:", where=where), theme.INK), *((line, theme.ROSE_DEEP) for line in theme.wrap(self.refusal, round(16 * s), inner))]
        else:
            lines = [(tr("{where}: the table exactly as it stands.", where=where), theme.INK),
                     (tr("Pick the seat you take; the AI plays the other three."), theme.INK_SOFT)]

        y = self.card.y + round(70 * s)
        for text, color in lines:
            theme.blit_fit(surface, text, round(16 * s), color, inner, midtop=(cx, y))
            y += round(22 * s)
        for button in self.buttons:
            button.draw(surface, s)


def open_live(cursor: Any, hand: int, step: int, seat: int, frames: int | None = None,
              screenshot: Any = None, size: tuple[int, int] | None = None) -> int:
    """``mahjong-joy replay FILE --hand K --step S --play SEAT``: the window opens straight
    into the live match from that position (0-based here), the player at ``seat``.

    As :func:`~mahjong_joy.ui.scenes.replay.open_viewer`: with ``frames`` or a
    ``screenshot`` it runs headless, saves the PNG and returns, and then neither the
    player's settings nor their autosave are touched; a real window autosaves the
    match like any other, and quitting it leads to Home.
    """
    from mahjong_joy.storage.settings import Settings
    from mahjong_joy.ui.app import App, run_or_shoot

    headless = frames is not None or screenshot is not None
    app = App(size=size, settings=Settings() if headless else None)
    app.replace(open_live_table(app, cursor, hand, step, seat, autosave=not headless), {})
    return run_or_shoot(app, frames, screenshot)
