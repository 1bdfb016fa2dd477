"""Hand-written MCR cases: one (at least) for every fan of RULES.md B6, and one for
each of the 16 cases of RULES.md C2 that implementations get wrong.

Each case names the fan it shows, the tiles (``hand`` includes the winning tile),
and what must and must not be counted; the expectations come from the rule text
cited, not from running the calculator.
"""

from __future__ import annotations

import pytest

from mahjong_joy import McrSituation, score_mcr
from mahjong_joy.errors import ScoringError
from mahjong_joy.rulesets.mcr import FAN_ROWS, McrRules

_MELD = {"chow": "chow", "pung": "pung", "kong": "kong", "ckong": "concealed_kong"}


def sit(hand: str, win: str, *melds: str, **fields) -> McrSituation:
    """A situation; melds as ``"pung:777z"``; seat South and prevalent West unless given."""
    data = {"hand": hand, "win_tile": win, "seat_wind": "S", "round_wind": "W",
            "melds": [{"type": _MELD[m.split(":")[0]], "tiles": m.split(":")[1]} for m in melds]}
    data.update(fields)
    return McrSituation.from_dict(data)


def fan(s: McrSituation, rules: McrRules | None = None) -> dict[str, int]:
    result = score_mcr(s, rules)
    assert result.error in (None, "below_minimum"), result.message
    return {name: count for name, _, count in result.fan}


