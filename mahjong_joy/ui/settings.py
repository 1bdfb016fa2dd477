"""Player settings as a plain dataclass (a later issue saves and loads it).

No pygame here: the store can import it without a display.
"""

from __future__ import annotations

from dataclasses import dataclass

AI_PACES = {"instant": 0.0, "fast": 0.25, "normal": 0.5, "relaxed": 0.9}
ANIM_SPEEDS = {"instant": 0.0, "fast": 0.5, "normal": 1.0, "gentle": 1.5}


@dataclass
class Settings:
    """Everything the Settings screen changes; every field applies at once."""

    ai_pace: str = "normal"  # key of AI_PACES
    anim_speed: str = "normal"  # key of ANIM_SPEEDS
    hints: bool = True
    latin_labels: bool = False
    volume: float = 0.6  # 0..1
    fullscreen: bool = False
    auto_pass: bool = False

    @property
    def ai_delay(self) -> float:
        """Seconds an AI seat waits before acting, so a person can follow."""
        return AI_PACES.get(self.ai_pace, 0.5)

    @property
    def anim_scale(self) -> float:
        """Multiplier on animation durations (0 = instant)."""
        return ANIM_SPEEDS.get(self.anim_speed, 1.0)


def cycle(options: dict[str, float], current: str) -> str:
    """The option after ``current`` in ``options`` (wrapping), for one-click toggles.

    >>> cycle(AI_PACES, "relaxed")
    'instant'
    """
    keys = list(options)
    return keys[(keys.index(current) + 1) % len(keys)] if current in keys else keys[0]
