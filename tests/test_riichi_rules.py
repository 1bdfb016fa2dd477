"""Riichi rules on rigged walls, one test per rule of issue 10 sections 2-3, each
citing its RULES.md row (A1 tables, A2 turn order). The RULES.md C1 cases are
pinned by name in ``test_riichi_cases.py``; match flow in ``test_riichi_flow.py``.

Seat 0 deals in every wall; fives are plain unless written ``0`` (the red copy).
"""

from __future__ import annotations

import pytest

from mahjong_joy.engine import AddedKan, Chi, ClosedKan, Discard, Kan, Pass, Phase, Pon, Ron, Tsumo
from mahjong_joy.engine.actions import NineTerminals, Riichi
from mahjong_joy.engine.events import Discarded, DoraRevealed, Drew, RiichiAccepted, RiichiDeclared
from mahjong_joy.errors import IllegalActionError
from tests.invariants import fingerprint
from tests.riichi_helpers import (
    QUIET,
    act,
    c,
    deal,
    discard,
    draws_at,
    go_around,
    pass_all,
    run_until,
    settled,
    tsumogiri,
    yaku_of,
)

READY = "234m567m234p55s67s"  # tenpai on 5s/8s: riichi, tanyao, pinfu on 8s
BOTH = pytest.mark.parametrize("rules", ["mahjong_soul", "tenhou"])


def riichis(hand, seat):
    return [a for a in hand.legal_actions(seat) if isinstance(a, Riichi)]


# ---------------------------------------------------------------- 2. red fives


