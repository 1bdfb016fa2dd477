"""The riichi cases implementations usually get wrong (RULES.md C1), pinned by name.

Each ``test_c1_NN_*`` here pins case NN. Cases already pinned by a rule test in
``test_riichi_rules.py`` (its docstring names the case) are listed here so every
case has a home:

- C1-4: test_a_ronned_declaration_tile_puts_down_no_stick, test_a_called_declaration_tile_still_puts_down_the_stick
- C1-6: test_a_closed_kan_turns_its_indicator_before_the_replacement_draw, test_a_rinshan_win_after_an_open_kan_does_not_see_the_new_indicator, test_an_added_kan_can_be_robbed
- C1-7: test_no_closed_kan_after_riichi_when_the_waits_change (the exact example)
- C1-8: the four kuikae tests and test_a_chi_leaving_no_legal_discard_is_not_offered
- C1-9: test_double_ron_pays_each_hand_and_gives_honba_and_sticks_to_the_nearest, test_triple_ron_*
- C1-10: test_pao_*
- C1-12: test_nagashi_mangan_replaces_the_noten_payments
- C1-13: test_four_kans_by_two_players_abort_after_the_next_discard, test_a_ron_on_the_discard_after_the_fourth_kan_wins, test_four_kans_by_one_player_turn_five_indicators_and_forbid_a_fifth_kan
- C1-14: test_nine_terminals_*
- C1-15: tests/test_riichi_flow.py
- C1-16: test_a_thirteen_sided_kokushi_per_preset
- C1-17: test_karaten_is_noten_on_tenhou
"""

from __future__ import annotations

import pytest

from mahjong_joy.engine import AddedKan, ClosedKan, Discard, Pass, Phase, Pon, Ron, Tsumo
from mahjong_joy.engine.actions import NineTerminals, Riichi
from mahjong_joy.errors import IllegalActionError
from mahjong_joy.rulesets.riichi.settle import nagashi_deltas
from mahjong_joy.rulesets.riichi.situation import WinSituation
from mahjong_joy.rulesets.joy import ruleset_for
from tests.riichi_helpers import QUIET, act, c, deal, discard, go_around, pass_all, run_until, settled, tsumogiri, yaku_of

BOTH = pytest.mark.parametrize("rules", ["mahjong_soul", "tenhou"])
FURITEN_READY = "23m456p789s555z11z"  # 1m/4m, haku for a yaku
READY = "234m567m234p55s67s"  # 5s/8s
NO_1M = "47m258p369s23467z"


@BOTH
def test_c1_01_furiten_covers_every_wait_and_called_discards(rules):
    """C1-1: waiting 1m-4m with a 4m in one's own discards -- called away by a pon --
    no ron on 1m either; tsumo stays legal."""
    hands = [QUIET[0], FURITEN_READY, "44m147p258s2467z9m", QUIET[2]]
    hand = deal(hands, [None, "4m", "1m", None, "1m"], rules=rules)
    tsumogiri(hand)
    discard(hand, 1, "4m", passing=False)
    act(hand, Pon(2))
    assert hand.rivers[1][-1].claimed_by == 2
    discard(hand, 2, "9m")
    assert hand.current == 3
    tsumogiri(hand, passing=False)  # seat 3 discards 1m
    assert Ron(1) not in hand.legal_actions(1) and hand.current == 0  # no window for seat 1
    tsumogiri(hand)  # seat 0
    assert hand.is_furiten(1) and Tsumo(1) in hand.legal_actions(1)


@BOTH
def test_c1_02_no_yaku_temporary_furiten_survives_a_pon_that_skips_the_turn(rules):
    """C1-2: passing a tile that completes the shape without a yaku (2m of a 2m/5z
    shanpon) is furiten until one's own discard; a pon that skips that turn does
    not clear it, so the 5z (haku: a yaku) cannot be ronned."""
    hands = [QUIET[0], "22m55z345p678s999m", "11z5z147p258s24z9m3s", QUIET[2]]
    hand = deal(hands, [None, None, "2m", "1z"], rules=rules)
    go_around(hand, 2)
    tsumogiri(hand, passing=False)  # seat 2: 2m
    assert not hand.opportunity_of(1).can_win
    pass_all(hand)
    assert hand.seats[1].temp_furiten
    tsumogiri(hand, passing=False)  # seat 3: 1z
    act(hand, Pon(2))  # seats 0 and 1 are skipped
    discard(hand, 2, "5z", passing=False)
    assert hand.opportunity_of(1) is not None  # a pon of 5z, but no ron
    assert Ron(1) not in hand.legal_actions(1)
    with pytest.raises(IllegalActionError, match="seat 1 cannot ron: furiten"):
        hand.apply(Ron(1))


