"""The review of a match at a glance (issue 26 §1-2): what the standings' "Review this match" opens.

While the coach works (in a worker thread, :class:`~mahjong_joy.ui.review_state.ReviewState`)
the screen shows a progress bar; then the figures (decisions reviewed, agreement with the AI,
the total loss, how many of each grade, with the legend), the five costliest decisions, each
a link into the replay viewer in review mode at that step (a click, Enter, or 1-5), and luck
apart from skill: facts from the record, not grades. "Step through it" opens the viewer at the
first mistake. Esc goes back.
"""

from __future__ import annotations

from typing import Any

import pygame

from mahjong_joy.ai.judge import action_words
from mahjong_joy.i18n import N_, ntr, tr
from mahjong_joy.replay.seats import seat_names
from mahjong_joy.ui import theme
from mahjong_joy.ui.grades import GRADES, draw_mark
from mahjong_joy.ui.navigation import build
from mahjong_joy.ui.replay_session import ReplaySession
from mahjong_joy.ui.review_panel import legend_rows, money
from mahjong_joy.ui.review_state import ReviewState
from mahjong_joy.ui.scenes.base import Scene, Transition
from mahjong_joy.ui.widgets import (Button, draw_focus_ring, draw_progress_bar, ensure_focus, focus_on, focused_item, hotkey_button,
                                    keyboard_focus, pointer_hit)

ROW_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5)


