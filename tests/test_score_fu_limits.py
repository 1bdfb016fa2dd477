"""Hand-written cases for every fu line, every limit, payments, and the Joy preset."""

from __future__ import annotations

import pytest

from mahjong_joy import RiichiRules, WinSituation, score_hand
from mahjong_joy.rulesets.riichi import JOY_RULES
from mahjong_joy.rulesets.riichi.limits import basic_points, payments, received


def score(hand, win, rules=None, **fields):
    data = {"hand": hand, "win_tile": win, "seat_wind": "W", "round_wind": "E"}
    data.update(fields)
    return score_hand(WinSituation.from_dict(data), rules)


def lines(result):
    return [(line.reason, line.fu) for line in result.fu_details]


# (id, hand, win, fields, expected fu lines, rounded fu)
FU_CASES = [
    ("pinfu_ron", "123m456p789s234s22z", "4s", {}, [("base", 20), ("menzen_ron", 10)], 30),
    ("pinfu_tsumo_no_tsumo_fu", "123m456p789s234s22z", "4s", {"tsumo": True}, [("base", 20)], 20),
    ("kanchan", "123m456p789s234s22z", "3s", {"riichi": True},
     [("base", 20), ("menzen_ron", 10), ("kanchan_wait", 2)], 40),
    ("penchan", "123m456p789s123s22z", "3s", {"riichi": True},
     [("base", 20), ("menzen_ron", 10), ("penchan_wait", 2)], 40),
    ("tanki_and_closed_honor_triplet", "123m456p789s22s555z", "2s", {},
     [("base", 20), ("menzen_ron", 10), ("closed_triplet", 8), ("tanki_wait", 2)], 40),
    ("tsumo_fu", "123m456p789s234s22z", "3s", {"tsumo": True}, [("base", 20), ("kanchan_wait", 2), ("tsumo", 2)], 30),
    ("open_simple_and_terminal_triplets", "123m456p22s", "2s",
     {"melds": [{"type": "pon", "tiles": "444s"}, {"type": "pon", "tiles": "999p"}], "houtei": True},
     [("base", 20), ("open_triplet", 2), ("open_triplet", 4), ("tanki_wait", 2)], 30),
    ("closed_simple_triplet", "123m444p789s22s", "2s", {"melds": [{"type": "chi", "tiles": "789m"}],
                                                        "houtei": True},
     [("base", 20), ("closed_triplet", 4), ("tanki_wait", 2)], 30),
    ("ron_on_shanpon_counts_open", "123m444p789s22s", "4p", {"melds": [{"type": "chi", "tiles": "789m"}],
                                                             "houtei": True},
     [("base", 20), ("open_triplet", 2)], 30),
    ("kans", "789m55s", "5s", {"melds": [{"type": "kan", "tiles": "2222p"}, {"type": "added_kan", "tiles": "1111s"},
                                        {"type": "closed_kan", "tiles": "3333m"}]},
     [("base", 20), ("open_kan", 8), ("open_kan", 16), ("closed_kan", 16), ("tanki_wait", 2)], 70),
    ("closed_terminal_kan", "123m456p234s22z", "3s", {"tsumo": True, "melds": [{"type": "closed_kan", "tiles": "9999s"}]},
     [("base", 20), ("closed_kan", 32), ("kanchan_wait", 2), ("tsumo", 2)], 60),
    ("dragon_pair", "123m456p789s234s55z", "4s", {"riichi": True},
     [("base", 20), ("menzen_ron", 10), ("yakuhai_pair", 2)], 40),
    ("seat_wind_pair", "123m456p789s234s33z", "4s", {"riichi": True},
     [("base", 20), ("menzen_ron", 10), ("yakuhai_pair", 2)], 40),
    ("double_wind_pair_4", "123m456p789s234s11z", "4s", {"riichi": True, "seat_wind": "E"},
     [("base", 20), ("menzen_ron", 10), ("double_wind_pair", 4)], 40),
    ("open_pinfu_shape_ron_30", "456p678s234s88p", "8p", {"melds": [{"type": "chi", "tiles": "234m"}]},
     [("base", 20), ("tanki_wait", 2)], 30),
    ("open_pinfu_rule", "456p678s234s88p", "6s", {"melds": [{"type": "chi", "tiles": "234m"}]},
     [("base", 20), ("open_pinfu", 10)], 30),
    ("chiitoitsu_25", "1133m5577p22s4466z", "6z", {}, [("chiitoitsu", 25)], 25),
]


