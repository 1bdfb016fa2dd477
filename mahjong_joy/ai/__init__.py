"""Deciders: each reads one seat's view and picks one of the legal actions.

``potential`` is the dev log's AI; ``easy``, ``normal`` and ``hard`` are the
three levels of :mod:`mahjong_joy.ai.levels` (each keeps ``last_reason``), and
under Chinese Official rules the three levels of :mod:`mahjong_joy.ai.mcr.seat`.
"""

from __future__ import annotations

from mahjong_joy.ai.levels import LEVELS, LevelAI
from mahjong_joy.ai.mcr.seat import McrLevelAI
from mahjong_joy.ai.potential import PotentialAI
from mahjong_joy.ai.random_legal import RandomLegalAI
from mahjong_joy.ai.reading import SeatWords

AI_KINDS = ("potential", "random", *LEVELS)


def make_ai(kind: str, seed: int | str = 0, words: SeatWords = SeatWords(),
            family: str = "riichi") -> PotentialAI | RandomLegalAI | LevelAI | McrLevelAI:
    """An AI by its name in records and on the command line; ``words`` names the
    seats in a level's reasons (seat 0 is "you" by default). Under the ``mcr``
    family a level is the Chinese Official one of the same name."""
    if kind == "potential":
        return PotentialAI()
    if kind == "random":
        return RandomLegalAI(seed)
    if kind in LEVELS:
        return McrLevelAI(kind, seed, words) if family == "mcr" else LevelAI(kind, seed, words)
    raise ValueError(f"unknown AI {kind!r}; expected one of {', '.join(AI_KINDS)}")


__all__ = ["AI_KINDS", "LEVELS", "LevelAI", "McrLevelAI", "PotentialAI", "RandomLegalAI", "SeatWords", "make_ai"]