def riichi_then_added_kan(rules):
    """Seat 3 (READY, 5s/8s) declares riichi; then seat 1 adds the 4th 8s to its pon.
    Seat 3 passes the dealer's first 8s (before its riichi)."""
    hands = ["8s47m258p369s2346z", "88s19m19p19s12346z", NO_1M, READY]
    hand = deal(hands, [None, None, "5z", None, "8s", "5s"], dead="2s2s2s2s9s3m", rules=rules)
    discard(hand, 0, "8s", passing=False)
    act(hand, Pass(3))
    act(hand, Pon(1))
    discard(hand, 1, "9m")
    tsumogiri(hand)  # seat 2
    act(hand, Riichi(3, c("5z")))
    pass_all(hand)
    tsumogiri(hand)  # seat 0
    act(hand, AddedKan(1, c("8s")))
    assert hand.phase is Phase.AWAITING_ROBBERY and hand.seats[3].ippatsu
    return hand


@BOTH
def test_c1_03_riichi_furiten_includes_a_passed_chankan(rules):
    """C1-3: after riichi, passing a robbable added-kan tile is a pass: furiten for
    the rest of the hand (a later 5s cannot be ronned); the kan ends ippatsu."""
    hand = riichi_then_added_kan(rules)
    act(hand, Pass(3))
    assert hand.seats[3].riichi_furiten and not hand.seats[3].ippatsu
    tsumogiri(hand)  # seat 1's replacement tile
    tsumogiri(hand, passing=False)  # seat 2 discards 5s
    assert Ron(3) not in hand.legal_actions(3)


def test_c1_05_a_chankan_on_tenhou_can_carry_ippatsu():
    """C1-5 / A2 step 6: on Tenhou the added kan cancels ippatsu only after the chankan
    check, so robbing it inside the go-around is chankan + ippatsu."""
    hand = riichi_then_added_kan("tenhou")
    act(hand, Ron(3))
    yaku = yaku_of(hand)
    assert yaku["chankan"] == 1 and yaku["ippatsu"] == 1


@BOTH
def test_c1_04_a_call_on_the_declaration_tile_ends_everyones_ippatsu(rules):
    """C1-4: called by pon -> the stick is paid, ippatsu gone for everyone (the
    dealer's double riichi included)."""
    hands = [READY, "345m678m345p66s78s", "55z369p147s2367z8m", QUIET[0]]
    hand = deal(hands, ["6z", "5z"], rules=rules)
    act(hand, Riichi(0, c("6z")))
    pass_all(hand)
    assert hand.seats[0].ippatsu
    act(hand, Riichi(1, c("5z")))
    act(hand, Pon(2))
    assert hand.seats[1].riichi_accepted and hand.points[1] == 24_000 and hand.sticks == 2
    assert not hand.seats[0].ippatsu and not hand.seats[1].ippatsu


@BOTH
def test_c1_06_a_rinshan_win_on_an_added_kan_does_not_see_its_indicator(rules):
    """C1-6: open/added kan -> the indicator turns after the discard; a rinshan tsumo
    on an added kan is scored without it."""
    hands = ["1z47m258p369s2346z", "11z234m567m23p55s9p", QUIET[1], QUIET[2]]
    hand = deal(hands, [None, None, None, None, "1z"], dead="1p8m8m8m9s3m", rules=rules)
    discard(hand, 0, "1z", passing=False)
    act(hand, Pon(1))
    discard(hand, 1, "9p")
    go_around(hand, 3)
    act(hand, AddedKan(1, c("1z")))
    act(hand, Tsumo(1))
    situation = hand.outcome.wins[0].situation
    assert situation.rinshan and situation.dora_indicators == (c("9s"),)
    assert "dora" not in yaku_of(hand)  # 3m, the kan indicator, would make the 4m dora


@BOTH
def test_c1_11_a_replacement_tile_that_empties_the_wall_is_rinshan_not_haitei(rules):
    """C1-11: a kan with one live tile left is legal; its replacement empties the live
    wall and a win on it is rinshan only."""
    hands = ["111z234p567p789s5z", *QUIET]
    hand = deal(hands, [None] * 68 + ["1z"], dead="5z", rules=rules)
    run_until(hand, 0, 1)
    assert ClosedKan(0, c("1z")) in hand.legal_actions(0)
    act(hand, ClosedKan(0, c("1z")))
    assert hand.wall.live_count == 0
    act(hand, Tsumo(0))
    situation = hand.outcome.wins[0].situation
    assert situation.rinshan and not situation.haitei
    assert "haitei" not in yaku_of(hand) and "rinshan" in yaku_of(hand)


def test_c1_12_several_nagashi_all_pay():
    """C1-12: several nagashi at once are all paid (they offset)."""
    assert nagashi_deltas((1, 2), 0) == (-8000, 6000, 6000, -4000)
    assert nagashi_deltas((0,), 0) == (12000, -4000, -4000, -4000)


