"""The guided first hand on the real table: a coach box says what happened and what to do,
and points at the tile or button; a wrong move is refused with a gentle hint.

The deal, the steps and the refusals are :mod:`mahjong_joy.tutorial` (no pygame); this
scene is the table scene with a coach drawn over it. The table submits through a
:class:`~mahjong_joy.tutorial.GuidedSession`, whose refusal is an ordinary game error,
so the table shows the hint as its message and applies nothing.
"""

from __future__ import annotations

from typing import Any

import pygame

from mahjong_joy.i18n import N_, tr
from mahjong_joy.engine.actions import Pon
from mahjong_joy.tutorial import FINISHED, WAITING, GuidedSession, Step, tutorial_controller
from mahjong_joy.ui import theme
from mahjong_joy.ui.scenes.base import Scene, Transition
from mahjong_joy.ui.scenes.claim import ClaimOverlay
from mahjong_joy.ui.scenes.score import ScoreScene
from mahjong_joy.ui.scenes.table import TableScene
from mahjong_joy.ui.widgets import Button, ensure_focus, keyboard_focus, pressed_button

OFFER = N_("Welcome! New to mahjong? The guided first hand shows you a whole hand in two minutes: "
           "drawing, discarding, calling a pon and winning. You can also start it later from Rules and help.")


def offer_guided_hand(app: Any) -> bool:
    """On a first start (the caller asked :func:`~mahjong_joy.tutorial.is_first_start`), put the
    offer over Home unless the settings say it was seen; returns whether it was offered."""
    if getattr(app.settings, "tutorial_seen", False):
        return False
    app.push(TutorialOffer(app))
    return True


def mark_seen(app: Any) -> None:
    """Remember that the guided hand was offered, so a first start offers it only once."""
    if not getattr(app.settings, "tutorial_seen", True):
        app.settings.tutorial_seen = True
        app.save_settings()


