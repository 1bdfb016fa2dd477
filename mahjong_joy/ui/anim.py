"""Tweens driven by frame time (dt), never the wall clock.

A replay or a headless test steps the same dts and sees the same frames.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field


def ease_out_cubic(t: float) -> float:
    """Fast start, soft landing: tiles settle into place.

    >>> ease_out_cubic(1.0)
    1.0
    """
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    """Symmetric ease for flips and fades."""
    return 3 * t * t - 2 * t * t * t


def lerp(a: float, b: float, t: float) -> float:
    """Linear blend of two numbers."""
    return a + (b - a) * t


@dataclass
class Tween:
    """Progress 0..1 over ``duration`` seconds, advanced only by :meth:`update`."""

    duration: float
    delay: float = 0.0
    ease: Callable[[float], float] = ease_out_cubic
    elapsed: float = 0.0

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""
        self.elapsed += dt

    @property
    def done(self) -> bool:
        """True once the delay and the duration have passed."""
        return self.elapsed >= self.delay + self.duration

    @property
    def value(self) -> float:
        """Eased progress 0..1 (0 during the delay)."""
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        raw = (self.elapsed - self.delay) / self.duration
        return self.ease(min(1.0, max(0.0, raw)))


@dataclass
class Flight:
    """A tile moving from one point to another (draw slides in, discard flies to the river)."""

    tile: int
    start: tuple[float, float]
    end: tuple[float, float]
    tween: Tween
    rotation: int = 0
    size: int = 40
    key: object = None  # what the flight stands for (the table hides the real tile meanwhile)

    def position(self) -> tuple[float, float]:
        """Current top-left corner."""
        t = self.tween.value
        return (lerp(self.start[0], self.end[0], t), lerp(self.start[1], self.end[1], t))


@dataclass
class Animator:
    """The running flights and timers; the table asks it whether anything still moves."""

    flights: list[Flight] = field(default_factory=list)

    def add(self, flight: Flight) -> None:
        """Start a flight (a zero-length tween finishes on the next update)."""
        self.flights.append(flight)

    def update(self, dt: float) -> None:
        """Advance every flight and drop the finished ones."""
        for flight in self.flights:
            flight.tween.update(dt)
        self.flights = [f for f in self.flights if not f.tween.done]

    @property
    def busy(self) -> bool:
        """True while any flight is still in the air."""
        return bool(self.flights)

    def hides(self, key: object) -> bool:
        """True when a flight stands in for ``key`` (so the table doesn't draw it twice)."""
        return any(f.key == key for f in self.flights)


def flip_shape(progress: float) -> tuple[float, bool]:
    """Width factor and whether the face shows, for a tile turning over at ``progress`` 0..1.

    The tile narrows to its edge by the half-way point, then widens again showing
    its other side, like a coin turned on its axis.

    >>> flip_shape(0.0), flip_shape(0.5)[1], flip_shape(1.0)
    ((1.0, False), True, (1.0, True))
    """
    p = min(1.0, max(0.0, progress))
    return abs(math.cos(math.pi * p)), p >= 0.5


@dataclass
class Reveal:
    """A hand turning face up tile by tile, left to right, then a short hold.

    Tile ``i`` starts ``spread * i / (count - 1)`` seconds in and turns over in
    ``per_tile`` seconds, so the whole reveal lasts ``spread + per_tile`` whatever
    the hand's length; ``hold`` keeps the open hand on screen before the score.
    All zero (the instant speed) means no animation at all.
    """

    count: int = 0
    per_tile: float = 0.0
    spread: float = 0.0
    hold: float = 0.0
    elapsed: float = 0.0

    @classmethod
    def for_hand(cls, count: int, speed: float) -> Reveal:
        """The reveal of ``count`` tiles at an animation speed multiplier (0 = instant)."""
        return cls(count, 0.26 * speed, 0.38 * speed, 0.3 * speed)

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""
        self.elapsed += dt

    def tile_progress(self, index: int) -> float:
        """How far tile ``index`` has turned, 0..1 (eased)."""
        if self.per_tile <= 0:
            return 1.0
        start = self.spread * index / max(1, self.count - 1)
        return ease_in_out(min(1.0, max(0.0, (self.elapsed - start) / self.per_tile)))

    @property
    def duration(self) -> float:
        """Seconds until the last tile lies face up."""
        return self.spread + self.per_tile if self.per_tile > 0 else 0.0

    @property
    def done(self) -> bool:
        """True once every tile shows its face."""
        return self.elapsed >= self.duration

    @property
    def finished(self) -> bool:
        """True once the hold after the reveal has passed too (time for the score screen)."""
        return self.elapsed >= self.duration + self.hold

    @property
    def value(self) -> float:
        """Overall progress 0..1 (1 when there is nothing to animate)."""
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)
