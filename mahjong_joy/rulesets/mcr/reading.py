"""The facts a fan predicate reads: the hand's (once per hand) and one reading's.

:class:`HandFacts` is computed once per situation (tile counts with the melds, the
flags after the checks the scorer makes itself); :class:`Reading` is one
decomposition of the whole hand, declared melds included, in one form. Chows are
listed by their lowest tile and pungs (kongs included) by their tile, both sorted;
a set's *bit* is its position in ``chows`` (bits 0-3) or ``pungs`` (bits 4-7), so
the loop can tell which sets a fan instance uses (the non-repeat principle works
per set, RULES.md B5 row 1).
"""

from __future__ import annotations

from dataclasses import dataclass

from mahjong_joy.rulesets.mcr.situation import McrRules

PUNG_BIT_SHIFT = 4


@dataclass(slots=True)
class HandFacts:
    """Per-hand facts shared by every reading."""

    counts: list[int]          # all tiles of the hand, a kong counted as four
    kinds: tuple[int, ...]     # the kinds present, sorted
    win_tile: int
    tsumo: bool
    last_tile: bool            # after the visibility checks (RULES.md B4 和绝张)
    kong_replacement: bool
    robbing_kong: bool
    last_wall_tile: bool
    seat_wind: int
    round_wind: int
    melded_packs: int          # declared sets other than concealed kongs
    melded_kongs: int
    concealed_kongs: int
    rules: McrRules
    kind_set: frozenset[int] = frozenset()
    number_suits: int = 0      # how many of the three number suits appear
    has_honors: bool = False
    ranks: frozenset[int] | None = None  # ranks 1-9 present, None when honors appear
    fours: int = 0             # kinds held four times (kongs included)
    open_gates: frozenset[str] = frozenset()  # the rows' ``needs`` that this hand meets

    def __post_init__(self) -> None:
        self.kind_set = frozenset(self.kinds)
        self.number_suits = len({t // 9 for t in self.kinds if t < 27})
        self.has_honors = self.kinds[-1] >= 27
        self.ranks = None if self.has_honors else frozenset(t % 9 + 1 for t in self.kinds)
        self.fours = self.counts.count(4)
        triples = self.fours + self.counts.count(3)
        gates = {
            "kongs": self.melded_kongs + self.concealed_kongs > 0,
            "flags": self.last_tile or self.kong_replacement or self.robbing_kong or self.last_wall_tile,
            "numbers_only": not self.has_honors,
            "honors": self.has_honors,
            "two_triples": triples >= 2,
            "one_suit": not self.has_honors and self.number_suits == 1,
            "fours": self.fours > 0,
        }
        self.open_gates = frozenset(name for name, open_ in gates.items() if open_)

    @property
    def kongs(self) -> int:
        return self.melded_kongs + self.concealed_kongs


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
    unique_wait: bool = False

    @property
    def sets(self) -> int:
        return len(self.chows) + len(self.pungs)
