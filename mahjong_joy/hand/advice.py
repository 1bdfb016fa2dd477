"""The guide's choice of the best discard, without a screen (the table's hint panel
and any scripted "beginner" seat share it).

Best = least shanten after the discard, then the most useful tiles still unseen
(:func:`~mahjong_joy.hand.waits.discard_candidates`, which counts the discarded copy
as seen), then the least worth keeping (:func:`keep_value`), then the lower kind.

>>> best_candidate([0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 28, 28, 33], 0, [0] * 34).tile
33
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from mahjong_joy.hand.waits import DiscardCandidate, discard_candidates
from mahjong_joy.tiles import is_terminal


def keep_value(kind: int, valued: Collection[int] = (), doubled: Collection[int] = ()) -> int:
    """How much a tile is worth keeping beyond shanten and useful tiles (lower goes
    first among equals): a ``doubled`` value (a double wind) most, then ``valued``
    kinds (value honors, dora), middle simples, 2s and 8s, terminals, and last the
    honors that score nothing.

    >>> [keep_value(k) for k in (4, 1, 0, 29)], keep_value(31, valued={31})
    ([3, 2, 1, 0], 4)
    """
    if kind in doubled:
        return 5
    if kind in valued:
        return 4
    if kind >= 27:
        return 0
    if is_terminal(kind):
        return 1
    return 2 if kind % 9 in (1, 7) else 3


def best_candidate(kinds: Sequence[int], melds: int, others_seen: Sequence[int], allowed: Collection[int] | None = None,
                   valued: Collection[int] = (), doubled: Collection[int] = ()) -> DiscardCandidate | None:
    """The best discard of a ``14 - 3 * melds`` tile hand (kinds or counts34) among the
    ``allowed`` kinds (``None``: any), with ``others_seen`` the tiles seen outside the
    hand; ``None`` when no allowed kind is held."""
    found = [c for c in discard_candidates(kinds, melds, others_seen) if allowed is None or c.tile in allowed]
    if not found:
        return None
    return min(found, key=lambda c: (c.shanten, -c.ukeire_total, keep_value(c.tile, valued, doubled), c.tile))
