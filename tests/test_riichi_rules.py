"""Riichi rules on rigged walls, one test per rule of issue 10 sections 2-3, each
citing its RULES.md row (A1 tables, A2 turn order). The RULES.md C1 cases are
pinned by name in ``test_riichi_cases.py``; match flow in ``test_riichi_flow.py``.

Seat 0 deals in every wall; fives are plain unless written ``0`` (the red copy).
"""

from __future__ import annotations

import pytest

from mahjong_joy.engine import AddedKan, Chi, ClosedKan, Discard, Kan, Pass, Phase, Pon, Ron, Tsumo
from mahjong_joy.engine.actions import NineTerminals, Riichi
from mahjong_joy.engine.checks import kuikae_mask
from mahjong_joy.engine.events import Aborted, Discarded, DoraRevealed, Drew, Exhausted, RiichiAccepted, RiichiDeclared
from mahjong_joy.errors import IllegalActionError
from mahjong_joy.hand.claims import ClaimOption
from mahjong_joy.rulesets.base import TableState
from mahjong_joy.rulesets.riichi.settle import settle
from tests.helpers import h
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
    run_out,
    run_until,
    settled,
    tsumogiri,
    yaku_of,
)

READY = "234m567m234p55s67s"  # tenpai on 5s/8s: riichi, tanyao, pinfu on 8s
NO_1M = "47m258p369s23467z"  # QUIET[0] without its 1m
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
    assert meld.reds == (13,)  # the scorer is told the meld holds the red five


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


# Seat 1 discards 5z on its first turn and declares riichi with its second draw (5z).
RIICHI_ON_2ND = {(1, 0): "5z", (1, 1): "5z"}


def riichi_by_seat_1(rules="tenhou", more=None, hands=None, dead=""):
    """Seat 1 (READY, waiting 5s/8s) declares riichi on its second discard; every
    claim passed. Returns the hand with seat 2 to draw."""
    turns = {**RIICHI_ON_2ND, **(more or {})}
    hand = deal(hands or [QUIET[0], READY, QUIET[1], QUIET[2]], draws_at(turns), dead, rules=rules)
    go_around(hand, 4)  # seats 0, 1, 2, 3
    tsumogiri(hand)  # seat 0
    discard(hand, 1, "5z", riichi=True)
    return hand


@BOTH
def test_the_riichi_stick_goes_down_when_the_declaration_tile_passes(rules):
    """A1 "When the riichi stick is paid": not ronned -> 1,000 on the table, only
    once the claim window on the declaration tile closes."""
    hands = [QUIET[0], READY, "55z19m19p19s12346z", QUIET[2]]
    hand = deal(hands, draws_at(RIICHI_ON_2ND | {(1, 0): "1z"}), rules=rules)
    go_around(hand, 5)
    events = act(hand, Riichi(1, c("5z")))
    assert RiichiDeclared(1) in events and hand.phase is Phase.AWAITING_CLAIMS  # seat 2 may pon
    assert hand.points[1] == 25_000 and hand.sticks == 0
    events += pass_all(hand)
    assert RiichiAccepted(1) in events
    assert hand.points[1] == 24_000 and hand.sticks == 1 and hand.accepted == [1]
    assert hand.rivers[1][-1].riichi


@BOTH
def test_a_ronned_declaration_tile_puts_down_no_stick(rules):
    """A1 "When the riichi stick is paid": ronned -> riichi void, no stick (C1-4)."""
    hands = [QUIET[0], READY, "55z234m567m234p88s", QUIET[2]]
    hand = deal(hands, draws_at(RIICHI_ON_2ND | {(1, 0): "1z"}), rules=rules)
    go_around(hand, 5)
    act(hand, Riichi(1, c("5z")))
    assert Ron(2) in hand.legal_actions(2)
    act(hand, Ron(2))
    assert hand.outcome.riichi == () and hand.sticks == 0 and hand.points[1] == 25_000
    assert settled(hand).deltas[1] < 0  # the declarer pays the ron, no stick


@BOTH
def test_a_called_declaration_tile_still_puts_down_the_stick(rules):
    """A1 "When the riichi stick is paid": a call on the tile establishes the riichi (C1-4)."""
    hands = [QUIET[0], READY, "55z19m19p19s12346z", QUIET[2]]
    hand = deal(hands, draws_at(RIICHI_ON_2ND | {(1, 0): "1z"}), rules=rules)
    go_around(hand, 5)
    act(hand, Riichi(1, c("5z")))
    events = act(hand, Pon(2))
    assert RiichiAccepted(1) in events and hand.points[1] == 24_000 and hand.sticks == 1
    assert hand.seats[1].riichi_accepted and not hand.seats[1].ippatsu  # the call ends ippatsu


@BOTH
def test_after_riichi_only_the_drawn_tile_is_discarded(rules):
    """A2 step 4: after a riichi only the drawn tile may be discarded (tsumogiri)."""
    hand = riichi_by_seat_1(rules, {(1, 2): "9m"})
    go_around(hand, 3)
    assert hand.current == 1 and hand.drawn // 4 == c("9m")
    assert list(hand.legal_actions(1)) == [Discard(1, c("9m"))]
    before = fingerprint(hand)
    with pytest.raises(IllegalActionError, match="after riichi only the drawn tile may be discarded"):
        hand.apply(Discard(1, c("2m")))
    assert fingerprint(hand) == before


# ---------------------------------------------------------------- closed kan after riichi

KAN_READY = "111m234p567p789s5s"  # tanki on 5s; a kan of 1m keeps that wait


@BOTH
def test_a_closed_kan_after_riichi_with_the_drawn_tile_and_the_same_waits(rules):
    """A1 "Closed kan after riichi": the drawn tile, waits unchanged -> allowed."""
    hands = [NO_1M, KAN_READY, QUIET[1], QUIET[2]]
    hand = riichi_by_seat_1(rules, {(1, 2): "1m"}, hands, dead="9m")
    go_around(hand, 3)
    assert ClosedKan(1, c("1m")) in hand.legal_actions(1)
    act(hand, ClosedKan(1, c("1m")))
    assert hand.melds[1][0].type == "closed_kan" and hand.waits_of(1) == ()
    assert list(hand.legal_actions(1)) == [Discard(1, c("9m"))]  # still tsumogiri only


@BOTH
def test_no_closed_kan_after_riichi_when_the_waits_change(rules):
    """A1 "Closed kan after riichi" / C1-7: 11123m456p789s55s drawing 1m: the kan would
    leave 1m/4m of 1m/4m/5s -> forbidden (the tsumo is still there)."""
    hands = [NO_1M, "11123m456p789s55s", QUIET[1], QUIET[2]]
    hand = riichi_by_seat_1(rules, {(1, 2): "1m"}, hands)
    go_around(hand, 3)
    legal = hand.legal_actions(1)
    assert ClosedKan(1, c("1m")) not in legal and Tsumo(1) in legal
    with pytest.raises(IllegalActionError, match="closed kan must use the drawn tile and keep the waits"):
        hand.apply(ClosedKan(1, c("1m")))


@BOTH
def test_no_closed_kan_after_riichi_with_a_tile_other_than_the_drawn_one(rules):
    """A1 "Closed kan after riichi": no okurikan (four held, another tile drawn)."""
    hands = [NO_1M, "1111m23m456p789s5s", QUIET[1], QUIET[2]]
    hand = riichi_by_seat_1(rules, {(1, 2): "9m"}, hands)
    go_around(hand, 3)
    assert list(hand.legal_actions(1)) == [Discard(1, c("9m"))]
    with pytest.raises(IllegalActionError, match="closed kan must use the drawn tile"):
        hand.apply(ClosedKan(1, c("1m")))


# ---------------------------------------------------------------- ippatsu


