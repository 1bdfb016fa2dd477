"""``settings.json``: load with a fallback to defaults, save atomically.

A file that cannot be read as a JSON object is set aside (never overwritten),
so the player's old settings stay on disk; single bad fields are dropped by
:meth:`Settings.from_dict` without touching the rest.
"""

from __future__ import annotations

import json
from pathlib import Path

from mahjong_joy.storage.files import atomic_write_json, quarantine
from mahjong_joy.storage.paths import settings_path
from mahjong_joy.storage.settings import Settings


def load_settings(path: str | Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and a message for the player (``None`` when all went well).

    A missing file gives defaults silently; an unreadable one, invalid JSON or
    JSON that is not an object is quarantined and gives defaults plus a message
    naming where the old file was kept.
    """
    target = Path(path) if path is not None else settings_path()
    try:
        data = json.loads(target.read_bytes().decode("utf-8"))
    except FileNotFoundError:
        return Settings(), None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        data = None
    if isinstance(data, dict):
        return Settings.from_dict(data), None
    return Settings(), _set_aside(target)


def _set_aside(target: Path) -> str:
    """Quarantine a bad settings file; the player-facing message says where it went."""
    try:
        kept = quarantine(target)
    except OSError as exc:
        return f"Your settings file {target} could not be read or moved aside ({exc.strerror}); default settings are in use."
    return f"Your settings file could not be read, so default settings are in use. The old file was kept as {kept}."


def save_settings(settings: Settings, path: str | Path | None = None) -> None:
    """Write ``settings.json`` atomically (a crash mid-save keeps the previous file)."""
    target = Path(path) if path is not None else settings_path()
    atomic_write_json(target, settings.to_dict())
