"""The baseline: a uniformly random legal action, keyed by the AI's seed and the position.

The choice depends only on the seed and what the seat sees (its hand, every
river and meld, the wall count, the tile on offer), never on how many choices
came before. So a match resumed from a record, with fresh AIs, plays on exactly
as the uninterrupted match would have.

The pick is a 64-bit BLAKE2b digest of (seed, position) taken modulo the number
of choices (bias below 2**-50). Seeding a fresh ``random.Random`` from the
position per decision did the same job but cost about 25 us, most of a random
decision (issue 10, section 9); the golden playthroughs of this AI were
regenerated once for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from hashlib import blake2b

from mahjong_joy.engine.actions import Action
from mahjong_joy.engine.view import SeatView


def position_key(view: SeatView) -> str:
    """A text naming this decision point from the seat's side; it changes with every move.

    >>> from mahjong_joy.engine.state import HandState
    >>> from mahjong_joy.engine.view import observe
    >>> from mahjong_joy.rulesets.joy import ruleset_for
    >>> position_key(observe(HandState.from_key("r:1", 0, ruleset_for("joy")), 0)).startswith("0|awaiting_discard|69|")
    True
    """
    rivers = ";".join([",".join([_KIND_TEXT[e.tile] for e in river]) for river in view.rivers])
    melds = ";".join([_meld_text(sets) for sets in view.meld_sets])
    hand = ",".join([_KIND_TEXT[k] for k in view.hand])
    return f"{view.seat}|{view.phase.value}|{view.wall_count}|{view.last_discard}|{hand}|{rivers}|{melds}"


_KIND_TEXT = tuple(str(k) for k in range(34)) + ("4", "13", "22")  # a code's kind, as text (red fives as fives)
_MELD_TEXTS: dict[tuple, str] = {(): "()"}


def _meld_text(sets: tuple) -> str:
    """``repr`` of a seat's melds, remembered (a few hundred distinct meld lists recur)."""
    text = _MELD_TEXTS.get(sets)
    if text is None:
        text = repr(sets)
        if len(_MELD_TEXTS) < 50_000:
            _MELD_TEXTS[sets] = text
    return text


class RandomLegalAI:
    """Picks any legal action; the same seed and position always give the same pick."""

    kind = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """One of ``legal``, uniformly, picked by a digest of (seed, position)."""
        key = f"random-ai:{self.seed}:{position_key(view)}".encode()
        pick = int.from_bytes(blake2b(key, digest_size=8).digest(), "big")
        return legal[pick % len(legal)]
