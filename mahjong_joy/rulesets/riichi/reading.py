"""Readings: one decomposition of the hand plus the group the winning tile completed.

The pattern-library design scores one reading at a time. A reading fixes
everything the yaku and fu depend on: the four sets (declared melds included),
the pair, the wait, and which triplets count as concealed. A ron on a shanpon
wait makes the completed triplet a called one for fu and for sanankou
(riichi.wiki: "Sanankou", "Fu"), so the same tiles can give several readings.
"""

from __future__ import annotations

from itertools import product
from operator import itemgetter
from typing import NamedTuple

from mahjong_joy.hand.decompose import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS
from mahjong_joy.rulesets.riichi.blocks import (
    HAND_RUN,
    MELD_BLOCK,
    OPEN_KAN,
    RON_TRIPLET,
    Block,
)
from mahjong_joy.rulesets.riichi.groupings import SUIT_TABLES, Grouping, suit_tables
from mahjong_joy.rulesets.riichi.rules import RiichiRules
from mahjong_joy.melds import CHI, CLOSED_KAN, PON, Meld
from mahjong_joy.rulesets.riichi.situation import WinSituation
from mahjong_joy.tiles import DRAGONS, GREEN, KIND_COUNT, RED, TERMINALS_AND_HONORS, WHITE

RYANMEN, KANCHAN, PENCHAN, TANKI, SHANPON, KOKUSHI_13 = (
    "ryanmen", "kanchan", "penchan", "tanki", "shanpon", "thirteen_sided",
)


_YAOCHUU = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
_TERMINALS = frozenset((0, 8, 9, 17, 18, 26))
_orphans = itemgetter(*TERMINALS_AND_HONORS)


# Gates: cheap necessary conditions for yaku, as bits. ``HandFacts.gates`` holds the
# open ones of the whole hand, ``Reading.gates`` adds those of its shape. A yaku
# row names the gates it needs (``YakuRow.needs``); the resolver never asks a row
# whose gates are not all open.
RARE_FLAG = 1 << 0  # a flag other than riichi and tsumo is set (then the flag bits below say which)
RIICHI = 1 << 1  # riichi or double riichi declared
TSUMO = 1 << 2  # won on a draw
NO_YAOCHUU = 1 << 3  # simples only
HAS_YAOCHUU = 1 << 4  # some terminal or honor
YAOCHUU_ONLY = 1 << 5  # terminals and honors only
ONE_SUIT = 1 << 6  # at most one number suit
THREE_KANS = 1 << 7  # three or more declared kans
WHITE_SET, GREEN_SET, RED_SET = 1 << 8, 1 << 9, 1 << 10  # three or more of that dragon
SEAT_SET, ROUND_SET = 1 << 11, 1 << 12  # three or more of the seat / round wind
TWO_DRAGON_SETS, THREE_WIND_SETS = 1 << 13, 1 << 14  # that many honors with three or more
HONOR_SET_GATES = (1 << 15) - (1 << 8)  # WHITE_SET .. THREE_WIND_SETS
A_RUN, TWO_RUNS, THREE_RUNS, FOUR_RUNS = 1 << 15, 1 << 16, 1 << 17, 1 << 18  # runs in the reading
RUN_GATES = A_RUN | TWO_RUNS | THREE_RUNS | FOUR_RUNS
THREE_TRIPLETS, FOUR_TRIPLETS = 1 << 19, 1 << 20  # triplets and kans in the reading
SEVEN_PAIRS_FORM, ORPHANS_FORM = 1 << 21, 1 << 22  # the reading's form
YAOCHUU_PAIR = 1 << 23  # a standard reading whose pair is a terminal or honor
THREE_SUITS = 1 << 24  # all three number suits present
NO_HONORS = 1 << 25  # no honor tile
SOUZU_OR_HONORS = 1 << 26  # no manzu and no pinzu
# One bit per rare flag, so a flag's yaku is asked only when that flag is set.
DOUBLE_RIICHI_FLAG, IPPATSU_FLAG, HAITEI_FLAG, HOUTEI_FLAG = 1 << 27, 1 << 28, 1 << 29, 1 << 30
RINSHAN_FLAG, CHANKAN_FLAG, TENHOU_FLAG, CHIIHOU_FLAG = 1 << 31, 1 << 32, 1 << 33, 1 << 34
FLAG_GATES = (DOUBLE_RIICHI_FLAG | IPPATSU_FLAG | HAITEI_FLAG | HOUTEI_FLAG
              | RINSHAN_FLAG | CHANKAN_FLAG | TENHOU_FLAG | CHIIHOU_FLAG)