class TutorialOffer(Scene):
    """A card over Home on the first start: play the guided first hand, or not now."""

    opaque = False

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.card = pygame.Rect(0, 0, 1, 1)
        self.buttons: list[Button] = []

    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale
        self.card = pygame.Rect(0, 0, round(620 * s), round(250 * s))
        self.card.center = (size[0] // 2, size[1] // 2)
        bw, bh, y = round(270 * s), round(54 * s), self.card.bottom - round(74 * s)
        self.buttons = [
            Button(N_("Play the guided hand"), "play", pygame.Rect(self.card.x + round(30 * s), y, bw, bh), pygame.K_RETURN,
                   primary=True, hint="Enter"),
            Button(N_("Not now"), "later", pygame.Rect(self.card.right - round(30 * s) - bw, y, bw, bh), pygame.K_ESCAPE, hint="Esc"),
        ]
        ensure_focus(self.buttons)

    def layout_rects(self) -> dict[str, pygame.Rect]:
        return {b.action: b.rect for b in self.buttons}

    def handle(self, event: pygame.event.Event) -> None:
        used, hit = keyboard_focus(self.buttons, event)
        if not used:
            hit = pressed_button(self.buttons, event)
        if hit is None:
            return
        mark_seen(self.app)
        if hit.action == "play":
            self.next = Transition("replace", TutorialScene(self.app), {})
        else:
            self.next = Transition("pop")

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((60, 50, 80, 90))
        surface.blit(veil, (0, 0))
        theme.panel(surface, self.card, theme.PANEL, round(20 * s), theme.ROSE)
        size = round(19 * s)
        for i, line in enumerate(theme.wrap(tr(OFFER), size, self.card.w - round(60 * s))):
            theme.blit_text(surface, line, size, theme.INK, topleft=(self.card.x + round(30 * s), self.card.y + round(26 * s) + i * round(size * 1.35)))
        for b in self.buttons:
            b.draw(surface, s)


class TutorialClaim(ClaimOverlay):
    """The claim prompt of the guided hand: always shown with every option (the player's
    auto-pass and no-calls switches would hide the lesson), with a ring around Pon."""

    def resize(self, size: tuple[int, int]) -> None:
        settings = self.app.settings
        saved = settings.no_calls
        settings.no_calls = False  # only while the buttons are laid out; the setting itself is kept
        try:
            super().resize(size)
        finally:
            settings.no_calls = saved

    def target(self) -> pygame.Rect | None:
        """The Pon button, which the coach points at."""
        return next((b.rect for b in self.buttons if isinstance(self.actions[b.action], Pon)), None)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        rect = self.target()
        if rect is not None:
            ring(surface, rect, self.table.layout.scale)


class TutorialScore(ScoreScene):
    """The score screen of the guided hand: its button goes back to Home."""

    def _label(self) -> None:
        self.button.label = N_("Finish the guided hand")


    def proceed(self) -> None:
        self.next = Transition("replace", "home")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.coach_rect = self.draw_coach(surface)

    def draw_coach(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The coach's last words beside the other seats' face-down rows, in the room their
        thirteen backs leave on the right (play test: the box covered the hands). With Show
        hands on, the hands have the room and the coach keeps quiet."""
        s, area = self.scale, self.rows_area
        if self.show_hands:
            return None
        if area is None:  # no rows drawn: above the seats' row, as before
            box = pygame.Rect(0, 0, min(surface.get_width() - round(200 * s), round(760 * s)), 0)
            return coach_box(surface, box, tr(FINISHED), "", s, bottom=self.button.rect.y - round(132 * s))
        box = pygame.Rect(area.x + round(area.w * 0.55), 0, area.w - round(area.w * 0.55), 0)
        return coach_box(surface, box, tr(FINISHED), "", s, top=area.y)


class TutorialScene(TableScene):
    """The table with the guided hand's coach; it marks the tutorial seen once started."""

    def __init__(self, app: Any) -> None:
        from mahjong_joy.ui.controller_session import ControllerSession

        session = ControllerSession.for_controller(tutorial_controller(), app.settings.player_name)
        super().__init__(app, GuidedSession(session))
        self.coach_rect = pygame.Rect(0, 0, 1, 1)

    def enter(self, context: Any = None) -> None:
        super().enter(context)
        mark_seen(self.app)

    # -- the table's flow, guided --------------------------------------------------
    def auto_action(self) -> Any:
        return None  # Auto-win would take the lesson's last step away

    def _maybe_prompt_claim(self) -> None:
        if self.snap.version == self._claim_shown or self._overlay_is_claim():
            return
        self._claim_shown = self.snap.version
        self.app.sounds.play("chime")
        self.next = Transition("push", TutorialClaim(self.app, self))

    def _submit(self, action: Any, from_rect: pygame.Rect | None = None) -> None:
        before = self.session.step_index
        super()._submit(action, from_rect)
        if self.session.step_index == before and self.session.refused:
            self.message_timer = 0.0  # the coach box says the hint; no second copy in a toast
            if self.snap is not None and self.snap.claim is not None:
                self._claim_shown = -1  # a refused answer to the prompt: ask again

    def _maybe_show_result(self, dt: float) -> None:
        self.result_timer += dt
        if not self.flip.finished or self._score_shown == self.snap.version:
            return
        self._score_shown = self.snap.version
        self.next = Transition("push", TutorialScore(self.app, self.snap))

    # -- the coach -----------------------------------------------------------------
    def coach_words(self) -> tuple[str, str]:
        """What the coach says now: (what happened, what to do)."""
        step: Step | None = self.session.current
        if self.snap is None or self.snap.result is not None or step is None:
            return tr(FINISHED), ""
        waiting = not self.snap.my_turn and self.snap.claim is None
        if waiting:
            return tr(WAITING), ""
        return step.say, self.session.refused or step.do

    def coach_target(self) -> pygame.Rect | None:
        """The tile or button the coach points at (``None`` while others play)."""
        step = self.session.current
        if self.snap is None or step is None or self.anim.busy:
            return None
        if step.point == "tile" and self.snap.my_turn:
            tiles = self.my_tiles()
            index = max((i for i, t in enumerate(tiles) if t == step.tile), default=None)
            return None if index is None else self.hand_slot(index)
        if step.point == "tsumo" and self.snap.my_turn:
            return next((b.rect for b in self.buttons if b.action.startswith("tsumo")), None)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.layout.scale
        felt = self.felt_rect()
        box = pygame.Rect(0, 0, min(round(640 * s), felt.w - round(40 * s)), 0)
        box.centerx = felt.centerx
        said, do = self.coach_words()
        self.coach_rect = coach_box(surface, box, said, do, s, top=self.layout.center.y - round(150 * s))
        target = self.coach_target()
        if target is not None:
            ring(surface, target, s)


def coach_box(surface: pygame.Surface, box: pygame.Rect, said: str, do: str, s: float, top: int = 0,
              bottom: int | None = None) -> pygame.Rect:
    """A butter-yellow card with what happened and, in rose, what to do, from ``top`` (or up to
    ``bottom``); ``box`` gives its width (centred on the window when ``box.x`` is 0). Returns its rect."""
    size, pad = max(13, round(17 * s)), round(12 * s)
    width = box.w - 2 * pad
    lines = [(line, theme.INK) for line in theme.wrap(said, size, width)]
    lines += [(line, theme.ROSE_DEEP) for line in (theme.wrap(do, size, width) if do else [])]
    step = round(size * 1.3)
    card = pygame.Rect(box.x, top, box.w, len(lines) * step + 2 * pad)
    if bottom is not None:
        card.bottom = bottom
    if box.x == 0:
        card.centerx = surface.get_width() // 2
    theme.panel(surface, card, theme.lighter(theme.BUTTER, 0.2), round(14 * s), theme.HIGHLIGHT)
    for i, (line, color) in enumerate(lines):
        theme.blit_text(surface, line, size, color, topleft=(card.x + pad, card.y + pad + i * step))
    return card


def ring(surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
    """A rose ring around what to press (an arrow would cover the guide or the prompt's words)."""
    around = rect.inflate(round(10 * s), round(10 * s))
    pygame.draw.rect(surface, theme.ROSE_DEEP, around, width=max(3, round(4 * s)), border_radius=round(10 * s))
