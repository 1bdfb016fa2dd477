"""The guided first hand: the rigged deal goes as the steps say, wrong moves are refused
and leave the table unchanged, the table plays it to the end by posted events, and it is
offered on a first start only."""

from __future__ import annotations

import pytest

from mahjong_joy.engine.actions import Discard, Pass, Pon, Tsumo
from mahjong_joy.tutorial import (
    STEPS,
    GuidedSession,
    TutorialMoveError,
    is_first_start,
    refusal,
    rigged_deck,
    tutorial_controller,
)
from tests.helpers import h


def test_the_rigged_deck_holds_every_tile_once_and_deals_the_lesson_hand() -> None:
    deck = rigged_deck()
    assert sorted(deck) == list(range(136))
    ctl = tutorial_controller()
    mine = sorted(t // 4 for t in ctl.hand.concealed[0])
    assert mine == sorted(h("123m456p789s2p9m77z4z"))  # the 13 dealt plus the 6p drawn first


def play_steps(ctl) -> list[str]:
    """Answer every decision with the step's move; the kinds of decision met, in order."""
    met = []
    for _ in range(100):
        ctl.step()
        if ctl.hand_result is not None:
            return met
        decision = ctl.pending
        if decision is None:
            continue
        index = len(met)
        met.append(decision.kind)
        ctl.submit(next(a for a in decision.actions if refusal(index, a) is None))
    raise AssertionError("the guided hand did not end")


def test_the_steps_lead_to_a_tsumo_win_with_the_red_dragon_yaku() -> None:
    ctl = tutorial_controller()
    met = play_steps(ctl)
    assert met == ["turn", "claim", "turn", "turn", "turn"] and len(met) == len(STEPS)
    (win,) = ctl.hand_result.wins
    assert win.seat == 0 and win.tsumo and ("yakuhai_chun", 1) in win.yaku
    assert ctl.hand_result.deltas[0] > 0


def test_a_wrong_move_is_refused_with_the_hint_and_changes_nothing() -> None:
    from mahjong_joy.ui.controller_session import ControllerSession

    session = GuidedSession(ControllerSession.for_controller(tutorial_controller()))
    session.step()
    decisions = len(session.ctl.decisions)
    with pytest.raises(TutorialMoveError, match="North wind"):
        session.submit(Discard(0, h("1m")[0]))
    assert len(session.ctl.decisions) == decisions and session.step_index == 0
    assert session.refused == STEPS[0].hint
    session.submit(Discard(0, h("4z")[0]))
    assert session.step_index == 1 and session.refused == ""
    while session.ctl.pending is None:
        session.step()
    with pytest.raises(TutorialMoveError):
        session.submit(Pass(0))
    assert refusal(1, Pon(0)) is None and refusal(4, Discard(0, h("2p")[0])) and refusal(4, Tsumo(0)) is None


pygame = pytest.importorskip("pygame")

from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402
from mahjong_joy.ui.scenes.tutorial import (  # noqa: E402
    TutorialClaim,
    TutorialOffer,
    TutorialScene,
    TutorialScore,
    offer_guided_hand,
)


def click(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def settle(app: App, frames: int = 400) -> None:
    """Run frames until the table waits for the player (or a prompt / the score is up)."""
    for _ in range(frames):
        app.step(1 / 60)
        top = app.top
        if isinstance(top, (TutorialClaim, TutorialScore)):
            return
        if isinstance(top, TutorialScene) and top.can_act():
            return
    raise AssertionError("the guided hand stopped moving")


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_guided_hand_is_played_to_its_end_by_posted_events(size: tuple[int, int]) -> None:
    app = App(size=size, settings=Settings(ai_pace="instant", anim_speed="fast", auto_pass=True, no_calls=True))
    app.replace(HomeScene(app))
    table = TutorialScene(app)
    app.push(table, {})
    settle(app)
    assert "discard" in table.coach_words()[1].lower()
    wrong = table.hand_slot(0)  # the 1 of Characters: not the lesson's discard
    click(wrong.center)
    app.step(1 / 60)
    assert table.session.step_index == 0 and len(table.snap.hand) + (table.snap.drawn is not None) == 14
    assert table.coach_words()[1] == STEPS[0].hint
    for _ in range(len(STEPS)):
        settle(app)
        top = app.top
        if isinstance(top, TutorialClaim):  # auto-pass and no-calls are on, and still the prompt offers Pon
            passing = next(b for b in top.buttons if isinstance(top.actions[b.action], Pass))
            click(passing.rect.center)
            settle(app)
            assert isinstance(app.top, TutorialClaim) and not table.snap.melds[0], "Pass is refused, the prompt returns"
            click(app.top.target().center)
        else:
            target = table.coach_target()
            assert target is not None, f"nothing to point at in step {table.session.step_index}"
            click(target.center)
        app.step(1 / 60)
    settle(app, 600)
    assert isinstance(app.top, TutorialScore) and table.session.step_index == len(STEPS)
    assert table.snap.result.wins[0].seat == 0 and table.snap.melds[0][0].type == "pon"
    assert app.settings.auto_pass and app.settings.no_calls  # the player's switches are left as they were
    from mahjong_joy.replay.autosave import autosave_exists

    assert not autosave_exists()  # the lesson is not one of the player's matches
    click(app.top.button.rect.center)
    app.step(1 / 60)
    assert isinstance(app.top, HomeScene) and len(app.stack) == 1


def test_offered_on_a_first_start_only() -> None:
    assert is_first_start()  # the test's own empty data folder
    app = App(size=(1024, 640))  # a player's App: reads and writes settings.json
    app.replace(HomeScene(app))
    assert offer_guided_hand(app) and isinstance(app.top, TutorialOffer)
    offer = app.top
    app.step(1 / 60)
    click(next(b for b in offer.buttons if b.action == "later").rect.center)
    app.step(1 / 60)
    assert isinstance(app.top, HomeScene) and app.settings.tutorial_seen
    assert not is_first_start()  # the settings file now exists
    again = App(size=(1024, 640))
    again.replace(HomeScene(again))
    assert again.settings.tutorial_seen and not offer_guided_hand(again)
    assert isinstance(again.top, HomeScene)


def test_the_offer_starts_the_guided_hand() -> None:
    app = App(size=(1280, 800), settings=Settings(ai_pace="instant"))
    app.replace(HomeScene(app))
    offer_guided_hand(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    app.step(1 / 60)
    assert isinstance(app.top, TutorialScene) and app.settings.tutorial_seen


def test_the_coach_box_on_the_guided_hands_score_covers_no_tile() -> None:
    """The guided hand's last coach box covered the seats' hands on its score screen (play
    test): drawn over the card's empty room only, it changes no pixel a tile painted."""
    app = App(size=(1024, 640), settings=Settings(ai_pace="instant", anim_speed="fast", auto_pass=True, no_calls=True))
    app.replace(HomeScene(app))
    table = TutorialScene(app)
    app.push(table, {})
    for _ in range(len(STEPS)):
        settle(app)
        top = app.top
        click(top.target().center if isinstance(top, TutorialClaim) else table.coach_target().center)
        app.step(1 / 60)
    settle(app, 600)
    score = app.top
    assert isinstance(score, TutorialScore)
    plain = pygame.Surface(app.size)
    score.draw_coach, coached = (lambda surface: None), score.draw_coach
    score.draw(plain)
    score.draw_coach = coached
    with_box = pygame.Surface(app.size)
    score.draw(with_box)
    box, area = score.coach_rect, score.rows_area
    assert box is not None and area is not None and box.colliderect(area)
    background = plain.get_at((box.centerx, box.centery))  # the card's own colour where the box goes
    for x in range(box.left, box.right, 3):
        for y in range(box.top, box.bottom, 3):
            assert plain.get_at((x, y)) == background, f"the box covers something drawn at {(x, y)}"
