"""The resolver: score every reading of a win and keep the best (``ResolveMaxScore``).

For each decomposition (the same ones, in the same order, as
:func:`mahjong_joy.hand.decompose.decompositions`, read from per-suit tables by
:mod:`~mahjong_joy.rulesets.riichi.reading`) and each group the winning tile may
have completed, the yaku rows are tested, the supersession declared in the rows
is applied, fu is counted, and the reading worth the most points wins; ties go to
a real yakuman, then more han, then more fu (as the reference library breaks
them). Dora are the same for every reading and are counted once; they never add
to a yakuman and never make a hand valid.

Speed (``scripts/bench_score.py``): the tiles are counted once per hand, into the
hand facts that the checks, the decomposition and the yaku share; a row is asked
only when the gates it declares are open (``YakuRow.needs``: cheap necessary
conditions such as "three or more of some dragon" or "three runs in this
reading"), looked up in tables built at import; held rows, fu lines, block
objects and (id, han) lines are table entries, not built per hand. Nothing is
cached between calls. The hot path favours plain loops and comprehensions over
``map`` with bound methods (CPython 3.11 specializes the former), builds no tuple
of checks or lines it then throws away, and asks each fact once (the red fives
and the suits present are hand facts; the flag checks read closedness and kans
from them).

Invalid or impossible situations are answered, not raised: the result is
``valid=False`` with ``error`` one of ``not_winning``, ``no_yaku`` or
``invalid_situation`` (then ``message`` says why).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from mahjong_joy.rulesets.riichi import limits
from mahjong_joy.rulesets.riichi.fu import FuLine, fu_of
from mahjong_joy.rulesets.riichi.reading import (
    FLAG_GATES,
    HAND_GATES,
    HONOR_SET_GATES,
    RARE_FLAG,
    RIICHI,
    RUN_GATES,
    HandFacts,
    Reading,
    readings,
)
from mahjong_joy.rulesets.riichi.rules import DEFAULT_RULES, RiichiRules
from mahjong_joy.melds import CHI, KAN_TYPES, PON
from mahjong_joy.rulesets.riichi.situation import WinSituation
from mahjong_joy.rulesets.riichi.yaku import (
    AKA_DORA,
    DORA,
    HAND,
    JOY_WIN,
    READING,
    URA_DORA,
    YAKU_ROWS,
    YakuRow,
)
from mahjong_joy.tiles import EAST, KIND_COUNT, tile_name

NOT_WINNING, NO_YAKU, INVALID_SITUATION = "not_winning", "no_yaku", "invalid_situation"
# The rows worth asking, by hand closedness and scope (an open hand leaves out the
# closed-only rows), as families: a family is (mask, table) where
# ``table[gates & mask]`` lists (table index, predicate) of its rows whose gates
# are all open (``HandFacts.gates`` / ``Reading.gates``). Tables are built for
# every combination of the family's bits when the scorer is imported; rows are
# grouped by the kind of gate they need (honor sets, rare flags, runs, the rest)
# so that no family's table grows past 2**_MAX_FAMILY_BITS.
Family = tuple[int, dict[int, tuple[tuple[int, Any], ...]]]
_MAX_FAMILY_BITS = 11


def _families(closed: bool, scope: str) -> tuple[Family, ...]:
    groups: dict[int, list[tuple[int, YakuRow]]] = {}
    for i, row in enumerate(YAKU_ROWS):
        if row.scope == scope and (closed or row.han_open is not None):
            groups.setdefault(_family_of(row.needs), []).append((i, row))
    return tuple(_family(groups[key]) for key in sorted(groups))


def _family_of(needs: int) -> int:
    """The family a row joins, by the gates it needs."""
    if needs & HONOR_SET_GATES:
        return 0
    if needs & FLAG_GATES:
        return 1
    if needs & RUN_GATES:
        return 2
    return 3


def _family(rows: list[tuple[int, YakuRow]]) -> Family:
    mask = 0
    for _, row in rows:
        mask |= row.needs
    if mask.bit_count() > _MAX_FAMILY_BITS:
        raise AssertionError(f"a family of yaku rows needs {mask.bit_count()} gates: split it")
    table = {}
    gates = mask
    while True:  # every sub-mask of ``mask``
        table[gates] = tuple((i, r.test) for i, r in rows if r.needs & gates == r.needs)
        if not gates:
            return mask, table
        gates = (gates - 1) & mask


_HAND_FAMILIES = {closed: _families(closed, HAND) for closed in (False, True)}
_READING_FAMILIES = {closed: _families(closed, READING) for closed in (False, True)}
# Both scopes at once, for a hand with one reading (asked once either way).
_ALL_FAMILIES = {closed: _HAND_FAMILIES[closed] + _READING_FAMILIES[closed] for closed in (False, True)}
if any(row.needs & ~HAND_GATES for row in YAKU_ROWS if row.scope == HAND):
    raise AssertionError("a hand-scope yaku row needs a reading gate")


def _held(families: tuple[Family, ...], gates: int, reading: Reading) -> list[int]:
    """Table indexes of the rows that hold, asking only rows whose gates are open."""
    held = []
    for mask, table in families:
        for i, test in table[gates & mask]:
            if test(reading):
                held.append(i)
    return held


# Row columns by table index, for the resolver's inner loop.
_YAKU_LINE = {True: tuple((r.id, r.han_closed) for r in YAKU_ROWS),
              False: tuple((r.id, r.han_open) for r in YAKU_ROWS)}  # (id, han) by hand closedness
_YAKUMAN_ROWS = frozenset(i for i, r in enumerate(YAKU_ROWS) if r.yakuman)
_DROPS_FU = {i: r.drops_fu for i, r in enumerate(YAKU_ROWS) if r.drops_fu}
_DROPPERS = frozenset(_DROPS_FU)
_SUPERSEDES = {i: frozenset(j for j, other in enumerate(YAKU_ROWS) if other.id in r.supersedes)
               for i, r in enumerate(YAKU_ROWS) if r.supersedes}
_SUPERSEDERS = frozenset(_SUPERSEDES)
_SPECIAL_ROWS = _DROPPERS | _YAKUMAN_ROWS | _SUPERSEDERS  # rows that change more than the yaku list
_FLAG_CHECK_GATES = RIICHI | RARE_FLAG  # the flag checks can fail only with one of these open


@dataclass(frozen=True)
class HandScore:
    """The score of one win (or why there is none).

    ``yaku`` lists ``(id, han)`` in table order, then ``joy_win`` and the dora;
    ``han`` counts 13 per yakuman; ``yakuman`` is the yakuman multiple (0 when none,
    also for a counted yakuman); ``limit`` is ``None`` below mangan; ``payments``
    and ``total`` include honba and riichi sticks.
    """

    valid: bool
    error: str | None = None
    message: str = ""
    yaku: tuple[tuple[str, int], ...] = ()
    han: int = 0
    yakuman: int = 0
    fu: int = 0
    fu_details: tuple[FuLine, ...] = ()
    limit: str | None = None
    payments: dict[str, int] = field(default_factory=dict)
    total: int = 0

    def to_dict(self) -> dict[str, Any]:
        """The JSON result object of ``mahjong-joy score --json``."""
        out: dict[str, Any] = {
            "valid": self.valid,
            "error": self.error,
            "yaku": [[name, han] for name, han in self.yaku],
            "han": self.han,
            "yakuman": self.yakuman,
            "fu": self.fu,
            "fu_details": [line.to_dict() for line in self.fu_details],
            "limit": self.limit,
            "payments": dict(self.payments),
            "total": self.total,
        }
        if self.message:
            out["message"] = self.message
        return out


def score_hand(situation: WinSituation, rules: RiichiRules | None = None) -> HandScore:
    """Score a win under ``rules`` (the online defaults when ``None``).

    >>> from mahjong_joy.rulesets.riichi.situation import WinSituation
    >>> s = WinSituation.from_dict({"hand": "234m456p678s22345s", "win_tile": "5s", "tsumo": True, "seat_wind": "S"})
    >>> r = score_hand(s)
    >>> r.yaku, r.fu, r.payments
    ((('menzen_tsumo', 1), ('pinfu', 1), ('tanyao', 1)), 20, {'tsumo_dealer': 1300, 'tsumo_non_dealer': 700})
    """
    rules = DEFAULT_RULES if rules is None else rules
    problem = _shape_problem(situation)
    if not problem:
        facts = HandFacts(situation, rules)
        problem = _tile_problem(situation, facts)
        if not problem and facts.gates & _FLAG_CHECK_GATES:
            problem = _flag_problem(situation, rules, facts)
    if problem:
        return HandScore(False, INVALID_SITUATION, problem)
    found = readings(bytes(facts.concealed), facts, facts.melds)
    if not found:
        return HandScore(False, NOT_WINNING, "the tiles do not form a complete hand")
    dora = facts_dora(facts)
    if len(found) == 1:  # the usual case: nothing to rank, every row asked in one go
        reading = found[0]
        held = _held(_ALL_FAMILIES[facts.closed], reading.gates, reading)
        held.sort()  # table order (the families do not list rows in it)
        best = _score_reading(reading, held, facts, dora)
    else:
        best = _best_reading(found, facts, dora)
    if best is None:
        return HandScore(False, NO_YAKU, "the hand has no yaku")
    return _result(best, facts)


def _best_reading(found: list[Reading], facts: HandFacts, dora: list[tuple[str, int]]) -> tuple | None:
    """The scored reading worth the most (ranked like the payments, then a real
    yakuman, more han, more fu; the first found wins a tie), or ``None``. Hand-scope
    rows are asked once, of the first reading."""
    hand_held = _held(_HAND_FAMILIES[facts.closed], facts.gates, found[0])
    reading_families = _READING_FAMILIES[facts.closed]
    best: tuple | None = None
    best_key: tuple = ()
    for reading in found:
        held = _held(reading_families, reading.gates, reading) + hand_held
        held.sort()  # table order (the families do not list rows in it)
        scored = _score_reading(reading, held, facts, dora)
        if scored is None:
            continue
        if best is None:
            best = scored
            continue
        if not best_key:
            best_key = _rank(best, facts)
        key = _rank(scored, facts)
        if key > best_key:
            best, best_key = scored, key
    return best


def _score_reading(reading: Reading, held: list[int], facts: HandFacts,
                   dora: list[tuple[str, int]]) -> tuple | None:
    """(yaku, multiple, fu lines, fu, han, basic points, limit) of one reading whose
    rows ``held`` (table indexes, in order), or ``None`` when it has no yaku. Dora
    are added unless the hand is a yakuman."""
    # fu rules follow the shape even when a yakuman hides the yaku (a pinfu-shaped
    # tsumo is 20 fu inside a tenhou too)
    drops: tuple[str, ...] = ()
    yakuman = False
    rows = held
    if not _SPECIAL_ROWS.isdisjoint(held):  # else no row drops fu, is a yakuman or supersedes
        if not _DROPPERS.isdisjoint(held):
            for i in held:
                drops += _DROPS_FU.get(i, ())
        yakuman = not _YAKUMAN_ROWS.isdisjoint(held)
        if yakuman or not _SUPERSEDERS.isdisjoint(held):
            rows = _apply_supersession(held, yakuman)
    rules = facts.rules
    multiple = 0
    yaku = []
    if yakuman:
        for i in rows:
            row = YAKU_ROWS[i]
            times = 2 if rules.double_yakuman and row.double is not None and row.double(reading) else 1
            multiple += times
            yaku.append((row.id, 13 * times))
        han = 13 * multiple
    else:
        line_of = _YAKU_LINE[facts.closed]
        han = 0
        for i in rows:  # the (id, han) lines and their sum in one pass
            line = line_of[i]
            yaku.append(line)
            han += line[1]
        if not yaku:
            if rules.yaku_required:
                return None
            yaku.append((JOY_WIN, 1))
            han = 1
        for line in dora:
            yaku.append(line)
            han += line[1]
    lines, fu = fu_of(reading, drops)
    base, limit = limits.basic_points(han, fu, multiple, rules)
    return yaku, multiple, lines, fu, han, base, limit


def _rank(scored: tuple, facts: HandFacts) -> tuple:
    """What a reading is worth before honba and sticks, then a real yakuman, han, fu."""
    _, multiple, _, fu, han, base, _ = scored
    return limits.main_payment(base, facts.situation.seat_wind == EAST, facts.tsumo), multiple > 0, han, fu


def _result(scored: tuple, facts: HandFacts) -> HandScore:
    """The valid score of the best reading (as :func:`_score_reading` gives it):
    its payments and total settled from the situation's seat, honba and sticks."""
    yaku, multiple, lines, fu, han, base, limit = scored
    sit = facts.situation
    pay, total = limits.settle(base, sit.seat_wind == EAST, sit.tsumo, sit.honba, sit.riichi_sticks)
    # The same value HandScore(...) would build, without the frozen dataclass's
    # per-field object.__setattr__ (a quarter of the cost; this runs once per win).
    score = _new_object(HandScore)
    _set_attribute(score, "__dict__", {
        "valid": True, "error": None, "message": "", "yaku": tuple(yaku), "han": han, "yakuman": multiple,
        "fu": fu, "fu_details": tuple(lines), "limit": limit, "payments": pay, "total": total,
    })
    return score


