"""The win reveal: the moment between a win and the score screen.

The winning hand lifts from the winner's seat to the middle of a card over the
table, the yaku appear one by one with their han, the total follows and the
points count up; a limit hand (mangan and up) gets its title ("Mangan!",
"Yakuman!") with sparkles drawn by code. Everything runs on frame time (dt) scaled
by the animation speed, so a headless test sees the same frames; a click, Enter or
Space jumps to the end, another goes on. A double or triple ron reveals each
winner in turn. Then the score screen (the same :class:`ScoreScene` the table
showed before) takes over. At the instant speed there is no reveal at all.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

import pygame

from mahjong_joy.i18n import current_language, tr
from mahjong_joy.names import seat_name
from mahjong_joy.ui import theme
from mahjong_joy.ui.anim import ease_out_cubic, lerp
from mahjong_joy.ui.layout import table_layout
from mahjong_joy.ui.scenes.base import Scene, Transition
from mahjong_joy.ui.scenes.score import ScoreScene, headline, payment_text, pretty, score_lines, table_lines, wins_of
from mahjong_joy.ui.session import TableSnapshot, WinResult

SKIP_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
# After the reveal moves on to the score screen by itself, a press this soon was meant for
# the reveal ("Click or Enter: go on"): the score screen ignores it, so one press moves one
# screen (play test, issue 27 #5: one Enter skipped the fu lines and payments).
AUTO_ADVANCE_GUARD = 0.5
SPARKLE_COLORS = (theme.HIGHLIGHT, theme.ROSE, theme.SKY, theme.LAVENDER, theme.BUTTER)


def result_screen(app: Any, snap: TableSnapshot) -> Scene:
    """What follows a finished hand: the reveal for a win (unless animations are
    instant), else the score screen straight away."""
    if wins_of(snap.result) and app.settings.anim_scale > 0:
        return WinRevealScene(app, snap)
    return ScoreScene(app, snap)


def limit_title(limit: str) -> str:
    """A limit's title for the flourish ("" below mangan); a counted yakuman is a yakuman.

    >>> limit_title("mangan"), limit_title("kazoe_yakuman"), limit_title("double_yakuman"), limit_title("")
    ('Mangan!', 'Yakuman!', 'Double yakuman!', '')
    """
    if not limit:
        return ""
    return pretty("yakuman" if limit == "kazoe_yakuman" else limit) + "!"


def win_gain(snap: TableSnapshot, win: WinResult) -> int:
    """What this win brought its winner (honba and sticks included), as the score card says."""
    deltas = win.deltas if any(win.deltas) else snap.result.deltas
    return deltas[win.seat] if win.seat < len(deltas) else 0


@dataclass(frozen=True)
class Beats:
    """One win's timeline in seconds: the lift, a line per yaku, the total, the count, a hold."""

    lift: float
    per_line: float
    lines: int
    count: float
    hold: float

    @classmethod
    def at(cls, lines: int, speed: float) -> Beats:
        """The timeline for ``lines`` yaku at an animation speed multiplier."""
        return cls(0.55 * speed, 0.38 * speed, lines, 0.8 * speed, 1.6 * speed)

    def line_at(self, index: int) -> float:
        """When yaku ``index`` starts to appear (the total is line ``lines``)."""
        return self.lift + index * self.per_line

    @property
    def count_start(self) -> float:
        return self.line_at(self.lines) + 0.5 * self.per_line

    @property
    def end(self) -> float:
        """Everything shown: the points counted and the title up."""
        return self.count_start + self.count

    @property
    def finish(self) -> float:
        """Time to move on (the next winner or the score screen)."""
        return self.end + self.hold