# (fan id, situation, must be absent). Every case also asserts the fan is present.
CASES = [
    ("big_four_winds", sit("111222333444z55m", "5m", tsumo=True),
     ("big_three_winds", "prevalent_wind", "seat_wind", "pung_of_terminals_or_honors", "all_pungs")),
    ("big_three_dragons", sit("555666777z123m99p", "9p"), ("dragon_pung", "two_dragons_pungs")),
    ("all_green", sit("223344666888s66z", "8s"), ("half_flush", "one_voided_suit")),
    ("nine_gates", sit("11123455678999m", "5m"), ("full_flush", "concealed_hand", "no_honors")),
    ("four_kongs", sit("55m", "5m", "kong:1111m", "kong:2222p", "ckong:3333s", "kong:4444z"),
     ("all_pungs", "single_wait", "three_kongs", "melded_kong", "concealed_kong")),
    ("seven_shifted_pairs", sit("22334455667788p", "8p"),
     ("seven_pairs", "full_flush", "no_honors", "single_wait", "concealed_hand")),
    ("thirteen_orphans", sit("19m19p19s12345677z", "7z"),
     ("all_types", "all_terminals_and_honors", "concealed_hand", "single_wait")),
    ("all_terminals", sit("999m111p999p11s", "1s", "pung:111m"),
     ("all_pungs", "outside_hand", "pung_of_terminals_or_honors", "no_honors", "double_pung",
      "all_terminals_and_honors")),
    ("little_four_winds", sit("111222333z44z123m", "3m"), ("big_three_winds", "pung_of_terminals_or_honors")),
    ("little_three_dragons", sit("555666z77z123m456p", "6p"), ("two_dragons_pungs", "dragon_pung")),
    ("all_honors", sit("222333555z77z", "7z", "pung:111z"),
     ("all_pungs", "pung_of_terminals_or_honors", "all_terminals_and_honors", "outside_hand")),
    ("four_concealed_pungs", sit("111m333p555s777s99m", "9m"), ("all_pungs", "concealed_hand")),
    ("pure_terminal_chows", sit("11223355778899m", "5m"),
     ("full_flush", "all_chows", "pure_double_chow", "two_terminal_chows", "seven_pairs")),
    ("quadruple_chow", sit("111122223333m55p", "5p"), ("tile_hog", "pure_triple_chow", "pure_double_chow")),
    ("four_pure_shifted_pungs", sit("222333444555m77z", "7z"), ("pure_shifted_pungs", "all_pungs")),
    ("four_pure_shifted_chows", sit("122333444556m99p", "9p"),
     ("pure_shifted_chows", "short_straight", "two_terminal_chows")),
    ("three_kongs", sit("456m77z", "4m", "kong:1111m", "kong:2222p", "kong:3333s"),
     ("melded_kong", "two_melded_kongs")),
    ("all_terminals_and_honors", sit("999p111z222z77z", "7z", "pung:111m"),
     ("all_pungs", "outside_hand", "pung_of_terminals_or_honors")),
    ("seven_pairs", sit("1133m5577p2244s11z", "1z"), ("concealed_hand", "single_wait")),
    ("greater_honors_and_knitted_tiles", sit("14m25p369s1234567z", "7z"),
     ("lesser_honors_and_knitted_tiles", "all_types", "concealed_hand")),
    ("all_even_pungs", sit("444p666s888m22s", "2s", "pung:222m"), ("all_pungs", "all_simples", "no_honors")),
    ("full_flush", sit("12334556778999m", "9m"), ("no_honors", "one_voided_suit")),
    ("pure_triple_chow", sit("112233m456p77z", "7z", "chow:123m"), ("pure_double_chow",)),
    ("pure_shifted_pungs", sit("444m456p77z", "7z", "pung:222m", "pung:333m"), ()),
    ("upper_tiles", sit("777m789m888p88999s", "8s"), ("no_honors", "upper_four")),
    ("middle_tiles", sit("444456m456p55p456s", "5p"), ("all_simples", "no_honors")),
    ("lower_tiles", sit("111123m123p22p123s", "2p"), ("no_honors", "lower_four")),
    ("pure_straight", sit("123456789m234p55s", "5s"), ("short_straight", "two_terminal_chows")),
    ("three_suited_terminal_chows", sit("123789m123789p55s", "5s"),
     ("all_chows", "mixed_double_chow", "two_terminal_chows", "no_honors")),
    ("pure_shifted_chows", sit("122333445m678p11z", "1z"), ()),
    ("all_five", sit("345555m456p55p", "6p", "chow:567s"), ("all_simples", "no_honors")),
    ("triple_pung", sit("333s456m77z", "7z", "pung:333m", "pung:333p"), ("double_pung",)),
    ("three_concealed_pungs", sit("111m99m333p456555s", "9m"), ("two_concealed_pungs",)),
    ("lesser_honors_and_knitted_tiles", sit("147m258p36s123456z", "6z"),
     ("knitted_straight", "greater_honors_and_knitted_tiles", "all_types", "concealed_hand")),
    ("knitted_straight", sit("123147m258p369s11z", "3m"), ()),
    ("upper_four", sit("666678m789p78999s", "9s"), ("no_honors", "upper_tiles")),
    ("lower_four", sit("123444m123p11234s", "1s"), ("no_honors", "lower_tiles")),
    ("big_three_winds", sit("222333z456m11s", "1s", "pung:111z", seat_wind="N", round_wind="N"),
     ("pung_of_terminals_or_honors",)),
    ("mixed_straight", sit("123234m456p55789s", "5s"), ()),
    ("reversible_tiles", sit("123345p456888s55z", "8s"), ("one_voided_suit",)),
    ("mixed_triple_chow", sit("234567m234p234s11z", "1z"), ("mixed_double_chow",)),
    ("mixed_shifted_pungs", sit("567m444s77z", "7z", "pung:222m", "pung:333p"), ()),
    ("chicken_hand", sit("345s66z", "3s", "chow:123m", "chow:567p", "pung:888s"), ()),
    ("last_tile_draw", sit("456p789s234s55s", "4s", "chow:123m", tsumo=True, last_wall_tile=True),
     ("self_drawn",)),
    ("last_tile_claim", sit("456p789s234s55s", "4s", "chow:123m", last_wall_tile=True), ()),
    ("out_with_replacement_tile", sit("456p789s234s55s", "4s", "kong:1111m", tsumo=True, kong_replacement=True),
     ("self_drawn",)),
    ("robbing_the_kong", sit("456p789s234s55s", "4s", "chow:123m", robbing_kong=True, last_tile=True),
     ("last_tile",)),
    ("all_pungs", sit("444s888m77z", "7z", "pung:222m", "pung:666p"), ()),
    ("half_flush", sit("123456789m111z22z", "2z"), ("one_voided_suit",)),
    ("mixed_shifted_chows", sit("123789m234p345s11z", "1z"), ()),
    ("all_types", sit("123m456p789s111z55z", "5z"), ()),
    ("melded_hand", sit("99m", "9m", "chow:123m", "chow:456p", "pung:777s", "pung:111z"), ("single_wait",)),
    ("two_concealed_kongs", sit("345678s99s", "9s", "ckong:1111m", "ckong:2222p"),
     ("concealed_kong", "two_concealed_pungs")),
    ("two_dragons_pungs", sit("555666z123m456p99s", "9s"), ("dragon_pung",)),
    ("outside_hand", sit("123789m123p999s11z", "1z"), ()),
    ("fully_concealed_hand", sit("123m456p789s234s55s", "4s", tsumo=True), ("self_drawn", "concealed_hand")),
    ("two_melded_kongs", sit("345678s99s", "9s", "kong:1111m", "kong:2222p"), ("melded_kong",)),
    ("last_tile", sit("456p789s234s55s", "4s", "chow:123m", last_tile=True), ()),
    ("dragon_pung", sit("555z123m456p789s11s", "1s"), ("pung_of_terminals_or_honors",)),
    ("prevalent_wind", sit("111z123m456p789s11s", "1s", round_wind="E"), ("pung_of_terminals_or_honors",)),
    ("seat_wind", sit("111z123m456p789s11s", "1s", seat_wind="E"), ("pung_of_terminals_or_honors",)),
    ("concealed_hand", sit("123m456p789s234s55s", "4s"), ()),
    ("all_chows", sit("123m456p789s234s55s", "4s"), ("no_honors",)),
    ("tile_hog", sit("111123m456p789s55s", "5s"), ()),
    ("double_pung", sit("777p123s456s99m", "9m", "pung:777m"), ()),
    ("two_concealed_pungs", sit("111m333p456s789s99m", "9m"), ()),
    ("concealed_kong", sit("123p456p789s11z", "1z", "ckong:5555m"), ()),
    ("all_simples", sit("234m456p678s234s55p", "5p"), ("no_honors",)),
    ("pure_double_chow", sit("112233m456p789s55z", "5z"), ()),
    ("mixed_double_chow", sit("123m123p567789s11z", "1z"), ()),
    ("short_straight", sit("123456m789p234s11z", "1z"), ()),
    ("two_terminal_chows", sit("123789m456p234s11z", "1z"), ()),
    ("pung_of_terminals_or_honors", sit("999m123p456s789s11z", "1z"), ()),
    ("melded_kong", sit("123p456p789s11z", "1z", "kong:5555m"), ()),
    ("one_voided_suit", sit("123m456m789p234p11z", "1z"), ()),
    ("no_honors", sit("123m456p789s222s55s", "5s"), ()),
    ("edge_wait", sit("123m456p789s234s55s", "3m"), ("closed_wait", "single_wait")),
    ("closed_wait", sit("123m456p789s234s55s", "2m"), ("edge_wait", "single_wait")),
    ("single_wait", sit("123m456p789s234s11z", "1z"), ("edge_wait", "closed_wait")),
    ("self_drawn", sit("123m456p789s55s", "5s", "chow:234s", tsumo=True), ()),
]


