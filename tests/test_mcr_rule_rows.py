"""Rigged-wall tests for RULES.md part B rows an audit found untested or wrong: each test
names its row. Every step is checked by ``tests.mcr_helpers.check_mcr_hand``."""

from __future__ import annotations

import pytest

from mahjong_joy.ai.reading import SeatWords
from mahjong_joy.engine import AddedKan, ClosedKan, Kan, Phase, Pon, Ron, Tsumo
from mahjong_joy.engine.actions import DeclareFlower, Discard, Pass
from mahjong_joy.engine.events import Discarded, Drew, FlowerDeclared
from mahjong_joy.engine.view import observe
from mahjong_joy.notation import parse_tiles
from mahjong_joy.rulesets.base import TableState
from mahjong_joy.rulesets.claims import resolve_claims
from mahjong_joy.rulesets.mcr import McrSituation, score_mcr
from mahjong_joy.tiles import FLOWER_CODES
from tests.mcr_helpers import MCR, QUIET, act, deal, drop_drawn, pass_all, rigged

F1, F8 = FLOWER_CODES[0], FLOWER_CODES[7]
QUIET2 = "258m258p258s4567z"  # hands that never call, win or get ready (as in test_mcr_engine)
QUIET3 = "147m369p147s1234z"


def k(name: str) -> int:
    (kind,) = parse_tiles(name)
    return kind


def has(hand, seat: int, kind: type) -> bool:
    return any(type(a) is kind for a in hand.legal_actions(seat))


def test_a_fifth_kong_is_allowed_with_no_dead_wall() -> None:
    """B1 "Dead wall", B2 "Pung / melded kong": kong replacements come from the tail of the
    wall and the hand runs until it is empty, so MCR has no riichi limit of four kongs a
    hand (that limit is the riichi dead wall's four replacement tiles, A1 "Kan and wall
    limits"). Seat 1 makes three concealed kongs, seat 2 a fourth, seat 3 a fifth."""
    hand = deal(["69m69p69s1234567z", "1111m2222m3333m4m", "4444p2468s1234z8p", "5555p2468s1234z7p"],
                draws="7z" + "6z" + "6z" + "6z", tail="7m8m7s8s9p")
    drop_drawn(hand)  # the dealer lets 7z go
    for tile in ("1m", "2m", "3m"):
        act(hand, ClosedKan(1, k(tile)))
    drop_drawn(hand)
    act(hand, ClosedKan(2, k("4p")))
    drop_drawn(hand)
    assert hand.current == 3 and sum(st.kans for st in hand.seats) == 4
    assert ClosedKan(3, k("5p")) in hand.legal_actions(3)
    events = act(hand, ClosedKan(3, k("5p")))
    assert events[-1] == Drew(3, k("9p"), True) and hand.phase is Phase.AWAITING_DISCARD


# ---------------------------------------------------------------- a flower's replacement (B1, B4)

STRAIGHT = "123m456m789m234p5s"  # waits 5s: Pure Straight


def fan_names(situation) -> set[str]:
    return {name for name, _, _ in score_mcr(situation).fan}


def test_a_win_on_a_flowers_replacement_is_self_drawn_not_out_with_replacement_tile() -> None:
    """B1 "Flowers and fan", B4 杠上开花: a flower drawn in play, declared, and its
    replacement from the tail completing the hand is a self-draw; Out with Replacement
    Tile is a kong's replacement only. The situation says so, and scores alone."""
    hand = deal([QUIET, STRAIGHT, QUIET2, QUIET3], draws="7zF1", tail="5s")
    drop_drawn(hand)
    act(hand, DeclareFlower(1, F1))
    assert hand.code(hand.drawn) == k("5s") and not hand.after_replacement
    act(hand, Tsumo(1))
    s = hand.outcome.wins[0].situation
    assert s.tsumo and not s.kong_replacement and not s.last_wall_tile and s.flowers == 1
    again = McrSituation.from_dict(s.to_dict())
    assert again == s and "out_with_replacement_tile" not in fan_names(again)
    assert score_mcr(again).flowers == 1 and score_mcr(again).valid


# Seven flowers go to seats 1 and 2 at the deal, replaced by the seven honors at the tail's
# start; the wall's last tile is then ``tail[7]`` and the one before it ``tail[8]``. 84
# tiles are left from seat 1's first draw: seat 3 draws the second-to-last tile.
FLOWERS_A = "F1F2F3F4" + "258m258p258s"
FLOWERS_B = "F5F6F7" + "258m258p258s4z"
OTHER = "6z2468m2468p2468s"


def run_down(hand, live: int) -> None:
    """Every seat discards what it draws and every claim passes, until the seat in turn
    has just drawn with ``live`` tiles left."""
    while hand.wall.live_count > live:
        drop_drawn(hand)
    assert hand.phase is Phase.AWAITING_DISCARD and hand.wall.live_count == live