@BOTH
def test_a_red_or_a_plain_five_may_be_discarded(rules):
    """A1 "Red fives": three red fives; the player chooses which five to discard."""
    hand = deal(["0p5p123m456m789s12z", *QUIET], "3z", rules=rules)
    legal = hand.legal_actions(0)
    assert Discard(0, c("5p")) in legal and Discard(0, c("0p")) in legal
    events = act(hand, Discard(0, c("0p")))
    assert Discarded(0, c("0p"), False) in events
    assert hand.rivers[0][-1].tile == 52  # the red copy
    assert [hand.code(t) for t in hand.concealed[0] if t // 4 == 13] == [13]


@BOTH
def test_discarding_the_plain_five_keeps_the_red_one(rules):
    """A1 "Red fives": the plain copy may be chosen instead."""
    hand = deal(["0p5p123m456m789s12z", *QUIET], "3z", rules=rules)
    act(hand, Discard(0, c("5p")))
    assert hand.rivers[0][-1].tile != 52 and 52 in hand.concealed[0]


def test_joy_has_no_red_fives():
    """A1 "Red fives" (Joy: none): the same copy is a plain five."""
    hand = deal(["0p5p123m456m789s12z", *QUIET], "3z", rules="joy")
    legal = hand.legal_actions(0)
    assert Discard(0, c("0p")) not in legal and Discard(0, c("5p")) in legal


@BOTH
def test_a_pon_says_which_fives_it_consumes(rules):
    """Issue 10 s2: a pon names the codes it takes (``consumed``); the default keeps the red."""
    hands = ["5p123m456m789s123z", "0p55p19m19s123456z", QUIET[1], QUIET[2]]
    hand = deal(hands, "5z", rules=rules)
    discard(hand, 0, "5p", passing=False)
    pons = [a for a in hand.legal_actions(1) if isinstance(a, Pon)]
    assert pons == [Pon(1, (13, 13)), Pon(1, (13, 35))]
    act(hand, Pon(1, (13, 35)))
    assert 52 in hand.melds[1][0].tiles and 52 not in hand.concealed[1]
    meld = hand.situation(1, 0, tsumo=False, robbed=False).melds[0]
    assert meld.red == (13,)  # the scorer is told the meld holds the red five


@BOTH
def test_a_pon_without_consumed_takes_plain_copies(rules):
    """Issue 10 s2: ``Pon(seat)`` under red fives is the engine's choice, plain first."""
    hands = ["5p123m456m789s123z", "0p55p19m19s123456z", QUIET[1], QUIET[2]]
    hand = deal(hands, "5z", rules=rules)
    discard(hand, 0, "5p", passing=False)
    act(hand, Pon(1))
    assert 52 not in hand.melds[1][0].tiles and 52 in hand.concealed[1]


@BOTH
def test_a_chi_says_which_fives_it_consumes(rules):
    """Issue 10 s2: a chi with a red and a plain five in hand offers both."""
    hands = ["3p123m456m789s123z", "4p0p5p19m19s123457z", QUIET[1], QUIET[2]]
    hand = deal(hands, "5z", rules=rules)
    discard(hand, 0, "3p", passing=False)
    chis = [a for a in hand.legal_actions(1) if isinstance(a, Chi)]
    assert Chi(1, (11, 12, 13), (12, 13)) in chis and Chi(1, (11, 12, 13), (12, 35)) in chis
    act(hand, Chi(1, (11, 12, 13), (12, 35)))
    assert 52 in hand.melds[1][0].tiles


@BOTH
def test_red_fives_reach_the_scorer_as_aka_dora(rules):
    """A1 "Red fives": each red five is one dora (in hand here)."""
    hands = ["8s123m456m789p12z3z", "234m0p67p234s5588s", QUIET[1], QUIET[2]]
    hand = deal(hands, "5z", rules=rules)
    discard(hand, 0, "8s", passing=False)
    act(hand, Ron(1))
    assert yaku_of(hand)["aka_dora"] == 1


# ---------------------------------------------------------------- 3. riichi


@BOTH
def test_riichi_is_offered_only_with_discards_that_leave_tenpai(rules):
    """A1 "Riichi requirements": tenpai after the declaration discard."""
    hand = deal(["234m567m234p55s6s1z", *QUIET], "7s", rules=rules)
    assert riichis(hand, 0) == [Riichi(0, c("5s")), Riichi(0, c("1z"))]  # 5s: 567s and a 1z wait
    before = fingerprint(hand)
    with pytest.raises(IllegalActionError, match="does not leave the hand ready"):
        hand.apply(Riichi(0, c("6s")))
    assert fingerprint(hand) == before


@BOTH
def test_riichi_needs_a_closed_hand(rules):
    """A1 "Riichi requirements": closed hand; after a pon no riichi."""
    hands = ["1z147m258p369s357z", "11z234m567m23p55s7s", QUIET[1], QUIET[2]]
    hand = deal(hands, draws_at({(1, 0): "9p"}), rules=rules)
    discard(hand, 0, "1z", passing=False)
    act(hand, Pon(1))
    discard(hand, 1, "7s")
    go_around(hand, 3)  # seats 2, 3, 0; seat 1 draws its first tile
    assert hand.current == 1 and hand.waits_of(1) == ()  # 11 tiles in hand: ready after a discard
    assert riichis(hand, 1) == []
    with pytest.raises(IllegalActionError, match="riichi needs a closed hand"):
        hand.apply(Riichi(1, hand.code(hand.drawn)))


@BOTH
def test_riichi_is_allowed_after_a_closed_kan(rules):
    """A1 "Riichi requirements": closed hand, closed kans allowed."""
    hand = deal(["1111z234m567m23p5s", *QUIET], "5s", "9p", rules=rules)
    act(hand, ClosedKan(0, c("1z")))
    assert hand.drawn // 4 == c("9p")
    assert Riichi(0, c("9p")) in riichis(hand, 0)


@BOTH
@pytest.mark.parametrize("points, allowed", [(999, False), (1000, True)])
def test_riichi_needs_1000_points(rules, points, allowed):
    """A1 "Riichi requirements": score at least 1,000."""
    hand = deal([READY, *QUIET], "1z", rules=rules, points=(points, 25_000, 25_000, 25_000))
    assert (Riichi(0, c("1z")) in hand.legal_actions(0)) is allowed
    if not allowed:
        with pytest.raises(IllegalActionError, match="riichi needs 1000 points"):
            hand.apply(Riichi(0, c("1z")))


@BOTH
def test_riichi_needs_four_tiles_left_in_the_live_wall(rules):
    """A1 "Riichi requirements": at least 4 tiles left to draw (a next turn)."""
    hands = [QUIET[2], "234m567m22p55s678s", "345m678m33p66s789s", QUIET[0]]
    hand = deal(hands, rules=rules)
    run_until(hand, 1, 4)
    assert Riichi(1, hand.code(hand.drawn)) in hand.legal_actions(1)
    tsumogiri(hand)
    assert hand.current == 2 and hand.wall.live_count == 3
    assert riichis(hand, 2) == []
    with pytest.raises(IllegalActionError, match="riichi needs 4 tiles left"):
        hand.apply(Riichi(2, hand.code(hand.drawn)))
