"""Deciders: each reads one seat's view and picks one of the legal actions."""

from __future__ import annotations

from mahjong_joy.ai.potential import PotentialAI
from mahjong_joy.ai.random_legal import RandomLegalAI

AI_KINDS = ("potential", "random")


def make_ai(kind: str, seed: int | str = 0) -> PotentialAI | RandomLegalAI:
    """An AI by its name in records and on the command line (``potential`` or ``random``)."""
    if kind == "potential":
        return PotentialAI()
    if kind == "random":
        return RandomLegalAI(seed)
    raise ValueError(f"unknown AI {kind!r}; expected one of {', '.join(AI_KINDS)}")


__all__ = ["AI_KINDS", "PotentialAI", "RandomLegalAI", "make_ai"]
