"""The guide's hint for a Chinese Official hand short of 8 fan (issue 25 §2, RULES.md B2
"8-fan minimum", C2 row 1): "6 fan: needs 8; Mixed Triple Chow would make it". Every lift
is checked by scoring the hand one swap away on its own with the scorer: it wins with 8
fan or more and counts the fan named. And the first hand's deal flowers fly in as the
table opens, as every later hand's do (RULES.md B1 "Flower replacement (deal)")."""

from __future__ import annotations

import pytest

from mahjong_joy.controller import Controller
from mahjong_joy.names import tile_label
from mahjong_joy.notation import parse_tiles
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.rulesets.mcr import McrSituation, score_mcr
from mahjong_joy.rulesets.mcr.lift import FanLift, lift_complete, lift_ready, named_fan
from mahjong_joy.tiles import kind_of_code
from tests.mcr_helpers import QUIET, deal

MCR = ruleset_for("mcr")

SHORT_READY = (  # ready hands whose every wait scores under 8 by a discard (found by a seeded search)
    "123m123p24s678s99m",  # 3s: 6 fan; a 1s for the 4s waits on 123s: Mixed Triple Chow
    "12456678m123p99s",  # a Pure Straight in characters one tile away
    "67m11234p345567s",  # Mixed Shifted Chows
    "445566m67778p23s",  # Mixed Straight
    "33m444677889p22z",  # Seven Pairs
    "444m22789p35s777z",  # Three Concealed Pungs
)

def unseen_of(*hands: list[int]) -> list[int]:
    unseen = [4] * 34
    for hand in hands:
        for kind in hand:
            unseen[kind] -= 1
    return unseen


def swapped(hand: list[int], lift: FanLift) -> McrSituation:
    """The hand one swap away, won on the lift's tile by a discard, built from the tiles alone."""
    tiles = list(hand)
    if lift.take is not None:
        tiles.append(lift.take)
    tiles.remove(lift.give)
    return McrSituation(tuple(sorted([*tiles, lift.win])), lift.win, seat_wind=27, round_wind=27)


def best_wait(hand: list[int]) -> int:
    """The best fan total over the 13 tiles' waits, by trying every kind with the scorer."""
    totals = [score_mcr(McrSituation(tuple(sorted([*hand, t])), t, seat_wind=27, round_wind=27)) for t in range(34)
              if hand.count(t) < 4]
    return max((s.fan_total for s in totals if s.valid or s.error == "below_minimum"), default=-1)


@pytest.mark.parametrize("text", SHORT_READY)
def test_a_ready_hand_short_of_eight_names_a_fan_one_swap_away_that_the_scorer_confirms(text: str) -> None:
    hand = parse_tiles(text)
    short = best_wait(hand)
    assert 0 <= short < 8, "the case is a ready hand whose every wait is short of 8"
    lift = lift_ready(McrSituation.waiting(hand, seat_wind=27, round_wind=27), unseen_of(hand))
    assert lift is not None and lift.take is not None and lift.short == short
    assert lift.give in hand and lift.take != lift.give and hand.count(lift.take) < 4  # one tile changed
    score = score_mcr(swapped(hand, lift))
    counted = {fan: count for fan, _, count in score.fan}
    assert score.valid and score.fan_total >= 8 and score.fan_total == lift.score.fan_total
    assert lift.named and set(lift.named) <= set(counted)


def test_the_named_fan_is_one_the_hand_does_not_count_now() -> None:
    """6 fan now (Concealed Hand, All Chows, Mixed Double Chow, Closed Wait on the 3s): a 1s
    for the 4s waits on 123s, where Mixed Triple Chow alone lifts the hand past 8."""
    hand = parse_tiles("123m123p24s678s99m")
    lift = lift_ready(McrSituation.waiting(hand, seat_wind=27, round_wind=27), unseen_of(hand))
    assert lift is not None
    now = score_mcr(McrSituation(tuple(sorted([*hand, 20])), 20, seat_wind=27, round_wind=27))
    assert now.fan_total == 6 and not now.valid
    assert lift.named == ("mixed_triple_chow",) and "mixed_triple_chow" not in {f for f, _, _ in now.fan}
    assert (lift.give, lift.take, lift.win) == (parse_tiles("4s")[0], parse_tiles("1s")[0], parse_tiles("3s")[0])


def test_named_fan_stops_at_the_fewest_that_reach_eight() -> None:
    rich = score_mcr(McrSituation.from_dict({"hand": "123m123p123s678s99m", "win_tile": "3s"}))
    poor = score_mcr(McrSituation.from_dict({"hand": "123m123p234s678s99m", "win_tile": "3s"}))
    named = named_fan(rich, poor)
    assert named[0] == "mixed_triple_chow" and poor.fan_total + sum(v for f, v, _ in rich.fan if f in named) >= 8
    assert named_fan(poor, poor) == ()


