"""The fan a ready hand would score on each of its waits (the guide and the AI).

The 8-fan minimum decides whether a wait is a win at all (RULES.md B2, C2 row 1),
so a player choosing a discard wants "7-8p: 6 fan, not enough; 9p: Pure
Straight, 16 fan". :func:`fan_by_wait` answers with the scorer itself (one
``score_mcr`` per winning kind), so the guide, the AI and the score screen can
never disagree; which kinds win comes from the scorer's complete suit tables, so
a call costs a few scorings, fast enough for every discard choice.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from mahjong_joy.errors import ScoringError
from mahjong_joy.hand.mcr_forms import ORPHANS
from mahjong_joy.rulesets.mcr.scorer import McrScore, _internal_readings, score_mcr
from mahjong_joy.rulesets.mcr.situation import McrSituation
from mahjong_joy.rulesets.mcr.tables import winning_kind_mask
from mahjong_joy.tiles import KIND_COUNT

_ORPHAN_SET = frozenset(ORPHANS)


def fan_by_wait(waiting: McrSituation, last_tile_kinds: Collection[int] = ()) -> dict[int, McrScore]:
    """For each kind that completes ``waiting`` (a hand before its winning tile, see
    :meth:`McrSituation.waiting`): the score of winning on it, exactly as
    :func:`~mahjong_joy.rulesets.mcr.scorer.score_mcr` gives it (``fan_total``
    without flowers; ``valid`` False with ``error == "below_minimum"`` under 8 fan).

    The win is scored with the situation's own context (``tsumo``, winds, flags);
    ``last_tile_kinds`` are the kinds whose other three copies are visible (Last
    Tile, RULES.md B4). A kind the player already holds four of is left out; an
    empty answer means the hand is not ready. Raises :class:`ScoringError` when the
    hand does not hold 13 tiles less 3 per declared meld.
    """
    melds = waiting.melds
    if len(waiting.hand) + 3 * len(melds) != 13:
        raise ScoringError(f"{len(waiting.hand)} concealed tiles with {len(melds)} melds: a hand waiting"
                           f" to win holds {13 - 3 * len(melds)} (kongs count as three)")
    concealed = [0] * KIND_COUNT
    for t in waiting.hand:
        concealed[t] += 1
    held = list(concealed)
    for meld in melds:
        for t in meld.tiles:
            held[t] += 1
    out: dict[int, McrScore] = {}
    for t in _winning_kinds(concealed, len(melds)):
        if held[t] >= 4:
            continue
        hand = tuple(sorted(waiting.hand + (t,)))
        won = replace(waiting, hand=hand, win_tile=t, last_tile=waiting.last_tile or t in last_tile_kinds)
        out[t] = score_mcr(won)
    return out


def _winning_kinds(concealed: list[int], melds: int) -> list[int]:
    """Kinds completing the concealed tiles in some form: the regular and seven-pairs
    waits from the tables; the other forms tried kind by kind, only when the hand
    holds the many different kinds they need."""
    mask = winning_kind_mask(concealed, seven_pairs=not melds)
    distinct = KIND_COUNT - concealed.count(0)
    if melds <= 1 and distinct >= 8:
        for t in range(KIND_COUNT):
            if not mask >> t & 1 and concealed[t] < 4:
                concealed[t] += 1
                if _internal_readings(concealed, melds):
                    mask |= 1 << t
                concealed[t] -= 1
    return [t for t in range(KIND_COUNT) if mask >> t & 1]