@BOTH
def test_ippatsu_on_the_next_draw(rules):
    """A2 step 6: ippatsu set when the riichi is accepted, good until the next own discard."""
    hand = riichi_by_seat_1(rules, {(1, 2): "8s"})
    go_around(hand, 3)
    act(hand, Tsumo(1))
    assert yaku_of(hand) == {"riichi": 1, "ippatsu": 1, "menzen_tsumo": 1, "pinfu": 1, "tanyao": 1}


@BOTH
def test_ippatsu_on_a_ron_inside_the_go_around(rules):
    """A2 step 6: a ron before the riichi seat's next discard is ippatsu."""
    hand = riichi_by_seat_1(rules, {(3, 1): "8s"})
    tsumogiri(hand)  # seat 2
    tsumogiri(hand, passing=False)  # seat 3 discards 8s
    act(hand, Ron(1))
    assert yaku_of(hand)["ippatsu"] == 1


@BOTH
def test_the_riichi_seats_next_discard_ends_ippatsu(rules):
    """A2 step 6: lost at the riichi player's next discard."""
    hand = riichi_by_seat_1(rules, {(1, 2): "9m", (1, 3): "8s"})
    go_around(hand, 7)
    act(hand, Tsumo(1))
    assert "ippatsu" not in yaku_of(hand) and "riichi" in yaku_of(hand)


@BOTH
def test_a_pon_by_anyone_ends_ippatsu(rules):
    """A2 step 6: ippatsu lost for everybody on any call (a pon here)."""
    hands = [QUIET[0], READY, QUIET[1], "88m369m147p147s24z"]
    # seat 3's pon takes its draw: seat 1 draws the tile laid at seat 0's turn
    hand = riichi_by_seat_1(rules, {(2, 1): "8m", (0, 2): "8s"}, hands)
    tsumogiri(hand, passing=False)  # seat 2 discards 8m
    act(hand, Pon(3))
    discard(hand, 3, "2z")
    tsumogiri(hand)  # seat 0
    act(hand, Tsumo(1))
    assert "ippatsu" not in yaku_of(hand)


@BOTH
def test_a_closed_kan_by_another_seat_ends_ippatsu(rules):
    """A2 step 6: closed kans included."""
    hands = [QUIET[0], READY, "111z19m19p19s2346z", QUIET[2]]
    hand = riichi_by_seat_1(rules, {(2, 1): "1z", (1, 2): "8s"}, hands)
    act(hand, ClosedKan(2, c("1z")))
    go_around(hand, 3)  # seat 2's replacement tile, seats 3 and 0
    act(hand, Tsumo(1))
    assert "ippatsu" not in yaku_of(hand)


@BOTH
def test_the_riichi_seats_own_closed_kan_ends_its_ippatsu(rules):
    """A2 step 6 / C1-5: the riichi player's own closed kan ends his ippatsu; the
    replacement-tile win is rinshan."""
    hands = [NO_1M, KAN_READY, QUIET[1], QUIET[2]]
    hand = riichi_by_seat_1(rules, {(1, 2): "1m"}, hands, dead="5s")
    go_around(hand, 3)
    act(hand, ClosedKan(1, c("1m")))
    act(hand, Tsumo(1))
    yaku = yaku_of(hand)
    assert "rinshan" in yaku and "ippatsu" not in yaku


# ---------------------------------------------------------------- double riichi


@BOTH
def test_double_riichi_on_the_first_uninterrupted_discard(rules):
    """A2 step 7: riichi on one's first discard inside the uninterrupted go-around."""
    hand = deal([READY, *QUIET], draws_at({(0, 0): "5z", (0, 1): "8s"}), rules=rules)
    discard(hand, 0, "5z", riichi=True)
    go_around(hand, 3)
    act(hand, Tsumo(0))
    yaku = yaku_of(hand)
    assert yaku["double_riichi"] == 2 and "riichi" not in yaku and yaku["ippatsu"] == 1


@BOTH
def test_a_non_dealer_double_riichi(rules):
    """A2 step 7: every seat's first discard counts while no call was made."""
    hand = deal([QUIET[0], READY, QUIET[1], QUIET[2]], draws_at({(1, 0): "5z"}), rules=rules)
    tsumogiri(hand)
    discard(hand, 1, "5z", riichi=True)
    assert hand.seats[1].double_riichi and hand.seats[1].riichi_accepted


@BOTH
def test_no_double_riichi_after_a_pon(rules):
    """A2 step 7: any call ends the first go-around for everybody."""
    hands = ["1z147m258p369s346z", READY, QUIET[1], "11z189m19p19s2467z"]
    hand = deal(hands, [None, None, "5z"], rules=rules)  # the pon skips seats 1 and 2
    discard(hand, 0, "1z", passing=False)
    act(hand, Pon(3))
    discard(hand, 3, "9m")
    tsumogiri(hand)  # seat 0
    discard(hand, 1, "5z", riichi=True)
    assert hand.seats[1].riichi_accepted and not hand.seats[1].double_riichi


@BOTH
def test_no_double_riichi_after_a_closed_kan(rules):
    """A2 step 7: a closed kan by anyone ends the first go-around."""
    hands = ["111z147m258p369s3z", READY, QUIET[1], QUIET[2]]
    hand = deal(hands, draws_at({(0, 0): "1z", (1, 0): "5z"}), rules=rules)
    act(hand, ClosedKan(0, c("1z")))
    tsumogiri(hand)
    discard(hand, 1, "5z", riichi=True)
    assert hand.seats[1].riichi_accepted and not hand.seats[1].double_riichi


# ---------------------------------------------------------------- yaku required


@BOTH
def test_no_tsumo_without_a_yaku(rules):
    """Issue 10 s3 "A win needs a yaku" (tsumo): an open hand with no yaku cannot tsumo."""
    hands = [QUIET[0], "23m456p78s789m11z4z", QUIET[1], QUIET[2]]
    hand = deal(hands, [None, None, None, None, "6s"], rules=rules)
    discard(hand, 0, "1m", passing=False)
    act(hand, Chi(1, (0, 1, 2)))
    discard(hand, 1, "4z")
    go_around(hand, 3)
    assert hand.current == 1 and hand.drawn // 4 == c("6s")
    assert Tsumo(1) not in hand.legal_actions(1)
    with pytest.raises(IllegalActionError, match="the hand has no yaku"):
        hand.apply(Tsumo(1))


@BOTH
def test_no_ron_without_a_yaku(rules):
    """Issue 10 s3 "A win needs a yaku" (ron): 22m55z shanpon, closed, no riichi: the
    2m completes the shape but gives no yaku; the 5z (haku) would."""
    hands = [QUIET[0], "22m55z345p678s999m", QUIET[1], QUIET[2]]
    hand = deal(hands, draws_at({(2, 0): "2m"}), rules=rules)
    go_around(hand, 2)  # seats 0 and 1
    tsumogiri(hand, passing=False)  # seat 2 discards 2m
    opportunity = hand.opportunity_of(1)
    assert opportunity is not None and not opportunity.can_win  # a pon only
    assert Ron(1) not in hand.legal_actions(1)
    with pytest.raises(IllegalActionError, match="seat 1 cannot ron: the hand has no yaku"):
        hand.apply(Ron(1))


@BOTH
def test_ron_with_a_yaku(rules):
    """Issue 10 s3 "A win needs a yaku": the same wait on the haku wins."""
    hands = [QUIET[0], "22m55z345p678s999m", QUIET[1], QUIET[2]]
    hand = deal(hands, draws_at({(2, 0): "5z"}), rules=rules)
    go_around(hand, 2)
    tsumogiri(hand, passing=False)
    act(hand, Ron(1))
    assert yaku_of(hand) == {"yakuhai_haku": 1}


# ---------------------------------------------------------------- furiten

FURITEN_READY = "23m456p789s555z11z"  # 1m/4m, haku for a yaku


