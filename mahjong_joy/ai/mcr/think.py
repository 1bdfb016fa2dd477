"""How an MCR seat weighs its hand: the plans in reach, each discard's standing, win chances.

Pure functions over a :class:`Hand` (concealed kinds, declared melds, unseen
copies, winds, tiles left in the wall), so tests build hands by hand and the
seat (:mod:`mahjong_joy.ai.mcr.seat`) only translates its view.

* :func:`standings` lists the plans a hand can still reach with their distance,
  useful unseen tiles and expected fan (:mod:`mahjong_joy.ai.mcr.plans`);
* :func:`options` reads each discard of a 14-tile hand (or of a hand right after
  a call) as the 13-tile hand it leaves, with its plans and, when ready, its
  exactly scored waits (:mod:`mahjong_joy.ai.mcr.wins`);
* :func:`win_chance` turns a distance and the useful tiles into a chance to
  complete before the wall ends, and :func:`worth` into points (a discard win of
  x fan brings 8 + x from the discarder and 8 from each other, a self-draw
  8 + x from each: RULES.md B2 "Payments").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from mahjong_joy.ai.mcr.plans import (
    FAR,
    MINIMUM,
    PLANS,
    Plan,
    Winds,
    expected_fan,
    missing_tiles,
    plan_distance,
    useful_kinds,
)
from mahjong_joy.ai.mcr.wins import ReadyHand, ready_hand
from mahjong_joy.hand.shanten import standard_distance
from mahjong_joy.melds import Meld
from mahjong_joy.tiles import KIND_COUNT

SPREAD = 1  # plans further than the best by more than this are not weighed
LATER_STEP = 7  # percent a draw that completes a partial set (two-sided: 8 of some 110 unseen)
WEIGHED = 6  # at most this many plans (nearest first, then the most fan) are weighed per hand


@dataclass(frozen=True)
class Hand:
    """What a seat knows of its own hand: ``counts`` (kinds, 13 or 14 less three a
    meld), ``melds`` (its declared sets), ``unseen`` copies, ``winds``, the tiles
    left in the ``wall`` and the ``pace`` of the others (:func:`table_pace`)."""

    counts: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    unseen: tuple[int, ...] = (4,) * KIND_COUNT
    winds: Winds = Winds(27, 27)
    wall: int = 80
    pace: float = 0.04  # the chance a turn that another seat wins first (more when they show melds)

    def without(self, kind: int) -> list[int]:
        counts = list(self.counts)
        counts[kind] -= 1
        return counts


@dataclass(frozen=True, slots=True)
class Standing:
    """A plan as a hand stands toward it: tiles still needed, useful unseen copies,
    the fan it is expected to score (:func:`~mahjong_joy.ai.mcr.plans.expected_fan`)."""

    plan: Plan
    distance: int
    useful: int
    fan: int
    missing: int = 0  # a template's tiles still lacking (part of ``distance``)
    missing_copies: int = 0  # their unseen copies (part of ``useful``)

    @property
    def enough(self) -> bool:
        return self.fan >= MINIMUM


@dataclass
class Option:
    """One discard (``kind``) and the 13-tile hand it leaves: the plans in reach, best
    first, the plain distance to any complete shape, and the ready hand's waits."""

    kind: int
    counts: list[int]
    standings: list[Standing] = field(default_factory=list)
    plain: int = FAR
    ready: ReadyHand | None = None

    def best(self, enough: bool = True) -> Standing | None:
        for s in self.standings:
            if s.enough or not enough:
                return s
        return None

    def of(self, plan: Plan) -> Standing | None:
        return next((s for s in self.standings if s.plan is plan), None)


def standings(counts: list[int], melds: Sequence[Meld], unseen: Sequence[int], winds: Winds,
              plans: Sequence[Plan] = PLANS, spread: int = SPREAD,
              found: list[tuple[int, Plan]] | None = None) -> list[Standing]:
    """The plans within ``spread`` of the nearest one (at most :data:`WEIGHED`), with useful tiles and fan,
    ordered by (distance, a plan reaching 8 first, most useful tiles, most fan).

    ``counts`` is a 13-tile hand (less three a meld): useful tiles are draws;
    ``found`` are the plans' distances when the caller has them (:func:`distances`).
    """
    if found is None:
        found = distances(counts, melds, unseen, plans)
    near = min((d for d, _ in found), default=FAR)
    if near >= FAR:
        return []
    out = []
    found.sort(key=lambda item: (item[0], -item[1].value))
    for d, p in found[:WEIGHED]:
        if d > near + spread:
            break
        kinds = useful_kinds(p, counts, melds, unseen, d)
        useful = sum(unseen[k] for k in kinds)
        short = missing_tiles(p, counts, melds)
        copies = sum(unseen[k] for k in set(short))
        out.append(Standing(p, d, useful, expected_fan(p, counts, melds, winds), len(short), copies))
    out.sort(key=lambda s: (s.distance, not s.enough, -s.useful, -s.fan, s.plan.id))
    return out


def options(hand: Hand, allowed: int = -1, plans: Sequence[Plan] = PLANS, exact: bool = True) -> list[Option]:
    """Each discard of a hand holding one tile more than 13 less three a meld, as
    the hand it leaves; ``allowed`` masks the kinds that may go. ``exact`` scores the
    waits of every discard leaving the hand ready."""
    out = []
    melds = hand.melds
    plans = _near_plans(hand, plans)
    found = {}
    for kind in range(KIND_COUNT):
        if hand.counts[kind] and allowed >> kind & 1:
            found[kind] = distances(hand.without(kind), melds, hand.unseen, plans)
    nearest = {kind: min((d for d, _ in f), default=FAR) for kind, f in found.items()}
    best = min(nearest.values(), default=FAR)
    for kind, distances_found in found.items():
        counts = hand.without(kind)
        option = Option(kind, counts)
        if nearest[kind] <= best + 1:  # a discard two tiles behind the best is not weighed further
            option.standings = standings(counts, melds, hand.unseen, hand.winds, plans, found=distances_found)
        option.plain = standard_distance(bytes(counts), len(melds))
        if exact and _may_be_ready(option, melds):
            ready = ready_hand(counts, melds, hand.winds, hand.unseen)
            option.ready = ready if ready.waits else None
        out.append(option)
    return out


