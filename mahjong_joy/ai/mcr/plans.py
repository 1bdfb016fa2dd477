"""Fan plans: the shapes an MCR hand can aim at to reach the 8-fan minimum.

A win in Chinese Official needs 8 fan without flowers (RULES.md B2 "8-fan
minimum"), so a hand that only completes sets may sit ready on a wait it can
never win on. The planners here read a hand as the players do: which fan shape
it is building and how many tiles that shape still needs.

A :class:`Plan` is one target shape, three kinds of it:

* a **template**: fixed sets (the chows of Pure Straight 123-456-789 in one
  suit, Mixed Triple Chow, Mixed Shifted Chows, Knitted Straight's nine tiles,
  Triple Pung's pungs), the rest of the hand free (sets and a pair);
* a **restriction**: which kinds the hand may hold (Full or Half Flush, all
  chows with no honors) and which sets (All Pungs), the sets otherwise free;
* a **special form**: Seven Pairs, Thirteen Orphans, Honors and Knitted Tiles.

:func:`plan_distance` says how many tiles a plan still needs (0: complete, 1:
ready), reading the declared melds (a called chow must be one of the template's
or take a free set) and the unseen copies (a template tile whose four copies are
all visible kills the plan). Distances of the free part come from the riichi
tables (:func:`~mahjong_joy.hand.shanten.standard_distance`), which count the
same four-sets-and-a-pair form; the special forms' distances are the ones of
:mod:`mahjong_joy.hand.mcr_forms`.

A plan's ``fan`` is what its shape alone scores; :func:`expected_fan` adds the
fan the hand has around it (a concealed hand, a pung of a value honor, no
honors), so a plan short of 8 by itself (Half Flush 6, All Pungs 6, Mixed
Shifted Chows 6) counts only when the rest can bring it to 8. The exact count
comes at the end: a ready hand's waits are scored by the real scorer
(:mod:`mahjong_joy.ai.mcr.wins`).

>>> from mahjong_joy.notation import parse_tiles
>>> from mahjong_joy.hand.counts import counts_of
>>> hand = counts_of(parse_tiles("123m456m78m11p2399s"))
>>> plan_distance(PLAN_BY_ID["pure_straight:m"], hand, ())
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations

from mahjong_joy.hand.mcr_forms import KNITTED_PATTERNS
from mahjong_joy.hand.shanten import standard_distance
from mahjong_joy.hand.waits import useful_mask
from mahjong_joy.melds import CHI, Meld
from mahjong_joy.tiles import DRAGONS, KIND_COUNT, TERMINALS_AND_HONORS

TEMPLATE, RESTRICTED, PUNGS_ONLY, PAIRS, ORPHANS, HONORS_KNITTED = (
    "template", "restricted", "pungs", "pairs", "orphans", "honors_knitted")
MINIMUM = 8  # RULES.md B2: a win needs 8 fan without flowers
FAR = 99  # distance of a plan the hand can no longer reach
SUIT_LETTERS = "mps"
ALL_KINDS = (1 << KIND_COUNT) - 1
HONOR_MASK = sum(1 << k for k in range(27, 34))
NUMBER_MASK = ALL_KINDS & ~HONOR_MASK


def _suit_mask(suit: int) -> int:
    return sum(1 << k for k in range(suit * 9, suit * 9 + 9))


@lru_cache(maxsize=4096)
def _need_of(tiles: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Tiles as (kind, copies), lowest kind first."""
    return tuple((k, tiles.count(k)) for k in sorted(set(tiles)))