READING_GATES = RUN_GATES | THREE_TRIPLETS | FOUR_TRIPLETS | SEVEN_PAIRS_FORM | ORPHANS_FORM | YAOCHUU_PAIR
HAND_GATES = ((1 << 35) - 1) & ~READING_GATES  # every other bit is the hand's
_RUN_GATES = (0, A_RUN, A_RUN | TWO_RUNS, A_RUN | TWO_RUNS | THREE_RUNS,
              A_RUN | TWO_RUNS | THREE_RUNS | FOUR_RUNS)
_TRIPLET_GATES = (0, 0, 0, THREE_TRIPLETS, THREE_TRIPLETS | FOUR_TRIPLETS)
_PAIR_GATES = tuple(YAOCHUU_PAIR if t in _YAOCHUU else 0 for t in range(KIND_COUNT))


class HandFacts:
    """What every reading of one situation shares, computed once (the tile-only
    facts the hand-scope yaku need: suits present, all terminals/honors, ...).

    ``concealed`` is the ``counts34`` of the concealed tiles, ``counts`` that of
    the whole hand, declared melds included (both as ``bytearray``: ``bytes()`` of
    one is the table key); ``reds`` the kinds written as red fives, hand then
    melds; ``melds`` the declared melds as readings use them;
    ``present`` the set of kinds in the hand and ``suits`` the set of their suits
    (0..3); ``gates`` the open gate bits. Built before the rest of the situation
    is checked: it assumes only well-formed melds, a hand of at most 14 tiles and
    kinds 0..33.
    """

    __slots__ = ("situation", "rules", "concealed", "counts", "melds", "closed", "tsumo", "win_tile", "seat",
                 "round", "value_tiles", "has_melds", "present", "suits", "has_honors", "gates", "reds")

    def __init__(self, situation: WinSituation, rules: RiichiRules) -> None:
        self.situation = situation
        self.rules = rules
        hand = situation.hand
        counts = bytearray(KIND_COUNT)
        for tile in hand:
            counts[tile] += 1
        kinds = set(hand)
        if situation.melds:
            self.concealed = counts[:]
            self.melds = melds = _add_melds(situation.melds, counts, kinds)
            self.closed = not melds.called
            self.has_melds = True
            self.reds = situation.hand_red + melds.red if melds.red else situation.hand_red
            gates = THREE_KANS if melds.kans >= 3 else 0
        else:
            self.concealed = counts
            self.melds = _NO_MELDS
            self.closed = True
            self.has_melds = False
            self.reds = situation.hand_red
            gates = 0
        self.counts = counts
        self.tsumo = situation.tsumo
        self.win_tile = situation.win_tile
        self.seat = seat = situation.seat_wind
        self.round = round_wind = situation.round_wind
        # Kinds whose triplet is yakuhai, with how many times (a double wind twice).
        self.value_tiles = _VALUE_TILES.get((seat, round_wind)) or _value_tiles(seat, round_wind)
        self.present = kinds
        suits, has_honors, suit_gates = _SUITS_PRESENT[not kinds.isdisjoint(_MANZU), not kinds.isdisjoint(_PINZU),
                                                       not kinds.isdisjoint(_SOUZU), not kinds.isdisjoint(_HONORS)]
        self.suits = suits
        self.has_honors = has_honors
        gates |= suit_gates
        if kinds.isdisjoint(_YAOCHUU):
            gates |= NO_YAOCHUU
        elif kinds <= _YAOCHUU:
            gates |= HAS_YAOCHUU | YAOCHUU_ONLY
        else:
            gates |= HAS_YAOCHUU
        if situation.tsumo:
            gates |= TSUMO
        if situation.riichi or situation.double_riichi:
            gates |= RIICHI
        if (situation.double_riichi or situation.ippatsu or situation.haitei or situation.houtei
                or situation.rinshan or situation.chankan or situation.tenhou or situation.chiihou):
            gates |= _flag_gates(situation)  # every flag but riichi and tsumo, read without building a tuple
        if has_honors and max(counts[27:]) >= 3:
            gates |= _honor_gates(counts, seat, round_wind)
        self.gates = gates

    @property
    def no_yaochuu(self) -> bool:
        """Simples only (no terminal or honor anywhere in the hand)."""
        return bool(self.gates & NO_YAOCHUU)

    @property
    def yaochuu_only(self) -> bool:
        """Terminals and honors only."""
        return bool(self.gates & YAOCHUU_ONLY)

    @property
    def terminals_only(self) -> bool:
        return self.present <= _TERMINALS


