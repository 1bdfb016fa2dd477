"""What would lift a hand short of 8 fan to a win (the guide, issue 25 §2).

A complete-looking hand under 8 fan is no win (RULES.md B2 "8-fan minimum", C2 row 1),
and neither is a ready hand whose every wait scores under 8. The guide then says
which fan would make it ("6 fan: needs 8; Mixed Triple Chow would make it"). The
claim is the scorer's own: :func:`lift_complete` and :func:`lift_ready` look at the
hands one swap away (give up one tile, take another), score their wins with
:func:`~mahjong_joy.rulesets.mcr.scorer.score_mcr`, and name the fan the likeliest
of them gains over the hand as it is. A swap is one tile changed, the fewest there
can be, so the plan named is one the hand is closest to.

Every win is scored as won by a discard (the harder case: no Self-Drawn) and
without Last Tile (和绝张, a matter of what others show), so the lift holds
however the tile comes. Only regular and seven-pairs shapes are tried (the tables'
waits); a lift into the knitted forms is not looked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from mahjong_joy.rulesets.mcr.scorer import BELOW_MINIMUM, McrScore, score_mcr
from mahjong_joy.rulesets.mcr.situation import McrSituation
from mahjong_joy.rulesets.mcr.tables import winning_kind_mask
from mahjong_joy.tiles import KIND_COUNT

MINIMUM = 8
"""The fan a win needs, flowers not counted (RULES.md B2)."""


@dataclass(frozen=True, slots=True)
class FanLift:
    """One swap that turns a hand short of 8 fan into a win.

    ``give`` the kind given up; ``take`` the kind drawn in its place (a ready hand's
    swap), or ``None`` when the hand holds its 14 tiles and ``give`` goes as the
    discard; ``win`` the kind that then wins, ``score`` that win's score (8 fan or
    more, by a discard, flowers aside); ``short`` what the hand scores now the same
    way; ``named`` the fan ids the win counts more of than the hand now does, as few
    as lift ``short`` to 8 (highest first); ``chances`` the unseen copies that make
    the swap and the win (a weight, for choosing among swaps)."""

    give: int
    take: int | None
    win: int
    score: McrScore
    short: int
    named: tuple[str, ...]
    chances: int


def lift_complete(won: McrSituation, unseen: Sequence[int]) -> FanLift | None:
    """For a complete hand (``won``: its 14 tiles with ``win_tile``) scoring under 8: the
    discard and the later win that reach 8, the one with the most unseen winning tiles
    (then the most fan), or ``None`` when no single swap does (or the hand is no
    complete hand under 8 when won by a discard). ``unseen`` counts each
    kind's copies out of the player's sight."""
    base = _as_discard_win(won)
    now = score_mcr(base)
    if now.error != BELOW_MINIMUM:  # a win already, or not complete at all
        return None
    counts = _counts(won.hand)
    best: tuple[tuple[int, int], FanLift] | None = None
    for give in sorted(set(won.hand)):
        counts[give] -= 1
        found = _best_win(base, counts, give, None, unseen, now)
        counts[give] += 1
        if found is not None and (best is None or found[0] > best[0]):
            best = found
    return None if best is None else best[1]


def lift_ready(waiting: McrSituation, unseen: Sequence[int]) -> FanLift | None:
    """For a ready hand (``waiting``: 13 tiles, see :meth:`McrSituation.waiting`) whose
    waits all score under 8: the swap (draw ``take``, give up ``give``) after which a
    wait scores 8 or more, the one with the most chances (copies of ``take`` unseen
    times the winning copies after it, then the most fan), or ``None``."""
    base = _as_discard_win(waiting)
    counts = _counts(waiting.hand)
    now = _best_now(base, counts)
    if now is None or now.valid:
        return None
    best: tuple[tuple[int, int], FanLift] | None = None
    for take in range(KIND_COUNT):
        if unseen[take] <= 0 or counts[take] >= 4:
            continue
        counts[take] += 1
        for give in range(KIND_COUNT):
            if give == take or not counts[give]:
                continue
            counts[give] -= 1
            found = _best_win(base, counts, give, take, unseen, now)
            counts[give] += 1
            if found is not None and (best is None or found[0] > best[0]):
                best = found
        counts[take] -= 1
    return None if best is None else best[1]


def named_fan(score: McrScore, short: McrScore) -> tuple[str, ...]:
    """The fan ``score`` counts more of than ``short`` does (flowers aside), highest value
    first, cut to the fewest that lift ``short``'s total to 8 (all of them if even
    that sum falls short: the win also loses some fan)."""
    before = {fan: count for fan, _, count in short.fan}
    gained = sorted(((value, fan) for fan, value, count in score.fan
                     if fan != "flower_tiles" and count > before.get(fan, 0)), key=lambda vf: -vf[0])
    out: list[str] = []
    total = short.fan_total
    for value, fan in gained:
        out.append(fan)
        total += value
        if total >= MINIMUM:
            break
    return tuple(out)


def _as_discard_win(situation: McrSituation) -> McrSituation:
    return replace(situation, tsumo=False, last_tile=False)


def _counts(hand: Sequence[int]) -> list[int]:
    counts = [0] * KIND_COUNT
    for kind in hand:
        counts[kind] += 1
    return counts


def _held(base: McrSituation, counts: Sequence[int]) -> list[int]:
    held = list(counts)
    for meld in base.melds:
        for kind in meld.tiles:
            held[kind] += 1
    return held


def _wins(base: McrSituation, counts: list[int], left: Sequence[int]) -> dict[int, McrScore]:
    """Each regular or seven-pairs win of the 13 tiles ``counts`` (with ``base``'s melds and
    context) on a kind with copies ``left`` to come, and its score; kinds held four times
    are left out, as in fan_by_wait."""
    mask = winning_kind_mask(counts, seven_pairs=not base.melds)
    if not mask:
        return {}
    held = _held(base, counts)
    tiles: list[int] = []
    for kind in range(KIND_COUNT):
        if counts[kind]:
            tiles += [kind] * counts[kind]
    out = {}
    for win in range(KIND_COUNT):
        if mask >> win & 1 and held[win] < 4 and left[win] > 0:
            hand = sorted([*tiles, win])
            out[win] = score_mcr(replace(base, hand=tuple(hand), win_tile=win))
    return out


def _best_now(base: McrSituation, counts: list[int]) -> McrScore | None:
    """The best-scoring wait of the ready hand ``counts`` (``None``: not ready), whether or
    not any copy of it is left."""
    wins = _wins(base, counts, [4] * KIND_COUNT)
    return max(wins.values(), key=lambda s: s.fan_total) if wins else None


def _best_win(base: McrSituation, counts: list[int], give: int, take: int | None, unseen: Sequence[int],
              now: McrScore) -> tuple[tuple[int, int], FanLift] | None:
    """The swap's weight and its lift: the winning waits of ``counts`` that reach 8 with a
    copy still to come, their unseen copies summed (times ``take``'s unseen copies), the
    likeliest wait named."""
    left = list(unseen)
    if take is not None:
        left[take] -= 1
    valid = [(left[win], score.fan_total, win, score) for win, score in _wins(base, counts, left).items() if score.valid]
    if not valid:
        return None
    copies = sum(n for n, _, _, _ in valid) * (unseen[take] if take is not None else 1)
    _, fan, win, score = max(valid, key=lambda v: (v[0], v[1], -v[2]))
    named = named_fan(score, now)
    if not named:
        return None
    return (copies, fan), FanLift(give, take, win, score, now.fan_total, named, copies)
