"""Headless UI tests for own-turn buttons (closed kan, added kan, tsumo), the winning
hand's flip, added kans on every seat, and the fu lines on the score screen.

Positions that are rare in seeded play come from hand-made walls: the controller
runs its real engine and the player still acts only by posting mouse events.
"""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from mahjong_joy.engine import HandState  # noqa: E402
from mahjong_joy.engine.actions import Discard, Pass, Pon  # noqa: E402
from mahjong_joy.rulesets.riichi import RiichiRules, WinSituation, score_hand  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.controller_session import ControllerSession  # noqa: E402
from mahjong_joy.ui.scenes.claim import ClaimOverlay  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402
from mahjong_joy.ui.scenes.score import ScoreScene, fu_label, fu_texts  # noqa: E402
from mahjong_joy.ui.scenes.table import TableScene  # noqa: E402
from mahjong_joy.ui.session import HandOutcome, Meld, StaticSession, TableSnapshot, WinResult  # noqa: E402
from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui.tiles_art import BACK  # noqa: E402
from mahjong_joy.ui.win_reveal import WinRevealScene  # noqa: E402
from tests.helpers import h  # noqa: E402
from tests.invariants import rigged_wall  # noqa: E402

OTHERS = ["23m234p678p234s88s", "234m567m567s88s89p", "2233445566778m"]  # seats 1-3: nothing they can claim or win on
KAN_HANDS = ["1111m55p234s678p1z", *OTHERS]
KAN_DRAWS = "3z5p4z6z7z5p"  # 3z first draw; seat 1 draws and throws 5p (pon); seat 0 draws the fourth 5p later
TSUMO_HANDS = ["789m456p123s1122z", *OTHERS]
TSUMO_DRAWS = "9p4z6z7z1z"  # 9p thrown, three honours thrown, then 1z completes 111z + 22z


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path, monkeypatch) -> None:
    """Autosaves of these made-up hands go to a scratch folder, not the player's."""
    monkeypatch.setenv("MAHJONG_JOY_HOME", str(tmp_path))


class Tsumogiri:
    """A scripted seat: throws the tile it drew and passes every claim."""

    def choose(self, view, legal):  # noqa: ANN001, ANN201 (the controller's Decider protocol)
        drawn = view.drawn_kind
        for action in legal:
            if isinstance(action, Discard) and action.tile == drawn:
                return action
        return next((a for a in legal if isinstance(a, Pass)), legal[0])