_MANZU = frozenset(range(0, 9))
_PINZU = frozenset(range(9, 18))
_SOUZU = frozenset(range(18, 27))
_HONORS = frozenset(range(27, KIND_COUNT))


def _suit_facts(present: tuple[bool, ...]) -> tuple[frozenset[int], bool, int]:
    """The set of suits (0..3), whether honors are among them, and the suit gates,
    by whether each suit is present."""
    suits = frozenset(suit for suit in range(4) if present[suit])
    number_suits = len(suits - {3})
    gates = ONE_SUIT if number_suits <= 1 else 0
    if number_suits == 3:
        gates |= THREE_SUITS
    if 3 not in suits:
        gates |= NO_HONORS
    if not present[0] and not present[1]:
        gates |= SOUZU_OR_HONORS
    return suits, 3 in suits, gates


_SUITS_PRESENT = {present: _suit_facts(present) for present in product((False, True), repeat=4)}
"""Suit facts by whether each suit is present (four set tests instead of a pass
over the kinds)."""


def _flag_gates(situation: WinSituation) -> int:
    """The rare-flag gates of a situation with some rare flag set."""
    gates = RARE_FLAG
    if situation.double_riichi:
        gates |= DOUBLE_RIICHI_FLAG
    if situation.ippatsu:
        gates |= IPPATSU_FLAG
    if situation.haitei:
        gates |= HAITEI_FLAG
    if situation.houtei:
        gates |= HOUTEI_FLAG
    if situation.rinshan:
        gates |= RINSHAN_FLAG
    if situation.chankan:
        gates |= CHANKAN_FLAG
    if situation.tenhou:
        gates |= TENHOU_FLAG
    if situation.chiihou:
        gates |= CHIIHOU_FLAG
    return gates


def _honor_gates(counts: bytearray, seat: int, round_wind: int) -> int:
    """The gates of honor sets, for a hand holding three or more of some honor."""
    white, green, red = counts[WHITE] >= 3, counts[GREEN] >= 3, counts[RED] >= 3
    gates = WHITE_SET if white else 0
    if green:
        gates |= GREEN_SET
    if red:
        gates |= RED_SET
    if white + green + red >= 2:
        gates |= TWO_DRAGON_SETS
    if counts[seat] >= 3:
        gates |= SEAT_SET
    if counts[round_wind] >= 3:
        gates |= ROUND_SET
    if (counts[27] >= 3) + (counts[28] >= 3) + (counts[29] >= 3) + (counts[30] >= 3) >= 3:
        gates |= THREE_WIND_SETS
    return gates


def _value_tiles(seat: int, round_wind: int) -> dict[int, int]:
    value = dict.fromkeys(DRAGONS, 1)
    value[seat] = value.get(seat, 0) + 1
    value[round_wind] = value.get(round_wind, 0) + 1
    return value


_VALUE_TILES = {(seat, rnd): _value_tiles(seat, rnd) for seat in range(27, 31) for rnd in range(27, 31)}


