"""The data folder, atomic writes, quarantine, and settings.json surviving bad files."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from mahjong_joy.storage import files, paths
from mahjong_joy.storage.files import atomic_write_json, atomic_write_text, quarantine
from mahjong_joy.storage.settings_store import load_settings, save_settings
from mahjong_joy.storage.settings import Settings


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "joy-home"
    monkeypatch.setenv(paths.HOME_VARIABLE, str(folder))
    return folder


def test_paths_honour_the_environment_variable_at_call_time(home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert paths.data_dir() == home and home.is_dir()
    assert paths.settings_path() == home / "settings.json"
    assert paths.history_path() == home / "history.sqlite3"
    assert paths.autosave_path() == home / "autosave.json"
    assert paths.records_dir() == home / "records" and (home / "records").is_dir()
    other = tmp_path / "elsewhere"
    monkeypatch.setenv(paths.HOME_VARIABLE, str(other))
    assert paths.settings_path() == other / "settings.json"


def test_an_empty_variable_falls_back_to_the_platform_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(paths.HOME_VARIABLE, "")
    monkeypatch.setattr(paths.platformdirs, "user_data_dir", lambda name, appauthor: str(tmp_path / f"platform-{name}-{appauthor}"))
    assert paths.data_dir() == tmp_path / "platform-mahjong-joy-False"


def test_settings_round_trip_through_the_file(home: Path) -> None:
    chosen = Settings(ai_pace="fast", anim_speed="gentle", hints=False, latin_labels=True, volume=0.2,
                      fullscreen=True, auto_pass=True, ruleset="joy", window_size=(1600, 900), player_name="Mei")
    save_settings(chosen)
    assert json.loads(paths.settings_path().read_text(encoding="utf-8"))["window_size"] == [1600, 900]
    loaded, notice = load_settings()
    assert loaded == chosen and notice is None
    assert [p.name for p in home.iterdir()] == ["settings.json"]  # no temporary file left behind


def test_a_missing_file_gives_defaults_quietly(home: Path) -> None:
    assert load_settings() == (Settings(), None)


@pytest.mark.parametrize("content", [b"{not json", b"[1, 2, 3]", b"\x00\xff\xfe garbage \x80", b"", b'"just a string"', b"null"])
def test_a_bad_file_is_set_aside_with_a_message(home: Path, content: bytes) -> None:
    target = paths.settings_path()
    target.write_bytes(content)
    loaded, notice = load_settings()
    assert loaded == Settings()
    kept = [p for p in home.iterdir() if p.name.startswith("settings.json.corrupt-")]
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert not target.exists()
    assert notice is not None and "settings" in notice and str(kept[0]) in notice


def test_wrong_fields_fall_back_one_by_one() -> None:
    data = {"ai_pace": "warp", "anim_speed": "fast", "hints": "yes", "latin_labels": True, "volume": 1.5,
            "fullscreen": 1, "auto_pass": True, "ruleset": 7, "window_size": [200, 100], "player_name": "  Ann  ", "extra": 1}
    got = Settings.from_dict(data)
    assert got == Settings(anim_speed="fast", latin_labels=True, auto_pass=True, player_name="Ann")
    assert Settings.from_dict({"window_size": [1280.0, 800]}).window_size == (1280, 800)
    assert Settings.from_dict({"window_size": [True, 800]}).window_size == (1280, 800)
    assert Settings.from_dict({"volume": True}).volume == 0.6
    assert Settings.from_dict({"volume": 0}).volume == 0.0
    assert Settings.from_dict({"player_name": "x" * 40}).player_name == "You"
    assert Settings.from_dict({"window_size": [2560, 1440]}).window_size == (2560, 1440)


def test_a_file_with_wrong_field_types_keeps_the_good_ones_and_is_not_quarantined(home: Path) -> None:
    paths.settings_path().write_text(json.dumps({"volume": "loud", "hints": False}), encoding="utf-8")
    loaded, notice = load_settings()
    assert loaded == Settings(hints=False) and notice is None
    assert paths.settings_path().exists()


def test_a_failed_serialisation_leaves_the_old_file_intact(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "settings.json"
    save_settings(Settings(volume=0.4), target)
    before = target.read_bytes()

    def broken(*args: object, **kwargs: object) -> str:
        raise TypeError("cannot serialise")

    monkeypatch.setattr(files.json, "dumps", broken)
    with pytest.raises(TypeError):
        save_settings(Settings(volume=0.8), target)
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_a_failed_write_or_rename_leaves_the_old_file_and_no_temporary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "data.json"
    atomic_write_json(target, {"a": 1})
    before = target.read_bytes()

    def refuse(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", refuse)
    with pytest.raises(OSError):
        atomic_write_text(target, "x" * 10_000)
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["data.json"]


def test_quarantine_never_overwrites_an_earlier_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files.time, "strftime", lambda fmt: "20260101-120000")
    kept = []
    for content in (b"one", b"two", b"three"):
        bad = tmp_path / "settings.json"
        bad.write_bytes(content)
        kept.append(quarantine(bad))
    assert [p.name for p in kept] == ["settings.json.corrupt-20260101-120000", "settings.json.corrupt-20260101-120000-2",
                                      "settings.json.corrupt-20260101-120000-3"]
    assert [p.read_bytes() for p in kept] == [b"one", b"two", b"three"]
    assert os.listdir(tmp_path).count("settings.json") == 0


def test_the_settings_docstring_examples_hold() -> None:
    import doctest

    import mahjong_joy.storage.settings as module

    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted >= 3


def test_the_colour_safe_tile_style_is_off_by_default_kept_and_checked() -> None:
    """Issue 28: an older settings file without the field loads with the classic tiles;
    a saved choice round-trips; a wrong-typed value falls back to off alone."""
    assert Settings.from_dict({"volume": 0.3}).colour_safe_tiles is False
    assert Settings.from_dict(Settings(colour_safe_tiles=True).to_dict()).colour_safe_tiles is True
    for bad in ("yes", 1, None, [True]):
        got = Settings.from_dict({"colour_safe_tiles": bad, "latin_labels": True})
        assert got == Settings(latin_labels=True)
