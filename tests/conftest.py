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


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "soak(*names): the test reads these tests/background.py soaks")


def pytest_collection_finish(session: pytest.Session) -> None:
    """Start the selected tests' soaks in the background (tests/background.py): one
    worker beside a long run (this process keeps the other core), two when the
    soaks are nearly all there is to run."""
    if session.config.option.collectonly:
        return
    from tests import background

    names = [name for item in session.items for mark in item.iter_markers("soak") for name in mark.args]
    if names:
        others = sum(1 for item in session.items if item.get_closest_marker("soak") is None)
        background.start(names, workers=1 if others > 100 else 2)


def pytest_sessionfinish(session: pytest.Session) -> None:
    from tests import background

    background.stop()
