"""Adapter from our win situations to the reference library ``mahjong`` 2.1.0.

Used only by the differential tests and ``scripts/bench_score.py``. The library
takes physical tile ids (136) with the red five as copy 0 of each five, melds as
``Meld`` objects and options in ``OptionalRules``; its results come back mapped
onto our yaku ids and payment keys so the two can be compared field by field.
"""

from __future__ import annotations

from typing import Any

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld as LibMeld

from mahjong_joy.rulesets.riichi import RiichiRules, WinSituation

# The library's yaku_id -> our stable id (double forms map to the same id, as ours
# carry the doubling in their han).
LIBRARY_YAKU = {
    0: "menzen_tsumo", 1: "riichi", 3: "ippatsu", 4: "chankan", 5: "rinshan", 6: "haitei",
    7: "houtei", 8: "double_riichi", 12: "pinfu", 13: "tanyao", 14: "iipeikou",
    15: "yakuhai_haku", 16: "yakuhai_hatsu", 17: "yakuhai_chun",
    18: "yakuhai_seat_wind", 19: "yakuhai_seat_wind", 20: "yakuhai_seat_wind", 21: "yakuhai_seat_wind",
    22: "yakuhai_round_wind", 23: "yakuhai_round_wind", 24: "yakuhai_round_wind", 25: "yakuhai_round_wind",
    26: "sanshoku_doujun", 27: "ittsu", 28: "chanta", 29: "honroutou", 30: "toitoi", 31: "sanankou",
    32: "sankantsu", 33: "sanshoku_doukou", 34: "chiitoitsu", 35: "shousangen", 36: "honitsu",
    37: "junchan", 38: "ryanpeikou", 39: "chinitsu",
    100: "kokushi", 101: "chuuren", 102: "suuankou", 103: "daisangen", 104: "shousuushii",
    105: "ryuuiisou", 106: "suukantsu", 107: "tsuuiisou", 108: "chinroutou", 111: "daisuushii",
    112: "kokushi", 113: "suuankou", 114: "chuuren", 115: "tenhou", 116: "chiihou",
    120: "dora", 121: "aka_dora", 122: "ura_dora",
}
_MELD_TYPE = {"chi": LibMeld.CHI, "pon": LibMeld.PON, "kan": LibMeld.KAN,
              "closed_kan": LibMeld.KAN, "added_kan": LibMeld.SHOUMINKAN}


def library_options(rules: RiichiRules) -> OptionalRules:
    """Our options in the library's terms (it has no 2-fu double-wind pair: always 4)."""
    if rules.double_wind_pair_fu != 4 or not rules.yaku_required or not rules.riichi or not rules.dora:
        raise ValueError("the library cannot express these rules")
    return OptionalRules(
        has_open_tanyao=rules.open_tanyao,
        has_aka_dora=rules.red_fives,
        has_double_yakuman=rules.double_yakuman,
        kazoe_limit=HandConstants.KAZOE_LIMITED if rules.kazoe_yakuman else HandConstants.KAZOE_SANBAIMAN,
        kiriage=rules.kiriage_mangan,
    )


LIBRARY_DEFAULT_RULES = RiichiRules(
    open_tanyao=False, red_fives=False, double_yakuman=True, kazoe_yakuman=True, kiriage_mangan=False,
    double_wind_pair_fu=4,
)
"""The library's ``OptionalRules()`` defaults mapped onto our options."""


class _Ids:
    """Hands out physical ids: red fives take copy 0, other tiles copies 1..3 first."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, kind: int, red: bool = False, any_copy: bool = False) -> int:
        """A free id of ``kind``; a five not written red never takes the red copy
        (hand and melds), while an indicator may be any copy."""
        if red:
            order: tuple[int, ...] = (0,)
        elif kind in (4, 13, 22) and not any_copy:
            order = (1, 2, 3)
        else:
            order = (1, 2, 3, 0)
        for copy in order:
            tile_id = 4 * kind + copy
            if tile_id not in self.used:
                self.used.add(tile_id)
                return tile_id
        raise ValueError(f"no copy of kind {kind} left")

    def take_all(self, kinds: tuple[int, ...], red: tuple[int, ...]) -> list[int]:
        red_left = list(red)
        out = []
        for kind in kinds:
            is_red = kind in red_left
            if is_red:
                red_left.remove(kind)
            out.append(self.take(kind, is_red))
        return out


def library_call(s: WinSituation, rules: RiichiRules) -> tuple[tuple, dict[str, Any]]:
    """Positional and keyword arguments for ``HandCalculator.estimate_hand_value``."""
    ids = _Ids()
    hand_ids = ids.take_all(s.hand, s.hand_red)
    melds = []
    for meld in s.melds:
        meld_ids = ids.take_all(meld.kinds, meld.reds)
        melds.append(LibMeld(meld_type=_MELD_TYPE[meld.type], tiles=meld_ids, opened=meld.type != "closed_kan"))
    win_id = next(i for i in hand_ids if i // 4 == s.win_tile)
    dora = [ids.take(t, any_copy=True) for t in s.dora_indicators]
    ura = [ids.take(t, any_copy=True) for t in s.ura_indicators]
    config = HandConfig(
        is_tsumo=s.tsumo, is_riichi=s.riichi and not s.double_riichi, is_daburu_riichi=s.double_riichi,
        is_ippatsu=s.ippatsu, is_rinshan=s.rinshan, is_chankan=s.chankan, is_haitei=s.haitei,
        is_houtei=s.houtei, is_tenhou=s.tenhou, is_chiihou=s.chiihou, player_wind=s.seat_wind,
        round_wind=s.round_wind, kyoutaku_number=s.riichi_sticks, tsumi_number=s.honba,
        options=library_options(rules),
    )
    all_ids = hand_ids + [i for m in melds for i in m.tiles]
    return (all_ids, win_id), {"melds": melds, "dora_indicators": dora, "config": config,
                               "ura_dora_indicators": ura}


def library_score(s: WinSituation, rules: RiichiRules) -> dict[str, Any]:
    """The library's answer in our terms: valid, error, han, fu, yaku, payments, total."""
    args, kwargs = library_call(s, rules)
    response = HandCalculator.estimate_hand_value(*args, **kwargs)
    if response.error:
        error = {"hand_not_winning": "not_winning", "no_yaku": "no_yaku"}.get(response.error, response.error)
        return {"valid": False, "error": error}
    opened = response.is_open_hand
    yaku = sorted((LIBRARY_YAKU[y.yaku_id], (y.han_open if opened and y.han_open else y.han_closed))
                  for y in response.yaku)
    cost = response.cost
    if not s.tsumo:
        pay = {"ron": cost["main"] + cost["main_bonus"]}
    elif s.is_dealer:
        pay = {"tsumo_non_dealer": cost["main"] + cost["main_bonus"]}
    else:
        pay = {"tsumo_dealer": cost["main"] + cost["main_bonus"],
               "tsumo_non_dealer": cost["additional"] + cost["additional_bonus"]}
    return {"valid": True, "error": None, "han": response.han, "fu": response.fu, "yaku": yaku,
            "payments": pay, "total": cost["total"]}


def our_score(s: WinSituation, rules: RiichiRules) -> dict[str, Any]:
    """Our answer reduced to the compared fields."""
    from mahjong_joy.rulesets.riichi import score_hand

    r = score_hand(s, rules)
    if not r.valid:
        return {"valid": False, "error": r.error}
    return {"valid": True, "error": None, "han": r.han, "fu": r.fu, "yaku": sorted(r.yaku),
            "payments": r.payments, "total": r.total}