@dataclass(frozen=True, slots=True)
class Plan:
    """One fan shape to aim at.

    ``id`` names it uniquely (``pure_straight:m``), ``fan`` is the id of the fan row
    (:data:`mahjong_joy.rulesets.mcr.FAN_ROWS`) it is built on and ``value`` what
    that shape scores alone. ``chows`` (lowest tiles), ``pungs`` and ``singles``
    are a template's fixed tiles, ``free`` the sets it leaves free; ``allowed`` is a
    34-bit mask of the kinds the hand may hold; ``closed`` says the form cannot
    take a declared meld (the special forms); ``cheap`` marks the common shapes
    Easy aims at."""

    id: str
    fan: str
    value: int
    kind: str
    chows: tuple[int, ...] = ()
    pungs: tuple[int, ...] = ()
    singles: tuple[int, ...] = ()
    allowed: int = ALL_KINDS
    cheap: bool = False
    tiles: tuple[int, ...] = ()  # the template's fixed tiles, filled in from the sets
    need: tuple[tuple[int, int], ...] = ()  # the same as (kind, copies), filled in

    def __post_init__(self) -> None:
        chows = tuple(t + i for t in self.chows for i in range(3))
        tiles = chows + tuple(t for t in self.pungs for _ in range(3)) + self.singles
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "need", _need_of(tiles))

    @property
    def free(self) -> int:
        """Sets the template leaves free (a knitted straight fills three)."""
        return 4 - len(self.chows) - len(self.pungs) - (3 if self.singles else 0)

    @property
    def closed(self) -> bool:
        return self.kind in (PAIRS, ORPHANS, HONORS_KNITTED)

    @property
    def allows_honors(self) -> bool:
        return bool(self.allowed & HONOR_MASK)


def _chow_plans() -> list[Plan]:
    """The chow templates of 8 fan or more, and Mixed Shifted Chows (6)."""
    out = []
    for s in range(3):
        base = s * 9
        out.append(Plan(f"pure_straight:{SUIT_LETTERS[s]}", "pure_straight", 16, TEMPLATE, (base, base + 3, base + 6)))
        for start in range(5):
            out.append(Plan(f"pure_shifted_chows:{start + 1}{SUIT_LETTERS[s]}", "pure_shifted_chows", 16, TEMPLATE,
                            (base + start, base + start + 1, base + start + 2)))
        for start in range(3):
            out.append(Plan(f"pure_shifted_chows:{start + 1}{SUIT_LETTERS[s]}+2", "pure_shifted_chows", 16, TEMPLATE,
                            (base + start, base + start + 2, base + start + 4)))
    for order in permutations(range(3)):
        suits = "".join(SUIT_LETTERS[s] for s in order)
        out.append(Plan(f"mixed_straight:{suits}", "mixed_straight", 8, TEMPLATE,
                        tuple(sorted(s * 9 + 3 * i for i, s in enumerate(order)))))
        for start in range(5):
            out.append(Plan(f"mixed_shifted_chows:{start + 1}{suits}", "mixed_shifted_chows", 6, TEMPLATE,
                            tuple(sorted(s * 9 + start + i for i, s in enumerate(order))), cheap=True))
    for start in range(7):
        out.append(Plan(f"mixed_triple_chow:{start + 1}", "mixed_triple_chow", 8, TEMPLATE,
                        (start, 9 + start, 18 + start), cheap=True))
    return out


def _pung_plans() -> list[Plan]:
    return [Plan(f"triple_pung:{rank + 1}", "triple_pung", 16, TEMPLATE, pungs=(rank, 9 + rank, 18 + rank))
            for rank in range(9)]


def _knitted_plans() -> list[Plan]:
    return [Plan(f"knitted_straight:{i}", "knitted_straight", 12, TEMPLATE, singles=pattern)
            for i, pattern in enumerate(KNITTED_PATTERNS)]


