"""The baseline: a uniformly random legal action from a seeded generator."""

from __future__ import annotations

import random
from collections.abc import Sequence

from mahjong_joy.engine.actions import Action
from mahjong_joy.engine.view import SeatView


class RandomLegalAI:
    """Picks any legal action; seeded so a game replays from its seed alone."""

    kind = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self._rng = random.Random(f"random-ai:{seed}")

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """One of ``legal``, uniformly."""
        return legal[self._rng.randrange(len(legal))]