_new_object = object.__new__
_set_attribute = object.__setattr__
if [f.name for f in fields(HandScore)] != ["valid", "error", "message", "yaku", "han", "yakuman", "fu",
                                           "fu_details", "limit", "payments", "total"]:
    raise AssertionError("_result must set every HandScore field")


def _apply_supersession(held: list[int], yakuman: bool) -> list[int]:
    """Drop rows superseded by another present row; a yakuman drops every regular row."""
    if yakuman:
        held = [i for i in held if i in _YAKUMAN_ROWS]
    if _SUPERSEDERS.isdisjoint(held):
        return held
    gone: set[int] = set()
    for i in held:
        if i in _SUPERSEDES:
            gone |= _SUPERSEDES[i]
    return [i for i in held if i not in gone]


def facts_dora(facts: HandFacts) -> list[tuple[str, int]]:
    """Dora, red fives and ura-dora (ura only after riichi) as (id, count) lines."""
    rules, sit = facts.rules, facts.situation
    if not rules.dora:
        return []
    counts = facts.counts
    found = []
    if sit.dora_indicators:
        n = 0
        for indicator in sit.dora_indicators:
            n += counts[_DORA_OF[indicator]]
        if n:
            found.append((DORA, n))
    if rules.red_fives:
        n = len(facts.reds)
        if n:
            found.append((AKA_DORA, n))
    if sit.ura_indicators and (sit.riichi or sit.double_riichi):
        n = 0
        for indicator in sit.ura_indicators:
            n += counts[_DORA_OF[indicator]]
        if n:
            found.append((URA_DORA, n))
    return found


