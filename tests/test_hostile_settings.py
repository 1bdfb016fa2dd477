"""Hostile settings.json: set aside with a message and defaults, and the game still starts;
a byte-order mark or wrong-typed fields cost nothing but the bad fields."""

from __future__ import annotations

from pathlib import Path

import pytest

from mahjong_joy.storage import paths
from mahjong_joy.storage.settings_store import SETTINGS_LIMIT, load_settings
from mahjong_joy.storage.settings import Settings
from tests.hostile import SYNTAX, encoded, endless, numbers_at, oversized, raw_at, with_bom

GOOD = Settings(volume=0.3, hints=False, player_name="Mei").to_dict()

SET_ASIDE = {
    **SYNTAX,
    **numbers_at(("volume",)),
    "huge number in the window size": raw_at(("window_size",), "[" + "7" * 4400 + ", 800]"),
    "a JSON string": lambda good: b'"settings"',
    "null": lambda good: b"null",
}


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path))
    return tmp_path


def set_aside_files(home: Path) -> list[Path]:
    return sorted(home.glob("settings.json.corrupt-*"))


def assert_set_aside(home: Path, notice: str | None, original: bytes | None) -> None:
    (kept,) = set_aside_files(home)
    assert notice is not None and str(kept) in notice and "default settings are in use" in notice
    assert not paths.settings_path().exists()
    if original is not None:
        assert kept.read_bytes() == original  # nothing the player had is lost


def assert_game_starts() -> None:
    """The window opens at Home with default settings and the notice on screen."""
    pytest.importorskip("pygame")
    from mahjong_joy.ui.app import App
    from mahjong_joy.ui.scenes.home import HomeScene

    app = App(size=(1024, 640))
    app.replace(HomeScene(app))
    app.step(0.0)
    assert isinstance(app.top, HomeScene) and app.settings == Settings()


@pytest.mark.parametrize("variant", list(SET_ASIDE))
def test_a_hostile_settings_file_is_set_aside_and_the_game_starts(home: Path, variant: str) -> None:
    bad = SET_ASIDE[variant](GOOD)
    paths.settings_path().write_bytes(bad)
    loaded, notice = load_settings()
    assert loaded == Settings()
    assert_set_aside(home, notice, bad)
    paths.settings_path().write_bytes(bad)
    assert_game_starts()


def test_an_endless_settings_file_is_refused_at_its_limit(home: Path) -> None:
    endless(paths.settings_path())
    loaded, notice = load_settings()
    assert loaded == Settings() and notice and "larger than the 256 KiB limit" in notice
    (kept,) = set_aside_files(home)
    assert kept.is_symlink()  # the link was moved aside, /dev/zero untouched


def test_an_oversized_settings_file_is_refused_without_reading_it(home: Path) -> None:
    oversized(paths.settings_path(), SETTINGS_LIMIT + 1)
    loaded, notice = load_settings()
    assert loaded == Settings() and notice and "(the settings file is larger than the 256 KiB limit" in notice
    assert_set_aside(home, notice, None)


def test_a_settings_file_with_a_byte_order_mark_loads_every_setting(home: Path) -> None:
    paths.settings_path().write_bytes(with_bom(GOOD))
    loaded, notice = load_settings()
    assert notice is None and loaded == Settings(volume=0.3, hints=False, player_name="Mei")
    assert paths.settings_path().exists() and set_aside_files(home) == []


WRONG_VALUES = ([1], {"a": 1}, None, "x" * 5000, "\ud800", 10**30)  # wrong for every field


@pytest.mark.parametrize("field", list(GOOD))
def test_wrong_types_at_any_field_fall_back_for_that_field_only(home: Path, field: str) -> None:
    saved = Settings.from_dict(GOOD)
    for value in WRONG_VALUES:
        paths.settings_path().write_bytes(encoded({**GOOD, field: value}))
        loaded, notice = load_settings()
        assert notice is None and set_aside_files(home) == [], (field, value)
        assert getattr(loaded, field) == getattr(Settings(), field), (field, value)
        assert all(getattr(loaded, other) == getattr(saved, other) for other in GOOD if other != field), (field, value)
