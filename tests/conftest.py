"""Shared test set-up: headless SDL, deterministic Hypothesis, the notation helper."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from hypothesis import settings  # noqa: E402

# Derandomized: the same examples on every run and every machine; no deadlines on
# shared, noisy CI machines.
settings.register_profile("mahjong_joy", derandomize=True, deadline=None, max_examples=200)
settings.load_profile("mahjong_joy")


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _private_data_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test gets its own data folder: no test reads or writes the real player's
    settings, autosave, history or records (tests may still set their own)."""
    monkeypatch.setenv("MAHJONG_JOY_HOME", str(tmp_path_factory.mktemp("home")))
