"""The riichi yaku as data rows plus small predicates (the design's StdPattern).

A row is (id, han closed, han open or ``None`` for closed-only, what it supersedes)
and a predicate over one :class:`~mahjong_joy.rulesets.riichi.reading.Reading`.
The scorer's loop is the same for every row: adding a yaku is adding a row.

* ``supersedes`` is the design's ``DependOn`` + ``Remove``: when both rows hold,
  the superseded one is dropped (ryanpeikou over iipeikou, junchan over chanta,
  chinitsu over honitsu, double riichi over riichi).
* ``yakuman`` rows supersede every regular row (riichi.wiki: "Yakuman": regular
  yaku and dora are not added to a yakuman).
* ``double`` marks the double-yakuman form of a yakuman (counted as two when the
  ``double_yakuman`` option is on, as on Mahjong Soul).
* ``drops_fu`` names fu lines the yaku removes (pinfu: no tsumo fu, "Pinfu").
* ``scope`` HAND rows depend only on the tiles and the situation, so the
  resolver evaluates them once per hand, not once per reading.
* ``needs`` names gates: cheap necessary conditions on the whole hand, such as
  "holds three of some honor", that ``HandFacts`` computes once per hand as bits
  (``HandFacts.gates``); the resolver never asks a row whose gates are not all
  open. The predicate alone decides whether the row holds; a gate only saves asking.

Stable ids are the ``id`` column; display names live in :mod:`mahjong_joy.names`.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import NamedTuple

from mahjong_joy.hand.decompose import SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS
from mahjong_joy.rulesets.riichi.reading import (
    A_RUN,
    CHANKAN_FLAG,
    CHIIHOU_FLAG,
    DOUBLE_RIICHI_FLAG,
    FOUR_RUNS,
    FOUR_TRIPLETS,
    GREEN_SET,
    HAITEI_FLAG,
    HAS_YAOCHUU,
    HOUTEI_FLAG,
    IPPATSU_FLAG,
    KOKUSHI_13,
    NO_HONORS,
    NO_YAOCHUU,
    ONE_SUIT,
    ORPHANS_FORM,
    RED_SET,
    RIICHI,
    RINSHAN_FLAG,
    ROUND_SET,
    RYANMEN,
    SEAT_SET,
    SEVEN_PAIRS_FORM,
    SOUZU_OR_HONORS,
    TANKI,
    TENHOU_FLAG,
    THREE_KANS,
    THREE_RUNS,
    THREE_SUITS,
    THREE_TRIPLETS,
    THREE_WIND_SETS,
    TSUMO,
    TWO_DRAGON_SETS,
    TWO_RUNS,
    WHITE_SET,
    YAOCHUU_ONLY,
    YAOCHUU_PAIR,
    Reading,
)
from mahjong_joy.names import YAKU
from mahjong_joy.tiles import GREEN, RED, WHITE

HAND, READING = "hand", "reading"
Predicate = Callable[[Reading], bool]

_YAOCHUU = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
_GREEN = frozenset((19, 20, 21, 23, 25, GREEN))  # 2 3 4 6 8 sou and hatsu (riichi.wiki: "Ryuuiisou")
_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)
_HONORS_ONLY = frozenset((3,))


class YakuRow(NamedTuple):
    """One yaku: its id, its han, what it supersedes and when it holds."""

    id: str
    han_closed: int
    han_open: int | None
    test: Predicate
    supersedes: tuple[str, ...] = ()
    yakuman: bool = False
    double: Predicate | None = None
    scope: str = READING
    drops_fu: tuple[str, ...] = ()
    needs: int = 0


# --- predicates ----------------------------------------------------------------
# Each reads the precomputed facts of a Reading (``runs``, ``triplets``, ``kans``,
# ``concealed``) or of its hand (``r.facts``). riichi.wiki page names in comments.


def _riichi(r: Reading) -> bool:  # "Riichi"; double riichi supersedes it
    s = r.facts.situation
    return s.riichi or s.double_riichi


def _menzen_tsumo(r: Reading) -> bool:  # "Menzenchin tsumohou"
    return r.facts.tsumo and r.facts.closed


def _pinfu(r: Reading) -> bool:
    """"Pinfu": closed, four runs, a pair that gives no fu, a two-sided wait."""
    return r.wait == RYANMEN and len(r.runs) == 4 and r.facts.closed and r.pair not in r.facts.value_tiles


def _tanyao(r: Reading) -> bool:  # "Tanyao"; open only with kuitan (open_tanyao)
    f = r.facts
    return f.no_yaochuu and (f.closed or f.rules.open_tanyao)


def _peikou_pairs(r: Reading) -> int:
    """How many pairs of identical runs (closed hands only reach here)."""
    runs = r.runs
    if len(runs) < 2:
        return 0
    pairs = 0
    for t in set(runs):
        pairs += runs.count(t) // 2
    return pairs


def _iipeikou(r: Reading) -> bool:
    return _peikou_pairs(r) >= 1


def _ryanpeikou(r: Reading) -> bool:  # four identical runs count too ("Ryanpeikou")
    return _peikou_pairs(r) >= 2


def _yakuhai(tile: int) -> Predicate:
    return lambda r: tile in r.triplets


def _seat_wind(r: Reading) -> bool:
    return r.facts.seat in r.triplets


def _round_wind(r: Reading) -> bool:
    return r.facts.round in r.triplets


def _chanta(r: Reading) -> bool:  # "Chanta"
    """Every set and the pair hold a terminal or honor, with at least one run."""
    if not r.runs or r.pair not in _YAOCHUU:
        return False
    if not _YAOCHUU.issuperset(r.triplets):
        return False
    for t in r.runs:
        if t % 9 not in (0, 6):
            return False
    return True


def _junchan(r: Reading) -> bool:  # "Junchan": as chanta with terminals only; supersedes chanta
    return not r.facts.has_honors and _chanta(r)


def _ittsu(r: Reading) -> bool:  # "Ittsu": 123 456 789 of one suit
    runs = r.runs
    if len(runs) < 3:
        return False
    for s in (0, 9, 18):
        if s in runs and s + 3 in runs and s + 6 in runs:
            return True
    return False


def _sanshoku(r: Reading) -> bool:  # "Sanshoku doujun"
    return _three_suits(r.runs)


def _sanshoku_doukou(r: Reading) -> bool:  # "Sanshoku doukou"
    return _three_suits(r.triplets)


def _three_suits(starts: tuple[int, ...]) -> bool:
    """Some manzu start ``k`` also appears as ``k`` in pinzu and souzu."""
    if len(starts) < 3:
        return False
    for k in starts:
        if k < 9 and k + 9 in starts and k + 18 in starts:
            return True
    return False


def _toitoi(r: Reading) -> bool:
    return len(r.triplets) == 4


def _sanankou(r: Reading) -> bool:
    return r.concealed >= 3


def _sankantsu(r: Reading) -> bool:
    return r.kans >= 3


def _honroutou(r: Reading) -> bool:  # "Honroutou": only terminals and honors (also as seven pairs)
    return r.facts.yaochuu_only


def _shousangen(r: Reading) -> bool:
    return r.pair in (WHITE, GREEN, RED) and _dragon_triplets(r) == 2


def _honitsu(r: Reading) -> bool:  # "Honitsu": one number suit plus honors
    return len(r.facts.suits - {3}) == 1


def _chinitsu(r: Reading) -> bool:  # "Chinitsu": one number suit only; supersedes honitsu
    suits = r.facts.suits
    return len(suits) == 1 and 3 not in suits


def _chiitoitsu(r: Reading) -> bool:
    return r.form == SEVEN_PAIRS


# Yakuman.


def _kokushi(r: Reading) -> bool:
    return r.form == THIRTEEN_ORPHANS


def _kokushi_13(r: Reading) -> bool:  # "Kokushi musou juusan menmachi"
    return r.wait == KOKUSHI_13


def _suuankou(r: Reading) -> bool:
    return r.concealed == 4


def _suuankou_tanki(r: Reading) -> bool:  # "Suuankou tanki"
    return r.wait == TANKI


def _daisangen(r: Reading) -> bool:
    return _dragon_triplets(r) == 3


def _dragon_triplets(r: Reading) -> int:
    trips = r.triplets
    return (WHITE in trips) + (GREEN in trips) + (RED in trips)


def _winds_in_triplets(r: Reading) -> int:
    trips = r.triplets
    return (27 in trips) + (28 in trips) + (29 in trips) + (30 in trips)


def _shousuushii(r: Reading) -> bool:
    return r.pair is not None and 27 <= r.pair <= 30 and _winds_in_triplets(r) == 3


def _daisuushii(r: Reading) -> bool:
    return _winds_in_triplets(r) == 4


def _always(r: Reading) -> bool:
    return True


def _tsuuiisou(r: Reading) -> bool:  # "Tsuuiisou": all honors, seven pairs included
    return r.facts.suits == _HONORS_ONLY


def _chinroutou(r: Reading) -> bool:
    return r.facts.terminals_only


def _ryuuiisou(r: Reading) -> bool:  # hatsu not required (Mahjong Soul, riichi.wiki "Ryuuiisou")
    return r.facts.present <= _GREEN


def _chuuren_counts(r: Reading) -> list[int] | None:
    """The suit's nine counts when the hand is a closed, meld-free single-suit hand."""
    f = r.facts
    if f.has_melds or r.form != STANDARD or len(f.suits) != 1 or f.has_honors:
        return None
    base = 9 * next(iter(f.suits))
    return f.counts[base:base + 9]


