"""Hand-written cases: every yaku and yakuman, with the han and points they give.

Hands are written as players read them; unless a case says otherwise the winner
sits West in an East round (no value winds) and wins by ron.
"""

from __future__ import annotations

from typing import Any

import pytest

from mahjong_joy import RiichiRules, WinSituation, score_hand


def score(hand: str, win: str, rules: RiichiRules | None = None, **fields: Any):
    data = {"hand": hand, "win_tile": win, "seat_wind": "W", "round_wind": "E"}
    data.update(fields)
    return score_hand(WinSituation.from_dict(data), rules)


def chi(t: str) -> dict[str, str]:
    return {"type": "chi", "tiles": t}


def pon(t: str) -> dict[str, str]:
    return {"type": "pon", "tiles": t}


def kan(t: str, kind: str = "kan") -> dict[str, str]:
    return {"type": kind, "tiles": t}


BASE = ("123m456p789s234s22z", "3s")  # kanchan wait, no yaku of its own


# (case id, hand, win tile, extra fields, expected yaku, expected ron/tsumo payments)
YAKU_CASES = [
    ("riichi", *BASE, {"riichi": True}, [("riichi", 1)], {"ron": 1300}),
    ("double_riichi", *BASE, {"double_riichi": True}, [("double_riichi", 2)], {"ron": 2600}),
    ("double_riichi_with_riichi_flag", *BASE, {"riichi": True, "double_riichi": True}, [("double_riichi", 2)], {"ron": 2600}),
    ("ippatsu", *BASE, {"riichi": True, "ippatsu": True}, [("riichi", 1), ("ippatsu", 1)], {"ron": 2600}),
    ("menzen_tsumo", *BASE, {"tsumo": True}, [("menzen_tsumo", 1)], {"tsumo_dealer": 500, "tsumo_non_dealer": 300}),
    ("haitei", *BASE, {"tsumo": True, "haitei": True}, [("menzen_tsumo", 1), ("haitei", 1)],
     {"tsumo_dealer": 1000, "tsumo_non_dealer": 500}),
    ("houtei", *BASE, {"houtei": True}, [("houtei", 1)], {"ron": 1300}),
    ("chankan", *BASE, {"chankan": True}, [("chankan", 1)], {"ron": 1300}),
    ("rinshan", "123m456p234s22z", "3s", {"tsumo": True, "rinshan": True, "melds": [kan("9999s", "closed_kan")]},
     [("menzen_tsumo", 1), ("rinshan", 1)], {"tsumo_dealer": 2000, "tsumo_non_dealer": 1000}),
    ("pinfu", "123m456p789s234s22z", "4s", {}, [("pinfu", 1)], {"ron": 1000}),
    ("pinfu_tsumo_20fu", "123m456p789s234s22z", "4s", {"tsumo": True}, [("menzen_tsumo", 1), ("pinfu", 1)],
     {"tsumo_dealer": 700, "tsumo_non_dealer": 400}),
    ("tanyao_open", "456p678s234s88p", "8p", {"melds": [chi("234m")]}, [("tanyao", 1)], {"ron": 1000}),
    ("iipeikou_pinfu", "112233m456p789s22z", "1m", {}, [("pinfu", 1), ("iipeikou", 1)], {"ron": 2000}),
    ("ryanpeikou_over_chiitoitsu", "112233m445566p22s", "2s", {}, [("ryanpeikou", 3)], {"ron": 5200}),
    ("yakuhai_haku", "123m456p789s22s555z", "2s", {}, [("yakuhai_haku", 1)], {"ron": 1300}),
    ("yakuhai_hatsu", "123m456p789s22s666z", "2s", {}, [("yakuhai_hatsu", 1)], {"ron": 1300}),
    ("yakuhai_chun", "123m456p789s22s777z", "2s", {}, [("yakuhai_chun", 1)], {"ron": 1300}),
    ("yakuhai_seat_wind", "123m456p789s22s333z", "2s", {}, [("yakuhai_seat_wind", 1)], {"ron": 1300}),
    ("yakuhai_round_wind", "123m456p789s22s111z", "2s", {}, [("yakuhai_round_wind", 1)], {"ron": 1300}),
    ("double_wind_triplet", "123m456p789s22s111z", "2s", {"seat_wind": "E"},
     [("yakuhai_seat_wind", 1), ("yakuhai_round_wind", 1)], {"ron": 3900}),
    ("chiitoitsu", "1133m5577p22s4466z", "6z", {}, [("chiitoitsu", 2)], {"ron": 1600}),
    ("chanta", "123m789p789s11z999s", "9s", {}, [("chanta", 2)], {"ron": 2600}),
    ("junchan", "123m789p789s11s999m", "1s", {}, [("junchan", 3)], {"ron": 5200}),
    ("ittsu", "123456789m234p55s", "5s", {}, [("ittsu", 2)], {"ron": 2600}),
    ("sanshoku_doujun_open", "123p123s55m789s", "5m", {"melds": [chi("123m")]}, [("sanshoku_doujun", 1)], {"ron": 1000}),
    ("sanshoku_doukou", "222m222p222s456s77s", "4s", {},
     [("tanyao", 1), ("sanshoku_doukou", 2), ("sanankou", 2)], {"ron": 8000}),
    ("toitoi", "333s555z88p", "8p", {"melds": [pon("222m"), pon("777p")]},
     [("yakuhai_haku", 1), ("toitoi", 2)], {"ron": 5200}),
    ("sanankou_shanpon_ron_breaks_it", "111m555p999s22z", "2z", {"melds": [pon("777s")]},
     [("toitoi", 2), ("sanankou", 2)], {"ron": 8000}),
    ("sankantsu", "456s77p", "7p", {"melds": [kan("1111m", "closed_kan"), kan("2222p", "closed_kan"), kan("3333s")]},
     [("sankantsu", 2)], {"ron": 5200}),
    ("honroutou", "999p111s999s11z", "1z", {"melds": [pon("111m")], "round_wind": "S"},
     [("toitoi", 2), ("sanankou", 2), ("honroutou", 2)], {"ron": 12000}),
    ("shousangen", "555z666z77z123m456p", "3m", {},
     [("yakuhai_haku", 1), ("yakuhai_hatsu", 1), ("shousangen", 2)], {"ron": 8000}),
    ("honitsu", "123m456m678m999m11z", "1z", {"round_wind": "S"}, [("honitsu", 3)], {"ron": 5200}),
    ("chinitsu_open", "456m678m999m55m", "5m", {"melds": [chi("123m")]}, [("chinitsu", 5)], {"ron": 8000}),
    ("kokushi", "19m19p19s1234567z1m", "9m", {}, [("kokushi", 13)], {"ron": 32000}),
    ("kokushi_13_sided", "19m19p19s1234567z1m", "1m", {}, [("kokushi", 26)], {"ron": 64000}),
    ("suuankou_tsumo", "111m333p555s777s22z", "3p", {"tsumo": True}, [("suuankou", 13)],
     {"tsumo_dealer": 16000, "tsumo_non_dealer": 8000}),
    ("suuankou_tanki", "111m333p555s777s22z", "2z", {}, [("suuankou", 26)], {"ron": 64000}),
    ("suuankou_ron_on_shanpon_is_sanankou", "111m333p555s777s22z", "3p", {},
     [("toitoi", 2), ("sanankou", 2)], {"ron": 8000}),
    ("daisangen", "555z666z777z123m11p", "1p", {}, [("daisangen", 13)], {"ron": 32000}),
    ("shousuushii", "111z222z333z44z123m", "3m", {}, [("shousuushii", 13)], {"ron": 32000}),
    ("daisuushii", "222z333z444z11m", "1m", {"melds": [pon("111z")]}, [("daisuushii", 26)], {"ron": 64000}),
    ("tsuuiisou", "222z555z666z77z", "7z", {"melds": [pon("111z")]}, [("tsuuiisou", 13)], {"ron": 32000}),
    ("tsuuiisou_seven_pairs", "11223344556677z", "7z", {}, [("tsuuiisou", 13)], {"ron": 32000}),
    ("chinroutou", "999m111p999p11s", "1s", {"melds": [pon("111m")]}, [("chinroutou", 13)], {"ron": 32000}),
    ("ryuuiisou", "234s234s666s888s66z", "6z", {}, [("ryuuiisou", 13)], {"ron": 32000}),
    ("chuuren", "11123455678999m", "9m", {}, [("chuuren", 13)], {"ron": 32000}),
    ("chuuren_nine_sided", "11123455678999m", "5m", {}, [("chuuren", 26)], {"ron": 64000}),
    ("suukantsu", "55p", "5p", {"melds": [kan("1111m"), kan("2222s", "closed_kan"), kan("3333p", "added_kan"),
                                          kan("7777z")]}, [("suukantsu", 13)], {"ron": 32000}),
    ("tenhou", "123m456p789s23455s", "5s", {"tsumo": True, "tenhou": True, "seat_wind": "E"}, [("tenhou", 13)],
     {"tsumo_non_dealer": 16000}),
    ("chiihou", "123m456p789s23455s", "5s", {"tsumo": True, "chiihou": True, "seat_wind": "S"}, [("chiihou", 13)],
     {"tsumo_dealer": 16000, "tsumo_non_dealer": 8000}),
    ("dora_and_red", "123m406p789s22s777z", "2s", {"dora_indicators": "3p", "seat_wind": "W"},
     [("yakuhai_chun", 1), ("dora", 1), ("aka_dora", 1)], {"ron": 5200}),
    ("ura_dora_only_after_riichi", *BASE, {"riichi": True, "ura_indicators": "1z"}, [("riichi", 1), ("ura_dora", 2)],
     {"ron": 5200}),
    ("kan_dora_counts_four", "123m456p234s22z", "3s", {"tsumo": True, "melds": [kan("9999s", "closed_kan")],
                                                      "dora_indicators": "8s"},
     [("menzen_tsumo", 1), ("dora", 4)], {"tsumo_dealer": 4000, "tsumo_non_dealer": 2000}),
]


