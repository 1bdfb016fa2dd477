"""Waits, useful tiles (ukeire) and discard candidates.

These power the table's remaining-tile guide and the AI. A wait never includes a
kind the hand already holds all four of; ukeire counts copies still unseen (not in
the hand and not among the ``visible`` tiles).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import NamedTuple

from mahjong_joy.errors import InvalidHandError
from mahjong_joy.hand.counts import counts_of, hand_bytes
from mahjong_joy.hand.shanten import (
    registry,
    seven_pairs_shanten,
    shanten_of_key,
    standard_distance,
    suit_ids,
    thirteen_orphans_shanten,
)
from mahjong_joy.hand.tables import (
    COMPLETE_MASK,
    COMPLETE_SHIFT,
    ID_MASK,
    INCOMPLETE,
    KINDS_MASK,
    KINDS_SHIFT,
    ORPHAN_PAIRS_MASK,
    ORPHAN_PAIRS_SHIFT,
    ORPHANS_MASK,
    ORPHANS_SHIFT,
    PAIRS_MASK,
    SPECIAL_SHIFT,
    TILES_MASK,
    TILES_SHIFT,
    WINS_MASK,
    WINS_WITH_PAIR_SHIFT,
    WINS_WITHOUT_PAIR_SHIFT,
    tables,
)
from mahjong_joy.tiles import KIND_COUNT, TERMINALS_AND_HONORS, tile_name

_orphans = itemgetter(*TERMINALS_AND_HONORS)
_ORPHAN_MASK = sum(1 << t for t in TERMINALS_AND_HONORS)

READY_SIZES = (13,)
DISCARD_SIZES = (14,)


class DiscardCandidate(NamedTuple):
    """One possible discard: the shanten it leaves and the useful draws after it."""

    tile: int
    shanten: int
    ukeire: dict[int, int]

    @property
    def ukeire_total(self) -> int:
        """Unseen copies of all useful kinds together."""
        return sum(self.ukeire.values())


def waiting_tiles(hand13: Sequence[int], melds: int = 0) -> list[int]:
    """Kinds that complete a ``13 - 3 * melds`` tile hand, leaving out kinds held four times.

    ``hand13`` is kinds or a ``counts34`` (34 items).

    >>> from mahjong_joy.notation import parse_tiles
    >>> waiting_tiles(parse_tiles("1112345678999m"))
    [0, 1, 2, 3, 4, 5, 6, 7, 8]
    """
    suit, honor = _tables or _bind_tables()
    try:
        key = bytes(hand13)
        va, vb, vc, vd = suit[key[:9]], suit[key[9:18]], suit[key[18:27]], honor[key[27:]]
        packed = va + vb + vc + vd
        melds = _READY_MELDS[(packed >> TILES_SHIFT & TILES_MASK) + (melds << 6)]
    except (KeyError, TypeError, ValueError):  # invalid hand or a list of kinds
        return waits_of_key(hand_bytes(hand13, melds, READY_SIZES), melds)
    complete = packed >> COMPLETE_SHIFT & COMPLETE_MASK
    if complete < INCOMPLETE:
        found = _standard_wait_mask(key)  # every group complete: rare, take the general way
    elif complete < 2 * INCOMPLETE and complete - INCOMPLETE <= 1:
        # One group short: it must take the pair unless another group holds it.
        shift = WINS_WITH_PAIR_SHIFT if complete == INCOMPLETE else WINS_WITHOUT_PAIR_SHIFT
        if va >> COMPLETE_SHIFT & COMPLETE_MASK >= INCOMPLETE:
            found = va >> shift & WINS_MASK
        elif vb >> COMPLETE_SHIFT & COMPLETE_MASK >= INCOMPLETE:
            found = (vb >> shift & WINS_MASK) << 9
        elif vc >> COMPLETE_SHIFT & COMPLETE_MASK >= INCOMPLETE:
            found = (vc >> shift & WINS_MASK) << 18
        else:
            found = (vd >> shift & WINS_MASK) << 27
    else:
        found = 0  # two groups short, or two pairs besides the short group
    if melds == 0:
        special = packed >> SPECIAL_SHIFT
        if special & PAIRS_MASK == 6 and special >> KINDS_SHIFT & KINDS_MASK == 7:  # six pairs, a single
            found |= 1 << key.index(1)
        orphans = special >> ORPHANS_SHIFT & ORPHANS_MASK
        if orphans == 13:  # thirteen singles, all orphans
            found |= _ORPHAN_MASK
        elif orphans == 12 and special >> ORPHAN_PAIRS_SHIFT & ORPHAN_PAIRS_MASK == 1:  # one doubled
            found |= _ORPHAN_MASK & ~_orphan_kinds_mask(key)
    if found and 4 in key:
        found &= ~_held_four(key)
    return kinds_in_mask(found)


_READY_MELDS = {13 - 3 * m + (m << 6): m for m in range(5)}  # (tiles + melds << 6) -> melds
_tables: list[dict[bytes, int]] = []  # [suit, honor] packed tables once bound


def _bind_tables() -> list[dict[bytes, int]]:
    t = tables()
    _tables.extend((t.suit, t.honor))
    return _tables


def _orphan_kinds_mask(key: bytes) -> int:
    """Mask of the orphan kinds the hand holds."""
    mask = 0
    for tile in TERMINALS_AND_HONORS:
        if key[tile]:
            mask |= 1 << tile
    return mask


def waits_of_key(key: bytes, melds: int) -> list[int]:
    """Waits on validated counts-as-bytes (standard form by per-suit masks)."""
    found = _standard_wait_mask(key)
    if melds == 0:
        found |= _seven_pairs_waits(key) | _thirteen_orphans_waits(key)
    if found and 4 in key:
        found &= ~_held_four(key)
    return kinds_in_mask(found)


def kinds_in_mask(mask: int) -> list[int]:
    """The kinds whose bits are set, lowest first."""
    kinds = []
    while mask:
        low = mask & -mask
        kinds.append(low.bit_length() - 1)
        mask ^= low
    return kinds


def _standard_wait_mask(key: bytes) -> int:
    """34-bit mask of kinds that complete the standard form.

    A tile goes to one suit group; every other group must already be complete on
    its own, and exactly one group in all must hold the pair.
    """
    cache = _group_cache
    groups = [cache.get(key[0:9]), cache.get(key[9:18]), cache.get(key[18:27]), cache.get(key[27:34])]
    if None in groups:
        groups = [_group_info(key[start:end], start) for start, end in _GROUPS]
    incomplete = [i for i, g in enumerate(groups) if g[0] < 0]
    if len(incomplete) > 1:
        return 0
    receivers = incomplete or range(4)
    mask = 0
    for receiver in receivers:
        others = [g[0] for i, g in enumerate(groups) if i != receiver]
        if min(others) < 0:
            continue
        pairs = sum(others)
        if pairs <= 1:
            mask |= groups[receiver][2 - pairs] << _GROUPS[receiver][0]
    return mask


_GROUPS = ((0, 9), (9, 18), (18, 27), (27, 34))
_group_cache: dict[bytes, tuple[int, int, int]] = {}


def _group_info(arrangement: bytes, start: int) -> tuple[int, int, int]:
    """(complete flag: -1 no, 0 yes without pair, 1 yes with pair; completing mask
    without pair; completing mask with pair) of one suit group, cached."""
    found = _group_cache.get(arrangement)
    if found is not None:
        return found
    t = tables()
    complete = t.complete_honor if start == 27 else t.complete_suit
    masks = [0, 0]
    for k, n in enumerate(arrangement):
        if n < 4:
            flag = complete.get(arrangement[:k] + bytes((n + 1,)) + arrangement[k + 1 :])
            if flag is not None:
                masks[flag] |= 1 << k
    found = _group_cache[arrangement] = (complete.get(arrangement, -1), masks[0], masks[1])
    return found


def _seven_pairs_waits(key: bytes) -> int:
    """The single of six distinct pairs plus one single, as a mask."""
    if key.count(2) == 6 and key.count(1) == 1:
        return 1 << key.index(1)
    return 0


def _thirteen_orphans_waits(key: bytes) -> int:
    """All thirteen orphans for the thirteen-sided wait, else the one missing orphan."""
    if key.count(0) > 22:
        return 0  # a ready thirteen-orphans hand holds twelve or thirteen kinds
    held = _orphans(key)
    if sum(held) != sum(key):
        return 0
    missing = [t for t, n in zip(TERMINALS_AND_HONORS, held) if n == 0]
    if not missing:
        return _ORPHAN_MASK
    if len(missing) == 1 and max(held) == 2:
        return 1 << missing[0]
    return 0


def visible_counts(visible: Sequence[int] | None) -> list[int]:
    """Counts of tiles seen elsewhere: a ``counts34`` (``None`` = nothing seen).

    Only counts: a list of seen tiles has no size limit, so 34 kinds would look
    like counts; a caller counts a list of kinds with :func:`counts_of_kinds` first.
    """
    if visible is None:
        return [0] * KIND_COUNT
    if len(visible) != KIND_COUNT:
        raise InvalidHandError(f"visible tiles must be 34 counts, got {len(visible)} entries (count kinds with counts_of_kinds)")
    return counts_of(visible)


def ukeire(
    hand13: Sequence[int], melds: int = 0, visible: Sequence[int] | None = None
) -> dict[int, int]:
    """Each kind whose draw lowers shanten, mapped to its copies still unseen.

    ``hand13`` is kinds or ``counts34``, ``visible`` a ``counts34``; a kind the hand holds four
    of is never listed. Raises ``InvalidHandError`` when hand and visible tiles
    together hold a fifth copy.
    """
    key = hand_bytes(hand13, melds, READY_SIZES)
    return ukeire_of_key(key, melds, visible_counts(visible))


def ukeire_of_key(key: bytes, melds: int, seen: Sequence[int]) -> dict[int, int]:
    """Ukeire on validated counts-as-bytes, with ``seen`` as a ``counts34``."""
    useful: dict[int, int] = {}
    for tile in kinds_in_mask(useful_mask(key, melds)):
        unseen = 4 - key[tile] - seen[tile]
        if unseen < 0:
            raise InvalidHandError(
                f"hand and visible tiles hold {4 - unseen} copies of {tile_name(tile)}"
            )
        useful[tile] = unseen
    return useful


def useful_mask(key: bytes, melds: int) -> int:
    """34-bit mask of kinds (held fewer than four times) whose draw lowers shanten.

    Each form's shanten drops by at most one per draw, so a kind is useful exactly
    when it lowers a form that is at the hand's least shanten. For the standard
    form: when it lowers its suit group's distance in some split of sets and pair
    that reaches the least total (see ``shanten``).
    """
    standard = standard_distance(key, melds) - 1
    best = standard
    seven = orphans = 99
    if not melds:
        seven = seven_pairs_shanten(key)
        orphans = thirteen_orphans_shanten(key)
        best = min(best, seven, orphans)
    mask = 0
    if standard == best:
        mask |= _standard_useful(key, melds)
    if seven == best:
        mask |= _seven_pairs_useful(key)
    if orphans == best:
        mask |= _thirteen_orphans_useful(key)
    return mask & ~_held_four(key)


def _held_four(key: bytes) -> int:
    mask = 0
    start = key.find(4)
    while start >= 0:
        mask |= 1 << start
        start = key.find(4, start + 1)
    return mask


def _standard_useful(key: bytes, melds: int) -> int:
    reg = registry()
    ids = suit_ids(key)
    combine = reg.combine
    ab, cd = combine(ids[0], ids[1]), combine(ids[2], ids[3])
    others = (
        combine(ids[1], cd),
        combine(ids[0], cd),
        combine(ab, ids[3]),
        combine(ab, ids[2]),
    )
    need = 4 - melds
    total = reg.vectors[combine(ab, cd)][need * 2 + 1]
    mask = 0
    for group, (start, end) in enumerate(_GROUPS):
        own, rest = reg.vectors[ids[group]], reg.vectors[others[group]]
        improve = None
        for m in range(need + 1):
            for h in (0, 1):
                col = m * 2 + h
                if own[col] + rest[(need - m) * 2 + 1 - h] == total:
                    if improve is None:
                        improve = _improve_masks(key[start:end], start)
                    mask |= improve[col] << start
    return mask


_improve_cache: dict[bytes, tuple[int, ...]] = {}


def _improve_masks(arrangement: bytes, start: int) -> tuple[int, ...]:
    """Per (sets, pair) target, the mask of kinds whose addition lowers this group's
    distance to it; cached per arrangement."""
    found = _improve_cache.get(arrangement)
    if found is not None:
        return found
    t = tables()
    table = t.honor if start == 27 else t.suit
    vectors = t.vectors
    own = vectors[table[arrangement] & ID_MASK]
    masks = [0] * 10
    for k, n in enumerate(arrangement):
        if n < 4:
            grown = vectors[table[arrangement[:k] + bytes((n + 1,)) + arrangement[k + 1 :]] & ID_MASK]
            for col in range(10):
                if grown[col] < own[col]:
                    masks[col] |= 1 << k
    found = _improve_cache[arrangement] = tuple(masks)
    return found


def _seven_pairs_useful(key: bytes) -> int:
    """Singles become pairs; new kinds help only while fewer than seven kinds are held."""
    new_kinds_help = key.count(0) > 27
    mask = 0
    for tile, n in enumerate(key):
        if n == 1 or (n == 0 and new_kinds_help):
            mask |= 1 << tile
    return mask


def _thirteen_orphans_useful(key: bytes) -> int:
    """Missing orphans, and any held orphan while none is doubled yet."""
    held = _orphans(key)
    doubled = max(held) > 1
    mask = 0
    for tile, n in zip(TERMINALS_AND_HONORS, held):
        if n == 0 or (n == 1 and not doubled):
            mask |= 1 << tile
    return mask


def discard_candidates(
    hand14: Sequence[int], melds: int = 0, visible: Sequence[int] | None = None
) -> list[DiscardCandidate]:
    """Every distinct discard from a ``14 - 3 * melds`` tile hand, best first.

    Best = lowest shanten after the discard, then most unseen useful tiles, then
    the lower kind (a stable order for ties). The discarded copy counts as seen:
    it lies in the player's river, so holding three 9m and discarding one leaves
    one 9m unseen, not two.
    """
    key = hand_bytes(hand14, melds, DISCARD_SIZES)
    seen = visible_counts(visible)
    found = []
    for tile in range(KIND_COUNT):
        if key[tile]:
            rest = key[:tile] + bytes((key[tile] - 1,)) + key[tile + 1 :]
            seen[tile] += 1
            found.append(DiscardCandidate(tile, shanten_of_key(rest, melds), ukeire_of_key(rest, melds, seen)))
            seen[tile] -= 1
    found.sort(key=lambda c: (c.shanten, -c.ukeire_total, c.tile))
    return found
