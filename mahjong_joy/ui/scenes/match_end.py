"""Match end: standings with placements and a chart of each seat's points over the hands.

Under a riichi preset each row also shows the final game points (uma and oka applied)
and a line under the rows says which uma and oka the preset uses. The deal's seed is
shown, with "Play this deal again" (the same seed, rules, length and opponents);
Enter starts a new match on the same settings, Esc goes Home."""

from __future__ import annotations

from typing import Any

import pygame

from mahjong_joy.i18n import N_, ntr, tr
from mahjong_joy.names import seat_name, wind_name

from mahjong_joy.rulesets.riichi.flow import uma_text
from mahjong_joy.ui import theme
from mahjong_joy.ui.celebration import Celebration
from mahjong_joy.ui.game_choice import GameChoice, chosen
from mahjong_joy.ui.points_chart import draw_points_chart
from mahjong_joy.ui.review_state import ReviewState, playing_session
from mahjong_joy.ui.navigation import build
from mahjong_joy.ui.scenes.base import Scene, Transition
from mahjong_joy.ui.scenes.menu import playing_choice, seed_line
from mahjong_joy.ui.session import TableSnapshot
from mahjong_joy.ui.widgets import Button, ensure_focus, keyboard_focus, pressed_button

PLACES = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))


def end_reason(snap: Any) -> str:
    """Why the match ended, in words: a bust, the last hand of its length, or agari-yame.

    It reads the table rules the match was played under, not its preset's: a Tenhou
    preset played East only ends after East 4, or in South as sudden death."""
    names = snap.names
    if getattr(snap, "mcr_rules", False):  # 16 hands, no bust, no early end (RULES.md B3)
        return tr("The match ended after its 16 hands.")
    busted = [seat for seat, points, _ in snap.standings if points < 0]
    if busted:
        return tr("The match ended when {name} went below zero.", name=seat_name(names[busted[0]]))
    index = snap.round_wind - 27 if 27 <= snap.round_wind <= 30 else 0
    wind = wind_name(index)
    table = snap.table_rules
    last = "E" if table.length == "east" else "S"
    final = index if index < 2 else 2
    if final > "ES".index(last):
        return tr("The match ended in the {wind} round (sudden death).", wind=wind)
    r = snap.result
    if r is not None and snap.hand_number == 4 and table.agari_yame and snap.riichi_rules:
        won = set(r.winners)
        tenpai = {seat for seat, _ in r.ready}
        if snap.dealer in won | tenpai and snap.standings and snap.standings[0][0] == snap.dealer:
            return tr("The match ended after {wind} 4: the dealer stopped in first place (agari-yame).", wind=wind)
    return tr("The match ended after {wind} {number}.", wind=wind, number=snap.hand_number)


def table_points_text(table: Any) -> str:
    """Chinese Official's table points by place, in words (the match's ``uma`` field holds them)."""
    first, second, third, fourth = (f"{p:g}" for p in table.uma)
    return tr("Table points by place: {first}, {second}, {third} and {fourth}; equal points go to the earlier seat.",
              first=first, second=second, third=third, fourth=fourth)


def game_points_text(value: float) -> str:
    """A game-points value as the standings print it: ``+45.0``."""
    return f"{value:+.1f}"
LINE_COLORS = (theme.ROSE_DEEP, theme.SKY_DEEP, theme.MINT_DEEP, theme.LAVENDER_DEEP)


def waiting_note() -> str:
    """A line for the player when finished matches wait for a history another program holds."""
    from mahjong_joy.replay.pending import queued

    count = len(queued())
    if not count:
        return ""
    return ntr("Your match history is in use by another program. This match waits in pending/ and will be added when it is free.",
               "Your match history is in use by another program. {count} matches wait in pending/ and will be added when it is free.",
               count)


