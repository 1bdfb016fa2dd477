"""Every grouping of one suit, built once, so a hand's decompositions are lookups.

A standard hand splits suit by suit: each suit's tiles group into sets on their
own and exactly one suit holds the pair. So the decompositions of a whole hand
are the product of its suits' groupings, and one suit's groupings depend only on
its nine (or seven) counts. :func:`suit_tables` lists them for every arrangement
that splits into at most four sets and one pair (about 22,000 per number suit),
by enumerating the sets rather than searching each arrangement, on the scorer's
first use (about 0.2 s on a quiet machine; the scorer no longer needs the core's
``tables.bin``, which took about as long to load).

A grouping is ``(pair, runs, triplets, sets)``: the pair's kind or ``-1``, the
run starts and the triplet kinds as sorted tuples of kinds (already moved to the
suit's own kinds: the table for pinzu holds kinds 9..17), and ``sets`` the
triplets as concealed :class:`~mahjong_joy.rulesets.riichi.blocks.Block` values
(what fu reads), so a reading joins prebuilt tuples instead of making blocks
per hand. Within one
arrangement, groupings come in the order of
:func:`mahjong_joy.hand.decompose.decompositions` (pair kind first, then a
triplet before runs at the lowest tile where two groupings differ), so the
resolver meets readings in the same order as the core and keeps the same one
on a tie.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement

from mahjong_joy.rulesets.riichi.blocks import HAND_TRIPLET, Block

Grouping = tuple[int, tuple[int, ...], tuple[int, ...], tuple[Block, ...]]
Table = dict[bytes, tuple[Grouping, ...]]
NO_PAIR = -1
SUIT_STARTS = (0, 9, 18, 27)

SUIT_TABLES: list[Table] = []
"""The four tables once :func:`suit_tables` has built them (empty before)."""


STEP_SETS = 400
"""Set combinations enumerated per build step (a few ms), so a game loop can build between frames."""
STEP_ARRANGEMENTS = 2_000  # arrangements sorted or moved per build step


def suit_tables() -> list[Table]:
    """One table per suit (manzu, pinzu, souzu, honors): counts as ``bytes`` ->
    groupings (built on first use, then shared)."""
    if not SUIT_TABLES:
        for _ in build_steps():
            pass
    return SUIT_TABLES


_builder: Iterator[int] | None = None


def build_steps() -> Iterator[int]:
    """The build as small steps, each yielding the set combinations or arrangements
    it did; one shared run, which :func:`suit_tables` finishes when the scorer needs
    the tables mid-way. :data:`SUIT_TABLES` fills all at once at the end."""
    global _builder
    if _builder is None or (not SUIT_TABLES and _builder.gi_frame is None):
        _builder = _build_steps()
    return _builder


def _build_steps() -> Iterator[int]:
    if SUIT_TABLES:
        return
    made: list[Table] = []
    yield from _build(0, 9, made)
    yield from _shift(made[0], 9, made)
    yield from _shift(made[0], 18, made)
    yield from _build(27, 7, made)
    if not SUIT_TABLES:
        SUIT_TABLES.extend(made)


def _shift(table: Table, offset: int, out: list[Table]) -> Iterator[int]:
    """The manzu table moved to another number suit (appended to ``out``), in steps."""
    moved: dict[Grouping, Grouping] = {}
    for n, groupings in enumerate(table.values(), 1):
        for grouping in groupings:
            pair, runs, triplets, _ = grouping
            moved[grouping] = _grouping(pair + offset if pair != NO_PAIR else NO_PAIR,
                                        tuple([t + offset for t in runs]),
                                        tuple([t + offset for t in triplets]))
        if n % STEP_ARRANGEMENTS == 0:
            yield STEP_ARRANGEMENTS
    shifted: Table = {}
    for n, (key, groupings) in enumerate(table.items(), 1):
        shifted[key] = tuple([moved[g] for g in groupings])
        if n % STEP_ARRANGEMENTS == 0:
            yield STEP_ARRANGEMENTS
    out.append(shifted)


def _build(start: int, kinds: int, out: list[Table]) -> Iterator[int]:
    """Enumerate up to four sets of one suit (runs only in number suits) and at
    most one pair; keep the arrangements with no fifth copy (the table is
    appended to ``out``; each step yields the set combinations it tried)."""
    shapes = [(True, t) for t in range(kinds - 2)] if kinds == 9 else []
    shapes += [(False, t) for t in range(kinds)]
    found: dict[bytes, list[tuple[tuple[int, ...], Grouping]]] = {}
    tried = 0
    for size in range(5):
        for sets in combinations_with_replacement(shapes, size):
            tried += 1
            if tried % STEP_SETS == 0:
                yield STEP_SETS
            counts = [0] * kinds
            for is_run, t in sets:
                if is_run:
                    counts[t] += 1
                    counts[t + 1] += 1
                    counts[t + 2] += 1
                else:
                    counts[t] += 3
            if max(counts, default=0) > 4:
                continue
            runs = tuple(start + t for is_run, t in sets if is_run)
            triplets = tuple(start + t for is_run, t in sets if not is_run)
            order = tuple(start + t not in triplets for t in range(kinds))
            found.setdefault(bytes(counts), []).append(((NO_PAIR, *order), _grouping(NO_PAIR, runs, triplets)))
            for pair in range(kinds):
                if counts[pair] <= 2:
                    counts[pair] += 2
                    found.setdefault(bytes(counts), []).append(
                        ((pair, *order), _grouping(start + pair, runs, triplets)))
                    counts[pair] -= 2
    table: Table = {}
    for n, (key, entries) in enumerate(found.items(), 1):
        table[key] = tuple(g for _, g in sorted(entries))
        if n % STEP_ARRANGEMENTS == 0:
            yield STEP_ARRANGEMENTS
    out.append(table)


def _grouping(pair: int, runs: tuple[int, ...], triplets: tuple[int, ...]) -> Grouping:
    """A grouping with its triplets also as concealed blocks."""
    return pair, runs, triplets, tuple([HAND_TRIPLET[t] for t in triplets])
