"""Chinese Official (MCR) hands on rigged walls: flowers, the last tile, kongs, claims, the
8-fan minimum, furiten, payments (RULES.md B1, B2, B4; C2). Every step is checked by the
independent invariants of ``tests.mcr_helpers.check_mcr_hand``."""

from __future__ import annotations

import pytest

from mahjong_joy.engine import AddedKan, Chi, ClosedKan, Phase, Pon, Ron, Tsumo
from mahjong_joy.engine.actions import DeclareFlower, Discard, Pass
from mahjong_joy.engine.events import Drew, FlowerDeclared, Won
from mahjong_joy.engine.view import observe
from mahjong_joy.errors import IllegalActionError
from mahjong_joy.notation import parse_tiles
from mahjong_joy.rulesets.claims import resolve_claims
from mahjong_joy.rulesets.mcr import McrSituation, score_mcr
from mahjong_joy.rulesets.mcr.family import paid_for
from mahjong_joy.tiles import FLOWER_CODES
from tests.mcr_helpers import MCR, QUIET, act, check_mcr_hand, deal, drop_drawn, pass_all

F1, F2, F3, F4, F5 = FLOWER_CODES[:5]
QUIET2 = "258m258p258s4567z"  # another hand that never calls or wins (no 1 or 9, no pair)
QUIET3 = "147m369p147s1234z"  # and one without fives (147 twice: no knitted straight)


def k(name: str) -> int:
    (kind,) = parse_tiles(name)
    return kind


def flowers_of(hand, seat: int) -> tuple[int, ...]:
    return hand.seats[seat].flower_view


def kept_of(hand, seat: int) -> tuple[int, ...]:
    return tuple(hand.code(t) for t in hand.seats[seat].kept)


def has(hand, seat: int, kind: type) -> bool:
    return any(type(a) is kind for a in hand.legal_actions(seat))


# ---------------------------------------------------------------- the wall and the deal (B1)


def test_the_wall_has_144_tiles_no_dead_wall_and_no_dora() -> None:
    """B1 "Tiles", "Dead wall": 144 tiles, nothing kept back, no indicator."""
    hand = deal([QUIET, QUIET, QUIET, "2468m2468p2468s5z"])
    assert len(hand.wall.deck) == 144 and hand.wall.dead_tiles() == [] and hand.wall.dora_indicators == []
    dealt = hand.events[0]
    assert dealt.dora_indicator is None and dealt.wall_count == 144 - 52
    assert MCR.wall_shape().tiles == 144 and MCR.wall_shape().dead_wall == 0


def test_deal_flowers_are_replaced_from_the_dealer_in_turn_order_and_repeat() -> None:
    """B1 "Flower replacement (deal)": from the dealer in turn order each seat lays its
    flowers and draws as many from the tail; a flower drawn so waits for the next round."""
    hand = deal(["F1F2" + "1234m6789p123s", "F4" + "159m159p159s123z", QUIET, QUIET],
                draws="F3", tail="5s6sF57s9s")
    laid = [(e.seat, e.tile, e.deal) for e in hand.events if isinstance(e, FlowerDeclared)]
    assert laid == [(0, F1, True), (0, F2, True), (0, F3, True), (1, F4, True), (0, F5, True)]
    replacements = [(e.seat, e.tile) for e in hand.events if isinstance(e, Drew) and e.replacement]
    assert replacements == [(0, k("5s")), (0, k("6s")), (0, F5), (1, k("7s")), (0, k("9s"))]
    assert flowers_of(hand, 0) == (F1, F2, F3, F5) and flowers_of(hand, 1) == (F4,)
    assert all(not st.kept for st in hand.seats)
    assert hand.drawn is not None and hand.drawn < 136  # the dealer's tile in hand is a real one
    assert hand.wall.live_count == 92 - 1 - 5


# ---------------------------------------------------------------- flowers in play (B1)

SEAT1 = "22m468m2468p2468s"