@pytest.mark.parametrize("fan_id, situation, absent", CASES, ids=[c[0] for c in CASES])
def test_each_fan(fan_id, situation, absent):
    found = fan(situation)
    assert fan_id in found, found
    for other in absent:
        assert other not in found, (other, found)


def test_every_fan_has_a_case():
    covered = {c[0] for c in CASES} | {"flower_tiles"}
    assert covered == {row.id for row in FAN_ROWS}


def test_flowers_and_the_library_kong_row():
    s = sit("456p789s234s55s", "4s", "chow:123m", flowers=3)
    r = score_mcr(s)
    assert ("flower_tiles", 1, 3) in r.fan and r.total == r.fan_total + 3
    s = sit("345678s99s", "9s", "ckong:1111m", "kong:2222p")
    assert fan(s, McrRules(kong_convention="library")).get("concealed_kong_and_melded_kong") == 1
    official = fan(s)
    assert official.get("concealed_kong") == 1 and official.get("melded_kong") == 1
    assert "concealed_kong_and_melded_kong" not in official


def test_fan_table_matches_rules_b6():
    """81 rows with the B6 point counts (7x88, 6x64, 2x48, 3x32, 9x24, 6x16, 5x12, 9x8, 7x6, 4x4, 10x2, 12x1 + flowers)."""
    from collections import Counter
    assert [r.number for r in FAN_ROWS] == list(range(1, 82))
    points = Counter(r.points for r in FAN_ROWS[:80])
    assert points == {88: 7, 64: 6, 48: 2, 32: 3, 24: 9, 16: 6, 12: 5, 8: 9, 6: 7, 4: 4, 2: 10, 1: 12}
    assert len({r.id for r in FAN_ROWS}) == 81 and all(r.chinese for r in FAN_ROWS)


