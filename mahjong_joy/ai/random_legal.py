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

from collections.abc import Callable, Sequence
from hashlib import blake2b

from mahjong_joy.engine.actions import Action
from mahjong_joy.engine.phases import Phase
from mahjong_joy.engine.view import SeatView
from mahjong_joy.melds import Meld


def position_key(view: SeatView) -> str:
    """A text naming this decision point from the seat's side; it changes with every move.

    The text of each river, and of the four seats' melds, is kept beside the tuple it
    was made from (:func:`_texts`): a river changes only when its seat discards, the
    melds only on a call, and the engine hands out the same tuple until then, so the
    decisions in between reuse the text.

    >>> from mahjong_joy.engine.state import HandState
    >>> from mahjong_joy.engine.view import observe
    >>> from mahjong_joy.rulesets.joy import ruleset_for
    >>> position_key(observe(HandState.from_key("r:1", 0, ruleset_for("joy")), 0)).startswith("0|awaiting_discard|69|")
    True
    """
    rivers = ";".join(_texts(_RIVER_TEXTS, view.rivers, _river_text))
    melds = _texts(_MELD_TEXTS, (view.melds,), _all_meld_text)[0]  # the engine keeps one tuple until a meld changes
    hand = ",".join(map(_KIND_TEXT.__getitem__, view.hand))  # codes by kind: the kinds come out sorted
    return f"{view.seat}|{_PHASE_TEXT[view.phase]}|{view.wall_count}|{view.last_discard}|{hand}|{rivers}|{melds}"


_KIND_TEXT = tuple(str(k) for k in range(34)) + ("4", "13", "22")  # a code's kind, as text (red fives as fives)
_PHASE_TEXT = {phase: phase.value for phase in Phase}


# id of a river (or of the four seats' meld lists) -> (the tuple itself, its text); one table
# per kind of part, as an empty river and an empty meld list could be the same tuple ``()``
_RIVER_TEXTS: dict[int, tuple[tuple, str]] = {}
_MELD_TEXTS: dict[int, tuple[tuple, str]] = {}
_TEXTS_KEPT = 32  # a table has 4 live rivers and 1 meld tuple; emptied when more pile up (finished hands)


def _texts(texts: dict[int, tuple[tuple, str]], parts: tuple, make: Callable[[tuple], str]) -> list[str]:
    """The text of each river (or meld list), reused while the engine hands out the same
    tuple: an entry holds its tuple, so the id cannot be reused while it is kept."""
    found = []
    for part in parts:
        kept = texts.get(id(part))
        if kept is None or kept[0] is not part:
            if len(texts) >= _TEXTS_KEPT:
                texts.clear()
            kept = texts[id(part)] = (part, make(part))
        found.append(kept[1])
    return found


def _river_text(river: tuple) -> str:
    return ",".join([_KIND_TEXT[e.tile] for e in river])


def _all_meld_text(melds: tuple[tuple[Meld, ...], ...]) -> str:
    return ";".join([_meld_text(sets) for sets in melds])


def _meld_text(melds: tuple[Meld, ...]) -> str:
    """A seat's melds as ``repr`` of their (type, kinds) pairs (the text the seeded choices were made on)."""
    return repr(tuple([(m.type, m.kinds) for m in melds]))


class RandomLegalAI:
    """Picks any legal action; the same seed and position always give the same pick."""

    kind = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self._prefix = f"random-ai:{seed}:"

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """One of ``legal``, uniformly, picked by a digest of (seed, position)."""
        key = (self._prefix + position_key(view)).encode()
        pick = int.from_bytes(blake2b(key, digest_size=8).digest(), "big")
        return legal[pick % len(legal)]