def test_a_drawn_flower_may_be_declared_and_its_replacement_chain_continues_the_turn() -> None:
    """B1 "Flower replacement (play)": declared at once, replaced from the tail; a flower
    drawn as the replacement may be declared in turn; a flower replacement is no kong's."""
    hand = deal([QUIET, SEAT1, QUIET, QUIET], draws="7zF1", tail="F23z")
    drop_drawn(hand)  # the dealer lets 7z go
    assert hand.current == 1 and hand.drawn is not None and hand.code(hand.drawn) == F1
    view = observe(hand, 1)
    assert view.kept_flowers == (F1,) and view.drawn is None and len(view.hand) == 13
    assert DeclareFlower(1, F1) in hand.legal_actions(1) and not has(hand, 1, Tsumo)
    events = act(hand, DeclareFlower(1, F1))
    assert events == [FlowerDeclared(1, F1), Drew(1, F2, True)]
    assert hand.legal_actions(1).count(DeclareFlower(1, F2)) == 1
    act(hand, DeclareFlower(1, F2))
    assert flowers_of(hand, 1) == (F1, F2) and kept_of(hand, 1) == ()
    assert hand.code(hand.drawn) == k("3z") and not hand.after_replacement  # not a kong's replacement (B4)
    assert observe(hand, 3).flowers[1] == (F1, F2)


def test_a_kept_flower_is_declared_later_but_never_right_after_a_pung() -> None:
    """B1: a flower may be kept and declared on a later turn after a draw, never right after
    a chow or pung; until then it stands in for a tile (no kong, no Hu)."""
    hand = deal([QUIET, SEAT1, QUIET, QUIET], draws="7zF1" + "6z2m" + "6z7z")
    drop_drawn(hand)
    act(hand, Discard(1, k("8s")))  # keeps the flower
    pass_all(hand)
    assert kept_of(hand, 1) == (F1,) and len(hand.seats[1].concealed) == 12
    assert hand.waits_of(1) == ()  # a hand a tile short waits on nothing
    drop_drawn(hand)  # seat 2 lets 6z go
    assert hand.current == 3
    act(hand, Discard(3, k("2m")))  # seat 3 drew 2m: seat 1 may pung it
    act(hand, Pon(1))
    assert hand.current == 1 and not has(hand, 1, DeclareFlower)  # right after a pung: discard only
    with pytest.raises(IllegalActionError, match="only on a turn after a draw"):
        hand.apply(DeclareFlower(1, F1))
    act(hand, Discard(1, k("8p")))
    pass_all(hand)
    drop_drawn(hand)  # seat 2
    drop_drawn(hand)  # seat 3
    drop_drawn(hand)  # seat 0
    assert hand.current == 1 and DeclareFlower(1, F1) in hand.legal_actions(1)  # a turn after a draw
    act(hand, DeclareFlower(1, F1))
    assert flowers_of(hand, 1) == (F1,)


def test_a_kept_flower_blocks_a_kong_until_declared() -> None:
    """The hand is a tile short while a flower stands in for a tile: no kong (B1)."""
    hand = deal([QUIET, "2222m234p567s78s6z", QUIET, QUIET], draws="7zF1", tail="6z")
    drop_drawn(hand)
    assert not has(hand, 1, ClosedKan)
    act(hand, DeclareFlower(1, F1))
    assert ClosedKan(1, k("2m")) in hand.legal_actions(1)


def test_a_kept_flower_may_be_discarded_but_not_one_never_held() -> None:
    """RULES.md B1 "Flower replacement (play)": a flower drawn may be declared, kept, or
    discarded (tests/test_mcr_rule_rows.py plays the discard); a flower the seat does not
    hold may not be discarded, and the refusal changes nothing."""
    hand = deal([QUIET, SEAT1, QUIET, QUIET], draws="7zF1")
    drop_drawn(hand)
    assert Discard(1, F1) in hand.legal_actions(1) and DeclareFlower(1, F1) in hand.legal_actions(1)
    before = hand.legal_actions(1)
    with pytest.raises(IllegalActionError, match="holds no flower 2f"):
        hand.apply(Discard(1, F1 + 1))
    assert hand.legal_actions(1) == before and kept_of(hand, 1) == (F1,)


# ---------------------------------------------------------------- claims and the 8-fan minimum (B2)

CHEAP = "123m456m789p234s5s"  # waits 2s and 5s: 5 fan on a discard, 7 self-drawn (below 8)
STRAIGHT = "123m456m789m234p5s"  # waits 5s: Pure Straight, 21 fan on a discard


