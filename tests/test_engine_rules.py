"""The referee on hand-made walls: phases, claims, kans, robbing, draws and error messages."""

from __future__ import annotations

import pytest

from mahjong_joy.engine import AddedKan, Chi, ClosedKan, Discard, HandState, Kan, Pass, Phase, Pon, Ron, Tsumo
from mahjong_joy.engine.events import AddedKanned, DoraRevealed, Drew, Won
from mahjong_joy.errors import IllegalActionError
from mahjong_joy.rulesets.joy import ruleset_for
from tests.helpers import h
from tests.invariants import check_hand, fingerprint, rigged_wall

JOY = ruleset_for("joy")
OTHERS = ["234m567m567s88s89p", "2233445566778m"]  # seats 2 and 3 in most walls


def t(name: str) -> int:
    return h(name)[0]


def deal(hands: list[str], draws: str = "", dead: str = "") -> HandState:
    hand = HandState(rigged_wall(hands, draws, dead), 0, JOY)
    check_hand(hand)
    return hand


def test_the_deal_gives_thirteen_each_and_the_dealer_draws_first() -> None:
    hand = HandState.from_key("7:E:1:0", 2, JOY)
    check_hand(hand)
    assert hand.phase is Phase.AWAITING_DISCARD and hand.current == 2
    assert [len(c) for c in hand.concealed] == [13, 13, 14, 13]
    assert hand.wall.live_count == 69 and len(hand.wall.dora_indicators) == 1


def test_illegal_actions_name_seat_action_and_reason_and_change_nothing() -> None:
    hand = deal(["19m9p9s2p1s1234567z", "11m234p567p234s68s", *OTHERS], "7z")
    before = fingerprint(hand)
    cases = [
        (Discard(1, t("2p")), "seat 1 cannot discard 2p: it is seat 0's turn"),
        (Discard(0, t("5p")), "seat 0 cannot discard 5p: holds no 5p"),
        (Pon(2), "seat 2 cannot pon: there is no discard to claim"),
        (Tsumo(0), "seat 0 cannot tsumo: 19m29p19s12345677z is not a complete hand"),
        (ClosedKan(0, t("1m")), "seat 0 cannot closed kan 1m: holds 1 1m, needs four"),
        (AddedKan(0, t("7z")), "seat 0 cannot added kan 7z: has no pon of 7z"),
        (Discard(7, 0), "seat 7 cannot discard 1m: no such seat"),
    ]
    for action, message in cases:
        with pytest.raises(IllegalActionError, match=message):
            hand.apply(action)
        assert fingerprint(hand) == before


def test_pon_takes_the_discard_and_the_claimer_must_discard() -> None:
    hand = deal(["19m9p9s2p1s1234567z", "11m234p567p234s68s", *OTHERS], "7z")
    hand.apply(Discard(0, t("1m")))
    assert hand.phase is Phase.AWAITING_CLAIMS
    opportunity = hand.opportunity_of(1)
    assert opportunity is not None and [o.kind for o in opportunity.options] == ["pon"]
    assert hand.opportunity_of(2) is None
    with pytest.raises(IllegalActionError, match="seat 3 cannot pon: has no claim on 1m"):
        hand.apply(Pon(3))
    hand.apply(Pon(1))
    check_hand(hand)
    assert hand.current == 1 and hand.phase is Phase.AWAITING_DISCARD
    assert hand.rivers[0][-1].claimed_by == 1 and hand.melds[1][0].from_seat == 0
    with pytest.raises(IllegalActionError, match="just claimed must discard"):
        hand.apply(Tsumo(1))


def test_all_pass_lets_the_next_seat_draw() -> None:
    hand = deal(["19m9p9s2p1s1234567z", "11m234p567p234s68s", *OTHERS], "7z3p")
    hand.apply(Discard(0, t("1m")))
    events = hand.apply(Pass(1))
    check_hand(hand)
    assert isinstance(events[-1], Drew) and events[-1].seat == 1 and events[-1].tile == t("3p")
    with pytest.raises(IllegalActionError, match="there is no discard to claim"):
        hand.apply(Pass(1))