def test_a_flower_drawn_second_to_last_gives_the_last_tile_as_its_replacement() -> None:
    """B1 "Flower replacement (play)" (no replacement only *after* the last tile), B4
    妙手回春 / 杠上开花: a flower drawn as the second-to-last tile may be declared; its
    replacement is the last tile of the wall, and a win on it is Last Tile Draw, a
    self-draw, not Out with Replacement Tile."""
    hand = deal([OTHER, FLOWERS_A, FLOWERS_B, STRAIGHT], draws="7z", tail="1234z567z" + "5s" + "F8")
    run_down(hand, 1)
    assert hand.current == 3 and hand.code(hand.drawn) == F8
    events = act(hand, DeclareFlower(3, F8))
    assert events == [FlowerDeclared(3, F8), Drew(3, k("5s"), True)] and hand.wall.live_count == 0
    assert not has(hand, 3, ClosedKan) and Tsumo(3) in hand.legal_actions(3)
    act(hand, Tsumo(3))
    s = hand.outcome.wins[0].situation
    assert s.tsumo and s.last_wall_tile and not s.kong_replacement and s.flowers == 1
    names = fan_names(s)
    assert "last_tile_draw" in names and "out_with_replacement_tile" not in names


# ---------------------------------------------------------------- a discard claimed for a kong or a Hu (B2, B4)

ROBBER = "123m456m789m46p5s5s"  # waits 5p (closed wait): Pure Straight


def test_hu_beats_a_melded_kong_claim_and_is_an_ordinary_discard_win() -> None:
    """B2 "Claim priority", B4 抢杠和: a discard that one seat could claim for a melded
    kong and another for Hu goes to the Hu; that is a discard win (the discarder pays
    8 + x, the others 8), not Robbing the Kong, which only an added kong gives."""
    hand = deal(["5p" + "159m19p159s1234z", "555p" + "2468m2468s17z", ROBBER, QUIET3], draws="7z")
    act(hand, Discard(0, k("5p")))
    chances = {o.seat: (o.can_win, {c.kind for c in o.options}) for o in hand.opportunities}
    assert chances[1] == (False, {"pon", "kan"}) and chances[2] == (True, set())
    chosen = resolve_claims({1: Kan(1), 2: Ron(2)}, 0, MCR.rules.hand.max_rons)
    assert chosen == (Ron(2),)
    act(hand, Ron(2))
    s = hand.outcome.wins[0].situation
    assert not s.robbing_kong and not s.tsumo and "robbing_the_kong" not in fan_names(s)
    settlement = MCR.settle(hand.outcome, TableState("E", 1, 0, 0, (0, 0, 0, 0), 0))
    x = settlement.wins[0].score.total
    assert settlement.deltas == (-(8 + x), -8, 8 + x + 16, -8)


# ---------------------------------------------------------------- head bump at the table (B2)

SECOND_ROBBER = "46p123s456s789s22z"  # waits 5p too: Pure Straight


@pytest.mark.parametrize(("nearer_answer", "winner"), [("ron", 2), ("pass", 3)])
def test_two_seats_that_may_rob_a_kong_the_controller_gives_it_to_the_nearer(nearer_answer: str, winner: int) -> None:
    """B2 "Several Hu on one discard" (head bump), B4 抢杠和, through the controller as a
    game plays it: seats 2 and 3 may both rob seat 1's added kong of 5p. Seat 2 (next
    after the kong's owner) is asked first; its Hu ends the hand without asking seat 3,
    and only if it passes may seat 3 win. The kong's owner pays as the discarder."""
    from mahjong_joy.controller import Controller
    from mahjong_joy.engine.match import Match

    wall = rigged(["5p" + "159m19p159s1234z", "55p" + "2468m2468s167z", ROBBER, SECOND_ROBBER],
                  draws="7z" + "6z" + "6z" + "7z" + "5p")
    ctl = Controller(seats=("human",) * 4, match=Match(0, MCR, deals=[wall.deck]))
    ctl.step()
    script = [Discard(0, k("5p")), Pon(1), Pass(2), Pass(3),  # seats 2 and 3 let the discard go (no furiten)
              Discard(1, k("1z")), Discard(2, k("6z")), Discard(3, k("6z")), Discard(0, k("7z")), AddedKan(1, k("5p"))]
    for action in script:
        assert ctl.pending is not None and ctl.pending.seat == action.seat, (action, ctl.pending)
        ctl.submit(action)
    assert ctl.hand.phase is Phase.AWAITING_ROBBERY and ctl.pending.seat == 2
    assert {o.seat for o in ctl.hand.opportunities if o.can_win} == {2, 3}
    if nearer_answer == "ron":
        ctl.submit(Ron(2))
    else:
        ctl.submit(Pass(2))
        assert ctl.pending.seat == 3
        ctl.submit(Ron(3))
    outcome = ctl.match.results[-1]
    (win,) = outcome.wins
    assert (win.seat, win.from_seat, win.tsumo) == (winner, 1, False)
    assert win.situation["robbing_kong"] and not win.situation["last_tile"]
    x = win.han
    expected = [-8, -(8 + x), -8, -8]
    expected[winner] = 8 + x + 16
    assert list(outcome.deltas) == expected


