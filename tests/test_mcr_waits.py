"""``fan_by_wait``: the fan a ready MCR hand would score on each wait (the guide's
"7-8p: 6 fan, not enough; 9p: Pure Straight, 16 fan"), and its agreement with an
independent wait finder (``hand/mcr_forms.mcr_waits``) and with ``score_mcr`` on
seeded hands as they occur in play."""

from __future__ import annotations

import pytest

from mahjong_joy.errors import ScoringError
from mahjong_joy.hand.mcr_forms import mcr_waits
from mahjong_joy.notation import parse_tiles
from mahjong_joy.rulesets.mcr import McrMeld, McrSituation, fan_by_wait, score_mcr
from tests.mcr_gen import played_situations


def _waiting(hand: str, *melds: McrMeld, **context) -> McrSituation:
    return McrSituation.waiting(parse_tiles(hand), melds, **context)


def _kinds(text: str) -> set[int]:
    return set(parse_tiles(text))


def test_the_straight_wait_and_the_plain_wait():
    """9p completes a Pure Straight (16 fan, a win); 3p and 6p only all chows,
    concealed hand and a short straight (under 8: RULES.md B2, the 8-fan minimum)."""
    waits = fan_by_wait(_waiting("12345678p234s55s"))
    assert set(waits) == _kinds("369p")
    nine = waits[parse_tiles("9p")[0]]
    assert nine.valid and "pure_straight" in {n for n, _, _ in nine.fan}
    for other in parse_tiles("36p"):
        assert not waits[other].valid and waits[other].error == "below_minimum" and waits[other].fan_total < 8


def test_nine_gates_waits_on_every_tile_of_its_suit():
    waits = fan_by_wait(_waiting("1112345678999m"))
    assert set(waits) == _kinds("123456789m")
    assert all(r.valid and ("nine_gates", 88, 1) in r.fan for r in waits.values())


def test_context_tsumo_last_tile_and_melds():
    melds = (McrMeld("chow", (0, 1, 2)),)
    hand = "456p789s12s55s"  # an edge wait on 3s
    discard = fan_by_wait(_waiting(hand, *melds))
    three = parse_tiles("3s")[0]
    assert set(discard) == {three}
    assert "self_drawn" not in {n for n, _, _ in discard[three].fan}
    drawn = fan_by_wait(_waiting(hand, *melds, tsumo=True))
    assert "self_drawn" in {n for n, _, _ in drawn[three].fan}
    last = fan_by_wait(_waiting(hand, *melds), last_tile_kinds={three})
    assert "last_tile" in {n for n, _, _ in last[three].fan}


def test_a_fifth_copy_is_no_wait_and_a_hand_not_ready_has_none():
    waits = fan_by_wait(_waiting("1111m23m567p789s5z"))  # 1m would be a fifth copy
    assert set(waits) == _kinds("5z")
    assert fan_by_wait(_waiting("1357m2468p1357s9s")) == {}
    with pytest.raises(ScoringError, match="13"):
        fan_by_wait(_waiting("123m456p789s234s55s"))  # 14 tiles: a complete hand, not a waiting one


def test_special_forms_wait():
    assert set(fan_by_wait(_waiting("19m19p19s1234567z"))) == _kinds("19m19p19s1234567z")  # thirteen-sided
    assert set(fan_by_wait(_waiting("147m258p369s1234z"))) == _kinds("567z")  # honors and knitted


def test_agrees_with_the_wait_finder_and_the_scorer_in_play():
    """Seeded hands as a table produces them, the winning tile taken back: the waits
    are ``mcr_waits``'s (an independent search) less kinds held four times, and each
    answer is the scorer's own for that win."""
    checked = 0
    for data in played_situations(20261204, 150):
        won = McrSituation.from_dict(data)
        before = list(won.hand)
        before.remove(won.win_tile)
        waiting = McrSituation.waiting(before, won.melds, tsumo=won.tsumo, seat_wind=won.seat_wind,
                                       round_wind=won.round_wind, flowers=won.flowers)
        waits = fan_by_wait(waiting)
        held = [0] * 34
        for t in list(before) + [t for m in won.melds for t in m.tiles]:
            held[t] += 1
        expected = {t for t in mcr_waits(before, len(won.melds)) if held[t] < 4}
        assert set(waits) == expected, data
        assert won.win_tile in waits
        for t, result in waits.items():
            hand = tuple(sorted(before + [t]))
            again = score_mcr(McrSituation(hand, t, won.melds, tsumo=won.tsumo, seat_wind=won.seat_wind,
                                           round_wind=won.round_wind, flowers=won.flowers))
            assert (result.fan, result.fan_total, result.valid) == (again.fan, again.fan_total, again.valid)
        checked += 1
    assert checked == 150