def _restricted_plans() -> list[Plan]:
    out = []
    for s in range(3):
        suit = _suit_mask(s)
        letter = SUIT_LETTERS[s]
        out.append(Plan(f"full_flush:{letter}", "full_flush", 24, RESTRICTED, allowed=suit))
        out.append(Plan(f"half_flush:{letter}", "half_flush", 6, RESTRICTED, allowed=suit | HONOR_MASK, cheap=True))
        out.append(Plan(f"half_flush_pungs:{letter}", "half_flush", 12, PUNGS_ONLY, allowed=suit | HONOR_MASK))
    out.append(Plan("all_chows", "all_chows", 3, RESTRICTED, allowed=NUMBER_MASK, cheap=True))
    out.append(Plan("all_pungs", "all_pungs", 6, PUNGS_ONLY, cheap=True))
    return out


def _special_plans() -> list[Plan]:
    return [Plan("seven_pairs", "seven_pairs", 24, PAIRS), Plan("thirteen_orphans", "thirteen_orphans", 88, ORPHANS),
            Plan("honors_and_knitted", "lesser_honors_and_knitted_tiles", 12, HONORS_KNITTED)]


PLANS: tuple[Plan, ...] = tuple(_chow_plans() + _pung_plans() + _knitted_plans() + _restricted_plans() + _special_plans())
PLAN_BY_ID = {p.id: p for p in PLANS}
CHEAP_PLANS: tuple[Plan, ...] = tuple(p for p in PLANS if p.cheap)


# ---------------------------------------------------------------- distance

def plan_distance(plan: Plan, counts: Sequence[int], melds: Sequence[Meld], unseen: Sequence[int] | None = None) -> int:
    """Tiles the hand still needs for ``plan`` (0 complete, 1 ready), :data:`FAR` when it cannot.

    ``counts`` are the concealed kinds (13 or 14 less three a meld), ``melds`` the
    seat's declared sets; ``unseen`` (copies not yet visible to the seat, when
    given) rules out a template whose missing tiles are all in sight.
    """
    if plan.closed and melds:
        return FAR
    if plan.kind == TEMPLATE:
        return _template_distance(plan, counts, melds, unseen)
    if plan.kind == RESTRICTED:
        if not all(_meld_allowed(plan, m) for m in melds):
            return FAR
        if plan.fan == "all_chows" and any(m.type != CHI for m in melds):
            return FAR
        return standard_distance(_restricted(counts, plan.allowed), len(melds))
    if plan.kind == PUNGS_ONLY:
        if any(m.type == CHI or not _meld_allowed(plan, m) for m in melds):
            return FAR
        return pungs_distance(counts, plan.allowed, 4 - len(melds), unseen)
    if plan.kind == PAIRS:
        key = bytes(counts)
        return 7 - min(7, key.count(2) + key.count(3) + 2 * key.count(4))
    if plan.kind == ORPHANS:
        held = [counts[t] for t in TERMINALS_AND_HONORS]
        return 14 - sum(1 for n in held if n) - (1 if max(held) >= 2 else 0)
    return _honors_knitted_distance(counts)


def _meld_allowed(plan: Plan, meld: Meld) -> bool:
    return all(plan.allowed >> k & 1 for k in meld.kinds)


_GROUPS = ((0, 9), (9, 18), (18, 27), (27, 34))


@lru_cache(maxsize=64)
def _groups_allowed(allowed: int) -> tuple[bool, ...]:
    """Which of the four groups (three suits, honors) a plan's mask allows; the masks
    here are always made of whole groups."""
    return tuple(bool(allowed >> start & 1) for start, _ in _GROUPS)


def _restricted(counts: Sequence[int], allowed: int) -> bytes:
    key = bytes(counts)
    if allowed == ALL_KINDS:
        return key
    return b"".join(key[a:b] if ok else bytes(b - a) for (a, b), ok in zip(_GROUPS, _groups_allowed(allowed)))


def _template_distance(plan: Plan, counts: Sequence[int], melds: Sequence[Meld], unseen: Sequence[int] | None) -> int:
    if melds:
        needed, free = _template_left(plan, melds)
        if free < 0:
            return FAR
        need = _need_of(needed)
    else:
        need, free = plan.need, plan.free
    rest = list(counts)
    missing = 0
    for k, n in need:
        have = rest[k]
        if have >= n:
            rest[k] = have - n
            continue
        missing += n - have
        rest[k] = 0
        if unseen is not None and unseen[k] < n - have:
            return FAR
    return missing + standard_distance(bytes(rest), 4 - free)