class WinRevealScene(Scene):
    """An overlay on the table for each win of the hand, then the score screen."""

    opaque = False

    def __init__(self, app: Any, snap: TableSnapshot) -> None:
        super().__init__(app)
        self.snap = snap
        self.score = ScoreScene(app, snap)  # shown next; it also lays the hand out as its card does
        self.wins = self.score.wins
        self.index = 0
        self.elapsed = 0.0
        self.speed = max(0.01, app.settings.anim_scale)
        self._played: set[str] = set()
        self._hand: tuple[object, pygame.Surface] | None = None
        self._veil: pygame.Surface | None = None
        self._backdrop: pygame.Surface | None = None  # the veiled table and the empty card, once they stop changing
        if any(w.limit for w in self.wins):
            app.sounds.prepare("fanfare")  # built now (the longest voice), not as the title pops

    # -- what tests read ---------------------------------------------------------------
    @property
    def win(self) -> WinResult:
        return self.wins[self.index]

    @property
    def lines(self) -> list[str]:
        """This win's yaku lines then its total (the score card's own words)."""
        return score_lines(self.snap, self.win)

    @property
    def beats(self) -> Beats:
        return Beats.at(len(self.lines) - 1, self.speed)

    def shown_lines(self) -> list[str]:
        """The yaku (and total) lines on screen now, in order."""
        return [line for i, line in enumerate(self.lines) if self.elapsed >= self.beats.line_at(i)]

    def points_now(self) -> int:
        """The counter's value now: from 0 up to the win's gain, rounded to 100."""
        b = self.beats
        p = 0.0 if self.elapsed < b.count_start else min(1.0, (self.elapsed - b.count_start) / max(1e-6, b.count))
        return int(round(win_gain(self.snap, self.win) * ease_out_cubic(p) / 100) * 100)

    @property
    def title(self) -> str:
        """The flourish's title when it shows ("" before the end, or below mangan)."""
        return limit_title(self.win.limit) if self.elapsed >= self.beats.end else ""

    # -- flow ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        clicked = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        if clicked or (event.type == pygame.KEYDOWN and event.key in SKIP_KEYS):
            self.skip()

    def skip(self) -> None:
        """Jump to the end of this win's reveal; at the end, go on."""
        if self.elapsed < self.beats.end:
            self.elapsed = self.beats.end
            self._sounds()
        else:
            self.advance()

    def advance(self, by_itself: bool = False) -> None:
        """The next winner's reveal, or the score screen after the last (``by_itself``:
        the reveal's time ran out rather than the player moving it on)."""
        if self.index < len(self.wins) - 1:
            self.index += 1
            self.elapsed = 0.0
            self._played.clear()
            self._hand = None
            return
        self.score.page = 0
        self.score.input_guard = AUTO_ADVANCE_GUARD if by_itself else 0.0
        self.app.push(self.score)  # under this scene's pop: the score screen sits on the table
        self.next = Transition("pop")

    def update(self, dt: float) -> None:
        if self.next is not None:
            return
        self.elapsed += dt
        self._sounds()
        if self.elapsed >= self.beats.finish:
            self.advance(by_itself=True)

    def _sounds(self) -> None:
        """The flourish as the points start counting; the fanfare with a limit's title."""
        b = self.beats
        if self.elapsed >= b.count_start and "flourish" not in self._played:
            self._played.add("flourish")
            self.app.sounds.play("flourish")
        if self.elapsed >= b.end and self.win.limit and "fanfare" not in self._played:
            self._played.add("fanfare")
            self.app.sounds.play("fanfare")

    # -- drawing -------------------------------------------------------------------------
    def card_rect(self, size: tuple[int, int]) -> pygame.Rect:
        s = theme.scale_for(size)
        w = min(size[0] - round(120 * s), round(940 * s))
        return pygame.Rect((size[0] - w) // 2, round(56 * s), w, size[1] - round(56 * s) - round(48 * s))

    def resize(self, size: tuple[int, int]) -> None:
        self._backdrop = None
        self.opaque = False  # the table draws under the veil again until the new backdrop is kept

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        s = theme.scale_for(size)
        lift = min(1.0, self.elapsed / max(1e-6, self.beats.lift))
        card = self.card_rect(size)
        if self._backdrop is not None and self._backdrop.get_size() == size:
            surface.blit(self._backdrop, (0, 0))  # one opaque pass instead of the table, the veil and the card
        else:
            self._draw_veil(surface, lift)
            if lift >= 0.35:
                panel = card.inflate(-round(40 * s * (1 - lift)), -round(40 * s * (1 - lift)))
                theme.panel(surface, panel, theme.PANEL, round(22 * s))
            if lift >= 1.0:
                self._backdrop = surface.copy()
                self.opaque = True  # the app stops drawing the (veiled, still) table under this scene
        if lift >= 0.35:
            self._draw_words(surface, card, s)
        self._draw_hand(surface, card, s, ease_out_cubic(lift))

    def _draw_veil(self, surface: pygame.Surface, lift: float) -> None:
        """One soft full-screen pass that quiets the table behind the card."""
        if self._veil is None or self._veil.get_size() != surface.get_size():
            self._veil = pygame.Surface(surface.get_size()).convert()
            self._veil.fill(theme.BACKGROUND)
        self._veil.set_alpha(round(170 * min(1.0, lift * 1.5)))
        surface.blit(self._veil, (0, 0))

    def hand_image(self, s: float, width: int) -> pygame.Surface:
        """The winning hand as the score card lays it (melds turned, the winning tile apart, as
        large as the tile size chosen in Settings makes it), at most ``width`` wide (the card's
        inside: larger tiles shrink to fit it), drawn once per win and size."""
        key = (self.index, round(s * 100), self.score.tile_zoom(), width, current_language())
        if self._hand is None or self._hand[0] != key:
            self.score.page = self.index
            upright, melds, _ = self.score.hand_places(0, 0, s, limit=width)
            rects = [r for r, _, _ in upright] + [r for g in melds for r, _, _ in g]
            box = rects[0].unionall(rects)
            label = None
            if self.win.win_tile is not None and upright:
                label = theme.text(tr("winning tile"), round(13 * s), theme.ROSE_DEEP)
                tag = label.get_rect(midtop=(upright[-1][0].centerx, upright[-1][0].bottom + round(4 * s)))
                box = box.union(tag)
            dx, dy = -box.x, -box.y
            image = pygame.Surface((box.w + 2, box.h + 2), pygame.SRCALPHA)
            art = self.app.art
            for rect, tile, _ in upright:
                image.blit(art.image(tile, rect.w), rect.move(dx, dy).topleft)
            for group in melds:
                for rect, tile, rot in sorted(group, key=lambda item: (item[0].y, item[0].x)):
                    image.blit(art.image(tile, rect.w if rot == 0 else rect.h, rot), rect.move(dx, dy).topleft)
            if label is not None:
                image.blit(label, tag.move(dx, dy))
            self._hand = (key, image)
        return self._hand[1]

    def hand_rect(self, card: pygame.Rect, s: float) -> pygame.Rect:
        """Where the hand rests once lifted: centred under the headline."""
        image = self.hand_image(s, card.w - round(48 * s))
        return image.get_rect(midtop=(card.centerx, card.y + round(74 * s)))

    def _draw_hand(self, surface: pygame.Surface, card: pygame.Rect, s: float, t: float) -> None:
        """The hand flying up from the winner's seat, growing to full size."""
        end = self.hand_rect(card, s)
        image = self.hand_image(s, card.w - round(48 * s))
        if t >= 1.0:
            surface.blit(image, end)
            return
        rel = self.snap.seat_from_me(self.win.seat)
        start = table_layout(surface.get_size(), self.app.settings.ui_scale).line_area(rel).center
        factor = lerp(0.55, 1.0, t)
        small = pygame.transform.smoothscale(image, (max(1, round(image.get_width() * factor)), max(1, round(image.get_height() * factor))))
        center = (lerp(start[0], end.centerx, t), lerp(start[1], end.centery, t))
        surface.blit(small, small.get_rect(center=(round(center[0]), round(center[1]))))

    def _draw_words(self, surface: pygame.Surface, card: pygame.Rect, s: float) -> None:
        """Headline, the yaku one by one, the total, the counting points and the title."""
        snap, win = self.snap, self.win
        if len(self.wins) > 1:
            theme.blit_text(surface, tr("Winner {number} of {count}", number=self.index + 1, count=len(self.wins)), round(15 * s), theme.ROSE_DEEP,
                            center=(card.centerx, card.y + round(16 * s)))
        theme.blit_fit(surface, headline(snap, win), round(30 * s), theme.INK, card.w - round(60 * s), center=(card.centerx, card.y + round(42 * s)))
        hand = self.hand_rect(card, s)
        lines = self.lines
        bottom_area = card.bottom - round(170 * s)
        top = hand.bottom + round(16 * s)
        extra = self.outcome_lines()
        step = max(round(18 * s), min(round(40 * s), (bottom_area - top) // max(1, len(lines) + 1 + len(extra))))
        size = min(round(24 * s), round(step * 0.66))
        column = pygame.Rect(0, top, min(card.w - round(80 * s), round(480 * s)), step)
        column.centerx = card.centerx
        b = self.beats
        for i, line in enumerate(lines):
            appear = (self.elapsed - b.line_at(i)) / max(1e-6, 0.6 * b.per_line)
            if appear < 0:
                break
            p = ease_out_cubic(min(1.0, appear))
            y = top + i * step + (round(6 * s) if i == len(lines) - 1 else 0)
            self._draw_line(surface, line, column.move(round(30 * s * (1 - p)), y - top), size + (round(3 * s) if i == len(lines) - 1 else 0),
                            round(255 * p), total=i == len(lines) - 1)
        if self.elapsed >= b.count_start:  # who paid, and the honba, sticks and pao behind the points
            y = top + len(lines) * step + round(14 * s)
            room = bottom_area - (round(44 * s) if win.limit else 0)  # clear of a limit title's sparkles
            for line in (line for i, line in enumerate(extra) if y + (i + 1) * round(26 * s) <= room or i == 0):
                theme.blit_fit(surface, line, round(17 * s), theme.INK_SOFT, card.w - round(80 * s), midtop=(card.centerx, y))
                y += round(26 * s)
        self._draw_points(surface, card, s)
        hint = tr("Click or Enter: go on") if self.elapsed >= b.end else tr("Click or Enter: skip")
        theme.blit_text(surface, hint, round(14 * s), theme.INK_SOFT, midbottom=(card.centerx, card.bottom - round(12 * s)))

    def outcome_lines(self) -> list[str]:
        """Under the total once the points count: who paid, then the honba, sticks and pao
        lines of the score card (play test: the reveal's panel was mostly blank)."""
        return [payment_text(self.snap, self.win)] + table_lines(self.snap, self.index)

    @staticmethod
    def _draw_line(surface: pygame.Surface, line: str, row: pygame.Rect, size: int, alpha: int, total: bool) -> None:
        """One yaku line: the name left, the han flush right; the total under a rule."""
        name, _, value = line.rpartition("  ") if "  " in line else (line, "", "")
        layer = pygame.Surface((row.w, max(row.h, theme.font(size).get_height() + 4)), pygame.SRCALPHA)
        if total:
            pygame.draw.line(layer, theme.PANEL_EDGE, (0, 0), (row.w, 0), 2)
            image = theme.text(line, size, theme.INK)
            layer.blit(image, image.get_rect(midtop=(row.w // 2, 3)))
        else:
            color = theme.ROSE_DEEP if name.lower().startswith(("ura", "aka", "dora")) else theme.INK
            layer.blit(theme.text(name, size, color), (0, 0))
            if value:
                image = theme.text(value, size, theme.INK)
                layer.blit(image, image.get_rect(topright=(row.w, 0)))
        layer.set_alpha(alpha)
        surface.blit(layer, row.topleft)

    def _draw_points(self, surface: pygame.Surface, card: pygame.Rect, s: float) -> None:
        """The counter, and above it a limit hand's title with its sparkles."""
        b = self.beats
        if self.elapsed < b.count_start:
            return
        name = seat_name(self.snap.names[self.win.seat])
        points = theme.blit_text(surface, f"+{self.points_now():,}", round(46 * s), theme.MINT_DEEP,
                                 midbottom=(card.centerx, card.bottom - round(40 * s)))
        theme.blit_text(surface, tr("for {name}", name=name)
, round(16 * s), theme.INK_SOFT, midleft=(points.right + round(10 * s), points.centery + round(6 * s)))
        title = self.title
        if title:
            pop = min(1.0, (self.elapsed - b.end) / max(1e-6, 0.25 * self.speed)) if self.elapsed < b.finish else 1.0
            self._draw_title(surface, title, (card.centerx, points.top - round(44 * s)), s, pop)

    def _draw_title(self, surface: pygame.Surface, title: str, center: tuple[int, int], s: float, pop: float) -> None:
        """"Mangan!" popping in, ringed by twinkling four-point stars (more for a yakuman)."""
        big = "yakuman" in title.lower()
        image = theme.text(title, round((58 if big else 50) * s), theme.ROSE_DEEP if big else theme.LAVENDER_DEEP)
        factor = lerp(1.5, 1.0, ease_out_cubic(pop))
        if factor != 1.0:
            image = pygame.transform.smoothscale(image, (round(image.get_width() * factor), round(image.get_height() * factor)))
        image.set_alpha(round(255 * min(1.0, 1.5 * pop)))
        rect = image.get_rect(center=center)
        for x, y, radius, color in sparkles(rect, self.elapsed, 22 if big else 12, s, seed=self.index):
            star(surface, (x, y), radius, color)
        surface.blit(image, rect)


def sparkles(around: pygame.Rect, t: float, count: int, s: float, seed: int = 0) -> list[tuple[int, int, int, theme.Color]]:
    """Twinkling star places around a rect at time ``t``: fixed spots from a seeded
    generator (the same every frame), each pulsing at its own phase."""
    rng = random.Random(seed)
    out = []
    area = around.inflate(round(160 * s), round(50 * s))
    for _ in range(count):
        x = rng.uniform(area.left, area.right)
        y = rng.uniform(area.top, area.bottom)
        if around.inflate(round(8 * s), 0).collidepoint(x, y):
            y = around.top - rng.uniform(4, 20) * s if rng.random() < 0.5 else around.bottom + rng.uniform(4, 20) * s
        phase, speed = rng.random(), rng.uniform(1.2, 2.4)
        pulse = 0.5 + 0.5 * math.sin(2 * math.pi * (t * speed + phase))
        radius = round(rng.uniform(6, 14) * s * (0.35 + 0.65 * pulse))
        if radius >= 2:
            out.append((round(x), round(y), radius, SPARKLE_COLORS[rng.randrange(len(SPARKLE_COLORS))]))
    return out


def star(surface: pygame.Surface, center: tuple[int, int], radius: int, color: theme.Color) -> None:
    """A four-point star (a sparkle): long points on the axes, a pinched waist."""
    x, y = center
    inner = max(1, radius // 4)
    points = [(x, y - radius), (x + inner, y - inner), (x + radius, y), (x + inner, y + inner),
              (x, y + radius), (x - inner, y + inner), (x - radius, y), (x - inner, y - inner)]
    pygame.draw.polygon(surface, color, points)
    pygame.draw.circle(surface, theme.lighter(color, 0.6), center, inner)