# ---------------------------------------------------------------- RULES.md C2


def test_c2_1_eight_fan_exclude_flowers():
    seven = sit("456m678p234s55s", "4s", "chow:123m", flowers=5)  # C2 row 1: 3 fan + 5 flowers
    r = score_mcr(seven)
    assert r.fan_total < 8 and r.total >= 8 and r.error == "below_minimum" and not r.valid
    assert r.fan and not r.payments  # still lists its fan
    chicken = score_mcr(sit("345s66z", "3s", "chow:123m", "chow:567p", "pung:888s", flowers=2))
    assert chicken.valid and chicken.fan_total == 8 and chicken.total == 10


def test_c2_2_account_once():
    found = fan(sit("234567s234567p11z", "1z"))  # C2 row 2
    assert found["mixed_double_chow"] + found["short_straight"] == 3
    found = fan(sit("123789m123789s11z", "1z"))
    assert found.get("mixed_double_chow", 0) + found.get("two_terminal_chows", 0) == 3


def test_c2_3_non_separation():
    found = fan(sit("122333444556s99p", "9p"))  # C2 row 3
    assert "four_pure_shifted_chows" in found
    assert not {"short_straight", "two_terminal_chows", "pure_shifted_chows"} & set(found)


@pytest.mark.parametrize("hand, win, expected", [
    ("12333m456p789s234s", "3m", "edge_wait"),      # 1233 on 3 = Edge
    ("45556m123p789s234s", "5m", "closed_wait"),    # 4556 on 5 = Closed
    ("33456m123p789s234s", "3m", None),             # 3456 waits 3 and 6: nothing
])
def test_c2_4_unique_wait(hand, win, expected):
    found = fan(sit(hand, win))  # C2 row 4
    waits = {"edge_wait", "closed_wait", "single_wait"} & set(found)
    assert waits == ({expected} if expected else set())


def test_c2_5_last_tile_is_about_visible_copies():
    base = ("456p789s234s55s", "4s", "chow:123m")
    assert "last_tile" in fan(sit(*base, last_tile=True))  # C2 row 5
    holding = sit("456p789s234s44s", "4s", "chow:123m", last_tile=True)
    assert "last_tile" not in fan(holding)  # a copy in the concealed hand rules it out
    own_melds = sit("456p34599s", "4s", "chow:123m", "pung:444s")
    assert "last_tile" in fan(own_melds)  # three copies in own melds make it, flag or not
    assert "last_tile" not in fan(sit(*base, last_tile=True, robbing_kong=True))


def test_c2_6_robbing_the_kong():
    assert score_mcr(sit("456p789s234s55s", "4s", "chow:123m", robbing_kong=True, tsumo=True)).error \
        == "invalid_situation"  # C2 row 6: only a discard-like win on an added kong
    r = score_mcr(sit("456p789s234s55s", "4s", "chow:123m", robbing_kong=True))
    assert r.payments == {"discarder": 8 + r.total, "others": 8}  # the kong's owner pays as discarder


def test_c2_7_wind_pungs_and_terminal_pungs():
    found = fan(sit("111z123m456p789s11s", "1s", seat_wind="E", round_wind="E"))  # C2 row 7
    assert found["prevalent_wind"] == 1 and found["seat_wind"] == 1
    assert "pung_of_terminals_or_honors" not in found
    assert "pung_of_terminals_or_honors" not in fan(sit("555z123m456p789s11s", "1s"))