def _template_left(plan: Plan, melds: Sequence[Meld]) -> tuple[tuple[int, ...], int]:
    """The template tiles the declared melds leave to collect, and the free sets left
    (negative when a meld fits neither the template nor a free set)."""
    if not melds:
        return plan.tiles, plan.free
    if plan.singles and len(melds) > 1:
        return (), -1
    chows, pungs = list(plan.chows), list(plan.pungs)
    free = plan.free
    for meld in melds:
        is_chow, first = _meld_key(meld)
        if is_chow and first in chows:
            chows.remove(first)
        elif not is_chow and first in pungs:
            pungs.remove(first)
        elif free > 0:
            free -= 1
        else:
            return (), -1
    return tuple(t + i for t in chows for i in range(3)) + tuple(t for t in pungs for _ in range(3)) + plan.singles, free


@lru_cache(maxsize=4096)
def _meld_key(meld: Meld) -> tuple[bool, int]:
    return meld.type == CHI, meld.kinds[0]


def pungs_distance(counts: Sequence[int], allowed: int, sets: int, unseen: Sequence[int] | None = None) -> int:
    """Tiles needed for ``sets`` pungs and a pair from the allowed kinds.

    Each kind gives at most one set or the pair: a pung from three held (0 more),
    two (1) or one (2); the pair from two (0) or one (1). A kind whose missing
    copies are all visible cannot grow. The cheapest choice is found by trying
    each kind as the pair.

    >>> from mahjong_joy.hand.counts import counts_of
    >>> from mahjong_joy.notation import parse_tiles
    >>> pungs_distance(counts_of(parse_tiles("111m222p33s4455z6z")), ALL_KINDS, 4)
    2
    """
    live = [4] * KIND_COUNT if unseen is None else unseen
    costs: list[tuple[int, int]] = []  # (cost as a pung, cost as the pair) per kind held
    for k, n in enumerate(counts):
        if not n or not allowed >> k & 1:
            continue
        pung = max(0, 3 - n)
        pair = max(0, 2 - n)
        costs.append((pung if live[k] >= pung else FAR, pair if live[k] >= pair else FAR))
    empty_pung, empty_pair = 3, 2  # kinds not held at all
    best = FAR
    for i in range(-1, len(costs)):
        pair_cost = empty_pair if i < 0 else costs[i][1]
        others = sorted(c[0] for j, c in enumerate(costs) if j != i)
        pungs = others[:sets] + [empty_pung] * max(0, sets - len(others))
        best = min(best, pair_cost + sum(pungs))
    return best


def _honors_knitted_distance(counts: Sequence[int]) -> int:
    honors = sum(1 for t in range(27, 34) if counts[t])
    best = max(sum(1 for t in p if counts[t]) for p in KNITTED_PATTERNS)
    return 14 - min(14, honors + best)


def useful_kinds(plan: Plan, counts: list[int], melds: Sequence[Meld], unseen: Sequence[int],
                 now: int | None = None) -> list[int]:
    """Kinds (with a copy unseen) whose draw brings ``plan`` one tile closer, ``counts``
    being a 13-tile hand (less three a meld).

    A template's are its missing tiles and the draws that lower its free part's
    distance (the riichi tables' useful mask, which reads the same form); the
    other plans try each kind. ``now`` is the plan's distance when the caller knows it."""
    if now is None:
        now = plan_distance(plan, counts, melds, unseen)
    if now >= FAR:
        return []
    if plan.kind == TEMPLATE:
        mask = _template_useful(plan, counts, melds)
    else:
        mask = 0
        for k in _candidates(plan, counts, melds):
            if counts[k] >= 4 or not unseen[k]:
                continue
            counts[k] += 1
            if plan_distance(plan, counts, melds) < now:
                mask |= 1 << k
            counts[k] -= 1
    return [k for k in range(KIND_COUNT) if mask >> k & 1 and unseen[k] and counts[k] < 4]


