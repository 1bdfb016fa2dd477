"""A small celebration for first place on the standings: confetti drawn by code.

Pieces burst up from the first-place row, tumble and drift down under a light
gravity, and fade; a seeded generator places them and frame time (dt) moves them,
so a test or a screenshot sees the same confetti every time. The burst runs once
(a few seconds) and then the screen is still again.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from mahjong_joy.ui import theme

COLORS = (theme.ROSE, theme.ROSE_DEEP, theme.SKY_DEEP, theme.HIGHLIGHT, theme.LAVENDER_DEEP, theme.MINT_DEEP)  # bright enough on cream
PIECES = 70
SPAWN_SECONDS = 1.2  # pieces keep coming this long
LIFE_SECONDS = 2.6
GRAVITY = 420.0  # px/s² at scale 1


@dataclass
class Piece:
    """One scrap of confetti: where along the row it was thrown from (0..1), its offset
    from there and velocity (px, px/s at scale 1), spin and colour."""

    share: float
    x: float
    y: float
    vx: float
    vy: float
    angle: float
    spin: float
    size: float
    color: theme.Color
    born: float
    sway: float

    def corners(self, t: float, s: float, origin: tuple[int, int]) -> list[tuple[float, float]]:
        """The piece's four corners now: a small rectangle turning as it falls (its width
        narrows with the tumble, like paper flipping)."""
        w, h = self.size * s * abs(math.cos(self.angle * 1.7)) + 1, self.size * s * 0.55
        c, d = math.cos(self.angle), math.sin(self.angle)
        cx = origin[0] + (self.x + 10 * math.sin(self.sway + 3 * t)) * s
        cy = origin[1] + self.y * s
        return [(cx + c * dx - d * dy, cy + d * dx + c * dy) for dx, dy in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))]


class Celebration:
    """Confetti over a rect (the first-place row); :meth:`update` by dt, :meth:`draw` each frame."""

    def __init__(self, seed: int = 0, speed: float = 1.0) -> None:
        self.rng = random.Random(seed)
        self.speed = speed
        self.elapsed = 0.0
        self.pieces: list[Piece] = []
        self._spawned = 0

    @property
    def done(self) -> bool:
        """True once every piece has landed and faded (or at the instant speed)."""
        return self.speed <= 0 or (self._spawned >= PIECES and not self.pieces)

    def update(self, dt: float) -> None:
        if self.speed <= 0:
            return
        dt /= self.speed  # a gentler animation speed is a slower burst
        self.elapsed += dt
        due = min(PIECES, round(PIECES * min(1.0, self.elapsed / SPAWN_SECONDS)) + 8)
        while self._spawned < due:
            self.pieces.append(self._piece())
            self._spawned += 1
        for p in self.pieces:
            p.vy += GRAVITY * dt
            p.vx *= 1 - 0.9 * dt
            p.x += p.vx * dt
            p.y += p.vy * dt
            p.angle += p.spin * dt
        self.pieces = [p for p in self.pieces if self.elapsed - p.born < LIFE_SECONDS]

    def _piece(self) -> Piece:
        """A new piece thrown up and out from a point along the row's top edge (0..1 across)."""
        rng = self.rng
        return Piece(share=rng.uniform(0.0, 1.0), x=0.0, y=0.0, vx=rng.uniform(-170, 170), vy=-rng.uniform(150, 330), angle=rng.uniform(0, math.pi),
                     spin=rng.uniform(-8, 8), size=rng.uniform(7, 12), color=COLORS[rng.randrange(len(COLORS))], born=self.elapsed,
                     sway=rng.uniform(0, 2 * math.pi))

    def draw(self, surface: pygame.Surface, over: pygame.Rect, s: float) -> None:
        """The pieces, launched along ``over``'s top edge (x is a share of its width)."""
        for p in self.pieces:
            corners = p.corners(self.elapsed, s, (round(over.x + p.share * over.w), over.y))
            life = (self.elapsed - p.born) / LIFE_SECONDS
            color = p.color if life < 0.75 else theme.lighter(p.color, min(1.0, (life - 0.75) * 4))  # fades toward the cream
            pygame.draw.polygon(surface, color, corners)