# ---------------------------------------------------------------- honors and knitted tiles (B2, B6 20 and 34)


@pytest.mark.parametrize(("held", "waits", "win", "fan"), [
    ("147m258p3s123456z", "69s7z", "7z", "greater_honors_and_knitted_tiles"),  # 7 honors + 7 number tiles
    ("147m258p36s12356z", "9s47z", "4z", "lesser_honors_and_knitted_tiles"),  # 6 honors + 8 number tiles
])
def test_honors_and_knitted_tiles_with_fewer_than_nine_number_kinds_may_win(held: str, waits: str, win: str, fan: str) -> None:
    """B6 20 七星不靠 / 34 全不靠, B2 "8-fan minimum": fourteen different tiles of one
    knitted pattern and the honors are a complete hand, however few number kinds they
    hold (7, with all seven honors); only a knitted straight needs all nine. The
    engine lists their waits and offers the Hu on a discard and on a self-draw."""
    hand = deal([QUIET, held, QUIET2, QUIET3], draws="7z" + win)
    assert hand.waits_of(1) == tuple(sorted(parse_tiles(waits)))
    act(hand, Discard(0, k("7z")))
    if win == "7z":
        assert Ron(1) in hand.legal_actions(1)
        act(hand, Ron(1))
    else:
        pass_all(hand)
        assert hand.current == 1 and hand.code(hand.drawn) == k(win) and Tsumo(1) in hand.legal_actions(1)
        act(hand, Tsumo(1))
    s = hand.outcome.wins[0].situation
    assert fan in fan_names(s) and score_mcr(s).valid


# ---------------------------------------------------------------- kongs only after a draw (B2)


def test_no_kong_right_after_a_pung_only_on_a_turn_after_a_draw() -> None:
    """B2 "Concealed kong / added kong": only after drawing a tile; right after a chow or
    pung the claimer must discard, even holding the fourth copy of the pung or a
    concealed four of a kind. On his next turn after a draw both kongs are offered."""
    seat2 = seat3 = "147m369p147s1234z"
    hand = deal([QUIET, "222m6666s3478p67z", seat2, seat3], draws="2m" + "5z5z5z" + "1z")
    act(hand, Discard(0, k("2m")))
    act(hand, Pon(1))
    legal = hand.legal_actions(1)
    assert all(type(a) is Discard for a in legal) and hand.seats[1].counts[k("2m")] == 1
    act(hand, Discard(1, k("7z")))
    pass_all(hand)
    for _ in range(3):
        drop_drawn(hand)
    assert hand.current == 1 and hand.code(hand.drawn) == k("1z")
    assert {AddedKan(1, k("2m")), ClosedKan(1, k("6s"))} <= set(hand.legal_actions(1))


# ---------------------------------------------------------------- a flower discarded (B1)

LAST_HOLDER = "6z2468m2468p4568s"  # the dealer, holding the 5s that seat 3 (STRAIGHT) waits on
LAST_FLOWER = dict(draws="7z", tail="1234z567z" + "F8")  # the wall's last tile is F8, drawn by the dealer


def dealt_to_the_last_flower():
    """Seat 0 has just drawn the wall's last tile, a flower it may no longer declare."""
    hand = deal([LAST_HOLDER, FLOWERS_A, FLOWERS_B, STRAIGHT], **LAST_FLOWER)
    run_down(hand, 0)
    assert hand.current == 0 and hand.code(hand.drawn) == F8 and hand.wall.live_count == 0
    return hand