class MatchEndScene(Scene):
    """Final standings and the points chart; a new match, this deal again, or Home.

    ``choice`` is the finished match's deal; by default it is read from the table
    still on the stack when the score screen opens the standings."""

    def __init__(self, app: Any, snap: TableSnapshot, choice: GameChoice | None = None) -> None:
        super().__init__(app)
        self.snap = snap
        self.choice = choice or playing_choice(app)
        self.buttons: list[Button] = []
        self.chart = pygame.Rect(0, 0, 1, 1)
        self.note = waiting_note()  # the match just archived may be queued (see replay.pending)
        self.played = playing_session(app)  # kept for "Review this match" (the table leaves the stack)
        self._review: ReviewState | None = None
        # Confetti over first place when that is the player (play test: it fell on a 4th place too).
        won = any(seat == snap.me and place == 1 for seat, _, place in snap.standings)
        self.celebration = Celebration(seed=len(snap.history), speed=app.settings.anim_scale) if won else None
        self._first = pygame.Rect(0, 0, 1, 1)

    def update(self, dt: float) -> None:
        if self.celebration is not None:
            self.celebration.update(dt)

    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale
        w, h = size
        bw, bh, gap = round(280 * s), round(54 * s), round(16 * s)
        y = h - round(80 * s)
        x = w // 2 - (3 * bw + 2 * gap) // 2
        again = Button(N_("Play this deal again"), "again", pygame.Rect(x + bw + gap, y, bw, bh), pygame.K_a)
        again.enabled = self.choice is not None and self.choice.seed is not None
        self.buttons = [Button(N_("New match"), "new", pygame.Rect(x, y, bw, bh), pygame.K_n, primary=True, keycap="Enter"),
                        again,
                        Button(N_("Home"), "home", pygame.Rect(x + 2 * (bw + gap), y, bw, bh), pygame.K_h, keycap="Esc")]
        # over the chart's top right: the standings' own rows keep the left column, the three choices the row below
        self.review_button = Button(N_("Review this match"), "review", pygame.Rect(0, 0, round(250 * s), round(46 * s)), pygame.K_r)
        self.review_button.rect.topright = (round(w * 0.94) - round(30 * s), round(112 * s))
        self.review_button.enabled = self.played is not None
        ensure_focus(self.buttons)  # New match, as Enter
        self.chart = pygame.Rect(round(w * 0.48), round(130 * s), round(w * 0.46) - round(30 * s), y - round(190 * s))
        if self.played is not None:  # room above the chart for "Review this match"
            self.chart.y += round(64 * s)
            self.chart.h -= round(64 * s)

    def layout_rects(self) -> dict[str, pygame.Rect]:
        return {b.action: b.rect for b in self.buttons} | {"chart": self.chart} | ({"review": self.review_button.rect} if self.played else {})

    def handle(self, event: pygame.event.Event) -> None:
        controls = self.buttons + ([self.review_button] if self.played is not None else [])
        used, hit = keyboard_focus(controls, event)
        if not used:
            hit = pressed_button(controls, event)
        if hit:
            self.choose(hit.action)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.choose("new")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.choose("home")

    def choose(self, ident: str) -> None:
        """Start a new match (same rules, length and opponents, a fresh deal), play this
        deal again (the same seed too), or go Home."""
        if ident == "new":
            base = self.choice or chosen(self.app.settings)
            self._start(GameChoice(base.ruleset, base.length, base.opponents, None))
        elif ident == "again" and self.choice is not None and self.choice.seed is not None:
            self._start(self.choice)
        elif ident == "home":
            self.next = Transition("replace", "home")
        elif ident == "review" and self.played is not None:
            self.open_review()

    def open_review(self) -> None:
        """The match's review summary over the standings (Esc comes back here)."""
        session = self.played
        if self._review is None or self._review.error:  # made once; back here and in again reads the same review
            self._review = ReviewState(session.record(), session.me, name="match")
        title = seed_line(self.choice) or tr("This match")
        self.next = Transition("push", "review_summary", args=(self._review.record, session.me, title), kwargs={"review": self._review})

    def _start(self, choice: GameChoice) -> None:
        """A new table over Home (so leaving it lands on Home)."""
        self.app.replace(build(self.app, "home"))
        self.app.push(build(self.app, "table"), choice.context())

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        w, h = surface.get_size()
        surface.fill(theme.BACKGROUND)
        theme.blit_text(surface, tr("Match over"), round(48 * s), theme.INK, center=(w // 2, round(44 * s)))
        line = seed_line(self.choice)
        if line:
            theme.blit_fit(surface, line, round(16 * s), theme.INK_SOFT, w - round(80 * s), center=(w // 2, round(80 * s)))
        if self.note:
            theme.blit_fit(surface, self.note, round(15 * s), theme.ROSE_DEEP, w - round(80 * s), center=(w // 2, h - round(95 * s)))
        x, y = round(w * 0.07), round(140 * s)
        mcr = self.snap.mcr_rules
        games = self.snap.game_points if self.snap.riichi_rules or mcr else ()
        for i, (seat, points, place) in enumerate(self.snap.standings):
            row = pygame.Rect(x, y, round(w * 0.36), round(64 * s))
            theme.panel(surface, row, theme.lighter(theme.SEAT_COLORS[seat], 0.45) if place == 1 else theme.PANEL, round(14 * s))
            self._first = row if i == 0 else self._first
            theme.blit_text(surface, tr(PLACES[place - 1]), round(26 * s), theme.ROSE_DEEP if place == 1 else theme.INK, midleft=(row.x + round(18 * s), row.centery))
            pygame.draw.circle(surface, LINE_COLORS[seat], (row.x + round(100 * s), row.centery), round(7 * s))
            if i < len(games):
                shown = f"{games[i]:g}" if mcr else game_points_text(games[i])
                game = theme.blit_text(surface, shown, round(22 * s), theme.MINT_DEEP if games[i] >= 0 else theme.ROSE_DEEP,
                                       midright=(row.right - round(14 * s), row.centery))
                score = theme.blit_text(surface, f"{points:,}", round(19 * s), theme.INK_SOFT, midright=(game.x - round(14 * s), row.centery))
            else:
                score = theme.blit_text(surface, f"{points:,}", round(24 * s), theme.INK, midright=(row.right - round(18 * s), row.centery))
            name_x = row.x + round(116 * s)
            theme.blit_fit(surface, seat_name(self.snap.names[seat]), round(24 * s), theme.INK, score.x - round(12 * s) - name_x, midleft=(name_x, row.centery))
            y += round(78 * s)
        notes: list[str] = []
        if games:
            header = tr("points · table points") if mcr else tr("points · game points")
            theme.blit_text(surface, header, round(14 * s), theme.INK_SOFT, topright=(x + round(w * 0.36), round(118 * s)))
            terms = table_points_text(self.snap.table_rules) if mcr else uma_text(self.snap.table_rules)
            notes = [end_reason(self.snap)] + ([tr("Best hand: {hand}", hand=self.snap.best_hand)] if self.snap.best_hand else []) + [terms]
        lines = [line for note in notes for line in theme.wrap(note, round(15 * s), round(w * 0.36))]
        for j, line in enumerate(lines[:6]):
            theme.blit_text(surface, line, round(15 * s), theme.INK_SOFT, topleft=(x, y + j * round(20 * s)))
        self._draw_chart(surface, s)
        for b in self.buttons:
            b.draw(surface, s)
        if self.played is not None:
            self.review_button.draw(surface, s)
        if self.celebration is not None:
            self.celebration.draw(surface, self._first, s)

    def _draw_chart(self, surface: pygame.Surface, s: float) -> None:
        draw_points_chart(surface, self.chart.inflate(round(40 * s), round(60 * s)), self.snap.history, LINE_COLORS, s)