def test_ron_and_chi_on_one_discard_and_chi_only_from_the_left() -> None:
    hand = deal(["19m9p9s2p1s1234567z", "23m234p567p234s88s", *OTHERS], "7z")
    hand.apply(Discard(0, t("1m")))
    assert Chi(1, (0, 1, 2)) in hand.legal_actions(1) and Ron(1) in hand.legal_actions(1)
    assert hand.opportunity_of(2) is None  # seat 2 holds 23m too, but is not on the left
    with pytest.raises(IllegalActionError, match="cannot make"):
        hand.apply(Chi(1, (1, 2, 3)))
    events = hand.apply(Ron(1))
    check_hand(hand)
    assert isinstance(events[-1], Won) and events[-1].from_seat == 0 and not events[-1].tsumo
    assert hand.is_finished and len(hand.concealed[1]) == 14
    with pytest.raises(IllegalActionError, match="the hand is over"):
        hand.apply(Discard(1, t("1m")))


def test_open_kan_draws_a_replacement_and_turns_a_dora() -> None:
    hand = deal(["19m9p9s2p1s1234567z", "111m234p567p234s6s", *OTHERS], "7z", "5m")
    hand.apply(Discard(0, t("1m")))
    events = hand.apply(Kan(1))
    check_hand(hand)
    assert hand.melds[1][0].type == "kan" and isinstance(events[1], DoraRevealed)
    assert isinstance(events[2], Drew) and events[2].replacement and events[2].tile == t("5m")
    assert len(hand.wall.dora_indicators) == 2 and hand.wall.live_count == 68


def test_closed_kan_draws_a_replacement() -> None:
    hand = deal(["1111m9m9p9s123456z", "23m234p567p234s88s", *OTHERS], "7z", "5m")
    events = hand.apply(ClosedKan(0, t("1m")))
    check_hand(hand)
    assert isinstance(events[-1], Drew) and events[-1].replacement and hand.current == 0
    assert hand.melds[0][0].type == "closed_kan" and hand.melds[0][0].from_seat is None


ROB = ["5p19m789p3678s456z", "55p123789m23p11s7z", "123m456m789m11s46p", "22334455s234m66z"]
ROB_DRAWS = "1z2z3z1z5p"


def _to_added_kan() -> HandState:
    hand = deal(ROB, ROB_DRAWS)
    hand.apply(Discard(0, t("5p")))
    hand.apply(Pon(1))
    for seat, tile in ((1, "7z"), (2, "2z"), (3, "3z"), (0, "1z")):
        hand.apply(Discard(seat, t(tile)))
        check_hand(hand)
        assert not hand.waiting, f"nobody should claim {tile}"
    assert AddedKan(1, t("5p")) in hand.legal_actions(1)
    return hand


def test_an_added_kan_can_be_robbed() -> None:
    hand = _to_added_kan()
    events = hand.apply(AddedKan(1, t("5p")))
    assert isinstance(events[-1], AddedKanned) and hand.phase is Phase.AWAITING_ROBBERY
    assert list(hand.legal_actions(2)) == [Pass(2), Ron(2)]
    with pytest.raises(IllegalActionError, match="waiting for claims"):
        hand.apply(Discard(1, t("1m")))
    won = hand.apply(Ron(2))[-1]
    check_hand(hand)
    assert isinstance(won, Won) and won.robbed_kan and won.from_seat == 1
    assert hand.melds[1][0].type == "pon"


def test_an_unrobbed_added_kan_completes_with_a_replacement() -> None:
    hand = _to_added_kan()
    hand.apply(AddedKan(1, t("5p")))
    events = hand.apply(Pass(2))
    check_hand(hand)
    assert hand.melds[1][0].type == "added_kan" and isinstance(events[-1], Drew) and events[-1].replacement


def test_exhaustive_draw_when_the_wall_runs_out() -> None:
    hand = HandState.from_key("3:E:1:0", 0, JOY)
    while not hand.is_finished:
        seat = hand.seats_to_act()[0]
        if hand.phase is Phase.AWAITING_DISCARD:
            hand.apply(Discard(seat, hand.drawn // 4 if hand.drawn is not None else hand.concealed[seat][0] // 4))
        else:
            hand.apply(Pass(seat))
        check_hand(hand)
    assert hand.outcome is not None and not hand.outcome.wins and hand.wall.live_count == 0
    for seat, waits in hand.outcome.ready:
        for wait in waits:
            counts = list(hand.counts[seat])
            counts[wait] += 1
            assert JOY.can_win(counts, len(hand.melds[seat]))
