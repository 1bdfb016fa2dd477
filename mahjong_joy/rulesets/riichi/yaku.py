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

Stable ids are the ``id`` column; display names live in :data:`DISPLAY_NAMES`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from mahjong_joy.hand.decompose import RUN, SEVEN_PAIRS, STANDARD, THIRTEEN_ORPHANS
from mahjong_joy.rulesets.riichi.reading import KAN, KOKUSHI_13, RYANMEN, TANKI, Reading
from mahjong_joy.tiles import GREEN, RED, WHITE

HAND, READING = "hand", "reading"
Predicate = Callable[[Reading], bool]

_YAOCHUU = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
_GREEN = frozenset((19, 20, 21, 23, 25, GREEN))  # 2 3 4 6 8 sou and hatsu (riichi.wiki: "Ryuuiisou")
_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


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


# --- small facts about a reading -------------------------------------------------


def _triplets(r: Reading) -> list[int]:
    """Kinds of the triplets and kans of a standard reading."""
    return [b.tile for b in r.blocks if b.shape != RUN]


def _runs(r: Reading) -> list[int]:
    return [b.tile for b in r.blocks if b.shape == RUN]


def _present(r: Reading) -> list[int]:
    """Kinds present anywhere in the hand (melds included)."""
    counts = r.facts.counts
    return [t for t in range(34) if counts[t]]