@pytest.mark.parametrize("name, hand, win, fields, expected, fu", FU_CASES, ids=[c[0] for c in FU_CASES])
def test_fu_lines(name, hand, win, fields, expected, fu):
    result = score(hand, win, **fields)
    assert result.valid, result
    assert sorted(lines(result)) == sorted(expected)
    assert result.fu == fu


def test_double_wind_pair_two_fu_option():
    result = score("123m456p789s234s11z", "4s", RiichiRules(double_wind_pair_fu=2), riichi=True, seat_wind="E")
    assert ("double_wind_pair", 2) in lines(result)
    assert sum(fu for _, fu in lines(result)) == 32 and result.fu == 40


def test_kokushi_has_no_fu():
    result = score("19m19p19s1234567z1m", "9m")
    assert result.fu == 0 and result.fu_details == ()


@pytest.mark.parametrize(
    "han, fu, limit, base",
    [(1, 30, None, 240), (4, 30, None, 1920), (3, 60, None, 1920), (4, 40, "mangan", 2000), (3, 70, "mangan", 2000),
     (2, 130, "mangan", 2000), (5, 30, "mangan", 2000), (6, 30, "haneman", 3000), (7, 30, "haneman", 3000),
     (8, 30, "baiman", 4000), (10, 30, "baiman", 4000), (11, 30, "sanbaiman", 6000), (12, 30, "sanbaiman", 6000),
     (13, 30, "kazoe_yakuman", 8000), (20, 30, "kazoe_yakuman", 8000)],
)
def test_limits(han, fu, limit, base):
    assert basic_points(han, fu, 0, RiichiRules()) == (base, limit)


def test_kiriage_and_kazoe_options():
    assert basic_points(4, 30, 0, RiichiRules(kiriage_mangan=True)) == (2000, "mangan")
    assert basic_points(3, 60, 0, RiichiRules(kiriage_mangan=True)) == (2000, "mangan")
    assert basic_points(13, 30, 0, RiichiRules(kazoe_yakuman=False)) == (6000, "sanbaiman")


@pytest.mark.parametrize("multiple, name", [(1, "yakuman"), (2, "double_yakuman"), (3, "triple_yakuman")])
def test_yakuman_limits(multiple, name):
    assert basic_points(13 * multiple, 0, multiple, RiichiRules()) == (8000 * multiple, name)


def test_payments():
    assert payments(1920, dealer=False, tsumo=False) == {"ron": 7700}
    assert payments(1920, dealer=True, tsumo=False) == {"ron": 11600}
    assert payments(1920, dealer=False, tsumo=True) == {"tsumo_dealer": 3900, "tsumo_non_dealer": 2000}
    assert payments(1920, dealer=True, tsumo=True) == {"tsumo_non_dealer": 3900}
    assert payments(2000, dealer=False, tsumo=False, honba=2) == {"ron": 8600}
    assert payments(2000, dealer=False, tsumo=True, honba=2) == {"tsumo_dealer": 4200, "tsumo_non_dealer": 2200}
    assert received({"tsumo_dealer": 4200, "tsumo_non_dealer": 2200}, False, riichi_sticks=2) == 10600
    assert received({"tsumo_non_dealer": 4200}, True) == 12600


def test_dealer_ron_and_sticks_in_total():
    result = score("123m456p789s22s777z", "2s", seat_wind="E", honba=1, riichi_sticks=2)
    assert result.payments == {"ron": 2000 + 300} and result.total == 4300


def test_kazoe_hand():
    result = score("22334455667788p", "8p", riichi=True, ippatsu=True, tsumo=True)
    assert sorted(result.yaku) == [("chinitsu", 6), ("ippatsu", 1), ("menzen_tsumo", 1), ("pinfu", 1),
                                   ("riichi", 1), ("ryanpeikou", 3), ("tanyao", 1)]
    assert (result.han, result.yakuman, result.limit) == (14, 0, "kazoe_yakuman")
    assert result.payments == {"tsumo_dealer": 16000, "tsumo_non_dealer": 8000}
    capped = score("22334455667788p", "8p", RiichiRules(kazoe_yakuman=False), riichi=True, ippatsu=True, tsumo=True)
    assert capped.limit == "sanbaiman" and capped.payments == {"tsumo_dealer": 12000, "tsumo_non_dealer": 6000}