def _candidates(plan: Plan, counts: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """The kinds worth trying as a useful draw for a plan that is not a template: the
    riichi tables' useful kinds of the allowed tiles (the special forms they also read
    are tried and dropped), the kinds held for pairs and pungs, the orphans, or every
    allowed kind."""
    if plan.kind == RESTRICTED:
        mask = useful_mask(_restricted(counts, plan.allowed), len(melds)) & plan.allowed
        return [k for k in range(KIND_COUNT) if mask >> k & 1]
    if plan.kind == PAIRS:
        return [k for k in range(KIND_COUNT) if counts[k] % 2]
    if plan.kind == ORPHANS:
        return list(TERMINALS_AND_HONORS)
    if plan.kind == PUNGS_ONLY:
        held = [k for k in range(KIND_COUNT) if counts[k] and plan.allowed >> k & 1]
        if len(held) > 4 - len(melds):
            return held
    return [k for k in range(KIND_COUNT) if plan.allowed >> k & 1]


def missing_tiles(plan: Plan, counts: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """The template tiles the hand still lacks (a kind once per copy lacking); empty
    for a plan that is not a template."""
    if plan.kind != TEMPLATE:
        return []
    needed, _ = _template_left(plan, melds)
    rest = list(counts)
    short = []
    for t in needed:
        if rest[t]:
            rest[t] -= 1
        else:
            short.append(t)
    return short


def _template_useful(plan: Plan, counts: Sequence[int], melds: Sequence[Meld]) -> int:
    needed, free = _template_left(plan, melds)
    rest = list(counts)
    mask = 0
    for t in needed:
        if rest[t]:
            rest[t] -= 1
        else:
            mask |= 1 << t
    return mask | useful_mask(bytes(rest), 4 - free)


# ---------------------------------------------------------------- the fan around a plan

@dataclass(frozen=True, slots=True)
class Winds:
    """The seat's own wind and the round's (kinds 27..30): their pungs score 2 fan each."""

    seat: int
    round: int

    def value_honors(self) -> tuple[int, ...]:
        return tuple(dict.fromkeys((*DRAGONS, self.seat, self.round)))


def expected_fan(plan: Plan, counts: Sequence[int], melds: Sequence[Meld], winds: Winds) -> int:
    """The plan's own fan and what the hand around it is likely to add on a discard
    win: a concealed hand (2), value-honor pungs (2 each, a held pair counts 1),
    All Chows with No Honors (3), two concealed pungs (2).

    An estimate for choosing among plans; a ready hand's waits are scored exactly.
    """
    fan = plan.value
    if plan.closed:
        return fan
    open_melds = [m for m in melds if m.is_open]
    if not open_melds:
        fan += 2
    if plan.allows_honors:
        for k in winds.value_honors():
            if not plan.allowed >> k & 1:
                continue
            bonus = (2 if k in DRAGONS else 0) + 2 * (k == winds.seat) + 2 * (k == winds.round)
            if any(m.type != CHI and m.kinds[0] == k for m in melds) or counts[k] >= 3:
                fan += bonus
            elif counts[k] == 2:
                fan += bonus // 2
    if plan.kind == PUNGS_ONLY:
        concealed = sum(1 for n in counts if n >= 3) + sum(1 for m in melds if not m.is_open)
        fan += 2 if concealed >= 2 else 0
    return fan


def is_enough(plan: Plan, counts: Sequence[int], melds: Sequence[Meld], winds: Winds) -> bool:
    """Whether the plan, with what the hand shows around it, reaches the 8-fan minimum."""
    return expected_fan(plan, counts, melds, winds) >= MINIMUM