def test_the_last_tile_a_flower_may_be_discarded_and_the_hand_ends_in_a_draw() -> None:
    """RULES.md B1 "Flower replacement (play)": after the last tile no flower is replaced,
    but the flower may be discarded; nobody may claim it, so the hand ends in an
    exhaustive draw (B2) with nothing paid. It lies in the dealer's river and is no
    declared flower."""
    hand = dealt_to_the_last_flower()
    legal = hand.legal_actions(0)
    assert Discard(0, F8) in legal and not has(hand, 0, DeclareFlower)
    events = act(hand, Discard(0, F8))
    assert [e.name for e in events] == ["discarded", "exhausted"] and events[0] == Discarded(0, F8, True)
    assert hand.phase is Phase.FINISHED and hand.outcome.wins == () and hand.opportunities == ()
    assert hand.outcome.flowers[0] == () and hand.seats[0].kept == []
    assert hand.code(hand.seats[0].river[-1].tile) == F8 and hand.seats[0].river[-1].claimed_by is None
    assert F8 not in [e.tile for e in observe(hand, 1).rivers[0]]  # views' rivers hold tiles with a kind
    settlement = MCR.settle(hand.outcome, TableState("E", 1, 0, 0, (0, 0, 0, 0), 0))
    assert settlement.deltas == (0, 0, 0, 0)


def test_the_last_tile_a_flower_a_tile_from_the_hand_instead_may_be_won_on() -> None:
    """The same table without the flower's discard (B1 allows both): the dealer's 5s goes,
    and seat 3 wins on it with Last Tile Claim (B4 海底捞月). Discarding the flower is what
    keeps that win from happening."""
    hand = dealt_to_the_last_flower()
    act(hand, Discard(0, k("5s")))
    assert Ron(3) in hand.legal_actions(3)
    act(hand, Ron(3))
    assert "last_tile_claim" in fan_names(hand.outcome.wins[0].situation)


def test_a_flower_discarded_in_mid_hand_is_unclaimable_and_no_declared_flower() -> None:
    """RULES.md B1 "Flower replacement (play)": a flower drawn in play may be discarded
    at once instead of declared. Nobody may claim it (no Hu, pung, kong or chow: no claim
    window opens), the next seat draws, and a later win of the discarder counts no
    flower for it. Every other action stays as legal as before."""
    hand = deal([QUIET, STRAIGHT, QUIET2, QUIET3], draws="7zF1" + "6z6z7z" + "5s")
    drop_drawn(hand)
    legal = hand.legal_actions(1)
    held = {hand.code(t) for t in hand.concealed[1]}
    assert {a.tile for a in legal if type(a) is Discard} == held | {F1}
    assert DeclareFlower(1, F1) in legal and legal[-1] == Discard(1, F1)
    events = act(hand, Discard(1, F1))
    assert events == [Discarded(1, F1, True), Drew(2, k("6z"), False)]
    assert hand.current == 2 and hand.phase is Phase.AWAITING_DISCARD and hand.opportunities == ()
    for claim in (Ron(3), Pon(2), Pass(0)):
        assert hand.refusal(claim) == "there is no discard to claim"
    assert hand.seats[1].kept == [] and hand.seats[1].flowers == [] and len(hand.concealed[1]) == 13
    assert hand.waits_of(1) == (k("5s"),)  # the hand is whole again
    for _ in range(3):
        drop_drawn(hand)
    act(hand, Tsumo(1))
    (win,) = hand.outcome.wins
    assert win.situation.flowers == 0 and hand.outcome.flowers[1] == ()


def test_riichi_rules_list_no_flower_discard_and_refuse_one() -> None:
    """Joy and riichi play have no flowers: no flower discard is listed and one asked for
    is refused, the hand unchanged."""
    from mahjong_joy.controller import Controller
    from mahjong_joy.errors import IllegalActionError
    from mahjong_joy.rulesets.joy import ruleset_for

    for rules in ("joy", "tenhou"):
        ctl = Controller(seats=("human",) * 4, seed=3, ruleset=ruleset_for(rules))
        ctl.step()
        hand = ctl.hand
        seat = hand.current
        before = hand.legal_actions(seat)
        assert all(a.tile < F1 for a in before if type(a) is Discard)
        with pytest.raises(IllegalActionError, match="holds no flower 1f"):
            hand.apply(Discard(seat, F1))
        assert hand.legal_actions(seat) == before and hand.current == seat


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "potential"])
def test_an_ai_discards_the_last_flower_it_may_no_longer_declare(level: str) -> None:
    """RULES.md B1: the MCR levels (and the stopgap around the riichi-family AI) throw the
    flower drawn as the last tile, which costs nothing and nobody may claim, rather than
    a tile from the hand that could be won on (here the 5s seat 3 waits on); the levels
    say why in words."""
    from mahjong_joy.ai.mcr.seat import LEVELS, McrLevelAI
    from mahjong_joy.controller import _make_decider

    hand = dealt_to_the_last_flower()
    ai = McrLevelAI(level) if level in LEVELS else _make_decider(level, "5", SeatWords(), MCR.rules)
    assert ai.choose(observe(hand, 0), hand.legal_actions(0)) == Discard(0, F8)
    if level in LEVELS:
        assert ai.last_reason.startswith("discard the flower ") and "last tile" in ai.last_reason
