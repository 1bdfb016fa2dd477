"""``settings.json``: load with a fallback to defaults, save atomically.

A file that cannot be read as a JSON object is set aside (never overwritten),
so the player's old settings stay on disk; single bad fields are dropped by
:meth:`Settings.from_dict` without touching the rest.
"""

from __future__ import annotations

from pathlib import Path

from mahjong_joy.i18n import tr
from mahjong_joy.errors import RecordError
from mahjong_joy.storage.files import atomic_write_json, quarantine
from mahjong_joy.storage.paths import settings_path
from mahjong_joy.storage.settings import Settings
from mahjong_joy.untrusted import KIB, read_json

SETTINGS_LIMIT = 256 * KIB  # a settings file is a few hundred bytes


def load_settings(path: str | Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and a message for the player (``None`` when all went well).

    A missing file gives defaults silently. A file that is too large, nested too
    deep, holds an endless number, is not UTF-8 JSON or not a JSON object is
    quarantined and gives defaults plus a message naming where the old file was
    kept (a byte-order mark alone is fine: some editors write one).
    """
    target = Path(path) if path is not None else settings_path()
    try:
        found, data = read_json(target, "the settings file", SETTINGS_LIMIT)
    except RecordError as exc:
        return Settings(), _set_aside(target, str(exc))
    if not found:
        return Settings(), None
    if isinstance(data, dict):
        return Settings.from_dict(data), None
    return Settings(), _set_aside(target, "the settings file is not a JSON object")


def _set_aside(target: Path, reason: str) -> str:
    """Quarantine a bad settings file; the player-facing message says why and where it went."""
    try:
        kept = quarantine(target)
    except OSError as exc:
        return tr("Your settings file {file} could not be read or moved aside ({error}); default settings are in use.",
                  file=target, error=exc.strerror)
    return tr("Your settings file could not be read ({reason}), so default settings are in use. The old file was kept as {file}.",
              reason=reason, file=kept)



def save_settings(settings: Settings, path: str | Path | None = None) -> None:
    """Write ``settings.json`` atomically (a crash mid-save keeps the previous file)."""
    target = Path(path) if path is not None else settings_path()
    atomic_write_json(target, settings.to_dict())
