"""Saved matches on their way into the history: the queue for a busy history, and start-up tidying.

A match that ended (or is abandoned for a new one) is archived *from its saved
file*: the autosave is written first, then the record and the history row
(:func:`~mahjong_joy.app.archive.archive_saved`, idempotent), and only then
is the file removed. A crash at any point leaves the saved file, and archiving
it again on the next start gives one record and one row that agree.

When the history is in use by another program (or the record cannot be
written), the saved file is moved into ``pending/`` with one atomic rename, so
the autosave slot is free for the next match, and :func:`~mahjong_joy.app.saved.flush_pending` archives
it later: Home calls it each time it is shown, which covers the next start.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from mahjong_joy.i18n import tr
from mahjong_joy.storage.files import quarantine, remove_leftovers
from mahjong_joy.storage.paths import data_dir, pending_dir, records_dir


def queue_text(source: Path) -> str:
    """Queue ``source`` and say where it went (or that it stays where it is)."""
    try:
        queued = queue(source)
    except OSError as exc:
        return tr("It stays in {file} for now ({reason}).", file=source.name, reason=exc.strerror or exc)
    return tr("The match is kept in {file} and will be added to your history later.", file=f"{queued.parent.name}/{queued.name}")


def queue(source: Path) -> Path:
    """Move a saved match into ``pending/`` (one rename; already there: left); returns where it is."""
    folder = pending_dir()
    if source.parent == folder:
        return source
    folder.mkdir(exist_ok=True)
    stem = f"match-{time.strftime('%Y%m%d-%H%M%S')}"
    target, counter = folder / f"{stem}.json", 2
    while target.exists():
        target, counter = folder / f"{stem}-{counter}.json", counter + 1
    os.replace(source, target)
    return target


def queued() -> list[Path]:
    """The saved matches waiting in ``pending/``, oldest first."""
    folder = pending_dir()
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def set_aside_text(path: Path, reason: str) -> str:
    """Quarantine a waiting match that cannot be read; a sentence saying why and where it went."""
    try:
        kept = quarantine(path)
    except OSError as exc:
        return tr("A waiting match in {file} could not be read ({reason}) or moved aside ({error}).",
                  file=path.name, reason=reason, error=exc.strerror or exc)
    return tr("A waiting match could not be read ({reason}); the file was kept as {file}.", reason=reason, file=kept.name)



def tidy_data_folder() -> list[Path]:
    """At start: remove temporary files interrupted saves left in the data, records and pending folders."""
    removed: list[Path] = []
    for folder in (data_dir(), records_dir(), pending_dir()):
        removed += remove_leftovers(folder)
    return removed