def test_situation_roundtrip():
    data = {"hand": "123m406p789s22s", "win_tile": "2s", "melds": [{"type": "pon", "tiles": "777z"}],
            "tsumo": True, "seat_wind": "N", "round_wind": "S", "dora_indicators": "3p", "honba": 2}
    situation = WinSituation.from_dict(data)
    assert WinSituation.from_dict(situation.to_dict()) == situation


# --- Joy -------------------------------------------------------------------------


def test_joy_preset_is_named_both_ways():
    assert RiichiRules.joy() == JOY_RULES
    assert not JOY_RULES.yaku_required and not JOY_RULES.riichi and not JOY_RULES.dora


def test_joy_win_without_yaku():
    result = score("123m456p789s234s22z", "3s", JOY_RULES)
    assert result.valid and result.yaku == (("joy_win", 1),) and result.fu == 40 and result.payments == {"ron": 1300}


def test_joy_open_hand_without_yaku():
    result = score("456p678s234s99p", "9p", JOY_RULES, melds=[{"type": "chi", "tiles": "123m"}])
    assert result.yaku == (("joy_win", 1),) and result.fu == 30


def test_joy_keeps_yaku_and_ignores_dora():
    result = score("123m406p789s22s777z", "2s", JOY_RULES, dora_indicators="6z")
    assert result.yaku == (("yakuhai_chun", 1),)


def test_joy_rejects_riichi():
    result = score("123m456p789s234s22z", "3s", JOY_RULES, riichi=True)
    assert result.error == "invalid_situation" and "riichi" in result.message


def test_joy_still_needs_a_complete_hand():
    assert score("123m456p789s234s27z", "3s", JOY_RULES).error == "not_winning"


def test_rules_from_dict():
    assert RiichiRules.from_dict({"kiriage_mangan": True}).kiriage_mangan
    with pytest.raises(ValueError, match="unknown rules option 'kiriage'"):
        RiichiRules.from_dict({"kiriage": True})
    with pytest.raises(ValueError, match="double_wind_pair_fu"):
        RiichiRules.from_dict({"double_wind_pair_fu": 3})


@pytest.mark.parametrize("data, words", [
    ({"hand": "123m", "win_tile": "1m", "seat_wind": "X"}, "seat_wind"),
    ({"hand": "123m", "win_tile": "1m", "tsumo": "yes"}, "tsumo"),
    ({"hand": "123m", "win_tile": "1m", "colour": 1}, "colour"),
    ({"hand": "12x", "win_tile": "1m"}, "'x'"),
    ({"hand": "123m", "win_tile": "1m", "melds": [{"type": "chow", "tiles": "123m"}]}, "chow"),
    ({"hand": "123m", "win_tile": "1m", "honba": -1}, "honba"),
])
def test_bad_fields_raise_naming_them(data, words):
    with pytest.raises(ValueError, match=words):
        WinSituation.from_dict(data)


@pytest.mark.parametrize("fields, words", [
    ({"riichi": True, "melds": [{"type": "chi", "tiles": "123m"}], "hand": "456p789s234s22z"}, "closed"),
    ({"ippatsu": True}, "ippatsu"),
    ({"chankan": True, "tsumo": True}, "chankan"),
    ({"haitei": True}, "haitei"),
    ({"houtei": True, "tsumo": True}, "houtei"),
    ({"tenhou": True, "tsumo": True}, "dealer"),
    ({"chiihou": True, "tsumo": True, "seat_wind": "E"}, "non-dealer"),
    ({"hand": "123m456p789s234s2z"}, "tiles"),
    ({"win_tile": "9m"}, "not in the hand"),
    ({"dora_indicators": "222z"}, "copies"),
    ({"melds": [{"type": "pon", "tiles": "123m"}], "hand": "456p789s234s22z"}, "identical"),
])
def test_impossible_situations(fields, words):
    result = score(fields.pop("hand", "123m456p789s234s22z"), fields.pop("win_tile", "3s"), **fields)
    assert result.error == "invalid_situation" and words in result.message