@pytest.mark.parametrize("kan_first, allowed", [(False, True), (True, False)])
def test_c1_14_nine_terminals_dies_on_an_earlier_closed_kan(kan_first, allowed):
    """C1-14: kyuushu kyuuhai dies on any earlier call, a closed kan included."""
    hands = ["1111z47m258p369s6z" if kan_first else "147m258p369s2346z", "19m19p19s234z4567m", QUIET[1], QUIET[2]]
    if not kan_first:
        hands[2] = "369m147p258s467z8m"  # QUIET[1] with its 2z for an 8m
    hand = deal(hands, "5z" if kan_first else "", rules="tenhou")
    if kan_first:
        act(hand, ClosedKan(0, c("1z")))
    tsumogiri(hand)
    assert hand.current == 1 and (NineTerminals(1) in hand.legal_actions(1)) is allowed


@BOTH
@pytest.mark.parametrize("hand_13, wins", [("1199m22p33p44s55s5z", True), ("1111m22p33p44s55s5z", False)])
def test_c1_18_seven_pairs_needs_seven_distinct_pairs(rules, hand_13, wins):
    """C1-18: a quad is not two pairs in riichi."""
    hand = deal([NO_1M, hand_13, QUIET[1], QUIET[2]], [None, "5z"], rules=rules)
    tsumogiri(hand)
    assert (Tsumo(1) in hand.legal_actions(1)) is wins


@BOTH
def test_c1_19_a_heavenly_four_concealed_pungs_scores_the_drawn_tile(rules):
    """C1-19 (unverified for the live client; not implemented): the engine scores the
    tile actually drawn, as riichienv does. A dealer's tenhou completing a triplet
    is tenhou + suuankou (two yakuman), not suuankou tanki (three on Mahjong Soul)."""
    hand = deal(["11m222p333s555z11z", *QUIET], "1m", rules=rules)
    act(hand, Tsumo(0))
    s = settled(hand)
    assert {"tenhou", "suuankou"} <= set(yaku_of(hand)) and s.wins[0].score.yakuman == 2


@pytest.mark.parametrize("rules, multiple", [("mahjong_soul", 2), ("tenhou", 1)])
@pytest.mark.parametrize("situation", [
    {"hand": "11122233344455m", "win_tile": "5m", "tsumo": True},  # suuankou tanki
    {"hand": "11123455678999p", "win_tile": "5p", "tsumo": True},  # junsei chuuren (nine-sided)
    {"hand": "222333444z55m", "win_tile": "5m", "melds": [{"type": "pon", "tiles": "111z"}]},  # daisuushii
    {"hand": "19m19p19s12345677z", "win_tile": "7z"},  # kokushi, thirteen-sided
])
def test_c1_16_double_yakuman_patterns_per_preset(rules, multiple, situation):
    """C1-16: Mahjong Soul doubles suuankou tanki, junsei chuuren, daisuushii, 13-wait
    kokushi; Tenhou counts them once."""
    score = ruleset_for(rules).score(WinSituation.from_dict(situation))
    assert score.valid and score.yakuman == multiple


def test_c1_16_kazoe_is_exactly_one_yakuman_and_different_yakuman_stack():
    """C1-16: kazoe yakuman is 1x on both; different yakuman add up."""
    for rules in ("mahjong_soul", "tenhou"):
        scorer = ruleset_for(rules).score
        kazoe = scorer(WinSituation.from_dict({  # 14 han: chinitsu ittsu iipeikou pinfu riichi tsumo dora 2
            "hand": "11223345678999m", "win_tile": "4m", "tsumo": True, "riichi": True, "dora_indicators": "9m",
        }))
        assert kazoe.valid and kazoe.han == 14 and kazoe.limit == "kazoe_yakuman"
        assert kazoe.payments == {"tsumo_non_dealer": 16000}  # the dealer's single yakuman
        stacked = scorer(WinSituation.from_dict({
            "hand": "55566677722z", "win_tile": "2z", "melds": [{"type": "pon", "tiles": "111z"}],
        }))
        assert {name for name, _ in stacked.yaku} == {"daisangen", "tsuuiisou"}
        assert stacked.yakuman == 2  # daisangen + tsuuiisou


@BOTH
def test_c1_11_the_discard_after_a_wall_emptying_replacement_is_houtei(rules):
    """C1-11 / A1 "Houtei raoyui": the discard after a rinshan draw that emptied the
    wall can only be ronned, and that ron is houtei."""
    hands = ["111z234p567p789s5z", QUIET[0], "5z234p567p789s234m", QUIET[2]]
    hand = deal(hands, [None] * 68 + ["1z"], dead="5z", rules=rules)
    run_until(hand, 0, 1)
    act(hand, ClosedKan(0, c("1z")))
    act(hand, Discard(0, c("5z")))  # the dealer declines the rinshan win
    assert list(hand.legal_actions(2)) == [Pass(2), Ron(2)]
    act(hand, Ron(2))
    assert yaku_of(hand) == {"houtei": 1}
