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

Speed (``scripts/bench_mcr.py`` measures it against pymahjonggb on hands never
seen before; README "MCR scoring" quotes the figures): the tiles are counted once
per hand into :class:`_Hand`, whose *gates* (cheap necessary conditions such as
"two or more kinds held three times", one bit each; a reading adds its own, such
as "the pair is a wind") decide which rows are asked at all (``FanRow.needs``),
and rows whose gates are their whole condition are counted without asking
(``FanRow.exact``); a :class:`Reading` object is made only when a row must be
asked. Readings come from complete per-suit tables
(:mod:`~mahjong_joy.rulesets.mcr.tables`), the combination fans of two to four
chows and of two or three pungs from tables built once from the rows'
predicates, the unique-wait rule from the table of waits per complete suit shape
and place (a fifth copy's waits too); a fan instance is one int (row and sets),
so a reading's instances sort and compare in C; exclusions are sets of small
ints (big-int masks over 80 rows cost an allocation per operation). The rows a
gate set opens come from one probe of the row table's bounded memo, and on a
miss from the table's *runs*: gates that rows read together sit next to each
other (``reading.GATES``), and each run has a complete table of its gate sets
(``_WINDOWS``), so an unseen gate set costs a few probes, not a pass over the
rows. Every kept table is complete for its key space, so none grows with the
hands scored; each row table's memo is bounded (emptied at its bound) and keeps
no hand, only gate sets that many hands share; scoring a hand leaves no cyclic
garbage for the collector.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, combinations_with_replacement, compress
from operator import itemgetter
from typing import Any

from mahjong_joy.hand.mcr_forms import (
    CHOW,
    HONORS_AND_KNITTED,
    KNITTED_STRAIGHT,
    ORPHANS,
    PRESENCE_DIGIT,
    PUNG,
    REGULAR,
    SEVEN_PAIRS,
    THIRTEEN_ORPHANS,
    McrDecomposition,
    McrSet,
    honors_and_knitted_pattern,
    knitted_patterns_held,
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
    seven_shifted_pairs,
)
from mahjong_joy.rulesets.mcr.reading import GATES, PUNG_BIT_SHIFT, HandFacts, Reading, gate_bits, kind_mask
from mahjong_joy.rulesets.mcr.situation import CONCEALED_KONG, KONG, LIBRARY, McrRules, McrSituation
from mahjong_joy.rulesets.mcr.tables import (
    CHOW_STARTS,
    FIFTH_COPY,
    fifth_copy_waits,
    pair_table,
    regular_readings,
    triple_table,
    waits_without_tables,
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
_LINE_ONCE = tuple((row.id, row.points, 1) for row in ORDER)
_POINTS = tuple(row.points for row in ORDER)
_CHICKEN = _POSITION[CHICKEN_HAND]
_TILE_HOG = "tile_hog"  # asked with no predicate outside seven pairs (see ``_form_rows``)
_PREFERRED = frozenset(_POSITION[n] for n in ("pure_triple_chow", "triple_pung"))
for _i, _row in enumerate(ORDER):
    if any(j <= _i for j in _EXCLUDES[_i] | _ABSORBS[_i]):
        raise AssertionError(f"fan row {_row.id} excludes an earlier row: the table order would not resolve it")

Instance = int
"""A fan instance as one int: its row (position in ORDER) above ``SET_BITS`` bits of the
sets it uses (chows bits 0-3, pungs bits 4-7; ``reading.PUNG_BIT_SHIFT``). An int
sorts, hashes and compares in C without a key function: sorted, instances come in
row order, and the order among one row's instances cannot matter (a row excludes
and absorbs only later rows). :func:`instance_parts` splits one."""
SET_BITS = 8
_SET_MASK = (1 << SET_BITS) - 1


def instance_parts(instance: Instance) -> tuple[int, int]:
    """(row position in ORDER, bits of the sets it uses) of one instance."""
    return instance >> SET_BITS, instance & _SET_MASK


Internal = tuple[str, tuple[int, ...], tuple[int, ...], int, tuple[int, ...], tuple[int, ...]]
"""A reading as the scorer keeps it: (form, concealed chows, concealed pungs, pair or
-1, knitted tiles, pairs). :class:`McrDecomposition` is made only for the answer."""


@dataclass(slots=True)
class McrScore:
    """The score of one MCR win (or why there is none).

    ``fan`` lists ``(id, points per instance, count)`` in table order, flowers last;
    ``fan_total`` excludes flowers, ``total`` includes them (0 with no reading);
    ``payments`` follow from the total and the way of winning. ``reading`` describes
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
    chosen: tuple | None = field(default=None, repr=False)  # the scorer's own form of the reading (``Internal``)
    source: tuple[McrSituation, McrRules] | None = field(default=None, repr=False, compare=False)
    _excluded: tuple | None = field(default=None, repr=False, compare=False)

    @property
    def total(self) -> int:
        """The fan with flowers (0 when there is no reading)."""
        return 0 if self.chosen is None else self.fan_total + self.flowers

    @property
    def payments(self) -> dict[str, int]:
        """Who pays what for a valid win (empty otherwise; RULES.md B2 "Payments")."""
        if not self.valid or self.source is None:
            return {}
        return payments(self.total, self.source[0].tsumo)

    @property
    def form(self) -> str | None:
        """The chosen reading's form (``None`` when there is none)."""
        return None if self.chosen is None else self.chosen[0]

    @property
    def decomposition(self) -> McrDecomposition | None:
        """The chosen reading (``None`` when there is none); made when first asked."""
        return None if self.chosen is None else _decomposition(self.chosen)

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
            if self.chosen is None or self.source is None:
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
    if not _SUIT_WAITS_WITHOUT:
        _load_tables()
    tiles, melds = situation.hand, situation.melds
    if len(tiles) + 3 * len(melds) != 14:  # (five melds or more cannot make 14)
        return McrScore(False, INVALID_SITUATION, situation_problem(situation), flowers=situation.flowers)
    hand = _Hand(situation, rules)
    if hand.suspect:
        problem = situation_problem(situation, hand.counts)
        if problem:
            return McrScore(False, INVALID_SITUATION, problem, flowers=situation.flowers)
    readings = _internal_readings(hand.concealed, len(melds))
    if len(readings) == 1:  # the usual case
        reading = readings[0]
        total, _, lines = _score(hand, reading)
        return _result(situation, rules, lines, total, reading)
    if readings and _seven_shifted_pairs(readings[-1]):
        readings = readings[-1:]  # Seven Shifted Pairs (88) outscores every regular reading of its tiles (tested)
    best = None
    for reading in readings:
        total, counted, lines = _score(hand, reading)
        if best is None or total > best[0] or total == best[0] and _tie_wins(counted, reading, best):
            best = (total, counted, reading, lines)
    if best is None:
        return McrScore(False, NOT_WINNING, "the tiles do not form a complete MCR hand", flowers=situation.flowers)
    total, _, reading, lines = best
    return _result(situation, rules, lines, total, reading)


def _seven_shifted_pairs(reading: Internal) -> bool:
    """Is this the seven pairs reading of seven consecutive pairs in one number suit?
    Such tiles also read as four chows and a pair (up to three ways), but the
    regular readings' fan stay far below the 88 of Seven Shifted Pairs (at most Full
    Flush 24, Pure Shifted Chows or Pure Straight 16 and small fan), so the scorer
    skips them, as the source engine returns on a special form (seed 004, 5.3);
    ``tests/test_mcr_played_oracle.py`` checks every such hand against the full search."""
    return reading[0] == SEVEN_PAIRS and seven_shifted_pairs(reading[5])


def _tie_wins(counted: tuple[int, ...], reading: Internal, best: tuple) -> bool:
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
    if not _SUIT_WAITS_WITHOUT:
        _load_tables()
    hand = _Hand(situation, rules)
    concealed = hand.concealed
    out = []
    for reading in _internal_readings(concealed, len(situation.melds)):
        total, _, lines = _score(hand, reading)
        out.append((total, lines, _decomposition(reading)))
    return out


def _result(s: McrSituation, rules: McrRules, fan: tuple, fan_total: int, reading: Internal) -> McrScore:
    flowers = s.flowers
    lines = fan + ((FLOWER_TILES, 1, flowers),) if flowers else fan
    if fan_total < MINIMUM_FAN:
        return McrScore(False, BELOW_MINIMUM, _BELOW_MINIMUM_MESSAGES[fan_total], lines, fan_total, flowers, reading,
                        (s, rules))
    return McrScore(True, None, "", lines, fan_total, flowers, reading, (s, rules))


_BELOW_MINIMUM_MESSAGES = tuple(f"{n} fan without flowers: a win needs {MINIMUM_FAN}" for n in range(MINIMUM_FAN))


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


def _concealed_counts(s: McrSituation) -> bytearray:
    counts = bytearray(KIND_COUNT)
    for t in s.hand:
        counts[t] += 1
    return counts


def _all_counts(s: McrSituation, concealed: bytearray | None = None) -> bytearray:
    counts = bytearray(_concealed_counts(s) if concealed is None else concealed)
    for meld in s.melds:
        for t in meld.tiles:
            counts[t] += 1
    return counts


_FIVE_KINDS = kind_mask((4, 13, 22))
_AT_MOST_FOUR = bytes(range(5))  # deleted by ``translate``: what is left are counts over four
# Gate bits (reading.GATES order) that depend on one small number, looked up rather than worked out per hand.
_GATE = {name: 1 << k for k, name in enumerate(GATES)}


def _gates(*names: str, when: bool = True) -> int:
    return sum(_GATE[name] for name in names) if when else 0


_FOURS, _FIVES = _GATE["fours"], _GATE["fives"]
_KONG_GATES = tuple(  # by melded kongs * 5 + concealed kongs
    _gates("melded_kongs", when=melded > 0) | _gates("concealed_kongs", when=concealed > 0)
    | _gates("two_kongs", when=melded + concealed > 1) for melded in range(5) for concealed in range(5))
_FLAG_GATES = tuple(  # by last tile + 2 * kong replacement + 4 * robbing the kong + 8 * last wall tile
    _gates("last_tile", when=flags & 1) | _gates("kong_replacement", when=flags & 2)
    | _gates("robbing_kong", when=flags & 4) | _gates("last_wall_tile", when=flags & 8) for flags in range(16))
_TRIPLE_GATES = tuple(_gates("two_triples", when=n >= 2) | _gates("three_triples", when=n >= 3)
                      | _gates("four_triples", when=n >= 4) for n in range(8))
_HONOR_GATES = tuple(  # honors held, bit k for kind 27 + k
    _gates("honors", when=h != 0) | _gates("numbers_only", when=h == 0) | _gates("winds", when=h & 0b1111 != 0)
    | _gates("dragons", when=h & 0b1110000 != 0) | _gates("all_winds", when=h & 0b1111 == 0b1111)
    | _gates("all_dragons", when=h & 0b1110000 == 0b1110000) for h in range(128))
_SUIT_GATES = tuple(  # number suits held (bits m, p, s) and honors held (bit 3)
    _gates("one_suit", when=not honors and suits == 1) | _gates("at_most_one_suit", when=suits <= 1)
    | _gates("at_most_two_suits", when=suits <= 2) | _gates("three_suits", when=suits == 3)
    | _gates("no_characters", when=not held & 1) | _gates("one_number_suit", when=suits == 1)
    | _gates("two_suits", when=suits == 2)
    for held in range(16) for honors, suits in [(held >> 3, bin(held & 7).count("1"))])
_MELDED_GATES = tuple(_gates("concealed", when=n == 0) | _gates("four_melded", when=n == 4) for n in range(5))
_RANK_GATES = tuple(  # from the ranks held, bit r - 1 for rank r (0: honors held, no rank gate opens)
    _gates("ranks_six_up", when=low >= 6) | _gates("ranks_four_down", when=0 < high <= 4)
    | _gates("ranks_four_to_six", when=low >= 4 and 0 < high <= 6)
    | _gates("ranks_even", when=r != 0 and not r & 0b101010101)  # ranks 2, 4, 6, 8 only
    | _gates("ranks_three_to_seven", when=r != 0 and not r & 0b110000011) | _gates("all_ranks", when=r == 0b111111111)
    for r in range(512) for low, high in [((r & -r).bit_length(), r.bit_length())])
_TILE_GATES = tuple(  # number suits held (bits m, p, s) and honors held (the bits above)
    _SUIT_GATES[held & 7 | (held > 7) << 3] | _HONOR_GATES[held >> 3] for held in range(1 << 10))
_ORPHANS_ONLY, _NO_ORPHANS = _GATE["orphans_only"], _GATE["no_orphans"]
_RANK_ORPHAN_GATES = tuple(  # ranks held in any number suit (bits 0-8) and whether honors are held (bit 9)
    _RANK_GATES[0 if index >> 9 else index] | (0 if index & 0b011111110 else _ORPHANS_ONLY)
    | (0 if index & 0b1100000001 else _NO_ORPHANS) for index in range(1 << 10))


def hand_facts(s: McrSituation, rules: McrRules) -> HandFacts:
    """The per-hand facts (see :class:`_Hand`, which computes them)."""
    return _Hand(s, rules)


# ---------------------------------------------------------------- readings

_KINDS = range(KIND_COUNT)
_ORPHAN_COUNTS = itemgetter(*ORPHANS)  # counts -> the thirteen orphans' counts
_FOUR_ONLY = bytes(1 if n == 4 else 0 for n in range(256))  # bytes.translate: 1 where a kind is held four times


def _internal_readings(concealed: list[int], melds: int) -> list[Internal]:
    """Every reading of the concealed tiles in every form (empty: no win)."""
    key = bytes(concealed)
    found: list[Internal] = regular_readings(key)
    if melds <= 1 and 27 - key.count(0, 0, 27) >= 9:
        patterns = knitted_patterns_held(key)
        if patterns:
            found += _knitted_straight_readings(concealed, melds, patterns)
    if melds:
        return found
    singles = key.count(1)
    if not singles and not key.count(3):  # every count even: a kind held four times is two pairs
        pairs = tuple(compress(_KINDS, key)) if not key.count(4) else \
            tuple(sorted([*compress(_KINDS, key), *compress(_KINDS, key.translate(_FOUR_ONLY))]))
        found.append((SEVEN_PAIRS, (), (), -1, (), pairs))
    elif singles == 12 and 0 not in _ORPHAN_COUNTS(key):
        found.append((THIRTEEN_ORPHANS, (), (), ORPHANS[_ORPHAN_COUNTS(key).index(2)], (), ()))
    elif singles == 14 and honors_and_knitted_pattern(key) is not None:
        found.append((HONORS_AND_KNITTED, (), (), -1, tuple(compress(_KINDS, key)), ()))
    return found


def _knitted_straight_readings(concealed: list[int], melds: int,
                               patterns: tuple[tuple[int, ...], ...]) -> list[Internal]:
    """Knitted straight readings: each held pattern's nine tiles, and one set and the
    pair (less the declared set) from the rest."""
    out: list[Internal] = []
    for pattern in patterns:
        rest = bytearray(concealed)
        for t in pattern:
            rest[t] -= 1
        for _, chows, pungs, pair, _, _ in regular_readings(bytes(rest)):
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
# Keys of a form's row table that the hot path reads (bound once: a tuple key built per probe costs its hash).
_PUNG_FAN, _CHOW_FAN, _FOUR_CHOWS_AND_PAIR = (PUNGS, "all"), (CHOWS, "all"), (CHOWS, -1)


_ROWS: tuple[dict[str, dict[Any, Any]], dict[str, dict[Any, Any]]] = ({}, {})  # per kong convention, per form


@cache
def _form_rows(form: str, library_kongs: bool) -> dict[Any, Any]:
    """The rows that apply to ``form`` by scope (positions in ORDER), built once per
    form and kong convention (ten tables at most)."""
    rows = [(i, r) for i, r in enumerate(ORDER)
            if form in r.forms and (r is not LIBRARY_KONG_ROW or library_kongs)]
    facts = [(i, r) for i, r in rows if r.scope in (HAND, SITUATION)]
    readings = [(i, r) for i, r in rows if r.scope == READING]
    by_scope: dict[Any, Any] = {
        # each one row table: the rows the gates decide (their instances) and the rows to ask
        "facts": _gated([(_NEEDS[i], i << SET_BITS) for i, r in facts if r.exact],
                        [(_NEEDS[i], (i << SET_BITS, r.test)) for i, r in facts if not r.exact]),
        READING: _gated([(_NEEDS[i], i << SET_BITS) for i, r in readings if r.exact],
                        [(_NEEDS[i], (i << SET_BITS, None if r.id == _TILE_HOG and form != SEVEN_PAIRS else r.test,
                                      r.covers)) for i, r in readings if not r.exact]),
        SET: tuple(tuple((i, r.test) for i, r in rows if r.scope == SET and (r.tiles is None or t in r.tiles))
                   for t in range(KIND_COUNT)),
    }
    for scope in (CHOWS, PUNGS):
        for arity in (-1, 2, 3, 4):
            by_scope[scope, arity] = tuple((i, r.test, r.points) for i, r in rows
                                           if r.scope == scope and r.arity == arity)
    if form == REGULAR:
        by_scope.update(_combination_tables())
    _ROWS[library_kongs][form] = by_scope  # for the hot path's plain probe (ten at most, as the cache)
    return by_scope


@cache
def _combination_tables() -> dict[Any, Any]:
    """The combination rows' answers, complete and built once (the kong convention
    does not touch them): the fan of every two and three chows and pungs, and the
    combination fans of every two, three or four chows (14,600 sorted tuples of the
    21 chow starts) under the combination principles."""
    rows = [(i, r) for i, r in enumerate(ORDER) if REGULAR in r.forms]
    found: dict[Any, Any] = {}
    for scope in (CHOWS, PUNGS):
        for arity in (2, 3, 4):
            found[scope, arity] = tuple((i, r.test, r.points) for i, r in rows if r.scope == scope and r.arity == arity)
    found[CHOWS, "pairs"] = pair_table(found[CHOWS, 2], CHOW_STARTS)
    found[CHOWS, "triples"] = triple_table(found[CHOWS, 3], CHOW_STARTS, repeats=True)
    found[PUNGS, "pairs"] = pair_table(found[PUNGS, 2], range(KIND_COUNT))
    found[PUNGS, "triples"] = triple_table(found[PUNGS, 3], range(KIND_COUNT), repeats=False)
    found[CHOWS, "all"] = {chows: tuple(_combinations(found, CHOWS, chows, 0))
                           for n in (2, 3, 4) for chows in combinations_with_replacement(CHOW_STARTS, n)}
    # Two, three or four pungs (sorted tuples of distinct tiles): only the tuples that make some fan are
    # kept, so a missing one makes none.
    found[PUNGS, "all"] = {pungs: fan for n in (2, 3) for pungs in combinations(range(KIND_COUNT), n)
                           if (fan := tuple(_combinations(found, PUNGS, pungs, PUNG_BIT_SHIFT)))}
    for pungs in _four_pung_candidates(found):
        if fan := tuple(_combinations(found, PUNGS, pungs, PUNG_BIT_SHIFT)):
            found[PUNGS, "all"][pungs] = fan
    return found


def _four_pung_candidates(found: dict[Any, Any]) -> set[tuple[int, ...]]:
    """Every four pungs that hold two or three pungs with a fan (15,497 of the 46,376):
    the rest make none, since a fan over four pungs holds one over three of them
    (Big Four Winds Big Three Winds, Four Pure Shifted Pungs Pure Shifted Pungs;
    ``tests/test_mcr_tables.py`` checks the table against every four)."""
    within = [(a, b) for a, b in combinations(range(KIND_COUNT), 2) if found[PUNGS, "pairs"][a * 34 + b] >= 0]
    within += [(key // 1156, key // 34 % 34, key % 34) for key in found[PUNGS, "triples"]]
    candidates = set()
    for tiles in within:
        others = [t for t in range(KIND_COUNT) if t not in tiles]
        for more in combinations(others, 4 - len(tiles)):
            candidates.add(tuple(sorted(tiles + more)))
    return candidates


# The complete wait tables (see ``tables``), bound here by ``_load_tables`` on the first scoring (with the
# suit tables, about a third of a second) so the hot path probes them directly.
_SUIT_WAITS_WITHOUT: dict[bytes, tuple[int, ...]] = {}
_HONOR_WAITS_WITHOUT: dict[bytes, tuple[int, ...]] = {}


def _load_tables() -> None:
    global _SUIT_WAITS_WITHOUT, _HONOR_WAITS_WITHOUT
    _SUIT_WAITS_WITHOUT, _HONOR_WAITS_WITHOUT = waits_without_tables()


_KEPT: list[tuple] = []  # the row tables (at most 2 per form and kong convention), each with its memo
_OPEN_ROWS_LIMIT = 2048  # keys per row table; a hand opens one of a few hundred gate sets per table in practice
_WINDOWS = tuple((GATES.index(first), GATES.index(last) + 1 - GATES.index(first)) for first, last in (
    ("fours", "numbers_only"), ("honors", "ranks_four_to_six"), ("concealed_kongs", "four_melded"),
    ("wait_edge", "wait_single"), ("fives", "no_pungs"), ("pair_wind", "ranks_even")))
"""Runs of gates (first bit, width) that rows read together: a row whose needs lie in
one run is looked up in that run's complete table (2 ** width entries), so a gate set
the memo has not seen costs a few probes, not a pass over every row."""

Rows = tuple[tuple[int, bool, Any], ...]  # (needs, decided by the gates, payload)
RowTable = tuple[int, int, tuple[tuple, tuple], tuple[tuple[int, int, tuple], ...], Rows, Rows]
"""(the gates its rows read, its memo of open rows per gate set, the open rows of no
gate, the run tables, the rows in no run, all its rows)."""


def _gated(decided: list[tuple[int, Any]], asked: list[tuple[int, Any]]) -> RowTable:
    """A row table for :func:`_open_rows` from the rows the gates decide (payload: their
    instance) and the rows to ask (payload: what the loop asks), each with its needs;
    kept for good. Its rows are placed in the first run of gates (``_WINDOWS``) that
    holds all their needs, each run a complete table of its gate sets."""
    rows = tuple((needs, True, payload) for needs, payload in decided) + \
        tuple((needs, False, payload) for needs, payload in asked)
    needed = 0
    for needs, _, _ in rows:
        needed |= needs
    runs, placed = [], {k for k, (needs, _, _) in enumerate(rows) if not needs}
    shared: dict[tuple, tuple] = {}  # one object per distinct answer (most gate sets of a run answer alike)
    for start, width in _WINDOWS:
        span = ((1 << width) - 1) << start
        mine = [k for k, (needs, _, _) in enumerate(rows) if k not in placed and not needs & ~span]
        if mine:
            placed.update(mine)
            picked = tuple(rows[k] for k in mine)
            answers = (_open_among(picked, index << start) for index in range(1 << width))
            runs.append((start, (1 << width) - 1, tuple(shared.setdefault(answer, answer) for answer in answers)))
    always = _open_among(tuple(row for row in rows if not row[0]), 0)
    never = 1 << len(GATES)  # ``gate_bits``' bit for a gate no hand opens: such a row is never asked
    rest = tuple(row for k, row in enumerate(rows) if k not in placed and not row[0] & never)
    memo: dict[int, tuple[int, tuple]] = {}
    table = (needed, memo, always, tuple(runs), rest, rows)
    _KEPT.append(table)
    return table


def _open_among(rows: Rows, gates: int) -> tuple[tuple, tuple]:
    """(payloads of the decided rows, payloads of the rows to ask) of ``rows`` whose
    gates are all open."""
    return (tuple([payload for needs, decided, payload in rows if decided and not needs & ~gates]),
            tuple([payload for needs, decided, payload in rows if not decided and not needs & ~gates]))


def _open_rows(table: RowTable, gates: int) -> tuple[tuple, tuple]:
    """(instances of the decided rows, payloads of the rows to ask) whose gates are
    all open, kept per table and gate set (the gates the table reads), the memo
    emptied when it reaches its bound. The hot path probes the table's memo itself
    with the same key and calls this only on a miss, so a miss is made cheap: one
    probe per run of gates, tuples joined only where a run opens something."""
    needed, memo, always, runs, rest, _ = table
    if len(memo) >= _OPEN_ROWS_LIMIT:
        memo.clear()
    decided, asked = always
    for start, mask, answers in runs:
        d, a = answers[gates >> start & mask]
        if d:
            decided += d
        if a:
            asked += a
    for needs, is_decided, payload in rest:
        if not needs & ~gates:
            if is_decided:
                decided += (payload,)
            else:
                asked += (payload,)
    found = memo[gates & needed] = (decided, asked)
    return found


def clear_memos() -> None:
    """Forget the memos that fill as hands are scored (each row table's open rows per
    gate set), for a benchmark that wants every pass cold. The complete tables stay."""
    for table in _KEPT:
        table[1].clear()


def open_rows_kept() -> int:
    """How many gate sets the row tables' memos hold now (each at most ``_OPEN_ROWS_LIMIT``)."""
    return sum(len(table[1]) for table in _KEPT)


class _Hand(HandFacts):
    """The per-hand facts and what every reading of one situation shares (the wait
    answer computed lazily): one object, made once per hand.

    Last Tile is settled from the tiles where they decide it: three copies in the
    player's own melds make it, a copy in the concealed hand rules it out (RULES.md
    B4 和绝张; C2 row 5).
    """

    __slots__ = ("concealed", "library_kongs", "melds", "meld_chows", "meld_pungs", "suspect",
                 "_facts_form", "_facts_found", "_unique_regular")

    @property
    def facts(self) -> _Hand:
        """The hand's facts: the hand itself."""
        return self

    def __init__(self, s: McrSituation, rules: McrRules) -> None:
        self.concealed = concealed = bytearray(KIND_COUNT)  # counts as bytes: ``bytes()`` of it is a copy
        for t in s.hand:
            concealed[t] += 1
        melds = s.melds
        self.melds = len(melds)
        melded_kongs = concealed_kongs = melded_packs = 0
        if melds:
            counts = bytearray(concealed)
            chows, pungs = [], []
            for meld in melds:
                first = meld.tiles[0]
                kind = meld.kind
                if kind == CHOW:
                    counts[first] += 1
                    counts[first + 1] += 1
                    counts[first + 2] += 1
                    chows.append(first)
                    melded_packs += 1
                else:
                    counts[first] += len(meld.tiles)
                    pungs.append(first)
                    if kind == CONCEALED_KONG:
                        concealed_kongs += 1
                    else:
                        melded_packs += 1
                        melded_kongs += kind == KONG
            chows.sort()
            pungs.sort()
            self.meld_chows, self.meld_pungs = tuple(chows), tuple(pungs)
        else:
            counts = concealed
            self.meld_chows = self.meld_pungs = ()
        self.counts = counts
        self.rules = rules
        self.library_kongs = rules.kong_convention == LIBRARY
        self.win_tile = win = s.win_tile
        self.tsumo = tsumo = s.tsumo
        in_hand = concealed[win]
        self.last_tile = last_tile = (s.last_tile or counts[win] - in_hand == 3) and in_hand == 1
        self.situation = s
        self.seat_wind = s.seat_wind
        self.round_wind = s.round_wind
        self.melded_packs, self.melded_kongs, self.concealed_kongs = melded_packs, melded_kongs, concealed_kongs
        key = bytes(counts)
        flags = last_tile + 2 * s.kong_replacement + 4 * s.robbing_kong + 8 * s.last_wall_tile
        # Could the tiles contradict the situation (``situation_problem``)? The winning tile not
        # held, a fifth copy, or a flag that the tiles must bear out.
        self.suspect = not in_hand or flags & 6 or key.translate(None, _AT_MOST_FOUR)
        # The kinds held as bits: the counts, last kind first, as binary digits of presence (all in C).
        self.kinds = kinds = int(key[::-1].translate(PRESENCE_DIGIT), 2)
        m, p, z, honors = kinds & 511, kinds >> 9 & 511, kinds >> 18 & 511, kinds >> 27
        held = (m != 0) | (p != 0) << 1 | (z != 0) << 2
        self.fours = fours = key.count(4)
        triples = fours + key.count(3)
        ranks = m | p | z
        self.gates = (  # one bit per name of reading.GATES, looked up by the small numbers that decide it
            _TILE_GATES[held | honors << 3] | _RANK_ORPHAN_GATES[ranks | (honors != 0) << 9]
            | _KONG_GATES[melded_kongs * 5 + concealed_kongs] | _TRIPLE_GATES[triples] | _MELDED_GATES[melded_packs]
            | (_FOURS if fours else 0) | (_FIVES if kinds & _FIVE_KINDS else 0) | (_TSUMO if tsumo else _DISCARD)
            | _FLAG_GATES[flags])
        self._facts_form: str | None = None  # the form whose facts rows ``_facts_found`` holds (set with it)
        self._unique_regular: bool | None = None

    def facts_instances(self, form: str, rows: dict[Any, Any]) -> list[Instance]:
        """The rows of ``form`` that read only the hand's facts, kept for the last form
        asked: readings come grouped by form, so one slot serves them all."""
        if form == self._facts_form:
            return self._facts_found
        gates = self.gates
        table = rows["facts"]
        decided, asked = table[1].get(gates & table[0]) or _open_rows(table, gates)
        found = list(decided)
        for instance, test in asked:
            if test(self):
                found.append(instance)
        self._facts_form, self._facts_found = form, found
        return found

    def unique_regular_wait(self) -> bool:
        """Does the hand before the winning tile wait on one kind only (regular and
        seven-pairs shapes, as RULES.md B4 asks)? Computed once per hand.

        The hand is complete in the regular form, so every suit but the winning
        tile's is complete: the waits are that suit's, one probe of the table of
        waits per complete shape and place (``tables.waits_without_tables``),
        unless that suit stays complete without the tile (then any suit may take
        it, and the general count answers).
        """
        if self._unique_regular is None:
            self._unique_regular = self._waits_before_win() == 1
        return self._unique_regular

    def _waits_before_win(self) -> int:
        win, concealed = self.win_tile, self.concealed
        base = win - win % 9
        honors = base == 27
        shape = bytes(concealed[base:base + (7 if honors else 9)])
        waits = (_HONOR_WAITS_WITHOUT if honors else _SUIT_WAITS_WITHOUT)[shape][win - base]
        if waits < 0:  # the suit stays complete without the tile: any suit may take it
            before = list(concealed)
            before[win] -= 1
            return winning_kinds_at_most(before, 1, seven_pairs=not self.melds)
        if waits & FIFTH_COPY:  # a kind held four times in the shorter shape: may a fifth copy complete it?
            short = bytearray(shape)
            short[win - base] -= 1
            waits = waits & ~FIFTH_COPY | fifth_copy_waits(bytes(short), honors)
        found = waits.bit_count()
        if not self.melds and found <= 1 and concealed[win] % 2:
            key = bytes(concealed)
            if key.count(1) + key.count(3) == 2:  # seven pairs: the one odd kind left after the winning tile goes
                other = next(t for t in range(KIND_COUNT) if concealed[t] % 2 and t != win)
                if not (base <= other < base + 9 and waits >> (other - base) & 1):
                    found += 1
        return found


# ---------------------------------------------------------------- one reading

Resolved = tuple[int, tuple[int, ...], tuple[tuple[str, int, int], ...]]
"""(fan total, counted positions sorted with one per instance, fan lines)."""


def _score(hand: _Hand, r: Internal) -> Resolved:
    """(fan total, counted positions, sorted, one per instance, fan lines) of one
    reading: its instances resolved in table order. A counted row's ``excludes``
    drop whole fans, its ``absorbs`` per-set fans on its sets; nothing left is
    Chicken Hand. (A memo of resolutions per instance list did not pay: on hands
    not seen before it hit on a fifth of readings and cost more than it saved.)"""
    found = _instances(hand, r)
    found.sort()  # in row order (see ``Instance``)
    excluded: set[int] = set()  # rows counted rows exclude (sets of small ints: no big-int arithmetic)
    total = 0
    absorbers: list[tuple[frozenset[int], int]] = []
    counted: list[int] = []
    lines: list[tuple[str, int, int]] = []  # (id, points, count) per counted row, in table order
    points, exclude, absorb, line_once = _POINTS, _EXCLUDES, _ABSORBS, _LINE_ONCE
    previous = -1
    for instance in found:
        i = instance >> SET_BITS
        if i in excluded:
            continue
        mask = instance & _SET_MASK
        if mask:  # a fan on some sets: absorbed by a counted fan on all of them, or itself absorbing
            absorbed = False
            for rows, cover in absorbers:
                if i in rows and mask & cover == mask:
                    absorbed = True
                    break
            if absorbed:
                continue
            if absorb[i]:  # a row absorbs only later rows, never its own other instances
                absorbers.append((absorb[i], mask))
        if i == previous:  # a row counted again (instances come sorted, so a row's lie together)
            name, value, count = lines[-1]
            lines[-1] = (name, value, count + 1)
        else:
            lines.append(line_once[i])
            previous = i
        counted.append(i)
        total += points[i]
        excluded |= exclude[i]
    if not counted:
        return _POINTS[_CHICKEN], (_CHICKEN,), (_LINE_ONCE[_CHICKEN],)
    return total, tuple(counted), tuple(lines)


def _instances(hand: _Hand, r: Internal) -> list[Instance]:
    """Every fan instance one reading shows, before the resolution. The hot path: the
    reading's facts are worked out here as plain values, and a :class:`Reading` is
    made only when a row must be asked."""
    form = r[0]
    rows = _ROWS[hand.library_kongs].get(form) or _form_rows(form, hand.library_kongs)
    chows, pungs, gates, pair, hidden, concealed_chows, concealed_pair, wait = _reading_parts(hand, r)
    found = (hand._facts_found if form == hand._facts_form else hand.facts_instances(form, rows))[:]
    table = rows[READING]
    decided, asked = table[1].get(gates & table[0]) or _open_rows(table, gates)
    if decided:
        found += decided
    reading = None
    for row, test, covers in asked:
        if test is None:  # Tile Hog outside seven pairs reads only the hand: its fours not declared as kongs
            count = hand.fours - hand.melded_kongs - hand.concealed_kongs
        else:
            if reading is None:
                reading = Reading(form, hand, chows, pungs, pair, hidden, concealed_chows, concealed_pair, r[4], r[5],
                                  wait, gates)
            count = test(reading)
        if count:
            instance = row | covers(reading) if covers else row
            if count is True or count == 1:
                found.append(instance)
            else:
                found.extend([instance] * count)
    if pungs:
        set_fan = _set_fan(form, hand.seat_wind, hand.round_wind)
        place = 0
        for tile in pungs:
            found += set_fan[tile][place]
            place += 1
        if len(pungs) > 1:
            found += rows[_PUNG_FAN].get(pungs, ())
    if len(chows) > 1:
        if len(chows) == 4 and gates & _PAIR_FIVE:  # both fans over four chows and the pair need a pair of 5s
            for i, test, _ in rows[_FOUR_CHOWS_AND_PAIR]:
                if test(reading or Reading(form, hand, chows, pungs, pair, hidden, concealed_chows, concealed_pair,
                                           r[4], r[5], wait, gates)):
                    found.append(i << SET_BITS | 0b1111)  # a fan over all four chows and the pair: nothing else
                    return found
        found += rows[_CHOW_FAN][chows]
    return found


@cache
def _set_fan(form: str, seat_wind: int, round_wind: int) -> tuple[tuple[tuple[Instance, ...], ...], ...]:
    """Per pung tile and its place among the reading's pungs (0-3), the per-set fan
    instances of that pung: the set rows' predicates read only the tile and the two
    winds, so each wind pair's answers are worked out once (at most 5 forms x 16
    wind pairs)."""
    facts = _WindsOnly(seat_wind, round_wind)
    reading = Reading(form, facts)  # type: ignore[arg-type]
    rows = _form_rows(form, False)[SET]
    holding = [[i for i, test in rows[t] if test(reading, t)] for t in range(KIND_COUNT)]
    return tuple(tuple(tuple(i << SET_BITS | 1 << (PUNG_BIT_SHIFT + place) for i in held) for place in range(4))
                 for held in holding)


class _WindsOnly:
    """The two facts a per-set predicate reads."""

    __slots__ = ("seat_wind", "round_wind")

    def __init__(self, seat_wind: int, round_wind: int) -> None:
        self.seat_wind, self.round_wind = seat_wind, round_wind


_TSUMO, _DISCARD = _GATE["tsumo"], _GATE["discard"]
_PAIR_GATES = tuple(
    (_GATE["pair_wind"] if t in (27, 28, 29, 30) else 0) | (_GATE["pair_dragon"] if t in (31, 32, 33) else 0)
    | (_GATE["pair_orphan"] if t in ORPHANS else 0) | (_GATE["pair_five"] if t in (4, 13, 22) else 0)
    | (_GATE["pair_number"] if t < 27 else 0)
    for t in range(KIND_COUNT)) + (0,)  # index -1: no pair
_HIDDEN_GATES = (0, 0, _GATE["hidden_two"], _GATE["hidden_three"], _GATE["hidden_four"])
_WAIT_GATES = {"": 0, "edge": _GATE["wait_edge"], "closed": _GATE["wait_closed"], "single": _GATE["wait_single"]}
_NO_PUNGS, _FOUR_PUNGS, _PAIR_FIVE = _GATE["no_pungs"], _GATE["four_pungs"], _GATE["pair_five"]
_PAIR_ORPHAN, _OUTSIDE_SETS = _GATE["pair_orphan"], _GATE["outside_sets"]
_ORPHAN_TILES = frozenset(ORPHANS)
_OUTSIDE_CHOWS = frozenset(t for t in CHOW_STARTS if t % 9 in (0, 6))


def _reading(hand: _Hand, r: Internal) -> Reading:
    """One reading's facts as a :class:`Reading` (for the tests and the explanation;
    the scorer's loop makes one only when a row must be asked)."""
    chows, pungs, gates, pair, hidden, concealed_chows, concealed_pair, wait = _reading_parts(hand, r)
    return Reading(r[0], hand, chows, pungs, pair, hidden, concealed_chows, concealed_pair, r[4], r[5], wait, gates)


def _reading_parts(hand: _Hand, r: Internal) -> tuple:
    """(chows, pungs, gates, pair, concealed pungs, concealed chows, concealed pair,
    wait) of one reading, declared melds included: :class:`Reading`'s fields but the
    form, the hand, the knitted tiles and the pairs, which the reading ``r`` holds."""
    form, concealed_chows, concealed_pungs, pair, knitted, pairs = r
    if form != REGULAR and form != KNITTED_STRAIGHT:
        return (), (), hand.gates, None if pair < 0 else pair, 0, (), None, ""
    win = hand.win_tile
    hidden = len(concealed_pungs) + hand.concealed_kongs
    if hidden and not hand.tsumo and win in concealed_pungs and win not in concealed_chows \
            and win - 1 not in concealed_chows and win - 2 not in concealed_chows:  # no concealed chow holds it
        hidden -= 1  # the discard completed that pung: it counts as melded (GB, RULES.md B4)
    if hand.melds:
        meld_chows, meld_pungs = hand.meld_chows, hand.meld_pungs
        chows = tuple(sorted(concealed_chows + meld_chows)) if meld_chows else concealed_chows
        pungs = tuple(sorted(concealed_pungs + meld_pungs)) if meld_pungs else concealed_pungs
    else:
        chows, pungs = concealed_chows, concealed_pungs
    # The wait fan the winning tile's place allows (``_wait``), the regular form's case here.
    if win in concealed_chows or win - 2 in concealed_chows:
        wait = "edge"
    elif win - 1 in concealed_chows:
        wait = "closed"
    elif pair == win:
        wait = "single"
    else:
        wait = ""
    if wait:
        if form == REGULAR:
            unique = hand._unique_regular
            if unique is None:
                unique = hand._unique_regular = hand._waits_before_win() == 1
            if not unique:
                wait = ""
        else:
            wait = _wait(hand, form, concealed_chows, pair, knitted)
    gates = hand.gates | _PAIR_GATES[pair] | _HIDDEN_GATES[hidden] | _WAIT_GATES[wait]
    if not pungs:
        gates |= _NO_PUNGS
    elif len(pungs) == 4:
        gates |= _FOUR_PUNGS
    if gates & _PAIR_ORPHAN and _ORPHAN_TILES.issuperset(pungs) and _OUTSIDE_CHOWS.issuperset(chows):
        gates |= _OUTSIDE_SETS  # every set holds a terminal or an honor (with the pair: Outside Hand)
    return chows, pungs, gates, pair, hidden, concealed_chows, pair, wait


def _wait(hand: _Hand, form: str, chows: tuple[int, ...], pair: int, knitted: tuple[int, ...]) -> str:
    """Which wait fan the winning tile's place allows, or ``""``: only on a unique wait,
    and only the first of edge, closed, single that this reading allows (RULES.md B4,
    C2 row 4)."""
    win = hand.win_tile
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
                return [i << SET_BITS | 0b1111 << shift]
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
            found = [i << SET_BITS | _bits(combo) << shift]
            if n == 4:
                spare = 6 - sum(combo)
                extra = [(pairs[min(tiles[k], tiles[spare]) * 34 + max(tiles[k], tiles[spare])], k) for k in combo]
                hits = [(j, k) for j, k in extra if j >= 0]
                if hits:
                    j, k = min(hits)  # the earliest row, then the earliest of the three
                    found.append(j << SET_BITS | (1 << k | 1 << spare) << shift)
            return found
    found = []
    used = 0
    for a, b in _PAIRS[n]:
        j = pairs[tiles[a] * 34 + tiles[b]]
        if j >= 0:
            found.append(j << SET_BITS | (1 << a | 1 << b) << shift)
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
    order = sorted({x >> SET_BITS for x in found}, reverse=True)
    for keep in (1, 0):
        for i in order:
            while len(found) > limit and sum(1 for x in found if x >> SET_BITS == i) > keep:
                last = max(k for k, x in enumerate(found) if x >> SET_BITS == i)
                found.pop(last)
    return found


def fan_row(fan_id: str) -> FanRow:
    """The row of a fan id (KeyError for an unknown id)."""
    return ROW_BY_ID[fan_id]