@BOTH
def test_permanent_furiten_blocks_every_wait(rules):
    """A1 "Permanent (own-discard) furiten": a 4m in one's own river blocks a ron on 1m."""
    hands = [QUIET[0], FURITEN_READY, QUIET[1], QUIET[2]]
    hand = deal(hands, draws_at({(1, 0): "4m", (2, 0): "1m"}), rules=rules)
    tsumogiri(hand)
    assert Tsumo(1) in hand.legal_actions(1)
    discard(hand, 1, "4m")  # passes up the tsumo; 4m now in seat 1's river
    assert hand.is_furiten(1)
    tsumogiri(hand, passing=False)  # seat 2 discards 1m
    assert hand.opportunity_of(1) is None and Ron(1) not in hand.legal_actions(1)
    assert hand.current == 3 and hand.phase is Phase.AWAITING_DISCARD  # no window opened


@BOTH
def test_tsumo_is_allowed_while_furiten(rules):
    """A1 "Tsumo while furiten": furiten only blocks ron."""
    hands = [QUIET[0], FURITEN_READY, QUIET[1], QUIET[2]]
    hand = deal(hands, draws_at({(1, 0): "4m", (1, 1): "1m"}), rules=rules)
    tsumogiri(hand)
    discard(hand, 1, "4m")
    go_around(hand, 3)
    assert hand.is_furiten(1) and Tsumo(1) in hand.legal_actions(1)
    act(hand, Tsumo(1))
    assert hand.outcome.wins[0].seat == 1


@BOTH
def test_temporary_furiten_until_ones_own_discard(rules):
    """A1 "Temporary furiten": after passing a ron, no ron until one's own next discard."""
    hands = [QUIET[0], FURITEN_READY, QUIET[1], QUIET[2]]
    hand = deal(hands, draws_at({(1, 0): "6z", (2, 0): "1m", (3, 0): "4m", (2, 1): "4m"}), rules=rules)
    go_around(hand, 2)  # seats 0, 1
    tsumogiri(hand, passing=False)  # seat 2: 1m
    assert Ron(1) in hand.legal_actions(1)
    act(hand, Pass(1))
    pass_all(hand)
    assert hand.seats[1].temp_furiten
    tsumogiri(hand, passing=False)  # seat 3: 4m
    assert Ron(1) not in hand.legal_actions(1) and hand.current == 0  # no window for seat 1
    pass_all(hand)
    tsumogiri(hand)  # seat 0
    tsumogiri(hand)  # seat 1's own discard clears it
    assert not hand.seats[1].temp_furiten
    tsumogiri(hand, passing=False)  # seat 2: 4m again
    assert Ron(1) in hand.legal_actions(1)


@BOTH
def test_riichi_furiten_lasts_the_rest_of_the_hand(rules):
    """A1 "Riichi furiten": after riichi a passed winning tile means furiten for good;
    tsumo still allowed."""
    hand = riichi_by_seat_1(rules, {(2, 1): "8s", (1, 2): "9m", (2, 2): "8s", (1, 3): "8s"})
    tsumogiri(hand, passing=False)  # seat 2 discards 8s
    act(hand, Pass(1))
    pass_all(hand)
    go_around(hand, 3)  # seats 3, 0, and seat 1's own discard
    assert hand.seats[1].riichi_furiten and hand.is_furiten(1)
    tsumogiri(hand, passing=False)  # seat 2 discards 8s again
    assert Ron(1) not in hand.legal_actions(1)
    pass_all(hand)
    go_around(hand, 2)
    assert Tsumo(1) in hand.legal_actions(1)


# ---------------------------------------------------------------- kuikae


@BOTH
def test_kuikae_after_a_chi_with_the_called_tile_at_one_end(rules):
    """A1 "Kuikae ban": chi 3m with 45m forbids 3m and 6m this turn (C1-8)."""
    hands = ["3m47m258p369s2346z", "45m36m19p19s12345z", QUIET[1], QUIET[2]]
    hand = deal(hands, rules=rules)
    discard(hand, 0, "3m", passing=False)
    act(hand, Chi(1, (2, 3, 4)))
    legal = hand.legal_actions(1)
    assert Discard(1, c("3m")) not in legal and Discard(1, c("6m")) not in legal
    assert Discard(1, c("1p")) in legal
    with pytest.raises(IllegalActionError, match="kuikae: 6m may not be discarded"):
        hand.apply(Discard(1, c("6m")))


@BOTH
def test_kuikae_after_a_chi_with_the_called_tile_at_the_high_end(rules):
    """A1 "Kuikae ban": chi 6m with 45m forbids 6m and 3m (C1-8)."""
    hands = ["6m147m258p39s2346z", "45m36m19p19s12345z", QUIET[1], QUIET[2]]
    hand = deal(hands, rules=rules)
    discard(hand, 0, "6m", passing=False)
    act(hand, Chi(1, (3, 4, 5)))
    legal = hand.legal_actions(1)
    assert Discard(1, c("3m")) not in legal and Discard(1, c("6m")) not in legal


@BOTH
def test_kuikae_after_a_middle_chi_forbids_only_the_called_kind(rules):
    """A1 "Kuikae ban": kanchan-type chi (4m with 35m) forbids only 4m (C1-8)."""
    hands = ["4m17m258p369s2346z", "35m46m9m19p19s1234z", QUIET[1], QUIET[2]]
    hand = deal(hands, rules=rules)
    discard(hand, 0, "4m", passing=False)
    act(hand, Chi(1, (2, 3, 4)))
    legal = hand.legal_actions(1)
    assert Discard(1, c("4m")) not in legal
    assert Discard(1, c("6m")) in legal and Discard(1, c("9m")) in legal


@BOTH
def test_kuikae_after_a_pon(rules):
    """A1 "Kuikae ban": after a pon the called kind may not be discarded this turn."""
    hands = ["1z47m258p369s2346z", "111z19m19p19s2346z", QUIET[1], QUIET[2]]
    hand = deal(hands, rules=rules)
    discard(hand, 0, "1z", passing=False)
    act(hand, Pon(1))
    assert Discard(1, c("1z")) not in hand.legal_actions(1)
    with pytest.raises(IllegalActionError, match="kuikae: 1z may not be discarded"):
        hand.apply(Discard(1, c("1z")))


@BOTH
def test_kuikae_lasts_one_discard(rules):
    """A1 "Kuikae ban": "this turn" only: the next turn may discard the kind."""
    hands = ["3m47m258p369s2346z", "45m36m19p19s12345z", QUIET[1], QUIET[2]]
    hand = deal(hands, rules=rules)
    discard(hand, 0, "3m", passing=False)
    act(hand, Chi(1, (2, 3, 4)))
    discard(hand, 1, "1p")
    go_around(hand, 3)
    assert Discard(1, c("6m")) in hand.legal_actions(1)


@BOTH
def test_a_chi_leaving_no_legal_discard_is_not_offered(rules):
    """A1 "Kuikae ban": a chi after which every remaining tile is forbidden is not offered (C1-8)."""
    hands = ["1z5z3m47m258p369s46z", "11z55z45m33366m9p9s", NO_1M, QUIET[2]]
    hand = deal(hands, rules=rules)
    discard(hand, 0, "1z", passing=False)
    act(hand, Pon(1))
    discard(hand, 1, "9p")
    go_around(hand, 3)  # seats 2, 3, 0
    tsumogiri(hand)  # seat 1
    go_around(hand, 2)  # seats 2, 3
    discard(hand, 0, "5z", passing=False)
    act(hand, Pon(1))
    discard(hand, 1, "9s")  # seat 1 keeps 45m 33366m
    go_around(hand, 2)
    discard(hand, 0, "3m", passing=False)
    opportunity = hand.opportunity_of(1)
    assert opportunity is not None
    kinds = [o.kind for o in opportunity.options]
    assert "pon" in kinds and "chi" not in kinds  # 345m would leave only 3m and 6m
    assert not any(isinstance(a, Chi) for a in hand.legal_actions(1))


