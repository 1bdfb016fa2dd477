"""The controller under riichi rules: claims resolve through resolve_claims, a human's
ron is never dropped because an AI also rons (issue 10, section 5), and multiple
rons are paid as RULES.md C1-9 says."""

from __future__ import annotations

from mahjong_joy.controller import CLAIM, Controller
from mahjong_joy.engine.actions import Discard, Ron
from mahjong_joy.engine.state import HandState
from mahjong_joy.rulesets.base import TableState
from mahjong_joy.rulesets.joy import ruleset_for
from tests.helpers import h
from tests.invariants import rigged_wall

DEALER = "1199m1199s135p27z"  # 13 tiles; draws 9p then discards it
HUMAN = "123m456m789m123p9p"  # ittsu, single wait on 9p
AI = "123s456s789s555z9p"  # ittsu in bamboo and white dragons, single wait on 9p
OTHER = "2468m2468p2468s1z"


def rigged(rules: str, seats: tuple[str, ...], honba: int = 1, sticks: int = 2) -> Controller:
    ruleset = ruleset_for(rules)
    ctl = Controller(seats, seed=1, ruleset=ruleset, auto_deal=False)
    table = TableState("E", 1, honba, 0, (25_000, 25_000, 25_000, 23_000), sticks)
    ctl.match.table = table
    ctl.match.points = list(table.points)
    ctl.match.hand = HandState(rigged_wall([DEALER, HUMAN, AI, OTHER], "9p"), 0, ruleset, table)
    return ctl


def double_ron(honba: int, sticks: int):
    ctl = rigged("mahjong_soul", ("human", "human", "potential", "potential"), honba, sticks)
    ctl.submit(Discard(0, h("9p")[0]))
    decision = ctl.pending
    assert decision is not None and decision.seat == 1 and decision.kind == CLAIM
    assert Ron(1) in decision.actions
    ctl.submit(Ron(1))
    result = ctl.hand_result
    assert result is not None
    return result


def test_a_human_ron_stands_beside_an_ai_ron_and_both_are_paid() -> None:
    result = double_ron(honba=1, sticks=2)
    plain = double_ron(honba=0, sticks=0)
    assert [w.seat for w in result.wins] == [1, 2]
    first, second = result.wins
    # honba and both sticks go to the winner nearest the discarder only (C1-9)
    assert first.deltas[1] == plain.wins[0].deltas[1] + 300 + 2000
    assert second.deltas[2] == plain.wins[1].deltas[2]
    assert result.deltas[0] == -(first.deltas[1] - 2000) - second.deltas[2]
    assert sum(result.deltas) == 2000 and result.sticks_after == 0


def test_under_head_bump_the_nearer_human_ron_takes_the_tile() -> None:
    ctl = rigged("joy", ("human", "human", "potential", "potential"), honba=0, sticks=0)
    ctl.submit(Discard(0, h("9p")[0]))
    decision = ctl.pending
    assert decision is not None and decision.seat == 1 and Ron(1) in decision.actions
    ctl.submit(Ron(1))
    result = ctl.hand_result
    assert result is not None and [w.seat for w in result.wins] == [1]


def test_an_ai_ron_nearer_than_the_human_takes_it_under_head_bump() -> None:
    ctl = rigged("joy", ("human", "potential", "human", "potential"), honba=0, sticks=0)
    ctl.submit(Discard(0, h("9p")[0]))
    assert ctl.pending is None or ctl.pending.seat != 2  # seat 2 cannot beat seat 1's ron
    ctl.step()
    result = ctl.hand_result
    assert result is not None and [w.seat for w in result.wins] == [1]


def test_a_double_ron_reports_each_win_and_the_best_hand_counts_the_second() -> None:
    from types import SimpleNamespace

    from mahjong_joy.ui.controller_session import ControllerSession

    ctl = rigged("mahjong_soul", ("human", "human", "potential", "potential"), honba=0, sticks=0)
    ctl.submit(Discard(0, h("9p")[0]))
    ctl.submit(Ron(1))
    (scored,) = [e for e in ctl.events if e.name == "hand_scored"]
    first, second = ctl.hand_result.wins
    assert scored.outcome == ctl.hand_result and [(w.seat, w.from_seat) for w in scored.outcome.wins] == [(1, 0), (2, 0)]
    assert second.han > first.han  # the dragons' extra han
    session = SimpleNamespace(_best=None)
    ControllerSession._note_best(session, scored)  # type: ignore[arg-type]
    assert session._best[1] == 2 and session._best[0] == (second.han, second.fu)
