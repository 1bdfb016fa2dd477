"""The MCR fan calculator: score every reading of a win and keep the best.

The loop, the same for every fan row (:mod:`~mahjong_joy.rulesets.mcr.fan`):

1. Check the situation (RULES.md B2/B4): 14 tiles with the melds, no fifth copy,
   flags that fit the tiles. A contradiction is an ``invalid_situation`` result.
2. Enumerate every reading in every form (:mod:`mahjong_joy.hand.mcr_forms`).
3. Per reading, collect fan *instances* (a row and the sets it uses): hand and
   situation rows once per form, reading and per-set rows, and the combination
   rows under the combination principles (B5 rows 2-4), applied here and only here:
   a fan over all four chows (or pungs) leaves no other combination among them
   (non-separation); otherwise the best fan over three of them counts once and the
   fourth set may combine once with one of those three (non-identical,
   account-once); otherwise every pair counts, at most one fewer than the sets
   taking part, duplicates cut from the lowest row first (account-once).
4. Resolve in table order: a counted row's ``excludes`` drop whole fans, its
   ``absorbs`` drop per-set fans on its sets (non-repeat, B5 row 1); a reading with
   nothing left is Chicken Hand.
5. Keep the reading with the highest total (B5 row 5); for an equal total prefer
   one with Pure Triple Chow or Triple Pung, then the regular form over seven pairs,
   as the rule book's examples and pymahjonggb do (B7 row 11).
6. Flowers are added after the 8-fan minimum is checked without them (C2 row 1).

Speed (``scripts/bench_mcr.py``; about 10x pymahjonggb's C++ per hand): the
tiles are counted once per hand into :class:`HandFacts`, whose *gates* (cheap
necessary conditions such as "two or more kinds held three times") decide which
rows are asked at all (``FanRow.needs``); per-suit readings and waits come from
tables built once per suit shape; the combination answers for a sorted tuple of
chows or pungs are kept per form; exclusions are bit masks. No answer about a
whole hand is kept between calls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, compress
from typing import Any

from mahjong_joy.hand.mcr_forms import (
    KNITTED_STRAIGHT,
    PUNG,
    REGULAR,
    SEVEN_PAIRS,
    McrDecomposition,
    decompositions_of_counts,
    regular_wait_groups,
    seven_pairs_waits,
)
from mahjong_joy.rulesets.mcr.fan import (
    CHICKEN_HAND,
    CHOWS,
    FAN_ROWS,
    FLOWER_TILES,
    HAND,
    LIBRARY_KONG_ROW,
    PUNGS,
    READING,
    ROW_BY_ID,
    SET,
    SITUATION,
    FanRow,
)
from mahjong_joy.rulesets.mcr.reading import PUNG_BIT_SHIFT, HandFacts, Reading, gates_of
from mahjong_joy.rulesets.mcr.situation import CHOW, CONCEALED_KONG, KONG, LIBRARY, McrRules, McrSituation
from mahjong_joy.tiles import KIND_COUNT, tile_name

NOT_WINNING, BELOW_MINIMUM, INVALID_SITUATION = "not_winning", "below_minimum", "invalid_situation"
MINIMUM_FAN = 8
BASE_PAYMENT = 8

# Resolution order: table order, with the library-only 明暗杠 before the kong fans it replaces.
ORDER: tuple[FanRow, ...] = tuple(
    r for row in FAN_ROWS for r in ((row, LIBRARY_KONG_ROW) if row.id == "two_melded_kongs" else (row,))
)
_POSITION = {row.id: i for i, row in enumerate(ORDER)}
_EXCLUDES = tuple(frozenset(_POSITION[n] for n in row.excludes) for row in ORDER)
_ABSORBS = tuple(frozenset(_POSITION[n] for n in row.absorbs) for row in ORDER)
_EXCLUDE_MASK = tuple(sum(1 << j for j in rows) for rows in _EXCLUDES)
_ABSORB_MASK = tuple(sum(1 << j for j in rows) for rows in _ABSORBS)
_LINE = tuple((row.id, row.points) for row in ORDER)
_POINTS = tuple(row.points for row in ORDER)
_CHICKEN = _POSITION[CHICKEN_HAND]
_PREFERRED = frozenset(_POSITION[n] for n in ("pure_triple_chow", "triple_pung"))
for _i, _row in enumerate(ORDER):
    if any(j <= _i for j in _EXCLUDES[_i] | _ABSORBS[_i]):
        raise AssertionError(f"fan row {_row.id} excludes an earlier row: the table order would not resolve it")

Instance = tuple[int, int]  # (position in ORDER, bits of the sets it uses)


@dataclass(slots=True)
class McrScore:
    """The score of one MCR win (or why there is none).

    ``fan`` lists ``(id, points per instance, count)`` in table order, flowers last;
    ``fan_total`` excludes flowers, ``total`` includes them. ``reading`` describes
    the chosen decomposition (for the readable breakdown; not part of the JSON).
    A value: treat it as read-only (not frozen only because a frozen dataclass
    costs twice as much to build, on the scorer's hot path).
    """

    valid: bool
    error: str | None = None
    message: str = ""
    fan: tuple[tuple[str, int, int], ...] = ()
    fan_total: int = 0
    flowers: int = 0
    total: int = 0
    payments: dict[str, int] = field(default_factory=dict)
    form: str | None = None
    decomposition: McrDecomposition | None = None

    @property
    def reading(self) -> str:
        """The chosen decomposition as text (empty when there is none)."""
        return "" if self.decomposition is None else str(self.decomposition)

    def to_dict(self) -> dict[str, Any]:
        """The JSON result object of ``mahjong-joy score --rules mcr --json``."""
        return {
            "valid": self.valid,
            "error": self.error,
            "message": self.message,
            "fan": [[name, value, count] for name, value, count in self.fan],
            "fan_total": self.fan_total,
            "flowers": self.flowers,
            "total": self.total,
            "payments": dict(self.payments),
        }


def score_mcr(situation: McrSituation, rules: McrRules | None = None) -> McrScore:
    """Score an MCR win under ``rules`` (the situation's own when ``None``).

    >>> from mahjong_joy.rulesets.mcr.situation import McrSituation
    >>> s = McrSituation.from_dict({"hand": "123m456m789m234p55s", "win_tile": "5s", "tsumo": True})
    >>> r = score_mcr(s)
    >>> r.fan, r.fan_total, r.payments
    ((('pure_straight', 16, 1), ('fully_concealed_hand', 4, 1), ('all_chows', 2, 1), ('single_wait', 1, 1)), 23, {'each': 31})
    """
    rules = situation.rules if rules is None else rules
    concealed = _concealed_counts(situation)
    counts = _all_counts(situation, concealed)
    problem = situation_problem(situation, counts)
    if problem:
        return McrScore(False, INVALID_SITUATION, problem, flowers=situation.flowers)
    scored = scored_readings(situation, rules, counts, concealed)
    if not scored:
        return McrScore(False, NOT_WINNING, "the tiles do not form a complete MCR hand", flowers=situation.flowers)
    total, fan, reading = scored[0] if len(scored) == 1 else max(scored, key=_rank)
    return _result(situation, fan, total, reading)


def scored_readings(situation: McrSituation, rules: McrRules | None = None, counts: list[int] | None = None,
                    concealed: list[int] | None = None) -> list[tuple[int, tuple, McrDecomposition]]:
    """(fan total, fan lines, decomposition) for every reading of a valid situation.

    Public for the tests: with equal totals any reading is legal (B5 row 5), so a
    comparison with another calculator asks whether its fan list is among these.
    """
    rules = situation.rules if rules is None else rules
    concealed = _concealed_counts(situation) if concealed is None else concealed
    facts = hand_facts(situation, rules, counts)
    melds = len(situation.melds)
    context = _Context(situation, facts, concealed, rules)
    out = []
    for d in decompositions_of_counts(concealed, melds):
        fan, total = _lines(_instances(context, d))
        out.append((total, fan, d))
    return out


def _rank(item: tuple[int, tuple, McrDecomposition]) -> tuple[int, int, int]:
    total, fan, d = item
    preferred = any(_POSITION[name] in _PREFERRED for name, _, _ in fan)
    return total, preferred, d.form != SEVEN_PAIRS


def _result(s: McrSituation, fan: tuple, fan_total: int, d: McrDecomposition) -> McrScore:
    flowers = s.flowers
    lines = fan + ((FLOWER_TILES, 1, flowers),) if flowers else fan
    total = fan_total + flowers
    if fan_total < MINIMUM_FAN:
        message = f"{fan_total} fan without flowers: a win needs {MINIMUM_FAN}"
        return McrScore(False, BELOW_MINIMUM, message, lines, fan_total, flowers, total, {}, d.form, d)
    return McrScore(True, None, "", lines, fan_total, flowers, total, payments(total, s.tsumo), d.form, d)


def payments(total: int, tsumo: bool) -> dict[str, int]:
    """On a discard the discarder pays 8 + total and the other two 8 each; on a
    self-draw each pays 8 + total; robbing the kong is paid as a discard by the
    kong's owner (RULES.md B2 "Payments")."""
    if tsumo:
        return {"each": BASE_PAYMENT + total}
    return {"discarder": BASE_PAYMENT + total, "others": BASE_PAYMENT}


# ---------------------------------------------------------------- situation checks

def situation_problem(s: McrSituation, counts: list[int] | None = None) -> str:
    """Why the situation cannot be a win, or ``""`` (RULES.md B2, B4)."""
    if len(s.melds) > 4:
        return f"{len(s.melds)} melds: a hand has at most 4"
    if len(s.hand) + 3 * len(s.melds) != 14:
        return (f"{len(s.hand)} concealed tiles with {len(s.melds)} melds: a winning hand has"
                f" {14 - 3 * len(s.melds)} (kongs count as three)")
    if s.win_tile not in s.hand:
        return f"the winning tile {tile_name(s.win_tile)} is not in the hand"
    counts = _all_counts(s) if counts is None else counts
    over = [t for t in range(KIND_COUNT) if counts[t] > 4] if max(counts) > 4 else ()
    if over:
        return f"{counts[over[0]]} copies of {tile_name(over[0])} between the hand and the melds: a kind has only 4"
    return _flag_problem(s, counts)


def _flag_problem(s: McrSituation, counts: list[int]) -> str:
    if s.robbing_kong:
        win = tile_name(s.win_tile)
        if s.tsumo:
            return "robbing the kong is a win on another player's added tile, not a self-draw"
        if counts[s.win_tile] > 1:
            return f"robbing the kong: the other three {win} are in the robbed pung, yet the hand holds another"
        if s.last_wall_tile:
            return "robbing the kong after the last tile: no kong may be declared on the last tile"
    if s.kong_replacement:
        if not s.tsumo:
            return "a win on a kong's replacement tile is a self-draw"
        if not any(m.kind in (KONG, CONCEALED_KONG) for m in s.melds):
            return "a win on a kong's replacement tile needs a declared kong"
    return ""


def _concealed_counts(s: McrSituation) -> list[int]:
    counts = [0] * KIND_COUNT
    for t in s.hand:
        counts[t] += 1
    return counts


def _all_counts(s: McrSituation, concealed: list[int] | None = None) -> list[int]:
    counts = list(_concealed_counts(s) if concealed is None else concealed)
    for meld in s.melds:
        for t in meld.tiles:
            counts[t] += 1
    return counts


def hand_facts(s: McrSituation, rules: McrRules, counts: list[int] | None = None) -> HandFacts:
    """The per-hand facts, with Last Tile settled from the tiles where they decide it:
    three copies in the player's own melds make it, a copy in the concealed hand
    rules it out (RULES.md B4 和绝张; C2 row 5)."""
    counts = _all_counts(s) if counts is None else counts
    win = s.win_tile
    in_hand = s.hand.count(win)
    last_tile = (s.last_tile or counts[win] - in_hand == 3) and in_hand == 1
    melded_kongs = concealed_kongs = melded_packs = 0
    for meld in s.melds:
        if meld.kind == CONCEALED_KONG:
            concealed_kongs += 1
        else:
            melded_packs += 1
            melded_kongs += meld.kind == KONG
    kind_set = frozenset(compress(_KINDS, counts))
    has_honors = not kind_set.isdisjoint(_HONOR_KINDS)
    number_suits = any(counts[0:9]) + any(counts[9:18]) + any(counts[18:27])
    fours = counts.count(4)
    flags = last_tile or s.kong_replacement or s.robbing_kong or s.last_wall_tile
    triples = fours + counts.count(3)
    kongs = melded_kongs + concealed_kongs
    ranks = None if has_honors else frozenset(map(_RANK_OF.__getitem__, kind_set))
    low, high = (min(ranks), max(ranks)) if ranks else (0, 0)
    gates = gates_of(  # one bit per name of reading.GATES, in order
        (kongs > 0) | (kongs > 1) << 1 | bool(flags) << 2 | (not has_honors) << 3 | has_honors << 4
        | (triples >= 2) << 5 | (triples >= 3) << 6 | (triples >= 4) << 7
        | (not has_honors and number_suits == 1) << 8 | (number_suits <= 1) << 9 | (number_suits <= 2) << 10
        | (number_suits == 3) << 11 | (not any(counts[0:9])) << 12 | (kind_set <= _ORPHAN_SET) << 13
        | (not melded_packs) << 14 | (fours > 0) << 15 | bool(counts[4] or counts[13] or counts[22]) << 16
        | (low >= 6) << 17 | (0 < high <= 4) << 18 | (low >= 4 and 0 < high <= 6) << 19)
    return HandFacts(counts, win, s.tsumo, last_tile, s.kong_replacement, s.robbing_kong,
                     s.last_wall_tile, s.seat_wind, s.round_wind, melded_packs, melded_kongs, concealed_kongs,
                     rules, kind_set, number_suits, has_honors, ranks, fours, gates)

_KINDS = range(KIND_COUNT)
_HONOR_KINDS = frozenset(range(27, KIND_COUNT))
_ORPHAN_SET = frozenset(t for t in range(KIND_COUNT) if t >= 27 or t % 9 in (0, 8))
_RANK_OF = tuple(t % 9 + 1 for t in range(KIND_COUNT))


# ---------------------------------------------------------------- per-form row tables

@cache
def _form_rows(form: str, library_kongs: bool) -> dict[str, Any]:
    """The rows that apply to ``form`` by scope (positions in ORDER), built once."""
    rows = [(i, r) for i, r in enumerate(ORDER)
            if form in r.forms and (r is not LIBRARY_KONG_ROW or library_kongs)]
    by_scope: dict[str, Any] = {
        "facts": _by_gate([(r.needs, (i, r.test)) for i, r in rows if r.scope in (HAND, SITUATION)]),
        READING: _by_gate([(r.needs, (i, r.test, r.covers)) for i, r in rows if r.scope == READING]),
        SET: {t: tuple((i, r.test) for i, r in rows if r.scope == SET and (r.tiles is None or t in r.tiles))
              for t in range(KIND_COUNT)},
        "memo": {},
    }
    for scope in (CHOWS, PUNGS):
        for arity in (-1, 2, 3, 4):
            by_scope[scope, arity] = tuple((i, r.test, r.points) for i, r in rows
                                           if r.scope == scope and r.arity == arity)
    return by_scope


def _by_gate(rows: list[tuple[tuple[str, ...], tuple]]) -> tuple[tuple[tuple[str, ...], tuple], ...]:
    """Rows grouped by the gates they need (``()``: always asked), table order kept within."""
    gates: dict[tuple[str, ...], list[tuple]] = {}
    for needs, row in rows:
        gates.setdefault(needs, []).append(row)
    return tuple((needs, tuple(group)) for needs, group in gates.items())


_OPEN_ROWS: dict[tuple[int, frozenset[str]], tuple] = {}


def _open_rows(groups: tuple[tuple[tuple[str, ...], tuple], ...], open_gates: frozenset[str]) -> tuple:
    """The rows whose gates are all open, in table order (kept per table and gate set)."""
    key = (id(groups), open_gates)
    found = _OPEN_ROWS.get(key)
    if found is None:
        found = tuple(sorted((row for needs, group in groups if open_gates.issuperset(needs)
                              for row in group), key=lambda row: row[0]))
        _OPEN_ROWS[key] = found
    return found


class _Context:
    """What every reading of one situation shares (computed lazily, once)."""

    def __init__(self, s: McrSituation, facts: HandFacts, concealed: list[int], rules: McrRules) -> None:
        self.situation = s
        self.facts = facts
        self.concealed = concealed
        self.library_kongs = rules.kong_convention == LIBRARY
        self.melds = len(s.melds)
        self.meld_chows = [m.tiles[0] for m in s.melds if m.kind == CHOW]
        self.meld_pungs = [m.tiles[0] for m in s.melds if m.kind != CHOW]
        self.concealed_kongs = facts.concealed_kongs
        self._facts_instances: dict[str, list[Instance]] = {}
        self._unique_regular: bool | None = None

    def facts_instances(self, form: str, rows: dict[str, Any]) -> list[Instance]:
        found = self._facts_instances.get(form)
        if found is None:
            facts = self.facts
            found = [(i, 0) for i, test in _open_rows(rows["facts"], facts.open_gates) if test(facts)]
            self._facts_instances[form] = found
        return found

    def unique_regular_wait(self) -> bool:
        """Does the hand before the winning tile wait on one kind only (regular and
        seven-pairs shapes, as RULES.md B4 asks)? Computed once per hand."""
        if self._unique_regular is None:
            before = list(self.concealed)
            before[self.facts.win_tile] -= 1
            self._unique_regular = _waits_at_most_one(before, seven_pairs=not self.melds)
        return self._unique_regular


def _waits_at_most_one(before: list[int], seven_pairs: bool) -> bool:
    """True when exactly one kind completes ``before`` (shapes only: a fifth copy
    counts, as the unique-wait rule reads the shape, RULES.md B4)."""
    groups = regular_wait_groups(before)
    found = sum(len(g) for g in groups)
    if seven_pairs and found <= 1:
        extra = seven_pairs_waits(before)
        if extra and (not groups or extra != set(groups[0])):
            found += 1
    return found == 1


# ---------------------------------------------------------------- one reading

def _instances(ctx: _Context, d: McrDecomposition) -> list[Instance]:
    rows = _form_rows(d.form, ctx.library_kongs)
    reading = _reading(ctx, d)
    found = list(ctx.facts_instances(d.form, rows))
    for i, test, covers in _open_rows(rows[READING], ctx.facts.open_gates):
        count = test(reading)
        if count:
            mask = covers(reading) if covers else 0
            if count is True or count == 1:
                found.append((i, mask))
            else:
                found.extend([(i, mask)] * count)
    set_rows = rows[SET]
    for bit, tile in enumerate(reading.pungs):
        for i, test in set_rows[tile]:
            if test(reading, tile):
                found.append((i, 1 << (PUNG_BIT_SHIFT + bit)))
    if len(reading.chows) > 1:
        found.extend(_chow_instances(rows, reading))
    if len(reading.pungs) > 1:
        found.extend(_combinations(rows, PUNGS, reading.pungs, PUNG_BIT_SHIFT))
    return _resolve(found)


def _reading(ctx: _Context, d: McrDecomposition) -> Reading:
    facts = ctx.facts
    if d.form not in (REGULAR, KNITTED_STRAIGHT):
        return Reading(d.form, facts, pairs=d.pairs, knitted=d.knitted)
    chows: list[int] = []
    concealed_pungs: list[int] = []
    for kind, tile in d.sets:
        (concealed_pungs if kind == PUNG else chows).append(tile)
    concealed_chows = tuple(chows)
    win = facts.win_tile
    hidden = len(concealed_pungs) + ctx.concealed_kongs
    if not facts.tsumo and win in concealed_pungs and not any(c <= win <= c + 2 for c in concealed_chows):
        hidden -= 1  # the discard completed that pung: it counts as melded (GB, RULES.md B4)
    if ctx.meld_chows:
        chows += ctx.meld_chows
    pungs = concealed_pungs + ctx.meld_pungs if ctx.meld_pungs else concealed_pungs
    chows.sort()
    pungs.sort()
    reading = Reading(
        d.form, facts,
        chows=tuple(chows),
        pungs=tuple(pungs),
        pair=d.pair, concealed_pungs=hidden, concealed_chows=concealed_chows,
        concealed_pair=d.pair, knitted=d.knitted,
    )
    reading.wait = _wait(ctx, d, reading)
    return reading


def _wait(ctx: _Context, d: McrDecomposition, r: Reading) -> str:
    """Which wait fan the winning tile's place allows, or ``""``: only on a unique wait,
    and only the first of edge, closed, single that this reading allows (RULES.md B4,
    C2 row 4)."""
    win = ctx.facts.win_tile
    chows = r.concealed_chows
    if win in chows or win - 2 in chows:
        position = "edge"
    elif win - 1 in chows:
        position = "closed"
    elif r.concealed_pair == win:
        position = "single"
    else:
        return ""  # no wait fan could apply: skip the wait count
    if d.form == REGULAR:
        return position if ctx.unique_regular_wait() else ""
    # Knitted straight: the winning tile was read above as part of the set or the
    # pair, so only that part's wait counts; completing the knitted tiles themselves
    # takes no wait fan (RULES.md C2 row 15, SLO). GB scores the same way.
    rest = list(ctx.concealed)
    for t in d.knitted:
        rest[t] -= 1
    rest[win] -= 1
    return position if _waits_at_most_one(rest, seven_pairs=False) else ""


def _chow_instances(rows: dict[str, Any], r: Reading) -> list[Instance]:
    if len(r.chows) == 4:
        for i, test, _ in rows[CHOWS, -1]:
            if test(r):
                return ((i, 0b1111),)  # a fan over all four chows and the pair: nothing else among them
    return _combinations(rows, CHOWS, r.chows, 0)


def _combinations(rows: dict[str, Any], scope: str, tiles: tuple[int, ...], shift: int) -> tuple[Instance, ...]:
    """Combination fans over sorted ``tiles`` under the combination principles.

    A pure function of the tiles, so each form's table keeps the answers it has
    worked out (at most a few ten thousand sorted tuples of up to four sets).
    """
    if len(tiles) < 2:
        return ()
    memo = rows["memo"]
    key = (scope, tiles)
    found = memo.get(key)
    if found is None:
        found = memo[key] = tuple(_combinations_of(rows, scope, tiles, shift))
    return found


def _combinations_of(rows: dict[str, Any], scope: str, tiles: tuple[int, ...], shift: int) -> list[Instance]:
    n = len(tiles)
    if n < 2:
        return []
    if n == 4:
        for i, test, _ in rows[scope, 4]:
            if test(tiles):
                return [(i, 0b1111 << shift)]
    if n >= 3:
        best = None
        for combo in combinations(range(n), 3):
            picked = tuple(tiles[k] for k in combo)
            for i, test, points in rows[scope, 3]:
                if test(picked) and (best is None or points > best[0]):
                    best = (points, i, combo)
        if best is not None:
            _, i, combo = best
            found = [(i, _bits(combo) << shift)]
            if n == 4:
                found.extend(_extra_pair(rows[scope, 2], tiles, combo, shift))
            return found
    return _pair_instances(rows[scope, 2], tiles, shift)


def _bits(indexes: tuple[int, ...]) -> int:
    mask = 0
    for k in indexes:
        mask |= 1 << k
    return mask


def _extra_pair(pair_rows: tuple, tiles: tuple[int, ...], combo: tuple[int, ...], shift: int) -> list[Instance]:
    """The fourth set combines once with one of the three already used (account-once)."""
    spare = next(k for k in range(4) if k not in combo)
    for i, test, _ in pair_rows:
        for k in combo:
            if test(tuple(sorted((tiles[k], tiles[spare])))):
                return [(i, _bits((k, spare)) << shift)]
    return []


def _pair_instances(pair_rows: tuple, tiles: tuple[int, ...], shift: int) -> list[Instance]:
    found = []
    used = 0
    for a, b in combinations(range(len(tiles)), 2):
        for i, test, _ in pair_rows:
            if test((tiles[a], tiles[b])):
                found.append((i, _bits((a, b)) << shift))
                used |= 1 << a | 1 << b
                break
    limit = used.bit_count() - 1  # n sets taking part carry at most n - 1 pair fans
    if len(found) <= limit:
        return found
    return _cut(found, limit)


def _cut(found: list[Instance], limit: int) -> list[Instance]:
    """Cut pair fans down to ``limit``: duplicates first, lowest rows first (B5 row 4)."""
    order = sorted({i for i, _ in found}, reverse=True)
    for keep in (1, 0):
        for i in order:
            while len(found) > limit and sum(1 for j, _ in found if j == i) > keep:
                last = max(k for k, (j, _) in enumerate(found) if j == i)
                found.pop(last)
    return found


def _resolve(found: list[Instance]) -> list[int]:
    """Apply ``excludes`` and ``absorbs`` in table order; nothing left is Chicken Hand.
    Returns the counted rows' positions, sorted, one per instance."""
    found.sort()
    excluded = 0
    absorbers: list[tuple[int, int]] = []
    counted = []
    for i, mask in found:
        if excluded >> i & 1:
            continue
        if mask and absorbers and any(rows >> i & 1 and mask & cover == mask for rows, cover in absorbers):
            continue
        counted.append(i)
        excluded |= _EXCLUDE_MASK[i]
        if mask and _ABSORB_MASK[i]:
            absorbers.append((_ABSORB_MASK[i], mask))
    return counted or [_CHICKEN]


def _lines(counted: list[int]) -> tuple[tuple[tuple[str, int, int], ...], int]:
    """(id, points, count) per counted row, in table order, and the points in all."""
    lines = []
    total = 0
    previous, run = -1, 0
    for i in counted:
        total += _POINTS[i]
        if i == previous:
            run += 1
            continue
        if run:
            lines.append(_LINE[previous] + (run,))
        previous, run = i, 1
    lines.append(_LINE[previous] + (run,))
    return tuple(lines), total


def fan_row(fan_id: str) -> FanRow:
    """The row of a fan id (KeyError for an unknown id)."""
    return ROW_BY_ID[fan_id]
