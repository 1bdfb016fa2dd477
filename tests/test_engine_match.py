"""The Joy ruleset and the match: scoring through the scorer, payments, dealer rotation, the end."""

from __future__ import annotations

from mahjong_joy.engine.match import Match, standings_of
from mahjong_joy.rulesets.base import TableState, deltas_from_payments
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.rulesets.riichi import WinSituation
from mahjong_joy.rulesets.riichi.flow import next_table
from mahjong_joy.tiles import SOUTH
from tests.helpers import h

JOY = ruleset_for("joy")


def test_a_hand_without_yaku_scores_joy_win_and_the_discarder_pays() -> None:
    win = WinSituation(hand=tuple(sorted(h("123m456p789s1z1z789m"))), win_tile=h("9m")[0], seat_wind=SOUTH)
    score = JOY.score(win)
    assert score.valid and ("joy_win", 1) in score.yaku
    deltas = deltas_from_payments(score.payments, 1, 3, 0)
    assert sum(deltas) == 0 and deltas[3] < 0 < deltas[1] and deltas[0] == 0


def test_tsumo_payments_split_between_dealer_and_non_dealers() -> None:
    assert deltas_from_payments({"tsumo_dealer": 700, "tsumo_non_dealer": 400}, 2, 2, 0) == (-700, -400, 1500, -400)
    assert deltas_from_payments({"tsumo_non_dealer": 500}, 0, 0, 0) == (1500, -500, -500, -500)
    assert deltas_from_payments({"ron": 1000}, 1, 2, 0) == (0, 1000, -1000, 0)


def test_dealer_repeats_on_a_dealer_win_and_passes_otherwise() -> None:
    rules = JOY.rules
    points = (25_000,) * 4
    t = TableState("E", 2, 1, 1, points)

    def after(keeps: bool, honba: int, table: TableState = t, pts: tuple = points) -> tuple | None:
        nxt = next_table(table, pts, 0, keeps, honba, False, rules)
        return None if nxt is None else tuple(nxt.position.__getattribute__(f) for f in ("round_wind", "hand_number", "honba", "dealer"))

    assert after(True, 2) == ("E", 2, 2, 1)  # dealer win: repeat, honba up
    assert after(False, 0) == ("E", 3, 0, 2)  # non-dealer win
    assert after(False, 2) == ("E", 3, 2, 2)  # a draw: the seat passes, honba up
    assert after(False, 0, TableState("E", 4, 0, 3, points)) is None  # East 4 is the last
    assert after(False, 0, t, (30_000, -100, 40_000, 30_100)) is None  # below zero ends it


def test_standings_break_ties_by_seat() -> None:
    assert [(s.seat, s.placement) for s in standings_of([25_000, 30_000, 25_000, 20_000])] == [
        (1, 1), (0, 2), (2, 3), (3, 4)
    ]


def test_each_hand_wall_derives_from_the_seed_and_counters() -> None:
    a, b = Match(9, JOY), Match(9, JOY)
    assert a.wall_key == "9:E:1:0" and a.hand.wall.deck == b.hand.wall.deck
    assert Match(10, JOY).hand.wall.deck != a.hand.wall.deck
