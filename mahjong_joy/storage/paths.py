"""Where the player's data lives: one folder, overridable by ``MAHJONG_JOY_HOME``.

Every function reads the environment at call time, so tests (and portable
installs) can point the game at another folder without restarting anything.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

HOME_VARIABLE = "MAHJONG_JOY_HOME"


def data_dir() -> Path:
    """The data folder (created on demand): ``$MAHJONG_JOY_HOME`` if set, else the platform's user data folder."""
    override = os.environ.get(HOME_VARIABLE, "")
    folder = Path(override).expanduser() if override else Path(platformdirs.user_data_dir("mahjong-joy", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def settings_path() -> Path:
    """``settings.json`` in the data folder."""
    return data_dir() / "settings.json"


def history_path() -> Path:
    """``history.sqlite3``: one row per match and per hand."""
    return data_dir() / "history.sqlite3"


def records_dir() -> Path:
    """``records/`` (created): one JSON record per finished match."""
    folder = data_dir() / "records"
    folder.mkdir(exist_ok=True)
    return folder


def autosave_path() -> Path:
    """``autosave.json``: the match in progress, rewritten after every decision."""
    return data_dir() / "autosave.json"


def pending_dir() -> Path:
    """``pending/`` (not created here): saved matches waiting for a history that was in use."""
    return data_dir() / "pending"
