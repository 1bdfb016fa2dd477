"""Hard's exact look one draw ahead, for a hand one tile from ready.

Plans estimate a hand's chance by its distance and the useful tiles unseen; near
ready that estimate is coarse in MCR, where a ready hand may wait on tiles that
score below the 8-fan minimum (RULES.md B2) and a plan's fan is a guess. One
tile from ready the count can be exact instead: for every kind still unseen,
draw it, try every discard, and score the ready hands that result wait by wait
with the real scorer (:func:`~mahjong_joy.ai.mcr.wins.ready_hand`'s counting:
discard win and self-draw fan). The hand is then worth, draw by draw, the chance
to draw one of those tiles in time times the best ready hand's worth, the way a
player counts "these tiles make me ready on a live 8-fan wait".

Scored waits are kept by hand shape in a bounded cache (:data:`SHAPES_KEPT`): one
decision's candidates share most of their ready shapes, and the next turn's
differ by a tile or two.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from mahjong_joy.ai.mcr.plans import MINIMUM, Winds
from mahjong_joy.ai.mcr.think import draws_left, win_chance, worth
from mahjong_joy.ai.mcr.wins import ReadyHand, Wait, score_fan
from mahjong_joy.hand.mcr_forms import regular_waits, seven_pairs_waits
from mahjong_joy.hand.shanten import standard_distance
from mahjong_joy.melds import Meld
from mahjong_joy.rulesets.mcr import McrMeld
from mahjong_joy.rulesets.mcr.family import mcr_meld
from mahjong_joy.tiles import KIND_COUNT

SHAPES_KEPT = 8192  # ready shapes whose scored waits are kept (a bounded cache)
Scored = tuple[tuple[int, int, int], ...]  # (winning kind, discard-win fan, self-draw fan)


def shape_ready(counts: Sequence[int], melds: int) -> bool:
    """Whether 13 tiles (less three a meld) are ready in the regular form or as seven
    pairs (the knitted forms are left to the plans)."""
    if standard_distance(bytes(counts), melds) == 1:
        return True
    if melds:
        return False
    key = bytes(counts)
    return key.count(2) + key.count(4) * 2 + key.count(3) == 6 and key.count(1) + key.count(3) == 1


@lru_cache(maxsize=SHAPES_KEPT)
def scored_waits(counts: tuple[int, ...], melds: tuple[McrMeld, ...], winds: Winds) -> Scored:
    """Every kind completing a ready hand (regular form and seven pairs), with its fan
    as a discard win and as a self-draw; kinds whose fan cannot reach 8 either way
    are left out."""
    waits = set(regular_waits(counts))
    if not melds:
        waits |= seven_pairs_waits(counts)
    held = list(counts)
    for meld in melds:
        for k in meld.tiles:
            held[k] += 1
    out = []
    grown = list(counts)
    for kind in sorted(waits):
        if held[kind] >= 4:
            continue
        grown[kind] += 1
        hand = tuple(t for t in range(KIND_COUNT) for _ in range(grown[t]))
        ron = score_fan(hand, kind, melds, winds, False)
        tsumo = ron if ron >= MINIMUM else score_fan(hand, kind, melds, winds, True)
        grown[kind] -= 1
        if ron >= MINIMUM or tsumo >= MINIMUM:
            out.append((kind, ron, tsumo))
    return tuple(out)


def live_of(scored: Scored, unseen: Sequence[int]) -> tuple[float, float]:
    """(live copies, their average fan) of scored waits, by the one rule a ready hand's
    waits are weighed with (:class:`~mahjong_joy.ai.mcr.wins.ReadyHand`: a copy counts
    whole when a discard win reaches 8, a share when only a self-draw does)."""
    ready = ReadyHand(tuple(Wait(kind, unseen[kind], ron, tsumo) for kind, ron, tsumo in scored))
    return ready.live, ready.fan


def ready_draws(counts: Sequence[int], melds: Sequence[Meld], winds: Winds,
                unseen: Sequence[int]) -> list[tuple[int, int, float, float]]:
    """For a 13-tile hand one tile from ready: each unseen kind whose draw lets a
    discard leave a hand ready on a live wait, as (kind, unseen copies, live
    copies, fan) of the best such discard (most live copies times fan)."""
    scored_melds = tuple(mcr_meld(m) for m in melds)
    n = len(melds)
    grown = list(counts)
    out = []
    for kind in range(KIND_COUNT):
        if not unseen[kind] or grown[kind] >= 4:
            continue
        grown[kind] += 1
        left = list(unseen)
        left[kind] -= 1
        best: tuple[float, float] | None = None
        for out_kind in range(KIND_COUNT):
            if not grown[out_kind] or out_kind == kind:
                continue
            grown[out_kind] -= 1
            if shape_ready(grown, n):
                live, fan = live_of(scored_waits(tuple(grown), scored_melds, winds), left)
                if live and (best is None or live * (16 + fan) > best[0] * (16 + best[1])):
                    best = (live, fan)
            grown[out_kind] += 1
        grown[kind] -= 1
        if best is not None:
            out.append((kind, unseen[kind], best[0], best[1]))
    return out


def one_step_value(draws: Sequence[tuple[int, int, float, float]], wall: int, unseen_total: int, pace: float,
                   reach_claims: float, ready_claims: float) -> float:
    """The worth of a hand one tile from ready, from its :func:`ready_draws`: turn by
    turn, the chance that the first useful tile comes then (stretched by the calls
    that may bring it, ``reach_claims``) times the average worth of the ready hands
    it makes with the wall that is left then; the hand may end first with another
    seat's win (``pace`` a turn)."""
    copies = sum(d[1] for d in draws)
    if not copies:
        return 0.0
    total = max(1, unseen_total)
    hit = min(0.95, copies / total)
    turns = int(draws_left(wall) * reach_claims)
    value, waiting = 0.0, 1.0
    for turn in range(1, turns + 1):
        waiting *= 1.0 - pace
        left = max(0, wall - round(4 * turn / reach_claims))
        ready = sum(u * win_chance(1, live, left, total, ready_claims, others_win=pace) * worth(fan)
                    for _, u, live, fan in draws) / copies
        value += waiting * hit * ready
        waiting *= 1.0 - hit
        if ready <= 0 or waiting < 0.01:
            break
    return value