def test_a_complete_hand_short_of_eight_names_the_discard_and_the_win_that_make_it() -> None:
    """123m 123p 234s 678s and a pair of East, won on the 3s: 4 fan by a discard. Giving up
    the 4s waits on 1s-4s, and the 1s makes 123 in three suits."""
    hand = parse_tiles("123m123p234s678s11z")
    won = McrSituation(tuple(sorted(hand)), parse_tiles("3s")[0], seat_wind=27, round_wind=27, tsumo=True)
    assert not score_mcr(won).valid
    lift = lift_complete(won, unseen_of(hand))
    assert lift is not None and lift.take is None and lift.give in hand
    score = score_mcr(swapped(hand, lift))
    assert score.valid and score.fan_total >= 8 and set(lift.named) <= {f for f, _, _ in score.fan}
    assert "mixed_triple_chow" in lift.named


def test_no_lift_for_a_hand_that_wins_already_or_is_not_ready() -> None:
    rich = parse_tiles("123m123p123s678s9m")  # 9m: Mixed Triple Chow already
    assert lift_ready(McrSituation.waiting(rich, seat_wind=27, round_wind=27), unseen_of(rich)) is None
    far = parse_tiles(QUIET)
    assert lift_ready(McrSituation.waiting(far, seat_wind=27, round_wind=27), unseen_of(far)) is None
    won = McrSituation.from_dict({"hand": "123m123p123s678s99m", "win_tile": "3s"})
    assert lift_complete(won, [4] * 34) is None


def test_a_lift_needs_copies_the_player_cannot_see() -> None:
    """With every 1s in sight the swap that needs one is not offered."""
    hand = parse_tiles("123m123p24s678s99m")
    unseen = unseen_of(hand)
    unseen[parse_tiles("1s")[0]] = 0
    lift = lift_ready(McrSituation.waiting(hand, seat_wind=27, round_wind=27), unseen)
    assert lift is None or (lift.take != parse_tiles("1s")[0] and unseen[lift.take] > 0 and unseen[lift.win] > 0)


def rigged_controller(hands: list[str], draws: str = "") -> Controller:
    """An MCR controller whose hand in play is dealt from a rigged wall (seat 0 the dealer)."""
    ctl = Controller(seats=("easy",) * 4, seed=1, ruleset=MCR, max_hands=1)
    ctl.match.hand = deal(hands, draws=draws)
    return ctl


def test_the_controller_lifts_a_seat_s_ready_hand_from_its_own_view() -> None:
    ctl = rigged_controller([QUIET, "123m123p24s678s99m", "258m258p258s4567z", "147m369p147s1234z"])
    lift = ctl.fan_lift(1)
    assert lift is not None and lift.take is not None
    score = score_mcr(swapped(parse_tiles("123m123p24s678s99m"), lift))
    assert score.valid and score.fan_total >= 8 and set(lift.named) <= {f for f, _, _ in score.fan}
    assert ctl.fan_lift(0) is None  # the dealer's quiet hand is far from ready
    assert ctl.fan_lift(1, 4) is None  # not a tile of that hand (code 4 is the 5m)


def test_the_controller_lifts_the_dealer_s_drawn_complete_hand() -> None:
    ctl = rigged_controller(["123m123p24s678s11z", QUIET, "258m258p258s4567z", "147m369p147s1234z"], draws="3s")
    waits = ctl.wait_fan(0, ctl.view(0).drawn, True)
    assert any(w.tile == parse_tiles("3s")[0] and not w.valid for w in waits)  # complete, short of 8 even self-drawn
    lift = ctl.fan_lift(0)
    assert lift is not None and lift.take is None
    score = score_mcr(swapped(parse_tiles("123m123p234s678s11z"), lift))
    assert score.valid and score.fan_total >= 8 and set(lift.named) <= {f for f, _, _ in score.fan}


def test_riichi_rules_have_no_lift() -> None:
    ctl = Controller(seats=("potential",) * 4, seed=1)
    assert ctl.fan_lift(0) is None