class Reading:
    """One way to read the winning hand, with the set facts every yaku asks for
    (run starts, triplet kinds, kans, concealed triplets) given by the builder, and
    the open gates: the hand's plus those of this reading's shape.

    ``sets`` holds the triplet and kan blocks (the ones fu looks at), hand first
    then declared; :attr:`blocks` lists every set.
    """

    __slots__ = ("form", "sets", "pair", "wait", "facts", "runs", "triplets", "kans", "concealed", "gates")

    def __init__(self, form: str, sets: tuple[Block, ...], pair: int | None, wait: str, facts: HandFacts,
                 runs: tuple[int, ...] = (), triplets: tuple[int, ...] = (), kans: int = 0,
                 concealed: int = 0, gates: int | None = None) -> None:
        self.form = form
        self.sets = sets
        self.pair = pair
        self.wait = wait
        self.facts = facts
        self.runs = runs
        self.triplets = triplets
        self.kans = kans
        self.concealed = concealed
        if gates is None:
            gates = facts.gates | _RUN_GATES[len(runs)] | _TRIPLET_GATES[len(triplets)] | _FORM_GATES.get(form, 0)
        self.gates = gates

    @property
    def blocks(self) -> tuple[Block, ...]:
        """Every set: runs then triplets found in hand, then the declared melds."""
        melds = self.facts.melds
        hand_runs = self.runs[:len(self.runs) - len(melds.runs)]
        hand_sets = self.sets[:len(self.sets) - len(melds.sets)]
        return tuple(map(HAND_RUN.__getitem__, hand_runs)) + hand_sets + melds.blocks

    def __repr__(self) -> str:
        return f"Reading({self.form}, {self.blocks}, pair={self.pair}, wait={self.wait})"


_FORM_GATES = {SEVEN_PAIRS: SEVEN_PAIRS_FORM, THIRTEEN_ORPHANS: ORPHANS_FORM}


def meld_block(meld: Meld) -> Block:
    """The block a declared meld always is."""
    return MELD_BLOCK.get(meld.type, OPEN_KAN)[min(meld.kinds)]


class MeldFacts(NamedTuple):
    """The declared melds as a reading uses them (the same for every reading);
    ``called`` counts the melds that open the hand."""

    blocks: tuple[Block, ...]
    sets: tuple[Block, ...]  # the triplets and kans among ``blocks``
    runs: tuple[int, ...]
    triplets: tuple[int, ...]
    kans: int
    concealed: int
    called: int
    red: tuple[int, ...]  # the kinds written as red fives

    @classmethod
    def of(cls, melds: tuple[Meld, ...]) -> MeldFacts:
        """The facts of well-formed melds."""
        return _add_melds(melds, bytearray(KIND_COUNT), set())


_NO_MELDS = MeldFacts((), (), (), (), 0, 0, 0, ())


def _add_melds(melds: tuple[Meld, ...], counts: bytearray, kinds: set[int]) -> MeldFacts:
    """The facts of well-formed melds, adding their tiles to ``counts`` and ``kinds``."""
    blocks = []
    sets = []
    runs = []
    triplets = []
    kans = concealed = called = 0
    red: tuple[int, ...] = ()
    for meld in melds:
        kind = meld.type
        tiles = meld.kinds
        if max(meld.tiles) >= 34:
            red += meld.reds
        if kind == CHI:
            tile = min(tiles)
            blocks.append(_CHI_BLOCK[tile])
            runs.append(tile)
            counts[tile] += 1
            counts[tile + 1] += 1
            counts[tile + 2] += 1
            kinds.update(tiles)
            called += 1
            continue
        tile = tiles[0]
        if kind == PON:
            block = _PON_BLOCK[tile]
            counts[tile] += 3
            called += 1
        elif kind == CLOSED_KAN:
            block = _CLOSED_KAN_BLOCK[tile]
            counts[tile] += 4
            kans += 1
            concealed += 1
        else:  # an open or added kan
            block = OPEN_KAN[tile]
            counts[tile] += 4
            kans += 1
            called += 1
        blocks.append(block)
        sets.append(block)
        triplets.append(tile)
        kinds.add(tile)
    facts = (tuple(blocks), tuple(sets), tuple(runs), tuple(triplets), kans, concealed, called, red)
    return _new_tuple(MeldFacts, facts)


_new_tuple = tuple.__new__
_CHI_BLOCK, _PON_BLOCK, _CLOSED_KAN_BLOCK = MELD_BLOCK[CHI], MELD_BLOCK[PON], MELD_BLOCK[CLOSED_KAN]


