"""The 81 MCR fan as data rows plus small predicates (RULES.md B6).

A row is (number, id, English and Chinese names, points, scope, predicate,
excludes, absorbs, forms). The scorer's loop is the same for every row; adding or
correcting a fan is editing a row. The scopes say what a predicate reads:

* ``hand``: the tiles of the whole hand (:class:`HandFacts`), once per form;
* ``situation``: the flags, once per hand;
* ``reading``: one decomposition (:class:`Reading`), returning a count;
* ``set``: one pung or kong of a reading (its tile), one instance per set;
* ``chows`` / ``pungs``: a combination of ``arity`` chows (lowest tiles) or pungs
  (tiles), sorted. The loop applies the combination principles to these (B5).

``excludes`` is the non-repeat principle for fans implied as a whole (official
不计 plus common practice, B6); a fan excluded by a counted fan does not count and
its own exclusions do not apply (so Four Concealed Pungs, which drops Fully
Concealed Hand, leaves Self-Drawn standing: C2 row 8). ``absorbs`` is the same
principle per set: the listed per-set fans are not counted on the sets this fan
uses (Big Three Winds takes the Pung of Terminals or Honors of its three pungs but
not of a fourth, B5 row 1; C2 row 7). ``forms`` lists the hand forms a row applies
to (the always-concealed special forms score only their own fan and the
situational ones).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from mahjong_joy.hand.mcr_forms import (
    HONORS_AND_KNITTED,
    KNITTED_STRAIGHT,
    REGULAR,
    SEVEN_PAIRS,
    THIRTEEN_ORPHANS,
)
from mahjong_joy.rulesets.mcr.reading import HandFacts, Reading, kind_mask
from mahjong_joy.tiles import DRAGONS, GREEN, WHITE, WINDS

HAND, SITUATION, READING, SET, CHOWS, PUNGS = "hand", "situation", "reading", "set", "chows", "pungs"

ALL_FORMS = frozenset((REGULAR, SEVEN_PAIRS, THIRTEEN_ORPHANS, KNITTED_STRAIGHT, HONORS_AND_KNITTED))
SETS_FORMS = frozenset((REGULAR, KNITTED_STRAIGHT))          # forms with sets and declared melds
TILE_FORMS = frozenset((REGULAR, SEVEN_PAIRS, KNITTED_STRAIGHT))  # forms whose tiles score suit/rank fans
REGULAR_ONLY = frozenset((REGULAR,))

_GREEN_TILES = frozenset((19, 20, 21, 23, 25, GREEN))            # 2 3 4 6 8 bamboo and Green
_REVERSIBLE = frozenset((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, WHITE))  # 1234589p 245689s White
_TERMINALS = frozenset((0, 8, 9, 17, 18, 26))
_ORPHANS = _TERMINALS | frozenset(range(27, 34))
_WIND_SET = frozenset(WINDS)
_DRAGON_SET = frozenset(DRAGONS)
_HONOR_SET = _WIND_SET | _DRAGON_SET
# The same sets as kind masks, for the hand predicates (``HandFacts.kinds``).
_GREEN_MASK, _REVERSIBLE_MASK = kind_mask(_GREEN_TILES), kind_mask(_REVERSIBLE)
_TERMINAL_MASK, _ORPHAN_MASK = kind_mask(_TERMINALS), kind_mask(_ORPHANS)
_WIND_MASK, _DRAGON_MASK, _HONOR_MASK = kind_mask(_WIND_SET), kind_mask(_DRAGON_SET), kind_mask(_HONOR_SET)
_NUMBER_MASK = kind_mask(range(27))


class FanRow(NamedTuple):
    number: int                  # 1998 / pymahjonggb order (0 for the library-only row)
    id: str
    name: str
    chinese: str
    points: int
    scope: str
    test: Callable[..., Any]
    excludes: tuple[str, ...] = ()
    absorbs: tuple[str, ...] = ()
    forms: frozenset[str] = REGULAR_ONLY
    arity: int = 0               # sets in a ``chows`` / ``pungs`` combination (-1: all four chows and the pair)
    covers: Callable[[Reading], int] | None = None  # the set bits a ``reading`` fan uses, for ``absorbs``
    tiles: frozenset[int] | None = None  # ``set`` rows: the only pung tiles the predicate can accept
    needs: tuple[str, ...] = ()  # gates (``reading.GATES``) that must all be open for the row to hold
    exact: bool = False          # the gates alone decide the row (its predicate is never asked): see ``_EXACT``


# ---------------------------------------------------------------- tile helpers

def _suit(t: int) -> int:
    return t // 9


def _rank(t: int) -> int:
    return t % 9


def _distinct_suits(ts: tuple[int, ...]) -> bool:
    return len({t // 9 for t in ts}) == len(ts) and ts[-1] < 27


def _same_suit(ts: tuple[int, ...]) -> bool:
    return len({t // 9 for t in ts}) == 1


def _steps(ts: tuple[int, ...]) -> set[int]:
    return {b - a for a, b in zip(ts, ts[1:])}


def _shifted(ts: tuple[int, ...], allowed: tuple[int, ...]) -> bool:
    steps = _steps(ts)
    return _same_suit(ts) and len(steps) == 1 and next(iter(steps)) in allowed


def _ranks_consecutive(ts: tuple[int, ...]) -> bool:
    ranks = sorted(t % 9 for t in ts)
    return all(b - a == 1 for a, b in zip(ranks, ranks[1:]))


# ---------------------------------------------------------------- combination predicates

def _quadruple(ts: tuple[int, ...]) -> bool:
    return len(set(ts)) == 1


def _four_shifted_chows(ts: tuple[int, ...]) -> bool:
    return _shifted(ts, (1, 2))


def _four_shifted_pungs(ts: tuple[int, ...]) -> bool:
    return ts[-1] < 27 and _shifted(ts, (1,))


def _big_four_winds(ts: tuple[int, ...]) -> bool:
    return set(ts) == _WIND_SET


def _pure_straight(ts: tuple[int, ...]) -> bool:
    return _same_suit(ts) and ts[0] % 9 == 0 and ts[1] == ts[0] + 3 and ts[2] == ts[0] + 6


def _pure_shifted_chows(ts: tuple[int, ...]) -> bool:
    return _shifted(ts, (1, 2))


def _pure_triple(ts: tuple[int, ...]) -> bool:
    return len(set(ts)) == 1


def _mixed_triple(ts: tuple[int, ...]) -> bool:
    return _distinct_suits(ts) and len({t % 9 for t in ts}) == 1


def _mixed_straight(ts: tuple[int, ...]) -> bool:
    return _distinct_suits(ts) and {t % 9 for t in ts} == {0, 3, 6}


def _mixed_shifted(ts: tuple[int, ...]) -> bool:
    return _distinct_suits(ts) and _ranks_consecutive(ts)


def _pure_shifted_pungs(ts: tuple[int, ...]) -> bool:
    return ts[-1] < 27 and _shifted(ts, (1,))


def _big_three_dragons(ts: tuple[int, ...]) -> bool:
    return set(ts) == _DRAGON_SET


def _big_three_winds(ts: tuple[int, ...]) -> bool:
    return len(set(ts)) == 3 and set(ts) <= _WIND_SET


def _pure_double(ts: tuple[int, ...]) -> bool:
    return ts[0] == ts[1]


def _mixed_double(ts: tuple[int, ...]) -> bool:
    return _distinct_suits(ts) and ts[0] % 9 == ts[1] % 9


def _short_straight(ts: tuple[int, ...]) -> bool:
    return _same_suit(ts) and ts[1] - ts[0] == 3


def _two_terminal(ts: tuple[int, ...]) -> bool:
    return _same_suit(ts) and ts[0] % 9 == 0 and ts[1] % 9 == 6


def _double_pung(ts: tuple[int, ...]) -> bool:
    return _distinct_suits(ts) and ts[0] % 9 == ts[1] % 9


def _two_dragons(ts: tuple[int, ...]) -> bool:
    return ts[0] in _DRAGON_SET and ts[1] in _DRAGON_SET


# ---------------------------------------------------------------- reading predicates

def _all_pungs(r: Reading) -> bool:
    return len(r.pungs) == 4


def _concealed_pungs(n: int) -> Callable[[Reading], bool]:
    def test(r: Reading) -> bool:
        return r.concealed_pungs == n
    return test


def _terminal_chows_pure(r: Reading) -> bool:
    c, p = r.chows, r.pair
    if len(c) != 4 or p is None or p >= 27 or p % 9 != 4:
        return False
    base = p - 4
    return c == (base, base, base + 6, base + 6)


def _terminal_chows_three_suited(r: Reading) -> bool:
    c, p = r.chows, r.pair
    if len(c) != 4 or p is None or p >= 27 or p % 9 != 4:
        return False
    a, b = _OTHER_SUITS[p // 9]
    return c == (a * 9, a * 9 + 6, b * 9, b * 9 + 6)


_OTHER_SUITS = ((1, 2), (0, 2), (0, 1))  # per number suit, the other two


def _nine_gates(r: Reading) -> bool:
    f = r.facts
    if f.has_honors or f.number_suits != 1 or f.melded_packs or f.concealed_kongs or r.form != REGULAR:
        return False
    suit = f.win_tile // 9
    if suit == 3:
        return False
    before = list(f.counts[suit * 9: suit * 9 + 9])
    before[f.win_tile % 9] -= 1
    return before == [3, 1, 1, 1, 1, 1, 1, 1, 3]


def _nine_gates_covers(r: Reading) -> int:
    """Nine Gates takes one Pung of Terminals or Honors (RULES.md C2 row 9): the first."""
    for i, t in enumerate(r.pungs):
        if t in _TERMINALS:
            return 1 << (4 + i)
    return 0


def _little_four_winds(r: Reading) -> bool:
    return r.pair in _WIND_SET and len(_WIND_SET.intersection(r.pungs)) == 3


def _little_three_dragons(r: Reading) -> bool:
    return r.pair in _DRAGON_SET and len(_DRAGON_SET.intersection(r.pungs)) == 2


def _all_chows(r: Reading) -> bool:
    return not r.pungs and r.pair is not None and r.pair < 27


_OUTSIDE_CHOWS = frozenset(t for t in range(27) if t % 9 in (0, 6))
_FIVE_CHOWS = frozenset(t for t in range(27) if 2 <= t % 9 <= 4)
_FIVES = frozenset((4, 13, 22))
_EVENS = frozenset(t for t in range(27) if t % 9 in (1, 3, 5, 7))


def _outside(r: Reading) -> bool:
    return r.pair in _ORPHANS and _ORPHANS.issuperset(r.pungs) and _OUTSIDE_CHOWS.issuperset(r.chows)


def _all_five(r: Reading) -> bool:
    return r.pair in _FIVES and _FIVES.issuperset(r.pungs) and _FIVE_CHOWS.issuperset(r.chows)


def _all_even_pungs(r: Reading) -> bool:
    return not r.chows and r.pair in _EVENS and _EVENS.issuperset(r.pungs)


def seven_shifted_pairs(pairs: tuple[int, ...]) -> bool:
    """Are these seven pairs (sorted kinds) seven consecutive kinds of one number suit?"""
    return len(set(pairs)) == 7 and _same_suit(pairs) and pairs[-1] < 27 and pairs[-1] - pairs[0] == 6


def _seven_shifted(r: Reading) -> bool:
    return seven_shifted_pairs(r.pairs)


def _knitted_straight(r: Reading) -> bool:
    if r.form == KNITTED_STRAIGHT:
        return True
    return r.form == HONORS_AND_KNITTED and (r.facts.kinds & _NUMBER_MASK).bit_count() == 9


def _greater_honors(r: Reading) -> bool:
    return r.facts.kinds & _HONOR_MASK == _HONOR_MASK


def _tile_hog(r: Reading) -> int:
    f = r.facts
    if r.form == SEVEN_PAIRS and not f.rules.seven_pairs_tile_hog and (
            _all_terminals(f) or _all_green(f)):
        return 0  # the 2006 Tianjin ruling (RULES.md C2 row 16), an option
    return f.fours - f.kongs


def _wait_fan(position: str) -> Callable[[Reading], bool]:
    """Edge / Closed / Single Wait: the loop has settled which one the winning tile's
    place allows on a unique wait (``Reading.wait``; RULES.md B4, C2 row 4)."""
    def test(r: Reading) -> bool:
        return r.wait == position
    return test


# ---------------------------------------------------------------- set predicates

def _dragon_pung(r: Reading, t: int) -> bool:
    return t in _DRAGON_SET


def _prevalent(r: Reading, t: int) -> bool:
    return t == r.facts.round_wind


def _seat(r: Reading, t: int) -> bool:
    return t == r.facts.seat_wind


def _terminal_or_wind_pung(r: Reading, t: int) -> bool:
    return t in _TERMINALS or t in _WIND_SET


# ---------------------------------------------------------------- hand predicates

def _all_green(f: HandFacts) -> bool:
    return not f.kinds & ~_GREEN_MASK


def _all_terminals(f: HandFacts) -> bool:
    return not f.kinds & ~_TERMINAL_MASK


def _all_honors(f: HandFacts) -> bool:
    return f.number_suits == 0


def _terminals_and_honors(f: HandFacts) -> bool:
    return not f.kinds & ~_ORPHAN_MASK


def _full_flush(f: HandFacts) -> bool:
    return not f.has_honors and f.number_suits == 1


def _half_flush(f: HandFacts) -> bool:
    return f.has_honors and f.number_suits == 1


def _one_voided(f: HandFacts) -> bool:
    return f.number_suits == 2


def _all_types(f: HandFacts) -> bool:
    return f.number_suits == 3 and bool(f.kinds & _WIND_MASK) and bool(f.kinds & _DRAGON_MASK)


def _rank_range(allowed: set[int], required: int | None = None) -> Callable[[HandFacts], bool]:
    """Every rank among ``allowed`` (and ``required`` among them), no honors."""
    outside = 0x1FF & ~sum(1 << (rank - 1) for rank in allowed)
    needed = 0 if required is None else 1 << (required - 1)

    def test(f: HandFacts) -> bool:
        ranks = f.ranks
        return bool(ranks) and not ranks & outside and ranks & needed == needed
    return test


def _all_simples(f: HandFacts) -> bool:
    return not f.kinds & _ORPHAN_MASK


def _reversible(f: HandFacts) -> bool:
    return not f.kinds & ~_REVERSIBLE_MASK


def _no_honors(f: HandFacts) -> bool:
    return not f.has_honors


def _concealed_hand(f: HandFacts) -> bool:
    return not f.melded_packs and not f.tsumo


def _fully_concealed(f: HandFacts) -> bool:
    return not f.melded_packs and f.tsumo


def _melded_hand(f: HandFacts) -> bool:
    return f.melded_packs == 4 and not f.tsumo


def _kongs(total: int) -> Callable[[HandFacts], bool]:
    return lambda f: f.kongs == total


# ---------------------------------------------------------------- the table

_KONG_FANS = ("three_kongs", "two_concealed_kongs", "two_melded_kongs", "concealed_kong", "melded_kong",
              "concealed_kong_and_melded_kong")
_PTOH = "pung_of_terminals_or_honors"
_PAIR_CHOW_FANS = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")

_ROWS: tuple[FanRow, ...] = (
    FanRow(1, "big_four_winds", "Big Four Winds", "大四喜", 88, PUNGS, _big_four_winds,
           ("big_three_winds", "little_four_winds", "prevalent_wind", "seat_wind", "all_pungs"), (_PTOH,), arity=4),
    FanRow(2, "big_three_dragons", "Big Three Dragons", "大三元", 88, PUNGS, _big_three_dragons,
           ("two_dragons_pungs", "little_three_dragons"), ("dragon_pung",), arity=3),
    FanRow(3, "all_green", "All Green", "绿一色", 88, HAND, _all_green, ("half_flush", "one_voided_suit"),
           forms=TILE_FORMS),
    FanRow(4, "nine_gates", "Nine Gates", "九莲宝灯", 88, READING, _nine_gates,
           ("full_flush", "concealed_hand", "fully_concealed_hand", "no_honors", "one_voided_suit"), (_PTOH,),
           covers=_nine_gates_covers),
    FanRow(5, "four_kongs", "Four Kongs", "四杠", 88, HAND, _kongs(4), _KONG_FANS + ("all_pungs", "single_wait"),
           forms=SETS_FORMS),
    FanRow(6, "seven_shifted_pairs", "Seven Shifted Pairs", "连七对", 88, READING, _seven_shifted,
           ("seven_pairs", "full_flush", "concealed_hand", "fully_concealed_hand", "single_wait", "no_honors",
            "one_voided_suit"), forms=frozenset((SEVEN_PAIRS,))),
    FanRow(7, "thirteen_orphans", "Thirteen Orphans", "十三幺", 88, READING, lambda r: True,
           ("all_types", "concealed_hand", "fully_concealed_hand", "single_wait", "all_terminals_and_honors"),
           forms=frozenset((THIRTEEN_ORPHANS,))),
    FanRow(8, "all_terminals", "All Terminals", "清幺九", 64, HAND, _all_terminals,
           ("all_pungs", "outside_hand", _PTOH, "no_honors", "double_pung", "all_terminals_and_honors"),
           forms=TILE_FORMS),
    FanRow(9, "little_four_winds", "Little Four Winds", "小四喜", 64, READING, _little_four_winds,
           ("big_three_winds", _PTOH)),
    FanRow(10, "little_three_dragons", "Little Three Dragons", "小三元", 64, READING, _little_three_dragons,
           ("two_dragons_pungs", "dragon_pung")),
    FanRow(11, "all_honors", "All Honors", "字一色", 64, HAND, _all_honors,
           ("all_pungs", "outside_hand", _PTOH, "one_voided_suit", "all_terminals_and_honors"), forms=TILE_FORMS),
    FanRow(12, "four_concealed_pungs", "Four Concealed Pungs", "四暗刻", 64, READING, _concealed_pungs(4),
           ("all_pungs", "concealed_hand", "fully_concealed_hand")),
    FanRow(13, "pure_terminal_chows", "Pure Terminal Chows", "一色双龙会", 64, CHOWS, _terminal_chows_pure,
           ("full_flush", "all_chows", "no_honors", "seven_pairs") + _PAIR_CHOW_FANS, arity=-1),
    FanRow(14, "quadruple_chow", "Quadruple Chow", "一色四同顺", 48, CHOWS, _quadruple, ("tile_hog",), arity=4),
    FanRow(15, "four_pure_shifted_pungs", "Four Pure Shifted Pungs", "一色四节高", 48, PUNGS, _four_shifted_pungs,
           ("all_pungs",), arity=4),
    FanRow(16, "four_pure_shifted_chows", "Four Pure Shifted Chows", "一色四步高", 32, CHOWS, _four_shifted_chows,
           arity=4),
    FanRow(17, "three_kongs", "Three Kongs", "三杠", 32, HAND, _kongs(3), _KONG_FANS[1:], forms=SETS_FORMS),
    FanRow(18, "all_terminals_and_honors", "All Terminals and Honors", "混幺九", 32, HAND, _terminals_and_honors,
           ("all_pungs", "outside_hand", _PTOH), forms=TILE_FORMS),
    FanRow(19, "seven_pairs", "Seven Pairs", "七对", 24, READING, lambda r: True,
           ("concealed_hand", "fully_concealed_hand", "single_wait"), forms=frozenset((SEVEN_PAIRS,))),
    FanRow(20, "greater_honors_and_knitted_tiles", "Greater Honors and Knitted Tiles", "七星不靠", 24, READING,
           _greater_honors, ("lesser_honors_and_knitted_tiles", "all_types", "concealed_hand",
                             "fully_concealed_hand", "single_wait"), forms=frozenset((HONORS_AND_KNITTED,))),
    FanRow(21, "all_even_pungs", "All Even Pungs", "全双刻", 24, READING, _all_even_pungs,
           ("all_pungs", "all_simples", "no_honors")),
    FanRow(22, "full_flush", "Full Flush", "清一色", 24, HAND, _full_flush, ("no_honors", "one_voided_suit"),
           forms=TILE_FORMS),
    FanRow(23, "pure_triple_chow", "Pure Triple Chow", "一色三同顺", 24, CHOWS, _pure_triple, arity=3),
    FanRow(24, "pure_shifted_pungs", "Pure Shifted Pungs", "一色三节高", 24, PUNGS, _pure_shifted_pungs, arity=3),
    FanRow(25, "upper_tiles", "Upper Tiles", "全大", 24, HAND, _rank_range({7, 8, 9}), ("no_honors",),
           forms=TILE_FORMS),
    FanRow(26, "middle_tiles", "Middle Tiles", "全中", 24, HAND, _rank_range({4, 5, 6}),
           ("all_simples", "no_honors"), forms=TILE_FORMS),
    FanRow(27, "lower_tiles", "Lower Tiles", "全小", 24, HAND, _rank_range({1, 2, 3}), ("no_honors",),
           forms=TILE_FORMS),
    FanRow(28, "pure_straight", "Pure Straight", "清龙", 16, CHOWS, _pure_straight, arity=3),
    FanRow(29, "three_suited_terminal_chows", "Three-Suited Terminal Chows", "三色双龙会", 16, CHOWS,
           _terminal_chows_three_suited, ("all_chows", "no_honors") + _PAIR_CHOW_FANS, arity=-1),
    FanRow(30, "pure_shifted_chows", "Pure Shifted Chows", "一色三步高", 16, CHOWS, _pure_shifted_chows, arity=3),
    FanRow(31, "all_five", "All Five", "全带五", 16, READING, _all_five, ("all_simples", "no_honors")),
    FanRow(32, "triple_pung", "Triple Pung", "三同刻", 16, PUNGS, _mixed_triple, arity=3),
    FanRow(33, "three_concealed_pungs", "Three Concealed Pungs", "三暗刻", 16, READING, _concealed_pungs(3)),
    FanRow(34, "lesser_honors_and_knitted_tiles", "Lesser Honors and Knitted Tiles", "全不靠", 12, READING,
           lambda r: True, ("all_types", "concealed_hand", "fully_concealed_hand", "single_wait"),
           forms=frozenset((HONORS_AND_KNITTED,))),
    FanRow(35, "knitted_straight", "Knitted Straight", "组合龙", 12, READING, _knitted_straight,
           forms=frozenset((KNITTED_STRAIGHT, HONORS_AND_KNITTED))),
    FanRow(36, "upper_four", "Upper Four", "大于五", 12, HAND, _rank_range({6, 7, 8, 9}, 6), ("no_honors",),
           forms=TILE_FORMS),
    FanRow(37, "lower_four", "Lower Four", "小于五", 12, HAND, _rank_range({1, 2, 3, 4}, 4), ("no_honors",),
           forms=TILE_FORMS),
    FanRow(38, "big_three_winds", "Big Three Winds", "三风刻", 12, PUNGS, _big_three_winds, (), (_PTOH,), arity=3),
    FanRow(39, "mixed_straight", "Mixed Straight", "花龙", 8, CHOWS, _mixed_straight, arity=3),
    FanRow(40, "reversible_tiles", "Reversible Tiles", "推不倒", 8, HAND, _reversible, ("one_voided_suit",),
           forms=TILE_FORMS),
    FanRow(41, "mixed_triple_chow", "Mixed Triple Chow", "三色三同顺", 8, CHOWS, _mixed_triple, arity=3),
    FanRow(42, "mixed_shifted_pungs", "Mixed Shifted Pungs", "三色三节高", 8, PUNGS, _mixed_shifted, arity=3),
    FanRow(43, "chicken_hand", "Chicken Hand", "无番和", 8, READING, lambda r: False),  # the loop adds it
    FanRow(44, "last_tile_draw", "Last Tile Draw", "妙手回春", 8, SITUATION,
           lambda f: f.tsumo and f.last_wall_tile, ("self_drawn",), forms=ALL_FORMS),
    FanRow(45, "last_tile_claim", "Last Tile Claim", "海底捞月", 8, SITUATION,
           lambda f: not f.tsumo and f.last_wall_tile, forms=ALL_FORMS),
    FanRow(46, "out_with_replacement_tile", "Out with Replacement Tile", "杠上开花", 8, SITUATION,
           lambda f: f.tsumo and f.kong_replacement, ("self_drawn",), forms=ALL_FORMS),
    FanRow(47, "robbing_the_kong", "Robbing The Kong", "抢杠和", 8, SITUATION, lambda f: f.robbing_kong,
           ("last_tile",), forms=ALL_FORMS),
    FanRow(48, "all_pungs", "All Pungs", "碰碰和", 6, READING, _all_pungs),
    FanRow(49, "half_flush", "Half Flush", "混一色", 6, HAND, _half_flush, ("one_voided_suit",), forms=TILE_FORMS),
    FanRow(50, "mixed_shifted_chows", "Mixed Shifted Chows", "三色三步高", 6, CHOWS, _mixed_shifted, arity=3),
    FanRow(51, "all_types", "All Types", "五门齐", 6, HAND, _all_types, forms=TILE_FORMS),
    FanRow(52, "melded_hand", "Melded Hand", "全求人", 6, HAND, _melded_hand, ("single_wait",), forms=SETS_FORMS),
    FanRow(53, "two_concealed_kongs", "Two Concealed Kongs", "双暗杠", 6, HAND, lambda f: f.concealed_kongs == 2,
           ("concealed_kong", "two_concealed_pungs"), forms=SETS_FORMS),
    FanRow(54, "two_dragons_pungs", "Two Dragons Pungs", "双箭刻", 6, PUNGS, _two_dragons, (), ("dragon_pung",),
           arity=2),
    FanRow(55, "outside_hand", "Outside Hand", "全带幺", 4, READING, _outside),
    FanRow(56, "fully_concealed_hand", "Fully Concealed Hand", "不求人", 4, HAND, _fully_concealed,
           ("self_drawn", "concealed_hand"), forms=SETS_FORMS),
    FanRow(57, "two_melded_kongs", "Two Melded Kongs", "双明杠", 4, HAND, lambda f: f.melded_kongs == 2,
           ("melded_kong",), forms=SETS_FORMS),
    FanRow(58, "last_tile", "Last Tile", "和绝张", 4, SITUATION, lambda f: f.last_tile, forms=ALL_FORMS),
    FanRow(59, "dragon_pung", "Dragon Pung", "箭刻", 2, SET, _dragon_pung, forms=SETS_FORMS, tiles=_DRAGON_SET),
    FanRow(60, "prevalent_wind", "Prevalent Wind", "圈风刻", 2, SET, _prevalent, (), (_PTOH,), forms=SETS_FORMS,
           tiles=_WIND_SET),
    FanRow(61, "seat_wind", "Seat Wind", "门风刻", 2, SET, _seat, (), (_PTOH,), forms=SETS_FORMS, tiles=_WIND_SET),
    FanRow(62, "concealed_hand", "Concealed Hand", "门前清", 2, HAND, _concealed_hand, forms=SETS_FORMS),
    FanRow(63, "all_chows", "All Chows", "平和", 2, READING, _all_chows, ("no_honors",), forms=SETS_FORMS),
    FanRow(64, "tile_hog", "Tile Hog", "四归一", 2, READING, _tile_hog, forms=TILE_FORMS),
    FanRow(65, "double_pung", "Double Pung", "双同刻", 2, PUNGS, _double_pung, arity=2),
    FanRow(66, "two_concealed_pungs", "Two Concealed Pungs", "双暗刻", 2, READING, _concealed_pungs(2)),
    FanRow(67, "concealed_kong", "Concealed Kong", "暗杠", 2, HAND, lambda f: f.concealed_kongs >= 1,
           forms=SETS_FORMS),
    FanRow(68, "all_simples", "All Simples", "断幺", 2, HAND, _all_simples, ("no_honors",), forms=TILE_FORMS),
    FanRow(69, "pure_double_chow", "Pure Double Chow", "一般高", 1, CHOWS, _pure_double, arity=2),
    FanRow(70, "mixed_double_chow", "Mixed Double Chow", "喜相逢", 1, CHOWS, _mixed_double, arity=2),
    FanRow(71, "short_straight", "Short Straight", "连六", 1, CHOWS, _short_straight, arity=2),
    FanRow(72, "two_terminal_chows", "Two Terminal Chows", "老少副", 1, CHOWS, _two_terminal, arity=2),
    FanRow(73, _PTOH, "Pung of Terminals or Honors", "幺九刻", 1, SET, _terminal_or_wind_pung, forms=SETS_FORMS,
           tiles=_TERMINALS | _WIND_SET),
    FanRow(74, "melded_kong", "Melded Kong", "明杠", 1, HAND, lambda f: f.melded_kongs >= 1, forms=SETS_FORMS),
    FanRow(75, "one_voided_suit", "One Voided Suit", "缺一门", 1, HAND, _one_voided, forms=TILE_FORMS),
    FanRow(76, "no_honors", "No Honors", "无字", 1, HAND, _no_honors, forms=TILE_FORMS),
    FanRow(77, "edge_wait", "Edge Wait", "边张", 1, READING, _wait_fan("edge"), forms=SETS_FORMS),
    FanRow(78, "closed_wait", "Closed Wait", "嵌张", 1, READING, _wait_fan("closed"), forms=SETS_FORMS),
    FanRow(79, "single_wait", "Single Wait", "单钓将", 1, READING, _wait_fan("single"), forms=SETS_FORMS),
    FanRow(80, "self_drawn", "Self-Drawn", "自摸", 1, SITUATION, lambda f: f.tsumo, forms=ALL_FORMS),
    FanRow(81, "flower_tiles", "Flower Tiles", "花牌", 1, SITUATION, lambda f: False, forms=frozenset()),
)

# Gates: a cheap necessary condition per row, computed once per hand
# (``HandFacts.gates``) or per reading (``Reading.gates``); the loop never asks a
# row whose gate is closed. The predicate alone decides whether a row holds; a
# gate only saves asking.
_NEEDS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("four_kongs", "three_kongs", "two_concealed_kongs", "two_melded_kongs",
                     "concealed_kong_and_melded_kong"), ("two_kongs",)),
    "concealed_kong": ("concealed_kongs",),
    "melded_kong": ("melded_kongs",),
    "last_tile_draw": ("last_wall_tile", "tsumo"),
    "last_tile_claim": ("last_wall_tile", "discard"),
    "out_with_replacement_tile": ("kong_replacement", "tsumo"),
    "robbing_the_kong": ("robbing_kong",),
    "last_tile": ("last_tile",),
    **dict.fromkeys(("no_honors", "pure_terminal_chows", "three_suited_terminal_chows"), ("numbers_only",)),
    "all_simples": ("numbers_only", "no_orphans"),
    **dict.fromkeys(("upper_tiles", "upper_four"), ("ranks_six_up",)),
    **dict.fromkeys(("lower_tiles", "lower_four"), ("ranks_four_down",)),
    "middle_tiles": ("ranks_four_to_six",),
    "all_five": ("ranks_three_to_seven", "fives", "pair_five"),  # every set and the pair hold a 5: ranks 3-7
    "self_drawn": ("tsumo",),
    "concealed_hand": ("concealed", "discard"),
    "fully_concealed_hand": ("concealed", "tsumo"),
    "melded_hand": ("four_melded", "discard"),
    "two_concealed_pungs": ("two_triples", "hidden_two"),
    "three_concealed_pungs": ("three_triples", "hidden_three"),
    "four_concealed_pungs": ("four_triples", "four_pungs", "hidden_four"),
    "little_three_dragons": ("two_triples", "pair_dragon", "all_dragons"),
    "little_four_winds": ("three_triples", "pair_wind", "all_winds"),
    "all_pungs": ("four_triples", "four_pungs"),
    "all_even_pungs": ("four_pungs", "ranks_even"),  # four pungs of even ranks only: no chow, an even pair
    "outside_hand": ("pair_orphan", "outside_sets"),
    "all_chows": ("no_pungs", "pair_number"),
    "edge_wait": ("wait_edge",),
    "closed_wait": ("wait_closed",),
    "single_wait": ("wait_single",),
    **dict.fromkeys(("seven_shifted_pairs", "full_flush"), ("one_suit",)),
    "nine_gates": ("one_suit", "all_ranks", "concealed"),
    "one_voided_suit": ("two_suits",),
    "all_green": ("at_most_one_suit",),
    "reversible_tiles": ("no_characters",),
    "half_flush": ("honors", "one_number_suit"),
    "all_types": ("winds", "dragons", "three_suits"),
    "all_honors": ("orphans_only", "honors"),
    "all_terminals": ("orphans_only", "numbers_only"),
    "all_terminals_and_honors": ("orphans_only", "honors"),
    "tile_hog": ("fours",),
    "chicken_hand": ("never",),  # the loop adds Chicken Hand when nothing else counts
}
# Rows whose gates are their whole condition, so the loop counts them without asking the
# predicate (``tests/test_mcr_played_oracle.py`` checks each against its predicate).
_EXACT = frozenset((
    "self_drawn", "concealed_hand", "fully_concealed_hand", "melded_hand", "one_voided_suit", "no_honors",
    "all_simples", "full_flush", "half_flush", "all_types", "all_chows", "edge_wait", "closed_wait", "single_wait",
    "two_concealed_pungs", "three_concealed_pungs", "four_concealed_pungs", "all_pungs", "all_even_pungs",
    "outside_hand",
    "concealed_kong", "melded_kong", "last_tile_draw", "last_tile_claim", "out_with_replacement_tile",
    "robbing_the_kong", "last_tile",
    "seven_pairs", "thirteen_orphans"))  # no gates: their form is their whole condition
FAN_ROWS: tuple[FanRow, ...] = tuple(row._replace(needs=_NEEDS.get(row.id, ()), exact=row.id in _EXACT)
                                     for row in _ROWS)
"""The 81 fan in table order (flowers are added by the loop after the hand qualifies)."""

# Not one of the 81: pymahjonggb's 明暗杠 (RULES.md B6 "(lib)"), used only under the
# ``library`` kong convention, where it replaces Concealed Kong 2 + Melded Kong 1.
LIBRARY_KONG_ROW = FanRow(0, "concealed_kong_and_melded_kong", "Concealed Kong and Melded Kong", "明暗杠", 5, HAND,
                          lambda f: f.melded_kongs == 1 and f.concealed_kongs == 1,
                          ("concealed_kong", "melded_kong"), forms=SETS_FORMS, needs=("two_kongs",))

ROW_BY_ID = {row.id: row for row in FAN_ROWS + (LIBRARY_KONG_ROW,)}
CHICKEN_HAND = "chicken_hand"
FLOWER_TILES = "flower_tiles"

for _row in FAN_ROWS + (LIBRARY_KONG_ROW,):
    for _name in _row.excludes + _row.absorbs:
        if _name not in ROW_BY_ID:
            raise AssertionError(f"fan row {_row.id} names unknown fan {_name!r}")
