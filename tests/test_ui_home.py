"""Home: Continue appears only for a saved match and restores it; Stats and Replays open;
a bad autosave is explained and Home stays usable. Each test has its own data folder
(conftest), so nothing here touches the player's real files."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from mahjong_joy.replay.autosave import autosave_exists  # noqa: E402
from mahjong_joy.storage.paths import autosave_path  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.controller_session import ControllerSession  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402
from mahjong_joy.ui.scenes.replay import ReplaysScene  # noqa: E402
from mahjong_joy.ui.scenes.stats import StatsScene  # noqa: E402
from mahjong_joy.ui.scenes.table import TableScene  # noqa: E402
from mahjong_joy.storage.settings import Settings  # noqa: E402


def home_app(size: tuple[int, int] = (1280, 800)) -> tuple[App, HomeScene]:
    app = App(size=size, settings=Settings(ai_pace="instant", anim_speed="instant"))
    home = HomeScene(app)
    app.replace(home)
    app.step(1 / 60)
    return app, home


def press(app: App, home: HomeScene, action: str) -> None:
    """Click a Home button by posting mouse events at its rectangle."""
    rect = next(b.rect for b in home.buttons if b.action == action)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=rect.center, button=1))
    app.step(1 / 60)
    app.step(1 / 60)


def played_session(decisions: int) -> ControllerSession:
    """A human-seat match with its autosave, after some AI moves and player discards."""
    session = ControllerSession(seed=11)
    while len(session.ctl.decisions) < decisions:
        if session.needs_human():
            session.submit(session.ctl.pending.actions[0])
        else:
            session.step()
    return session


def test_no_continue_without_a_saved_match() -> None:
    _, home = home_app()
    assert not autosave_exists()
    assert "continue" not in {b.action for b in home.buttons}
    assert {"new", "stats", "replays", "settings", "rules", "quit"} <= {b.action for b in home.buttons}


def test_continue_restores_the_saved_match() -> None:
    played = played_session(12)
    assert autosave_exists()
    app, home = home_app()
    assert home.buttons[0].action == "continue"
    press(app, home, "continue")
    table = app.top
    assert isinstance(table, TableScene)
    saved = [a.to_dict() for a in played.ctl.decisions]
    resumed = [a.to_dict() for a in table.session.ctl.decisions]
    assert resumed[: len(saved)] == saved  # the AI seats may already have moved on (instant pace)
    assert table.session.ctl.seed == played.ctl.seed


def test_bad_autosave_is_not_offered_but_set_aside_with_a_notice() -> None:
    played_session(6)
    path = autosave_path()
    path.write_text(path.read_text()[:-20], encoding="utf-8")
    app, home = home_app()  # Home reads the save once on entering: it does not parse
    assert app.top is home
    assert app.notice and "could not be restored" in app.notice
    assert not autosave_exists()
    assert "continue" not in {b.action for b in home.buttons}
    assert list(path.parent.glob("autosave.json.corrupt-*"))


@pytest.mark.parametrize(("action", "scene"), [("stats", StatsScene), ("replays", ReplaysScene)])
def test_stats_and_replays_open_from_home(action: str, scene: type) -> None:
    app, home = home_app()
    press(app, home, action)
    assert isinstance(app.top, scene)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_home_with_continue_has_no_overlaps(size: tuple[int, int]) -> None:
    played_session(3)
    app, home = home_app(size)
    rects = list(home.layout_rects().items())
    assert "continue" in dict(rects)
    for i, (a, ra) in enumerate(rects):
        assert app.screen.get_rect().contains(ra), f"{a} leaves the window"
        for b, rb in rects[i + 1 :]:
            assert not ra.colliderect(rb), f"{a} overlaps {b} at {size}"


def test_new_game_over_a_saved_match_keeps_it_in_the_history() -> None:
    from mahjong_joy.replay.record import read_record
    from mahjong_joy.storage.history import History

    played = played_session(8)
    app, home = home_app()
    press(app, home, "new")
    assert isinstance(app.top, TableScene)
    assert app.top.session.ctl is not played.ctl
    with History.open() as history:
        rows = history.matches()
    assert len(rows) == 1 and not rows[0].finished and rows[0].placement is None
    kept = read_record(rows[0].record_path)["matches"][0]["decisions"]
    assert kept == [a.to_dict() for a in played.ctl.decisions]
