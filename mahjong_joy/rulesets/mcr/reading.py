"""The facts a fan predicate reads: the hand's (once per hand) and one reading's.

:class:`HandFacts` is computed once per situation (tile counts with the melds, the
flags after the checks the scorer makes itself); :class:`Reading` is one
decomposition of the whole hand, declared melds included, in one form. Chows are
listed by their lowest tile and pungs (kongs included) by their tile, both sorted;
a set's *bit* is its position in ``chows`` (bits 0-3) or ``pungs`` (bits 4-7), so
the loop can tell which sets a fan instance uses (the non-repeat principle works
per set, RULES.md B5 row 1).

Which kinds a hand holds is a 34-bit integer (bit ``t`` for kind ``t``): the suit
and rank fans ask it with one mask each instead of building sets.
"""

from __future__ import annotations

from dataclasses import dataclass

from mahjong_joy.rulesets.mcr.situation import McrRules, McrSituation

PUNG_BIT_SHIFT = 4


def kind_mask(kinds) -> int:
    """The bit mask of ``kinds`` (bit ``t`` set for each kind ``t``)."""
    mask = 0
    for t in kinds:
        mask |= 1 << t
    return mask


@dataclass(slots=True)
class HandFacts:
    """Per-hand facts shared by every reading.

    The fields are what the scorer's own loop reads (worked out once per hand); the
    properties are what only some fan predicates read, worked out when asked, since
    most hands never ask them."""

    situation: McrSituation
    counts: list[int]          # all tiles of the hand, a kong counted as four
    win_tile: int
    tsumo: bool
    last_tile: bool            # after the visibility checks (RULES.md B4 和绝张)
    seat_wind: int
    round_wind: int
    melded_packs: int          # declared sets other than concealed kongs
    melded_kongs: int
    concealed_kongs: int
    rules: McrRules
    kinds: int                 # the kinds present, as a bit mask (see ``kind_mask``)
    fours: int                 # kinds held four times (kongs included)
    gates: int                 # the open gates, bit k for ``GATES[k]`` (see the scorer's ``hand_facts``)

    @property
    def kongs(self) -> int:
        return self.melded_kongs + self.concealed_kongs

    @property
    def kong_replacement(self) -> bool:
        return self.situation.kong_replacement

    @property
    def robbing_kong(self) -> bool:
        return self.situation.robbing_kong

    @property
    def last_wall_tile(self) -> bool:
        return self.situation.last_wall_tile

    @property
    def has_honors(self) -> bool:
        return self.kinds >> 27 != 0

    @property
    def number_suits(self) -> int:
        """How many of the three number suits appear."""
        kinds = self.kinds
        return (kinds & 511 != 0) + (kinds >> 9 & 511 != 0) + (kinds >> 18 & 511 != 0)

    @property
    def ranks(self) -> int:
        """Ranks 1-9 present as bits 0-8 (0 when honors appear)."""
        kinds = self.kinds
        return 0 if kinds >> 27 else (kinds | kinds >> 9 | kinds >> 18) & 511


GATES = (
    # the hand's tiles
    "fours", "one_suit", "at_most_one_suit", "no_characters", "two_suits", "three_suits", "one_number_suit",
    "winds", "dragons", "honors", "numbers_only", "orphans_only", "no_orphans", "ranks_six_up", "ranks_four_down",
    "ranks_four_to_six",
    # the hand's melds and moment
    "concealed_kongs", "melded_kongs", "two_kongs", "last_wall_tile", "kong_replacement", "robbing_kong", "last_tile",
    "concealed", "tsumo", "discard", "four_melded", "at_most_two_suits",
    # one reading's (``Reading.gates`` adds them to the hand's), each run with the hand's gates its rows read
    "wait_edge", "wait_closed", "wait_single",
    "fives", "pair_five", "pair_orphan", "outside_sets", "pair_number", "no_pungs",
    "pair_wind", "pair_dragon", "two_triples", "three_triples", "four_triples", "four_pungs",
    "hidden_two", "hidden_three", "hidden_four", "ranks_even",
    # the hand's tiles again, read by few rows (each with gates of other runs)
    "all_winds", "all_dragons", "all_ranks", "ranks_three_to_seven")
"""Cheap necessary conditions, one bit each; a row names the ones it needs (``FanRow.needs``).
``HandFacts.gates`` holds the hand's, ``Reading.gates`` the hand's and the reading's.
The order groups the gates that rows read together into short runs (the scorer's
``_WINDOWS``: complete tables per run), so it matters for speed, never for an answer."""


def gate_bits(names: tuple[str, ...]) -> int:
    """The bits of the gates ``names`` (a name not in :data:`GATES`, such as "never",
    sets a bit no hand ever opens)."""
    bits = 0
    for name in names:
        bits |= 1 << (GATES.index(name) if name in GATES else len(GATES))
    return bits


@dataclass(slots=True)
class Reading:
    """One decomposition of the whole hand in one form."""

    form: str
    facts: HandFacts
    chows: tuple[int, ...] = ()         # lowest tiles, sorted (knitted tiles are not chows)
    pungs: tuple[int, ...] = ()         # pung and kong tiles, sorted
    pair: int | None = None
    concealed_pungs: int = 0            # concealed pungs and kongs, a discard's pung counted as melded
    concealed_chows: tuple[int, ...] = ()
    concealed_pair: int | None = None
    knitted: tuple[int, ...] = ()
    pairs: tuple[int, ...] = ()
    wait: str = ""                      # "edge" / "closed" / "single" on a unique wait, else ""
    gates: int = 0                      # the hand's open gates and this reading's (see ``GATES``)

    @property
    def sets(self) -> int:
        return len(self.chows) + len(self.pungs)