def dora_of(indicator: int) -> int:
    """The dora an indicator shows: the next kind, 9 -> 1, North -> East, Red -> White
    (riichi.wiki: "Dora")."""
    if indicator < 27:
        return indicator - 8 if indicator % 9 == 8 else indicator + 1
    if indicator < 31:
        return 27 if indicator == 30 else indicator + 1
    return 31 if indicator == 33 else indicator + 1


_DORA_OF = tuple(dora_of(t) for t in range(KIND_COUNT))


# --- situation checks ------------------------------------------------------------


def situation_problem(s: WinSituation, rules: RiichiRules) -> str:
    """Why a situation cannot happen, or ``""``: wrong melds first, then the other
    tiles, then flags."""
    problem = _shape_problem(s)
    if problem:
        return problem
    facts = HandFacts(s, rules)
    return _tile_problem(s, facts) or _flag_problem(s, rules, facts)


def _shape_problem(s: WinSituation) -> str:
    """What is wrong with the declared melds or the hand's size (checked before
    anything is counted)."""
    melds = s.melds
    if len(melds) > 4:
        return f"{len(melds)} melds: a hand has at most 4"
    for i, meld in enumerate(melds):
        kinds = meld.kinds
        if (meld.type, kinds) in _WELL_FORMED:
            continue
        bad = _meld_problem(meld.type, list(kinds))
        if bad:
            return f"meld {i} ({meld.type} {''.join(tile_name(t) for t in kinds)}): {bad}"
    hand = s.hand
    expected = 14 - 3 * len(melds)
    if len(hand) != expected:
        return f"hand has {len(hand)} tiles; with {len(melds)} melds it needs {expected} (winning tile included)"
    return ""