def _chuuren(r: Reading) -> bool:  # "Chuuren poutou": 1112345678999 plus one of the suit
    nine = _chuuren_counts(r)
    return nine is not None and all(n >= g for n, g in zip(nine, _NINE_GATES))


def _chuuren_9(r: Reading) -> bool:  # "Junsei chuuren poutou": the nine-sided wait
    nine = _chuuren_counts(r)
    if nine is None:
        return False
    nine = list(nine)
    nine[r.facts.win_tile % 9] -= 1
    return tuple(nine) == _NINE_GATES


def _suukantsu(r: Reading) -> bool:
    return r.kans == 4


def _flag(name: str) -> Predicate:
    return attrgetter(f"facts.situation.{name}")  # one C call per ask


_NOT_CLOSED = None  # han_open value of closed-only rows

YAKU_ROWS: tuple[YakuRow, ...] = (
    # id                    closed open         predicate
    YakuRow("riichi", 1, _NOT_CLOSED, _riichi, scope=HAND, needs=RIICHI),
    YakuRow("double_riichi", 2, _NOT_CLOSED, _flag("double_riichi"), ("riichi",), scope=HAND,
            needs=DOUBLE_RIICHI_FLAG),
    YakuRow("ippatsu", 1, _NOT_CLOSED, _flag("ippatsu"), scope=HAND, needs=IPPATSU_FLAG),
    YakuRow("menzen_tsumo", 1, _NOT_CLOSED, _menzen_tsumo, scope=HAND, needs=TSUMO),
    YakuRow("pinfu", 1, _NOT_CLOSED, _pinfu, drops_fu=("tsumo",), needs=FOUR_RUNS),
    YakuRow("tanyao", 1, 1, _tanyao, scope=HAND, needs=NO_YAOCHUU),
    YakuRow("iipeikou", 1, _NOT_CLOSED, _iipeikou, needs=TWO_RUNS),
    YakuRow("ryanpeikou", 3, _NOT_CLOSED, _ryanpeikou, ("iipeikou",), needs=FOUR_RUNS),
    YakuRow("yakuhai_haku", 1, 1, _yakuhai(WHITE), needs=WHITE_SET),
    YakuRow("yakuhai_hatsu", 1, 1, _yakuhai(GREEN), needs=GREEN_SET),
    YakuRow("yakuhai_chun", 1, 1, _yakuhai(RED), needs=RED_SET),
    YakuRow("yakuhai_seat_wind", 1, 1, _seat_wind, needs=SEAT_SET),
    YakuRow("yakuhai_round_wind", 1, 1, _round_wind, needs=ROUND_SET),
    YakuRow("haitei", 1, 1, _flag("haitei"), scope=HAND, needs=HAITEI_FLAG),
    YakuRow("houtei", 1, 1, _flag("houtei"), scope=HAND, needs=HOUTEI_FLAG),
    YakuRow("rinshan", 1, 1, _flag("rinshan"), scope=HAND, needs=RINSHAN_FLAG),
    YakuRow("chankan", 1, 1, _flag("chankan"), scope=HAND, needs=CHANKAN_FLAG),
    YakuRow("chiitoitsu", 2, _NOT_CLOSED, _chiitoitsu, needs=SEVEN_PAIRS_FORM),
    YakuRow("chanta", 2, 1, _chanta, needs=HAS_YAOCHUU | A_RUN | YAOCHUU_PAIR),
    YakuRow("junchan", 3, 2, _junchan, ("chanta",), needs=HAS_YAOCHUU | A_RUN | YAOCHUU_PAIR | NO_HONORS),
    YakuRow("ittsu", 2, 1, _ittsu, needs=THREE_RUNS),
    YakuRow("sanshoku_doujun", 2, 1, _sanshoku, needs=THREE_RUNS | THREE_SUITS),
    YakuRow("sanshoku_doukou", 2, 2, _sanshoku_doukou, needs=THREE_TRIPLETS | THREE_SUITS),
    YakuRow("toitoi", 2, 2, _toitoi, needs=FOUR_TRIPLETS),
    YakuRow("sanankou", 2, 2, _sanankou, needs=THREE_TRIPLETS),
    YakuRow("sankantsu", 2, 2, _sankantsu, needs=THREE_KANS),
    YakuRow("honroutou", 2, 2, _honroutou, scope=HAND, needs=YAOCHUU_ONLY),
    YakuRow("shousangen", 2, 2, _shousangen, needs=TWO_DRAGON_SETS),
    YakuRow("honitsu", 3, 2, _honitsu, scope=HAND, needs=ONE_SUIT),
    YakuRow("chinitsu", 6, 5, _chinitsu, ("honitsu",), scope=HAND, needs=ONE_SUIT | NO_HONORS),
    # yakuman: han is 13 per yakuman; ``double`` doubles it when double yakuman is on
    YakuRow("kokushi", 13, _NOT_CLOSED, _kokushi, yakuman=True, double=_kokushi_13, needs=ORPHANS_FORM),
    YakuRow("suuankou", 13, _NOT_CLOSED, _suuankou, ("sanankou",), yakuman=True, double=_suuankou_tanki,
            needs=FOUR_TRIPLETS),
    YakuRow("daisangen", 13, 13, _daisangen, yakuman=True, needs=WHITE_SET | GREEN_SET | RED_SET),
    YakuRow("shousuushii", 13, 13, _shousuushii, yakuman=True, needs=THREE_WIND_SETS),
    YakuRow("daisuushii", 13, 13, _daisuushii, ("shousuushii",), yakuman=True, double=_always, needs=THREE_WIND_SETS),
    YakuRow("tsuuiisou", 13, 13, _tsuuiisou, yakuman=True, scope=HAND, needs=ONE_SUIT | YAOCHUU_ONLY),
    YakuRow("chinroutou", 13, 13, _chinroutou, yakuman=True, scope=HAND, needs=YAOCHUU_ONLY | NO_HONORS),
    YakuRow("ryuuiisou", 13, 13, _ryuuiisou, yakuman=True, scope=HAND, needs=SOUZU_OR_HONORS),
    YakuRow("chuuren", 13, _NOT_CLOSED, _chuuren, yakuman=True, double=_chuuren_9, needs=ONE_SUIT | NO_HONORS),
    YakuRow("suukantsu", 13, 13, _suukantsu, ("sankantsu",), yakuman=True, needs=THREE_KANS),
    YakuRow("tenhou", 13, _NOT_CLOSED, _flag("tenhou"), yakuman=True, scope=HAND, needs=TENHOU_FLAG),
    YakuRow("chiihou", 13, _NOT_CLOSED, _flag("chiihou"), yakuman=True, scope=HAND, needs=CHIIHOU_FLAG),
)

JOY_WIN = "joy_win"
"""The Joy ruleset's 1 han for a complete hand with no yaku (not a row: it holds
exactly when no row does)."""

DORA, AKA_DORA, URA_DORA = "dora", "aka_dora", "ura_dora"

ROWS_BY_ID = {row.id: row for row in YAKU_ROWS}

DISPLAY_NAMES: dict[str, str] = {yaku_id: name.english for yaku_id, name in YAKU.items()}
"""English display names by id: :data:`mahjong_joy.names.YAKU` is the one source."""