def readings(key: bytes, facts: HandFacts, melds: MeldFacts) -> list[Reading]:
    """Every reading of the concealed tiles ``key`` (``bytes(counts34)``) with the
    declared ``melds``: standard decompositions first (as
    :func:`mahjong_joy.hand.decompose.decompositions` orders them), then seven
    pairs, then thirteen orphans. Empty when the hand does not win."""
    found: list[Reading] = []
    for grouping in _standard_groupings(key):
        _add_standard(found, grouping, facts, melds)
    if not melds.blocks:
        if key.count(2) == 7:
            found.append(Reading(SEVEN_PAIRS, (), None, TANKI, facts))
        elif key.count(0) == 21 and 0 not in _orphans(key):
            pair = next(t for t in TERMINALS_AND_HONORS if key[t] == 2)
            wait = KOKUSHI_13 if facts.counts[facts.win_tile] == 2 else TANKI
            found.append(Reading(THIRTEEN_ORPHANS, (), pair, wait, facts))
    return found


def _standard_groupings(key: bytes) -> tuple[Grouping, ...] | list[Grouping]:
    """The decompositions into sets and one pair: the product of the suits' groupings."""
    man, pin, sou, honor = SUIT_TABLES or suit_tables()
    m = man.get(key[0:9])
    if m is None:
        return ()
    p = pin.get(key[9:18])
    if p is None:
        return ()
    s = sou.get(key[18:27])
    if s is None:
        return ()
    h = honor.get(key[27:34])
    if h is None:
        return ()
    (m0, mr, mt, mb), (p0, pr, pt, pb), (s0, sr, st, sb), (h0, _, ht, hb) = m[0], p[0], s[0], h[0]
    if (m0 >= 0) + (p0 >= 0) + (s0 >= 0) + (h0 >= 0) != 1:
        return ()  # the pair must be in exactly one suit
    if len(m) == 1 and len(p) == 1 and len(s) == 1:
        return ((max(m0, p0, s0, h0), mr + pr + sr, mt + pt + st + ht, mb + pb + sb + hb),)
    combined = [(max(a[0], b[0], c[0], h0), a[1] + b[1] + c[1], a[2] + b[2] + c[2] + ht, a[3] + b[3] + c[3] + hb)
                for a in m for b in p for c in s]
    combined.sort(key=_pair_of)  # stable: the core lists decompositions pair kind first
    return combined


def _pair_of(grouping: Grouping) -> int:
    return grouping[0]


def _add_standard(found: list[Reading], grouping: Grouping, facts: HandFacts, melds: MeldFacts) -> None:
    """The readings of one decomposition: one per distinct group holding the winning
    tile (pair, then runs, then triplets, each by kind)."""
    pair, runs, triplets, sets = grouping
    win = facts.win_tile
    if melds.blocks:
        sets += melds.sets
        runs_all = runs + melds.runs
        triplets_all = triplets + melds.triplets
    else:
        runs_all, triplets_all = runs, triplets
    kans = melds.kans
    concealed = len(triplets) + melds.concealed
    gates = facts.gates | _RUN_GATES[len(runs_all)] | _TRIPLET_GATES[len(triplets_all)] | _PAIR_GATES[pair]
    if pair == win:
        found.append(Reading(STANDARD, sets, pair, TANKI, facts, runs_all, triplets_all, kans, concealed, gates))
    last = -1
    for t in runs:  # a pass over the sorted runs beats three ``in`` tests (fewer int comparisons)
        if t != last and t <= win <= t + 2:
            found.append(Reading(STANDARD, sets, pair, _run_wait(t, win), facts,
                                 runs_all, triplets_all, kans, concealed, gates))
        last = t
    if win in triplets:
        if not facts.tsumo:  # a ron completed this triplet: it counts as called
            at = triplets.index(win)
            sets = sets[:at] + (RON_TRIPLET[win],) + sets[at + 1:]
            concealed -= 1
        found.append(Reading(STANDARD, sets, pair, SHANPON, facts, runs_all, triplets_all, kans, concealed, gates))


def _run_wait(tile: int, win: int) -> str:
    """The wait a completed run had (riichi.wiki: "Machi")."""
    if win == tile + 1:
        return KANCHAN
    rank = tile % 9
    if (rank == 0 and win == tile + 2) or (rank == 6 and win == tile):
        return PENCHAN
    return RYANMEN