def distances(counts: Sequence[int], melds: Sequence[Meld], unseen: Sequence[int], plans: Sequence[Plan]) -> list[tuple[int, Plan]]:
    """(distance, plan) for each plan."""
    return [(plan_distance(p, counts, melds, unseen), p) for p in plans]


def _near_plans(hand: Hand, plans: Sequence[Plan]) -> list[Plan]:
    """The plans any discard can leave within :data:`SPREAD` of the nearest: a discard
    never brings a plan closer and moves it at most one tile away, so a plan further
    than ``SPREAD + 1`` beyond the nearest before the discard is out of the count."""
    found = [(plan_distance(p, hand.counts, hand.melds, hand.unseen), p) for p in plans]
    near = min((d for d, _ in found), default=FAR)
    return [p for d, p in found if d <= near + SPREAD + 1]


def _may_be_ready(option: Option, melds: Sequence[Meld]) -> bool:
    """A cheap necessary condition: one tile from a regular hand or from a plan
    (the special forms and the knitted straight are plans)."""
    return option.plain == 1 or any(s.distance == 1 for s in option.standings)


def hand_now(hand: Hand, plans: Sequence[Plan] = PLANS) -> Option:
    """The 13-tile hand as it is (no discard): a claim is weighed against it."""
    counts = list(hand.counts)
    option = Option(-1, counts, standings(counts, hand.melds, hand.unseen, hand.winds, plans),
                    standard_distance(bytes(counts), len(hand.melds)))
    if _may_be_ready(option, hand.melds):
        ready = ready_hand(counts, hand.melds, hand.winds, hand.unseen)
        option.ready = ready if ready.waits else None
    return option


# ---------------------------------------------------------------- chances and worth

def table_pace(other_melds: Sequence[int]) -> float:
    """The chance a turn that another seat ends the hand first: a base for closed
    hands, more for each seat that has called (it is nearer its win)."""
    return 0.04 + sum(0.02 if n >= 2 else 0.01 if n == 1 else 0.0 for n in other_melds)


def draws_left(wall: int) -> int:
    """Own draws before the wall ends (a quarter of what is left)."""
    return max(0, wall // 4)


@lru_cache(maxsize=16384)
def _complete_chance(n: int, missing: int, a_percent: int, rest: int, b_percent: int, end_percent: int = 0) -> float:
    """The chance to take every step within ``n`` draws, when the plan lacks
    ``missing`` fixed tiles (each kind hit with ``a_percent`` percent a draw, fewer
    kinds left as they come) and ``rest`` steps of its free part (hit with
    ``b_percent`` percent at first; a later step, once a single has become a
    partial set, waits on a few tiles whatever the first step's width:
    :data:`LATER_STEP`):
    two races run on the same draws. Before each draw the hand may end with
    another seat's win (``end_percent`` percent a turn)."""
    a, b = a_percent / 100, b_percent / 100
    alive = 1.0 - end_percent / 100
    width = rest + 1
    fixed = [min(0.95, j * a) for j in range(missing + 1)]
    later = min(b, LATER_STEP / 100)
    free = [0.0] + [later] * (rest - 1) + [b] if rest else [0.0]
    done = [0.0] * ((missing + 1) * width)  # chance of (fixed tiles left j, free steps left k) at j * width + k
    done[missing * width + rest] = 1.0
    for _ in range(n):
        for j in range(missing + 1):
            hit_j = fixed[j]
            for k in range(width):
                i = j * width + k
                p = done[i]
                if not p or not i:  # nothing here, or the plan complete
                    continue
                hit_k = free[k]
                p *= alive
                done[i] = p * max(0.0, 1.0 - hit_j - hit_k)
                if j:
                    done[i - width] += p * hit_j
                if k:
                    done[i - 1] += p * hit_k
    return done[0]


def win_chance(distance: int, useful: float, wall: int, unseen_total: int, claims: float = 1.0,
               missing: int = 0, missing_copies: int = 0, others_win: float = 0.0) -> float:
    """The chance to draw the ``distance`` tiles a plan needs before the wall ends.

    Of the ``useful`` copies (among ``unseen_total``), ``missing_copies`` are the
    template's ``missing`` fixed tiles, each needed once; the rest serve the free
    part, whose useful draws thin out as it fills (:func:`_complete_chance`).
    ``claims`` stretches the seat's draws for the tiles others discard (a ready
    hand wins on any discard, an open hand may chow or pung); ``others_win`` is
    the chance a turn that another seat ends the hand first."""
    if distance >= FAR or useful <= 0:
        return 0.0
    n = int(draws_left(wall) * claims)
    total = max(1, unseen_total)
    per_kind = missing_copies / missing / total if missing else 0.0
    free = max(0, distance - missing)
    b = (useful - missing_copies) / total if free else 0.0
    if free and b <= 0:
        return 0.0
    return _complete_chance(n, missing, round(100 * per_kind), free, round(100 * min(0.95, b)), round(100 * others_win))


def worth(fan: float) -> float:
    """Points a win of ``fan`` brings on average (half discard wins, half self-draws)."""
    discard = 8 + fan + 16
    self_draw = 3 * (8 + fan)
    return (discard + self_draw) / 2
