"""A stopgap for Chinese Official play with a riichi-family AI: declare every flower.

The riichi-family AIs (``potential`` and the levels of :mod:`mahjong_joy.ai.levels`)
know no flowers: they never declare one, so a drawn flower would stay beside their
hand and leave it a tile short for the rest of the hand. :class:`FlowerFirst` wraps
such an AI: it declares a flower whenever the rules let it (RULES.md B1), and when a
kept flower cannot be declared (drawn as the last tile of the wall) it discards that
flower (B1 allows it; nobody may claim it, and the wrapped AI would read a hand one
tile short). Otherwise the
wrapped AI decides. The Chinese Official levels (issue 25, section 3) replace it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mahjong_joy.engine.actions import Action, DeclareFlower, kept_flower_discards
from mahjong_joy.engine.view import SeatView


class FlowerFirst:
    """Declares flowers, else asks the wrapped AI (its ``kind`` and reasons pass through)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.kind = getattr(inner, "kind", "ai")
        self.last_reason: str | None = None

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """A flower first; the kept flower's discard when it cannot be declared; else the wrapped AI's choice."""
        flower = next((a for a in legal if type(a) is DeclareFlower), None)
        if flower is not None:
            self.last_reason = None
            return flower
        thrown = kept_flower_discards(legal) if view.kept_flowers and view.current == view.seat else ()
        if thrown:
            self.last_reason = None
            return thrown[-1]
        choice = self.inner.choose(view, legal)
        self.last_reason = getattr(self.inner, "last_reason", None)
        return choice