def _tile_problem(s: WinSituation, facts: HandFacts) -> str:
    """What is wrong with the tiles of well-formed melds and a hand of the right
    size, given the facts counted from both."""
    if s.win_tile not in s.hand:
        return f"winning tile {tile_name(s.win_tile)} is not in the hand"
    seen = facts.counts[:]  # every copy on show: hand, melds and indicators
    for tile in s.dora_indicators:
        seen[tile] += 1
    for tile in s.ura_indicators:
        seen[tile] += 1
    if seen.translate(None, _UP_TO_FOUR):  # a count above 4 is left (faster than max() over a bytearray)
        tile = next(t for t, n in enumerate(seen) if n > 4)
        return f"{seen[tile]} copies of {tile_name(tile)} among hand, melds and indicators: a kind has only 4"
    reds = facts.reds
    if len(reds) > 1 and len(set(reds)) < len(reds):
        for tile in sorted(set(reds)):
            if reds.count(tile) > 1:
                return f"{reds.count(tile)} red {tile_name(tile)}: the set has one red five per suit"
    if len(s.dora_indicators) > 5 or len(s.ura_indicators) > 5:
        return "at most 5 dora and 5 ura-dora indicators (one plus one per kan)"
    return ""


_UP_TO_FOUR = bytes(range(5))
"""Counts of 0 to 4: deleting them from a ``counts34`` array leaves only impossible counts."""

