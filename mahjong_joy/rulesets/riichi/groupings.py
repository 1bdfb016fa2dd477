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

from itertools import combinations_with_replacement

from mahjong_joy.rulesets.riichi.blocks import HAND_TRIPLET, Block

Grouping = tuple[int, tuple[int, ...], tuple[int, ...], tuple[Block, ...]]
Table = dict[bytes, tuple[Grouping, ...]]
NO_PAIR = -1
SUIT_STARTS = (0, 9, 18, 27)

SUIT_TABLES: list[Table] = []
"""The four tables once :func:`suit_tables` has built them (empty before)."""


def suit_tables() -> list[Table]:
    """One table per suit (manzu, pinzu, souzu, honors): counts as ``bytes`` ->
    groupings (built on first use, then shared)."""
    if not SUIT_TABLES:
        manzu = _build(0, 9)
        SUIT_TABLES.extend((manzu, _shift(manzu, 9), _shift(manzu, 18), _build(27, 7)))
    return SUIT_TABLES


def _shift(table: Table, offset: int) -> Table:
    """The manzu table moved to another number suit."""
    moved: dict[Grouping, Grouping] = {}
    for groupings in table.values():
        for grouping in groupings:
            pair, runs, triplets, _ = grouping
            moved[grouping] = _grouping(pair + offset if pair != NO_PAIR else NO_PAIR,
                                        tuple([t + offset for t in runs]),
                                        tuple([t + offset for t in triplets]))
    return {key: tuple([moved[g] for g in groupings]) for key, groupings in table.items()}


def _build(start: int, kinds: int) -> Table:
    """Enumerate up to four sets of one suit (runs only in number suits) and at
    most one pair; keep the arrangements with no fifth copy."""
    shapes = [(True, t) for t in range(kinds - 2)] if kinds == 9 else []
    shapes += [(False, t) for t in range(kinds)]
    found: dict[bytes, list[tuple[tuple[int, ...], Grouping]]] = {}
    for size in range(5):
        for sets in combinations_with_replacement(shapes, size):
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
    return {key: tuple(g for _, g in sorted(entries)) for key, entries in found.items()}


def _grouping(pair: int, runs: tuple[int, ...], triplets: tuple[int, ...]) -> Grouping:
    """A grouping with its triplets also as concealed blocks."""
    return pair, runs, triplets, tuple([HAND_TRIPLET[t] for t in triplets])