@pytest.mark.parametrize("hand, win", [
    ("1133m5577p2244s11z", "1z"), ("19m19p19s12345677z", "7z"), ("111m333p555s777s99m", "9m"),
    ("14m25p369s1234567z", "7z"), ("11123455678999m", "5m"),
])
def test_c2_8_always_concealed_hands_on_a_self_draw(hand, win):
    found = fan(sit(hand, win, tsumo=True))  # C2 row 8
    assert found.get("self_drawn") == 1
    assert "fully_concealed_hand" not in found and "concealed_hand" not in found


def test_c2_9_nine_gates():
    found = fan(sit("11123455678999m", "5m"))  # C2 row 9: on 5 adds 双暗刻 + one 幺九刻
    assert found == {"nine_gates": 1, "two_concealed_pungs": 1, "pung_of_terminals_or_honors": 1}
    assert {"pure_straight", "tile_hog"} <= set(fan(sit("11112345678999m", "1m")))
    melded = sit("45678999m", "5m", "pung:111m", "chow:123m")
    assert "nine_gates" not in fan(melded)  # only the closed hand


def test_c2_10_melded_hand():
    melds = ("chow:123m", "chow:456p", "pung:777s", "pung:111z")
    assert "melded_hand" in fan(sit("99m", "9m", *melds))  # C2 row 10
    assert "melded_hand" not in fan(sit("99m", "9m", *melds, tsumo=True))
    assert "melded_hand" not in fan(sit("99m", "9m", "chow:123m", "chow:456p", "pung:777s", "ckong:1111z"))


def test_c2_11_seven_pairs_with_four_of_a_kind():
    found = fan(sit("1111m5577p2244s11z", "1z"))  # C2 row 11
    assert found.get("seven_pairs") == 1 and found.get("tile_hog") == 1


def test_c2_12_kong_on_the_second_to_last_tile():
    s = sit("456p789s234s55s", "4s", "kong:1111m", tsumo=True, kong_replacement=True, last_wall_tile=True)
    found = fan(s)  # C2 row 12
    assert "out_with_replacement_tile" in found and "last_tile_draw" in found and "self_drawn" not in found


def test_c2_13_no_furiten():
    """C2 row 13 (no furiten, head bump) is table procedure: the calculator takes no
    discard history at all, so a situation naming one is refused rather than guessed."""
    with pytest.raises(ScoringError, match="furiten"):
        McrSituation.from_dict({"hand": "123m456p789s234s55s", "win_tile": "4s", "furiten": True})


def test_c2_14_no_dealer_bonus():
    """C2 row 14 / B2: no dealer repeat and no dealer bonus: payments do not depend on the seat."""
    east = score_mcr(sit("123m456p789s234s55s", "4s", seat_wind="E", round_wind="S"))
    west = score_mcr(sit("123m456p789s234s55s", "4s", seat_wind="W", round_wind="S"))
    assert east.payments == west.payments == {"discarder": 8 + east.total, "others": 8}


def test_c2_15_knitted_straight_wait_inside_the_knitted_tiles():
    found = fan(sit("147m258p369s123s11z", "8p"))  # C2 row 15: 8p completes the knitted tiles
    assert "knitted_straight" in found
    assert not {"edge_wait", "closed_wait", "single_wait"} & set(found)
    single = fan(sit("147m258p369s123s11z", "1z"))  # the pair's single wait still counts
    assert "single_wait" in single


def test_c2_16_seven_pairs_all_terminals_tile_hog_option():
    s = sit("11119999m1199p99s", "9s")  # C2 row 16
    assert fan(s).get("tile_hog") == 2
    assert "tile_hog" not in fan(s, McrRules(seven_pairs_tile_hog=False))
    green = sit("2222333344s6666z", "6z")  # seven pairs, all green, three kinds held four times
    assert "tile_hog" not in fan(green, McrRules(seven_pairs_tile_hog=False))
    assert fan(green).get("tile_hog") == 3
