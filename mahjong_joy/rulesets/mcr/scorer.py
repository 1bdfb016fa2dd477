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

Speed (``scripts/bench_mcr.py``: at most 5x pymahjonggb's C++ on hands never seen
before): the tiles are counted once per hand into :class:`HandFacts`, whose
*gates* (cheap necessary conditions such as "two or more kinds held three times",
one bit each) decide which rows are asked at all (``FanRow.needs``); readings come
from complete per-suit tables (:mod:`~mahjong_joy.rulesets.mcr.tables`), the
combination fans of two or three sets from tables built once from the rows'
predicates, the unique-wait rule from the same suit tables; exclusions are bit
masks. Every kept table is complete for its key space, so none grows with the
hands scored; no answer about a hand is kept between calls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from itertools import combinations
from typing import Any

from mahjong_joy.hand.mcr_forms import (
    CHOW,
    HONORS_AND_KNITTED,
    KNITTED_PATTERNS,
    KNITTED_STRAIGHT,
    ORPHANS,
    PUNG,
    REGULAR,
    SEVEN_PAIRS,
    THIRTEEN_ORPHANS,
    McrDecomposition,
    McrSet,
    honors_and_knitted_pattern,
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
from mahjong_joy.rulesets.mcr.reading import PUNG_BIT_SHIFT, HandFacts, Reading, gate_bits, kind_mask
from mahjong_joy.rulesets.mcr.situation import CONCEALED_KONG, KONG, LIBRARY, McrRules, McrSituation
from mahjong_joy.rulesets.mcr.tables import (
    CHOW_STARTS,
    pair_table,
    regular_readings,
    triple_table,
    winning_kinds_at_most,
)
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
Internal = tuple[str, tuple[int, ...], tuple[int, ...], int, tuple[int, ...], tuple[int, ...]]
"""A reading as the scorer keeps it: (form, concealed chows, concealed pungs, pair or
-1, knitted tiles, pairs). :class:`McrDecomposition` is made only for the answer."""


@dataclass(slots=True)
class McrScore:
    """The score of one MCR win (or why there is none).

    ``fan`` lists ``(id, points per instance, count)`` in table order, flowers last;
    ``fan_total`` excludes flowers, ``total`` includes them. ``reading`` describes
    the chosen decomposition (for the readable breakdown; not part of the JSON);
    ``excluded`` the fan the hand also shows that the counting principles leave
    out (for the score screen; worked out when first asked). A value: treat it as
    read-only (not frozen only because a frozen dataclass costs twice as much to
    build, on the scorer's hot path).
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
    source: tuple[McrSituation, McrRules] | None = field(default=None, repr=False, compare=False)
    _excluded: tuple | None = field(default=None, repr=False, compare=False)

    @property
    def reading(self) -> str:
        """The chosen decomposition as text (empty when there is none)."""
        return "" if self.decomposition is None else str(self.decomposition)

    @property
    def excluded(self) -> tuple:
        """The fan this reading also shows but the counting principles do not count,
        as :class:`~mahjong_joy.rulesets.mcr.explain.Excluded` values (``()`` when
        there is no reading)."""
        if self._excluded is None:
            if self.decomposition is None or self.source is None:
                self._excluded = ()
            else:
                from mahjong_joy.rulesets.mcr.explain import exclusions
                self._excluded = exclusions(self.source[0], self.decomposition, self.source[1])
        return self._excluded

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
    hand = _Hand(situation, rules, counts, concealed)
    best = None
    for reading in _internal_readings(concealed, len(situation.melds)):
        total, counted = _score(hand, reading)
        if best is None or total > best[0] or total == best[0] and _tie_wins(counted, reading, best):
            best = (total, counted, reading)
    if best is None:
        return McrScore(False, NOT_WINNING, "the tiles do not form a complete MCR hand", flowers=situation.flowers)
    total, counted, reading = best
    return _result(situation, rules, _lines(counted), total, _decomposition(reading))


def _tie_wins(counted: list[int], reading: Internal, best: tuple) -> bool:
    """On an equal total: prefer Pure Triple Chow or Triple Pung, then the regular
    form over seven pairs (RULES.md B7 row 11); otherwise the first reading stays."""
    preferred = not _PREFERRED.isdisjoint(counted)
    best_preferred = not _PREFERRED.isdisjoint(best[1])
    if preferred != best_preferred:
        return preferred
    return reading[0] != SEVEN_PAIRS and best[2][0] == SEVEN_PAIRS


def scored_readings(situation: McrSituation, rules: McrRules | None = None, counts: list[int] | None = None,
                    concealed: list[int] | None = None) -> list[tuple[int, tuple, McrDecomposition]]:
    """(fan total, fan lines, decomposition) for every reading of a valid situation.

    Public for the tests: with equal totals any reading is legal (B5 row 5), so a
    comparison with another calculator asks whether its fan list is among these.
    """
    rules = situation.rules if rules is None else rules
    concealed = _concealed_counts(situation) if concealed is None else concealed
    counts = _all_counts(situation, concealed) if counts is None else counts
    hand = _Hand(situation, rules, counts, concealed)
    out = []
    for reading in _internal_readings(concealed, len(situation.melds)):
        total, counted = _score(hand, reading)
        out.append((total, _lines(counted), _decomposition(reading)))
    return out


def _result(s: McrSituation, rules: McrRules, fan: tuple, fan_total: int, d: McrDecomposition) -> McrScore:
    flowers = s.flowers
    lines = fan + ((FLOWER_TILES, 1, flowers),) if flowers else fan
    total = fan_total + flowers
    if fan_total < MINIMUM_FAN:
        message = f"{fan_total} fan without flowers: a win needs {MINIMUM_FAN}"
        return McrScore(False, BELOW_MINIMUM, message, lines, fan_total, flowers, total, {}, d.form, d, (s, rules))
    return McrScore(True, None, "", lines, fan_total, flowers, total, payments(total, s.tsumo), d.form, d, (s, rules))


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


_SUIT_MASKS = (kind_mask(range(0, 9)), kind_mask(range(9, 18)), kind_mask(range(18, 27)))
_HONOR_MASK = kind_mask(range(27, KIND_COUNT))
_ORPHAN_MASK = kind_mask(ORPHANS)


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
    kinds = 0
    for t in s.hand:
        kinds |= 1 << t
    for meld in s.melds:
        for t in meld.tiles:
            kinds |= 1 << t
    m, p, z = kinds & _SUIT_MASKS[0], kinds & _SUIT_MASKS[1], kinds & _SUIT_MASKS[2]
    has_honors = kinds & _HONOR_MASK != 0
    number_suits = (m != 0) + (p != 0) + (z != 0)
    fours = counts.count(4)
    flags = last_tile or s.kong_replacement or s.robbing_kong or s.last_wall_tile
    triples = fours + counts.count(3)
    kongs = melded_kongs + concealed_kongs
    ranks = 0 if has_honors else (kinds | kinds >> 9 | kinds >> 18) & 0x1FF
    low, high = ((ranks & -ranks).bit_length(), ranks.bit_length()) if ranks else (0, 0)
    gates = (  # one bit per name of reading.GATES, in order
        (kongs > 0) | (kongs > 1) << 1 | bool(flags) << 2 | (not has_honors) << 3 | has_honors << 4
        | (triples >= 2) << 5 | (triples >= 3) << 6 | (triples >= 4) << 7
        | (not has_honors and number_suits == 1) << 8 | (number_suits <= 1) << 9 | (number_suits <= 2) << 10
        | (number_suits == 3) << 11 | (not m) << 12 | (not kinds & ~_ORPHAN_MASK) << 13
        | (not melded_packs) << 14 | (fours > 0) << 15 | bool(counts[4] or counts[13] or counts[22]) << 16
        | (low >= 6) << 17 | (0 < high <= 4) << 18 | (low >= 4 and 0 < high <= 6) << 19)
    return HandFacts(counts, win, s.tsumo, last_tile, s.kong_replacement, s.robbing_kong,
                     s.last_wall_tile, s.seat_wind, s.round_wind, melded_packs, melded_kongs, concealed_kongs,
                     rules, kinds, number_suits, has_honors, ranks, fours, gates)


# ---------------------------------------------------------------- readings

def _internal_readings(concealed: list[int], melds: int) -> list[Internal]:
    """Every reading of the concealed tiles in every form (empty: no win)."""
    found: list[Internal] = [(REGULAR, chows, pungs, pair, (), ()) for chows, pungs, pair in regular_readings(concealed)]
    key = bytes(concealed)
    if melds <= 1 and 27 - key[:27].count(0) >= 9:
        found += _knitted_straight_readings(concealed, melds)
    if melds:
        return found
    singles = key.count(1)
    if not singles and not key.count(3):
        found.append((SEVEN_PAIRS, (), (), -1, (), tuple(t for t in range(KIND_COUNT) for _ in range(concealed[t] // 2))))
    elif singles == 12 and all(concealed[t] for t in ORPHANS):
        found.append((THIRTEEN_ORPHANS, (), (), next(t for t in ORPHANS if concealed[t] == 2), (), ()))
    elif singles == 14 and honors_and_knitted_pattern(concealed) is not None:
        found.append((HONORS_AND_KNITTED, (), (), -1, tuple(t for t in range(KIND_COUNT) if concealed[t]), ()))
    return found


def _knitted_straight_readings(concealed: list[int], melds: int) -> list[Internal]:
    out: list[Internal] = []
    for pattern in KNITTED_PATTERNS:
        if not all(concealed[t] for t in pattern):
            continue
        rest = list(concealed)
        for t in pattern:
            rest[t] -= 1
        for chows, pungs, pair in regular_readings(rest):
            if len(chows) + len(pungs) == 1 - melds:
                out.append((KNITTED_STRAIGHT, chows, pungs, pair, pattern, ()))
    return out


def _decomposition(r: Internal) -> McrDecomposition:
    form, chows, pungs, pair, knitted, pairs = r
    sets = tuple(sorted([McrSet(CHOW, t) for t in chows] + [McrSet(PUNG, t) for t in pungs],
                        key=lambda s: (s.tile, s.kind)))
    return McrDecomposition(form, sets, None if pair < 0 else pair, pairs, knitted)


# ---------------------------------------------------------------- per-form row tables

_NEEDS = tuple(gate_bits(row.needs) for row in ORDER)


@cache
def _form_rows(form: str, library_kongs: bool) -> dict[Any, Any]:
    """The rows that apply to ``form`` by scope (positions in ORDER), built once per
    form and kong convention (ten tables at most)."""
    rows = [(i, r) for i, r in enumerate(ORDER)
            if form in r.forms and (r is not LIBRARY_KONG_ROW or library_kongs)]
    by_scope: dict[Any, Any] = {
        "facts": tuple((_NEEDS[i], i, r.test) for i, r in rows if r.scope in (HAND, SITUATION)),
        READING: tuple((_NEEDS[i], i, r.test, r.covers) for i, r in rows if r.scope == READING),
        SET: tuple(tuple((i, r.test) for i, r in rows if r.scope == SET and (r.tiles is None or t in r.tiles))
                   for t in range(KIND_COUNT)),
    }
    for scope in (CHOWS, PUNGS):
        for arity in (-1, 2, 3, 4):
            by_scope[scope, arity] = tuple((i, r.test, r.points) for i, r in rows
                                           if r.scope == scope and r.arity == arity)
    if form == REGULAR:
        by_scope[CHOWS, "pairs"] = pair_table(by_scope[CHOWS, 2], CHOW_STARTS)
        by_scope[CHOWS, "triples"] = triple_table(by_scope[CHOWS, 3], CHOW_STARTS, repeats=True)
        by_scope[PUNGS, "pairs"] = pair_table(by_scope[PUNGS, 2], range(KIND_COUNT))
        by_scope[PUNGS, "triples"] = triple_table(by_scope[PUNGS, 3], range(KIND_COUNT), repeats=False)
    return by_scope


_OPEN_ROWS: dict[tuple[int, int], tuple] = {}
_OPEN_ROWS_LIMIT = 4096  # (table, gates) keys; a hand opens one of a few hundred gate sets in practice


def _open_rows(rows: tuple, gates: int) -> tuple:
    """The rows of ``rows`` (``(needs, ...)`` tuples) whose gates are all open, without
    their ``needs``; kept per table and gate set, the memo emptied when it reaches
    its bound."""
    key = (id(rows), gates)
    found = _OPEN_ROWS.get(key)
    if found is None:
        if len(_OPEN_ROWS) >= _OPEN_ROWS_LIMIT:
            _OPEN_ROWS.clear()
        found = _OPEN_ROWS[key] = tuple(row[1:] for row in rows if not row[0] & ~gates)
    return found


def clear_memos() -> None:
    """Forget the one memo that fills as hands are scored (the open rows per gate
    set), for a benchmark that wants every pass cold. The complete tables stay."""
    _OPEN_ROWS.clear()


class _Hand:
    """What every reading of one situation shares (the wait answer computed lazily)."""

    __slots__ = ("situation", "facts", "concealed", "library_kongs", "melds", "meld_chows", "meld_pungs",
                 "concealed_kongs", "win", "tsumo", "_facts_instances", "_unique_regular")

    def __init__(self, s: McrSituation, rules: McrRules, counts: list[int], concealed: list[int]) -> None:
        self.situation = s
        self.facts = facts = hand_facts(s, rules, counts)
        self.concealed = concealed
        self.library_kongs = rules.kong_convention == LIBRARY
        self.melds = len(s.melds)
        self.meld_chows = tuple(sorted(m.tiles[0] for m in s.melds if m.kind == CHOW))
        self.meld_pungs = tuple(sorted(m.tiles[0] for m in s.melds if m.kind != CHOW))
        self.concealed_kongs = facts.concealed_kongs
        self.win = s.win_tile
        self.tsumo = s.tsumo
        self._facts_instances: dict[str, list[Instance]] = {}
        self._unique_regular: bool | None = None

    def facts_instances(self, form: str, rows: dict[Any, Any]) -> list[Instance]:
        found = self._facts_instances.get(form)
        if found is None:
            facts = self.facts
            found = [(i, 0) for i, test in _open_rows(rows["facts"], facts.gates) if test(facts)]
            self._facts_instances[form] = found
        return found

    def unique_regular_wait(self) -> bool:
        """Does the hand before the winning tile wait on one kind only (regular and
        seven-pairs shapes, as RULES.md B4 asks)? Computed once per hand."""
        if self._unique_regular is None:
            before = list(self.concealed)
            before[self.win] -= 1
            self._unique_regular = winning_kinds_at_most(before, 1, seven_pairs=not self.melds) == 1
        return self._unique_regular


# ---------------------------------------------------------------- one reading

def _score(hand: _Hand, r: Internal) -> tuple[int, list[int]]:
    """(fan total, counted positions) of one reading."""
    counted = _resolve(_instances(hand, r))
    total = 0
    for i in counted:
        total += _POINTS[i]
    return total, counted


def _instances(hand: _Hand, r: Internal) -> list[Instance]:
    form = r[0]
    rows = _form_rows(form, hand.library_kongs)
    reading = _reading(hand, r)
    found = list(hand.facts_instances(form, rows))
    for i, test, covers in _open_rows(rows[READING], hand.facts.gates):
        count = test(reading)
        if count:
            mask = covers(reading) if covers else 0
            if count is True or count == 1:
                found.append((i, mask))
            else:
                found.extend([(i, mask)] * count)
    pungs = reading.pungs
    if pungs:
        set_rows = rows[SET]
        for bit, tile in enumerate(pungs):
            for i, test in set_rows[tile]:
                if test(reading, tile):
                    found.append((i, 1 << (PUNG_BIT_SHIFT + bit)))
        if len(pungs) > 1:
            found += _combinations(rows, PUNGS, pungs, PUNG_BIT_SHIFT)
    chows = reading.chows
    if len(chows) > 1:
        if len(chows) == 4:
            for i, test, _ in rows[CHOWS, -1]:
                if test(reading):
                    found.append((i, 0b1111))  # a fan over all four chows and the pair: nothing else among them
                    return found
        found += _combinations(rows, CHOWS, chows, 0)
    return found


def _reading(hand: _Hand, r: Internal) -> Reading:
    form, concealed_chows, concealed_pungs, pair, knitted, pairs = r
    facts = hand.facts
    if form not in (REGULAR, KNITTED_STRAIGHT):
        return Reading(form, facts, (), (), None if pair < 0 else pair, 0, (), None, knitted, pairs, "")
    win = hand.win
    hidden = len(concealed_pungs) + hand.concealed_kongs
    if not hand.tsumo and win in concealed_pungs and not any(c <= win <= c + 2 for c in concealed_chows):
        hidden -= 1  # the discard completed that pung: it counts as melded (GB, RULES.md B4)
    chows = tuple(sorted(concealed_chows + hand.meld_chows)) if hand.meld_chows else concealed_chows
    pungs = tuple(sorted(concealed_pungs + hand.meld_pungs)) if hand.meld_pungs else concealed_pungs
    wait = _wait(hand, form, concealed_chows, pair, knitted)
    return Reading(form, facts, chows, pungs, pair, hidden, concealed_chows, pair, knitted, (), wait)


def _wait(hand: _Hand, form: str, chows: tuple[int, ...], pair: int, knitted: tuple[int, ...]) -> str:
    """Which wait fan the winning tile's place allows, or ``""``: only on a unique wait,
    and only the first of edge, closed, single that this reading allows (RULES.md B4,
    C2 row 4)."""
    win = hand.win
    if win in chows or win - 2 in chows:
        position = "edge"
    elif win - 1 in chows:
        position = "closed"
    elif pair == win:
        position = "single"
    else:
        return ""  # no wait fan could apply: skip the wait count
    if form == REGULAR:
        return position if hand.unique_regular_wait() else ""
    # Knitted straight: the winning tile was read above as part of the set or the
    # pair, so only that part's wait counts; completing the knitted tiles themselves
    # takes no wait fan (RULES.md C2 row 15, SLO). GB scores the same way.
    rest = list(hand.concealed)
    for t in knitted:
        rest[t] -= 1
    rest[win] -= 1
    return position if winning_kinds_at_most(rest, 1, seven_pairs=False) == 1 else ""


_TRIPLES = {3: ((0, 1, 2),), 4: tuple(combinations(range(4), 3))}
_PAIRS = {n: tuple(combinations(range(n), 2)) for n in (2, 3, 4)}


def _combinations(rows: dict[Any, Any], scope: str, tiles: tuple[int, ...], shift: int) -> list[Instance]:
    """Combination fans over sorted ``tiles`` under the combination principles (B5
    rows 2-4): a fan over all four leaves nothing else among them; else the best fan
    over three counts once and the fourth set combines once with one of those
    three; else every pair counts, at most one fewer than the sets taking part."""
    n = len(tiles)
    if n == 4:
        for i, test, _ in rows[scope, 4]:
            if test(tiles):
                return [(i, 0b1111 << shift)]
    pairs = rows[scope, "pairs"]
    if n >= 3:
        triples = rows[scope, "triples"]
        best = None
        for combo in _TRIPLES[n]:
            a, b, c = combo
            hit = triples.get((tiles[a] * 34 + tiles[b]) * 34 + tiles[c])
            if hit is not None and (best is None or hit[0] > best[0]):
                best = (hit[0], hit[1], combo)
        if best is not None:
            _, i, combo = best
            found = [(i, _bits(combo) << shift)]
            if n == 4:
                spare = 6 - sum(combo)
                extra = [(pairs[min(tiles[k], tiles[spare]) * 34 + max(tiles[k], tiles[spare])], k) for k in combo]
                hits = [(j, k) for j, k in extra if j >= 0]
                if hits:
                    j, k = min(hits)  # the earliest row, then the earliest of the three
                    found.append((j, (1 << k | 1 << spare) << shift))
            return found
    found = []
    used = 0
    for a, b in _PAIRS[n]:
        j = pairs[tiles[a] * 34 + tiles[b]]
        if j >= 0:
            found.append((j, (1 << a | 1 << b) << shift))
            used |= 1 << a | 1 << b
    limit = used.bit_count() - 1  # n sets taking part carry at most n - 1 pair fans
    if len(found) <= limit:
        return found
    return _cut(found, limit)


def _bits(indexes: tuple[int, ...]) -> int:
    mask = 0
    for k in indexes:
        mask |= 1 << k
    return mask


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


def _lines(counted: list[int]) -> tuple[tuple[str, int, int], ...]:
    """(id, points, count) per counted row, in table order."""
    lines = []
    previous, run = -1, 0
    for i in counted:
        if i == previous:
            run += 1
            continue
        if run:
            lines.append(_LINE[previous] + (run,))
        previous, run = i, 1
    lines.append(_LINE[previous] + (run,))
    return tuple(lines)


def fan_row(fan_id: str) -> FanRow:
    """The row of a fan id (KeyError for an unknown id)."""
    return ROW_BY_ID[fan_id]
