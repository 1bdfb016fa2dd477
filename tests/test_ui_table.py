"""Headless UI tests: a scripted player plays by posting mouse events at tile positions.

One display for the whole session (``App`` re-uses it; ``pygame.quit`` is slow).
"""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from mahjong_joy.engine.actions import Pass, Pon  # noqa: E402
from mahjong_joy.ui import theme  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.controller_session import ControllerSession  # noqa: E402
from mahjong_joy.ui.scenes.claim import ClaimOverlay  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402
from mahjong_joy.names import yaku_name  # noqa: E402
from mahjong_joy.ui.scenes.score import ScoreScene, score_lines  # noqa: E402
from mahjong_joy.ui.scenes.table import TableScene  # noqa: E402
from mahjong_joy.storage.settings import Settings  # noqa: E402

FRAMES = 20_000


def click(pos: tuple[int, int]) -> None:
    """Post a left click at ``pos`` (the scenes hit-test with event.pos)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def start(seed: int, size: tuple[int, int] = (1280, 800)) -> tuple[App, TableScene]:
    app = App(size=size, settings=Settings(ai_pace="instant", anim_speed="fast"))
    app.replace(HomeScene(app))
    table = TableScene(app, ControllerSession(seed=seed, max_hands=2))
    app.push(table, {})
    return app, table


def play_until(app: App, table: TableScene, want_pon: bool = False) -> str:
    """Play by clicks: discard the rightmost tile, pass claims (or take a Pon); stop at the score screen."""
    for _ in range(FRAMES):
        app.step(1 / 60)
        top = app.top
        if isinstance(top, ScoreScene):
            return "score"
        if isinstance(top, ClaimOverlay):
            for button in top.buttons:
                action = top.actions[button.action]
                if (want_pon and isinstance(action, Pon)) or (not want_pon and isinstance(action, Pass)):
                    click(button.rect.center)
                    if isinstance(action, Pon):
                        return "pon"
                    break
            else:
                click(next(b.rect.center for b in top.buttons if isinstance(top.actions[b.action], Pass)))
        elif table.can_act():
            tsumo = next((b for b in table.buttons if b.action.startswith("tsumo")), None)
            if tsumo is not None:
                click(tsumo.rect.center)
            else:
                click(table.hand_slot(len(table.my_tiles()) - 1).center)
    return "stuck"


def test_scripted_player_completes_a_hand_by_clicking() -> None:
    app, table = start(seed=11)
    assert play_until(app, table) == "score"
    assert table.snap.result is not None
    # a few pixels: the felt in the table's corner area, cream behind the score card
    assert app.screen.get_at((5, 400))[:3] != (0, 0, 0)


def test_table_pixels_show_felt_and_tile_faces() -> None:
    app, table = start(seed=5)
    for _ in range(30):
        app.step(1 / 60)
    app.step(1 / 60)
    felt_point = (table.layout.center.x - 200, table.layout.center.y - 150)
    assert tuple(app.screen.get_at(felt_point))[:3] == theme.FELT
    slot = table.hand_slot(0)
    assert tuple(app.screen.get_at((slot.x + 4, slot.bottom - 6)))[:3] == theme.TILE_FACE


def _find_pon_seed() -> int:
    """A seed where the player is offered a Pon early (searched, not hard-coded)."""
    for seed in range(60):
        session = ControllerSession(seed=seed, max_hands=1)
        for _ in range(200):
            snap = session.snapshot()
            if snap.claim and any(isinstance(a, Pon) for a in snap.claim.actions):
                return seed
            if snap.result is not None:
                break
            if snap.claim:
                session.submit(next(a for a in snap.claim.actions if isinstance(a, Pass)))
            elif snap.my_turn:
                session.submit(snap.own_actions[-1] if not hasattr(snap.own_actions[-1], "tile") else next(a for a in snap.own_actions if a.name == "discard" and a.tile == (snap.drawn if snap.drawn is not None else snap.hand[-1])))
            else:
                session.step()
    pytest.skip("no early pon found in 60 seeds")


def test_click_pon_shows_the_meld() -> None:
    seed = _find_pon_seed()
    app, table = start(seed=seed)
    assert play_until(app, table, want_pon=True) == "pon"
    for _ in range(120):
        app.step(1 / 60)
    assert len(table.snap.melds[0]) == 1 and table.snap.melds[0][0].type == "pon"
    rect, tile, _ = table.meld_slots(0)[0]
    assert tile == table.snap.melds[0][0].tiles[0]
    assert tuple(app.screen.get_at((rect.centerx, rect.bottom - 3)))[:3] != theme.FELT


def test_score_screen_lists_the_controllers_yaku_and_points() -> None:
    app, table = start(seed=11)
    assert play_until(app, table) == "score"
    result = table.session.ctl.hand_result
    lines = score_lines(table.snap)
    if not result.wins:
        assert lines == []
    else:
        for name, han in result.wins[0].yaku:
            assert any(line.startswith(yaku_name(name)) for line in lines)  # its display name, not the id
        assert lines[-1].startswith(f"{result.wins[0].han} han")
    assert table.snap.result.deltas == tuple(result.deltas)
    app.step(1 / 60)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1600, 900)])
def test_layout_has_no_overlaps(size: tuple[int, int]) -> None:
    app, table = start(seed=2, size=size)
    for _ in range(5):
        app.step(1 / 60)
    app.set_size((800, 500))  # below the minimum: clamped
    assert app.size == (1024, 640) or size != (1024, 640)
    app.set_size(size)
    scenes = [table, HomeScene(app)]
    for scene in scenes:
        scene.resize(app.size)
        rects = list(scene.layout_rects().items())
        for i, (a, ra) in enumerate(rects):
            assert app.screen.get_rect().contains(ra), f"{a} {ra} leaves the window {app.size}"
            for b, rb in rects[i + 1 :]:
                assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb} at {app.size}"


def test_home_buttons_hover_and_click_through_the_shared_pointer_handler() -> None:
    from mahjong_joy.ui.scenes.rules import RulesScene
    from mahjong_joy.ui.scenes.settings import SettingsScene

    app = App(size=(1280, 800), settings=Settings(ai_pace="instant", anim_speed="fast"))
    home = HomeScene(app)
    app.replace(home)
    app.step(1 / 60)
    rules = next(b for b in home.buttons if b.action == "rules")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rules.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert rules.hover
    click(rules.rect.center)
    app.step(1 / 60)
    app.step(1 / 60)
    assert isinstance(app.top, RulesScene)
    settings_app = App(size=(1280, 800), settings=Settings(ai_pace="instant", anim_speed="fast"))
    home2 = HomeScene(settings_app)
    settings_app.replace(home2)
    settings_app.step(1 / 60)
    click(next(b for b in home2.buttons if b.action == "settings").rect.center)
    settings_app.step(1 / 60)
    settings_app.step(1 / 60)
    assert isinstance(settings_app.top, SettingsScene)