def test_a_hu_is_offered_only_for_eight_fan_without_flowers() -> None:
    """B2 "8-fan minimum"; C2-1: a complete hand under 8 fan is no Hu, on a discard or
    self-drawn, flowers or not; 8 fan and more is."""
    below = score_mcr(McrSituation.from_dict({"hand": CHEAP + "5s", "win_tile": "5s"}))
    assert below.error == "below_minimum"
    hand = deal(["5s" + "159m159p19s1234z", CHEAP, STRAIGHT, QUIET], draws="7z")
    act(hand, Discard(0, k("5s")))
    chances = {o.seat: o.can_win for o in hand.opportunities}
    assert chances.get(1) is not True and chances[2] is True
    assert Ron(2) in hand.legal_actions(2) and Ron(1) not in hand.legal_actions(1)


def test_seven_fan_and_flowers_is_still_no_hu() -> None:
    """C2-1: 7 fan + flowers is not a legal Hu (the flowers count only after it qualifies)."""
    hand = deal([QUIET3, "F1F2" + "123m456m789p34s", QUIET3, QUIET3], draws="7z5s7z7z7z5s", tail="2s6z")
    assert flowers_of(hand, 1) == (F1, F2)  # replaced at the deal: 2s and 6z
    drop_drawn(hand)
    act(hand, Discard(1, k("6z")))
    pass_all(hand)
    drop_drawn(hand)
    drop_drawn(hand)
    drop_drawn(hand)
    assert hand.current == 1 and hand.code(hand.drawn) == k("5s")
    situation = hand.situation(1, hand.drawn, True, False)
    assert situation.flowers == 2 and score_mcr(situation).fan_total == 7
    assert not has(hand, 1, Tsumo)


def test_chow_only_from_the_seat_on_the_left() -> None:
    """B2 "Chow": only from the previous player in turn order; pung from anyone."""
    hand = deal(["4m" + "159m159p159s123z", "35m" + "2468p2468s126z", "35m" + "2468p2468s346z", QUIET], draws="7z")
    act(hand, Discard(0, k("4m")))
    options = {o.seat: {c.kind for c in o.options} for o in hand.opportunities}
    assert options == {1: {"chi"}}  # seat 2 holds 35m too but sits across from the discarder
    assert Chi(1, tuple(parse_tiles("345m"))) in hand.legal_actions(1)


def test_one_winner_per_discard_the_nearest_after_the_discarder() -> None:
    """B2 "Several Hu on one discard": head bump; the engine ends the hand on the first Hu."""
    hand = deal([QUIET, "5s" + "159m159p19s1234z", STRAIGHT, "123m456m789m234p5s"], draws="7z7z")
    drop_drawn(hand)
    act(hand, Discard(1, k("5s")))
    assert {o.seat for o in hand.opportunities if o.can_win} == {2, 3}
    chosen = resolve_claims({3: Ron(3), 2: Ron(2)}, 1, MCR.rules.hand.max_rons)
    assert chosen == (Ron(2),)
    events = act(hand, Ron(2))
    assert [e.seat for e in events if isinstance(e, Won)] == [2] and hand.is_finished
    assert len(hand.outcome.wins) == 1


def test_hu_beats_pung_which_beats_chow() -> None:
    """B2 "Claim priority": Hu > pung/kong > chow."""
    answers = {1: Chi(1, (3, 4, 5)), 2: Pon(2), 3: Ron(3)}
    assert resolve_claims(answers, 0, 1) == (Ron(3),)
    assert resolve_claims({1: Chi(1, (3, 4, 5)), 2: Pon(2)}, 0, 1) == (Pon(2),)


def test_no_furiten_a_passed_tile_and_an_own_discard_may_still_win() -> None:
    """B2 "Furiten": none. Pass a winning tile, then win on the same kind later; a win on
    a kind one discarded oneself."""
    hand = deal([QUIET3, "5s" + "159m159p19s1234z", STRAIGHT, "5s" + "2468m2468p246s7z"], draws="7z7z" + "5s")
    drop_drawn(hand)
    act(hand, Discard(1, k("5s")))
    act(hand, Pass(2))  # seat 2 lets its winning tile go
    pass_all(hand)
    assert not hand.is_furiten(2)
    act(hand, Discard(2, k("5s")))  # it drew 5s: discards the kind it waits on, as in its own river
    pass_all(hand)
    act(hand, Discard(3, k("5s")))
    assert Ron(2) in hand.legal_actions(2)
    act(hand, Ron(2))
    assert hand.outcome.wins[0].seat == 2