@pytest.mark.parametrize("name, hand, win, fields, yaku, payments", YAKU_CASES, ids=[c[0] for c in YAKU_CASES])
def test_yaku(name, hand, win, fields, yaku, payments):
    result = score(hand, win, **fields)
    assert result.valid, result
    assert sorted(result.yaku) == sorted(yaku)
    assert result.payments == payments
    assert result.han == sum(h for _, h in yaku)


def test_every_yaku_row_has_a_case():
    from mahjong_joy.rulesets.riichi import YAKU_ROWS

    covered = {name for case in YAKU_CASES for name, _ in case[4]}
    assert {row.id for row in YAKU_ROWS} <= covered


def test_no_yaku():
    result = score(*BASE)
    assert not result.valid and result.error == "no_yaku"


def test_open_tanyao_off_means_no_yaku():
    result = score("456p678s234s88p", "8p", RiichiRules(open_tanyao=False), melds=[chi("234m")])
    assert result.error == "no_yaku"


def test_not_winning():
    result = score("123m456p789s234s27z", "3s")
    assert not result.valid and result.error == "not_winning"


def test_double_yakuman_off_counts_single():
    result = score("19m19p19s1234567z1m", "1m", RiichiRules(double_yakuman=False))
    assert result.yaku == (("kokushi", 13),) and result.yakuman == 1 and result.limit == "yakuman"


