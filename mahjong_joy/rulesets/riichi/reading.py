"""Readings: one decomposition of the hand plus the group the winning tile completed.

The pattern-library design scores one reading at a time. A reading fixes
everything the yaku and fu depend on: the four sets (declared melds included),
the pair, the wait, and which triplets count as concealed. A ron on a shanpon
wait makes the completed triplet a called one for fu and for sanankou
(riichi.wiki: "Sanankou", "Fu"), so the same tiles can give several readings.
"""

from __future__ import annotations

from typing import NamedTuple

from mahjong_joy.hand.decompose import PAIR, RUN, SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS, Decomposition
from mahjong_joy.rulesets.riichi.rules import RiichiRules
from mahjong_joy.rulesets.riichi.situation import CHI, CLOSED_KAN, PON, Meld, WinSituation
from mahjong_joy.tiles import DRAGONS, KIND_COUNT

TRIPLET, KAN = "triplet", "kan"
RYANMEN, KANCHAN, PENCHAN, TANKI, SHANPON, KOKUSHI_13 = (
    "ryanmen", "kanchan", "penchan", "tanki", "shanpon", "thirteen_sided",
)


class Block(NamedTuple):
    """A set in a reading: ``shape`` run/triplet/kan from ``tile``; ``called`` when
    declared open; ``concealed`` when it counts as concealed (ankou)."""

    shape: str
    tile: int
    called: bool
    concealed: bool


_YAOCHUU = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
_TERMINALS = frozenset((0, 8, 9, 17, 18, 26))


class HandFacts:
    """What every reading of one situation shares, computed once (the tile-only
    facts the hand-scope yaku need: suits present, all terminals/honors, ...)."""

    __slots__ = ("situation", "rules", "counts", "closed", "tsumo", "win_tile", "seat", "round",
                 "value_tiles", "has_melds", "present", "suits", "yaochuu_only", "no_yaochuu",
                 "terminals_only", "has_honors")

    def __init__(self, situation: WinSituation, rules: RiichiRules) -> None:
        self.situation = situation
        self.rules = rules
        counts = [0] * KIND_COUNT
        for tile in situation.hand:
            counts[tile] += 1
        for meld in situation.melds:
            for tile in meld.tiles:
                counts[tile] += 1
        self.counts = counts
        self.closed = situation.is_closed
        self.tsumo = situation.tsumo
        self.win_tile = situation.win_tile
        self.seat = situation.seat_wind
        self.round = situation.round_wind
        self.has_melds = bool(situation.melds)
        # Kinds whose triplet is yakuhai, with how many times (a double wind twice).
        value = dict.fromkeys(DRAGONS, 1)
        value[self.seat] = value.get(self.seat, 0) + 1
        value[self.round] = value.get(self.round, 0) + 1
        self.value_tiles = value
        present = [t for t in range(KIND_COUNT) if counts[t]]
        self.present = present
        self.suits = frozenset(t // 9 for t in present)
        kinds = frozenset(present)
        self.yaochuu_only = kinds <= _YAOCHUU
        self.no_yaochuu = not (kinds & _YAOCHUU)
        self.terminals_only = kinds <= _TERMINALS
        self.has_honors = 3 in self.suits


class Reading:
    """One way to read the winning hand, with the set facts every yaku asks for
    (runs, triplet kinds, kans, concealed triplets) computed once."""

    __slots__ = ("form", "blocks", "pair", "wait", "facts", "runs", "triplets", "kans", "concealed")

    def __init__(self, form: str, blocks: tuple[Block, ...], pair: int | None, wait: str, facts: HandFacts) -> None:
        self.form = form
        self.blocks = blocks
        self.pair = pair
        self.wait = wait
        self.facts = facts
        self.runs = [b.tile for b in blocks if b.shape == RUN]
        self.triplets = [b.tile for b in blocks if b.shape != RUN]
        self.kans = sum(1 for b in blocks if b.shape == KAN)
        self.concealed = sum(1 for b in blocks if b.shape != RUN and b.concealed)

    def __repr__(self) -> str:
        return f"Reading({self.form}, {self.blocks}, pair={self.pair}, wait={self.wait})"


def meld_block(meld: Meld) -> Block:
    """The block a declared meld always is."""
    if meld.kind == CHI:
        return Block(RUN, min(meld.tiles), True, False)
    if meld.kind == PON:
        return Block(TRIPLET, meld.tiles[0], True, False)
    if meld.kind == CLOSED_KAN:
        return Block(KAN, meld.tiles[0], False, True)
    return Block(KAN, meld.tiles[0], True, False)


def readings_of(decomposition: Decomposition, facts: HandFacts, melds: tuple[Block, ...]) -> list[Reading]:
    """Every reading of one decomposition: one per distinct group holding the winning tile."""
    win = facts.win_tile
    form = decomposition.form
    if form == SEVEN_PAIRS:
        return [Reading(form, (), None, TANKI, facts)]
    if form == THIRTEEN_ORPHANS:
        wait = KOKUSHI_13 if facts.counts[win] == 2 else TANKI
        return [Reading(form, (), decomposition.groups[0].tile, wait, facts)]
    found: list[Reading] = []
    seen: set[tuple[str, int]] = set()
    groups = decomposition.groups
    for group in groups:
        key = (group.shape, group.tile)
        if key in seen or not _holds(group.shape, group.tile, win):
            continue
        seen.add(key)
        found.append(_reading(groups, group, facts, melds))
    return found


def _holds(shape: str, tile: int, win: int) -> bool:
    if shape == RUN:
        return tile <= win <= tile + 2
    return tile == win


def _reading(groups: tuple, winning: tuple, facts: HandFacts, melds: tuple[Block, ...]) -> Reading:
    """The reading where ``winning`` is the group the last tile completed."""
    blocks: list[Block] = []
    pair = -1
    for shape, tile in groups:
        if shape == PAIR:
            pair = tile
        elif shape == RUN:
            blocks.append(Block(RUN, tile, False, True))
        else:
            ron_completed = not facts.tsumo and winning[0] != RUN and winning[0] != PAIR and winning[1] == tile
            blocks.append(Block(TRIPLET, tile, False, not ron_completed))
    return Reading(STANDARD, tuple(blocks) + melds, pair, _wait(winning[0], winning[1], facts.win_tile), facts)


def _wait(shape: str, tile: int, win: int) -> str:
    """The wait a completed group had (riichi.wiki: "Machi")."""
    if shape == PAIR:
        return TANKI
    if shape != RUN:
        return SHANPON
    if win == tile + 1:
        return KANCHAN
    rank = tile % 9
    if (rank == 0 and win == tile + 2) or (rank == 6 and win == tile):
        return PENCHAN
    return RYANMEN