# ---------------------------------------------------------------- kongs: robbing, replacement (B2, B4)

ROBBER = "123m456m789m46p5s"  # waits 5p (closed wait): Pure Straight


def test_an_added_kong_may_be_robbed_and_its_owner_pays_as_the_discarder() -> None:
    """B4 抢杠和, C2-6, B2 "Payments": the tile added to a melded pung may be won on; the
    kong's owner pays 8 + x, the others 8."""
    hand = deal(["5p" + "159m19p159s1234z", "55p" + "2468m2468s167z", ROBBER + "5s", QUIET3],
                draws="7z" + "6z" + "6z" + "7z" + "5p")
    act(hand, Discard(0, k("5p")))
    act(hand, Pon(1))
    act(hand, Discard(1, k("1z")))
    pass_all(hand)
    drop_drawn(hand)  # seat 2 drew 6z
    drop_drawn(hand)  # seat 3
    drop_drawn(hand)  # seat 0
    assert hand.current == 1 and AddedKan(1, k("5p")) in hand.legal_actions(1)
    act(hand, AddedKan(1, k("5p")))
    assert hand.phase is Phase.AWAITING_ROBBERY and hand.legal_actions(2) == (Pass(2), Ron(2))
    act(hand, Ron(2))
    win = hand.outcome.wins[0]
    assert win.situation.robbing_kong and not win.situation.last_tile and win.from_seat == 1
    settlement = MCR.settle(hand.outcome, _table())
    total = settlement.wins[0].score.total
    assert "robbing_the_kong" in {name for name, _, _ in settlement.wins[0].score.fan}
    assert settlement.deltas == (-8, -(8 + total), 8 + total + 16, -8)


def test_a_concealed_kong_cannot_be_robbed_not_even_for_thirteen_orphans() -> None:
    """B4 抢杠和; C2-6: only an added kong may be robbed."""
    hand = deal([QUIET2, "111m" + "2468p2468s56z", "99m19p19s1234567z", QUIET2], draws="7z1m")
    assert hand.waits_of(2) == (k("1m"),)
    drop_drawn(hand)
    assert ClosedKan(1, k("1m")) in hand.legal_actions(1)
    act(hand, ClosedKan(1, k("1m")))
    assert hand.phase is Phase.AWAITING_DISCARD and hand.current == 1 and hand.after_replacement


def test_a_flower_as_a_kong_replacement_makes_its_replacement_only_self_drawn() -> None:
    """B1 "Flowers and fan", B4 杠上开花: a kong's replacement that is a flower, declared,
    gives a tile whose win is self-drawn, not Out with Replacement Tile."""
    hand = deal([QUIET2, "333p" + "123m456m789m6s", QUIET2, QUIET2], draws="7z3p", tail="F16s")
    drop_drawn(hand)
    act(hand, ClosedKan(1, k("3p")))
    assert hand.code(hand.drawn) == F1 and hand.after_replacement
    act(hand, DeclareFlower(1, F1))
    assert not hand.after_replacement and Tsumo(1) in hand.legal_actions(1)
    act(hand, Tsumo(1))
    s = hand.outcome.wins[0].situation
    assert s.tsumo and not s.kong_replacement and s.flowers == 1


# ---------------------------------------------------------------- the last tile of the wall (B2)


def run_down(hand, live: int) -> None:
    """Every seat discards what it draws and every claim passes, until the seat in turn has
    just drawn with ``live`` tiles left in the wall."""
    while hand.wall.live_count > live:
        drop_drawn(hand)
    assert hand.phase is Phase.AWAITING_DISCARD and hand.wall.live_count == live


