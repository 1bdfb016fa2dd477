"""The wins a ready MCR hand can make, scored by the real scorer.

Plans estimate; a ready hand is counted exactly: each kind that completes it is
scored by :func:`~mahjong_joy.rulesets.mcr.score_mcr` as a discard win and as a
self-draw, so a wait below the 8-fan minimum (RULES.md B2) is known to be dead
before the seat settles on it, and a wait that reaches 8 only when self-drawn
counts for less.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from mahjong_joy.hand.mcr_forms import decompositions_of_counts
from mahjong_joy.melds import Meld
from mahjong_joy.rulesets.mcr import McrMeld, McrSituation, score_mcr
from mahjong_joy.rulesets.mcr.family import mcr_meld
from mahjong_joy.tiles import KIND_COUNT

from mahjong_joy.ai.mcr.plans import MINIMUM, Winds

SELF_DRAW_SHARE = 0.35  # a wait that reaches 8 only when self-drawn wins about this often


class Wait(NamedTuple):
    """One winning kind: its fan as a discard win and as a self-draw (without flowers)."""

    kind: int
    unseen: int
    ron_fan: int
    tsumo_fan: int

    @property
    def live(self) -> float:
        """Unseen copies weighted by how they can win: all of them on a discard win of
        8 or more, a share of them when only a self-draw reaches 8."""
        if self.ron_fan >= MINIMUM:
            return float(self.unseen)
        return self.unseen * SELF_DRAW_SHARE if self.tsumo_fan >= MINIMUM else 0.0


class ReadyHand(NamedTuple):
    """A ready hand's winning kinds (every completing kind, the dead ones too)."""

    waits: tuple[Wait, ...]

    @property
    def live(self) -> float:
        return sum(w.live for w in self.waits)

    @property
    def fan(self) -> float:
        """Average fan of the live waits, weighted by their live copies (0 when none)."""
        live = self.live
        if not live:
            return 0.0
        return sum(w.live * max(w.ron_fan, w.tsumo_fan) for w in self.waits) / live

    @property
    def winning_kinds(self) -> tuple[int, ...]:
        return tuple(w.kind for w in self.waits if w.live)


def ready_hand(counts13: Sequence[int], melds: Sequence[Meld], winds: Winds, unseen: Sequence[int]) -> ReadyHand:
    """Every kind completing the 13-tile hand (less three a meld) with its fan; empty
    when the hand is not ready."""
    counts = list(counts13)
    scored_melds = tuple(mcr_meld(m) for m in melds)
    held = list(counts)
    for m in melds:
        for k in m.kinds:
            held[k] += 1
    waits = []
    for k in range(KIND_COUNT):
        if held[k] >= 4:
            continue
        counts[k] += 1
        if decompositions_of_counts(counts, len(melds)):
            hand = tuple(t for t in range(KIND_COUNT) for _ in range(counts[t]))
            ron = score_fan(hand, k, scored_melds, winds, False)
            tsumo = score_fan(hand, k, scored_melds, winds, True)
            waits.append(Wait(k, unseen[k], ron, tsumo))
        counts[k] -= 1
    return ReadyHand(tuple(waits))


def score_fan(hand: tuple[int, ...], win: int, melds: tuple[McrMeld, ...], winds: Winds, tsumo: bool) -> int:
    """The fan (without flowers) of ``hand`` (14 kinds less three a meld) winning on ``win``."""
    situation = McrSituation(hand=hand, win_tile=win, melds=melds, tsumo=tsumo, seat_wind=winds.seat,
                             round_wind=winds.round)
    return score_mcr(situation).fan_total
