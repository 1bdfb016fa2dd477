"""The window: F11 round trips to the saved window size, and resize events caused by
the fullscreen switch are not taken for a player's resize (found under Xvfb with a
window manager, where leaving fullscreen kept the desktop size)."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402


def f11(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    app.step(1 / 60)


def test_fullscreen_round_trip_keeps_the_window_size_the_player_chose() -> None:
    # (1024x700: a size the dummy driver's 1024x768 desktop holds, as a player's own drag does)
    app = App()  # a player's App: reads and writes settings.json in the test's data folder
    app.replace(HomeScene(app))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=700, size=(1024, 700)))
    app.step(1 / 60)
    assert app.size == (1024, 700) and app.settings.window_size == (1024, 700)
    f11(app)
    assert app.settings.fullscreen
    desktop = app.size
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=desktop[0], h=desktop[1], size=desktop))
    app.step(1 / 60)  # the system's resize for fullscreen: not the player's window size
    assert app.settings.window_size == (1024, 700)
    f11(app)
    assert not app.settings.fullscreen
    assert app.size == (1024, 700) and app.settings.window_size == (1024, 700)


def test_leaving_fullscreen_fits_a_window_saved_on_a_larger_screen() -> None:
    """F11 twice brought back a 1920x1200 window saved on a larger screen, clipped (review of
    the play-test fix #4): the window is fitted whenever it is made, and the fitted size kept."""
    from mahjong_joy.storage.settings import Settings
    from mahjong_joy.storage.settings_store import save_settings

    save_settings(Settings(window_size=(1920, 1200)))
    app = App()
    app.replace(HomeScene(app))
    desktop = pygame.display.get_desktop_sizes()[0]
    assert app.size[0] <= desktop[0] and app.size[1] <= desktop[1] and app.settings.window_size == app.size
    f11(app)
    f11(app)
    assert app.size[0] <= desktop[0] and app.size[1] <= desktop[1]


def test_a_resize_below_the_minimum_is_clamped() -> None:
    app = App()
    app.replace(HomeScene(app))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=600, h=400, size=(600, 400)))
    app.step(1 / 60)
    assert app.size == (1024, 640) and app.settings.window_size == (1024, 640)


def test_the_windows_loop_draws_only_when_something_changed_or_moves() -> None:
    """An idle window drew 60 frames a second (play test: 8-13% of a core at an idle
    table): the lazy loop draws on input, while a scene animates, and every IDLE_FRAME."""
    from mahjong_joy.ui.app import IDLE_FRAME
    from mahjong_joy.ui.scenes.base import Scene
    from mahjong_joy.storage.settings import Settings

    class Still(Scene):
        moving = False
        drawn = 0

        def animating(self) -> bool:
            return self.moving

        def draw(self, surface) -> None:  # noqa: ANN001
            self.drawn += 1

    app = App(size=(1024, 640), settings=Settings())
    scene = Still(app)
    app.replace(scene)
    app.step(1 / 60, lazy=True)
    first = scene.drawn
    for _ in range(5):
        app.step(1 / 60, lazy=True)
    assert scene.drawn == first  # nothing changed: no frame drawn
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    app.step(1 / 60, lazy=True)
    assert scene.drawn == first + 1  # input: one frame
    scene.moving = True
    for _ in range(3):
        app.step(1 / 60, lazy=True)
    assert scene.drawn == first + 4  # a scene that moves is drawn every frame
    scene.moving = False
    app.step(1 / 60, lazy=True)
    assert scene.drawn == first + 5  # the frame after a movement ends shows where it ended
    for _ in range(round(IDLE_FRAME * 60) + 1):
        app.step(1 / 60, lazy=True)
    assert scene.drawn == first + 6  # and an idle window still every IDLE_FRAME
    app.step(1 / 60)
    assert scene.drawn == first + 7  # tests and screenshots step eagerly
