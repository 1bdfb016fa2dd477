"""The Joy ruleset and the match: scoring through the scorer, payments, dealer rotation, the end."""

from __future__ import annotations

from mahjong_joy.engine.match import Match, standings_of
from mahjong_joy.rulesets.base import Position, WinContext, deltas_from_payments
from mahjong_joy.rulesets.joy import JoyRuleset
from tests.helpers import h

JOY = JoyRuleset()


def test_a_hand_without_yaku_scores_joy_win_and_the_discarder_pays() -> None:
    win = WinContext(seat=1, from_seat=3, tsumo=False, hand=tuple(h("123m456p789s1z1z789m")),
                     win_tile=h("9m")[0], melds=(), dealer=0)
    score = JOY.score_win(win)
    assert ("joy_win", 1) in score.yaku or score.han >= 1
    assert sum(score.deltas) == 0 and score.deltas[3] < 0 < score.deltas[1] and score.deltas[0] == 0


def test_tsumo_payments_split_between_dealer_and_non_dealers() -> None:
    assert deltas_from_payments({"tsumo_dealer": 700, "tsumo_non_dealer": 400}, 2, 2, 0) == (-700, -400, 1500, -400)
    assert deltas_from_payments({"tsumo_non_dealer": 500}, 0, 0, 0) == (1500, -500, -500, -500)
    assert deltas_from_payments({"ron": 1000}, 1, 2, 0) == (0, 1000, -1000, 0)


def test_dealer_repeats_on_a_dealer_win_and_passes_otherwise() -> None:
    p = Position("E", 2, 1, 1)
    points = [25_000] * 4
    assert JOY.next_position(p, 1, points) == Position("E", 2, 2, 1)
    assert JOY.next_position(p, 3, points) == Position("E", 3, 0, 2)
    assert JOY.next_position(p, None, points) == Position("E", 3, 2, 2)
    assert JOY.next_position(Position("E", 4, 0, 3), 0, points) is None
    assert JOY.next_position(p, 3, [30_000, -100, 40_000, 30_100]) is None


def test_standings_break_ties_by_seat() -> None:
    assert [(s.seat, s.placement) for s in standings_of([25_000, 30_000, 25_000, 20_000])] == [
        (1, 1), (0, 2), (2, 3), (3, 4)
    ]


def test_each_hand_wall_derives_from_the_seed_and_counters() -> None:
    a, b = Match(9), Match(9)
    assert a.wall_key == "9:E:1:0" and a.hand.wall.deck == b.hand.wall.deck
    assert Match(10).hand.wall.deck != a.hand.wall.deck