_WELL_FORMED = frozenset(
    [(CHI, (t, t + 1, t + 2)) for t in range(27) if t % 9 <= 6]
    + [(PON, (t,) * 3) for t in range(KIND_COUNT)]
    + [(kind, (t,) * 4) for kind in KAN_TYPES for t in range(KIND_COUNT)]
)
"""Every meld that passes :func:`_meld_problem`, with its tiles sorted (a quick yes)."""


def _meld_problem(kind: str, tiles: list[int]) -> str:
    if kind == CHI:
        ok = len(tiles) == 3 and tiles[0] < 27 and tiles[0] // 9 == tiles[2] // 9 \
            and tiles[1] == tiles[0] + 1 and tiles[2] == tiles[0] + 2
        return "" if ok else "a chi is three consecutive tiles of one suit"
    size = 3 if kind == PON else 4
    ok = len(tiles) == size and len(set(tiles)) == 1
    return "" if ok else f"a {kind} is {size} identical tiles"


def _flag_problem(s: WinSituation, rules: RiichiRules, facts: HandFacts) -> str:
    """Flags that contradict each other or the hand (the reference library's checks
    plus rinshan needing a kan and riichi needing the rules to allow it), the first
    that fails in this order. Every check needs riichi or a rare flag (the hand's
    gates say which are set); the hand facts already know closedness and kans."""
    riichi = s.riichi or s.double_riichi
    if riichi and not rules.riichi:
        return "riichi is not part of these rules"
    if riichi and not facts.closed:
        return "riichi needs a closed hand"
    if not facts.gates & RARE_FLAG:  # then only the riichi checks can fail
        return ""
    tsumo = s.tsumo
    if s.ippatsu and not riichi:
        return "ippatsu needs riichi"
    if s.chankan and tsumo:
        return "chankan is a ron"
    if s.rinshan and not tsumo:
        return "rinshan is a tsumo"
    if s.rinshan and not facts.melds.kans:
        return "rinshan needs a kan"
    if s.haitei and not tsumo:
        return "haitei is a tsumo"
    if s.houtei and tsumo:
        return "houtei is a ron"
    if s.haitei and s.rinshan:
        return "the rinshan tile is never the haitei tile"
    if s.houtei and s.chankan:
        return "houtei and chankan cannot both hold"
    first_draw = s.tenhou or s.chiihou
    if first_draw and (not tsumo or s.melds or riichi):
        return "tenhou and chiihou are closed tsumo wins on the first draw, before any call or riichi"
    if first_draw and (s.haitei or s.rinshan or s.ippatsu):
        return "tenhou and chiihou are the first draw: no haitei, rinshan or ippatsu"
    if s.tenhou and s.chiihou:
        return "tenhou and chiihou cannot both hold"
    if s.tenhou and s.seat_wind != EAST:
        return "tenhou is for the dealer (East seat)"
    if s.chiihou and s.seat_wind == EAST:
        return "chiihou is for a non-dealer"
    return ""