class ReviewSummaryScene(Scene):
    """One seat's review of a record's match, summed up; its costliest decisions open the viewer."""

    def __init__(self, app: Any, record: dict[str, Any], seat: int, title: str = "", *, name: str = "match",
                 review: ReviewState | None = None) -> None:
        super().__init__(app)
        self.record = record
        self.seat = seat
        self.title = title
        self.review = review or ReviewState(record, seat, name=name)
        self.rows: list[Button] = []  # the costliest decisions, as links
        self.open_button = Button(N_("Step through it"), "open", pygame.Rect(0, 0, 1, 1), pygame.K_v, primary=True, keycap="V")
        self.back = Button(N_("Back"), "back", pygame.Rect(0, 0, 1, 1), pygame.K_ESCAPE, keycap="Esc")
        self.left = self.right = pygame.Rect(0, 0, 1, 1)
        self._session: ReplaySession | None = None

    # -- flow ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if not self.review.started:
            self.review.start(self.app)  # steps between frames
        if not self.review.ready and self.review.poll():
            self.resize(self.app.size)  # the links exist now
            focus_on(self._buttons(), "worst0")  # the costliest decision first

    def animating(self) -> bool:
        return not self.review.ready  # the progress bar moves

    # -- layout ----------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale
        w, h = size
        top, bottom = round(112 * s), h - round(100 * s)
        margin, gap = round(w * 0.05), round(28 * s)
        self.left = pygame.Rect(margin, top, round((w - 2 * margin - gap) * 0.42), bottom - top)
        self.right = pygame.Rect(self.left.right + gap, top, w - 2 * margin - gap - self.left.w, bottom - top)
        bw, bh = round(250 * s), round(54 * s)
        y = h - round(80 * s)
        self.open_button.rect = pygame.Rect(w // 2 - bw - round(8 * s), y, bw, bh)
        self.back.rect = pygame.Rect(w // 2 + round(8 * s), y, bw, bh)
        self.open_button.enabled = self.review.ready and bool(self.review.cards)
        kept = focused_item(self._buttons())  # the rows are built anew: the focus keeps its place
        self.rows = []
        if self.review.ready:
            row_h, step = round(52 * s), round(60 * s)
            y = self.right.y + round(52 * s)
            for i, decision in enumerate(self.worst()):
                rect = pygame.Rect(self.right.x + round(16 * s), y + i * step, self.right.w - round(32 * s), row_h)
                self.rows.append(Button("", f"worst{i}", rect, ROW_KEYS[i], hint=" "))
        if kept is not None:
            focus_on(self._buttons(), kept.action)
        ensure_focus(self._buttons())

    def layout_rects(self) -> dict[str, pygame.Rect]:
        rects = {"left": self.left, "right": self.right, "open": self.open_button.rect, "back": self.back.rect}
        rects.update({b.action: b.rect for b in self.rows})
        return rects

    def worst(self) -> tuple[Any, ...]:
        """The five costliest decisions, costliest first (the coach's own list)."""
        return tuple(self.review.review.summary.worst) if self.review.ready else ()

    # -- input -----------------------------------------------------------------------
    def _buttons(self) -> list[Button]:
        return [*self.rows, self.open_button, self.back]

    def handle(self, event: pygame.event.Event) -> None:
        buttons = self._buttons()
        hit = pointer_hit(buttons, event)
        hovered = next((b for b in buttons if b.enabled and b.hover), None)
        if event.type == pygame.MOUSEMOTION and hovered is not None:  # the keyboard focus follows the pointer
            focus_on(buttons, hovered.action)
        elif event.type == pygame.KEYDOWN:
            used, hit = keyboard_focus(buttons, event)  # Tab / Shift-Tab and the arrows move; Enter or Space presses
            if not used:
                hit = hotkey_button(buttons, event.key)
        if hit is not None:
            self.choose(hit.action)

    def choose(self, action: str) -> None:
        """Open a costly decision (``worst0``..``worst4``) or the first mistake in the viewer, or go back."""
        if action == "back":
            self.review.cancel()
            self.next = Transition("pop")
        elif action == "open" and self.review.ready:
            first = self.review.mistakes[0] if self.review.mistakes else (self.review.cards[0].hand, self.review.cards[0].step)
            self.open_at(*first)
        elif action.startswith("worst") and self.review.ready:
            decision = self.worst()[int(action.removeprefix("worst"))]
            self.open_at(decision.hand, decision.step)

    def open_at(self, hand: int, step: int) -> None:
        """The replay viewer over this screen, in review mode at ``(hand, step)``."""
        if self._session is None:
            self._session = ReplaySession(self.record, name=self.review.name)
        viewer = _viewer(self.app, self._session, N_("Review of this match"), self.review)
        self.next = Transition("push", viewer)
        viewer.seek(hand, step)

    # -- drawing ---------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        w, h = surface.get_size()
        surface.fill(theme.BACKGROUND)
        theme.blit_text(surface, tr("Review of this match"), round(42 * s), theme.INK, center=(w // 2, round(46 * s)))
        name = self._seat_name()
        sub = tr("{name}'s decisions, each judged by the Hard AI", name=name) + (f" · {self.title}" if self.title else "")
        theme.blit_fit(surface, sub, round(16 * s), theme.INK_SOFT, w - round(80 * s), center=(w // 2, round(84 * s)))
        if not self.review.ready:
            self._draw_waiting(surface, s)
        else:
            self._draw_figures(surface, s)
            self._draw_worst(surface, s)
        self.open_button.draw(surface, s)
        self.back.draw(surface, s)

    def _seat_name(self) -> str:
        return seat_names(self.record)[self.seat]

    def _draw_waiting(self, surface: pygame.Surface, s: float) -> None:
        """A progress bar while the coach works, or why it could not."""
        w, h = surface.get_size()
        card = pygame.Rect(0, 0, min(round(620 * s), w - round(80 * s)), round(170 * s))
        card.center = (w // 2, h // 2 - round(20 * s))
        theme.panel(surface, card, theme.PANEL, round(18 * s))
        x, inner = card.x + round(30 * s), card.w - round(60 * s)
        if self.review.error:
            lines = theme.wrap(tr("The review could not be made: {why}", why=self.review.error), round(17 * s), inner)
            for i, line in enumerate(lines[:5]):
                theme.blit_text(surface, line, round(17 * s), theme.ROSE_DEEP, topleft=(x, card.y + round(28 * s) + i * round(24 * s)))
            return
        theme.blit_text(surface, self.review.progress_text() if self.review.started else tr("Getting ready to review…"),
                        round(22 * s), theme.INK, topleft=(x, card.y + round(28 * s)))
        draw_progress_bar(surface, pygame.Rect(x, card.y + round(76 * s), inner, round(16 * s)), self.review.fraction)
        theme.blit_fit(surface, tr("The Hard AI weighs every option of each decision, as it does when it plays."),
                       round(15 * s), theme.INK_SOFT, inner, topleft=(x, card.y + round(112 * s)))

    def _draw_figures(self, surface: pygame.Surface, s: float) -> None:
        """Left: the figures, the count of each grade, the legend."""
        card = self.left
        summary = self.review.review.summary
        theme.panel(surface, card, theme.PANEL, round(18 * s))
        x, y, inner = card.x + round(22 * s), card.y + round(18 * s), card.w - round(44 * s)
        figures = (
            (tr("Decisions reviewed"), f"{summary.reviewed}"),
            (tr("Agreement with the AI"), f"{round(100 * summary.agreement)}%"),
            (tr("Total loss"), tr("{points} points", points=money(summary.total_loss))),
        )
        for label, value in figures:
            theme.blit_fit(surface, label, round(17 * s), theme.INK_SOFT, inner * 3 // 5, midleft=(x, y + round(16 * s)))
            theme.blit_text(surface, value, round(24 * s), theme.INK, midright=(x + inner, y + round(16 * s)))
            y += round(40 * s)
        y += round(6 * s)
        cell = inner // len(GRADES)
        for i, grade in enumerate(GRADES):
            cx = x + i * cell
            draw_mark(surface, grade, (cx + round(9 * s), y + round(12 * s)), round(16 * s))
            theme.blit_text(surface, f"{summary.grades.get(grade, 0)}", round(20 * s), theme.INK, midleft=(cx + round(24 * s), y + round(12 * s)))
        y += round(36 * s)
        y = self._draw_kinds(surface, x, y, inner, s)
        pygame.draw.line(surface, theme.PANEL_EDGE, (x, y), (x + inner, y), max(1, round(2 * s)))
        y += round(12 * s)
        for height, draw in legend_rows(inner, s * 1.15):
            if y + height > card.bottom - round(12 * s):
                break
            draw(surface, x, y, inner)
            y += height + round(4 * s)

    def _draw_kinds(self, surface: pygame.Surface, x: int, y: int, width: int, s: float) -> int:
        """A small table by kind of decision: how many, how often the AI agreed, the loss."""
        size, step = round(14 * s), round(21 * s)
        columns = (x + round(width * 0.55), x + round(width * 0.76), x + width)
        heads = (tr("decisions"), tr("agreed"), tr("loss"))
        theme.blit_text(surface, tr("By kind"), size, theme.INK_SOFT, topleft=(x, y))
        for right, head in zip(columns, heads):
            theme.blit_text(surface, head, size, theme.INK_SOFT, topright=(right, y))
        y += step
        for words, count, agreed, loss in kind_rows(self.review.review.decisions):
            theme.blit_fit(surface, words, size, theme.INK, columns[0] - x - round(60 * s), topleft=(x, y))
            for right, value in zip(columns, (f"{count}", f"{agreed}%", money(loss))):
                theme.blit_text(surface, value, size, theme.INK, topright=(right, y))
            y += step
        return y + round(8 * s)

    def _draw_worst(self, surface: pygame.Surface, s: float) -> None:
        """Right: the costliest decisions as links, then the luck lines."""
        card = self.right
        theme.panel(surface, card, theme.PANEL, round(18 * s))
        x, inner = card.x + round(22 * s), card.w - round(44 * s)
        theme.blit_text(surface, tr("The costliest decisions"), round(20 * s), theme.INK, topleft=(x, card.y + round(16 * s)))
        worst = self.worst()
        if not worst:
            theme.blit_fit(surface, tr("None: every decision matched the AI's or came within its margin."), round(15 * s),
                           theme.MINT_DEEP, inner, topleft=(x, card.y + round(56 * s)))
        for button, decision in zip(self.rows, worst):
            self._draw_link(surface, button, decision, s)
        y = (self.rows[-1].rect.bottom if self.rows else card.y + round(80 * s)) + round(18 * s)
        self._draw_luck(surface, x, y, inner, s)

    def _draw_link(self, surface: pygame.Surface, button: Button, decision: Any, s: float) -> None:
        """One costly decision: its number key, mark, where, the choice against the AI's, the loss."""
        rect = button.rect
        fill = theme.lighter(theme.HIGHLIGHT, 0.55) if button.focused or button.hover else theme.lighter(theme.LAVENDER, 0.8)
        theme.panel(surface, rect, fill, round(10 * s), theme.HIGHLIGHT if button.focused else theme.PANEL_EDGE)
        if button.focused:
            draw_focus_ring(surface, rect, s)
        key = ROW_KEYS.index(button.hotkey) + 1 if button.hotkey in ROW_KEYS else 0
        theme.blit_text(surface, f"{key}", round(15 * s), theme.INK_SOFT, midleft=(rect.x + round(10 * s), rect.centery))
        draw_mark(surface, decision.grade, (rect.x + round(36 * s), rect.centery), round(15 * s))
        loss = theme.blit_text(surface, tr("-{points}", points=money(decision.loss)), round(18 * s), theme.ROSE_DEEP,
                               midright=(rect.right - round(12 * s), rect.centery))
        left = rect.x + round(54 * s)
        room = loss.x - left - round(10 * s)
        where = tr("{hand} · step {step}", hand=decision.label, step=decision.step)
        theme.blit_fit(surface, where, round(15 * s), theme.INK, room, topleft=(left, rect.y + round(6 * s)))
        said = tr("you: {chosen} · AI: {best}", chosen=action_words(decision.chosen), best=action_words(decision.best.action))
        theme.blit_fit(surface, said, round(14 * s), theme.INK_SOFT, room, bottomleft=(left, rect.bottom - round(6 * s)))

    def _draw_luck(self, surface: pygame.Surface, x: int, y: int, width: int, s: float) -> None:
        """Luck apart from skill: the coach's facts, as many lines as fit."""
        bottom = self.right.bottom - round(14 * s)
        theme.blit_text(surface, tr("Luck, apart from skill"), round(18 * s), theme.INK, topleft=(x, y))
        y += round(30 * s)
        luck = self.review.review.summary.luck
        lines = [line for fact in luck for line in theme.wrap(f"· {fact}", round(14 * s), width)]
        if not lines:
            lines = [tr("Nothing to note: no dama, ura-dora or ippatsu cost you, and no good wait went unanswered.")]
            lines = theme.wrap(lines[0], round(14 * s), width)
        step = round(20 * s)
        shown = max(0, (bottom - y) // step)
        if len(lines) > shown > 0:
            lines = lines[: shown - 1] + [ntr("…and {count} more line", "…and {count} more lines", len(lines) - shown + 1)]
        for line in lines[:shown]:
            theme.blit_text(surface, line, round(14 * s), theme.INK_SOFT, topleft=(x, y))
            y += step


KIND_WORDS = (("discard", "Discards"), ("riichi", "Riichi or not"), ("call", "Calls"), ("pass", "Passes"),
              ("kan", "Kans"), ("win", "Wins taken or not"))


def kind_rows(decisions: Any) -> list[tuple[str, int, int, float]]:
    """Per kind of decision the coach reviewed: words, count, percent agreed with the AI, total loss."""
    rows = []
    for kind, words in KIND_WORDS:
        mine = [d for d in decisions if d.kind == kind]
        if mine:
            agreed = round(100 * sum(1 for d in mine if d.agreed) / len(mine))
            rows.append((tr(words), len(mine), agreed, sum(d.loss for d in mine)))
    return rows


def _viewer(app: Any, session: ReplaySession, title: str, review: ReviewState) -> Scene:
    """The viewer scene (named, not imported: scenes do not import one another)."""
    return build(app, "replay_viewer", session, title, review=review)