def click(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def rigged_table(hands: list[str], draws: str, dead: str = "", speed: str = "fast") -> tuple[App, TableScene]:
    """The player in seat 0 (dealer) on a hand-made wall; seats 1-3 throw what they draw."""
    session = ControllerSession(seed=1, max_hands=1)
    ctl = session.ctl
    ctl.match.hand = HandState(rigged_wall(hands, draws, dead), 0, ctl.match.ruleset)
    ctl.deciders = [None, Tsumogiri(), Tsumogiri(), Tsumogiri()]
    app = App(size=(1280, 800), settings=Settings(ai_pace="instant", anim_speed=speed))
    app.replace(HomeScene(app))
    table = TableScene(app, session)
    app.push(table, {})
    return app, table


def until(app: App, done, frames: int = 600) -> int:  # noqa: ANN001
    """Step frames until ``done()``; returns how many it took (fails when it never happens)."""
    for frame in range(frames):
        if done():
            return frame
        app.step(1 / 60)
    raise AssertionError("the table never got there")


def button(table: TableScene, action_id: str):  # noqa: ANN201
    return next((b for b in table.buttons if b.action == action_id), None)


def test_closed_and_added_kan_buttons_appear_with_labels_and_keys_and_clicks_make_the_melds() -> None:
    app, table = rigged_table(KAN_HANDS, KAN_DRAWS, "2z")
    one_m, five_p = h("1m")[0], h("5p")[0]
    until(app, lambda: table.can_act())
    kan = button(table, f"closed_kan:{one_m}")
    assert kan is not None and kan.label == "Kan 1 of Characters" and kan.hotkey == pygame.K_k and kan.hint == "K"
    click(kan.rect.center)
    until(app, lambda: table.can_act() and table.snap.melds[0])
    assert table.snap.melds[0] == (Meld("closed_kan", (one_m,) * 4, None, None),)
    assert [tile for _, tile, _ in table.meld_slots(0)] == [BACK, one_m, one_m, BACK]
    assert not table.buttons  # after the replacement draw only discards are left
    click(table.hand_slot(len(table.my_tiles()) - 1).center)  # throw the replacement tile

    until(app, lambda: isinstance(app.top, ClaimOverlay))
    overlay = app.top
    pon = next(b for b in overlay.buttons if isinstance(overlay.actions[b.action], Pon))
    click(pon.rect.center)
    until(app, lambda: table.can_act() and len(table.snap.melds[0]) == 2)
    click(table.hand_slot(len(table.my_tiles()) - 1).center)

    until(app, lambda: table.can_act() and button(table, f"added_kan:{five_p}") is not None)
    added = button(table, f"added_kan:{five_p}")
    assert added.label == "Add kan 5 of Dots" and added.hotkey == pygame.K_a and added.hint == "A"
    click(added.rect.center)
    until(app, lambda: table.snap.melds[0][1].type != "pon" and table.can_act())
    meld = table.snap.melds[0][1]
    assert meld.type == "added_kan" and meld.tiles == (five_p,) * 4 and meld.from_seat == 1
    roles = {role: rect for rect, _, _, role in table.meld_groups(0)[1]}
    assert roles["added"].x == roles["claimed"].x and abs(roles["added"].bottom - roles["claimed"].top) <= 1
    app.step(1 / 60)
    spot = roles["added"].center
    assert tuple(app.screen.get_at(spot))[:3] != tuple(app.screen.get_at((spot[0], spot[1] - roles["added"].h)))[:3]


def _scorer_breakdown() -> list[str]:
    """The riichi scorer's own fu lines for the rigged tsumo, asked directly."""
    situation = {"hand": "789m456p123s111z22z", "win_tile": "1z", "tsumo": True, "seat_wind": "E", "round_wind": "E"}
    score = score_hand(WinSituation.from_dict(situation), RiichiRules.joy())
    return [fu_label(line.reason, line.fu, line.tiles) for line in score.fu_details]


def test_tsumo_button_flips_the_hand_open_then_the_score_screen_lists_the_scorers_fu_lines() -> None:
    app, table = rigged_table(TSUMO_HANDS, TSUMO_DRAWS, speed="normal")
    until(app, lambda: table.can_act())
    assert button(table, "tsumo:") is None  # 9p does not win
    click(table.hand_slot(len(table.my_tiles()) - 1).center)
    until(app, lambda: table.can_act() and table.snap.drawn == h("1z")[0])
    tsumo = button(table, "tsumo:")
    assert tsumo is not None and tsumo.label == "Tsumo!" and tsumo.hotkey == pygame.K_t and tsumo.primary
    click(tsumo.rect.center)
    until(app, lambda: table.snap.result is not None, frames=5)
    assert table.flipping == {0} and not table.flip.done
    for _ in range(27):
        app.step(1 / 60)
    assert 0 < table.flip.tile_progress(len(table.my_tiles()) - 1) < table.flip.tile_progress(0) == 1  # left to right
    assert not isinstance(app.top, ScoreScene)
    frames = 27 + until(app, lambda: isinstance(app.top, (WinRevealScene, ScoreScene)), frames=120)
    assert frames <= 61  # the win's reveal (then the score) follows within about a second of the win
    past_reveal(app)
    shown = fu_texts(app.top.snap)
    assert shown == _scorer_breakdown()
    assert shown == ["Base  20 fu", "Concealed triplet of East wind  8 fu", "Self-drawn win (tsumo)  2 fu"]
    assert app.top.snap.result.wins[0].fu == 30


def past_reveal(app: App) -> None:
    """Skip the win's reveal (Enter to its end, Enter again) to the score screen."""
    for _ in range(2):
        if isinstance(app.top, WinRevealScene):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
            app.step(1 / 60)
    assert isinstance(app.top, ScoreScene)


def kan_snapshot(winner: int | None = None) -> TableSnapshot:
    """Seat 0 to move (or, with ``winner``, that seat has just won); every seat holds an added kan claimed from a different neighbour, a closed kan and a pon."""
    def melds(seat: int) -> tuple[Meld, ...]:
        src = ((seat + 3) % 4, (seat + 2) % 4, (seat + 1) % 4)
        return (Meld("added_kan", (4 + seat,) * 4, 4 + seat, src[seat % 3]),
                Meld("closed_kan", (31,) * 4, None, None),
                Meld("pon", (27 + seat,) * 3, 27 + seat, src[(seat + 1) % 3]))
    hand = tuple(h("345m6p"))
    result, revealed = None, {}
    if winner is not None:
        won = melds(winner)
        win = WinResult(winner, winner, True, 14, (12, 13, 14, 14), won, (("joy_win", 1),), 1, 30, 0, "",
                        (), (("base", 20, ""), ("tsumo", 2, "")), None, (), (0, 0, 0, 0))
        result = HandOutcome((win,), None, (0, 0, 0, 0), (25000,) * 4)
        revealed = {winner: (12, 13, 14, 14)} if winner else {}
    return TableSnapshot(0, ("You", "Momo", "Sora", "Kiri"), (25000,) * 4, 27, 1, 0, 0, 0, "play", hand, None,
                         (4, 4, 4, 4), tuple(melds(s) for s in range(4)), ((), (), (), ()), 40, (), (), None, (0,) * 34,
                         result, revealed, version=1 if winner is None else 2)


def still(size: tuple[int, int] = (1280, 800), speed: str = "normal") -> tuple[App, TableScene, StaticSession]:
    app = App(size=size, settings=Settings(ai_pace="instant", anim_speed=speed))
    app.replace(HomeScene(app))
    session = StaticSession(kan_snapshot())
    table = TableScene(app, session)
    app.push(table, {})
    app.step(1 / 60)
    return app, table, session


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_added_kans_stack_on_the_sideways_tile_for_every_seat(size: tuple[int, int]) -> None:
    app, table, _ = still(size)
    for seat in range(4):
        rel = table.snap.seat_from_me(seat)
        added, closed, pon = table.meld_groups(seat)
        roles = [role for *_, role in added]
        claimed = added[roles.index("claimed")][0]
        stacked = added[roles.index("added")][0]
        meld = table.snap.melds[seat][0]
        want = {3: 0, 2: 1, 1: 2}[(meld.from_seat - seat) % 4]  # left, across, right -> first, middle, last
        assert roles.index("claimed") == want, seat
        assert len(added) == 4 and stacked.size == claimed.size
        w = table.layout.meld_w if rel == 0 else table.layout.opp_w
        toward_centre = {0: (0, -w), 1: (-w, 0), 2: (0, w), 3: (w, 0)}[rel]  # the stack sits away from the seat's edge
        assert (stacked.x - claimed.x, stacked.y - claimed.y) == toward_centre, seat
        assert [tile for _, tile, _, _ in closed] == [BACK, 31, 31, BACK]
        rects = [slot[0] for group in (added, closed, pon) for slot in group]
        for i, a in enumerate(rects):
            assert app.screen.get_rect().contains(a)
            assert not any(a.colliderect(b) for b in rects[i + 1 :]), f"seat {seat}: meld tiles overlap"


@pytest.mark.parametrize(("speed", "most"), [("instant", 1), ("normal", 62)])
def test_the_reveal_respects_the_animation_speed(speed: str, most: int) -> None:
    app, table, session = still(speed=speed)
    session.snap = kan_snapshot(winner=2)
    table.refresh()
    assert table.flipping == {2} and table.spotlight() == 2  # the winner's band lights up, not the discarder's
    frames = until(app, lambda: isinstance(app.top, (WinRevealScene, ScoreScene)), frames=200)
    assert frames <= most
    assert isinstance(app.top, WinRevealScene if speed == "normal" else ScoreScene)  # instant: no reveal
    if speed == "normal":
        assert frames >= 40  # the flip really ran


def test_resizing_during_the_flip_and_fullscreen_toggle_do_not_crash() -> None:
    app, table, session = still()
    session.snap = kan_snapshot(winner=1)
    table.refresh()
    for _ in range(10):
        app.step(1 / 60)
    assert 0 < table.flip.value < 1
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=640, size=(1024, 640)))
    app.step(1 / 60)
    assert app.size == (1024, 640) and table.layout.size == (1024, 640)
    until(app, lambda: isinstance(app.top, WinRevealScene), frames=120)
    past_reveal(app)
    for want in (True, False):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0))
        app.step(1 / 60)
        assert app.settings.fullscreen is want