# All eight flowers go to two seats at the deal, replaced by honors from the tail, so the
# tiles after them in ``tail`` are the wall's last. 83 tiles are then left to draw from
# seat 1 on: seat 3 draws the last tile, seat 2 the one before it.
FLOWERS_A = "F1F2F3F4" + "258m258p258s"
FLOWERS_B = "F5F6F7F8" + "258m258p258s"
REPLACED = "1234z1234z"
OTHER = "6z2468m2468p2468s"


def test_the_last_tile_may_be_won_but_never_konged_or_replaced() -> None:
    """B2 "Last tile of the wall": the seat drawing it wins (妙手回春) or discards; no kong,
    no flower."""
    hand = deal([OTHER, FLOWERS_A, FLOWERS_B, "111m" + "23456789s56z"], draws="7z", tail=REPLACED + "1m")
    run_down(hand, 0)
    assert hand.current == 3 and hand.code(hand.drawn) == k("1m") and hand.seats[3].counts[k("1m")] == 4
    legal = hand.legal_actions(3)
    assert all(type(a) is Discard for a in legal)  # no kong with the fourth 1m, no flower, no Hu


def test_the_discard_after_the_last_tile_may_only_be_won() -> None:
    """B2: the last discard is claimable only for Hu (海底捞月); no chow, no pung."""
    hand = deal(["12m456m789m234p55s", FLOWERS_A, FLOWERS_B, OTHER], draws="7z", tail=REPLACED + "3m")
    run_down(hand, 0)
    assert hand.current == 3 and hand.code(hand.drawn) == k("3m")
    act(hand, Discard(3, k("3m")))
    assert hand.legal_actions(0) == (Pass(0), Ron(0))  # 12m could chow 3m from the left: not the last discard
    act(hand, Ron(0))
    s = hand.outcome.wins[0].situation
    assert s.last_wall_tile and "last_tile_claim" in {name for name, _, _ in score_mcr(s).fan}


def test_a_kong_on_the_second_to_last_tile_makes_the_replacement_the_last_tile() -> None:
    """B2, C2-12: the replacement of a kong declared on the second-to-last tile is the last
    tile: a win on it scores Out with Replacement Tile and Last Tile Draw."""
    hand = deal([OTHER, FLOWERS_A, "333p" + "123m456m789m5s", FLOWERS_B], draws="7z", tail=REPLACED + "5s" + "3p")
    run_down(hand, 1)
    assert hand.current == 2 and hand.code(hand.drawn) == k("3p")
    act(hand, ClosedKan(2, k("3p")))
    assert hand.wall.live_count == 0 and hand.code(hand.drawn) == k("5s")
    act(hand, Tsumo(2))
    s = hand.outcome.wins[0].situation
    assert s.kong_replacement and s.last_wall_tile
    names = {name for name, _, _ in score_mcr(s).fan}
    assert {"out_with_replacement_tile", "last_tile_draw"} <= names


def test_a_flower_drawn_as_the_last_tile_cannot_be_replaced() -> None:
    """B1 "Flower replacement (play)": no replacement after the last tile."""
    hand = deal([OTHER, FLOWERS_A, "F5F6F7" + "258m258p258s4z", QUIET], draws="7z", tail="1234z567z" + "F8")
    run_down(hand, 0)
    seat = hand.current
    assert seat == 0  # 84 tiles left after the deal's seven replacements
    assert hand.code(hand.drawn) == FLOWER_CODES[7]
    assert not has(hand, seat, DeclareFlower)
    assert all(type(a) is Discard for a in hand.legal_actions(seat))


# ---------------------------------------------------------------- 和绝张 and the situation (B4)


def test_last_tile_counts_the_copies_face_up_on_the_table() -> None:
    """B4 和绝张: a win on a tile whose other three copies are visible (discards and melds)."""
    hand = deal(["5p" + "159m19p159s1234z", "55p" + "2468m2468s167z", ROBBER + "5s", QUIET3],
                draws="7z" + "6z7z" + "2z" + "5p")
    act(hand, Discard(0, k("5p")))
    act(hand, Pon(1))  # three 5p face up in seat 1's pung
    act(hand, Discard(1, k("1z")))
    pass_all(hand)
    drop_drawn(hand)
    drop_drawn(hand)
    drop_drawn(hand)
    assert hand.current == 1
    act(hand, Discard(1, k("5p")))  # the fourth 5p (drawn), discarded rather than added
    act(hand, Ron(2))
    s = hand.outcome.wins[0].situation
    assert s.last_tile and not s.robbing_kong
    assert "last_tile" in {name for name, _, _ in score_mcr(s).fan}


