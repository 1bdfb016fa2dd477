"""Tweens driven by frame time (dt), never the wall clock.

A replay or a headless test steps the same dts and sees the same frames.
"""

from __future__ import annotations

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