def test_the_guide_words_name_the_fan_that_would_make_it_and_list_the_swap_first() -> None:
    from mahjong_joy.controller import WaitFan
    from mahjong_joy.ui.guide import fan_caption, fan_items, fan_words

    hand = parse_tiles("123m123p24s678s99m")
    lift = lift_ready(McrSituation.waiting(hand, seat_wind=27, round_wind=27), unseen_of(hand))
    short = (WaitFan(20, 6, ("concealed_hand", "all_chows"), False, 3),)
    assert fan_caption(short, "Ready", lift) == "Ready, 6 fan: needs 8; Mixed Triple Chow would make it"
    assert fan_caption(short, "Ready") == "Ready, but no wait reaches 8 fan (at most 6)"
    seen = [4 - n for n in unseen_of(hand)]
    assert fan_items(short, lift, seen) == ((18, 4, "in place of the 4 of Bamboo"),)
    assert fan_items(short) == ((20, 3, "6 fan, short of 8"),)
    assert fan_words(("half_flush", "all_chows")) == "Half Flush and All Chows"


pygame = pytest.importorskip("pygame")

from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.controller_session import ControllerSession  # noqa: E402
from mahjong_joy.ui.guide import fan_words  # noqa: E402
from mahjong_joy.ui.scenes.table import TableScene  # noqa: E402


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    monkeypatch.setenv("MAHJONG_JOY_HOME", str(tmp_path))
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))


def flower_flights(table: TableScene) -> list[tuple[object, ...]]:
    return sorted(f.key for f in table.anim.flights if isinstance(f.key, tuple) and f.key[0] == "flower")


def laid_flowers(table: TableScene) -> list[tuple[object, ...]]:
    return sorted(("flower", seat, i) for seat in range(4) for i in range(len(table.flower_places(seat))))


def test_the_first_hand_s_deal_flowers_fly_in_as_the_table_opens() -> None:
    """Before, the first hand was dealt before the table opened and its flowers lay there
    already; now each flower of the deal flies to its place, as in every later hand."""
    app = App(size=(1280, 800), settings=Settings(ai_pace="normal", anim_speed="normal"))
    table = TableScene(app)
    app.replace(table, {"seed": 1, "ruleset": "mcr", "length": None, "opponents": ("easy",) * 3})
    dealt = [e for e in table.session.ctl.events if e.name == "flower_declared" and e.deal]
    assert dealt and table.snap.hand_number == 1
    assert flower_flights(table) == laid_flowers(table) and len(flower_flights(table)) == len(dealt)


def test_a_later_hand_s_deal_flowers_fly_as_it_is_dealt() -> None:
    session = ControllerSession(seed=2, ruleset="mcr", max_hands=3, human=False, ai="easy")
    app = App(size=(1280, 800), settings=Settings(ai_pace="normal", anim_speed="normal"))
    table = TableScene(app, session)
    app.replace(table, {})
    while not session.ctl.hand.is_finished:
        session.step()
    session.drain_events()  # the table has shown the first hand
    table.anim.flights.clear()
    for _ in range(4):  # the next deal with flowers
        table.enter({"next_hand": True})
        if flower_flights(table):
            break
        while not session.ctl.hand.is_finished:
            session.step()
        session.drain_events()
    assert flower_flights(table) and flower_flights(table) == laid_flowers(table)


def test_a_riichi_table_opens_with_nothing_in_flight() -> None:
    app = App(size=(1280, 800), settings=Settings(ai_pace="normal", anim_speed="normal"))
    table = TableScene(app)
    app.replace(table, {"seed": 1, "ruleset": None, "length": None})
    assert not table.anim.flights and table.session.drain_events() == []


def test_the_table_s_guide_says_which_fan_would_make_a_short_complete_hand_and_stars_the_tile_to_give_up() -> None:
    """The player (the dealer) draws the 3s that completes 123m 123p 234s 678s with a pair of
    East, under 8 fan: the guide names the fan one swap away, stars the tile to give up and
    lists the tile that would then win, and no Hu is offered."""
    session = ControllerSession(seed=1, ruleset="mcr", max_hands=1)
    session.ctl.match.hand = deal(["123m123p24s678s11z", QUIET, "258m258p258s4567z", "147m369p147s1234z"], draws="3s")
    app = App(size=(1280, 800), settings=Settings(ai_pace="instant", anim_speed="instant"))
    table = TableScene(app, session)
    app.replace(table, {})
    app.step(1 / 60)
    advice = table.guide.advice(table)
    lift = session.fan_lift(None)
    assert lift is not None and lift.take is None and not advice.win
    assert advice.caption == (f"Complete, but 6 fan: needs 8; {fan_words(lift.named)} would make it"
                              f" (discard the {tile_label(lift.give)})")
    codes = table.my_tiles()
    assert advice.best is not None and kind_of_code(codes[advice.best]) == lift.give
    assert [t for t, _, _ in advice.items] == [lift.win]
    score = score_mcr(swapped(parse_tiles("123m123p234s678s11z"), lift))
    assert score.valid and set(lift.named) <= {f for f, _, _ in score.fan}