# ---------------------------------------------------------------- dora and kan dora

KAN_DEAD = "1p7p7p7p9s3m"  # rinshan 1p (then 7p x3), indicators 9s (dora 1s), then 3m (dora 4m)


def kinds(ids):
    return tuple(t // 4 for t in ids)


@BOTH
def test_a_closed_kan_turns_its_indicator_before_the_replacement_draw(rules):
    """A1 "Kan dora": closed kan -> at once, so it counts for a rinshan win (C1-6)."""
    hand = deal(["1111z234m567m23p5s", *QUIET], "5s", KAN_DEAD, rules=rules)
    events = act(hand, ClosedKan(0, c("1z")))
    revealed = [i for i, e in enumerate(events) if isinstance(e, DoraRevealed)]
    drew = [i for i, e in enumerate(events) if isinstance(e, Drew)]
    assert len(revealed) == 1 and revealed[0] < drew[0] and events[revealed[0]].indicator == c("3m")
    act(hand, Tsumo(0))
    situation = hand.outcome.wins[0].situation
    assert situation.dora_indicators == (c("9s"), c("3m")) and situation.rinshan
    assert yaku_of(hand)["dora"] == 1  # the 4m


@BOTH
def test_an_open_kan_turns_its_indicator_after_the_kan_seats_discard(rules):
    """A1 "Kan dora": open kan -> revealed when the kan player discards, before the window."""
    hands = ["1z47m258p369s2346z", "111z19m19p19s2346z", QUIET[1], QUIET[2]]
    hand = deal(hands, dead="9p7p7p7p9s3m", rules=rules)
    discard(hand, 0, "1z", passing=False)
    events = act(hand, Kan(1))
    assert not any(isinstance(e, DoraRevealed) for e in events)
    assert len(hand.wall.dora_indicators) == 1
    events = act(hand, Discard(1, c("9p")))
    names = [type(e).__name__ for e in events]
    assert names.index("Discarded") < names.index("DoraRevealed")
    assert kinds(hand.wall.dora_indicators) == (c("9s"), c("3m"))


@BOTH
def test_a_rinshan_win_after_an_open_kan_does_not_see_the_new_indicator(rules):
    """A1 "Kan dora" / C1-6: a rinshan tsumo on an open kan is scored without it."""
    hands = ["1z47m258p369s2346z", "111z234m567m23p55s", QUIET[1], QUIET[2]]
    hand = deal(hands, dead=KAN_DEAD, rules=rules)  # rinshan 1p; the kan indicator 3m makes 4m dora
    discard(hand, 0, "1z", passing=False)
    act(hand, Kan(1))
    act(hand, Tsumo(1))
    situation = hand.outcome.wins[0].situation
    assert situation.rinshan and situation.dora_indicators == (c("9s"),)
    assert "dora" not in yaku_of(hand)  # the 4m would be dora with the kan indicator


@BOTH
def test_an_added_kan_turns_its_indicator_after_the_discard(rules):
    """A1 "Kan dora": added kan -> at the kan player's discard."""
    hands = ["1z47m258p369s2346z", "11z19m19p19s23467z", QUIET[1], QUIET[2]]
    hand = deal(hands, [None, None, None, None, "1z"], dead="9p7p7p7p9s3m", rules=rules)  # the pon takes seat 1's draw
    discard(hand, 0, "1z", passing=False)
    act(hand, Pon(1))
    discard(hand, 1, "2z")
    go_around(hand, 3)
    events = act(hand, AddedKan(1, c("1z")))
    assert not any(isinstance(e, DoraRevealed) for e in events) and len(hand.wall.dora_indicators) == 1
    events = act(hand, Discard(1, c("9p")))
    assert any(isinstance(e, DoraRevealed) for e in events) and len(hand.wall.dora_indicators) == 2


@BOTH
def test_a_second_kan_turns_the_pending_indicator_first(rules):
    """A1 "Kan dora": an open kan's indicator turns at the kan player's next kan if he
    declares one before discarding; the closed kan's own follows at once."""
    hands = ["1z47m258p369s2346z", "111z555z199m19p19s", QUIET[1], QUIET[2]]
    hand = deal(hands, dead="5z8m8m8m9s3m6m", rules=rules)
    discard(hand, 0, "1z", passing=False)
    act(hand, Kan(1))
    assert hand.drawn // 4 == c("5z")
    events = act(hand, ClosedKan(1, c("5z")))
    names = [type(e).__name__ for e in events]
    assert names == ["DoraRevealed", "ClosedKanned", "DoraRevealed", "Drew"]
    assert kinds(hand.wall.dora_indicators) == (c("9s"), c("3m"), c("6m"))


@BOTH
def test_ura_dora_for_a_riichi_winner(rules):
    """A1 "Ura-dora": read for riichi winners only."""
    hand = riichi_by_seat_1(rules, {(1, 2): "8s"}, dead="2s2s2s3p" + "9s1z1z1z1z" + "4s")
    go_around(hand, 3)
    act(hand, Tsumo(1))
    situation = hand.outcome.wins[0].situation
    assert situation.ura_indicators == (c("4s"),)
    assert yaku_of(hand)["ura_dora"] == 2  # 4s indicates 5s: the pair


@BOTH
def test_no_ura_dora_without_riichi(rules):
    """A1 "Ura-dora": a winner without riichi is told no ura indicator."""
    hands = [QUIET[0], "22m55z345p678s999m", QUIET[1], QUIET[2]]
    hand = deal(hands, draws_at({(2, 0): "5z"}), rules=rules)
    go_around(hand, 2)
    tsumogiri(hand, passing=False)
    act(hand, Ron(1))
    assert hand.outcome.wins[0].situation.ura_indicators == ()


@BOTH
def test_kan_ura_dora_for_a_riichi_winner(rules):
    """A1 "Kan ura-dora": one ura indicator per face-up indicator."""
    hands = [NO_1M, KAN_READY, QUIET[1], QUIET[2]]
    # indicators (positions 4-8): 9s 3m ...; ura (positions 9-13): 4s 7s
    dead = "5s1z1z1z" + "9s3m6m6m6m" + "4s7s"
    hand = riichi_by_seat_1(rules, {(1, 2): "1m"}, hands, dead=dead)
    go_around(hand, 3)
    act(hand, ClosedKan(1, c("1m")))
    act(hand, Tsumo(1))
    situation = hand.outcome.wins[0].situation
    assert situation.ura_indicators == (c("4s"), c("7s"))
    assert yaku_of(hand)["ura_dora"] == 3  # 4s: the 55s pair; 7s: the 8s of 789s


# ---------------------------------------------------------------- kan limits

def test_four_kans_by_one_player_turn_five_indicators_and_forbid_a_fifth_kan():
    """A1 "Max kans per hand": four by one player -> nobody may declare a fifth; at most
    five indicators (A1 "Dead wall")."""
    hands = ["1111z2222z3333z5z", "999m147p258s36s67z", "1478m258p369s567z", "236m147p147s5667z"]
    hand = deal(hands, "4z", "4z4z4z9m", rules="tenhou")
    for kind in ("1z", "2z", "3z", "4z"):
        act(hand, ClosedKan(0, c(kind)))
    assert len(hand.wall.dora_indicators) == 5 and hand.wall.kans == 4
    assert not hand.four_kans_armed
    discard(hand, 0, "9m", passing=False)
    legal = hand.legal_actions(1)
    assert any(isinstance(a, Pon) for a in legal) and not any(isinstance(a, Kan) for a in legal)
    with pytest.raises(IllegalActionError, match="no kan is possible now"):
        hand.apply(Kan(1))


# ---------------------------------------------------------------- chankan


def added_kan_window(rules, robber="234m567m234p55s67s"):
    """Seat 1 pons the dealer's 8s and later adds the drawn fourth; seat 3 waits on 8s."""
    hands = ["8s47m258p369s2346z", "88s19m19p19s12346z", NO_1M, robber]
    hand = deal(hands, [None, None, None, None, "8s"], dead="2s2s2s2s9s3m", rules=rules)
    discard(hand, 0, "8s", passing=False)
    act(hand, Pass(3))
    act(hand, Pon(1))
    discard(hand, 1, "9m")
    go_around(hand, 3)  # seats 2, 3 (clears its temporary furiten), 0
    events = act(hand, AddedKan(1, c("8s")))
    return hand, events


@BOTH
def test_an_added_kan_can_be_robbed(rules):
    """A2 step 3 (chankan): the added tile is a ron chance;
    the robbed kan goes back to a pon and reveals no indicator (C1-6)."""
    hand, events = added_kan_window(rules)
    assert hand.phase is Phase.AWAITING_ROBBERY and not any(isinstance(e, DoraRevealed) for e in events)
    assert list(hand.legal_actions(3)) == [Pass(3), Ron(3)]
    act(hand, Ron(3))
    assert "chankan" in yaku_of(hand) and hand.melds[1][0].type == "pon"
    assert len(hand.wall.dora_indicators) == 1


@BOTH
def test_an_unrobbed_added_kan_stands(rules):
    """A2 step 3: nobody robs -> the kan stands, indicator pending, replacement draw."""
    hand, _ = added_kan_window(rules)
    events = act(hand, Pass(3))
    assert hand.melds[1][0].type == "added_kan" and isinstance(events[-1], Drew) and events[-1].replacement


KOKUSHI_1M = "9m19p19s1234567z9m"  # thirteen orphans waiting on 1m only
KAN_1M = ["111m258p369s246z8m", KOKUSHI_1M, "47m147p258s2467z3m", QUIET[2]]


@pytest.mark.parametrize("rules, robbed", [("mahjong_soul", True), ("tenhou", False)])
def test_kokushi_robs_a_closed_kan_on_mahjong_soul_only(rules, robbed):
    """A1 "Kokushi may rob a closed kan": Mahjong Soul yes, Tenhou no."""
    hand = deal(KAN_1M, "1m", rules=rules)
    act(hand, ClosedKan(0, c("1m")))
    assert (hand.phase is Phase.AWAITING_ROBBERY) is robbed
    assert (Ron(1) in hand.legal_actions(1)) is robbed
    if robbed:
        act(hand, Ron(1))
        assert "kokushi" in yaku_of(hand) and hand.outcome.wins[0].situation.chankan
    else:
        assert hand.melds[0][0].type == "closed_kan" and hand.current == 0


def test_only_kokushi_may_rob_a_closed_kan():
    """A1 "Kokushi may rob a closed kan": no other hand robs a closed kan, even on Mahjong Soul."""
    hands = [KAN_1M[0], FURITEN_READY, KAN_1M[2], QUIET[2]]
    hand = deal(hands, "1m", rules="mahjong_soul")
    act(hand, ClosedKan(0, c("1m")))
    assert hand.phase is Phase.AWAITING_DISCARD and hand.current == 0 and not hand.seats[1].temp_furiten


# ---------------------------------------------------------------- the last tiles
# Seat 1 (or 2) waits on 1z alone; the other three 1z sit in hands that only
# tsumogiri, and the last live tile (position 69, seat 1's) is one of them.

TANKI_1Z = "1z234p567p789s234m"
HOLDS_11Z = "11z369p147s2367z8m"


def last_tile_hand(hands, rules):
    hand = deal(hands, [None] * 69 + ["1z"], rules=rules)
    run_until(hand, 1, 0)
    return hand


@BOTH
def test_haitei_on_the_last_live_tile(rules):
    """A1 "Haitei raoyue": tsumo on the last live-wall tile."""
    hand = last_tile_hand([QUIET[0], TANKI_1Z, QUIET[1], HOLDS_11Z], rules)
    act(hand, Tsumo(1))
    assert yaku_of(hand) == {"menzen_tsumo": 1, "haitei": 1}


@BOTH
def test_houtei_on_the_last_discard_and_no_calls_on_it(rules):
    """A1 "Houtei raoyui" and "Calls on the last discard": only ron (seat 3's 11z
    is offered no pon)."""
    hand = last_tile_hand([QUIET[0], QUIET[1], TANKI_1Z, HOLDS_11Z], rules)
    act(hand, Discard(1, c("1z")))
    assert hand.opportunity_of(3) is None and list(hand.legal_actions(2)) == [Pass(2), Ron(2)]
    act(hand, Ron(2))
    assert yaku_of(hand) == {"houtei": 1}


@BOTH
def test_no_kan_on_the_haitei_draw(rules):
    """A1 "Minimum tiles for a kan": no kan on the last live tile."""
    hand = last_tile_hand([QUIET[0], "111z234p567p789s2m", QUIET[1], QUIET[2]], rules)
    assert hand.wall.live_count == 0 and hand.seats[1].counts[c("1z")] == 4
    assert not any(isinstance(a, ClosedKan) for a in hand.legal_actions(1))


# ---------------------------------------------------------------- abortive draws



def assert_no_points_move(hand, sticks_before=0):
    """A1 "Abortive draws": no points change, honba +1, sticks stay, dealer repeats."""
    s = settled(hand, honba=1)
    assert s.deltas == (0, 0, 0, 0) and s.dealer_keeps and s.honba_after == 2
    assert s.sticks_after == hand.sticks == sticks_before + len(hand.accepted)


NINE = "19m19p19s15z234m56p"  # eight kinds of terminals and honors


@BOTH
def test_nine_terminals_on_the_first_draw_counting_the_drawn_tile(rules):
    """A1 "Kyuushu kyuuhai": first draw, no call, >= 9 distinct kinds (the drawn tile counts)."""
    hand = deal([NINE, *QUIET], "3z", rules=rules, sticks=2)
    assert NineTerminals(0) in hand.legal_actions(0)
    events = hand.apply(NineTerminals(0))  # the declarer keeps 14 tiles: no check_hand here
    assert Aborted("nine_terminals", 0) in events and hand.outcome.abort == "nine_terminals"
    assert_no_points_move(hand, sticks_before=2)


@BOTH
def test_nine_terminals_counts_kinds_not_tiles(rules):
    """A1 "Kyuushu kyuuhai" / C1-14: eight kinds plus a second copy is not nine."""
    hand = deal([NINE, *QUIET], "5z", rules=rules)
    assert NineTerminals(0) not in hand.legal_actions(0)
    with pytest.raises(IllegalActionError, match="holds 8 kinds of terminals and honors, needs nine"):
        hand.apply(NineTerminals(0))


@BOTH
def test_nine_terminals_dies_on_an_earlier_call(rules):
    """A1 "Kyuushu kyuuhai": no call of any kind yet in the hand."""
    hands = ["1z369m147p258s246z", "19m19p19s234z4567m", QUIET[2], "11z147m258p369s36z"]
    hand = deal(hands, rules=rules)
    discard(hand, 0, "1z", passing=False)
    act(hand, Pon(3))  # skips seats 1 and 2
    discard(hand, 3, "3z")
    tsumogiri(hand)  # seat 0
    assert hand.current == 1 and not hand.rivers[1]
    assert NineTerminals(1) not in hand.legal_actions(1)


FOUR_WINDS = ["258m147p369s1345z", "147m258p369s1346z", "369m147p258s1467z", "258m369p147s1367z"]


@BOTH
def test_four_winds_abort_after_the_fourth_discard(rules):
    """A1 "Suufon renda": all four first discards the same wind, no call."""
    hand = deal(FOUR_WINDS, rules=rules)
    for seat in range(3):
        discard(hand, seat, "1z")
        assert not hand.is_finished
    events = discard(hand, 3, "1z")
    assert Aborted("four_winds", None) in events
    assert_no_points_move(hand)


@BOTH
def test_four_different_first_discards_do_not_abort(rules):
    """A1 "Suufon renda": the same wind four times, not just four winds."""
    hand = deal(FOUR_WINDS, rules=rules)
    for seat in range(3):
        discard(hand, seat, "1z")
    discard(hand, 3, "3z")
    assert not hand.is_finished and hand.current == 0


# Dealer: three closed kans (1z 2z 3z), then discards 9m for seat 1's open kan (the
# fourth kan, by a second player); seat 1's replacement tile is 7m.
FOUR_KANS_DEAD = "9m6m6m7m"


def four_kans_by_two(rules, seat_2):
    hands = ["1111z2222z3333z5z", "999m147p258s36s67z", seat_2, "236m147p147s5667z"]
    hand = deal(hands, "4z", FOUR_KANS_DEAD, rules=rules)
    for kind in ("1z", "2z", "3z"):
        act(hand, ClosedKan(0, c(kind)))
    discard(hand, 0, "9m", passing=False)
    act(hand, Kan(1))
    assert hand.four_kans_armed and hand.drawn // 4 == c("7m")
    return hand


@BOTH
def test_four_kans_by_two_players_abort_after_the_next_discard(rules):
    """A1 "Suukaikan" / C1-13: the discard after the 4th kan's replacement, not ronned."""
    hand = four_kans_by_two(rules, "1478m258p369s567z")
    events = discard(hand, 1, "7m")
    assert Aborted("four_kans", None) in events
    assert_no_points_move(hand)


@BOTH
def test_a_ron_on_the_discard_after_the_fourth_kan_wins(rules):
    """A1 "Suukaikan" / C1-13: a ron on that discard is a normal win."""
    hand = four_kans_by_two(rules, "234p567p345s678s7m")
    discard(hand, 1, "7m", passing=False)
    act(hand, Ron(2))
    assert hand.outcome.wins and hand.outcome.abort is None


FOUR_READY = ["234m567m234p55s67s", "345m678m345p66s78s", "123p456p789p11z23s", "123s456s789s22z45m"]


@BOTH
def test_four_riichi_abort_after_the_fourth_declaration_passes(rules):
    """A1 "Suucha riichi": the 4th stick is paid, four sticks stay on the table."""
    hand = deal(FOUR_READY, "5z6z7z3z", rules=rules)
    for seat in range(4):
        events = tsumogiri_riichi(hand)
    assert Aborted("four_riichi", None) in events
    assert hand.sticks == 4 and hand.points == [24_000] * 4
    assert_no_points_move(hand)


@BOTH
def test_a_ron_on_the_fourth_declaration_tile_is_a_win(rules):
    """A1 "Suucha riichi": a ron on the 4th declaration tile is a normal win; that
    riichi is void (three sticks)."""
    hand = deal(FOUR_READY, "5z6z7z8s", rules=rules)
    for seat in range(3):
        tsumogiri_riichi(hand)
    act(hand, Riichi(3, c("8s")))
    act(hand, Ron(0))
    assert hand.outcome.abort is None and hand.outcome.riichi == (0, 1, 2) and hand.sticks == 3
    assert hand.points[3] == 25_000


def tsumogiri_riichi(hand):
    seat = hand.current
    return act(hand, Riichi(seat, hand.code(hand.drawn))) + pass_all(hand)


TRIPLE = ["123s789s11z22z99m5p", "234m567m22s34p678s", "345m678m33s67p456s", "456m678s234s77m46p"]


def test_triple_ron_aborts_on_tenhou():
    """A1 "Triple ron" / "Sanchahou": an abortive draw on Tenhou; the riichi on that
    tile is not established (no stick)."""
    hand = deal(TRIPLE, "1z", rules="tenhou")
    act(hand, Riichi(0, c("5p")))
    for seat in (1, 2, 3):
        events = act(hand, Ron(seat))
    assert Aborted("triple_ron", None) in events and hand.outcome.abort == "triple_ron"
    assert hand.sticks == 0 and hand.points[0] == 25_000 and hand.outcome.riichi == ()
    assert_no_points_move(hand)


def test_triple_ron_pays_all_three_on_mahjong_soul():
    """A1 "Triple ron": Mahjong Soul pays all three; honba and sticks to the nearest."""
    hand = deal(TRIPLE, "1z", rules="mahjong_soul", honba=1, sticks=1)
    act(hand, Riichi(0, c("5p")))
    for seat in (3, 1, 2):
        act(hand, Ron(seat))
    assert [w.seat for w in hand.outcome.wins] == [1, 2, 3] and hand.outcome.riichi == ()
    s = settled(hand, honba=1)
    values = [ron_value(hand, i) for i in range(3)]
    assert s.deltas == (-sum(values) - 300, values[0] + 300 + 1000, values[1], values[2])


def ron_value(hand, index):
    """What the discarder pays for one win without honba or sticks."""
    return hand.ruleset.score(hand.outcome.wins[index].situation).payments["ron"]


# ---------------------------------------------------------------- several winners

DOUBLE = ["234m567m22s34p678s", "5p19m19p19s123456z", "345m678m33s67p456s", QUIET[0]]


@BOTH
def test_double_ron_pays_each_hand_and_gives_honba_and_sticks_to_the_nearest(rules):
    """A1 "Honba and riichi sticks in multi-ron" / C1-9: each winner is paid his own
    hand; honba and every stick go to the winner nearest the discarder (seat 2 before
    the dealer); the dealer keeps the deal as one of the winners."""
    hand = deal(DOUBLE, "1z", "9m9m9m7z7z", rules=rules, honba=2, sticks=1)
    discard(hand, 0, "1z")
    discard(hand, 1, "5p", passing=False)
    act(hand, Ron(0))
    act(hand, Ron(2))
    assert [w.seat for w in hand.outcome.wins] == [2, 0]
    s = settled(hand, honba=2)
    assert s.deltas == (2900, -5500, 2000 + 600 + 1000, 0)
    assert s.dealer_keeps and s.honba_after == 3 and s.sticks_after == 0


# ---------------------------------------------------------------- exhaustive draw



@BOTH
def test_noten_payments_one_tenpai_seat(rules):
    """A1 "Noten payments": one tenpai seat takes 1,000 from each noten seat; the
    dealer (noten) passes the deal, honba +1."""
    hand = deal([QUIET[0], READY, QUIET[1], QUIET[2]], rules=rules)
    run_out(hand)
    assert isinstance(hand.events[-1], Exhausted) and [s for s, _ in hand.outcome.ready] == [1]
    s = settled(hand)
    assert s.deltas == (-1000, 3000, -1000, -1000) and not s.dealer_keeps and s.honba_after == 1


@BOTH
def test_noten_payments_two_tenpai_seats_and_dealer_tenpai_keeps(rules):
    """A1 "Noten payments" (1,500 each) and "Renchan on exhaustive draw" (dealer tenpai)."""
    hand = deal(["234m567m22s34p678s", READY, QUIET[1], QUIET[2]], rules=rules)
    run_out(hand)
    s = settled(hand)
    assert s.tenpai == (0, 1) and s.deltas == (1500, 1500, -1500, -1500) and s.dealer_keeps


@pytest.mark.parametrize("rules, tenpai", [("mahjong_soul", True), ("tenhou", False)])
def test_karaten_is_noten_on_tenhou(rules, tenpai):
    """A1 "Keishiki tenpai" / C1-17: waiting on a tile whose four copies are all one's
    own (pon 1p + a 1p tanki) is noten on Tenhou, tenpai on Mahjong Soul."""
    hands = [QUIET[1], "111p234m567m789s9p", QUIET[0], QUIET[2]]
    hand = deal(hands, rules=rules)
    discard(hand, 0, "1p", passing=False)
    act(hand, Pon(1))
    discard(hand, 1, "9p")
    assert hand.waits_of(1) == (c("1p"),)
    run_out(hand)
    assert (1 in [s for s, _ in hand.outcome.ready]) is tenpai
    assert settled(hand).deltas[1] == (3000 if tenpai else 0)


NAGASHI_DRAWS = {(2, n): tile for n, tile in enumerate(["1z"] * 4 + ["5z"] * 4 + ["9m"] * 3 + ["1m"] * 3 + ["9s"] * 3)}


@BOTH
def test_nagashi_mangan_replaces_the_noten_payments(rules):
    """A1 "Nagashi mangan" / C1-12: every discard a terminal or honor, none called:
    paid as a mangan tsumo without honba, instead of the noten payments; not a win,
    so the noten dealer passes the deal and honba still goes up."""
    hand = deal([QUIET[0], READY, QUIET[1], QUIET[2]], draws_at(NAGASHI_DRAWS), rules=rules, honba=3)
    run_out(hand)
    assert hand.outcome.nagashi == (2,) and [s for s, _ in hand.outcome.ready] == [1]
    s = settled(hand, honba=3)
    assert s.deltas == (-4000, -2000, 8000, -2000)
    assert not s.dealer_keeps and s.honba_after == 4 and s.wins == ()


@BOTH
def test_a_called_discard_ends_nagashi_but_ones_own_calls_do_not(rules):
    """A1 "Nagashi mangan conditions": none of his discards called; his own calls allowed."""
    hands = ["1z47m258p369s2346z", "11z19m19p19s23467z", QUIET[1], QUIET[2]]
    hand = deal(hands, rules=rules)
    discard(hand, 0, "1z", passing=False)
    act(hand, Pon(1))
    discard(hand, 1, "9m")
    assert not hand.seats[0].nagashi and hand.seats[1].nagashi


# ---------------------------------------------------------------- pao

PAO_HANDS = ["5z369m147p258s234z", "55z66z77z123m4p9m9p9s", "147m258p369s2467z", QUIET[2]]
COMPOSITE = "55z66z77z111z4z9m9p9s"  # daisangen + tsuuiisou on a 4z tanki


def pao_hand(rules, seat_1=PAO_HANDS[1], win="4p", tsumo=True, honba=0):
    """Seat 1 pons 5z (dealer), 6z and 7z (both seat 2: the 7z pon makes seat 2
    responsible), then wins on ``win``: drawn itself, or discarded by seat 3."""
    hands = [PAO_HANDS[0], seat_1, PAO_HANDS[2], PAO_HANDS[3]]
    at = 6 if tsumo else 4
    hand = deal(hands, [None] * at + [win], rules=rules, honba=honba)
    discard(hand, 0, "5z", passing=False)
    act(hand, Pon(1))
    discard(hand, 1, "9m")
    for tile, junk in (("6z", "9p"), ("7z", "9s")):
        discard(hand, 2, tile, passing=False)
        act(hand, Pon(1))
        discard(hand, 1, junk)
    tsumogiri(hand)  # seat 2
    if tsumo:
        go_around(hand, 2)
        act(hand, Tsumo(1))
    else:
        tsumogiri(hand, passing=False)  # seat 3 discards the winning tile
        act(hand, Ron(1))
    return hand


@BOTH
def test_pao_on_a_daisangen_tsumo(rules):
    """A1 "Pao" / C1-10: the seat whose discard made the 3rd dragon pon pays a tsumo
    in full, honba included."""
    hand = pao_hand(rules, honba=1)
    s = settled(hand, honba=1)
    assert s.wins[0].pao_seat == 2 and s.deltas == (0, 32_300, -32_300, 0)


@BOTH
def test_pao_on_a_daisangen_ron(rules):
    """A1 "Pao" / C1-10: a ron is split 50/50 with the discarder; the responsible seat
    pays the honba (official texts)."""
    hand = pao_hand(rules, tsumo=False, honba=2)
    s = settled(hand, honba=2)
    assert s.wins[0].pao_seat == 2 and s.deltas == (0, 32_600, -16_600, -16_000)


@pytest.mark.parametrize("rules, deltas", [
    ("tenhou", (0, 64_000, -64_000, 0)),  # the whole composite amount
    ("mahjong_soul", (-16_000, 64_000, -40_000, -8_000)),  # only the daisangen share
])
def test_pao_with_a_composite_yakuman_tsumo(rules, deltas):
    """A1 "Pao" (composite yakuman): Tenhou covers the whole amount, Mahjong Soul
    only the pao yakuman (the tsuuiisou is paid as an ordinary tsumo)."""
    hand = pao_hand(rules, COMPOSITE, win="4z")
    assert {"daisangen", "tsuuiisou"} <= set(yaku_of(hand))
    assert settled(hand).deltas == deltas


@pytest.mark.parametrize("rules, deltas", [
    ("tenhou", (0, 64_000, -32_000, -32_000)),
    ("mahjong_soul", (0, 64_000, -16_000, -48_000)),
])
def test_pao_with_a_composite_yakuman_ron(rules, deltas):
    """A1 "Pao" (composite yakuman, ron): Tenhou splits the whole; Mahjong Soul splits
    the daisangen share and the discarder pays the rest."""
    hand = pao_hand(rules, COMPOSITE, win="4z", tsumo=False)
    assert settled(hand).deltas == deltas


# ---------------------------------------------------------------- double yakuman


@pytest.mark.parametrize("rules, multiple, paid", [("mahjong_soul", 2, 64_000), ("tenhou", 1, 32_000)])
def test_a_thirteen_sided_kokushi_per_preset(rules, multiple, paid):
    """A1 "Double yakuman patterns" / C1-16: 2x on Mahjong Soul, 1x on Tenhou."""
    hand = deal([QUIET[0], "19m19p19s1234567z", QUIET[1], QUIET[2]], rules=rules)
    discard(hand, 0, "1m", passing=False)
    act(hand, Ron(1))
    s = settled(hand)
    assert s.wins[0].score.yakuman == multiple and s.deltas[1] == paid


# ---------------------------------------------------------------- honba, sticks, red discards


@BOTH
def test_a_tsumo_pays_100_per_honba_from_each_payer_and_takes_every_stick(rules):
    """A1 "Honba value" (100 per honba from each payer on tsumo) and A2 step 8 (every
    stick on the table to the winner): riichi ippatsu tsumo pinfu tanyao = mangan."""
    hand = riichi_by_seat_1(rules, {(1, 2): "8s"}, dead="2s2s2s3p9s")
    hand.sticks += 1  # one stick left on the table from an earlier hand
    go_around(hand, 3)
    act(hand, Tsumo(1))
    s = settle_from(hand, honba=2, sticks=1)
    assert s.deltas == (-4200, 8600 + 2000, -2200, -2200)


def settle_from(hand, honba, sticks):
    table = TableState("E", 1, honba, 0, (25_000,) * 4, sticks)
    return settle(hand.outcome, table, hand.rules, hand.ruleset.score)


@BOTH
def test_a_ron_on_a_red_five_counts_it(rules):
    """A1 "Red fives": the red five taken by ron is aka dora for the winner."""
    hands = ["0p123m456m789s123z", "234m46p234s55s666s", QUIET[1], QUIET[2]]
    hand = deal(hands, "7z", rules=rules)
    discard(hand, 0, "0p", passing=False)
    act(hand, Ron(1))
    assert yaku_of(hand)["aka_dora"] == 1


@pytest.mark.parametrize("rules, allowed", [("mahjong_soul", True), ("tenhou", False)])
def test_no_riichi_on_karaten_on_tenhou(rules, allowed):
    """C1-17 / A1 "Keishiki tenpai": on Tenhou riichi on a hand whose only wait is all
    in its own hand (a kanchan on the 2m of its own closed kan) is not allowed."""
    hand = deal(["2222m13m456p789s1z", QUIET[0], QUIET[1], NO_1M], "1z", "5z", rules=rules)
    act(hand, ClosedKan(0, c("2m")))
    assert (Riichi(0, c("5z")) in hand.legal_actions(0)) is allowed


@BOTH
def test_no_calls_after_riichi_only_ron(rules):
    """A2 step 5: pon / open kan / chi not in riichi; ron stays."""
    hand = riichi_by_seat_1(rules, {(2, 1): "0s"})
    tsumogiri(hand, passing=False)  # seat 2 discards the red 5s: seat 1 holds 55s
    assert list(hand.legal_actions(1)) == [Pass(1), Ron(1)]


@BOTH
def test_chiihou_on_a_non_dealers_first_uninterrupted_draw(rules):
    """A2 step 7: chiihou on a non-dealer's first draw with no call before it."""
    hand = deal([QUIET[0], READY, QUIET[1], QUIET[2]], [None, "8s"], rules=rules)
    tsumogiri(hand)
    act(hand, Tsumo(1))
    assert "chiihou" in yaku_of(hand)


@BOTH
def test_no_chiihou_after_a_call(rules):
    """A2 step 7: any call before ends the first go-around (a closed kan by the dealer)."""
    hands = ["111z147m258p369s3z", READY, QUIET[1], QUIET[2]]
    hand = deal(hands, ["1z", "8s"], rules=rules)
    act(hand, ClosedKan(0, c("1z")))
    tsumogiri(hand)
    act(hand, Tsumo(1))
    assert "chiihou" not in yaku_of(hand) and "menzen_tsumo" in yaku_of(hand)


@BOTH
def test_tenhou_on_the_dealers_initial_fourteen(rules):
    """A2 step 7: tenhou (the yaku) on the dealer's deal."""
    hand = deal([READY, *QUIET], "8s", rules=rules)
    act(hand, Tsumo(0))
    assert "tenhou" in yaku_of(hand)


@BOTH
def test_pao_when_the_first_dragon_set_is_a_closed_kan(rules):
    """A1 "Pao": the call (pon or open kan) that makes the 3rd dragon set triggers it;
    the earlier sets may be any declared set, a closed kan included (it is on the
    table). Seat 1: closed kan 5z, pon 6z, pon 7z (both from seat 2) -> seat 2 pays."""
    hands = ["369m147p258s1234z", "555z66z77z123m4p9p9s", "147m258p369s2467z", QUIET[2]]
    hand = deal(hands, [None, "5z", None, None, None, None, None, "4p"], dead="9m", rules=rules)
    tsumogiri(hand)  # seat 0
    act(hand, ClosedKan(1, c("5z")))
    discard(hand, 1, "9m")
    for tile, junk in (("6z", "9p"), ("7z", "9s")):
        discard(hand, 2, tile, passing=False)
        act(hand, Pon(1))
        discard(hand, 1, junk)
    go_around(hand, 3)
    act(hand, Tsumo(1))
    s = settled(hand)
    assert "daisangen" in yaku_of(hand) and s.wins[0].pao_seat == 2
    assert s.deltas == (0, 32_000, -32_000, 0)


@BOTH
def test_no_pao_when_the_third_dragon_set_is_a_closed_kan(rules):
    """A1 "Pao": a closed kan is no call: the seat that fed the second set is not responsible."""
    hands = ["369m147p258s1234z", "555z66z77z123m4p9p9s", "147m258p369s2467z", QUIET[2]]
    hand = deal(hands, [None, "9m", None, None, None, None, None, "5z"], dead="4p", rules=rules)
    go_around(hand, 2)  # seats 0, 1
    for tile, junk in (("6z", "9p"), ("7z", "9s")):
        discard(hand, 2, tile, passing=False)
        act(hand, Pon(1))
        discard(hand, 1, junk)
    go_around(hand, 3)  # seats 2, 3, 0
    act(hand, ClosedKan(1, c("5z")))
    act(hand, Tsumo(1))
    s = settled(hand)
    assert "daisangen" in yaku_of(hand) and s.wins[0].pao_seat is None
    assert s.deltas == (-16_000, 32_000, -8_000, -8_000)


@BOTH
def test_chankan_alone_is_a_yaku(rules):
    """A2 step 3 (chankan is a yaku): a closed kanchan on 8s with no other yaku may rob
    the added 8s, though it could not ron the dealer's 8s."""
    hands = ["8s47m258p369s2346z", "88s19m19p19s12346z", NO_1M, "123m456p789p11z79s"]
    hand = deal(hands, [None, None, None, None, "8s"], dead="2s2s2s2s5z", rules=rules)
    discard(hand, 0, "8s", passing=False)
    assert hand.opportunity_of(3) is None  # no yaku on the 8s, no call either
    act(hand, Pon(1))
    discard(hand, 1, "9m")
    go_around(hand, 3)
    act(hand, AddedKan(1, c("8s")))
    assert Ron(3) in hand.legal_actions(3)
    act(hand, Ron(3))
    assert yaku_of(hand) == {"chankan": 1}


@BOTH
def test_four_winds_needs_no_call_before_closed_kans_included(rules):
    """A1 "Suufon renda": no call (incl. ankan) occurred."""
    hands = ["555z1z258m147p369s", *FOUR_WINDS[1:]]
    hand = deal(hands, "5z", rules=rules)
    act(hand, ClosedKan(0, c("5z")))
    for seat in range(4):
        discard(hand, seat, "1z")
    assert not hand.is_finished and hand.current == 0


@pytest.mark.parametrize("kind, tiles, called, forbidden", [
    ("chi", "345m", "3m", "3m6m"),
    ("chi", "345m", "5m", "2m5m"),
    ("chi", "345m", "4m", "4m"),
    ("chi", "789m", "7m", "7m"),  # no 10m
    ("chi", "123p", "3p", "3p"),  # no 0p
    ("pon", "777s", "7s", "7s"),
])
def test_kuikae_masks(kind, tiles, called, forbidden):
    """A1 "Kuikae ban": genbutsu always, suji only for an end-tile chi inside the suit."""
    mask = kuikae_mask(ClaimOption(kind, tuple(h(tiles)), h(called)[0]))
    assert [k for k in range(34) if mask >> k & 1] == h(forbidden)


def test_joy_keeps_kuikae_allowed():
    """Joy unchanged: no kuikae ban (its preset's ``kuikae = allowed``)."""
    hands = ["3m47m258p369s2346z", "45m36m19p19s12345z", QUIET[1], QUIET[2]]
    hand = deal(hands, rules="joy")
    discard(hand, 0, "3m", passing=False)
    act(hand, Chi(1, (2, 3, 4)))
    assert Discard(1, c("6m")) in hand.legal_actions(1)


def test_two_rons_and_a_pass_on_tenhou_is_a_double_ron():
    """A1 "Triple ron": only three declared rons abort; a third seat passing leaves a double ron."""
    hand = deal(TRIPLE, "1z", rules="tenhou")
    act(hand, Riichi(0, c("5p")))
    act(hand, Ron(1))
    act(hand, Pass(2))
    act(hand, Ron(3))
    assert [w.seat for w in hand.outcome.wins] == [1, 3] and hand.outcome.abort is None


@BOTH
def test_a_closed_kan_of_fives_keeps_the_red_one_as_aka_dora(rules):
    """A1 "Red fives": the red five inside a closed kan still counts (the scorer is
    told the meld's red copy)."""
    hands = ["0p555p234m567m11s4s", QUIET[1], QUIET[2], "147m369p258s2346z"]
    hand = deal(hands, "5s", "6s1z1z1z9m", rules=rules)
    act(hand, ClosedKan(0, c("5p")))
    assert 52 in hand.melds[0][0].tiles
    act(hand, Tsumo(0))
    assert hand.outcome.wins[0].situation.melds[0].reds == (c("5p"),)
    assert yaku_of(hand)["aka_dora"] == 1
