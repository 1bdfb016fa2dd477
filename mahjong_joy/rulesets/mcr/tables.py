"""Tables the MCR scorer builds once and keeps: readings of every complete suit
shape, and the combination fan of every two or three chows or pungs.

Why tables: the scorer is asked on every discard the guide and the AI weigh, so a
hand must cost a few dictionary probes, not a search. Every table here is
*complete* for its key space (built in full on first use, never grown by the hands
it is asked about), so its size is fixed: about 21,700 suit shapes (the shapes of
up to four sets and a pair in nine ranks, four copies at most), 580 honor shapes,
and the pairs and triples of 21 chow starts and 34 pung tiles. ``table_sizes``
reports them; ``scripts/bench_mcr.py`` measures the memory.

A suit reading is ``(chows, pungs, pair)``: the lowest tiles of its chows, the
tiles of its pungs (both sorted) and the pair's tile or -1. The number-suit table
keeps each reading three times over, placed in each suit (kinds 0-8, 9-17,
18-26, the nine values one after the other; the tuples are shared, so this costs
only references); the honor table holds kinds.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from itertools import combinations, combinations_with_replacement
from typing import Any

from mahjong_joy.hand.mcr_forms import REGULAR

SuitReading = tuple[tuple[int, ...], tuple[int, ...], int]
_SUITS_OF = struct.Struct("9s9s9s7s").unpack  # 34 counts -> the three number suits' and the honors' (one call)

_SUIT: dict[bytes, tuple[SuitReading, ...]] = {}
_HONORS: dict[bytes, tuple[SuitReading, ...]] = {}
_EMPTY = bytes(9)


def suit_table() -> dict[bytes, tuple[tuple, ...]]:
    """Every number-suit shape that is sets only or sets and one pair (at most four
    sets), as counts-of-nine bytes, with all its readings placed in each suit (the
    honor table is built with it)."""
    if not _SUIT:
        honor_table()
        _SUIT.update(_build_suit())
    return _SUIT


def honor_table() -> dict[bytes, tuple[SuitReading, ...]]:
    """Every honor shape that is pungs only or pungs and one pair, as counts-of-seven
    bytes, with its one reading in kinds (27-33)."""
    if not _HONORS:
        for pungs in range(1 << 7):
            for pair in range(-1, 7):
                if pair >= 0 and pungs >> pair & 1:
                    continue
                counts = [3 * (pungs >> k & 1) for k in range(7)]
                if pair >= 0:
                    counts[pair] = 2
                if sum(1 for n in counts if n == 3) > 4:
                    continue
                reading = (), tuple(27 + k for k in range(7) if pungs >> k & 1), (27 + pair if pair >= 0 else -1)
                _HONORS[bytes(counts)] = (reading,)
    return _HONORS


def _build_suit() -> dict[bytes, tuple[SuitReading, ...]]:
    options = [(True, r) for r in range(7)] + [(False, r) for r in range(9)]  # chows, then pungs
    found: dict[bytes, list[SuitReading]] = {}
    for size in range(5):
        for picked in combinations_with_replacement(options, size):
            counts = [0] * 9
            for is_chow, r in picked:
                if is_chow:
                    counts[r] += 1
                    counts[r + 1] += 1
                    counts[r + 2] += 1
                else:
                    counts[r] += 3
            if max(counts) > 4:
                continue
            chows = tuple(r for is_chow, r in picked if is_chow)
            pungs = tuple(r for is_chow, r in picked if not is_chow)
            found.setdefault(bytes(counts), []).append((chows, pungs, -1))
            for pair in range(9):
                if counts[pair] <= 2:
                    counts[pair] += 2
                    found.setdefault(bytes(counts), []).append((chows, pungs, pair))
                    counts[pair] -= 2
    shared: dict[tuple, tuple] = {}  # one tuple object per distinct run of tiles

    def placed(tiles: tuple[int, ...], base: int) -> tuple[int, ...]:
        moved = tuple(t + base for t in tiles)
        return shared.setdefault(moved, moved)

    return {key: tuple(sum(((placed(c, base), placed(p, base), pair + base if pair >= 0 else -1)
                            for base in (0, 9, 18)), ()) for c, p, pair in readings)
            for key, readings in found.items()}


def regular_readings(key: bytes) -> list[tuple]:
    """Every reading of concealed counts (``key``: the 34 counts as bytes) as sets and
    exactly one pair: the scorer's ``(REGULAR, chows, pungs, pair, (), ())``, tiles as
    kinds, chows and pungs sorted across suits (suits are taken in kind order)."""
    suit = _SUIT or suit_table()
    m, p, s, z = _SUITS_OF(key)
    m, p, s, z = suit.get(m), suit.get(p), suit.get(s), _HONORS.get(z)
    if m is None or p is None or s is None or z is None:
        return []
    if len(m) == 1 and len(p) == 1 and len(s) == 1:  # the usual case, joined here
        m, p, s, z = m[0], p[0], s[0], z[0]
        pm, pp, ps, pz = m[2], p[5], s[8], z[2]
        if (pm >= 0) + (pp >= 0) + (ps >= 0) + (pz >= 0) != 1:
            return []
        return [(REGULAR, m[0] + p[3] + s[6], m[1] + p[4] + s[7] + z[1], max(pm, pp, ps, pz), (), ())]
    out: list[tuple] = []
    for a in m:
        for b in p:
            for c in s:
                out += _joined(a, b, c, z[0])
    return out


def _joined(m: tuple, p: tuple, s: tuple, z: SuitReading) -> list[tuple]:
    """One reading of the whole concealed part from one reading per suit, or none
    when the suits do not hold exactly one pair between them."""
    pm, pp, ps, pz = m[2], p[5], s[8], z[2]
    if (pm >= 0) + (pp >= 0) + (ps >= 0) + (pz >= 0) != 1:
        return []
    return [(REGULAR, m[0] + p[3] + s[6], m[1] + p[4] + s[7] + z[1], max(pm, pp, ps, pz), (), ())]


# ---------------------------------------------------------------- waits

_SUIT_WAITS: dict[bytes, int] = {}
_HONOR_WAITS: dict[bytes, int] = {}
_SUIT_WAITS_WITHOUT: dict[bytes, tuple[int, ...]] = {}
_HONOR_WAITS_WITHOUT: dict[bytes, tuple[int, ...]] = {}
FIFTH_COPY = 1 << 9  # above every rank bit: see ``waits_without_tables``


def _wait_tables() -> tuple[dict[bytes, int], dict[bytes, int]]:
    """For every shape one tile short of a complete shape: the ranks (bit ``r``) or
    honors (bit ``k`` for kind 27 + k) that complete it; made from the complete
    tables, so as complete as they are. The tables of :func:`waits_without_tables`
    are made with them, from the same shorter shapes."""
    if not _SUIT_WAITS:
        less = [bytes([n - 1]) for n in range(1, 6)]
        for table, waits, without in ((suit_table(), _SUIT_WAITS, _SUIT_WAITS_WITHOUT),
                                      (honor_table(), _HONOR_WAITS, _HONOR_WAITS_WITHOUT)):
            shorts = []
            for key in table:
                places = tuple(key[:r] + less[n - 1] + key[r + 1:] if n else None for r, n in enumerate(key))
                for r, short in enumerate(places):
                    if short is not None:
                        waits[short] = waits.get(short, 0) | 1 << r
                shorts.append((key, places))
            shared: dict[object, object] = {}  # one object per distinct tuple, and per int (above 256 none is cached)
            for key, places in shorts:
                found = tuple(0 if short is None else -1 if short in table else
                              _one(shared, waits[short] | (FIFTH_COPY if 4 in short else 0)) for short in places)
                without[key] = _one(shared, found)
    return _SUIT_WAITS, _HONOR_WAITS


def _one(shared: dict[object, object], value: object) -> Any:
    """The one kept object equal to ``value`` (kept tables hold one copy of each)."""
    return shared.setdefault(value, value)


def waits_without_tables() -> tuple[dict[bytes, tuple[int, ...]], dict[bytes, tuple[int, ...]]]:
    """For every complete shape (number suit, honors) and each place in it: the
    ranks (bits) that complete the shape with one tile taken from that place, or
    -1 when the shape stays complete without the tile (then any suit may take it,
    and only a count over the whole hand answers); 0 where the shape holds no
    tile. :data:`FIFTH_COPY` is added where the shorter shape holds a kind four
    times, so a fifth copy may complete it too (the unique-wait rule reads shapes,
    RULES.md B4; :func:`fifth_copy_waits` answers, rarely asked). The scorer asks
    this once per regular win with a wait fan in view: one probe for the win's
    suit instead of building the shorter shape and probing it."""
    if not _SUIT_WAITS_WITHOUT:
        _wait_tables()
    return _SUIT_WAITS_WITHOUT, _HONOR_WAITS_WITHOUT


def winning_kind_mask(counts: Sequence[int], seven_pairs: bool) -> int:
    """The kinds (bit ``t`` for kind ``t``) that complete ``counts`` (one tile short)
    to sets and a pair, or to seven pairs when ``seven_pairs``.

    A kind completes the hand when its suit becomes complete and every other suit
    already is, with exactly one pair among them. Shapes only: a kind the hand
    holds four of still counts when a fifth copy would complete the shape (the
    unique-wait rule reads the shape, RULES.md B4).
    """
    suit = _SUIT or suit_table()
    honors = _HONORS or honor_table()
    suit_waits, honor_waits = _wait_tables() if not _SUIT_WAITS else (_SUIT_WAITS, _HONOR_WAITS)
    key = bytes(counts)
    parts = _SUITS_OF(key)
    broken = []
    for k in range(4):
        if parts[k] not in (honors if k == 3 else suit):
            broken.append(k)
    found = 0
    if len(broken) <= 1:
        sizes = tuple(map(sum, parts))
        paired = (sizes[0] % 3 == 2, sizes[1] % 3 == 2, sizes[2] % 3 == 2, sizes[3] % 3 == 2)
        all_paired = sum(paired)
        for k in (broken or range(4)):
            if all_paired - paired[k] + ((sizes[k] + 1) % 3 == 2) != 1:
                continue
            part = parts[k]
            waits = (honor_waits if k == 3 else suit_waits).get(part, 0)
            if 4 in part:
                waits |= fifth_copy_waits(part, k == 3)
            found |= waits << 9 * k
    if seven_pairs and sum(key) == 13:
        odd = key.translate(_ODD)  # 1 where a kind is held an odd number of times
        if odd.count(1) == 1:
            found |= 1 << odd.index(1)
    return found


_ODD = bytes(n % 2 for n in range(256))


def fifth_copy_waits(part: bytes, honors: bool) -> int:
    """The ranks (bits) where a fifth copy would complete one suit's shape (the
    unique-wait rule reads shapes, RULES.md B4), from the complete tables: five
    copies of a kind are a pung and a pair, or a pung or a pair with chows, so a
    shape with five is complete exactly when taking a pung there, or (when the
    shape holds the pair) a pair there, leaves a complete shape. The shape has at
    most fourteen tiles (one suit of a hand), so what is left is in the tables."""
    table = (_HONORS or honor_table()) if honors else (_SUIT or suit_table())
    waits = 0
    pair = (sum(part) + 1) % 3 == 2
    for r, n in enumerate(part):
        if n == 4:
            head, tail = part[:r], part[r + 1:]
            if head + b"\x02" + tail in table or pair and head + b"\x03" + tail in table:
                waits |= 1 << r
    return waits


def winning_kinds_at_most(counts: Sequence[int], limit: int, seven_pairs: bool) -> int:
    """How many kinds complete ``counts`` (see :func:`winning_kind_mask`)."""
    return winning_kind_mask(counts, seven_pairs).bit_count()


# ---------------------------------------------------------------- combination fan

CHOW_STARTS = tuple(t for t in range(27) if t % 9 <= 6)
Rows = Sequence[tuple[int, Callable[[tuple[int, ...]], bool], int]]  # (position, predicate, points)


def pair_table(rows: Rows, tiles: Sequence[int]) -> list[int]:
    """For every two of ``tiles`` (a <= b, indexed ``a * 34 + b``): the position of the
    first row (table order) whose predicate holds, else -1."""
    table = [-1] * (34 * 34)
    for a, b in combinations_with_replacement(tiles, 2):
        table[a * 34 + b] = next((i for i, test, _ in rows if test((a, b))), -1)
    return table


def triple_table(rows: Rows, tiles: Sequence[int], repeats: bool) -> dict[int, tuple[int, int]]:
    """For every three of ``tiles`` (sorted, indexed ``(a * 34 + b) * 34 + c``) that make
    a fan: (points, position) of the highest row, the earliest on a tie."""
    table: dict[int, tuple[int, int]] = {}
    for a, b, c in (combinations_with_replacement if repeats else combinations)(tiles, 3):
        best = None
        for i, test, points in rows:
            if (best is None or points > best[0]) and test((a, b, c)):
                best = (points, i)
        if best is not None:
            table[(a * 34 + b) * 34 + c] = best
    return table


def table_sizes() -> dict[str, int]:
    """Entries in each kept table (after the first scoring builds them)."""
    return {"suit_shapes": len(_SUIT), "honor_shapes": len(_HONORS), "suit_waits": len(_SUIT_WAITS),
            "honor_waits": len(_HONOR_WAITS), "suit_waits_without": len(_SUIT_WAITS_WITHOUT),
            "honor_waits_without": len(_HONOR_WAITS_WITHOUT)}