def test_a_win_records_a_situation_that_scores_alone() -> None:
    """Every win carries the object ``mahjong-joy score --rules mcr`` reads."""
    hand = deal([QUIET, "5s" + "159m159p19s1234z", STRAIGHT, QUIET], draws="7z7z")
    drop_drawn(hand)
    act(hand, Discard(1, k("5s")))
    act(hand, Ron(2))
    situation = hand.outcome.wins[0].situation
    again = McrSituation.from_dict(situation.to_dict())
    assert again == situation and score_mcr(again).fan_total >= 8
    assert situation.seat_wind == k("3z") and situation.round_wind == k("1z")


# ---------------------------------------------------------------- payments (B2)


def _table():
    from mahjong_joy.rulesets.base import TableState

    return TableState("E", 1, 0, 0, (0, 0, 0, 0), 0)


@pytest.mark.parametrize(("total", "winner", "source", "expected"), [
    (8, 1, 3, (8, 0, 8, 16)),  # a discard: the discarder 8 + x, the others 8
    (21, 2, 2, (29, 29, 0, 29)),  # self-drawn: each 8 + x
    (12, 0, 1, (0, 20, 8, 8)),
])
def test_payments(total: int, winner: int, source: int, expected: tuple[int, ...]) -> None:
    """B2 "Payments"."""
    assert paid_for(total, winner, source) == expected


def test_a_discard_win_is_paid_with_flowers_and_sums_to_zero() -> None:
    """B2 "Payments": x includes the flowers; points always sum to 0."""
    hand = deal([QUIET, "5s" + "159m159p19s1234z", "F1" + "123m456m789m234p", QUIET], draws="7z7z", tail="5s")
    drop_drawn(hand)
    act(hand, Discard(1, k("5s")))
    act(hand, Ron(2))
    settlement = MCR.settle(hand.outcome, _table())
    score = settlement.wins[0].score
    assert score.flowers == 1 and score.total == score.fan_total + 1
    assert settlement.deltas == (-8, -(8 + score.total), 16 + 8 + score.total, -8) and sum(settlement.deltas) == 0


def test_an_exhaustive_draw_pays_nothing_and_the_deal_passes() -> None:
    """B2 "Exhaustive draw", B3 "Dealer"."""
    hand = deal([QUIET, QUIET, QUIET, "2468m2468p2468s5z"])
    while not hand.is_finished:
        drop_drawn(hand) if hand.phase is Phase.AWAITING_DISCARD else pass_all(hand)
    check_mcr_hand(hand)
    settlement = MCR.settle(hand.outcome, _table())
    assert settlement.deltas == (0, 0, 0, 0) and not settlement.dealer_keeps and not hand.outcome.wins


def test_a_drawn_flower_is_no_tile_kind_in_the_players_decision() -> None:
    """The controller's pending decision names no kind for a flower just drawn (a flower has
    none): the decision lists the declaration and the discards."""
    from mahjong_joy.controller import Controller
    from mahjong_joy.engine.match import Match

    hand = deal([QUIET, SEAT1, QUIET, QUIET], draws="7zF1")
    match = Match(0, MCR, deals=[hand.wall.deck])
    ctl = Controller(seats=("random", "human", "random", "random"), match=match)
    ctl.step()
    while ctl.pending is not None and ctl.pending.kind != "turn":
        ctl.submit(Pass(1))  # whatever the random dealer let go
        ctl.step()
    decision = ctl.pending
    assert decision is not None and decision.seat == 1 and decision.tile is None
    assert DeclareFlower(1, F1) in decision.actions
    seat = ctl.snapshot().seats[1]
    assert seat.drawn is None and seat.kept_flowers == (F1,) and len(seat.hand) == 13


def test_a_hand_from_its_key_has_the_rules_tile_set() -> None:
    from mahjong_joy.engine import HandState

    hand = HandState.from_key("mcr:E:1:0", 0, MCR)
    check_mcr_hand(hand)
    assert len(hand.wall.deck) == 144
