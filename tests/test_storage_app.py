"""The game window loads settings.json at start and saves it on change, resize and quit."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")

from mahjong_joy.storage import paths  # noqa: E402
from mahjong_joy.storage.settings_store import load_settings, save_settings  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402
from mahjong_joy.storage.settings import Settings  # noqa: E402


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path))
    return tmp_path


def test_the_app_opens_with_the_saved_settings_and_window_size(home: Path) -> None:
    save_settings(Settings(volume=0.2, latin_labels=True, window_size=(1024, 700)))  # fits the dummy 1024x768 desktop
    app = App()
    assert app.settings.volume == 0.2 and app.settings.latin_labels and app.art.latin
    assert app.size == (1024, 700) and app.notice is None


def test_a_window_saved_on_a_larger_screen_opens_fitted_and_on_screen(home: Path) -> None:
    """A 1920x1200 window saved on a large screen opened at negative coordinates on a
    smaller one, clipped on every side (play test, issue 27 #4)."""
    save_settings(Settings(window_size=(1920, 1200)))
    app = App()
    desktop = pygame.display.get_desktop_sizes()[0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        corner = pygame.Window.from_display_module().position
    assert app.size[0] <= desktop[0] and app.size[1] <= desktop[1]
    assert corner[0] >= 0 and corner[1] >= 0
    assert corner[0] + app.size[0] <= desktop[0] and corner[1] + app.size[1] <= desktop[1]


def test_changes_and_resizes_are_saved(home: Path) -> None:
    app = App()
    app.replace(HomeScene(app))
    app.settings.hints = False
    app.apply_settings()
    assert load_settings()[0].hints is False
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1200, h=760, size=(1200, 760)))
    app.step(0.0)
    assert load_settings()[0].window_size == (1200, 760)


def test_a_corrupt_settings_file_becomes_a_notice_home_draws_then_fades(home: Path) -> None:
    paths.settings_path().write_bytes(b"\x89PNG not settings")
    app = App(size=(1280, 800))
    assert app.settings == Settings() and app.notice is not None and "corrupt-" in app.notice
    app.replace(HomeScene(app))
    app.step(0.0)
    assert app.screen.get_at((640, 30))[:3] != app.screen.get_at((20, 400))[:3]  # the toast sits at the top
    for _ in range(13 * 60):
        app.update(1 / 60)
    assert app.notice is None


def test_an_app_given_settings_never_writes_the_data_folder(home: Path) -> None:
    app = App(size=(1280, 800), settings=Settings())
    app.settings.hints = False
    app.apply_settings()
    app.set_size((1100, 700))
    assert not paths.settings_path().exists()
    assert list(home.iterdir()) == []