def _suits(r: Reading) -> set[int]:
    return {t // 9 for t in _present(r)}


def _group_tiles(r: Reading) -> list[tuple[int, ...]]:
    """Each set and the pair of a standard reading as kinds (for chanta/junchan)."""
    out = [(b.tile, b.tile + 2) if b.shape == RUN else (b.tile,) for b in r.blocks]
    out.append((r.pair,))
    return out


def _concealed_triplets(r: Reading) -> int:
    return sum(1 for b in r.blocks if b.shape != RUN and b.concealed)


def _kans(r: Reading) -> int:
    return sum(1 for b in r.blocks if b.shape == KAN)


def _standard(r: Reading) -> bool:
    return r.form == STANDARD


# --- predicates ----------------------------------------------------------------
# Situation yaku (riichi.wiki page names in the comments).


def _riichi(r: Reading) -> bool:  # "Riichi"; double riichi supersedes it
    s = r.facts.situation
    return s.riichi or s.double_riichi


def _menzen_tsumo(r: Reading) -> bool:  # "Menzenchin tsumohou"
    return r.facts.tsumo and r.facts.closed


def _pinfu(r: Reading) -> bool:
    """"Pinfu": closed, four runs, a pair that gives no fu, a two-sided wait."""
    f = r.facts
    return (
        r.form == STANDARD
        and f.closed
        and r.wait == RYANMEN
        and all(b.shape == RUN for b in r.blocks)
        and r.pair not in f.value_tiles
    )


def _tanyao(r: Reading) -> bool:  # "Tanyao"; open only with kuitan (open_tanyao)
    f = r.facts
    if not (f.closed or f.rules.open_tanyao):
        return False
    return not any(f.counts[t] for t in _YAOCHUU)


def _peikou_pairs(r: Reading) -> int:
    """How many pairs of identical runs (closed hands only reach here)."""
    runs = _runs(r)
    return sum(runs.count(t) // 2 for t in set(runs))


def _iipeikou(r: Reading) -> bool:
    return r.form == STANDARD and _peikou_pairs(r) >= 1


def _ryanpeikou(r: Reading) -> bool:  # four identical runs count too ("Ryanpeikou")
    return r.form == STANDARD and _peikou_pairs(r) >= 2


def _yakuhai(tile: int) -> Predicate:
    return lambda r: tile in _triplets(r)


def _seat_wind(r: Reading) -> bool:
    return r.facts.seat in _triplets(r)


def _round_wind(r: Reading) -> bool:
    return r.facts.round in _triplets(r)


def _chanta(r: Reading) -> bool:
    """"Chanta": every set and the pair hold a terminal or honor, with at least one run."""
    if not _standard(r) or not _runs(r):
        return False
    return all(any(t in _YAOCHUU for t in g) for g in _group_tiles(r))


def _junchan(r: Reading) -> bool:
    """"Junchan": as chanta with terminals only (no honors)."""
    return _chanta(r) and not any(r.facts.counts[27:])


def _ittsu(r: Reading) -> bool:  # "Ittsu": 123 456 789 of one suit
    runs = set(_runs(r))
    return any({s, s + 3, s + 6} <= runs for s in (0, 9, 18))


def _sanshoku(r: Reading) -> bool:  # "Sanshoku doujun"
    runs = set(_runs(r))
    return any({k, k + 9, k + 18} <= runs for k in range(7))


def _sanshoku_doukou(r: Reading) -> bool:  # "Sanshoku doukou"
    trips = set(_triplets(r))
    return any({k, k + 9, k + 18} <= trips for k in range(9))


def _toitoi(r: Reading) -> bool:
    return _standard(r) and not _runs(r)


def _sanankou(r: Reading) -> bool:
    return _standard(r) and _concealed_triplets(r) >= 3


def _sankantsu(r: Reading) -> bool:
    return _kans(r) >= 3


def _honroutou(r: Reading) -> bool:  # "Honroutou": only terminals and honors (also as seven pairs)
    counts = r.facts.counts
    return all(t in _YAOCHUU for t in range(34) if counts[t])


def _shousangen(r: Reading) -> bool:
    return _standard(r) and r.pair in (WHITE, GREEN, RED) and sum(t >= WHITE for t in _triplets(r)) == 2


def _honitsu(r: Reading) -> bool:  # "Honitsu": one number suit plus honors
    return len(_suits(r) - {3}) == 1


def _chinitsu(r: Reading) -> bool:  # "Chinitsu": one number suit only; supersedes honitsu
    suits = _suits(r)
    return len(suits) == 1 and 3 not in suits


def _chiitoitsu(r: Reading) -> bool:
    return r.form == SEVEN_PAIRS


# Yakuman.


def _kokushi(r: Reading) -> bool:
    return r.form == THIRTEEN_ORPHANS


def _kokushi_13(r: Reading) -> bool:  # "Kokushi musou juusan menmachi"
    return r.wait == KOKUSHI_13


def _suuankou(r: Reading) -> bool:
    return _standard(r) and _concealed_triplets(r) == 4


def _suuankou_tanki(r: Reading) -> bool:  # "Suuankou tanki"
    return r.wait == TANKI


def _daisangen(r: Reading) -> bool:
    return sum(t >= WHITE for t in _triplets(r)) == 3


def _winds_in_triplets(r: Reading) -> int:
    return sum(27 <= t <= 30 for t in _triplets(r))


def _shousuushii(r: Reading) -> bool:
    return _standard(r) and r.pair is not None and 27 <= r.pair <= 30 and _winds_in_triplets(r) == 3


def _daisuushii(r: Reading) -> bool:
    return _winds_in_triplets(r) == 4


def _always(r: Reading) -> bool:
    return True


def _tsuuiisou(r: Reading) -> bool:  # "Tsuuiisou": all honors, seven pairs included
    return not any(r.facts.counts[:27])


def _chinroutou(r: Reading) -> bool:
    counts = r.facts.counts
    return all(t in (0, 8, 9, 17, 18, 26) for t in range(34) if counts[t])


def _ryuuiisou(r: Reading) -> bool:  # hatsu not required (Mahjong Soul, riichi.wiki "Ryuuiisou")
    counts = r.facts.counts
    return all(t in _GREEN for t in range(34) if counts[t])


def _chuuren_counts(r: Reading) -> list[int] | None:
    """The suit's nine counts when the hand is a closed, meld-free single-suit hand."""
    f = r.facts
    if f.has_melds or r.form != STANDARD:
        return None
    suits = _suits(r)
    if len(suits) != 1 or 3 in suits:
        return None
    base = 9 * next(iter(suits))
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
    return _kans(r) == 4


def _flag(name: str) -> Predicate:
    return lambda r: getattr(r.facts.situation, name)


_NOT_CLOSED = None  # han_open value of closed-only rows

YAKU_ROWS: tuple[YakuRow, ...] = (
    # id                    closed open         predicate
    YakuRow("riichi", 1, _NOT_CLOSED, _riichi, scope=HAND),
    YakuRow("double_riichi", 2, _NOT_CLOSED, _flag("double_riichi"), ("riichi",), scope=HAND),
    YakuRow("ippatsu", 1, _NOT_CLOSED, _flag("ippatsu"), scope=HAND),
    YakuRow("menzen_tsumo", 1, _NOT_CLOSED, _menzen_tsumo, scope=HAND),
    YakuRow("pinfu", 1, _NOT_CLOSED, _pinfu, drops_fu=("tsumo",)),
    YakuRow("tanyao", 1, 1, _tanyao, scope=HAND),
    YakuRow("iipeikou", 1, _NOT_CLOSED, _iipeikou),
    YakuRow("ryanpeikou", 3, _NOT_CLOSED, _ryanpeikou, ("iipeikou",)),
    YakuRow("yakuhai_haku", 1, 1, _yakuhai(WHITE)),
    YakuRow("yakuhai_hatsu", 1, 1, _yakuhai(GREEN)),
    YakuRow("yakuhai_chun", 1, 1, _yakuhai(RED)),
    YakuRow("yakuhai_seat_wind", 1, 1, _seat_wind),
    YakuRow("yakuhai_round_wind", 1, 1, _round_wind),
    YakuRow("haitei", 1, 1, _flag("haitei"), scope=HAND),
    YakuRow("houtei", 1, 1, _flag("houtei"), scope=HAND),
    YakuRow("rinshan", 1, 1, _flag("rinshan"), scope=HAND),
    YakuRow("chankan", 1, 1, _flag("chankan"), scope=HAND),
    YakuRow("chiitoitsu", 2, _NOT_CLOSED, _chiitoitsu),
    YakuRow("chanta", 2, 1, _chanta),
    YakuRow("junchan", 3, 2, _junchan, ("chanta",)),
    YakuRow("ittsu", 2, 1, _ittsu),
    YakuRow("sanshoku_doujun", 2, 1, _sanshoku),
    YakuRow("sanshoku_doukou", 2, 2, _sanshoku_doukou),
    YakuRow("toitoi", 2, 2, _toitoi),
    YakuRow("sanankou", 2, 2, _sanankou),
    YakuRow("sankantsu", 2, 2, _sankantsu),
    YakuRow("honroutou", 2, 2, _honroutou, scope=HAND),
    YakuRow("shousangen", 2, 2, _shousangen),
    YakuRow("honitsu", 3, 2, _honitsu, scope=HAND),
    YakuRow("chinitsu", 6, 5, _chinitsu, ("honitsu",), scope=HAND),
    # yakuman: han is 13 per yakuman; ``double`` doubles it when double yakuman is on
    YakuRow("kokushi", 13, _NOT_CLOSED, _kokushi, yakuman=True, double=_kokushi_13),
    YakuRow("suuankou", 13, _NOT_CLOSED, _suuankou, ("sanankou",), yakuman=True, double=_suuankou_tanki),
    YakuRow("daisangen", 13, 13, _daisangen, yakuman=True),
    YakuRow("shousuushii", 13, 13, _shousuushii, yakuman=True),
    YakuRow("daisuushii", 13, 13, _daisuushii, ("shousuushii",), yakuman=True, double=_always),
    YakuRow("tsuuiisou", 13, 13, _tsuuiisou, yakuman=True, scope=HAND),
    YakuRow("chinroutou", 13, 13, _chinroutou, yakuman=True, scope=HAND),
    YakuRow("ryuuiisou", 13, 13, _ryuuiisou, yakuman=True, scope=HAND),
    YakuRow("chuuren", 13, _NOT_CLOSED, _chuuren, yakuman=True, double=_chuuren_9),
    YakuRow("suukantsu", 13, 13, _suukantsu, ("sankantsu",), yakuman=True),
    YakuRow("tenhou", 13, _NOT_CLOSED, _flag("tenhou"), yakuman=True, scope=HAND),
    YakuRow("chiihou", 13, _NOT_CLOSED, _flag("chiihou"), yakuman=True, scope=HAND),
)

JOY_WIN = "joy_win"
"""The Joy ruleset's 1 han for a complete hand with no yaku (not a row: it holds
exactly when no row does)."""

DORA, AKA_DORA, URA_DORA = "dora", "aka_dora", "ura_dora"

ROWS_BY_ID = {row.id: row for row in YAKU_ROWS}

DISPLAY_NAMES: dict[str, str] = {
    "riichi": "Riichi", "double_riichi": "Double riichi", "ippatsu": "Ippatsu",
    "menzen_tsumo": "Fully concealed tsumo", "pinfu": "Pinfu", "tanyao": "All simples",
    "iipeikou": "Pure double sequence", "ryanpeikou": "Twice pure double sequence",
    "yakuhai_haku": "White dragon", "yakuhai_hatsu": "Green dragon", "yakuhai_chun": "Red dragon",
    "yakuhai_seat_wind": "Seat wind", "yakuhai_round_wind": "Round wind",
    "haitei": "Last tile draw", "houtei": "Last tile discard", "rinshan": "After a kan",
    "chankan": "Robbing a kan", "chiitoitsu": "Seven pairs", "chanta": "Half outside hand",
    "junchan": "Fully outside hand", "ittsu": "Pure straight", "sanshoku_doujun": "Mixed triple sequence",
    "sanshoku_doukou": "Triple triplets", "toitoi": "All triplets", "sanankou": "Three concealed triplets",
    "sankantsu": "Three kans", "honroutou": "All terminals and honors", "shousangen": "Little three dragons",
    "honitsu": "Half flush", "chinitsu": "Full flush", "kokushi": "Thirteen orphans",
    "suuankou": "Four concealed triplets", "daisangen": "Big three dragons",
    "shousuushii": "Little four winds", "daisuushii": "Big four winds", "tsuuiisou": "All honors",
    "chinroutou": "All terminals", "ryuuiisou": "All green", "chuuren": "Nine gates",
    "suukantsu": "Four kans", "tenhou": "Blessing of heaven", "chiihou": "Blessing of earth",
    JOY_WIN: "Joy win", DORA: "Dora", AKA_DORA: "Red fives", URA_DORA: "Ura dora",
}
