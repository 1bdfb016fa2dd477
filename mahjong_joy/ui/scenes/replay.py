"""The replay viewer (the table with every hand face up and a control bar) and the Replays list.

The viewer is a :class:`TableScene` that draws a :class:`ReplaySession`: the same
table drawing and tile flights as a live game, but no hand input, no AI pacing and
no score screen; the hand's result shows in a side card instead. Playing advances
by the frame ``dt`` the app feeds every scene, so a replay plays the same way on
every run and in headless tests.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pygame

from mahjong_joy.i18n import N_, ntr, tr
from mahjong_joy.names import ruleset_title, seat_name
from mahjong_joy.errors import MahjongJoyError
from mahjong_joy.notation import parse_tiles
from mahjong_joy.ui import theme
from mahjong_joy.ui.bubble import TAIL_SIDES, bubble_size, draw_bubble
from mahjong_joy.replay.branch import branch_refusal
from mahjong_joy.ui.layout import REVIEW_STRIP, TableLayout, replay_bar, table_layout
from mahjong_joy.ui.replay_session import ReplaySession
from mahjong_joy.ui.review_panel import draw_marks, draw_review_panel, mark_steps, review_panel_height
from mahjong_joy.ui.review_state import ReviewState
from mahjong_joy.ui.scenes.base import Scene, Transition
from mahjong_joy.ui.scenes.score import headline, score_lines
from mahjong_joy.ui.scenes.table import TableScene
from mahjong_joy.ui.widgets import Button, draw_focus_ring, draw_progress_bar, ensure_focus, hotkey_button, keyboard_focus, pointer_hit

SPEEDS = (0.5, 1.0, 2.0, 4.0)
STEP_SECONDS = 0.6  # one decision per this many seconds at 1x
KEYS_HELP = (N_("←/→  step"), N_("Space  play / pause"), N_("PgUp/PgDn  hand"), N_("S  speed"), N_("P  play from here"), N_("Esc  back"))
PANEL_LEAST = 240  # px (at scale 1): the review panel's least width
# control id -> (hotkey, hint under the icon)
CONTROLS = (
    ("prev_hand", pygame.K_PAGEUP, "PgUp"),
    ("back", pygame.K_LEFT, "←"),
    ("play", pygame.K_SPACE, "Space"),
    ("forward", pygame.K_RIGHT, "→"),
    ("next_hand", pygame.K_PAGEDOWN, "PgDn"),
    ("speed", pygame.K_s, "S"),
)


class ReplayViewerScene(TableScene):
    """Step, jump and play through a recorded match; Esc goes back."""

    hand_focus = False  # the keyboard focus sits on the control bar

    def __init__(self, app: Any, session: ReplaySession, title: str = N_("Replay"), *, review: ReviewState | None = None,
                 live_match: bool = False) -> None:
        super().__init__(app, session)
        self.session: ReplaySession = session
        self.title = title
        self.reviews: dict[int, ReviewState] = {} if review is None else {review.seat: review}
        self.review_seat = review.seat if review is not None else session.me
        self.reviewing = review is not None
        self.live_match = live_match  # the hand just played, reviewed mid-match: no Play from here until it ends
        self.review_button = Button(N_("Review"), "review", pygame.Rect(0, 0, 1, 1), pygame.K_r, hint="R")
        self.strip = pygame.Rect(0, 0, 1, 1)  # the hand's step track (marks in review mode); a click seeks
        self.playing = False
        self.speed_index = SPEEDS.index(1.0)
        self.play_timer = 0.0
        self.bar = pygame.Rect(0, 0, 1, 1)
        self.controls: list[Button] = []
        self.close = Button(N_("Back"), "close", pygame.Rect(0, 0, 1, 1), pygame.K_ESCAPE, hint="Esc")
        self.play_here = Button(N_("Play from here"), "play_here", pygame.Rect(0, 0, 1, 1), pygame.K_p, hint="P")
        if branch_refusal(session.cursor):  # an imported log: the button says why there is no Play from here (play test #9)
            self.play_here.label, self.play_here.hint = N_("Can't play on"), N_("imported log: why? P")
        elif live_match:
            self.play_here.label, self.play_here.hint = N_("Can't play on"), N_("match in play: P")

    @property
    def review(self) -> ReviewState | None:
        """The review of the seat under review (made when review mode first opens for it)."""
        return self.reviews.get(self.review_seat)

    @property
    def speed(self) -> float:
        """Playback speed factor (0.5x .. 4x)."""
        return SPEEDS[self.speed_index]

    # -- lifecycle -------------------------------------------------------------------
    def enter(self, context: Any = None) -> None:
        self.refresh()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self._layout_bar()

    def table_layout(self, size: tuple[int, int]) -> TableLayout:
        """In review mode the table keeps clear of the taller control bar (the grade marks)."""
        return table_layout(size, self.app.settings.ui_scale, self.reviewing)

    def _rebuild_buttons(self) -> None:
        self.buttons = []  # no tsumo or kan buttons: nothing can be played into a replay

    def _layout_bar(self) -> None:
        """The control bar spans the strip between the bottom river and the bottom hand."""
        L, s = self.layout, self.layout.scale
        right = L.actions.right if L.zoom == 1.0 else L.line_area(0).right  # larger tiles put the buttons left of my pond
        self.bar = replay_bar(L.size, L.line_area(0).h, self.reviewing, right)  # review mode: the grade marks under the labels
        pad = round(6 * s)
        bw, bh = round(62 * s), round(56 * s) - 2 * pad
        top = self.bar.centery - bh // 2
        x = self.bar.x + pad
        self.controls = []
        for action, key, hint in CONTROLS:
            width = round(78 * s) if action == "speed" else bw
            self.controls.append(Button("", action, pygame.Rect(x, top, width, bh), key, primary=action == "play", hint=hint))
            x += width + pad
        self.close.rect = pygame.Rect(self.bar.right - pad - round(84 * s), top, round(84 * s), bh)
        self.play_here.rect = pygame.Rect(self.close.rect.x - pad - round(150 * s), top, round(150 * s), bh)
        self.review_button.rect = pygame.Rect(self.play_here.rect.x - pad - round(92 * s), top, round(92 * s), bh)
        x0 = self.controls[-1].rect.right + round(18 * s)
        right = self.review_button.rect.x - round(12 * s)
        if self.reviewing:
            self.strip = pygame.Rect(x0, self.bar.bottom - round(15 * s), max(1, right - x0), max(2, round(4 * s)))
        else:
            self.strip = pygame.Rect(x0, self.bar.bottom - round(5 * s), max(1, right - x0), max(2, round(3 * s)))
        ensure_focus(self._buttons(), next(b for b in self.controls if b.action == "play"))

    def layout_rects(self) -> dict[str, pygame.Rect]:
        rects = dict(super().layout_rects())
        for name in ("guide", "actions"):  # the viewer draws neither
            rects.pop(name, None)
        rects["bar"] = self.bar
        if self.reviewing and self._roomy(left=True):
            rects["review"] = self.review_rect()  # (over larger tiles it lies over the left seat's on purpose)
        return rects

    # -- input -----------------------------------------------------------------------
    def _buttons(self) -> list[Button]:
        return self.controls + [self.review_button, self.play_here, self.close]

    def handle(self, event: pygame.event.Event) -> None:
        used, hit = keyboard_focus(self._buttons(), event, arrows=False, space=False)
        if not used:  # Tab moves the focus along the bar, Enter presses it; the other keys are the controls' own
            hit = pointer_hit(self._buttons(), event)
        if hit is not None:
            self.press(hit.action)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.strip.inflate(0, round(16 * self.layout.scale)).collidepoint(event.pos):
            self._seek_strip(event.pos[0])
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _key(self, key: int) -> None:
        aliases = {pygame.K_UP: "prev_hand", pygame.K_DOWN: "next_hand", pygame.K_KP_ENTER: "play",
                   pygame.K_RIGHTBRACKET: "next_mistake", pygame.K_LEFTBRACKET: "prev_mistake", pygame.K_v: "review_seat"}
        hit = hotkey_button(self._buttons(), key)
        action = hit.action if hit is not None else aliases.get(key)
        if action is not None:
            self.press(action)

    def _seek_strip(self, x: int) -> None:
        """A click on the hand's step track goes to that step (in review mode, to a mark)."""
        hand, _ = self.session.cursor.position
        total = self.session.cursor.steps_in_hand(hand)
        step = round((x - self.strip.x) / max(1, self.strip.w) * total)
        marks = mark_steps(self.review.marks(hand)) if self.reviewing and self.review is not None and self.review.ready else []
        near = [m for m in marks if abs(m - step) * self.strip.w <= total * round(8 * self.layout.scale)]
        self.playing = False
        self.seek(hand, min(near, key=lambda m: abs(m - step)) if near else step)

    def press(self, action: str) -> None:
        """Carry out a control: a step, a jump, play/pause, the next speed, or close."""
        if action == "close":
            for review in self.reviews.values():
                review.cancel()  # nobody waits for a review still running
            self.next = Transition("pop")
        elif action == "play_here" and self.live_match:
            self.show_message(tr("This hand is part of the match in play: finish the match, then Play from here works from Replays."))
        elif action == "play_here":
            self.playing = False
            self.next = Transition("push", "seat_chooser", args=(self,))
        elif action in ("review", "review_seat", "next_mistake", "prev_mistake"):
            self.press_review(action)
        elif action == "play":
            self.playing = not self.playing and not self.session.cursor.at_end
            self.play_timer = 0.0
        elif action == "speed":
            self.speed_index = (self.speed_index + 1) % len(SPEEDS)
        elif action == "forward":
            self.playing = False
            self.step_forward()
        else:
            self.playing = False
            self._jump({"back": self.session.back, "prev_hand": self.session.prev_hand, "next_hand": self.session.next_hand}[action])

    def press_review(self, action: str) -> None:
        """Review mode on or off, the next seat under review, or a jump to the next or previous mistake."""
        if action == "review":
            self.reviewing = not self.reviewing
        elif action == "review_seat" and self.reviewing:
            self.review_seat = (self.review_seat + 1) % 4
        elif action in ("next_mistake", "prev_mistake") and self.reviewing:
            self._jump_mistake(action == "next_mistake")
            return
        else:
            return
        if self.reviewing and self.review is None:
            self.reviews[self.review_seat] = ReviewState(self.session.record, self.review_seat, name=self.session.cursor.name,
                                                         match_index=self.session.cursor.match_index)
        self.resize(self.app.size)  # the table and the bar, laid out for review mode or out of it

    def _jump_mistake(self, forward: bool) -> None:
        """To the next (or previous) mistake or blunder; a note when there is none that way."""
        review = self.review
        if review is None or not review.ready:
            self.show_message(tr("The review is still being made."), 2.0)
            return
        here = self.session.cursor.position
        target = review.next_mistake(here) if forward else review.previous_mistake(here)
        if target is None:
            self.show_message(tr("No more mistakes that way.") if review.mistakes else tr("No mistakes in this match."), 2.0)
            return
        self.playing = False
        self.seek(*target)

    def step_forward(self) -> bool:
        """One decision on, with the table's flights for it; False at the end."""
        if not self.session.forward():
            return False
        self._origin = None  # flights start from the seat's line, as for an AI move
        self.after_step()
        return True

    def _start_reveal(self) -> None:
        """Nothing to turn over: in a replay every hand already lies face up."""
        self.flipping = frozenset()

    def _jump(self, move: Callable[[], Any]) -> None:
        """A move without flights: back steps and hand jumps redraw at once."""
        move()
        self.session.drain_events()
        self.anim.flights.clear()
        self.refresh()
        self._layer_key = None

    def seek(self, hand: int, step: int) -> None:
        """Open at ``(hand, step)``, both 0-based (clamped)."""
        self._jump(lambda: self.session.seek(hand, step))

    # -- flow ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._run_review()
        self.anim.update(dt)
        self.callouts.update(dt)  # the table's "Pon!" banners fade here too
        self.flip.update(dt)
        if self.message_timer > 0:
            self.message_timer -= dt
        if not self.playing:
            return
        self.play_timer += dt
        interval = STEP_SECONDS / self.speed
        if self.play_timer >= interval - 1e-9:
            self.play_timer = min(self.play_timer - interval, interval)
            if not self.step_forward() or self.session.cursor.at_end:
                self.playing = False

    def _run_review(self) -> None:
        """Hand the review to the window's loop (steps between frames), then take its result."""
        review = self.review
        if not self.reviewing or review is None:
            return
        if not review.started:
            review.start(self.app)
        review.poll()

    # -- drawing ---------------------------------------------------------------------
    def guide_items(self) -> tuple[str, list[tuple[int, int]]]:
        return "", []  # the control bar sits where the guide would

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self._draw_bar(surface)
        self._draw_info(surface)
        if self.snap is not None and self.snap.result is not None:
            self._draw_result(surface)
        self._draw_reason(surface)
        if self.reviewing:
            self._draw_review(surface)

    def _draw_bar(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        theme.panel(surface, self.bar, theme.lighter(theme.LAVENDER, 0.6), round(14 * s))
        for button in self.controls:
            button.draw(surface, s)
            if button.action == "speed":
                label = f"{self.speed:g}x"
                theme.blit_text(surface, label, round(18 * s), theme.INK, center=(button.rect.centerx, button.rect.centery - round(6 * s)))
            else:
                draw_icon(surface, button.action if button.action != "play" or not self.playing else "pause", button.rect.move(0, -round(6 * s)), s)
        self.review_button.label = N_("Review off") if self.reviewing else N_("Review")
        self.review_button.primary = self.reviewing
        for button in (self.review_button, self.play_here, self.close):
            button.draw(surface, s)
        x, right = self.strip.x, self.strip.right
        mid = self.bar.centery - (round(REVIEW_STRIP * s) // 2 if self.reviewing else 0)
        theme.blit_text(surface, self.session.position_label(), round(20 * s), theme.INK, midleft=(x, mid - round(10 * s)))
        action = _fit(self.session.action_label(), round(15 * s), right - x)
        theme.blit_text(surface, action, round(15 * s), theme.INK_SOFT, midleft=(x, mid + round(13 * s)))
        self._draw_progress(surface, self.strip)
        review = self.review
        if self.reviewing and review is not None and review.ready:
            hand, _ = self.session.cursor.position
            draw_marks(surface, self.strip, review.marks(hand), self.session.cursor.steps_in_hand(hand), s)

    def reason_rect(self) -> tuple[pygame.Rect, str] | None:
        """Where the last decision's reason goes and the side its tail points to, by the
        seat that decided: the free felt beside the rivers (the bottom seat's just above
        the bar, the top seat's at the top left, the right seat's under the info card);
        with the hand's result card showing, under the info card. ``None`` without a reason."""
        said = self.session.reason()
        if said is None or self.snap is None:
            return None
        seat, why = said
        L, s = self.layout, self.layout.scale
        rel = (seat - self.snap.me) % 4
        left, right = self._side_card(left=True, widen=True), self._side_card(left=False, widen=True)
        column = right if rel == 1 or self.snap.result is not None or self.reviewing else left  # review mode: the panel has the left
        width, height = bubble_size(self._thinker(seat), why, column.w, s)
        rect = pygame.Rect(column.x, column.y, width, height)
        gap = round(14 * s)
        if column is right and self._roomy(left=False):
            rect.y = self._info_card()[0].bottom + gap
        elif rel == 0:
            rect.bottom = self.bar.y - gap
        elif rel == 3:
            rect.centery = L.line_area(3).centery
        return rect, TAIL_SIDES[rel]

    def _thinker(self, seat: int) -> str:
        return tr("{name} thinks", name=seat_name(self.snap.names[seat])) if self.snap is not None else ""

    def _draw_reason(self, surface: pygame.Surface) -> None:
        """The AI's reason for the step just shown, in a bubble by the seat that decided."""
        placed = self.reason_rect()
        if placed is None:
            return
        rect, tail = placed
        seat, why = self.session.reason()  # type: ignore[misc]
        draw_bubble(surface, rect, self._thinker(seat), why, tail, self.layout.scale)

    def review_rect(self) -> pygame.Rect:
        """The review panel: the left column, under the hand's result card when that shows.
        Larger tiles (Settings: tile size) leave that column narrow: the panel keeps a readable
        width from the screen's left edge, over the left seat's tiles."""
        s = self.layout.scale
        column = self._side_card(left=True, widen=True)
        if self.snap is not None and self.snap.result is not None:
            below = self._result_card().bottom + round(12 * s)
            column = pygame.Rect(column.x, below, column.w, max(0, column.bottom - below))
        card = self._review_card()
        hand, step = self.session.cursor.position
        height = review_panel_height(card, self.review, column.w, s, hand, column.h, self.app.art, step)
        return pygame.Rect(column.x, column.y, column.w, min(column.h, height))

    def _review_card(self) -> Any:
        """The reviewed decision the seat faces at the cursor, else the one it has just made
        (so stepping forward shows each decision before and after it is played)."""
        review = self.review
        if review is None or not review.ready:
            return None
        hand, step = self.session.cursor.position
        return review.card_at(hand, step) or review.card_at(hand, step - 1)

    def _draw_review(self, surface: pygame.Surface) -> None:
        """The review panel: the decision at the cursor (grade, loss, the AI's top three beside
        the player's choice, the reason), the hand's tally and the legend; a progress bar while
        the review is made."""
        rect = self.review_rect()
        if rect.h < round(60 * self.layout.scale) or self.snap is None:
            return
        hand, _ = self.session.cursor.position
        name = self.snap.names[self.review_seat]
        draw_review_panel(surface, rect, self.review, self._review_card(), hand, name, self.layout.scale, self.app.art,
                          self.session.cursor.position[1])

    def _draw_progress(self, surface: pygame.Surface, track: pygame.Rect) -> None:
        """A thin track under the labels: how far into the hand the cursor is."""
        hand, step = self.session.cursor.position
        draw_progress_bar(surface, track, step, max(1, self.session.cursor.steps_in_hand(hand)))

    def _side_card(self, left: bool, widen: bool = False) -> pygame.Rect:
        """A card in the free felt beside the left or right rivers. Larger tiles (Settings:
        tile size) leave that felt narrow; with ``widen`` the card then keeps a readable
        width from the screen's edge, over that seat's tiles (the result card and the review
        panel, which matter more than the tiles they cover; the keys card is left out instead)."""
        L, s = self.layout, self.layout.scale
        top = L.line_area(2).bottom + round(16 * s)
        clear = L.opp_w + round(10 * s)  # a kan's stacked tile stands out of the side line toward the centre
        if left:
            x0, x1 = L.line_area(3).right + clear, L.river_area(3).x - round(14 * s)
        else:
            x0, x1 = L.river_area(1).right + round(14 * s), L.line_area(1).x - clear
        least = round(PANEL_LEAST * s)
        if widen and x1 - x0 < least:
            edge = round(16 * s)
            if left:
                x0, x1 = edge, max(x1, edge + least)
            else:
                x1 = self.app.screen.get_width() - edge
                x0 = min(x0, x1 - least)
        return pygame.Rect(x0, top, x1 - x0, self.bar.y - round(14 * s) - top)

    def _roomy(self, left: bool) -> bool:
        """Whether the felt beside that side's river holds a card of readable width."""
        return self._side_card(left).w >= round(PANEL_LEAST * self.layout.scale)

    def _info_card(self) -> tuple[pygame.Rect, list[tuple[str, int, tuple[int, int, int]]]]:
        """Top right: the info card's rectangle and lines (the title, then the keys)."""
        s = self.layout.scale
        card = self._side_card(left=False)
        title_size = round(19 * s)
        lines = [(part, title_size, theme.INK) for part in _pack(tr(self.title), title_size, card.w - round(24 * s))[:3]]
        if self.session.branch is not None:  # a match played on from another record's position
            said = tr("played on from {where}", where=self.session.branch.describe())
            lines += [(part, round(14 * s), theme.LAVENDER_DEEP) for part in theme.wrap(said, round(14 * s), card.w - round(24 * s))[:2]]
        lines += [(tr(text), round(14 * s), theme.INK_SOFT) for text in KEYS_HELP]
        lines += [(text, round(14 * s), theme.INK_SOFT) for text in self.review_keys()]
        height = sum(round(size * 1.45) for _, size, _ in lines) + round(20 * s)
        card.h = min(card.h, height)
        return card, lines

    def review_keys(self) -> list[str]:
        """The review's keys for the info card: R alone, or the keys review mode adds."""
        if not self.reviewing:
            return [tr("R  review")]
        return [tr("R  review off"), tr("[ / ]  mistake before / after"), tr("V  review another seat")]

    def _draw_info(self, surface: pygame.Surface) -> None:
        """Top right: what is being replayed and the keys; left out when larger tiles leave
        no readable room there (every key is also written on its button)."""
        if not self._roomy(left=False):
            return
        s = self.layout.scale
        card, lines = self._info_card()
        theme.panel(surface, card, theme.PANEL, round(14 * s))
        y = card.y + round(10 * s)
        for text, size, color in lines:
            theme.blit_text(surface, _fit(text, size, card.w - round(24 * s)), size, color, topleft=(card.x + round(12 * s), y))
            y += round(size * 1.45)

    def _result_lines(self) -> tuple[pygame.Rect, list[tuple[str, int, tuple[int, int, int]]]]:
        """The result card's rectangle and its wrapped lines."""
        snap, s = self.snap, self.layout.scale
        r = snap.result
        card = self._side_card(left=True, widen=True)
        lines: list[tuple[str, int, tuple[int, int, int]]] = [(headline(snap), round(17 * s), theme.ROSE_DEEP)]
        if not r.wins:
            ready = tr(", ").join(seat_name(snap.names[seat]) for seat, _ in r.ready) or tr("nobody")
            lines.append((tr("Ready: {names}", names=ready), round(14 * s), theme.INK))
        lines += [(line, round(14 * s), theme.INK) for line in score_lines(snap)]
        lines.append(("", round(8 * s), theme.INK))
        lines += [(f"{seat_name(snap.names[seat])}  {d:+,}  → {snap.points[seat]:,}", round(14 * s), theme.INK_SOFT) for seat, d in enumerate(r.deltas)]
        if snap.match_over:
            lines.append((tr("Match over"), round(15 * s), theme.MINT_DEEP))
        wrapped = [(part, size, color) for text, size, color in lines for part in theme.wrap(text, size, card.w - round(24 * s))]
        card.h = min(card.h, sum(round(size * 1.4) for _, size, _ in wrapped) + round(20 * s))
        return card, wrapped

    def _result_card(self) -> pygame.Rect:
        """Where the hand's result card lies (the review panel goes under it)."""
        return self._result_lines()[0]

    def _draw_result(self, surface: pygame.Surface) -> None:
        """Left: how the hand ended, the yaku and every seat's change (the score screen in small)."""
        s = self.layout.scale
        card, wrapped = self._result_lines()
        theme.panel(surface, card, theme.lighter(theme.BUTTER, 0.45), round(14 * s), theme.HIGHLIGHT)
        y = card.y + round(10 * s)
        for text, size, color in wrapped:
            if y + size > card.bottom:
                break
            theme.blit_text(surface, text, size, color, topleft=(card.x + round(12 * s), y))
            y += round(size * 1.4)


def draw_icon(surface: pygame.Surface, name: str, rect: pygame.Rect, s: float) -> None:
    """Media icons drawn as shapes (the bundled font has no media glyphs)."""
    u = max(4, round(8 * s))
    cx, cy = rect.center
    color = theme.INK

    def triangle(x: int, pointing: int) -> None:
        tip = x + pointing * u
        pygame.draw.polygon(surface, color, [(x - pointing * u, cy - u), (tip, cy), (x - pointing * u, cy + u)])

    def bar(x: int) -> None:
        pygame.draw.rect(surface, color, pygame.Rect(x - max(1, u // 4), cy - u, max(2, u // 2), 2 * u))

    if name == "play":
        triangle(cx + u // 4, 1)
    elif name == "pause":
        bar(cx - u // 2)
        bar(cx + u // 2)
    elif name == "forward":
        triangle(cx - u // 3, 1)
        bar(cx + u)
    elif name == "back":
        triangle(cx + u // 3, -1)
        bar(cx - u)
    elif name == "next_hand":
        triangle(cx - u, 1)
        triangle(cx + u // 2, 1)
        bar(cx + 3 * u // 2 + 1)
    elif name == "prev_hand":
        triangle(cx + u, -1)
        triangle(cx - u // 2, -1)
        bar(cx - 3 * u // 2 - 1)


def _pack(title: str, size: int, width: int) -> list[str]:
    """Lines of a ``a · b · c`` title broken only between its parts (a part too wide is cut)."""
    lines: list[str] = []
    for part in title.split(" · "):
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and theme.font(size).size(joined)[0] <= width:
            lines[-1] = joined
        else:
            lines.append(_fit(part, size, width))
    return lines


def _fit(text: str, size: int, width: int) -> str:
    """Cut ``text`` with an ellipsis so it fits ``width`` px."""
    if width <= 0 or theme.font(size).size(text)[0] <= width:
        return text
    while text and theme.font(size).size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


PLACES = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd"), 4: N_("4th")}
EMPTY_DECOR = parse_tiles("1z2z3z4z")


def row_title(row: Any) -> str:
    """``2025-03-04 18:22 · Joy · seed 7``: how a past match is named in the list and the viewer."""
    when = str(row.played_at).replace("T", " ")[:16]
    return tr("{when} · {ruleset} · seed {seed}", when=when, ruleset=ruleset_title(str(row.ruleset)), seed=row.seed)


def row_result(row: Any) -> str:
    """The player's placement and points, or that the match was left unfinished."""
    if row.placement is None:
        return tr("unfinished")
    points = row.points[row.player_seat] if 0 <= row.player_seat < len(row.points) else 0
    place = tr(PLACES[row.placement]) if row.placement in PLACES else str(row.placement)
    return f"{place} · {points:,}"


def record_file(row: Any) -> Path:
    """The row's record file (a relative path is taken inside the records folder)."""
    path = Path(row.record_path)
    if path.is_absolute():
        return path
    from mahjong_joy.storage.paths import records_dir

    return records_dir() / path


PROBLEMS = (("not found", N_("its record file is missing")), ("not valid JSON", N_("its record file is damaged")),
            ("newer than", N_("it was recorded by a newer Mahjong Joy")), ("does not apply", N_("its record does not replay")),
            ("larger than", N_("its record file is too large")), ("nests deeper", N_("its record file is damaged")),
            ("digits", N_("its record file is damaged")), ("must be", N_("its record file is damaged")))


def short_problem(message: str) -> str:
    """A few words for a row: why its record would not open (the full message is for the terminal)."""
    return tr(next((short for needle, short in PROBLEMS if needle in message), N_("its record cannot be read")))


def load_rows(path: str | Path | None = None) -> tuple[Sequence[Any], str | None]:
    """Past matches from the history (at ``path``, default the data folder's), newest first, and
    what the player should hear about it (a file set aside, rows skipped, or a history in use by
    another program: no rows for now).

    One query fetches the ids; a row is read and checked, a page at a time, only when the
    list shows it (:meth:`History.match_list`), so 10,000 matches open about as fast as ten.
    """
    from mahjong_joy.errors import StorageUnavailableError
    from mahjong_joy.storage.history import History

    try:
        with History.open(path) as history:
            rows = history.match_list()
            return rows, history.message()
    except StorageUnavailableError as exc:
        return [], str(exc)


class ReplaysScene(Scene):
    """The list of past matches: wheel or arrows to scroll, click or Enter to open one."""

    def __init__(self, app: Any, rows: Sequence[Any] | None = None, path: str | Path | None = None) -> None:
        super().__init__(app)
        self.rows: Sequence[Any] | None = rows
        self.path = path  # the history file (default: the data folder's)
        self.notice: str | None = None
        self.problems: dict[int, str] = {}  # row index -> why its record would not open
        self.selected = 0
        self.first_shown = 0
        self.card = pygame.Rect(0, 0, 1, 1)
        self.row_h = 1
        self.buttons: list[Button] = []

    def enter(self, context: Any = None) -> None:
        if self.rows is None:
            self.rows, self.notice = load_rows(self.path)

    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale
        w, h = size
        bw, bh = round(200 * s), round(54 * s)
        y = h - round(80 * s)
        self.buttons = [Button(N_("Open"), "open", pygame.Rect(w // 2 - bw - round(10 * s), y, bw, bh), pygame.K_RETURN, primary=True, hint="Enter"),
                        Button(N_("Back"), "back", pygame.Rect(w // 2 + round(10 * s), y, bw, bh), pygame.K_ESCAPE, hint="Esc")]
        self.card = pygame.Rect(round(80 * s), round(110 * s), w - round(160 * s), y - round(130 * s))
        self.row_h = round(56 * s)

    def layout_rects(self) -> dict[str, pygame.Rect]:
        return {b.action: b.rect for b in self.buttons} | {"list": self.card}

    @property
    def visible(self) -> int:
        """Rows that fit in the card."""
        return max(1, (self.card.h - round(16 * self.scale)) // self.row_h)

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row ``index`` is drawn (it may lie outside the card when scrolled away)."""
        pad, bar = round(8 * self.scale), round(14 * self.scale)  # room on the right for the scrollbar
        return pygame.Rect(self.card.x + pad, self.card.y + pad + (index - self.first_shown) * self.row_h, self.card.w - 2 * pad - bar, self.row_h - round(4 * self.scale))

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The row index under ``pos``, if a visible row is there."""
        for index in range(self.first_shown, min(len(self.rows or []), self.first_shown + self.visible)):
            if self.row_rect(index).collidepoint(pos):
                return index
        return None

    # -- input -----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        hit = pointer_hit(self.buttons, event)
        if hit is not None:
            self.choose(hit.action)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * 3)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.row_at(event.pos)
            if index is not None:
                self.selected = index
                self.open(index)
        elif event.type == pygame.KEYDOWN and not self.rows and event.key == pygame.K_SPACE:
            self.choose("back")  # the focused Back of an empty list (Enter stays Open's key, which waits for a match)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _key(self, key: int) -> None:
        moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible, pygame.K_PAGEDOWN: self.visible}
        if key in moves:
            self.select(self.selected + moves[key])
        elif key == pygame.K_HOME:
            self.select(0)
        elif key == pygame.K_END:
            self.select(len(self.rows or []) - 1)
        elif key == pygame.K_KP_ENTER:
            self.choose("open")
        else:
            hit = hotkey_button(self.buttons, key)
            if hit is not None:
                self.choose(hit.action)

    def select(self, index: int) -> None:
        """Move the highlight, scrolling so it stays in view."""
        count = len(self.rows or [])
        self.selected = min(max(0, index), max(0, count - 1))
        if self.selected < self.first_shown:
            self.first_shown = self.selected
        elif self.selected >= self.first_shown + self.visible:
            self.first_shown = self.selected - self.visible + 1

    def scroll(self, rows: int) -> None:
        """Scroll the list by ``rows`` (the wheel); the highlight follows into view."""
        self.first_shown = min(max(0, self.first_shown + rows), max(0, len(self.rows or []) - self.visible))
        self.selected = min(max(self.selected, self.first_shown), self.first_shown + self.visible - 1)

    def choose(self, action: str) -> None:
        """Open the highlighted match, or go back."""
        if action == "back":
            self.next = Transition("pop")
        elif action == "open" and self.rows:
            self.open(self.selected)

    def open(self, index: int) -> None:
        """Open the viewer on a row's record; an unreadable record shows a note on its row instead."""
        from mahjong_joy.replay.record import read_record

        row = self.rows[index]  # type: ignore[index]
        path = record_file(row)
        try:
            session = ReplaySession(read_record(path), name=path.name)
        except (MahjongJoyError, OSError) as exc:
            self.problems[index] = short_problem(str(exc))
            return
        self.problems.pop(index, None)
        self.next = Transition("push", ReplayViewerScene(self.app, session, row_title(row)))

    # -- drawing ---------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        w, _ = surface.get_size()
        surface.fill(theme.BACKGROUND)
        theme.blit_text(surface, tr("Replays"), round(44 * s), theme.INK, center=(w // 2, round(52 * s)))
        sub = self.notice or (tr("Past matches, newest first. Open one to step through it with every hand face up.") if self.rows else "")
        theme.blit_text(surface, _fit(sub, round(16 * s), self.card.w), round(16 * s), theme.ROSE_DEEP if self.notice else theme.INK_SOFT, center=(w // 2, round(90 * s)))
        theme.panel(surface, self.card, theme.PANEL, round(18 * s))
        if not self.rows:
            self._draw_empty(surface, s)
        else:
            self._draw_rows(surface, s)
        for b in self.buttons:
            b.enabled = b.action != "open" or bool(self.rows)
            b.focused = not self.rows and b.action == "back"  # no row to hold the focus: Back has it
            b.draw(surface, s)

    def _draw_empty(self, surface: pygame.Surface, s: float) -> None:
        """A friendly empty state: a few tiles and what to do."""
        c = self.card
        tw = round(40 * s)
        x0 = c.centerx - (len(EMPTY_DECOR) * (tw + 8)) // 2
        for i, tile in enumerate(EMPTY_DECOR):
            surface.blit(self.app.art.image(tile, tw), (x0 + i * (tw + 8), c.centery - round(110 * s)))
        theme.blit_text(surface, tr("No matches yet"), round(28 * s), theme.INK, center=(c.centerx, c.centery + round(10 * s)))
        theme.blit_fit(surface, tr("Play a game from Home: when it ends, it appears here to replay."), round(17 * s), theme.INK_SOFT, c.w - round(24 * s), center=(c.centerx, c.centery + round(46 * s)))

    def _draw_rows(self, surface: pygame.Surface, s: float) -> None:
        rows = self.rows or []
        clip = surface.get_clip()
        surface.set_clip(self.card.inflate(-4, -4))
        for index in range(self.first_shown, min(len(rows), self.first_shown + self.visible)):
            rect, row = self.row_rect(index), rows[index]
            fill = theme.lighter(theme.HIGHLIGHT, 0.6) if index == self.selected else theme.lighter(theme.LAVENDER, 0.75 if index % 2 else 0.85)
            pygame.draw.rect(surface, fill, rect, border_radius=round(10 * s))
            x = rect.x + round(16 * s)
            theme.blit_text(surface, row_title(row), round(18 * s), theme.INK, midleft=(x, rect.centery - round(9 * s)))
            problem = self.problems.get(index)
            detail = (tr("Cannot open this match: {problem}", problem=problem) if problem
                      else ntr("{count} hand · {name}", "{count} hands · {name}", row.hands, name=seat_name(row.player_name)))

            theme.blit_text(surface, _fit(detail, round(14 * s), rect.w * 2 // 3), round(14 * s), theme.ROSE_DEEP if problem else theme.INK_SOFT, midleft=(x, rect.centery + round(12 * s)))
            theme.blit_text(surface, row_result(row), round(18 * s), theme.INK, midright=(rect.right - round(16 * s), rect.centery))
            if index == self.selected:  # the keyboard focus: Up/Down move it, Enter opens
                draw_focus_ring(surface, rect.inflate(-round(12 * s), -round(12 * s)), s)
        surface.set_clip(clip)
        self._draw_scrollbar(surface, s, len(rows))

    def _draw_scrollbar(self, surface: pygame.Surface, s: float, count: int) -> None:
        if count <= self.visible:
            return
        track = pygame.Rect(self.card.right - round(8 * s), self.card.y + round(12 * s), round(4 * s), self.card.h - round(24 * s))
        pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=track.w)
        thumb = track.copy()
        thumb.h = max(round(20 * s), track.h * self.visible // count)
        thumb.y = track.y + (track.h - thumb.h) * self.first_shown // max(1, count - self.visible)
        pygame.draw.rect(surface, theme.LAVENDER_DEEP, thumb, border_radius=track.w)


def open_viewer(
    session: ReplaySession,
    title: str,
    position: tuple[int, int] = (0, 0),
    frames: int | None = None,
    screenshot: Path | None = None,
    size: tuple[int, int] | None = None,
) -> int:
    """``mahjong-joy replay FILE``: the viewer alone in a window, opened at ``position`` (0-based).

    With ``frames`` (or a ``screenshot``) it runs that many fixed frames without
    pacing, saves the PNG and returns: CI and bug reports use it headless. The
    interactive window keeps the player's settings; a headless run never touches them.
    """
    from mahjong_joy.storage.settings import Settings
    from mahjong_joy.ui.app import App, run_or_shoot

    headless = frames is not None or screenshot is not None
    app = App(size=size, settings=Settings() if headless else None)
    viewer = ReplayViewerScene(app, session, title)
    app.replace(viewer)
    viewer.seek(*position)
    return run_or_shoot(app, frames, screenshot)