def test_stacked_yakuman():
    result = score("111z222z333z444z55z", "5z", seat_wind="S")
    assert sorted(result.yaku) == [("daisuushii", 26), ("suuankou", 26), ("tsuuiisou", 13)]
    assert result.yakuman == 5 and result.han == 65 and result.payments == {"ron": 160000}


def test_dora_never_counts_for_yakuman_or_validity():
    result = score(*BASE, dora_indicators="2m")
    assert result.error == "no_yaku"
    result = score("555z666z777z123m11p", "1p", dora_indicators="2m")
    assert result.yaku == (("daisangen", 13),)


def test_red_fives_off_ignores_zero():
    result = score("123m406p789s22s777z", "2s", RiichiRules(red_fives=False))
    assert result.yaku == (("yakuhai_chun", 1),)


def test_chinitsu_supersedes_honitsu_and_junchan_chanta():
    result = score("123m456m678m999m55m", "5m")
    names = [n for n, _ in result.yaku]
    assert "chinitsu" in names and "honitsu" not in names
    result = score("123m789p789s11s999m", "1s")
    assert [n for n, _ in result.yaku] == ["junchan"]


def test_best_reading_chosen():
    """111222333m reads as three triplets (sanankou) or three runs (iipeikou): the
    triplets are worth more on this tsumo, so they are kept."""
    result = score("111222333m456p55s", "3m", tsumo=True)
    assert sorted(result.yaku) == [("menzen_tsumo", 1), ("sanankou", 2)]
    assert result.fu == 40
